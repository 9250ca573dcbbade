"""Swiss-Manager / chess-results crosstables: the public pages, XLSX exports, bad input."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from crosstable_builder import CODE, cell_text, crosstable_rows, grid_rows, row_of
from openpyxl import Workbook, load_workbook
from xlsx_builder import write_workbook

from tournament_elo.errors import InputError
from tournament_elo.model import NO_COLOR, Event, EventType, Result, apply_rating_list
from tournament_elo.rating.engine import rate
from tournament_elo.read.chessresults import (
    berger_round,
    is_crosstable_rows,
    is_crosstable_workbook,
    read_chessresults,
    read_chessresults_list,
    read_crosstable_rows,
    read_crosstable_workbook,
)
from tournament_elo.read.html_tables import parse_page
from tournament_elo.read.trf import read_trf
from tournament_elo.render.json import to_json

ROOT = Path(__file__).parents[2]
PUBLIC = Path(__file__).resolve().parents[1] / "data"
BRITISH = PUBLIC / "chessresults_british2026_champ_crosstable_final.html"
BRITISH_LIST = PUBLIC / "chessresults_british2026_champ_startingrank.html"
FROME = PUBLIC / "chessresults_frome2026_open_crosstable.html"
USSA = PUBLIC / "chessresults_ussa2026_roundrobin_crosstable.html"
CROSSTABLES = (BRITISH, FROME, USSA)
PAGES = (*CROSSTABLES, BRITISH_LIST)
SWISS5 = PUBLIC / "held_c07_swiss5.trf"
ROUND_ROBIN6 = PUBLIC / "held_c07_roundrobin6.trf"

RATING_FIELDS = (
    "rating", "points", "rank", "games_rated", "score_rated", "expected", "k", "change",
    "change_rounded", "new_rating", "need", "ra", "dp", "rp",
)


# ------------------------------------------------------------------------ helpers


def read_tsv(path: Path) -> tuple[list[str], list[list[str]]]:
    """The header and rows of a page's TSV extract (comment lines skipped)."""
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#")]
    rows = [ln.split("\t") for ln in lines]
    return rows[0], rows[1:]


def comma_number(text: str) -> float:
    return float(text.replace(",", "."))


def ratings_by_id(event: Event, system: str = "fide-2024") -> dict[Any, dict[str, Any]]:
    players = to_json(rate(event, system))["players"]
    return {p["id"]: {f: p[f] for f in RATING_FIELDS} for p in players}


def write_rows(path: Path, rows: list[list[Any]], sheet: str = "Crosstable") -> Path:
    return write_workbook(path, {sheet: rows})


def error_of(call: Callable[[], object]) -> str:
    with pytest.raises(InputError) as info:
        call()
    return str(info.value)


# ------------------------------------------------------------------------ the public pages


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_public_page_loads_without_warnings(page: Path):
    event = read_chessresults(page)
    assert event.players and event.source == str(page)
    assert event.source_format == "chess-results-html"
    assert not event.warnings
    to_json(rate(event, "fide-2024"))  # rates without an error


@pytest.mark.parametrize("page", CROSSTABLES, ids=lambda p: p.stem)
def test_points_and_ranks_equal_the_published_ones(page: Path):
    event = read_chessresults(page)
    header, rows = read_tsv(page.with_suffix(".tsv"))
    points_column = header.index("Pts.") if "Pts." in header else header.index("TB1")
    rank_column = header.index("Rk.")
    computed = event.points()
    assert [p.id for p in event.players] == [int(r[0]) for r in rows]
    for player, row in zip(event.players, rows, strict=True):
        published = round(comma_number(row[points_column]) * 100)
        assert computed[player.index] == published, player
        assert player.declared_points == published
        assert player.declared_rank == int(row[rank_column])
    # The published ranks order the players by the computed points (tie-breaks inside).
    ranks = [p.declared_rank for p in event.players]
    assert sorted(ranks) == list(range(1, len(ranks) + 1))
    by_rank = [computed[i] for i in np.argsort(ranks)]
    assert all(a >= b for a, b in itertools.pairwise(by_rank))
    for player in event.players:
        ahead = int((computed > computed[player.index]).sum())
        tied = int((computed == computed[player.index]).sum())
        assert ahead < player.declared_rank <= ahead + tied


