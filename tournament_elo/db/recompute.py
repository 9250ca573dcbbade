"""``db recompute``: every rating period of a pool in order, each from the list before it.

FIDE (B.02): inside a period every game uses the ratings of the list before it, so a
period is one columnar computation over all its games — look up every game's expected
score, sum per player with ``bincount``, apply K, round the period's change once —
and only the loop over periods is sequential.  The K × n ≤ 700 cap counts the
period's games; the 2022 "once per event" difference rule still looks at each event.

Unrated players pool their games against rated opponents over at most 26 months
(one pool entry per period); a first event in which such a player scores zero is
disregarded; once the pool holds the edition's minimum of games, the first rating
is computed from it as for one event (:func:`~tournament_elo.systems.fide.first_ratings`)
and published if it reaches the floor.  When ``fide`` (the edition in force) crosses
1 March 2024, the one-time adjustment raises every rating below 2000 by
0.40 × (2000 − R), rounded.  A period is rated under the edition in force on its
first day.

Per-game systems (Tượng Kỳ, Thiên Kỳ Đạo, …): the games in time order, event by
event, each event from the ratings the previous ones left.

Each period is written in its own transaction together with the computation's
``valid_through``, so a crash in the middle leaves every finished period in place
and running the command again goes on from the first period not written.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import UNKNOWN_GAMES
from ..errors import InputError, Place
from ..model import Event, EventType, Pairings, Player, Result
from ..rounding import half_away_from_zero, half_up
from ..systems.definition import EloSystem
from ..systems.elo import event_games, run_games
from ..systems.fide import (
    FideEdition,
    capped_differences,
    first_ratings,
)
from ..systems.fide_tables import expected_hundredths
from ..systems.registry import DATED_ALIASES, get_system
from .lists import ListState, base_list, computed_state
from .schema import GAME_ROW, PENDING_ENTRY
from .store import Database, PlayerInfo, day, player_info

Ints = npt.NDArray[np.int64]
PERIOD_KINDS = ("month", "quarter", "event")
#: FIDE pools an unrated player's games over at most this many months.
POOL_MONTHS = 26
#: The one-time adjustment of 1 March 2024 (fide.md).
ADJUSTMENT_DAY = date(2024, 3, 1)


@dataclass(frozen=True)
class History:
    """A pool's events (in time order) and all their pairing rows, in database ids."""

    event_ids: Ints
    ends: list[date]
    row_start: Ints  # each event's first row; one more entry: the total
    rows: npt.NDArray[Any]  # GAME_ROW
    player: Ints  # database ids
    opponent: Ints  # database ids, -1: none
    result: Ints
    given: Ints  # the player's rating in the event's file, 0: none


