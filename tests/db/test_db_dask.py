"""The database's jobs on a local dask.distributed cluster give what they give alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import HISTORY_START
from db_figures import imported

from tournament_elo.db.distributed import dask_client
from tournament_elo.db.importer import import_events
from tournament_elo.db.lists import import_list
from tournament_elo.db.queries import computation, ratings
from tournament_elo.db.recompute import recompute
from tournament_elo.db.store import Database

pytest.importorskip("dask.distributed")


def test_import_on_a_local_cluster_equals_the_plain_import(history_files, tmp_path):
    plain = imported(history_files, tmp_path / "plain.db")
    recompute(plain)
    with Database(tmp_path / "dask.db") as db, dask_client("local") as client:
        import_list(db, history_files / "list.csv", HISTORY_START)
        report = import_events(db, [history_files / "events"], system="fide-2024",
                               client=client)
        assert (len(report.imported), len(report.failed)) == (100, 0)
        recompute(db)
        # Events arrive in another order, so database ids differ: compare by FIDE id.
        got = ratings(db, computation(db)).set_index("fide_id")["rating"]
    want = ratings(plain, computation(plain)).set_index("fide_id")["rating"]
    assert got.sort_index().equals(want.sort_index())
    plain.close()


def test_two_rule_sets_recomputed_in_parallel(history_files, tmp_path):
    path = tmp_path / "ratings.db"
    imported(history_files, path).close()
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "db", "recompute", "--db", str(path),
         "--system", "fide-2022", "--system", "fide-2024", "--scheduler", "local"],
        capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # Each system's summary, then how it used the starting list (every player in it
    # starts from it: none is rated before it).
    assert done.stdout.splitlines() == [line for system in ("fide-2022", "fide-2024") for line in (
        f"main: 23 periods recomputed under {system} (0 kept), 100 events, 10702 games; "
        f"{counts(history_files, tmp_path, system)} rated players",
        "main: list of 2023-01-01 (list.csv): 300 players start from it")]
    with Database(path) as db:
        for system in ("fide-2022", "fide-2024"):
            alone = imported(history_files, tmp_path / f"{system}.db")
            recompute(alone, system)
            assert ratings(db, computation(db, system=system)).equals(
                ratings(alone, computation(alone, system=system)))
            alone.close()


def counts(history_files: Path, tmp_path: Path, system: str) -> int:
    """The rated players after a recomputation alone (a reference for the summary)."""
    with imported(history_files, tmp_path / f"count-{system}.db") as db:
        return recompute(db, system)[0].rated_players
