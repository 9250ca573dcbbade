"""The players' sections and the rounds' pairings of a report as one compact data block,
which the page's script (``templates/sections.js``) draws into the page as it opens.

The block is written a column at a time: each column of texts holds each distinct text
once and, for each row, its index, the indices written as one string of fixed-width
digits (:data:`DIGITS`) rather than a JSON number or string per row.  A 10,000-player
event's 90,000 games are then a few short strings; written as markup, every game would
be repeated twice (once in each player's section) with its cells' tags.  Every figure is
already written as the report shows it (the view model's texts); the script only lays
them out.

The layout (JSON; a "column" is ``[texts, width, digits]``: row ``i``'s text is
``texts[index]``, ``index`` read from ``digits[i * width:(i + 1) * width]``; a column of
one text is ``[texts]`` alone; an "index column" is ``[width, digits]``)::

    people   {number, name, anchor: [text, …] ("" anchor: a reference opponent),
              rating: column}; the sections' players are people 0, 1, …
    players  {title, federation, rating (his rating line), rank, note, total: columns,
              totals: [column by "totals"], games: index column (his number of games),
              score: [total: column, after: index column (points after round 1, 2, …
              in the flat column points), points: column],
              rating_chart: [low: column, high: column, points: index column (his
              number of points), series: column]}
    games    {round, kind, note: columns, opponent: index column (person + 1, 0 for
              none), cells: [column, …]}: every player's games, player after player
    rounds   [[round, boards, [[person, points, score, kind of bye], …]], …]
             boards: {white, black: index columns (persons), result, white_points,
             black_points: columns}
    columns  [[class, shows the note], …] of a game's cells after the opponent
    totals   [[label, wide], …]
    words    the few words the script writes itself
    top      the score chart's top: the event's rounds
    digits   :data:`DIGITS`
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from .charts import rating_charts, score_charts
from .collector import without_collector
from .format import fmt_int, fmt_points, title_of
from .rows import Games
from .view import (
    Round,
    Sections,
    each,
    game_kinds,
    game_notes,
    link,
    rating_line,
    rating_series,
    start_ratings,
    text_codes,
    texts,
    written_once,
)

Row = dict[str, Any]

#: The digits of the indices: printable ASCII but for what JSON or a ``<script>``
#: element would have to escape (``"`` and ``\``) or that could start markup (``<``,
#: ``>``, ``&``).
DIGITS = "".join(chr(c) for c in range(35, 127) if chr(c) not in "\\<>&")

#: The words the script writes itself (the tables' heads are written by the template).
WORDS = ("id", "rank", "round", "no_games", "back_to_standings", "score_by_round",
         "rating_by_game", "points", "game", "rating")

#: What would end the ``<script>`` element or start markup inside it, escaped as JSON.
_UNSAFE = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"))


#: Every number of two digits, in order: a column of fewer than ``len(DIGITS) ** 2``
#: distinct texts (nearly all of them) is written a look-up per row.
_PAIRS = [high + low for high in DIGITS for low in DIGITS]


def _written(number: int, width: int) -> str:
    """A whole number in ``width`` digits, most significant first."""
    if width <= 2:
        return DIGITS[number] if width == 1 else _PAIRS[number]
    high, low = divmod(number, len(_PAIRS))
    return _written(high, width - 2) + _PAIRS[low]


def index_column(indices: Sequence[int], largest: int | None = None) -> list[Any]:
    """Non-negative whole numbers as ``[width, digits]``: each in base ``len(DIGITS)``,
    most significant digit first, in as few digits as the largest (``largest``, when
    known) needs."""
    width, top = 1, len(DIGITS)
    if largest is None:
        largest = max(indices, default=0)
    while largest >= top:
        width, top = width + 1, top * len(DIGITS)
    if width <= 2:
        table = DIGITS if width == 1 else _PAIRS
        return [width, "".join(map(table.__getitem__, indices))]
    return [width, "".join([_written(i, width) for i in indices])]


def column(written: tuple[list[str], list[int]]) -> list[Any]:
    """A column of texts given as (distinct texts, each row's index)."""
    distinct, at = written
    if len(distinct) == 1 and len(at) > 0:
        return [distinct]
    return [distinct, *index_column(at, len(distinct) - 1)]  # each text is some row's


def text_column(values: Sequence[str]) -> list[Any]:
    """A column of texts given row by row."""
    distinct = {v: i for i, v in enumerate(dict.fromkeys(values))}
    return column((list(distinct), list(map(distinct.__getitem__, values))))


class _People:
    """The people a section or a board names, each once, by number: the sections'
    players first, in their order."""

    def __init__(self, by_id: Mapping[Any, Row], players: Sequence[Row]) -> None:
        self._by_id = by_id
        self.keys: list[Any] = []
        self._at: dict[Any, int] = {}
        self.numbers([p["id"] for p in players])

    def numbers(self, keys: Sequence[Any]) -> list[int]:
        """Each key's number, a key not named before numbered after the others (in the
        order of ``keys``)."""
        at = self._at
        for key in dict.fromkeys(keys):
            if key not in at:
                at[key] = len(self.keys)
                self.keys.append(key)
        return list(map(at.__getitem__, keys))

    def block(self, sections: Sections) -> dict[str, Any]:
        records = [self._by_id.get(key) for key in self.keys]
        ratings = start_ratings(sections.table, sections.terms.start, sections.how)
        return {
            "number": [str(key) for key in self.keys],
            "name": [str(key) if r is None else r["name"] for key, r in
                     zip(self.keys, records, strict=True)],
            "anchor": ["" if r is None else link(r) for r in records],
            "rating": text_column(["" if r is None else ratings[key][1] for key, r in
                                   zip(self.keys, records, strict=True)]),
        }


def _players(sections: Sections, players: Sequence[Row], games: Games) -> dict[str, Any]:
    """The sections' own figures and charts, a column at a time."""
    how, terms, table = sections.how, sections.terms, sections.table
    starts = texts(terms.start, players, how)
    totals, after, points = score_charts(games, len(players), len(table.rounds))
    lows, highs, series, ratings = rating_charts(rating_series(players, games, terms))
    return {
        "title": text_column([title_of(p["title"]) for p in players]),
        "federation": text_column([p["federation"] or "" for p in players]),
        "rating": text_column([rating_line(p, start, terms, how.words)
                               for p, start in zip(players, starts, strict=True)]),
        "rank": text_column([fmt_int(p["rank"]) for p in players]),
        "note": text_column([sections.notes.get(p["id"], "") for p in players]),
        "totals": [column(text_codes(f, players, how)) for f in terms.totals],
        "games": index_column(games.counts.tolist()),
        "score": [text_column(totals), index_column(after), text_column(points)],
        "rating_chart": [text_column(lows), text_column(highs), index_column(series),
                         text_column(ratings)],
    }


def _games(sections: Sections, games: Games, people: _People) -> dict[str, Any]:
    """Every section's games, player after player, a column at a time."""
    how, by_id = sections.how, sections.table.by_id
    opponents = games.column("opponent")
    named = [o in by_id for o in opponents]  # an opponent who is no player: none
    numbers = iter(people.numbers([o for o, shown in zip(opponents, named, strict=True)
                                   if shown]))
    return {
        "round": column(written_once(games.column("round"), each(str))),
        "opponent": index_column([next(numbers) + 1 if shown else 0 for shown in named]),
        "cells": [column(text_codes(f, games, how)) for f in sections.terms.game_columns],
        "kind": column(game_kinds(games, how.words)),
        "note": column(game_notes(games, how.words)),
    }


def _round(day: Round, people: _People) -> list[Any]:
    return [day.round, {
        "white": index_column(people.numbers(day.white)),
        "black": index_column(people.numbers(day.black)),
        "result": text_column(day.result),
        "white_points": column(written_once(day.white_points, each(fmt_points))),
        "black_points": column(written_once(day.black_points, each(fmt_points))),
    }, [[people.numbers([b["key"]])[0], b["points_text"], b["score"], b["kind"]]
        for b in day.byes]]


@without_collector
def report_data(context: Mapping[str, Any], players: Sequence[int] | None = None,
                pairings: bool = True) -> Markup:
    """The data block of :func:`~.view.build_context`'s sections: every player's (or
    those at ``players``, their places in the standings), and the pairings unless
    ``pairings`` is false (the desk's page of one player), as JSON safe inside
    ``<script type="application/json">``."""
    sections: Sections = context["sections"]
    table = sections.table
    shown = table.players if players is None else [table.players[i] for i in players]
    games = table.games if players is None else table.games.of(players)
    people = _People(table.by_id, shown)
    words = context["t"]
    data = {
        "players": _players(sections, shown, games),
        "games": _games(sections, games, people),
        "rounds": [_round(day, people) for day in context["pairings"]] if pairings else [],
        "columns": [[c["cls"], bool(c["note"])] for c in context["game_columns"]],
        "totals": [[label, wide] for label, wide in context["total_heads"]],
        "words": {key: words[key] for key in WORDS},
        "top": max(len(context["rounds"]), 1),
        "digits": DIGITS,
    }
    data["people"] = people.block(sections)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for unsafe, escaped in _UNSAFE:  # str.replace: a pass in C each, no per-character call
        text = text.replace(unsafe, escaped)
    return Markup(text)
