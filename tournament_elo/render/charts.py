"""The charts of the reports and the site, as inline SVG (no script, offline, printable):
a player's score after each round, his rating after each game, and a rating history
by list date.  Each is named for screen readers by ``aria-label``/``<title>``.

A report holds two charts per player: what every chart of a kind shares (the axes and
their titles) is drawn once, in :func:`chart_frames`, and each chart ``<use>``-s it, so
that a 500-player report does not repeat it a thousand times."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from markupsafe import Markup, escape

from .format import fmt_chart_rating, fmt_list_rating, fmt_points

Row = dict[str, Any]


#: The small charts' size and margins (``viewBox`` units).
WIDTH, HEIGHT, LEFT, BOTTOM, TOP, RIGHT = 200, 90, 30, 20, 8, 8
#: Each kind of small chart: its axis titles (keys of the labels).
CHART_AXES = {"score": ("round", "points"), "rating": ("game", "rating")}


def _n(value: float) -> str:
    """A coordinate to a tenth, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def chart_frames(words: Mapping[str, str]) -> Markup:
    """The shared part of each kind of small chart — the axes and their titles — as SVG
    definitions, written once in the page (hidden) for the charts to ``<use>``.  The
    page's style does not reach into a ``<use>``: the frame draws in ``currentColor`` and
    takes its colour and type size from the ``use`` element, which inherits them."""
    span_y = HEIGHT - TOP - BOTTOM
    base = HEIGHT - BOTTOM
    middle = TOP + span_y / 2
    frames = [
        f'<g id="frame-{kind}">'
        f'<path fill="none" stroke="currentColor" d="M{LEFT} {TOP}V{base}H{WIDTH - RIGHT}"/>'
        f'<text x="{_n(LEFT + (WIDTH - LEFT - RIGHT) / 2)}" y="{HEIGHT - 1}" '
        f'text-anchor="middle">{escape(words[x_key])}</text>'
        f'<text x="4" y="{_n(middle)}" text-anchor="middle" '
        f'transform="rotate(-90 4 {_n(middle)})" dy="4">{escape(words[y_key])}</text></g>'
        for kind, (x_key, y_key) in CHART_AXES.items()]
    return Markup('<svg class="chart-frames" width="0" height="0" aria-hidden="true" '
                  'style="position:absolute"><defs>' + "".join(frames) + "</defs></svg>")


def _scale(values: list[float], span: int) -> tuple[int, int]:
    """The whole-number range the values are drawn in: at least ``span`` high, a flat
    line centred."""
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < span:
        low -= (span - (high - low)) // 2
        high = low + span
    return low, high


def score_chart(games: list[Row], rounds: list[int], words: Mapping[str, str]) -> str:
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
        len(rounds), 0, top_score, ("0", str(top_score)), label,
        f"{label}: {fmt_points(total)}", "score"))


#: The least height of the rating chart's scale, in rating points (a flat line is centred).
RATING_CHART_SPAN = 20


def rating_chart(series: list[float], words: Mapping[str, str]) -> str:
    """A small SVG of a player's rating before the event and after each rated game."""
    if len(series) < 2:
        return ""
    low, high = _scale(series, RATING_CHART_SPAN)
    label = words["rating_by_game"]
    summary = " → ".join(fmt_chart_rating(v) for v in series)
    return _svg_chart(list(enumerate(series)), ChartFrame(
        len(series) - 1, low, high, (str(low), str(high)), label, f"{label}: {summary}",
        "rating"))


@dataclass(frozen=True)
class ChartFrame:
    """The scales and words of a line chart: x from 0 to ``x_max``, y from ``low`` to ``high``."""

    x_max: int
    low: float
    high: float
    y_marks: tuple[str, str]  # the labels of ``low`` and ``high``
    label: str  # what the chart shows (its accessible name)
    summary: str  # its <title>: the label and the values
    kind: str  # the chart's class and frame (:data:`CHART_AXES`): ``score``, ``rating``


def _svg_chart(points: list[tuple[int, float]], frame: ChartFrame) -> str:
    """An inline SVG line chart, named for screen readers by ``aria-label`` and ``<title>``;
    its axes are the page's shared frame (:func:`chart_frames`).  Its marks (low and high
    value, then first and last round) are anchored by the page's style (``report.css``),
    not by an attribute on each of a thousand charts."""
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    x_max = max(frame.x_max, 1)

    def x(r: float) -> str:
        return _n(LEFT + span_x * r / x_max)

    def y(v: float) -> str:
        return _n(TOP + span_y * (1 - (v - frame.low) / (frame.high - frame.low)))

    line = " ".join(f"{x(r)},{y(v)}" for r, v in points)
    base = HEIGHT - BOTTOM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {frame.kind}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img"'
        f' aria-label="{escape(frame.label)}">',
        f"<title>{escape(frame.summary)}</title>",
        f'<use href="#frame-{frame.kind}"/>',
        f'<polyline class="line" points="{line}"/>',
        f'<text x="{LEFT - 3}" y="{base}">{escape(frame.y_marks[0])}</text>',
        f'<text x="{LEFT - 3}" y="{TOP + 8}">{escape(frame.y_marks[1])}</text>',
        f'<text x="{x(1)}" y="{HEIGHT - 8}">1</text>',
    ]
    if frame.x_max > 1:
        parts.append(f'<text x="{x(frame.x_max)}" y="{HEIGHT - 8}">{frame.x_max}</text>')
    parts.append("</svg>")
    return "".join(parts)


