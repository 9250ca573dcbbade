"""Crosstable sheets built from an event, as chess-results and Swiss-Manager lay them out
(formats.md, "Swiss-Manager / chess-results exports"): for tests and the .xls fixture."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import numpy as np

from tournament_elo.model import WHITE, Event, Result

#: Result → its mark in a round cell (after the opponent and colour) or a grid cell.
CODE = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.FORFEIT_WIN: "+",
        Result.FORFEIT_LOSS: "-", Result.UNPLAYED: ""}
#: Bye → its round cell.
BYE = {Result.HALF_BYE: "-½", Result.FULL_BYE: "-1", Result.PAIRING_BYE: "-1",
       Result.ZERO_BYE: "-0"}


def row_of(event: Event) -> dict[tuple[int, int], int]:
    """(player index, round) → pairing row."""
    p = event.pairings
    return {(int(p.player[i]), int(p.round[i])): i for i in range(len(p))}


def cell_text(event: Event, row: int, number: Callable[[int], object]) -> str:
    """A round cell as chess-results prints it, opponents numbered by ``number``."""
    p = event.pairings
    result = Result(int(p.result[row]))
    if p.opponent[row] < 0:
        return BYE[result]
    colour = "w" if p.color[row] == WHITE else "b"
    return f"{number(int(p.opponent[row]))}{colour}{CODE[result]}"


def crosstable_rows(event: Event, layout: str, *, ratings: bool = True,
                    preamble: bool = True) -> list[list[Any]]:
    """``event`` written as a crosstable sheet, following formats.md.

    ``start``: chess-results' starting-rank crosstable (``No. … 1.Rd … Pts. Rk. TB1``);
    ``rank``: its ranking crosstable (``Rk. SNo … 1.Rd …``, opponents by rank);
    ``swiss-manager``: Swiss-Manager's own (``Rank SNo. … 1.Rd. | | | …``, three cells per
    round, opponents by rank, numbers as numbers).
    """
    players = event.players
    points = event.points()
    rank = {p.index: p.declared_rank for p in players}
    by_start = sorted(players, key=lambda p: int(p.id))
    rows = row_of(event)
    rounds = range(1, event.rounds + 1)
    rating = ["Rtg"] if ratings else []
    if layout == "start":
        order, number = by_start, (lambda i: players[i].id)
    else:
        order = sorted(players, key=lambda p: rank[p.index] or 0)
        number = rank.__getitem__
    day = (event.start or date(2024, 8, 1)).strftime("%Y/%m/%d")
    out: list[list[Any]] = []
    if preamble and layout == "swiss-manager":
        out += [[event.name], ["Organizer : FIDE TEC"], ["Chief Arbiter : IA Mario Held"],
                ["Town : Oslo"], [f"Date : {day}"], []]
    elif preamble:
        title = "Starting rank crosstable" if layout == "start" else "Ranking crosstable"
        out += [[event.name], ["Date :", day], ["Number of rounds :", event.rounds],
                ["Location :", "Oslo"], [], [title]]
    if layout == "swiss-manager":
        header: list[Any] = ["Rank", "SNo.", None, "Name", *rating, "FED"]
        for rnd in rounds:
            header += [f"{rnd}.Rd.", None, None]
        out.append([*header, "Pts", "TB1"])
    elif layout == "start":
        out.append(["No.", None, "Name", *rating, "FED", *(f"{r}.Rd" for r in rounds),
                    "Pts.", "Rk.", "TB1"])
    else:
        out.append(["Rk.", "SNo", None, "Name", *rating, "FED",
                    *(f"{r}.Rd" for r in rounds), "Pts.", "TB1"])
    for p in order:
        pts = points[p.index] / 100
        shown = [p.rating] if ratings else []
        if layout == "swiss-manager":
            line: list[Any] = [rank[p.index], p.id, p.title, p.name, *shown, p.federation]
            for rnd in rounds:
                line += _three_cells(event, rows.get((p.index, rnd)), number)
            out.append([*line, pts, 0])
            continue
        cells = [cell_text(event, rows[(p.index, rnd)], number) if (p.index, rnd) in rows
                 else "" for rnd in rounds]
        comma = f"{pts:g}".replace(".", ",")
        if layout == "start":
            out.append([p.id, p.title, p.name, *shown, p.federation, *cells, comma,
                        rank[p.index], "0"])
        else:
            out.append([rank[p.index], p.id, p.title, p.name, *shown, p.federation, *cells,
                        comma, "0"])
    return out


def _three_cells(event: Event, row: int | None, number: Callable[[int], object]) -> list[Any]:
    if row is None:
        return [None, None, None]
    p = event.pairings
    result = Result(int(p.result[row]))
    if p.opponent[row] < 0:
        value = {"-1": 1, "-½": 0.5, "-0": 0}[BYE[result]]
        return [None, "-", value]
    code = {Result.WIN: 1, Result.DRAW: 0.5, Result.LOSS: 0}.get(result, CODE[result])
    return [number(int(p.opponent[row])), "w" if p.color[row] == WHITE else "b",
            None if code == "" else code]


def grid_rows(event: Event, *, by_rank: bool = False) -> list[list[Any]]:
    """A round robin as chess-results' grid, ``*`` on the diagonal: in starting order
    (``No. … 1 2 3 …``) or in rank order (``Rk. SNo … 1 2 3 …``, the columns by rank)."""
    key = (lambda p: p.declared_rank) if by_rank else (lambda p: int(p.id))
    players = sorted(event.players, key=key)
    n = len(players)
    grid = {(int(event.pairings.player[i]), int(event.pairings.opponent[i])):
            CODE[Result(int(event.pairings.result[i]))]
            for i in np.flatnonzero(event.pairings.opponent >= 0)}
    points = event.points()
    first = ["Rk.", "SNo"] if by_rank else ["No."]
    out: list[list[Any]] = [[event.name], ["Starting rank crosstable"],
                            [*first, None, "Name", "Rtg", *range(1, n + 1), "Pts.",
                             *([] if by_rank else ["Rk."])]]
    for p in players:
        cells = ["*" if q.index == p.index else grid.get((p.index, q.index), "")
                 for q in players]
        keys = [p.declared_rank, p.id] if by_rank else [p.id]
        out.append([*keys, p.title, p.name, p.rating, *cells,
                    f"{points[p.index] / 100:g}".replace(".", ","),
                    *([] if by_rank else [p.declared_rank])])
    return out
