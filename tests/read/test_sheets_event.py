"""The event sheet in either layout, its unknown keys, and every problem of every sheet of
a plain event in one run (issue 30), through the command line, in English and Vietnamese.

An event sheet is key/value rows (``name | Open 2025``) or a header row of keys above one
row of values (``name, start, end, rounds, type``); each test gives the sheet, the exit
code and the exact lines said.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from xlsx_builder import write_workbook

from tournament_elo.read.headers import fold
from tournament_elo.read.sheet_words import EVENT_KEY_NAMES, EVENT_KEYS

Run = Callable[..., tuple[int, str, str]]

PLAYERS = [["id", "name", "rating"], [1, "An", 2000], [2, "Binh", 1900], [3, "Chau", 1800],
           [4, "Dung", 1700]]
GAMES = [["round", "white", "black", "result"], [1, 1, 2, "1-0"], [1, 3, 4, "0-1"],
         [2, 4, 1, "½-½"], [2, 2, 3, "1-0"]]
HEADER_LAYOUT = [["name", "start", "end", "rounds", "type"],
                 ["Open 2025", "2025-03-01", "2025-03-02", 2, "swiss"]]
KEY_VALUE_LAYOUT = [["name", "Open 2025"], ["start", "2025-03-01"], ["end", "2025-03-02"],
                    ["rounds", 2], ["type", "swiss"]]
#: The keys a message offers, in an English and in a Vietnamese sheet.
KEYS_EN = ("name, start, end, rounds, type, city, federation, chief_arbiter, time_control, "
           "fide_event_id, level, pool")
KEYS_VI = ("Tên giải, Bắt đầu, Kết thúc, Số vòng, Thể thức, Địa điểm, Liên đoàn, Trọng tài "
           "chính, Thời gian, Mã giải FIDE, Cấp giải, Loại cờ")
RESULTS = ("1-0, 0-1, ½-½ (0.5-0.5, 1/2-1/2, =), +/- or -/+ (forfeit), -/- (double forfeit), "
           "0-0 (both declared lost), or blank (not played yet)")
LAYOUTS = ("key/value rows (name | Open 2025, start | 2025-03-01, …) or a header row of keys "
           "(name, start, end, rounds, type) above one row of values")


def workbook(event: Sequence[Sequence[Any]], players: Sequence[Sequence[Any]] = PLAYERS,
             games: Sequence[Sequence[Any]] = GAMES) -> Path:
    """``e.xlsx`` in the current folder (the test's), with event, players and games sheets."""
    return write_workbook(Path("e.xlsx"), {"event": event, "players": players, "games": games})


def csv_files(event: Sequence[Sequence[Any]], players: Sequence[Sequence[Any]] = PLAYERS,
              games: Sequence[Sequence[Any]] = GAMES) -> Path:
    """``e-games.csv`` with ``e-players.csv`` and ``e-event.csv`` beside it."""
    for part, rows in {"games": games, "players": players, "event": event}.items():
        Path(f"e-{part}.csv").write_text(
            "".join(",".join(str(cell) for cell in row) + "\n" for row in rows),
            encoding="utf-8")
    return Path("e-games.csv")


def rated(run: Run, path: Path) -> dict[str, Any]:
    code, out, err = run("rate", path, "--format", "json")
    assert code == 0, err
    return dict(json.loads(out))


def refused(run: Run, path: Path, lang: str = "en") -> list[str]:
    """The lines of a run that must end with exit code 2."""
    code, out, err = run("rate", path, "--format", "json", "--lang", lang)
    assert code == 2 and out == "", err
    assert "Traceback" not in err
    return err.splitlines()


# ------------------------------------------------------------------ 1. either layout


@pytest.mark.parametrize("layout", [HEADER_LAYOUT, KEY_VALUE_LAYOUT],
                         ids=["header row", "key/value rows"])
@pytest.mark.parametrize("write", [workbook, csv_files], ids=["xlsx", "csv"])
def test_the_event_sheet_is_read_in_either_layout(
        run: Run, write: Callable[..., Path], layout: list[list[Any]]) -> None:
    # The values as the sheet gives them; "start" was the name a header row gave.
    event = rated(run, write(layout))["event"]
    assert (event["name"], event["start"], event["end"], event["rounds"], event["type"]) == (
        "Open 2025", "2025-03-01", "2025-03-02", 2, "swiss")


def test_a_vietnamese_header_row_of_keys(run: Run) -> None:
    event = rated(run, workbook([["Tên giải", "Bắt đầu", "Số vòng", "Thể thức"],
                                 ["Cúp Đông Sơn", "01.03.2025", 2, "Thụy Sĩ"]]))["event"]
    assert (event["name"], event["start"], event["rounds"], event["type"]) == (
        "Cúp Đông Sơn", "2025-03-01", 2, "swiss")


def test_key_value_rows_whose_first_value_is_a_key_word(run: Run) -> None:
    # 'Giải' (event) is also a key; the rows below start with keys: key/value rows.
    event = rated(run, workbook([["name", "Giải"], ["rounds", 2]]))["event"]
    assert (event["name"], event["rounds"]) == ("Giải", 2)


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: e.xlsx, sheet 'event', cell A3: the event sheet has more than one row of "
           "values; found another row of values: Open B, 2025-04-01, expected one row of "
           "values below the header row of keys: one event per sheet"),
    ("vi", "lỗi: e.xlsx, trang 'event', ô A3: trang thông tin giải có hơn một hàng giá trị; "
           "thấy thêm một hàng giá trị: Open B, 2025-04-01, cần một hàng giá trị dưới hàng "
           "tiêu đề gồm các mục: mỗi trang một giải"),
])
def test_a_header_row_over_two_rows_of_values_is_refused(run: Run, lang: str, line: str) -> None:
    path = workbook([["name", "start"], ["Open A", "2025-03-01"], ["Open B", "2025-04-01"]])
    assert refused(run, path, lang) == [line]


