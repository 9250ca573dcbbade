"""The report set of a rated event (``rate --out DIR``): the HTML page, the workbook, the
CSV copies of every table and the JSON result, rendered before the first file is written
so that a failure leaves the folder as it was."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .html import render_html
from .json import to_json, write_json
from .tables import flat_table, report_tables, table_csv_bytes, xlsx_sheets
from .writers import csv_bytes, write_files, xlsx_bytes

if TYPE_CHECKING:
    from ..engine import RatingResult


def write_reports(result: RatingResult, out_dir: Path, lang: str,
                  inputs: Iterable[Path] = ()) -> list[Path]:
    """Write report.html, report.xlsx, players.csv, games.csv, the CSV copies of the
    report's tables (:func:`~.tables.report_tables`: crosstable.csv, rating_report.csv,
    starting_rank.csv, pairings.csv, grid.csv, norms.csv) and result.json into
    ``out_dir``; returns the paths written.  Nothing is written over ``inputs`` (the
    files the event was read from) or over a file this tool did not write
    (:class:`~.writers.OutputFolder`)."""
    data = to_json(result)
    players = flat_table(data["players"])
    games = flat_table(data["games"])
    tables = report_tables(result, lang)
    contents = {
        "report.html": render_html(result, lang).encode("utf-8"),
        "report.xlsx": xlsx_bytes(xlsx_sheets(result, lang, players, games, tables)),
        "players.csv": csv_bytes(*players),
        "games.csv": csv_bytes(*games),
        **{t.file: table_csv_bytes(t) for t in tables if t.rows or not t.optional},
        "result.json": _json_bytes(result),
    }
    if result.event.teams is not None:  # a team event: its team reports beside
        from ..teams.report import team_report
        from .teams import team_report_files

        contents |= team_report_files(team_report(result.event), lang)
    return write_files(out_dir, contents, "the reports", inputs)


def _json_bytes(result: RatingResult) -> bytes:
    """The JSON result, compact (Python's C encoder is skipped whenever an indent is
    asked for)."""
    buffer = io.StringIO()
    write_json(result, buffer)
    return buffer.getvalue().encode("utf-8")
