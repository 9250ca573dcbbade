"""The benchmarks still run (``--quick``), and what each one checks on its own data
holds: a benchmark is only run by hand, so a change elsewhere (a record turned into a
named tuple) could break it unseen."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from helpers import DATA

ROOT = DATA.parents[1]


def quick(name: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), "--quick"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize(("name", "statements"), [
    # The compiled FIDE core and its numpy path give the same figures, and the core the
    # figures of the plain numba loop over one row per game.
    ("bench_fide.py", [r"both paths alike", r"figures equal to rate_event's"]),
    # The compiled per-game loop, the numpy one and the plain loop end on equal ratings.
    ("bench_per_game.py", [r"final ratings equal on all three"]),
    # 200 generated files all import, and importing them again changes nothing.
    ("bench_db.py", [r"\| failed files +\| 0 +\|", r"\| 200 unchanged +\|"]),
    # Every player of the event drawn from the generated list takes the list's rating.
    ("bench_rating_list.py", [r"rated as the list says +\| 500 of 500 +\|"]),
])
def test_a_benchmark_runs_and_its_own_checks_hold(name: str, statements: list[str]) -> None:
    out = quick(name)
    for statement in statements:
        assert re.search(statement, out), out[-3000:]
