"""The database's long jobs on a Dask cluster (``--scheduler ADDRESS``, or ``local``
for a cluster of this machine's cores).

- Import: the workers read and check the files (the slow part); this process writes
  each event as its result arrives, SQLite having one writer.
- Recompute: independent jobs — each pool, each alternative system — run on the
  workers at once, each writing its own periods in its own transactions.

The workers must see the same files as this process (the event files, and the
database for a recomputation): a shared file system, as on one machine.
Dask is an optional dependency: ``pip install 'tournament-elo[dask]'``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

from ..errors import InputError, Place
from .author import Author


@contextmanager
def dask_client(scheduler: str) -> Iterator[Any]:
    """A client of the scheduler at ``scheduler``, or of a new local cluster."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--scheduler needs Dask", Place("--scheduler"),
                         found="no dask.distributed installed",
                         expected="pip install 'tournament-elo[dask]'") from None
    if scheduler == "local":
        # dask.distributed ships no type hints: its calls are untyped.
        with LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=os.cpu_count() or 1, threads_per_worker=1,
                dashboard_address=None) as cluster, \
                Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    try:
        client = Client(scheduler, timeout=10)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise InputError("cannot reach the Dask scheduler", Place("--scheduler"),
                         found=str(error), expected="a running scheduler's address, "
                         "e.g. tcp://10.0.0.5:8786, or 'local'") from None
    with client:
        yield client


def results_as_completed(client: Any, function: Any, jobs: Sequence[Any]) -> Iterator[Any]:
    """``function(job)`` of every job on the cluster, yielded as each finishes."""
    from dask.distributed import as_completed

    futures = client.map(function, jobs, pure=False)
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        yield future.result()


def _recompute_job(job: tuple[str, str, str | None, date | None, str, bool, Author | None]
                   ) -> Any:
    from .recompute import recompute
    from .store import Database

    path, pool, system, start, period, unfinished, author = job
    with Database(path, author=author) as db:
        return recompute(db, system, pool, start, period, unfinished=unfinished)[0]


def recompute_jobs(client: Any, db_path: Path, pools: Sequence[str],
                   systems: Sequence[str | None], start: date | None,
                   period: str, unfinished: bool = False,
                   author: Author | None = None) -> Iterator[Any]:
    """Every (pool, system) recomputation as one job, its changes recorded under
    ``author``; their reports as they finish."""
    jobs = [(str(db_path.resolve()), pool, system, start, period, unfinished, author)
            for pool in pools for system in systems]
    return results_as_completed(client, _recompute_job, jobs)
