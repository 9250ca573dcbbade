"""Where the project's computation disagrees with what an export published: an auditor's
tool, so every published figure is either compared or named as not compared.

* **Points**: a TRF's points column, chess-results' ``Pts.`` (or the tie-break column its
  legend calls the points), against the results.
* **Ranks**: a published rank agrees when it lies within the computed tie group — points,
  then the tie-breaks known: ``--tiebreaks``, else the legend's, up to its first column
  not known (:mod:`.io.tiebreak_legend`).  With every tie-break known the rank is exact
  wherever they separate the players; players tied on all of them share the place, in
  any order.  With none known, the group is the players on equal points.
* **Tie-break columns** (``TB1`` …) whose code is known, through the standings (the C.07
  edition of ``rate``: by default the one in force on the event's first day): sums of
  half points (BH, SB, PS …) exactly, averages (AOB, ARO …) to the column's decimals
  (``1845`` ±0.5, ``13,38`` ±0.005).  Swiss-Manager's DE column prints 0 where DE
  decides nothing: a 0 agrees when DE leaves the player's group (points and the
  tie-breaks before DE) whole.  Its figure where DE splits a group is not known, so
  those values are not compared.
* **Rating figures** (``Rp``, ``K``, ``rtg+/-``) where the system computes them
  (:attr:`~tournament_elo.systems.terms.ReportTerms.published`), to its tolerance.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from ..i18n.labels import check_labels
from ..model import Event
from ..read.crosstable_layout import header_kind
from ..read.headers import fold
from ..read.tiebreak_legend import POINTS, legends
from .engine import DEFAULT_REQUEST, RatingResult, rate
from .request import RateRequest
from .standings import is_tiebreak_code, places, tiebreak_codes

_TIE_BREAK_HEADER = re.compile(r"^tb\d+$")
#: Tie-breaks that are rounded averages; every other one is exact (a sum of half points,
#: a count, DE's place).
ROUNDED = frozenset({"AOB", "ARO", "TPR", "PTP", "APRO", "APPO"})


@dataclass(frozen=True)
class Disagreement:
    player: int | str
    name: str
    what: str  # "points", "rank", or the column: "TB3 (PS)", "Rp"
    published: object
    computed: object


@dataclass(frozen=True)
class NotCompared:
    """A published column (or some of its values) left out, and why: a key of
    :func:`~tournament_elo.i18n.labels.check_labels` (``variable``, ``unknown``, ``no_legend``,
    ``not_given``, ``after_unknown``, ``de_split``, ``not_computed``)."""

    column: str
    reason: str
    legend: str | None = None  # the legend's words, where the export has them
    values: int = 0  # how many values, where only some are left out


@dataclass(frozen=True)
class CheckReport:
    compared: int  # published values looked at
    disagreements: list[Disagreement]
    not_compared: list[NotCompared]
    tiebreaks: tuple[str, ...] = ()  # the tie-breaks the ranks were compared with


@dataclass(frozen=True)
class TieBreakColumn:
    """A published tie-break column and what it holds: a code, :data:`POINTS`, or None
    (then ``reason`` says why, a :class:`NotCompared` reason)."""

    header: str
    code: str | None
    reason: str | None = None
    legend: str | None = None


def tiebreak_columns(event: Event, tiebreaks: str | None
                     ) -> tuple[list[TieBreakColumn], tuple[str, ...], int]:
    """The event's ``TB`` columns, the tie-breaks that rank it (in order) and how many of
    those, from the first, decide the published rank.

    ``tiebreaks`` (``--tiebreaks``) overrides the legend: its codes go to the columns in
    order, skipping those the legend calls the points; without it each column has the
    legend's code, and the rank is decided by those before the first column not known.
    """
    found = legends(event, is_tiebreak_code)
    headers = [h for h, _ in event.published if _TIE_BREAK_HEADER.match(fold(h))]
    columns: list[TieBreakColumn] = []
    if tiebreaks is not None:
        codes = tiebreak_codes(tiebreaks, event)
        given = iter(codes)
        for header in headers:
            legend = found.get(header)
            text = legend.text if legend else None
            if legend and legend.code == POINTS:
                columns.append(TieBreakColumn(header, POINTS, legend=text))
            else:
                code = next(given, None)
                columns.append(TieBreakColumn(header, code, None if code else "not_given", text))
        return columns, codes, len(codes)
    decided: int | None = None
    for header in headers:
        legend = found.get(header)
        if legend is None:
            columns.append(TieBreakColumn(header, None, "no_legend"))
        elif legend.code is None:
            columns.append(TieBreakColumn(header, None, legend.unread, legend.text))
        elif legend.code == "DE" and any(c.code is None for c in columns):
            # DE is a place after the tie-breaks before it: one of them is not known.
            columns.append(TieBreakColumn(header, None, "after_unknown", legend.text))
        else:
            columns.append(TieBreakColumn(header, legend.code, legend=legend.text))
        if columns[-1].code is None and decided is None:
            decided = sum(1 for c in columns if c.code not in (None, POINTS))
    codes = tuple(c.code for c in columns if c.code is not None and c.code != POINTS)
    return columns, codes, len(codes) if decided is None else decided


def check_event(event: Event, request: RateRequest = DEFAULT_REQUEST) -> CheckReport:
    """Rate ``event`` as ``request`` asks, with the tie-breaks its published columns need,
    and compare (the request's ``tiebreaks``, as ``--tiebreaks``, override the legend)."""
    columns, codes, decided = tiebreak_columns(event, request.tiebreaks)
    result = rate(event, replace(request, tiebreaks=",".join(codes)))
    return check_published(result, columns, decided)


def check_published(result: RatingResult, columns: Sequence[TieBreakColumn] = (),
                    decided: int = 0) -> CheckReport:
    """Compare ``result``'s event with its own published figures; ``columns`` say what
    its tie-break columns hold and ``decided`` how many of the standings' tie-breaks
    decide the published rank (see :func:`tiebreak_columns`)."""
    event, table = result.event, result.standings
    points = event.points()
    compared, found = 0, []
    ranking = table.codes[:decided]
    # The published points count every result in the file (a bye entered ahead, too):
    # ranks are grouped by the same points.
    first = places(points, {c: table.values[c] for c in ranking})
    _, inverse, size = np.unique(first, return_inverse=True, return_counts=True)
    last = first + size[inverse] - 1  # a shared place spans first..last
    for p in event.players:
        if p.declared_points is not None:
            compared += 1
            if p.declared_points != points[p.index]:
                found.append(Disagreement(p.id, p.name, "points", p.declared_points / 100,
                                          points[p.index] / 100))
        if p.declared_rank:
            compared += 1
            low, high = int(first[p.index]), int(last[p.index])
            if not low <= p.declared_rank <= high:
                shared = f"{low}" if low == high else f"{low}-{high}"
                found.append(Disagreement(p.id, p.name, "rank", p.declared_rank, shared))
    not_compared: list[NotCompared] = []
    by_header = {c.header: c for c in columns}
    rating_figures = result.system.terms.published
    # Where no Pts. column is published, the legend's points column gave the declared points.
    points_published = any(header_kind(h) == "points" for h, _ in event.published)
    for header, values in event.published:
        column = by_header.get(header)
        if header_kind(header) in ("points", "rank") or (
                column is not None and column.code == POINTS and not points_published):
            continue  # the declared points and rank above
        if column is not None and column.code is None:
            assert column.reason is not None
            not_compared.append(NotCompared(header, column.reason, column.legend))
            continue
        if column is not None:
            assert column.code is not None
            what = f"{header} ({column.code})"
            if column.code == "DE":
                n, wrong, skipped = _direct_encounter(event, values, table.values,
                                                      table.codes, points, what)
                compared += n
                found += wrong
                if skipped:
                    not_compared.append(NotCompared(header, "de_split", column.legend,
                                                    skipped))
                continue
            mine = (points / 100 if column.code == POINTS
                    else table.values[column.code])
            allowed = _allowed(column.code, values)
        elif header in rating_figures:
            field, tolerance = rating_figures[header]
            what, mine = header, result.players[field].to_numpy(dtype=np.float64)
            allowed = Decimal(str(tolerance))
        else:
            not_compared.append(NotCompared(header, "not_computed"))
            continue
        n, wrong = _compare(event, what, values, mine, allowed)
        compared += n
        found += wrong
    return CheckReport(compared, found, not_compared, ranking)


def _compare(event: Event, what: str, published: Sequence[object],
             mine: npt.NDArray[np.float64], allowed: Decimal
             ) -> tuple[int, list[Disagreement]]:
    """How many of a column's published numbers were compared, and those farther than
    ``allowed`` from the computed figure."""
    compared, found = 0, []
    for p, value in zip(event.players, published, strict=True):
        computed = float(mine[p.index])
        if not isinstance(value, Decimal) or computed != computed:
            continue  # blank, text, or nothing computed (NaN)
        compared += 1
        if abs(Decimal(computed) - value) > allowed:
            found.append(Disagreement(p.id, p.name, what, value, _figure(computed)))
    return compared, found


def _allowed(code: str, published: Sequence[object]) -> Decimal:
    """How far a published tie-break may be from ours.  Sums of half points (BH, SB, PS,
    WIN …) are exact whatever is printed: Swiss-Manager prints ``13`` for 13 and ``13,5``
    for 13.5, so a ``13`` is no 13.5 rounded.  Averages (AOB, ARO, TPR …) are rounded:
    half a unit of the finest decimal the column prints (``1845`` ±0.5, ``13,38`` ±0.005)."""
    if code.split("/")[0] not in ROUNDED:
        return Decimal(0)
    decimals = max((-int(v.as_tuple().exponent) for v in published if isinstance(v, Decimal)),
                   default=0)
    return Decimal(5).scaleb(-max(decimals, 0) - 1)


def _direct_encounter(event: Event, published: Sequence[object],
                      values: dict[str, npt.NDArray[np.float64]], codes: tuple[str, ...],
                      points: npt.NDArray[np.int64], what: str
                      ) -> tuple[int, list[Disagreement], int]:
    """Swiss-Manager's DE column: a 0 agrees when DE leaves the player's group whole.
    Returns the values compared, the disagreements and the values left out (not 0)."""
    de = values["DE"]
    before = codes[:codes.index("DE")]
    group = places(points, {c: values[c] for c in before})
    compared, found, skipped = 0, [], 0
    for p, value in zip(event.players, published, strict=True):
        if not isinstance(value, Decimal):
            continue
        if value != 0:
            skipped += 1
            continue
        compared += 1
        together = group == group[p.index]
        if (de[together] != de[p.index]).any():
            found.append(Disagreement(p.id, p.name, what, value, _figure(float(de[p.index]))))
    return compared, found, skipped


def _figure(value: float) -> int | float:
    """A computed figure as it reads best: 12.0 → 12."""
    return int(value) if value.is_integer() else value


def report_lines(report: CheckReport, lang: str = "en") -> list[str]:
    """The report in words: one line per disagreement, the summary, what was not compared."""
    words = check_labels(lang)
    lines = [words["disagreement"].format(
        player=d.player, name=d.name,
        what=words[d.what] if d.what in ("points", "rank") else d.what, published=d.published,
        computed=d.computed) for d in report.disagreements]
    agree = report.compared - len(report.disagreements)
    lines.append(words["summary"].format(agree=agree, compared=report.compared))
    if report.tiebreaks:
        lines.append(words["ranked_by"].format(codes=", ".join(report.tiebreaks)))
    if report.not_compared:
        lines.append(words["not_compared"])
        for n in report.not_compared:
            legend = f" \"{n.legend}\"" if n.legend else ""
            reason = words[n.reason].format(values=n.values)
            lines.append(f"  {n.column}{legend}: {reason}")
    return lines
