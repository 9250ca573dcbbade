"""Reading a plain rating list: CSV or XLSX with any of ``id, fide_id, name, rating,
games, birth, ever_2400, k, federation, sex, club, region, active``, one entry per row, as a
:class:`~tournament_elo.model.RatingList` (matched to an event's players by
:func:`~tournament_elo.model.apply_rating_list`).

Ratings, game counts, K and births are read by :mod:`.values`, as in an event's players
table: a value out of its bounds is an error at its cell (a CSV's line and column header,
a sheet's cell), never ignored, and so is a row that names no player.  A CSV is read a
record at a time, its rows a few hundred at a time, each column's distinct texts once
(:class:`~.values.Distinct`): a list of FIDE's size, 1.2 million rows, is never held as
a million row objects.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any

from ..errors import InputError, Place, Problems, column_letter
from ..i18n.message import message
from ..model import ListEntry, ListPlaces, RatingList
from .sheet_cells import cell_text
from .table import Row, find_header, read_rows
from .text import Readable
from .values import Distinct, birth, game_count, k_factor, rating, sex, shown

_TRUE = {"1", "yes", "y", "true", "x", "co", "có"}
_FALSE = {"0", "no", "n", "false", "", "khong", "không"}
#: The columns an entry is read from (a list's ``club`` is the header a team's column
#: has: ``club``, ``clb``, ``đội``, …), and the field each is read into.
_FIELDS = {"id": "id", "fide_id": "fide_id", "name": "name", "rating": "rating",
           "games": "games", "birth": "birth", "ever_2400": "ever_2400", "k": "k",
           "federation": "federation", "sex": "sex", "team": "club", "region": "region",
           "active": "active"}
#: The rows read together, column by column: few enough that the rows of a chunk are
#: gone before the garbage collector looks at them twice.
_CHUNK = 256
#: How much of a header row a message shows.
_SHOWN_HEADERS = 100


def read_rating_list(path: Readable, encoding: str | None = None) -> RatingList:
    """Read a CSV or XLSX rating list (every bad row reported at once)."""
    source = str(path)
    sheet, rows = read_rows(path, encoding=encoding, sheet_hint=("ratings", "list", "players"))
    header, columns, data = find_header(source, sheet, rows)
    header_place = Place(source, line=header.number, sheet=sheet)
    if not ({"rating", "games", "birth", "ever_2400", "k"} & set(columns)):
        raise InputError(
            "the rating list has none of the columns it is read for", header_place,
            found=_headers(header.cells) or "no headers",
            expected="any of rating, games, birth, ever_2400, k (with id, fide_id or name)",
        )
    if not ({"id", "fide_id", "name"} & set(columns)):
        raise InputError(
            "the rating list cannot be matched to players", header_place,
            found=_headers(header.cells), expected="a column id, fide_id or name",
        )
    read = sorted((position, _FIELDS[column]) for column, position in columns.items()
                  if column in _FIELDS)
    places = ListPlaces(source, sheet, {
        field: column_letter(position) if sheet else cell_text(header.cells[position])
        for position, field in read})
    return _Reading(places, read).all(data)


def _headers(cells: Sequence[Any]) -> str:
    """A header row as a message shows it: its start, when it is long."""
    text = ", ".join(map(str, cells))
    if len(text) <= _SHOWN_HEADERS:
        return text
    return message("{}… ({} headers)", text[:_SHOWN_HEADERS], f"{len(cells):,}")


def _yes_or_no(what: str) -> Callable[[str, Place], bool | None]:
    """The reading of a column of yes and no (blank: not said)."""
    def read(text: str, place: Place) -> bool | None:
        if not text:
            return None
        folded = text.lower()
        if folded not in _TRUE | _FALSE:
            raise InputError(message("unreadable {}", what), place, found=shown(text),
                             expected="yes/no, 1/0 or true/false")
        return folded in _TRUE

    return read


def _name(text: str, _: Place) -> str | None:
    return text or None


#: How each column's distinct texts are read.
_RULES: dict[str, Callable[[str, Place], Any]] = {
    "rating": rating, "games": game_count, "k": k_factor, "birth": birth,
    "ever_2400": _yes_or_no("ever_2400"), "active": _yes_or_no("active"),
    "federation": _name, "club": _name, "region": _name, "sex": sex,
}


def _text(value: Any) -> str | None:
    """A cell as the list's names and ids read it."""
    return None if value is None else str(value).strip() or None


def _code(value: Any) -> str | None:
    """An id: '123.0' is a number cell saved as text."""
    text = _text(value)
    return text.removesuffix(".0") if text else None


def _fide_id(value: Any) -> str | None:
    code = _code(value)
    return code if code and code.strip("0") else None


#: How the columns read once per row are read.
_PER_ROW: dict[str, Callable[[Any], str | None]] = {
    "id": _code, "fide_id": _fide_id, "name": _text}


class _Reading:
    """The columns of a list as its rows are read, and the problems found."""

    def __init__(self, places: ListPlaces, read: list[tuple[int, str]]) -> None:
        self.places = places
        self.read = read  # (position, field), left to right
        self.numbers = array("l")
        self.columns: dict[str, list[Any]] = {}
        self.distinct = {field: Distinct(_RULES[field], self._place_of(field), cell_text)
                         for _, field in read if field in _RULES}
        self.problems = Problems()

    def _place_of(self, field: str) -> Callable[[int], Place]:
        return lambda number: self.places.at(number, field)

    def all(self, rows: Iterator[Row]) -> RatingList:
        while chunk := list(islice(rows, _CHUNK)):
            self._read(chunk)
        self.problems.raise_any()
        return RatingList(ListEntry, self.places, self.numbers, self.columns)

    def _read(self, chunk: list[Row]) -> None:
        numbers = [row.number for row in chunk]
        refused: list[tuple[int, InputError]] = []
        keys: list[list[Any]] = []  # the chunk's ids, FIDE ids and names
        for position, field in self.read:
            cells = [row.cells[position] if position < len(row.cells) else None
                     for row in chunk]
            if field in _PER_ROW:
                keys.append(self._extend(field, list(map(_PER_ROW[field], cells))))
                continue
            texts = ["" if v is None else v if type(v) is str else cell_text(v) for v in cells]
            values = self.distinct[field].column(texts, numbers, refused)
            if field == "birth":
                self._extend("birth", [None if v is None else v[0] for v in values])
                self._extend("birth_year", [None if v is None else v[1] for v in values])
            else:
                self._extend(field, values)
        for number, named in zip(numbers, zip(*keys, strict=True), strict=True):
            if not any(named):
                refused.append((number, InputError(
                    "a list entry names no player", self.places.at(number),
                    expected="a fide_id, id or name")))
        refused.sort(key=lambda found: found[0])  # a row's problems left to right
        for _, error in refused:
            self.problems.add(error)
        self.numbers.extend(numbers)

    def _extend(self, field: str, values: list[Any]) -> list[Any]:
        """Add the chunk's ``values`` to the column of ``field``; they are returned."""
        self.columns.setdefault(field, []).extend(values)
        return values
