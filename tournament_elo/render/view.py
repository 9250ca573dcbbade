"""The view model of an event's report: every number already written, that the HTML
template and the sheets lay out — the players as records (dicts), their games as
columns (:class:`~.rows.Games`), the pairings a column per round.

What is shown for each system comes from its :class:`~tournament_elo.systems.terms.
ReportTerms`; this module has no knowledge of any system's kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate, groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

import numpy as np
import numpy.typing as npt

from ..i18n.labels import labels
from ..i18n.messages import warning_lines
from ..systems.fide.norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from ..systems.terms import Figure, ReportTerms
from .collector import without_collector
from .format import (
    KINDS,
    MARKS,
    READS,
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
from .rows import Columns, Games, Records

if TYPE_CHECKING:
    from ..rating.engine import RatingResult
    from ..systems.fide.norms import Condition

Row = dict[str, Any]
T = TypeVar("T")

#: More rounds than this is a game log, not a tournament, even where the input does not
#: say so (a TRF of a log): no round columns are shown.
CROSSTABLE_MAX_ROUNDS = 60
#: The crosstable's printed type by its rounds (more than N → the class): on A4 landscape
#: 9 rounds of three-digit start numbers fit at 8 pt, 13 at 7 pt, 19 at 6 pt.
PRINT_SIZES = ((19, "most-rounds"), (13, "many-rounds"), (9, "more-rounds"))


def print_size(rounds: int) -> str:
    """The crosstable's class for its printed type (:data:`PRINT_SIZES`)."""
    return next((cls for above, cls in PRINT_SIZES if rounds > above), "")


def _w_minus_we(rows: Columns) -> list[Any]:
    return [None if r is None or e is None or s is None else round(s - e, 2)
            for r, e, s in zip(rows.column("rating"), rows.column("expected"),
                               rows.column("score_rated"), strict=True)]


def _opponent_higher(rows: Columns) -> list[bool]:
    """Whether the opponent is the higher-rated (a missing rating counts as 0)."""
    return [(theirs or 0) > (own or 0) for theirs, own in
            zip(rows.column("opponent_rating"), rows.column("own_rating"), strict=True)]


#: Fields derived from a record's others rather than read from it, a column at a time.
DERIVED: dict[str, Callable[[Columns], list[Any]]] = {
    "w_minus_we": _w_minus_we, "opponent_higher": _opponent_higher}


def column(rows: Columns, key: str) -> list[Any]:
    """The field ``key`` of every row, read or derived (:data:`DERIVED`)."""
    derive = DERIVED.get(key)
    return rows.column(key) if derive is None else derive(rows)


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
    """The participants' records in standings order, their games (columns, in the same
    order) and crosstable cells by id; ``by_id``: every player's record, the reference
    opponents' too (``reference``, named by :func:`reference_name`)."""

    players: list[Row]
    games: Games
    rounds: list[int]
    cells: dict[Any, list[str]]
    codes: tuple[str, ...] = ()  # the tie-break codes, in the ranking's order
    by_id: dict[Any, Row] = field(default_factory=dict)

    @cached_property
    def everyone(self) -> list[Row]:
        """Every player's record (:attr:`by_id`'s), one list for every column of them."""
        return list(self.by_id.values())


def start_ratings(table: Standings, start: Figure, how: Writing) -> dict[Any, tuple[Any, str]]:
    """Every player's rating before the event (the system's ``start`` figure) by id: its
    value and its text."""
    everyone = table.everyone
    return dict(zip((p["id"] for p in everyone),
                    zip(values(start, everyone), texts(start, everyone, how), strict=True),
                    strict=True))


def standings(result: RatingResult, how: Writing) -> Standings:
    """The participants in standings order (rank, then start number) with their rounds.

    Each player record gains ``anchor`` (his section's id), ``tiebreaks``: code → value
    (``None`` if not defined); each game its player's rating (``own_rating``).
    """
    every = result.player_table.records(result.player_table.names)
    values = {code: np.asarray(v).tolist() for code, v in result.standings.values.items()}
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
    players = [every[i] for i in result.standing_rows.tolist()]
    games = _games(result, players)
    last = max([result.event.rounds_played, *games.rounds.tolist()])
    # A game log (an online platform's, one round per game) has no crosstable to show.
    log = result.event.game_log or last > CROSSTABLE_MAX_ROUNDS
    rounds = [] if log else list(range(1, last + 1))
    return Standings(players, games, rounds, _crosstable_cells(players, games, len(rounds)),
                     tuple(result.standings.codes), {p["id"]: p for p in every})


