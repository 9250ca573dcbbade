"""Aligned plain-text tables for the terminal: instant for thousands of rows, and a
name is printed as given (no markup is read into it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n.labels import labels
from .format import fmt_tiebreak

if TYPE_CHECKING:
    from ..rating.engine import RatingResult


def cell_text(value: object) -> str:
    if value is None or value != value:  # None or NaN
        return ""
    if isinstance(value, bool):  # as a CSV writes it
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    return str(value)


def text_table(header: Sequence[str], rows: Sequence[Sequence[object]],
               left: Sequence[int] = ()) -> list[str]:
    """The lines of a table; columns in ``left`` are left-aligned, the rest right."""
    body = [[cell_text(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in [list(header), *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *map(line, body)]


def player_lines(result: RatingResult, lang: str) -> list[str]:
    """The event's title line and its player table, in standings order, with the
    system's columns (:attr:`~tournament_elo.systems.terms.ReportTerms.terminal`) and a
    column per tie-break after the points, with the decimals it is published with."""
    words = labels(lang)
    event = result.event
    title = f"{event.name} — {result.system.name}"
    if event.rounds_played < event.rounds:
        title += f" — {words['after_round']} {event.rounds_played}/{event.rounds}"
    columns = list(result.system.terms.terminal)
    codes = result.standings.codes
    at = next(i for i, (key, _) in enumerate(columns) if key == "points") + 1
    players = result.player_table
    order = result.standing_rows
    values = {key: players.values(key) for key, _ in columns}
    places = result.tiebreak_decimals
    values.update({code: [fmt_tiebreak(v, places[code])
                          for v in result.standings.values[code].tolist()] for code in codes})
    keys = [key for key, _ in columns]
    keys[at:at] = codes
    header = [words.get(label, label) for _, label in columns]
    header[at:at] = codes
    rows = [[values[key][i] for key in keys] for i in order]
    return [title, *text_table(header, rows, left=[keys.index("name")])]
