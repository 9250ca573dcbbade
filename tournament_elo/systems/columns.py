"""The columns every rating system's tables share: who the players are, their score and
place, and each pairing row's round, opponent, colour and result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..model import POINTS, TRF_CODE, Event

if TYPE_CHECKING:
    from ..standings import Standings

NO_ID = np.array(None, dtype=object)


def identity_columns(event: Event) -> dict[str, Any]:
    """Who the players are, the same under every system."""
    players = event.players
    return {
        "id": [p.id for p in players],
        "name": [p.name for p in players],
        "title": [p.title for p in players],
        "fide_id": [p.fide_id for p in players],
        "federation": [p.federation for p in players],
    }


def standing_columns(standings: Standings) -> dict[str, Any]:
    """Tournament score and place after the current round (:mod:`tournament_elo.standings`);
    a reference opponent's place is missing."""
    return {"points": standings.points / 100, "rank": ints(standings.rank, standings.rank > 0)}


def pairing_columns(event: Event) -> dict[str, Any]:
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


def ints(values: npt.ArrayLike, keep: npt.ArrayLike) -> pd.arrays.IntegerArray:
    """A nullable integer column: ``values`` where ``keep``, missing elsewhere."""
    return pd.arrays.IntegerArray(np.asarray(values, dtype=np.int64),
                                  ~np.asarray(keep, dtype=bool))


def points_or_nan(hundredths: npt.ArrayLike, keep: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Hundredths as points where ``keep``, NaN elsewhere."""
    return np.where(keep, np.asarray(hundredths) / 100, np.nan)
