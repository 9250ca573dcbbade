"""What the database answers: the rating list as of a date, a player's history, and
where a published list disagrees with the recomputed one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..errors import InputError, Place
from ..i18n.message import N_, message
from ..model import ListEntry
from ..rating_list import LIST_ENTRY, UNKNOWN_GAMES, Ints, ListState
from ..read.detect import read_ratings
from ..read.headers import fold_name
from ..systems.registry import get_system
from .list_filter import EVERYONE, ListFilter
from .lists import computed_state, player_count
from .recompute import RATED_EVENTS, pool_system
from .store import Database, identity_key, player_info, unpack

LIST_COLUMNS = ("id", "fide_id", "federation_id", "name", "federation", "birth_year", "rating",
                "change", "games", "period_games", "k", "title", "sex", "club", "region",
                "active")


@dataclass(frozen=True)
class Computation:
    """One computed series of lists: a pool under a system, by a kind of period."""

    id: int
    pool_id: int
    pool: str
    system: str
    period: str
    valid_through: date | None
    unfinished: bool = False  # events in progress are rated too

    @property
    def current(self) -> str:
        """The last day of the current periods, for ``end <= ?`` (periods after it are being
        recomputed, or were left by a recomputation that did not finish)."""
        return self.valid_through.isoformat() if self.valid_through else ""

    def stale_events(self, db: Database) -> int:
        """Events imported into the pool after the lists were computed."""
        return int(db.query(
            f"SELECT count(*) FROM events e WHERE pool_id = ? AND end > ? AND {RATED_EVENTS}",
            self.pool_id, self.valid_through.isoformat() if self.valid_through else "",
            self.unfinished)[0][0])

    def stale_lists(self, db: Database) -> int:
        """Published lists of the pool imported after the lists were computed: not
        placed among them yet."""
        return int(db.query(
            "SELECT count(*) FROM published_lists l WHERE pool_id = ? AND NOT EXISTS"
            " (SELECT 1 FROM periods p WHERE p.computation_id = ? AND p.list_id = l.id"
            " AND p.end <= ?)", self.pool_id, self.id, self.current)[0][0])


def computation(db: Database, pool: str | None = None, system: str | None = None,
                period: str = "month") -> Computation:
    """The computation asked for; the pool defaults to the only one there is."""
    if pool is None:
        names = [r[0] for r in db.query("SELECT name FROM pools ORDER BY name")]
        if len(names) != 1:
            raise InputError("choose a pool", Place("--pool"),
                             found=", ".join(names) or N_("no pools (import events first)"),
                             expected="one pool named with --pool")
        pool = names[0]
    pool_id = db.pool_id(pool)
    system = system or pool_system(db, pool_id, pool)
    row = db.conn.execute("SELECT id, valid_through, unfinished FROM computations"
                          " WHERE pool_id = ? AND system = ? AND period = ?",
                          (pool_id, system, period)).fetchone()
    if row is None:
        raise InputError("no ratings computed yet", Place(str(db.path)),
                         found=message("pool {} under {} by {}", repr(pool), system, period),
                         expected="'tournament-elo db recompute' first")
    return Computation(int(row[0]), pool_id, pool, system, period,
                       date.fromisoformat(row[1]) if row[1] else None, bool(row[2]))


def state_as_of(db: Database, comp: Computation, on: date | None,
                played: Ints | None = None) -> tuple[ListState, date]:
    """The list in force on ``on`` (the latest if None) and its date.  ``played`` (by
    player, :func:`player_count` long) gets the date of the last list each player was
    active on by then (:func:`.lists.computed_state`)."""
    last = db.query("SELECT max(list_date) FROM periods WHERE computation_id = ? AND end <= ?",
                    comp.id, comp.current)[0][0]
    through = date.fromisoformat(last) if last else date.max
    if on is not None:
        through = min(through, on)
    # The list dated D follows the periods ending before D.
    state = computed_state(db, comp.id, ListState.empty(player_count(db)),
                           date.fromordinal(through.toordinal() - 1), played)
    state.grow(player_count(db))
    return state, through


def entries_given(db: Database, comp: Computation, day: date) -> npt.NDArray[Any]:
    """The entries the published lists placed just before the list dated ``day`` gave
    (:data:`LIST_ENTRY`)."""
    rows = db.query("SELECT entries, listed FROM periods WHERE computation_id = ?"
                    " AND list_id IS NOT NULL AND list_date = ? AND end <= ?"
                    " ORDER BY end, first_event", comp.id, day.isoformat(), comp.current)
    return np.concatenate([np.zeros(0, dtype=LIST_ENTRY), *(
        unpack(entries, LIST_ENTRY)[len(entries) // LIST_ENTRY.itemsize - listed:]
        for entries, listed in rows)])


def rated_games(games: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Game counts as lists show them: a player first met in an event file (his count not
    known: :data:`UNKNOWN_GAMES` on) has the games rated here."""
    return np.where(games >= UNKNOWN_GAMES, games - UNKNOWN_GAMES, games)


