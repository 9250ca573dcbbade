"""A sheet cell as the sheet readers compare it: clean text (numbers are read by
:mod:`.values`), and the place it names.

Kept apart so the general reader (:mod:`.sheets`) and the readers of the per-game
columns (:mod:`.sheet_per_game`) and of the event sheet (:mod:`.sheet_event`) read a cell
the same way without importing each other.
"""

from __future__ import annotations

import unicodedata
from datetime import date, datetime
from typing import Any

from ..errors import Place, column_letter


def cell_text(value: Any) -> str:
    """A cell as clean text: NFC, single spaces; whole floats without '.0'."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return " ".join(unicodedata.normalize("NFC", str(value)).split())


def cell_place(source: str, sheet: str | None, number: int, column: int) -> Place:
    """The place of a cell: its sheet and cell in a workbook, its line in a CSV file
    (``sheet`` None); ``number`` is the 1-based row, ``column`` the 0-based position."""
    if sheet is None:
        return Place(source, line=number)
    return Place(source, sheet=sheet, cell=f"{column_letter(column)}{number}")
