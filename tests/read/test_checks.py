"""The checks every event passes, on a reader's draft (``read.checks.checked_event``): what
they raise and warn about, in which order, at the places the draft gives; and the same
mistake read from two formats, through the command line, worded alike.

The drafts are four players over three rounds, written out here row by row; each
expected message is the checks' wording with the values of those rows.
"""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest

from tournament_elo.cli.commands import main
from tournament_elo.errors import InputError, InputErrors, InputWarning, Place, Problems
from tournament_elo.model import (
    BLACK,
    WHITE,
    DeclaredTiebreaks,
    Event,
    EventDraft,
    EventFields,
    EventType,
    Pairings,
    Player,
    Result,
)
from tournament_elo.read.checks import checked_event

W, D, L, U = Result.WIN, Result.DRAW, Result.LOSS, Result.UNPLAYED
FF, ZERO = Result.FORFEIT_LOSS, Result.ZERO_BYE

#: (round, player, opponent, colour, result), players 0-3 (ids 1-4).  Round 1: 1-2 1-0,
#: 3-4 ½-½; round 2: 1-3 0-1, 2-4 both forfeited; round 3: 1-4 not played yet, 2-3 0-1.
ROWS = [
    (1, 0, 1, WHITE, W), (1, 1, 0, BLACK, L), (1, 2, 3, WHITE, D), (1, 3, 2, BLACK, D),
    (2, 0, 2, WHITE, L), (2, 2, 0, BLACK, W), (2, 1, 3, WHITE, FF), (2, 3, 1, BLACK, FF),
    (3, 0, 3, WHITE, U), (3, 3, 0, BLACK, U), (3, 1, 2, WHITE, L), (3, 2, 1, BLACK, W),
]


PLAYERS = tuple(Player(index=i, id=i + 1, name=name)
                for i, name in enumerate(("Ann", "Bo", "Cy", "Di")))


def draft(rows=ROWS, *, players=None, problems=None, check_left_out=True,
          later=(), warnings=(), **fields) -> EventDraft:
    """A draft of ``rows``: row ``r`` read at line ``10 + r``, player ``i``'s FIDE id at
    line ``i + 1``, his points at cell ``P{i + 2}``."""
    people = PLAYERS if players is None else players
    columns = list(zip(*rows, strict=True)) or [()] * 5
    return EventDraft(
        EventFields(name="Test", players=people, rounds=3, type=EventType.SWISS,
                    pairings=Pairings.from_columns([[int(v) for v in c] for c in columns]),
                    source="t.txt", source_format="test", warnings=tuple(warnings), **fields),
        row_place=lambda row: Place("t.txt", line=10 + row),
        fide_id_place=lambda i: Place("t.txt", line=i + 1),
        points_place=lambda i: Place("t.txt", sheet="players", cell=f"P{i + 2}"),
        problems=problems or Problems(), check_left_out_results=check_left_out,
        later_warnings=tuple(later))


def test_a_draft_that_passes_becomes_its_event_with_the_checks_warnings():
    seed = DeclaredTiebreaks(("SB",), Place("t.txt", line=3), "record 202", "202 SB")
    event = checked_event(draft(lots_seed=7, declared_tiebreaks=seed, record_file=True))
    assert type(event) is Event
    assert (event.name, event.lots_seed, event.declared_tiebreaks, event.record_file) == (
        "Test", 7, seed, True)
    assert event.points().tolist() == [100, 0, 250, 50]  # Ann 1, Bo 0, Cy ½+1+1, Di ½
    assert event.rounds_played == 2  # round 3 has a game still to be played
    assert [str(w) for w in event.warnings] == [
        "t.txt, line 16: double forfeit in round 2 between players 2 and 4: no points, "
        "rated for neither"]


def test_the_warnings_come_the_readers_then_the_checks_then_the_readers_later_ones():
    people = (Player(index=0, id=1, name="Ann", fide_id="100", declared_points=150),
              Player(index=1, id=2, name="Bo"),
              Player(index=2, id=3, name="Cy", fide_id="100"),
              Player(index=3, id=4, name="Di"))
    event = checked_event(draft(
        players=people, warnings=[InputWarning(Place("t.txt", line=1), "the reader's")],
        later=[InputWarning(Place("t.txt"), "about the event")],
        start=date(2025, 1, 1), end=date(2025, 3, 15)))
    # 2025-01-01 to 2025-03-15 is 31 + 28 + 15 = 74 days; three rounds take at most
    # 7 × 3 + 7 = 28 (and the 15th has no month to be swapped with).
    assert [str(w) for w in event.warnings] == [
        "t.txt, line 1: the reader's",
        "t.txt, line 3: FIDE id 100 is given to two players: 'Ann' (player 1) and 'Cy' "
        "(player 3)",
        "t.txt, line 16: double forfeit in round 2 between players 2 and 4: no points, "
        "rated for neither",
        "t.txt, sheet 'players', cell P2: player 1 (Ann) declares 1.5 points but the "
        "results give 1",
        "t.txt: about the event",
        "t.txt: the event's dates 2025-01-01 – 2025-03-15 span 74 days for 3 rounds, more "
        "than the 28 days they take at a round a week"]


