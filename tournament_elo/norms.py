"""Title norms (B.01 1.4, as fide.md states them): GM, IM, WGM, WIM.

A norm needs, over the games played over the board (forfeits, short games and byes
do not count; unrated opponents count at 1400):

- at least 9 games; a norm over more than 13 games counts as 13 (``norm_games``),
- a score of at least 35 %,
- Rp = Ra + dp at least 2600 / 2450 / 2400 / 2250, where Ra is the opponents' average
  rounded half up with no 400 cap, and one opponent, the lowest-rated, is raised to
  the floor 2200 / 2050 / 2000 / 1850 if he is below it,
- that same average Ra at least 2380 / 2230 / 2180 / 2030,
- the federation mix: at least 2 federations other than the player's, at most 3/5 of
  the opponents from the player's own federation, at most 2/3 from any one federation,
- the title mix: at least 50 % title-holders (CM and WCM do not count), and at least
  1/3 holding the norm title or one that B.01 counts for it (:data:`NORM_TITLE_HOLDERS`).

Opponents whose federation is not given count as opponents but for no federation.
Each :class:`NormResult` lists every condition with its value and the bound; a failed
one says by how much it failed, e.g. "average 2364, needs 2380: 16 short".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .model import PLAYED, POINTS, Event
from .rounding import half_up, up_to_half_point
from .systems.fide_tables import DP

#: B.01 0.31: the titles in order, highest first.  FM ranks above WIM and below WGM.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
#: B.01 1.4.5: title-holders for the 50 % rule: every title except CM and WCM.
TITLE_HOLDERS = frozenset(TITLE_ORDER) - {"CM", "WCM"}
#: B.01 1.4.5: titles that count for the 1/3 rule of each norm: the norm title and the
#: titles above it in TITLE_ORDER, except that FM does not count for a WIM norm (B.01
#: lists "WIMs, WGMs, IMs or GMs" there, although FM ranks above WIM).
NORM_TITLE_HOLDERS: dict[str, frozenset[str]] = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}
#: The women's norms: not computed for a player given as male.
WOMEN_TITLES = frozenset({"WGM", "WIM"})


@dataclass(frozen=True)
class NormLevel:
    performance: int  # Rp needed
    average: int  # opponents' average needed
    floor: int  # the lowest opponent is raised to this


NORM_LEVELS: dict[str, NormLevel] = {
    "GM": NormLevel(2600, 2380, 2200),
    "IM": NormLevel(2450, 2230, 2050),
    "WGM": NormLevel(2400, 2180, 2000),
    "WIM": NormLevel(2250, 2030, 1850),
}
UNRATED_OPPONENT = 1400
MIN_GAMES = 9
MAX_NORM_GAMES = 13
MIN_PERCENT = 35


@dataclass(frozen=True)
class Condition:
    name: str  # "games", "score", "performance", "average", "foreign federations", ...
    value: int
    bound: int  # the least (or, for "own federation"/"one federation", the most) allowed
    met: bool
    text: str  # "average 2364, needs 2380: 16 short"


@dataclass(frozen=True)
class NormResult:
    player: int  # index into event.players
    title: str
    games: int  # games counted
    norm_games: int  # games the norm is worth: at most 13
    points: int  # hundredths, in the games counted
    average: int  # Ra, the lowest opponent raised
    performance: int  # Rp = Ra + dp
    raised: tuple[int, int] | None  # (the lowest opponent's rating, the floor) if raised
    conditions: tuple[Condition, ...]

    @property
    def met(self) -> bool:
        return all(c.met for c in self.conditions)

    @property
    def failures(self) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if not c.met)


def _at_least(name: str, value: int, bound: int, what: str, unit: str = "") -> Condition:
    met = value >= bound
    text = f"{what}, needs {bound}{unit}" + ("" if met else f": {bound - value} short")
    return Condition(name, value, bound, met, text)


def _at_most(name: str, value: int, bound: int, what: str) -> Condition:
    met = value <= bound
    text = f"{what}, at most {bound}" + ("" if met else f": {value - bound} too many")
    return Condition(name, value, bound, met, text)


def _points(hundredths: int) -> str:
    return f"{hundredths / 100:g}"


def _check(
    event: Event, index: int, title: str, opponents: list[int], ratings: list[int],
    points: int,
) -> NormResult:
    level = NORM_LEVELS[title]
    me = event.players[index]
    games = len(opponents)
    adjusted = list(ratings)
    raised = None
    if adjusted:
        low = int(np.argmin(adjusted))
        if adjusted[low] < level.floor:
            raised = (adjusted[low], level.floor)
            adjusted[low] = level.floor
    average = int(half_up(sum(adjusted), games)) if games else 0
    percent = int(half_up(points, games)) if games else 0
    rp = average + int(DP[percent]) if games else 0

    need_points = int(up_to_half_point(MIN_PERCENT * games))
    conditions = [
        _at_least("games", games, MIN_GAMES, f"{games} games"),
        Condition(
            "score", points, need_points, points >= MIN_PERCENT * games,
            f"score {_points(points)} of {games}, needs {_points(need_points)} ({MIN_PERCENT} %)"
            + ("" if points >= MIN_PERCENT * games
               else f": {_points(need_points - points)} short"),
        ),
        _at_least("performance", rp, level.performance, f"performance {rp}"),
        _at_least("average", average, level.average, f"average {average}"),
    ]

    feds = [event.players[o].federation for o in opponents]
    own = me.federation
    foreign = {f for f in feds if f and f != own}
    conditions.append(_at_least("foreign federations", len(foreign), 2,
                                f"{len(foreign)} federations other than {own or 'his own'}"))
    if own:
        mine = sum(f == own for f in feds)
        conditions.append(_at_most("own federation", mine, 3 * games // 5,
                                   f"{mine} of {games} opponents from {own} (3/5)"))
    counts = Counter(f for f in feds if f)
    if counts:
        fed, most = counts.most_common(1)[0]
        conditions.append(_at_most("one federation", most, 2 * games // 3,
                                   f"{most} of {games} opponents from {fed} (2/3)"))

    titles = [(event.players[o].title or "").upper() for o in opponents]
    titled = sum(t in TITLE_HOLDERS for t in titles)
    conditions.append(_at_least("titled", titled, -(-games // 2),
                                f"{titled} of {games} opponents titled", " (50 %)"))
    holders = sum(t in NORM_TITLE_HOLDERS[title] for t in titles)
    names = "/".join(t for t in TITLE_ORDER if t in NORM_TITLE_HOLDERS[title])
    conditions.append(_at_least("title holders", holders, -(-games // 3),
                                f"{holders} of {games} opponents {names}", " (1/3)"))
    return NormResult(index, title, games, min(games, MAX_NORM_GAMES), points, average, rp,
                      raised, tuple(conditions))


def _holds(player_title: str | None, norm: str) -> bool:
    """Whether a player's title already makes the norm pointless."""
    return (player_title or "").upper() in NORM_TITLE_HOLDERS[norm]


