"""Tournament performance: Ra, p, dp and Rp = Ra + dp (seed 002, B.02 8.1(a)).

Counted: games played over the board.  Opponents count with their rating.  An unrated
opponent, by :class:`UnratedOpponents`: ``exclude`` (the default) leaves the game out,
as FIDE's rating pages, Vega and Swiss-Manager print Ra and Rp (the average of the
FIDE-rated opponents); ``floor`` counts him at the edition's floor unless he scored
below one point in his games of the event (seed 002's reading), in which case the game
is left out.  Title norms follow B.01 in :mod:`.norms`, not this.
Computed per slot (a player in one event: :mod:`.event`), so a rating period's
events each get their own performance.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...rounding import half_up
from .average_rule import AverageRule, UnratedOpponents
from .event import Rows
from .rated_games import game_points, played
from .tables import DP

Ints = npt.NDArray[np.int64]


class Performance(NamedTuple):
    games: Ints  # games counted
    points: Ints  # hundredths
    ra: Ints  # 0 where no game counts
    percent: Ints
    dp: Ints
    rp: Ints


def performance(rows: Rows, rating: Ints, floor: int,
                rule: AverageRule, unrated: UnratedOpponents = UnratedOpponents.EXCLUDE
                ) -> Performance:
    """Every slot's performance from its ``rating`` (0: unrated) and its games' points
    (a new player counted with his first rating under the 2009 round-robin rule still
    counts here as unrated)."""
    slots = len(rating)
    player = rows.slot
    is_played = played(rows.result, rows.opponent)
    score = game_points(rows.result, is_played)  # 0 for the rows not played
    as_opponent = rating  # per slot: what he counts as for his opponents (0: not)
    if unrated is UnratedOpponents.FLOOR:  # at the floor if he scored a point, else not
        played_points = np.bincount(player, weights=score, minlength=slots)
        as_opponent = np.where(rating > 0, rating, np.where(played_points >= 100, floor, 0))
    counted_as = np.append(as_opponent, 0)[rows.opponent]
    counted = is_played & (counted_as > 0)
    if rule is AverageRule.CAPPED:
        own = rating[player]
        counted_as = np.where(own > 0, np.clip(counted_as, own - 400, own + 400), counted_as)
    games = np.bincount(player, weights=counted, minlength=slots).astype(np.int64)
    total = np.bincount(player, weights=np.where(counted, counted_as, 0),
                        minlength=slots).astype(np.int64)
    points = np.bincount(player, weights=np.where(counted, score, 0),
                         minlength=slots).astype(np.int64)
    safe = np.maximum(games, 1)
    ra = np.where(games > 0, half_up(total, safe), 0)
    percent = np.where(games > 0, half_up(points, safe), 0)
    dp = np.where(games > 0, DP[percent], 0)
    return Performance(games, points, ra, percent, dp, np.where(games > 0, ra + dp, 0))