def load_history(db: Database, pool_id: int, after: date | None) -> History:
    """The games of events ending after ``after`` (all if None): one query, one join of
    the packed blobs."""
    found = db.query(
        "SELECT e.id, e.end, g.count, g.player_ids, g.rows, g.ratings FROM events e"
        " JOIN games g ON g.event_id = e.id WHERE e.pool_id = ? AND e.end > ?"
        " ORDER BY e.end, e.id", pool_id, after.isoformat() if after else "")
    counts = np.array([r[2] for r in found], dtype=np.int64)
    rows = np.frombuffer(b"".join(r[4] for r in found), dtype=GAME_ROW)
    ids = np.frombuffer(b"".join(r[3] for r in found), dtype=np.int32).astype(np.int64)
    id_start = np.cumsum([0] + [len(r[3]) // 4 for r in found])[:-1].astype(np.int64)
    row_start = np.zeros(len(found) + 1, dtype=np.int64)
    np.cumsum(counts, out=row_start[1:])
    offset = np.repeat(id_start, counts)
    player = ids[offset + rows["player"]]
    local = rows["opponent"].astype(np.int64)
    opponent = np.where(local >= 0, ids[offset + np.maximum(local, 0)], -1)
    given = np.frombuffer(b"".join(r[5] for r in found), dtype=np.int32)
    return History(np.array([r[0] for r in found], dtype=np.int64),
                   [date.fromisoformat(r[1]) for r in found], row_start, rows, player, opponent,
                   rows["result"].astype(np.int64), given[offset + rows["player"]])


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
                         expected=" or ".join(PERIOD_KINDS))
    out: list[Period] = []
    for i, end in enumerate(history.ends):
        start, last = period_bounds(end, kind)
        if kind != "event" and out and out[-1].start == start:
            out[-1] = Period(start, last, out[-1].first, i + 1, 0)
        else:
            out.append(Period(start, last, i, i + 1,
                              int(history.event_ids[i]) if kind == "event" else 0))
    return out


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


def month_number(day: date) -> int:
    return day.year * 12 + day.month - 1


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

    def summary(self) -> str:
        return (f"{self.pool}: {self.periods} periods recomputed under {self.system} "
                f"({self.kept} kept), {self.events} events, {self.games} games; "
                f"{self.rated_players} rated players")


def recompute(
    db: Database,
    system: str | None = None,
    pool: str | None = None,
    start: date | None = None,
    period: str = "month",
    advance: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
) -> list[RecomputeReport]:
    """Recompute every pool (or ``pool``) from the first period not current, or from the
    period ``start`` falls in.  ``system`` overrides the systems the events were
    imported with; the lists of each (pool, system, period) are kept apart."""
    names = [pool] if pool else [r[0] for r in db.query("SELECT name FROM pools ORDER BY name")]
    return [_recompute_pool(db, name, system, start, period, advance, total) for name in names]


def pool_system(db: Database, pool_id: int, pool: str) -> str:
    """The one system a pool's events were imported with."""
    systems = [r[0] for r in db.query("SELECT DISTINCT system FROM events WHERE pool_id = ?"
                                      " ORDER BY system", pool_id)]
    if len(systems) > 1:
        raise InputError(f"the events of pool {pool!r} were imported under several systems",
                         Place("--system"), found=", ".join(systems),
                         expected="one system chosen with --system")
    return systems[0] if systems else "fide"


def _recompute_pool(db: Database, pool: str, system: str | None, start: date | None,
                    kind: str, advance: Callable[[int], None] | None,
                    total: Callable[[int], None] | None) -> RecomputeReport:
    pool_id = db.pool_id(pool)
    system = system or pool_system(db, pool_id, pool)
    get_system(system)  # an unknown name fails here, before any work
    every = load_history(db, pool_id, None)
    all_periods = periods(every, kind)
    first_day = all_periods[0].start if all_periods else date.max
    base_id, state = base_list(db, pool_id, first_day)
    base_day = day(db.query("SELECT date FROM published_lists WHERE id = ?", base_id)[0][0]) \
        if base_id is not None else None
    with db.transaction() as conn:
        computation = conn.execute(
            "SELECT id, base_list_id, valid_through FROM computations"
            " WHERE pool_id = ? AND system = ? AND period = ?", (pool_id, system, kind)).fetchone()
        if computation is None:
            computation = (conn.execute(
                "INSERT INTO computations (pool_id, system, period, base_list_id)"
                " VALUES (?, ?, ?, ?)", (pool_id, system, kind, base_id)).lastrowid, base_id, None)
        computation_id = int(computation[0])
        valid = date.fromisoformat(computation[2]) if computation[2] else None
        if computation[1] != base_id:
            valid = None
        if start is not None and (valid is None or start <= valid):
            valid = period_bounds(start, kind)[0] - timedelta(days=1)
        # A period is kept if it ends by ``valid`` and was written, as was every one
        # before it (per-event periods may share their last day).
        stored = {(date.fromisoformat(end), event): row for row, end, event in conn.execute(
            "SELECT id, end, first_event FROM periods WHERE computation_id = ? AND end <= ?",
            (computation_id, valid.isoformat() if valid else ""))}
        kept = list(itertools.takewhile(lambda p: (p.end, p.first_event) in stored,
                                        all_periods))
        todo = all_periods[len(kept):]
        valid = kept[-1].end if kept else None
        keep = {stored[(p.end, p.first_event)] for p in kept}
        conn.executemany("DELETE FROM periods WHERE id = ?",
                         [(row,) for (row,) in conn.execute(
                             "SELECT id FROM periods WHERE computation_id = ?",
                             (computation_id,)).fetchall() if row not in keep])
        conn.execute("UPDATE computations SET base_list_id = ?, valid_through = ? WHERE id = ?",
                     (base_id, valid.isoformat() if valid else None, computation_id))
    if valid is not None:
        state = computed_state(db, computation_id, state, valid)
    if total:
        total(len(todo))
    info = player_info(db)
    grow(state, len(info))
    games = 0
    since = valid if valid is not None else base_day
    # Who has been met already: listed, or in an event before the periods to compute.
    known = state.listed.copy()
    known[every.player[:every.row_start[todo[0].first] if todo else 0]] = True
    for p in todo:
        entries, count = _compute_period(db, every, p, system, state, info, since, known)
        since = p.end
        games += count
        with db.transaction() as conn:
            conn.execute(
                "INSERT INTO periods (computation_id, start, end, first_event, list_date, system,"
                " events, games, entries, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (computation_id, p.start.isoformat(), p.end.isoformat(), p.first_event,
                 (p.end + timedelta(days=1)).isoformat(), _period_system(system, p),
                 p.stop - p.first, count, entries.tobytes(), state.pending.tobytes()))
            conn.execute("UPDATE computations SET valid_through = ? WHERE id = ?",
                         (p.end.isoformat(), computation_id))
        if advance:
            advance(1)
    return RecomputeReport(pool, system, kind, len(todo), len(kept),
                           sum(p.stop - p.first for p in todo), games,
                           int(np.count_nonzero(state.rating > 0)))


