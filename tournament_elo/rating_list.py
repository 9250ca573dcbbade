"""A rating list as columns: what every rating system reads before a period and leaves
after it.

A list is indexed by player (a database id, or an event's player index when one event
is rated on its own): rating, games, the "ever 2400" flag, a K fixed by a published
list, and the unrated players' games pooled toward a first rating.  The database stores
lists as these packed records (:data:`LIST_ENTRY`, :data:`PENDING_ENTRY`); the rating
systems update a :class:`ListState` in place, period by period.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Records = npt.NDArray[Any]

#: The game count of a rated player whose count is not known (a rating in an event file,
#: no list): past his first 30 games, as FIDE's K rules then read him.
UNKNOWN_GAMES = 10_000

#: One entry of a rating list.  ``rating`` 0 = unrated (dropped from the list);
#: ``k`` 0 = not fixed; ratings are floats because per-game systems keep decimals.
LIST_ENTRY = np.dtype([
    ("player", "<i4"), ("rating", "<f8"), ("games", "<i4"), ("ever_2400", "i1"), ("k", "i1"),
])

#: An unrated player's games toward a first rating (FIDE pools them over 26 months),
#: one row per player per period.
PENDING_ENTRY = np.dtype([
    ("player", "<i4"), ("month", "<i4"), ("games", "<i4"), ("points", "<i4"),
    ("opponents", "<i8"), ("first_event_zero", "i1"),
])


@dataclass
class ListState:
    """Every player's entry and the unrated players' pool of games toward a first rating."""

    rating: Floats  # 0: unrated
    games: Ints
    ever_2400: Bools
    k: Ints  # a K fixed by a published list, 0 if none
    pending: Records  # PENDING_ENTRY
    listed: Bools  # has an entry (in a published list or a period), rated or not

    @classmethod
    def empty(cls, size: int) -> ListState:
        return cls(np.zeros(size), np.zeros(size, dtype=np.int64), np.zeros(size, dtype=bool),
                   np.zeros(size, dtype=np.int64), np.zeros(0, dtype=PENDING_ENTRY),
                   np.zeros(size, dtype=bool))

    def grow(self, size: int) -> None:
        """Make room for players added since the list was made."""
        extra = size - len(self.rating)
        if extra > 0:
            self.rating = np.append(self.rating, np.zeros(extra))
            self.games = np.append(self.games, np.zeros(extra, dtype=np.int64))
            self.ever_2400 = np.append(self.ever_2400, np.zeros(extra, dtype=bool))
            self.k = np.append(self.k, np.zeros(extra, dtype=np.int64))
            self.listed = np.append(self.listed, np.zeros(extra, dtype=bool))

    def apply(self, entries: Records) -> None:
        """Set the players' entries (later entries for a player win)."""
        who = entries["player"]
        self.listed[who] = True
        self.rating[who] = entries["rating"]
        self.games[who] = entries["games"]
        self.ever_2400[who] = entries["ever_2400"].astype(bool)
        self.k[who] = entries["k"]

    def entries(self, players: Ints) -> Records:
        """The players' entries as :data:`LIST_ENTRY` records."""
        out = np.zeros(len(players), dtype=LIST_ENTRY)
        out["player"] = players
        out["rating"] = self.rating[players]
        out["games"] = self.games[players]
        out["ever_2400"] = self.ever_2400[players]
        out["k"] = self.k[players]
        return out


class PlayerInfo(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """What the K rules need of every player besides his list entry: his age."""

    birth_year: Ints  # 0: unknown
    turns_18: Ints  # the 18th birthday's date.toordinal(); 0: unknown

    @classmethod
    def of(cls, size: int,
           births: Iterable[tuple[int, date | str | None, int | None]]) -> PlayerInfo:
        """From ``(player, birth date, birth year)`` triples (a date, or its ISO text);
        the others unknown."""
        year = np.zeros(size, dtype=np.int64)
        turns_18 = np.zeros(size, dtype=np.int64)
        found = list(births)
        if found:
            players, days, years = zip(*found, strict=True)
            year[list(players)] = [y or 0 for y in years]
            known = [i for i, d in enumerate(days) if d]
            turns_18[[players[i] for i in known]] = eighteenth_birthdays(
                np.array([days[i] for i in known], dtype="datetime64[D]"))
        return cls(year, turns_18)


def add_years(day: date, years: int) -> date:
    """The same day ``years`` later; 29 February becomes 28 February."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


#: ``date.toordinal()`` of 1970-01-01, numpy's day 0.
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()


def eighteenth_birthdays(births: npt.NDArray[np.datetime64]) -> Ints:
    """The ``date.toordinal()`` of each 18th birthday (:func:`add_years`, for many days at
    once): 29 February becomes 28 February."""
    year = births.astype("datetime64[Y]")
    month = births.astype("datetime64[M]")
    day = (births - month).astype(np.int64)  # 0-based day of the month
    target_month = (year + np.timedelta64(18, "Y")).astype("datetime64[M]") + (
        month - year.astype("datetime64[M]"))
    last_day = ((target_month + np.timedelta64(1, "M")).astype("datetime64[D]")
                - target_month.astype("datetime64[D]")).astype(np.int64)
    target = target_month.astype("datetime64[D]") + np.minimum(day, last_day - 1)
    ordinals: Ints = target.astype(np.int64) + _EPOCH_ORDINAL
    return ordinals
