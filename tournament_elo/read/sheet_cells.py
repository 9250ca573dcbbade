"""A sheet cell as the readers compare it: clean text (numbers are read by
:mod:`.values`), and the place it names.

Kept apart so every reader of cells — the general sheets (:mod:`.sheets`), their per-game
columns (:mod:`.sheet_per_game`) and event sheet (:mod:`.sheet_event`), the rating lists
(:mod:`.ratinglist`) and the crosstables (:mod:`.crosstable_layout`) — reads a cell the
same way without importing each other.
"""

from __future__ import annotations

import unicodedata
from datetime import date, datetime
from typing import Any

from ..errors import Place, column_letter


def cell_text(value: Any) -> str:
    """A cell as clean text, as a page would show it: NFC (names compare alike whichever
    file spelled them), single spaces; a whole float without '.0' (``3.0`` is ``3``), a
    date ISO."""
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = str(value)
    return " ".join((text if text.isascii() else unicodedata.normalize("NFC", text)).split())


def cell_place(source: str, sheet: str | None, number: int, column: int) -> Place:
    """The place of a cell: its sheet and cell in a workbook, its line in a CSV file
    (``sheet`` None); ``number`` is the 1-based row, ``column`` the 0-based position."""
    if sheet is None:
        return Place(source, line=number)
    return Place(source, sheet=sheet, cell=f"{column_letter(column)}{number}")
