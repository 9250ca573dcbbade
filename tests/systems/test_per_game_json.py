"""A per-game system's JSON says what it means: change = new rating − old, the unrounded
sum of the per-game changes in ``change_sum``, ``k`` of the first game, ``k_last``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import run_cli

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "thien-ky-dao_online.csv"


def test_thien_ky_dao_change_and_k(tmp_path: Path) -> None:
    done = run_cli("rate", str(SAMPLE), "--system", "thien-ky-dao", "--format", "json",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    linh = next(p for p in data["players"] if p["id"] == "tkd_dieulinh")
    rows = [g for g in data["games"] if g["player"] == "tkd_dieulinh" and g["rated"]]
    # Đào Diệu Linh, 1655 with 29 games before: her first game at K 32 (her 30th), the
    # other 16 at K 16 (Thiên Kỳ Đạo: K 32 for 30 games, then 16); she ends at 1582,
    # the rating after her last game, so her change is 1582 − 1655 = −73.
    assert (linh["rating"], linh["new_rating"], linh["change"]) == (1655, 1582, -73)
    assert linh["change_rounded"] == -73
    assert (linh["k"], linh["k_last"]) == (32, 16)
    assert [g["k"] for g in rows] == [32] + [16] * 16
    assert rows[-1]["rating_after"] == 1582
    # Her 17 per-game changes, unrounded, add up to −73.695471 (13.488104 + 12.743275
    # − 11.647544 …): not −73, since the rating is rounded after every game.
    assert linh["change_sum"] == -73.695471
    # (The rows are printed to 6 decimals each: their sum may be 17 millionths off.)
    assert sum(g["change"] for g in rows) == pytest.approx(linh["change_sum"], abs=17e-6)
    # A new player (no rating, starts at 1000) with few games keeps K 32 to the end.
    thanh = next(p for p in data["players"] if p["id"] == "tkd_vanthanh")
    assert (thanh["rating"], thanh["start_rating"], thanh["new_rating"]) == (None, 1000, 1109)
    assert (thanh["change"], thanh["k"], thanh["k_last"]) == (109, 32, 32)
