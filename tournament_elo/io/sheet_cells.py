"""A sheet cell as the sheet readers compare it: clean text (numbers are read by
:mod:`.values`).

Kept apart so the general reader (:mod:`.sheets`) and the reader of the per-game
columns (:mod:`.sheet_per_game`) read a cell the same way without importing each other.
"""

from __future__ import annotations

import unicodedata
from datetime import date, datetime
from typing import Any


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