@pytest.mark.parametrize("page", CROSSTABLES, ids=lambda p: p.stem)
def test_published_columns_are_kept_with_their_names(page: Path):
    event = read_chessresults(page)
    header, rows = read_tsv(page.with_suffix(".tsv"))
    published = dict(event.published)
    for name, values in published.items():
        column = header.index(name)
        expected = [comma_number(r[column]) if r[column] else None for r in rows]
        assert list(values) == expected, name
    assert {"Rk.", "TB1"} <= set(published)
    assert next(text for _, text in event.extra_records).startswith("Tie Break1:")


@pytest.mark.parametrize("page", (BRITISH, FROME), ids=lambda p: p.stem)
def test_swiss_round_cells_read_back_as_published(page: Path):
    """Every round cell, written back from the event, is the page's own text."""
    event = read_chessresults(page)
    header, rows = read_tsv(page.with_suffix(".tsv"))
    at = row_of(event)
    first = header.index("1.Rd")
    for player, row in zip(event.players, rows, strict=True):
        for rnd in range(1, event.rounds + 1):
            text = cell_text(event, at[(player.index, rnd)], lambda i: event.players[i].id)
            assert text == row[first + rnd - 1], (player.id, rnd)


def test_player_fields_of_the_british_page():
    event = read_chessresults(BRITISH)
    assert event.name == "2026 British Chess Championships: Championship"
    assert (event.start.isoformat(), event.end.isoformat()) == ("2026-08-01", "2026-08-09")
    assert event.city == "University of Warwick, Panorama Suite"
    assert event.federation == "ENG"
    assert event.chief_arbiter == "IA Lara Barnes"
    assert event.type == EventType.SWISS
    first, last = event.players[0], event.players[-1]
    assert (first.id, first.title, first.name, first.rating, first.federation) == (
        1, "GM", "Mcshane Luke J", 2597, "ENG")
    assert (last.id, last.title, last.name, last.rating) == (108, None, "Brown Stephanie", 1559)
    assert event.players[0].line == 222  # the page's line (its rows end in a bare CR)


def test_british_page_is_a_live_event_after_eight_rounds():
    event = read_chessresults(BRITISH)
    p = event.pairings
    assert event.rounds == 9
    unplayed = p.result == Result.UNPLAYED
    assert not unplayed[p.round <= 8].any()
    assert int(unplayed[p.round == 9].sum()) == 94  # 47 boards paired, no result yet
    # Round 9 already has two draws and a forfeit, but 47 boards still play: the event
    # stands "after round 8".
    assert event.rounds_played == 8
    at = row_of(event)
    mcshane = at[(0, 9)]
    assert (event.players[int(p.opponent[mcshane])].id, int(p.color[mcshane])) == (13, -1)
    assert Result(int(p.result[mcshane])) == Result.UNPLAYED
    wells = at[(28, 9)]
    assert Result(int(p.result[wells])) == Result.DRAW  # 29 v 61 finished: ½
    json = to_json(rate(event, "fide-2024"))
    assert json["event"]["rounds"] == 9


def test_byes_forfeits_and_withdrawals_on_the_british_page():
    event = read_chessresults(BRITISH)
    at = row_of(event)
    p = event.pairings

    def result(player_id: int, rnd: int) -> Result:
        return Result(int(p.result[at[(player_id - 1, rnd)]]))

    assert result(62, 8) == Result.FORFEIT_LOSS and result(100, 8) == Result.FORFEIT_WIN
    assert result(104, 8) == Result.PAIRING_BYE  # the round's only -1
    assert result(21, 7) == Result.ZERO_BYE  # -0: withdrawn
    assert result(1, 1) == Result.WIN
    assert int(p.color[at[(0, 1)]]) == -1


