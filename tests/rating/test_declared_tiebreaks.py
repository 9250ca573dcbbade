"""The tie-breaks a TRF-2026 file declares (record 202, or 212 with the points first) rank
the event when ``--tiebreaks`` is not given, as they rank it in FIDE's reference
implementation, whose command reads them from the file when it is given no ``-t``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import DATA, run_cli

SWISS5 = DATA.parent.parent / "sample_events" / "held_c07_swiss5.trf"
#: A team event's 202 record: its teams' tie-breaks (FIDE's TRF-2026 example).
TEAM = DATA / "fide_trf26_example_grandmommys_cup_team.trf"


def declaring(folder: Path, record: str) -> str:
    """FIDE's C.07 exercise of 16 players over 5 rounds with ``record`` among its headers
    (after ``XXR 5``, before the first player): the file's name in ``folder``."""
    lines = SWISS5.read_text(encoding="utf-8").splitlines()
    at = lines.index("XXR 5") + 1
    (folder / "declared.trf").write_text("\n".join([*lines[:at], record, *lines[at:]]) + "\n",
                                         encoding="utf-8")
    return "declared.trf"


def ours(folder: Path, name: str, *options: str) -> tuple[list[dict[str, object]], str]:
    done = run_cli("rate", name, "--format", "json", *options, cwd=folder)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["players"], done.stderr


def reference(path: Path, *options: str) -> dict[int, list[float]]:
    """What ``python -m gacrux.tiebreakchecker -i FILE -s -d T`` prints, without ``-t``:
    by start number, the rank, the points and each declared tie-break."""
    printed = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-s", "-d", "T",
         "-b", "utf-8", *options], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert printed[0].split("\t") == ["StartNo", "Rank", "PTS", "SB", "BH/M1", "WIN"]
    return {int(row.split("\t")[0]): [float(cell) for cell in row.split("\t")[1:]]
            for row in printed[1:] if row.strip()}


@pytest.mark.parametrize("record", ["202 SB,BH/M1,WIN", "212 PTS SB BH/M1 WIN"])
def test_the_declared_tiebreaks_rank_the_event_as_the_reference_ranks_it(tmp_path, record):
    name = declaring(tmp_path, record)
    players, warnings = ours(tmp_path, name)
    assert warnings == ""
    theirs = reference(tmp_path / name)
    assert len(players) == len(theirs) == 16
    for p in players:
        assert list(p["tiebreaks"]) == ["SB", "BH/M1", "WIN"]
        assert [p["rank"], p["points"], *p["tiebreaks"].values()] == theirs[p["id"]], p["id"]
    # After round 3 (an event in progress), as the reference's -n 3 gives them.
    players, warnings = ours(tmp_path, name, "--round", "3")
    theirs = reference(tmp_path / name, "-n", "3")
    assert warnings == "" and len(players) == 16
    for p in players:
        assert [p["rank"], p["points"], *p["tiebreaks"].values()] == theirs[p["id"]], p["id"]
    players, _ = ours(tmp_path, name)
    # By hand, from the exercise's crosstable (all five rounds): Bruno (2) leads on 4
    # points; Charline (3), David (4) and Alyx (1) share 3.5 with Stephan (16), and SB
    # orders them 10.5, 9.75, 8, 7.25; Alyx's SB: 1 × 1.5 (9) + ½ × 1.5 (13) + ½ × 4 (2)
    # + 1 × 2 (15) + ½ × 3.5 (4) = 1.5 + 0.75 + 2 + 2 + 1.75 = 8.
    order = [p["id"] for p in sorted(players, key=lambda p: p["rank"])]
    assert order[:5] == [2, 3, 4, 1, 16]
    assert next(p for p in players if p["id"] == 1)["tiebreaks"]["SB"] == 8


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "warning: declared.trf, line 5: record 212 declares tie-breaks not computed here: "
           "EDET/P, BH:GP; ranked by BH/C1, BH, SB (choose with --tiebreaks)"),
    ("vi", "cảnh báo: declared.trf, dòng 5: bản ghi 212 khai báo hệ số phụ không tính được "
           "ở đây: EDET/P, BH:GP; xếp hạng theo BH/C1, BH, SB (chọn bằng --tiebreaks)")])
def test_a_declared_tiebreak_not_computed_is_warned_about_and_the_defaults_rank(
        tmp_path, lang, line):
    name = declaring(tmp_path, "212 PTS SB,EDET/P BH:GP")
    players, warnings = ours(tmp_path, name, "--lang", lang)
    assert warnings.splitlines() == [line]  # line 5: after 012, 042, 062 and XXR
    assert all(list(p["tiebreaks"]) == ["BH/C1", "BH", "SB"] for p in players)


def test_tiebreaks_asked_for_override_the_declared_ones(tmp_path):
    name = declaring(tmp_path, "212 PTS SB,EDET/P BH:GP")
    players, warnings = ours(tmp_path, name, "--tiebreaks", "WIN")
    assert warnings == ""
    assert all(list(p["tiebreaks"]) == ["WIN"] for p in players)


def test_a_team_events_record_declares_its_teams_tiebreaks_not_the_players(tmp_path):
    # 202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP: team tie-breaks; the players' standings keep
    # the defaults for a Swiss (092 FIDE-TEAM-BAKU, a Swiss of teams), and nothing is
    # warned about.
    assert "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP" in TEAM.read_text(encoding="utf-8")
    players, warnings = ours(TEAM.parent, TEAM.name)
    assert "record 202" not in warnings
    assert {tuple(p["tiebreaks"]) for p in players} == {("BH/C1", "BH", "SB")}


def test_the_federations_event_page_ranks_by_the_declared_tiebreaks_too(tmp_path):
    # The database keeps the record with the event: the site's page of the event shows
    # the columns the arbiter's own report (rate --out) shows.
    events = tmp_path / "events"
    events.mkdir()
    name = declaring(events, "202 SB,BH/M1,WIN")
    for command in (("db", "import", "events", "--system", "fide-2024"), ("db", "recompute"),
                    ("publish", "--out", "site"), ("rate", f"events/{name}", "--out", "report")):
        done = run_cli(*command, cwd=tmp_path)
        assert done.returncode == 0 and "warning" not in done.stderr, (command, done.stderr)
    heading = re.compile(r'<th class="num tb"[^>]*>([^<]+)</th>')
    page = (tmp_path / "site" / "events" / "1.html").read_text(encoding="utf-8")
    report = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert heading.findall(page) == heading.findall(report) == ["SB", "BH/M1", "WIN"]
