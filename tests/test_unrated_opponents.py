"""Ra and Rp with an unrated opponent, both readings (``--unrated-opponents``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import DATA, run_cli

EVENT = DATA / "oracle" / "unrated_opponent_rr4.trf"


def figures(tmp_path: Path, *args: str) -> dict[int, tuple[int, int]]:
    done = run_cli("rate", str(EVENT), *args, "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return {p["id"]: (p["ra"], p["rp"]) for p in json.loads(done.stdout)["players"]}


@pytest.mark.parametrize("args", [(), ("--unrated-opponents", "exclude")])
def test_rated_opponents_only_by_default(tmp_path: Path, args: tuple[str, ...]) -> None:
    # No. 1 (2000) beat no. 2 (1800), drew the unrated no. 3, beat no. 4 (1600).  As
    # FIDE's rating pages, Vega and Swiss-Manager print it: the rated opponents only,
    # Ra (1800 + 1600) / 2 = 1700, 2 of 2 -> dp 800, Rp 2500.
    assert figures(tmp_path, *args)[1] == (1700, 2500)


def test_the_floor_reading(tmp_path: Path) -> None:
    # Seed 002's reading: no. 3 scored 1.5 (at least a point), so he counts at the
    # 2024 edition's floor, 1400: Ra (1800 + 1400 + 1600) / 3 = 1600; 2.5 of 3 = 83 %
    # -> dp 273 (table 8.1(a)), Rp 1873.  No. 2 lost to no. 3: (2000 + 1400 + 1600) / 3
    # = 1666.7 -> 1667, 1 of 3 = 33 % -> dp -125, Rp 1542 (rated only: 1800, 1800).
    found = figures(tmp_path, "--unrated-opponents", "floor")
    assert found[1] == (1600, 1873)
    assert found[2] == (1667, 1542)
    assert figures(tmp_path)[2] == (1800, 1800)
