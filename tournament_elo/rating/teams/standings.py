"""Team standings after any round: match or game points, then the team tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..c07.team_tiebreaks import in_points, lower_is_better, parse_team_tiebreak, team_values
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
    match_points: int  # hundredths
    game_points: int  # hundredths
    tiebreaks: tuple[tuple[str, float], ...]  # in points (a rank for direct encounter)
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
    values = team_values(current, [*codes, "MP", "GP"], rounds, swiss=swiss,
                         primary=primary, rules_2026=rules_in_force(te.event.start) == "2026")
    points = {code: in_points(code, values[code]) for code in codes}
    score = values["MP" if primary == "mp" else "GP"]
    lower = [lower_is_better(c) for c in codes]

    def key(t: int) -> tuple[int, ...]:
        """The team's place in the order, best first: the score, then each tie-break."""
        return (-score[t], *(values[c][t] if low else -values[c][t]
                             for c, low in zip(codes, lower, strict=True)))

    order = sorted(range(len(te.teams)), key=lambda t: (key(t), te.teams[t].number))
    scoring = te.records.scoring
    table: list[TeamStanding] = []
    for position, t in enumerate(order, start=1):
        wins = draws = losses = played = 0
        for m in current.matches:
            if m.black is None or t not in (m.white, m.black):
                continue
            own = m.white_match if t == m.white else m.black_match
            played += 1
            wins += own == scoring.win
            draws += own == scoring.draw and own != scoring.win
            losses += own not in (scoring.win, scoring.draw)
        rank = table[-1].rank if table and key(table[-1].team) == key(t) else position
        table.append(TeamStanding(t, rank, played, wins, draws, losses, values["MP"][t],
                                  values["GP"][t], tuple((c, points[c][t]) for c in codes),
                                  team_average_rating(te.event, te.teams[t])))
    return table
