"""A FIDE edition as a rating system (:class:`~tournament_elo.systems.protocol.RatingSystem`),
and ``fide`` — the edition in force at a date — as one too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import InputWarning, Place
from ...i18n.message import message
from ...model import Event
from ...rating_list import UNKNOWN_GAMES, ListState, PlayerInfo
from ..activity import Activity
from ..protocol import Figures, SameAtAllDates
from . import figures
from .average_rule import UNRATED_OPPONENTS_SETTING, AverageRule, UnratedOpponents
from .describe import describe
from .edition import FideEdition
from .event import rate_event
from .norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from .norms import NormResult, norms
from .performance import performance

if TYPE_CHECKING:
    from ...model import Standings
    from ..columns import Table
    from ..periods import ListFigures, PeriodEvents, PeriodRating
    from ..terms import ReportTerms

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class FideSystem(SameAtAllDates):
    """One edition of the FIDE Rating Regulations."""

    edition: FideEdition

    @property
    def name(self) -> str:
        return self.edition.name

    @property
    def description(self) -> str:
        return self.edition.description

    @cached_property
    def terms(self) -> ReportTerms:
        from .report_terms import report_terms

        return report_terms(self.edition)

    @property
    def activity(self) -> Activity:
        return self.edition.activity

    player_figures = figures.PLAYER_FIGURES
    game_figures = figures.GAME_FIGURES

    @property
    def setting_choices(self) -> Mapping[str, tuple[str, ...]]:
        return {NORM_EVENT_SETTING: tuple(NORM_EVENTS),
                UNRATED_OPPONENTS_SETTING: tuple(UnratedOpponents)}

    def rate_event(self, event: Event, settings: Mapping[str, str],
                   average_rule: str) -> Figures:
        edition = self.edition
        warnings: list[InputWarning] = []
        players = event.players
        rating = np.array([p.rating or 0 for p in players], dtype=np.int64)
        games = np.array([UNKNOWN_GAMES if p.games is None else p.games for p in players],
                         dtype=np.int64)
        ever = np.array([bool(p.ever_2400) for p in players], dtype=bool) | (rating >= 2400)
        explicit = np.array([p.k or 0 for p in players], dtype=np.int64)
        start = event.start or event.end
        info = PlayerInfo.of(len(players), ((p.index, p.birth, p.birth_year) for p in players))
        if start is None:
            junior = np.zeros(len(players), dtype=bool)
            if info.birth_year.any():
                warnings.append(InputWarning(
                    Place(event.source),
                    "the event has no date, so the junior K rule could not be applied"))
        else:
            junior = edition.junior_flags(info.birth_year, info.turns_18, start)
        if (event.end or event.start) is None:
            warnings.append(InputWarning(
                Place(event.source), message("the event has no date: rated under {}",
                                             edition.name)))
        k = edition.k_factors(rating, games, ever, explicit, junior)
        rated = rate_event(edition, event, rating, k)
        computed = rated.computed
        for i in np.flatnonzero((rating > 0) & (computed.new_rating == 0)):
            warnings.append(InputWarning(
                Place(event.source),
                message("player {} ({}) falls to {}, below the {} floor of {}: shown as "
                        "unrated", players[i].id, players[i].name,
                        rating[i] + computed.rounded[i], edition.name, edition.floor)))
        unrated = settings.get(UNRATED_OPPONENTS_SETTING, UnratedOpponents.EXCLUDE)
        perf = performance(rated.rows, rating, edition.floor,
                           AverageRule(average_rule), UnratedOpponents(unrated))
        new_rating = np.where(rating > 0, computed.new_rating, rated.first.published)
        return Figures(
            figures.player_figures(rated.rows, computed, rating, rated.first.games,
                                   rated.first.ru, new_rating, perf),
            figures.game_figures(computed, rated.first.games.counts),
            (*event.warnings, *warnings))

    def rate_period(self, state: ListState, info: PlayerInfo,
                    period: PeriodEvents) -> PeriodRating:
        from .period import rate_period  # the database's: an event alone never loads it

        return rate_period(self.edition, state, info, period)

    def tables(self, event: Event, rated: Figures,
               standings: Standings) -> tuple[Table, Table]:
        return figures.tables(event, rated.players, rated.games, standings)

    def norms(self, event: Event) -> list[NormResult] | None:
        return norms(event, in_reach=True)

    def list_figures(self, state: ListState, players: Ints, info: PlayerInfo,
                     day: date) -> ListFigures:
        junior = self.edition.junior_flags(info.birth_year[players], info.turns_18[players], day)
        rating = state.rating[players].astype(np.int64)
        k = self.edition.k_factors(rating, state.games[players], state.ever_2400[players],
                                   state.k[players], junior)
        from ..periods import ListFigures

        return ListFigures(rating, k, [None] * len(players))

    def describe(self) -> str:
        return describe(self.edition)


class FideByDate(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """``fide``, ``fide-rapid``, ``fide-blitz``: the edition in force at the date asked
    (an event's end, a period's start); across 1 March 2024 the standard list gets the
    one-time raise."""

    name: str
    speed_suffix: str  # "", "-rapid" or "-blitz"
    in_force: Callable[[date, str], FideEdition]

    @property
    def description(self) -> str:
        speed = self.speed_suffix.lstrip("-") or "standard"
        return f"the FIDE edition in force at the event's end date ({speed})"

    def on(self, day: date | None) -> FideSystem:
        return FideSystem(self.in_force(day or date.max, self.speed_suffix))

    def open_period(self, state: ListState, since: date | None, start: date) -> Ints:
        from .period import crosses_adjustment, raise_2024

        if self.speed_suffix or not crosses_adjustment(since, start):
            return np.zeros(0, dtype=np.int64)
        return raise_2024(state)
