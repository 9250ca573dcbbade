"""One header row and the rows under it, from a CSV file or a workbook sheet.

Readers of sheets and rating lists work on a :class:`Table` and never on the file
format, and every value can say where it came from (CSV line, or sheet and cell).
Both formats are first read as the :class:`Row` values that hold something, each with
its number (a CSV record's first line, a sheet's row), so that blank rows cost nothing.

A workbook sheet is read as it streams: the cells the file holds, not the size its
``dimension`` declares (one cell at ``XFD1048576`` is one cell), each row cut after its
last filled cell; a sheet whose rows would hold more than :data:`MAX_SHEET_CELLS` cells
that way is refused, and so is one whose XML is damaged.

A CSV is read in the dialect this project writes (comma, cells quoted with ``"``, a quote
inside a quoted cell doubled) unless its first records split into more cells on a
semicolon or a tab, as spreadsheets set to other locales write them; quotes are always
``"``, and any line end (``\n``, ``\r\n``, ``\r``) ends a record.  A quote opened and
never closed, text after a closing quote, and a cell longer than the csv module's limit
are errors at their line.  That limit is the reader's bound on a cell: 131,072 characters
(``csv.field_size_limit()``, left as Python sets it), far above any name or number.  A
CSV's records can be taken one at a time (:func:`iter_csv_rows`, :func:`find_header`): a
rating list of a million rows is never held as rows.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, NamedTuple

from ..errors import InputError, Place, column_letter
from ..i18n.message import message
from .headers import fold, map_headers
from .text import Readable, binary, read_text

#: The most cells a sheet's rows may hold, a row counting every cell up to its last filled
#: one: a list of 500,000 players × 20 columns (80 MB of cells); a sheet beyond is refused.
MAX_SHEET_CELLS = 10_000_000


class Row(NamedTuple):
    """A row that holds something: its 1-based number (a CSV record's first line, or a
    sheet's row) and its cells."""

    number: int
    cells: list[Any]


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

    def header_cell(self, position: int) -> Place:
        """The place of one header cell (in a CSV file, its line)."""
        return self._place(self.header_row, position)

    def _place(self, number: int, position: int | None) -> Place:
        if self.sheet is None:
            return Place(self.source, line=number)
        if position is None:
            return Place(self.source, sheet=self.sheet, line=number)
        cell = f"{column_letter(position)}{number}"
        return Place(self.source, sheet=self.sheet, cell=cell)


def is_workbook(path: Readable) -> bool:
    return zipfile.is_zipfile(binary(path))


def read_table(
    path: Readable, *, encoding: str | None = None, sheet_hint: Sequence[str] = ()
) -> Table:
    """The table of a CSV file, or of the workbook sheet named like one of ``sheet_hint``."""
    return table_from_rows(str(path), *read_rows(path, encoding=encoding, sheet_hint=sheet_hint))


def read_rows(
    path: Readable, *, encoding: str | None = None, sheet_hint: Sequence[str] = ()
) -> tuple[str | None, Iterable[Row]]:
    """The filled rows of a CSV file (read as they are asked for), or of the workbook sheet
    named like one of ``sheet_hint`` (else the first), with the sheet's name."""
    if not is_workbook(path):
        return None, iter_csv_rows(path, encoding)
    sheets = read_workbook(path)
    if not sheets:
        raise InputError("the workbook has no sheets", Place(str(path)))
    wanted = [fold(h) for h in sheet_hint]
    name = next((name for name in sheets if fold(name) in wanted), next(iter(sheets)))
    return name, sheets[name]


#: The delimiters a CSV may use: the comma this project writes first, then the semicolon
#: and the tab of spreadsheets set to other locales.
DELIMITERS = (",", ";", "\t")
#: How many of the first records choose the delimiter.
DELIMITER_SAMPLE = 50


def read_csv_rows(path: Readable, encoding: str | None = None) -> list[Row]:
    """The records of a CSV file that hold something (see the module docstring for the
    dialect), numbered by the line each starts on."""
    return list(iter_csv_rows(path, encoding))


def iter_csv_rows(path: Readable, encoding: str | None = None) -> Iterator[Row]:
    """:func:`read_csv_rows` one record at a time (a list of a million rows is never held
    as rows)."""
    text = read_text(path, encoding)
    reader = _reader(text, _delimiter(text), strict=True)
    start = 1  # the line the record being read starts on
    try:
        for record in reader:
            if "".join(record).strip():  # a cell holds something
                yield Row(start, record)
            start = reader.line_num + 1
    except csv.Error as exc:
        raise _csv_problem(str(exc), Place(str(path), line=start), reader) from None


#: How much text a CSV's lines are cut from at a time (see :func:`_lines`).
_PART = 1 << 20


def _reader(text: str, delimiter: str, strict: bool) -> Any:
    """A csv reader of ``text``."""
    return csv.reader(_lines(text), delimiter=delimiter, quotechar='"', doublequote=True,
                      skipinitialspace=True, strict=strict)


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text``, their ends kept, as the csv module wants them: those of a
    ``StringIO`` with ``newline=""``, so that any line end ends a record.  A ``StringIO``
    holds four bytes a character, so it is made of a part of the text at a time (cut
    after a ``\n``) rather than of the whole: 4 MiB, not 800 MB for a 200 MB list."""
    start = 0
    while start < len(text):
        cut = text.find("\n", start + _PART)
        end = len(text) if cut < 0 else cut + 1
        yield from io.StringIO(text[start:end], newline="")
        start = end


def _delimiter(text: str) -> str:
    """The delimiter under which the most of the first records have the same number of
    cells (two or more), the more cells the better; the comma when none splits them."""
    best, best_score = DELIMITERS[0], (0, 0)
    for delimiter in DELIMITERS:
        widths: Counter[int] = Counter()
        try:
            for record in islice(_reader(text, delimiter, strict=False), DELIMITER_SAMPLE):
                if len(record) > 1:
                    widths[len(record)] += 1
        except csv.Error:  # the sample ends there; the read names the problem
            pass
        score = max(((count, width) for width, count in widths.items()), default=(0, 0))
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _csv_problem(refusal: str, record: Place, reader: Any) -> InputError:
    """The error for what the csv module refused (``refusal``), at its line."""
    here = Place(record.file, line=reader.line_num)
    if "field larger than field limit" in refusal:
        return InputError(message("a cell is longer than {} characters",
                                  f"{csv.field_size_limit():,}"), here,
                          expected="the names, numbers and words of a sheet or list")
    if refusal == "unexpected end of data":
        return InputError(
            "a quoted cell is never closed", record,
            found=message("a quote that runs on to the end of the file (line {})",
                          reader.line_num),
            expected='a closing quote (a quote inside a quoted cell is written twice: "")')
    if "expected after" in refusal:
        return InputError(
            "a quoted cell goes on after its closing quote", here,
            expected='the next cell or the end of the line after the closing quote (a quote '
            'inside a quoted cell is written twice: "")')
    return InputError("unreadable CSV", here, found=refusal)


def read_workbook(path: Readable) -> dict[str, list[Row]]:
    """Every sheet of an .xlsx workbook as its filled rows, read as the file streams."""
    from openpyxl import load_workbook  # only for workbooks: it costs a tenth of a second

    source = str(path)
    try:
        book = load_workbook(binary(path), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xlsx workbook") from None
    try:
        sheets = {}
        for sheet in book.worksheets:
            sheet.reset_dimensions()  # the cells there are, not the size the file declares
            place = Place(source, sheet=sheet.title)
            sheets[sheet.title] = filled_rows(_guarded(sheet.iter_rows(values_only=True),
                                                       place), place)
        return sheets
    finally:
        book.close()


def _guarded(rows: Iterator[Sequence[Any]], place: Place) -> Iterator[Sequence[Any]]:
    """``rows``, a damaged sheet's error (whatever the library raises) an InputError."""
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except Exception as exc:  # openpyxl and its XML parser raise many kinds
            raise InputError("cannot read the sheet", place,
                             found=f"{type(exc).__name__}: {exc}" if str(exc)
                             else type(exc).__name__,
                             expected="a sheet as a spreadsheet program saves it") from None
        yield row


def filled_rows(rows: Iterable[Sequence[Any]], place: Place) -> list[Row]:
    """The rows (numbered from 1) that hold something, each cut after its last filled
    cell; more than :data:`MAX_SHEET_CELLS` cells in all is an error at the row."""
    kept: list[Row] = []
    cells = 0
    for number, row in enumerate(rows, start=1):
        end = len(row)
        while end and _blank(row[end - 1]):
            end -= 1
        if not end:
            continue
        cells += end
        if cells > MAX_SHEET_CELLS:
            raise InputError(
                "the sheet is too large", Place(place.file, sheet=place.sheet, line=number),
                found=message("more than {} cells up to this row (a row counts every cell up "
                              "to its last filled one)", f"{MAX_SHEET_CELLS:,}"),
                expected="a sheet of players or games")
        kept.append(Row(number, list(row[:end])))
    return kept


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def table_from_rows(source: str, sheet: str | None, rows: Iterable[Row]) -> Table:
    """Find the header row (the first row naming a known column) and keep what follows."""
    header, columns, data = find_header(source, sheet, rows)
    kept = list(data)
    return Table(
        source=source,
        sheet=sheet,
        raw_headers=list(header.cells),
        columns=columns,
        rows=[r.cells for r in kept],
        row_numbers=[r.number for r in kept],
        header_row=header.number,
    )


def find_header(source: str, sheet: str | None,
                rows: Iterable[Row]) -> tuple[Row, dict[str, int], Iterator[Row]]:
    """The header row (the first row naming a known column), its columns (canonical name
    → position) and the rows after it, as they come."""
    after = iter(rows)
    for row in after:
        columns = map_headers(row.cells)
        if columns:
            return row, columns, after
    place = Place(source, sheet=sheet) if sheet else Place(source)
    raise InputError(
        "no header row", place, found="no row naming a known column",
        expected="a header row such as 'round, white, black, result' or 'id, name, rating'",
    )