def norms(event: Event, titles: Iterable[str] = ("GM", "IM", "WGM", "WIM")) -> list[NormResult]:
    """Every player's norm check for every title he does not already hold (or better).

    Women's norms are skipped for players whose sex is given as male.  Results come in
    player order, then in the order of ``titles``.
    """
    wanted = [t.upper() for t in titles]
    unknown = [t for t in wanted if t not in NORM_LEVELS]
    if unknown:
        raise ValueError(f"no norm for {', '.join(unknown)}; known: {', '.join(NORM_LEVELS)}")
    p = event.pairings
    counted = PLAYED[p.result] & (p.opponent >= 0)
    games: dict[int, tuple[list[int], list[int], int]] = {}
    for player, opponent, result in zip(
        p.player[counted].tolist(), p.opponent[counted].tolist(), p.result[counted].tolist(),
        strict=True,
    ):
        opps, ratings, pts = games.get(player, ([], [], 0))
        opps.append(opponent)
        ratings.append(event.players[opponent].rating or UNRATED_OPPONENT)
        games[player] = (opps, ratings, pts + int(POINTS[result]))
    out = []
    for me in event.players:
        opps, ratings, pts = games.get(me.index, ([], [], 0))
        for title in wanted:
            if _holds(me.title, title):
                continue
            if title in WOMEN_TITLES and (me.sex or "").lower() == "m":
                continue
            out.append(_check(event, me.index, title, opps, ratings, pts))
    return out