def grow(state: ListState, size: int) -> None:
    """Make room for players added since the lists were written."""
    extra = size - len(state.rating)
    if extra > 0:
        state.rating = np.append(state.rating, np.zeros(extra))
        state.games = np.append(state.games, np.zeros(extra, dtype=np.int64))
        state.ever_2400 = np.append(state.ever_2400, np.zeros(extra, dtype=bool))
        state.k = np.append(state.k, np.zeros(extra, dtype=np.int64))
        state.listed = np.append(state.listed, np.zeros(extra, dtype=bool))


def _period_system(system: str, period: Period) -> str:
    chosen = get_system(system, period.start)
    return chosen.name


def _compute_period(db: Database, history: History, period: Period, system: str,
                    state: ListState, info: PlayerInfo, since: date | None,
                    known: Any) -> tuple[Any, int]:
    """Rate one period in place on ``state`` (the list as of ``since``: the previous
    period's end or the base list's date); returns the changed entries and the games."""
    chosen = get_system(system, period.start)
    rows = slice(int(history.row_start[period.first]), int(history.row_start[period.stop]))
    changed = []
    if (isinstance(chosen, FideEdition) and system in DATED_ALIASES
            and chosen.speed == "standard" and since is not None
            and since < ADJUSTMENT_DAY <= period.start):
        changed.append(_adjust_2024(state))
    changed.append(_first_seen(state, history, rows, known))
    if isinstance(chosen, EloSystem):
        entries, count = _per_game_period(db, history, period, chosen, state)
    else:
        event_of_row = np.repeat(np.arange(period.first, period.stop),
                                 np.diff(history.row_start[period.first:period.stop + 1]))
        entries, count = fide_period(chosen, state, info, history.player[rows],
                                     history.opponent[rows], history.result[rows],
                                     event_of_row, period)
    return np.concatenate([*changed, entries]), count


