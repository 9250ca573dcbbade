"""Our C.07 tie-breaks equal FIDE's reference implementation to the digit it prints, on
2,000 generated events (see :mod:`gacrux_oracle`), and where we differ on purpose, the
article that decides it with both values.

``python tests/support/gacrux_oracle.py --events 20000`` prints the agreement per code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gacrux_oracle import RUNS, compare, event_of
from gacrux_reference import reference_printed

from helpers import DATA, run_cli
from tournament_elo.rating.standings import standings
from tournament_elo.read.trf import read_trf

EVENTS = 2000
BATCHES = 8


@pytest.mark.parametrize("batch", range(BATCHES))
def test_generated_events_agree_to_the_digit(batch: int) -> None:
    # Each event is compared on one run of codes (every fourth event on each), so that
    # the 2,000 events stay within CI's time; the script compares every code.
    found = []
    for seed in range(batch * EVENTS // BATCHES, (batch + 1) * EVENTS // BATCHES):
        _, mismatches = compare(event_of(seed), runs=(RUNS[(seed // 4) % len(RUNS)],))
        found += mismatches
    assert found == [], "\n".join(map(str, found[:40]))


def _ours_and_theirs(name: str, codes: tuple[str, ...], rules: str | None,
                     unrated: int | None) -> tuple[dict[int, float], dict[int, str]]:
    """The last of ``codes`` per start number, ours and as the reference prints it."""
    path = DATA / "oracle" / name
    event = read_trf(path)
    ours = standings(event, codes, rules, unrated)
    theirs = reference_printed(path.read_text(encoding="utf-8"), codes, swiss=True,
                               unrated_rating=unrated)
    assert theirs is not None
    return ({int(p.id): float(ours.values[codes[-1]][i]) for i, p in enumerate(event.players)},
            {start: row.cells[-1] for start, row in theirs.items()})


def test_a_game_not_rated_counts_in_aro() -> None:
    # Player 1 won a game that is not rated ('W') against no. 3 (1756), lost by forfeit
    # to no. 2 and beat no. 5 (1543): ARO (1756 + 1543) / 2 = 1649.5 -> 1650, as the
    # reference prints it; the forfeit is an unplayed round (C.07 Art. 16.2), the 'W'
    # game is not.
    ours, theirs = _ours_and_theirs("generated_swiss6_w_game.trf", ("ARO",), "2024", 1000)
    assert ours[1] == 1650 and theirs[1] == "1650"


def test_apro_with_a_cut_is_ours_not_the_references() -> None:
    # C.07 (2024, 2026) marks no Cut-1 for APRO in its Art. 5 table: APRO/C1 is a
    # self-defined tie-break (Art. 4.1), ours cutting the opponent with the lowest TPR.
    # Player 1 played no. 3 (TPR 1849) and no. 5 (TPR 1785, the 'H' round no game):
    # ours leaves out 1785 -> 1849.  The reference averages the opponents' TPR with
    # each one's own lowest-rated opponent cut: no. 3 without 1557 scored 1 of 2
    # against 2125 and 1864 -> 1995; no. 5 without 1444 scored 0 against 2125 -> 1325;
    # (1995 + 1325) / 2 = 1660.
    # (The reference fails on APRO/C1 alone, "Error 510 Program error"; after APRO it runs.)
    ours, theirs = _ours_and_theirs("generated_swiss6_w_game.trf", ("APRO", "APRO/C1"),
                                    "2024", 1000)
    assert ours[1] == 1849 and theirs[1] == "1660"


def test_unrated_players_without_a_rating_leave_the_unrated_out() -> None:
    # No. 9 is unrated and no --unrated-rating is given.  The reference then leaves
    # every rating tie-break of every player empty; ours leaves the unrated opponent out
    # of the averages (C.07 Art. 10 averages the ratings of the opponents; an unrated
    # one has none): player 1 met 1742, 1699 and 1945 -> 1795.33 -> 1795; player 3
    # met 1417, no. 9 and 2403 -> (1417 + 2403) / 2 = 1910.
    ours, theirs = _ours_and_theirs("generated_swiss9_unrated.trf", ("ARO",), "2024", None)
    assert set(theirs.values()) == {"-0"}
    assert (ours[1], ours[3]) == (1795, 1910)


def test_before_september_2023_the_virtual_opponent() -> None:
    # An event of January 2023: C.07-2023 was not in force (it applies from 1 September
    # 2023), so the unplayed rounds count as the old rules counted them (the virtual
    # opponent of Handbook C.02, Art. 13); the reference has no such edition and
    # applies its 2024 rules.  Player 1: 'H' in round 1 and a forfeit loss in round 2,
    # then beat no. 7 (1 point, his forfeit loss and his bye seen as draws) and no. 2
    # (3 points).  Virtual opponents: round 1, 0 + (1 - 0.5) + 0.5 x 3 = 2; round 2,
    # 0.5 + (1 - 0) + 0.5 x 2 = 2.5; BH 2 + 2.5 + 1 + 3 = 8.5.  The reference: two
    # dummies at his own 2.5, no. 7 at 1, no. 2 at 3: 9.
    ours, theirs = _ours_and_theirs("generated_swiss8_2023.trf", ("BH",), None, 1000)
    assert ours[1] == 8.5 and theirs[1] == "9.0"
    event = read_trf(DATA / "oracle" / "generated_swiss8_2023.trf")
    assert standings(event, ("BH",)).rules == "pre2023"


def test_aob_after_nine_rounds_with_three_decimals(tmp_path: Path) -> None:
    # FIDE's reference prints AOB of the 9-round TEC exercise to 3 decimals: no. 3
    # 42.944, no. 1 42.667.  The JSON carries the value and its decimals, the report's
    # crosstable prints it so.
    done = run_cli("rate", str(DATA / "held_c07_swiss9.trf"), "--tiebreaks", "AOB",
                   "--out", "report", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["event"]["tiebreak_decimals"] == {"AOB": 3}
    aob = {p["id"]: p["tiebreaks"]["AOB"] for p in data["players"]}
    assert (aob[3], aob[1]) == (42.944, 42.667)
    html = next((tmp_path / "report").glob("*.html")).read_text(encoding="utf-8")
    assert ">42.944<" in html and ">42.667<" in html