def _games(result: RatingResult, players: list[Row]) -> Games:
    """The participants' games, player after player in standings order, each player's
    by round (in the event's order within a round)."""
    table = result.game_table
    rows = result.game_rows
    place = np.full(len(result.event.players), -1, dtype=np.int64)
    place[result.standing_rows] = np.arange(len(players), dtype=np.int64)
    places = place[result.event.pairings.player[rows]]
    rounds = np.asarray(table["round"])[rows]
    # In a round nobody is paired in yet, "Z" means "not paired yet", not "absent": dropped.
    paired = np.zeros(int(rounds.max(initial=0)) + 1, dtype=bool)
    paired[rounds[result.event.pairings.opponent[rows] >= 0]] = True
    kept = paired[rounds] | (np.asarray(table["result"])[rows] != "Z")
    order = np.lexsort((rounds[kept], places[kept]))  # stable: the event's order within
    rows, places = rows[kept][order], places[kept][order]
    ratings = [p["rating"] for p in players]
    return Games(table, rows, places, len(players),
                 {"own_rating": list(map(ratings.__getitem__, places.tolist()))})


def _crosstable_cells(players: list[Row], games: Games, rounds: int) -> dict[Any, list[str]]:
    """Each player's crosstable cells, a round each (:func:`~.format.crosstable_cell`;
    none for a game log)."""
    if not rounds:
        return {p["id"]: [] for p in players}
    keys = list(zip(games.column("result"), games.column("opponent"), games.column("color"),
                    strict=True))
    written = {key: crosstable_cell(*key) for key in dict.fromkeys(keys)}
    cells = [""] * (len(players) * rounds)
    # A player's later game of a round (a second game) is the cell's.
    for at, key in zip((games.places * rounds + games.rounds - 1).tolist(), keys, strict=True):
        cells[at] = written[key]
    return {p["id"]: cells[i * rounds:(i + 1) * rounds] for i, p in enumerate(players)}


def writing(result: RatingResult, lang: str) -> Writing:
    """How the result's values are written in ``lang``."""
    terms = result.system.terms
    fixed = {str(p.id): "" for p in result.event.players if p.fixed_rating}
    return Writing(labels(lang), terms.decimals, terms.titles, {**fixed, **terms.fixed},
                   terms.start_missing)


#: Which rows a figure applies to, by its :attr:`Figure.only`.
SHOWN: dict[str, Callable[[Columns], list[bool]]] = {
    "rated": lambda rows: [r is not None for r in rows.column("rating")],
    # Not a fixed-rated opponent: every player's record; a game that moved the ratings.
    "moving": lambda rows: [e is not None for e in rows.column("expected")]
    if "result" in rows else [True] * len(rows),
    "played": lambda rows: [bool(n) for n in rows.column("games_rated")],
    # A game that entered the computation.
    "counted": lambda rows: [e is not None for e in rows.column("expected")],
}

#: The key of the records a figure does not apply to, among its values.
_HIDDEN = object()

Rows = Sequence[Row] | Columns


def _columns(rows: Rows) -> Columns:
    return rows if isinstance(rows, Columns) else Records(rows)


def _raw(figure: Figure, rows: Columns, hidden: Any = None) -> list[Any]:
    """The figure's raw value for each row, ``hidden`` where it does not apply."""
    raw = column(rows, figure.key)
    if figure.only is None:
        return raw
    return [v if shown else hidden for v, shown in zip(raw, SHOWN[figure.only](rows),
                                                       strict=True)]


def values(figure: Figure, rows: Rows) -> list[Any]:
    """The figure's raw value for each row (None where it does not apply)."""
    return _raw(figure, _columns(rows))


def written_once(keys: Sequence[Any], write: Callable[[list[Any]], list[str]]
                 ) -> tuple[list[str], list[int]]:
    """A column's texts as its distinct texts and each row's index among them, ``write``
    given each distinct key once (a NaN is its own key, found again by identity)."""
    index: dict[Any, int] = {}
    codes = [index.setdefault(key, len(index)) for key in keys]
    written = write(list(index))
    distinct = list(dict.fromkeys(written))
    if len(distinct) < len(written):  # keys written alike: one text
        at = {text: i for i, text in enumerate(distinct)}
        same = [at[text] for text in written]
        codes = [same[code] for code in codes]
    return distinct, codes


