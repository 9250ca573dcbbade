"""Every sheet of a crosstable workbook with its merged cells: ``.xlsx`` by openpyxl,
Swiss-Manager's legacy ``.xls`` by xlrd.  The merged ranges matter because a merged header
cell hides which column a value is in (see :func:`.crosstable_layout.check_merged`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InputError, Place
from .table import is_workbook
from .text import Readable, binary, read_bytes


@dataclass
class Sheet:
    """A sheet's cell values, row by row, and its merged ranges."""

    name: str
    rows: list[list[Any]]
    merged: list[tuple[int, int, int, int]]  # 0-based (first row, first col, last row, last col)
    legacy: bool = False


def is_legacy_workbook(path: Readable) -> bool:
    """Whether the file is an OLE2 compound file: a legacy binary workbook."""
    return read_bytes(path)[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def load_sheets(path: Readable) -> list[Sheet]:
    """Every sheet's cell values and merged ranges (``.xlsx`` by openpyxl, ``.xls`` by xlrd)."""
    source = str(path)
    if is_legacy_workbook(path):
        return _load_xls(path)
    if not is_workbook(path):
        raise InputError("this is not a workbook", Place(source),
                         expected="an .xlsx (or .xls) crosstable export")
    from openpyxl import load_workbook

    try:
        # Not read-only: a read-only sheet does not know its merged cells.
        book = load_workbook(binary(path), data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xlsx workbook") from None
    try:
        return [
            Sheet(
                sheet.title,
                [list(row) for row in sheet.iter_rows(values_only=True)],
                [(m.min_row - 1, m.min_col - 1, m.max_row - 1, m.max_col - 1)
                 for m in sheet.merged_cells.ranges],
            )
            for sheet in book.worksheets
        ]
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
        book = xlrd.open_workbook(file_contents=read_bytes(path), formatting_info=True)
    except Exception as exc:  # xlrd raises several kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xls workbook") from None
    sheets = []
    for sheet in book.sheets():
        rows = []
        for r in range(sheet.nrows):
            row: list[Any] = []
            for c in range(sheet.ncols):
                value = sheet.cell_value(r, c)
                row.append(None if value == "" else value)
            rows.append(row)
        merged = [(r1, c1, r2 - 1, c2 - 1) for r1, r2, c1, c2 in sheet.merged_cells]
        sheets.append(Sheet(sheet.name, rows, merged, legacy=True))
    return sheets
