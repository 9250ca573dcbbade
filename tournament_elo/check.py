"""Where the project's computation disagrees with what an export published.

Exports carry their own figures: a TRF's points and rank columns, chess-results'
``Pts.``, ``Rk.``, ``Rp``, ``K`` and ``rtg+/-``.  Points are always compared; a rank
agrees when it lies within the computed tie group (tie-breaks order a group, and are
compared once they are computed); rating figures are compared where the system
computes them (:attr:`~tournament_elo.systems.terms.ReportTerms.published`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from .engine import RatingResult


@dataclass(frozen=True)
class Disagreement:
    player: int | str
    name: str
    what: str
    published: object
    computed: object

    def __str__(self) -> str:
        return (f"player {self.player} ({self.name}): {self.what} published {self.published}, "
                f"computed {self.computed}")


@dataclass(frozen=True)
class CheckReport:
    compared: int  # published values looked at
    disagreements: list[Disagreement]
    not_compared: list[str]  # published columns this version does not compute yet


def check_published(result: RatingResult) -> CheckReport:
    event = result.event
    points = event.points()
    # A tie group of equal points spans ranks first..last.
    order = np.sort(points)
    first = 1 + len(points) - np.searchsorted(order, points, side="right")
    last = len(points) - np.searchsorted(order, points, side="left")
    compared, found = 0, []
    for p in event.players:
        if p.declared_points is not None:
            compared += 1
            if p.declared_points != points[p.index]:
                found.append(Disagreement(p.id, p.name, "points", p.declared_points / 100,
                                          points[p.index] / 100))
        if p.declared_rank:
            compared += 1
            if not first[p.index] <= p.declared_rank <= last[p.index]:
                group = f"{first[p.index]}" if first[p.index] == last[p.index] else (
                    f"{first[p.index]}-{last[p.index]}")
                found.append(Disagreement(p.id, p.name, "rank", p.declared_rank, group))
    not_compared = []
    table = result.players
    published = result.system.terms.published
    for header, values in event.published:
        if header in ("Pts.", "Rk."):
            continue  # the declared points and rank above
        if header not in published:
            not_compared.append(header)
            continue
        column, tolerance = published[header]
        for p, value in zip(event.players, values, strict=True):
            mine = table[column].iloc[p.index]
            if not isinstance(value, Decimal) or mine is None or mine != mine:
                continue  # blank, text, or nothing computed (NaN)
            compared += 1
            if abs(float(value) - float(mine)) > tolerance + 1e-9:
                found.append(Disagreement(p.id, p.name, header, value, mine))
    return CheckReport(compared, found, not_compared)
