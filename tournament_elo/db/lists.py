"""Rating lists in the database: published lists imported, and the state of a
computation as of any date (every stored row up to it applied: the rating periods'
changes and what the published lists between them gave)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..i18n.message import message
from ..model import Player
from ..rating_list import LIST_ENTRY, PENDING_ENTRY, ListState
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
    from .importer import invalidate

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
                                 name=entry.name or entry.fide_id or "",
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
        stored = conn.execute("SELECT path, content_hash, entries FROM published_lists"
                              " WHERE pool_id = ? AND date = ?", (pool_id, on.isoformat())
                              ).fetchone()
        where = str(Path(path).resolve())
        unchanged = stored is not None and stored[2] == entries.tobytes()
        counted = Counter(how)
        if unchanged:
            conn.execute("UPDATE published_lists SET path = ?, content_hash = ?"
                         " WHERE pool_id = ? AND date = ?",
                         (where, digest, pool_id, on.isoformat()))
        else:
            # The computed lists' rows of the list it replaces go with it (ON DELETE CASCADE).
            conn.execute("DELETE FROM published_lists WHERE pool_id = ? AND date = ?",
                         (pool_id, on.isoformat()))
            conn.execute("INSERT INTO published_lists (pool_id, date, path, content_hash,"
                         " entries) VALUES (?, ?, ?, ?, ?)",
                         (pool_id, on.isoformat(), where, digest, entries.tobytes()))
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


def player_count(db: Database) -> int:
    return int(db.query("SELECT coalesce(max(id), 0) + 1 FROM players")[0][0])


def computed_state(db: Database, computation_id: int, base: ListState,
                   through: date) -> ListState:
    """``base`` with the stored rows (the rating periods and the lists between them)
    ending on or before ``through`` applied."""
    rows = db.query("SELECT entries, pending FROM periods WHERE computation_id = ? AND end <= ?"
                    " ORDER BY end, first_event", computation_id, through.isoformat())
    for entries, _ in rows:
        base.apply(unpack(entries, LIST_ENTRY))
    if rows:
        base.pending = unpack(rows[-1][1], PENDING_ENTRY).copy()
    return base
