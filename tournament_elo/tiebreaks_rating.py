"""Rating-based tie-breaks of C.07 Art. 10: ARO, ARO/C1, TPR, PTP, APRO, APPO, RTNG.

Games counted: those played over the board (results ``1 = 0``; forfeits, games
shorter than one move and byes are not), against an opponent with a rating.  An
unrated player takes ``unrated_rating`` when it is given; by default his games are
left out of his opponents' figures (and he has no RTNG), as the regulations allow.
The same counted games serve every measure, APRO and APPO included.

Every value is a whole number, ``0`` where the measure is undefined (no counted game;
for ARO/C1, fewer than two).  Averages and percentages round half up.

- ARO: average rating of the opponents; ARO/C1 leaves out the lowest-rated one.
- TPR = ARO + dp, dp from table 8.1(a) for the score in the counted games.
- PTP: the lowest rating R whose expected score against the opponents (table 8.1(b),
  every difference, no 400 cut) reaches the player's score in the counted games.  A
  zero score gives the lowest opponent − 800 and a full score the highest opponent
  + 736, the first difference where the table expects 1.00 (fide.md, strict reading);
  both fall out of the search below, whose range is exactly those two ends.
- APRO / APPO: the average of the opponents' TPR / PTP, over counted opponents whose
  value is defined.
- RTNG: the player's own rating.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from .model import PLAYED, POINTS, Event
from .rounding import half_up
from .systems.fide_tables import DP, PD_CERTAIN, PD_HIGH

Ints = npt.NDArray[np.int64]

RATING_CODES = ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG")
#: Rating differences beyond which the table expects 0.00 / 1.00 of the lower / higher side.
_ZERO_BELOW = 800
_FULL_ABOVE = PD_CERTAIN  # 736


def ratings_of(event: Event, unrated_rating: int | None = None) -> Ints:
    """Each player's rating, ``unrated_rating`` (or 0) for the unrated."""
    default = unrated_rating or 0
    return np.array(
        [p.rating if p.rating else default for p in event.players], dtype=np.int64
    )


def _average(total: Ints, count: Ints) -> Ints:
    return np.where(count > 0, half_up(total, np.maximum(count, 1)), 0)


def _expected(candidate: Ints, player: Ints, opp_rating: Ints, n: int) -> Ints:
    """Expected score (hundredths) of every player, rated ``candidate``, over his games."""
    diff = candidate[player] - opp_rating
    pd = PD_HIGH[np.minimum(np.abs(diff), PD_CERTAIN)]
    per_game = np.where(diff >= 0, pd, 100 - pd)
    return np.bincount(player, weights=per_game, minlength=n).astype(np.int64)


def _ptp(player: Ints, opp_rating: Ints, points: Ints, games: Ints, n: int) -> Ints:
    """The lowest R with expected score >= points, by bisection on every player at once."""
    big = np.iinfo(np.int64).max
    low_opp = np.full(n, big, dtype=np.int64)
    high_opp = np.zeros(n, dtype=np.int64)
    np.minimum.at(low_opp, player, opp_rating)
    np.maximum.at(high_opp, player, opp_rating)
    has = games > 0
    lo = np.where(has, low_opp - _ZERO_BELOW, 0)
    hi = np.where(has, high_opp + _FULL_ABOVE, 0)  # always reaches the score
    while np.any(lo < hi):
        mid = (lo + hi) // 2
        enough = _expected(mid, player, opp_rating, n) >= points
        hi = np.where(enough, mid, hi)
        lo = np.where(enough, lo, mid + 1)
    return np.where(has, lo, 0)


def rating_tiebreaks(
    event: Event, codes: Iterable[str], unrated_rating: int | None = None
) -> dict[str, Ints]:
    """The requested rating-based tie-breaks, one value per player (in player order)."""
    wanted = [c.upper() for c in codes]
    unknown = [c for c in wanted if c not in RATING_CODES]
    if unknown:
        raise ValueError(
            f"unknown rating tie-break {', '.join(unknown)}; known: {', '.join(RATING_CODES)}"
        )
    n = len(event.players)
    rating = ratings_of(event, unrated_rating)
    pairings = event.pairings
    opp = np.maximum(pairings.opponent, 0)
    counted = PLAYED[pairings.result] & (pairings.opponent >= 0) & (rating[opp] > 0)
    player = pairings.player[counted]
    opponent = opp[counted]
    opp_rating = rating[opponent]
    score = POINTS[pairings.result[counted]]

    games = np.bincount(player, minlength=n).astype(np.int64)
    total = np.bincount(player, weights=opp_rating, minlength=n).astype(np.int64)
    points = np.bincount(player, weights=score, minlength=n).astype(np.int64)
    lowest = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(lowest, player, opp_rating)

    aro = _average(total, games)
    percent = _average(points, games)
    tpr = np.where(games > 0, aro + DP[percent], 0)
    out: dict[str, Ints] = {}
    ptp: Ints | None = None
    for code in wanted:
        if code == "ARO":
            out[code] = aro
        elif code == "ARO/C1":
            out[code] = np.where(games > 1, _average(total - np.where(games > 1, lowest, 0),
                                                     games - 1), 0)
        elif code == "TPR":
            out[code] = tpr
        elif code == "RTNG":
            out[code] = rating.copy()
        elif code in ("PTP", "APPO"):
            if ptp is None:
                ptp = _ptp(player, opp_rating, points, games, n)
            out[code] = ptp if code == "PTP" else _opponents_average(ptp, games, player,
                                                                      opponent, n)
        else:  # APRO
            out[code] = _opponents_average(tpr, games, player, opponent, n)
    return out


def _opponents_average(value: Ints, games: Ints, player: Ints, opponent: Ints, n: int) -> Ints:
    """Average of ``value`` over each player's counted opponents who have one."""
    defined = games[opponent] > 0
    count = np.bincount(player[defined], minlength=n).astype(np.int64)
    total = np.bincount(player[defined], weights=value[opponent[defined]], minlength=n)
    return _average(total.astype(np.int64), count)
