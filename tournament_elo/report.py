"""The report set of a rated event: HTML (Jinja), XLSX, CSV and JSON.

:func:`write_reports` builds a *context* here — plain lists of dicts and strings,
every number already formatted — and the templates in ``templates/`` only lay it
out.  Every file is written to a temporary file in the output directory and renamed
onto its final name, so an existing report is never left half-written.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import xlsxwriter

from .engine import RatingResult
from .errors import InputError, Place
from .labels import labels
from .result import records, to_json
from .systems.fide.norms import MIN_GAMES, NORM_EVENT_SETTING, NORM_EVENTS, Condition
from .systems.per_game.definition import Title

Row = dict[str, Any]

#: Text starting with one of these is read as a formula by spreadsheets (OWASP CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: TRF title codes as titles are written.
TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
          "wc": "WCM"}
#: Crosstable mark of each TRF result code (W/D/L: a game of less than one move).
MARKS = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "-",
         "H": "½", "F": "1", "U": "1", "Z": "0", " ": ""}
#: Label key describing a result that is not an ordinary game.
KINDS = {"+": "forfeit_win", "-": "forfeit_loss", "W": "short_game", "D": "short_game",
         "L": "short_game", "H": "half_bye", "F": "full_bye", "U": "pairing_bye",
         "Z": "zero_bye"}


def crosstable_cell(result: str, opponent: int | str | None, color: str | None) -> str:
    """One round of a player in the crosstable: ``12w1``, ``5b½``, ``3b+``, ``-½``, ``12w``.

    ``result`` is the TRF result code (``' '``: paired, no result yet); a round
    without opponent (a bye) shows ``-`` and its points.
    """
    if result == " " and opponent is None:
        return ""
    who = "" if opponent is None else str(opponent)
    return f"{who}{color or '-'}{MARKS[result]}"


# --- formatting -----------------------------------------------------------------------


def fmt_int(value: Any) -> str:
    return "" if value is None else str(int(value))


def fmt_points(value: Any) -> str:
    """Points as chess writes them: ``4``, ``3½``, ``½``."""
    if value is None:
        return ""
    whole, half = divmod(round(value * 2), 2)
    if whole * 2 + half != value * 2:
        return f"{value:g}"
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def fmt_change(value: Any) -> str:
    """A rating change, signed, with the one or two decimals it has: ``+7.0``, ``-10.65``."""
    if value is None:
        return ""
    if value == 0:
        return "0.0"
    text = f"{value:+.2f}"
    return text[:-1] if text.endswith("0") else text


def fmt_signed(value: Any) -> str:
    if value is None:
        return ""
    return f"{int(value):+d}" if value else "0"


def fmt_expected(value: Any) -> str:
    return "" if value is None else f"{value:.2f}"


def fmt_date(value: date | None, pattern: str) -> str:
    return "" if value is None else value.strftime(pattern)


def anchor(player_id: int | str) -> str:
    """The HTML id of a player's rating section."""
    return "p-" + "_".join(str(player_id).split())


# --- the context ----------------------------------------------------------------------


def _id_key(player_id: int | str) -> tuple[int, int, str]:
    return (0, player_id, "") if isinstance(player_id, int) else (1, 0, str(player_id))


#: More rounds than this is a game log, not a tournament: no round columns are shown.
CROSSTABLE_MAX_ROUNDS = 60


@dataclass(frozen=True)
class Standings:
    """The player records in standings order, their games and crosstable cells by id."""

    players: list[Row]
    games: dict[Any, list[Row]]
    rounds: list[int]
    cells: dict[Any, list[str]]
    codes: tuple[str, ...] = ()  # the tie-break codes, in the ranking's order


def standings(result: RatingResult) -> Standings:
    """Players in standings order (rank, then start number) with their rounds.

    Each player record gains ``tiebreaks``: code → value (``None`` if not defined),
    from ``result.standings`` (one value per player, in the player table's order).
    """
    players = records(result.players, tuple(result.players.columns))
    values = result.standings.values if result.standings else {}
    for index, p in enumerate(players):
        p["tiebreaks"] = {code: _tiebreak_value(v[index]) for code, v in values.items()}
    players.sort(key=lambda p: (p["rank"] is None, p["rank"] or 0, _id_key(p["id"])))
    rows = sorted(records(result.games, tuple(result.games.columns)), key=lambda g: g["round"])
    # In a round nobody is paired in yet, "Z" means "not paired yet", not "absent": dropped.
    paired = {g["round"] for g in rows if g["opponent"] is not None}
    rows = [g for g in rows if g["round"] in paired or g["result"] != "Z"]
    last = max([result.event.rounds_played, *(g["round"] for g in rows)])
    # A game log (an online platform's, one round per game) has no crosstable to show.
    rounds = list(range(1, last + 1)) if last <= CROSSTABLE_MAX_ROUNDS else []
    games: dict[Any, list[Row]] = {p["id"]: [] for p in players}
    cells = {p["id"]: dict.fromkeys(rounds, "") for p in players}
    for g in rows:
        games[g["player"]].append(g)
        if rounds:
            cells[g["player"]][g["round"]] = crosstable_cell(g["result"], g["opponent"],
                                                             g["color"])
    codes = tuple(result.standings.codes) if result.standings else ()
    return Standings(players, games, rounds,
                     {key: list(row.values()) for key, row in cells.items()}, codes)


def _tiebreak_value(value: Any) -> float | None:
    return None if value is None or value != value else float(value)


def fmt_tiebreak(value: Any) -> str:
    """A tie-break value: ``12``, ``9.5``, ``9.25``; an undefined one is empty."""
    return "" if value is None else f"{value:g}"


