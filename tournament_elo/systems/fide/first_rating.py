"""An unrated player's first rating (B.02 7.1.4, 8.2), edition by edition.

From his games against rated opponents: Ra, their average, and his score p give
Ru = Ra + dp(p) (2014); 2009 and 2022 add a bonus per half point above 50 %; 2024 adds
two hypothetical draws against 1800 and caps the result at 2200.  The event (or, over
rating periods, the games pooled over 26 months: :mod:`.period`) must reach the edition's
minimum of points; a rating is published from its minimum of games and the floor.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...rounding import half_up
from .edition import FideEdition, NewPlayerRule
from .tables import DP

Ints = npt.NDArray[np.int64]

#: 2024: the two hypothetical opponents' rating (both games drawn).
HYPOTHETICAL_OPPONENT = 1800


def first_ratings(
    edition: FideEdition, games: Ints, points: Ints, opponents_sum: Ints
) -> Ints:
    """Unrated players' ratings from their games against rated opponents.

    ``points`` in hundredths, ``opponents_sum`` the sum of those opponents' ratings.
    0 where the games give no rating (none, too few points, below the floor).  Exact:
    Ra stays the fraction total / n and the sum is rounded once, over the common
    denominator 2n, as in FIDE's own example (Ra = 1872.43 → Ru = 1922).
    """
    games, points, total = (np.asarray(a, dtype=np.int64) for a in (games, points, opponents_sum))
    # In hundredths, as the points are: round(), since 0.29 * 100 is 28.999999999999996.
    counts = (games > 0) & (points >= round(edition.new_player_min_points * 100))
    if edition.new_player is NewPlayerRule.TWO_DRAWS_1800:
        games, points, total = games + 2, points + 100, total + 2 * HYPOTHETICAL_OPPONENT
    n = np.maximum(games, 1)
    dp = DP[np.clip(np.asarray(half_up(points, n)), 0, 100)]
    above_half = (2 * points) // 100 - n  # half points above 50 %
    numerator = 2 * total + 2 * n * dp  # (Ra + dp) × 2n
    if edition.new_player is NewPlayerRule.BONUS_12_5:
        numerator = np.where(above_half >= 0, 2 * total + 25 * above_half * n, numerator)
    elif edition.new_player is NewPlayerRule.BONUS_20:
        numerator = np.where(above_half >= 0, 2 * total + 40 * above_half * n, numerator)
    rounded = np.asarray(half_up(numerator, 2 * n))
    if edition.first_rating_cap is not None:
        rounded = np.minimum(rounded, edition.first_rating_cap)
    return np.where(counts & (rounded >= edition.floor), rounded, 0).astype(np.int64)


def first_rating(
    edition: FideEdition, games: int, points_hundredths: int, opponents_sum: int
) -> int | None:
    """:func:`first_ratings` for one player; ``None`` where the games give none."""
    rating = int(first_ratings(edition, np.array([games]), np.array([points_hundredths]),
                               np.array([opponents_sum]))[0])
    return rating or None
