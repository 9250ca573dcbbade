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

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"

#: Runs ``main(argv)`` with its output thrown away, then prints which of the watched
#: modules were imported.
PROBE = """
import contextlib, io, json, sys
from tournament_elo.cli.commands import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(json.loads(sys.argv[1]))
watched = json.loads(sys.argv[2])
print(json.dumps([code, sorted(m for m in watched if m in sys.modules)]))
"""
HEAVY = ["numpy", "pandas", "jinja2", "openpyxl", "sqlite3", "tournament_elo.render.writers",
         "tournament_elo.rating.engine", "tournament_elo.db.store",
         # what a FIDE event read from a TRF has no use for:
         "tournament_elo.systems.per_game.system", "tournament_elo.systems.per_game.definition",
         "tournament_elo.rating.teams.matches", "tournament_elo.read.table", "secrets",
         # --version prints the package's own constant, not the installed metadata:
         "importlib.metadata"]


def imported(*argv: str, watched: list[str] = HEAVY) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv), json.dumps(watched)],
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
    # and the database are not, nor (for a FIDE event in a TRF) the per-game engine, the
    # team model or the sheet reader.
    # (importlib.resources, which ``--version`` needs, costs a tenth of this command; the
    # other commands' modules are imported when their command is named, the rating
    # period's types and rules by the database; fractions, with decimal and numbers,
    # costs 2 ms, decimal alone 1 ms, and csv is for the CSV.)
    assert imported("rate", str(TRF), "--format", output,
                    watched=[*HEAVY, "importlib.resources", "tournament_elo.cli.db",
                             "tournament_elo.cli.desk", "tournament_elo.cli.teams",
                             "tournament_elo.systems.periods",
                             "tournament_elo.systems.fide.period", "fractions", "decimal",
                             "csv"]) == (
        0, ["csv", "numpy", "tournament_elo.rating.engine"] if output == "csv" else
        ["numpy", "tournament_elo.rating.engine"])


#: Prints OpenBLAS's thread setting after ``main(["systems"])`` in a fresh interpreter.
THREADS = """
import contextlib, io, os
from tournament_elo.cli.commands import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["systems"])
print(os.environ.get("OPENBLAS_NUM_THREADS"))
"""


@pytest.mark.parametrize(("given", "kept"), [(None, "1"), ("3", "3")])
def test_numpy_is_asked_for_one_blas_thread_unless_the_user_chose(given: str | None,
                                                                  kept: str) -> None:
    # OpenBLAS's threads spin at numpy's import (CPU the program never uses): the command
    # line asks for one, and keeps a number the user set.
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    done = subprocess.run([sys.executable, "-c", THREADS], capture_output=True, text=True,
                          check=True, cwd=ROOT, env=env)
    assert done.stdout.strip() == kept


def test_the_program_sets_the_collector_before_it_imports_the_command_line() -> None:
    """``tournament-elo`` (and ``python -m tournament_elo``) raises Python's collector
    threshold from 700 to 100,000 before it imports click and the command line (inside
    :func:`~tournament_elo.__main__.run`): start-up makes many objects and frees few, and
    the collector walked them again and again."""
    probe = ("import gc, tournament_elo.cli.commands as cli\n"
             "before = gc.get_threshold()[0]\n"
             "cli.main = lambda: gc.get_threshold()[0]\n"
             "from tournament_elo.__main__ import run\n"
             "print(before, run(), gc.get_freeze_count() > 0)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    # ... and the objects are frozen at the end, out of the teardown's search for cycles.
    assert done.stdout.split() == ["700", "100000", "True"]