def test_frome_half_point_byes_and_decimal_comma():
    event = read_chessresults(FROME)
    at = row_of(event)
    bye = at[(0, 1)]
    assert Result(int(event.pairings.result[bye])) == Result.HALF_BYE
    assert int(event.pairings.opponent[bye]) == -1
    assert dict(event.published)["TB3"][:3] == (10.5, 13, 14.5)  # "10,5" → 10.5
    assert event.players[37].rating is None  # Rtg 0: unrated
    assert event.start is None  # the page shows no dates


def test_round_robin_grid_is_detected_as_round_robin():
    event = read_chessresults(USSA)
    assert event.type == EventType.ROUND_ROBIN
    assert event.rounds == 9 and event.rounds_played == 9
    p = event.pairings
    met = p.opponent >= 0
    pairs = {frozenset((int(a), int(b))) for a, b in zip(p.player[met], p.opponent[met],
                                                        strict=True)}
    assert len(pairs) == 36  # every pair of the nine meets once
    for rnd in range(1, 10):
        in_round = p.round == rnd
        assert int((in_round & met).sum()) == 8  # four games
        assert int((in_round & (p.result == Result.ZERO_BYE)).sum()) == 1  # one rests
    assert (p.color[met] == NO_COLOR).all()  # the grid gives no colours
    at = row_of(event)
    shoba_v_njoku = next(i for (player, _), i in at.items()
                     if player == 1 and p.opponent[i] == 7)
    assert Result(int(p.result[shoba_v_njoku])) == Result.FORFEIT_WIN
    assert event.players[4].title == "AIM"


def test_grid_cells_read_back_as_published():
    event = read_chessresults(USSA)
    header, rows = read_tsv(USSA.with_suffix(".tsv"))
    first = header.index("1")
    grid = {(int(event.pairings.player[i]), int(event.pairings.opponent[i])):
            CODE[Result(int(event.pairings.result[i]))]
            for i in np.flatnonzero(event.pairings.opponent >= 0)}
    for i, row in enumerate(rows):
        for j in range(9):
            assert row[first + j] == ("*" if i == j else grid[(i, j)])


def test_berger_table_rounds_and_colours():
    """FIDE's Berger table for six players (C.05 Annex 1)."""
    table = {1: "1-6 2-5 3-4", 2: "6-4 5-3 1-2", 3: "2-6 3-1 4-5", 4: "6-5 1-4 2-3",
             5: "3-6 4-2 5-1"}
    for rnd, games in table.items():
        for game in games.split():
            white, black = (int(x) for x in game.split("-"))
            assert berger_round(white, black, 6) == (rnd, white)
            assert berger_round(black, white, 6) == (rnd, white)


def test_starting_rank_list_page_loads_and_serves_as_a_rating_list():
    event = read_chessresults(BRITISH_LIST)
    header, rows = read_tsv(BRITISH_LIST.with_suffix(".tsv"))
    assert len(event.pairings) == 0 and event.rounds == 0
    for player, row in zip(event.players, rows, strict=True):
        assert player.id == int(row[0])
        assert player.name == row[header.index("Name")]
        assert player.fide_id == row[header.index("FideID")]
        assert player.rating == int(row[header.index("Rtg")])
        assert player.sex == (row[header.index("sex")] or None)
    assert dict(event.published)["Typ"][2] == "U18"
    entries = read_chessresults_list(BRITISH_LIST)
    crosstable = read_chessresults(BRITISH)
    rated = apply_rating_list(crosstable, entries)
    assert [p.fide_id for p in rated.players] == [p.fide_id for p in event.players]
    assert [p.rating for p in rated.players] == [p.rating for p in crosstable.players]


