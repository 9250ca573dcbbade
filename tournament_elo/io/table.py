"""One header row and the rows under it, from a CSV file or a workbook sheet.

Readers of sheets and rating lists work on a :class:`Table` and never on the file
format, and every value can say where it came from (CSV line, or sheet and cell).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, Place
from .headers import fold, map_headers
from .text import Readable, binary, read_text


@dataclass(frozen=True)
class Table:
    source: str
    sheet: str | None
    raw_headers: list[Any]
    columns: dict[str, int]
    rows: list[list[Any]]
    row_numbers: list[int]  # 1-based CSV line or sheet row of each data row
    header_row: int

    def __len__(self) -> int:
        return len(self.rows)

    def value(self, row: int, column: str) -> Any:
        position = self.columns.get(column)
        if position is None:
            return None
        cells = self.rows[row]
        value = cells[position] if position < len(cells) else None
        if isinstance(value, str) and not value.strip():
            return None
        return value

    def place(self, row: int, column: str | None) -> Place:
        return self._place(self.row_numbers[row], self.columns.get(column) if column else None)

    @property
    def header_place(self) -> Place:
        return self._place(self.header_row, None)

    def _place(self, number: int, position: int | None) -> Place:
        if self.sheet is None:
            return Place(self.source, line=number)
        if position is None:
            return Place(self.source, sheet=self.sheet, line=number)
        cell = f"{column_letter(position)}{number}"
        return Place(self.source, sheet=self.sheet, cell=cell)


def column_letter(position: int) -> str:
    """Spreadsheet column name of a 0-based position: 0 → A, 26 → AA."""
    name = ""
    position += 1
    while position:
        position, remainder = divmod(position - 1, 26)
        name = chr(65 + remainder) + name
    return name


def is_workbook(path: Readable) -> bool:
    return zipfile.is_zipfile(binary(path))


def read_table(
    path: Readable, *, encoding: str | None = None, sheet_hint: Sequence[str] = ()
) -> Table:
    """The table of a CSV file, or of the workbook sheet named like one of ``sheet_hint``."""
    source = str(path)
    if is_workbook(path):
        sheets = read_workbook(path)
        if not sheets:
            raise InputError("the workbook has no sheets", Place(source))
        wanted = [fold(h) for h in sheet_hint]
        for name, rows in sheets.items():
            if fold(name) in wanted:
                return table_from_rows(source, name, rows)
        first = next(iter(sheets))
        return table_from_rows(source, first, sheets[first])
    return table_from_rows(source, None, read_csv_rows(path, encoding))


def read_csv_rows(path: Readable, encoding: str | None = None) -> list[list[Any]]:
    text = read_text(path, encoding)
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], ",;\t")
    except csv.Error:
        dialect = csv.excel
    # The sniffer guesses quoting from the first lines only; a '""' further down is
    # always an escaped quote in the CSV that spreadsheets and this project write.
    return [list(row) for row in csv.reader(io.StringIO(text), dialect, doublequote=True)]


def read_workbook(path: Readable) -> dict[str, list[list[Any]]]:
    """Every sheet of an .xlsx workbook as rows of cell values."""
    from openpyxl import load_workbook  # only for workbooks: it costs a tenth of a second

    source = str(path)
    try:
        book = load_workbook(binary(path), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xlsx workbook") from None
    try:
        return {
            sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
            for sheet in book.worksheets
        }
    finally:
        book.close()


def table_from_rows(source: str, sheet: str | None, rows: list[list[Any]]) -> Table:
    """Find the header row (the first row naming a known column) and keep what follows."""
    for number, row in enumerate(rows, start=1):
        if map_headers(row):
            data = [
                (n, r) for n, r in enumerate(rows[number:], start=number + 1)
                if any(c is not None and str(c).strip() for c in r)
            ]
            return Table(
                source=source,
                sheet=sheet,
                raw_headers=list(row),
                columns=map_headers(row),
                rows=[r for _, r in data],
                row_numbers=[n for n, _ in data],
                header_row=number,
            )
    place = Place(source, sheet=sheet) if sheet else Place(source)
    raise InputError(
        "no header row", place, found="no row naming a known column",
        expected="a header row such as 'round, white, black, result' or 'id, name, rating'",
    )
