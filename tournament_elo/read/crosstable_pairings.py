"""The pairings a crosstable's round cells give: Swiss cells (``12w1``, or Swiss-Manager's
three cells a round) and round-robin grids put in the rounds of the FIDE Berger table (see
:mod:`.chessresults` for the cell codes and the readings taken where a crosstable is
silent).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, Place, Problems
from ..i18n.message import N_, message
from ..model import NO_COLOR, Pairings, Player, Result
from .common import PairingRows
from .crosstable_layout import Cells, Layout, key_of, round_label
from .values import MAX_ROUND, MAX_START_NUMBER, shown, whole_number

_RESULT_TOKEN = {"1": Result.WIN, "0": Result.LOSS, "½": Result.DRAW, "=": Result.DRAW,
                 "0.5": Result.DRAW, "0,5": Result.DRAW, "1/2": Result.DRAW,
                 "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS}
_BYE_TOKEN = {"1": Result.FULL_BYE, "½": Result.HALF_BYE, "=": Result.HALF_BYE,
              "0.5": Result.HALF_BYE, "0,5": Result.HALF_BYE, "1/2": Result.HALF_BYE,
              "0": Result.ZERO_BYE, "+": Result.FULL_BYE}
_RESULT_PATTERN = r"1/2|0[.,]5|[10½=+-]"
#: An opponent's number: a starting number or rank, of at most four digits (MAX_START_NUMBER).
_OPPONENT = r"(\d{1,4})"
_SWISS_CELL = re.compile(rf"^{_OPPONENT}\s*([wbsWBS])\s*({_RESULT_PATTERN})?$")
_SWISS_CELL_NO_COLOUR = re.compile(rf"^{_OPPONENT}\s+({_RESULT_PATTERN})$")
_BYE_CELL = re.compile(rf"^-\s*({_RESULT_PATTERN})$")
_GRID_TOKENS = re.compile(rf"{_RESULT_PATTERN}")
_COLOUR = {"w": 1, "b": -1, "s": -1, "-": NO_COLOR, "": NO_COLOR}
_CELL_EXPECTED = N_("a round cell such as 54b1, 29w½, 3b0, 100w-, 62b+, 13b (not played yet), "
                  "-1, -½ or -0")


@dataclass
class _Cell:
    """One round's cell of one player, as read."""

    opponent: int | None  # the key the cell names
    color: int
    result: Result | None  # None: a bye of one point, to be told U or F
    place: Place
    text: str


def swiss_pairings(grid: Cells, layout: Layout, rows: list[int],
                   index_of_key: dict[int, int]) -> tuple[Pairings, list[Place]]:
    """The pairings of the Swiss round cells of ``rows`` (in player order), with the
    place of each row; a player without a cell in a round that has cells is unpaired there."""
    cells: dict[tuple[int, int], _Cell] = {}
    problems = Problems()  # every unreadable cell at once
    for player, r in enumerate(rows):
        for number, c in layout.rounds:
            try:
                found = (_three_cells(grid, r, c) if layout.three_cells
                         else _swiss_cell(grid, r, c))
            except InputError as error:
                problems.add(error)
                continue
            if found is not None:
                cells[(number, player)] = found
    out: PairingRows[Place] = PairingRows()
    what = N_("rank") if layout.key_is_rank else N_("starting number")
    column = grid.text(layout.header, layout.key)
    full_byes: dict[int, int] = {}
    for (rnd, _), bye in cells.items():
        if bye.opponent is None and bye.result is None:
            full_byes[rnd] = full_byes.get(rnd, 0) + 1
    used_rounds = sorted({rnd for rnd, _ in cells})
    for rnd in used_rounds:
        for player in range(len(rows)):
            cell = cells.get((rnd, player))
            if cell is None:
                r, c = rows[player], dict(layout.rounds)[rnd]
                out.add(rnd, player, -1, NO_COLOR, Result.ZERO_BYE, grid.place(r, c))
                continue
            if cell.opponent is None:
                result = cell.result
                if result is None:
                    result = Result.PAIRING_BYE if full_byes[rnd] == 1 else Result.FULL_BYE
                out.add(rnd, player, -1, NO_COLOR, result, cell.place)
                continue
            opponent = index_of_key.get(cell.opponent)
            if opponent is None:
                problems.add(InputError(
                    message("round {}: the opponent's {} {} is not in the {} column", rnd, what,
                            cell.opponent, repr(column)), cell.place, found=repr(cell.text),
                    expected=message("the {} of a player in the table (in a ranking "
                                     "crosstable the opponents are given by rank)", what)
                    if layout.key_is_rank else message("the {} of a player in the table", what),
                ))
                continue
            out.add(rnd, player, opponent, cell.color,
                    Result.UNPLAYED if cell.result is None else cell.result, cell.place)
    problems.raise_any()
    return out.pairings(by="player")