def test_page_parser_keeps_cells_lines_and_annotations():
    page = parse_page(FROME.read_text(encoding="utf-8"))
    assert page.heading == "Frome Chess Congress 2026 - Open"
    texts = [cells for cells, _ in page.rows]
    assert ["Tie Break2: Direct Encounter (DE)"] in texts
    header = next(c for c in texts if "Name" in c and "1.Rd" in c)
    assert header[:3] == ["No.", "", "Name"]


# ------------------------------------------------------------------------ XLSX exports


@pytest.fixture(scope="module")
def swiss5() -> Event:
    return read_trf(SWISS5)


@pytest.mark.parametrize("layout", ["start", "rank", "swiss-manager"])
def test_same_event_from_trf_and_crosstable_workbooks(tmp_path: Path, swiss5: Event,
                                                       layout: str):
    path = write_rows(tmp_path / f"{layout}.xlsx", crosstable_rows(swiss5, layout))
    event = read_crosstable_workbook(path)
    assert not event.warnings
    assert event.name == swiss5.name
    assert event.start is not None and event.start.isoformat() == "2024-08-01"
    assert event.rounds == 5 and event.type == EventType.SWISS
    assert ratings_by_id(event) == ratings_by_id(swiss5)
    trf_points = {p.id: swiss5.points()[p.index] for p in swiss5.players}
    assert {p.id: event.points()[p.index] for p in event.players} == trf_points
    assert [p.id for p in event.players] == sorted(p.id for p in swiss5.players)
    assert {p.id: p.declared_rank for p in event.players} == {
        p.id: p.declared_rank for p in swiss5.players}
    if layout == "swiss-manager":
        assert event.city == "Oslo" and event.chief_arbiter == "IA Mario Held"


def test_crosstable_workbook_keeps_byes_and_forfeits(tmp_path: Path, swiss5: Event):
    path = write_rows(tmp_path / "rank.xlsx", crosstable_rows(swiss5, "rank"))
    event = read_crosstable_workbook(path)
    mine, theirs = row_of(event), row_of(swiss5)
    index = {p.id: p.index for p in event.players}
    for p in swiss5.players:
        for rnd in range(1, 6):
            a, b = mine[(index[p.id], rnd)], theirs[(p.index, rnd)]
            assert event.pairings.result[a] == swiss5.pairings.result[b], (p.id, rnd)
            assert event.pairings.color[a] == swiss5.pairings.color[b]
    published = dict(event.published)  # in starting order: Alyx first
    assert (published["Pts."][0], published["Rk."][0], published["TB1"][0]) == (3.5, 1, 0)


def test_swiss_manager_layout_with_merged_round_headers(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "swiss-manager")
    path = write_rows(tmp_path / "sm.xlsx", rows)
    book = load_workbook(path)
    sheet = book.active
    header = next(i for i, r in enumerate(rows, 1) if r and r[0] == "Rank")
    for rnd in range(5):
        first = 7 + 3 * rnd  # 1.Rd. in column G
        sheet.merge_cells(start_row=header, start_column=first, end_row=header,
                          end_column=first + 2)
    book.save(path)
    assert ratings_by_id(read_crosstable_workbook(path)) == ratings_by_id(swiss5)


def test_round_robin_grid_workbook_rates_as_its_trf(tmp_path: Path):
    trf = read_trf(ROUND_ROBIN6)
    event = read_crosstable_workbook(write_rows(tmp_path / "rr.xlsx", grid_rows(trf)))
    assert event.type == EventType.ROUND_ROBIN
    assert event.rounds == 5
    assert not event.warnings
    assert ratings_by_id(event) == ratings_by_id(trf)


def test_round_robin_grid_in_rank_order(tmp_path: Path):
    trf = read_trf(ROUND_ROBIN6)
    rows = grid_rows(trf, by_rank=True)
    event = read_crosstable_workbook(write_rows(tmp_path / "rr-rank.xlsx", rows))
    assert [p.id for p in event.players] == [1, 2, 3, 4, 5, 6]  # starting order
    assert ratings_by_id(event) == ratings_by_id(trf)


