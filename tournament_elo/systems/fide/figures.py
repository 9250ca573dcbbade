"""What a FIDE computation leaves per event player and per game, as packed records:
the figures the reports show and the database keeps (an event rated on its own and a
rating period's events give the same records, so a published page shows exactly what
the list was computed from).

Per event player (:data:`PLAYER_FIGURES`): the rating before, games and W counted
(for an unrated player, those toward a first rating), We, K, the change of this event
(hundredths, unrounded), the rounded change and new rating of the period (one event
rated on its own: the event's), the points needed to keep the rating, the performance
and the first rating the event gives; ``period_change`` and ``period_events`` say how a
period of several events formed its change.  Per pairing row (:data:`GAME_FIGURES`):
whether the game is rated (or counts toward a first rating), the opponent's rating, the
difference looked up, the expected score, K and the change.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from ...model import Event
from ..columns import identity_columns, ints, pairing_columns, points_or_nan, standing_columns
from .event import Computed, FirstRatingGames, Rows
from .performance import Performance

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Records = npt.NDArray[Any]

PLAYER_FIGURES = np.dtype([
    ("rating", "<i4"), ("games", "<i4"), ("score", "<i4"), ("expected", "<i4"), ("k", "<i2"),
    ("change", "<i8"), ("change_rounded", "<i4"), ("new_rating", "<i4"), ("need", "<i4"),
    ("ra", "<i4"), ("percent", "<i2"), ("dp", "<i2"), ("rp", "<i4"),
    ("performance_games", "<i2"), ("ru", "<i4"), ("period_change", "<i8"),
    ("period_events", "<i2"),
])
GAME_FIGURES = np.dtype([
    ("rated", "i1"), ("counts_for_new", "i1"), ("expected", "i1"), ("k", "i1"),
    ("opponent_rating", "<i4"), ("difference", "<i4"), ("change", "<i4"),
])


def game_figures(rows: Rows, computed: Computed, counts_for_new: Bools) -> Records:
    out = np.zeros(len(rows.slot), dtype=GAME_FIGURES)
    rated = computed.rated
    k = np.where(rated, computed.slot_k(rows)[rows.slot], 0)
    out["rated"] = rated
    out["counts_for_new"] = counts_for_new
    out["opponent_rating"] = computed.opponent_rating
    out["difference"] = computed.difference
    out["expected"] = computed.expected
    out["k"] = k
    out["change"] = k * (computed.score - computed.expected)
    return out


def player_figures(
    rows: Rows, computed: Computed, rating: Ints, first: FirstRatingGames, ru: Ints,
    new_rating: Ints, need: Ints, perf: Performance,
) -> Records:
    """Per slot: ``rating`` (before), ``new_rating`` and the first-rating games per slot."""
    out = np.zeros(len(rating), dtype=PLAYER_FIGURES)
    unrated = rating == 0
    owner = rows.owner
    out["rating"] = rating
    out["games"] = np.where(unrated, first.games, computed.games)
    out["score"] = np.where(unrated, first.points, computed.score_sum)
    out["expected"] = computed.expected_sum
    out["k"] = computed.slot_k(rows)
    out["change"] = computed.slot_change(rows)
    out["change_rounded"] = computed.rounded if owner is None else computed.rounded[owner]
    out["new_rating"] = new_rating
    out["need"] = need
    out["ra"], out["percent"], out["dp"], out["rp"] = perf.ra, perf.percent, perf.dp, perf.rp
    out["performance_games"] = perf.games
    out["ru"] = ru
    out["period_change"] = computed.change if owner is None else computed.change[owner]
    if owner is None:
        out["period_events"] = 1
    else:
        out["period_events"] = np.bincount(owner)[owner]
    return out


def tables(event: Event, players: Records, games: Records,
           rank: Ints) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The player and game tables every output is rendered from."""
    rating = players["rating"].astype(np.int64)
    rated = rating > 0
    counted = players["performance_games"] > 0
    new_rating = players["new_rating"].astype(np.int64)
    player_table = pd.DataFrame({
        **identity_columns(event),
        "rating": ints(rating, rated),
        **standing_columns(event, rank),
        "games_rated": players["games"].astype(np.int64),
        "score_rated": players["score"] / 100,
        "expected": players["expected"] / 100,
        "k": ints(players["k"], rated),
        "change": players["change"] / 100,
        "change_rounded": players["change_rounded"].astype(np.int64),
        "new_rating": ints(new_rating, new_rating > 0),
        "need": points_or_nan(players["need"], rated),
        "ra": ints(players["ra"], counted),
        "p": ints(players["percent"], counted),
        "dp": ints(players["dp"], counted),
        "rp": ints(players["rp"], counted),
        "ru": ints(players["ru"], ~rated & (players["ru"] > 0)),
    })
    rated_row = games["rated"].astype(bool)
    opponent_rating = games["opponent_rating"].astype(np.int64)
    game_table = pd.DataFrame({
        **pairing_columns(event),
        "rated": rated_row | games["counts_for_new"].astype(bool),
        "opponent_rating": ints(opponent_rating, opponent_rating > 0),
        "difference": ints(games["difference"], rated_row),
        "expected": points_or_nan(games["expected"], rated_row),
        "k": ints(games["k"], rated_row),
        "change": points_or_nan(games["change"], rated_row),
    })
    return player_table, game_table
