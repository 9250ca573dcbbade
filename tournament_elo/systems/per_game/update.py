"""The update loop of a per-game logistic system: R' = R + L × K × (S − E) (+ R's bonus),
game after game, computed wave by wave (:mod:`.schedule`) so that every game of a wave
is rated at once, from the ratings before it, in a handful of numpy operations — or,
for a long log, in one compiled loop (:mod:`.sequential`), which needs no waves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .definition import EloSystem, Rounding
from .games import Games
from .schedule import schedule

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

#: Logs of at least this many games are rated by the compiled loop; a smaller one (an
#: event) by numpy, which has no compiled code to load.
COMPILED_FROM = 20_000

#: Tolerance for a value that lands on a rounding edge within binary noise
#: (1621.64 stays 1621 when truncated; 1602.8999999 is 1602.9 to one decimal).
EDGE = 1e-7


@dataclass(frozen=True)
class Outcome:
    """What rating the games produced: per game (both sides) and per player."""

    rating_white: Floats  # before the game
    rating_black: Floats
    expected_white: Floats
    expected_black: Floats
    k_white: Floats
    k_black: Floats
    change_white: Floats  # R + L × K × (S − E), unrounded
    change_black: Floats
    after_white: Floats  # the rating after the game (after the round, for repeats)
    after_black: Floats
    final: Floats  # every player's rating after the last game
    games_played: Ints  # every player's game count after the last game


#: The per-game fields of :class:`Outcome`.
PER_GAME = ("rating_white", "rating_black", "expected_white", "expected_black", "k_white",
            "k_black", "change_white", "change_black", "after_white", "after_black")


def _k_bands(system: EloSystem) -> tuple[Floats, Floats]:
    """The tops of the K bands (the last one open) and their K."""
    tops = np.array([b.below if b.below is not None else np.inf for b in system.k_bands])
    return tops, np.array([float(b.value) for b in system.k_bands])


def k_factor(system: EloSystem, rating: Floats, games: Ints) -> Floats:
    """K from the player's rating or game count before the game, by the system's bands."""
    basis = rating if system.k_by == "rating" else games
    tops, values = _k_bands(system)
    return values[np.searchsorted(tops, basis, side="right")]


def expected_score(system: EloSystem, own: Floats, opponent: Floats) -> Floats:
    """E = 1 / (1 + 10^((opponent − own) / divisor)), capped as the system says."""
    return _expected_in_place(system, np.subtract(opponent, own, dtype=np.float64))


def _expected_in_place(system: EloSystem, difference: Floats) -> Floats:
    """:func:`expected_score` from ``opponent − own``, overwriting it."""
    if system.difference_cap is not None:
        np.clip(difference, -system.difference_cap, system.difference_cap, out=difference)
    difference /= system.divisor
    np.power(10.0, difference, out=difference)
    np.add(1.0, difference, out=difference)
    np.divide(1.0, difference, out=difference)
    if system.expected_min > 0.0 or system.expected_max < 1.0:  # else a no-op
        np.clip(difference, system.expected_min, system.expected_max, out=difference)
    return difference


def round_rating(system: EloSystem, value: Floats) -> Floats:
    """A rating kept as the system keeps it (whole, one decimal; truncated or rounded)."""
    return _round_in_place(system, np.array(value, dtype=np.float64))


def _round_in_place(system: EloSystem, value: Floats) -> Floats:
    """:func:`round_rating`, overwriting ``value``."""
    if system.rounding is Rounding.NONE:
        return value
    scale = 10.0**system.decimals
    if scale != 1.0:
        value *= scale
    if system.rounding is Rounding.TRUNCATE:
        value += EDGE
        np.floor(value, out=value)
    elif system.rounding is Rounding.HALF_UP:
        value += 0.5
        value += EDGE
        np.floor(value, out=value)
    else:  # half away from zero
        sign = np.sign(value)
        np.abs(value, out=value)
        value += 0.5
        value += EDGE
        np.floor(value, out=value)
        value *= sign
    if scale != 1.0:
        value /= scale
    return value


def _band_index(tops: Floats, basis: npt.NDArray[Any]) -> Ints:
    """``np.searchsorted(tops, basis, side="right")`` for many values and few bands."""
    index = np.zeros(basis.shape, dtype=np.int64)
    for top in tops[:-1]:  # the last band is open
        index += basis >= top
    return index


def run_games(
    system: EloSystem,
    games: Games,
    rating: Floats,
    played: Ints,
    fixed: Bools,
    explicit_k: Floats | None = None,
    compiled: bool | None = None,
) -> Outcome:
    """Rate ``games`` in order from the players' ``rating`` and game counts ``played``;
    a player's ``explicit_k`` (above 0) wins over the system's K.  ``compiled``: whether
    the compiled loop rates them (default: from :data:`COMPILED_FROM` games on)."""
    if compiled if compiled is not None else len(games.round) >= COMPILED_FROM:
        from .sequential import rate_in_order

        tops, values = _k_bands(system)
        out, final, counts = rate_in_order(system, games, rating, played, fixed, explicit_k,
                                           tops, values, EDGE)
        return Outcome(**dict(zip(PER_GAME, out.T, strict=True)), final=final,
                       games_played=counts)
    rating = rating.astype(np.float64).copy()
    played = played.astype(np.int64).copy()
    count = len(games.round)
    if count == 0:
        return Outcome(**{name: np.zeros(0) for name in PER_GAME}, final=rating,
                       games_played=played)
    plan = schedule(system, games, fixed)
    order = plan.order

    def by_side(per_game: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return np.take(per_game, order, axis=0).ravel()  # (games, 2) → sides, by place

    player = by_side(np.stack([games.white, games.black], axis=1))
    steady = fixed[player]
    any_steady = bool(steady.any())
    score_white = games.score / 100.0
    score = by_side(np.stack([score_white, np.where(games.both_lost, 0.0, 1.0 - score_white)],
                             axis=1))
    # K: by games it is known before any game is rated; by rating, wave by wave.
    tops, values = _k_bands(system)
    by_rating = system.k_by == "rating"
    if by_rating:
        k = np.empty(2 * count)
    else:
        basis = played[player] if plan.games_before is None else (
            played[player] + plan.games_before)
        k = values[_band_index(tops, basis)]
    own_k = np.zeros(0)
    if explicit_k is not None and (explicit_k > 0).any():
        own_k = explicit_k[player]
        if not by_rating:
            k = np.where(own_k > 0, own_k, k)
    has_own_k = own_k > 0
    multiplier = None
    if (games.multiplier != 1.0).any():
        multiplier = by_side(np.stack([games.multiplier, games.multiplier], axis=1))
    bonus = None
    if (games.bonus_white != 0.0).any() or (games.bonus_black != 0.0).any():
        bonus = by_side(np.stack([games.bonus_white, games.bonus_black], axis=1))
    before, expected, change, after = (np.empty(2 * count) for _ in range(4))
    for lo, hi, repeats in zip(plan.bounds[:-1].tolist(), plan.bounds[1:].tolist(),
                               plan.repeats, strict=True):
        part = slice(lo, hi)
        who = player[part]
        own = before[part]
        own[:] = rating[who]
        pair, opposite = own.reshape(-1, 2), expected[part].reshape(-1, 2)
        np.subtract(pair[:, 1], pair[:, 0], out=opposite[:, 0])  # opponent − own
        np.negative(opposite[:, 0], out=opposite[:, 1])  # exactly, for the black side
        e = _expected_in_place(system, expected[part])
        if by_rating:
            k[part] = values[np.searchsorted(tops, own, side="right")]
            if len(own_k):
                np.copyto(k[part], own_k[part], where=has_own_k[part])
        step = np.subtract(score[part], e, out=change[part])
        step *= k[part] if multiplier is None else multiplier[part] * k[part]
        if bonus is not None:
            np.add(bonus[part], step, out=step)
        new = np.add(own, step, out=after[part])
        if not repeats:  # the usual case: each player once in the wave
            _round_in_place(system, new)
            if any_steady:
                np.copyto(new, own, where=steady[part])  # an AI's rating never moves
            rating[who] = new
        else:  # a player twice in one round: add the changes, round once
            moving = ~steady[part]
            touched, slot = np.unique(who[moving], return_inverse=True)
            total = np.bincount(slot, weights=step[moving], minlength=len(touched))
            rating[touched] = round_rating(system, rating[touched] + total)
            new[:] = rating[who]
    place = np.empty(count, dtype=np.int64)  # per game in time order, its place
    place[order] = np.arange(count)
    per_game: dict[str, Floats] = {}
    for white, black, by_wave in (("rating_white", "rating_black", before),
                                  ("expected_white", "expected_black", expected),
                                  ("k_white", "k_black", k),
                                  ("change_white", "change_black", change),
                                  ("after_white", "after_black", after)):
        per_game[white] = by_wave[0::2][place]
        per_game[black] = by_wave[1::2][place]
    moved = player[~steady]
    return Outcome(**per_game, final=rating,
                   games_played=played + np.bincount(moved, minlength=len(played)))