@pytest.mark.parametrize("layout", ["start", "rank", "swiss-manager"])
def test_live_british_event_through_each_workbook_layout(tmp_path: Path, layout: str):
    page = read_chessresults(BRITISH)
    path = write_rows(tmp_path / f"british-{layout}.xlsx", crosstable_rows(page, layout))
    event = read_crosstable_workbook(path)
    assert not event.warnings
    assert [p.id for p in event.players] == [p.id for p in page.players]
    for a, b in ((event.pairings, page.pairings),):
        for column in ("round", "player", "opponent", "color", "result"):
            assert (getattr(a, column) == getattr(b, column)).all(), column
    assert ratings_by_id(event) == ratings_by_id(page)


def test_crosstable_without_ratings_takes_them_from_the_list_page(tmp_path: Path):
    page = read_chessresults(BRITISH)
    rows = crosstable_rows(page, "start", ratings=False, preamble=False)
    event = read_crosstable_workbook(write_rows(tmp_path / "norating.xlsx", rows))
    assert all(p.rating is None for p in event.players)
    rated = apply_rating_list(event, read_chessresults_list(BRITISH_LIST))
    assert ratings_by_id(rated) == ratings_by_id(apply_rating_list(
        page, read_chessresults_list(BRITISH_LIST)))


def test_starting_rank_list_workbook_is_a_rating_list(tmp_path: Path):
    rows: list[list[Any]] = [["2026 British Chess Championships"], ["Date : 2026/08/01"],
                             ["No.", None, "Name", "FideID", "FED", "Rtg", "sex"],
                             [1, "GM", "Mcshane, Luke J", 404853, "ENG", 2597, None],
                             [2, "GM", "Adams, Michael", 400041, "ENG", 2595, None]]
    entries = read_chessresults_list(write_rows(tmp_path / "list.xlsx", rows))
    assert [(e.id, e.fide_id, e.rating) for e in entries] == [
        ("1", "404853", 2597), ("2", "400041", 2595)]
    assert entries[1].place.cell is None and entries[1].place.line == 5


def test_legacy_xls_swiss_manager_crosstable(swiss5: Event):
    """An .xls made by tests/data/make_crosstable_xls.py: merged round headers, numbers."""
    path = ROOT / "tests" / "data" / "swiss_manager_crosstable.xls"
    event = read_crosstable_workbook(path)
    assert event.source_format == "crosstable-xls"
    assert not event.warnings
    assert (event.city, event.rounds) == ("Oslo", 5)
    assert ratings_by_id(event) == ratings_by_id(swiss5)
    assert is_crosstable_workbook(path)


def test_crosstable_workbooks_are_told_from_plain_workbooks(tmp_path: Path, swiss5: Event):
    path = write_rows(tmp_path / "x.xlsx", crosstable_rows(swiss5, "start"))
    assert is_crosstable_workbook(path)
    assert is_crosstable_workbook(write_rows(tmp_path / "g.xlsx", grid_rows(swiss5)))
    assert not is_crosstable_workbook(ROOT / "sample_events" / "open_2025.xlsx")
    assert not is_crosstable_rows([["id", "name", "rating"], [1, "A", 2000]])
    assert not is_crosstable_rows([["No.", "Name", "Rtg"], [1, "A", 2000]])  # a list


def test_read_crosstable_rows_directly(swiss5: Event):
    event = read_crosstable_rows(crosstable_rows(swiss5, "start"), "rows.csv")
    assert ratings_by_id(event) == ratings_by_id(swiss5)
    assert event.source == "rows.csv"


