"""Swiss-Manager / chess-results crosstables: saved HTML pages and Excel exports.

No specification exists; the layouts read here are the ones observed in real exports
(``docs: formats.md``, "Swiss-Manager / chess-results exports"):

* **starting-rank crosstable** — ``No. | (title) | Name | Rtg | FED | 1.Rd | … | Pts. | Rk. |
  TB1 …`` with round cells such as ``54b1`` (opponent 54, black, won), ``29w½``, ``100w-``
  (forfeit loss), ``62b+`` (forfeit win), ``-1`` / ``-½`` / ``-0`` (full-point or
  pairing-allocated bye, half-point bye, not paired) and ``13b`` (paired, no result yet);
* **ranking crosstable** — ``Rk. | SNo | … | 1.Rd | …``: the opponent numbers in the round
  cells are final *ranks*, resolved through the ``Rk.`` column;
* **Swiss-Manager's own crosstable** — ``Rank | SNo. | … | 1.Rd. | | | 2.Rd. | | | …``: three
  cells per round (opponent by rank, colour ``w``/``b``/``-``, result ``1 ½ 0 + -``);
* **round-robin grid** — columns ``1 2 3 …`` name the opponents in the order of the key column
  (starting rank or rank), ``*`` on the diagonal, cells ``1 ½ 0 + -`` (two results in a cell
  for a double round robin).

Rows above the header (the preamble) give the event name, dates, number of rounds, place,
chief arbiter, time control and type, as ``Label : value`` in one cell or two.  Numbers may
use a decimal comma (``6,5``).  Whichever column identifies the opponents (the leftmost of
``No.``/``SNo`` and ``Rk.``/``Rank``) decides the layout.

Readings taken where an export is silent:

* ``-1`` is a pairing-allocated bye (TRF ``U``) when it is the only one in its round, a
  full-point bye (``F``) when the round has several; both score a point and neither is rated.
* A grid gives neither rounds nor colours: its games are put in the rounds of the FIDE Berger
  table by starting number (the key column's order when there is no ``SNo``), colour unknown.
  A blank grid cell is a game not played yet.
* The published columns (``Pts.``, ``Rk.``, ``TB1``…, ``Rp``, ``K``, ``rtg+/-``, ``RtgN``, …)
  are kept in :attr:`Event.published`; ``Pts.`` (or the tie-break the page's annotation calls
  "points") becomes each player's declared points, checked against the results, and ``Rk.``
  his declared rank.  The annotation lines themselves (``Tie Break1: …``) are kept in
  :attr:`Event.extra_records`.

Every problem is an :class:`InputError` naming the file and the sheet cell or page line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import InputError, InputWarning, Place
from ..model import NO_COLOR, Event, EventType, ListEntry, Pairings, Player, Result
from .common import (
    PairingRows,
    check_declared_points,
    check_pairings,
    check_unique_fide_ids,
    detect_event_type,
    event_type_from_text,
    index_players,
    parse_birth,
)
from .crosstable_layout import (
    Cells,
    Layout,
    cell_text,
    check_merged,
    find_header,
    header_kind,
    int_cell,
    key_of,
    no_header,
    player_order,
    player_rows,
    points_tie_break,
    published_value,
    read_layout,
    read_player,
    read_preamble,
    round_label,
    tie_break_notes,
)
from .table import is_workbook
from .text import read_bytes, read_text

if TYPE_CHECKING:
    from .html_tables import Page

# ------------------------------------------------------------------------ vocabulary

#: chess-results.com puts its own name before the event's in a page's title.
_SERVER_PREFIX = re.compile(r"^chess-results server\s+chess-results\.com\s*-\s*", re.I)

_RESULT_TOKEN = {"1": Result.WIN, "0": Result.LOSS, "½": Result.DRAW, "=": Result.DRAW,
                 "0.5": Result.DRAW, "0,5": Result.DRAW, "1/2": Result.DRAW,
                 "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS}
_BYE_TOKEN = {"1": Result.FULL_BYE, "½": Result.HALF_BYE, "=": Result.HALF_BYE,
              "0.5": Result.HALF_BYE, "0,5": Result.HALF_BYE, "1/2": Result.HALF_BYE,
              "0": Result.ZERO_BYE, "+": Result.FULL_BYE}
_RESULT_PATTERN = r"1/2|0[.,]5|[10½=+-]"
_SWISS_CELL = re.compile(rf"^(\d+)\s*([wbsWBS])\s*({_RESULT_PATTERN})?$")
_SWISS_CELL_NO_COLOUR = re.compile(rf"^(\d+)\s+({_RESULT_PATTERN})$")
_BYE_CELL = re.compile(rf"^-\s*({_RESULT_PATTERN})$")
_GRID_TOKENS = re.compile(rf"{_RESULT_PATTERN}")
_COLOUR = {"w": 1, "b": -1, "s": -1, "-": NO_COLOR, "": NO_COLOR}
_CELL_EXPECTED = ("a round cell such as 54b1, 29w½, 3b0, 100w-, 62b+, 13b (not played yet), "
                  "-1, -½ or -0")


# ------------------------------------------------------------------------ entry points


def read_chessresults(path: str | Path, encoding: str | None = None) -> Event:
    """Read a saved chess-results.com page: a crosstable, or a starting-rank list (an event
    whose players are known and whose games are not)."""
    source = str(path)
    page = _read_page(path, encoding)
    if not any(cells for cells, _ in page.rows):
        raise InputError("the page has no tables", Place(source),
                         expected="a chess-results crosstable page")
    return read_crosstable_rows(
        [cells for cells, _ in page.rows], source, None,
        title=page.heading or _SERVER_PREFIX.sub("", page.title),
        lines=[lines for _, lines in page.rows], source_format="chess-results-html",
    )


def read_crosstable_workbook(path: str | Path) -> Event:
    """Read a Swiss-Manager / chess-results crosstable exported as ``.xlsx`` (or ``.xls``,
    where the ``xlrd`` package is installed)."""
    source = str(path)
    sheets = _load_workbook(path)
    chosen = _crosstable_sheet(sheets, source)
    return read_crosstable_rows(
        chosen.rows, source, chosen.name, merged=chosen.merged,
        source_format="crosstable-xls" if chosen.legacy else "crosstable-xlsx",
    )


def read_chessresults_list(path: str | Path, encoding: str | None = None) -> list[ListEntry]:
    """A chess-results starting-rank list (page or export) as rating-list entries for
    :func:`tournament_elo.model.apply_rating_list` (``--ratings``): each entry keyed by
    the starting number and the FIDE id, with the rating, federation and birth it gives."""
    source = str(path)
    if is_workbook(path) or _is_legacy_workbook(path):
        sheet = _crosstable_sheet(_load_workbook(path), source)
        grid = Cells(source, sheet.name, [[cell_text(v) for v in r] for r in sheet.rows], None)
    else:
        page = _read_page(path, encoding)
        grid = Cells(source, None, [c for c, _ in page.rows], [ln for _, ln in page.rows])
    header = find_header(grid)
    if header is None:
        raise no_header(grid)
    layout = read_layout(grid, header)
    table = player_rows(grid, layout)
    entries = []
    for r in table:
        start = grid.text(r, layout.start) if layout.start is not None else ""
        fide_id = grid.text(r, layout.fide_id) if layout.fide_id is not None else ""
        rating = int_cell(grid, r, layout.rating, "rating") if layout.rating is not None else None
        birth, year = parse_birth(grid.text(r, layout.birth)) if layout.birth is not None else (
            None, None)
        entries.append(ListEntry(
            place=grid.place(r, None),
            id=start.rstrip(".") or None,
            fide_id=fide_id if fide_id.strip("0") else None,
            name=grid.text(r, layout.name) or None,
            rating=rating,
            birth=birth,
            birth_year=year,
            federation=(grid.text(r, layout.federation) or None)
            if layout.federation is not None else None,
        ))
    return entries


def _read_page(path: str | Path, encoding: str | None) -> Page:
    from .html_tables import parse_page  # lxml is loaded for pages only

    return parse_page(read_text(path, encoding))


def is_crosstable_rows(rows: Sequence[Sequence[object]]) -> bool:
    """Whether these sheet rows hold a crosstable: a header row with a Name column, a
    ``No.``/``SNo``/``Rk.``/``Rank`` column and round columns (``1.Rd``, or the grid's
    ``1 2 3 …``)."""
    grid = Cells("", None, [[cell_text(v) for v in row] for row in rows], None)
    header = find_header(grid)
    if header is None:
        return False
    kinds = [header_kind(text) for text in grid.cells[header]]
    return any(k in ("round", "grid") for k in kinds)


def is_crosstable_workbook(path: str | Path) -> bool:
    """Whether a workbook is a Swiss-Manager / chess-results crosstable (some sheet passes
    :func:`is_crosstable_rows`) rather than a players/games workbook."""
    try:
        sheets = _load_workbook(path)
    except InputError:
        return False
    return any(is_crosstable_rows(sheet.rows) for sheet in sheets)


# ------------------------------------------------------------------------ workbooks


@dataclass
class _Sheet:
    name: str
    rows: list[list[Any]]
    merged: list[tuple[int, int, int, int]]  # 0-based (first row, first col, last row, last col)
    legacy: bool = False


def _is_legacy_workbook(path: str | Path) -> bool:
    return read_bytes(path)[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def _load_workbook(path: str | Path) -> list[_Sheet]:
    """Every sheet's cell values and merged ranges (``.xlsx`` by openpyxl, ``.xls`` by xlrd)."""
    source = str(path)
    if _is_legacy_workbook(path):
        return _load_xls(path)
    if not is_workbook(path):
        raise InputError("this is not a workbook", Place(source),
                         expected="an .xlsx (or .xls) crosstable export")
    from openpyxl import load_workbook

    try:
        # Not read-only: a read-only sheet does not know its merged cells.
        book = load_workbook(path, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xlsx workbook") from None
    try:
        return [
            _Sheet(
                sheet.title,
                [list(row) for row in sheet.iter_rows(values_only=True)],
                [(m.min_row - 1, m.min_col - 1, m.max_row - 1, m.max_col - 1)
                 for m in sheet.merged_cells.ranges],
            )
            for sheet in book.worksheets
        ]
    finally:
        book.close()


def _load_xls(path: str | Path) -> list[_Sheet]:
    source = str(path)
    try:
        import xlrd
    except ImportError:  # pragma: no cover - xlrd is a dependency
        raise InputError("a legacy .xls workbook needs the xlrd package", Place(source),
                         expected="an .xlsx export, or xlrd installed") from None
    try:
        book = xlrd.open_workbook(str(path), formatting_info=True)
    except Exception as exc:  # xlrd raises several kinds for a damaged file
        raise InputError("cannot open the workbook", Place(source), found=str(exc),
                         expected="an .xls workbook") from None
    sheets = []
    for sheet in book.sheets():
        rows = []
        for r in range(sheet.nrows):
            row: list[Any] = []
            for c in range(sheet.ncols):
                value = sheet.cell_value(r, c)
                row.append(None if value == "" else value)
            rows.append(row)
        merged = [(r1, c1, r2 - 1, c2 - 1) for r1, r2, c1, c2 in sheet.merged_cells]
        sheets.append(_Sheet(sheet.name, rows, merged, legacy=True))
    return sheets


def _crosstable_sheet(sheets: list[_Sheet], source: str) -> _Sheet:
    """The first sheet with a crosstable header row."""
    filled = [s for s in sheets if any(cell_text(v) for row in s.rows for v in row)]
    if not filled:
        raise InputError("the workbook is empty", Place(source),
                         found="no sheet with a filled cell",
                         expected="a crosstable export (a header row with No., Name, 1.Rd …)")
    for sheet in filled:
        grid = Cells(source, sheet.name, [[cell_text(v) for v in r] for r in sheet.rows], None)
        if find_header(grid) is not None:
            return sheet
    first = filled[0]
    raise no_header(Cells(source, first.name, [[cell_text(v) for v in r]
                                                  for r in first.rows], None))


# ------------------------------------------------------------------------ the crosstable


def read_crosstable_rows(
    rows: Sequence[Sequence[object]],
    source: str,
    sheet: str | None = None,
    *,
    title: str | None = None,
    lines: Sequence[Sequence[int | None]] | None = None,
    merged: Sequence[tuple[int, int, int, int]] = (),
    source_format: str = "crosstable",
) -> Event:
    """Build the event of a crosstable given as rows of cell values.

    ``sheet`` names the sheet (places are then cells such as ``G12``); ``lines`` gives, for
    a page, each cell's line in the file (places are then lines); ``title`` is the event
    name when the rows' own preamble should not be searched for one; ``merged`` lists the
    merged cell ranges, 0-based ``(first row, first column, last row, last column)``.
    """
    grid = Cells(source, sheet, [[cell_text(v) for v in row] for row in rows], lines)
    header = find_header(grid)
    if header is None:
        raise no_header(grid)
    layout = read_layout(grid, header)
    check_merged(grid, layout, merged)
    data = player_rows(grid, layout)
    info = read_preamble(grid, header, title)
    annotations = tie_break_notes(grid, header, data)
    points_column = layout.points
    if points_column is None and (layout.rounds or layout.grid):
        points_column = points_tie_break(grid, layout, annotations)
    keys = [key_of(grid, r, layout) for r in data]
    index_players(keys, [grid.place(r, layout.key) for r in data],
                  "rank" if layout.key_is_rank else "starting number")
    order = player_order(grid, layout, data)
    players = [
        read_player(grid, layout, data[at], row, points_column, bool(layout.rounds or layout.grid))
        for row, at in enumerate(order)
    ]
    ids = [p.id for p in players]
    if layout.key_is_rank and layout.start is not None:
        index_players(ids, [grid.place(data[at], layout.start) for at in order],
                      "starting number")
    index_of_key = {keys[at]: row for row, at in enumerate(order)}
    ordered_rows = [data[at] for at in order]
    if layout.grid:
        cycles, built = _grid_pairings(grid, layout, ordered_rows, index_of_key, players)
        planned = _grid_rounds(len(players)) * cycles
    else:
        built = _swiss_pairings(grid, layout, ordered_rows, index_of_key)
        planned = len(layout.rounds)
    pairings, places = built

    def place_of_row(row: int) -> Place:
        return places[row]

    def place_of_player(index: int) -> Place:
        r = ordered_rows[index]
        return grid.place(r, points_column if points_column is not None else None)

    warnings: list[InputWarning] = check_unique_fide_ids(
        players, lambda i: grid.place(ordered_rows[i], layout.fide_id))
    warnings += check_pairings(pairings, players, place_of_row)
    warnings += check_declared_points(pairings, players, place_of_player)
    last_round = int(pairings.round.max()) if len(pairings) else 0
    declared_rounds = info.rounds
    if declared_rounds is not None and declared_rounds < max(planned, last_round):
        warnings.append(InputWarning(
            info.places.get("rounds", grid.place(header, None)),
            f"the event declares {declared_rounds} rounds but the crosstable has "
            f"{max(planned, last_round)}",
        ))
    rounds = max(declared_rounds or 0, planned, last_round)
    if layout.grid:
        event_type = EventType.ROUND_ROBIN
    else:
        event_type = (event_type_from_text(info.type) if info.type else None) or (
            detect_event_type(pairings, len(players), rounds))
    published = tuple(
        (grid.text(header, c), tuple(published_value(grid.text(r, c)) for r in ordered_rows))
        for c in layout.published
    )
    return Event(
        name=info.name or Path(source).stem,
        players=tuple(players),
        pairings=pairings,
        rounds=rounds,
        type=event_type,
        start=info.start,
        end=info.end,
        city=info.city,
        federation=info.federation,
        chief_arbiter=info.chief_arbiter,
        time_control=info.time_control,
        source=source,
        source_format=source_format,
        extra_records=tuple(annotations),
        warnings=tuple(warnings),
        published=published,
    )


# ------------------------------------------------------------------------ round cells


@dataclass
class _Rows(PairingRows):
    """Pairing rows under construction, with the place of each."""

    places: list[Place] = field(default_factory=list)

    def add(self, rnd: int, player: int, opponent: int, color: int, result: int,
            place: Place) -> None:
        self.append(rnd, player, opponent, color, result)
        self.places.append(place)

    def build(self) -> tuple[Pairings, list[Place]]:
        order = sorted(range(len(self.round)), key=lambda i: (self.player[i], self.round[i]))
        rounds, players, opponents, colors, results = self.columns(order)
        return (Pairings(rounds, players, opponents, colors, results),
                [self.places[i] for i in order])


@dataclass
class _Cell:
    opponent: int | None  # the key the cell names
    color: int
    result: Result | None  # None: a bye of one point, to be told U or F
    place: Place
    text: str


def _swiss_pairings(grid: Cells, layout: Layout, rows: list[int],
                    index_of_key: dict[int, int]) -> tuple[Pairings, list[Place]]:
    cells: dict[tuple[int, int], _Cell] = {}
    for player, r in enumerate(rows):
        for number, c in layout.rounds:
            found = (_three_cells(grid, r, c) if layout.three_cells
                     else _swiss_cell(grid, r, c))
            if found is not None:
                cells[(number, player)] = found
    out = _Rows()
    what = "rank" if layout.key_is_rank else "starting number"
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
                raise InputError(
                    f"round {rnd}: the opponent's {what} {cell.opponent} is not in the "
                    f"{column!r} column", cell.place, found=repr(cell.text),
                    expected=f"the {what} of a player in the table"
                    + (" (in a ranking crosstable the opponents are given by rank)"
                       if layout.key_is_rank else ""),
                )
            out.add(rnd, player, opponent, cell.color,
                    Result.UNPLAYED if cell.result is None else cell.result, cell.place)
    return out.build()


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
    raise InputError(f"round {round_label(grid, c)}: unknown round cell", place,
                     found=repr(text), expected=_CELL_EXPECTED)


def _three_cells(grid: Cells, r: int, c: int) -> _Cell | None:
    """Swiss-Manager's own layout: opponent (by rank), colour, result in three cells."""
    opponent, colour, result = (grid.text(r, c + k) for k in range(3))
    if not (opponent or colour or result):
        return None
    place = grid.place(r, c)
    text = " ".join(x or "·" for x in (opponent, colour, result))
    number = opponent.removesuffix(".0")
    colour_key = colour.lower()
    if colour_key not in _COLOUR or (number and not number.isdigit()):
        raise InputError(f"round {round_label(grid, c)}: unknown round cells", place,
                         found=repr(text), expected="opponent, colour w/b/- and result 1 ½ 0 + -")
    if number and number.strip("0"):
        if result and result not in _RESULT_TOKEN:
            raise InputError(f"round {round_label(grid, c)}: unknown result", grid.place(r, c + 2),
                             found=repr(result), expected="1, ½, 0, + or -")
        return _Cell(int(number), _COLOUR[colour_key],
                     _RESULT_TOKEN[result] if result else None, place, text)
    if result not in _BYE_TOKEN and result:
        raise InputError(f"round {round_label(grid, c)}: unknown bye", grid.place(r, c + 2),
                         found=repr(result), expected="1, ½ or 0 for a bye")
    bye = _BYE_TOKEN[result] if result else Result.ZERO_BYE
    return _Cell(None, NO_COLOR, None if bye == Result.FULL_BYE else bye, place, text)


def _grid_rounds(n_players: int) -> int:
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


def _grid_pairings(grid: Cells, layout: Layout, rows: list[int], index_of_key: dict[int, int],
                   players: list[Player]) -> tuple[int, tuple[Pairings, list[Place]]]:
    n = len(rows)
    if len(layout.grid) != n:
        c = layout.grid[-1][1]
        raise InputError(
            "the grid's columns do not match its players", grid.place(layout.header, c),
            found=f"{len(layout.grid)} numbered columns for {n} players",
            expected=f"columns 1 to {n}",
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
    # Berger numbers: starting numbers when they are 1..n, else the starting order.
    starts = [p.id if isinstance(p.id, int) else 0 for p in players]
    numbers = starts if sorted(starts) == list(range(1, n + 1)) else list(range(1, n + 1))
    size = n if n % 2 == 0 else n + 1
    per_cycle = size - 1
    out = _Rows()
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
                    expected=f"a result in the mirror cell too (found {back[2]!r})",
                )
    pairings, places = out.build()
    decided = pairings.result != Result.UNPLAYED
    live_rounds = set(pairings.round[decided].tolist())
    keep = np.isin(pairings.round, list(live_rounds))
    rows_out = _Rows()
    for i in np.flatnonzero(keep):
        rows_out.add(int(pairings.round[i]), int(pairings.player[i]), int(pairings.opponent[i]),
                     NO_COLOR, int(pairings.result[i]), places[i])
    for rnd in sorted(live_rounds):
        for player in range(n):
            if player not in seated.get(rnd, set()):
                rows_out.add(rnd, player, -1, NO_COLOR, Result.ZERO_BYE,
                             grid.place(rows[player], None))
    return cycles, rows_out.build()