def test_a_header_row_over_two_rows_of_values_in_a_csv_names_the_line(run: Run) -> None:
    path = csv_files([["name", "start"], ["Open A", "2025-03-01"], [], ["Open B", "2025-04-01"]])
    assert refused(run, path) == [
        "error: e-event.csv, line 4: the event sheet has more than one row of values; found "
        "another row of values: Open B, 2025-04-01, expected one row of values below the "
        "header row of keys: one event per sheet"]


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: e.xlsx, sheet 'event', cell B1: the event sheet is neither key/value rows "
           f"nor a header row of keys; found the first row Open 2025, expected {LAYOUTS}"),
    ("vi", "lỗi: e.xlsx, trang 'event', ô B1: trang thông tin giải không phải các hàng mục – "
           "giá trị, cũng không phải một hàng tiêu đề gồm các mục; thấy hàng đầu tiên Open "
           "2025, cần các hàng mục – giá trị (Tên giải | Giải mở rộng 2025, Bắt đầu | "
           "2025-03-01, …) hoặc một hàng tiêu đề gồm các mục (Tên giải, Bắt đầu, Kết thúc, "
           "Số vòng, Thể thức) trên một hàng giá trị"),
])
def test_an_event_sheet_of_neither_layout_is_refused(run: Run, lang: str, line: str) -> None:
    # A title where the first key should be (in column B: the place names that cell).
    path = workbook([[None, "Open 2025"], [None, "name", "Open 2025"]])
    assert refused(run, path, lang) == [line]


def test_a_header_row_of_keys_without_values_is_refused(run: Run) -> None:
    assert refused(run, workbook([["name", "start", "rounds"]])) == [
        "error: e.xlsx, sheet 'event', cell A1: the event sheet has a header row of keys but "
        "no row of values; found the header row name, start, rounds, expected a row of values "
        "below it (or key/value rows: name | Open 2025, …)"]


def test_a_key_given_twice_is_refused(run: Run) -> None:
    # 'Tên giải' and 'event' both name the event: which one is meant is not guessed.
    path = workbook([["Tên giải", "Cúp A"], ["Số vòng", 2], ["event", "Cúp B"]])
    assert refused(run, path, "vi") == [
        "lỗi: e.xlsx, trang 'event', ô A3: một mục được ghi hai lần trong trang thông tin "
        "giải; thấy 'event', sau 'Tên giải' ở ô A1, cần mỗi mục một lần"]


# ------------------------------------------------------------------ 2. unknown keys