def _first_seen(state: ListState, history: History, rows: slice, known: Any) -> Any:
    """Players met for the first time (in no list, in no earlier event) start from the
    rating their event's file gives them, as a rated player whose game count is not
    known (past his first 30 games, as when rating one event)."""
    who, given = history.player[rows], history.given[rows]
    new = ~known[who] & (given > 0)
    players, first = np.unique(who[new], return_index=True)
    state.rating[players] = given[new][first]
    state.games[players] = UNKNOWN_GAMES
    state.ever_2400[players] = given[new][first] >= 2400
    known[who] = True
    return state.entries(players)


def _adjust_2024(state: ListState) -> Any:
    """The one-time raise of 1 March 2024 on the list before the first period from it."""
    rating = state.rating.astype(np.int64)
    low = np.flatnonzero((rating > 0) & (rating < 2000))
    raise_by = np.asarray(half_up(40 * (2000 - rating[low]), 100))  # 0.40 × (2000 − R)
    state.rating[low] = rating[low] + raise_by
    return state.entries(low)


def fide_period(
    edition: FideEdition,
    state: ListState,
    info: PlayerInfo,
    player: Ints,
    opponent: Ints,
    result: Ints,
    event: Ints,
    period: Period,
) -> tuple[Any, int]:
    """One FIDE period over its pairing rows (database ids; ``event`` tells the events
    apart); ``state`` becomes the list after the period.  Returns the changed entries
    and the number of games played over the board."""
    size = len(state.rating)
    rating = state.rating.astype(np.int64)
    played = (result <= Result.LOSS) & (opponent >= 0)
    own = rating[player]
    opp = np.where(opponent >= 0, rating[np.maximum(opponent, 0)], 0)
    ok = played & (own > 0) & (opp > 0)
    if edition.big_difference_unrated_from is not None and period.end >= \
            edition.big_difference_unrated_from:
        ok &= ~((np.abs(opp - own) >= 600) & ((own > 2600) | (opp > 2600)))
    points = np.where(played, (2 - result) * 50, 0)
    key = event * size + player  # the 2022 rule looks at each event on its own
    capped = capped_differences(edition, key, own, opp, ok, size)
    expected = np.where(ok, expected_hundredths(own, opp, capped), 0)
    n = np.bincount(player, weights=ok, minlength=size).astype(np.int64)
    score = np.bincount(player, weights=np.where(ok, points, 0), minlength=size).astype(np.int64)
    expected_sum = np.bincount(player, weights=expected, minlength=size).astype(np.int64)
    junior = edition.junior_flags(info.birth_year[:size], info.turns_18[:size], period.start)
    k = edition.k_factors(rating, state.games, state.ever_2400, state.k, junior)
    if edition.k_times_games_cap is not None:
        over = n * k > edition.k_times_games_cap
        k = np.where(over, edition.k_times_games_cap // np.maximum(n, 1), k)
    change = np.asarray(half_away_from_zero(k * (score - expected_sum), 100))
    active = np.flatnonzero((n > 0) & (rating > 0))
    new = rating[active] + change[active]
    state.rating[active] = np.where(new >= edition.floor, new, 0)
    state.games[active] += n[active]
    state.ever_2400[active] |= new >= 2400
    first = _first_ratings(edition, state, player, played & (own == 0) & (opp > 0), points,
                           opp, event, month_number(period.start))
    changed = np.union1d(active, first)
    return state.entries(changed), int(np.count_nonzero(played & (player < opponent)))


def _first_ratings(edition: FideEdition, state: ListState, player: Ints, rows: Any,
                   points: Ints, opp: Ints, event: Ints, month: int) -> Ints:
    """Pool the unrated players' games of this period and rate those with enough games;
    returns the players who got a first rating."""
    who, ev = player[rows], event[rows]
    if len(who):
        groups, inverse = np.unique(np.stack([who, ev]), axis=1, return_inverse=True)
        inverse = inverse.ravel()
        g = np.bincount(inverse)
        p = np.bincount(inverse, weights=points[rows]).astype(np.int64)
        s = np.bincount(inverse, weights=opp[rows]).astype(np.int64)
        first_of_player = np.ones(groups.shape[1], dtype=bool)
        first_of_player[1:] = groups[0, 1:] != groups[0, :-1]
        started = np.isin(groups[0], state.pending["player"])
        keep = ~(first_of_player & ~started & (p == 0))  # a zero first event is disregarded
        owners, back = np.unique(groups[0][keep], return_inverse=True)
        added = np.zeros(len(owners), dtype=PENDING_ENTRY)
        added["player"] = owners
        added["month"] = month
        added["games"] = np.bincount(back, weights=g[keep])
        added["points"] = np.bincount(back, weights=p[keep])
        added["opponents"] = np.bincount(back, weights=s[keep])
        pending = np.concatenate([state.pending, added])
    else:
        pending = state.pending
    pending = pending[pending["month"] > month - POOL_MONTHS]
    owners, back = np.unique(pending["player"], return_inverse=True)
    games = np.bincount(back, weights=pending["games"]).astype(np.int64)
    total_points = np.bincount(back, weights=pending["points"]).astype(np.int64)
    total = np.bincount(back, weights=pending["opponents"]).astype(np.int64)
    ru = first_ratings(edition, games, total_points, total)
    rated = (games >= edition.new_player_min_games) & (ru > 0)
    newly = owners[rated]
    state.rating[newly] = ru[rated]
    state.games[newly] = games[rated]
    state.ever_2400[newly] |= ru[rated] >= 2400
    state.pending = pending[~np.isin(pending["player"], newly)]
    return newly


def _per_game_period(db: Database, history: History, period: Period, system: EloSystem,
                     state: ListState) -> tuple[Any, int]:
    """The period's events one after another, each game after the one before."""
    moved: list[Ints] = []
    count = 0
    for i in range(period.first, period.stop):
        event, ids = _stored_event(db, history, i)
        fixed = np.array([p.fixed_rating or str(p.id) in system.fixed_opponents
                          for p in event.players], dtype=bool)
        chosen = event_games(system, event, dict(event.settings))
        start = np.where(fixed, [system.fixed_opponents.get(str(p.id), (0.0, ""))[0]
                                 for p in event.players], state.rating[ids])
        start = np.where(start > 0, start, system.initial_rating)
        out = run_games(system, chosen.games, start, state.games[ids], fixed)
        steady = ids[~fixed]
        state.rating[steady] = out.final[~fixed]
        state.games[steady] = out.games_played[~fixed]
        count += len(chosen.games.round)
        moved.append(steady[np.isin(np.flatnonzero(~fixed),
                                    np.concatenate([chosen.games.white, chosen.games.black]))])
    return state.entries(np.unique(np.concatenate(moved))), count


def _stored_event(db: Database, history: History, index: int) -> tuple[Event, Ints]:
    """Event ``index`` of the history rebuilt from the database (enough to rate it)."""
    event_id = int(history.event_ids[index])
    name, kind, rounds, settings, pools = db.query(
        "SELECT name, type, rounds, settings, game_pools FROM events WHERE id = ?", event_id)[0]
    listed = db.query("SELECT idx, player_id, start_no, name, fixed_rating FROM event_players"
                      " WHERE event_id = ? ORDER BY idx", event_id)
    players = tuple(Player(index=idx, id=int(no) if no.isdigit() else no, name=pname,
                           fixed_rating=bool(fixed)) for idx, _, no, pname, fixed in listed)
    rows = history.rows[history.row_start[index]:history.row_start[index + 1]]
    pairings = Pairings(*(rows[c].astype(np.int64) for c in
                          ("round", "player", "opponent", "color", "result", "method",
                           "minutes", "pool")))
    event = Event(name, players, pairings, rounds, EventType(kind),
                  end=history.ends[index], settings=tuple(json.loads(settings).items()),
                  pools=tuple(json.loads(pools)), source=name)
    return event, np.array([r[1] for r in listed], dtype=np.int64)
