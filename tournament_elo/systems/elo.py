"""Logistic (Elo) rating systems updated game by game, computed in batches.

Per-game updating is sequential in principle, but games that share no player can
be rated at the same time.  The games, in time order (rounds in order), are cut
into *chunks*: runs of consecutive rounds in which no player (other than a fixed
AI opponent) appears twice.  Every game of a chunk could be rated from the ratings
before the chunk — exactly what game-by-game updating gives, since nobody in the
chunk has played since.

Chunks are short when a few players play very often (an online platform: one game a
round, the busiest players in every few dozen games), so the games are rated in
*waves* instead, found chunk by chunk: a game's wave is one more than the latest wave
among its players' games in earlier rounds (1 if none).  A game depends only on games
of earlier waves, and no moving player has two games in one wave, so each wave is
rated at once from the current ratings, in a handful of numpy operations.  There are
at least as many waves as the busiest player has games (in practice barely more),
often far fewer than chunks.

A round in which a player has two games is rated as the rules say for rounds: both
games from the ratings before the round, the changes added, then rounded once.  Such
a round is kept in one wave.  Per-event timing is one wave for the whole event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..model import NO_COLOR, WHITE, Event, Result
from .definition import EloSystem, Rounding, Timing

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

#: Rounds looked at in the first step of growing a chunk (the window then doubles).
SCAN_WINDOW = 64
#: Tolerance for a value that lands on a rounding edge within binary noise
#: (1621.64 stays 1621 when truncated; 1602.8999999 is 1602.9 to one decimal).
EDGE = 1e-7


@dataclass(frozen=True)
class Games:
    """The games to rate, one entry per game, in time order.

    ``score`` is the first (white) player's score in hundredths; ``both_lost`` marks
    games both players were declared to have lost (each scores 0).
    """

    round: Ints
    white: Ints
    black: Ints
    score: Ints
    both_lost: Bools
    bonus_white: Floats
    bonus_black: Floats
    multiplier: Floats


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


@dataclass(frozen=True)
class _Links:
    """How the games hang together through their moving players (a fixed player's
    rating never moves: it links nothing).  Per side: shape (games, 2), white, black."""

    round_start: Ints  # the first game of every round
    earlier: Ints  # per side: the player's last game in an earlier round, or -1
    repeat: Bools  # per game: a player of it already played in the same round
    again: Bools  # per game: a player of it already played in an earlier game
    games_before: Ints | None  # per side: the player's games in earlier rounds


def _links(games: Games, fixed: Bools, count_games: bool) -> _Links:
    """The links, from one sort of the sides (side = 2 × game + 0 white, 1 black) by
    player, then game; the player's games before are counted if ``count_games``."""
    count = len(games.round)
    new_round = np.ones(count, dtype=bool)
    np.not_equal(games.round[1:], games.round[:-1], out=new_round[1:])
    round_start = np.flatnonzero(new_round)
    round_of = np.cumsum(new_round) - 1  # per game, its round's place
    span = 2 * count
    bits = span.bit_length()  # a side fits in ``bits`` bits, below the player
    player = np.stack([games.white, games.black], axis=1).ravel().astype(np.int64)
    keys = np.sort((player << bits) | np.arange(span))
    side = keys & ((1 << bits) - 1)
    game = side >> 1
    # In that order: the same moving player as the side before, in the same round.
    same_player = np.zeros(span, dtype=bool)
    np.equal(keys[1:] >> bits, keys[:-1] >> bits, out=same_player[1:])
    same_player &= ~fixed[keys >> bits]
    in_round = round_of[game]
    same_round = same_player.copy()
    same_round[1:] &= in_round[1:] == in_round[:-1]
    earlier = np.full(span, -1, dtype=np.int64)
    linked = same_player & ~same_round
    earlier[side[linked]] = game[:-1][linked[1:]]
    repeat = np.zeros(count, dtype=bool)
    repeat[game[same_round]] = True
    again = np.zeros(count, dtype=bool)
    again[game[same_player]] = True
    games_before = None
    if count_games:  # the place of the player's first side in the round, from their first
        position = np.arange(span)
        run_first = np.maximum.accumulate(np.where(same_round, 0, position))
        player_first = np.maximum.accumulate(np.where(same_player, 0, position))
        counted = np.empty(span, dtype=np.int64)
        counted[side] = run_first - player_first
        games_before = counted.reshape(count, 2)
    return _Links(round_start, earlier.reshape(count, 2), repeat, again, games_before)