@pytest.mark.parametrize(("event", "cell"), [
    ([["name", "Open 2025"], ["strat", "2025-03-01"]], "A2"),
    ([["name", "strat"], ["Open 2025", "2025-03-01"]], "B1"),
], ids=["key/value rows", "header row"])
def test_a_key_one_slip_from_a_known_one_says_which(run: Run, event: list[list[Any]],
                                                    cell: str) -> None:
    assert refused(run, workbook(event)) == [
        f"error: e.xlsx, sheet 'event', cell {cell}: unknown key in the event sheet; found "
        f"'strat' (did you mean 'start'?), expected one of the keys {KEYS_EN}"]


def test_a_vietnamese_key_one_slip_away_is_named_in_vietnamese(run: Run) -> None:
    path = workbook([["Tên giải", "Cúp Đông Sơn"], ["Số vòg", 2]])
    assert refused(run, path, "vi") == [
        "lỗi: e.xlsx, trang 'event', ô A2: mục không rõ trong trang thông tin giải; thấy 'Số "
        f"vòg' (có phải ý bạn là 'Số vòng'?), cần một trong các mục {KEYS_VI}"]


def test_another_unknown_key_is_a_warning(run: Run) -> None:
    # 'organiser' is no key and no slip from one: not read, and said so.
    path = csv_files([["name", "organiser", "start"], ["Open 2025", "Club X", "2025-03-01"]])
    result = rated(run, path)
    assert (result["event"]["name"], result["event"]["start"]) == ("Open 2025", "2025-03-01")
    assert result["warnings"] == ["e-event.csv, line 1: key not read: 'organiser'"]


def test_every_key_a_message_offers_is_one_the_reader_knows() -> None:
    for name, spellings in EVENT_KEY_NAMES.items():
        assert [EVENT_KEYS[fold(spelling)] for spelling in spellings] == [name, name]


# ------------------------------------------------------------------ 3. every sheet at once


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["error: e.xlsx, sheet 'event', cell A3: unknown key in the event sheet; found "
            f"'rouns' (did you mean 'rounds'?), expected one of the keys {KEYS_EN}",
            "error: e.xlsx, sheet 'event', cell B2: unreadable start date; found "
            "'2025-02-30', expected a date such as 2024/11/23, 2024-11-23 or 23.11.2024",
            "error: e.xlsx, sheet 'players', cell C3: unreadable rating; found 'abc', "
            "expected a whole number from 0 to 4000",
            "error: e.xlsx, sheet 'games', cell D1: unknown column name; found 'reslut', "
            "expected 'result' (did you mean it?)"]),
    ("vi", ["lỗi: e.xlsx, trang 'event', ô A3: mục không rõ trong trang thông tin giải; thấy "
            f"'rouns' (có phải ý bạn là 'rounds'?), cần một trong các mục {KEYS_EN}",
            "lỗi: e.xlsx, trang 'event', ô B2: không đọc được ngày bắt đầu; thấy "
            "'2025-02-30', cần một ngày như 2024/11/23, 2024-11-23 hoặc 23.11.2024",
            "lỗi: e.xlsx, trang 'players', ô C3: không đọc được Elo; thấy 'abc', cần một số "
            "nguyên từ 0 đến 4000",
            "lỗi: e.xlsx, trang 'games', ô D1: tên cột không rõ; thấy 'reslut', cần 'result' "
            "(có phải ý bạn là cột này?)"]),
])
def test_every_problem_of_every_sheet_of_a_workbook(run: Run, lang: str,
                                                    lines: list[str]) -> None:
    # The games header's typo used to hide the event sheet; 30 February is no date.  The
    # event sheet's keys are said before its values.
    players = [*PLAYERS[:2], [2, "Binh", "abc"], *PLAYERS[3:]]
    games = [["round", "white", "black", "reslut"], *GAMES[1:]]
    path = workbook([["name", "Open"], ["start", "2025-02-30"], ["rouns", 2]], players, games)
    assert refused(run, path, lang) == lines


