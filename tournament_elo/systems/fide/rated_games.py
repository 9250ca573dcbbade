"""Which games are rated (B.02 7.1, 8.3) and the rating difference each is looked up
with (the 400-point rule in its three editions).

A game counts when it was played over the board and both players have a rating; the
rapid and blitz editions from December 2024 also leave out a game whose difference is
600 or more when either player is above 2600.  The difference is capped at 400:

- before 2022 and in rapid/blitz, in every game, for both sides (``cap-400``);
- in 2022 the higher-rated player only once per event, in his game with the largest
  difference, the lower-rated player in every game (``once-per-event``);
- from October 2025 only for a player rated below 2650 (``cap-400-below-2650``).
"""

from __future__ import annotations

from datetime import date

import numpy as np
import numpy.typing as npt

from ...model import Result
from .edition import DifferenceRule, FideEdition
from .speeds import BIG_DIFFERENCE, BIG_DIFFERENCE_ABOVE
from .tables import PD_CERTAIN

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: The 400-point rule's cap.
DIFFERENCE_CAP = 400
#: From October 2025 the cap protects only players below this rating.
CAP_BELOW = 2650


def played(result: Ints, opponent: Ints) -> Bools:
    """Rows of a game played over the board (a win, draw or loss against an opponent)."""
    return (result <= Result.LOSS) & (opponent >= 0)


def game_points(result: Ints, is_played: Bools) -> Ints:
    """Points in hundredths of the games played (WIN 0 → 100, DRAW 1 → 50, LOSS 2 → 0)."""
    return np.where(is_played, (2 - result) * 50, 0)


def rated_games(edition: FideEdition, own: Ints, opponent: Ints, is_played: Bools,
                day: date | None) -> Bools:
    """Rows whose game changes the player's rating: played, both rated (0: unrated), and
    not excluded by the rapid/blitz big-difference rule in force on ``day``."""
    rated = is_played & (own > 0) & (opponent > 0)
    rule_from = edition.big_difference_unrated_from
    if rule_from is not None and day is not None and day >= rule_from:
        rated &= ~((np.abs(opponent - own) >= BIG_DIFFERENCE)
                   & ((own > BIG_DIFFERENCE_ABOVE) | (opponent > BIG_DIFFERENCE_ABOVE)))
    return rated


def capped_differences(edition: FideEdition, key: Ints, own: Ints, opponent: Ints,
                       rated: Bools) -> Ints:
    """The absolute rating difference each row is looked up with, per the edition.

    ``key`` groups the rows of one player in one event (the once-per-event rule looks
    at each event on its own).
    """
    diff: Ints = np.abs(opponent - own)
    capped: Ints = np.minimum(diff, DIFFERENCE_CAP)
    if edition.difference is DifferenceRule.CAP_400:
        return capped
    if edition.difference is DifferenceRule.CAP_400_BELOW_2650:
        below: Ints = np.where(own < CAP_BELOW, capped, diff)
        return below
    # Once per event: the higher-rated side is capped only in his one game with the
    # largest difference; the lower-rated side in every game.
    higher = rated & (own > opponent) & (diff > DIFFERENCE_CAP)
    rows = np.flatnonzero(higher)
    result = np.where(own > opponent, diff, capped)
    if len(rows):
        order = np.lexsort((-diff[rows], key[rows]))
        ordered = rows[order]
        first = np.ones(len(ordered), dtype=bool)
        first[1:] = key[ordered][1:] != key[ordered][:-1]
        result[ordered[first]] = DIFFERENCE_CAP
    looked_up: Ints = np.minimum(result, PD_CERTAIN)
    return looked_up
