"""A per-game logistic system from a definition file, as a rating system
(:class:`~tournament_elo.systems.protocol.RatingSystem`).

An event is rated game by game from the ratings its players carry; a rating period of
the database rates its events one after another, each from the ratings the previous
ones left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ...model import Event
from ...rating_list import ListState, PlayerInfo
from ..activity import Activity
from ..periods import ListFigures, PeriodEvents, PeriodRating
from ..protocol import Figures, SameAtAllDates
from . import figures
from .definition import EloSystem
from .describe import describe
from .update import k_factor

if TYPE_CHECKING:
    from ...model import Standings
    from ..columns import Table
    from ..fide.norms import NormResult
    from ..terms import ReportTerms

Ints = npt.NDArray[np.int64]

#: The setting that names the pool rated (``--set pool=...``), kept with the figures.
POOL_SETTING = "pool"


@dataclass(frozen=True)
class PerGameSystem(SameAtAllDates):
    """A system defined by a TOML file (Tượng Kỳ, Cờ Đông Sơn, Thiên Kỳ Đạo, a club's)."""

    definition: EloSystem

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def description(self) -> str:
        return self.definition.description

    @cached_property
    def terms(self) -> ReportTerms:
        from .report_terms import report_terms

        return report_terms(self.definition)

    @property
    def activity(self) -> Activity:
        return self.definition.activity

    player_figures = figures.PLAYER_FIGURES
    game_figures = figures.GAME_FIGURES

    @property
    def setting_choices(self) -> Mapping[str, tuple[str, ...]]:
        choices = {POOL_SETTING: tuple(self.definition.pools)}
        rule = self.definition.multiplier
        if rule is not None:
            choices[rule.setting] = (*rule.values,
                                     *([rule.by_time_control] if rule.by_time_control else []))
        return choices

    def rate_event(self, event: Event, settings: Mapping[str, str],
                   average_rule: str) -> Figures:
        merged = {**dict(event.settings), **settings}
        given, played = figures.given_ratings(event)
        explicit = np.array([p.k or 0 for p in event.players], dtype=float)
        rated = figures.rate_event_games(self.definition, event, merged, given, played,
                                         explicit)
        return Figures(rated.players, rated.games, (*event.warnings, *rated.warnings),
                       {**merged, POOL_SETTING: rated.pool})

    def rate_period(self, state: ListState, info: PlayerInfo,
                    period: PeriodEvents) -> PeriodRating:
        players, games, moved, settings, warnings = [], [], [], [], []
        for i in range(period.events):
            event = period.load(i)
            ids = period.owner[period.event_slots[i]:period.event_slots[i + 1]]
            given = np.where(state.rating[ids] > 0, state.rating[ids], np.nan)
            rated = figures.rate_event_games(self.definition, event, dict(event.settings),
                                             given, state.games[ids])
            steady = ~rated.players["fixed"].astype(bool)
            played_now = rated.players["games"] > 0
            state.rating[ids[steady]] = rated.players["new_rating"][steady]
            state.games[ids[steady]] = rated.players["played"][steady] + rated.players[
                "games"][steady]
            moved.append(ids[steady & played_now])
            players.append(rated.players)
            games.append(rated.games)
            settings.append({**dict(event.settings), POOL_SETTING: rated.pool})
            warnings.append(tuple(str(w) for w in rated.warnings))
        changed = np.unique(np.concatenate(moved)) if moved else np.zeros(0, dtype=np.int64)
        game_rows = _joined(games, figures.GAME_FIGURES)
        return PeriodRating(state.entries(changed), int(game_rows["rated"].sum()) // 2,
                            _joined(players, figures.PLAYER_FIGURES), game_rows,
                            tuple(settings), tuple(warnings))

    def tables(self, event: Event, rated: Figures,
               standings: Standings) -> tuple[Table, Table]:
        pool = rated.settings.get(POOL_SETTING, self.definition.pools[0])
        return figures.tables(self.definition, event, rated.players, rated.games, pool, standings)

    def norms(self, event: Event) -> list[NormResult] | None:
        return None

    def list_figures(self, state: ListState, players: Ints, info: PlayerInfo,
                     day: date) -> ListFigures:
        system = self.definition
        rating = state.rating[players]
        titles = [(t.code if (t := system.title_of(r)) else None) for r in rating]
        kept = np.round(rating).astype(np.int64) if system.decimals == 0 else rating
        return ListFigures(kept, k_factor(system, rating, state.games[players]).astype(np.int64),
                           titles)

    def describe(self) -> str:
        return describe(self.definition)


def _joined(parts: list[npt.NDArray[np.void]], dtype: np.dtype[np.void]) -> npt.NDArray[np.void]:
    return np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)