@dataclass(frozen=True)
class Notation:
    """How a system's numbers are shown: FIDE's per-event table, or a per-game formula.

    ``expected`` is the symbol of the expected score (FIDE's We, Cờ Đông Sơn's P);
    ``bonus`` and ``multiplier`` say whether R and L are part of the formula.
    """

    per_game: bool
    decimals: int = 0
    expected: str = "We"
    bonus: bool = False
    multiplier: bool = False
    titles: dict[str, Title] = field(default_factory=dict)
    title_kind: str = "title"  # or "tier"
    fixed: frozenset[str] = frozenset()  # ids (as text) of fixed-rated opponents

    @property
    def formula(self) -> str:
        """The change of one game in the system's symbols."""
        term = f"K × (S − {self.expected})"
        if self.multiplier:
            term = "L × " + term
        return "R + " + term if self.bonus else term


def notation(result: RatingResult) -> Notation:
    system = getattr(result.system, "definition", None)
    if system is None:
        return Notation(per_game=False)
    fixed = {str(p.id) for p in result.event.players if p.fixed_rating}
    return Notation(
        per_game=True, decimals=system.decimals,
        expected=system.expected_symbol,
        bonus=bool(system.bonuses), multiplier=system.multiplier is not None,
        titles={t.code: t for t in system.titles},
        title_kind=system.title_kind,
        fixed=frozenset(fixed | set(system.fixed_opponents)),
    )


def fmt_rating(value: Any, decimals: int) -> str:
    """A rating as the system keeps it: ``1621``, ``737.3``."""
    return "" if value is None else f"{value:.{decimals}f}"


def fmt_rating_change(value: Any, decimals: int) -> str:
    """A rating's move, signed, as the system keeps ratings: ``-13``, ``+58.7``, ``0``."""
    if value is None:
        return ""
    return f"{value:+.{decimals}f}" if round(value, decimals) else "0"


def fmt_bonus(value: Any) -> str:
    """R as the rules write it: ``+0.7``, ``-1``, ``0``."""
    return "" if value is None else f"{value:+g}" if value else "0"


def fmt_factor(value: Any) -> str:
    """L as the rules write it: ``1``, ``1.2``, ``2``."""
    return "" if value is None else f"{value:g}"


def title_text(code: Any, note: Notation) -> str:
    """A title with its name: ``T2 – Tiên phong Kỳ thủ – Vanguard``, ``Kỳ Sĩ – … (1K–9K)``."""
    if not code:
        return ""
    title = note.titles.get(code)
    if title is None:
        return str(code)
    text = " – ".join(part for part in (title.code, title.name) if part)
    return f"{text} ({title.note})" if title.note else text


@dataclass(frozen=True)
class Column:
    """A rating column of the crosstable: its label, raw value (spreadsheets) and text."""

    label: str
    value: Callable[[Row], Any]
    text: Callable[[Row], str]
    cls: str = "num"
    hint: Callable[[Row], str] | None = None
    head_cls: str | None = None  # the header's class, if not ``cls``
    literal: bool = False  # ``label`` is shown as it is (a C.07 code), not looked up

    def heading(self, words: dict[str, str]) -> str:
        return self.label if self.literal else words[self.label]


def with_tiebreaks(columns: list[Column], codes: Sequence[str]) -> list[Column]:
    """``columns`` with one column per tie-break code right after the points."""
    def column(code: str) -> Column:
        return Column(code, lambda p: p["tiebreaks"].get(code),
                      lambda p: fmt_tiebreak(p["tiebreaks"].get(code)), "num tb", literal=True)

    extra = [column(code) for code in codes]
    at = next((i + 1 for i, c in enumerate(columns) if c.label == "points"), len(columns))
    return [*columns[:at], *extra, *columns[at:]]


def _rating_move(note: Notation) -> Callable[[Row], Any]:
    """A per-game player's rounded change; none for a fixed-rated opponent (an AI)."""
    def moved(p: Row) -> Any:
        return None if str(p["id"]) in note.fixed else p["change_rounded"]
    return moved


def crosstable_columns(note: Notation) -> tuple[Column, list[Column]]:
    """The rating column before the rounds and the columns after them."""
    points = Column("points", lambda p: p["points"], lambda p: fmt_points(p["points"]), "num pts")
    if not note.per_game:
        def change(p: Row) -> Any:
            return p["change"] if p["rating"] is not None else None

        return Column("rating", lambda p: p["rating"], lambda p: fmt_int(p["rating"])), [
            points,
            Column("k", lambda p: p["k"], lambda p: fmt_int(p["k"])),
            Column("change", change, lambda p: fmt_change(change(p))),
            Column("new_rating", lambda p: p["new_rating"], lambda p: fmt_int(p["new_rating"])),
            Column("rp", lambda p: p["rp"], lambda p: fmt_int(p["rp"])),
        ]
    d = note.decimals

    moved = _rating_move(note)

    after = [
        points,
        Column("change", moved, lambda p: fmt_rating_change(moved(p), d)),
        Column("new_rating", lambda p: p["new_rating"], lambda p: fmt_rating(p["new_rating"], d)),
    ]
    if note.titles:
        after.append(Column(f"{note.title_kind}_after", lambda p: p["title_after"],
                            lambda p: p["title_after"] or "", "ttl",
                            lambda p: title_text(p["title_after"], note), ""))
    return Column("rating_before", lambda p: p["start_rating"],
                  lambda p: fmt_rating(p["start_rating"], d)), after


def _w_minus_we(p: Row) -> Any:
    if p["rating"] is None or p["expected"] is None or p["score_rated"] is None:
        return None
    return round(p["score_rated"] - p["expected"], 2)


