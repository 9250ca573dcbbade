"""What a rating period hands a system and what the system hands back: the period's
events as the database holds them, the period rated, and a list's columns.  Apart from
:mod:`.protocol` so that rating one event (``tournament-elo rate``) does not build them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt

from ..model import Event, Result

Ints = npt.NDArray[np.int64]
Records = npt.NDArray[Any]


@dataclass(frozen=True, eq=False)
class PeriodEvents:
    """A rating period's events as the database holds them, every pairing row in event
    order.  ``slot`` is the row's player in his event, ``opponent`` the opponent's slot
    (−1: none), ``owner`` each slot's player (a database id); event i has rows
    ``event_rows[i]:event_rows[i + 1]`` and slots ``event_slots[i]:event_slots[i + 1]``.
    """

    start: date
    end: date
    slot: Ints
    opponent: Ints
    result: Ints
    owner: Ints
    event_rows: Ints
    event_slots: Ints
    load: Callable[[int], Event]  # the period's i-th event, whole (for per-game systems)

    @property
    def events(self) -> int:
        return len(self.event_rows) - 1

    def games_played(self) -> int:
        """Games played over the board, each counted once."""
        return int(np.count_nonzero((self.result <= Result.LOSS) & (self.opponent >= 0)
                                    & (self.slot < self.opponent)))


@dataclass(frozen=True, eq=False)
class PeriodRating:
    """A period rated: the list entries that changed and every event's figures."""

    entries: Records  # LIST_ENTRY, the players whose entry changed
    games: int  # games rated or played over the board in the period
    players: Records  # per slot, in the period's slot order
    game_figures: Records  # per pairing row, in the period's row order
    settings: tuple[Mapping[str, str], ...] = ()  # per event: what a per-game system used
    warnings: tuple[tuple[str, ...], ...] = ()  # per event


@dataclass(frozen=True, eq=False)
class ListFigures:
    """A rating list's columns besides the rating, one value per player."""

    rating: npt.NDArray[Any]  # as the system keeps it: whole numbers as integers
    k: Ints
    title: list[str | None]
