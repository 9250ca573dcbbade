"""An edition of the FIDE Rating Regulations (B.02) as data: what differs between
editions is a field of :class:`FideEdition`, read from the edition's definition file
(``systems/data/fide-*.toml``), and the K rules that read those fields.

What an edition's fields mean for a computation lives in the files named after the
rules: :mod:`.rated_games` (which games count, the 400-point rule), :mod:`.event`,
:mod:`.period`, :mod:`.first_rating`, :mod:`.performance`, :mod:`.norms`.
"""

from __future__ import annotations

import enum
from datetime import date
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ...read.values import MAX_GAMES, MAX_K, MAX_RATING, MAX_ROUND
from ..activity import ALWAYS_ACTIVE, Activity, activity_from
from ..definition_file import DefinitionReader
from .speeds import BIG_DIFFERENCE_FROM, SPEEDS, variant_description, variant_name

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class DifferenceRule(enum.StrEnum):
    CAP_400 = "cap-400"  # more than 400 counts as 400, every game, both sides
    ONCE_PER_EVENT = "once-per-event"  # 2022: the higher-rated side once, the lower always
    CAP_400_BELOW_2650 = "cap-400-below-2650"  # 2025: only for a player rated below 2650


class JuniorRule(enum.StrEnum):
    NONE = "none"
    UNDER_18 = "under-18"  # until the 18th birthday (2014, 2022)
    YEAR_OF_18 = "year-of-18"  # until the end of the year of the 18th birthday (2024)


class NewPlayerRule(enum.StrEnum):
    """How an unrated player's first rating is computed from an event."""

    BONUS_12_5 = "2009"  # Ra + dp; from 50 %: Ra + 12.5 per half point above 50 %
    PERFORMANCE = "2014"  # Ra + dp
    BONUS_20 = "2022"  # 50 %: Ra; above: Ra + 20 per half point above 50 %; below: Ra + dp
    TWO_DRAWS_1800 = "2024"  # two hypothetical drawn opponents rated 1800, Ra + dp


class FideEdition(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """One edition of the FIDE rating regulations; the fields are its rules."""

    name: str
    description: str
    in_force_from: date
    k_new: int  # K until 30 games
    k_established: int  # K below 2400
    junior: JuniorRule
    difference: DifferenceRule
    floor: int  # lowest rating published
    new_player: NewPlayerRule
    new_player_min_points: float  # the event counts only if he scores at least this
    new_player_min_games: int  # games against rated opponents for a published rating
    new_player_min_opponents_swiss: int = 0  # 2009: rated opponents needed in a Swiss
    first_rating_cap: int | None = None  # 2024: at most 2200
    k_times_games_cap: int | None = None  # 2024: K × n ≤ 700 for a period
    round_robin_counts_new_players: bool = False  # 2009: rated vs a new player who gets rated
    speed: str = "standard"
    k_top: int = 10  # once 2400 is reached
    junior_ceiling: int = 2300
    k_established_from_games: int = 30
    big_difference_unrated_from: date | None = None  # rapid/blitz: 600+ vs a 2600+ player
    activity: Activity = ALWAYS_ACTIVE  # when the list counts a player inactive

    def k_factors(
        self,
        rating: Ints,
        games: Ints,
        ever_2400: Bools,
        explicit_k: Ints,
        junior: Bools,
    ) -> Ints:
        """K of every player from his state at the start of the event.

        Precedence (it reproduces FIDE's published K): an explicit K; ever 2400 → 10;
        a junior below 2300 → 40; fewer than 30 games → K for new players; else the
        established K.  In 2009 a new player keeps K 25 even above 2400.
        """
        young = junior & (rating < self.junior_ceiling)
        new = games < self.k_established_from_games
        if self.junior is JuniorRule.NONE:  # the 2009 order: newness first
            k = np.where(new, self.k_new, np.where(ever_2400, self.k_top, self.k_established))
        else:
            k = np.where(
                ever_2400,
                self.k_top,
                np.where(young | new, self.k_new, self.k_established),
            )
        return np.where(explicit_k > 0, explicit_k, k).astype(np.int64)

    def junior_flags(self, birth_year: Ints, turns_18: Ints, on: date) -> Bools:
        """Whether each player counts as a junior on ``on`` (the event's or period's
        start), from ``birth_year`` (0 unknown) and the ordinal of the 18th birthday (0
        where only the year is known).

        With only a birth year known, the 2014 rule (until the 18th birthday) is taken
        to hold when the event's year is before the year of the 18th birthday.
        """
        known = birth_year > 0
        if self.junior is JuniorRule.NONE:
            return np.zeros(len(birth_year), dtype=bool)
        if self.junior is JuniorRule.YEAR_OF_18:
            return known & (on.year <= birth_year + 18)
        return known & np.where(turns_18 > 0, on.toordinal() < turns_18,
                                on.year < birth_year + 18)




#: The range of each whole-number field of an edition: K factors, ratings, numbers of
#: games or opponents in a rating's first events, and K × n over a period.
FIELD_RANGES: dict[str, tuple[int, int]] = {
    **dict.fromkeys(("k_new", "k_established", "k_top"), (1, MAX_K)),
    **dict.fromkeys(("floor", "first_rating_cap", "junior_ceiling"), (0, MAX_RATING)),
    **dict.fromkeys(("new_player_min_games", "new_player_min_opponents_swiss"), (0, MAX_ROUND)),
    "k_established_from_games": (0, MAX_GAMES),
    "k_times_games_cap": (1, MAX_K * MAX_GAMES),
}


def editions_from(reader: DefinitionReader) -> list[FideEdition]:
    """An edition's definition file (``engine = "fide"``): the :class:`FideEdition`
    fields, and the speed variants (rapid, blitz) it derives."""
    values: dict[str, Any] = {}
    enums = {"junior": JuniorRule, "difference": DifferenceRule, "new_player": NewPlayerRule}
    for name in FideEdition._fields:
        if name in ("speed", "big_difference_unrated_from"):
            continue
        if name == "activity":
            values[name] = activity_from(reader)
            continue
        if name in enums:
            kind = enums[name]
            values[name] = kind(reader.choice(name, tuple(m.value for m in kind)))
        elif name == "in_force_from":
            values[name] = reader.take(name, date)
        elif name == "new_player_min_points":
            values[name] = reader.number(name, low=0, high=MAX_ROUND)
        elif name in ("name", "description"):
            values[name] = reader.take(name, str)
        elif name == "round_robin_counts_new_players":
            values[name] = reader.take(name, bool, False)
        else:
            low, high = FIELD_RANGES[name]
            values[name] = reader.whole(name, FideEdition._field_defaults.get(name, ...),
                                        low=low, high=high)
    variants = reader.take("variants", list, [])
    standard = FideEdition(**values)
    editions = [standard]
    for speed in variants:
        if speed not in SPEEDS:
            reader.fail("variants", "names an unknown speed", speed, "rapid or blitz")
        editions.append(FideEdition(**{
            **values,
            "name": variant_name(standard.name, speed),
            "description": variant_description(standard.description, speed),
            "speed": speed,
            "difference": DifferenceRule.CAP_400,
            "big_difference_unrated_from": BIG_DIFFERENCE_FROM,
        }))
    return editions
