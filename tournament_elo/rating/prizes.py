"""The prize-giving: the prizes of a table (:mod:`tournament_elo.prize_table`) given to
the players of an event by the standings.

A prize is a place of its *list*: the players its conditions admit (an age group, women,
a rating band, the unrated, a federation, a club, start numbers; none: every player), in
the standings' order.  The prizes are given from the most valuable down (or in the
table's order, ``priority = "order"``), each list's places in their order, each to the
best-placed player its list admits who holds no prize yet (``one_per_player``; else who
holds none of that list): a player who qualifies for two prizes takes the one given
first, and the other goes down its list.

Players on equal points share as the table says (``sharing``): ``tiebreak``, not at all
(the tie-breaks decide); ``split``, the tied players share the sum of the prizes of the
list they occupy (as many as they are, from the list's next place on, or what is left
of it), in equal parts; ``hort`` (the Hort system), half of that sum in equal parts and
the other half as the prizes fall by the tie-breaks.  A tie is settled when its list's
place comes, and each tied player then holds his share; a tied player who would receive
more of another list's next prize, as things stand then, leaves the tie for that prize
(one prize per player, the most valuable), and the others share without him.  A prize in
kind (a label) goes by the tie-breaks.  A share is a whole number of the table's
``unit`` (0.01 unless it says): each share is rounded down to the unit, and the units
left over go one each to the shares rounded down the most, the best placed first (100
among 3: 33.34, 33.33, 33.33).

Ages are counted as FIDE counts them, by the year: the event's year (of its first day)
minus the birth year.  A player is under 16 (``U16``) if he had not turned 16 before
1 January of that year — that number is at most 16 (FIDE's World Youth Championships
regulations, 2.1: "A player must not have reached his/her 14th, 16th or 18th birthday,
respectively, before 1 January" of the year) — and ``50+`` if he turns 50 by 31 December
of the year — that number is at least 50 (FIDE's World Senior Championships: the age
reached by 31 December of the year of the event).  A rating band counts the rating at
the start, and rated players only; the unrated have their own prize (``unrated``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import message
from ..model import Event, Player, Standings
from ..prize_table import AgeGroup, Eligibility, Priority, Prize, PrizeTable, Sharing
from ..read.headers import fold
from .standings import standing_order

#: The most start numbers a warning names before it counts the rest.
NAMED_PLAYERS = 10


class Award(NamedTuple):
    """A prize given: to ``player`` (his row in the event; ``None``: not awarded, nobody
    qualifies or every player who does holds a prize), ``amount`` what he receives (the
    prize's amount where it is not awarded; ``None``: no money, a prize in kind), and the
    rows of the players who share the prizes of his tie with him."""

    prize: Prize
    player: int | None
    amount: Decimal | None
    shared_with: tuple[int, ...] = ()


class PrizeList(NamedTuple):
    """The prize-giving of one event: every prize of the table, in the table's order (a
    tie with more players than prizes: its further shares after its last prize), and what
    the table could not know (players without a birth year for an age group, a tie left
    to the start numbers)."""

    table: PrizeTable
    awards: tuple[Award, ...]
    warnings: tuple[InputWarning, ...]


def event_year(event: Event) -> int | None:
    """The year ages are counted in: the event's first day's (else its last day's)."""
    day = event.start or event.end
    return None if day is None else day.year


def birth_year(player: Player) -> int | None:
    if player.birth_year is not None:
        return player.birth_year
    return None if player.birth is None else player.birth.year


def in_age_group(group: AgeGroup, age: int) -> bool:
    """Whether a player of ``age`` (the event's year minus his birth year) is in ``group``:
    ``U16`` at most 16, ``50+`` at least 50."""
    if group.under is not None:
        return age <= group.under
    return group.over is not None and age >= group.over


def admits(eligible: Eligibility, player: Player, year: int | None,
           club: str | None) -> bool:
    """Whether ``player`` (of the club ``club``, folded) may win a prize of the list."""
    if eligible.age is not None:
        born = birth_year(player)
        if born is None or year is None or not in_age_group(eligible.age, year - born):
            return False
    if eligible.women and player.sex != "w":
        return False
    rated = bool(player.rating)
    if eligible.unrated and rated:
        return False
    low, high = eligible.rating_from, eligible.rating_below
    if low is not None or high is not None:
        rating = player.rating or 0
        if not rated or (low is not None and rating < low) or (
                high is not None and rating >= high):
            return False
    if eligible.federations and (player.federation or "").upper() not in eligible.federations:
        return False
    if eligible.clubs and club not in eligible.clubs:
        return False
    return not eligible.players or str(player.id) in eligible.players


def shares(amounts: Sequence[Decimal | None], players: int, sharing: Sharing,
           unit: Decimal) -> list[Decimal]:
    """What each of ``players`` tied players (in the standings' order) receives of the
    prizes ``amounts`` they occupy (the first player's, the second's, …; fewer than the
    players when the list runs out): in whole ``unit``s, each rounded down, the units
    left over one each to the largest remainders, the best placed first."""
    units = [int((amount or 0) / unit) for amount in amounts]  # whole: the reader checks
    pool = sum(units)
    if sharing is Sharing.SPLIT:
        exact = [Fraction(pool, players)] * players
    else:  # the Hort system: half in equal parts, half as the prizes fall
        own = [*units, *[0] * (players - len(units))]
        exact = [Fraction(o, 2) + Fraction(pool, 2 * players) for o in own]
    paid = [math.floor(x) for x in exact]
    # The units left: one each to the largest remainders, the best placed first.
    left = sorted(range(players), key=lambda k: (paid[k] - exact[k], k))
    for k in left[:pool - sum(paid)]:
        paid[k] += 1
    return [unit * p for p in paid]


def award_prizes(event: Event, standings: Standings, table: PrizeTable) -> PrizeList:
    """Give the prizes of ``table`` to the players of ``event`` by ``standings``; a table
    that does not fit the event (a start number it has not, an age group of an undated
    event) is an :class:`InputError` naming the table's line, every one at once."""
    year = event_year(event)
    _check_fits(event, table, year)
    giving = _Giving(event, standings, table, year)
    for step in _giving_order(table):
        giving.give(step)
    listed = tuple(award for prize in table.prizes for award in giving.awards.get(
        prize.index, [Award(prize, None, prize.amount)]))
    return PrizeList(table, listed, (*_missing_facts(event, table), *giving.warnings))


class _Tie(NamedTuple):
    """Players given the next places of a list together: the prizes they occupy and what
    each receives (one player: the prize)."""

    players: list[int]
    occupied: list[Prize]
    amounts: list[Decimal | None]


class _Giving:
    """The prize-giving under way: each list's prizes in place order and the players it
    admits in the standings' order, what is given and who holds a prize."""

    def __init__(self, event: Event, standings: Standings, table: PrizeTable,
                 year: int | None) -> None:
        self.players = event.players
        self.table = table
        self.rules = table.rules
        self.rank, self.points = standings.rank, standings.points
        clubs = _clubs(event)
        order = standing_order(standings.rank).tolist()
        self.lists: dict[Eligibility, list[Prize]] = {}
        for prize in sorted(table.prizes, key=lambda p: p.place):
            self.lists.setdefault(prize.eligible, []).append(prize)
        self.admitted = {eligible: [i for i in order if admits(
            eligible, self.players[i], year, clubs.get(i))] for eligible in self.lists}
        self.given: set[int] = set()
        self.held: dict[Eligibility | None, set[int]] = {}
        self.awards: dict[int, list[Award]] = {}
        self.warnings: list[InputWarning] = []
        #: Whether a tied player compares his share with the prizes of other lists: one
        #: prize per player, the most valuable.
        self.compares = self.rules.one_per_player and self.rules.priority is Priority.AMOUNT

    def holders(self, eligible: Eligibility) -> set[int]:
        """Who may not take a prize of the list: the holders of any prize (one per
        player), else of one of the list's."""
        return self.held.setdefault(None if self.rules.one_per_player else eligible, set())

    def remaining(self, eligible: Eligibility) -> list[Prize]:
        return [p for p in self.lists[eligible] if p.index not in self.given]

    def in_line(self, eligible: Eligibility) -> list[int]:
        holders = self.holders(eligible)
        return [i for i in self.admitted[eligible] if i not in holders]

    def tie(self, members: Sequence[Prize], line: Sequence[int]) -> _Tie:
        """The first of ``line`` and the players on his points (sharing), the prizes of
        ``members`` (a list's not given, in place order) they occupy and their shares."""
        sharing = self.table.sharing_of(members[0])
        first = line[0]
        tied = [first] if sharing is Sharing.TIEBREAK else [
            i for i in line if self.points[i] == self.points[first]]
        occupied = list(members[:len(tied)])
        if len(tied) > 1 and not any(p.amount for p in occupied):  # no money to share
            tied, occupied = [first], occupied[:1]
        if len(tied) == 1:
            return _Tie(tied, occupied, [occupied[0].amount])
        paid = shares([p.amount for p in occupied], len(tied), sharing, self.rules.unit)
        return _Tie(tied, occupied, list(paid))

    def worth_elsewhere(self, player: int, here: Eligibility) -> Decimal:
        """The most ``player`` would receive of another list's next prize, as things stand
        (0: none he is in line for)."""
        best = Decimal(0)
        for eligible in self.lists:
            members = self.remaining(eligible)
            if eligible == here or not members or (members[0].amount or 0) <= best:
                continue
            line = self.in_line(eligible)
            if player not in line:
                continue
            tie = self.tie(members, line)
            if player in tie.players:
                best = max(best, tie.amounts[tie.players.index(player)] or Decimal(0))
        return best

    def give(self, step: Prize) -> None:
        """Give the next prize of ``step``'s list (none: its ties gave them already); a
        tied player who would receive more of another list's prize leaves the tie for it,
        and the others share without him."""
        members = self.remaining(step.eligible)
        if not members:
            return
        prize = members[0]
        line = self.in_line(prize.eligible)
        while line:
            tie = self.tie(members, line)
            leaving = [] if not self.compares or len(tie.players) == 1 else [
                t for t, amount in zip(tie.players, tie.amounts, strict=True)
                if self.worth_elsewhere(t, prize.eligible) > (amount or 0)]
            if not leaving:
                break
            line = [i for i in line if i not in leaving]
        if not line:
            self.awards[prize.index] = [Award(prize, None, prize.amount)]
            self.given.add(prize.index)
            return
        decided = (line[:2] if len(tie.players) == 1 else
                   tie.players if self.table.sharing_of(prize) is Sharing.HORT else [])
        self.warnings += _start_numbers_decide(prize, decided, self.rank, self.players)
        for k, player in enumerate(tie.players):
            own = tie.occupied[min(k, len(tie.occupied) - 1)]
            others = tuple(t for t in tie.players if t != player)
            self.awards.setdefault(own.index, []).append(Award(own, player, tie.amounts[k],
                                                               others))
        self.given.update(p.index for p in tie.occupied)
        self.holders(prize.eligible).update(tie.players)


def _giving_order(table: PrizeTable) -> list[Prize]:
    """The most valuable first (of equal amounts, the one listed first; a prize in kind
    counts as none), or the table's order."""
    if table.rules.priority is Priority.ORDER:
        return list(table.prizes)
    return sorted(table.prizes, key=lambda p: (-(p.amount or 0), p.index))


def _check_fits(event: Event, table: PrizeTable, year: int | None) -> None:
    problems = Problems()
    known = {str(p.id) for p in event.players if event.participants()[p.index]}
    for prize in table.prizes:
        unknown = sorted(prize.eligible.players - known, key=_number_first)
        if unknown:
            problems.add(InputError(
                message("prize {}: no such player in the event", repr(prize.name)),
                prize.where, found=", ".join(unknown),
                expected="the start numbers (ids) of the event's players"))
        if prize.eligible.age is not None and year is None:
            problems.add(InputError(
                message("prize {}: an age group needs the event's year", repr(prize.name)),
                prize.where, found=message("an event without dates ({})", event.source),
                expected="the event's dates in its file, or --date"))
    problems.raise_any()


def _number_first(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdecimal() else (1 << 62, text)


def _clubs(event: Event) -> dict[int, str]:
    """Each player's club (folded): his team's name, where the event's file gives teams
    (a sheet's ``club`` column, TRF team records)."""
    if event.teams is None:
        return {}
    return {player: fold(team.name) for team in event.teams.teams for player in team.players}


def _ids(players: Iterable[Player]) -> str:
    ids = [str(p.id) for p in players]
    shown = ", ".join(ids[:NAMED_PLAYERS])
    return shown + (", …" if len(ids) > NAMED_PLAYERS else "")


def _missing_facts(event: Event, table: PrizeTable) -> Iterable[InputWarning]:
    """Warnings where a condition cannot be told of some players: no birth year for an
    age group, no sex for a women's prize, no clubs in the file for a club's prize."""
    taking = [p for p in event.players if event.participants()[p.index]]
    first: dict[str, Place] = {}
    for prize in table.prizes:
        e = prize.eligible
        for fact, asked in (("age", e.age is not None), ("women", e.women),
                            ("club", bool(e.clubs))):
            if asked:
                first.setdefault(fact, prize.where)
    if "age" in first:
        unborn = [p for p in taking if birth_year(p) is None]
        if unborn:
            yield InputWarning(first["age"], message(
                "no birth year for {} of the players ({}): no age-group prize for them",
                len(unborn), _ids(unborn)))
    if "women" in first:
        unknown = [p for p in taking if p.sex is None]
        if unknown:
            yield InputWarning(first["women"], message(
                "no sex for {} of the players ({}): no women's prize for them",
                len(unknown), _ids(unknown)))
    if "club" in first and event.teams is None:
        yield InputWarning(first["club"], message(
            "the event's file names no clubs ({}): nobody wins a club's prize (a players "
            "sheet's club column gives them)", event.source))


def _start_numbers_decide(prize: Prize, decided: Sequence[int], rank: npt.NDArray[np.int64],
                          players: Sequence[Player]) -> list[InputWarning]:
    """A warning where two players the prize goes between by the standings' order share
    a place (tied after every tie-break): their start numbers decide."""
    for a, b in pairwise(decided):
        if rank[a] == rank[b]:
            return [InputWarning(prize.where, message(
                "prize {}: players {} and {} are tied after every tie-break, and their start "
                "numbers decide (give --order or --lots)", repr(prize.name), players[a].id,
                players[b].id))]
    return []
