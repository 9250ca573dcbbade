"""The report's tables as rows of values (numbers as numbers): the sheets of
``report.xlsx`` and the CSV copies beside it, built once from the same view as the HTML."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .collector import without_collector
from .format import Writing, title_of
from .prizes import prize_sheet
from .view import (
    ReportView,
    Round,
    Standings,
    crosstable_figures,
    grid_cells,
    grid_marks,
    heading,
    norm_rows,
    report_view,
    starting_rank,
    tiebreak_values,
    values,
)
from .writers import csv_column_bytes

if TYPE_CHECKING:
    from ..rating.engine import RatingResult

Sheet = tuple[list[str], list[list[Any]]]


def _crosstable_sheet(result: RatingResult, how: Writing, table: Standings) -> Sheet:
    terms = result.system.terms
    columns = crosstable_figures(terms, table.codes)
    words = how.words
    header = [words[k] for k in ("rank", "id", "title", "name")]
    header += [heading(terms.start, how), words["federation"]]
    header += [str(n) for n in table.rounds]
    header += [heading(c, how) for c in columns]
    players = table.players
    stats = zip(*(tiebreak_values(c, players) for c in columns), strict=True)
    rows = [[p["rank"], p["id"], title_of(p["title"]) or None, p["name"], rating,
             p["federation"], *(cell or None for cell in table.cells[p["id"]]), *line]
            for p, rating, line in zip(players, values(terms.start, players), stats,
                                       strict=True)]
    return header, rows


def _rating_report_sheet(result: RatingResult, how: Writing, table: Standings) -> Sheet:
    """The event rating report of the HTML page, numbers as numbers."""
    figures = result.system.terms.event_report
    header = [how.words["id"], how.words["name"], *(heading(f, how) for f in figures)]
    players = table.players
    columns = zip(*(values(f, players) for f in figures), strict=True)
    rows = [[p["id"], p["name"], *line] for p, line in zip(players, columns, strict=True)]
    return header, rows


def _pairings_sheet(pairings: list[Round], how: Writing) -> Sheet:
    """Every board of every round (the HTML pairings), then the round's byes; each
    player's rating and points before the round follow the result."""
    words = how.words
    header = [words["round"], words["board"], words["white_no"], words["white"],
              words["black_no"], words["black"], words["result"], words["white_rating"],
              words["white_points"], words["black_rating"], words["black_points"]]
    rows: list[list[Any]] = []
    for day in pairings:
        people = day.people
        for board, (w, b, result, w_points, b_points) in enumerate(zip(
                day.white, day.black, day.result, day.white_points, day.black_points,
                strict=True), start=1):
            white, black = people[w], people[b]
            rows.append([day.round, board, w, white["name"], b, black["name"], result or None,
                         white["rating"], w_points, black["rating"], b_points])
        for bye in day.byes:
            rows.append([day.round, None, bye["key"], bye["name"], None, bye["kind"],
                         bye["score"], bye["rating"], bye["points"], None, None])
    return header, rows


def _starting_rank_sheet(result: RatingResult, how: Writing, table: Standings) -> Sheet:
    """The starting-rank list of the HTML page: players by start number."""
    words = how.words
    header = [words["id"], words["title"], words["name"], words["federation"],
              words["fide_id"], heading(result.system.terms.start, how)]
    rows = [[r["key"], r["title"] or None, r["name"], r["federation"] or None, r["fide_id"],
             r["rating"]] for r in starting_rank(table, result.system.terms.start, how)]
    return header, rows


def _grid_sheet(how: Writing, table: Standings) -> Sheet:
    """The round-robin grid of the HTML page: one column per opponent, by start number."""
    words = how.words
    players = table.players
    marks = grid_marks(table)
    header = [words["rank"], words["id"], words["name"], *(str(p["id"]) for p in players),
              words["points"]]
    rows = [[p["rank"], p["id"], p["name"], *(c or None for c in grid_cells(p, players, marks)),
             p["points"]] for p in players]
    return header, rows


def _norms_sheet(result: RatingResult, how: Writing) -> Sheet | None:
    """The norms of the HTML page (systems with norms), the failed conditions joined;
    for an event in progress, what the rounds to come must bring."""
    words = how.words
    found = norm_rows(result, words)
    if found is None:
        return None
    header = [words["id"], words["name"], words["title"], words["met"], words["games_rated"],
              words["ra"], words["rp"], words["failed"]]
    rows = [[n["id"], n["name"], n["title"], n["met"], n["games"], n["average"],
             n["performance"], "; ".join(n["failed"]) or None] for n in found]
    if result.event.rounds_played < result.event.rounds:  # in progress: the forecasts
        header.append(words["norm_to_come"])
        for row, n in zip(rows, found, strict=True):
            row.append(n["forecast"])
    return header, rows


@dataclass(frozen=True)
class ReportTable:
    """A table of the HTML page, as a sheet of report.xlsx and as a CSV file.

    ``optional``: the CSV file is written only when the table has rows.
    """

    sheet: str
    file: str
    header: list[str]
    rows: list[list[Any]]
    optional: bool = False


@without_collector
def report_tables(result: RatingResult, lang: str,
                  view: ReportView | None = None) -> list[ReportTable]:
    """The crosstable, the event rating report, the starting rank, the pairings and,
    when the event has them, the round-robin grid, the norms and the prizes, numbers as
    numbers
    (``view``: the result's :func:`~.view.report_view` in ``lang``, when the caller has
    made it already).
    """
    shown = view or report_view(result, lang)
    how, table = shown.how, shown.table
    tables = [ReportTable("Crosstable", "crosstable.csv", *_crosstable_sheet(result, how, table)),
              ReportTable("Rating report", "rating_report.csv",
                          *_rating_report_sheet(result, how, table)),
              ReportTable("Starting rank", "starting_rank.csv",
                          *_starting_rank_sheet(result, how, table)),
              ReportTable("Pairings", "pairings.csv", *_pairings_sheet(shown.pairings, how),
                          optional=True)]
    if result.event.type.value == "round-robin":
        tables.append(ReportTable("Grid", "grid.csv", *_grid_sheet(how, table)))
    norms_sheet = _norms_sheet(result, how)
    if norms_sheet is not None:
        tables.append(ReportTable("Norms", "norms.csv", *norms_sheet, optional=True))
    prizes = prize_sheet(result, lang)
    if prizes is not None:
        tables.append(ReportTable("Prizes", "prizes.csv", *prizes))
    return tables


def xlsx_sheets(tables: list[ReportTable]) -> list[tuple[str, list[str], list[list[Any]]]]:
    """The sheets of report.xlsx: the report's tables (:func:`report_tables`), each once,
    as the HTML page shows them and in its language.  The JSON's flat tables are not
    repeated there: they are players.csv, games.csv and result.json beside it."""
    return [(t.sheet, t.header, t.rows) for t in tables]


def table_csv_bytes(table: ReportTable) -> bytes:
    """A report table as CSV (:func:`~.writers.csv_column_bytes`), whole numbers without
    ``.0``."""
    return csv_column_bytes(table.header, list(zip(*table.rows, strict=True)), whole=True)
