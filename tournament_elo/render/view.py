"""The view model of an event's report: plain lists of dicts and strings, every number
already written, that the HTML template and the sheets lay out.

What is shown for each system comes from its :class:`~tournament_elo.systems.terms.
ReportTerms`; this module has no knowledge of any system's kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

from ..i18n.labels import labels
from ..i18n.messages import warning_lines
from ..systems.fide.norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from ..systems.terms import Figure, ReportTerms
from .collector import without_collector
from .format import (
    KINDS,
    MARKS,
    STYLES,
    Writing,
    crosstable_cell,
    fmt_date,
    fmt_int,
    fmt_points,
    fmt_tiebreak,
    missing,
    title_of,
)

if TYPE_CHECKING:
    from ..rating.engine import RatingResult
    from ..systems.fide.norms import Condition

Row = dict[str, Any]

#: More rounds than this is a game log, not a tournament, even where the input does not
#: say so (a TRF of a log): no round columns are shown.
CROSSTABLE_MAX_ROUNDS = 60
#: The crosstable's printed type by its rounds (more than N → the class): on A4 landscape
#: 9 rounds of three-digit start numbers fit at 8 pt, 13 at 7 pt, 19 at 6 pt.
PRINT_SIZES = ((19, "most-rounds"), (13, "many-rounds"), (9, "more-rounds"))


def print_size(rounds: int) -> str:
    """The crosstable's class for its printed type (:data:`PRINT_SIZES`)."""
    return next((cls for above, cls in PRINT_SIZES if rounds > above), "")


def _w_minus_we(p: Row) -> Any:
    if p["rating"] is None or p["expected"] is None or p["score_rated"] is None:
        return None
    return round(p["score_rated"] - p["expected"], 2)


#: Figures derived from a player's record rather than read from it.
DERIVED: dict[str, Callable[[Row], Any]] = {"w_minus_we": _w_minus_we}


def anchor(player_id: int | str) -> str:
    """The HTML id of a player's rating section."""
    return "p-" + "_".join(str(player_id).split())


def link(p: Row) -> str:
    """Where a player's name links to (a record of :func:`standings`): his rating section;
    a reference opponent has none."""
    return "" if p.get("reference") else p["anchor"]


def reference_name(p: Row, terms: ReportTerms, how: Writing) -> str:
    """A fixed-rated reference opponent as the report names him: the AI level, the
    system's name for it and the fixed rating ("AI level 3 — Kiện Tướng (1600)")."""
    key = str(p["id"])
    named = how.words["ai_level"].format(level=key.removeprefix("AI-"))
    if how.fixed.get(key):
        named += " — " + how.fixed[key]
    return f"{named} ({text(terms.start, p, how)})"


def _id_key(player_id: int | str) -> tuple[int, int, str]:
    return (0, player_id, "") if isinstance(player_id, int) else (1, 0, str(player_id))


@dataclass(frozen=True)
class Standings:
    """The participants' records in standings order, their games and crosstable cells by
    id; ``by_id``: every player's record, the reference opponents' too (``reference``,
    named by :func:`reference_name`)."""

    players: list[Row]
    games: dict[Any, list[Row]]
    rounds: list[int]
    cells: dict[Any, list[str]]
    codes: tuple[str, ...] = ()  # the tie-break codes, in the ranking's order
    by_id: dict[Any, Row] = field(default_factory=dict)