def event_report_columns(note: Notation) -> list[Column]:
    """The columns of the event rating report after the number and the name.

    FIDE: the event's W, We, W − We, K, the change unrounded (as FIDE's pages show
    it) and rounded, the new rating, Ra and Rp; a per-game system: the start rating,
    games, score, ΣE, the rating's move, the new rating and the title after.
    """
    if not note.per_game:
        def rated(key: str) -> Callable[[Row], Any]:
            return lambda p: p[key] if p["rating"] is not None else None

        expected, k, change, rounded, new = (rated(key) for key in (
            "expected", "k", "change", "change_rounded", "new_rating"))
        return [
            Column("rating", lambda p: p["rating"], lambda p: fmt_int(p["rating"])),
            Column("games_rated", lambda p: p["games_rated"],
                   lambda p: fmt_int(p["games_rated"])),
            Column("score_rated", lambda p: p["score_rated"],
                   lambda p: fmt_points(p["score_rated"]), "num pts"),
            Column("expected", expected, lambda p: fmt_expected(expected(p))),
            Column("w_minus_we", _w_minus_we, lambda p: fmt_expected(_w_minus_we(p))),
            Column("k", k, lambda p: fmt_int(k(p))),
            Column("change", change, lambda p: fmt_change(change(p))),
            Column("change_rounded", rounded, lambda p: fmt_signed(rounded(p))
                   if rounded(p) is not None else ""),
            Column("new_rating", new, lambda p: fmt_int(new(p))),
            Column("ra", lambda p: p["ra"], lambda p: fmt_int(p["ra"])),
            Column("rp", lambda p: p["rp"], lambda p: fmt_int(p["rp"])),
        ]
    d = note.decimals

    moved = _rating_move(note)

    def expected_sum(p: Row) -> Any:
        return p["expected"] if p["games_rated"] else None

    columns = [
        Column("rating_before", lambda p: p["start_rating"],
               lambda p: fmt_rating(p["start_rating"], d)),
        Column("games_rated", lambda p: p["games_rated"], lambda p: fmt_int(p["games_rated"])),
        Column("score", lambda p: p["score_rated"], lambda p: fmt_points(p["score_rated"]),
               "num pts"),
        Column("Σ" + note.expected, expected_sum, lambda p: fmt_expected(expected_sum(p)),
               literal=True),
        Column("change", moved, lambda p: fmt_rating_change(moved(p), d)),
        Column("new_rating", lambda p: p["new_rating"], lambda p: fmt_rating(p["new_rating"], d)),
    ]
    if note.titles:
        columns.append(Column(f"{note.title_kind}_after", lambda p: p["title_after"],
                              lambda p: p["title_after"] or "", "ttl",
                              lambda p: title_text(p["title_after"], note), ""))
    return columns


def _event_report(table: Standings, note: Notation, words: dict[str, str]) -> Row:
    """The event rating report: one row per player in standings order."""
    columns = event_report_columns(note)
    return {
        "heads": [{"label": c.heading(words), "cls": c.cls if c.head_cls is None else c.head_cls}
                  for c in columns],
        "rows": [{"id": str(p["id"]), "name": p["name"], "anchor": anchor(p["id"]),
                  "cells": [{"text": c.text(p), "cls": c.cls,
                             "hint": c.hint(p) if c.hint else ""} for c in columns]}
                 for p in table.players],
    }


def build_context(result: RatingResult, lang: str) -> dict[str, Any]:
    """Everything the HTML template shows, as strings in lists of dicts."""
    words = labels(lang)
    event = result.event
    note = notation(result)
    table = standings(result)
    by_id = {p["id"]: p for p in table.players}
    rating_column, columns = crosstable_columns(note)
    columns = with_tiebreaks(columns, table.codes)
    lines = [{
        "rank": fmt_int(p["rank"]), "id": str(p["id"]), "anchor": anchor(p["id"]),
        "title": _title(p["title"]), "name": p["name"], "rating": rating_column.text(p),
        "federation": p["federation"] or "", "cells": table.cells[p["id"]],
        "stats": [{"text": c.text(p), "cls": c.cls, "hint": c.hint(p) if c.hint else ""}
                  for c in columns],
    } for p in table.players]
    pattern = words["date_format"]
    dates = dict.fromkeys(d for d in (fmt_date(event.start, pattern),
                                      fmt_date(event.end, pattern)) if d)
    facts = [
        (words["city"], event.city or ""),
        (words["dates"], " – ".join(dates)),
        (words["rounds"], _rounds_text(event.rounds, event.rounds_played, words)),
        (words["type"], words[event.type.value]),
        (words["system"], result.system.name),
        *_system_facts(result, note, words),
        (words["chief_arbiter"], event.chief_arbiter or ""),
        (words["time_control"], event.time_control or ""),
    ]
    return {
        "lang": lang, "t": words, "title": event.name, "system": result.system.name,
        "facts": [(label, value) for label, value in facts if value],
        "rounds": table.rounds, "standings": lines,
        "rating_head": words[rating_column.label],
        "stat_heads": [{"label": c.heading(words),
                        "cls": c.cls if c.head_cls is None else c.head_cls,
                        "hint": words["tiebreak"] if c.literal else ""} for c in columns],
        "has_titles": any(line["title"] for line in lines),
        "game_columns": _game_columns(note, words),
        "legend": _legend(note, words),
        "players": [{**_player_section(p, table.games[p["id"]], by_id, words, note),
                     "chart": score_chart(table.games[p["id"]], table.rounds, words),
                     "rating_chart": rating_chart(
                         rating_series(p, table.games[p["id"]], note), words)}
                    for p in table.players],
        "event_report": _event_report(table, note, words),
        "pairings": _pairings(table, by_id, words),
        "grid": _grid(table) if event.type.value == "round-robin" else None,
        "norms": _norms_context(result, words),
        "warnings": [str(w) for w in result.warnings],
    }


# --- score chart, pairings, grid, norms ---------------------------------------------------


