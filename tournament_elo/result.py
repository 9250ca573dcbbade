"""The JSON result of ``tournament-elo rate --format json`` (names are a stable contract)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from .engine import RatingResult

PLAYER_FIELDS = (
    "id", "name", "fide_id", "federation", "rating", "points", "rank", "games_rated",
    "score_rated", "expected", "k", "change", "change_rounded", "new_rating", "need", "ra",
    "dp", "rp",
)
GAME_FIELDS = (
    "round", "player", "opponent", "color", "score", "rated", "opponent_rating", "expected",
    "k", "change",
)


def python_values(column: pd.Series) -> list[Any]:
    """A table column as Python values, missing ones (NaN, NA) as ``None``."""
    return column.astype(object).where(column.notna(), None).tolist()


def records(table: pd.DataFrame, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    columns = [python_values(table[f]) for f in fields]
    return [dict(zip(fields, row, strict=True)) for row in zip(*columns, strict=True)]


def to_json(result: RatingResult) -> dict[str, Any]:
    event = result.event
    players = records(result.players, PLAYER_FIELDS)
    for player in players:
        player["tiebreaks"] = {}
    return {
        "event": {
            "name": event.name,
            "start": event.start.isoformat() if event.start else None,
            "end": event.end.isoformat() if event.end else None,
            "rounds": event.rounds,
            "rounds_played": event.rounds_played,
            "type": event.type.value,
            "system": result.system.name,
        },
        "players": players,
        "games": records(result.games, GAME_FIELDS),
        "warnings": [str(w) for w in result.warnings],
    }
