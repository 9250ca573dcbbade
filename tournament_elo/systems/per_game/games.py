"""The games of an event a per-game system rates, in time order: which results count,
the pool rated, the bonus R of a win by a given method and the multiplier L of each game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...errors import InputError, Place
from ...i18n.message import alternatives, message
from ...model import NO_COLOR, WHITE, Event, Result
from .definition import EloSystem

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


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
class EventGames:
    """An event's rated games under a per-game system, tied back to its pairing rows."""

    games: Games
    white_row: Ints  # the pairing row of each game's first player
    black_row: Ints
    pool: str
    ignored_pools: tuple[str, ...]


def event_games(system: EloSystem, event: Event, settings: Mapping[str, str]) -> EventGames:
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
            message("a draw in round {} between players {} and {}, but {} has no draws",
                    p.round[row], event.players[p.player[row]].id,
                    event.players[p.opponent[row]].id, pool),
            Place(event.source), found="a draw",
            expected=message("a win or a loss ({} uses komi)", pool))
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
    system: EloSystem, event: Event, settings: Mapping[str, str]
) -> tuple[str, Bools, tuple[str, ...]]:
    """The pool rated, the rows in it, and the other pools the event's games name."""
    chosen = settings.get("pool")
    if chosen is not None and chosen not in system.pools:
        raise InputError(message("{} has no pool {}", system.name, repr(chosen)),
                         Place("--set pool"), found=repr(chosen),
                         expected=alternatives(system.pools))
    named = sorted(set(event.pools))
    unknown = [name for name in named if name not in system.pools]
    if unknown:
        raise InputError(message("{} has no pool {}", system.name, repr(unknown[0])),
                         Place(event.source), found=repr(unknown[0]),
                         expected=alternatives(system.pools))
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
    system: EloSystem, event: Event, settings: Mapping[str, str], rows: Ints
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
                message("{}={} takes L from each game's thinking time, but the game of round "
                        "{} has none", rule.setting, level, event.pairings.round[row]),
                Place(event.source),
                found="no time_control", expected="minutes per side in a time_control column")
        return np.where(minutes >= rule.minutes_threshold, rule.from_threshold, rule.below)
    if level not in rule.values:
        choices = [*rule.values, *([rule.by_time_control] if rule.by_time_control else [])]
        raise InputError(message("unknown {}", rule.setting), Place(f"--set {rule.setting}"),
                         found=repr(level), expected=alternatives(choices))
    return np.full(len(rows), rule.values[level])
