"""One record per person: the players the database may hold twice (one name, two
records), and merging two records into one."""

from __future__ import annotations

from datetime import date

import numpy as np
import pandas as pd

from ..errors import InputError, Place
from ..i18n.message import N_, message
from ..rating_list import LIST_ENTRY
from ..read.headers import fold_name
from .changes import record, timestamp
from .recompute import RecomputeReport, recompute
from .store import Database, invalidate, unpack

PLAYER_COLUMNS = ("id", "name", "fide_id", "federation_id", "birth_year", "events",
                  "first_event", "last_event")


def _name_words(name: str) -> str:
    """A name's words in any order: ``Nguyen Van A`` and ``Van A Nguyen`` agree."""
    return " ".join(sorted(fold_name(name).split()))


def _apart(a: object, b: object) -> bool:
    return a is not None and b is not None and a != b


def players(db: Database, only_duplicates: bool = False) -> pd.DataFrame:
    """The player records with their events; ``only_duplicates``: the records that are
    likely one person (the same name in any word order, case and accents aside, and no
    id or birth year telling them apart), in groups."""
    found = db.query(
        "SELECT q.id, q.name, q.fide_id, q.federation_id, q.birth_year, count(p.event_id),"
        " min(e.end), max(e.end) FROM players q LEFT JOIN event_players p ON p.player_id = q.id"
        " LEFT JOIN events e ON e.id = p.event_id GROUP BY q.id ORDER BY q.id")
    if not only_duplicates:
        return pd.DataFrame(found, columns=list(PLAYER_COLUMNS))
    groups: dict[str, list[tuple[object, ...]]] = {}
    for row in found:
        groups.setdefault(_name_words(str(row[1])), []).append(row)
    rows = []
    for members in groups.values():
        for i, row in enumerate(members):
            # The first record each id-compatible partner can be merged with.
            if any(not any(_apart(row[c], other[c]) for c in (2, 3, 4))
                   for j, other in enumerate(members) if j != i):
                rows.append(row)
    by_group: dict[str, int] = {}
    table = [(by_group.setdefault(_name_words(str(r[1])), len(by_group) + 1), *r) for r in rows]
    return pd.DataFrame(table, columns=["group", *PLAYER_COLUMNS])


