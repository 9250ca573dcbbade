"""``db recompute``: every rating period of a pool in order, each from the list before it.

The rules are the rating system's (:meth:`~tournament_elo.systems.protocol.RatingSystem.
rate_period`); this module reads the pool's events in time order, cuts them into
periods, places the published lists between them (each before the first period
starting on or after its date), forms each period's starting list (the previous list; a
player first met in an event file starts from the rating it gives him), lets the system
rate the period, and writes what it computed: the list's changes and every event's
figures.  A period is rated under the system in force on its first day.

A published list gives its entries to the players the database does not rate yet: those
in no earlier event, or unrated after them.  A player the database rates keeps his
computed rating: the list is compared with it (``db diff``), and the summary says how
many it lists otherwise.

Each period is written whole or not at all (a savepoint) together with the
computation's ``valid_through``, and the periods are committed together about every
:data:`COMMIT_SECONDS`, so a crash in the middle leaves every committed period in place
and running the command again goes on from the first period not written.
"""

from __future__ import annotations

import bisect
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..i18n.message import alternatives, message
from ..model import Event
from ..rating_list import LIST_ENTRY, UNKNOWN_GAMES, ListState, PlayerInfo
from ..systems.periods import PeriodEvents
from ..systems.protocol import NamedSystem
from ..systems.registry import system_named
from .changes import record
from .defaults import PERIOD_KINDS
from .events import stored_event
from .lists import computed_state, player_count
from .schema import GAME_ROW
from .store import Database, insert_columns, player_info, unpack

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: Periods are committed together about this often (each in a savepoint of its own): a
#: crash loses at most that moment's periods, which running the command again computes.
COMMIT_SECONDS = 0.5
#: SQLite's page cache while the periods are written (its default is 2 MiB): half a
#: second's figures (about 10 MB at 100,000 players) stay in it until they are
#: committed, rather than spilling into the log before and being written there again.
WRITE_CACHE_KIB = 32 << 10
#: A list's row sorts after the rating periods that end on its row's last day: its
#: ``first_event`` is this plus its date's ordinal (above any event's id), so that two
#: lists before one period keep their dates' order.
LIST_STEP = 1 << 40


@dataclass(frozen=True)
class History:
    """A pool's events (in time order) and their pairing rows, as stored.

    Rows belong to *slots*, one per player per event, numbered across the whole history:
    event i has rows ``row_start[i]:row_start[i + 1]`` (its packed ``GAME_ROW`` records
    are ``rows[i]``, player and opponent numbered within the event) and slots
    ``slot_start[i]:slot_start[i + 1]``.  The rows stay as read, one blob an event: a
    period joins and renumbers only its own (:func:`_period_events`), in pieces that
    stay in the processor's cache, instead of the whole history at once.
    """

    event_ids: Ints
    ends: list[date]
    row_start: Ints  # each event's first row; one more entry: the total
    slot_start: Ints  # each event's first slot; one more entry: the total
    rows: list[bytes]  # per event: its GAME_ROW records
    owner: Ints  # per slot: the player's database id
    given: npt.NDArray[np.float64]  # per slot: the player's rating in his file, 0: none


#: Events the lists are made of: complete ones (or every one, with ``unfinished``).
RATED_EVENTS = "(? OR e.complete_rounds IS NULL OR e.complete_rounds >= e.rounds)"


