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
from datetime import date, datetime
from itertools import pairwise
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
    parse_date,
)
from .headers import fold
from .table import column_letter, is_workbook
from .text import read_bytes, read_text

if TYPE_CHECKING:
    from .html_tables import Page

# ------------------------------------------------------------------------ vocabulary

#: Folded header spellings of each player column.
COLUMN_KINDS: dict[str, tuple[str, ...]] = {
    "start": ("no", "sno", "snr", "nr", "startno", "startnr", "stnr", "startingrank"),
    "rank": ("rk", "rank", "pl", "place", "platz", "rang", "rg"),
    "name": ("name", "player", "playername", "spieler", "ten", "hoten"),
    "title": ("title", "tit", "titel"),
    "rating": ("rtgi", "rtg", "elo", "rating", "irtg", "fideelo", "fiderating", "elofide"),
    "federation": ("fed", "federation", "land", "country"),
    "fide_id": ("fideid", "fidenr", "idfide", "fidecode", "fideno"),
    "sex": ("sex", "gender", "geschlecht"),
    "birth": ("bday", "birth", "born", "birthyear", "yob", "geb", "birthdate", "jg"),
    "points": ("pts", "points", "pkt", "punkte", "score"),
}
_KIND_OF = {alias: kind for kind, aliases in COLUMN_KINDS.items() for alias in aliases}
#: The rating column wanted first when a crosstable has several (international first).
_RATING_ORDER = COLUMN_KINDS["rating"]

_ROUND_HEADER = re.compile(r"^(\d{1,3})(?:rd|rnd|round|r|runde|rde|rds)$|"
                           r"^(?:rd|rnd|round|r|runde|rde)(\d{1,3})$")
_GRID_HEADER = re.compile(r"^\d{1,3}$")
_TITLE = re.compile(r"^(?:[WA]?(?:GM|IM|FM|CM|NM))$")
_WHOLE = re.compile(r"^\d+\.?$")
_NUMBER = re.compile(r"^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$")
_TIE_BREAK = re.compile(r"^(?:tie\s*-?\s*break|wertung)\s*(\d+)\s*:?\s*(.+)$", re.IGNORECASE)
_DATE_TOKEN = re.compile(r"\d{1,4}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{1,4}")
#: chess-results.com puts its own name before the event's in a page's title.
_SERVER_PREFIX = re.compile(r"^chess-results server\s+chess-results\.com\s*-\s*", re.I)
_LAYOUT_TITLE = re.compile(r"crosstable|kreuztabelle|rangliste|ranking|starting\s*rank|"
                           r"startrang|^last\s*update|^stand\b", re.IGNORECASE)

