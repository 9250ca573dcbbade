"""A team event's results in one piece: the matches, the standings after a round, the
board statistics and prizes — what the team reports show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...errors import InputError, Place
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


def team_report(event: Event, codes: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
                after_round: int | None = None, primary: str = "mp",
                bye_game_points: int | None = None, min_games: int | None = None,
                match_points: tuple[int, int, int] | None = None) -> TeamReport:
    """The team event of ``event`` after ``after_round`` (default: the last played);
    ``bye_game_points`` (hundredths a board) is what a pairing-allocated bye gives,
    ``match_points`` (hundredths) a match won, drawn and lost (the bye: a draw)."""
    records = event.teams
    if records is None:
        raise InputError("the event has no teams", Place(event.source),
                         found="no team records",
                         expected="TRF 013 or 310 team records, or a team column")
    if match_points is not None:
        win, draw, loss = match_points
        records = replace(records, scoring=replace(records.scoring, win=win, draw=draw,
                                                   loss=loss, pairing_bye=draw))
    if bye_game_points is not None:
        records = replace(records, scoring=replace(records.scoring,
                                                   pairing_bye_game=bye_game_points))
    full = team_event(event, records)
    if after_round is not None and not 1 <= after_round <= max(event.rounds, 1):
        raise InputError("no such round", found=str(after_round),
                         expected=f"a round from 1 to {event.rounds}")
    rounds = after_round or event.rounds_played or max(
        (m.round for m in full.matches), default=0)
    standings = team_standings(full, codes, rounds, primary)
    te = full.through(rounds)
    return TeamReport(te, standings, board_records(te), board_prizes(te, min_games))