def standings(result: RatingResult, how: Writing) -> Standings:
    """The participants in standings order (rank, then start number) with their rounds.

    Each player record gains ``anchor`` (his section's id), ``tiebreaks``: code → value
    (``None`` if not defined), and each game record its player's rating (``own_rating``).
    """
    every = result.player_table.records(result.player_table.names)
    values = result.standings.values
    places = result.tiebreak_decimals
    for index, p in enumerate(every):
        p["anchor"] = anchor(p["id"])
        p["tiebreaks"] = {code: None if missing(v[index]) else float(v[index])
                          for code, v in values.items()}
        p["tiebreak_texts"] = {code: fmt_tiebreak(v[index], places[code])
                               for code, v in values.items()}
    for index in result.reference_rows.tolist():
        every[index].update(reference=True,
                            name=reference_name(every[index], result.system.terms, how))
    own = {p["id"]: p["rating"] for p in every}
    players = [every[i] for i in result.standing_rows.tolist()]
    rows = sorted(result.game_table.records(result.game_table.names, result.game_rows),
                  key=lambda g: g["round"])
    # In a round nobody is paired in yet, "Z" means "not paired yet", not "absent": dropped.
    paired = {g["round"] for g in rows if g["opponent"] is not None}
    rows = [g for g in rows if g["round"] in paired or g["result"] != "Z"]
    last = max([result.event.rounds_played, *(g["round"] for g in rows)])
    # A game log (an online platform's, one round per game) has no crosstable to show.
    log = result.event.game_log or last > CROSSTABLE_MAX_ROUNDS
    rounds = [] if log else list(range(1, last + 1))
    games: dict[Any, list[Row]] = {p["id"]: [] for p in players}
    cells = {p["id"]: dict.fromkeys(rounds, "") for p in players}
    for g in rows:
        g["own_rating"] = own[g["player"]]
        games[g["player"]].append(g)
        if rounds:
            cells[g["player"]][g["round"]] = crosstable_cell(g["result"], g["opponent"],
                                                             g["color"])
    return Standings(players, games, rounds,
                     {key: list(row.values()) for key, row in cells.items()},
                     tuple(result.standings.codes), {p["id"]: p for p in every})


def writing(result: RatingResult, lang: str) -> Writing:
    """How the result's values are written in ``lang``."""
    terms = result.system.terms
    fixed = {str(p.id): "" for p in result.event.players if p.fixed_rating}
    return Writing(labels(lang), terms.decimals, terms.titles, {**fixed, **terms.fixed},
                   terms.start_missing)


#: Whether a figure applies to a record, by its :attr:`Figure.only`.
SHOWN: dict[str, Callable[[Row], bool]] = {
    "rated": lambda r: r.get("rating") is not None,
    "moving": lambda r: "result" not in r or r.get("expected") is not None,
    "played": lambda r: bool(r.get("games_rated")),
    "counted": lambda r: r.get("expected") is not None,  # the game entered the computation
}

#: The fields of its record that a style reads beside the value (:data:`~.format.STYLES`;
#: a style not named here reads none): equal values with equal fields, one text, so that
#: a column's texts are written once per distinct value and fields.
READS: dict[str, tuple[str, ...]] = {
    "score": ("result",), "relative_difference": ("own_rating", "opponent_rating"),
    "rating_move": ("new_rating",), "change_sum": ("games_rated",),
}

#: The key of the records a figure does not apply to, among its values.
_HIDDEN = object()


def _raw(figure: Figure, records: Sequence[Row], hidden: Any = None) -> list[Any]:
    """The figure's raw value for each record, ``hidden`` where it does not apply."""
    derive = DERIVED.get(figure.key)
    key = figure.key
    if figure.only is None:
        return [r.get(key) for r in records] if derive is None else [derive(r) for r in records]
    shown = SHOWN[figure.only]
    if derive is None:
        return [r.get(key) if shown(r) else hidden for r in records]
    return [derive(r) if shown(r) else hidden for r in records]


def values(figure: Figure, records: Sequence[Row]) -> list[Any]:
    """The figure's raw value for each record (None where it does not apply)."""
    return _raw(figure, records)


def text_codes(figure: Figure, records: Sequence[Row], how: Writing
               ) -> tuple[list[str], list[int]]:
    """The figure as written for each record ("" where it does not apply), as its
    distinct texts and each record's index among them: a report's column, each distinct
    value (with the fields its style reads, :data:`READS`) written once; a column
    written already for the same records is not written again (:attr:`Writing.written`)."""
    at = (figure.key, figure.style, figure.only, id(records))
    known = how.written.get(at)
    if known is not None:
        return known[1]
    made = _text_codes(figure, records, how)
    how.written[at] = (records, made)
    return made


