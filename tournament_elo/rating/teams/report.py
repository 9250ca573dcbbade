"""A team event's results in one piece: the matches, the standings after a round, the
board statistics and prizes — what the team reports show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from ...errors import InputError, Place
from ...i18n.message import message
from ...model import Event
from .boards import BoardPrize, BoardRecord, board_prizes, board_records
from .matches import TeamEvent, team_event
from .standings import DEFAULT_TEAM_TIEBREAKS, TeamStanding, team_standings


@dataclass(frozen=True)
class TeamReport:
    te: TeamEvent
    standings: Sequence[TeamStanding]
    boards: Sequence[BoardRecord]
    prizes: Sequence[BoardPrize]


class TeamOptions(NamedTuple):
    """How a team event is ranked and scored (``tournament-elo teams``' options; a rated
    event's team report takes the defaults)."""

    codes: Sequence[str] = DEFAULT_TEAM_TIEBREAKS  # the team tie-breaks, in order
    after_round: int | None = None  # default: the last round played
    primary: str = "mp"  # ranked by match points ("mp") or game points ("gp")
    #: Hundredths a board of a pairing-allocated bye gives (default: the file's scoring).
    bye_game_points: int | None = None
    min_games: int | None = None  # for a board prize (default: two thirds of the rounds)
    #: Hundredths a match won, drawn and lost gives (the bye: a draw); default: the file's.
    match_points: tuple[int, int, int] | None = None


def team_report(event: Event, options: TeamOptions | None = None) -> TeamReport:
    """The team event of ``event`` under ``options`` (default: :class:`TeamOptions`'
    defaults): its matches, its standings after ``options.after_round``, its board
    statistics and prizes."""
    options = options or TeamOptions()
    records = event.teams
    if records is None:
        raise InputError("the event has no teams", Place(event.source),
                         found="no team records",
                         expected="TRF 013 or 310 team records, or a team column")
    if options.match_points is not None:
        win, draw, loss = options.match_points
        records = replace(records, scoring=replace(records.scoring, win=win, draw=draw,
                                                   loss=loss, pairing_bye=draw))
    if options.bye_game_points is not None:
        records = replace(records, scoring=replace(records.scoring,
                                                   pairing_bye_game=options.bye_game_points))
    full = team_event(event, records)
    after_round = options.after_round
    if after_round is not None and not 1 <= after_round <= max(event.rounds, 1):
        raise InputError("no such round", found=str(after_round),
                         expected=message("a round from 1 to {}", event.rounds))
    rounds = after_round or event.rounds_played or max(
        (m.round for m in full.matches), default=0)
    standings = team_standings(full, options.codes, rounds, options.primary)
    te = full.through(rounds)
    return TeamReport(te, standings, board_records(te), board_prizes(te, options.min_games))
