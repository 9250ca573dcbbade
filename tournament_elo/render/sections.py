"""The players' sections and the rounds' pairings of a report as one compact data block,
which the page's script (``templates/sections.js``) draws into the page as it opens.

A 500-player page written as markup repeats every game twice (once in each player's
section) with its cells' tags, and a pairing list names both players of each board
again: written once here, each person by his index, the page is a third of the size.
Every figure is already written as the report shows it (the view model's texts); the
script only lays them out.

The layout (JSON, arrays by position to stay small)::

    people   [[number, name, anchor ("" for a reference opponent), rating], …]
    players  [[person, title, federation, rating line, rank, [totals by "totals"],
               note, [game, …], score chart, rating chart], …]
             game: [round, opponent (person, -1 for none), cell, …, kind, note]
             (kind and note only where either is written)
             score chart: [total, [points after round 1, 2, …]] or null
             rating chart: [low, high, [rating before, after each rated game …]] or null
    rounds   [[round, [[white, black, result, white's points, black's], …],
               [[person, points, score, kind of bye], …]], …]
    columns  [[class, shows the note], …] of a game's cells after the opponent
    totals   [[label, wide], …]
    words    the few words the script writes itself
    top      the score chart's top: the event's rounds
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from markupsafe import Markup

Row = dict[str, Any]

#: The words the script writes itself (the tables' heads are written by the template).
WORDS = ("id", "rank", "round", "no_games", "back_to_standings", "score_by_round",
         "rating_by_game", "points", "game", "rating")

#: What would end the ``<script>`` element or start markup inside it, escaped as JSON.
_UNSAFE = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"))


class _People:
    """The people a section or a board names, each once, by number."""

    def __init__(self) -> None:
        self.rows: list[list[str]] = []
        self._at: dict[str, int] = {}

    def __call__(self, number: str, name: str, anchor: str, rating: str = "") -> int:
        at = self._at.get(number)
        if at is None:
            at = self._at[number] = len(self.rows)
            self.rows.append([number, name, anchor, rating])
        elif rating and not self.rows[at][3]:
            self.rows[at][3] = rating
        return at


def _game(g: Row, people: _People) -> list[Any]:
    opponent = (people(g["opponent_id"], g["opponent"], g["opponent_anchor"])
                if g["opponent_id"] else -1)
    row: list[Any] = [int(g["round"]), opponent, *g["cells"]]
    if g["kind"] or g["note"]:
        row += [g["kind"], g["note"]]
    return row


def _section(p: Row, people: _People) -> list[Any]:
    person = people(p["id"], p["name"], p["anchor"])
    return [person, p["title"], p["federation"], p["rating"], p["rank"], p["totals"],
            p["note"], [_game(g, people) for g in p["games"]], p["chart"], p["rating_chart"]]


def _who(w: Row, people: _People) -> int:
    return people(w["id"], w["name"], w["anchor"], w["rating_text"])


def _round(day: Row, people: _People) -> list[Any]:
    return [day["round"],
            [[_who(b["white"], people), _who(b["black"], people), b["result"],
              b["white"]["points_text"], b["black"]["points_text"]] for b in day["boards"]],
            [[_who(b, people), b["points_text"], b["score"], b["kind"]] for b in day["byes"]]]


def report_data(context: Mapping[str, Any], players: Iterable[Row] | None = None,
                pairings: bool = True) -> Markup:
    """The data block of :func:`~.view.build_context`'s sections: every player's (or
    ``players``'), and the pairings unless ``pairings`` is false (the desk's page of one
    player), as JSON safe inside ``<script type="application/json">``."""
    people = _People()
    words = context["t"]
    data = {
        "players": [_section(p, people) for p in
                    (context["players"] if players is None else players)],
        "rounds": [_round(day, people) for day in context["pairings"]] if pairings else [],
        "people": people.rows,
        "columns": [[c["cls"], bool(c["note"])] for c in context["game_columns"]],
        "totals": [[label, wide] for label, wide in context["total_heads"]],
        "words": {key: words[key] for key in WORDS},
        "top": max(len(context["rounds"]), 1),
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for unsafe, escaped in _UNSAFE:  # str.replace: a pass in C each, no per-character call
        text = text.replace(unsafe, escaped)
    return Markup(text)