def _text_codes(figure: Figure, records: Sequence[Row], how: Writing
                ) -> tuple[list[str], list[int]]:
    write = STYLES[figure.style]
    reads = READS.get(figure.style, ())
    raw = _raw(figure, records, _HIDDEN)
    # The rows' keys and look-ups go through zip and map: one pass in C each.
    keys: list[Any] = raw if not reads else list(
        zip(raw, *([r.get(k) for r in records] for k in reads), strict=True))
    distinct: dict[str, int] = {}
    code: dict[Any, int] = {}
    # One record per key (any: the text follows from the key); a NaN is its own key,
    # found again by identity.
    for key, record in dict(zip(keys, records, strict=True)).items():
        value = key[0] if reads else key
        text = "" if value is _HIDDEN else write(value, record, how)
        code[key] = distinct.setdefault(text, len(distinct))
    return list(distinct), list(map(code.__getitem__, keys))


def texts(figure: Figure, records: Sequence[Row], how: Writing) -> list[str]:
    """The figure as written for each record ("" where it does not apply): a report's
    column, written in one pass over its records."""
    distinct, at = text_codes(figure, records, how)
    return [distinct[i] for i in at]


def text(figure: Figure, record: Row, how: Writing) -> str:
    """The figure as written for ``record``."""
    return texts(figure, (record,), how)[0]


def heading(figure: Figure, how: Writing) -> str:
    return figure.label if figure.literal else how.words[figure.label]


def _head(figure: Figure, how: Writing, hint: str = "") -> Row:
    return {"label": heading(figure, how),
            "cls": figure.css if figure.head_css is None else figure.head_css, "hint": hint}


def tiebreak_figure(code: str) -> Figure:
    return Figure(code, code, "tiebreak", literal=True, css="num tb")


def crosstable_figures(terms: ReportTerms, codes: Sequence[str]) -> list[Figure]:
    """The crosstable's columns after the rounds, a tie-break column per code after the
    points."""
    figures = list(terms.crosstable)
    at = next((i + 1 for i, f in enumerate(figures) if f.key == "points"), len(figures))
    return [*figures[:at], *(tiebreak_figure(c) for c in codes), *figures[at:]]


def tiebreak_values(figure: Figure, records: Sequence[Row]) -> list[Any]:
    """A crosstable column's raw values: a tie-break's from the records' ``tiebreaks``."""
    if figure.style == "tiebreak":
        return [r["tiebreaks"].get(figure.key) for r in records]
    return values(figure, records)


def tiebreak_texts(figure: Figure, records: Sequence[Row], how: Writing) -> list[str]:
    if figure.style == "tiebreak":
        return [str(r["tiebreak_texts"].get(figure.key, "")) for r in records]
    return texts(figure, records, how)


def right_aligned(css: str) -> str:
    """A cell's classes in a table whose cells are right-aligned unless marked ``left``
    (the rating report, a player's games): ``num`` is left out, the most common class
    of the largest tables, which a 500-player report would repeat 40,000 times."""
    tokens = css.split()
    return " ".join(t for t in tokens if t != "num") if "num" in tokens else " ".join(
        [*tokens, "left"])


def _hints(figure: Figure, records: Sequence[Row], how: Writing) -> list[str]:
    """The cells' hints of a column: a title's name where the figure is a title."""
    if figure.hint != "title":
        return [""] * len(records)
    return [how.title_text(r.get(figure.key)) for r in records]


def _column_cells(figures: Sequence[Figure], records: Sequence[Row], how: Writing,
                  classes: Sequence[str]) -> list[list[Row]]:
    """Each record's cells (text, class, hint) under ``figures``, a column at a time; the
    records of a column with the same text and hint share one cell (read, never
    changed)."""
    columns = []
    for f, cls in zip(figures, classes, strict=True):
        made: dict[tuple[str, str], Row] = {}
        columns.append([made.get((t, h)) or made.setdefault((t, h), {"text": t, "cls": cls,
                                                                      "hint": h})
                        for t, h in zip(tiebreak_texts(f, records, how),
                                        _hints(f, records, how), strict=True)])
    return [list(row) for row in zip(*columns, strict=True)] if columns else [
        [] for _ in records]


