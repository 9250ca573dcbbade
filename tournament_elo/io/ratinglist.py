"""Rating lists: pre-event ratings and K state, and how they meet an event's players.

A list is CSV or XLSX with any of ``id, fide_id, name, rating, games, birth,
ever_2400, k, federation``.  Each event player is matched by FIDE id, else by the
list's ``id`` (his start number or the event's own id), else by exact name; what the
list says then replaces what the event file said.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from ..errors import InputError, Place
from ..model import Event, Player
from .common import parse_birth
from .table import Table, read_table

_TRUE = {"1", "yes", "y", "true", "x", "co", "có"}
_FALSE = {"0", "no", "n", "false", "", "khong", "không"}


@dataclass(frozen=True)
class ListEntry:
    place: Place
    id: str | None = None
    fide_id: str | None = None
    name: str | None = None
    rating: int | None = None
    games: int | None = None
    birth: date | None = None
    birth_year: int | None = None
    ever_2400: bool | None = None
    k: int | None = None
    federation: str | None = None


def read_rating_list(path: str | Path, encoding: str | None = None) -> list[ListEntry]:
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


def apply_rating_list(event: Event, entries: list[ListEntry]) -> Event:
    """The event with each matched player's rating and K state taken from the list."""
    by_fide = {e.fide_id: e for e in entries if e.fide_id}
    by_id = {e.id: e for e in entries if e.id}
    by_name = {e.name: e for e in entries if e.name}
    players = []
    for player in event.players:
        entry = (
            (by_fide.get(player.fide_id) if player.fide_id else None)
            or by_id.get(str(player.id))
            or by_name.get(player.name)
        )
        players.append(player if entry is None else _merge(player, entry))
    return replace(event, players=tuple(players))


def _merge(player: Player, entry: ListEntry) -> Player:
    changes: dict[str, Any] = {
        key: getattr(entry, key)
        for key in ("rating", "games", "ever_2400", "k", "federation", "fide_id")
        if getattr(entry, key) is not None
    }
    if entry.birth_year is not None:
        changes.update(birth=entry.birth, birth_year=entry.birth_year)
    if changes.get("rating") == 0:
        changes["rating"] = None
    return replace(player, **changes)
