"""A FIDE rating period (B.02 8): every game of the period from the list before it, the
K × n ≤ 700 cap over the period's games, one rounding of the period's change; unrated
players' games pooled toward a first rating; the one-time raise of 1 March 2024.

Unrated players pool their games against rated opponents over at most 26 months (one
pool entry per player per period); a first event in which such a player scores zero is
disregarded; once the pool holds the edition's minimum of games, the first rating is
computed from it as for one event (:func:`.first_rating.first_ratings`) and published
if it reaches the floor.

When ``fide`` (the edition in force) crosses 1 March 2024, every rating below 2000 is
raised by 0.40 × (2000 − R), rounded, on the list before the first period from it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt

from ...rating_list import PENDING_ENTRY, ListState, PlayerInfo
from ...rounding import half_up
from ..periods import PeriodEvents, PeriodRating
from .average_rule import AverageRule, UnratedOpponents
from .edition import FideEdition
from .event import FirstRatingGames, Rows, compute
from .figures import game_figures, player_figures
from .first_rating import first_ratings
from .performance import performance

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: FIDE pools an unrated player's games over at most this many months.
POOL_MONTHS = 26
#: The one-time adjustment of 1 March 2024 (fide.md): R < 2000 gains 0.40 × (2000 − R).
ADJUSTMENT_DAY = date(2024, 3, 1)
ADJUSTMENT_BELOW = 2000
ADJUSTMENT_PERCENT = 40


def month_number(day: date) -> int:
    return day.year * 12 + day.month - 1


def crosses_adjustment(since: date | None, start: date) -> bool:
    """Whether the period starting on ``start`` is the first from 1 March 2024 on."""
    return since is not None and since < ADJUSTMENT_DAY <= start


def raise_2024(state: ListState) -> Ints:
    """The one-time raise of 1 March 2024 applied to ``state``; returns the players raised."""
    rating = state.rating.astype(np.int64)
    low = np.flatnonzero((rating > 0) & (rating < ADJUSTMENT_BELOW))
    raise_by = np.asarray(half_up(ADJUSTMENT_PERCENT * (ADJUSTMENT_BELOW - rating[low]), 100))
    state.rating[low] = rating[low] + raise_by
    return low


def rate_period(edition: FideEdition, state: ListState, info: PlayerInfo,
                period: PeriodEvents) -> PeriodRating:
    """Rate the period's rows from ``state`` (the list before it), which becomes the list
    after it."""
    # Only the players of the period's events: a list of 50,000 is not walked each month.
    players, local = np.unique(period.owner, return_inverse=True)
    rows = Rows(period.slot, period.opponent, period.result, local.ravel())
    rating = state.rating[players].astype(np.int64)
    junior = edition.junior_flags(info.birth_year[players], info.turns_18[players], period.start)
    k = edition.k_factors(rating, state.games[players], state.ever_2400[players],
                          state.k[players], junior)
    computed, first = compute(edition, rows, rating, k, period.end)
    n = rows.per_player(computed.games, len(players))
    moved = (n > 0) & (rating > 0)
    active = players[moved]
    state.rating[active] = computed.new_rating[moved]
    state.games[active] += n[moved]
    state.ever_2400[active] |= (rating + computed.rounded)[moved] >= 2400

    slot_rating = computed.counted_as
    newly = _pool(edition, state, period.owner, first, month_number(period.start))
    perf = performance(rows, computed, slot_rating, edition.floor, AverageRule.PLAIN,
                       UnratedOpponents.FLOOR)
    figures = player_figures(
        rows, computed, slot_rating, first,
        first_ratings(edition, first.games, first.points, first.opponents),
        state.rating[period.owner].astype(np.int64), perf)
    changed = np.concatenate([active, newly])  # apart: the newly rated had no rating
    return PeriodRating(state.entries(changed), period.games_played(), figures,
                        game_figures(computed, first.counts))


def _pool(edition: FideEdition, state: ListState, owner: Ints, first: FirstRatingGames,
          month: int) -> Ints:
    """Pool the unrated players' games of this period (per slot: one event's) and rate
    those with enough games; returns the players who got a first rating."""
    games, points, opponents = first.games, first.points, first.opponents
    slots = np.flatnonzero(games > 0)
    if len(slots):
        slots = slots[np.lexsort((slots, owner[slots]))]  # by player, then event order
        who = owner[slots]
        first_of_player = np.ones(len(slots), dtype=bool)
        first_of_player[1:] = who[1:] != who[:-1]
        started = np.isin(who, state.pending["player"])
        keep = ~(first_of_player & ~started & (points[slots] == 0))  # a zero first event
        owners, back = np.unique(who[keep], return_inverse=True)
        added = np.zeros(len(owners), dtype=PENDING_ENTRY)
        added["player"] = owners
        added["month"] = month
        added["games"] = np.bincount(back, weights=games[slots][keep])
        added["points"] = np.bincount(back, weights=points[slots][keep])
        added["opponents"] = np.bincount(back, weights=opponents[slots][keep])
        pending: npt.NDArray[Any] = np.concatenate([state.pending, added])
    else:
        pending = state.pending
    pending = pending[pending["month"] > month - POOL_MONTHS]
    owners, back = np.unique(pending["player"], return_inverse=True)
    total_games = np.bincount(back, weights=pending["games"]).astype(np.int64)
    total_points = np.bincount(back, weights=pending["points"]).astype(np.int64)
    total = np.bincount(back, weights=pending["opponents"]).astype(np.int64)
    ru = first_ratings(edition, total_games, total_points, total)
    rated = (total_games >= edition.new_player_min_games) & (ru > 0)
    newly = owners[rated]
    state.rating[newly] = ru[rated]
    state.games[newly] = total_games[rated]
    state.ever_2400[newly] |= ru[rated] >= 2400
    state.pending = pending[~np.isin(pending["player"], newly)]
    return newly

