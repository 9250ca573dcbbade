"""The per-game update rated game after game in one compiled loop (numba), for long logs.

The numpy path (:mod:`.update` with :mod:`.schedule`) finds waves of games that can be
rated together; on a log of a million games half its time goes to finding them.  This
loop needs no schedule: it walks the games in time order, a round at a time (per-event
timing: the event as one round), every game of a round from the ratings before it, and
then adds each moving player's changes of the round and rounds once — the rules' own
order (a round of one game, as on an online platform, at once: nobody in it waits for
another game's rating), the same figures as the numpy path
(``tests/systems/test_per_game_engine.py`` checks both against a plain reference loop).

It moves what a plain loop over the games would: it reads the bonus, multiplier and
own-K columns only when some game has one, and writes each game's ten figures side by
side (one row of ``out``), not in ten columns far apart.

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


@numba.njit(cache=True, inline="always")
def _side(own: float, opponent: float, points: float, basis: float, own_k: float, tops: Any,
          values: Any, bonus: float, multiplier: float, cap: float, divisor: float,
          low: float, high: float) -> tuple[float, float, float]:
    """One side of a game: E, K and the change R + L × K × (S − E)."""
    difference = min(max(opponent - own, -cap), cap)
    expected = min(max(1.0 / (1.0 + 10.0 ** (difference / divisor)), low), high)
    band = 0
    while basis >= tops[band]:  # the last top is infinite
        band += 1
    k = own_k if own_k > 0 else values[band]
    return expected, k, bonus + multiplier * k * (points - expected)


@numba.njit(cache=True)
def _rate(round_: Any, white: Any, black: Any, score: Any, both_lost: Any, bonus_white: Any,
          bonus_black: Any, multiplier: Any, rating: Any, played: Any, fixed: Any,
          explicit_k: Any, tops: Any, values: Any, k_by_rating: bool, per_event: bool,
          cap: float, divisor: float, low: float, high: float, mode: int, scale: float,
          edge: float, out: Any) -> None:
    """Rate the games in order, updating ``rating`` and ``played``; ``out`` (games, 10)
    gets per game: before, expected, K, change and after, white then black.  Empty
    ``both_lost``, ``bonus_*``, ``multiplier`` or ``explicit_k``: none in these games."""
    count = len(round_)
    extras, own_k = len(multiplier) > 0, len(explicit_k) > 0
    total = np.zeros(len(rating))
    games = np.zeros(len(rating), dtype=np.int64)
    first = 0
    while first < count:
        last = count if per_event else first + 1
        while last < count and round_[last] == round_[first]:
            last += 1
        # A round of one game between two players (an online log's every game) is rated
        # at once; in a longer one a player may play twice: his changes are added first.
        alone = last == first + 1 and white[first] != black[first]
        for g in range(first, last):
            w, b = white[g], black[g]
            own_w, own_b = rating[w], rating[b]
            points_w = score[g] / 100.0
            points_b, bonus_w, bonus_b, weight = 1.0 - points_w, 0.0, 0.0, 1.0
            if extras:
                bonus_w, bonus_b, weight = bonus_white[g], bonus_black[g], multiplier[g]
                if both_lost[g]:
                    points_b = 0.0
            e_w, k_w, change_w = _side(
                own_w, own_b, points_w, own_w if k_by_rating else float(played[w]),
                explicit_k[w] if own_k else 0.0, tops, values, bonus_w, weight, cap, divisor,
                low, high)
            e_b, k_b, change_b = _side(
                own_b, own_w, points_b, own_b if k_by_rating else float(played[b]),
                explicit_k[b] if own_k else 0.0, tops, values, bonus_b, weight, cap, divisor,
                low, high)
            out[g, 0], out[g, 1], out[g, 2], out[g, 3] = own_w, own_b, e_w, e_b
            out[g, 4], out[g, 5], out[g, 6], out[g, 7] = k_w, k_b, change_w, change_b
            for me, change in ((w, change_w), (b, change_b)):
                if fixed[me]:
                    continue
                if alone:
                    rating[me] = _round(rating[me] + change, mode, scale, edge)
                    played[me] += 1
                else:
                    total[me] += change
                    games[me] += 1
        if not alone:
            for g in range(first, last):
                for me in (white[g], black[g]):
                    if games[me] > 0:  # the player's round, added up once
                        rating[me] = _round(rating[me] + total[me], mode, scale, edge)
                        played[me] += games[me]
                        total[me] = 0.0
                        games[me] = 0
        for g in range(first, last):
            out[g, 8], out[g, 9] = rating[white[g]], rating[black[g]]
        first = last


def rate_in_order(system: EloSystem, games: Games, rating: Floats, played: Ints,
                  fixed: npt.NDArray[np.bool_], explicit_k: Floats | None,
                  tops: Floats, values: Floats, edge: float) -> tuple[Floats, Floats, Ints]:
    """The per-game figures (games × 10: before, expected, K, change, after; white,
    black), the final ratings and game counts — ``rating`` and ``played`` are not
    changed."""
    rating = rating.astype(np.float64)  # copies: the loop writes into them
    played = played.astype(np.int64)
    none = np.zeros(0)
    own_k = none if explicit_k is None or not (explicit_k > 0).any() else explicit_k
    cap = np.inf if system.difference_cap is None else system.difference_cap
    out = np.empty((len(games.round), 10))
    # One kind of array each (contiguous, of one dtype): one compiled version, cached.
    round_, white, black, score = (np.ascontiguousarray(getattr(games, name), dtype=np.int64)
                                   for name in ("round", "white", "black", "score"))
    extras = (games.both_lost.any() or games.bonus_white.any() or games.bonus_black.any()
              or (games.multiplier != 1.0).any())
    both_lost, bonus_white, bonus_black, multiplier = (
        (np.ascontiguousarray(games.both_lost, dtype=np.bool_), *(
            np.ascontiguousarray(getattr(games, name), dtype=np.float64)
            for name in ("bonus_white", "bonus_black", "multiplier")))
        if extras else (np.zeros(0, dtype=np.bool_), none, none, none))
    _rate(round_, white, black, score, both_lost, bonus_white, bonus_black, multiplier,
          rating, played, np.ascontiguousarray(fixed, dtype=np.bool_),
          np.ascontiguousarray(own_k, dtype=np.float64),
          np.ascontiguousarray(tops, dtype=np.float64),
          np.ascontiguousarray(values, dtype=np.float64), system.k_by == "rating",
          system.timing is Timing.PER_EVENT, cap, system.divisor, system.expected_min,
          system.expected_max, ROUNDING_CODES[system.rounding], 10.0**system.decimals,
          edge, out)
    return out, rating, played