def _chunk_starts(links: _Links) -> Ints:
    """The first game of every chunk: the next chunk starts at the first round that
    waits for a game of this one."""
    latest = links.earlier.max(axis=1)  # per game, the latest game it waits for
    round_needs = np.maximum.reduceat(latest, links.round_start)  # per round
    round_start = links.round_start
    rounds = len(round_start)
    starts = [0]
    current = 0  # the chunk's first round, as a place in round_start
    window = SCAN_WINDOW
    while True:
        first_game = round_start[current]
        looked = current + 1
        while looked < rounds:  # look further, twice as far each time
            waits = round_needs[looked:looked + window] >= first_game
            hit = int(waits.argmax())
            if waits[hit]:
                break
            looked += window
            window *= 2
        if looked >= rounds:
            return np.array(starts, dtype=np.int64)
        following = looked + hit
        window = max(SCAN_WINDOW, 2 * (following - current))  # about the last chunk's
        current = following
        starts.append(int(round_start[current]))


def chunk_starts(games: Games, fixed: Bools, per_event: bool) -> tuple[Ints, Bools]:
    """First game of every chunk, and per game whether a player already played in the
    same round (per event: in the event) — see the module's docstring."""
    if len(games.round) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    links = _links(games, fixed, count_games=False)
    if per_event:  # one chunk: any earlier game of a player in it is a repeat
        return np.zeros(1, dtype=np.int64), links.again
    return _chunk_starts(links), links.repeat


def _waves(links: _Links) -> Ints:
    """Per game, its wave (from 1), found chunk by chunk: every game of a chunk waits
    only for games of earlier chunks (see the module's docstring)."""
    count = len(links.repeat)
    starts = _chunk_starts(links)
    wave = np.zeros(count + 1, dtype=np.int64)  # wave[-1] = 0 stands for "no game"
    earlier_white = np.ascontiguousarray(links.earlier[:, 0])
    earlier_black = np.ascontiguousarray(links.earlier[:, 1])
    chunk_repeats = np.logical_or.reduceat(links.repeat, starts)
    ends = np.r_[starts[1:], count]
    for start, end, repeats in zip(starts.tolist(), ends.tolist(), chunk_repeats.tolist(),
                                   strict=True):
        part = wave[start:end]
        np.maximum(wave[earlier_white[start:end]], wave[earlier_black[start:end]], out=part)
        part += 1
        if repeats:  # a player twice in a round: each of the chunk's rounds in one wave
            first, last = np.searchsorted(links.round_start, [start, end])
            offsets = links.round_start[first:last] - start
            part[:] = np.repeat(np.maximum.reduceat(part, offsets),
                                np.diff(np.r_[offsets, end - start]))
    return wave[:count]


def waves(games: Games, fixed: Bools, per_event: bool) -> Ints:
    """Per game, the wave (from 1) it is rated in — see the module's docstring."""
    if len(games.round) == 0:
        return np.zeros(0, dtype=np.int64)
    if per_event:
        return np.ones(len(games.round), dtype=np.int64)
    return _waves(_links(games, fixed, count_games=False))


@dataclass(frozen=True)
class _Schedule:
    """The order the games are rated in: by wave, then in time order.  The game at
    place i has its white side at 2·i and its black side at 2·i + 1."""

    order: Ints  # per place, the game
    bounds: Ints  # wave w's sides (w from 0) are bounds[w]:bounds[w + 1]
    repeats: list[bool]  # per wave: a player has several games in it (in one round)
    games_before: Ints | None  # per side: the player's games in earlier rounds


def _schedule(system: EloSystem, games: Games, fixed: Bools) -> _Schedule:
    """The schedule, and (K by games, per game) the players' games before each."""
    count = len(games.round)
    per_event = system.timing is Timing.PER_EVENT
    links = _links(games, fixed, count_games=system.k_by != "rating" and not per_event)
    if per_event:  # one wave, every game from the ratings before the event
        wave = np.ones(count, dtype=np.int64)
        repeats = [bool(links.again.any())]
    else:
        wave = _waves(links)
        repeats = (np.bincount(wave, weights=links.repeat)[1:] > 0).tolist()
    bits = count.bit_length()
    keys = np.sort((wave << bits) | np.arange(count))
    order = keys & ((1 << bits) - 1)
    bounds = 2 * np.r_[0, np.cumsum(np.bincount(keys >> bits)[1:])]
    games_before = None
    if links.games_before is not None:
        games_before = np.take(links.games_before, order, axis=0).ravel()
    return _Schedule(order, bounds, repeats, games_before)


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
) -> Outcome:
    """Rate ``games`` in order from the players' ``rating`` and game counts ``played``;
    a player's ``explicit_k`` (above 0) wins over the system's K."""
    rating = rating.astype(np.float64).copy()
    played = played.astype(np.int64).copy()
    count = len(games.round)
    if count == 0:
        return Outcome(**{name: np.zeros(0) for name in PER_GAME}, final=rating,
                       games_played=played)
    plan = _schedule(system, games, fixed)
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


@dataclass(frozen=True)
class EventGames:
    """An event's rated games under a per-game system, tied back to its pairing rows."""

    games: Games
    white_row: Ints  # the pairing row of each game's first player
    black_row: Ints
    pool: str
    ignored_pools: tuple[str, ...]