def score_chart(games: list[Row], rounds: list[int], words: dict[str, str]) -> str:
    """A small SVG of a player's cumulative score after each round played (no script).

    Empty when there are no rounds to show (a game log) or no result yet.
    """
    if not rounds:
        return ""
    by_round: dict[int, float] = {}
    done = 0
    for g in games:
        if g["result"] != " " and g["score"] is not None:
            by_round[g["round"]] = by_round.get(g["round"], 0.0) + float(g["score"])
            done = max(done, g["round"])
    if not done:
        return ""
    total, points = 0.0, [(0, 0.0)]
    for r in range(1, done + 1):
        total += by_round.get(r, 0.0)
        points.append((r, total))
    top_score = max(len(rounds), 1)
    label = words["score_by_round"]
    return _svg_chart(points, ChartFrame(
        len(rounds), 0, top_score, ("0", str(top_score)),
        (words["round"], words["points"]), label, f"{label}: {fmt_points(total)}", "score"))


def rating_series(p: Row, games: list[Row], note: Notation) -> list[float]:
    """A player's rating before the event, then after each game that moved it.

    FIDE rates the event as a whole: the rating before it plus the running sum of the
    per-game changes (so the last point is the unrounded new rating).  A per-game
    system keeps the rating after each game.  Empty for a player without a rating
    (FIDE's unrated), a fixed-rated opponent, or no rated game yet.
    """
    rated = [g for g in games if g["expected"] is not None
             and (not note.per_game or g["rating_after"] is not None)]
    if not rated:
        return []
    if note.per_game:
        if p["start_rating"] is None or str(p["id"]) in note.fixed:
            return []
        return [float(p["start_rating"]), *(float(g["rating_after"]) for g in rated)]
    if p["rating"] is None:
        return []
    series = [float(p["rating"])]
    for g in rated:
        series.append(series[-1] + float(g["change"] or 0))
    return series


def fmt_chart_rating(value: float) -> str:
    """A point of the rating chart: ``2150``, ``2151.6``, ``737.3``."""
    return f"{round(value, 2):g}" if abs(value) < 1e5 else str(round(value))


#: The least height of the rating chart's scale, in rating points (a flat line is centred).
RATING_CHART_SPAN = 20


def rating_chart(series: list[float], words: dict[str, str]) -> str:
    """A small SVG of a player's rating before the event and after each rated game."""
    if len(series) < 2:
        return ""
    low, high = math.floor(min(series)), math.ceil(max(series))
    if high - low < RATING_CHART_SPAN:
        low -= (RATING_CHART_SPAN - (high - low)) // 2
        high = low + RATING_CHART_SPAN
    label = words["rating_by_game"]
    summary = " → ".join(fmt_chart_rating(v) for v in series)
    return _svg_chart(list(enumerate(series)), ChartFrame(
        len(series) - 1, low, high, (str(low), str(high)), (words["game"], words["rating"]),
        label, f"{label}: {summary}", "rating"))


@dataclass(frozen=True)
class ChartFrame:
    """The scales and words of a line chart: x from 0 to ``x_max``, y from ``low`` to ``high``."""

    x_max: int
    low: float
    high: float
    y_marks: tuple[str, str]  # the labels of ``low`` and ``high``
    axes: tuple[str, str]  # the x and y axis titles
    label: str  # what the chart shows (its accessible name)
    summary: str  # its <title>: the label and the values
    kind: str  # the chart's class: ``score``, ``rating``


def _svg_chart(points: list[tuple[int, float]], frame: ChartFrame) -> str:
    """An inline SVG line chart, named for screen readers by ``aria-label`` and ``<title>``."""
    width, height, left, bottom, top, right = 200, 90, 30, 20, 8, 8
    span_x, span_y = width - left - right, height - top - bottom
    x_max = max(frame.x_max, 1)

    def x(r: float) -> float:
        return left + span_x * r / x_max

    def y(v: float) -> float:
        return top + span_y * (1 - (v - frame.low) / (frame.high - frame.low))

    line = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in points)
    base = height - bottom
    x_title, y_title = frame.axes
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {frame.kind}"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img"'
        f' aria-label="{_xml(frame.label)}">',
        f"<title>{_xml(frame.summary)}</title>",
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{base}"/>',
        f'<line class="axis" x1="{left}" y1="{base}" x2="{width - right}" y2="{base}"/>',
        f'<polyline class="line" fill="none" points="{line}"/>',
        f'<text x="{left - 3}" y="{base}" text-anchor="end">{_xml(frame.y_marks[0])}</text>',
        f'<text x="{left - 3}" y="{top + 8}" text-anchor="end">{_xml(frame.y_marks[1])}</text>',
        f'<text x="{x(1):.1f}" y="{height - 8}" text-anchor="middle">1</text>',
    ]
    if frame.x_max > 1:
        parts.append(f'<text x="{x(frame.x_max):.1f}" y="{height - 8}" '
                     f'text-anchor="middle">{frame.x_max}</text>')
    parts += [
        f'<text x="{left + span_x / 2:.1f}" y="{height - 1}" text-anchor="middle">'
        f'{_xml(x_title)}</text>',
        f'<text x="4" y="{top + span_y / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 4 {top + span_y / 2:.1f})" dy="4">{_xml(y_title)}</text>',
        "</svg>",
    ]
    return "".join(parts)