def _event_report(table: Standings, terms: ReportTerms, how: Writing) -> Row:
    """The event rating report: one row per player in standings order."""
    figures = terms.event_report
    classes = [right_aligned(f.css) for f in figures]
    cells = _column_cells(figures, table.players, how, classes)
    return {
        "heads": [{**head, "cls": right_aligned(head["cls"])}
                  for head in (_head(f, how) for f in figures)],
        "rows": [{"id": str(p["id"]), "name": p["name"], "anchor": p["anchor"],
                  "cells": row} for p, row in zip(table.players, cells, strict=True)],
    }


class Later(Sequence[Row]):
    """A part of the view made when it is first read: the desk's standings read neither
    the players' sections nor the pairings, which are most of a large event's view."""

    def __init__(self, make: Callable[[], list[Row]]) -> None:
        self._make: Callable[[], list[Row]] | None = make
        self._rows: list[Row] = []

    def _made(self) -> list[Row]:
        if self._make is not None:
            self._rows, self._make = self._make(), None
        return self._rows

    @overload
    def __getitem__(self, index: int) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...

    def __getitem__(self, index: int | slice) -> Row | list[Row]:
        return self._made()[index]

    def __len__(self) -> int:
        return len(self._made())

    def __iter__(self) -> Iterator[Row]:
        return iter(self._made())


@without_collector
@dataclass
class ReportView:
    """What every table of an event's report reads, made once for the page and the
    report's tables alike: how its values are written, the standings, the pairings."""

    result: RatingResult
    how: Writing
    table: Standings

    @cached_property
    def pairings(self) -> list[Row]:
        return pairings(self.table, self.table.by_id, self.result.system.terms.start,
                        self.how)


def report_view(result: RatingResult, lang: str) -> ReportView:
    """The event's :class:`ReportView` in ``lang``."""
    how = writing(result, lang)
    return ReportView(result, how, standings(result, how))


def build_context(result: RatingResult, lang: str, notes: Mapping[Any, str] | None = None,
                  view: ReportView | None = None) -> dict[str, Any]:
    """Everything the HTML template shows, as strings in lists of dicts (``view``: the
    result's :func:`report_view` in ``lang``, when the caller has made it already).

    ``notes`` (player id → text) are shown in the players' sections: how a rating
    period of several events formed a player's figure, when the database published it.
    """
    shown = view or report_view(result, lang)
    how, table = shown.how, shown.table
    words = how.words
    terms = result.system.terms
    event = result.event
    columns = crosstable_figures(terms, table.codes)
    ranks = starting_rank(table, terms.start, how)
    players = table.players
    stats = _column_cells(columns, players, how, [c.css for c in columns])
    lines = [{
        "rank": fmt_int(p["rank"]), "id": str(p["id"]), "anchor": p["anchor"],
        "title": title_of(p["title"]), "name": p["name"], "rating": rating,
        "federation": p["federation"] or "", "cells": table.cells[p["id"]], "stats": row,
    } for p, rating, row in zip(players, texts(terms.start, players, how), stats, strict=True)]
    pattern = words["date_format"]
    dates = dict.fromkeys(d for d in (fmt_date(event.start, pattern),
                                      fmt_date(event.end, pattern)) if d)
    facts = [
        (words["city"], event.city or ""),
        (words["dates"], " – ".join(dates)),
        (words["rounds"], _rounds_text(event.rounds, event.rounds_played, words)),
        (words["type"], words[event.type.value]),
        (words["system"], result.system.name),
        (words["tiebreak_rules"], words["tiebreak_edition"].format(
            words["rules_" + result.standings.rules]) if result.standings.codes else ""),
        *_system_facts(result, terms, words),
        (words["chief_arbiter"], event.chief_arbiter or ""),
        (words["time_control"], event.time_control or ""),
    ]
    notes = notes or {}
    return {
        "lang": lang, "t": words, "title": event.name, "system": result.system.name,
        "facts": [(label, value) for label, value in facts if value],
        "rounds": table.rounds, "standings": lines,
        "print_size": print_size(len(table.rounds)),
        "rating_head": heading(terms.start, how),
        "stat_heads": [_head(c, how, words["tiebreak"] if c.style == "tiebreak" else "")
                       for c in columns],
        "has_titles": any(line["title"] for line in lines),
        "game_columns": [{"label": heading(f, how), "cls": right_aligned(f.css),
                          "hint": words[f.hint] if f.hint else "",
                          "sub": (terms.formula or words["change_formula"]) if f.formula
                          else "", "note": f.note} for f in terms.game_columns],
        "legend": [(symbol, words[key]) for symbol, key in terms.legend],
        "total_heads": [(heading(f, how), f.wide) for f in terms.totals],
        "sections": Sections(table, terms, how, notes),
        "event_report": _event_report(table, terms, how),
        "starting_rank": ranks,
        "has_fide_ids": any(r["fide_id"] for r in ranks),
        "pairings": Later(lambda: shown.pairings),
        "grid": grid(table) if event.type.value == "round-robin" else None,
        "norms": _norms_context(result, words),
        "warnings": warning_lines(result.warnings, lang),
    }


