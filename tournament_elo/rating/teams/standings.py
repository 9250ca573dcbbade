"""Team standings after any round: match or game points, then the team tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..c07.team_tiebreaks import lower_is_better, parse_team_tiebreak, team_tiebreaks
from ..c07.tiebreaks import rules_in_force
from .matches import TeamEvent, team_average_rating

#: The Friendship Cup's order, and C.07's example for team Swiss events: match points,
#: then game points, the extended game-game Sonneborn-Berger and the match-point Buchholz.
DEFAULT_TEAM_TIEBREAKS = ("MPvGP", "EGGSB", "BH:MP")


@dataclass(frozen=True)
class TeamStanding:
    team: int
    rank: int
    matches: int  # matches against a team (a bye is none)
    wins: int
    draws: int
    losses: int
    match_points: Decimal
    game_points: Decimal
    tiebreaks: tuple[tuple[str, Decimal], ...]
    average_rating: int | None


def team_standings(te: TeamEvent, codes: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
                   after_round: int | None = None, primary: str = "mp") -> list[TeamStanding]:
    """The table after ``after_round`` (default: the last round played), best first;
    teams equal on the score and every tie-break share a rank."""
    for code in codes:
        parse_team_tiebreak(code)  # a bad code is refused before anything is computed
    rounds = after_round or te.event.rounds_played or max(
        (m.round for m in te.matches), default=0)
    current = te.through(rounds)
    swiss = not te.round_robin
    # The codes first: direct encounter ranks the teams the codes before it left tied.
    values = team_tiebreaks(current, [*codes, "MP", "GP"], rounds, swiss=swiss,
                            primary=primary, rules_2026=rules_in_force(te.event.start) == "2026")
    key_of = "MP" if primary == "mp" else "GP"
    records = []
    for t, team in enumerate(te.teams):
        wins = draws = losses = played = 0
        scoring = te.records.scoring
        for m in current.matches:
            if m.black is None or t not in (m.white, m.black):
                continue
            own = m.white_match if t == m.white else m.black_match
            played += 1
            wins += own == scoring.win
            draws += own == scoring.draw and own != scoring.win
            losses += own not in (scoring.win, scoring.draw)
        records.append((t, played, wins, draws, losses,
                        tuple((c, values[c][t]) for c in codes),
                        team_average_rating(te.event, team)))
    lower = [lower_is_better(c) for c in codes]
    order = sorted(records, key=lambda r: (
        [-values[key_of][r[0]], *(v if low else -v for low, (_, v) in zip(lower, r[5],
                                                                        strict=True))],
        te.teams[r[0]].number))
    table: list[TeamStanding] = []
    for position, (t, played, wins, draws, losses, tbs, average) in enumerate(order, start=1):
        rank = position
        if table:
            previous = table[-1]
            same = (values[key_of][previous.team] == values[key_of][t]
                    and previous.tiebreaks == tbs)
            rank = previous.rank if same else position
        table.append(TeamStanding(t, rank, played, wins, draws, losses, values["MP"][t],
                                  values["GP"][t], tbs, average))
    return table
