"""Rating an event: from an :class:`Event` and a system name to a :class:`RatingResult`.

The engine gathers each player's state (rating, K state) into arrays, lets the
rating system compute the per-game table, adds performance and standings, and
returns two pandas tables — one row per player, one row per player per round —
that every output (terminal, JSON, CSV, XLSX, HTML) is rendered from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

import numpy as np
import pandas as pd

from .errors import InputError, InputWarning, Place
from .model import POINTS, TRF_CODE, Event, ListEntry, apply_rating_list
from .performance import AverageRule, performance
from .standings import Standings, standings, tiebreak_codes
from .systems.definition import EloSystem
from .systems.elo import event_games, k_factor, run_games
from .systems.fide import FideEdition, rate_event
from .systems.registry import System, get_system

NO_ID = np.array(None, dtype=object)
#: Treated as "established" when a rated player's game count is unknown.
UNKNOWN_GAMES = 10_000


@dataclass(frozen=True, eq=False)
class RatingResult:
    """An event rated under one system: the event, a player table and a game table."""

    event: Event
    system: System
    players: pd.DataFrame
    games: pd.DataFrame
    warnings: tuple[InputWarning, ...]
    average_rule: AverageRule
    settings: dict[str, str] = field(default_factory=dict)  # what a per-game system used
    standings: Standings | None = None  # the tie-breaks behind the ranks

    @property
    def rounds_played(self) -> int:
        return self.event.rounds_played


def event_day(event: Event) -> date | None:
    """The date that decides the edition and K: the end date, else the start date."""
    return event.end or event.start


def rate(
    event: Event,
    system: str = "fide",
    ratings: list[ListEntry] | None = None,
    average_rule: AverageRule | str = AverageRule.PLAIN,
    settings: dict[str, str] | None = None,
    tiebreaks: str | None = None,
    tiebreak_rules: str = "2026",
    unrated_rating: int | None = None,
) -> RatingResult:
    """Rate ``event`` under ``system`` (a name or a definition file), optionally with a
    rating list; ``settings`` (``level``, ``pool``) override the event's own.

    Players are ranked by points, then by ``tiebreaks`` (C.07 codes such as
    ``"BH/C1,BH,SB"``; by default the usual list for the event type) under the
    ``tiebreak_rules`` edition; unrated players count at ``unrated_rating`` in
    rating-based tie-breaks, or are left out.
    """
    if ratings is not None:
        event = apply_rating_list(event, ratings)
    table = standings(event, tiebreak_codes(tiebreaks, event), tiebreak_rules, unrated_rating)
    chosen = get_system(system, event_day(event))
    if isinstance(chosen, EloSystem):
        merged = {**dict(event.settings), **(settings or {})}
        result = _rate_per_game(event, chosen, merged, AverageRule(average_rule))
    else:
        result = _rate_fide(event, chosen, AverageRule(average_rule))
    result.players["rank"] = table.rank
    return replace(result, standings=table)


def _rate_fide(event: Event, edition: FideEdition, rule: AverageRule) -> RatingResult:
    warnings = list(event.warnings)
    players = event.players
    n = len(players)
    rating = np.array([p.rating or 0 for p in players], dtype=np.int64)
    games = np.array([UNKNOWN_GAMES if p.games is None else p.games for p in players],
                     dtype=np.int64)
    ever = np.array([bool(p.ever_2400) for p in players], dtype=bool) | (rating >= 2400)
    explicit = np.array([p.k or 0 for p in players], dtype=np.int64)
    start = event.start or event.end
    births = [(p.birth, p.birth_year) for p in players]
    if start is None:
        junior = np.zeros(n, dtype=bool)
        if any(year for _, year in births):
            warnings.append(InputWarning(
                Place(event.source),
                "the event has no date, so the junior K rule could not be applied",
            ))
    else:
        junior = edition.is_junior(births, start)
    if event_day(event) is None:
        warnings.append(InputWarning(
            Place(event.source), f"the event has no date: rated under {edition.name}",
        ))
    k = edition.k_factors(rating, games, ever, explicit, junior)
    per_game, totals = rate_event(edition, event, rating, k)
    for i in np.flatnonzero((rating > 0) & (totals["new_rating"] == 0)):
        warnings.append(InputWarning(
            Place(event.source),
            f"player {players[i].id} ({players[i].name}) falls to "
            f"{rating[i] + totals['change_rounded'][i]}, below the {edition.name} floor of "
            f"{edition.floor}: shown as unrated",
        ))
    perf = performance(event, rating, edition.floor, rule)
    rated = rating > 0

    player_table = pd.DataFrame({
        **_identity_columns(event),
        "rating": _ints(rating, rated),
        **_standing_columns(event),
        "games_rated": totals["games_rated"],
        "score_rated": totals["score_rated"] / 100,
        "expected": totals["expected"] / 100,
        "k": _ints(totals["k"], rated),
        "change": totals["change"] / 100,
        "change_rounded": totals["change_rounded"],
        "new_rating": _ints(totals["new_rating"], totals["new_rating"] > 0),
        "need": _points_or_nan(totals["need"], rated),
        "ra": _ints(perf.ra, perf.games > 0),
        "p": _ints(perf.percent, perf.games > 0),
        "dp": _ints(perf.dp, perf.games > 0),
        "rp": _ints(perf.rp, perf.games > 0),
        "ru": _ints(totals["ru"], ~rated & (totals["ru"] > 0)),
    })
    game_table = pd.DataFrame({
        **_pairing_columns(event),
        "rated": per_game.rated | per_game.counts_for_new,
        "opponent_rating": _ints(per_game.opponent_rating, per_game.opponent_rating > 0),
        "difference": _ints(per_game.difference, per_game.rated),
        "expected": _points_or_nan(per_game.expected, per_game.rated),
        "k": _ints(per_game.k, per_game.rated),
        "change": _points_or_nan(per_game.change, per_game.rated),
    })
    return RatingResult(event, edition, player_table, game_table, tuple(warnings), rule)


def _rate_per_game(
    event: Event, system: EloSystem, settings: dict[str, str], rule: AverageRule
) -> RatingResult:
    """A logistic system updated after every game (or per event, as it defines)."""
    warnings = list(event.warnings)
    players = event.players
    fixed_ids = system.fixed_opponents
    for player in players:
        if player.fixed_rating and str(player.id) not in fixed_ids:
            raise InputError(
                f"{player.id} is a fixed-rated opponent (an AI level) that {system.name} does "
                "not define", Place(event.source), found=str(player.id),
                expected=", ".join(fixed_ids) or "no AI opponents in this system")
    fixed = np.array([p.fixed_rating or str(p.id) in fixed_ids for p in players], dtype=bool)
    given = np.array([np.nan if p.rating is None else p.rating for p in players], dtype=float)
    start = np.array([
        fixed_ids[str(p.id)][0] if str(p.id) in fixed_ids
        else system.initial_rating if p.rating is None else float(p.rating)
        for p in players
    ])
    played = np.array([p.games if p.games is not None else 0 if p.rating is None
                       else UNKNOWN_GAMES for p in players], dtype=np.int64)
    explicit = np.array([p.k or 0 for p in players], dtype=float)
    chosen = event_games(system, event, settings)
    if chosen.ignored_pools:
        warnings.append(InputWarning(
            Place(event.source), f"games of {', '.join(chosen.ignored_pools)} were left out: "
            f"only the {chosen.pool} pool is rated"))
    games = chosen.games
    out = run_games(system, games, start, played, fixed, explicit)
    n, rows = len(players), len(event.pairings)
    both_rows = np.concatenate([chosen.white_row, chosen.black_row])
    who = np.concatenate([games.white, games.black])
    score_white = games.score / 100
    score = np.concatenate([score_white, np.where(games.both_lost, 0.0, 1 - score_white)])
    expected = np.concatenate([out.expected_white, out.expected_black])
    change = np.concatenate([out.change_white, out.change_black])

    def per_row(white: np.ndarray, black: np.ndarray, keep: np.ndarray | None = None) -> Any:
        column = np.full(rows, np.nan)
        column[both_rows] = np.concatenate([white, black])
        if keep is not None:
            column[~keep] = np.nan
        return column

    whole = system.decimals == 0

    def ratings(values: np.ndarray) -> Any:
        """Ratings as the system keeps them: whole numbers as integers."""
        if not whole:
            return values
        present = ~np.isnan(values)
        return _ints(np.round(np.nan_to_num(values)).astype(np.int64), present)

    k_start = np.where(explicit > 0, explicit, k_factor(system, start, played))
    new_rating = out.final
    steady = ~fixed
    moving_row = np.ones(rows, dtype=bool)
    moving_row[both_rows] = steady[who]  # an AI's side of a game changes nothing

    def rating_column(values: np.ndarray, keep: np.ndarray) -> Any:
        return ratings(np.where(keep, values, np.nan))

    player_table = pd.DataFrame({
        **_identity_columns(event),
        "rating": rating_column(np.where(fixed, start, np.nan_to_num(given)),
                                ~np.isnan(given) | fixed),
        **_standing_columns(event),
        "games_rated": np.bincount(who, minlength=n),
        "score_rated": np.bincount(who, weights=score, minlength=n),
        "expected": np.round(np.bincount(who, weights=expected, minlength=n), 6),
        "k": _ints(k_start.astype(np.int64), steady),
        "change": np.where(steady, np.round(np.bincount(who, weights=change, minlength=n), 6),
                           np.nan),
        "change_rounded": ratings(np.round(new_rating - start, system.decimals)),
        "new_rating": rating_column(new_rating, np.ones(n, dtype=bool)),
        "need": np.full(n, np.nan),
        "ra": _ints(np.zeros(n), np.zeros(n, dtype=bool)),
        "dp": _ints(np.zeros(n), np.zeros(n, dtype=bool)),
        "rp": _ints(np.zeros(n), np.zeros(n, dtype=bool)),
        "start_rating": ratings(start),
        "pool": chosen.pool,
        "title_before": [_title_code(system, r, f) for r, f in zip(start, fixed, strict=True)],
        "title_after": [_title_code(system, r, f) for r, f in zip(new_rating, fixed, strict=True)],
    })
    rated = np.zeros(rows, dtype=bool)
    rated[both_rows] = True
    game_table = pd.DataFrame({
        **_pairing_columns(event),
        "rated": rated,
        "opponent_rating": ratings(per_row(out.rating_black, out.rating_white)),
        "difference": _ints(np.zeros(rows), np.zeros(rows, dtype=bool)),
        "expected": np.round(per_row(out.expected_white, out.expected_black), 6),
        "k": _ints(np.nan_to_num(per_row(out.k_white, out.k_black)).astype(np.int64),
                   rated & moving_row),
        "change": np.round(per_row(out.change_white, out.change_black, moving_row), 6),
        "rating_before": ratings(per_row(out.rating_white, out.rating_black)),
        "rating_after": ratings(per_row(out.after_white, out.after_black)),
        "bonus": per_row(games.bonus_white, games.bonus_black),
        "multiplier": per_row(games.multiplier, games.multiplier),
    })
    return RatingResult(event, system, player_table, game_table, tuple(warnings), rule,
                        settings)


def _title_code(system: EloSystem, rating: float, fixed: bool) -> str | None:
    title = None if fixed else system.title_of(rating)
    return None if title is None else title.code


def _identity_columns(event: Event) -> dict[str, Any]:
    """Who the players are, the same under every system."""
    players = event.players
    return {
        "id": [p.id for p in players],
        "name": [p.name for p in players],
        "title": [p.title for p in players],
        "fide_id": [p.fide_id for p in players],
        "federation": [p.federation for p in players],
    }


def _standing_columns(event: Event) -> dict[str, Any]:
    """Tournament score and place, the same under every system."""
    points = event.points()
    n = len(points)
    return {
        "points": points / 100,
        # Shared places: 1 + the number of players with more points (sorting, not n × n).
        "rank": 1 + n - np.searchsorted(np.sort(points), points, side="right"),
    }


def _pairing_columns(event: Event) -> dict[str, Any]:
    """Round, opponent, colour and result of every pairing row."""
    pairings = event.pairings
    ids = np.array([p.id for p in event.players], dtype=object)
    has_opp = pairings.opponent >= 0
    return {
        "round": pairings.round,
        "player": ids[pairings.player],
        "opponent": np.where(has_opp, ids[np.maximum(pairings.opponent, 0)], NO_ID),
        "color": np.array([None, "w", "b"], dtype=object)[pairings.color],
        "result": TRF_CODE[pairings.result],
        "score": POINTS[pairings.result] / 100,
    }


def _ints(values: np.ndarray, keep: np.ndarray) -> pd.arrays.IntegerArray:
    """A nullable integer column: ``values`` where ``keep``, missing elsewhere."""
    return pd.arrays.IntegerArray(np.asarray(values, dtype=np.int64), ~np.asarray(keep, dtype=bool))


def _points_or_nan(hundredths: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Hundredths as points where ``keep``, NaN elsewhere."""
    return np.where(keep, np.asarray(hundredths) / 100, np.nan)
