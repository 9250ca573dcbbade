"""Words shown to people, in English and Vietnamese: the reports and the terminal table,
and the published site's own pages."""

from __future__ import annotations

from ..errors import InputError, Place

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
    "level": "Level", "initial": "initial rating", "ai_level": "AI level {level}",
    "change_sum": "Σ game changes", "both_lost": "both declared lost",
    "title_before": "Title before",
    "title_after": "Title after", "tier_before": "Tier before", "tier_after": "Tier after",
    "expected_E": "expected score", "expected_P": "probability of winning",
    "k_note": "K factor", "score_note": "score: win 1, draw ½, loss 0",
    "bonus_note": "result bonus (Tiến Cung win)", "multiplier_note": "level factor",
    "level_by_time": "L from each game's thinking time: {below} under {minutes} minutes "
    "per side, {above} from {minutes}",
    "tiebreak": "tie-break (FIDE C.07)",
    "tiebreak_rules": "Tie-breaks", "tiebreak_edition": "FIDE C.07, {}",
    "rules_2026": "as amended from 1 March 2026", "rules_2024": "as amended from 1 April 2024",
    "rules_2023": "2023 edition (from 1 September 2023)", "rules_pre2023": "before 2023",
    "score_by_round": "Score after each round", "rating_by_game": "Rating after each game",
    "game": "Game", "pairings": "Pairings and results",
    "board": "Bd.", "white": "White", "black": "Black", "result": "Result",
    "grid": "Round-robin grid", "norms": "Title norms", "norms_met": "Norms met",
    "norms_missed": "Norms missed (players with 9 games or more)",
    "norms_possible": "Norms still possible",
    "norm_forecast": "needs {points} from the {remaining} rounds to come, against opponents "
    "rated {rating} on average",
    "norm_to_come": "Still needed",
    "no_norms": "none", "norm": "Norm",
    "norm_exempt": "Federation mix: exempt under B.01 {article} ({event})",
    "norm_games": "{value} games, needs {bound}",
    "norm_score": "score {value}, needs {bound} (35 %)",
    "norm_performance": "performance {value}, needs {bound}",
    "norm_average": "average {value}, needs {bound}",
    "norm_foreign_federations": "{value} federations other than his own, needs {bound}",
    "norm_own_federation": "{value} opponents from his own federation, at most {bound} (3/5)",
    "norm_one_federation": "{value} opponents from one federation, at most {bound} (2/3)",
    "norm_titled": "{value} opponents titled, needs {bound} (50 %)",
    "norm_title_holders": "{value} opponents holding the title or better, needs {bound} (1/3)",
    "norm_short": "{n} short", "norm_too_many": "{n} too many",
    "event_report": "Event rating report", "w_minus_we": "W − We",
    "white_no": "White No.", "black_no": "Black No.", "met": "Met",
    "starting_rank": "Starting rank", "points_before": "points before the round",
    "needs_script": "Each player's section and the pairings are drawn by a script in the "
    "page: turn on JavaScript to see them.",
    "white_rating": "White Rtg", "black_rating": "Black Rtg",
    "white_points": "White Pts. before", "black_points": "Black Pts. before",
    "failed": "Failed conditions",
    "period_note": "{n} events in the rating period {period} ({events}): the list counts "
    "them together, {before} → {after}",
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
    "level": "Cấp độ giải", "initial": "Elo khởi đầu", "ai_level": "AI cấp độ {level}",
    "change_sum": "Σ thay đổi các ván", "both_lost": "cả hai bị xử thua",
    "title_before": "Danh hiệu trước",
    "title_after": "Danh hiệu sau", "tier_before": "Bậc trước", "tier_after": "Bậc sau",
    "expected_E": "điểm kỳ vọng", "expected_P": "xác suất thắng",
    "k_note": "hệ số K", "score_note": "điểm ván: thắng 1, hoà ½, thua 0",
    "bonus_note": "hệ số kết quả (thắng Tiến Cung)", "multiplier_note": "hệ số cấp độ giải",
    "level_by_time": "L theo thời gian suy nghĩ của từng ván: {below} khi dưới {minutes} "
    "phút mỗi bên, {above} từ {minutes} phút",
    "tiebreak": "hệ số phụ (FIDE C.07)",
    "tiebreak_rules": "Hệ số phụ", "tiebreak_edition": "FIDE C.07, {}",
    "rules_2026": "sửa đổi từ 1/3/2026", "rules_2024": "sửa đổi từ 1/4/2024",
    "rules_2023": "bản 2023 (từ 1/9/2023)", "rules_pre2023": "trước 2023",
    "score_by_round": "Điểm sau mỗi vòng", "rating_by_game": "Elo sau mỗi ván",
    "game": "Ván", "pairings": "Xếp cặp và kết quả từng vòng",
    "board": "Bàn", "white": "Trắng", "black": "Đen", "result": "Kết quả",
    "grid": "Bảng đấu vòng tròn", "norms": "Chuẩn danh hiệu", "norms_met": "Đạt chuẩn",
    "norms_missed": "Không đạt chuẩn (đấu thủ có từ 9 ván)",
    "norms_possible": "Còn khả năng đạt chuẩn",
    "norm_forecast": "cần {points} điểm trong {remaining} ván còn lại, gặp các đối thủ có "
    "hệ số trung bình {rating}",
    "norm_to_come": "Còn cần",
    "no_norms": "không có", "norm": "Chuẩn",
    "norm_exempt": "Cơ cấu liên đoàn: được miễn theo B.01 {article} ({event})",
    "norm_games": "{value} ván, cần {bound}",
    "norm_score": "điểm {value}, cần {bound} (35 %)",
    "norm_performance": "Elo thi đấu {value}, cần {bound}",
    "norm_average": "Elo trung bình đối thủ {value}, cần {bound}",
    "norm_foreign_federations": "{value} liên đoàn khác liên đoàn của đấu thủ, cần {bound}",
    "norm_own_federation": "{value} đối thủ cùng liên đoàn, tối đa {bound} (3/5)",
    "norm_one_federation": "{value} đối thủ từ một liên đoàn, tối đa {bound} (2/3)",
    "norm_titled": "{value} đối thủ có danh hiệu, cần {bound} (50 %)",
    "norm_title_holders": "{value} đối thủ có danh hiệu này trở lên, cần {bound} (1/3)",
    "norm_short": "thiếu {n}", "norm_too_many": "thừa {n}",
    "event_report": "Báo cáo Elo của giải", "w_minus_we": "W − We",
    "white_no": "STT Trắng", "black_no": "STT Đen", "met": "Đạt",
    "starting_rank": "Danh sách xếp hạng ban đầu", "points_before": "điểm trước vòng đấu",
    "needs_script": "Phần của từng đấu thủ và bảng cặp đấu do mã JavaScript của trang vẽ ra: "
    "hãy bật JavaScript để xem.",
    "white_rating": "Elo Trắng", "black_rating": "Elo Đen",
    "white_points": "Điểm Trắng trước vòng", "black_points": "Điểm Đen trước vòng",
    "failed": "Điều kiện không đạt",
    "period_note": "{n} giải trong kỳ tính {period} ({events}): danh sách tính chung, "
    "{before} → {after}",
}
LANGUAGES = {"en": _EN, "vi": _VI}


