"""Reading a plain rating list: CSV or XLSX with any of ``id, fide_id, name, rating,
games, birth, ever_2400, k, federation``, one :class:`~tournament_elo.model.ListEntry`
per row (merged into an event by :func:`~tournament_elo.model.apply_rating_list`)."""

from __future__ import annotations

from ..errors import InputError
from ..model import ListEntry
from .common import parse_birth
from .table import Table, read_table
from .text import Readable

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
    return [_entry(table, row) for row in range(len(table))]


def _entry(table: Table, row: int) -> ListEntry:
    def text(column: str) -> str | None:
        value = table.value(row, column)
        return None if value is None else str(value).strip() or None

    def number(column: str) -> int | None:
        value = text(column)
        if value is None:
            return None
        try:
            as_float = float(value.replace(",", "."))
        except ValueError:
            raise InputError(f"unreadable {column}", table.place(row, column), found=repr(value),
                             expected="a whole number") from None
        if not as_float.is_integer():
            raise InputError(f"unreadable {column}", table.place(row, column), found=repr(value),
                             expected="a whole number")
        return int(as_float)

    flag_text = text("ever_2400")
    ever: bool | None = None
    if flag_text is not None:
        folded = flag_text.lower()
        if folded not in _TRUE | _FALSE:
            raise InputError("unreadable ever_2400", table.place(row, "ever_2400"),
                             found=repr(flag_text), expected="yes/no, 1/0 or true/false")
        ever = folded in _TRUE
    birth_text = text("birth")
    birth, year = parse_birth(birth_text) if birth_text else (None, None)
    fide_id = text("fide_id")
    if fide_id is not None and fide_id.endswith(".0"):
        fide_id = fide_id[:-2]  # a number cell read back from Excel
    raw_id = text("id")
    return ListEntry(
        place=table.place(row, None),
        id=raw_id[:-2] if raw_id and raw_id.endswith(".0") else raw_id,
        fide_id=fide_id if fide_id and fide_id.strip("0") else None,
        name=text("name"),
        rating=number("rating"),
        games=number("games"),
        birth=birth,
        birth_year=year,
        ever_2400=ever,
        k=number("k"),
        federation=text("federation"),
    )
