"""Bad input through the command line ("Nothing lost, nothing crashes"): every case a
mutation fuzzer found is an exit 2 with one message naming the file, the line or cell,
what was found and what was expected, or the right result.

The inputs are the small files in ``tests/data/bad/`` (see ``tests/data/SOURCES.md``);
big ones are made here.  The command runs in this process (``main``, as the
``tournament-elo`` script calls it) from that folder, so messages name the files as given.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from helpers import DATA
from tournament_elo.cli import main

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
    ("list-rating-1e308.csv", f"line 2: unreadable rating; found '1e308', {WHOLE} 4000"),
    ("list-rating-40-digits.csv", f"line 2: unreadable rating; found '{NINES_40}', {WHOLE} 4000"),
    ("list-rating-negative.csv", f"line 2: unreadable rating; found '-1500', {WHOLE} 4000"),
    ("list-games-negative.csv", f"line 2: unreadable number of games; found '-5', {WHOLE} 1000000"),
    ("list-games-fraction.csv",
     f"line 2: unreadable number of games; found '3.5', {WHOLE} 1000000"),
    ("list-k-negative.csv", f"line 2: unreadable K factor; found '-10', {WHOLE} 100"),
    ("list-k-1e308.csv", f"line 2: unreadable K factor; found '1e308', {WHOLE} 100"),
    ("list-birth-3000.csv",
     f"line 2: unreadable birth date; found '3000', expected a year from 1800 to {THIS_YEAR}"),
    ("list-birth-abc.csv", f"line 2: unreadable birth date; found 'abc', {BIRTH_FORMS}"),
    ("fide-list-rating-5000.txt", f"line 2: unreadable rating; found '5000', {WHOLE} 4000"),
])
def test_a_rating_list_value_out_of_bounds(cli, name, message):
    assert refused(cli, "rate", SAMPLE, "--ratings", name) == f"{name}, {message}"


def test_a_rating_list_value_of_ten_thousand_digits(cli, tmp_path):
    path = tmp_path / "list.csv"
    path.write_text("id,rating\n1," + "9" * 10_000 + "\n")
    assert refused(cli, "rate", SAMPLE, "--ratings", path) == (
        f"{path}, line 2: unreadable rating; found '{NINES_40}'… (10,000 characters), "
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
