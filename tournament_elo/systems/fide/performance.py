"""Tournament performance: Ra, p, dp and Rp = Ra + dp (seed 002, B.02 8.1(a)).

Counted: games played over the board.  Opponents count with their rating; an
unrated opponent counts at the edition's floor unless he scored below one point in
his games of the event (the seed's reading), in which case the game is left out.
Computed per slot (a player in one event: :mod:`.event`), so a rating period's
events each get their own performance.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...model import PLAYED, POINTS
from ...rounding import half_up
from .event import Rows
from .tables import DP

Ints = npt.NDArray[np.int64]


class AverageRule(enum.StrEnum):
    PLAIN = "plain"  # opponents' ratings as they are (Swiss-Manager)
    CAPPED = "capped"  # each opponent at most 400 from the player's own rating


@dataclass(frozen=True)
class Performance:
    games: Ints  # games counted
    points: Ints  # hundredths
    ra: Ints  # 0 where no game counts
    percent: Ints
    dp: Ints
    rp: Ints


def performance(rows: Rows, rating: Ints, floor: int, rule: AverageRule) -> Performance:
    """Every slot's performance; ``rating`` is each slot's rating (0: unrated)."""
    slots = len(rating)
    player, opponent = rows.slot, rows.opponent
    played = PLAYED[rows.result] & (opponent >= 0)
    score = np.where(played, POINTS[rows.result], 0)
    played_points = np.bincount(player[played], weights=score[played], minlength=slots)
    opp = np.maximum(opponent, 0)
    # An unrated opponent counts at the floor if he scored at least a point, else not at all.
    unrated_value = np.where(played_points[opp] >= 100, floor, 0)
    opp_rating = np.where(rating[opp] > 0, rating[opp], unrated_value)
    counted = played & (opp_rating > 0)
    own = rating[player]
    if rule is AverageRule.CAPPED:
        opp_rating = np.where(own > 0, np.clip(opp_rating, own - 400, own + 400), opp_rating)
    games = np.bincount(player[counted], minlength=slots)
    total = np.bincount(player[counted], weights=opp_rating[counted],
                        minlength=slots).astype(np.int64)
    points = np.bincount(player[counted], weights=score[counted],
                         minlength=slots).astype(np.int64)
    safe = np.maximum(games, 1)
    ra = np.where(games > 0, half_up(total, safe), 0)
    percent = np.where(games > 0, half_up(points, safe), 0)
    dp = np.where(games > 0, DP[percent], 0)
    return Performance(games, points, ra, percent, dp, np.where(games > 0, ra + dp, 0))
