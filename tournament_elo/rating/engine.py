"""Rating an event: from an :class:`Event` and a system name to a :class:`RatingResult`.

The rating system computes the event's figures (:mod:`.systems`), the standings rank
the players (:mod:`.standings`), and the result turns both into the two tables every
output is rendered from — one row per player, one row per player per round — when an
output first asks for them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import N_, alternatives, message
from ..model import Event, ListEntry, Standings, listed_entries, with_entries
from ..systems.fide.average_rule import AverageRule
from ..systems.fide.norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from ..systems.protocol import Figures, RatingSystem
from ..systems.registry import DATED_ALIASES, get_system
from .c07.tiebreaks import decimals
from .request import RateRequest
from .standings import event_tiebreaks, standing_order, standings, tiebreak_codes

if TYPE_CHECKING:
    import pandas as pd

    from ..systems.columns import Table
    from ..systems.fide.norms import NormResult
    from .prizes import PrizeList
    from .teams.report import TeamOptions, TeamReport

logger = logging.getLogger(__name__)


@dataclass(frozen=True, eq=False)
class RatingResult:
    """An event rated under one system: its figures and its standings."""

    event: Event
    system: RatingSystem
    figures: Figures
    standings: Standings
    #: How a team event's teams are ranked and scored (None: the defaults).
    team_options: TeamOptions | None = None
    #: The prizes given by the standings, where a prize table was given.
    prizes: PrizeList | None = None

    @property
    def warnings(self) -> tuple[InputWarning, ...]:
        return self.figures.warnings

    @property
    def settings(self) -> Mapping[str, str]:
        """What a per-game system used (the event's settings and the options given)."""
        return self.figures.settings

    @property
    def rounds_played(self) -> int:
        return self.event.rounds_played

    @cached_property
    def _tables(self) -> tuple[Table, Table]:
        return self.system.tables(self.event, self.figures, self.standings)

    @property
    def player_table(self) -> Table:
        """One row per player, in the event's order: the columns every output reads."""
        return self._tables[0]

    @property
    def game_table(self) -> Table:
        """One row per player per round, in the event's order."""
        return self._tables[1]

    @cached_property
    def players(self) -> pd.DataFrame:
        """:attr:`player_table` as a pandas DataFrame."""
        return self.player_table.frame()

    @cached_property
    def games(self) -> pd.DataFrame:
        """:attr:`game_table` as a pandas DataFrame."""
        return self.game_table.frame()

    @cached_property
    def standing_rows(self) -> npt.NDArray[np.int64]:
        """The rows of :attr:`players` every output lists, in standings order (place, then
        start number): the participants — a fixed-rated reference opponent (an AI level)
        is no standings row, though his games count for his opponents."""
        return standing_order(self.standings.rank)

    @cached_property
    def game_rows(self) -> npt.NDArray[np.int64]:
        """The rows of :attr:`games` of the participants, in event order (a reference
        opponent's side of a game is left out: his opponent's row has the game)."""
        return np.flatnonzero(self.event.participants()[self.event.pairings.player])

    @cached_property
    def reference_rows(self) -> npt.NDArray[np.int64]:
        """The rows of :attr:`players` of the fixed-rated reference opponents."""
        return np.flatnonzero(~self.event.participants())

    @cached_property
    def norms(self) -> list[NormResult] | None:
        """Title norm checks (``None`` where the system has none), computed once for
        every output."""
        return self.system.norms(self.event)

    @cached_property
    def teams(self) -> TeamReport | None:
        """A team event's matches, team standings, board statistics and prizes under
        :attr:`team_options` (``None`` for an individual event), computed once for every
        output — when one first asks: a team inconsistency fails only the outputs that
        show the teams."""
        if self.event.teams is None:
            return None
        from .teams.report import team_report

        return team_report(self.event, self.team_options)

    @cached_property
    def tiebreak_decimals(self) -> dict[str, int]:
        """The decimals each tie-break is published with (AOB 2 to 5 by the rounds)."""
        return {code: decimals(code, self.standings.current_round)
                for code in self.standings.values}


def event_day(event: Event) -> date | None:
    """The date that decides the edition and K: the end date, else the start date."""
    return event.end or event.start


def event_after_round(event: Event, last_round: int) -> Event:
    """The event as it stood after ``last_round``, which must be a round of it."""
    rounds = max(event.rounds, event.rounds_played)
    if not 1 <= last_round <= rounds:
        raise InputError("no such round", Place("--round"), found=str(last_round),
                         expected=f"a round from 1 to {rounds}" if rounds else "a round "
                         "(the event has none)")
    return event.through(last_round)


def check_decimals(event: Event, system: RatingSystem,
                   listed: Sequence[ListEntry | None] | None = None) -> None:
    """Refuse a starting rating with more decimals than the system keeps (a per-game
    system's ``1975.2`` is its own figure; FIDE ratings are whole), at the rating list's
    cell where the player's rating comes from his entry ``listed`` (one per player)."""
    keeps = system.terms.decimals
    problems = Problems()
    for player, entry in zip(event.players, listed or [None] * len(event.players),
                             strict=True):
        given = player.rating
        if given is None or round(given, keeps) == given:
            continue
        if entry is not None and entry.rating is not None:  # the list's rating
            place, found = entry.rating_place or entry.place, f"{given}"
        elif player.rating_place is not None:  # the event file's cell
            place, found = player.rating_place, f"{given}"
        else:
            place, found = Place(event.source), message("{}: {}", player.name, given)
        problems.add(InputError(
            message("a rating with more decimals than {} keeps", system.name), place,
            found=found,
            expected=message("a rating with {} decimals", keeps) if keeps else "a whole number"))
    problems.raise_any()


def check_settings(system: RatingSystem, settings: Mapping[str, str]) -> None:
    """Refuse a setting the system does not read, or a value it does not know, naming
    what it reads: a setting silently ignored would rate the event otherwise than asked."""
    choices = system.setting_choices
    problems = Problems()
    for key, value in settings.items():
        if key not in choices:
            known = ", ".join(choices) or N_("none")
            problems.add(InputError(message("{} has no setting {}", system.name, repr(key)),
                                    Place("--set"), found=repr(f"{key}={value}"),
                                    expected=message("one of: {}", known)))
        elif choices[key] and value not in choices[key]:
            problems.add(InputError(message("unknown {}", key), Place(f"--set {key}"),
                                    found=repr(value), expected=alternatives(choices[key])))
    problems.raise_any()


#: What :func:`rate` computes when it is told nothing: ``rate``'s defaults.
DEFAULT_REQUEST = RateRequest()


def rate(event: Event, request: RateRequest | str = DEFAULT_REQUEST) -> RatingResult:
    """Rate ``event`` as ``request`` asks (a :class:`RateRequest`, or only a system's
    name: ``rate(event, "fide-2024")``).

    Players are ranked by points, then by the request's tie-breaks (C.07 codes such as
    ``"BH/C1,BH,SB"``; by default the file's, else the usual list for the event type)
    under its ``tiebreak_rules`` edition (by default the one in force on the event's first
    day), then by the arbiter's final order and the drawing of lots; unrated players count
    at ``unrated_rating`` in rating-based tie-breaks, or are left out.  ``after_round``:
    the standings and ratings as they stood after that round (the later rounds of the
    file left out).  The date, the lots, the final order and the norm event, where the
    request gives them, take the place of the file's.
    """
    if isinstance(request, str):
        request = RateRequest(system=request)
    event = as_requested(event, request)
    if request.after_round is not None:
        event = event_after_round(event, request.after_round)
    ratings = request.ratings
    listed = None if ratings is None else listed_entries(event.players, ratings)
    if listed is not None:
        logger.info("%s of %s players found in the rating list", sum(
            entry is not None for entry in listed), len(listed))
        event = with_entries(event, listed)
    average_rule = request.average_rule
    if average_rule not in set(AverageRule):
        raise InputError("unknown rule for the opponents' average", Place("--ra"),
                         found=repr(average_rule), expected=alternatives(AverageRule))
    options = Problems()  # every wrong option at once
    no_codes: tuple[str, ...] = ()
    unread = None  # a warning: the file declares tie-breaks the standings do not compute
    tiebreaks = request.tiebreaks
    if tiebreaks is None and not event.game_log:
        codes, unread = event_tiebreaks(event)
    else:
        codes = options.checked(lambda: tiebreak_codes(tiebreaks, event), no_codes)
    day = event_day(event)
    chosen = get_system(request.system, day)
    if request.system in DATED_ALIASES:
        logger.info("the system %s: %s, in force on %s", request.system, chosen.name,
                    day or "any day (the event has no date): the latest")
    settings = request.system_settings()
    with options.collect():
        check_settings(chosen, settings)
        check_decimals(event, chosen, listed)
    options.raise_any()
    began = time.perf_counter()
    table = standings(event, codes, request.tiebreak_rules, request.unrated_rating)
    ranked = time.perf_counter()
    figures = chosen.rate_event(event, settings, str(average_rule))
    logger.debug("the standings in %.1f ms, the ratings in %.1f ms", 1e3 * (ranked - began),
                 1e3 * (time.perf_counter() - ranked))
    if unread is not None:
        figures = figures._replace(warnings=(*figures.warnings, unread))
    if event.players and not any(p.rating for p in event.players):
        figures = figures._replace(warnings=(*figures.warnings, InputWarning(
            Place(event.source), message(
                "no player has a rating under {}: every player is rated as unrated (give "
                "ratings in the file, or a rating list with --ratings)", chosen.name))))
    prizes = None
    if request.prizes is not None:
        from .prizes import award_prizes

        prizes = award_prizes(event, table, request.prizes)
        figures = figures._replace(warnings=(*figures.warnings, *prizes.warnings))
    return RatingResult(event, chosen, figures, table, request.team_options, prizes)


def as_requested(event: Event, request: RateRequest) -> Event:
    """``event`` with what the request gives in place of its file's: the lots and the
    final order (both checked at once), the date where the file has none, the norm
    event."""
    if request.lots is not None or request.order is not None:
        from .last_resort import with_last_resort  # its readers only when asked for

        event = with_last_resort(event, request.lots, request.order)
    if request.date is not None and event.end is None and event.start is None:
        event = replace(event, end=request.date)
    if request.norm_event is not None:
        if request.norm_event not in NORM_EVENTS:
            raise InputError(message("unknown {}", NORM_EVENT_SETTING), Place("--norm-event"),
                             found=repr(request.norm_event), expected=alternatives(NORM_EVENTS))
        kept = tuple(kv for kv in event.settings if kv[0] != NORM_EVENT_SETTING)
        event = replace(event, settings=(*kept, (NORM_EVENT_SETTING, request.norm_event)))
    return event
