"""What a crosstable's tie-break columns hold, from the legend under it.

Swiss-Manager (and chess-results, which prints its files) names the columns ``TB1``,
``TB2`` … and says what each is in lines such as ``Tie Break2: Direct Encounter (DE)``;
the readers keep those lines in :attr:`Event.extra_records`.  A legend is read only
where its words say the whole tie-break, so a column is never compared with a guess:

* the points (``points (game-points)``): the score itself, not a tie-break;
* a C.07 code in parentheses that the standings compute: ``Koya System (KS)``,
  ``Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints)``;
* nothing else.  Swiss-Manager's "variable" tie-breaks (``Buchholz Tie-Breaks (variabel
  with parameter)``, ``Sonneborn Berger Tie-Break Variable (2023)``) do not print their
  parameter, which results are cut (BH or BH/C1?), and match points belong to team
  events: such columns are known only from ``--tiebreaks``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..model import Event
from .headers import fold

#: A legend line: ``Tie Break1: points (game-points)`` (Swiss-Manager's German: ``Wertung``).
LEGEND_LINE = re.compile(r"^(?:tie\s*-?\s*break|wertung)\s*(\d+)\s*:?\s*(.+)$", re.IGNORECASE)
#: The code standing for the points in a tie-break column (C.07's own name for them).
POINTS = "PTS"
_CODE_IN_PARENTHESES = re.compile(r"\(\s*([A-Z]{2,4}(?:/[CM]\d)?)\s*\)")
_VARIABLE = re.compile(r"variab|parameter", re.IGNORECASE)
_MATCH_POINTS = re.compile(r"match\s*-?\s*points|mannschaftspunkte", re.IGNORECASE)


def is_points_legend(description: str) -> bool:
    """Whether a legend's words name the score itself (``points (game-points)``)."""
    return fold(description).startswith(("points", "pts", "punkte", "gamepoints"))


@dataclass(frozen=True)
class Legend:
    """One column's legend: its words, the code read from them (:data:`POINTS`, a C.07
    code, or None), and why none was read (``"variable"``: the parameter is not printed;
    ``"unknown"``: no tie-break this version computes)."""

    text: str
    code: str | None
    unread: str | None = None


def read_legend(description: str, known: Callable[[str], bool]) -> Legend:
    """The code of a legend's words, or why it has none (see the module's rules);
    ``known`` says whether the standings compute a code (the readers sit below them)."""
    if is_points_legend(description):
        return Legend(description, POINTS)
    if _MATCH_POINTS.search(description):
        return Legend(description, None, "unknown")
    named = [c for c in _CODE_IN_PARENTHESES.findall(description) if known(c)]
    if named:
        return Legend(description, named[0])
    return Legend(description, None, "variable" if _VARIABLE.search(description) else "unknown")


def legends(event: Event, known: Callable[[str], bool]) -> dict[str, Legend]:
    """The legend of each published tie-break column, by its header (``"TB2"``)."""
    lines = {}
    for _, text in event.extra_records:
        match = LEGEND_LINE.match(text.strip())
        if match:
            lines[f"tb{int(match[1])}"] = read_legend(match[2].strip(), known)
    return {header: lines[fold(header)] for header, _ in event.published
            if fold(header) in lines}
