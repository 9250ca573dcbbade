"""The per-game columns' reader on its own: a row's extras, AI opponents and the event's
settings, on tables built in memory (no file is read)."""

from __future__ import annotations

from typing import Any

import pytest

from tournament_elo.errors import InputError, Place
from tournament_elo.read.sheet_per_game import (
    NO_EXTRAS,
    AiRoster,
    Extras,
    GameExtras,
    event_settings,
    row_ai,
)
from tournament_elo.read.sheet_words import LEVELS_EXPECTED, POOLS_EXPECTED, WIN_METHODS_EXPECTED
from tournament_elo.read.table import Table, filled_rows, table_from_rows

HEADER = ["Vòng", "Trắng", "Đen", "Kết quả", "Cách thắng", "Loại cờ", "Thời gian"]
#: Sheet rows 2 to 6; columns A to G as in HEADER (the pool is F, the time control G).
GAMES: list[list[Any]] = [
    [1, 1, 2, "1-0", "Tiến Cung", "Cờ tướng", 15],
    [1, 3, 4, "0-1", None, "cờ úp", "15+10"],
    [2, 1, 3, "1-0", "hết giờ", None, "90 phút"],
    [2, 2, "bye", "1", None, None, None],
    [3, 4, 1, "1-0", "RESIGN", "CỜ TƯỚNG", 25.0],
]
BYE_ROW = 3


def workbook_games(rows: list[list[Any]] = GAMES, header: list[str] = HEADER) -> Table:
    rows = filled_rows([header, *rows], Place("ván.xlsx", sheet="Ván đấu"))
    return table_from_rows("ván.xlsx", "Ván đấu", rows)


def csv_games(lines: list[str]) -> Table:
    rows = filled_rows([line.split(",") for line in lines], Place("ev-games.csv"))
    return table_from_rows("ev-games.csv", None, rows)


def raised(call: Any) -> str:
    with pytest.raises(InputError) as caught:
        call()
    return str(caught.value)


# ------------------------------------------------------------------ a row's extras


def test_extras_of_each_row_with_the_event_pool_for_blank_cells() -> None:
    extras = GameExtras(workbook_games(), range(len(GAMES)), event_pool="go")
    read = [extras.of(row, bye=row == BYE_ROW) for row in range(len(GAMES))]
    # WinMethod codes: UNKNOWN 0, TIEN_CUNG 1, RESIGN 4, TIME 5.  Pools are numbered as
    # first met: cờ tướng → xiangqi 0, cờ úp → jieqi 1, then the event's go 2 for the two
    # blank pool cells (the game and the bye); CỜ TƯỚNG folds to xiangqi again.  Minutes
    # are the base time: 15, 15+10 → 15, 90 phút → 90, blank → 0, 25.0 → 25.
    assert read == [
        Extras(1, 15, 0), Extras(0, 15, 1), Extras(5, 90, 2), Extras(0, 0, 2),
        Extras(4, 25, 0)]
    assert extras.pool_names == ["xiangqi", "jieqi", "go"]


def test_a_game_needs_a_pool_where_others_have_one_but_a_bye_does_not() -> None:
    extras = GameExtras(workbook_games(), range(len(GAMES)), event_pool=None)
    assert extras.of(0, bye=False) == Extras(1, 15, 0)
    # Row 2 (sheet row 4) has a blank pool, F4, and there is no event pool to fall back on.
    assert raised(lambda: extras.of(2, bye=False)) == (
        "ván.xlsx, sheet 'Ván đấu', cell F4: no pool for this game; found a blank cell, "
        f"expected {POOLS_EXPECTED}, or a pool row in the event sheet")
    assert extras.of(BYE_ROW, bye=True) == Extras(0, 0, -1)


def test_without_the_columns_or_any_pool_cell_a_row_has_no_extras() -> None:
    plain = csv_games(["round,white,black,result", "1,1,2,1-0"])
    # No columns: method UNKNOWN (0), no minutes (0), no pool (-1), as for an absence.
    assert GameExtras(plain, [0], event_pool="go").of(0, bye=False) == Extras(0, 0, -1)
    assert Extras(0, 0, -1) == NO_EXTRAS
    # A pool column blank in every row read: no game has a pool, not even the event's.
    blank = csv_games(["round,white,black,result,pool", "1,1,2,1-0,", "2,2,1,0-1,"])
    extras = GameExtras(blank, [0, 1], event_pool="go")
    assert [extras.of(row, bye=False).pool for row in (0, 1)] == [-1, -1]
    assert extras.pool_names == []


