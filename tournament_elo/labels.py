"""Words shown to people, in English and Vietnamese (reports, the terminal table)."""

from __future__ import annotations

_EN = {
    "rank": "Rk.", "id": "No.", "name": "Name", "title": "Title", "fide_id": "FIDE id",
    "federation": "Fed.", "rating": "Rtg", "points": "Pts.", "games_rated": "Games",
    "score_rated": "W", "expected": "We", "k": "K", "change": "Change",
    "change_rounded": "Change (rounded)", "new_rating": "New rating", "need": "Needs",
    "ra": "Ra", "p": "p %", "dp": "dp", "rp": "Rp", "ru": "First rating",
    "round": "Rd.", "opponent": "Opponent", "opponent_rating": "Opp. rating",
    "difference": "Diff.", "score": "Score", "color": "Colour", "rated": "Rated",
    "after_round": "after round", "crosstable": "Crosstable",
    "rating_report": "Rating report", "system": "Rating system", "event": "Event",
    "dates": "Dates", "rounds": "Rounds", "type": "Type", "swiss": "Swiss system",
    "round-robin": "Round robin", "warnings": "Warnings", "players": "Players",
    "games": "Games", "unrated": "unrated", "not_rated": "not rated",
    "city": "Place", "total": "Total", "generated_by": "Computed by tournament_elo",
}
_VI = {
    "rank": "Hạng", "id": "STT", "name": "Họ tên", "title": "Danh hiệu", "fide_id": "Mã FIDE",
    "federation": "Liên đoàn", "rating": "Elo", "points": "Điểm", "games_rated": "Số ván",
    "score_rated": "W", "expected": "We", "k": "K", "change": "Thay đổi",
    "change_rounded": "Thay đổi (làm tròn)", "new_rating": "Elo mới", "need": "Cần đạt",
    "ra": "Ra", "p": "p %", "dp": "dp", "rp": "Rp", "ru": "Elo khởi điểm",
    "round": "Vòng", "opponent": "Đối thủ", "opponent_rating": "Elo đối thủ",
    "difference": "Chênh lệch", "score": "Kết quả", "color": "Màu quân", "rated": "Tính Elo",
    "after_round": "sau vòng", "crosstable": "Bảng tổng hợp kết quả",
    "rating_report": "Báo cáo thay đổi hệ số Elo", "system": "Hệ thống tính Elo",
    "event": "Giải đấu", "dates": "Thời gian", "rounds": "Số vòng", "type": "Thể thức",
    "swiss": "Hệ Thụy Sĩ", "round-robin": "Vòng tròn", "warnings": "Cảnh báo",
    "players": "Đấu thủ", "games": "Ván đấu", "unrated": "chưa có Elo",
    "not_rated": "không tính Elo", "city": "Địa điểm", "total": "Tổng",
    "generated_by": "Tính bởi tournament_elo",
}
LANGUAGES = {"en": _EN, "vi": _VI}


def labels(lang: str) -> dict[str, str]:
    """The label set of a language (``en`` or ``vi``)."""
    return LANGUAGES[lang]
