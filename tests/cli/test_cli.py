"""The command line as a user runs it, and the JSON contract of product.md."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from norm_events import ALL_HOME_FAILURES, home_event

from tournament_elo.write.trf import write_trf

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_events" / "held_c07_swiss5.trf"

PLAYER_KEYS = {"id", "name", "fide_id", "federation", "rating", "points", "rank", "games_rated",
               "score_rated", "expected", "k", "change", "change_rounded", "new_rating", "need",
               "ra", "dp", "rp", "tiebreaks"}
GAME_KEYS = {"round", "player", "opponent", "color", "score", "rated", "opponent_rating",
             "expected", "k", "change"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_elo", *args], capture_output=True,
                          text=True, input=stdin, check=False, cwd=ROOT)


def test_json_contract_on_the_sample():
    done = run("rate", str(SAMPLE), "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["event"] == {
        "name": "FIDE C.07 2023 Tie-Break Exercises", "start": "2024-08-01", "end": None,
        "rounds": 5, "rounds_played": 5, "type": "swiss", "system": "fide-2024",
        # The default Swiss list, under the C.07 edition in force on 1 August 2024.
        "tiebreaks": ["BH/C1", "BH", "SB"], "tiebreak_rules": "2024",
        # Published as FIDE's reference prints them: BH to tenths, SB to hundredths.
        "tiebreak_decimals": {"BH/C1": 1, "BH": 1, "SB": 2},
        "lots_seed": None, "final_order": [],  # no order of last resort: ties share
    }
    assert all(set(p) == PLAYER_KEYS for p in data["players"])
    assert len(data["games"]) == 16 * 5  # one row per player per round
    assert all(set(g) == GAME_KEYS for g in data["games"])
    # Points, then the Swiss defaults BH/C1, BH, SB (2026 rules).  Four players have
    # 3.5: Charline BH/C1 13.0, David 11.5, Alyx and Stephan 11.0 and BH 12.5 each,
    # then SB 8.00 against 7.25 (the FIDE TEC exercise's answers).
    top = sorted(data["players"], key=lambda p: p["rank"])[:5]
    assert [(p["rank"], p["name"]) for p in top] == [
        (1, "Bruno"), (2, "Charline"), (3, "David"), (4, "Alyx"), (5, "Stephan")]
    assert top[0]["tiebreaks"] == {"BH/C1": 12.0, "BH": 13.0, "SB": 9.5}
    bruno = next(p for p in data["players"] if p["id"] == 2)
    # Bruno 2150: opponents 1750 (.92), 1900 (.81), 2200 (.43), 1450 (.92), 2100 (.57):
    # We = 3.65; 4 points; K 20 → +7.0 → 2157.  Ra = 9400 / 5 = 1880, 80 % → dp 240.
    assert (bruno["expected"], bruno["score_rated"], bruno["k"], bruno["change"]) == (
        3.65, 4.0, 20, 7.0)
    assert (bruno["new_rating"], bruno["need"], bruno["ra"], bruno["dp"], bruno["rp"]) == (
        2157, 4.0, 1880, 240, 2120)
    # Jessica (9) had a forfeit loss in round 4 and byes: not rated rows.
    jessica = [g for g in data["games"] if g["player"] == 9]
    assert [g["rated"] for g in jessica] == [True, True, False, False, False]
    assert jessica[3]["opponent"] == 11 and jessica[2]["opponent"] is None


def test_standard_input_and_csv(tmp_path):
    done = run("rate", "-", "--format", "csv", stdin=SAMPLE.read_text())
    assert done.returncode == 0, done.stderr
    header, first = done.stdout.splitlines()[:2]
    assert header.startswith("id,name,title,fide_id,federation,rating,points,rank")
    assert first.startswith("2,Bruno,")


def test_table_output_names_the_system_and_players():
    done = run("rate", str(SAMPLE))
    assert done.returncode == 0
    assert "fide-2024" in done.stdout and "Genevieve" in done.stdout and "2157" in done.stdout


def test_vietnamese_table():
    done = run("rate", str(SAMPLE), "--lang", "vi")
    assert "Họ tên" in done.stdout and "Elo mới" in done.stdout


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["rate", str(SAMPLE), "--system", "fide-1990"], "error: --system: unknown rating system"),
        (["rate", "missing.trf"], "error: missing.trf: cannot read the file"),
        (["rate", str(SAMPLE), "--format", "xml"], "Usage:"),
    ],
)
def test_usage_errors_exit_2(args, start):
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr.startswith(start) and "Traceback" not in done.stderr


def test_help_shows_examples():
    done = run("rate", "--help")
    assert done.returncode == 0 and "Examples:" in done.stdout
    assert "fide-2024" in run("systems").stdout


def test_unrecognised_format(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("just some words\n")
    done = run("rate", str(path))
    assert done.returncode == 2
    assert "format of this file is not recognised" in done.stderr and "tried: trf" in done.stderr


def test_names_are_printed_as_given(tmp_path):
    # Square brackets are markup to terminal libraries; here they are a name.
    text = SAMPLE.read_text().replace("Bruno    ", "Br[/]no  ").replace("Alyx     ", "[b]Alyx  ")
    path = tmp_path / "brackets.trf"
    path.write_text(text)
    done = run("rate", str(path))
    assert done.returncode == 0, done.stderr
    assert "Br[/]no" in done.stdout and "[b]Alyx" in done.stdout


def test_per_game_system_table_shows_its_own_columns():
    done = run("rate", str(SAMPLE), "--system", "thien-ky-dao")
    assert done.returncode == 0, done.stderr
    title, header = done.stdout.splitlines()[:2]
    assert title.endswith("— thien-ky-dao")
    assert "Tier after" in header and "Rp" not in header


def test_tiebreaks_chosen_on_the_command_line():
    # SB first: among the 3.5-point players Charline (10.5) > David (9.75) > Alyx (8.0)
    # > Stephan (7.25) — the FIDE TEC exercise's SB answers.
    done = run("rate", str(SAMPLE), "--format", "json", "--tiebreaks", "SB,BH",
               "--tiebreak-rules", "2023")
    assert done.returncode == 0, done.stderr
    players = sorted(json.loads(done.stdout)["players"], key=lambda p: p["rank"])
    assert [p["name"] for p in players[1:5]] == ["Charline", "David", "Alyx", "Stephan"]
    assert list(players[0]["tiebreaks"]) == ["SB", "BH"]
    bad = run("rate", str(SAMPLE), "--tiebreaks", "BH,XYZ")
    assert bad.returncode == 2 and bad.stderr.startswith("error: --tiebreaks:")


def test_norm_event_option_lifts_the_federation_mix(tmp_path: Path) -> None:
    """--norm-event sets the event's B.01 1.4.3 exemption for the norms (JSON, reports).

    tests/systems/test_norms.py's home_event: player 1 (VIE) meets nine VIE opponents with
    test_gm_norm_met's numbers (Ra 2428, Rp 2648), so only the federation mix fails.
    """
    trf = tmp_path / "home.trf"
    trf.write_text(write_trf(home_event()))

    def gm_norm(*options: str) -> dict[str, object]:
        done = run("rate", str(trf), "--format", "json", *options)
        assert done.returncode == 0, done.stderr
        (norm,) = [n for n in json.loads(done.stdout)["norms"]
                   if n["player"] == 1 and n["title"] == "GM"]
        return norm

    assert gm_norm()["failed"] == ALL_HOME_FAILURES
    assert gm_norm("--norm-event", "zonal")["met"] is True
    assert gm_norm("--norm-event", "zonal")["failed"] == []
    refused = run("rate", str(trf), "--norm-event", "olympiad")
    assert refused.returncode == 2 and "olympiad" in refused.stderr