def ratings(db: Database, comp: Computation, on: date | None = None,
            include_unrated: bool = False, only: ListFilter = EVERYONE) -> pd.DataFrame:
    """The rating list in force on ``on``, best first, one row per rated player (of those
    ``only`` keeps): his rating, its change since the previous list (none: not on it),
    the games rated in total and in the list's period, his sex, club and region, and
    whether the list counts him active (the rule of the system in force then); the list's
    date is ``attrs["list_date"]``."""
    played = np.zeros(player_count(db), dtype=np.int64)
    state, day = state_as_of(db, comp, on, played)
    previous, _ = state_as_of(db, comp, day - timedelta(days=1))
    players = pd.DataFrame(db.query(
        "SELECT id, fide_id, federation_id, name, federation, title, birth_year, sex"
        " FROM players ORDER BY id"), columns=["id", "fide_id", "federation_id", "name",
                                               "federation", "title", "birth_year", "sex"])
    ids = players["id"].to_numpy()
    players["birth_year"] = players["birth_year"].astype("Int64")
    info = player_info(db)
    system = get_system(comp.system, day)
    figures = system.list_figures(state, ids, info, day)
    before = system.list_figures(previous, ids, info, day).rating
    players["rating"] = figures.rating
    players["change"] = pd.array(np.where(before > 0, figures.rating - before, np.nan))
    # A player a published list gave his entry played none of its games here.
    start = previous.games.copy()
    given = entries_given(db, comp, day)
    start[given["player"]] = given["games"]
    now, then = rated_games(state.games[ids]), rated_games(start[ids])
    players["games"] = now
    players["period_games"] = now - then
    players["k"] = figures.k
    if any(t is not None for t in figures.title):
        players["title"] = figures.title
    players = players.merge(affiliations(db, day), how="left", left_on="id",
                            right_index=True)
    players["active"] = ~system.activity.inactive(played[ids], day)
    shown = players if include_unrated else players[players["rating"] > 0]
    shown = shown[only.keeps(shown, day.year)]
    order = np.lexsort((shown["name"].map(fold_name).to_numpy(), -shown["rating"].to_numpy()))
    listed = shown.iloc[order][list(LIST_COLUMNS)].reset_index(drop=True)
    listed.attrs["list_date"] = day  # the list's own date, for the formats that print it
    return listed


def affiliations(db: Database, day: date) -> pd.DataFrame:
    """Each player's club and region on ``day`` (indexed by player id): as the latest
    published list dated by then names them, else the earliest one after it."""
    found = pd.DataFrame(db.query(
        "SELECT a.player_id, a.club, a.region FROM list_affiliations a"
        " JOIN published_lists l ON l.id = a.list_id"
        " ORDER BY a.player_id, l.date > ?1, CASE WHEN l.date <= ?1 THEN l.date END DESC,"
        " l.date", day.isoformat()), columns=["id", "club", "region"])
    # The first name each column has, per player, in that order.
    return found.groupby("id")[["club", "region"]].first()


def find_player(db: Database, text: str) -> int:
    """A player by FIDE id, federation id, database id (``#12``) or name (folded; it
    must name one player); a record merged into another (``db merge-players``) finds
    that one, by its id or its name."""
    if text.startswith("#") and text[1:].isdigit():
        rows = db.query("SELECT id FROM players WHERE id = ?", int(text[1:])) or db.query(
            "SELECT player_id FROM merged_players WHERE id = ?", int(text[1:]))
    else:
        rows = db.query("SELECT id FROM players WHERE fide_id = ? OR federation_id = ?",
                        text, text)
    if not rows:
        folded = fold_name(text)
        rows = _players_named(db, "= ?", folded) or _players_named(db, "LIKE ?",
                                                                   f"%{folded}%")
    if len(rows) != 1:
        names = [f"{r[1]} (#{r[0]}{', ' + r[2] if r[2] else ''})" for r in db.query(
            f"SELECT id, name, fide_id FROM players WHERE id IN ({','.join('?' * len(rows))})",
            *[r[0] for r in rows])] if rows else []
        raise InputError("the player is not known" if not rows else "several players match",
                         Place("PLAYER"), found=repr(text) if not rows else "; ".join(names[:10]),
                         expected="a FIDE id, a federation id, #database-id or a name")
    return int(rows[0][0])


