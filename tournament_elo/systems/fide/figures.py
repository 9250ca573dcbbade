"""What a FIDE computation leaves per event player and per game, as packed records:
the figures the reports show and the database keeps (an event rated on its own and a
rating period's events give the same records, so a published page shows exactly what
the list was computed from).

Per event player (:data:`PLAYER_FIGURES`): the rating before, games and W counted
(for an unrated player, those toward a first rating), We, K, the change of this event
(hundredths, unrounded), the rounded change and new rating of the period (one event
rated on its own: the event's), the performance (Ra and p; dp and Rp follow from them)
and the first rating the event gives.  Per pairing row (:data:`GAME_FIGURES`): whether
the game is rated (or counts toward a first rating), the opponent's rating, the
difference looked up and the expected score.  They are kept small: a database holds
millions of rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...model import Standings

from typing import Any

import numpy as np
import numpy.typing as npt

from ...model import Event
from ...rounding import up_to_half_point
from ..columns import (
    Table,
    identity_columns,
    ints,
    pairing_columns,
    points_or_nan,
    standing_columns,
)
from .event import NOT_RATED, Computed, FirstRatingGames, Rows, check_short
from .performance import Performance
from .rated_games import game_points, played
from .tables import DP, expected_hundredths

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Records = npt.NDArray[Any]

PLAYER_FIGURES = np.dtype([
    ("score", "<i4"), ("expected", "<i4"), ("change", "<i4"), ("rating", "<i2"),
    ("counted_as", "<i2"), ("new_rating", "<i2"), ("games", "<i2"), ("change_rounded", "<i2"),
    ("ra", "<i2"), ("ru", "<i2"), ("performance_games", "<i2"), ("k", "i1"), ("percent", "i1"),
])
#: Per row, two bytes: the difference looked up in table 8.1(b) (at most 736) and the
#: flags :data:`RATED` and :data:`COUNTS_FOR_NEW`.  Nothing is stored twice: the
#: opponent's rating is his slot's ``counted_as``, the expected score the table's entry
#: for the difference, K the player's slot's, the change K × (score − expected).
GAME_FIGURES = np.dtype([("packed", "<u2")])
RATED, COUNTS_FOR_NEW = 1 << 14, 1 << 15
DIFFERENCE = (1 << 14) - 1


def game_figures(computed: Computed, counts_for_new: Bools) -> Records:
    looked_up = computed.looked_up
    out = np.zeros(len(looked_up), dtype=GAME_FIGURES)
    out["packed"] = (np.where(looked_up != NOT_RATED, looked_up | RATED, 0)
                     | np.where(counts_for_new, COUNTS_FOR_NEW, 0))
    return out


def player_figures(
    rows: Rows, computed: Computed, rating: Ints, first: FirstRatingGames, ru: Ints,
    new_rating: Ints, perf: Performance,
) -> Records:
    """Per slot: ``rating`` (before), ``new_rating`` and the first-rating games per slot."""
    out = np.zeros(len(rating), dtype=PLAYER_FIGURES)
    unrated = rating == 0
    out["rating"] = rating
    out["counted_as"] = computed.counted_as
    out["games"] = np.where(unrated, first.games, computed.games)
    out["score"] = np.where(unrated, first.points, computed.score_sum)
    out["expected"] = computed.expected_sum
    out["k"] = computed.slot_k(rows)
    out["change"] = computed.slot_change(rows)
    out["change_rounded"] = computed.rounded if rows.owner is None else computed.rounded[
        rows.owner]
    out["new_rating"] = new_rating
    out["ra"], out["percent"], out["performance_games"] = perf.ra, perf.percent, perf.games
    out["ru"] = ru
    # The fields kept in two bytes (ratings, game counts, a rounded change).
    check_short(rating, new_rating, out["games"], computed.rounded, perf.ra, ru, perf.games)
    return out


def tables(event: Event, players: Records, games: Records,
           standings: Standings) -> tuple[Table, Table]:
    """The player and game tables every output is rendered from."""
    rating = players["rating"].astype(np.int64)
    rated = rating > 0
    counted = players["performance_games"] > 0
    new_rating = players["new_rating"].astype(np.int64)
    dp = np.where(counted, DP[players["percent"]], 0)
    player_table = Table({
        **identity_columns(event),
        "rating": ints(rating, rated),
        **standing_columns(standings),
        "games_rated": players["games"].astype(np.int64),
        "score_rated": players["score"] / 100,
        "expected": players["expected"] / 100,
        "k": ints(players["k"], rated),
        "change": players["change"] / 100,
        "change_rounded": players["change_rounded"].astype(np.int64),
        "new_rating": ints(new_rating, new_rating > 0),
        "need": points_or_nan(up_to_half_point(players["expected"].astype(np.int64)), rated),
        "ra": ints(players["ra"], counted),
        "p": ints(players["percent"], counted),
        "dp": ints(dp, counted),
        "rp": ints(players["ra"] + dp, counted),
        "ru": ints(players["ru"], ~rated & (players["ru"] > 0)),
    })
    packed = games["packed"].astype(np.int64)
    rated_row = (packed & RATED) != 0
    difference = packed & DIFFERENCE
    p = event.pairings
    counted_as = players["counted_as"].astype(np.int64)
    opponent_rating = np.append(counted_as, 0)[p.opponent]
    k = np.where(rated_row, players["k"][p.player], 0)
    expected = np.where(rated_row, expected_hundredths(counted_as[p.player], opponent_rating,
                                                       difference), 0)
    game_table = Table({
        **pairing_columns(event),
        "rated": packed >= RATED,
        "opponent_rating": ints(opponent_rating, opponent_rating > 0),
        "difference": ints(difference, rated_row),
        "expected": points_or_nan(expected, rated_row),
        "k": ints(k, rated_row),
        "change": points_or_nan(k * (game_points(p.result, played(p.result, p.opponent))
                                     - expected), rated_row),
    })
    return player_table, game_table
