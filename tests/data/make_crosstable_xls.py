"""Write ``swiss_manager_crosstable.xls`` beside this script: FIDE's C.07 tie-break exercise
(``held_c07_swiss5.trf`` beside this script) as Swiss-Manager's own crosstable, three
cells per round, the round headers merged over their three cells, in the legacy .xls format.

Run once, by hand; it needs xlwt, which is not a dependency of the project (only xlrd, to
read the file, is):

    pip install --target /tmp/xlwt xlwt
    PYTHONPATH=/tmp/xlwt python tests/data/make_crosstable_xls.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import xlwt  # noqa: E402
from crosstable_builder import crosstable_rows  # noqa: E402

from tournament_elo.read.trf import read_trf  # noqa: E402

TRF = HERE / "held_c07_swiss5.trf"


def main() -> None:
    rows = crosstable_rows(read_trf(TRF), "swiss-manager")
    book = xlwt.Workbook(encoding="utf-8")
    sheet = book.add_sheet("Crosstable")
    for r, row in enumerate(rows):
        skip = 0
        for c, value in enumerate(row):
            if skip:
                skip -= 1
                continue
            if isinstance(value, str) and value.endswith(".Rd."):
                sheet.write_merge(r, r, c, c + 2, value)
                skip = 2
            elif value is not None:
                sheet.write(r, c, value)
    book.save(str(HERE / "swiss_manager_crosstable.xls"))


if __name__ == "__main__":
    main()