def _xml(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _who(p: Row | None, key: Any) -> Row:
    if p is None:
        return {"name": str(key), "id": str(key), "anchor": "", "key": key}
    return {"name": p["name"], "id": str(p["id"]), "anchor": anchor(p["id"]), "key": p["id"]}


def _pairings(table: Standings, by_id: dict[Any, Row], words: dict[str, str]) -> list[Row]:
    """Each round's boards (white – black, result) and its byes, boards by best rank."""
    if not table.rounds:
        return []
    result_of = {(g["player"], g["round"], g["opponent"]): g["result"]
                 for rows in table.games.values() for g in rows}
    rounds: dict[int, Row] = {r: {"round": r, "boards": [], "byes": []} for r in table.rounds}

    def place(key: Any) -> tuple[bool, int, tuple[int, int, str]]:
        p = by_id.get(key)
        rank = p["rank"] if p else None
        return (rank is None, rank or 0, _id_key(key))

    for player, rows in table.games.items():
        for g in rows:
            day = rounds.get(g["round"])
            if day is None:
                continue
            opponent = g["opponent"]
            if opponent is None:
                if g["result"] not in (" ", "Z"):
                    day["byes"].append({**_who(by_id.get(player), player),
                                        "kind": words[KINDS.get(g["result"], "bye")],
                                        "score": MARKS[g["result"]]})
                continue
            if g["color"] == "b" or (g["color"] != "w" and _id_key(player) > _id_key(opponent)):
                continue  # listed from white's (or, without colours, the lower id's) line
            theirs = result_of.get((opponent, g["round"], player), " ")
            text = "" if g["result"] == " " else f"{MARKS[g['result']]}–{MARKS[theirs]}"
            day["boards"].append({"white": _who(by_id.get(player), player),
                                  "black": _who(by_id.get(opponent), opponent),
                                  "result": text,
                                  "order": min(place(player), place(opponent))})
    out = []
    for day in rounds.values():
        if not day["boards"] and not day["byes"]:
            continue
        day["boards"].sort(key=lambda b: b["order"])
        out.append(day)
    return out


def _grid_marks(table: Standings) -> dict[tuple[Any, Any], str]:
    """(player, opponent) → the player's results against him: 1 ½ 0 (several for a double round)."""
    marks: dict[tuple[Any, Any], str] = {}
    for player, rows in table.games.items():
        for g in rows:
            if g["opponent"] is not None and g["result"] != " ":
                key = (player, g["opponent"])
                marks[key] = marks.get(key, "") + MARKS[g["result"]]
    return marks


def _grid_cells(p: Row, players: list[Row], marks: dict[tuple[Any, Any], str]) -> list[str]:
    """One player's line of the grid, ``*`` against himself."""
    return ["*" if q["id"] == p["id"] else marks.get((p["id"], q["id"]), "") for q in players]


def _grid(table: Standings) -> Row | None:
    """The round-robin grid: players × players, 1 ½ 0 (several for a double round), *."""
    if not table.rounds:
        return None
    players = table.players
    marks = _grid_marks(table)
    return {
        "heads": [str(p["id"]) for p in players],
        "rows": [{
            "rank": fmt_int(p["rank"]), "id": str(p["id"]), "name": p["name"],
            "anchor": anchor(p["id"]), "points": fmt_points(p["points"]),
            "cells": _grid_cells(p, players, marks),
        } for p in players],
    }


def condition_text(c: Condition, words: dict[str, str]) -> str:
    """A norm condition as the report's language says it, with how much it failed by."""
    value: int | str = c.value
    bound: int | str = c.bound
    if c.name == "score":
        value, bound = fmt_points(c.value / 100), fmt_points(c.bound / 100)
    text = words[f"norm_{c.name.replace(' ', '_')}"].format(value=value, bound=bound)
    if c.met:
        return text
    if c.name in ("own federation", "one federation"):
        return text + ": " + words["norm_too_many"].format(n=c.value - c.bound)
    short = fmt_points((c.bound - c.value) / 100) if c.name == "score" else c.bound - c.value
    return text + ": " + words["norm_short"].format(n=short)


def _norm_rows(result: RatingResult, words: dict[str, str]) -> list[Row] | None:
    """The norms of players with 9 games or more, numbers as numbers (FIDE systems only)."""
    if result.norms is None:
        return None
    players = result.event.players
    rows: list[Row] = []
    for n in result.norms:
        if n.games < MIN_GAMES:
            continue
        p = players[n.player]
        rows.append({"name": p.name, "id": p.id, "title": n.title, "met": bool(n.met),
                     "games": n.games, "average": n.average, "performance": n.performance,
                     "failed": [condition_text(c, words) for c in n.failures]})
    return rows


def _norms_context(result: RatingResult, words: dict[str, str]) -> Row | None:
    """Met norms, and the missed ones of players with 9 games or more (FIDE systems)."""
    rows = _norm_rows(result, words)
    if rows is None:
        return None
    met: list[Row] = []
    missed: list[Row] = []
    for n in rows:
        line = {"name": n["name"], "id": str(n["id"]), "anchor": anchor(n["id"]),
                "title": n["title"], "games": str(n["games"]), "average": str(n["average"]),
                "performance": str(n["performance"]), "failed": n["failed"]}
        (met if n["met"] else missed).append(line)
    event = dict(result.event.settings).get(NORM_EVENT_SETTING, "ordinary")
    article = NORM_EVENTS.get(event)
    exempt = words["norm_exempt"].format(article=article, event=event) if article else ""
    return {"met": met, "missed": missed, "exempt": exempt}


def _system_facts(result: RatingResult, note: Notation,
                  words: dict[str, str]) -> list[tuple[str, str]]:
    """The pool and the level of a per-game system, for the header."""
    system = getattr(result.system, "definition", None)
    if not note.per_game or system is None:
        return []
    pools = result.players["pool"].dropna().unique().tolist() if "pool" in result.players else []
    facts = [(words["pool"], ", ".join(dict.fromkeys(str(p) for p in pools)))]
    rule = system.multiplier
    if rule is None:
        return facts
    level = result.settings.get(rule.setting, rule.default)
    if level == rule.by_time_control:
        return [*facts, (words["level"], f"{level} (" + words["level_by_time"].format(
            below=f"{rule.below:g}", above=f"{rule.from_threshold:g}",
            minutes=rule.minutes_threshold) + ")")]
    used = sorted({float(v) for v in result.games["multiplier"].dropna()}
                  if "multiplier" in result.games else set())
    value = rule.values.get(level)
    if value is None or (used and used != [value]):  # the level rated with is not known
        return [*facts, (words["level"], "L = " + " / ".join(f"{v:g}" for v in used))]
    return [*facts, (words["level"], f"{level} (L = {value:g})")]


def _game_columns(note: Notation, words: dict[str, str]) -> list[Row]:
    """The columns of a player's games after the round and the opponent."""

    def column(label: str, hint: str = "", sub: str = "", change: bool = False) -> Row:
        return {"label": label, "cls": "num", "hint": hint, "sub": sub, "note": change}

    if not note.per_game:
        return [column(words["opponent_rating"]),
                column(words["difference"], words["difference_note"]),
                column(words["expected"]), column(words["score"]),
                column(words["change"], sub=words["change_formula"], change=True)]
    return [
        column(words["opponent_rating"]), column(words["rating_before"]),
        column(note.expected, words[f"expected_{note.expected}"]), column("K", words["k_note"]),
        column("S", words["score_note"]),
        *([column("R", words["bonus_note"])] if note.bonus else []),
        *([column("L", words["multiplier_note"])] if note.multiplier else []),
        column(words["change"], sub=note.formula, change=True),
        column(words["rating_after"]),
    ]


def _legend(note: Notation, words: dict[str, str]) -> list[tuple[str, str]]:
    """The symbols of a per-game formula, explained once above the players' tables."""
    if not note.per_game:
        return []
    return [(note.expected, words[f"expected_{note.expected}"]), ("K", words["k_note"]),
            ("S", words["score_note"]),
            *([("R", words["bonus_note"])] if note.bonus else []),
            *([("L", words["multiplier_note"])] if note.multiplier else [])]


def _title(code: Any) -> str:
    return "" if not code else TITLES.get(str(code).lower(), str(code))


def _rounds_text(rounds: int, played: int, words: dict[str, str]) -> str:
    if played < rounds:
        return f"{rounds} ({words['after_round']} {played})"
    return str(rounds)


def _game_note(g: Row, words: dict[str, str]) -> str:
    """Why a round changed no rating (empty for a rated game)."""
    if g["result"] == " ":
        return words["not_played"]
    if g["expected"] is not None:
        return ""
    return words["for_first_rating"] if g["rated"] else words["not_rated"]


def _fide_cells(g: Row, p: Row) -> list[str]:
    counted = g["expected"] is not None
    difference = g["difference"]
    if counted and difference is not None and (g["opponent_rating"] or 0) > (p["rating"] or 0):
        difference = -difference
    return [fmt_int(g["opponent_rating"]), fmt_signed(difference) if counted else "",
            fmt_expected(g["expected"]), _score(g),
            fmt_change(g["change"]) if counted else ""]


def _per_game_cells(g: Row, note: Notation, fixed: bool) -> list[str]:
    d = note.decimals
    moves = g["expected"] is not None and not fixed
    cells = [fmt_rating(g["opponent_rating"], d), fmt_rating(g["rating_before"], d),
             "" if g["expected"] is None else f"{g['expected']:.3f}",
             fmt_int(g["k"]) if moves else "", _score(g)]
    if note.bonus:
        cells.append(fmt_bonus(g["bonus"]) if moves else "")
    if note.multiplier:
        cells.append(fmt_factor(g["multiplier"]) if moves else "")
    cells.append("" if not moves else "0.00" if g["change"] == 0 else f"{g['change']:+.2f}")
    cells.append(fmt_rating(g["rating_after"], d) if moves else "")
    return cells


def _kind(g: Row, note: Notation, words: dict[str, str]) -> str:
    """What a round was, if not an ordinary game; a rated '-' is a game both lost."""
    if note.per_game and g["result"] == "-" and g["expected"] is not None:
        return words["both_lost"]
    return words[KINDS[g["result"]]] if g["result"] in KINDS else ""


def _score(g: Row) -> str:
    return "" if g["result"] == " " else fmt_points(g["score"])


def _player_section(p: Row, games: list[Row], by_id: dict[Any, Row],
                    words: dict[str, str], note: Notation) -> Row:
    fixed = note.per_game and str(p["id"]) in note.fixed
    rows = []
    for g in games:
        opponent = by_id.get(g["opponent"]) if g["opponent"] is not None else None
        remark = _game_note(g, words)
        if fixed and not remark and g["opponent"] is not None:
            remark = words["fixed_rating"]
        rows.append({
            "round": str(g["round"]),
            "opponent": opponent["name"] if opponent else "",
            "opponent_id": "" if opponent is None else str(opponent["id"]),
            "opponent_anchor": "" if opponent is None else anchor(opponent["id"]),
            "kind": _kind(g, note, words),
            "cells": _per_game_cells(g, note, fixed) if note.per_game else _fide_cells(g, p),
            "note": remark,
        })
    if note.per_game:
        totals = _per_game_totals(p, words, note, fixed)
        start = fmt_rating(p["start_rating"], note.decimals)
        rating = f'{words["rating"]} {start}'
        if fixed:
            rating += f' ({words["fixed_rating"]})'
        elif p["rating"] is None:
            rating += f' ({words["initial"]})'
    else:
        totals = _fide_totals(p, words)
        rating = f'{words["rating"]} {p["rating"]}' if p["rating"] is not None \
            else words["unrated"]
    return {
        "anchor": anchor(p["id"]), "id": str(p["id"]), "name": p["name"],
        "title": _title(p["title"]), "federation": p["federation"] or "",
        "rating": rating, "rank": fmt_int(p["rank"]), "games": rows,
        "totals": [(label, value, wide) for label, value, wide in totals if value],
    }


Total = tuple[str, str, bool]  # label, value, whether it needs a wide cell


def _fide_totals(p: Row, words: dict[str, str]) -> list[Total]:
    rated = p["rating"] is not None
    totals = [
        (words["rating"], fmt_int(p["rating"]) if rated else words["unrated"]),
        (words["points"], fmt_points(p["points"])),
        (words["games_rated"], str(p["games_rated"])),
        (words["score_rated"], fmt_points(p["score_rated"])),
    ]
    if rated:
        totals += [
            (words["expected"], fmt_expected(p["expected"])),
            (words["need"], fmt_points(p["need"])),
            (words["k"], fmt_int(p["k"])),
            (words["change"], fmt_change(p["change"])),
            (words["change_rounded"], fmt_signed(p["change_rounded"])),
            (words["new_rating"], fmt_int(p["new_rating"])),
        ]
    totals += [
        (words["ra"], fmt_int(p["ra"])),
        (words["dp"], fmt_int(p["dp"])),
        (words["rp"], fmt_int(p["rp"])),
        (words["ru"], fmt_int(p["ru"])),
    ]
    return [(label, value, False) for label, value in totals]


def _per_game_totals(p: Row, words: dict[str, str], note: Notation, fixed: bool) -> list[Total]:
    d = note.decimals
    before, after = fmt_rating(p["start_rating"], d), fmt_rating(p["new_rating"], d)
    totals: list[Total] = [
        (words["rating"], before if fixed else f"{before} → {after}", False),
        (words["points"], fmt_points(p["points"]), False),
        (words["games_rated"], str(p["games_rated"]), False),
        (words["score"], fmt_points(p["score_rated"]), False),
        ("Σ" + note.expected, fmt_expected(p["expected"]) if p["games_rated"] else "", False),
    ]
    if fixed:
        return [*totals, (words["pool"], str(p["pool"] or ""), False)]
    return [
        *totals,
        (words["change"], fmt_rating_change(p["change_rounded"], d), False),
        (words["change_sum"], f"{p['change']:+.2f}" if p["games_rated"] else "", False),
        (words["pool"], str(p["pool"] or ""), False),
        (words[f"{note.title_kind}_before"], title_text(p["title_before"], note), True),
        (words[f"{note.title_kind}_after"], title_text(p["title_after"], note), True),
    ]


def _template_loader() -> jinja2.BaseLoader:
    """The top-level templates/ is installed as the package tournament_elo.templates.

    Run from a source checkout (``python -m tournament_elo`` in the repository), the
    package found first is the checkout's, which has templates/ beside it instead.
    """
    try:
        return jinja2.PackageLoader("tournament_elo.templates", ".")
    except ModuleNotFoundError:
        return jinja2.FileSystemLoader(Path(__file__).resolve().parents[1] / "templates")


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=_template_loader(),
        autoescape=True, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )


def render_html(result: RatingResult, lang: str) -> str:
    return _environment().get_template("report.html.j2").render(build_context(result, lang))


# --- spreadsheets ---------------------------------------------------------------------


def _is_formula_like(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def _table(rows: list[Row]) -> tuple[list[str], list[list[Any]]]:
    """Header and rows of JSON records; a nested ``tiebreaks`` becomes ``tiebreaks.CODE``."""
    header: list[str] = []
    for row in rows:
        for key, value in row.items():
            names = [f"{key}.{code}" for code in value] if isinstance(value, dict) else [key]
            header += [n for n in names if n not in header]
    flat = []
    for row in rows:
        cells = dict(row)
        for key, value in row.items():
            if isinstance(value, dict):
                cells.update({f"{key}.{code}": v for code, v in value.items()})
        flat.append([cells.get(name) for name in header])
    return header, flat


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """CSV in UTF-8 with a BOM (so Excel reads Vietnamese names); formula-like text quoted."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_csv_cell(v) for v in row])
    return buffer.getvalue().encode("utf-8-sig")


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "'" + value if _is_formula_like(value) else value


def xlsx_bytes(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]]) -> bytes:
    """A workbook with one sheet per ``(title, header, rows)``; text is never a formula.

    XlsxWriter streams cells about three times faster than openpyxl (which the
    readers keep using), and with ``strings_to_formulas`` off a name such as
    ``=HYPERLINK(...)`` can only be stored as text.
    """
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {
        "in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
        "strings_to_numbers": False,
    })
    bold = book.add_format({"bold": True})
    quoted = book.add_format({"quote_prefix": True})  # Excel keeps it text when edited
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        widths = [max(len(str(h)), 7) for h in header]  # 7 fits the numbers shown
        sheet.write_row(0, 0, list(header), bold)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, str):
                    value = _CONTROL_CHARACTERS.sub("", value)
                    sheet.write_string(r, c, value, quoted if _is_formula_like(value) else None)
                    widths[c] = max(widths[c], len(value))
                elif isinstance(value, bool):
                    sheet.write_boolean(r, c, value)
                else:
                    sheet.write_number(r, c, value)
        for c, width in enumerate(widths):
            sheet.set_column(c, c, min(width + 2, 45))
        sheet.freeze_panes(1, 0)
        sheet.autofilter(0, 0, len(rows), len(header) - 1)
    book.close()
    return buffer.getvalue()


#: Characters an XLSX file cannot hold.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


Sheet = tuple[list[str], list[list[Any]]]


def _crosstable_sheet(result: RatingResult, words: dict[str, str],
                      table: Standings | None = None) -> Sheet:
    table = standings(result) if table is None else table
    rating_column, columns = crosstable_columns(notation(result))
    columns = with_tiebreaks(columns, table.codes)
    header = [words[k] for k in ("rank", "id", "title", "name")]
    header += [words[rating_column.label], words["federation"]]
    header += [str(n) for n in table.rounds]
    header += [c.heading(words) for c in columns]
    rows = [[p["rank"], p["id"], _title(p["title"]) or None, p["name"], rating_column.value(p),
             p["federation"], *(cell or None for cell in table.cells[p["id"]]),
             *(c.value(p) for c in columns)] for p in table.players]
    return header, rows


def _rating_report_sheet(result: RatingResult, words: dict[str, str],
                         table: Standings | None = None) -> Sheet:
    """The event rating report of the HTML page, numbers as numbers."""
    table = standings(result) if table is None else table
    columns = event_report_columns(notation(result))
    header = [words["id"], words["name"], *(c.heading(words) for c in columns)]
    rows = [[p["id"], p["name"], *(c.value(p) for c in columns)] for p in table.players]
    return header, rows


def _pairings_sheet(result: RatingResult, words: dict[str, str],
                    table: Standings | None = None) -> Sheet:
    """Every board of every round (the HTML pairings), then the round's byes."""
    table = standings(result) if table is None else table
    by_id = {p["id"]: p for p in table.players}
    header = [words["round"], words["board"], words["white_no"], words["white"],
              words["black_no"], words["black"], words["result"]]
    rows: list[list[Any]] = []
    for day in _pairings(table, by_id, words):
        for board, b in enumerate(day["boards"], start=1):
            rows.append([day["round"], board, b["white"]["key"], b["white"]["name"],
                         b["black"]["key"], b["black"]["name"], b["result"] or None])
        for b in day["byes"]:
            rows.append([day["round"], None, b["key"], b["name"], None, b["kind"], b["score"]])
    return header, rows


def _grid_sheet(table: Standings, words: dict[str, str]) -> Sheet:
    """The round-robin grid of the HTML page: one column per opponent, by start number."""
    players = table.players
    marks = _grid_marks(table)
    header = [words["rank"], words["id"], words["name"], *(str(p["id"]) for p in players),
              words["points"]]
    rows = [[p["rank"], p["id"], p["name"], *(c or None for c in _grid_cells(p, players, marks)),
             p["points"]] for p in players]
    return header, rows


def _norms_sheet(result: RatingResult, words: dict[str, str]) -> Sheet | None:
    """The norms of the HTML page (FIDE systems only), the failed conditions joined."""
    norm_rows = _norm_rows(result, words)
    if norm_rows is None:
        return None
    header = [words["id"], words["name"], words["title"], words["met"], words["games_rated"],
              words["ra"], words["rp"], words["failed"]]
    rows = [[n["id"], n["name"], n["title"], n["met"], n["games"], n["average"],
             n["performance"], "; ".join(n["failed"]) or None] for n in norm_rows]
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


def report_tables(result: RatingResult, words: dict[str, str]) -> list[ReportTable]:
    """The crosstable, the event rating report, the pairings and, when the event has them,
    the round-robin grid and (FIDE systems) the norms, numbers as numbers.
    """
    table = standings(result)
    tables = [ReportTable("Crosstable", "crosstable.csv",
                          *_crosstable_sheet(result, words, table)),
              ReportTable("Rating report", "rating_report.csv",
                          *_rating_report_sheet(result, words, table)),
              ReportTable("Pairings", "pairings.csv", *_pairings_sheet(result, words, table),
                          optional=True)]
    if result.event.type.value == "round-robin":
        tables.append(ReportTable("Grid", "grid.csv", *_grid_sheet(table, words)))
    norms_sheet = _norms_sheet(result, words)
    if norms_sheet is not None:
        tables.append(ReportTable("Norms", "norms.csv", *norms_sheet, optional=True))
    return tables


def xlsx_sheets(result: RatingResult, lang: str, players: Sheet | None = None,
                games: Sheet | None = None, tables: list[ReportTable] | None = None,
                ) -> list[tuple[str, list[str], list[list[Any]]]]:
    """The sheets of report.xlsx: players, games, then :func:`report_tables`.

    ``players``, ``games`` (the JSON tables) and ``tables``: if already made.
    """
    if players is None or games is None:
        data = to_json(result)
        players, games = _table(data["players"]), _table(data["games"])
    if tables is None:
        tables = report_tables(result, labels(lang))
    return [("Players", *players), ("Games", *games),
            *((t.sheet, t.header, t.rows) for t in tables)]


def _plain_number(value: Any) -> Any:
    """A whole float as an integer (``4.0`` → ``4``), so that a CSV says ``4`` and ``4.5``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def table_csv_bytes(table: ReportTable) -> bytes:
    """A report table as CSV: :func:`csv_bytes`, whole numbers without ``.0``."""
    return csv_bytes(table.header, ([_plain_number(v) for v in row] for row in table.rows))


# --- writing --------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file beside ``path``, then rename it onto ``path``."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    # O_EXCL: never reuse a file; mode 0o666 lets the umask decide, as for open().
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_reports(result: RatingResult, out_dir: Path, lang: str) -> list[Path]:
    """Write report.html, report.xlsx, players.csv, games.csv, the CSV copies of the
    report's tables (:func:`report_tables`: crosstable.csv, rating_report.csv,
    pairings.csv, grid.csv, norms.csv) and result.json into ``out_dir``.

    Everything is rendered before the first file is written, so a failure leaves
    the directory as it was.  Returns the paths written.
    """
    data = to_json(result)
    players = _table(data["players"])
    games = _table(data["games"])
    tables = report_tables(result, labels(lang))
    contents = {
        "report.html": render_html(result, lang).encode("utf-8"),
        "report.xlsx": xlsx_bytes(xlsx_sheets(result, lang, players, games, tables)),
        "players.csv": csv_bytes(*players),
        "games.csv": csv_bytes(*games),
        **{t.file: table_csv_bytes(t) for t in tables if t.rows or not t.optional},
        # Compact: Python's C encoder is skipped whenever an indent is asked for.
        "result.json": (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8"),
    }
    written = []
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for name, content in contents.items():
            write_atomic(out_dir / name, content)
            written.append(out_dir / name)
    except OSError as exc:
        raise InputError("cannot write the reports", Place(str(out_dir)),
                         found=exc.strerror or str(exc),
                         expected="a directory that can be written") from exc
    return written