def event_games(system: EloSystem, event: Event, settings: dict[str, str]) -> EventGames:
    """The games of ``event`` this system rates, in order, with R and L per game."""
    p = event.pairings
    pool, in_pool, ignored = _choose_pool(system, event, settings)
    counted = np.isin(p.result, [Result.WIN, Result.DRAW, Result.LOSS]) | (
        system.both_lost_rated & (p.result == Result.BOTH_LOST))
    first = (p.color == WHITE) | ((p.color == NO_COLOR) & (p.player < p.opponent))
    rows = np.flatnonzero(counted & first & (p.opponent >= 0) & in_pool)
    rows = rows[np.argsort(p.round[rows], kind="stable")]
    # The opponent's row of each game: look (round, player) up among all rows' keys.
    n = len(event.players)
    keys = p.round * n + p.player
    order = np.argsort(keys, kind="stable")
    black_rows = order[np.searchsorted(keys[order], p.round[rows] * n + p.opponent[rows])]
    result = p.result[rows]
    if pool in system.pools_without_draws and (result == Result.DRAW).any():
        row = int(rows[np.argmax(result == Result.DRAW)])
        raise InputError(
            f"a draw in round {p.round[row]} between players {event.players[p.player[row]].id} "
            f"and {event.players[p.opponent[row]].id}, but {pool} has no draws",
            Place(event.source), found="a draw", expected=f"a win or a loss ({pool} uses komi)")
    score = np.select([result == Result.WIN, result == Result.DRAW], [100, 50], 0)
    method = p.column("method")[rows]
    bonus_white, bonus_black = np.zeros(len(rows)), np.zeros(len(rows))
    for bonus in system.bonuses:
        winner_is_white = bonus.side == "white"
        won = (method == bonus.method) & (score == (100 if winner_is_white else 0)) & (
            result != Result.BOTH_LOST)
        bonus_white += np.where(won, bonus.winner if winner_is_white else bonus.loser, 0.0)
        bonus_black += np.where(won, bonus.loser if winner_is_white else bonus.winner, 0.0)
    games = Games(
        round=p.round[rows], white=p.player[rows], black=p.opponent[rows], score=score,
        both_lost=result == Result.BOTH_LOST, bonus_white=bonus_white, bonus_black=bonus_black,
        multiplier=_multipliers(system, event, settings, rows),
    )
    return EventGames(games, rows, black_rows, pool, ignored)


def _choose_pool(
    system: EloSystem, event: Event, settings: dict[str, str]
) -> tuple[str, Bools, tuple[str, ...]]:
    """The pool rated, the rows in it, and the other pools the event's games name."""
    chosen = settings.get("pool")
    if chosen is not None and chosen not in system.pools:
        raise InputError(f"{system.name} has no pool {chosen!r}", Place("--set pool"),
                         found=repr(chosen), expected=" or ".join(system.pools))
    named = sorted(set(event.pools))
    unknown = [name for name in named if name not in system.pools]
    if unknown:
        raise InputError(f"{system.name} has no pool {unknown[0]!r}", Place(event.source),
                         found=repr(unknown[0]), expected=" or ".join(system.pools))
    if event.pairings.pool is None or not named:
        return chosen or system.pools[0], np.ones(len(event.pairings), dtype=bool), ()
    if chosen is None:
        if len(named) > 1:
            raise InputError(
                "the games belong to several pools", Place(event.source),
                found=", ".join(named), expected="one pool chosen with --set pool=NAME")
        chosen = named[0]
    code = event.pools.index(chosen) if chosen in event.pools else -1
    ignored = tuple(name for name in named if name != chosen)
    return chosen, event.pairings.pool == code, ignored


def _multipliers(
    system: EloSystem, event: Event, settings: dict[str, str], rows: Ints
) -> Floats:
    """L per game: from the event's level, or from each game's time control."""
    rule = system.multiplier
    if rule is None:
        return np.ones(len(rows))
    level = settings.get(rule.setting, rule.default)
    if level == rule.by_time_control:
        minutes = event.pairings.column("minutes")[rows]
        if (minutes <= 0).any():
            row = int(rows[np.argmax(minutes <= 0)])
            raise InputError(
                f"{rule.setting}={level} takes L from each game's thinking time, but the game "
                f"of round {event.pairings.round[row]} has none", Place(event.source),
                found="no time_control", expected="minutes per side in a time_control column")
        return np.where(minutes >= rule.minutes_threshold, rule.from_threshold, rule.below)
    if level not in rule.values:
        choices = [*rule.values, *([rule.by_time_control] if rule.by_time_control else [])]
        raise InputError(f"unknown {rule.setting}", Place(f"--set {rule.setting}"),
                         found=repr(level), expected=" or ".join(choices))
    return np.full(len(rows), rule.values[level])
