"""The desk's own words, in English and Vietnamese, beside the report's (:mod:`..labels`)."""

from __future__ import annotations

from ..i18n.labels import labels

_EN = {
    "desk": "Arbiter's desk", "open_hint":
    "Drop event files (TRF, sheet, PGN, chess-results page), rating lists, rating systems "
    "(.toml) or final orders on the page, or choose one:",
    "open_event": "Open an event", "open_list": "Add a rating list",
    "open_system": "Add a rating system (.toml)",
    "wall": "Wall", "print": "Print", "report_zip": "Reports (ZIP)",
    "trf_submission": "TRF for rating submission",
    "tiebreaks_default": "usual", "rules_in_force": "in force", "no_list": "none",
    "rating_list": "Rating list", "language": "Language", "apply": "Apply",
    "tiebreak_codes": "Tie-breaks", "rules_edition": "C.07 edition", "show_round": "After round",
    "after_round_k": "Standings after round {k}", "last_round": "last played",
    "event_date": "Date (where the file has none)", "lots": "Lots",
    "lots_hint": "seed, or draw", "final_order": "Final order", "as_in_file": "as in the file",
    "open_order": "Add a final order (start numbers)", "norm_event": "Norm event",
    "unrated_rating": "Unrated in tie-breaks at", "left_out": "left out",
    "unrated_opponents": "Unrated opponents in Ra", "average_rule": "Opponents' average",
    "problems": "The file as it is now cannot be read; the last good standings stay shown.",
    "no_good_state": "Nothing to show until the file can be read.",
    "live_rating": "Live rating", "still_needed": "Still to score",
    "hold_note": "Needs: the score over the games played that keeps the rating (We up to a "
    "half point); still to score: what is missing of it.",
    "next_round": "Pairings of round {k}", "norms_in_reach": "Norms in reach",
    "read_only": "Read-only: this page is served to the network.",
    "dropped_too_large": "the file is larger than the upload limit",
    "dropped_too_many": "the desk takes {n} dropped files while it runs (serve "
    "--max-dropped): this one and the next are not kept; give them on the command line",
    "dropped_too_much": "the dropped files would weigh more than {mb} MB together (ten times "
    "serve --max-upload): this one is not kept",
    "dropped_kind": "a dropped file is an event, a rating list, a rating system (.toml) or a "
    "final order",
    "nothing": "No event is open yet.",
}

_VI = {
    "desk": "Bàn trọng tài", "open_hint":
    "Thả tệp giải (TRF, bảng tính, PGN, trang chess-results), danh sách hệ số, hệ thống "
    "tính Elo (.toml) hoặc thứ tự cuối cùng vào trang, hoặc chọn tệp:",
    "open_event": "Mở giải", "open_list": "Thêm danh sách hệ số",
    "open_system": "Thêm hệ thống tính Elo (.toml)",
    "wall": "Màn hình treo", "print": "In", "report_zip": "Báo cáo (ZIP)",
    "trf_submission": "TRF để gửi tính hệ số",
    "tiebreaks_default": "mặc định", "rules_in_force": "đang hiệu lực", "no_list": "không có",
    "rating_list": "Danh sách hệ số", "language": "Ngôn ngữ", "apply": "Áp dụng",
    "tiebreak_codes": "Hệ số phụ", "rules_edition": "Phiên bản C.07", "show_round": "Sau vòng",
    "after_round_k": "Bảng xếp hạng sau vòng {k}", "last_round": "vòng cuối đã đấu",
    "event_date": "Ngày (khi tệp không ghi)", "lots": "Bốc thăm",
    "lots_hint": "hạt giống, hoặc draw", "final_order": "Thứ tự cuối cùng",
    "as_in_file": "như trong tệp", "open_order": "Thêm thứ tự cuối cùng (số xuất phát)",
    "norm_event": "Loại giải cho chuẩn", "unrated_rating": "Kỳ thủ chưa có Elo tính hệ số "
    "phụ với", "left_out": "bỏ qua", "unrated_opponents": "Đối thủ chưa có Elo trong Ra",
    "average_rule": "Trung bình đối thủ",
    "problems": "Không đọc được tệp hiện tại; bảng xếp hạng tốt gần nhất vẫn được hiển thị.",
    "no_good_state": "Chưa có gì để hiển thị cho đến khi đọc được tệp.",
    "live_rating": "Hệ số trực tiếp", "still_needed": "Còn cần đạt",
    "hold_note": "Cần đạt: số điểm trên các ván đã đấu để giữ hệ số (We làm tròn lên nửa "
    "điểm); còn cần đạt: phần còn thiếu.",
    "next_round": "Cặp đấu vòng {k}", "norms_in_reach": "Chuẩn danh hiệu còn khả năng",
    "read_only": "Chỉ xem: trang này được phục vụ ra mạng.",
    "dropped_too_large": "tệp lớn hơn giới hạn tải lên",
    "dropped_too_many": "bàn trọng tài nhận {n} tệp thả vào trong một lần chạy (serve "
    "--max-dropped): tệp này và các tệp sau không được giữ; hãy đưa chúng vào dòng lệnh",
    "dropped_too_much": "các tệp thả vào sẽ nặng hơn {mb} MB tổng cộng (mười lần serve "
    "--max-upload): tệp này không được giữ",
    "dropped_kind": "tệp thả vào phải là một giải, một danh sách hệ số, một hệ thống "
    "tính Elo (.toml) hoặc một thứ tự cuối cùng",
    "nothing": "Chưa mở giải nào.",
}

WORDS = {"en": _EN, "vi": _VI}


def desk_words(lang: str) -> dict[str, str]:
    """The report's words and the desk's, in ``lang``."""
    return {**labels(lang), **WORDS[lang]}
