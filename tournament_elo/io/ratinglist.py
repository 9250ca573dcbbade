"""Reading a plain rating list: CSV or XLSX with any of ``id, fide_id, name, rating,
games, birth, ever_2400, k, federation``, one :class:`~tournament_elo.model.ListEntry`
per row (merged into an event by :func:`~tournament_elo.model.apply_rating_list`).

Ratings, game counts, K and births are read by :mod:`.values`, as in an event's players
table: a value out of its bounds is an error at its cell, never ignored."""

from __future__ import annotations

from functools import partial

from ..errors import InputError, Place, Problems
from ..model import ListEntry
from .sheet_cells import cell_text
from .table import Table, read_table
from .text import Readable
from .values import birth, game_count, k_factor, rating, shown

_TRUE = {"1", "yes", "y", "true", "x", "co", "có"}
_FALSE = {"0", "no", "n", "false", "", "khong", "không"}


def read_rating_list(path: Readable, encoding: str | None = None) -> list[ListEntry]:
    """Read a CSV or XLSX rating list."""
    table = read_table(path, encoding=encoding, sheet_hint=("ratings", "list", "players"))
    if not ({"rating", "games", "birth", "ever_2400", "k"} & set(table.columns)):
        raise InputError(
            "the rating list has none of the columns it is read for", table.header_place,
            found=", ".join(map(str, table.raw_headers)) or "no headers",
            expected="any of rating, games, birth, ever_2400, k (with id, fide_id or name)",
        )
    if not ({"id", "fide_id", "name"} & set(table.columns)):
        raise InputError(
            "the rating list cannot be matched to players", table.header_place,
            found=", ".join(map(str, table.raw_headers)), expected="a column id, fide_id or name",
        )
    problems = Problems()  # every bad row at once
    entries = [problems.checked(partial(_entry, table, row), None) for row in range(len(table))]
    problems.raise_any()
    return [entry for entry in entries if entry is not None]


def _entry(table: Table, row: int) -> ListEntry:
    def text(column: str) -> str | None:
        value = table.value(row, column)
        return None if value is None else str(value).strip() or None

    def code(column: str) -> str | None:  # '123.0': a number cell saved as text
        value = text(column)
        return value.removesuffix(".0") if value else None

    def cell(column: str) -> tuple[str, Place]:  # for the readers of .values
        return cell_text(table.value(row, column)), table.place(row, column)

    flag_text = text("ever_2400")
    ever: bool | None = None
    if flag_text is not None:
        folded = flag_text.lower()
        if folded not in _TRUE | _FALSE:
            raise InputError("unreadable ever_2400", table.place(row, "ever_2400"),
                             found=shown(flag_text), expected="yes/no, 1/0 or true/false")
        ever = folded in _TRUE
    born, year = birth(*cell("birth"))
    fide_id = code("fide_id")
    return ListEntry(
        place=table.place(row, None),
        id=code("id"),
        fide_id=fide_id if fide_id and fide_id.strip("0") else None,
        name=text("name"),
        rating=rating(*cell("rating")),
        games=game_count(*cell("games")),
        birth=born,
        birth_year=year,
        ever_2400=ever,
        k=k_factor(*cell("k")),
        federation=text("federation"),
    )
