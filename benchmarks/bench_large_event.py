"""A very large event through the command line: memory and time of ``rate --format json``
against ``--format csv`` in the same run, and the report set of ``rate --out``.

Run from the repository root::

    python benchmarks/bench_large_event.py            # 100,000 players x 9 rounds; --out 10,000 x 9
    python benchmarks/bench_large_event.py --quick    # 10,000 x 9 both, a smoke run

Figures only, no assertion.  Each event is ``generate.columnar_event`` written as a CSV
pair (``big-games.csv``, ``big-players.csv``; untimed), and each command runs as a
subprocess in a child process of its own, so that its peak resident memory
(``ru_maxrss``) and CPU time (user and system) are its own.

1. ``tournament-elo rate big-games.csv`` with ``--format json`` (the JSON streamed,
   compact) and with ``--format csv`` (the baseline: one table, no records).  Target: the
   JSON run under 1 GiB.
2. ``rate big-games.csv --out DIR`` of 10,000 players x 9 rounds (the whole report set:
   HTML, XLSX, CSV, JSON): CPU time beyond the start-up (``tournament-elo --version``,
   measured alike) beside ``--format json`` (the rating without the reports), the size of
   each file, and, in this process, the CPU time of each file's rendering.  Targets: at
   most 3 s of CPU beyond the start-up, ``report.html`` at most 8 MB.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import mib, untimed  # noqa: E402
from benchmarks.generate import columnar_event  # noqa: E402
from tournament_elo.write.sheets import write_sheets  # noqa: E402

T = TypeVar("T")
TARGET_BYTES = 1 << 30
FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record

#: Runs the command (its arguments) with its output thrown away, then prints the child's
#: peak resident memory in KiB: each measurement in a process of its own.
_MEASURE = ("import resource, subprocess, sys; "
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
            "stderr=subprocess.DEVNULL, check=True); "
            "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "print(u.ru_maxrss, u.ru_utime + u.ru_stime)")


def _run(args: Sequence[str]) -> tuple[float, int, float]:
    """Seconds, peak resident bytes and CPU seconds of one command."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, *args], capture_output=True,
                          text=True, check=True)
    peak, cpu = done.stdout.split()[-2:]
    return time.perf_counter() - start, int(peak) * 1024, float(cpu)


