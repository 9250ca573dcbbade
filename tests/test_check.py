"""'check': the published figures against the project's own computation."""

import subprocess
import sys

import pytest

from helpers import DATA
from tournament_elo.check import check_published
from tournament_elo.engine import rate
from tournament_elo.io.detect import read_event


@pytest.mark.parametrize(("page", "compared", "not_compared"), [
    # 108 players × (points, rank); 38 × 2; 9 × 2.
    ("chessresults_british2026_champ_crosstable_final.html", 216, ["TB1"]),
    ("chessresults_frome2026_open_crosstable.html", 76, ["TB1", "TB2", "TB3"]),
    ("chessresults_ussa2026_roundrobin_crosstable.html", 18, ["TB1", "TB2", "TB3", "TB4"]),
])
def test_public_pages_agree_with_their_published_points_and_ranks(page, compared, not_compared):
    report = check_published(rate(read_event(DATA / page)))
    assert report.disagreements == []
    assert report.compared == compared and report.not_compared == not_compared


def test_friendship_cup_player_41():
    report = check_published(rate(read_event(DATA / "heltour_friendship_cup_2024_team.trf")))
    points = [(d.player, d.published, d.computed) for d in report.disagreements
              if d.what == "points"]
    assert points == [(41, 1.0, 0.0)]  # declares 1.0, scores 0 from results


def test_the_command_prints_each_disagreement(tmp_path):
    text = (DATA / "held_c07_roundrobin6.trf").read_text()
    # Alyx declares 3.5: make it 4.0 (columns 81-84).
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "Alyx" in line)
    lines[row] = lines[row][:80] + " 4.0" + lines[row][84:]
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n")
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "check", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "player 1 (Alyx): points published 4.0, computed 3.5",
        "11 of 12 published values agree",
    ]
