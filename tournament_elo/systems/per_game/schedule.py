"""The order a per-game system rates a log of games in: chunks and waves.

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

import numpy as np
import numpy.typing as npt

from .definition import EloSystem, Timing
from .games import Games

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: Rounds looked at in the first step of growing a chunk (the window then doubles).
SCAN_WINDOW = 64


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
class Schedule:
    """The order the games are rated in: by wave, then in time order.  The game at
    place i has its white side at 2·i and its black side at 2·i + 1."""

    order: Ints  # per place, the game
    bounds: Ints  # wave w's sides (w from 0) are bounds[w]:bounds[w + 1]
    repeats: list[bool]  # per wave: a player has several games in it (in one round)
    games_before: Ints | None  # per side: the player's games in earlier rounds


def schedule(system: EloSystem, games: Games, fixed: Bools) -> Schedule:
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
    return Schedule(order, bounds, repeats, games_before)