def _event_files(folder: Path, case: str, n: int, rounds: int) -> Path:
    """The generated event written as a CSV pair in ``folder`` (untimed): its games' file."""
    games = folder / "big-games.csv"
    built = untimed("generated", lambda: columnar_event(n, rounds, seed=12))
    untimed("written as a CSV pair", lambda: write_sheets(built.event, games, "csv"))
    record(case, "pairing rows", f"{len(built.event.pairings):,}",
           f"{games.stat().st_size / 2**20:.0f} MiB of games CSV")
    return games


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "no profile for this benchmark", argv)
    n, r = (10_000, 9) if args.quick else (100_000, 9)
    case = f"rate {n:,}x{r} from CSV"
    print(f"\n{case}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        games = _event_files(Path(folder), case, n, r)
        command = [sys.executable, "-m", "tournament_elo", "rate", str(games)]
        for label, extra in (("--format csv (baseline)", ["--format", "csv"]),
                             ("--format json", ["--format", "json"])):
            seconds, peak, _ = _run([*command, *extra])
            note = ""
            if extra[-1] == "json":
                note = "meets" if peak < TARGET_BYTES else "MISSES"
                note = f"target < 1 GiB: {note}"
            record(case, f"{label}: time", f"{seconds:.1f} s")
            record(case, f"{label}: peak memory", mib(peak), note)
    case_report_set()
    FIGURES.print_table()


def case_report_set(n: int = 10_000, rounds: int = 9) -> None:
    case = f"rate --out, {n:,}x{rounds}"
    print(f"\n{case}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        games = _event_files(Path(folder), case, n, rounds)
        tool = [sys.executable, "-m", "tournament_elo"]
        start_up = min(_run([*tool, "--version"])[2] for _ in range(3))
        json_cpu = min(_run([*tool, "rate", str(games), "--format", "json"])[2]
                       for _ in range(2))
        out = Path(folder) / "out"
        out_cpu = min(_run([*tool, "rate", str(games), "--out", str(out)])[2]
                      for _ in range(2))
        beyond = out_cpu - start_up
        record(case, "rate --out: CPU beyond start-up", f"{beyond:.2f} s",
               f"target <= 3 s: {'meets' if beyond <= 3 else 'MISSES'}; start-up "
               f"{start_up:.2f} s")
        record(case, "baseline: --format json, CPU beyond start-up",
               f"{json_cpu - start_up:.2f} s", f"--out {beyond / (json_cpu - start_up):.1f}x")
        html = (out / "report.html").stat().st_size
        record(case, "report.html", f"{html / 1e6:.1f} MB",
               f"target <= 8 MB: {'meets' if html <= 8e6 else 'MISSES'}")
        for name in ("report.xlsx", "result.json", "games.csv", "pairings.csv"):
            record(case, name, f"{(out / name).stat().st_size / 1e6:.1f} MB")
        _rendering(case, games)


def _rendering(case: str, games: Path) -> None:
    """The CPU time of each file of the report set rendered in this process."""
    import json

    from tournament_elo.rating.engine import rate
    from tournament_elo.read.detect import read_event
    from tournament_elo.render.html import render_html
    from tournament_elo.render.json import game_columns, player_columns, to_json
    from tournament_elo.render.tables import report_tables, table_csv_bytes, xlsx_sheets
    from tournament_elo.render.writers import csv_column_bytes, xlsx_bytes

    def cpu(fn: Callable[[], T]) -> tuple[float, T]:
        start = time.process_time()
        made = fn()
        return time.process_time() - start, made

    seconds, result = cpu(lambda: rate(read_event(games)))
    record(case, "in process: read and rate", f"{seconds:.2f} s CPU")
    seconds, _ = cpu(lambda: render_html(result, "en"))
    record(case, "in process: report.html", f"{seconds:.2f} s CPU")
    seconds, data = cpu(lambda: to_json(result))
    seconds_dump, _ = cpu(lambda: json.dumps(data, ensure_ascii=False, allow_nan=False))
    record(case, "in process: result.json (records, text)",
           f"{seconds:.2f} s, {seconds_dump:.2f} s CPU")
    seconds, tables = cpu(lambda: report_tables(result, "en"))
    record(case, "in process: report tables", f"{seconds:.2f} s CPU")
    seconds_players, _ = cpu(lambda: csv_column_bytes(*player_columns(result)))
    seconds_games, _ = cpu(lambda: csv_column_bytes(*game_columns(result)))
    seconds_tables, _ = cpu(lambda: [table_csv_bytes(t) for t in tables])
    record(case, "in process: players.csv, games.csv, tables' CSV",
           f"{seconds_players:.2f} s, {seconds_games:.2f} s, {seconds_tables:.2f} s CPU")
    sheets = xlsx_sheets(tables)
    seconds, _ = cpu(lambda: xlsx_bytes(sheets))
    cells = sum(len(header) * (len(rows) + 1) for _, header, rows in sheets)
    record(case, "in process: report.xlsx (XlsxWriter)", f"{seconds:.2f} s CPU",
           f"{cells:,} cells, {1e6 * seconds / cells:.1f} us a cell")
    floor, _ = cpu(lambda: _bare_workbook(sheets))
    record(case, "baseline: the same cells, a bare XlsxWriter loop", f"{floor:.2f} s CPU",
           f"{1e6 * floor / cells:.1f} us a cell: the workbook's floor")


def _bare_workbook(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]]
                   ) -> bytes:
    """The sheets' cells through XlsxWriter with nothing around them (no widths, formats,
    checks or cleaning): one ``write_string`` or ``write_number`` per cell, the least any
    workbook of these cells costs through the library."""
    import io

    import xlsxwriter

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        write_string, write_number = sheet.write_string, sheet.write_number
        for c, name in enumerate(header):
            write_string(0, c, str(name))
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if isinstance(value, str):
                    write_string(r, c, value)
                elif value is not None and not isinstance(value, bool):
                    write_number(r, c, float(value))
    book.close()
    return buffer.getvalue()


if __name__ == "__main__":
    main()
