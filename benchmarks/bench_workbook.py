"""The report workbook alone: ``xlsx_bytes`` beside XlsxWriter writing the same sheets.

Run from the repository root::

    python benchmarks/bench_workbook.py            # 84 x 9 (the Capo d'Orso TRF) and 500 x 11
    python benchmarks/bench_workbook.py --quick    # fewer repeats, a 200 x 9 Swiss
    python benchmarks/bench_workbook.py --profile  # also cProfile xlsx_bytes on the big event

The sheets are those of ``rate FILE --out DIR``'s report.xlsx (``render.tables.
xlsx_sheets``), built once, untimed.  The baseline is the writer the project used
before (XlsxWriter, typed writes, one format per style, in memory; PyPI
``xlsxwriter``, in the ``dev`` extra), in the same process and the same minutes.  Each
figure is the least process CPU time of a few runs.  No assertion: figures only.
"""

from __future__ import annotations

import io
import re
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.generate import generate_swiss, to_trf  # noqa: E402
from tournament_elo.rating.engine import rate  # noqa: E402
from tournament_elo.read.trf import parse_trf  # noqa: E402
from tournament_elo.render.tables import xlsx_sheets  # noqa: E402
from tournament_elo.render.writers import FORMULA_START, xlsx_bytes  # noqa: E402

CAPO = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"  # 84 x 9
FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record
Sheets = list[tuple[str, list[str], list[list[Any]]]]
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xlsxwriter_bytes(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]],
                     ) -> bytes:
    """The baseline: the same workbook through XlsxWriter, as the project wrote it before."""
    import xlsxwriter

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {
        "in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
        "strings_to_numbers": False})
    bold = book.add_format({"bold": True})
    quoted = book.add_format({"quote_prefix": True})
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        widths = [max(len(str(h)), 7) for h in header]
        sheet.write_row(0, 0, list(header), bold)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, str):
                    value = CONTROL.sub("", value)
                    sheet.write_string(r, c, value,
                                       quoted if value.startswith(FORMULA_START) else None)
                    widths[c] = max(widths[c], len(value))
                elif isinstance(value, bool):
                    sheet.write_boolean(r, c, value)
                else:
                    sheet.write_number(r, c, value)
        for c, width in enumerate(widths):
            sheet.set_column(c, c, min(width + 2, 45))
        sheet.freeze_panes(1, 0)
        sheet.autofilter(0, 0, len(rows), len(header) - 1)
    book.close()
    return buffer.getvalue()


def least_cpu(repeats: int, writer: Callable[[Sheets], bytes], sheets: Sheets
              ) -> tuple[float, bytes]:
    """The least process CPU time of ``repeats`` calls, and the last call's bytes."""
    best, data = float("inf"), b""
    for _ in range(repeats):
        start = time.process_time()
        data = writer(sheets)
        best = min(best, time.process_time() - start)
    return best, data


def sheets_of(trf: str, name: str) -> Sheets:
    return xlsx_sheets(rate(parse_trf(trf, name)), "en")


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "also cProfile xlsx_bytes on the big event", argv)
    repeats = 3 if args.quick else 7
    n, r = (200, 9) if args.quick else (500, 11)
    events = [("84 x 9", lambda: sheets_of(CAPO.read_text(encoding="utf-8"), CAPO.name)),
              (f"{n} x {r}", lambda: sheets_of(to_trf(generate_swiss(n, r, seed=16)), "big"))]
    try:
        import xlsxwriter  # noqa: F401
        baseline = True
    except ImportError:
        baseline = False
        print("  (xlsxwriter is not installed: no baseline; pip install -e '.[dev]')")
    for label, build in events:
        print(f"\n{label}", flush=True)
        sheets = figures.untimed("the sheets built", build)
        cells = sum(len(header) * (len(rows) + 1) for _, header, rows in sheets)
        ours, data = least_cpu(repeats, xlsx_bytes, sheets)
        record(label, "xlsx_bytes (CPU)", f"{ours:.3f} s",
               f"{cells:,} cells, {len(data) / 1e6:.2f} MB")
        if baseline:
            theirs, data = least_cpu(repeats, xlsxwriter_bytes, sheets)
            record(label, "XlsxWriter, the same sheets (baseline)", f"{theirs:.3f} s",
                   f"{len(data) / 1e6:.2f} MB; xlsx_bytes {theirs / ours:.1f}x faster")
        if args.profile and label != "84 x 9":
            figures.profile_call("xlsx_bytes", partial(xlsx_bytes, sheets), top=12)
    FIGURES.print_table()


if __name__ == "__main__":
    main()
