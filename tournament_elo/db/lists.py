"""Rating lists in the database: published lists imported as starting points, and the
state of a computation as of any date (its base list with every later period's
changes applied)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from ..i18n.message import message
from ..model import ListEntry, Player
from ..rating_list import LIST_ENTRY, PENDING_ENTRY, Ints, ListState
from ..read.detect import read_ratings
from ..read.text import read_bytes
from .changes import record
from .store import Database, unpack


@dataclass
class ListImport:
    """What a list import did: its rows, how each was matched to a known player
    (``id``, ``name`` or ``new``), and the rows matched by name (to check)."""

    count: int
    how: Counter[str]
    by_name: list[tuple[str, str, int, str]]  # (row's place, row's name, player, his name)

    def summary(self, on: date) -> str:
        return message("{} players listed on {}: {} matched by id, {} by name, {} new",
                       self.count, on, self.how["id"], self.how["name"], self.how["new"])


def import_list(db: Database, path: str | Path, on: date, pool: str = "main",
                encoding: str | None = None, speed: str = "standard") -> ListImport:
    """Store a published rating list dated ``on`` (a later import for the same date
    replaces it); each row is matched to a known player as event players are
    (:meth:`~.store.Database.player_ids`), or added."""
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
        entries["games"] = [e.games or 0 for e in listed]
        # A published 2400 is what "ever 2400" means: the rating itself shows it.
        entries["ever_2400"] = [bool(e.ever_2400) or (e.rating or 0) >= 2400 for e in listed]
        entries["k"] = [e.k or 0 for e in listed]
        before = conn.execute("SELECT path, content_hash FROM published_lists"
                              " WHERE pool_id = ? AND date = ?", (pool_id, on.isoformat())
                              ).fetchone()
        conn.execute("DELETE FROM published_lists WHERE pool_id = ? AND date = ?",
                     (pool_id, on.isoformat()))
        where = str(Path(path).resolve())
        list_id = conn.execute(
            "INSERT INTO published_lists (pool_id, date, path, content_hash, entries, inactive)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (pool_id, on.isoformat(), where, digest, entries.tobytes(),
             _inactive(listed, entries["player"]))).lastrowid
        # A later row of one player wins, as his entry does.
        conn.executemany(
            "INSERT OR REPLACE INTO list_affiliations (list_id, player_id, club, region)"
            " VALUES (?, ?, ?, ?)",
            [(list_id, pid, e.club, e.region)
             for e, pid in zip(listed, entries["player"].tolist(), strict=True)
             if e.club or e.region])
        counted = Counter(how)
        details = {"date": on.isoformat(), "players": len(entries), "by_id": counted["id"],
                   "by_name": counted["name"], "new": counted["new"]}
        if before is not None:
            details["replaced"] = list(before)
        record(conn, db.author, "list", pool_id=pool_id, path=where, content_hash=digest,
               details=details)
    return ListImport(len(entries), counted, [
        (str(entry.place), person.name, pid, names[pid])
        for entry, person, pid, kind in zip(listed, people, entries["player"].tolist(), how,
                                            strict=True) if kind == "name"])


def _inactive(listed: list[ListEntry], players: npt.NDArray[np.int32]) -> bytes | None:
    """The players a list marks inactive, packed; None where it says nothing of activity."""
    said = [entry.active for entry in listed]
    if said.count(None) == len(said):
        return None
    return players[[flag is False for flag in said]].astype("<i4").tobytes()


def player_count(db: Database) -> int:
    return int(db.query("SELECT coalesce(max(id), 0) + 1 FROM players")[0][0])


def base_list(db: Database, pool_id: int, before: date,
              played: Ints | None = None) -> tuple[int | None, ListState]:
    """The latest published list dated on or before ``before`` (the first period's
    start), or an empty one: every player unrated.  ``played`` (by player) gets the
    list's date (``date.toordinal()``) for each player it lists and does not mark
    inactive: his activity as the list knew it."""
    state = ListState.empty(player_count(db))
    row = db.conn.execute(
        "SELECT id, entries, date, inactive FROM published_lists WHERE pool_id = ?"
        " AND date <= ? ORDER BY date DESC LIMIT 1", (pool_id, before.isoformat())).fetchone()
    if row is None:
        return None, state
    entries = unpack(row[1], LIST_ENTRY)
    state.apply(entries)
    if played is not None:
        active = np.setdiff1d(entries["player"], unpack(row[3] or b"", np.dtype("<i4")))
        played[active] = date.fromisoformat(row[2]).toordinal()
    return int(row[0]), state


def computed_state(db: Database, computation_id: int, base: ListState,
                   through: date, played: Ints | None = None) -> ListState:
    """``base`` with the stored periods ending on or before ``through`` applied.
    ``played`` (by player) gets the date (``date.toordinal()``) of the list after each
    period in which a player's rated games grew: the last list he was active on."""
    rows = db.query("SELECT entries, pending, list_date FROM periods WHERE computation_id = ?"
                    " AND end <= ? ORDER BY end, first_event", computation_id,
                    through.isoformat())
    for entries, _, list_date in rows:
        found = unpack(entries, LIST_ENTRY)
        if played is not None:
            who = found["player"]
            played[who[found["games"] > base.games[who]]] = date.fromisoformat(
                list_date).toordinal()
        base.apply(found)
    if rows:
        base.pending = unpack(rows[-1][1], PENDING_ENTRY).copy()
    return base
