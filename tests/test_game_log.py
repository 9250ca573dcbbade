"""A game log (no rounds) through the command line: its standings have no tie-breaks
unless asked, and the AI levels it was played against are opponents, not participants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]

#: Four games without rounds: A–B 1-0, B–C 1-0, A–C 0-1, A–B 1-0.
#: Points: A 2 (3 games), B 1 (3 games), C 1 (2 games).
SMALL_LOG = "white,black,result\nA,B,1-0\nB,C,1-0\nA,C,0-1\nA,B,1-0\n"


def rated_json(*args: str, cwd: Path) -> dict[str, Any]:
    done = run_cli("rate", *args, "--format", "json", cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def small_log(tmp_path: Path) -> Path:
    path = tmp_path / "log-games.csv"
    path.write_text(SMALL_LOG, encoding="utf-8")
    return path


def test_a_game_log_has_no_tiebreaks_by_default(tmp_path: Path) -> None:
    small_log(tmp_path)
    players = rated_json("log-games.csv", cwd=tmp_path)["players"]
    # B and C have a point each and nothing else breaks the tie: they share place 2.
    assert [(p["id"], p["points"], p["rank"], p["tiebreaks"]) for p in players] == [
        ("A", 2.0, 1, {}), ("B", 1.0, 2, {}), ("C", 1.0, 2, {})]
    table = run_cli("rate", "log-games.csv", cwd=tmp_path).stdout.splitlines()
    assert table[1].split() == ["Rk.", "No.", "Name", "Rtg", "Pts.", "Games", "W", "We", "K",
                                "Change", "New", "rating", "Needs", "Ra", "dp", "Rp"]


def test_a_game_log_counts_only_its_games_in_the_tiebreaks_asked(tmp_path: Path) -> None:
    small_log(tmp_path)
    players = rated_json("log-games.csv", "--tiebreaks", "BH,SB,KS", cwd=tmp_path)["players"]
    # A log has no rounds, so no unplayed ones and no dummy opponent (a Swiss would give
    # A a dummy worth his own 2 points for "round 2", the game of B and C: BH 5).
    # BH: A met B, C, B: 1 + 1 + 1 = 3; B met A, C, A: 2 + 1 + 2 = 5; C met B, A: 1 + 2 = 3.
    # SB: A beat B twice: 1 + 1 = 2; B beat C: 1; C beat A: 2.
    # KS (opponents with at least half the score of their own games): A 2 of 3 and C 1
    # of 2 are, B 1 of 3 is not.  A: 0 against C; B: 1 (beat C); C: 1 (beat A).
    assert [(p["id"], p["rank"], p["tiebreaks"]) for p in players] == [
        ("A", 1, {"BH": 3, "SB": 2, "KS": 0}),
        ("B", 2, {"BH": 5, "SB": 1, "KS": 1}),
        ("C", 3, {"BH": 3, "SB": 2, "KS": 1})]
