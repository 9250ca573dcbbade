"""What the benchmark scripts share: timing, units, memory, profiling, options, the table.

``bench_fide.py`` and ``bench_per_game.py`` time different things but report them the
same way: each figure is printed as it is measured and kept as a :class:`Row`, and at
the end all rows are printed as one Markdown table (to paste into ``results.md``).
This module holds that common part once, so the two scripts cannot drift apart.
Importing it does nothing but define things.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import platform
import pstats
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TypeVar

import numpy as np

T = TypeVar("T")


@dataclass(frozen=True)
class Row:
    case: str
    measure: str
    value: str
    note: str = ""


@dataclass
class Figures:
    """The figures measured so far; ``measure_width`` pads the measure in the live lines."""

    measure_width: int
    rows: list[Row] = field(default_factory=list)

    def record(self, case: str, measure: str, value: str, note: str = "") -> None:
        """Keep a figure for the table and print it at once."""
        self.rows.append(Row(case, measure, value, note))
        print(f"  {measure:<{self.measure_width}} {value:>18}  {note}", flush=True)

    def print_table(self) -> None:
        """All figures as one Markdown table, under a line naming the machine."""
        print_table(("case", "measure", "value", "note"),
                    [(row.case, row.measure, row.value, row.note) for row in self.rows])


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """``rows`` as one Markdown table headed ``## Figures``, under a line naming the machine."""
    print("\n## Figures\n")
    print(f"{date.today():%Y-%m-%d}, Python {platform.python_version()}, "
          f"numpy {np.__version__}, {os.cpu_count()} cores, {platform.machine()}\n")
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")


def best_of(repeats: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``repeats`` calls, and the last call's value."""
    best = float("inf")
    value: T | None = None
    for _ in range(max(1, repeats)):
        value = None  # drop the previous result before timing the next call
        gc.collect()
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    assert value is not None
    return best, value


def best_of_each(repeats: int, fns: Sequence[Callable[[], object]]) -> list[float]:
    """The shortest wall time of each of ``fns``, called in turn ``repeats`` times: on a
    shared machine the load moves within seconds, and taking turns lets every function
    meet the same quiet moments, so their ratio is measured under the same load."""
    best = [float("inf")] * len(fns)
    for _ in range(max(1, repeats)):
        for i, fn in enumerate(fns):
            gc.collect()
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def untimed(what: str, fn: Callable[[], T]) -> T:
    """Build an input outside the figures, and print how long that took, marked untimed."""
    start = time.perf_counter()
    value = fn()
    print(f"  ({what} in {time.perf_counter() - start:.1f} s, untimed)")
    return value


def rate_of(games: int, seconds: float) -> str:
    return f"{games / seconds:,.0f} games/s"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def mib(size: float) -> str:
    return f"{size / 2**20:,.0f} MiB"


def max_rss() -> int:
    """Peak resident memory of this process so far, in bytes (ru_maxrss is KiB on Linux)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024


def children_cpu() -> float:
    """CPU seconds of the finished child processes (a pool's workers) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def children_max_rss() -> int:
    """Peak resident memory of the largest finished child process, in bytes."""
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024


def traced_peak(fn: Callable[[], T]) -> tuple[int, T]:
    """The ``tracemalloc`` peak of one call in bytes (numpy's buffers count), and its value."""
    gc.collect()
    tracemalloc.start()
    value = fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, value


def profile_call(title: str, fn: Callable[[], object], *, top: int) -> None:
    """cProfile one call and print the ``top`` lines by own time, then by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    fn()
    profiler.disable()
    for order in ("tottime", "cumulative"):
        buffer = io.StringIO()
        pstats.Stats(profiler, stream=buffer).sort_stats(order).print_stats(top)
        text = buffer.getvalue()
        print(f"\n  --- cProfile: {title}, by {order} ---\n{text[text.find('   ncalls'):]}",
              flush=True)


def parse_arguments(doc: str | None, profile_help: str,
                    argv: Sequence[str] | None) -> argparse.Namespace:
    """The options of both scripts: ``--quick``, ``--profile`` and ``--only 1|2|3``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--profile", action="store_true", help=profile_help)
    parser.add_argument("--only", choices=("1", "2", "3"), action="append",
                        help="run only this case (repeatable)")
    return parser.parse_args(argv)
