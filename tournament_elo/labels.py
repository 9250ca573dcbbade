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
    "chief_arbiter": "Chief arbiter", "time_control": "Time control",
    "date_format": "%Y-%m-%d", "bye": "bye", "half_bye": "half-point bye",
    "full_bye": "full-point bye", "pairing_bye": "pairing-allocated bye",
    "zero_bye": "not paired", "forfeit_win": "won by forfeit",
    "forfeit_loss": "lost by forfeit", "short_game": "game of less than one move",
    "not_played": "not played yet", "for_first_rating": "counts for the first rating",
    "rating_reports": "Rating reports by player", "standings": "Standings",
    "back_to_standings": "back to the standings", "no_games": "no games",
    "change_formula": "K × (score − We)", "difference_note": "own rating − opponent's",
    "rating_before": "Rtg before", "rating_after": "Rtg after", "pool": "Pool",
    "level": "Level", "initial": "initial rating", "fixed_rating": "fixed rating",
    "change_sum": "Σ game changes", "both_lost": "both declared lost",
    "title_before": "Title before",
    "title_after": "Title after", "tier_before": "Tier before", "tier_after": "Tier after",
    "expected_E": "expected score", "expected_P": "probability of winning",
    "k_note": "K factor", "score_note": "score: win 1, draw ½, loss 0",
    "bonus_note": "result bonus (Tiến Cung win)", "multiplier_note": "level factor",
    "level_by_time": "L from each game's thinking time: {below} under {minutes} minutes "
    "per side, {above} from {minutes}",
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
    "chief_arbiter": "Trọng tài chính", "time_control": "Thời gian suy nghĩ",
    "date_format": "%d/%m/%Y", "bye": "nghỉ", "half_bye": "nghỉ được ½ điểm",
    "full_bye": "nghỉ được 1 điểm", "pairing_bye": "được miễn đấu (bye)",
    "zero_bye": "không được xếp cặp", "forfeit_win": "thắng do đối thủ bỏ cuộc",
    "forfeit_loss": "thua do bỏ cuộc", "short_game": "ván đấu chưa đủ một nước",
    "not_played": "chưa thi đấu", "for_first_rating": "tính cho Elo khởi điểm",
    "rating_reports": "Báo cáo Elo từng đấu thủ", "standings": "Bảng xếp hạng",
    "back_to_standings": "về bảng xếp hạng", "no_games": "không có ván đấu",
    "change_formula": "K × (kết quả − We)", "difference_note": "Elo bản thân − Elo đối thủ",
    "rating_before": "Elo trước", "rating_after": "Elo sau", "pool": "Bảng xếp hạng Elo",
    "level": "Cấp độ giải", "initial": "Elo khởi đầu", "fixed_rating": "Elo cố định",
    "change_sum": "Σ thay đổi các ván", "both_lost": "cả hai bị xử thua",
    "title_before": "Danh hiệu trước",
    "title_after": "Danh hiệu sau", "tier_before": "Bậc trước", "tier_after": "Bậc sau",
    "expected_E": "điểm kỳ vọng", "expected_P": "xác suất thắng",
    "k_note": "hệ số K", "score_note": "điểm ván: thắng 1, hoà ½, thua 0",
    "bonus_note": "hệ số kết quả (thắng Tiến Cung)", "multiplier_note": "hệ số cấp độ giải",
    "level_by_time": "L theo thời gian suy nghĩ của từng ván: {below} khi dưới {minutes} "
    "phút mỗi bên, {above} từ {minutes} phút",
}
LANGUAGES = {"en": _EN, "vi": _VI}


def labels(lang: str) -> dict[str, str]:
    """The label set of a language (``en`` or ``vi``)."""
    return LANGUAGES[lang]
