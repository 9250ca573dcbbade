"""Logistic (Elo) rating systems updated game by game, computed in batches.

Per-game updating is sequential in principle, but games that share no player can
be rated at the same time.  The games, in time order (rounds in order), are cut
into *chunks*: runs of consecutive rounds in which no player (other than a fixed
AI opponent) appears twice.  Every game of a chunk is rated from the ratings
before the chunk — exactly what game-by-game updating gives, since nobody in the
chunk has played since — and each chunk is a handful of numpy operations.

A round in which a player has two games is rated as the rules say for rounds: both
games from the ratings before the round, the changes added, then rounded once.
Per-event timing is one chunk for the whole event.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..model import NO_COLOR, WHITE, Event, Result
from .definition import EloSystem, Rounding, Timing

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

#: Rounds looked at per step when growing a chunk.
SCAN_WINDOW = 4096
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
    after_white: Floats  # the rating after the game (after the chunk, for repeats)
    after_black: Floats
    final: Floats  # every player's rating after the last game
    games_played: Ints  # every player's game count after the last game


def k_factor(system: EloSystem, rating: Floats, games: Ints) -> Floats:
    """K from the player's rating or game count before the game, by the system's bands."""
    basis = rating if system.k_by == "rating" else games
    tops = np.array([b.below if b.below is not None else np.inf for b in system.k_bands])
    values = np.array([float(b.value) for b in system.k_bands])
    return values[np.searchsorted(tops, basis, side="right")]


def expected_score(system: EloSystem, own: Floats, opponent: Floats) -> Floats:
    difference = opponent - own
    if system.difference_cap is not None:
        difference = np.clip(difference, -system.difference_cap, system.difference_cap)
    expected = 1.0 / (1.0 + np.power(10.0, difference / system.divisor))
    return np.clip(expected, system.expected_min, system.expected_max)


def round_rating(system: EloSystem, value: Floats) -> Floats:
    """A rating kept as the system keeps it (whole, one decimal; truncated or rounded)."""
    scale = 10.0**system.decimals
    scaled = value * scale
    if system.rounding is Rounding.TRUNCATE:
        kept = np.floor(scaled + EDGE)
    elif system.rounding is Rounding.HALF_UP:
        kept = np.floor(scaled + 0.5 + EDGE)
    elif system.rounding is Rounding.HALF_AWAY_FROM_ZERO:
        kept = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5 + EDGE)
    else:
        return value
    return kept / scale


def chunk_starts(games: Games, fixed: Bools, per_event: bool) -> tuple[Ints, Bools]:
    """First game of every chunk, and per game whether a player already played in the
    same round (see the module's docstring)."""
    count = len(games.round)
    if count == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    index = np.arange(count)
    new_round = np.r_[True, games.round[1:] != games.round[:-1]]
    round_start = np.flatnonzero(new_round)
    first_of_round = round_start[np.cumsum(new_round) - 1]
    # For both sides of every game: the previous game of that (moving) player.
    side_player = np.concatenate([games.white, games.black])
    side_game = np.concatenate([index, index])
    order = np.lexsort((side_game, side_player))
    sorted_player, sorted_game = side_player[order], side_game[order]
    previous_sorted = np.full(2 * count, -1, dtype=np.int64)
    same = sorted_player[1:] == sorted_player[:-1]
    previous_sorted[1:][same] = sorted_game[:-1][same]
    previous = np.empty(2 * count, dtype=np.int64)
    previous[order] = previous_sorted
    previous[fixed[side_player]] = -1  # an AI's rating never moves: it links nothing
    in_same_round = previous >= np.concatenate([first_of_round, first_of_round])
    repeat = in_same_round[:count] | in_same_round[count:]
    earlier = np.where(in_same_round, -1, previous)
    latest = np.maximum(earlier[:count], earlier[count:])
    if per_event:  # one chunk: any earlier game of a player in it is a repeat
        earlier_game = previous >= 0
        return np.zeros(1, dtype=np.int64), earlier_game[:count] | earlier_game[count:]
    round_needs = np.maximum.reduceat(latest, round_start)  # per round
    starts = [0]
    current = 0  # the chunk's first round, as a position in round_start
    while True:
        first_game = round_start[current]
        following = current + 1
        hits = np.flatnonzero(round_needs[following:following + SCAN_WINDOW] >= first_game)
        if not len(hits):  # rare: a chunk longer than the window
            hits = SCAN_WINDOW + np.flatnonzero(
                round_needs[following + SCAN_WINDOW:] >= first_game)
            if not len(hits):
                break
        current = following + int(hits[0])
        starts.append(int(round_start[current]))
    return np.array(starts, dtype=np.int64), repeat


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
    out = {name: np.zeros(count) for name in (
        "rating_white", "rating_black", "expected_white", "expected_black", "k_white",
        "k_black", "change_white", "change_black", "after_white", "after_black")}
    score_white = games.score / 100.0
    score_black = np.where(games.both_lost, 0.0, 1.0 - score_white)
    starts, repeat = chunk_starts(games, fixed, system.timing is Timing.PER_EVENT)
    ends = np.r_[starts[1:], count] if count else starts
    for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
        part = slice(start, end)
        white, black = games.white[part], games.black[part]
        rw, rb = rating[white], rating[black]
        ew, eb = expected_score(system, rw, rb), expected_score(system, rb, rw)
        kw = k_factor(system, rw, played[white])
        kb = k_factor(system, rb, played[black])
        if explicit_k is not None:
            kw = np.where(explicit_k[white] > 0, explicit_k[white], kw)
            kb = np.where(explicit_k[black] > 0, explicit_k[black], kb)
        cw = games.bonus_white[part] + games.multiplier[part] * kw * (score_white[part] - ew)
        cb = games.bonus_black[part] + games.multiplier[part] * kb * (score_black[part] - eb)
        movers = np.concatenate([white, black])
        changes = np.concatenate([cw, cb])
        steady = fixed[movers]
        movers, changes = movers[~steady], changes[~steady]
        if not repeat[part].any():  # the usual case: each player once in the chunk
            rating[movers] = round_rating(system, rating[movers] + changes)
            played[movers] += 1
        else:  # a player twice in one round: add the changes, round once
            total = np.zeros(len(rating))
            np.add.at(total, movers, changes)
            touched = np.unique(movers)
            rating[touched] = round_rating(system, rating[touched] + total[touched])
            np.add.at(played, movers, 1)
        for name, value in (("rating_white", rw), ("rating_black", rb), ("expected_white", ew),
                            ("expected_black", eb), ("k_white", kw), ("k_black", kb),
                            ("change_white", cw), ("change_black", cb),
                            ("after_white", rating[white]), ("after_black", rating[black])):
            out[name][part] = value
    return Outcome(**out, final=rating, games_played=played)


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