def test_a_pairing_not_mirrored_is_raised_first_at_its_row():
    # Round 1: Bo's row names Cy, not Ann: Ann's row (row 0, line 10) is the one that
    # does not come back.
    rows = [*ROWS]
    rows[1] = (1, 1, 2, BLACK, L)
    problems = Problems()
    problems.add(InputError("a reader's problem", Place("t.txt", line=2)))
    with pytest.raises(InputError) as raised:
        checked_event(draft(rows, problems=problems))
    assert not isinstance(raised.value, InputErrors)
    assert str(raised.value) == (
        "t.txt, line 10: player 1 is paired with player 2 in round 1, but player 2 has "
        "player 3 there; found round 1 of player 2: player 3, expected player 1")


def left_out(rows=ROWS):
    """ROWS with round 2's Ann – Cy not played yet (round 3 has a result)."""
    rows = [*rows]
    rows[4], rows[5] = (2, 0, 2, WHITE, U), (2, 2, 0, BLACK, U)
    return rows


def test_a_result_left_out_is_raised_with_the_readers_problems_in_one_run():
    problems = Problems()
    problems.add(InputError("unreadable start date", Place("t.txt", line=2), found="'x'"))
    with pytest.raises(InputErrors) as raised:
        checked_event(draft(left_out(), problems=problems))
    assert [str(p) for p in raised.value.problems] == [
        "t.txt, line 2: unreadable start date; found 'x'",
        "t.txt, line 14: round 2: the game Ann (1) – Cy (3) has no result; found a blank "
        "result, expected its result, since round 3 has results"]


def test_a_result_left_out_is_no_error_where_the_rounds_are_no_order_of_play():
    event = checked_event(draft(left_out(), check_left_out=False))
    assert event.rounds_played == 1


def test_no_game_and_no_player_is_an_event_all_the_same():
    event = checked_event(draft([], players=()))
    assert (len(event.players), len(event.pairings), event.warnings) == (0, 0, ())
    assert np.array_equal(event.points(), [])


def trf_record(start: int, name: str, rating: int, cells: str) -> str:
    """A ``001`` record in FIDE's columns: start 5-8, name 15-47, rating 49-52, federation
    54-56, FIDE id 58-68, birth 70-79, points 81-84, rank 86-89, rounds from 92."""
    return (f"001 {start:>4}      {name:<33} {rating:>4} VIE {'':>11} {'':>10} "
            f"{'0.0':>4} {'':>4}  {cells}")


#: Ann and Bo, both forfeited in round 1, in both formats.
DOUBLE_FORFEIT_TRF = "\n".join([
    "012 Club", "042 2025/03/01",
    trf_record(1, "Ann", 1900, "   2 w -"), trf_record(2, "Bo", 1800, "   1 b -")]) + "\n"
DOUBLE_FORFEIT_GAMES = "round,date,white,black,result\n1,2025-03-01,1,2,-/-\n"
DOUBLE_FORFEIT_PLAYERS = "id,name,rating\n1,Ann,1900\n2,Bo,1800\n"


def test_the_same_mistake_is_worded_alike_from_a_trf_and_a_sheet(tmp_path, capsys,
                                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.trf").write_text(DOUBLE_FORFEIT_TRF, encoding="utf-8")
    (tmp_path / "club-games.csv").write_text(DOUBLE_FORFEIT_GAMES, encoding="utf-8")
    (tmp_path / "club-players.csv").write_text(DOUBLE_FORFEIT_PLAYERS, encoding="utf-8")
    said = []
    for name in ("club.trf", "club-games.csv"):
        assert main(["rate", name, "--format", "json"]) == 0
        said.append(capsys.readouterr().err)
    assert said == [
        "warning: club.trf, line 3: double forfeit in round 1 between players 1 and 2: no "
        "points, rated for neither\n",
        "warning: club-games.csv, line 2: double forfeit in round 1 between players 1 and 2: "
        "no points, rated for neither\n"]


def test_a_trfs_unreadable_date_and_a_result_left_out_are_said_in_one_run(tmp_path, capsys,
                                                                         monkeypatch):
    # Round 1's Ann – Cy has no result while round 2 has results; 042 gives month 13.
    # Both are said, in the file's order (the header first), exit 2.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.trf").write_text("\n".join([
        "012 Club", "042 2025/13/45",
        trf_record(1, "Ann", 1900, "   3 w       2 w 1"),
        trf_record(2, "Bo", 1800, "   4 w 1     1 b 0"),
        trf_record(3, "Cy", 1800, "   1 b       4 b 1"),
        trf_record(4, "Di", 1800, "   2 b 0     3 w 0")]) + "\n", encoding="utf-8")
    assert main(["rate", "club.trf"]) == 2
    assert capsys.readouterr().err == (
        "error: club.trf, line 2: unreadable start date; found '2025/13/45', expected a date "
        "such as 2024/11/23, 2024-11-23 or 23.11.2024\n"
        "error: club.trf, line 3: round 1: the game Ann (1) – Cy (3) has no result; found a "
        "blank result, expected its result, since round 2 has results\n")
