"""The per-game update rated game after game in one compiled loop (numba), for long logs.

The numpy path (:mod:`.update` with :mod:`.schedule`) finds waves of games that can be
rated together; on a log of a million games half its time goes to finding them.  This
loop needs no schedule: it walks the games in time order, a round at a time (per-event
timing: the event as one round), every game of a round from the ratings before it, and
then adds each moving player's changes of the round and rounds once — the rules' own
order, the same figures as the numpy path (``tests/systems/test_per_game_engine.py`` checks
both against a plain reference loop).

The loop is compiled once and cached on disk (``cache=True``); a small event takes the
numpy path (:data:`~.update.COMPILED_FROM`), so rating one event never waits for a
compile.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from .definition import EloSystem, Rounding, Timing
from .games import Games

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

#: The rounding modes as the compiled loop knows them.
ROUNDING_CODES = {Rounding.NONE: 0, Rounding.TRUNCATE: 1, Rounding.HALF_UP: 2,
                  Rounding.HALF_AWAY_FROM_ZERO: 3}


@numba.njit(cache=True)
def _round(value: float, mode: int, scale: float, edge: float) -> float:
    if mode == 0:
        return value
    scaled = value * scale
    if mode == 1:
        return float(np.floor(scaled + edge)) / scale
    if mode == 2:
        return float(np.floor(scaled + 0.5 + edge)) / scale
    magnitude = float(np.floor(abs(scaled) + 0.5 + edge))
    return (magnitude if scaled >= 0 else -magnitude) / scale


@numba.njit(cache=True)
def _rate(round_: Any, white: Any, black: Any, score: Any, both_lost: Any, bonus_white: Any,
          bonus_black: Any, multiplier: Any, rating: Any, played: Any, fixed: Any,
          explicit_k: Any, tops: Any, values: Any, k_by_rating: bool, per_event: bool,
          cap: float, divisor: float, low: float, high: float, mode: int, scale: float,
          edge: float, out: Any) -> None:
    """Rate the games in order, updating ``rating`` and ``played``; ``out`` (10, games)
    gets per game: before, expected, K, change and after, white then black."""
    count = len(round_)
    total = np.zeros(len(rating))
    games = np.zeros(len(rating), dtype=np.int64)
    first = 0
    while first < count:
        last = count if per_event else first + 1
        while last < count and round_[last] == round_[first]:
            last += 1
        for g in range(first, last):
            score_white = score[g] / 100.0
            for side in range(2):
                me, opponent = (white[g], black[g]) if side == 0 else (black[g], white[g])
                own = rating[me]
                difference = rating[opponent] - own
                difference = min(max(difference, -cap), cap)
                expected = 1.0 / (1.0 + 10.0 ** (difference / divisor))
                expected = min(max(expected, low), high)
                basis = own if k_by_rating else float(played[me])
                band = 0
                while band < len(tops) - 1 and basis >= tops[band]:
                    band += 1
                k = explicit_k[me] if explicit_k[me] > 0 else values[band]
                points = score_white if side == 0 else (
                    0.0 if both_lost[g] else 1.0 - score_white)
                bonus = bonus_white[g] if side == 0 else bonus_black[g]
                change = bonus + multiplier[g] * k * (points - expected)
                out[0 + side, g] = own
                out[2 + side, g] = expected
                out[4 + side, g] = k
                out[6 + side, g] = change
                if not fixed[me]:
                    total[me] += change
                    games[me] += 1
        for g in range(first, last):
            for me in (white[g], black[g]):
                if games[me] > 0:  # the player's round, added up once
                    rating[me] = _round(rating[me] + total[me], mode, scale, edge)
                    played[me] += games[me]
                    total[me] = 0.0
                    games[me] = 0
        for g in range(first, last):
            out[8, g] = rating[white[g]]
            out[9, g] = rating[black[g]]
        first = last


def rate_in_order(system: EloSystem, games: Games, rating: Floats, played: Ints,
                  fixed: npt.NDArray[np.bool_], explicit_k: Floats | None,
                  tops: Floats, values: Floats, edge: float) -> tuple[Floats, Floats, Ints]:
    """The per-game figures (10 rows: before, expected, K, change, after; white, black),
    the final ratings and game counts — ``rating`` and ``played`` are not changed."""
    rating = rating.astype(np.float64)  # copies: the loop writes into them
    played = played.astype(np.int64)
    own_k = np.zeros(len(rating)) if explicit_k is None else explicit_k.astype(np.float64)
    cap = np.inf if system.difference_cap is None else system.difference_cap
    out = np.empty((10, len(games.round)))
    # One kind of array each (contiguous, of one dtype): one compiled version, cached.
    round_, white, black, score, both_lost, bonus_white, bonus_black, multiplier = (
        np.ascontiguousarray(getattr(games, name), dtype=dtype) for name, dtype in (
        ("round", np.int64), ("white", np.int64), ("black", np.int64), ("score", np.int64),
        ("both_lost", np.bool_), ("bonus_white", np.float64), ("bonus_black", np.float64),
        ("multiplier", np.float64)))
    _rate(round_, white, black, score, both_lost, bonus_white, bonus_black, multiplier,
          rating, played, np.ascontiguousarray(fixed, dtype=np.bool_),
          np.ascontiguousarray(own_k), np.ascontiguousarray(tops, dtype=np.float64),
          np.ascontiguousarray(values, dtype=np.float64), system.k_by == "rating",
          system.timing is Timing.PER_EVENT, cap, system.divisor, system.expected_min,
          system.expected_max, ROUNDING_CODES[system.rounding], 10.0**system.decimals,
          edge, out)
    return out, rating, played
