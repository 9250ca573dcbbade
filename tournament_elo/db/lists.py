"""Rating lists in the database: published lists imported, and the state of a
computation as of any date (every stored row up to it applied: the rating periods'
changes and what the published lists between them gave)."""

from __future__ import annotations

import hashlib
import sqlite3
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..i18n.message import message
from ..model import ListEntry, Player
from ..rating_list import LIST_ENTRY, PENDING_ENTRY, UNKNOWN_GAMES, Ints, ListState
from ..read.detect import read_ratings
from ..read.text import read_bytes
from .changes import record
from .store import Database, invalidate, unpack


@dataclass
class ListImport:
    """What a list import did: its rows, how each was matched to a known player
    (``id``, ``name`` or ``new``), and the rows matched by name (to check)."""

    count: int
    how: Counter[str]
    by_name: list[tuple[str, str, int, str]]  # (row's place, row's name, player, his name)
    unchanged: bool  # the entries of the list imported before for that date

    def summary(self, on: date) -> str:
        return message("{} players listed on {}: {} matched by id, {} by name, {} new",
                       self.count, on, self.how["id"], self.how["name"], self.how["new"])


def import_list(db: Database, path: str | Path, on: date, pool: str = "main",
                encoding: str | None = None, speed: str = "standard") -> ListImport:
    """Store a published rating list dated ``on`` (a later import for the same date
    replaces it); each row is matched to a known player as event players are
    (:meth:`~.store.Database.player_ids`), or added.  A list with new entries makes the
    lists computed from its date on stale; the same entries again change nothing."""
    listed = list(read_ratings(path, encoding, speed))  # each entry made once, read often
    digest = hashlib.sha256(read_bytes(path)).hexdigest()
    with db.transaction() as conn:
        pool_id = db.pool_id(pool, create=True)
        people = []
        for entry in listed:
            if not (entry.fide_id or entry.id or entry.name):
                raise InputError("a list entry names no player", entry.place,
                                 expected="a fide_id, id or name")
            people.append(Player(index=0, id=entry.id or "",
                                 name=entry.name or entry.fide_id or "", sex=entry.sex,
                                 federation=entry.federation, fide_id=entry.fide_id,
                                 birth=entry.birth, birth_year=entry.birth_year))
        entries = np.zeros(len(listed), dtype=LIST_ENTRY)
        how: list[str] = []
        entries["player"] = db.player_ids(people, how)
        names = dict(db.query("SELECT id, name FROM players"))
        entries["rating"] = [e.rating or 0 for e in listed]
        # A list that rates a player without his games in total (FIDE's gives only the
        # period's) makes him established, as ``rate --ratings`` does: his games unknown.
        entries["games"] = [UNKNOWN_GAMES if e.games is None and e.rating else e.games or 0
                            for e in listed]
        # A published 2400 is what "ever 2400" means: the rating itself shows it.
        entries["ever_2400"] = [bool(e.ever_2400) or (e.rating or 0) >= 2400 for e in listed]
        entries["k"] = [e.k or 0 for e in listed]
        stored = conn.execute("SELECT path, content_hash, entries, inactive, id"
                              " FROM published_lists WHERE pool_id = ? AND date = ?",
                              (pool_id, on.isoformat())).fetchone()
        where = str(Path(path).resolve())
        inactive = _inactive(listed, entries["player"])
        # A later row of one player wins, as his entry does.
        clubs = dict((pid, (e.club, e.region)) for e, pid in zip(
            listed, entries["player"].tolist(), strict=True) if e.club or e.region)
        unchanged = stored is not None and (stored[2], stored[3]) == (
            entries.tobytes(), inactive) and _affiliations(conn, stored[4]) == clubs
        counted = Counter(how)
        if unchanged:
            conn.execute("UPDATE published_lists SET path = ?, content_hash = ?"
                         " WHERE pool_id = ? AND date = ?",
                         (where, digest, pool_id, on.isoformat()))
        else:
            # The computed lists' rows of the list it replaces go with it (ON DELETE CASCADE).
            conn.execute("DELETE FROM published_lists WHERE pool_id = ? AND date = ?",
                         (pool_id, on.isoformat()))
            list_id = conn.execute(
                "INSERT INTO published_lists (pool_id, date, path, content_hash, entries,"
                " inactive) VALUES (?, ?, ?, ?, ?, ?)",
                (pool_id, on.isoformat(), where, digest, entries.tobytes(),
                 inactive)).lastrowid
            conn.executemany(
                "INSERT INTO list_affiliations (list_id, player_id, club, region)"
                " VALUES (?, ?, ?, ?)",
                [(list_id, pid, club, region) for pid, (club, region) in clubs.items()])
            invalidate(db, pool_id, on)
            details = {"date": on.isoformat(), "players": len(entries), "by_id": counted["id"],
                       "by_name": counted["name"], "new": counted["new"]}
            if stored is not None:
                details["replaced"] = [stored[0], stored[1]]
            record(conn, db.author, "list", pool_id=pool_id, path=where, content_hash=digest,
                   details=details)
    return ListImport(len(entries), counted, [
        (str(entry.place), person.name, pid, names[pid])
        for entry, person, pid, kind in zip(listed, people, entries["player"].tolist(), how,
                                            strict=True) if kind == "name"], unchanged)


def _inactive(listed: list[ListEntry], players: npt.NDArray[np.int32]) -> bytes | None:
    """The players a list marks inactive, packed; None where it says nothing of activity."""
    said = [entry.active for entry in listed]
    if said.count(None) == len(said):
        return None
    return players[[flag is False for flag in said]].astype("<i4").tobytes()


def _affiliations(conn: sqlite3.Connection, list_id: int) -> dict[int, tuple[Any, Any]]:
    """The clubs and regions a stored list gave, by player."""
    return {pid: (club, region) for pid, club, region in conn.execute(
        "SELECT player_id, club, region FROM list_affiliations WHERE list_id = ?", (list_id,))}


def player_count(db: Database) -> int:
    return int(db.query("SELECT coalesce(max(id), 0) + 1 FROM players")[0][0])


def computed_state(db: Database, computation_id: int, base: ListState,
                   through: date, played: Ints | None = None) -> ListState:
    """``base`` with the stored rows (the rating periods and the lists between them)
    ending on or before ``through`` applied.  ``played`` (by player) gets the date
    (``date.toordinal()``) of the last list each player was active on: the list after a
    period in which his rated games grew, or a published list that gave his entry and
    does not mark him inactive (one that does: none known)."""
    rows = db.query(
        "SELECT p.entries, p.pending, p.list_date, p.list_id, p.listed, l.inactive"
        " FROM periods p LEFT JOIN published_lists l ON l.id = p.list_id"
        " WHERE p.computation_id = ? AND p.end <= ? ORDER BY p.end, p.first_event",
        computation_id, through.isoformat())
    for entries, _, list_date, list_id, listed, inactive in rows:
        found = unpack(entries, LIST_ENTRY)
        if played is not None:
            day = date.fromisoformat(list_date).toordinal()
            if list_id is None:
                who = found["player"]
                played[who[found["games"] > base.games[who]]] = day
            else:
                given = found["player"][len(found) - listed:]
                played[given] = day
                played[np.intersect1d(given, unpack(inactive or b"", np.dtype("<i4")))] = 0
        base.apply(found)
    if rows:
        base.pending = unpack(rows[-1][1], PENDING_ENTRY).copy()
    return base