def _players_named(db: Database, condition: str, name: str) -> list[tuple[Any, ...]]:
    """The players (up to 11) whose folded name, or a merged record's, meets ``condition``
    (``= ?``, ``LIKE ?``) with ``name``."""
    return db.query(
        f"SELECT id FROM (SELECT id, name_folded FROM players WHERE name_folded {condition}"
        " UNION ALL SELECT player_id, name_folded FROM merged_players"
        f" WHERE name_folded {condition})"
        " GROUP BY id ORDER BY min(name_folded) LIMIT 11", name, name)


#: A player's line of one period in his history: his rating before it (the list's, or
#: his event file's when first met in it), after it, and his games in total and in it.
HISTORY_ROW = np.dtype([("player", "<i4"), ("before", "<f8"), ("rating", "<f8"),
                        ("games", "<i8"), ("period_games", "<i8")])


@dataclass(frozen=True)
class PeriodLines:
    """One stored period, or a published list placed among them, and the history line
    of each player with an entry in it (a list's: each player who took its entry)."""

    id: int
    start: str
    end: str
    list_date: str
    system: str
    lines: npt.NDArray[Any]  # HISTORY_ROW, by player
    list_name: str | None = None  # a published list's file name; None: a rating period


def period_lines(db: Database, comp: Computation) -> Iterator[PeriodLines]:
    """The current periods and lists in order, each read once, with every player's line
    (one pass over the stored lists: each one's entries unpacked once)."""
    state = ListState.empty(player_count(db))
    for pid, start, end, list_date, system, entries, listed, path in db.conn.execute(
            "SELECT p.id, p.start, p.end, p.list_date, p.system, p.entries, p.listed, l.path"
            " FROM periods p LEFT JOIN published_lists l ON l.id = p.list_id"
            " WHERE p.computation_id = ? AND p.end <= ? ORDER BY p.end, p.first_event",
            (comp.id, comp.current)):
        found = unpack(entries, LIST_ENTRY)
        if path is not None:
            # What the system changed on the list's date comes before the list's entries.
            state.apply(found[:len(found) - listed])
            found = found[len(found) - listed:]
        who = found["player"]
        players, first_at = np.unique(who, return_index=True)
        last_at = len(who) - 1 - np.unique(who[::-1], return_index=True)[1]
        lines = np.zeros(len(players), dtype=HISTORY_ROW)
        lines["player"] = players
        before = state.rating[players]
        # First met in the period (an entry whose game count is not known): the rating
        # his event file gave him.  A list's line has no rating before: it gives one.
        first_met = (before == 0) & (found["games"][first_at] >= UNKNOWN_GAMES)
        lines["before"] = np.where(first_met & (path is None), found["rating"][first_at],
                                   before)
        lines["rating"] = found["rating"][last_at]
        lines["games"] = rated_games(found["games"][last_at].astype(np.int64))
        lines["period_games"] = lines["games"] - rated_games(state.games[players])
        if path is None:
            yield PeriodLines(int(pid), start, end, list_date, system, lines)
        else:
            yield PeriodLines(int(pid), start, end, start, system, lines, Path(path).name)
        state.apply(found)


def history_row(period: PeriodLines, line: Any, events: str) -> dict[str, Any]:
    """A history line as ``db history`` and the player's page show it: a period's, or a
    published list's (its date, the entry it gave him and the list's name)."""
    before, new = float(line["before"]), float(line["rating"])
    row = {"list_date": period.list_date, "period": f"{period.start}..{period.end}",
           "system": period.system, "rating_before": before or None, "rating": new or None,
           "change": (new - before) if before and new else None,
           "games": int(line["games"]), "period_games": int(line["period_games"]),
           "events": events, "list": period.list_name}
    if period.list_name is not None:
        row.update(period=None, system=None, period_games=None, events=None)
    return row


def period_events(played: Sequence[tuple[str, str]], start: str, end: str) -> str:
    """The names of the events (``(name, end)`` in time order) that end in the period."""
    return "; ".join(name for name, day in played if start <= day <= end)


HISTORY_COLUMNS = ["list_date", "period", "system", "rating_before", "rating", "change",
                   "games", "period_games", "events", "list"]


def history(db: Database, comp: Computation, player: int) -> pd.DataFrame:
    """The player's rating after every period he played in, with its events, and the
    entry of each published list he took."""
    played = [(str(name), str(end)) for name, end in db.query(
        "SELECT e.name, e.end FROM events e JOIN event_players p ON p.event_id = e.id"
        f" WHERE p.player_id = ? AND e.pool_id = ? AND {RATED_EVENTS} ORDER BY e.end, e.id",
        player, comp.pool_id, comp.unfinished)]
    rows = []
    for period in period_lines(db, comp):
        at = int(np.searchsorted(period.lines["player"], player))
        if at < len(period.lines) and period.lines["player"][at] == player:
            rows.append(history_row(period, period.lines[at],
                                    period_events(played, period.start, period.end)))
    return pd.DataFrame(rows, columns=HISTORY_COLUMNS)