def _swiss_cell(grid: Cells, r: int, c: int) -> _Cell | None:
    text = grid.text(r, c)
    if not text:
        return None
    place = grid.place(r, c)
    match = _SWISS_CELL.match(text)
    if match:
        number, colour, result = match.groups()
        return _Cell(int(number), _COLOUR[colour.lower()],
                     _RESULT_TOKEN[result] if result else None, place, text)
    match = _SWISS_CELL_NO_COLOUR.match(text)
    if match:
        return _Cell(int(match.group(1)), NO_COLOR, _RESULT_TOKEN[match.group(2)], place, text)
    match = _BYE_CELL.match(text)
    if match and match.group(1) in _BYE_TOKEN:
        bye = _BYE_TOKEN[match.group(1)]
        return _Cell(None, NO_COLOR, None if bye == Result.FULL_BYE else bye, place, text)
    raise InputError(message("round {}: unknown round cell", round_label(grid, c)), place,
                     found=repr(text), expected=_CELL_EXPECTED)


def _three_cells(grid: Cells, r: int, c: int) -> _Cell | None:
    """Swiss-Manager's own layout: opponent (by rank), colour, result in three cells."""
    opponent, colour, result = (grid.text(r, c + k) for k in range(3))
    if not (opponent or colour or result):
        return None
    place = grid.place(r, c)
    text = " ".join(x or "·" for x in (opponent, colour, result))
    number = whole_number(opponent) if opponent else 0
    colour_key = colour.lower()
    if colour_key not in _COLOUR or number is None or number > MAX_START_NUMBER:
        raise InputError(message("round {}: unknown round cells", round_label(grid, c)), place,
                         found=shown(text), expected="opponent, colour w/b/- and result 1 ½ 0 + -")
    if number:
        if result and result not in _RESULT_TOKEN:
            raise InputError(message("round {}: unknown result", round_label(grid, c)),
                             grid.place(r, c + 2),
                             found=repr(result), expected="1, ½, 0, + or -")
        return _Cell(number, _COLOUR[colour_key],
                     _RESULT_TOKEN[result] if result else None, place, text)
    if result not in _BYE_TOKEN and result:
        raise InputError(message("round {}: unknown bye", round_label(grid, c)),
                         grid.place(r, c + 2),
                         found=repr(result), expected="1, ½ or 0 for a bye")
    bye = _BYE_TOKEN[result] if result else Result.ZERO_BYE
    return _Cell(None, NO_COLOR, None if bye == Result.FULL_BYE else bye, place, text)


def grid_rounds(n_players: int) -> int:
    """Rounds of a single round robin: an odd field gives each player a rest round."""
    return n_players - 1 if n_players % 2 == 0 else n_players


def berger_round(a: int, b: int, n: int) -> tuple[int, int]:
    """Round and white player of the game between starting numbers ``a`` and ``b`` in the
    FIDE Berger table for ``n`` players (n even; an odd field adds a dummy ``n``)."""
    m = n - 1
    if n in (a, b):
        other = b if a == n else a
        rnd = (2 * other - n) % m or m
        return rnd, (n if rnd % 2 == 0 else other)
    rnd = (a + b - n) % m or m
    return rnd, (a if (b - a) % m % 2 == 1 else b)