def rating_series(p: Row, games: list[Row], terms: ReportTerms, how: Writing) -> list[float]:
    """A player's rating before the event, then after each game that moved it.

    FIDE rates the event as a whole: the rating before it plus the running sum of the
    per-game changes (so the last point is the unrounded new rating).  A per-game
    system keeps the rating after each game.  Empty for a player without a rating
    (FIDE's unrated), a fixed-rated opponent, or no rated game yet.
    """
    per_game = terms.series == "rating_after"
    rated = [g for g in games if g["expected"] is not None
             and (not per_game or g["rating_after"] is not None)]
    start = p.get(terms.start.key)
    if not rated or start is None:
        return []
    series = [float(start)]
    for g in rated:
        series.append(float(g["rating_after"]) if per_game
                      else series[-1] + float(g["change"] or 0))
    return series


def points_before(table: Standings) -> dict[tuple[Any, int], float]:
    """(player, round) → his points from rounds 1 to round − 1: what a pairing list
    shows beside his name (a round he has no row in adds nothing)."""
    out: dict[tuple[Any, int], float] = {}
    for player, rows in table.games.items():
        scored: dict[int, float] = {}
        for g in rows:
            scored[g["round"]] = scored.get(g["round"], 0.0) + float(g["score"] or 0)
        total = 0.0
        for r in table.rounds:
            out[(player, r)] = total
            total += scored.get(r, 0.0)
    return out


def _person(p: Row | None, key: Any, rating: tuple[Any, str]) -> Row:
    """A player as a pairing list names him: start number, name, rating (``rating``: its
    value and text); :func:`pairings` adds his points before the round (raw values for
    the sheets, text for the page)."""
    return {"name": str(key) if p is None else p["name"], "id": str(key),
            "anchor": "" if p is None else link(p), "key": key,
            "rating": rating[0], "rating_text": rating[1]}


def _board_order(board: Row) -> tuple[float, float, tuple[int, int, str]]:
    """Boards without numbers of their own (TRF has none): the higher of the two players'
    points before the round first, then the higher of their ratings, then the lower
    start number."""
    white, black = board["white"], board["black"]
    rating = max(-1.0 if r["rating"] is None else float(r["rating"]) for r in (white, black))
    return (-max(white["points"], black["points"]), -rating,
            min(_id_key(white["key"]), _id_key(black["key"])))


def pairings(table: Standings, by_id: dict[Any, Row], start: Figure,
             how: Writing) -> list[Row]:
    """Each round's boards (white – result – black, each with his rating and points
    before the round; order: :func:`_board_order`) and its byes."""
    if not table.rounds:
        return []
    words = how.words
    result_of = {(g["player"], g["round"], g["opponent"]): g["result"]
                 for rows in table.games.values() for g in rows}
    before = points_before(table)
    rounds: dict[int, Row] = {r: {"round": r, "boards": [], "byes": []} for r in table.rounds}

    everyone = list(by_id.values())
    ratings = dict(zip((p["id"] for p in everyone),
                       zip(values(start, everyone), texts(start, everyone, how), strict=True),
                       strict=True))

    people: dict[Any, Row] = {}
    points_texts: dict[float, str] = {}

    def who(key: Any, r: int) -> Row:
        person = people.get(key)
        if person is None:
            person = people[key] = _person(by_id.get(key), key, ratings.get(key, (None, "")))
        points = before.get((key, r), 0.0)
        text = points_texts.get(points)
        if text is None:
            text = points_texts[points] = fmt_points(points)
        return {**person, "points": points, "points_text": text}

    for player, rows in table.games.items():
        for g in rows:
            day = rounds.get(g["round"])
            if day is None:
                continue
            opponent = g["opponent"]
            if opponent is None:
                if g["result"] not in (" ", "Z"):
                    day["byes"].append({**who(player, g["round"]),
                                        "kind": words[KINDS.get(g["result"], "bye")],
                                        "score": MARKS[g["result"]]})
                continue
            if g["color"] == "b" or (g["color"] != "w" and _id_key(player) > _id_key(opponent)):
                continue  # listed from white's (or, without colours, the lower id's) line
            theirs = result_of.get((opponent, g["round"], player), " ")
            written = "" if g["result"] == " " else f"{MARKS[g['result']]}–{MARKS[theirs]}"
            day["boards"].append({"white": who(player, g["round"]),
                                  "black": who(opponent, g["round"]), "result": written})
    out = []
    for day in rounds.values():
        if not day["boards"] and not day["byes"]:
            continue
        day["boards"].sort(key=_board_order)
        day["byes"].sort(key=lambda b: _id_key(b["key"]))
        out.append(day)
    return out


