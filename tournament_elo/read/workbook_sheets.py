"""Every sheet of a crosstable workbook, and its merged cells: ``.xlsx`` by openpyxl,
Swiss-Manager's legacy ``.xls`` by xlrd.  The merged ranges matter because a merged header
cell hides which column a value is in (see :func:`.crosstable_layout.check_merged`).

The values are read as :mod:`.table` reads any workbook (the filled rows as they stream);
an ``.xlsx`` sheet's merged ranges are read only for the sheet a crosstable is read from
(:func:`merged_ranges`), since openpyxl knows them only when it loads the whole workbook.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError, Place
from .table import Row, filled_rows, is_workbook, read_workbook
from .text import Readable, binary, read_bytes

#: A merged range, 0-based: (first row, first column, last row, last column).
Merged = tuple[int, int, int, int]


@dataclass
class Sheet:
    """A sheet's filled rows and, for a legacy workbook, its merged ranges."""

    name: str
    rows: list[Row]
    merged: list[Merged] = field(default_factory=list)
    legacy: bool = False


def is_legacy_workbook(path: Readable) -> bool:
    """Whether the file is an OLE2 compound file: a legacy binary workbook."""
    return read_bytes(path)[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def load_sheets(path: Readable) -> list[Sheet]:
    """Every sheet's filled rows (``.xlsx`` by openpyxl, ``.xls`` by xlrd, with its merged
    ranges)."""
    source = str(path)
    if is_legacy_workbook(path):
        return _load_xls(path)
    if not is_workbook(path):
        raise InputError("this is not a workbook", Place(source),
                         expected="an .xlsx (or .xls) crosstable export")
    return [Sheet(name, rows) for name, rows in read_workbook(path).items()]


def merged_ranges(path: Readable, sheet: Sheet) -> list[Merged]:
    """The merged ranges of ``sheet`` (an ``.xlsx`` workbook is loaded whole for them)."""
    if sheet.legacy:
        return sheet.merged
    from openpyxl import load_workbook

    try:
        # Not read-only: a read-only sheet does not know its merged cells.  Loading costs
        # what the cells there are cost; no cell is made for the sheet's declared size.
        book = load_workbook(binary(path), data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InputError("cannot open the workbook", Place(str(path)), found=str(exc),
                         expected="an .xlsx workbook") from None
    try:
        return [(m.min_row - 1, m.min_col - 1, m.max_row - 1, m.max_col - 1)
                for m in book[sheet.name].merged_cells.ranges]
    finally:
        book.close()


def _load_xls(path: Readable) -> list[Sheet]:
    source = str(path)
    try:
        import xlrd
    except ImportError:  # pragma: no cover - xlrd is a dependency
        raise InputError("a legacy .xls workbook needs the xlrd package", Place(source),
                         expected="an .xlsx export, or xlrd installed") from None
    try:
        book = xlrd.open_workbook(file_contents=read_bytes(path), formatting_info=True,
                                  ragged_rows=True)
    except Exception as exc:  # xlrd raises several kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xls workbook") from None
    sheets = []
    for sheet in book.sheets():
        rows = ([None if value == "" else value for value in sheet.row_values(r)]
                for r in range(sheet.nrows))
        merged = [(r1, c1, r2 - 1, c2 - 1) for r1, r2, c1, c2 in sheet.merged_cells]
        sheets.append(Sheet(sheet.name, filled_rows(rows, Place(source, sheet=sheet.name)),
                            merged, legacy=True))
    return sheets
