"""What every rating system answers, whatever its kind (a FIDE edition, a per-game
logistic system from a definition file).

A system rates one event on its own (:meth:`RatingSystem.rate_event`) and a rating
period of the database (:meth:`RatingSystem.rate_period`), turns what it computed into
the player and game tables the outputs are rendered from (:meth:`RatingSystem.tables`),
says which columns and words its reports show (:attr:`RatingSystem.terms`), what a
rating list shows of a player (:meth:`RatingSystem.list_figures`), when its lists count a
player inactive (:attr:`RatingSystem.activity`), whether it has title norms
(:meth:`RatingSystem.norms`), and its rules in words (:meth:`RatingSystem.describe`).
Nothing outside :mod:`.registry` asks which kind a system is.

What a system computes is kept as packed records (numpy structured arrays of the
system's own dtypes): per *slot* — one player in one event — and per pairing row.  An
event rated on its own and a period's events give the same records, which the database
stores, so a published page renders exactly the figures the list was computed from.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self

import numpy as np
import numpy.typing as npt

from ..errors import InputWarning
from ..model import Event, Standings
from ..rating_list import ListState, PlayerInfo

if TYPE_CHECKING:
    from .activity import Activity
    from .columns import Table
    from .fide.norms import NormResult
    from .periods import ListFigures, PeriodEvents, PeriodRating
    from .terms import ReportTerms

Ints = npt.NDArray[np.int64]
Records = npt.NDArray[Any]


class Figures(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """What a system computed for one event: per player (slot) and per pairing row."""

    players: Records
    games: Records
    warnings: tuple[InputWarning, ...] = ()
    settings: Mapping[str, str] = {}  # what a per-game system used


class NamedSystem(Protocol):
    """What a system's name stands for over time: ``fide`` is the edition in force at a
    date; every other name is one system at all dates."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    def on(self, day: date | None) -> RatingSystem:
        """The system in force on ``day`` (the latest if None)."""
        ...

    def open_period(self, state: ListState, since: date | None, start: date) -> Ints:
        """Change ``state`` as the system does when a period starting on ``start`` follows
        the list of ``since`` (FIDE's one-time raise of 1 March 2024); returns the players
        whose entry changed."""
        ...


class RatingSystem(NamedSystem, Protocol):
    """A rating system (see the module docstring)."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def terms(self) -> ReportTerms: ...

    @property
    def activity(self) -> Activity:
        """When the system's lists count a player inactive."""
        ...

    @property
    def player_figures(self) -> np.dtype[Any]:
        """The dtype of the per-slot records (the database stores them)."""
        ...

    @property
    def game_figures(self) -> np.dtype[Any]:
        """The dtype of the per-row records."""
        ...

    @property
    def setting_choices(self) -> Mapping[str, tuple[str, ...]]:
        """The settings ``rate_event`` reads (``--set KEY=VALUE``), each with its values."""
        ...

    def rate_event(self, event: Event, settings: Mapping[str, str],
                   average_rule: str) -> Figures:
        """Rate one event from the ratings its players carry."""
        ...

    def rate_period(self, state: ListState, info: PlayerInfo,
                    period: PeriodEvents) -> PeriodRating:
        """Rate a period from ``state`` (the list before it), updating it in place."""
        ...

    def tables(self, event: Event, figures: Figures,
               standings: Standings) -> tuple[Table, Table]:
        """The player and game tables of an event from its figures."""
        ...

    def norms(self, event: Event) -> list[NormResult] | None:
        """Title norm checks of the event; ``None`` where the system has no norms."""
        ...

    def list_figures(self, state: ListState, players: Ints, info: PlayerInfo,
                     day: date) -> ListFigures:
        """What a rating list shows of ``players`` besides the rating: K, a title."""
        ...

    def describe(self) -> str:
        """The rules in words."""
        ...


class SameAtAllDates:
    """A system that is one system at every date: it is its own system in force, and it
    changes nothing when a period opens."""

    def on(self, day: date | None) -> Self:
        return self

    def open_period(self, state: ListState, since: date | None, start: date) -> Ints:
        return np.zeros(0, dtype=np.int64)
