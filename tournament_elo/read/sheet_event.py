"""The event sheet of a plain workbook (or the event CSV beside a games CSV): the event's
name, dates, rounds, type, place and settings, in either of two layouts:

* key/value rows, ``name | Open 2025``, ``start | 2025-03-01``, … (a first row such as
  ``key | value`` or ``Thông tin | Giá trị`` is their header);
* a header row of keys, ``name, start, end, rounds, type``, above one row of values.

The first row tells them apart, a key one slip from a known one counting as a key: two
keys or more in it begin a header row, unless it has just two cells and every row below
starts with a key too (key/value rows whose first value is a key's word: ``name |
Giải``); a key and a value (and maybe notes) are a key/value row.  A first cell that is
no key fits neither layout and is refused, and so is a header row without its row of
values or with two.  A key one slip from a known one (``strat``) is a problem with the
suggestion, as a column header is; another unknown key is a warning, since a row not
read may be a mistake too; a key given twice is a problem (so a header row misread as
key/value rows, which gives the name twice, is not read silently).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import N_, message
from .headers import fold, in_vietnamese, near_miss
from .sheet_cells import cell_place, cell_text
from .sheet_words import EVENT_KEY_NAMES, EVENT_KEYS, VALUE_HEADERS
from .table import Row

#: The two layouts, as a message shows them.
LAYOUTS = N_("key/value rows (name | Open 2025, start | 2025-03-01, …) or a header row of "
             "keys (name, start, end, rounds, type) above one row of values")

#: A filled cell: its 0-based position and its value.
Cell = tuple[int, Any]


@dataclass
class EventInfo:
    """The event sheet's values by field, and the place of each value's cell."""

    values: dict[str, Any] = field(default_factory=dict)
    places: dict[str, Place] = field(default_factory=dict)

    def text(self, key: str) -> str | None:
        return cell_text(self.values.get(key)) or None

    def given(self, key: str) -> tuple[str, Place] | None:
        """The text of a key and the place of its cell, where the sheet gives it."""
        text = self.text(key)
        return None if text is None else (text, self.places[key])


def read_event_sheet(rows: Sequence[Row], source: str, sheet: str | None,
                     problems: Problems, warnings: list[InputWarning]) -> EventInfo:
    """The values of an event sheet (``sheet`` None: an event CSV) in either layout; each
    problem is recorded in ``problems``, each key not read in ``warnings``."""
    filled = [(row.number, cells) for row in rows if (cells := _filled(row))]
    reader = _Reader(source, sheet, problems, warnings)
    if not filled:
        return reader.info
    number, head = filled[0]
    keys = [_is_key(value) for _, value in head]
    if len(head) >= 2 and fold(cell_text(head[1][1])) in VALUE_HEADERS:
        reader.key_values(filled[1:])
    elif not keys[0]:
        problems.add(InputError(
            "the event sheet is neither key/value rows nor a header row of keys",
            reader.place(number, head[0][0]), found=message("the first row {}", _texts(head)),
            expected=LAYOUTS))
    elif sum(keys) >= 2 and not (
            len(head) == 2 and len(filled) > 1
            and all(_is_key(cells[0][1]) for _, cells in filled[1:])):
        reader.header(filled)
    else:
        reader.key_values(filled)
    return reader.info


def _filled(row: Row) -> list[Cell]:
    return [(position, value) for position, value in enumerate(row.cells) if cell_text(value)]


def _texts(cells: Sequence[Cell]) -> str:
    return ", ".join(cell_text(value) for _, value in cells)


def _is_key(value: Any) -> bool:
    """Whether a cell is a key of the event sheet, or one slip from one."""
    text = cell_text(value)
    return fold(text) in EVENT_KEYS or near_miss(text, (), EVENT_KEYS) is not None


def _where(place: Place) -> str:
    """A cell of the sheet being read, without its file: 'cell B2', or a CSV's 'line 2'."""
    return message("cell {}", place.cell) if place.cell is not None else message("line {}",
                                                                                  place.line)


@dataclass
class _Reader:
    """One event sheet's keys and values, its problems and its warnings."""

    source: str
    sheet: str | None
    problems: Problems
    warnings: list[InputWarning]
    info: EventInfo = field(default_factory=EventInfo)
    #: Field → the text and place of the key that gave it.
    keys: dict[str, tuple[str, Place]] = field(default_factory=dict)
    #: Whether the keys are written in Vietnamese: messages name keys as the sheet does.
    vietnamese: bool = False

    def place(self, number: int, position: int) -> Place:
        return cell_place(self.source, self.sheet, number, position)

    def key_values(self, rows: Sequence[tuple[int, list[Cell]]]) -> None:
        """``key | value`` rows; a key without a value is a blank."""
        self.vietnamese = in_vietnamese(cells[0][1] for _, cells in rows)
        for number, cells in rows:
            (position, key), *values = cells
            field_name = self.field_of(number, position, key)
            if field_name is not None and values:
                value_position, value = values[0]
                self.set(field_name, key, self.place(number, position), value,
                         self.place(number, value_position))

    def header(self, rows: Sequence[tuple[int, list[Cell]]]) -> None:
        """A header row of keys, and the one row of values below it."""
        (number, head), *below = rows
        self.vietnamese = in_vietnamese(value for _, value in head)
        fields = [(position, key, self.field_of(number, position, key)) for position, key in head]
        if not below:
            self.problems.add(InputError(
                "the event sheet has a header row of keys but no row of values",
                self.place(number, head[0][0]), found=message("the header row {}", _texts(head)),
                expected="a row of values below it (or key/value rows: name | Open 2025, …)"))
            return
        values_number, values = below[0]
        if len(below) > 1:
            extra_number, extra = below[1]
            self.problems.add(InputError(
                "the event sheet has more than one row of values",
                self.place(extra_number, extra[0][0]),
                found=message("another row of values: {}", _texts(extra)),
                expected="one row of values below the header row of keys: one event per sheet"))
        by_position = dict(values)
        for position, key, field_name in fields:
            if field_name is not None:
                self.set(field_name, key, self.place(number, position),
                         by_position.get(position), self.place(values_number, position))

    def field_of(self, number: int, position: int, key: Any) -> str | None:
        """The field a key cell names; an unknown key is a problem (one slip from a known
        key) or a warning (another key, not read)."""
        text = cell_text(key)
        known = EVENT_KEYS.get(fold(text))
        if known is not None:
            return known
        place = self.place(number, position)
        close = near_miss(text, (), EVENT_KEYS)
        if close is None:
            self.warnings.append(InputWarning(place, message("key not read: {}", repr(text))))
            return None
        language = 1 if self.vietnamese else 0
        self.problems.add(InputError(
            "unknown key in the event sheet", place,
            found=message("{} (did you mean {}?)", repr(text),
                          repr(EVENT_KEY_NAMES[close][language])),
            expected=message("one of the keys {}", ", ".join(
                names[language] for names in EVENT_KEY_NAMES.values()))))
        return None

    def set(self, field_name: str, key: Any, key_place: Place, value: Any,
            place: Place) -> None:
        """Keep a key's value (a blank one is no value); a key given twice is a problem."""
        if not cell_text(value):
            return
        first = self.keys.get(field_name)
        if first is not None:
            first_text, first_place = first
            self.problems.add(InputError(
                "a key given twice in the event sheet", key_place,
                found=message("{}, after {} at {}", repr(cell_text(key)), repr(first_text),
                              _where(first_place)),
                expected="each key once"))
            return
        self.keys[field_name] = (cell_text(key), key_place)
        self.info.values[field_name] = value
        self.info.places[field_name] = place
