"""Whether a rating database is sound: SQLite's own checks of its pages and foreign keys,
the tables, indexes and triggers its schema version defines, the text it can decode,
and the shape of the packed columns, which SQLite cannot see into (a changed byte in a
packed list can name a player who does not exist)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..model import BLACK, WHITE, Result, WinMethod
from ..rating_list import LIST_ENTRY, PENDING_ENTRY
from ..systems.registry import get_system
from .schema import DEFERRABLE_INDEXES, GAME_ROW, MIGRATIONS, statements

#: What a check found: the aspect checked and its problems (none: sound).
Finding = tuple[str, list[str]]


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """SQLite's ``quick_check``: every page readable and well formed (no index compared
    with its table), in about the time it takes to read the file."""
    return _pragma_problems(conn, "quick_check")


def findings(conn: sqlite3.Connection) -> list[Finding]:
    """Every check, in order; a check that cannot read what it checks says why."""
    checks: list[tuple[str, Callable[[sqlite3.Connection], list[str]]]] = [
        ("pages", _pages),
        ("foreign keys", _foreign_keys),
        ("schema", _schema),
        ("text", _text),
        ("packed columns", _packed),
    ]
    found = []
    for aspect, check in checks:
        try:
            found.append((aspect, check(conn)))
        except sqlite3.DatabaseError as error:
            found.append((aspect, [str(error)]))
    return found


def _pragma_problems(conn: sqlite3.Connection, pragma: str) -> list[str]:
    lines = [line for (text,) in conn.execute(f"PRAGMA {pragma}") for line in text.splitlines()]
    return [] if lines == ["ok"] else [line for line in lines if not line.startswith("***")]


def _pages(conn: sqlite3.Connection) -> list[str]:
    """``integrity_check``; where a damaged page stops it, ``quick_check`` says more."""
    try:
        return _pragma_problems(conn, "integrity_check")
    except sqlite3.DatabaseError:
        return quick_check(conn)


def _foreign_keys(conn: sqlite3.Connection) -> list[str]:
    return [f"{table} row {row} refers to a missing {parent} row"
            for table, row, parent, _ in conn.execute("PRAGMA foreign_key_check")]


def _layout(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Each table's columns and each index's, by ``"table NAME"`` or ``"index NAME"``."""
    return {f"{kind} {name}": conn.execute(
        f"SELECT * FROM pragma_{'table' if kind == 'table' else 'index'}_info(?)",
        (name,)).fetchall()
        for kind, name in conn.execute(
            "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'index')").fetchall()}


def _triggers(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Each trigger's statement, by ``"trigger NAME"`` (the change log's guards)."""
    return {f"trigger {name}": [(sql,)] for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")}


def _schema(conn: sqlite3.Connection) -> list[str]:
    """The tables, indexes and triggers as the migrations make them (a new database in
    memory).  A deferrable index may be missing (an import of many files builds it at its
    end, and opening the database to write makes it again): only its definition is
    checked."""
    reference = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS:
            for statement in statements(step):
                reference.execute(statement)
        expected = _layout(reference) | _triggers(reference)
    finally:
        reference.close()
    found = _layout(conn) | _triggers(conn)
    deferrable = {f"index {name}" for name in DEFERRABLE_INDEXES}
    return [f"{name} is missing" if name not in found else f"{name} is not as defined"
            for name, columns in expected.items() if found.get(name) != columns
            and not (name in deferrable and name not in found)]


def _text(conn: sqlite3.Connection) -> list[str]:
    """Every text value decodes (Python wrote them all as UTF-8)."""
    problems = []
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                 " AND name NOT LIKE 'sqlite_%'").fetchall():
        columns = [r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))
                   if r[2] == "TEXT"]
        if not columns:
            continue
        try:
            for _ in conn.execute(f"SELECT {', '.join(columns)} FROM {table}"):
                pass
        except sqlite3.OperationalError as error:  # its text would be unreadable
            problems.append(f"{table}: {str(error).partition(' with text ')[0]}")
    return problems


def _packed(conn: sqlite3.Connection) -> list[str]:
    """Each packed column holds whole records of its kind, sized to its event, and names
    only players who exist."""
    ids = [r[0] for r in conn.execute("SELECT id FROM players")]
    exists = np.zeros(max(ids, default=0) + 1, dtype=bool)
    exists[ids] = True

    def known(players: npt.NDArray[Any]) -> bool:
        inside = (players >= 0) & (players < len(exists))
        return bool(inside.all() and exists[players].all())

    problems = []
    for event, rounds, count, people, given, rows, size in conn.execute(
            "SELECT g.event_id, e.rounds, g.count, g.player_ids, g.ratings, g.rows,"
            " (SELECT count(*) FROM event_players p WHERE p.event_id = g.event_id)"
            " FROM games g JOIN events e ON e.id = g.event_id"):
        if len(rows) != count * GAME_ROW.itemsize or not len(people) == len(given) == 4 * size:
            problems.append(f"event {event}: its games are not {count} rows of its "
                            f"{size} players")
        elif not (known(np.frombuffer(people, dtype="<i4"))
                  and _rows_valid(np.frombuffer(rows, dtype=GAME_ROW), size, rounds)):
            problems.append(f"event {event}: its games name players, rounds or results it "
                            "does not have")
    for table, column, dtype in (("periods", "entries", LIST_ENTRY),
                                 ("periods", "pending", PENDING_ENTRY),
                                 ("published_lists", "entries", LIST_ENTRY)):
        for row, blob in conn.execute(f"SELECT id, {column} FROM {table}"):
            if len(blob) % dtype.itemsize or not known(
                    np.frombuffer(blob, dtype=dtype)["player"]):
                problems.append(f"{table} {row}: its {column} are not list records of "
                                "known players")
    for row, blob in conn.execute("SELECT id, inactive FROM published_lists"
                                  " WHERE inactive IS NOT NULL"):
        if len(blob) % 4 or not known(np.frombuffer(blob, dtype="<i4")):
            problems.append(f"published_lists {row}: its inactive players are not known "
                            "players")
    problems.extend(_figures(conn))
    return problems


def _rows_valid(rows: npt.NDArray[Any], players: int, rounds: int) -> bool:
    def within(column: str, low: int, high: int) -> bool:
        return bool(((rows[column] >= low) & (rows[column] <= high)).all())

    return (within("player", 0, players - 1) and within("opponent", -1, players - 1)
            and within("round", 1, rounds) and within("color", BLACK, WHITE)
            and within("result", 0, len(Result) - 1)
            and within("method", 0, len(WinMethod) - 1))


def _figures(conn: sqlite3.Connection) -> Iterator[str]:
    """Each event's stored figures: one record of its system per player and per row."""
    sizes: dict[str, tuple[int, int] | None] = {}
    for result, event, system, players, games, size, count in conn.execute(
            "SELECT r.id, r.event_id, r.system, length(r.players), length(r.games),"
            " (SELECT count(*) FROM event_players p WHERE p.event_id = r.event_id), g.count"
            " FROM event_results r JOIN games g ON g.event_id = r.event_id"):
        if system not in sizes:
            try:
                rated = get_system(system)
                sizes[system] = (rated.player_figures.itemsize, rated.game_figures.itemsize)
            except InputError:
                sizes[system] = None
        record = sizes[system]
        if record is None:
            yield f"event_results {result}: no such system {system!r}"
        elif (players, games) != (size * record[0], count * record[1]):
            yield (f"event_results {result}: the figures are not those of event {event}'s "
                   f"{size} players and {count} rows")
