"""Board statistics of a team event: each player's games and points on each board, his
performance there, and the board prizes.

A performance is FIDE's: the mean rating of the rated opponents met over the board
(rounded half up) plus ``dp`` of the percentage scored (rounded to a whole percent,
half up, table 8.1(a)).  Forfeits and byes are no games.  Board prizes go by the board a
player is listed on (his place in the team's board order; the players after the last
board are the reserves), the best performance first, then the percentage, among those
who played at least ``min_games`` games there.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from ...model import PLAYED, POINTS
from ...systems.fide.tables import dp_for_percent
from .matches import TeamEvent


@dataclass(frozen=True)
class BoardRecord:
    """One player on one board: his games over the board, points and performance."""

    player: int
    team: int
    board: int
    games: int
    points: int  # hundredths, forfeits and byes included
    played_points: int  # hundredths, games over the board only
    opponents_average: int | None
    performance: int | None


def _sides(te: TeamEvent) -> Iterator[tuple[int, int | None, int, int]]:
    """(player, opponent, board, result) of every occupied side of every board."""
    for m in te.matches:
        for bd in m.boards:
            for player, opponent, result in ((bd.white, bd.black, bd.white_result),
                                             (bd.black, bd.white, bd.black_result)):
                if player is not None and result >= 0:
                    yield player, opponent, bd.number, result


class _Tally:
    """Games over the board, points, and the rated opponents' ratings."""

    def __init__(self) -> None:
        self.games = self.points = self.played_points = self.rated = 0
        self.rating_sum = 0.0  # a per-game system's ratings keep their decimals

    def add(self, result: int, opponent_rating: float | None, over_the_board: bool) -> None:
        self.points += int(POINTS[result])
        if over_the_board:
            self.games += 1
            self.played_points += int(POINTS[result])
            if opponent_rating is not None:
                self.rating_sum += opponent_rating
                self.rated += 1

    def average(self) -> int | None:
        return math.floor(self.rating_sum / self.rated + 0.5) if self.rated else None

    def performance(self) -> int | None:
        average = self.average()
        if average is None or not self.games:
            return None
        percent = math.floor(self.played_points / self.games + 0.5)  # hundredths per game
        return average + int(dp_for_percent(percent))


def _tallies(te: TeamEvent, by_board: bool) -> dict[tuple[int, int], _Tally]:
    ratings = [p.rating for p in te.event.players]
    tallies: dict[tuple[int, int], _Tally] = {}
    for player, opponent, board, result in _sides(te):
        tally = tallies.setdefault((player, board if by_board else 0), _Tally())
        tally.add(result, ratings[opponent] if opponent is not None else None,
                  bool(PLAYED[result]) and opponent is not None)
    return tallies


def board_records(te: TeamEvent) -> list[BoardRecord]:
    """Per player per board number he played on (matches' boards), board order."""
    return [BoardRecord(player, te.team_of[player], board, t.games, t.points,
                        t.played_points, t.average(), t.performance())
            for (player, board), t in sorted(_tallies(te, True).items(),
                                             key=lambda kv: (kv[0][1], kv[0][0]))]


@dataclass(frozen=True)
class BoardPrize:
    board: int  # 1 … boards; boards + 1 for the reserves
    place: int
    player: int
    team: int
    games: int
    points: int
    performance: int | None


def board_prizes(te: TeamEvent, min_games: int | None = None, places: int = 3
                 ) -> list[BoardPrize]:
    """The best ``places`` players of each listed board; ``min_games`` defaults to two
    thirds of the rounds played, rounded up."""
    rounds = max((m.round for m in te.matches), default=0)
    needed = math.ceil(rounds * 2 / 3) if min_games is None else min_games
    tallies = _tallies(te, False)
    prizes = []
    for board in range(1, te.boards + 2):
        candidates = []
        for t, team in enumerate(te.teams):
            listed = team.players[board - 1:board] if board <= te.boards \
                else team.players[te.boards:]
            for player in listed:
                tally = tallies.get((player, 0))
                if tally is None or tally.games < max(needed, 1):
                    continue
                candidates.append((player, t, tally.games, tally.played_points,
                                   tally.performance()))
        candidates.sort(key=lambda c: (-(c[4] if c[4] is not None else -10_000),
                                       -c[3] * 1.0 / c[2], -c[2], c[0]))
        prizes += [BoardPrize(board, n, *c) for n, c in enumerate(candidates[:places], start=1)]
    return prizes
