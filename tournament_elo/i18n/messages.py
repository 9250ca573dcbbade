"""Problems and warnings in the user's language (``--lang vi``, or a Vietnamese locale).

Readers raise their problems in English (an :class:`~.errors.InputError` keeps its place,
reason, what was found and what was expected apart), and the command line says them in
the language chosen: the place is rebuilt in that language, and each part is looked up
in a catalog of phrases, exact or with ``{}`` holes whose values are themselves looked
up.  A phrase the catalog lacks is left in English rather than guessed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from functools import cache

from ..errors import SHOWN_PROBLEMS, InputError, InputErrors, InputWarning, Place

#: The language of messages; the command line sets it from ``--lang`` or the locale.
language: ContextVar[str] = ContextVar("language", default="en")


#: The languages of messages and reports.
LANGUAGES = ("en", "vi")
#: The environment variable that chooses the language, as ``--lang`` does.
LANGUAGE_VARIABLE = "TOURNAMENT_ELO_LANG"


def locale_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language :data:`LANGUAGE_VARIABLE` names; else ``vi`` when the environment's
    language is Vietnamese (LANGUAGE, LC_ALL, LC_MESSAGES or LANG, the first one set), else
    ``en``."""
    chosen = environ.get(LANGUAGE_VARIABLE, "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "")
        if value:
            return "vi" if value.lower().startswith("vi") else "en"
    return "en"


def choose_language(chosen: str | None) -> str:
    """The language of this run: ``chosen`` (``--lang``), else the locale's; messages
    follow it from then on."""
    lang = chosen or locale_language()
    language.set(lang)
    return lang


#: Frame words: the line prefixes and the parts of a problem.
_FRAME = {
    "en": {"error": "error", "warning": "warning", "info": "info", "debug": "debug",
           "found": "found", "expected": "expected",
           "more": "and {} more", "line": "line", "lines": "lines", "row": "row",
           "rows": "rows", "cell": "cell", "sheet": "sheet", "column": "column",
           "input": "<input>"},
    "vi": {"error": "lỗi", "warning": "cảnh báo", "info": "thông tin", "debug": "gỡ lỗi",
           "found": "thấy", "expected": "cần",
           "more": "và {} lỗi khác", "line": "dòng", "lines": "các dòng", "row": "hàng",
           "rows": "các hàng", "cell": "ô", "sheet": "trang", "column": "cột",
           "input": "<đầu vào>"},
}

#: English phrase → Vietnamese; ``{}`` holds a value (itself translated when it can be).
_VI = {
    # options
    "unknown tie-break": "mã hệ số phụ không rõ",
    "bad seed of the drawing of lots": "hạt giống bốc thăm không hợp lệ",
    "a whole number": "một số nguyên",
    "a whole number, or 'draw' for a new one": "một số nguyên, hoặc 'draw' để bốc mới",
    "unknown player in the final order": "kỳ thủ không có trong giải ở thứ tự cuối cùng",
    "start numbers (or ids) of the event's players":
        "số xuất phát (hoặc mã) của các kỳ thủ trong giải",
    "a player twice in the final order": "một kỳ thủ xuất hiện hai lần trong thứ tự cuối cùng",
    "each player once": "mỗi kỳ thủ một lần",
    "lots drawn with seed {} (--lots {} draws the same again)":
        "bốc thăm với hạt giống {} (--lots {} cho lại đúng kết quả đó)",
    "C.07 codes: {}; rating tie-breaks: {}": "các mã C.07: {}; hệ số phụ theo Elo: {}",
    "C.07 has no modifier {}": "C.07 không có biến thể {}",
    "{} (Cut-1, Cut-2, Median1, Median2)": "{} (Cut-1, Cut-2, Median1, Median2)",
    "tie-break {} takes no modifier {}": "hệ số phụ {} không nhận biến thể {}",
    "{} alone, or a cut of {}": "{} không kèm biến thể, hoặc bỏ điểm của {}",
    "{} has no setting {}": "hệ {} không có thiết lập {}",
    "one of: {}": "một trong: {}",
    "unknown {}": "không rõ {}",
    "no such round": "không có vòng này",
    "a round from 1 to {}": "một vòng từ 1 đến {}",
    "a round of the event, from 1": "một vòng của giải, từ 1",
    "not a date": "không phải ngày",
    "unknown tie-break rules": "không rõ bản quy định hệ số phụ",
    # headers and files
    "unknown column name": "tên cột không rõ",
    "{} (did you mean it?)": "{} (có phải ý bạn là cột này?)",
    "the games table has no column {}": "bảng ván đấu thiếu cột {}",
    "the players table has no column {}": "bảng đấu thủ thiếu cột {}",
    "the header row {}": "hàng tiêu đề {}",
    "columns {}": "các cột {}",
    "columns not read: {}": "các cột không được đọc: {}",
    "the games name players by number, and their players file is missing":
        "bảng ván đấu ghi đấu thủ bằng số, nhưng thiếu tệp đấu thủ",
    "no {} beside the games file": "không có tệp {} bên cạnh tệp ván đấu",
    "the players file {} (id, name, rating) beside it, or names and ratings in the games":
        "tệp đấu thủ {} (mã, họ tên, Elo) bên cạnh, hoặc họ tên và Elo ngay trong bảng ván đấu",
    "the event has no players": "giải không có đấu thủ",
    "the first row {}": "hàng đầu tiên {}",
    "a date such as 2024/11/23, 2024-11-23 or 23.11.2024":
        "một ngày như 2024/11/23, 2024-11-23 hoặc 23.11.2024",
    # the event sheet
    "the event sheet is neither key/value rows nor a header row of keys":
        "trang thông tin giải không phải các hàng mục – giá trị, cũng không phải một hàng "
        "tiêu đề gồm các mục",
    "key/value rows (name | Open 2025, start | 2025-03-01, …) or a header row of keys (name, "
    "start, end, rounds, type) above one row of values":
        "các hàng mục – giá trị (Tên giải | Giải mở rộng 2025, Bắt đầu | 2025-03-01, …) hoặc "
        "một hàng tiêu đề gồm các mục (Tên giải, Bắt đầu, Kết thúc, Số vòng, Thể thức) trên "
        "một hàng giá trị",
    "the event sheet has a header row of keys but no row of values":
        "trang thông tin giải có hàng tiêu đề gồm các mục nhưng không có hàng giá trị",
    "a row of values below it (or key/value rows: name | Open 2025, …)":
        "một hàng giá trị bên dưới (hoặc các hàng mục – giá trị: Tên giải | Giải mở rộng "
        "2025, …)",
    "the event sheet has more than one row of values":
        "trang thông tin giải có hơn một hàng giá trị",
    "another row of values: {}": "thêm một hàng giá trị: {}",
    "one row of values below the header row of keys: one event per sheet":
        "một hàng giá trị dưới hàng tiêu đề gồm các mục: mỗi trang một giải",
    "unknown key in the event sheet": "mục không rõ trong trang thông tin giải",
    "{} (did you mean {}?)": "{} (có phải ý bạn là {}?)",
    "one of the keys {}": "một trong các mục {}",
    "key not read: {}": "mục không được đọc: {}",
    "a key given twice in the event sheet": "một mục được ghi hai lần trong trang thông tin giải",
    "{}, after {} at {}": "{}, sau {} ở {}",
    "each key once": "mỗi mục một lần",
    "cell {}": "ô {}", "line {}": "dòng {}",
    "no header row": "không có hàng tiêu đề",
    # cells
    "unreadable {}": "không đọc được {}",
    "a whole number from {} to {}": "một số nguyên từ {} đến {}",
    "a blank cell": "một ô trống",
    "missing player id": "thiếu mã đấu thủ",
    "a start number, FIDE id or code": "số thứ tự, mã FIDE hoặc mã đấu thủ",
    "the round is not a positive whole number": "vòng không phải số nguyên dương",
    "1, 2, 3, … (at most {})": "1, 2, 3, … (tối đa {})",
    "unknown player {} as {}": "không có đấu thủ {} cầm quân {}",
    "no player with this id or name": "không đấu thủ nào có mã hay họ tên này",
    "no player with this id or name (did you mean {}?)":
        "không đấu thủ nào có mã hay họ tên này (có phải {}?)",
    "the id or exact name of a player in {}": "mã hoặc đúng họ tên một đấu thủ trong {}",
    "unknown result": "kết quả không rõ",
    "1-0, 0-1, ½-½ (0.5-0.5, 1/2-1/2, =), +/- or -/+ (forfeit), -/- (double forfeit), 0-0 "
    "(both declared lost), or blank (not played yet)":
        "1-0, 0-1, ½-½ (0.5-0.5, 1/2-1/2, =), +/- hoặc -/+ (thắng/thua không đấu), -/- (cả "
        "hai không đấu), 0-0 (cả hai bị xử thua), hoặc để trống (chưa đấu)",
    "unknown result for a bye": "kết quả miễn đấu không rõ",
    "round {}: the game {} – {} has no result": "vòng {}: ván {} – {} chưa có kết quả",
    "a blank result": "kết quả để trống",
    "its result, since round {} has results": "kết quả của ván, vì vòng {} đã có kết quả",
    "player {} is paired twice in round {}": "đấu thủ {} được xếp hai lần ở vòng {}",
    "one row per player per round": "mỗi đấu thủ một hàng mỗi vòng",
    # warnings
    "record {} declares tie-breaks not computed here: {}; ranked by {} (choose with "
    "--tiebreaks)":
        "bản ghi {} khai báo hệ số phụ không tính được ở đây: {}; xếp hạng theo {} (chọn "
        "bằng --tiebreaks)",
    "no player has a rating under {}: every player is rated as unrated (give ratings in "
    "the file, or a rating list with --ratings)":
        "không đấu thủ nào có Elo theo hệ {}: mọi đấu thủ được tính như chưa có Elo (hãy "
        "ghi Elo trong tệp, hoặc đưa danh sách Elo bằng --ratings)",
    "the event's dates {} – {} span {} days for {} rounds, more than the {} days they take "
    "at a round a week":
        "ngày của giải {} – {} kéo dài {} ngày cho {} vòng, quá {} ngày (mỗi tuần một vòng)",
    "the event's dates {} – {} span {} days for {} rounds, more than the {} days they take "
    "at a round a week; with day and month swapped they read {} – {} ({} days): check the "
    "dates":
        "ngày của giải {} – {} kéo dài {} ngày cho {} vòng, quá {} ngày (mỗi tuần một vòng); "
        "đổi chỗ ngày và tháng thì là {} – {} ({} ngày): hãy kiểm tra lại ngày",
    "the dates read day first as {} and month first as {}; read day first (write "
    "2025-03-08 to be sure)":
        "ngày đọc theo ngày trước là {}, theo tháng trước là {}; đã đọc theo ngày trước (ghi "
        "2025-03-08 để chắc chắn)",
    "the event has no date: rated under {}": "giải không có ngày: tính theo {}",
    "the event has no date: it cannot be placed in a rating period":
        "giải không có ngày: không xếp được vào kỳ tính Elo nào",
    "{}, or --date YYYY-MM-DD": "{}, hoặc --date YYYY-MM-DD",
    "a start or end date (TRF records 042, 052)":
        "ngày bắt đầu hoặc kết thúc (bản ghi TRF 042, 052)",
    "a Date tag": "thẻ Date",
    "a date in the crosstable's header lines": "ngày ở các dòng đầu của bảng kết quả",
    "a start or end date in the event sheet, or a date column":
        "ngày bắt đầu hoặc kết thúc trong trang thông tin giải, hoặc một cột ngày",
    "a player cannot be merged with himself": "không thể gộp một đấu thủ với chính mình",
    "the two players have different {}: they are two people":
        "hai đấu thủ có {} khác nhau: đó là hai người",
    "FIDE ids": "mã FIDE", "federation ids": "mã liên đoàn",
    "a rating with more decimals than {} keeps": "Elo có nhiều chữ số thập phân hơn {} giữ",
    "a rating with {} decimals": "Elo có {} chữ số thập phân",
    "a rating from 0 to {}": "Elo từ 0 đến {}",
    "two records of one person": "hai bản ghi của cùng một người",
    "skipped": "bỏ qua", "replaced": "thay thế", "in progress": "đang diễn ra",
    "{} imported": "{} đã nhập", "{} replaced": "{} thay thế", "{} unchanged": "{} không đổi",
    "{} older versions skipped": "{} phiên bản cũ hơn bị bỏ qua",
    "({} in progress)": "({} đang diễn ra)",
    "{} already imported by another process": "{} đã được một tiến trình khác nhập",
    "{} copies of imported files skipped": "{} bản sao của tệp đã nhập bị bỏ qua",
    "{} failed": "{} lỗi", "{} games": "{} ván",
    "{} characters": "{} ký tự",
    "at least {} (through the points column, 81-84)": "ít nhất {} (hết cột điểm, 81-84)",
    "matched by name": "khớp theo tên",
    "{} is the same file as {}": "{} là cùng một tệp với {}",
    "{} is an older version of the event in {}": "{} là phiên bản cũ hơn của giải trong {}",
    "{} is version {} of the event in {}": "{} là phiên bản {} của giải trong {}",
    "{} changed: it is version {} of its event": "{} đã thay đổi: đây là phiên bản {} của giải",
    "{} changed: it is version {} of the event in {}, and replaces the event imported from "
    "it before": "{} đã thay đổi: đây là phiên bản {} của giải trong {}, và thay thế giải đã "
    "nhập từ tệp này trước đó",
    "{} changed: its event replaces the one imported from it before":
        "{} đã thay đổi: giải trong tệp thay thế giải đã nhập từ tệp này trước đó",
    "{} looks like the event in {} (same name, place and start) but its players differ: "
    "imported as another event": "{} giống giải trong {} (cùng tên, địa điểm và ngày bắt "
    "đầu) nhưng khác đấu thủ: được nhập thành một giải khác",
    "{} has {} of {} rounds complete: left out of the lists until it is complete (or "
    "--include-unfinished)": "{} mới xong {} trên {} vòng: chưa đưa vào bảng Elo cho đến "
    "khi giải kết thúc (hoặc --include-unfinished)",
    "{}: {} is #{} {}": "{}: {} là #{} {}",
    "the number of rounds is not a positive whole number": "số vòng không phải số nguyên dương",
    "{} (columns {})": "{} (cột {})",
    "{} (columns {}) {}": "{} (cột {}) {}",
    "{} (record {})": "{} (bản ghi {})",
    "{} in a DAT record": "{} trong bản ghi DAT",
    "points such as 4.5 or 4,5, from 0 to {}": "điểm như 4.5 hoặc 4,5, từ 0 đến {}",
    "a year from {} to {}": "một năm từ {} đến {}",
    "a number from {} to {}": "một số từ {} đến {}",
    "a year such as 1987, or a date such as 1987/05/12 or 12.05.1987 (0 or blank when "
    "unknown)": "một năm như 1987, hoặc một ngày như 1987/05/12 hoặc 12.05.1987 (0 hoặc để "
    "trống khi không rõ)",
    "{} is not a date or a year: read as unknown": "{} không phải ngày hay năm: coi như không rõ",
    "round {}: unknown round cell": "vòng {}: ô kết quả vòng không rõ",
    "key {}: is not a finite number": "khoá {}: không phải số hữu hạn",
    "key {}: is out of range": "khoá {}: nằm ngoài khoảng cho phép",
    "cannot read the sheet": "không đọc được trang tính",
    "a sheet as a spreadsheet program saves it": "một trang tính như chương trình bảng tính lưu",
    "a quoted cell is never closed": "một ô mở ngoặc kép mà không đóng",
    "a closing quote (a quote inside a quoted cell is written twice: \"\")":
        "dấu ngoặc kép đóng (dấu ngoặc kép trong ô được viết hai lần: \"\")",
    "no player records": "không có bản ghi đấu thủ",
    "truncated player record": "bản ghi đấu thủ bị cụt",
    "a round such as 3, or 3.1 for round 3 board 1 (at most {}); or no Round tag in any "
    "game (a game log)": "một vòng như 3, hoặc 3.1 cho vòng 3 bàn 1 (tối đa {}); hoặc không "
    "ván nào có thẻ Round (nhật ký ván đấu)",
    "player {} plays himself": "đấu thủ {} tự đấu với chính mình",
    "player {} plays himself in round {}": "đấu thủ {} tự đấu với chính mình ở vòng {}",
    "the same player as White and Black": "cùng một đấu thủ cầm Trắng và Đen",
    "the same player as white and black": "cùng một đấu thủ cầm Trắng và Đen",
    "two different players": "hai đấu thủ khác nhau",
    "player {} plays twice in round {}": "đấu thủ {} đấu hai ván ở vòng {}",
    "one game per player per round": "mỗi đấu thủ một ván mỗi vòng",
    "a quoted cell goes on after its closing quote":
        "ô trong ngoặc kép vẫn còn chữ sau dấu ngoặc kép đóng",
    "the system file is not UTF-8 text": "tệp định nghĩa hệ không phải văn bản UTF-8",
    "a TOML file in UTF-8": "một tệp TOML mã UTF-8",
    "the file is empty": "tệp rỗng",
    "an event file": "một tệp giải đấu",
    "cannot read the file": "không đọc được tệp",
    "the input is larger than the limit": "đầu vào lớn hơn giới hạn",
    "{} bytes": "{} byte",
    "more than {} bytes": "hơn {} byte",
    "at most {} MiB (--max-input-mb raises the limit)":
        "tối đa {} MiB (--max-input-mb để nâng giới hạn)",
    "this is a folder, not a file": "đây là một thư mục, không phải một tệp",
    "this is not a regular file": "đây không phải một tệp thông thường",
    "a file (or - for standard input)": "một tệp (hoặc - cho đầu vào chuẩn)",
    "a character device": "một thiết bị ký tự", "a block device": "một thiết bị khối",
    "a named pipe": "một ống có tên (FIFO)", "a socket": "một socket",
    "not a regular file": "không phải tệp thông thường",
    "the file changed while it was imported": "tệp đã thay đổi trong lúc nhập",
    "the same bytes as when the import began: import it again":
        "đúng nội dung như lúc bắt đầu nhập: hãy nhập lại",
    # the desk (serve, watch)
    "--host {} serves the desk to the network: only the wall and the standings are shown "
    "there, read-only": "--host {} phục vụ bàn trọng tài ra mạng: ở đó chỉ hiển thị màn hình "
    "treo và bảng xếp hạng, chỉ xem",
    "serving {} (Ctrl+C stops)": "đang phục vụ {} (Ctrl+C để dừng)",
    "wrote {} files to {} (after round {})": "đã ghi {} tệp vào {} (sau vòng {})",
    "stopped": "đã dừng",
    "interrupted": "đã ngắt",
    "not a rating system of the desk": "không phải hệ thống tính Elo của bàn trọng tài",
    "a system of 'tournament-elo systems', or a definition file given with 'serve --system' "
    "or dropped on the page": "một hệ trong 'tournament-elo systems', hoặc một tệp định nghĩa "
    "hệ đưa vào bằng 'serve --system' hay thả vào trang",
    "not a rating list of the desk": "không phải danh sách hệ số của bàn trọng tài",
    "a rating list given with 'serve --ratings' or dropped on the page":
        "một danh sách hệ số đưa vào bằng 'serve --ratings' hay thả vào trang",
    "not a final order of the desk": "không phải thứ tự cuối cùng của bàn trọng tài",
    "a final order given with 'serve --order' or dropped on the page":
        "một thứ tự cuối cùng đưa vào bằng 'serve --order' hay thả vào trang",
    "{}: not a system definition file (.toml)": "{}: không phải tệp định nghĩa hệ (.toml)",
    "no games in the file": "tệp không có ván nào",
    # the command line's own (click's) messages
    "Try {} for help.": "Gõ {} để xem hướng dẫn.",
    "Usage: {}": "Cách dùng: {}",
    "standard input is read once: the event or the rating list may be -, not both":
        "đầu vào chuẩn chỉ đọc được một lần: tệp giải hoặc danh sách Elo có thể là -, không "
        "phải cả hai",
    "Invalid value for {}: {} is not one of {}.": "giá trị không hợp lệ cho {}: {} không phải "
    "một trong {}.",
    "Invalid value for {}: {} is not a valid integer.": "giá trị không hợp lệ cho {}: {} "
    "không phải số nguyên.",
    "Invalid value for {}: {} is not in the range {}.": "giá trị không hợp lệ cho {}: {} nằm "
    "ngoài khoảng {}.",
    "Invalid value for {}: {}": "giá trị không hợp lệ cho {}: {}",
    "Missing argument {}.": "thiếu đối số {}.",
    "Missing option {}.": "thiếu tuỳ chọn {}.",
    "No such option {}.": "không có tuỳ chọn {}.",
    "No such option {}. Did you mean {}?": "không có tuỳ chọn {}. Có phải ý bạn là {}?",
    "Option {} requires an argument.": "tuỳ chọn {} cần một giá trị.",
    "Got unexpected extra argument ({})": "thừa đối số ({})",
    "File {} does not exist.": "tệp {} không tồn tại.",
    "--verbose and --quiet cannot be used together":
        "không dùng cùng lúc --verbose và --quiet được",
    # the log (-v): what the program does, step by step
    "{} event files found": "tìm thấy {} tệp giải",
    "{}: unchanged since it was imported, skipped": "{}: không đổi từ lần nhập trước, bỏ qua",
    "the files read in this process": "các tệp được đọc trong tiến trình này",
    "the files read by {} worker processes and this one":
        "các tệp được đọc bởi {} tiến trình phụ và tiến trình này",
    "the files read by the Dask cluster's workers": "các tệp được đọc bởi các worker của cụm Dask",
    "the indexes by player left out while the events are stored":
        "các chỉ mục theo đấu thủ được bỏ ra trong lúc lưu các giải",
    "the indexes by player made again in {} s":
        "các chỉ mục theo đấu thủ được tạo lại trong {} giây",
    "the import of {} files took {} s": "việc nhập {} tệp mất {} giây",
    "{} read as {}: {} players, {} rounds in {} ms":
        "{} đọc theo định dạng {}: {} đấu thủ, {} vòng trong {} ms",
    "the rating list {}: {} entries read in {} s": "danh sách Elo {}: đọc {} dòng trong {} giây",
    "{} of {} players found in the rating list": "tìm thấy {} trong {} đấu thủ trong danh sách Elo",
    "the system {}: {}, in force on {}": "hệ {}: {}, có hiệu lực ngày {}",
    "any day (the event has no date): the latest": "mọi ngày (giải không có ngày): bản mới nhất",
    "the standings in {} ms, the ratings in {} ms":
        "bảng xếp hạng trong {} ms, hệ số Elo trong {} ms",
    "a workbook of {} sheets, {} cells, written in {} ms":
        "bảng tính {} trang, {} ô, ghi trong {} ms",
    # team events
    "the event has no teams": "giải không có đội",
    "no team records": "không có bản ghi đội",
    "TRF 013 or 310 team records, or a team column":
        "bản ghi đội 013 hoặc 310 của TRF, hoặc một cột đội",
    "player {} is in two teams": "đấu thủ {} có tên trong hai đội",
    "one team per player": "mỗi đấu thủ một đội",
    "round {}: {} has no board {}": "vòng {}: {} không có bàn {}",
    "boards {}": "các bàn {}",
    "boards 1, 2, 3 … with none missing": "các bàn 1, 2, 3 … không thiếu bàn nào",
    "round {}: board {} of {} twice": "vòng {}: bàn {} của {} hai lần",
    "a second game on board {}": "một ván thứ hai ở bàn {}",
    "one game per board of a team a round": "mỗi bàn của một đội một ván mỗi vòng",
    "round {}: the boards of {} – {} are not in the teams' board order":
        "vòng {}: các bàn của {} – {} không theo thứ tự bàn của đội",
    "board k of one team against board k of the other": "bàn k của đội này gặp bàn k của đội kia",
    "round {}: {} – {} has more boards than the event": "vòng {}: {} – {} có nhiều bàn hơn giải",
    "{} boards": "{} bàn",
    "at most {}": "tối đa {}",
    "round {}: player {} plays his teammate {}": "vòng {}: đấu thủ {} gặp đồng đội {}",
    "both in {}": "cùng ở {}",
    "opponents of two teams": "đối thủ của hai đội",
    "player {} plays in round {} but is in no team":
        "đấu thủ {} đấu ở vòng {} nhưng không thuộc đội nào",
    "no team record naming him": "không bản ghi đội nào có tên đấu thủ",
    "every player who plays in a team": "mọi đấu thủ thi đấu đều thuộc một đội",
    "round {}: {} or {} plays two matches": "vòng {}: {} hoặc {} đấu hai trận",
    "games against two teams": "các ván gặp hai đội",
    "one match per team a round": "mỗi đội một trận mỗi vòng",
    "round {}: the match score of {} is not the sum of its boards":
        "vòng {}: điểm trận của {} không bằng tổng các bàn",
    "{} in the record": "{} trong bản ghi",
    "{}, the sum of its boards": "{}, tổng các bàn",
    "round {}: the record gives {} {} game points, its bye records {}; read as {}":
        "vòng {}: bản ghi cho {} {} điểm ván, bản ghi miễn đấu cho {}; đọc là {}",
    "the team record names no player of this event":
        "bản ghi đội ghi một đấu thủ không có trong giải",
    "the record names no team of this event": "bản ghi ghi một đội không có trong giải",
    "the number of a team": "số của một đội",
    "unknown bye letter": "chữ miễn đấu không rõ",
    "unknown forfeited-match result": "kết quả trận xử thua không rõ",
    "unreadable round": "không đọc được vòng",
    "a round number": "một số vòng",
    "unknown team tie-break": "mã hệ số phụ đồng đội không rõ",
    "team tie-break {} takes no modifier {}": "hệ số phụ đồng đội {} không nhận biến thể {}",
    "SSSC needs at least as many rounds as half the boards":
        "SSSC cần số vòng ít nhất bằng nửa số bàn",
    "{} rounds, {} boards": "{} vòng, {} bàn",
    "more rounds": "nhiều vòng hơn",
    "unreadable --bye-game-points": "không đọc được --bye-game-points",
    "unreadable --match-points": "không đọc được --match-points",
    "win/draw/loss such as 2/1/0 or 3/1/0": "thắng/hoà/thua như 2/1/0 hoặc 3/1/0",
    "the game points a board of a team bye gives: 0, 0.5 or 1":
        "điểm ván mỗi bàn của đội được miễn đấu: 0, 0.5 hoặc 1",
    # the workbook writer
    "not a sheet name Excel accepts (or used twice)":
        "tên trang Excel không nhận (hoặc dùng hai lần)",
    "at most 31 characters, none of [ ] : * ? / \\, not in quotes, each name once":
        "tối đa 31 ký tự, không có [ ] : * ? / \\, không trong dấu nháy, mỗi tên một lần",
    "a workbook cell cannot hold this number": "ô của bảng tính không chứa được số này",
    "a finite number": "một số hữu hạn",
    # rating lists (--ratings, db import-list)
    "the rating list has this player twice": "danh sách Elo có đấu thủ này hai lần",
    "{}, also on line {}": "{}, cũng ở dòng {}",
    "{}, also on row {}": "{}, cũng ở hàng {}",
    "one line per player (a fide_id or id tells players of one name apart)":
        "mỗi đấu thủ một dòng (fide_id hoặc id phân biệt các đấu thủ trùng tên)",
    "a list entry names no player": "một dòng của danh sách không chỉ đấu thủ nào",
    "a fide_id, id or name": "fide_id, id hoặc họ tên",
    "the rating list has none of the columns it is read for":
        "danh sách Elo không có cột nào được đọc",
    "any of rating, games, birth, ever_2400, k (with id, fide_id or name)":
        "một trong rating, games, birth, ever_2400, k (cùng id, fide_id hoặc name)",
    "the rating list cannot be matched to players":
        "danh sách Elo không khớp được với đấu thủ",
    "a column id, fide_id or name": "một cột id, fide_id hoặc name",
    "yes/no, 1/0 or true/false": "yes/no, 1/0 hoặc true/false",
    "a FIDE rating list": "một danh sách Elo FIDE",
    "this is not a FIDE rating list header": "đây không phải dòng tiêu đề danh sách Elo FIDE",
    "the FIDE list header is too wide": "dòng tiêu đề của danh sách FIDE quá rộng",
    "at most {} (FIDE's combined list's header is 162)":
        "tối đa {} (dòng tiêu đề danh sách tổng hợp của FIDE dài 162)",
    "the FIDE list has no {} rating column": "danh sách FIDE không có cột Elo {}",
    "the column {}": "cột {}",
    "the line is too short: it ends within the ID column":
        "dòng quá ngắn: dừng trong cột ID",
    "the FIDE id is not a number": "mã FIDE không phải là số",
    "the digits of a FIDE id": "các chữ số của mã FIDE",
    "unknown speed for the FIDE list": "thể loại không rõ cho danh sách FIDE",
    "birth year": "năm sinh",
    # words that fill the holes
    "rating": "Elo", "white": "Trắng", "black": "Đen", "number of games": "số ván",
    "points": "điểm", "birth date": "ngày sinh", "K factor": "hệ số K", "date": "ngày",
    "white rating": "Elo Trắng", "black rating": "Elo Đen", "none": "không có",
    "number of rounds": "số vòng", "round": "vòng",
    "start date": "ngày bắt đầu", "end date": "ngày kết thúc",
}


@cache
def _patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """The catalog's phrases with holes as patterns, longest first (most specific)."""
    catalog = _VI if lang == "vi" else {}
    held = [(english, vi) for english, vi in catalog.items() if "{}" in english]
    held.sort(key=lambda pair: -len(pair[0]))
    return [(re.compile("^" + re.escape(english).replace(r"\{\}", "(.+?)") + "$", re.DOTALL),
             vi) for english, vi in held]


#: A list of choices ("xiangqi or jieqi", "BH/M1 or BH/M2"): "or" is said in Vietnamese
#: only between codes and names, never inside an English sentence left untranslated.
_CHOICES = re.compile(r"^[^\s,]+(?:, [^\s,]+)*(?: or [^\s,]+)+(?: \(.*\))?$")


def say(text: str, lang: str) -> str:
    """``text`` (a reason, a found or expected part, a warning) in ``lang``."""
    if lang == "en" or not text:
        return text
    exact = _VI.get(text)
    if exact is not None:
        return exact
    for pattern, vi in _patterns(lang):
        match = pattern.match(text)
        if match:
            return vi.format(*(say(value, lang) for value in match.groups()))
    if _CHOICES.match(text):
        return text.replace(" or ", " hoặc ")
    return text


def place_in(place: Place, lang: str) -> str:
    """Where, in ``lang``: 'players.csv, line 3' or "x.xlsx, trang 'games', ô B4"."""
    return place.written(_FRAME[lang])


def problem_lines(error: InputError, lang: str, source: str | None = None) -> list[str]:
    """The lines saying ``error`` (every problem of an :class:`InputErrors`) in ``lang``;
    the count of those past :data:`~.errors.SHOWN_PROBLEMS` names ``source``, the file
    read, if given (an import reports many files' problems one after another)."""
    words = _FRAME[lang]
    problems = error.problems if isinstance(error, InputErrors) else [error]
    shown = problems[:SHOWN_PROBLEMS]
    lines = []
    for problem in shown:
        if lang == "en":
            lines += str(problem).splitlines()
            continue
        text = f"{place_in(problem.place, lang)}: {say(problem.reason, lang)}"
        if problem.found is not None:
            text += f"; {words['found']} {say(problem.found, lang)}"
        if problem.expected is not None:
            text += f", {words['expected']} {say(problem.expected, lang)}"
        lines.append(text)
    more = len(problems) - len(shown) + (error.more if isinstance(error, InputErrors) else 0)
    if more:
        count = words["more"].format(f"{more:,}")
        lines.append(f"{source}: {count}" if source else count)
    return lines


def warning_text(warning: InputWarning, lang: str) -> str:
    """A warning in ``lang``, with its place."""
    return f"{place_in(warning.place, lang)}: {say(warning.message, lang)}"


#: More warnings than this of one kind in one file are said in one line.
GROUPED_WARNINGS = 3
_QUOTED = re.compile(r"'[^']*'")


def warning_lines(warnings: Sequence[InputWarning], lang: str) -> list[str]:
    """The warnings in ``lang``, those of one kind in one file (the same words but for a
    quoted value, such as twenty unreadable births) in one line naming every line."""
    kinds: dict[tuple[str | None, str], list[InputWarning]] = {}
    for warning in warnings:
        kinds.setdefault((warning.place.file, _QUOTED.sub("…", warning.message)), []).append(
            warning)
    said: set[tuple[str | None, str]] = set()
    lines = []
    for warning in warnings:
        key = (warning.place.file, _QUOTED.sub("…", warning.message))
        group = kinds[key]
        if len(group) <= GROUPED_WARNINGS or any(w.place.line is None for w in group):
            lines.append(warning_text(warning, lang))
        elif key not in said:
            said.add(key)
            where = Place(warning.place.file, sheet=warning.place.sheet)
            unit = _FRAME[lang]["rows" if where.sheet is not None else "lines"]
            numbers = ", ".join(str(w.place.line) for w in group)
            values = ", ".join(match for w in group for match in _QUOTED.findall(w.message))
            lines.append(f"{place_in(where, lang)}, {unit} {numbers}: "
                         f"{say(key[1], lang)} ({values})")
    return lines


def prefix(kind: str, lang: str) -> str:
    """``error``, ``warning``, ``info`` or ``debug`` in ``lang``."""
    return _FRAME[lang][kind]
