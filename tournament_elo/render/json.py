"""The JSON result of ``tournament-elo rate --format json`` (names are a stable contract)."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from ..rating.engine import RatingResult
    from ..systems.columns import Table

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
PLAYER_EXTRAS = ("start_rating", "change_sum", "k_last", "pool", "title_before", "title_after")
GAME_EXTRAS = ("rating_before", "rating_after", "bonus", "multiplier")


#: Rows turned into records at a time when the JSON is streamed: memory follows the
#: chunk, not the event.
CHUNK_ROWS = 20_000


def present(table: Table, fields: tuple[str, ...]) -> tuple[str, ...]:
    """The ``fields`` the table has, in the order given."""
    return tuple(f for f in fields if f in table)


def _number(value: float) -> float | int | None:
    """A tie-break value as JSON: whole numbers (DE's place) as integers, NaN as null."""
    if not math.isfinite(value):
        return None
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else float(value)


def player_records(result: RatingResult,
                   rows: npt.NDArray[np.int64] | None = None) -> list[dict[str, Any]]:
    """The JSON records of the players at ``rows`` (default: the standings'
    :attr:`~tournament_elo.rating.engine.RatingResult.standing_rows`)."""
    rows = result.standing_rows if rows is None else rows
    table = result.player_table
    players = table.records(PLAYER_FIELDS, rows)
    extras = table.records(present(table, PLAYER_EXTRAS), rows)
    tiebreaks = result.standings.values
    for index, player, extra in zip(rows.tolist(), players, extras, strict=True):
        player["tiebreaks"] = {code: _number(values[index]) for code, values in tiebreaks.items()}
        player.update(extra)
    return players


def game_records(result: RatingResult,
                 rows: npt.NDArray[np.int64] | None = None) -> list[dict[str, Any]]:
    """The JSON records of the pairing rows at ``rows`` (default: the participants',
    :attr:`~tournament_elo.rating.engine.RatingResult.game_rows`)."""
    rows = result.game_rows if rows is None else rows
    table = result.game_table
    games = table.records(GAME_FIELDS, rows)
    for game, extra in zip(games, table.records(present(table, GAME_EXTRAS), rows),
                           strict=True):
        game.update(extra)
    return games


Columns = tuple[list[str], list[list[Any]]]


def player_columns(result: RatingResult) -> Columns:
    """The players' records (:func:`player_records`) as a header and its columns, the
    nested ``tiebreaks`` flattened to ``tiebreaks.CODE`` after the contract's fields:
    players.csv, a column at a time (no record built)."""
    rows, table = result.standing_rows, result.player_table
    extras = present(table, PLAYER_EXTRAS)
    tiebreaks = result.standings.values
    header = [*PLAYER_FIELDS, *(f"tiebreaks.{code}" for code in tiebreaks), *extras]
    columns = [table.values(f, rows) for f in PLAYER_FIELDS]
    columns += [[_number(v) for v in values[rows].tolist()] for values in tiebreaks.values()]
    columns += [table.values(f, rows) for f in extras]
    return header, columns


def game_columns(result: RatingResult) -> Columns:
    """The pairing rows' records (:func:`game_records`) as a header and its columns:
    games.csv, a column at a time."""
    rows, table = result.game_rows, result.game_table
    header = [*GAME_FIELDS, *present(table, GAME_EXTRAS)]
    return header, [table.values(f, rows) for f in header]


def fixed_opponent_records(result: RatingResult) -> list[dict[str, Any]]:
    """The fixed-rated reference opponents met (AI levels), which are no players: id, the
    system's name for each, the fixed rating and the games against him."""
    start = result.system.terms.start.key
    named = result.system.terms.fixed
    table = result.player_table
    return [{"id": r["id"], "name": named.get(str(r["id"])) or r["name"], "rating": r[start],
             "games": r["games_rated"]}
            for r in table.records(("id", "name", start, "games_rated"),
                                   result.reference_rows)]


def _event_record(result: RatingResult) -> dict[str, Any]:
    event = result.event
    return {
        "name": event.name,
        "start": event.start.isoformat() if event.start else None,
        "end": event.end.isoformat() if event.end else None,
        "rounds": event.rounds,
        "rounds_played": event.rounds_played,
        "type": event.type.value,
        "system": result.system.name,
        "tiebreaks": list(result.standings.codes),
        "tiebreak_rules": result.standings.rules,  # the C.07 edition the tie-breaks follow
        # The decimals each tie-break is published with (AOB 2 to 5 by the rounds).
        "tiebreak_decimals": result.tiebreak_decimals,
        "lots_seed": result.standings.lots_seed,  # the drawing of lots, if any (C.07's last)
        "final_order": list(result.standings.final_order),
    }


def to_json(result: RatingResult) -> dict[str, Any]:
    """The whole JSON result as one object (see :func:`write_json` for a large event)."""
    return {
        "event": _event_record(result),
        "players": player_records(result),
        "games": game_records(result),
        "fixed_opponents": fixed_opponent_records(result),
        "norms": norm_records(result),
        "prizes": prize_records(result),
        **team_records(result),
        "warnings": [str(w) for w in result.warnings],
    }


def team_records(result: RatingResult) -> dict[str, Any]:
    """A team event's ``teams`` (standings) and ``matches`` (board by board);
    nothing for an individual event."""
    if result.teams is None:
        return {}
    from .teams import team_json

    data = team_json(result.teams)
    return {"teams": data["teams"], "matches": data["matches"]}


def write_json(result: RatingResult, out: TextIO, indent: int | None = None) -> None:
    """The JSON result written to ``out``: compact, piece by piece, so that memory
    follows a chunk of records and not the event (100,000 players × 9 rounds); with an
    ``indent``, the document is built whole and indented.  Always valid JSON: no NaN
    and no Infinity."""
    if indent is not None:
        out.write(json.dumps(to_json(result), ensure_ascii=False, indent=indent,
                             allow_nan=False) + "\n")
        return

    dump = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode

    out.write('{"event": ' + dump(_event_record(result)))
    for key, rows, chunk_of in (("players", result.standing_rows, player_records),
                                ("games", result.game_rows, game_records)):
        out.write(f', "{key}": [')
        for at in range(0, len(rows), CHUNK_ROWS):
            chunk = chunk_of(result, rows[at:at + CHUNK_ROWS])
            out.write((", " if at else "") + dump(chunk)[1:-1])  # the list's items
        out.write("]")
    out.write(', "fixed_opponents": ' + dump(fixed_opponent_records(result)))
    out.write(', "norms": ' + dump(norm_records(result)))
    out.write(', "prizes": ' + dump(prize_records(result)))
    for key, value in team_records(result).items():
        out.write(f', "{key}": ' + dump(value))
    out.write(', "warnings": ' + dump([str(w) for w in result.warnings]) + "}\n")


def norm_records(result: RatingResult) -> list[dict[str, Any]]:
    """Title norm checks (FIDE systems only; other systems: an empty list).

    Listed: the norms in reach — met or missed by players with at least 9 counted games,
    and in an event still in progress those the rounds to come can bring, with their
    ``forecast`` (the points needed from the remaining rounds and the rating taken for
    the next opponents; ``null`` once the event is over).
    """
    if result.norms is None:
        return []
    players = result.event.players
    return [{
        "player": players[n.player].id, "title": n.title, "met": n.met, "games": n.games,
        "performance": n.performance, "average": n.average,
        "failed": [c.text for c in n.failures],
        "forecast": None if n.forecast is None else {
            "remaining_rounds": n.forecast.remaining,
            "points_needed": n.forecast.points_needed / 100,
            "opponents_rating": n.forecast.opponents_rating},
    } for n in result.norms if n.listed]


def prize_records(result: RatingResult) -> list[dict[str, Any]]:
    """The prize list, one object per prize in the table's order (an empty list without a
    prize table): ``prize`` its name, ``label`` what it is in kind, ``player`` the id of
    the player it goes to (``null``: not awarded), ``amount`` what he receives (the
    prize's amount where it is not awarded), ``shared_with`` the ids of the players of his
    tie.
    A tie of more players than prizes adds an object for each player beyond, after the
    tie's last prize and named after it."""
    if result.prizes is None:
        return []
    from .prizes import amount_number

    players = result.event.players
    return [{"prize": a.prize.name, "label": a.prize.label,
             "player": None if a.player is None else players[a.player].id,
             "amount": amount_number(a.amount),
             "shared_with": [players[i].id for i in a.shared_with]}
            for a in result.prizes.awards]
