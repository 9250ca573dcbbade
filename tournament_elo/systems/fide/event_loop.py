"""The rows of :func:`.event.compute` in one compiled loop (numba), for a big event or
period: each row's played game, rating check and capped difference, the per-slot sums,
and the games toward a first rating (:func:`.event.first_rating_games`), in one pass
over the rows instead of a dozen numpy passes with their temporaries.

It is the same computation row by row — :mod:`.rated_games` (which games count, the
400-point rule) and :mod:`.tables` (8.1(b)) stay the rules' one statement, read here
as their constants and the table itself; ``tests/systems/test_fide_compiled.py`` checks both
paths agree.  The 2022 once-per-event rule looks at all of a player's games of an
event together: those editions keep the numpy path.  The loop is compiled once and
cached on disk; an event below :data:`~.event.COMPILED_FROM` rows takes the numpy
path, so it never waits for a compile.

The loop is bound by memory and look-ups, not arithmetic, so it moves as few bytes as
it can: per row it writes two columns (the difference looked up, or
:data:`~.event.NOT_RATED`, in two bytes; whether the row counts toward a first rating,
in one), not the points, the opponent's rating or the expected score, which follow
from the result, the slot's rating and the difference; it looks ratings up in a
two-byte table (ratings are checked to fit two bytes before) whose entry 0 is slot −1
(no opponent), so that an absent opponent costs no test; and it adds a slot's three sums
as one eight-byte word (games in its low 16 bits, W in the next 24, We in the top 24:
one addition, and a table of 8 bytes a slot, which stays in the processor's cache),
while W cannot overflow 24 bits; a game count beyond 16 bits, which no rating report
holds, is found after the loop and refused.  An unrated player's rows (a few) add to a
table of their own, in eight bytes: a sum of opponents' ratings outgrows four.  The
tables are read at random, row after row, while the rows stream through the cache and
push them out of its first level: the loop asks for the entries of the row
:data:`AHEAD` rows on (:func:`_prefetch`), so that they are at hand when it gets there
rather than waited for.  The edition's rules are constants of the loop: each of its
four versions is compiled on its own, with no test of a rule on each row.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from ...errors import EventModelError
from ...model import Result
from .edition import DifferenceRule
from .event import NOT_RATED, FirstRatingGames
from .rated_games import CAP_BELOW, DIFFERENCE_CAP
from .speeds import BIG_DIFFERENCE, BIG_DIFFERENCE_ABOVE
from .tables import PD_CERTAIN, PD_HIGH

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Differences = npt.NDArray[np.int16]
#: The table 8.1(b) the loop reads, in the width it adds (one entry is at most 100).
_PD_HIGH = PD_HIGH.astype(np.int32)
#: Below this many rows a slot's sums are packed in one word (W, at most 100 a row,
#: within its 24 bits while the games stay within 16; more rows: three words).
NARROW_SUMS_BELOW = np.iinfo(np.int32).max // 100
#: Where the packed word holds W and We.
W_SHIFT, WE_SHIFT = 16, 40
#: The cap of a player from 2650 where the 2025 rule leaves him uncapped: above any
#: difference of two-byte ratings.
_UNCAPPED = 1 << 16
_LOSS = int(Result.LOSS)
#: How many rows on the loop asks for a row's table entries: far enough for them to come
#: from the second-level cache in time, near enough to be still there when needed.
AHEAD = 8


#: numba's own address of an array's item (its helpers carry no type hints).
_item_pointer: Any = cgutils.get_item_pointer


def _prefetch(typing_context: Any, array: Any, index: Any) -> tuple[Any, Any]:
    """Ask the processor to bring ``array[index]`` into its cache, and go on: a hint
    (LLVM's ``llvm.prefetch``), which changes nothing the loop computes."""
    del typing_context

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind = signature.args[0]
        view = context.make_array(kind)(context, builder, args[0])
        address = _item_pointer(context, builder, kind, view, [args[1]], wraparound=False)
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        hint = builder.module.declare_intrinsic(
            "llvm.prefetch", [byte], ir.FunctionType(ir.VoidType(), [byte, word, word, word]))
        # For writing (1: the sums' table is written), kept in every cache level (3),
        # data rather than instructions (1).
        builder.call(hint, [builder.bitcast(address, byte), ir.Constant(word, 1),
                            ir.Constant(word, 3), ir.Constant(word, 1)])
        return context.get_dummy_value()

    return types.void(array, index), codegen


#: :func:`_prefetch` as numba calls it in compiled code (numba types it, not mypy).
prefetch: Any = intrinsic(_prefetch)


@numba.njit(cache=True, inline="always")
def _loop(slot: Any, opponent: Any, result: Any, lookup: Any, big_rule: bool,
          cap_from_2650: int, pd_high: Any, looked_up: Any, counts: Any, packed: Any,
          sums: Any, first: Any) -> int:
    """The loop of :func:`_rows`, for one edition's rules (``big_rule``: the rapid and
    blitz 600-point rule; ``cap_from_2650``: the cap of a player rated 2650 or more)."""
    narrow, total = len(packed) > 0, 0
    ahead = len(slot) - AHEAD
    for i in range(len(slot)):
        if i < ahead:
            later = np.uint64(slot[i + AHEAD])
            prefetch(lookup, later + np.uint64(1))
            prefetch(lookup, np.uint64(opponent[i + AHEAD] + 1))
            if narrow:
                prefetch(packed, later)
        # Unsigned indexes: numba adds no negative-index wraparound to each look-up; and
        # ``&`` rather than ``and``: fewer branches for the processor to guess.
        who, code = np.uint64(slot[i]), result[i]
        own = np.int64(lookup[who + np.uint64(1)])
        opp = np.int64(lookup[np.uint64(opponent[i] + 1)])
        # Without an opponent the game is not played: he reads rating 0, so the row is
        # neither rated nor counted toward a first rating.
        is_played = code <= _LOSS
        ok = is_played & (own > 0) & (opp > 0)
        diff = abs(opp - own)
        if big_rule:
            ok &= (diff < BIG_DIFFERENCE) | (
                (own <= BIG_DIFFERENCE_ABOVE) & (opp <= BIG_DIFFERENCE_ABOVE))
        capped = min(diff, cap_from_2650 if own >= CAP_BELOW else DIFFERENCE_CAP)
        new = is_played & (own == 0) & (opp > 0)
        looked_up[i], counts[i] = capped if ok else NOT_RATED, new
        if new:
            points = (2 - code) * 50
            first[0, who] += 1
            first[1, who] += points
            first[2, who] += opp
        elif ok:
            points = (2 - code) * 50
            high = pd_high[min(capped, PD_CERTAIN)]
            expected = high if own >= opp else 100 - high
            total += 1
            if narrow:
                packed[who] += (np.uint64(1) | (np.uint64(points) << np.uint64(W_SHIFT))
                                | (np.uint64(expected) << np.uint64(WE_SHIFT)))
            else:
                sums[0, who] += 1
                sums[1, who] += points
                sums[2, who] += expected
    return total


@numba.njit(cache=True, inline="always")
def _rows(slot: Any, opponent: Any, result: Any, lookup: Any, big_rule: bool,
          cap_from_2650: int, pd_high: Any, looked_up: Any, counts: Any, packed: Any,
          sums: Any, first: Any) -> int:
    """``sums[:, s]``: slot s's rated games, W and We (hundredths), added up in
    ``packed[s]`` if it is not empty; ``first[:, s]``: his games, points and opponents'
    ratings toward a first rating.  Returns the rated rows."""
    total = _loop(slot, opponent, result, lookup, big_rule, cap_from_2650, pd_high,
                  looked_up, counts, packed, sums, first)
    for s in range(len(packed)):
        word = packed[s]
        sums[0, s] = np.int64(word & np.uint64(0xFFFF))
        sums[1, s] = np.int64((word >> np.uint64(W_SHIFT)) & np.uint64(0xFFFFFF))
        sums[2, s] = np.int64(word >> np.uint64(WE_SHIFT))
    return total


# :func:`_rows` with each edition's rules as constants, one compiled function each
# (``_loop`` is inlined: it takes the constants in): one function that holds all four
# versions compiles each of them to a slower loop.


@numba.njit(cache=True)
def _capped(slot: Any, opponent: Any, result: Any, lookup: Any, pd_high: Any,
            looked_up: Any, counts: Any, packed: Any, sums: Any, first: Any) -> int:
    """Every difference capped at 400; no big-difference rule (standard games)."""
    return _rows(slot, opponent, result, lookup, False, DIFFERENCE_CAP, pd_high, looked_up,
                 counts, packed, sums, first)


@numba.njit(cache=True)
def _capped_big(slot: Any, opponent: Any, result: Any, lookup: Any, pd_high: Any,
                looked_up: Any, counts: Any, packed: Any, sums: Any, first: Any) -> int:
    """Every difference capped at 400; the rapid and blitz 600-point rule."""
    return _rows(slot, opponent, result, lookup, True, DIFFERENCE_CAP, pd_high, looked_up,
                 counts, packed, sums, first)


@numba.njit(cache=True)
def _uncapped_2650(slot: Any, opponent: Any, result: Any, lookup: Any, pd_high: Any,
                   looked_up: Any, counts: Any, packed: Any, sums: Any, first: Any) -> int:
    """A player from 2650 uncapped (2025); no big-difference rule."""
    return _rows(slot, opponent, result, lookup, False, _UNCAPPED, pd_high, looked_up,
                 counts, packed, sums, first)


@numba.njit(cache=True)
def _uncapped_2650_big(slot: Any, opponent: Any, result: Any, lookup: Any, pd_high: Any,
                       looked_up: Any, counts: Any, packed: Any, sums: Any, first: Any,
                       ) -> int:
    """A player from 2650 uncapped (2025); the rapid and blitz 600-point rule."""
    return _rows(slot, opponent, result, lookup, True, _UNCAPPED, pd_high, looked_up,
                 counts, packed, sums, first)


#: The compiled function for (the big-difference rule, every difference capped).
_VERSIONS = {(False, True): _capped, (True, True): _capped_big,
             (False, False): _uncapped_2650, (True, False): _uncapped_2650_big}


def compiled_rows(slot: Ints, opponent: Ints, result: Ints, lookup: npt.NDArray[np.int16],
                  slots: int, big_rule: bool, rule: DifferenceRule,
                  ) -> tuple[Differences, Ints, Ints, Ints, FirstRatingGames]:
    """Per row: the difference looked up (:data:`~.event.NOT_RATED`: not rated); per
    slot: rated games, W and We (hundredths) — as :func:`.event.compute`'s numpy loop
    makes them — and the games toward a first rating, as
    :func:`.event.first_rating_games` finds them from the same ratings.  ``lookup``:
    each slot's rating, then 0 (for slot −1, no opponent)."""
    count = len(slot)
    looked_up = np.empty(count, dtype=np.int16)
    counts = np.empty(count, dtype=np.bool_)
    first = np.zeros((3, slots), dtype=np.int64)
    narrow = count < NARROW_SUMS_BELOW
    packed = np.zeros(slots if narrow else 0, dtype=np.uint64)
    # Narrow: the loop unpacks the words into every slot's sums; wide: it adds to them.
    sums = np.empty((3, slots), dtype=np.int64) if narrow else np.zeros((3, slots), np.int64)
    slot, opponent, result = (np.ascontiguousarray(a, dtype=np.int64)
                              for a in (slot, opponent, result))
    table = np.roll(np.asarray(lookup, dtype=np.int16), 1)  # slot −1's 0 first
    version = _VERSIONS[big_rule, rule is DifferenceRule.CAP_400]
    total = version(slot, opponent, result, table, _PD_HIGH, looked_up, counts, packed, sums,
                    first)
    games, w, we = sums
    if narrow and int(games.sum()) != total:  # a slot's count carried out of its 16 bits
        raise EventModelError("a player with more games in one event than a rating report "
                              "holds (32767)")
    return looked_up, games, w, we, FirstRatingGames(counts, *first)
