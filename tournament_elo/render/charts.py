"""The charts of the reports and the site.  The site's rating history is inline SVG drawn
here (no script, offline, printable), named for screen readers by ``<title>``/``<desc>``.

A report's two small charts per player (his score after each round, his rating after
each game) are figures here and drawn by the page's script (``templates/sections.js``),
with his section, from the page's one data block: a 500-player report does not carry a
thousand SVGs."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

import numpy as np
from markupsafe import Markup, escape

from .format import fmt_chart_rating, fmt_list_rating, fmt_points

if TYPE_CHECKING:
    from .rows import Games


def _scale(values: list[float], span: int) -> tuple[int, int]:
    """The whole-number range the values are drawn in: at least ``span`` high, a flat
    line centred."""
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < span:
        low -= (span - (high - low)) // 2
        high = low + span
    return low, high


def _short(value: float) -> float | int:
    """A number as the data block writes it: ``2157`` rather than ``2157.0``."""
    return int(value) if value == int(value) else value


def score_charts(games: Games, players: int, rounds: int
                 ) -> tuple[list[str], list[int], list[str]]:
    """The players' score charts, as the data block writes them: each player's total as
    written, how many rounds his chart shows (up to his last round with a result), and
    the points after each of them, player after player; its scale is 0 to the event's
    ``rounds``.  A player without a result yet has none, and so has everyone where there
    are no rounds to show (a game log)."""
    if not rounds:
        return [""] * players, [0] * players, []
    scores = games.column("score")
    counted = np.array([r != " " and s is not None
                        for r, s in zip(games.column("result"), scores, strict=True)], dtype=bool)
    at, places, on = np.flatnonzero(counted), games.places[counted], games.rounds[counted]
    by_round = np.zeros((players, rounds + 1))
    np.add.at(by_round, (places, on), [float(scores[i]) for i in at.tolist()])
    done = np.zeros(players, dtype=np.int64)
    np.maximum.at(done, places, on)
    after = np.cumsum(by_round[:, 1:], axis=1)
    points = after[np.arange(rounds) < done[:, None]].tolist()
    written = {v: repr(_short(v)) for v in set(points)}
    totals = after[np.arange(players), np.maximum(done - 1, 0)].tolist()
    return ([fmt_points(total) if shown else "" for total, shown in
             zip(totals, done.tolist(), strict=True)],
            done.tolist(), list(map(written.__getitem__, points)))


#: The least height of the rating chart's scale, in rating points (a flat line is centred).
RATING_CHART_SPAN = 20


def rating_charts(series: Sequence[list[float]]
                  ) -> tuple[list[str], list[str], list[int], list[str]]:
    """The players' rating charts (``series``: each one's rating before the event, after
    each rated game …), as the data block writes them: each chart's scale, its
    whole-number ends from the exact series (low, high), its number of points, and the
    points as their titles write them (:func:`~.format.fmt_chart_rating`, to
    hundredths), player after player; none for a player without a rated game."""
    lows: list[str] = []
    highs: list[str] = []
    counts: list[int] = []
    points: list[str] = []
    for ratings in series:
        if len(ratings) < 2:
            lows.append("")
            highs.append("")
            counts.append(0)
            continue
        low, high = _scale(ratings, RATING_CHART_SPAN)
        lows.append(str(low))
        highs.append(str(high))
        counts.append(len(ratings))
        points.extend(map(fmt_chart_rating, ratings))
    return lows, highs, counts, points


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
