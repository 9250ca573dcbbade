"""The rows of :func:`.event.compute` in one compiled loop (numba), for a big event or
period: each row's played game, points, rating check, capped difference and expected
score, and the per-slot sums, in one pass over the rows instead of a dozen numpy
passes with their temporaries.

It is the same computation row by row — :mod:`.rated_games` (which games count, the
400-point rule) and :mod:`.tables` (8.1(b)) stay the rules' one statement, read here
as their constants and the table itself; ``tests/test_fide_tables.py`` and
``tests/test_properties.py`` check both paths agree.  The 2022 once-per-event rule
looks at all of a player's games of an event together: those editions keep the numpy
path.  The loop is compiled once and cached on disk; an event below
:data:`~.event.COMPILED_FROM` rows takes the numpy path, so it never waits for a
compile.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from ...model import Result
from .edition import DifferenceRule
from .rated_games import CAP_BELOW, DIFFERENCE_CAP
from .speeds import BIG_DIFFERENCE, BIG_DIFFERENCE_ABOVE
from .tables import PD_CERTAIN, PD_HIGH

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
#: The editions' caps as the compiled loop knows them.
CAP_CODES = {DifferenceRule.CAP_400: 0, DifferenceRule.CAP_400_BELOW_2650: 1}


@numba.njit(cache=True)
def _rows(slot: Any, opponent: Any, result: Any, lookup: Any, big_rule: bool, cap_code: int,
          loss: int, pd_high: Any, score: Any, opponent_rating: Any, rated: Any,
          difference: Any, expected: Any, games: Any, score_sum: Any,
          expected_sum: Any) -> None:
    none = len(lookup) - 1  # slot −1 (no opponent) reads the last entry: 0
    for i in range(len(slot)):
        who, code, against = slot[i], result[i], opponent[i]
        is_played = code <= loss and against >= 0
        points = (2 - code) * 50 if is_played else 0
        own = lookup[who]
        opp = lookup[against if against >= 0 else none]
        diff = abs(opp - own)
        ok = is_played and own > 0 and opp > 0
        if ok and big_rule and diff >= BIG_DIFFERENCE and (
                own > BIG_DIFFERENCE_ABOVE or opp > BIG_DIFFERENCE_ABOVE):
            ok = False
        score[i], opponent_rating[i], rated[i] = points, opp, ok
        if ok:
            capped = min(diff, DIFFERENCE_CAP)
            if cap_code == 1 and own >= CAP_BELOW:
                capped = diff
            high = pd_high[min(capped, PD_CERTAIN)]
            pd = high if own >= opp else 100 - high
            difference[i], expected[i] = capped, pd
            games[who] += 1
            score_sum[who] += points
            expected_sum[who] += pd
        else:
            difference[i], expected[i] = 0, 0


def compiled_rows(slot: Ints, opponent: Ints, result: Ints, lookup: Ints, slots: int,
                  big_rule: bool, rule: DifferenceRule,
                  ) -> tuple[Ints, Ints, Bools, Ints, Ints, Ints, Ints, Ints]:
    """Per row: score, opponent's rating, rated, difference, expected; per slot: rated
    games, W and We (hundredths) — as :func:`.event.compute`'s numpy loop makes them."""
    count = len(slot)
    score, opponent_rating, difference, expected = (np.empty(count, dtype=np.int64)
                                                    for _ in range(4))
    rated = np.empty(count, dtype=np.bool_)
    games, score_sum, expected_sum = (np.zeros(slots, dtype=np.int64) for _ in range(3))
    slot, opponent, result, lookup = (np.ascontiguousarray(a, dtype=np.int64)
                                      for a in (slot, opponent, result, lookup))
    _rows(slot, opponent, result, lookup, big_rule, CAP_CODES[rule], int(Result.LOSS),
          PD_HIGH, score, opponent_rating, rated, difference, expected, games, score_sum,
          expected_sum)
    return (score, opponent_rating, rated, difference, expected, games, score_sum,
            expected_sum)
