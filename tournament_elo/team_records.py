"""What a file says about a team event beside its games: the teams and their rosters,
how matches score, and the rounds the games cannot tell (a team's bye, a forfeited
match, one round's board order, the game points a file declares).

The matches themselves are built from the games (:mod:`.rating.teams.matches`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import Place


@dataclass(frozen=True)
class Team:
    """One team: ``players`` are player indices of the event, board 1 first."""

    number: int
    name: str
    players: tuple[int, ...]
    short_name: str | None = None
    captain: int | None = None
    federation: str | None = None
    place: Place | None = None


class ByeKind(enum.StrEnum):
    """A team's round without a match (TRF26 record 240 letters)."""

    PAIRING = "P"  # the pairing-allocated bye
    FULL = "F"
    HALF = "H"
    ZERO = "Z"  # absent


@dataclass(frozen=True)
class TeamScoring:
    """Match points (hundredths) for a match won, drawn and lost, and what a team bye
    gives: by default the pairing-allocated bye is a drawn match with half the game
    points of its boards (the Olympiad's rule, and the Friendship Cup's);
    ``pairing_bye_game`` is its game points per board (FIDE's reference implementation
    gives 100, every board won)."""

    win: int = 200
    draw: int = 100
    loss: int = 0
    pairing_bye: int = 100
    pairing_bye_game: int = 50
    #: The bye's game points in all (TRF26 record 320), where the file says.
    pairing_bye_total: int | None = None

    def match_points(self, own: int, other: int, *, any_points: bool = True) -> int:
        """The match points of a side that scored ``own`` game points against ``other``;
        a match nobody scored in (a double forfeit) is lost by both."""
        if own > other:
            return self.win
        if own < other or not any_points:
            return self.loss
        return self.draw

    def bye_match_points(self, kind: ByeKind) -> int:
        return {ByeKind.PAIRING: self.pairing_bye, ByeKind.FULL: self.win,
                ByeKind.HALF: self.draw, ByeKind.ZERO: 0}[kind]


@dataclass(frozen=True)
class TeamBye:
    round: int
    team: int  # index into TeamRecords.teams
    kind: ByeKind
    place: Place | None = None


@dataclass(frozen=True)
class ForfeitedMatch:
    """A match decided without play (TRF26 record 330): ``code`` is the white team's
    result then the black team's, ``+-``, ``-+`` or ``--``."""

    round: int
    white: int
    black: int
    code: str
    place: Place | None = None


@dataclass(frozen=True)
class TeamRecords:
    """What a file says about teams, beside the individual games."""

    teams: tuple[Team, ...]
    scoring: TeamScoring = TeamScoring()
    byes: tuple[TeamBye, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    #: Boards per match (0: the most boards any match has).
    boards: int = 0
    #: Board order for one round of one team where it is not the roster's (TRF26 300).
    orders: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    source: str | None = None
    #: Game points (hundredths) a file declares for a team's round (TRF26 802): the
    #: sum of that match's boards must be the same.
    declared: tuple[tuple[int, int, int, Place], ...] = ()
