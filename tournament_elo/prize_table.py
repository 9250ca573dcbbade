"""A prize table as its file gives it: each prize, who may win it, and the rules of the
prize-giving (:mod:`.read.prizes` reads it; :mod:`.rating.prizes` gives the prizes).

A prize is a place of a *list*: the players its conditions admit, in the standings'
order.  Prizes with the same conditions are one list (``place = 1`` and ``place = 2`` with
``age = "U16"`` are the two best under 16); a prize without conditions is a place of the
whole standings.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

from .errors import Place


class Sharing(enum.StrEnum):
    """How players tied on points share the prizes they occupy."""

    TIEBREAK = "tiebreak"  # not at all: the tie-breaks decide
    SPLIT = "split"  # the sum of the prizes occupied, in equal shares
    HORT = "hort"  # half of that sum in equal shares, half by the tie-breaks' order


class Priority(enum.StrEnum):
    """Which prize a player who qualifies for two takes (one prize per player)."""

    AMOUNT = "amount"  # the most valuable; of equal amounts, the one listed first
    ORDER = "order"  # the one listed first


@dataclass(frozen=True)
class AgeGroup:
    """``U16`` (``under`` 16) or ``50+`` (``over`` 50), as written."""

    text: str
    under: int | None = None
    over: int | None = None


@dataclass(frozen=True)
class Eligibility:
    """Who may win a prize: every condition given holds.  Equal eligibilities are one
    list of prizes."""

    age: AgeGroup | None = None
    women: bool = False
    rating_from: int | None = None  # at least, by the rating at the start
    rating_below: int | None = None  # below, by the rating at the start
    unrated: bool = False
    federations: frozenset[str] = frozenset()  # upper case
    clubs: frozenset[str] = frozenset()  # folded
    players: frozenset[str] = frozenset()  # start numbers (ids) as text


@dataclass(frozen=True)
class Prize:
    """One prize: its ``name``, its ``amount`` (money, ``None`` for a prize in kind) or
    ``label`` (what it is: a cup, a book) or both, its ``place`` in its list, and where the
    table gives it."""

    index: int  # its position in the table, from 0
    name: str
    place: int
    eligible: Eligibility
    where: Place
    amount: Decimal | None = None
    label: str | None = None
    #: How ties share the prizes of its list, where the table says so for it.
    sharing: Sharing | None = None


@dataclass(frozen=True)
class PrizeRules:
    """The rules of the prize-giving (the table's ``[rules]``).  ``unit``: the smallest sum
    paid (a share is a whole number of units)."""

    one_per_player: bool = True
    sharing: Sharing = Sharing.TIEBREAK
    priority: Priority = Priority.AMOUNT
    unit: Decimal = Decimal("0.01")
    currency: str | None = None


@dataclass(frozen=True)
class PrizeTable:
    source: str
    prizes: tuple[Prize, ...]
    rules: PrizeRules = PrizeRules()

    def sharing_of(self, prize: Prize) -> Sharing:
        """How ties share the prizes of ``prize``'s list."""
        return prize.sharing or self.rules.sharing
