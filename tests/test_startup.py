"""What a command imports: the command line starts light (issue 16).

Each case runs the command in a fresh interpreter and lists the heavy modules left in
``sys.modules`` — an import made at the top of ``cli.py``/``cli_db.py`` (or of a module
they import) shows here, whatever the machine's speed.  No time is measured: the
benchmark (``benchmarks/bench_startup.py``) does that.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRF = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"

#: Runs ``main(argv)`` with its output thrown away, then prints which of the watched
#: modules were imported.
PROBE = """
import contextlib, io, json, sys
from tournament_elo.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(json.loads(sys.argv[1]))
watched = json.loads(sys.argv[2])
print(json.dumps([code, sorted(m for m in watched if m in sys.modules)]))
"""
HEAVY = ["numpy", "pandas", "jinja2", "openpyxl", "sqlite3", "tournament_elo.render.writers",
         "tournament_elo.engine", "tournament_elo.db.store"]


def imported(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv), json.dumps(HEAVY)],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    code, found = json.loads(done.stdout)
    return code, found


@pytest.mark.parametrize("argv", [("--help",), ("--version",), ("systems",),
                                  ("db", "--help"), ("rate", "--help"), ("publish", "--help")])
def test_help_version_and_the_system_list_import_nothing_heavy(argv: tuple[str, ...]) -> None:
    assert imported(*argv) == (0, [])


@pytest.mark.parametrize("output", ["json", "csv"])
def test_rate_to_json_or_csv_imports_no_pandas_jinja_or_writers(output: str) -> None:
    # numpy and the engine are what rating needs; pandas, Jinja, openpyxl, the writers
    # and the database are not.
    assert imported("rate", str(TRF), "--format", output) == (
        0, ["numpy", "tournament_elo.engine"])