def labels(lang: str) -> dict[str, str]:
    """The label set of a language (``en`` or ``vi``)."""
    return LANGUAGES[lang]


#: The words of the published site's own pages: key → (English, Vietnamese).  Its event
#: pages are reports, in the reports' words above.
_SITE: dict[str, tuple[str, str]] = {
    "site": ("Rating list", "Bảng hệ số Elo"),
    "list": ("Rating list", "Bảng hệ số Elo"),
    "events": ("Events", "Giải đấu"),
    "search": ("Search", "Tìm kiếm"),
    "search_hint": ("name, FIDE id or federation", "họ tên, mã FIDE hoặc liên đoàn"),
    "shown": ("shown", "hiển thị"),
    "of": ("of", "trên"),
    "sort_by": ("Sort by", "Sắp xếp theo"),
    "no_match": ("No player matches.", "Không có kỳ thủ nào phù hợp."),
    "rank": ("#", "#"),
    "place": ("Place", "Hạng"),
    "name": ("Name", "Họ tên"),
    "title": ("Title", "Danh hiệu"),
    "federation": ("Fed.", "Liên đoàn"),
    "fide_id": ("FIDE id", "Mã FIDE"),
    "federation_id": ("Federation id", "Mã liên đoàn"),
    "rating": ("Rating", "Elo"),
    "games": ("Games", "Số ván"),
    "period_games": ("Games in the period", "Số ván trong kỳ"),
    "born": ("Born", "Năm sinh"),
    "list_change": ("Change since the previous list", "Thay đổi so với danh sách trước"),
    "k": ("K", "K"),
    "list_of": ("List of", "Danh sách ngày"),
    "system": ("System", "Hệ thống"),
    "period": ("Periods", "Kỳ tính"),
    "month": ("monthly", "hằng tháng"),
    "quarter": ("quarterly", "hằng quý"),
    "event": ("by event", "theo giải"),
    "players_rated": ("Rated players", "Kỳ thủ có Elo"),
    "stale": ("events were imported after the lists were computed: run "
              "'tournament-elo db recompute' to include them",
              "giải được nhập sau lần tính cuối: hãy chạy 'tournament-elo db recompute' "
              "để tính cả các giải này"),
    "current_rating": ("Current rating", "Elo hiện tại"),
    "unrated": ("unrated", "chưa có Elo"),
    "history": ("Rating history", "Lịch sử hệ số Elo"),
    "chart": ("Rating by list date", "Elo theo ngày danh sách"),
    "chart_of": ("Rating history of", "Lịch sử Elo của"),
    "list_date": ("List date", "Ngày danh sách"),
    "period_dates": ("Period", "Kỳ"),
    "rating_before": ("Before", "Elo trước"),
    "change": ("Change", "Thay đổi"),
    "no_history": ("No rated period yet.", "Chưa có kỳ tính nào."),
    "events_played": ("Events", "Các giải đã thi đấu"),
    "no_events": ("No event.", "Chưa có giải nào."),
    "date": ("Date", "Ngày"),
    "event_name": ("Event", "Giải đấu"),
    "rounds": ("Rounds", "Số vòng"),
    "points": ("Points", "Điểm"),
    "event_rating": ("Rating", "Elo"),
    "event_change": ("Change", "Thay đổi"),
    "event_new_rating": ("New rating", "Elo mới"),
    "not_rated_yet": ("it was imported after the lists were computed: run "
                      "'tournament-elo db recompute'",
                      "giải được nhập sau lần tính cuối: hãy chạy 'tournament-elo db recompute'"),
    "players": ("Players", "Số kỳ thủ"),
    "type": ("Type", "Thể thức"),
    "swiss": ("Swiss", "Hệ Thụy Sĩ"),
    "round-robin": ("Round robin", "Vòng tròn"),
    "no_report": ("The report of this event could not be made:",
                  "Không lập được báo cáo của giải này:"),
    "generated": ("Published with tournament_elo", "Xuất bản bằng tournament_elo"),
}