def each(write: Callable[[Any], str]) -> Callable[[list[Any]], list[str]]:
    """A writer of :func:`written_once` that writes each key alone."""
    return lambda keys: list(map(write, keys))


def text_codes(figure: Figure, rows: Rows, how: Writing) -> tuple[list[str], list[int]]:
    """The figure as written for each row ("" where it does not apply), as its distinct
    texts and each row's index among them: a report's column, each distinct value (with
    the fields its style reads, :data:`READS`) written once; a column written already
    for the same rows is not written again (:attr:`Writing.written`)."""
    at = (figure.key, figure.style, figure.only, id(rows))
    known = how.written.get(at)
    if known is not None:
        return known[1]
    made = _text_codes(figure, _columns(rows), how)
    how.written[at] = (rows, made)
    return made


def _text_codes(figure: Figure, rows: Columns, how: Writing) -> tuple[list[str], list[int]]:
    style = STYLES[figure.style]
    reads = READS.get(figure.style, ())
    raw = _raw(figure, rows, _HIDDEN)
    keys = raw if not reads else list(zip(raw, *(column(rows, k) for k in reads), strict=True))

    def write(unique: list[Any]) -> list[str]:
        shown = [k for k in unique if (k[0] if reads else k) is not _HIDDEN]
        if len(shown) == len(unique):
            return style(unique, how)
        texts = iter(style(shown, how))
        return ["" if (k[0] if reads else k) is _HIDDEN else next(texts) for k in unique]

    return written_once(keys, write)


def texts(figure: Figure, rows: Rows, how: Writing) -> list[str]:
    """The figure as written for each row ("" where it does not apply): a report's
    column, written in one pass over its rows."""
    distinct, at = text_codes(figure, rows, how)
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


def _cell_codes(figure: Figure, records: Sequence[Row], how: Writing
                ) -> tuple[list[str], list[int]]:
    """A crosstable or rating report column's distinct texts and each record's index
    among them: a tie-break's from the records' ``tiebreak_texts``."""
    if figure.style == "tiebreak":
        return written_once([str(r["tiebreak_texts"].get(figure.key, "")) for r in records],
                            list)
    return text_codes(figure, records, how)


def right_aligned(css: str) -> str:
    """A cell's classes in a table whose cells are right-aligned unless marked ``left``
    (the rating report, a player's games): ``num`` is left out, the most common class
    of the largest tables, which a 500-player report would repeat 40,000 times."""
    tokens = css.split()
    return " ".join(t for t in tokens if t != "num") if "num" in tokens else " ".join(
        [*tokens, "left"])


def _hints(figure: Figure, records: Sequence[Row], how: Writing) -> list[str]:
    """The cells' hints of a column whose figure is a title: the title's name."""
    return [how.title_text(r.get(figure.key)) for r in records]


def _column_cells(figures: Sequence[Figure], records: Sequence[Row], how: Writing,
                  classes: Sequence[str]) -> list[list[Row]]:
    """Each record's cells (text, class, hint) under ``figures``, a column at a time; the
    records of a column with the same text and hint share one cell (read, never
    changed)."""
    columns = []
    for f, cls in zip(figures, classes, strict=True):
        distinct, at = _cell_codes(f, records, how)
        if f.hint != "title":  # no hint: one cell per text
            cells = [{"text": t, "cls": cls, "hint": ""} for t in distinct]
            columns.append(list(map(cells.__getitem__, at)))
            continue
        made: dict[tuple[str, str], Row] = {}
        columns.append([made.get((t, h)) or made.setdefault((t, h), {"text": t, "cls": cls,
                                                                      "hint": h})
                        for t, h in zip((distinct[i] for i in at), _hints(f, records, how),
                                        strict=True)])
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


class Later(Sequence[T]):
    """A part of the view made when it is first read: the desk's standings read neither
    the players' sections nor the pairings, which are most of a large event's view."""

    def __init__(self, make: Callable[[], list[T]]) -> None:
        self._make: Callable[[], list[T]] | None = make
        self._rows: list[T] = []

    def _made(self) -> list[T]:
        if self._make is not None:
            self._rows, self._make = self._make(), None
        return self._rows

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        return self._made()[index]

    def __len__(self) -> int:
        return len(self._made())

    def __iter__(self) -> Iterator[T]:
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
    def pairings(self) -> list[Round]:
        return pairings(self.table, self.result.system.terms.start, self.how)


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


