"""What a person waits for at the command line: start-up, one event to JSON, the reports.

Run from the repository root::

    python benchmarks/bench_startup.py            # 84-player event and a 500 x 11 Swiss
    python benchmarks/bench_startup.py --quick    # fewer repeats, a 200 x 9 Swiss

Each figure is the CPU time (user + system) of the command run as a subprocess, the
least of a few runs, beside its baseline measured in the same run: ``python -c pass``
(Python's own start-up) and gacrux's tie-break checker on the same file (PyPI
``gacrux``, FIDE's reference: it reads the TRF and prints three tie-breaks); for the
one event also Python importing numpy and click and doing nothing, the part of the figure
this package's own code cannot lower.  The commands run with byte-code caching on, in a
temporary ``PYTHONPYCACHEPREFIX`` warmed by a first run (as an installed package runs;
the repository's environment turns caching off, which would add the compiling of every
module to every run).  Sizes are of the files written.  No assertion: figures only.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.generate import generate_swiss, to_trf  # noqa: E402

CAPO = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"  # 84 x 9
GACRUX = [sys.executable, "-m", "gacrux.tiebreakchecker", "-s", "-b", "utf-8",
          "-t", "BH:C1", "-t", "BH", "-t", "SB", "-i"]
ELO = [sys.executable, "-m", "tournament_elo"]
#: What ``rate`` pays before any of its own modules: Python, numpy and click, set up as
#: the program sets them (numpy's BLAS on one thread, the collector's threshold raised
#: first and the collector frozen at the end: ``tournament_elo/__main__.py``).
IMPORTS_ONLY = ("import gc, os; gc.set_threshold(100_000); "
                "os.environ['OPENBLAS_NUM_THREADS'] = '1'; import numpy, click; gc.freeze()")

FIGURES = figures.Figures(measure_width=44)
record = FIGURES.record


def cpu(command: Sequence[str], env: dict[str, str], repeats: int) -> float:
    """The least CPU time (user + system, seconds) of ``command`` over ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "(no profile: see bench_fide.py)", argv)
    repeats = 3 if args.quick else 7
    n, r = (200, 9) if args.quick else (500, 11)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        big = tmp / "big.trf"
        big.write_text(to_trf(generate_swiss(n, r, seed=16)), encoding="utf-8")
        outs = iter(range(10_000))

        def out_dir() -> str:
            return str(tmp / f"out-{next(outs)}")

        def run(command: list[str]) -> float:
            cpu(command, env, 1)  # warm the byte-code cache
            return cpu(command, env, repeats)

        print("\nstart-up (CPU s, least of the runs)", flush=True)
        bare = run([sys.executable, "-c", "pass"])
        record("start-up", "python -c pass (baseline)", f"{bare:.3f} s")
        for what in (["--help"], ["--version"], ["systems"]):
            t = run([*ELO, *what])
            record("start-up", f"tournament-elo {' '.join(what)}", f"{t:.3f} s",
                   "target < 0.15 s")

        print("\none event, 84 players x 9 rounds", flush=True)
        # In turn, gacrux, this command and what it imports before doing anything, each
        # round: the other sessions' load moves them alike, and the least of each is taken.
        trio = ([*GACRUX, str(CAPO)], [*ELO, "rate", str(CAPO), "--format", "json"],
                [sys.executable, "-c", IMPORTS_ONLY])
        for command in trio:
            cpu(command, env, 1)  # warm the byte-code cache
        gacrux, t, floor = (min(runs) for runs in zip(*(
            [cpu(command, env, 1) for command in trio] for _ in range(2 * repeats)),
            strict=True))
        record("84 x 9", "gacrux tie-break checker (baseline)", f"{gacrux:.3f} s")
        record("84 x 9", "rate --format json", f"{t:.3f} s",
               f"{t / gacrux:.2f}x gacrux; target <= 2x")
        record("84 x 9", "Python + numpy + click imported, no work", f"{floor:.3f} s",
               f"{floor / gacrux:.2f}x gacrux: what this package cannot go under")
        for label, file, target in (("84 x 9", CAPO, 0.35), (f"{n} x {r}", big, 1.0)):
            command = [*ELO, "rate", str(file), "--format", "json"]
            plain = run(command)
            # A fresh folder each run: the command never writes over a report it did not
            # write, and an existing set would be replaced (a different amount of work).
            with_out = min(cpu([*command, "--out", out_dir()], env, 1)
                           for _ in range(repeats + 1))
            record(label, "rate --out DIR, beyond start-up", f"{with_out - bare:.3f} s",
                   f"target < {target} s; of it the reports {with_out - plain:.3f} s")
            report = Path(out_dir())
            subprocess.run([*command, "--out", str(report)], env=env, cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name in ("report.html", "report.xlsx"):
                size = (report / name).stat().st_size
                big_page = name == "report.html" and file == big and n == 500
                record(label, f"{name} size", f"{size / 1e6:.2f} MB",
                       "target well under 1.5 MB" if big_page else "")
    FIGURES.print_table()


if __name__ == "__main__":
    main()