def starting_rank(table: Standings, start: Figure, how: Writing) -> list[Row]:
    """The players by start number, as the list pinned before round 1 gives them:
    number, title, name, federation, FIDE id, rating (raw values and text)."""
    players = sorted(table.players, key=lambda p: _id_key(p["id"]))
    return [{"id": str(p["id"]), "key": p["id"], "anchor": p["anchor"],
             "title": title_of(p["title"]), "name": p["name"],
             "federation": p["federation"] or "", "fide_id": p["fide_id"] or None,
             "rating": rating, "rating_text": written}
            for p, rating, written in zip(players, values(start, players),
                                          texts(start, players, how), strict=True)]


def grid_marks(table: Standings) -> dict[tuple[Any, Any], str]:
    """(player, opponent) → the player's results against him: 1 ½ 0 (several for a double round)."""
    marks: dict[tuple[Any, Any], str] = {}
    for player, rows in table.games.items():
        for g in rows:
            if g["opponent"] is not None and g["result"] != " ":
                key = (player, g["opponent"])
                marks[key] = marks.get(key, "") + MARKS[g["result"]]
    return marks


def grid_cells(p: Row, players: list[Row], marks: dict[tuple[Any, Any], str]) -> list[str]:
    """One player's line of the grid, ``*`` against himself."""
    return ["*" if q["id"] == p["id"] else marks.get((p["id"], q["id"]), "") for q in players]


def grid(table: Standings) -> Row | None:
    """The round-robin grid: players × players, 1 ½ 0 (several for a double round), *."""
    if not table.rounds:
        return None
    players = table.players
    marks = grid_marks(table)
    return {
        "heads": [str(p["id"]) for p in players],
        "rows": [{
            "rank": fmt_int(p["rank"]), "id": str(p["id"]), "name": p["name"],
            "anchor": p["anchor"], "points": fmt_points(p["points"]),
            "cells": grid_cells(p, players, marks),
        } for p in players],
    }


def condition_text(c: Condition, words: Mapping[str, str]) -> str:
    """A norm condition in the report's words: its :attr:`~Condition.phrases`, points
    written as points."""
    return ": ".join(words[p.label].format(**{
        hole: fmt_points(value / 100) if p.points else value for hole, value in p.values})
        for p in c.phrases)


def norm_rows(result: RatingResult, words: Mapping[str, str]) -> list[Row] | None:
    """The norms of players with 9 games or more, and those the rounds to come can still
    bring (with their forecast), numbers as numbers (``None`` for a system without
    norms)."""
    if result.norms is None:
        return None
    players = result.event.players
    rows: list[Row] = []
    for n in result.norms:
        if not n.listed:
            continue
        p = players[n.player]
        forecast = n.forecast and words["norm_forecast"].format(
            points=fmt_points(n.forecast.points_needed / 100), remaining=n.forecast.remaining,
            rating=n.forecast.opponents_rating)
        rows.append({"name": p.name, "id": p.id, "title": n.title, "met": bool(n.met),
                     "games": n.games, "average": n.average, "performance": n.performance,
                     "forecast": forecast or None,
                     "failed": [condition_text(c, words) for c in n.open_failures]})
    return rows