def rating_series(players: Sequence[Row], games: Games, terms: ReportTerms
                  ) -> list[list[float]]:
    """Each player's rating before the event, then after each game that moved it.

    FIDE rates the event as a whole: the rating before it plus the running sum of the
    per-game changes (so the last point is the unrounded new rating).  A per-game
    system keeps the rating after each game.  Empty for a player without a rating
    (FIDE's unrated), a fixed-rated opponent, or no rated game yet.
    """
    per_game = terms.series == "rating_after"
    counted = SHOWN["counted"](games)
    steps = ([None if not c or a is None else float(a)
              for c, a in zip(counted, games.column("rating_after"), strict=True)] if per_game
             else [float(change or 0) if c else None
                   for c, change in zip(counted, games.column("change"), strict=True)])
    series: list[list[float]] = []
    end = 0
    for p, count in zip(players, games.counts.tolist(), strict=True):
        moved = [s for s in steps[end:end + count] if s is not None]
        end += count
        start = p.get(terms.start.key)
        if not moved or start is None:
            series.append([])
        elif per_game:
            series.append([float(start), *moved])
        else:
            series.append(list(accumulate(moved, initial=float(start))))
    return series


def points_before(games: Games, players: int, rounds: int) -> npt.NDArray[np.float64]:
    """``[place, r - 1]``: the points of the player at ``place`` from rounds 1 to r − 1,
    what a pairing list shows beside his name (a round he has no row in adds nothing)."""
    scored = np.zeros((players, rounds + 1))
    np.add.at(scored, (games.places, games.rounds),
              [float(s or 0) for s in games.column("score")])
    return np.cumsum(scored, axis=1)[:, :-1]


def _person(p: Row | None, key: Any, rating: tuple[Any, str]) -> Row:
    """A player as a pairing list names him: start number, name, rating (``rating``: its
    value and text)."""
    return {"name": str(key) if p is None else p["name"], "id": str(key),
            "anchor": "" if p is None else link(p), "key": key,
            "rating": rating[0], "rating_text": rating[1]}


@dataclass(frozen=True)
class Round:
    """A round's pairings: its boards a column each — white's and black's keys, the
    result as written, each side's points before the round — in board order
    (:func:`pairings`), and its byes (a person of ``people`` with his points before the
    round, the bye's ``kind`` and ``score``); ``people``: each key's person
    (:func:`_person`)."""

    round: int
    white: list[Any]
    black: list[Any]
    result: list[str]
    white_points: list[float]
    black_points: list[float]
    byes: list[Row]
    people: Mapping[Any, Row]

    @property
    def boards(self) -> list[Row]:
        """The boards as records (white and black: each a person with his ``points``
        and ``points_text``; the result), for a template that lists one round."""
        def side(key: Any, points: float) -> Row:
            return {**self.people[key], "points": points, "points_text": fmt_points(points)}

        return [{"white": side(w, wp), "black": side(b, bp), "result": r}
                for w, b, r, wp, bp in zip(self.white, self.black, self.result,
                                           self.white_points, self.black_points, strict=True)]