def hand_made(points_of_2: str = "2") -> list[list[Any]]:
    """Four players, three rounds, the third paired and not played; every optional column."""
    return [
        ["Club Open 2026"], ["Date : 01.03.2026 - 02.03.2026"], ["Number of rounds : 3"],
        ["Location : Hanoi"], ["Chief Arbiter :", "IA Nguyen"], [],
        ["No.", "Name", "RtgI", "RtgN", "FideID", "FED", "sex", "1.Rd", "2.Rd", "3.Rd", "Pts.",
         "Rk.", "K", "rtg+/-", "Rp"],
        [1, "An", 2100, 2150, 12345678, "VIE", "m", "3w1", "2s½", "4w", "1,5", 2, 20, "+5,2",
         2210],
        [2, "Binh", 2000, 0, None, "VIE", "w", "4b1", "1w½", "-½", points_of_2, 1, 20, "-1,0",
         2150],
        [3, "Chi", None, 1800, None, "VIE", "f", "1b0", "4w-", "-0", "0", 4, None, None, None],
        [4, "Dung", 1900, 1900, None, "LAO", None, "2w0", "3b+", "1b", "1", 3, 20, "-4,4",
         1700],
    ]


def test_optional_columns_live_cells_and_german_colours():
    event = read_crosstable_rows(hand_made(), "club.xlsx", "Crosstable")
    assert not event.warnings
    assert (event.name, event.city, event.chief_arbiter) == ("Club Open 2026", "Hanoi",
                                                              "IA Nguyen")
    assert (event.start.isoformat(), event.end.isoformat()) == ("2026-03-01", "2026-03-02")
    assert (event.rounds, event.rounds_played) == (3, 2)
    an, binh, chi, dung = event.players
    assert (an.rating, binh.rating, chi.rating) == (2100, 2000, None)  # RtgI, not RtgN
    assert (an.fide_id, an.sex, binh.sex, chi.sex, dung.sex) == ("12345678", "m", "w", "w",
                                                                 None)
    assert (an.declared_points, an.declared_rank) == (150, 2)
    published = dict(event.published)
    assert published["RtgN"] == (2150, 0, 1800, 1900)
    # Figures are kept as printed, decimals and all: "5,2" is Decimal("5.2"), not a float.
    assert published["rtg+/-"] == (Decimal("5.2"), -1, None, Decimal("-4.4"))
    assert list(published) == ["RtgN", "Pts.", "Rk.", "K", "rtg+/-", "Rp"]
    at = row_of(event)
    p = event.pairings
    assert int(p.color[at[(0, 2)]]) == -1  # '2s½': schwarz
    assert Result(int(p.result[at[(0, 3)]])) == Result.UNPLAYED
    assert Result(int(p.result[at[(2, 2)]])) == Result.FORFEIT_LOSS
    assert Result(int(p.result[at[(1, 3)]])) == Result.HALF_BYE


def test_published_points_that_disagree_are_a_warning_at_their_cell():
    event = read_crosstable_rows(hand_made(points_of_2="2,5"), "club.xlsx", "Crosstable")
    assert [str(w) for w in event.warnings] == [
        "club.xlsx, sheet 'Crosstable', cell K9: player 2 (Binh) declares 2.5 points but the "
        "results give 2"]


# ------------------------------------------------------------------------ bad input


def _cell_of(rows: list[list[Any]], row: int, column: int) -> str:
    return f"{chr(65 + column)}{row + 1}"


def _header_row(rows: list[list[Any]]) -> int:
    return next(i for i, r in enumerate(rows) if r and r[0] in ("No.", "Rk.", "Rank"))


def test_rank_reference_that_does_not_resolve(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "rank")
    top = _header_row(rows) + 1
    column = rows[top - 1].index("2.Rd")
    rows[top][column] = "99w1"
    path = write_rows(tmp_path / "badrank.xlsx", rows)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert str(path) in message and "sheet 'Crosstable'" in message
    assert f"cell {_cell_of(rows, top, column)}" in message
    assert "rank 99" in message and "'99w1'" in message


