"""The rows of :func:`.event.compute` in one compiled loop (numba), for a big event or
period: each row's played game, points, rating check and capped difference, the
per-slot sums, and the games toward a first rating (:func:`.event.first_rating_games`),
in one pass over the rows instead of a dozen numpy passes with their temporaries.

It is the same computation row by row — :mod:`.rated_games` (which games count, the
400-point rule) and :mod:`.tables` (8.1(b)) stay the rules' one statement, read here
as their constants and the table itself; ``tests/systems/test_fide_compiled.py`` checks both
paths agree.  The 2022 once-per-event rule looks at all of a player's games of an
event together: those editions keep the numpy path.  The loop is compiled once and
cached on disk; an event below :data:`~.event.COMPILED_FROM` rows takes the numpy
path, so it never waits for a compile.

The loop is bound by memory, not arithmetic, so it moves as few bytes as it can: it
writes the four per-row columns the engine keeps (one, one, two and one bytes a row),
not the opponent's rating and expected score, which the figures derive from the slot's
rating and the difference; it looks ratings up in a two-byte table (ratings are
checked to fit two bytes before) and adds a slot's three sums as one eight-byte word
(games in its low 16 bits, W in the next 24, We in the top 24: one addition, and a
table of 8 bytes a slot, which stays in the processor's cache), while W cannot
overflow 24 bits; a game count beyond 16 bits, which no rating report holds, is
found after the loop and refused.  An unrated player's rows (a few) add to a table of their own,
in eight bytes: a sum of opponents' ratings outgrows four.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from ...errors import EventModelError
from ...model import Result
from .edition import DifferenceRule
from .event import FirstRatingGames
from .rated_games import CAP_BELOW, DIFFERENCE_CAP
from .speeds import BIG_DIFFERENCE, BIG_DIFFERENCE_ABOVE
from .tables import PD_CERTAIN, PD_HIGH

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Scores = npt.NDArray[np.int8]
Differences = npt.NDArray[np.int16]
#: The editions' caps as the compiled loop knows them.
CAP_CODES = {DifferenceRule.CAP_400: 0, DifferenceRule.CAP_400_BELOW_2650: 1}
#: The table 8.1(b) the loop reads, in the width it adds (one entry is at most 100).
_PD_HIGH = PD_HIGH.astype(np.int32)
#: Below this many rows a slot's sums are packed in one word (W, at most 100 a row,
#: within its 24 bits while the games stay within 16; more rows: three words).
NARROW_SUMS_BELOW = np.iinfo(np.int32).max // 100
#: Where the packed word holds W and We.
W_SHIFT, WE_SHIFT = 16, 40


@numba.njit(cache=True)
def _rows(slot: Any, opponent: Any, result: Any, lookup: Any, big_rule: bool, cap_code: int,
          loss: int, pd_high: Any, score: Any, rated: Any, difference: Any, counts: Any,
          packed: Any, sums: Any, first: Any) -> int:
    """``packed[s]`` (if not empty) or else ``sums[s]``: slot s's rated games, W and We
    (hundredths); ``first[s]``: his games, points and opponents' ratings toward a first
    rating.  Returns the rated rows."""
    narrow, total = len(packed) > 0, 0
    none = np.uint64(len(lookup) - 1)  # slot −1 (no opponent) reads the last entry: 0
    for i in range(len(slot)):
        # Unsigned indexes: numba adds no negative-index wraparound to each look-up; and
        # ``&`` rather than ``and``: fewer branches for the processor to guess.
        who, code, against = np.uint64(slot[i]), result[i], opponent[i]
        has_opponent = against >= 0
        is_played = (code <= loss) & has_opponent
        points = (2 - code) * 50 * is_played
        own = np.int64(lookup[who])
        opp = np.int64(lookup[np.uint64(against) if has_opponent else none])
        ok = is_played & (own > 0) & (opp > 0)
        diff = abs(opp - own)
        if big_rule and ok and diff >= BIG_DIFFERENCE and (
                own > BIG_DIFFERENCE_ABOVE or opp > BIG_DIFFERENCE_ABOVE):
            ok = False
        capped = min(diff, DIFFERENCE_CAP)
        if cap_code == 1 and own >= CAP_BELOW:
            capped = diff
        new = is_played & (own == 0) & (opp > 0)
        score[i], rated[i], difference[i], counts[i] = points, ok, capped if ok else 0, new
        if new:
            first[who, 0] += 1
            first[who, 1] += points
            first[who, 2] += opp
        elif ok:
            high = pd_high[min(capped, PD_CERTAIN)]
            expected = high if own >= opp else 100 - high
            total += 1
            if narrow:
                packed[who] += (np.uint64(1) | (np.uint64(points) << np.uint64(W_SHIFT))
                                | (np.uint64(expected) << np.uint64(WE_SHIFT)))
            else:
                sums[who, 0] += 1
                sums[who, 1] += points
                sums[who, 2] += expected
    return total


def compiled_rows(slot: Ints, opponent: Ints, result: Ints, lookup: npt.NDArray[np.int16],
                  slots: int, big_rule: bool, rule: DifferenceRule,
                  ) -> tuple[Scores, Bools, Differences, Ints, Ints, Ints, FirstRatingGames]:
    """Per row: score, rated, difference; per slot: rated games, W and We (hundredths)
    — as :func:`.event.compute`'s numpy loop makes them — and the games toward a first
    rating, as :func:`.event.first_rating_games` finds them from the same ratings.
    ``lookup``: each slot's rating, then 0 (for slot −1, no opponent)."""
    count = len(slot)
    score = np.empty(count, dtype=np.int8)
    rated = np.empty(count, dtype=np.bool_)
    difference = np.empty(count, dtype=np.int16)
    counts = np.empty(count, dtype=np.bool_)
    first = np.zeros((slots, 3), dtype=np.int64)
    narrow = count < NARROW_SUMS_BELOW
    packed = np.zeros(slots if narrow else 0, dtype=np.uint64)
    sums = np.zeros((0 if narrow else slots, 3), dtype=np.int64)
    slot, opponent, result = (np.ascontiguousarray(a, dtype=np.int64)
                              for a in (slot, opponent, result))
    total = _rows(slot, opponent, result, np.ascontiguousarray(lookup, dtype=np.int16),
                  big_rule, CAP_CODES[rule], int(Result.LOSS), _PD_HIGH, score, rated,
                  difference, counts, packed, sums, first)
    if narrow:
        games, w, we = (((packed >> np.uint64(shift)) & np.uint64(mask)).astype(np.int64)
                        for shift, mask in ((0, 0xFFFF), (W_SHIFT, 0xFFFFFF),
                                            (WE_SHIFT, 0xFFFFFF)))
        if int(games.sum()) != total:  # a slot's count carried out of its 16 bits
            raise EventModelError("a player with more games in one event than a rating "
                                  "report holds (32767)")
    else:
        games, w, we = (np.ascontiguousarray(sums[:, j]) for j in range(3))
    found = FirstRatingGames(counts, *(np.ascontiguousarray(first[:, j]) for j in range(3)))
    return score, rated, difference, games, w, we, found
