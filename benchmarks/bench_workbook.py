"""The report workbook alone: ``xlsx_bytes`` (XlsxWriter) beside openpyxl writing the
same sheets.

Run from the repository root::

    python benchmarks/bench_workbook.py            # 84 x 9 (the Capo d'Orso TRF) and 500 x 11
    python benchmarks/bench_workbook.py --quick    # fewer repeats, a 200 x 9 Swiss
    python benchmarks/bench_workbook.py --profile  # also cProfile xlsx_bytes on the big event

The sheets are those of ``rate FILE --out DIR``'s report.xlsx (``render.tables.
xlsx_sheets``), built once, untimed.  ``xlsx_bytes`` writes them through XlsxWriter
(typed writes, a format only on the header and on formula-like text, in memory).  The
baseline is the other library that writes workbooks, openpyxl, in its write-only mode
(the same values, the header bold, no widths or filter: the least it can be asked to
do), in the same process and the same minutes.  Each time is the least process CPU time
of a few runs; the memory is the ``tracemalloc`` peak of one more.  No assertion:
figures only.
"""

from __future__ import annotations

import io
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
from tournament_elo.render.tables import report_tables, xlsx_sheets  # noqa: E402
from tournament_elo.render.writers import xlsx_bytes  # noqa: E402

CAPO = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"  # 84 x 9
FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record
Sheets = list[tuple[str, list[str], list[list[Any]]]]


def openpyxl_bytes(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]],
                   ) -> bytes:
    """The baseline: the same values through openpyxl's write-only workbook."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    bold = Font(bold=True)
    for title, header, rows in sheets:
        sheet = book.create_sheet(title)
        cells = []
        for name in header:
            cell = WriteOnlyCell(sheet, value=name)
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)
        for row in rows:
            sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
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
    return xlsx_sheets(report_tables(rate(parse_trf(trf, name)), "en"))


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "also cProfile xlsx_bytes on the big event", argv)
    repeats = 3 if args.quick else 7
    n, r = (200, 9) if args.quick else (500, 11)
    events = [("84 x 9", lambda: sheets_of(CAPO.read_text(encoding="utf-8"), CAPO.name)),
              (f"{n} x {r}", lambda: sheets_of(to_trf(generate_swiss(n, r, seed=16)), "big"))]
    for label, build in events:
        print(f"\n{label}", flush=True)
        sheets = figures.untimed("the sheets built", build)
        cells = sum(len(header) * (len(rows) + 1) for _, header, rows in sheets)
        ours, data = least_cpu(repeats, xlsx_bytes, sheets)
        peak, _ = figures.traced_peak(partial(xlsx_bytes, sheets))
        record(label, "xlsx_bytes, XlsxWriter (CPU)", f"{ours:.3f} s",
               f"{cells:,} cells, {len(data) / 1e6:.2f} MB; peak {figures.mib(peak)}")
        theirs, data = least_cpu(repeats, openpyxl_bytes, sheets)
        peak, _ = figures.traced_peak(partial(openpyxl_bytes, sheets))
        record(label, "openpyxl write-only, the same values", f"{theirs:.3f} s",
               f"{len(data) / 1e6:.2f} MB; peak {figures.mib(peak)}; "
               f"xlsx_bytes {theirs / ours:.1f}x faster")
        if args.profile and label != "84 x 9":
            figures.profile_call("xlsx_bytes", partial(xlsx_bytes, sheets), top=12)
    FIGURES.print_table()


if __name__ == "__main__":
    main()
