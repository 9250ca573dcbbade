"""Ra and Rp with an unrated opponent, both readings (``--unrated-opponents``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crosstable_builder import crosstable_rows
from xlsx_builder import write_workbook

from helpers import DATA, run_cli
from tournament_elo.read.detect import read_event

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


#: The Rp a rating report prints over the rated opponents only (Vega, Swiss-Manager):
#: Alpha 2500 as above; Bravo 1800 (a win and a loss against 2000 and 1600: Ra 1800, dp 0);
#: Charlie, unrated, 1800 as the table gives; Delta 1100 (0 of 2 against 2000 and 1800:
#: Ra 1900, dp -800).
PRINTED_RP = {1: 2500, 2: 1800, 3: 1800, 4: 1100}


@pytest.mark.parametrize(("args", "wrong"), [
    ((), []),
    (("--unrated-opponents", "floor"), [
        # Floor: Alpha 1873 (above); Bravo (2000 + 1400 + 1600) / 3 = 1667, 1 of 3 ->
        # dp -125, 1542; Delta (1400 + 1800 + 2000) / 3 = 1733, 1 of 3 -> 1608.
        "player 1 (Alpha): Rp published 2500, computed 1873",
        "player 2 (Bravo): Rp published 1800, computed 1542",
        "player 4 (Delta): Rp published 1100, computed 1608",
    ]),
])
def test_check_reads_a_published_rp_either_way(tmp_path: Path, args: tuple[str, ...],
                                               wrong: list[str]) -> None:
    rows = crosstable_rows(read_event(EVENT), "start")
    header = next(i for i, row in enumerate(rows) if "TB1" in row)
    rows[header].append("Rp")
    for row in rows[header + 1:]:
        row.append(PRINTED_RP[row[0]])
    page = write_workbook(tmp_path / "printed.xlsx", {"Crosstable": rows})
    done = run_cli("check", str(page), *args, cwd=tmp_path)
    assert done.returncode == (1 if wrong else 0), done.stderr
    lines = done.stdout.splitlines()
    assert [line for line in lines if "Rp published" in line] == wrong
    assert f"{12 - len(wrong)} of 12 published values agree" in lines