def test_unknown_round_cell_code(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "start")
    top = _header_row(rows) + 3
    column = rows[top - 3].index("3.Rd")
    rows[top][column] = "10x1"
    path = write_rows(tmp_path / "badcode.xlsx", rows)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert str(path) in message and f"cell {_cell_of(rows, top, column)}" in message
    assert "round 3" in message and "'10x1'" in message


def test_unknown_round_cell_code_on_a_page(tmp_path: Path):
    text = FROME.read_text(encoding="utf-8").replace(" 21b&frac12;", " 21q&frac12;", 1)
    page = tmp_path / "frome.html"
    page.write_text(text, encoding="utf-8")
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "21q" in ln)
    message = error_of(lambda: read_chessresults(page))
    assert str(page) in message and f"line {line}" in message and "'21q½'" in message


def test_sheet_with_no_header_row(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "start")
    del rows[_header_row(rows)]
    path = write_rows(tmp_path / "noheader.xlsx", rows)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert str(path) in message and "sheet 'Crosstable'" in message
    assert "no header row" in message and f"rows 1-{len(rows)}" in message


def test_merged_header_cells(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "start")
    header = _header_row(rows) + 1
    path = write_rows(tmp_path / "merged.xlsx", rows)
    book = load_workbook(path)
    book.active.merge_cells(f"C{header}:D{header}")  # Name over Rtg
    book.save(path)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert str(path) in message and f"cell C{header}" in message
    assert "merged header cells" in message and f"C{header}:D{header}" in message


def test_empty_workbook(tmp_path: Path):
    path = tmp_path / "empty.xlsx"
    Workbook().save(path)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert message.startswith(f"{path}: the workbook is empty")


def test_more_bad_crosstables(tmp_path: Path, swiss5: Event):
    rows = crosstable_rows(swiss5, "rank")
    top = _header_row(rows) + 1
    rows[top + 1][0] = rows[top][0]  # two players ranked 1
    path = write_rows(tmp_path / "tworanks.xlsx", rows)
    assert "rank 1 is used twice" in error_of(lambda: read_crosstable_workbook(path))

    grid = grid_rows(read_trf(ROUND_ROBIN6))
    grid[3][4] = "1"  # player 1 against himself
    path = write_rows(tmp_path / "diagonal.xlsx", grid)
    message = error_of(lambda: read_crosstable_workbook(path))
    assert "diagonal" in message and "cell E4" in message

    rows = crosstable_rows(swiss5, "start")
    top = _header_row(rows) + 1
    column = rows[top - 1].index("1.Rd")
    rows[top][column] = re.sub(r"[wb]", lambda m: "b" if m.group() == "w" else "w",
                               str(rows[top][column]))
    path = write_rows(tmp_path / "colour.xlsx", rows)
    assert "colours of players" in error_of(lambda: read_crosstable_workbook(path))


def test_page_without_a_crosstable(tmp_path: Path):
    page = tmp_path / "page.html"
    page.write_text("<html><body><h2>Nothing</h2><table><tr><td>x</td></tr></table>"
                    "</body></html>", encoding="utf-8")
    message = error_of(lambda: read_chessresults(page))
    assert str(page) in message and "no header row" in message


def test_a_crosstables_cells_read_as_a_sheets_do_names_composed():
    # A workbook may hold "Nguyễn" decomposed (e, circumflex, tilde: U+0065 U+0302 U+0303):
    # it reads composed (U+1EC5), as a TRF's and a sheet's names read, so the database
    # finds one player whichever file gave him.  Numbers from number cells: 2100.0 is
    # 2100, 1.5 points are 150 hundredths.
    rows = hand_made()
    rows[7][1], rows[7][2], rows[7][10] = "Nguye\u0302\u0303n  An", 2100.0, 1.5
    event = read_crosstable_rows(rows, "club.xlsx", "Crosstable")
    an = event.players[0]
    assert (an.name, an.rating, an.declared_points) == ("Nguy\u1ec5n An", 2100, 150)