def _norms_context(result: RatingResult, words: Mapping[str, str]) -> Row | None:
    """Met norms, and the missed ones of players with 9 games or more."""
    rows = norm_rows(result, words)
    if rows is None:
        return None
    met: list[Row] = []
    missed: list[Row] = []
    possible: list[Row] = []
    for n in rows:
        line = {"name": n["name"], "id": str(n["id"]), "anchor": anchor(n["id"]),
                "title": n["title"], "games": str(n["games"]), "average": str(n["average"]),
                "performance": str(n["performance"]), "failed": n["failed"],
                "forecast": n["forecast"]}
        (possible if n["forecast"] else met if n["met"] else missed).append(line)
    event = dict(result.event.settings).get(NORM_EVENT_SETTING, "ordinary")
    article = NORM_EVENTS.get(event)
    exempt = words["norm_exempt"].format(article=article, event=event) if article else ""
    return {"met": met, "missed": missed, "possible": possible, "exempt": exempt,
            "live": result.event.rounds_played < result.event.rounds}


def _system_facts(result: RatingResult, terms: ReportTerms,
                  words: Mapping[str, str]) -> list[tuple[str, str]]:
    """The pool rated and the level (with its L), where the system has them."""
    if not terms.pool_fact:
        return []
    players = result.player_table
    pools = [p for p in players.values("pool") if p is not None] if "pool" in players else []
    facts = [(words["pool"], ", ".join(dict.fromkeys(str(p) for p in pools)))]
    rule = terms.multiplier
    if rule is None:
        return facts
    level = result.settings.get(rule.setting, rule.default)
    if level == rule.by_time_control:
        return [*facts, (words["level"], f"{level} (" + words["level_by_time"].format(
            below=f"{rule.below:g}", above=f"{rule.from_threshold:g}",
            minutes=rule.minutes_threshold) + ")")]
    games = result.game_table
    used = sorted({float(v) for v in games.values("multiplier") if v is not None}
                  if "multiplier" in games else set())
    known = rule.values.get(level)
    if known is None or (used and used != [known]):  # the level rated with is not known
        return [*facts, (words["level"], "L = " + " / ".join(f"{v:g}" for v in used))]
    return [*facts, (words["level"], f"{level} (L = {known:g})")]


def _rounds_text(rounds: int, played: int, words: Mapping[str, str]) -> str:
    if played < rounds:
        return f"{rounds} ({words['after_round']} {played})"
    return str(rounds)


def game_note(g: Row, words: Mapping[str, str]) -> str:
    """Why a round changed no rating (empty for a rated game)."""
    if g["result"] == " ":
        return words["not_played"]
    if g["expected"] is not None:
        return ""
    return words["for_first_rating"] if g["rated"] else words["not_rated"]


def game_kind(g: Row, words: Mapping[str, str]) -> str:
    """What a round was, if not an ordinary game; a rated '-' is a game both lost."""
    if g["result"] == "-" and g["expected"] is not None:
        return words["both_lost"]
    return words[KINDS[g["result"]]] if g["result"] in KINDS else ""


def rating_line(p: Row, start: str, terms: ReportTerms, words: Mapping[str, str]) -> str:
    """A player's rating as his section's head writes it (``start``: his rating as
    written): "Rtg 2150", "unrated", "Rtg 1000 (provisional)"."""
    if p["rating"] is not None:
        return f'{words["rating"]} {start}'
    if terms.start_missing == "unrated":
        return words["unrated"]
    return f'{words["rating"]} {start} ({words[terms.start_missing]})'


@dataclass(frozen=True)
class Sections:
    """What the players' sections are written from (:func:`~.sections.report_data`):
    the standings, the system's terms, how its values are written, and the notes (player
    id → text) shown in them."""

    table: Standings
    terms: ReportTerms
    how: Writing
    notes: Mapping[Any, str]

    def place(self, anchor: str) -> int | None:
        """The place in the standings of the player whose section is at ``anchor``."""
        return next((at for at, p in enumerate(self.table.players) if p["anchor"] == anchor),
                    None)