CHART_W, CHART_H = 560, 240
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 54, 14, 14, 34
#: The least height of the chart's scale, in rating points (a flat line is centred).
CHART_SPAN = 40
#: The least room between two dates written under the chart, in chart units.
CHART_LABEL_ROOM = 100


def _nice_step(span: float) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 1000 * math.ceil(span / 5000)


def history_chart(series: list[tuple[date, float]], words: Mapping[str, str],
                  name: str) -> Markup | None:
    """An inline SVG line chart of the rating after each list (x: the list's date, y:
    the rating), one point per list, named for screen readers by its ``<title>`` and
    described by its ``<desc>`` (every date and rating); None without a point."""
    if not series:
        return None
    days = [d.toordinal() for d, _ in series]
    values = [v for _, v in series]
    first, last = min(days), max(days)
    low, high = _scale(values, CHART_SPAN)
    step = _nice_step(high - low)
    low, high = low // step * step, -(-high // step) * step
    span_x = CHART_W - CHART_LEFT - CHART_RIGHT
    span_y = CHART_H - CHART_TOP - CHART_BOTTOM

    def x(day: int) -> float:
        if last == first:
            return CHART_LEFT + span_x / 2
        return CHART_LEFT + span_x * (day - first) / (last - first)

    def y(value: float) -> float:
        return CHART_TOP + span_y * (1 - (value - low) / (high - low))

    base = CHART_H - CHART_BOTTOM
    desc = "; ".join(f"{d.isoformat()}: {fmt_list_rating(v)}" for d, v in series)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="history-chart" id="chart"'
        f' viewBox="0 0 {CHART_W} {CHART_H}" width="{CHART_W}" height="{CHART_H}"'
        ' role="img" aria-labelledby="chart-title chart-desc">',
        f'<title id="chart-title">{escape(words["chart_of"])} {escape(name)}</title>',
        f'<desc id="chart-desc">{escape(words["chart"])}: {escape(desc)}</desc>',
    ]
    for mark in range(low, high + 1, step):
        parts.append(f'<line class="grid" x1="{CHART_LEFT}" y1="{y(mark):.1f}"'
                     f' x2="{CHART_W - CHART_RIGHT}" y2="{y(mark):.1f}"/>'
                     f'<text x="{CHART_LEFT - 6}" y="{y(mark) + 4:.1f}"'
                     f' text-anchor="end">{mark}</text>')
    for day, text, anchor in _x_marks(first, last, x):
        if anchor == "middle" and first != last:
            parts.append(f'<line class="grid" x1="{x(day):.1f}" y1="{CHART_TOP}"'
                         f' x2="{x(day):.1f}" y2="{base}"/>')
        parts.append(f'<text x="{x(day):.1f}" y="{base + 20}" text-anchor="{anchor}">'
                     f"{text}</text>")
    parts.append(f'<line class="axis" x1="{CHART_LEFT}" y1="{base}"'
                 f' x2="{CHART_W - CHART_RIGHT}" y2="{base}"/>')
    line = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in zip(days, values, strict=True))
    parts.append(f'<polyline class="line" fill="none" points="{line}"/>')
    for day, (when, value) in zip(days, series, strict=True):
        parts.append(f'<circle class="dot" cx="{x(day):.1f}" cy="{y(value):.1f}" r="4">'
                     f"<title>{when.isoformat()}: {fmt_list_rating(value)}</title></circle>")
    parts.append("</svg>")
    return Markup("".join(parts))


def _x_marks(first: int, last: int,
             x: Callable[[int], float]) -> list[tuple[int, str, str]]:
    """The dates written under the chart (day, text, text-anchor): the first and the
    last list's, and between them each new year (each quarter over a short span) where
    there is room."""
    if first == last:
        return [(first, date.fromordinal(first).isoformat(), "middle")]
    ends = [(first, date.fromordinal(first).isoformat(), "start"),
            (last, date.fromordinal(last).isoformat(), "end")]
    start, stop = date.fromordinal(first), date.fromordinal(last)
    years = [date(year, 1, 1) for year in range(start.year + 1, stop.year + 1)]
    if len(years) >= 2:
        between = [(d.toordinal(), str(d.year)) for d in years]
    else:
        between = [(d.toordinal(), f"{d:%Y-%m}") for year in range(start.year, stop.year + 1)
                   for d in (date(year, month, 1) for month in (1, 4, 7, 10))
                   if start < d < stop]
    marks = []
    taken = [x(first) + CHART_LABEL_ROOM / 2, x(last) - CHART_LABEL_ROOM / 2]
    for day, text in between:
        if all(abs(x(day) - at) >= CHART_LABEL_ROOM for at in taken):
            marks.append((day, text, "middle"))
            taken.append(x(day))
    return [ends[0], *marks, ends[1]]