#: The words of ``tournament-elo check``: key → (English, Vietnamese).
_CHECK: dict[str, tuple[str, str]] = {
    "disagreement": ("player {player} ({name}): {what} published {published}, computed {computed}",
                     "đấu thủ {player} ({name}): {what} công bố {published}, tính được {computed}"),
    "points": ("points", "điểm"),
    "rank": ("rank", "hạng"),
    "summary": ("{agree} of {compared} published values agree",
                "{agree}/{compared} giá trị công bố khớp với kết quả tính"),
    "ranked_by": ("ranks compared with the tie-breaks {codes}",
                  "hạng được so sánh theo các hệ số phụ {codes}"),
    "not_compared": ("not compared:", "không so sánh:"),
    "variable": ("the legend does not say which results are cut; give --tiebreaks",
                 "chú thích không nói bỏ bớt kết quả nào; hãy chỉ rõ bằng --tiebreaks"),
    "unknown": ("not a tie-break this version computes; give --tiebreaks if it is one",
                "không phải hệ số phụ mà phiên bản này tính được; hãy chỉ rõ bằng --tiebreaks "
                "nếu đúng là hệ số phụ"),
    "no_legend": ("no legend names it; give --tiebreaks",
                  "không có chú thích nào cho cột này; hãy chỉ rõ bằng --tiebreaks"),
    "not_given": ("--tiebreaks gives no tie-break for it",
                  "--tiebreaks không có hệ số phụ cho cột này"),
    "after_unknown": ("DE counts the tie-breaks before it, and one of them is not known",
                      "DE tính sau các hệ số phụ đứng trước, mà có một hệ số chưa biết"),
    "de_split": ("{values} values where DE splits a tie (what Swiss-Manager prints there "
                 "is not known)",
                 "{values} giá trị ở nhóm được DE tách ra (không rõ Swiss-Manager in gì "
                 "ở đó)"),
    "not_computed": ("not computed by this version", "phiên bản này không tính"),
}


def site_labels(lang: str) -> dict[str, str]:
    """The site's words in ``lang``; another language is an :class:`InputError`."""
    return _side(_SITE, lang)


def check_labels(lang: str) -> dict[str, str]:
    """The words of ``check`` in ``lang``; another language is an :class:`InputError`."""
    return _side(_CHECK, lang)


def _side(pairs: dict[str, tuple[str, str]], lang: str) -> dict[str, str]:
    """One language's side of an (English, Vietnamese) table."""
    if lang not in LANGUAGES:
        raise InputError("unknown language", Place("--lang"), found=repr(lang),
                         expected=" or ".join(LANGUAGES))
    side = list(LANGUAGES).index(lang)
    return {key: pair[side] for key, pair in pairs.items()}
