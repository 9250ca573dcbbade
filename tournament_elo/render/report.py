"""The report set of a rated event (``rate --out DIR``): the HTML page, the workbook, the
CSV copies of every table and the JSON result, rendered before the first file is written
so that a failure leaves the folder as it was."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n.message import N_
from .collector import without_collector
from .html import render_html
from .json import game_columns, player_columns, to_json
from .tables import report_tables, table_csv_bytes, xlsx_sheets
from .view import report_view
from .writers import csv_column_bytes, write_files, xlsx_bytes

if TYPE_CHECKING:
    from ..rating.engine import RatingResult


def write_reports(result: RatingResult, out_dir: Path, lang: str,
                  inputs: Iterable[Path] = ()) -> list[Path]:
    """Write report.html, report.xlsx (the report's tables, :func:`~.tables.xlsx_sheets`),
    players.csv, games.csv, the CSV copies of the report's tables
    (:func:`~.tables.report_tables`: crosstable.csv, rating_report.csv,
    starting_rank.csv, pairings.csv, grid.csv, norms.csv) and result.json into
    ``out_dir``; returns the paths written.  Nothing is written over ``inputs`` (the
    files the event was read from) or over a file this tool did not write
    (:class:`~.writers.OutputFolder`)."""
    return write_files(out_dir, report_files(result, lang), N_("the reports"), inputs)


@without_collector
def report_files(result: RatingResult, lang: str) -> dict[str, bytes]:
    """The report set's files by name, rendered in memory (the desk's ZIP download)."""
    data = to_json(result)
    view = report_view(result, lang)  # the page and the tables read the same standings
    tables = report_tables(result, lang, view)
    contents = {
        "report.html": render_html(result, lang, view=view).encode("utf-8"),
        "report.xlsx": xlsx_bytes(xlsx_sheets(tables)),
        "players.csv": csv_column_bytes(*player_columns(result)),
        "games.csv": csv_column_bytes(*game_columns(result)),
        **{t.file: table_csv_bytes(t) for t in tables if t.rows or not t.optional},
        # The document already made, written as write_json writes it (compact).
        "result.json": (json.dumps(data, ensure_ascii=False, allow_nan=False)
                        + "\n").encode("utf-8"),
    }
    if result.teams is not None:  # a team event: its team reports beside
        from .teams import team_report_files

        contents |= team_report_files(result.teams, lang)
    return contents
