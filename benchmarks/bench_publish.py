"""``publish``: a full site, then again after one more event, at a tenth and the whole.

Run from the repository root::

    python benchmarks/bench_publish.py           # 20,000 players, 1,000 events (minutes)
    python benchmarks/bench_publish.py --quick   # 2,000 players, 100 events: a smoke run

The database (untimed): ``generate.fill_history`` — a starting list and random events of
20 players over 7 rounds spread over 60 months — recomputed monthly under fide-2024; at
a tenth and at the whole size.  Then, each in its own process (so that its peak
resident memory is its own, the workers' beside it):

- a full ``publish`` into a new folder;
- one more event (a new month, 20 players) imported and recomputed (untimed), and
  ``publish`` again into the same folder: only the pages whose figures changed are made;
- the baseline, in the same run: writing the same bytes — as many files of the same
  sizes into a new folder with plain ``open``/``write`` (no rendering, no fsync).

Printed: wall and CPU time (the process's and its workers'), peak resident memory, the
files written, and the growth exponent of the full publish's wall time between the two
sizes (1.0: linear).  The incremental site is checked to equal a full publish of the
same database, byte for byte.  Figures only, no assertions.
"""

from __future__ import annotations

import json
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import mib, ms  # noqa: E402

FIGURES = figures.Figures(measure_width=40)
PER_EVENT, ROUNDS, MONTHS = 20, 7, 60


def _make(path: Path, players: int, events: int) -> None:
    from benchmarks.generate import fill_history
    from tournament_elo.db.recompute import recompute
    from tournament_elo.db.store import Database

    with Database(path) as db:
        fill_history(db, players, events, MONTHS, PER_EVENT, ROUNDS, seed=3,
                     start=date(2015, 1, 1))
        recompute(db)


def _one_more(path: Path, players: int) -> None:
    """An event in the month after the last, of the list's first players, recomputed."""
    import numpy as np

    from benchmarks.generate import random_event
    from tournament_elo.db.importer import store_event
    from tournament_elo.db.recompute import recompute
    from tournament_elo.db.store import Database

    with Database(path) as db:
        event = random_event(1_000_000 + np.arange(PER_EVENT), ROUNDS,
                             np.random.default_rng(9), date(2020, 1, 20), "One more")
        store_event(db, event, "synthetic/more.trf", "synthetic-more", b"", "fide-2024",
                    db.pool_id("main"))
        recompute(db)


def _step(argv: Sequence[str]) -> None:
    """In a child process: one publish, or the baseline; prints its figures as JSON."""
    began, cpu = time.perf_counter(), time.process_time()
    kind, db_path, out = argv[0], Path(argv[1]), Path(argv[2])
    if kind == "baseline":
        sizes = json.loads(Path(argv[3]).read_text())
        for k, size in enumerate(sizes):
            folder = out / str(k // 10_000)
            folder.mkdir(parents=True, exist_ok=True)
            with open(folder / f"{k}.html", "wb") as stream:
                stream.write(b"x" * size)
        written = len(sizes)
    else:
        from tournament_elo.db.store import Database
        from tournament_elo.site.publish import publish_site

        with Database(db_path, readonly=True) as db:
            written = len(publish_site(db, out, full=kind == "full"))
    self = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({
        "wall": time.perf_counter() - began, "cpu": time.process_time() - cpu,
        "workers_cpu": children.ru_utime + children.ru_stime,
        "rss": self.ru_maxrss * 1024, "workers_rss": children.ru_maxrss * 1024,
        "written": written}))


def _run(*argv: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, "--step", *argv], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return dict(json.loads(done.stdout.splitlines()[-1]))


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != ".publish.sqlite"}


def _report(case: str, what: str, found: dict[str, float]) -> None:
    FIGURES.record(case, f"{what}: wall", ms(found["wall"]))
    FIGURES.record(case, f"{what}: CPU (main + workers)",
                   f"{ms(found['cpu'])} + {ms(found['workers_cpu'])}")
    FIGURES.record(case, f"{what}: peak RSS (main, a worker)",
                   f"{mib(found['rss'])}, {mib(found['workers_rss'])}")
    FIGURES.record(case, f"{what}: files written", f"{int(found['written']):,}")


def _size(folder: Path, players: int, events: int) -> float:
    case = f"{players:,} players, {events:,} events"
    print(f"\n{case}", flush=True)
    db = folder / f"ratings-{players}.db"
    _make(db, players, events)
    site = folder / f"site-{players}"
    full = _run("full", str(db), str(site))
    _report(case, "full publish", full)
    pages = [p for p in site.rglob("*") if p.is_file() and p.name != ".publish.sqlite"]
    sizes = folder / f"sizes-{players}.json"
    sizes.write_text(json.dumps([p.stat().st_size for p in pages]))
    base = _run("baseline", str(db), str(folder / f"plain-{players}"), str(sizes))
    _report(case, "baseline: the same bytes, plain writes", base)
    FIGURES.record(case, "full publish / baseline (wall)", f"{full['wall'] / base['wall']:.1f}×",
                   f"{sum(p.stat().st_size for p in pages) / 2**20:,.0f} MiB in "
                   f"{len(pages):,} files")
    _one_more(db, players)
    again = _run("incremental", str(db), str(site))
    _report(case, "after one more event", again)
    FIGURES.record(case, "incremental / full (wall)", f"{again['wall'] / full['wall']:.0%}")
    fresh = folder / f"fresh-{players}"
    _run("full", str(db), str(fresh))
    same = _files(site) == _files(fresh)
    FIGURES.record(case, "incremental site = a full publish", "byte for byte" if same
                   else "DIFFERENT")
    for path in (site, fresh, folder / f"plain-{players}"):
        shutil.rmtree(path)
    return full["wall"]


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--step":
        _step(args[1:])
        return
    quick = "--quick" in args
    players, events = (2_000, 100) if quick else (20_000, 1_000)
    print(f"publish: {PER_EVENT} players × {ROUNDS} rounds an event over {MONTHS} months;"
          f" {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        small = _size(folder, players // 10, events // 10)
        whole = _size(folder, players, events)
    FIGURES.record("growth", "full publish wall, a tenth → the whole",
                   f"n^{math.log(whole / small) / math.log(10):.2f}", "1.00: linear")
    FIGURES.print_table()


if __name__ == "__main__":
    main()
