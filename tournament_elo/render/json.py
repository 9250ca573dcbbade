"""The JSON result of ``tournament-elo rate --format json`` (names are a stable contract)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from ..systems.fide.norms import MIN_GAMES

if TYPE_CHECKING:
    from ..engine import RatingResult

PLAYER_FIELDS = (
    "id", "name", "fide_id", "federation", "rating", "points", "rank", "games_rated",
    "score_rated", "expected", "k", "change", "change_rounded", "new_rating", "need", "ra",
    "dp", "rp",
)
GAME_FIELDS = (
    "round", "player", "opponent", "color", "score", "rated", "opponent_rating", "expected",
    "k", "change",
)
#: Fields a per-game system adds after the contract's, written only when the table has them.
PLAYER_EXTRAS = ("start_rating", "pool", "title_before", "title_after")
GAME_EXTRAS = ("rating_before", "rating_after", "bonus", "multiplier")


def python_values(column: pd.Series) -> list[Any]:
    """A table column as Python values, missing ones (NaN, NA) as ``None``."""
    return column.astype(object).where(column.notna(), None).tolist()


def records(table: pd.DataFrame, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    if not fields:
        return [{} for _ in range(len(table))]
    columns = [python_values(table[f]) for f in fields]
    return [dict(zip(fields, row, strict=True)) for row in zip(*columns, strict=True)]


def present(table: pd.DataFrame, fields: tuple[str, ...]) -> tuple[str, ...]:
    """The ``fields`` the table has, in the order given."""
    return tuple(f for f in fields if f in table.columns)


def _number(value: float) -> float | int | None:
    """A tie-break value as JSON: whole numbers (DE's place) as integers, NaN as null."""
    if value != value:
        return None
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else float(value)


def to_json(result: RatingResult) -> dict[str, Any]:
    event = result.event
    player_table, game_table = result.players, result.games
    players = records(player_table, PLAYER_FIELDS)
    extras = records(player_table, present(player_table, PLAYER_EXTRAS))
    tiebreaks = result.standings.values
    for index, (player, extra) in enumerate(zip(players, extras, strict=True)):
        player["tiebreaks"] = {code: _number(values[index]) for code, values in tiebreaks.items()}
        player.update(extra)
    games = records(game_table, GAME_FIELDS)
    for game, extra in zip(games, records(game_table, present(game_table, GAME_EXTRAS)),
                           strict=True):
        game.update(extra)
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
        "games": games,
        "norms": norm_records(result),
        "warnings": [str(w) for w in result.warnings],
    }


def norm_records(result: RatingResult) -> list[dict[str, Any]]:
    """Title norm checks (FIDE systems only; other systems: an empty list).

    To keep the JSON short, only players with at least 9 counted games (the least a
    norm needs) are listed: with fewer, every norm fails on the games alone.
    """
    if result.norms is None:
        return []
    players = result.event.players
    return [{
        "player": players[n.player].id, "title": n.title, "met": n.met, "games": n.games,
        "performance": n.performance, "average": n.average,
        "failed": [c.text for c in n.failures],
    } for n in result.norms if n.games >= MIN_GAMES]