def diff(db: Database, comp: Computation, path: str | Path, on: date | None = None,
         encoding: str | None = None) -> pd.DataFrame:
    """Where the published list at ``path`` and the recomputed list in force on ``on``
    disagree: a different rating, or a player rated in one and not the other."""
    published = read_ratings(path, encoding)
    computed = ratings(db, comp, on, include_unrated=True)
    by_id = computed.set_index("id")
    rows = []
    seen = set()
    for entry, pid in zip(published, _listed_players(db, published), strict=True):
        ours = float(by_id["rating"].get(pid, 0.0))
        theirs = float(entry.rating or 0)
        seen.add(pid)
        if ours != theirs:
            rows.append(_diff_row(entry.fide_id or entry.id, entry.name, theirs, ours))
    extra = computed[(computed["rating"] > 0) & ~computed["id"].isin(seen)]
    for _, row in extra.iterrows():
        # A missing id is NaN in the table (true as a value): only a text names him.
        who = next((i for i in (row["fide_id"], row["federation_id"]) if isinstance(i, str)
                    and i), f"#{row['id']}")
        rows.append(_diff_row(who, row["name"], 0.0, float(row["rating"])))
    return pd.DataFrame(rows, columns=["player", "name", "published", "computed",
                                       "difference"])


def _listed_players(db: Database, entries: Sequence[ListEntry]) -> list[int | None]:
    """The database id of each list entry, read-only: by FIDE id, by federation id, by
    the database's own id where the name agrees (a list this tool wrote: a player without
    FIDE id is known by it), else by his identity key or his folded name where one player
    has it; a record merged into another (``db merge-players``) finds that one by its id
    and name, and by its name."""
    fide, fed, keys = {}, {}, dict(db.query("SELECT key, player_id FROM player_keys"))
    # A database id and its name, each of the player's: a record merged into another
    # keeps its id and name for him (a list written before the merge names it).
    names: dict[int, tuple[int, str]] = {}
    folded: dict[str, list[int]] = {}
    has_fide: set[int] = set()
    for pid, key, fide_id, federation_id, name_folded in db.query(
            "SELECT id, key, fide_id, federation_id, name_folded FROM players"):
        keys[key] = pid
        names[pid] = (pid, name_folded)
        folded.setdefault(name_folded, []).append(pid)
        if fide_id:
            fide[fide_id] = pid
            has_fide.add(pid)
        if federation_id:
            fed[federation_id] = pid
    for merged, pid, name_folded in db.query(
            "SELECT id, player_id, name_folded FROM merged_players"):
        names[merged] = (pid, name_folded)
        if pid not in folded.get(name_folded, []):
            folded.setdefault(name_folded, []).append(pid)
    found: list[int | None] = []
    for entry in entries:
        name = fold_name(entry.name or "")
        own = names.get(int(entry.id)) if entry.id and entry.id.isdigit() else None
        pid = (fide.get(entry.fide_id or "") or fed.get(entry.id or "")
               or (own[0] if own is not None and own[1] == name else None)
               or keys.get(identity_key(entry.fide_id, entry.id, entry.name or "",
                                        entry.birth_year)))
        alone = folded.get(name, [])
        # By name: the one player of that name, unless a FIDE id tells them apart.
        if pid is None and len(alone) == 1 and not (entry.fide_id and alone[0] in has_fide):
            pid = alone[0]
        found.append(pid)
    return found


def _diff_row(who: str | None, name: str | None, published: float,
              computed: float) -> dict[str, object]:
    return {"player": who, "name": name, "published": published or None,
            "computed": computed or None,
            "difference": computed - published if published and computed else None}


EVENT_COLUMNS = ("id", "name", "place", "start", "end", "status", "rounds_complete", "rounds",
                 "version", "format", "pool", "path")


def events(db: Database, pool: str | None = None) -> pd.DataFrame:
    """The events of the database (or of ``pool``) in time order: whether each is
    complete or in progress (fewer complete rounds than announced), and which version of
    it this is."""
    found = db.query(
        "SELECT e.id, e.name, json_extract(e.details, '$.city'), e.start, e.end,"
        " coalesce(e.complete_rounds, e.rounds), e.rounds, e.version, e.format, p.name, e.path"
        " FROM events e JOIN pools p ON p.id = e.pool_id WHERE ? IS NULL OR p.name = ?"
        " ORDER BY e.end, e.id", pool, pool)
    return pd.DataFrame(
        [(i, n, c, s, e, "complete" if done >= r else "in progress", done, r, v, f, q, path)
         for i, n, c, s, e, done, r, v, f, q, path in found], columns=list(EVENT_COLUMNS))
