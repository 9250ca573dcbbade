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

This module wires four others: :mod:`.html_tables` (a page's rows, by lxml) and
:mod:`.workbook_sheets` (a workbook's) turn the file into rows of cells,
:mod:`.crosstable_layout` reads their header, players and preamble, and
:mod:`.crosstable_pairings` their round cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import message
from ..model import Event, EventDraft, EventFields, EventType, ListEntry
from .checks import checked_event
from .common import detect_event_type, event_type_from_text, index_players
from .crosstable_layout import (
    Cells,
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
    spread,
    tie_break_notes,
)
from .crosstable_pairings import berger_round, grid_pairings, grid_rounds, swiss_pairings
from .sheet_cells import cell_text
from .table import is_workbook
from .text import Readable, read_text
from .values import MAX_RATING, birth
from .workbook_sheets import Sheet, is_legacy_workbook, load_sheets, merged_ranges

if TYPE_CHECKING:
    from .html_tables import Page

__all__ = [
    "berger_round",
    "is_crosstable_rows",
    "is_crosstable_workbook",
    "read_chessresults",
    "read_chessresults_list",
    "read_crosstable_rows",
    "read_crosstable_workbook",
]

#: chess-results.com puts its own name before the event's in a page's title.
_SERVER_PREFIX = re.compile(r"^chess-results server\s+chess-results\.com\s*-\s*", re.I)

# ------------------------------------------------------------------------ entry points


def read_chessresults(path: Readable, encoding: str | None = None) -> Event:
    """Read a saved chess-results.com page: a crosstable, or a starting-rank list (an event
    whose players are known and whose games are not)."""
    return checked_event(chessresults_draft(path, encoding))


def chessresults_draft(path: Readable, encoding: str | None = None) -> EventDraft:
    """What a saved chess-results.com page gives, before the checks."""
    source = str(path)
    page = _read_page(path, encoding)
    if not any(cells for cells, _ in page.rows):
        raise InputError("the page has no tables", Place(source),
                         expected="a chess-results crosstable page")
    return crosstable_rows_draft(
        [cells for cells, _ in page.rows], source, None,
        title=page.heading or _SERVER_PREFIX.sub("", page.title),
        lines=[lines for _, lines in page.rows], source_format="chess-results-html",
    )


def read_crosstable_workbook(path: Readable) -> Event:
    """Read a Swiss-Manager / chess-results crosstable exported as ``.xlsx`` (or ``.xls``,
    where the ``xlrd`` package is installed)."""
    return checked_event(crosstable_workbook_draft(path))


def crosstable_workbook_draft(path: Readable) -> EventDraft:
    """What a crosstable workbook gives, before the checks."""
    source = str(path)
    sheets = load_sheets(path)
    chosen = _crosstable_sheet(sheets, source)
    rows, numbers = spread(chosen.rows)
    return crosstable_rows_draft(
        rows, source, chosen.name, numbers=numbers, merged=merged_ranges(path, chosen),
        source_format="crosstable-xls" if chosen.legacy else "crosstable-xlsx",
    )


def read_chessresults_list(path: Readable, encoding: str | None = None) -> list[ListEntry]:
    """A chess-results starting-rank list (page or export) as rating-list entries for
    :func:`tournament_elo.model.apply_rating_list` (``--ratings``): each entry keyed by
    the starting number and the FIDE id, with the rating, federation and birth it gives."""
    source = str(path)
    if is_workbook(path) or is_legacy_workbook(path):
        sheet = _crosstable_sheet(load_sheets(path), source)
        grid = Cells.of_sheet(source, sheet.name, sheet.rows)
    else:
        page = _read_page(path, encoding)
        grid = Cells.of_values(source, None, [c for c, _ in page.rows],
                               [ln for _, ln in page.rows])
    header = find_header(grid)
    if header is None:
        raise no_header(grid)
    layout = read_layout(grid, header)
    table = player_rows(grid, layout)
    entries = []
    for r in table:
        start = grid.text(r, layout.start) if layout.start is not None else ""
        fide_id = grid.text(r, layout.fide_id) if layout.fide_id is not None else ""
        rating = (int_cell(grid, r, layout.rating, "rating", MAX_RATING)
                  if layout.rating is not None else None)
        born, year = birth(grid.text(r, layout.birth), grid.place(r, layout.birth))
        entries.append(ListEntry(
            place=grid.place(r, None),
            id=start.rstrip(".") or None,
            fide_id=fide_id if fide_id.strip("0") else None,
            name=grid.text(r, layout.name) or None,
            rating=rating,
            birth=born,
            birth_year=year,
            federation=(grid.text(r, layout.federation) or None)
            if layout.federation is not None else None,
        ))
    return entries


def _read_page(path: Readable, encoding: str | None) -> Page:
    from .html_tables import parse_page  # lxml is loaded for pages only

    return parse_page(read_text(path, encoding))


def is_crosstable_rows(rows: Sequence[Sequence[object]]) -> bool:
    """Whether these sheet rows hold a crosstable: a header row with a Name column, a
    ``No.``/``SNo``/``Rk.``/``Rank`` column and round columns (``1.Rd``, or the grid's
    ``1 2 3 …``)."""
    grid = Cells.of_values("", None, rows)
    header = find_header(grid)
    if header is None:
        return False
    kinds = [header_kind(text) for text in grid.cells[header]]
    return any(k in ("round", "grid") for k in kinds)


def is_crosstable_workbook(path: Readable) -> bool:
    """Whether a workbook is a Swiss-Manager / chess-results crosstable (some sheet passes
    :func:`is_crosstable_rows`) rather than a players/games workbook."""
    try:
        sheets = load_sheets(path)
    except InputError:
        return False
    return any(is_crosstable_rows([row.cells for row in sheet.rows]) for sheet in sheets)


def _crosstable_sheet(sheets: list[Sheet], source: str) -> Sheet:
    """The first sheet with a crosstable header row."""
    filled = [s for s in sheets if any(cell_text(v) for row in s.rows for v in row.cells)]
    if not filled:
        raise InputError("the workbook is empty", Place(source),
                         found="no sheet with a filled cell",
                         expected="a crosstable export (a header row with No., Name, 1.Rd …)")
    for sheet in filled:
        grid = Cells.of_sheet(source, sheet.name, sheet.rows)
        if find_header(grid) is not None:
            return sheet
    first = filled[0]
    raise no_header(Cells.of_sheet(source, first.name, first.rows))


# ------------------------------------------------------------------------ the crosstable


def read_crosstable_rows(rows: Sequence[Sequence[object]], source: str,
                         sheet: str | None = None, **options: Any) -> Event:
    """The event of a crosstable given as rows of cell values, ``options`` those of
    :func:`crosstable_rows_draft`."""
    return checked_event(crosstable_rows_draft(rows, source, sheet, **options))


def crosstable_rows_draft(
    rows: Sequence[Sequence[object]],
    source: str,
    sheet: str | None = None,
    *,
    title: str | None = None,
    lines: Sequence[Sequence[int | None]] | None = None,
    numbers: Sequence[int] | None = None,
    merged: Sequence[tuple[int, int, int, int]] = (),
    source_format: str = "crosstable",
) -> EventDraft:
    """What a crosstable given as rows of cell values gives, before the checks.

    ``sheet`` names the sheet (places are then cells such as ``G12``, in the sheet's row
    ``numbers`` where given); ``lines`` gives, for a page, each cell's line in the file
    (places are then lines); ``title`` is the event name when the rows' own preamble
    should not be searched for one; ``merged`` lists the merged cell ranges of the sheet,
    0-based ``(first row, first column, last row, last column)``.
    """
    grid = Cells.of_values(source, sheet, rows, lines, numbers)
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
    index_players(keys, lambda at: grid.place(data[at], layout.key),
                  "rank" if layout.key_is_rank else "starting number")
    order = player_order(grid, layout, data)
    players = [
        read_player(grid, layout, data[at], row, points_column, bool(layout.rounds or layout.grid))
        for row, at in enumerate(order)
    ]
    ids = [p.id for p in players]
    if layout.key_is_rank and layout.start is not None:
        index_players(ids, lambda row: grid.place(data[order[row]], layout.start),
                      "starting number")
    index_of_key = {keys[at]: row for row, at in enumerate(order)}
    ordered_rows = [data[at] for at in order]
    if layout.grid:
        cycles, built = grid_pairings(grid, layout, ordered_rows, index_of_key, players)
        planned = grid_rounds(len(players)) * cycles
    else:
        built = swiss_pairings(grid, layout, ordered_rows, index_of_key)
        planned = len(layout.rounds)
    pairings, places = built

    def place_of_player(index: int) -> Place:
        r = ordered_rows[index]
        return grid.place(r, points_column if points_column is not None else None)

    later: list[InputWarning] = []
    last_round = int(pairings.round.max()) if len(pairings) else 0
    declared_rounds = info.rounds
    if declared_rounds is not None and declared_rounds < max(planned, last_round):
        later.append(InputWarning(
            info.places.get("rounds", grid.place(header, None)),
            message("the event declares {} rounds but the crosstable has {}",
                    declared_rounds, max(planned, last_round)),
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
    return EventDraft(
        EventFields(
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
            published=published,
        ),
        row_place=places.__getitem__,
        fide_id_place=lambda i: grid.place(ordered_rows[i], layout.fide_id),
        points_place=place_of_player, problems=Problems(),
        # A grid puts its games in the Berger table's rounds, not in the order they were
        # played: a game not played yet may stand before a round with results.
        check_left_out_results=False,
        later_warnings=tuple(later),
    )