def test_bad_time_control_and_win_method_name_their_cell() -> None:
    table = workbook_games([GAMES[0], [1, 3, 4, "0-1", "kaboom", "go", 0]])
    extras = GameExtras(table, [0, 1], event_pool=None)
    # Sheet row 3: the win method is read first (E3), so it is the one reported.
    assert raised(lambda: extras.of(1, bye=False)) == (
        "ván.xlsx, sheet 'Ván đấu', cell E3: unknown win method; found 'kaboom', "
        f"expected {WIN_METHODS_EXPECTED}")
    table = workbook_games([[1, 3, 4, "0-1", None, "go", 0]])
    assert raised(lambda: GameExtras(table, [0], None).of(0, bye=False)) == (
        "ván.xlsx, sheet 'Ván đấu', cell G2: bad time control; found '0', expected minutes "
        "per side from 1 to 1440, such as 15, 15+10 or 15'")


# ------------------------------------------------------------------ AI opponents


def test_row_ai_reads_the_cell_or_the_ai_level_column() -> None:
    table = csv_games([
        "round,white,black,result,ai_level",
        "1,AI-3,1,0-1,",  # line 2: the white cell names level 3
        "1,2,máy 2,1-0,",  # line 3: Vietnamese 'máy' (machine) 2 as black
        "2,1,,1-0,4",  # line 4: the column gives 4; black, blank, is the AI
        "2,AI,2,½-½,5",  # line 5: a bare 'AI' takes the column's level
        "3,1,2,1-0,",  # line 6: two players
        "3,AI lv 1,3,0-1,",  # line 7: 'AI lv 1' spelled out
        "4,AI-7,3,0-1,",  # line 8: no level 7
    ])
    assert [row_ai(table, row) for row in range(6)] == [
        ("white", 3), ("black", 2), ("black", 4), ("white", 5), None, ("white", 1)]
    assert raised(lambda: row_ai(table, 6)) == (
        "ev-games.csv, line 8: bad AI level 7; found 'AI-7', expected AI-1 … AI-5 "
        "(AI level 1 to 5; also 'AI 3' or 'máy 3')")


def test_ai_roster_numbers_new_levels_after_the_players() -> None:
    table = csv_games(["round,white,black,result", "1,1,AI-3,1-0", "2,AI-2,1,0-1",
                       "3,AI-1,2,1-0"])
    # Three real players (indexes 0-2); the players table lists AI-2 itself, as index 2.
    roster = AiRoster({1: 0, 2: 1, "AI-2": 2}, n_players=3)
    # AI-3 is new: index 3; AI-2 is the listed player 2; AI-3 again is 3; AI-1 new: 4.
    assert [roster.index(3, table, 0, "black"), roster.index(2, table, 1, "white"),
            roster.index(3, table, 2, "black"), roster.index(1, table, 2, "white")] == [
        3, 2, 3, 4]
    assert [(p.index, p.id, p.name, p.rating, p.fixed_rating, p.line)
            for p in roster.players] == [
        (3, "AI-3", "AI-3", None, True, 2), (4, "AI-1", "AI-1", None, True, 4)]
    assert [str(place) for place in roster.places] == [
        "ev-games.csv, line 2", "ev-games.csv, line 4"]
    assert roster.listed == {2}  # the listed AI-2, to be marked fixed-rated


# ------------------------------------------------------------------ event settings


def test_event_settings_map_vietnamese_names_and_keep_plain_ones() -> None:
    level, pool = Place("ev-event.csv", line=2), Place("ev-event.csv", line=3)
    # 'Cấp tỉnh' folds to captinh → province; 'Cờ nhanh' to conhanh → rapid.
    assert event_settings(("Cấp tỉnh", level), ("Cờ nhanh", pool)) == (
        ("level", "province"), ("pool", "rapid"))
    # A name of no table, already a plain setting name once lower-cased, is kept.
    assert event_settings(None, ("Shogi_9x9", pool)) == (("pool", "shogi_9x9"),)
    assert event_settings(None, None) == ()
    # 'Huyện' (district) is no level, and its 'ệ' is no plain setting name either.
    assert raised(lambda: event_settings(("Huyện", level), None)) == (
        f"ev-event.csv, line 2: unknown level; found 'Huyện', expected {LEVELS_EXPECTED}")