def load_history(db: Database, pool_id: int, after: date | None,
                 unfinished: bool = False) -> History:
    """The games of events ending after ``after`` (all if None): one query.  Events in
    progress are left out, unless ``unfinished``."""
    found = db.query(
        "SELECT e.id, e.end, g.count, g.player_ids, g.rows, g.ratings, g.exact_ratings"
        " FROM events e"
        " JOIN games g ON g.event_id = e.id WHERE e.pool_id = ? AND e.end > ?"
        f" AND {RATED_EVENTS} ORDER BY e.end, e.id", pool_id,
        after.isoformat() if after else "", unfinished)
    counts = np.array([r[2] for r in found], dtype=np.int64)
    owner = np.frombuffer(b"".join(r[3] for r in found), dtype=np.int32).astype(np.int64)
    sizes = np.array([len(r[3]) // 4 for r in found], dtype=np.int64)
    row_start = np.zeros(len(found) + 1, dtype=np.int64)
    np.cumsum(counts, out=row_start[1:])
    slot_start = np.zeros(len(found) + 1, dtype=np.int64)
    np.cumsum(sizes, out=slot_start[1:])
    # A rating with decimals (a per-game system's) is kept apart: most events have none.
    given = np.frombuffer(b"".join(r[5] for r in found), dtype=np.int32).astype(np.float64)
    if any(r[6] is not None for r in found):
        given = np.concatenate([np.zeros(0), *(
            np.frombuffer(r[6] or r[5], dtype=np.float64 if r[6] else np.int32)
            for r in found)]).astype(np.float64)
    return History(np.array([r[0] for r in found], dtype=np.int64),
                   [date.fromisoformat(r[1]) for r in found], row_start, slot_start,
                   [r[4] for r in found], owner, given)


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    first: int  # index of its first event in the History
    stop: int  # one past its last event
    first_event: int  # the event's id for per-event periods, else 0


def periods(history: History, kind: str) -> list[Period]:
    """The periods the events fall into, by end date; empty periods are skipped."""
    if kind not in PERIOD_KINDS:
        raise InputError("unknown kind of rating period", Place("--period"), found=repr(kind),
                         expected=alternatives(PERIOD_KINDS))
    if kind == "event":
        return [Period(end, end, i, i + 1, int(history.event_ids[i]))
                for i, end in enumerate(history.ends)]
    if not history.ends:
        return []
    # Events are in end-date order: a period is a run of events with the same first day.
    months = np.array(history.ends, dtype="datetime64[M]").astype(np.int64)
    starts = months // 3 * 3 if kind == "quarter" else months
    first = np.flatnonzero(np.r_[True, starts[1:] != starts[:-1]]).tolist()
    stops = [*first[1:], len(history.ends)]
    out = []
    for i, stop in zip(first, stops, strict=True):
        start, last = period_bounds(history.ends[i], kind)
        out.append(Period(start, last, i, stop, 0))
    return out


@dataclass(frozen=True)
class ListStep:
    """A published list among the periods: it counts from the first period starting on
    or after its date."""

    id: int
    day: date  # the list's date
    name: str  # its file's name
    end: date  # the day before the first period it counts for
    first: int  # the events before it: the History's ``[0, first)``

    @property
    def first_event(self) -> int:
        return LIST_STEP + self.day.toordinal()


#: What a recomputation goes through in order: rating periods and published lists.
Step = Period | ListStep


def list_steps(db: Database, pool_id: int, kind: str, history: History) -> list[ListStep]:
    """The pool's published lists, each placed before the first period (of ``kind``)
    starting on or after its date."""
    steps = []
    for list_id, listed_on, path in db.query(
            "SELECT id, date, path FROM published_lists WHERE pool_id = ? ORDER BY date",
            pool_id):
        on = date.fromisoformat(listed_on)
        start, end = period_bounds(on, kind)
        last = on - timedelta(days=1) if start == on else end
        steps.append(ListStep(int(list_id), on, Path(path).name, last,
                              bisect.bisect_right(history.ends, last)))
    return steps


def _step_key(step: Step) -> tuple[date, int, int | None]:
    """A step's stored row: its last day, its ``first_event`` and its list."""
    return step.end, step.first_event, step.id if isinstance(step, ListStep) else None


def period_bounds(day: date, kind: str) -> tuple[date, date]:
    """The first and last day of the period ``day`` falls in."""
    if kind == "event":
        return day, day
    months = 3 if kind == "quarter" else 1
    first_month = (day.month - 1) // months * months + 1
    start = date(day.year, first_month, 1)
    following = date(start.year + (first_month + months - 1) // 12,
                     (first_month + months - 1) % 12 + 1, 1)
    return start, following - timedelta(days=1)


@dataclass(frozen=True)
class ListUse:
    """How a recomputation used a published list: the players who start from it, and
    those the database rates already, who keep their computed rating (how many of them
    the list gives another one)."""

    day: date
    name: str
    in_force: date  # the date of the first list it is part of
    started: int
    kept: int
    differing: int

    def summary(self, pool: str) -> str:
        if not self.kept:
            return message("{}: list of {} ({}): {} players start from it", pool, self.day,
                           self.name, self.started)
        return message("{}: list of {} ({}): {} players start from it; {} rated here already "
                       "keep their computed rating, {} of them listed otherwise (db diff {} "
                       "--date {})", pool, self.day, self.name, self.started, self.kept,
                       self.differing, self.name, self.in_force)


@dataclass(frozen=True)
class RecomputeReport:
    pool: str
    system: str
    period: str
    periods: int  # periods computed now
    kept: int  # periods still current, not recomputed
    events: int
    games: int
    rated_players: int  # on the list after the last period
    lists: tuple[ListUse, ...] = ()  # the published lists placed again, in date order

    def summary(self) -> str:
        return message("{}: {} periods recomputed under {} ({} kept), {} events, {} games; "
                       "{} rated players", self.pool, self.periods, self.system, self.kept,
                       self.events, self.games, self.rated_players)

    def list_lines(self) -> list[str]:
        """A line for each published list placed again: how it was used."""
        return [used.summary(self.pool) for used in self.lists]


def recompute(
    db: Database,
    system: str | None = None,
    pool: str | None = None,
    start: date | None = None,
    period: str = "month",
    advance: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
    unfinished: bool = False,
) -> list[RecomputeReport]:
    """Recompute every pool (or ``pool``) from the first period not current, or from the
    period ``start`` falls in.  ``system`` overrides the systems the events were
    imported with; the lists of each (pool, system, period) are kept apart.  Events in
    progress are rated too with ``unfinished`` (a change of it recomputes everything)."""
    names = [pool] if pool else [r[0] for r in db.query("SELECT name FROM pools ORDER BY name")]
    # Read once for every pool: the players are the same (0.2 s at 100,000 players).
    info = player_info(db)
    return [_recompute_pool(db, name, system, start, period, advance, total, unfinished, info)
            for name in names]


def pool_system(db: Database, pool_id: int, pool: str) -> str:
    """The one system a pool's events were imported with."""
    systems = [r[0] for r in db.query("SELECT DISTINCT system FROM events WHERE pool_id = ?"
                                      " ORDER BY system", pool_id)]
    if len(systems) > 1:
        raise InputError(message("the events of pool {} were imported under several systems",
                                 repr(pool)),
                         Place("--system"), found=", ".join(systems),
                         expected="one system chosen with --system")
    return systems[0] if systems else "fide"


def _recompute_pool(db: Database, pool: str, system: str | None, start: date | None,
                    kind: str, advance: Callable[[int], None] | None,
                    total: Callable[[int], None] | None, unfinished: bool,
                    info: PlayerInfo) -> RecomputeReport:
    pool_id = db.pool_id(pool)
    system = system or pool_system(db, pool_id, pool)
    named = system_named(system)  # an unknown name fails here, before any work
    every = load_history(db, pool_id, None, unfinished)
    steps: list[Step] = sorted([*periods(every, kind), *list_steps(db, pool_id, kind, every)],
                               key=lambda step: (step.end, step.first_event))
    # ``--from``: the lists dated from that period on are placed again too.
    cut = period_bounds(start, kind)[0] if start is not None else None
    with db.transaction() as conn:
        computation = conn.execute(
            "SELECT id, valid_through, unfinished FROM computations"
            " WHERE pool_id = ? AND system = ? AND period = ?", (pool_id, system, kind)).fetchone()
        if computation is None:
            computation = (conn.execute(
                "INSERT INTO computations (pool_id, system, period) VALUES (?, ?, ?)",
                (pool_id, system, kind)).lastrowid, None, False)
        computation_id = int(computation[0])
        valid = date.fromisoformat(computation[1]) if computation[1] else None
        if bool(computation[2]) != unfinished:
            valid = None
        if cut is not None and (valid is None or cut <= valid):
            valid = cut - timedelta(days=1)
        # A step is kept if it ends by ``valid`` and was written, as was every one before
        # it (per-event periods may share their last day).
        stored = {(date.fromisoformat(end), event, list_id): row
                  for row, end, event, list_id in conn.execute(
                      "SELECT id, end, first_event, list_id FROM periods"
                      " WHERE computation_id = ? AND end <= ?",
                      (computation_id, valid.isoformat() if valid else ""))}
        kept = list(itertools.takewhile(
            lambda step: _step_key(step) in stored and not (
                cut is not None and isinstance(step, ListStep) and step.day >= cut), steps))
        todo = steps[len(kept):]
        valid = kept[-1].end if kept else None
        # The steps to compute are rewritten in place (queries read only those up to
        # ``valid_through``); a step that no longer exists goes now, and so does one to
        # compute that ends by ``valid`` (a list ``--from`` places again).
        wanted = {_step_key(step) for step in steps}
        kept_rows = {stored[_step_key(step)] for step in kept}
        rows = conn.execute("SELECT id, end, first_event, list_id FROM periods"
                            " WHERE computation_id = ?", (computation_id,)).fetchall()
        gone = [row for row, end, event, list_id in rows
                if (date.fromisoformat(end), event, list_id) not in wanted]
        again = [row for row, end, _, _ in rows if valid is not None
                 and end <= valid.isoformat() and row not in kept_rows]
        conn.executemany("DELETE FROM periods WHERE id = ?",
                         [(row,) for row in dict.fromkeys([*gone, *again])])
        conn.execute("UPDATE computations SET valid_through = ?, unfinished = ? WHERE id = ?",
                     (valid.isoformat() if valid else None, unfinished, computation_id))
        if gone and not todo:  # periods gone, none to compute: that is the change
            _record(db, pool_id, system, kind, todo, kept, len(gone), 0, unfinished)
    state = ListState.empty(player_count(db))
    if valid is not None:
        state = computed_state(db, computation_id, state, valid)
    if total:
        total(len(todo))
    state.grow(len(info.birth_year))
    games = 0
    since = _list_day(kept[-1]) if kept else None
    # Who has played in an event before the steps to compute, and who has been met
    # already: that, or listed.
    played = np.zeros(len(state.rating), dtype=bool)
    played[every.owner[:every.slot_start[todo[0].first] if todo else 0]] = True
    known = state.listed | played
    uses = []
    with db.page_cache(WRITE_CACHE_KIB), db.batched(COMMIT_SECONDS) as checkpoint:
        for step in todo:
            if isinstance(step, ListStep):
                uses.append(_write_list(db, computation_id, named, step, state, since,
                                        played, known))
            else:
                games += _write_period(db, computation_id, named, every, step, state, info,
                                       since, known)
                played[every.owner[every.slot_start[step.first]:every.slot_start[step.stop]]] \
                    = True
            checkpoint()
            since = _list_day(step)
            if advance:
                advance(1)
    done = [step for step in todo if isinstance(step, Period)]
    if todo:  # on record with the last steps (a recomputation stopped has no row)
        with db.transaction():
            _record(db, pool_id, system, kind, todo, kept, len(gone), games, unfinished)
    return RecomputeReport(pool, system, kind, len(done),
                           sum(isinstance(step, Period) for step in kept),
                           sum(p.stop - p.first for p in done), games,
                           int(np.count_nonzero(state.rating > 0)), tuple(uses))


def _list_day(step: Step) -> date:
    """The date of the list a step leaves: a period's last day, or the list's date."""
    return step.day if isinstance(step, ListStep) else step.end


def _write_list(db: Database, computation_id: int, named: NamedSystem, step: ListStep,
                state: ListState, since: date | None, played: Bools, known: Bools) -> ListUse:
    """Place a published list on ``state`` (the list as of ``since``) and write its row:
    the players the database does not rate yet (in no earlier event, or unrated after
    them) take its entry, and the pooled games of those it rates end; the others keep
    theirs."""
    opened = state.entries(named.open_period(state, since, step.day))
    listed = unpack(db.query("SELECT entries FROM published_lists WHERE id = ?",
                             step.id)[0][0], LIST_ENTRY)
    who = listed["player"]
    ours = played[who] & (state.rating[who] > 0)
    taken, compared = listed[~ours], listed[ours]
    differing = int(np.count_nonzero(compared["rating"] != state.rating[compared["player"]]))
    state.apply(taken)
    rated = taken["player"][taken["rating"] > 0]
    state.pending = state.pending[~np.isin(state.pending["player"], rated)]
    known[taken["player"]] = True
    entries = np.concatenate([opened, taken])
    in_force = step.end + timedelta(days=1)
    with db.transaction() as conn:
        conn.execute(
            "INSERT INTO periods (computation_id, start, end, first_event, list_date, system,"
            " events, games, entries, pending, list_id, listed)"
            " VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?)"
            " ON CONFLICT (computation_id, end, first_event) DO UPDATE SET"
            " start = excluded.start, list_date = excluded.list_date,"
            " system = excluded.system, entries = excluded.entries,"
            " pending = excluded.pending, list_id = excluded.list_id,"
            " listed = excluded.listed",
            (computation_id, step.day.isoformat(), step.end.isoformat(), step.first_event,
             in_force.isoformat(), named.name, entries.tobytes(), state.pending.tobytes(),
             step.id, len(taken)))
        conn.execute("UPDATE computations SET valid_through = ? WHERE id = ?",
                     (step.end.isoformat(), computation_id))
    return ListUse(step.day, step.name, in_force, len(taken), len(compared), differing)


def _record(db: Database, pool_id: int, system: str, kind: str, todo: list[Step],
            kept: list[Step], removed: int, games: int, unfinished: bool) -> None:
    """The recomputation's row of the change log: its periods (the lists placed among
    them are named by the report, not counted)."""
    periods = [step for step in todo if isinstance(step, Period)]
    record(db.conn, db.author, "recompute", pool_id=pool_id, details={
        "system": system, "period": kind,
        "from": (periods[0].start if periods else _list_day(todo[0])).isoformat()
        if todo else None,
        "periods": len(periods), "kept": sum(isinstance(step, Period) for step in kept),
        "removed": removed, "events": sum(p.stop - p.first for p in periods), "games": games,
        "unfinished": unfinished})


def _write_period(db: Database, computation_id: int, named: NamedSystem, history: History,
                  period: Period, state: ListState, info: PlayerInfo, since: date | None,
                  known: Bools) -> int:
    """Rate one period in place on ``state`` (the list as of ``since``: the previous
    period's end or the published list's date) and write it; returns its games."""
    chosen = named.on(period.start)
    opened = state.entries(named.open_period(state, since, period.start))
    first = _first_seen(state, history, period, known)
    events = _period_events(db, history, period)
    rated = chosen.rate_period(state, info, events)
    entries = np.concatenate([opened, first, rated.entries])
    with db.transaction() as conn:
        period_id = conn.execute(
            "INSERT INTO periods (computation_id, start, end, first_event, list_date, system,"
            " events, games, entries, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (computation_id, end, first_event) DO UPDATE SET"
            " start = excluded.start, list_date = excluded.list_date,"
            " system = excluded.system, events = excluded.events, games = excluded.games,"
            " entries = excluded.entries, pending = excluded.pending RETURNING id",
            (computation_id, period.start.isoformat(), period.end.isoformat(),
             period.first_event, (period.end + timedelta(days=1)).isoformat(), chosen.name,
             period.stop - period.first, rated.games, entries.tobytes(),
             state.pending.tobytes())).fetchone()[0]
        ids = history.event_ids[period.first:period.stop].tolist()
        count = len(ids)
        # Most periods' events have no settings and no warnings (a FIDE period's never).
        settings = [_json(dict(_nth(rated.settings, i))) for i in range(count)] \
            if rated.settings else [None] * count
        warnings = [_json(list(_nth(rated.warnings, i))) for i in range(count)] \
            if rated.warnings else [None] * count
        # In place, as the period: the figures of a period recomputed overwrite the old.
        insert_columns(
            conn, "INSERT INTO event_results (computation_id, event_id, period_id, system,"
            " players, games, settings, warnings) VALUES",
            ([computation_id] * count, ids, [period_id] * count, [chosen.name] * count,
             _pieces(rated.players, events.event_slots),
             _pieces(rated.game_figures, events.event_rows), settings, warnings),
            " ON CONFLICT (computation_id, event_id) DO UPDATE SET period_id ="
            " excluded.period_id, system = excluded.system, players = excluded.players,"
            " games = excluded.games, settings = excluded.settings,"
            " warnings = excluded.warnings")
        conn.execute("UPDATE computations SET valid_through = ? WHERE id = ?",
                     (period.end.isoformat(), computation_id))
    return rated.games


def _pieces(records: npt.NDArray[Any], bounds: Ints) -> list[bytes]:
    """Each event's ``records`` (event i's are ``bounds[i]:bounds[i + 1]``) as bytes: cut
    from the period's bytes, not a numpy slice and its copy each (200,000 events)."""
    data = records.tobytes()
    cuts = (bounds * records.itemsize).tolist()
    return [data[a:b] for a, b in itertools.pairwise(cuts)]


def _nth(values: tuple[Any, ...], index: int) -> Any:
    return values[index] if index < len(values) else ()


def _json(value: dict[str, str] | list[str]) -> str | None:
    """A JSON column's text; NULL for nothing (most events have no settings or warnings)."""
    return json.dumps(value, ensure_ascii=False) if value else None


def _period_events(db: Database, history: History, period: Period) -> PeriodEvents:
    """The period's rows in period-local slots, and its events rebuilt on demand."""
    first, stop = period.first, period.stop
    rows = np.frombuffer(b"".join(history.rows[first:stop]), dtype=GAME_ROW)
    first_slot = int(history.slot_start[first])
    event_rows = history.row_start[first:stop + 1] - history.row_start[first]
    event_slots = history.slot_start[first:stop + 1] - first_slot
    # Each row's event's first slot in the period: the event's numbers made the period's.
    offset = np.repeat(event_slots[:-1], np.diff(event_rows))
    opponent = rows["opponent"]

    def load(index: int) -> Event:
        at = first + index
        return stored_event(db, int(history.event_ids[at]),
                            np.frombuffer(history.rows[at], dtype=GAME_ROW))

    return PeriodEvents(
        period.start, period.end, offset + rows["player"],
        np.where(opponent >= 0, offset + opponent, -1), rows["result"].astype(np.int64),
        history.owner[first_slot:first_slot + int(event_slots[-1])], event_rows,
        event_slots, load)


def _first_seen(state: ListState, history: History, period: Period, known: Bools) -> Any:
    """Players met for the first time (in no list, in no earlier event) start from the
    rating their event's file gives them, as a rated player whose game count is not
    known (past his first 30 games, as when rating one event)."""
    slots = slice(int(history.slot_start[period.first]), int(history.slot_start[period.stop]))
    who, given = history.owner[slots], history.given[slots]
    new = ~known[who] & (given > 0)
    players, first = np.unique(who[new], return_index=True)
    state.rating[players] = given[new][first]
    state.games[players] = UNKNOWN_GAMES
    state.ever_2400[players] = given[new][first] >= 2400
    known[who] = True
    return state.entries(players)