def pairings(table: Standings, start: Figure, how: Writing) -> list[Round]:
    """Each round's boards (white – result – black, each with his rating and points
    before the round) and its byes; a round without either is left out.

    A board is listed from white's line (without colours, the lower start number's).
    Boards without numbers of their own (TRF has none) are ordered by the higher of the
    two players' points before the round, then the higher of their ratings, then the
    lower start number, then as their lines come in the standings; byes by start number.
    """
    if not table.rounds:
        return []
    games, by_id = table.games, table.by_id
    ratings = start_ratings(table, start, how)
    keys, opponents = games.column("player"), games.column("opponent")
    results, colors = games.column("result"), games.column("color")
    rounds, places = games.rounds.tolist(), games.places.tolist()
    # Each one's place among the start numbers (:func:`_id_key`).
    number = {key: at for at, key in enumerate(sorted({*keys, *opponents} - {None},
                                                      key=_id_key))}
    people = {key: _person(by_id.get(key), key, ratings.get(key, (None, ""))) for key in number}
    rated = {key: -1.0 if p["rating"] is None else float(p["rating"]) for key, p in people.items()}
    before = points_before(games, len(table.players), len(table.rounds)).tolist()
    place = {p["id"]: at for at, p in enumerate(table.players)}
    result_of = dict(zip(zip(keys, rounds, opponents, strict=True), results, strict=True))

    boards: list[tuple[Any, ...]] = []  # (round, the order's keys…, row, points)
    byes: list[tuple[int, int, int]] = []  # (round, start number, row)
    for i, (key, opponent, color) in enumerate(zip(keys, opponents, colors, strict=True)):
        if opponent is None:
            if results[i] not in (" ", "Z"):
                byes.append((rounds[i], number[key], i))
        elif color == "w" or (color != "b" and number[key] <= number[opponent]):
            r = rounds[i]
            own = before[places[i]][r - 1]
            theirs = before[place[opponent]][r - 1] if opponent in place else 0.0
            boards.append((r, -max(own, theirs), -max(rated[key], rated[opponent]),
                           min(number[key], number[opponent]), i, own, theirs))
    boards.sort()
    byes.sort()
    marks: dict[tuple[str, str], str] = {}

    def written(i: int) -> str:
        mine = results[i]
        pair = (mine, result_of.get((opponents[i], rounds[i], keys[i]), " "))
        text = marks.get(pair)
        if text is None:
            text = marks[pair] = "" if mine == " " else f"{MARKS[mine]}–{MARKS[pair[1]]}"
        return text

    words = how.words
    day_byes = {r: [i for _, _, i in rows] for r, rows in groupby(byes, itemgetter(0))}
    day_boards = {r: list(rows) for r, rows in groupby(boards, itemgetter(0))}
    out = []
    for r in sorted(day_boards.keys() | day_byes.keys()):
        shown = day_boards.get(r, [])
        out.append(Round(
            r, [keys[b[4]] for b in shown], [opponents[b[4]] for b in shown],
            [written(b[4]) for b in shown], [b[5] for b in shown], [b[6] for b in shown],
            [{**people[keys[i]], "points": before[places[i]][r - 1],
              "points_text": fmt_points(before[places[i]][r - 1]),
              "kind": words[KINDS.get(results[i], "bye")], "score": MARKS[results[i]]}
             for i in day_byes.get(r, [])], people))
    return out


def starting_rank(table: Standings, start: Figure, how: Writing) -> list[Row]:
    """The players by start number, as the list pinned before round 1 gives them:
    number, title, name, federation, FIDE id, rating (raw values and text)."""
    players = sorted(table.players, key=lambda p: _id_key(p["id"]))
    ratings = start_ratings(table, start, how)
    return [{"id": str(p["id"]), "key": p["id"], "anchor": p["anchor"],
             "title": title_of(p["title"]), "name": p["name"],
             "federation": p["federation"] or "", "fide_id": p["fide_id"] or None,
             "rating": ratings[p["id"]][0], "rating_text": ratings[p["id"]][1]}
            for p in players]


def grid_marks(table: Standings) -> dict[tuple[Any, Any], str]:
    """(player, opponent) → the player's results against him: 1 ½ 0 (several for a double round)."""
    marks: dict[tuple[Any, Any], str] = {}
    games = table.games
    for player, opponent, result in zip(games.column("player"), games.column("opponent"),
                                        games.column("result"), strict=True):
        if opponent is not None and result != " ":
            key = (player, opponent)
            marks[key] = marks.get(key, "") + MARKS[result]
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


def game_notes(games: Games, words: Mapping[str, str]) -> tuple[list[str], list[int]]:
    """Why each round changed no rating (empty for a rated game), as a column's distinct
    texts and each row's index among them."""
    def note(key: tuple[str, bool, Any]) -> str:
        result, counted, rated = key
        if result == " ":
            return words["not_played"]
        if counted:
            return ""
        return words["for_first_rating"] if rated else words["not_rated"]

    return written_once(list(zip(games.column("result"), SHOWN["counted"](games),
                                 games.column("rated"), strict=True)), each(note))


def game_kinds(games: Games, words: Mapping[str, str]) -> tuple[list[str], list[int]]:
    """What each round was, if not an ordinary game (a rated '-' is a game both lost),
    as a column's distinct texts and each row's index among them."""
    def kind(key: tuple[str, bool]) -> str:
        result, counted = key
        if result == "-" and counted:
            return words["both_lost"]
        return words[KINDS[result]] if result in KINDS else ""

    return written_once(list(zip(games.column("result"), SHOWN["counted"](games), strict=True)),
                        each(kind))


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