#: Folded preamble labels → the event field they give.
PREAMBLE_LABELS: dict[str, str] = {
    **dict.fromkeys(("date", "dates", "datum", "period", "zeitraum"), "date"),
    **dict.fromkeys(("numberofrounds", "rounds", "rundenanzahl", "anzahlderrunden",
                     "nrofrounds", "sovong"), "rounds"),
    **dict.fromkeys(("location", "town", "place", "city", "venue", "ort", "spielort"), "city"),
    **dict.fromkeys(("chiefarbiter", "hauptschiedsrichter"), "chief_arbiter"),
    **dict.fromkeys(("timecontrol", "bedenkzeit"), "time_control"),
    **dict.fromkeys(("tournamenttype", "turniertyp", "type"), "type"),
    **dict.fromkeys(("federation", "verband"), "federation"),
    **dict.fromkeys(("organizer", "organiser", "organizers", "veranstalter",
                     "tournamentdirector", "deputychiefarbiter", "arbiter", "arbiters",
                     "fideeventid", "pairingprogram", "ratingcalculation", "lastupdate",
                     "tournamentselection", "links", "parameters", "lists", "boardpairings",
                     "rankinglistafter", "games", "excelandprint", "creator", "email",
                     "homepage"), "other"),
}

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
        grid = _Cells(source, sheet.name, [[_cell_text(v) for v in r] for r in sheet.rows], None)
    else:
        page = _read_page(path, encoding)
        grid = _Cells(source, None, [c for c, _ in page.rows], [ln for _, ln in page.rows])
    header = _find_header(grid)
    if header is None:
        raise _no_header(grid)
    layout = _layout(grid, header)
    table = _player_rows(grid, layout)
    entries = []
    for r in table:
        start = grid.text(r, layout.start) if layout.start is not None else ""
        fide_id = grid.text(r, layout.fide_id) if layout.fide_id is not None else ""
        rating = _int_cell(grid, r, layout.rating, "rating") if layout.rating is not None else None
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
    grid = _Cells("", None, [[_cell_text(v) for v in row] for row in rows], None)
    header = _find_header(grid)
    if header is None:
        return False
    kinds = [_header_kind(text) for text in grid.cells[header]]
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
    filled = [s for s in sheets if any(_cell_text(v) for row in s.rows for v in row)]
    if not filled:
        raise InputError("the workbook is empty", Place(source),
                         found="no sheet with a filled cell",
                         expected="a crosstable export (a header row with No., Name, 1.Rd …)")
    for sheet in filled:
        grid = _Cells(source, sheet.name, [[_cell_text(v) for v in r] for r in sheet.rows], None)
        if _find_header(grid) is not None:
            return sheet
    first = filled[0]
    raise _no_header(_Cells(source, first.name, [[_cell_text(v) for v in r]
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
    grid = _Cells(source, sheet, [[_cell_text(v) for v in row] for row in rows], lines)
    header = _find_header(grid)
    if header is None:
        raise _no_header(grid)
    layout = _layout(grid, header)
    _check_merged(grid, layout, merged)
    data = _player_rows(grid, layout)
    info = _preamble(grid, header, title)
    annotations = _annotations(grid, header, data)
    points_column = layout.points
    if points_column is None and (layout.rounds or layout.grid):
        points_column = _points_tie_break(grid, layout, annotations)
    keys = [_key(grid, r, layout) for r in data]
    index_players(keys, [grid.place(r, layout.key) for r in data],
                  "rank" if layout.key_is_rank else "starting number")
    order = _player_order(grid, layout, data)
    players = [
        _player(grid, layout, data[at], row, points_column, bool(layout.rounds or layout.grid))
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
        (grid.text(header, c), tuple(_published_value(grid.text(r, c)) for r in ordered_rows))
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


@dataclass
class _Cells:
    """Cell texts of a sheet or page, and where each cell is."""

    source: str
    sheet: str | None
    cells: list[list[str]]
    lines: Sequence[Sequence[int | None]] | None

    def text(self, r: int, c: int | None) -> str:
        if c is None:
            return ""
        row = self.cells[r]
        return row[c] if c < len(row) else ""

    def place(self, r: int, c: int | None) -> Place:
        if self.lines is not None:
            row_lines = self.lines[r] if r < len(self.lines) else ()
            if c is not None and c < len(row_lines):
                return Place(self.source, line=row_lines[c])
            return Place(self.source, line=row_lines[0] if row_lines else None)
        if self.sheet is None:
            return Place(self.source, line=r + 1)
        if c is None:
            return Place(self.source, sheet=self.sheet, line=r + 1)
        return Place(self.source, sheet=self.sheet, cell=f"{column_letter(c)}{r + 1}")

    def cell_name(self, r: int, c: int) -> str:
        return f"{column_letter(c)}{r + 1}"


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return " ".join(str(value).split())


def _header_kind(text: str) -> str | None:
    folded = fold(text)
    if not folded:
        return None
    if _ROUND_HEADER.match(folded):
        return "round"
    if _GRID_HEADER.match(text.strip()):
        return "grid"
    return _KIND_OF.get(folded)


def _find_header(grid: _Cells) -> int | None:
    """The first row naming a Name column and a No./SNo/Rk./Rank column."""
    for r, row in enumerate(grid.cells):
        kinds = {_header_kind(text) for text in row if text}
        if "name" in kinds and kinds & {"start", "rank"}:
            return r
    return None


def _no_header(grid: _Cells) -> InputError:
    place = Place(grid.source, sheet=grid.sheet) if grid.sheet is not None else Place(grid.source)
    wanted = "naming a Name column and a No., SNo or Rk. column"
    found = (f"no table row {wanted}" if grid.lines is not None
             else f"no row {wanted} (rows 1-{len(grid.cells)})")
    return InputError(
        "no header row", place, found=found,
        expected="a crosstable header such as 'No. | Name | Rtg | FED | 1.Rd | 2.Rd | … | Pts.'",
    )


@dataclass
class _Layout:
    header: int
    key: int
    key_is_rank: bool
    name: int
    start: int | None = None
    rank: int | None = None
    title: int | None = None
    rating: int | None = None
    federation: int | None = None
    fide_id: int | None = None
    sex: int | None = None
    birth: int | None = None
    points: int | None = None
    rounds: list[tuple[int, int]] = field(default_factory=list)  # (round, first column)
    three_cells: bool = False
    grid: list[tuple[int, int]] = field(default_factory=list)  # (number, column)
    published: list[int] = field(default_factory=list)


def _layout(grid: _Cells, header: int) -> _Layout:
    row = grid.cells[header]
    kinds = [_header_kind(text) for text in row]
    first: dict[str, int] = {}
    ratings: list[int] = []
    for c, kind in enumerate(kinds):
        if kind == "rating":
            ratings.append(c)
        elif kind is not None and kind not in ("round", "grid"):
            first.setdefault(kind, c)
    start, rank = first.get("start"), first.get("rank")
    key_is_rank = start is None or (rank is not None and rank < start)
    key = rank if key_is_rank else start
    assert key is not None  # _find_header saw one of them
    layout = _Layout(header=header, key=key, key_is_rank=key_is_rank, name=first["name"],
                     start=start, rank=rank)
    for kind in ("title", "federation", "fide_id", "sex", "birth", "points"):
        setattr(layout, kind, first.get(kind))
    if ratings:
        layout.rating = min(ratings, key=lambda c: _RATING_ORDER.index(fold(row[c])))
    _round_columns(grid, layout, kinds)
    used = {c for c in (layout.start, layout.name, layout.title, layout.rating,
                        layout.federation, layout.fide_id, layout.sex, layout.birth)
            if c is not None}
    for _, c in layout.rounds:
        used.update(range(c, c + (3 if layout.three_cells else 1)))
    used.update(c for _, c in layout.grid)
    layout.published = [c for c, text in enumerate(row) if text and c not in used]
    return layout


def _round_columns(grid: _Cells, layout: _Layout, kinds: list[str | None]) -> None:
    row = grid.cells[layout.header]
    rounds: list[tuple[int, int]] = []
    for c, kind in enumerate(kinds):
        if kind == "round":
            match = _ROUND_HEADER.match(fold(row[c]))
            assert match is not None
            rounds.append((int(match.group(1) or match.group(2)), c))
    if rounds:
        columns = [c for _, c in rounds]
        gaps = {b - a for a, b in pairwise(columns)}
        blanks_after = all(
            c + 2 < len(row) and not row[c + 1] and not row[c + 2] for c in columns
        )
        layout.three_cells = blanks_after and (len(columns) == 1 or gaps == {3})
        for (number, c), expected in zip(rounds, range(1, len(rounds) + 1), strict=True):
            if number != expected:
                raise InputError(
                    "the round columns are not in order", grid.place(layout.header, c),
                    found=repr(row[c]), expected=f"round {expected}",
                )
        layout.rounds = rounds
        return
    numbers = [(int(row[c].strip()), c) for c, kind in enumerate(kinds) if kind == "grid"]
    if numbers:
        for (number, c), expected in zip(numbers, range(1, len(numbers) + 1), strict=True):
            if number != expected:
                raise InputError(
                    "the grid's columns are not numbered 1, 2, 3 …",
                    grid.place(layout.header, c), found=repr(row[c]), expected=repr(str(expected)),
                )
        layout.grid = numbers


def _check_merged(grid: _Cells, layout: _Layout,
                  merged: Sequence[tuple[int, int, int, int]]) -> None:
    """Merged cells in the header row hide which column a value is in: an error, except a
    round header over its three cells in Swiss-Manager's own layout."""
    round_starts = {c for _, c in layout.rounds}
    for r1, c1, r2, c2 in merged:
        if not r1 <= layout.header <= r2:
            continue
        if layout.three_cells and r1 == r2 and c1 in round_starts and c2 == c1 + 2:
            continue
        span = f"{grid.cell_name(r1, c1)}:{grid.cell_name(r2, c2)}"
        raise InputError(
            "merged header cells", grid.place(layout.header, c1),
            found=f"cells {span} merged into one ({grid.text(r1, c1)!r})",
            expected="one header cell per column (unmerge the header row)",
        )


def _player_rows(grid: _Cells, layout: _Layout) -> list[int]:
    """The rows under the header, up to a blank row or a footer (no number, no name)."""
    data = []
    for r in range(layout.header + 1, len(grid.cells)):
        if not any(grid.cells[r]):
            break
        key_text = grid.text(r, layout.key)
        if not _WHOLE.match(key_text):
            if not grid.text(r, layout.name):
                break
            raise InputError(
                f"unreadable {grid.text(layout.header, layout.key)!r}", grid.place(r, layout.key),
                found=repr(key_text), expected="a whole number",
            )
        if not grid.text(r, layout.name):
            raise InputError("a player without a name", grid.place(r, layout.name),
                             found="a blank name cell", expected="the player's name")
        data.append(r)
    if not data:
        raise InputError("the crosstable has no players", grid.place(layout.header, None),
                         found="a header row and no player rows",
                         expected="a row per player under the header")
    numbered = [c for _, c in layout.grid]
    if numbered and len(numbered) != len(data) and not any(
        grid.text(r, c) == "*" for r in data for c in numbered
    ):
        layout.rounds, layout.grid = layout.grid, []  # rounds headed 1, 2, 3 …, not a grid
    if layout.title is None:
        layout.title = _title_column(grid, layout, data)
    return data


def _title_column(grid: _Cells, layout: _Layout, data: list[int]) -> int | None:
    """The untitled column whose values are all titles (GM, IM, WFM, …), if any."""
    row = grid.cells[layout.header]
    width = 3 if layout.three_cells else 1
    rounds = {c + k for _, c in layout.rounds for k in range(width)}
    for c in range(len(row)):
        if row[c] or c in rounds:
            continue
        values = [grid.text(r, c) for r in data]
        if any(values) and all(not v or _TITLE.match(v) for v in values):
            return c
    return None


def _key(grid: _Cells, r: int, layout: _Layout) -> int:
    return int(grid.text(r, layout.key).rstrip("."))


def _player_order(grid: _Cells, layout: _Layout, data: list[int]) -> list[int]:
    """Players in starting order when the table is in rank order and gives the starting
    numbers; otherwise in the table's order."""
    if not layout.key_is_rank or layout.start is None:
        return list(range(len(data)))
    starts = [_int_cell(grid, r, layout.start, grid.text(layout.header, layout.start))
              for r in data]
    return sorted(range(len(data)), key=lambda i: (starts[i] is None, starts[i] or 0, i))


def _int_cell(grid: _Cells, r: int, c: int, what: str) -> int | None:
    text = grid.text(r, c)
    if not text:
        return None
    value = _number(text)
    if value is None or not float(value).is_integer():
        raise InputError(f"unreadable {what}", grid.place(r, c), found=repr(text),
                         expected="a whole number")
    return int(value)


def _number(text: str) -> float | None:
    compact = text.replace(" ", "").replace("½", ".5")
    if compact.startswith(".5") and len(compact) == 2:
        compact = "0.5"
    if not _NUMBER.match(compact):
        return None
    return float(compact.replace(",", "."))


def _published_value(text: str) -> object:
    if not text:
        return None
    value = _number(text)
    if value is None:
        return text
    return int(value) if value.is_integer() else value


def _player(grid: _Cells, layout: _Layout, r: int, index: int, points_column: int | None,
            has_results: bool) -> Player:
    header = grid.cells[layout.header]
    key = _key(grid, r, layout)
    start = (_int_cell(grid, r, layout.start, header[layout.start])
             if layout.start is not None else None)
    if layout.start is not None and start is None:
        raise InputError(f"missing {header[layout.start]!r}", grid.place(r, layout.start),
                         found="a blank cell", expected="the player's starting number")
    rating = (_int_cell(grid, r, layout.rating, header[layout.rating])
              if layout.rating is not None else None)
    fide_id = grid.text(r, layout.fide_id).removesuffix(".0")
    if fide_id and not fide_id.isdigit():
        raise InputError("unreadable FIDE id", grid.place(r, layout.fide_id),
                         found=repr(fide_id), expected="digits")
    sex = grid.text(r, layout.sex).lower()[:1] or None
    birth, birth_year = parse_birth(grid.text(r, layout.birth))
    points = None
    if has_results and points_column is not None:
        text = grid.text(r, points_column)
        value = _number(text) if text else None
        if text and value is None:
            raise InputError("unreadable points", grid.place(r, points_column),
                             found=repr(text), expected="points such as 6,5 or 6.5")
        points = None if value is None else round(value * 100)
    rank = (_int_cell(grid, r, layout.rank, header[layout.rank])
            if layout.rank is not None else None)
    title = grid.text(r, layout.title).upper() or None
    return Player(
        index=index,
        id=start if start is not None else key,
        name=grid.text(r, layout.name),
        rating=rating or None,
        sex={"f": "w"}.get(sex or "", sex) if sex in ("m", "w", "f") else None,
        title=title,
        federation=grid.text(r, layout.federation) or None,
        fide_id=fide_id if fide_id.strip("0") else None,
        birth=birth,
        birth_year=birth_year,
        declared_points=points,
        declared_rank=rank,
        line=grid.place(r, None).line,
    )


# ------------------------------------------------------------------------ preamble


@dataclass
class _Info:
    name: str | None = None
    start: date | None = None
    end: date | None = None
    rounds: int | None = None
    city: str | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    time_control: str | None = None
    type: str | None = None
    places: dict[str, Place] = field(default_factory=dict)


def _label(text: str) -> str | None:
    """The field a preamble label gives, 'other' for a known label that gives none."""
    bare = re.sub(r"\([^)]*\)", "", text).strip().rstrip(":").strip()
    return PREAMBLE_LABELS.get(fold(bare))


def _preamble(grid: _Cells, header: int, title: str | None) -> _Info:
    info = _Info(name=title.strip() if title and title.strip() else None)
    for r in range(header):
        cells = [(c, text) for c, text in enumerate(grid.cells[r]) if text]
        if not cells:
            continue
        label: str | None = None
        value_text, value_col = "", cells[0][0]
        first = cells[0][1]
        if len(cells) >= 2:
            label = _label(first)
            value_col = cells[1][0]
            value_text = " ".join(text for _, text in cells[1:])
        elif ":" in first:
            head, _, tail = first.partition(":")
            label = _label(head)
            value_text = tail.strip()
        if label is None and len(cells) == 1 and info.name is None \
                and not _LAYOUT_TITLE.search(first):
            info.name = first
            continue
        if label is None or label == "other" or not value_text:
            continue
        place = grid.place(r, value_col)
        _take(info, label, value_text, place)
    return info


def _take(info: _Info, label: str, value: str, place: Place) -> None:
    if label in info.places:
        return
    info.places[label] = place
    if label == "date":
        tokens = _DATE_TOKEN.findall(value)
        if not tokens:
            raise InputError("unreadable date", place, found=repr(value),
                             expected="a date such as 2026/08/01 or 01.08.2026")
        info.start = parse_date(tokens[0], place, "start date")
        info.end = parse_date(tokens[-1], place, "end date")
    elif label == "rounds":
        match = re.match(r"\d+", value)
        if not match:
            raise InputError("unreadable number of rounds", place, found=repr(value),
                             expected="a whole number")
        info.rounds = int(match.group())
    elif label == "federation":
        code = re.search(r"\(\s*([A-Z]{3})\s*\)", value)
        info.federation = code.group(1) if code else value
    else:
        setattr(info, label, value)


def _annotations(grid: _Cells, header: int, data: list[int]) -> list[tuple[int, str]]:
    """The tie-break annotation lines (``Tie Break1: points (game-points)``), with their
    line (page) or row (sheet)."""
    found = []
    last = data[-1] if data else header
    for r in [*range(0, header), *range(last + 1, len(grid.cells))]:
        for text in grid.cells[r]:
            for part in re.split(r"(?=Tie\s*Break\s*\d)", text, flags=re.IGNORECASE):
                if _TIE_BREAK.match(part.strip()):
                    found.append((grid.place(r, None).line or r + 1, part.strip()))
    return found


def _points_tie_break(grid: _Cells, layout: _Layout,
                      annotations: list[tuple[int, str]]) -> int | None:
    """The tie-break column the annotation calls the points, when there is no Pts. column."""
    for _, text in annotations:
        match = _TIE_BREAK.match(text)
        assert match is not None
        description = fold(match.group(2))
        if description.startswith(("points", "pts", "punkte", "gamepoints")):
            wanted = f"tb{match.group(1)}"
            for c in layout.published:
                if fold(grid.text(layout.header, c)) == wanted:
                    return c
    return None


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


def _swiss_pairings(grid: _Cells, layout: _Layout, rows: list[int],
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


def _swiss_cell(grid: _Cells, r: int, c: int) -> _Cell | None:
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
    raise InputError(f"round {_round_of(grid, c)}: unknown round cell", place,
                     found=repr(text), expected=_CELL_EXPECTED)


def _round_of(grid: _Cells, c: int) -> str:
    for r in range(len(grid.cells)):
        match = _ROUND_HEADER.match(fold(grid.text(r, c)))
        if match:
            return match.group(1) or match.group(2)
    return "?"


def _three_cells(grid: _Cells, r: int, c: int) -> _Cell | None:
    """Swiss-Manager's own layout: opponent (by rank), colour, result in three cells."""
    opponent, colour, result = (grid.text(r, c + k) for k in range(3))
    if not (opponent or colour or result):
        return None
    place = grid.place(r, c)
    text = " ".join(x or "·" for x in (opponent, colour, result))
    number = opponent.removesuffix(".0")
    colour_key = colour.lower()
    if colour_key not in _COLOUR or (number and not number.isdigit()):
        raise InputError(f"round {_round_of(grid, c)}: unknown round cells", place,
                         found=repr(text), expected="opponent, colour w/b/- and result 1 ½ 0 + -")
    if number and number.strip("0"):
        if result and result not in _RESULT_TOKEN:
            raise InputError(f"round {_round_of(grid, c)}: unknown result", grid.place(r, c + 2),
                             found=repr(result), expected="1, ½, 0, + or -")
        return _Cell(int(number), _COLOUR[colour_key],
                     _RESULT_TOKEN[result] if result else None, place, text)
    if result not in _BYE_TOKEN and result:
        raise InputError(f"round {_round_of(grid, c)}: unknown bye", grid.place(r, c + 2),
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


def _grid_pairings(grid: _Cells, layout: _Layout, rows: list[int], index_of_key: dict[int, int],
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
        own = _key(grid, r, layout)
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
