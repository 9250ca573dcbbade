"""Build small .xlsx workbooks for tests: one sheet per table, rows of plain values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook


def write_workbook(path: Path, sheets: Mapping[str, Sequence[Sequence[Any]]]) -> Path:
    """Write ``sheets`` (name → rows, the header row first) to ``path``; return it.

    Text is written as text: a cell starting with '=' would otherwise become a formula.
    """
    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
        for cells in sheet.iter_rows():
            for cell in cells:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cell.data_type = "s"
    book.save(path)
    return path
