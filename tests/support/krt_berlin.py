"""The Kurt-Richter-Gedenkturnier 2023 (Berlin, Swiss-Chess) as an Event.

The TSV holds the final ranking (full names cut to ~17 characters, Buchholz,
Sonneborn-Berger) and the seven pairing lists (starting numbers, names cut to ~16
characters).  Players are matched by name prefix; a player missing from a round's
list was absent that round (a zero-point bye).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from helpers import DATA, make_event
from tournament_elo.model import Event

KRT = DATA / "krt2023_berlin_swisschess_ranking_and_pairings.tsv"

_RESULTS = {"1 – 0": "1", "0 – 1": "0", "½ – ½": "=", "+ – –": "+", "– – +": "-"}


@dataclass(frozen=True)
class Ranked:
    rank: int
    name: str
    rating: int
    points: float
    buchholz: float
    sonneborn_berger: float


def read_krt(path: Path = KRT) -> tuple[Event, list[Ranked]]:
    """The event (players in ranking-list order) and the published ranking list."""
    ranking: list[Ranked] = []
    games: list[tuple[int, int, int, str]] = []
    section, rnd = "", 0
    by_number: dict[int, int] = {}  # starting number → index in the ranking list
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## FILE"):
            section = line.split()[-1]
            continue
        if line.startswith("Paarungsliste der "):
            rnd = int(line.split()[2].rstrip("."))
            continue
        cells = line.split("\t")
        if not cells[0].isdigit():
            continue
        if section.startswith("krt-ranglisten"):
            ranking.append(Ranked(int(cells[0]), cells[1], int(cells[3]), float(cells[10]),
                                  float(cells[11]), float(cells[12])))
        else:
            white = _index(int(cells[1]), cells[2], ranking, by_number)
            black = _index(int(cells[6]), cells[7], ranking, by_number)
            games.append((rnd, white + 1, black + 1, _RESULTS[cells[10].strip()]))
    event = make_event([r.rating for r in ranking], games)
    players = tuple(replace(p, name=r.name) for p, r in zip(event.players, ranking, strict=True))
    return replace(event, name="Kurt-Richter-Gedenkturnier 2023", players=players), ranking


def _index(number: int, name: str, ranking: list[Ranked], by_number: dict[int, int]) -> int:
    """The ranking-list index of starting number ``number`` (named ``name`` in the list)."""
    name = name.strip()
    matches = [i for i, r in enumerate(ranking)
               if r.name.startswith(name) or name.startswith(r.name)]
    if number in by_number:
        assert by_number[number] in matches, (number, name)
        return by_number[number]
    assert len(matches) == 1, (number, name, [ranking[i].name for i in matches])
    by_number[number] = matches[0]
    return matches[0]
