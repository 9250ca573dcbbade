"""Build small .xlsx workbooks for tests: one sheet per table, rows of plain values."""

from __future__ import annotations

import io
import zipfile
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


def write_sheet_xml(path: Path, sheet_data: str, dimension: str = "A1") -> Path:
    """Write a workbook of one sheet, ``games``, whose XML is written by hand: its
    ``<sheetData>`` content is ``sheet_data`` and its declared size ``dimension`` (the rest
    of the file as openpyxl writes it)."""
    book = Workbook()
    book.active.title = "games"
    buffer = io.BytesIO()
    book.save(buffer)
    sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             f'<dimension ref="{dimension}"/><sheetData>{sheet_data}</sheetData></worksheet>')
    with zipfile.ZipFile(buffer) as original, zipfile.ZipFile(path, "w") as out:
        for item in original.infolist():
            data = (sheet.encode("utf-8") if item.filename == "xl/worksheets/sheet1.xml"
                    else original.read(item.filename))
            out.writestr(item, data)
    return path


def inline_row(number: int, cells: Sequence[tuple[str, object]]) -> str:
    """A ``<row>`` of sheet XML: ``(column letters, value)`` cells, text inline."""
    xml = []
    for column, value in cells:
        ref = f"{column}{number}"
        if isinstance(value, str):
            xml.append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
        else:
            xml.append(f'<c r="{ref}"><v>{value}</v></c>')
    return f'<row r="{number}">{"".join(xml)}</row>'
