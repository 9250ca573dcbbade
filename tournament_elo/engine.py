"""Rating an event: from an :class:`Event` and a system name to a :class:`RatingResult`.

The engine gathers each player's state (rating, K state) into arrays, lets the
rating system compute the per-game table, adds performance and standings, and
returns two pandas tables — one row per player, one row per player per round —
that every output (terminal, JSON, CSV, XLSX, HTML) is rendered from.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import numpy as np
import pandas as pd

from .errors import InputWarning, Place
from .io.ratinglist import ListEntry, apply_rating_list
from .model import POINTS, TRF_CODE, Event
from .performance import AverageRule, performance
from .systems.fide import FideEdition, rate_event
from .systems.registry import get_edition

NO_ID = np.array(None, dtype=object)
#: Treated as "established" when a rated player's game count is unknown.
UNKNOWN_GAMES = 10_000


@dataclass(frozen=True, eq=False)
class RatingResult:
    """An event rated under one system: the event, a player table and a game table."""

    event: Event
    system: FideEdition
    players: pd.DataFrame
    games: pd.DataFrame
    warnings: tuple[InputWarning, ...]
    average_rule: AverageRule

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
) -> RatingResult:
    """Rate ``event`` under ``system``, optionally with a rating list."""
    if ratings is not None:
        event = apply_rating_list(event, ratings)
    rule = AverageRule(average_rule)
    edition = get_edition(system, event_day(event))
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
    points = event.points()
    # Shared places: 1 + the number of players with more points (sorting, not n × n).
    rank = 1 + n - np.searchsorted(np.sort(points), points, side="right")
    rated = rating > 0

    def hundredths(values: np.ndarray) -> np.ndarray:
        return values / 100

    player_table = pd.DataFrame({
        "id": [p.id for p in players],
        "name": [p.name for p in players],
        "title": [p.title for p in players],
        "fide_id": [p.fide_id for p in players],
        "federation": [p.federation for p in players],
        "rating": _ints(rating, rated),
        "points": hundredths(points),
        "rank": rank,
        "games_rated": totals["games_rated"],
        "score_rated": hundredths(totals["score_rated"]),
        "expected": hundredths(totals["expected"]),
        "k": _ints(totals["k"], rated),
        "change": hundredths(totals["change"]),
        "change_rounded": totals["change_rounded"],
        "new_rating": _ints(totals["new_rating"], totals["new_rating"] > 0),
        "need": _points_or_nan(totals["need"], rated),
        "ra": _ints(perf.ra, perf.games > 0),
        "p": _ints(perf.percent, perf.games > 0),
        "dp": _ints(perf.dp, perf.games > 0),
        "rp": _ints(perf.rp, perf.games > 0),
        "ru": _ints(totals["ru"], ~rated & (totals["ru"] > 0)),
    })
    pairings = event.pairings
    ids = np.array([p.id for p in players], dtype=object)
    has_opp = pairings.opponent >= 0
    counts = per_game.rated | per_game.counts_for_new
    game_table = pd.DataFrame({
        "round": pairings.round,
        "player": ids[pairings.player],
        "opponent": np.where(has_opp, ids[np.maximum(pairings.opponent, 0)], NO_ID),
        "color": np.array([None, "w", "b"], dtype=object)[pairings.color],
        "result": TRF_CODE[pairings.result],
        "score": hundredths(POINTS[pairings.result]),
        "rated": counts,
        "opponent_rating": _ints(per_game.opponent_rating, per_game.opponent_rating > 0),
        "difference": _ints(per_game.difference, per_game.rated),
        "expected": _points_or_nan(per_game.expected, per_game.rated),
        "k": _ints(per_game.k, per_game.rated),
        "change": _points_or_nan(per_game.change, per_game.rated),
    })
    return RatingResult(event, edition, player_table, game_table, tuple(warnings), rule)



def _ints(values: np.ndarray, keep: np.ndarray) -> pd.arrays.IntegerArray:
    """A nullable integer column: ``values`` where ``keep``, missing elsewhere."""
    return pd.arrays.IntegerArray(np.asarray(values, dtype=np.int64), ~np.asarray(keep, dtype=bool))


def _points_or_nan(hundredths: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Hundredths as points where ``keep``, NaN elsewhere."""
    return np.where(keep, np.asarray(hundredths) / 100, np.nan)
