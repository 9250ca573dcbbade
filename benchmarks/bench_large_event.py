"""A very large event through the command line: memory and time of ``rate --format json``
against ``--format csv`` in the same run.

Run from the repository root::

    python benchmarks/bench_large_event.py            # 100,000 players x 9 rounds
    python benchmarks/bench_large_event.py --quick    # 10,000 x 9, a smoke run

One case (figures only, no assertion): ``generate.columnar_event`` written as a CSV pair
(``big-games.csv``, ``big-players.csv``; untimed), then ``tournament-elo rate
big-games.csv`` as a subprocess with ``--format json`` (the JSON streamed, compact) and
with ``--format csv`` (the baseline: one table, no records), each in a child process of
its own so that its peak resident memory (``ru_maxrss``) is its own.  Target: the JSON
run under 1 GiB.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import mib, untimed  # noqa: E402
from benchmarks.generate import columnar_event  # noqa: E402
from tournament_elo.write.sheets import write_sheets  # noqa: E402

TARGET_BYTES = 1 << 30
FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record

#: Runs the command (its arguments) with its output thrown away, then prints the child's
#: peak resident memory in KiB: each measurement in a process of its own.
_MEASURE = ("import resource, subprocess, sys; "
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def _run(args: Sequence[str]) -> tuple[float, int]:
    """Seconds and peak resident bytes of one command."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, *args], capture_output=True,
                          text=True, check=True)
    return time.perf_counter() - start, int(done.stdout.split()[-1]) * 1024


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "no profile for this benchmark", argv)
    n, r = (10_000, 9) if args.quick else (100_000, 9)
    case = f"rate {n:,}x{r} from CSV"
    print(f"\n{case}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        games = Path(folder) / "big-games.csv"
        built = untimed("generated", lambda: columnar_event(n, r, seed=12))
        untimed("written as a CSV pair", lambda: write_sheets(built.event, games, "csv"))
        record(case, "pairing rows", f"{len(built.event.pairings):,}",
               f"{games.stat().st_size / 2**20:.0f} MiB of games CSV")
        command = [sys.executable, "-m", "tournament_elo", "rate", str(games)]
        for label, extra in (("--format csv (baseline)", ["--format", "csv"]),
                             ("--format json", ["--format", "json"])):
            seconds, peak = _run([*command, *extra])
            note = ""
            if extra[-1] == "json":
                note = "meets" if peak < TARGET_BYTES else "MISSES"
                note = f"target < 1 GiB: {note}"
            record(case, f"{label}: time", f"{seconds:.1f} s")
            record(case, f"{label}: peak memory", mib(peak), note)
    FIGURES.print_table()


if __name__ == "__main__":
    main()