def grid_pairings(grid: Cells, layout: Layout, rows: list[int], index_of_key: dict[int, int],
                  players: list[Player]) -> tuple[int, tuple[Pairings, list[Place]]]:
    """The cycles of a round-robin grid and its pairings, in the Berger rounds; only the
    rounds with a result are kept, each player not seated in one resting."""
    n = len(rows)
    if len(layout.grid) != n:
        c = layout.grid[-1][1]
        raise InputError(
            "the grid's columns do not match its players", grid.place(layout.header, c),
            found=message("{} numbered columns for {} players", len(layout.grid), n),
            expected=message("columns 1 to {}", n),
        )
    results: dict[tuple[int, int], tuple[list[Result], Place, str]] = {}
    for player, r in enumerate(rows):
        own = key_of(grid, r, layout)
        for number, c in layout.grid:
            text = grid.text(r, c).replace(" ", "")
            place = grid.place(r, c)
            if number == own:
                if text not in ("*", "x", "X", "×", ""):
                    raise InputError("the grid's diagonal cell is not '*'", place,
                                     found=repr(text), expected="'*' (a player meets himself)")
                continue
            if text == "*":
                raise InputError("'*' off the grid's diagonal", place, found=repr(text),
                                 expected="a result 1 ½ 0 + - (or blank: not played yet)")
            tokens = _GRID_TOKENS.findall(text)
            if "".join(tokens) != text:
                raise InputError("unknown grid cell", place, found=repr(text),
                                 expected="1, ½, 0, + or - (two for a double round robin), "
                                 "'*' on the diagonal, blank when not played yet")
            opponent = index_of_key.get(number)
            if opponent is None:
                raise InputError("the grid's column names no player",
                                 grid.place(layout.header, c), found=repr(str(number)),
                                 expected="a column per player")
            results[(player, opponent)] = ([_RESULT_TOKEN[t] for t in tokens], place, text)
    cycles = max([1, *(len(v[0]) for v in results.values())])
    if grid_rounds(n) * cycles > MAX_ROUND:
        _, place, text = max(results.values(), key=lambda v: len(v[0]))
        raise InputError("the grid's cells hold more results than an event has rounds", place,
                         found=message("{} results in one cell ({})", f"{cycles:,}",
                                       shown(text)),
                         expected=message("at most {} rounds in all", MAX_ROUND))
    # Berger numbers: starting numbers when they are 1..n, else the starting order.
    starts = [p.id if isinstance(p.id, int) else 0 for p in players]
    numbers = starts if sorted(starts) == list(range(1, n + 1)) else list(range(1, n + 1))
    size = n if n % 2 == 0 else n + 1
    per_cycle = size - 1
    out: PairingRows[Place] = PairingRows()
    seated: dict[int, set[int]] = {}
    for (player, opponent), (outcomes, place, _) in results.items():
        rnd, _ = berger_round(int(numbers[player]), int(numbers[opponent]), size)
        for cycle in range(cycles):
            result = outcomes[cycle] if cycle < len(outcomes) else Result.UNPLAYED
            at = rnd + cycle * per_cycle
            out.add(at, player, opponent, NO_COLOR, result, place)
            seated.setdefault(at, set()).add(player)
    for key, (outcomes, place, text) in results.items():
        back = results.get((key[1], key[0]))
        if back is None:
            continue
        for cycle in range(cycles):
            mine = outcomes[cycle] if cycle < len(outcomes) else Result.UNPLAYED
            theirs = back[0][cycle] if cycle < len(back[0]) else Result.UNPLAYED
            if (mine == Result.UNPLAYED) != (theirs == Result.UNPLAYED):
                raise InputError(
                    "the grid has a result on one side only", place, found=repr(text),
                    expected=message("a result in the mirror cell too (found {})",
                                     repr(back[2])),
                )
    pairings, places = out.pairings(by="player")
    decided = pairings.result != Result.UNPLAYED
    live_rounds = set(pairings.round[decided].tolist())
    keep = np.isin(pairings.round, list(live_rounds))
    rows_out: PairingRows[Place] = PairingRows()
    for i in np.flatnonzero(keep):
        rows_out.add(int(pairings.round[i]), int(pairings.player[i]), int(pairings.opponent[i]),
                     NO_COLOR, int(pairings.result[i]), places[i])
    for rnd in sorted(live_rounds):
        for player in range(n):
            if player not in seated.get(rnd, set()):
                rows_out.add(rnd, player, -1, NO_COLOR, Result.ZERO_BYE,
                             grid.place(rows[player], None))
    return cycles, rows_out.pairings(by="player")