def merge_players(db: Database, kept: int, gone: int) -> list[tuple[str, date]]:
    """Merge record ``gone`` into ``kept`` (one transaction): his events, his entries in
    published lists and his identities become ``kept``'s, and ``gone``'s id and name
    are kept in ``merged_players`` to find ``kept`` by.  Returns the pools whose lists
    change and the first day that changes (their periods from it are to be recomputed;
    the periods computed before it hold neither player)."""
    if kept == gone:
        raise InputError("a player cannot be merged with himself", Place("merge-players"),
                         found=message("#{} twice", kept), expected="two different players")
    columns = ("fide_id", "federation_id", "federation", "sex", "title", "birth", "birth_year")
    a, b = (db.query(f"SELECT key, {', '.join(columns)}, name, name_folded FROM players"
                     " WHERE id = ?", pid)[0] for pid in (kept, gone))
    for i, what in ((1, N_("FIDE ids")), (2, N_("federation ids"))):
        if _apart(a[i], b[i]):
            raise InputError(message("the two players have different {}: they are two people",
                                     what),
                             Place("merge-players"),
                             found=message("#{} {}, #{} {}", kept, a[i], gone, b[i]),
                             expected="two records of one person")
    with db.transaction() as conn:
        first: dict[str, date] = {}
        for pool, end in conn.execute(
                "SELECT p.name, min(e.end) FROM events e JOIN pools p ON p.id = e.pool_id"
                " WHERE e.id IN (SELECT event_id FROM event_players WHERE player_id IN (?, ?))"
                " GROUP BY p.name", (kept, gone)).fetchall():
            first[pool] = date.fromisoformat(end)
        played = conn.execute(
            "SELECT event_id, player_ids FROM games WHERE event_id IN"
            " (SELECT event_id FROM event_players WHERE player_id = ?)", (gone,)).fetchall()
        events, lists = len(played), 0
        for event_id, blob in played:
            ids = np.frombuffer(blob, dtype=np.int32).copy()
            ids[ids == gone] = kept
            conn.execute("UPDATE games SET player_ids = ? WHERE event_id = ?",
                         (ids.tobytes(), event_id))
        for list_id, pool, day, blob, inactive in conn.execute(
                "SELECT l.id, p.name, l.date, l.entries, l.inactive FROM published_lists l"
                " JOIN pools p ON p.id = l.pool_id").fetchall():
            entries = unpack(blob, LIST_ENTRY)
            if not (entries["player"] == gone).any():
                continue
            lists += 1
            # Listed twice: the entry with more games (the one the list knew longer) stays.
            both = entries[np.isin(entries["player"], [kept, gone])]
            keep = both[np.argmax(both["games"])].copy()
            keep["player"] = kept
            rest = entries[~np.isin(entries["player"], [kept, gone])]
            changed = np.concatenate([rest, keep[None]])
            if inactive is not None:
                marked = np.frombuffer(inactive, dtype="<i4")
                inactive = np.unique(np.where(marked == gone, kept, marked)).astype(
                    "<i4").tobytes()
            conn.execute("UPDATE published_lists SET entries = ?, inactive = ? WHERE id = ?",
                         (changed.tobytes(), inactive, list_id))
            # Its rows in the computed lists name the merged record: they go too.
            conn.execute("DELETE FROM periods WHERE list_id = ?", (list_id,))
            first[pool] = min(first.get(pool, date.max), date.fromisoformat(day))
        # Listed twice with a club or region: the kept record's line stays.
        conn.execute("UPDATE OR IGNORE list_affiliations SET player_id = ? WHERE player_id = ?",
                     (kept, gone))
        conn.execute("DELETE FROM list_affiliations WHERE player_id = ?", (gone,))
        conn.execute("UPDATE event_players SET player_id = ? WHERE player_id = ?", (kept, gone))
        conn.execute("UPDATE player_keys SET player_id = ? WHERE player_id = ?", (kept, gone))
        conn.execute("INSERT OR IGNORE INTO player_keys (key, player_id) VALUES (?, ?)",
                     (b[0], kept))
        conn.execute(f"UPDATE players SET {', '.join(f'{c} = coalesce({c}, ?)' for c in columns)}"
                     " WHERE id = ?", (*b[1:len(columns) + 1], kept))
        # On record: he is found by the merged record's name and id, and so is every record
        # merged into that one before.
        conn.execute("UPDATE merged_players SET player_id = ? WHERE player_id = ?", (kept, gone))
        at = timestamp()
        conn.execute("INSERT INTO merged_players (id, player_id, name, name_folded, merged_at)"
                     " VALUES (?, ?, ?, ?, ?)", (gone, kept, *b[len(columns) + 1:], at))
        for pool, day in first.items():
            pool_id = db.pool_id(pool)
            invalidate(db, pool_id, day)
            # The periods from that day name the merged record: they go (recomputed next).
            conn.execute("DELETE FROM periods WHERE end >= ? AND computation_id IN"
                         " (SELECT id FROM computations WHERE pool_id = ?)",
                         (day.isoformat(), pool_id))
        conn.execute("DELETE FROM players WHERE id = ?", (gone,))
        record(conn, db.author, "merge", at, details={
            "kept": [kept, a[-2]], "merged": [gone, b[-2]], "events": events,
            "lists": lists, "concerns": [kept, gone]})
    db.forget_players()
    return sorted(first.items())


def recompute_merged(db: Database, changed: list[tuple[str, date]]
                     ) -> list[tuple[date, RecomputeReport]]:
    """Recompute the lists of the pools a merge changed (:func:`merge_players`' result),
    each as it was computed: its system, its period kind, events in progress or not."""
    done = []
    for pool, day in changed:
        for system, kind, unfinished in db.query(
                "SELECT c.system, c.period, c.unfinished FROM computations c"
                " JOIN pools p ON p.id = c.pool_id WHERE p.name = ?", pool):
            done += [(day, report) for report in recompute(db, system, pool, None, kind,
                                                           unfinished=bool(unfinished))]
    return done
