"""Bad input through the command line ("Nothing lost, nothing crashes"): every case a
mutation fuzzer found is an exit 2 with one message naming the file, the line or cell,
what was found and what was expected, or the right result.

The inputs are the small files in ``tests/data/bad/`` (see ``tests/data/SOURCES.md``);
big ones are made here.  The command runs in this process (``main``, as the
``tournament-elo`` script calls it) from that folder, so messages name the files as given.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from crosstable_builder import crosstable_rows
from event_fields import pairing_rows, player_fields
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from xlsx_builder import inline_row, write_sheet_xml, write_workbook

from helpers import DATA, measured
from tournament_elo.cli.commands import main
from tournament_elo.model import Event, Result
from tournament_elo.read.detect import read_event

BAD = DATA / "bad"
SAMPLE = DATA.parent.parent / "sample_events" / "held_c07_swiss5.trf"
THIS_YEAR = date.today().year


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """Run ``tournament-elo ARGS`` in ``tests/data/bad``: (exit code, stdout, stderr)."""
    monkeypatch.chdir(BAD)

    def run(*args: str | Path) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def refused(run, *args: str | Path) -> str:
    """The one message of a run that must exit 2, without its 'error: ' prefix."""
    code, _, err = run(*args)
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err.removeprefix("error: ").rstrip("\n")


# ------------------------------------------------------------------ 2, 6: numbers and births

WHOLE = "expected a whole number from 0 to"
BIRTH_FORMS = ("expected a year such as 1987, or a date such as 1987/05/12 or 12.05.1987 "
               "(0 or blank when unknown)")
NINES_40 = "9" * 40


@pytest.mark.parametrize(("name", "message"), [
    ("list-rating-1e308.csv",
     f"line 2, column 'rating': unreadable rating; found '1e308', {WHOLE} 4000"),
    ("list-rating-40-digits.csv",
     f"line 2, column 'rating': unreadable rating; found '{NINES_40}', {WHOLE} 4000"),
    ("list-rating-negative.csv",
     f"line 2, column 'rating': unreadable rating; found '-1500', {WHOLE} 4000"),
    ("list-games-negative.csv",
     f"line 2, column 'games': unreadable number of games; found '-5', {WHOLE} 1000000"),
    ("list-games-fraction.csv",
     f"line 2, column 'games': unreadable number of games; found '3.5', {WHOLE} 1000000"),
    ("list-k-negative.csv", f"line 2, column 'k': unreadable K factor; found '-10', {WHOLE} 100"),
    ("list-k-1e308.csv", f"line 2, column 'k': unreadable K factor; found '1e308', {WHOLE} 100"),
    ("list-birth-3000.csv",
     f"line 2, column 'birth': unreadable birth date; found '3000', expected a year from 1800 "
     f"to {THIS_YEAR}"),
    ("list-birth-abc.csv",
     f"line 2, column 'birth': unreadable birth date; found 'abc', {BIRTH_FORMS}"),
    ("fide-list-rating-5000.txt",
     f"line 2, column 'SRtng': unreadable rating; found '5000', {WHOLE} 4000"),
])
def test_a_rating_list_value_out_of_bounds(cli, name, message):
    assert refused(cli, "rate", SAMPLE, "--ratings", name) == f"{name}, {message}"


def test_a_rating_list_value_of_ten_thousand_digits(cli, tmp_path):
    path = tmp_path / "list.csv"
    path.write_text("id,rating\n1," + "9" * 10_000 + "\n")
    assert refused(cli, "rate", SAMPLE, "--ratings", path) == (
        f"{path}, line 2, column 'rating': unreadable rating; found '{NINES_40}'… "
        "(10,000 characters), "
        f"{WHOLE} 4000")


@pytest.mark.parametrize(("name", "message"), [
    # The players table: the same bounds and words as a rating list's.
    ("sheet-rating-1e308", f"-players.csv, line 2: unreadable rating; found '1e308', {WHOLE} 4000"),
    ("sheet-games-40-digits",
     f"-players.csv, line 2: unreadable number of games; found '{NINES_40}', {WHOLE} 1000000"),
    ("sheet-games-negative",
     f"-players.csv, line 2: unreadable number of games; found '-5', {WHOLE} 1000000"),
    ("sheet-points-1e308", "-players.csv, line 2: unreadable points; found '1e308', expected "
     "points such as 4.5 or 4,5, from 0 to 100,000"),
    ("sheet-birth-3000", "-players.csv, line 2: unreadable birth date; found '3000', expected "
     f"a year from 1800 to {THIS_YEAR}"),
    ("sheet-birth-abc", f"-players.csv, line 3: unreadable birth date; found 'abc', {BIRTH_FORMS}"),
    ("sheet-rounds-1e308", "-event.csv, line 2: the number of rounds is not a positive whole "
     "number; found '1e308', expected 1, 2, 3, … (at most 999)"),
])
def test_a_players_or_event_sheet_value_out_of_bounds(cli, name, message):
    assert refused(cli, "rate", f"{name}-games.csv") == name + message


@pytest.mark.parametrize(("name", "message"), [
    ("sheet-round-50-digits.csv", "line 2: the round is not a positive whole number; found "
     f"'{NINES_40}'… (50 characters), expected 1, 2, 3, … (at most 999)"),
    ("sheet-white-rating-1e308.csv",
     f"line 2: unreadable white rating; found '1e308', {WHOLE} 4000"),
    ("trf-rating-9999.trf",
     f"line 4: unreadable rating (columns 49-52); found '9999', {WHOLE} 4000"),
    ("trf-points-inf.trf", "line 4: unreadable points (columns 81-84); found 'inf', expected "
     "points such as 4.5 or 4,5, from 0 to 100,000"),
    ("trf-birth-3000.trf", "line 4: unreadable birth date (columns 70-79); found '3000/01/01', "
     f"expected a year from 1800 to {THIS_YEAR}"),
    ("trf-dat-games-40-digits.trf",
     f"line 6: unreadable GAMES in a DAT record; found '{NINES_40}', {WHOLE} 1000000"),
    ("pgn-elo-1e308.pgn", f"line 5: unreadable WhiteElo; found '1e308', {WHOLE} 4000"),
    ("pgn-round-44-digits.pgn", f"line 2: unreadable round; found '{NINES_40}'… (44 characters),"
     " expected a round such as 3, or 3.1 for round 3 board 1 (at most 999); or no Round tag in "
     "any game (a game log)"),
    ("crosstable-rating-1e308.html", f"line 3: unreadable Rtg; found '1e308', {WHOLE} 4000"),
    ("crosstable-points-1e308.html", "line 3: unreadable points; found '1e308', expected points "
     "such as 4.5 or 4,5, from 0 to 100,000"),
    ("crosstable-opponent-41-digits.html", "line 3: round 1: unknown round cell; found "
     "'99999999999999999999999999999999999999999w1', expected a round cell such as 54b1, 29w½, "
     "3b0, 100w-, 62b+, 13b (not played yet), -1, -½ or -0"),
])
def test_an_event_value_out_of_bounds(cli, name, message):
    assert refused(cli, "rate", name) == f"{name}, {message}"


def test_a_k_factor_of_ten_thousand_digits_in_a_players_sheet(cli, tmp_path):
    (tmp_path / "club-games.csv").write_text("round,white,black,result\n1,1,2,1-0\n")
    (tmp_path / "club-players.csv").write_text(
        "id,name,k\n1,Ann,20\n2,Bob," + "9" * 10_000 + "\n")
    assert refused(cli, "rate", tmp_path / "club-games.csv") == (
        f"{tmp_path / 'club-players.csv'}, line 3: unreadable K factor; found '{NINES_40}'… "
        f"(10,000 characters), {WHOLE} 100")


def test_a_birth_spelling_trf_does_not_define_is_warned_about_and_read_as_unknown(cli):
    # JaVaFo's manual writes births such as 120242: the event is read, the birth unknown.
    code, out, err = cli("rate", "trf-birth-spelling.trf", "--format", "csv")
    assert code == 0
    assert err == ("warning: trf-birth-spelling.trf, line 4: birth date (columns 70-79) "
                   "'120242' is not a date or a year: read as unknown\n")
    assert out.splitlines()[1].startswith("1,Ann,")


# ------------------------------------------------------------ 1, 7: CSV line ends, cells, quotes


def players_of(out: str) -> list[tuple[object, ...]]:
    """(id, name, rating, k, new rating) of each player of a ``--format json`` run."""
    return [(p["id"], p["name"], p["rating"], p["k"], p["new_rating"])
            for p in json.loads(out)["players"]]


def test_an_event_sheet_with_cr_line_ends(cli):
    code, out, err = cli("rate", "cr-only-games.csv", "--format", "json")
    assert code == 0, err
    # A double round robin, 1-0 then a draw: Ann (2000) expects 0.64 of each game against
    # Bob (1900), scores 1.5 of 2: K 20 × (1.5 − 1.28) = +4.4 → 2004; Bob −4.4 → 1896.
    assert players_of(out) == [(1, "Ann", 2000, 20, 2004), (2, "Bob", 1900, 20, 1896)]


def test_a_rating_list_with_cr_line_ends(cli):
    code, out, err = cli("rate", SAMPLE, "--ratings", "cr-only-list.csv", "--format", "json")
    assert code == 0, err
    listed = {p[0]: p[2:4] for p in players_of(out) if p[0] in (1, 2)}
    assert listed == {1: (2100, 10), 2: (1800, 20)}  # Alyx's list K 10; Bruno's K 20


@pytest.mark.parametrize("name", ["list-semicolon.csv", "list-tab.csv"])
def test_a_semicolon_or_tab_list_with_quoted_cells(cli, name):
    code, out, err = cli("rate", SAMPLE, "--ratings", name, "--format", "json")
    assert code == 0, err
    listed = {p[0]: p[2:4] for p in players_of(out) if p[0] in (1, 2)}
    # The semicolon list gives Alyx K 10; the tab list gives no K (K 20 below 2400).
    assert listed == {1: (2100, 10 if "semicolon" in name else 20), 2: (1800, 20)}


def test_the_longest_csv_cell_is_read_and_a_longer_one_refused(cli, tmp_path):
    # The bound is the csv module's 131,072 characters (io/table.py says so).
    path = tmp_path / "club-games.csv"
    path.write_text("round,white,black,result\n1,1,2,1-0\n")
    players = tmp_path / "club-players.csv"
    players.write_text("id,name\n1," + "A" * 131_072 + "\n2,Bob\n")
    code, out, err = cli("rate", path, "--format", "json")
    assert (code, [p[1] for p in players_of(out)]) == (0, ["A" * 131_072, "Bob"]), err
    players.write_text("id,name\n1,Ann\n2," + "B" * 131_073 + "\n")
    assert refused(cli, "rate", path) == (
        f"{players}, line 3: a cell is longer than 131,072 characters, expected the names, "
        "numbers and words of a sheet or list")


def test_a_quote_never_closed_is_refused_where_it_opens(cli):
    assert refused(cli, "rate", SAMPLE, "--ratings", "list-unterminated-quote.csv") == (
        "list-unterminated-quote.csv, line 2: a quoted cell is never closed; found a quote "
        'that runs on to the end of the file (line 4), expected a closing quote (a quote '
        'inside a quoted cell is written twice: "")')


def test_text_after_a_closing_quote_is_refused(cli):
    assert refused(cli, "rate", SAMPLE, "--ratings", "list-text-after-quote.csv") == (
        "list-text-after-quote.csv, line 2: a quoted cell goes on after its closing quote, "
        "expected the next cell or the end of the line after the closing quote (a quote "
        'inside a quoted cell is written twice: "")')


SAMPLE_EVENTS = sorted(p for p in SAMPLE.parent.iterdir()  # not a players file or prize table
                       if p.suffix != ".md" and not p.stem.endswith(("-players", "-prizes")))


def converted(run, source: Path, folder: Path) -> tuple[Event, str]:
    """``source`` converted to CSV by the command line and read back, and the warnings."""
    code, _, err = run("convert", source, "--to", "csv", "-o", folder / "copy.csv")
    assert code == 0, err
    return read_event(folder / "copy-games.csv"), err


def assert_same_players_and_pairings(back: Event, event: Event) -> None:
    # A sheet has no rank column: the declared rank is what CSV cannot keep.
    assert [player_fields(p, ("declared_rank",)) for p in back.players] == [
        player_fields(p, ("declared_rank",)) for p in event.players]
    assert pairing_rows(back) == pairing_rows(event)


def test_a_round_paired_ahead_comes_back_with_zero_byes_as_convert_warns(cli, tmp_path):
    # After round 4 of 9, three players have round 5 entered ahead (byes); a sheet cannot
    # say that the 49 others have no row yet, and convert says so: they come back absent.
    source = SAMPLE.parent / "javafo_aum_gros_2010_after_r4.trf"
    event = read_event(source)
    back, warnings = converted(cli, source, tmp_path)
    assert "warning: 49 player round(s) without a row in a round that has rows: read back " \
        "as zero-point byes\n" in warnings
    assert [player_fields(p, ("declared_rank",)) for p in back.players] == [
        player_fields(p, ("declared_rank",)) for p in event.players]
    kept, added = set(pairing_rows(event)), set(pairing_rows(back)) - set(pairing_rows(event))
    assert kept <= set(pairing_rows(back))
    assert len(added) == 49
    assert {(r[0], r[2], r[4]) for r in added} == {(5, -1, Result.ZERO_BYE)}


def test_every_sample_event_is_a_sample_event():
    assert [p.name for p in SAMPLE_EVENTS] == [
        "club_rapid-games.csv", "dong-son_giai-tinh.xlsx", "giai-dong-doi-games.csv",
        "held_c07_swiss5.trf", "heltour_friendship_cup_2024_team.trf",
        "javafo_aum_gros_2010_after_r4.trf", "open_2025.xlsx", "thien-ky-dao_online.csv",
        "tuong-ky_co-tuong.csv"]


# The Friendship Cup writes its absent reserves as a forfeit without opponent ('0000 - -'),
# which a sheet has no cell for: it reads back as an absence (no points either way).
@pytest.mark.parametrize("source", [p for p in SAMPLE_EVENTS
                                    if "after_r4" not in p.name and "heltour" not in p.name],
                         ids=lambda p: p.name)
def test_every_sample_event_converts_to_csv_and_back(cli, source, tmp_path):
    event = read_event(source)
    assert_same_players_and_pairings(converted(cli, source, tmp_path)[0], event)


#: Names and federations that once came back changed or made the CSV unreadable.
HOSTILE = ['"Bo"', '"><I>', '=HYPERLINK("x")', "Smith, John", "Bo; Ann", "tab\there", '"',
           '""', ' "x', "'quoted'", "-5", "@home", '+"a', 'x"y,z', "Ann\nNewline"]


def hostile_event(folder: Path, names: list[str], federations: list[str]) -> Path:
    """A workbook of a round robin between players named ``names``."""
    n = len(names)
    games = [["round", "white", "black", "result"]]
    games += [[r, a, b, "1-0"] for r, (a, b) in enumerate(
        ((a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)), start=1)]
    players = [["id", "name", "federation", "rating"]]
    players += [[i, name, fed, 1500 + 10 * i]
                for i, (name, fed) in enumerate(zip(names, federations, strict=True), start=1)]
    return write_workbook(folder / "hostile.xlsx", {"games": games, "players": players})


def test_hostile_names_convert_to_csv_and_back(cli, tmp_path):
    source = hostile_event(tmp_path, HOSTILE, HOSTILE[::-1])
    event = read_event(source)
    assert [p.name for p in event.players][:3] == ['"Bo"', '"><I>', '=HYPERLINK("x")']
    assert_same_players_and_pairings(converted(cli, source, tmp_path)[0], event)


HOSTILE_TEXT = st.text(st.sampled_from('"\',;\t =+-@<>Iaé\\|'), min_size=1, max_size=8)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(HOSTILE_TEXT, HOSTILE_TEXT), min_size=2, max_size=5))
# What the sniffing reader misread: ';' as the delimiter, "'" as the quote.
@example(people=[("'", ";"), (";", "',")])
@example(people=[(";", ";"), ("'", "'")])
def test_any_names_convert_to_csv_and_back(cli, tmp_path_factory, people):
    folder = tmp_path_factory.mktemp("hostile")
    source = hostile_event(folder, [n for n, _ in people], [f for _, f in people])
    assert_same_players_and_pairings(converted(cli, source, folder)[0], read_event(source))


# ------------------------------------------------------------ 3: rating-system definition files

FINITE = "is not a finite number; found"


@pytest.mark.parametrize(("name", "message"), [
    ("system-utf16.toml", ", line 1: the system file is UTF-16 text; found a UTF-16 byte-order "
     "mark, expected a TOML file in UTF-8"),
    ("system-latin1.toml", ", line 3: the system file is not UTF-8 text; found byte 0xe8, "
     "expected a TOML file in UTF-8"),
    ("system-initial-nan.toml",
     f": key 'initial_rating': {FINITE} nan, expected a number from 0 to 4000"),
    ("system-k-1e308.toml",
     ": key 'k.bands[0].k': is out of range; found 1e+308, expected a number from 0 to 100"),
    ("system-k-inf.toml", f": key 'k.bands[0].k': {FINITE} inf, expected a number from 0 to 100"),
    ("system-k-nan.toml", f": key 'k.bands[0].k': {FINITE} nan, expected a number from 0 to 100"),
    ("system-divisor-nan.toml",
     f": key 'expected.divisor': {FINITE} nan, expected a number from 1 to 4000"),
    ("system-fide-floor-99999.toml",
     ": key 'floor': is out of range; found 99999, expected a whole number from 0 to 4000"),
    ("system-fide-min-points-nan.toml",
     f": key 'new_player_min_points': {FINITE} nan, expected a number from 0 to 999"),
])
def test_a_bad_system_file(cli, name, message):
    assert refused(cli, "rate", SAMPLE, "--system", name) == name + message


def club_system(folder: Path, extra: str = "", initial: str = "1200") -> Path:
    """The club system of tests/data with ``extra`` lines added, its initial rating set."""
    text = (DATA / "club-k24.toml").read_text(encoding="utf-8")
    path = folder / "club.toml"
    path.write_text(text.replace("initial_rating = 1200", f"initial_rating = {initial}")
                    + extra, encoding="utf-8")
    return path


def test_a_system_file_nested_too_deeply(cli, tmp_path):
    path = club_system(tmp_path, "x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert refused(cli, "rate", SAMPLE, "--system", path) == (
        f"{path}, line 16: arrays or tables are nested too deeply; found more than 16 levels "
        "of [ ] and { }, expected a definition as documented (two levels at most)")


def test_brackets_in_strings_and_comments_are_not_nesting(cli, tmp_path):
    brackets = "[" * 40
    path = club_system(tmp_path, f'x = "{brackets}"  # {brackets}\n'
                                 f"y = '''{brackets}\n]]]'''\n")
    assert refused(cli, "rate", SAMPLE, "--system", path) == (
        f"{path}: key 'rounding.x': is not a known key, expected only the keys documented "
        "for it")  # read through: only the unknown key is wrong


def test_a_system_file_number_of_five_thousand_digits(cli, tmp_path):
    path = club_system(tmp_path, initial="9" * 5000)
    assert refused(cli, "rate", SAMPLE, "--system", path) == (
        f"{path}, line 4: a number is too long; found more than 40 digits, expected a number "
        "such as 1500, 0.7 or 1e3")


# ------------------------------------------------------------ 4: workbooks


@pytest.fixture(scope="module")
def small_run() -> tuple[int, float]:
    """Peak memory (KiB) and CPU seconds of reading a small workbook: what any run costs."""
    code, _, err, memory, seconds = measured("rate", "xlsx-damaged-xml.xlsx", cwd=BAD)
    assert code == 2, err
    return memory, seconds


@pytest.mark.parametrize(("name", "games"), [
    # The far cell names nobody (column XFD is no column of the table): one game.
    ("xlsx-cell-at-XFD1048576.xlsx", [(1, 1, 2, 1.0), (1, 2, 1, 0.0)]),
    # A game log: its row 1048576 is Ann's second game, without black: a bye, not played.
    ("xlsx-cell-at-A1048576.xlsx",
     [(1, "Ann", "Bob", 1.0), (1, "Bob", "Ann", 0.0), (2, "Ann", None, 0.0)]),
])
def test_a_cell_at_the_far_end_of_a_sheet_costs_what_the_cells_cost(
        small_run, name, games):
    code, out, err, memory, seconds = measured("rate", name, "--format", "json", cwd=BAD)
    assert code == 0, err
    assert [(g["round"], g["player"], g["opponent"], g["score"])
            for g in json.loads(out)["games"]] == games
    # The declared size (a million rows, 16,384 columns) is never allocated: 7.6 s and
    # 486 MB for A1048576 before, past 2.7 GB for XFD1048576.
    small_memory, small_seconds = small_run
    assert memory < small_memory + 50_000
    assert seconds < small_seconds + 5


def test_a_crosstable_workbook_with_a_cell_at_the_far_corner(small_run, tmp_path):
    from openpyxl import load_workbook

    path = write_workbook(tmp_path / "crosstable.xlsx", {
        "Crosstable": crosstable_rows(read_event(SAMPLE), "start")})
    book = load_workbook(path)
    book["Crosstable"]["XFD1048576"] = "x"
    book.save(path)
    code, out, err, memory, seconds = measured("rate", path, "--format", "json", cwd=BAD)
    assert code == 0, err
    points = {p["id"]: p["points"] for p in json.loads(out)["players"]}
    assert (points[1], points[2]) == (3.5, 4)
    small_memory, small_seconds = small_run
    assert (memory < small_memory + 50_000, seconds < small_seconds + 5) == (True, True)


@pytest.mark.parametrize(("name", "found"), [
    ("xlsx-damaged-xml.xlsx", "ParseError: not well-formed (invalid token): line 1, column 531"),
    ("xlsx-no-such-shared-string.xlsx", "IndexError: list index out of range"),
])
def test_a_damaged_sheet(cli, name, found):
    assert refused(cli, "rate", name) == (
        f"{name}, sheet 'games': cannot read the sheet; found {found}, expected a sheet as a "
        "spreadsheet program saves it")


def test_a_sheet_of_more_cells_than_the_bound(cli, tmp_path):
    # 700 rows of one cell each at column XFD (16,384): the rows hold 16,384 cells each up
    # to that one, and row 611 passes the 10,000,000 of MAX_SHEET_CELLS (610 × 16,384 =
    # 9,994,240).
    path = write_sheet_xml(tmp_path / "wide.xlsx", "".join(
        inline_row(n, [("XFD", "x")]) for n in range(1, 701)), "XFD1:XFD700")
    assert refused(cli, "rate", path) == (
        f"{path}, sheet 'games', row 611: the sheet is too large; found more than 10,000,000 "
        "cells up to this row (a row counts every cell up to its last filled one), expected a "
        "sheet of players or games")


# ------------------------------------------------------------ 5: TRF rounds and lines


def test_a_trf_declaring_999999999_rounds(cli):
    assert refused(cli, "rate", "trf-xxr-999999999.trf") == (
        "trf-xxr-999999999.trf, line 3: unreadable number of rounds (record XXR); found "
        "'999999999', expected a whole number from 0 to 999")


def test_a_trf_line_of_four_megabytes(cli, tmp_path):
    lines = (BAD / "trf-rating-9999.trf").read_text().replace("9999", "2000").splitlines()
    lines[4] += " " * 4_000_000
    path = tmp_path / "long.trf"
    path.write_text("\n".join(lines) + "\n")
    assert refused(cli, "rate", path) == (
        f"{path}, line 5: the line is too long for a TRF record; found 4,000,099 characters, "
        "expected at most 10,081 (a player record of 999 rounds)")


def test_one_long_trf_line_costs_its_own_length(small_run, tmp_path):
    # 4,000 players, the first record padded to the longest a line may be (999 rounds):
    # every line was padded to it before (760 MB); now each costs its own length.
    lines = ["012 Many players", "042 2025/01/15"]
    lines += [f"001 {i:4d}      {f'Player {i}':<33} 2000{'0.0':>33}" for i in range(1, 4001)]
    lines[2] = lines[2].ljust(10_081)
    path = tmp_path / "wide.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, err, memory, seconds = measured("rate", path, "--format", "csv", cwd=BAD)
    assert code == 0, err
    rows = out.splitlines()
    assert (len(rows), rows[1][:22], rows[-1][:25]) == (
        4001, "1,Player 1,,,,2000,0.0", "4000,Player 4000,,,,2000,")
    small_memory, small_seconds = small_run
    assert (memory < small_memory + 50_000, seconds < small_seconds + 5) == (True, True)


# ------------------------------------------------------------ 8: standard input


def piped(stdin: bytes, *args: str, cwd: Path = BAD) -> subprocess.CompletedProcess[bytes]:
    """``tournament-elo ARGS`` in a new process, ``stdin`` its standard input."""
    return subprocess.run([sys.executable, "-m", "tournament_elo", *args], input=stdin,
                          capture_output=True, cwd=cwd, check=False)


def test_empty_standard_input_is_named_so():
    done = piped(b"", "rate", "-")
    assert (done.returncode, done.stderr.decode()) == (
        2, "error: <standard input>: the file is empty, expected an event file\n")


def test_a_mistake_on_standard_input_is_located_there():
    done = piped(b"round,white,black,result\n1,1,2,x\n", "rate", "-")
    assert (done.returncode, done.stderr.decode()) == (
        2, "error: <standard input>, line 2: unknown result; found 'x', expected 1-0, 0-1, ½-½ "
        "(0.5-0.5, 1/2-1/2, =), +/- or -/+ (forfeit), -/- (double forfeit), 0-0 (both "
        "declared lost), or blank (not played yet)\n")


def test_standard_input_has_no_files_beside_it(tmp_path):
    # An event.csv in the current folder is no companion of standard input's games.
    (tmp_path / "event.csv").write_text("key,value\nrounds,7\n")
    done = piped(b"round,white,black,result\n1,1,2,1-0\n", "rate", "-", "--format", "json",
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["event"]["rounds"] == 1


def test_a_chess_results_list_value_out_of_bounds(cli):
    assert refused(cli, "rate", SAMPLE, "--ratings", "crosstable-rating-1e308.html") == (
        f"crosstable-rating-1e308.html, line 3: unreadable rating; found '1e308', {WHOLE} 4000")


def test_a_grid_cell_of_more_results_than_rounds(cli, tmp_path):
    # A round robin of two: a cell of 1,000 results would be 1,000 rounds.
    path = tmp_path / "grid.html"
    path.write_text("<!DOCTYPE html><html><body><table>\n"
                    "<tr><td>No.</td><td>Name</td><td>1</td><td>2</td></tr>\n"
                    f"<tr><td>1</td><td>Ann</td><td>*</td><td>{'1' * 1000}</td></tr>\n"
                    f"<tr><td>2</td><td>Bob</td><td>{'0' * 1000}</td><td>*</td></tr>\n"
                    "</table></body></html>\n")
    assert refused(cli, "rate", path) == (
        f"{path}, line 3: the grid's cells hold more results than an event has rounds; found "
        f"1,000 results in one cell ('{'1' * 40}'… (1,000 characters)), expected at most 999 "
        "rounds in all")