def test_every_problem_of_every_file_of_a_csv_event(run: Run) -> None:
    # One problem in each file: the event's end date, a rating, a result.
    players = [*PLAYERS[:3], [3, "Chau", 4100], PLAYERS[4]]
    games = [*GAMES[:3], [2, 4, 1, "2-0"], GAMES[4]]
    path = csv_files([["name", "start", "end"], ["Open", "2025-03-01", "March"]], players, games)
    assert refused(run, path) == [
        "error: e-event.csv, line 2: unreadable end date; found 'March', expected a date such "
        "as 2024/11/23, 2024-11-23 or 23.11.2024",
        "error: e-players.csv, line 4: unreadable rating; found '4100', expected a whole "
        "number from 0 to 4000",
        f"error: e-games.csv, line 4: unknown result; found '2-0', expected {RESULTS}"]


@pytest.mark.parametrize(("players", "problem"), [
    ([["id", "nmae", "rating"], [1, "An", 2000], [2, "Binh", 1900]],
     "e.xlsx, sheet 'players', cell B1: unknown column name; found 'nmae', expected 'name' "
     "(did you mean it?)"),
    ([["Elo", "Quốc tịch"], [2000, "VIE"], [1900, "VIE"]],
     "e.xlsx, sheet 'players', row 1: the players table has no column Họ tên; found the "
     "header row Elo, Quốc tịch, expected columns Họ tên (or Mã)"),
    ([["id", "name"], [1, "An"], [1, "Binh"]],
     "e.xlsx, sheet 'players', cell A3: player id 1 is used twice; found a second player "
     "with player id 1 (the first at e.xlsx, sheet 'players', cell A2), expected each "
     "player id once"),
], ids=["a slip in the header", "no name column", "an id twice"])
def test_players_not_read_make_no_unknown_players_in_the_games(
        run: Run, players: list[list[Any]], problem: str) -> None:
    # Players 3 and 4 of the games are in none of these tables: the players' own problem
    # is said, and the games' own (row 3), but neither 3 nor 4 is an unknown player.
    games = [*GAMES[:2], [1, 3, 4, "1:2"]]
    assert refused(run, workbook(KEY_VALUE_LAYOUT, players, games)) == [
        f"error: {problem}",
        f"error: e.xlsx, sheet 'games', cell D3: unknown result; found '1:2', expected {RESULTS}"]


def test_a_players_file_that_cannot_be_read_leaves_the_games_checked(run: Run) -> None:
    # The players file's quote is never closed; the games file's result is unknown.
    Path("e-players.csv").write_text('id,name\n1,"An\n', encoding="utf-8")
    Path("e-games.csv").write_text("round,white,black,result\n1,1,2,3-0\n", encoding="utf-8")
    assert refused(run, Path("e-games.csv")) == [
        "error: e-players.csv, line 2: a quoted cell is never closed; found a quote that runs "
        "on to the end of the file (line 2), expected a closing quote (a quote inside a "
        'quoted cell is written twice: "")',
        f"error: e-games.csv, line 2: unknown result; found '3-0', expected {RESULTS}"]


def test_an_unreadable_event_pool_does_not_call_each_game_poolless(run: Run) -> None:
    # Game 2 takes its pool from the event sheet, whose pool is unreadable: one problem.
    games = [["round", "white", "black", "result", "pool"], [1, 1, 2, "1-0", "xiangqi"],
             [1, 3, 4, "0-1", None]]
    assert refused(run, workbook([["name", "Open"], ["pool", "cờ chớp?"]], games=games)) == [
        "error: e.xlsx, sheet 'event', cell B2: unknown pool name; found 'cờ chớp?', expected "
        "a pool name such as xiangqi, jieqi, go, gomoku, othello, standard or rapid (or cờ "
        "tướng, cờ úp, cờ vây, cờ caro, cờ lật, tiêu chuẩn, cờ nhanh)"]


def test_a_workbook_without_games_still_has_its_other_sheets_checked(run: Run) -> None:
    path = write_workbook(Path("e.xlsx"), {"event": [["name", "Open"], ["rounds", "two"]],
                                           "players": PLAYERS})
    assert refused(run, path) == [
        "error: e.xlsx: the workbook has no games sheet; found sheets 'event', 'players', "
        "expected a sheet named 'games' (or 'ván đấu', 'kết quả') with the columns (round,) "
        "white, black, result",
        "error: e.xlsx, sheet 'event', cell B2: the number of rounds is not a positive whole "
        "number; found 'two', expected 1, 2, 3, … (at most 999)"]
