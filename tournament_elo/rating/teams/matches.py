"""Team events: who plays for which team, and the matches the games make.

A team event is an individual event (every game is a game of two players, rated as
any other) plus a roster: the teams, each with its players in board order.  The
matches are not stored but built from the games: in each round the games between the
players of two teams are that round's match, laid out board by board in the teams'
board order.  A file may add what the games cannot say — a team's bye, a forfeited
match, the board order of one round — as :class:`TeamRecords`.

Game points stay in the individual model's integer hundredths; match points are
hundredths too (a match win is 200 under the default 2/1/0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ...errors import InputError, InputWarning, Place, Problems
from ...i18n.message import message
from ...model import MIRROR, PLAYED, POINTS, WHITE, Event, EventType, Result
from ...team_records import ByeKind, ForfeitedMatch, Team, TeamBye, TeamRecords, TeamScoring


@dataclass(frozen=True)
class Board:
    """One board of a match; a side is a player index, or None where it was empty."""

    number: int
    white: int | None
    black: int | None
    #: White's :class:`Result` (the black side's is its mirror), or -1 where White's
    #: side was empty (then ``black_result`` says what the lone player got).
    white_result: int
    black_result: int


@dataclass(frozen=True)
class Match:
    """One team's round: a match (``black`` set) or a bye (``black`` None)."""

    round: int
    white: int  # team index
    black: int | None
    boards: tuple[Board, ...] = ()
    white_points: int = 0  # game points, hundredths
    black_points: int = 0
    white_match: int = 0  # match points, hundredths
    black_match: int = 0
    played: bool = True
    bye: ByeKind | None = None


@dataclass(frozen=True)
class TeamEvent:
    """An event with its teams and every round's matches."""

    event: Event
    records: TeamRecords
    matches: tuple[Match, ...]
    boards: int
    team_of: tuple[int, ...] = field(repr=False, default=())
    warnings: tuple[InputWarning, ...] = ()

    @property
    def teams(self) -> tuple[Team, ...]:
        return self.records.teams

    @property
    def round_robin(self) -> bool:
        """A team round robin: the file says so, or every team has met every other (a
        sheet's players do not all meet, so their pairings alone look like a Swiss)."""
        n = len(self.teams)
        pairs = {frozenset((m.white, m.black)) for m in self.matches if m.black is not None}
        every_pair = n > 1 and len(pairs) == n * (n - 1) // 2
        return self.event.type is EventType.ROUND_ROBIN or every_pair

    def through(self, last_round: int) -> TeamEvent:
        """The matches of rounds 1 … ``last_round`` only."""
        return replace(self, matches=tuple(m for m in self.matches if m.round <= last_round))


def team_event(event: Event, records: TeamRecords | None = None) -> TeamEvent:
    """The matches of ``event`` under its team records; every inconsistency (a player in
    two teams, a game between teammates, boards out of order, a match missing a side)
    reported at once as an exit-2 problem naming its place."""
    records = records or event.teams
    if records is None:
        raise InputError("the event has no teams", Place(event.source),
                         found="no team records",
                         expected="TRF 013 or 310 team records, or a team column")
    problems = Problems()
    team_of = _team_of(event, records, problems)
    problems.raise_any()
    matches, boards = _build_matches(event, records, team_of, problems)
    warnings = _check_declared(records, matches, problems)
    problems.raise_any()
    return TeamEvent(event, records, tuple(matches), boards, tuple(team_of), tuple(warnings))


def _check_declared(records: TeamRecords, matches: Sequence[Match],
                    problems: Problems) -> list[InputWarning]:
    """Each declared match score is the sum of the match's boards (a problem); a bye the
    file scores otherwise than its bye records say is warned about."""
    scored = {(m.round, m.white): m for m in matches}
    scored |= {(m.round, m.black): m for m in matches if m.black is not None}
    warnings = []
    for rnd, team, declared, place in records.declared:
        match = scored.get((rnd, team))
        if match is None:
            continue
        computed = match.white_points if match.white == team else match.black_points
        if computed == declared:
            continue
        name = records.teams[team].name
        if match.boards:
            problems.add(InputError(
                message("round {}: the match score of {} is not the sum of its boards", rnd,
                        repr(name)),
                place, found=message("{} in the record", f"{declared / 100:g}"),
                expected=message("{}, the sum of its boards", f"{computed / 100:g}")))
        else:
            warnings.append(InputWarning(
                place, message("round {}: the record gives {} {} game points, its bye records "
                               "{}; read as {}", rnd, repr(name), f"{declared / 100:g}",
                               f"{computed / 100:g}", f"{computed / 100:g}")))
    return warnings


def _team_of(event: Event, records: TeamRecords, problems: Problems) -> list[int]:
    team_of = [-1] * len(event.players)
    for t, team in enumerate(records.teams):
        for p in team.players:
            if team_of[p] >= 0 and team_of[p] != t:
                other = records.teams[team_of[p]]
                problems.add(InputError(
                    message("player {} is in two teams", event.players[p].id), team.place,
                    found=message("{} and {}", repr(other.name), repr(team.name)),
                    expected="one team per player"))
            else:
                team_of[p] = t
    return team_of


def _player_place(event: Event, player: int) -> Place:
    """A player's record in a file of records; else the event's file (a sheet's players'
    lines are another file's)."""
    line = event.players[player].line if event.record_file else None
    return Place(event.source, line=line)


def _build_matches(event: Event, records: TeamRecords, team_of: list[int],
                   problems: Problems) -> tuple[list[Match], int]:
    p = event.pairings
    order = {(r, t): players for r, t, players in records.orders}
    position = {pl: i for team in records.teams for i, pl in enumerate(team.players)}
    byes = {(b.round, b.team): b for b in records.byes}
    raw: dict[tuple[int, int, int], list[int]] = {}  # (round, team a, team b) → rows
    alone: dict[tuple[int, int], list[int]] = {}  # (round, team) → rows without opponent
    for row in range(len(p)):
        player, opponent, rnd = int(p.player[row]), int(p.opponent[row]), int(p.round[row])
        team = team_of[player]
        if team < 0:
            if opponent >= 0:
                problems.add(InputError(
                    message("player {} plays in round {} but is in no team",
                            event.players[player].id, rnd),
                    _player_place(event, player), found="no team record naming him",
                    expected="every player who plays in a team"))
            continue
        if opponent < 0:
            alone.setdefault((rnd, team), []).append(row)
            continue
        other = team_of[opponent]
        if other == team and player < opponent:
            problems.add(InputError(
                message("round {}: player {} plays his teammate {}", rnd,
                        event.players[player].id, event.players[opponent].id),
                _player_place(event, player),
                found=message("both in {}", repr(records.teams[team].name)),
                expected="opponents of two teams"))
        if other == team:
            continue
        if other < 0 or player > opponent:
            continue  # each game once, from its lower-index side
        raw.setdefault((rnd, min(team, other), max(team, other)), []).append(row)
    row_at = {(int(p.round[r]), int(p.player[r])): r for r in range(len(p))}
    rounds = max([event.rounds, *(k[0] for k in raw)], default=0)
    size = records.boards or max(
        (_count_boards(event, rows, alone, k) for k, rows in raw.items()), default=1)
    matches: list[Match] = []
    for rnd in range(1, rounds + 1):
        paired: set[int] = set()
        for (r, a, b), rows in sorted(raw.items()):
            if r != rnd:
                continue
            if a in paired or b in paired:
                problems.add(InputError(
                    message("round {}: {} or {} plays two matches", rnd,
                            repr(records.teams[a].name), repr(records.teams[b].name)),
                    Place(event.source),
                    found="games against two teams", expected="one match per team a round"))
                continue
            paired |= {a, b}
            matches.append(_match(event, records, team_of, position, order, rnd, a, b, rows,
                                  alone, row_at, size, problems))
        for f in records.forfeits:
            if f.round == rnd and f.white not in paired and f.black not in paired:
                paired |= {f.white, f.black}
                matches.append(_forfeited(f, size, records.scoring))
        for t in range(len(records.teams)):
            if t in paired or (rnd > event.rounds_played and (rnd, t) not in byes):
                continue
            kind = _bye_kind(event, byes.get((rnd, t)), alone.get((rnd, t), []),
                             rnd, t, raw, records)
            matches.append(_bye(rnd, t, kind, size, records.scoring))
    return matches, size


def _count_boards(event: Event, rows: list[int], alone: dict[tuple[int, int], list[int]],
                  key: tuple[int, int, int]) -> int:
    """Boards of a match: its games plus the boards one side won by forfeit."""
    return len(rows) + sum(
        1 for t in key[1:] for row in alone.get((key[0], t), [])
        if int(event.pairings.result[row]) not in _OFF_BOARD)


#: A player's round without opponent that puts him on no board (a reserve).
_OFF_BOARD = (Result.FORFEIT_LOSS, Result.ZERO_BYE)


def _bye_kind(event: Event, given: TeamBye | None, rows: list[int], rnd: int, team: int,
              raw: dict[tuple[int, int, int], list[int]], records: TeamRecords) -> ByeKind:
    """A team without a match: the record's bye, else the pairing-allocated bye when a
    player has a bye or forfeit win, or when it is the one team left unpaired that
    round (TRF16 files write a team's bye as every player absent); else absent."""
    if given is not None:
        return given.kind
    results = {int(event.pairings.result[r]) for r in rows}
    if results & {Result.FULL_BYE, Result.PAIRING_BYE, Result.FORFEIT_WIN}:
        return ByeKind.PAIRING
    paired = {t for (r, a, b) in raw if r == rnd for t in (a, b)}
    unpaired = len(records.teams) - len(paired) - sum(
        1 for f in records.forfeits if f.round == rnd) * 2
    return ByeKind.PAIRING if unpaired == 1 and rows else ByeKind.ZERO


def _bye(rnd: int, team: int, kind: ByeKind, size: int, scoring: TeamScoring) -> Match:
    per_board = {ByeKind.PAIRING: scoring.pairing_bye_game, ByeKind.FULL: 100,
                 ByeKind.HALF: 50, ByeKind.ZERO: 0}
    game_points = per_board[kind] * size
    if kind is ByeKind.PAIRING and scoring.pairing_bye_total is not None:
        game_points = scoring.pairing_bye_total
    return Match(rnd, team, None, (), game_points, 0,
                 scoring.bye_match_points(kind), 0, played=kind is ByeKind.PAIRING, bye=kind)


def _forfeited(f: ForfeitedMatch, size: int, scoring: TeamScoring) -> Match:
    white = 100 * size if f.code[0] == "+" else 0
    black = 100 * size if f.code[1] == "+" else 0
    return Match(f.round, f.white, f.black, (), white, black,
                 scoring.win if f.code[0] == "+" else scoring.loss,
                 scoring.win if f.code[1] == "+" else scoring.loss, played=False)


#: One board while a match is laid out: the two teams' ranks (-1: empty side), their
#: players (None: empty), their results (-1: empty) and the pairing row it came from.
_Entry = tuple[int, int, int | None, int | None, int, int, int]


def _match(event: Event, records: TeamRecords, team_of: list[int], position: dict[int, int],
           order: dict[tuple[int, int], tuple[int, ...]], rnd: int, a: int, b: int,
           rows: list[int], alone: dict[tuple[int, int], list[int]],
           row_at: dict[tuple[int, int], int], size: int, problems: Problems) -> Match:
    """Lay a match out board by board: games and lone forfeit wins in the first team's
    board order, which the second team's order must follow."""
    p = event.pairings

    def rank(team: int, player: int) -> int:
        given = order.get((rnd, team))
        if given is not None and player in given:
            return given.index(player)
        return position[player] + (len(given) if given is not None else 0)

    entries: list[_Entry] = []
    for row in rows:
        player, opponent, result = int(p.player[row]), int(p.opponent[row]), int(p.result[row])
        # Each side's own result: a double forfeit is '-' on both, no mirror of the other.
        other = row_at.get((rnd, opponent))
        other_result = int(p.result[other]) if other is not None else int(MIRROR[result])
        if team_of[player] != a:
            player, opponent, result, other_result = opponent, player, other_result, result
        entries.append((rank(a, player), rank(b, opponent), player, opponent, result,
                        other_result, row))
    for team in (a, b):
        for row in alone.get((rnd, team), []):
            result, player = int(p.result[row]), int(p.player[row])
            if result in _OFF_BOARD:
                continue  # a reserve not on a board this round
            if team == a:
                entries.append((rank(a, player), -1, player, None, result, -1, row))
            else:
                entries.append((-1, rank(b, player), None, player, -1, result, row))
    entries = _merge_order(entries)
    games = [e for e in entries if e[2] is not None and e[3] is not None]
    if [e[1] for e in games] != sorted(e[1] for e in games):
        problems.add(InputError(
            message("round {}: the boards of {} – {} are not in the teams' board order", rnd,
                    repr(records.teams[a].name), repr(records.teams[b].name)),
            _player_place(event, int(p.player[games[0][6]])),
            found=", ".join(f"{event.players[e[2]].id}–{event.players[e[3]].id}"
                            for e in games if e[2] is not None and e[3] is not None),
            expected="board k of one team against board k of the other"))
    if len(entries) > size:
        problems.add(InputError(
            message("round {}: {} – {} has more boards than the event", rnd,
                    repr(records.teams[a].name), repr(records.teams[b].name)),
            Place(event.source), found=message("{} boards", len(entries)),
            expected=message("at most {}", size)))
    # The team with White on board 1 is the match's white team (C.07, TRF26); each
    # board keeps its own colours (a lone forfeit winner sits on his team's side).
    a_white = True
    if games:
        row = games[0][6]
        a_white = (int(p.color[row]) == WHITE) == (int(p.player[row]) == games[0][2])
    white, black = (a, b) if a_white else (b, a)
    boards = []
    for n, e in enumerate(entries, start=1):
        side_a_white = a_white
        if e[2] is not None and e[3] is not None:
            row = e[6]
            side_a_white = (int(p.color[row]) == WHITE) == (int(p.player[row]) == e[2])
        boards.append(Board(n, e[2], e[3], e[4], e[5]) if side_a_white
                      else Board(n, e[3], e[2], e[5], e[4]))
    a_points = sum(int(POINTS[e[4]]) for e in entries if e[4] >= 0)
    b_points = sum(int(POINTS[e[5]]) for e in entries if e[5] >= 0)
    white_points, black_points = (a_points, b_points) if a_white else (b_points, a_points)
    played = any(bd.white_result >= 0 and PLAYED[bd.white_result] for bd in boards)
    scoring = records.scoring
    scored = white_points > 0 or black_points > 0
    return Match(rnd, white, black, tuple(boards), white_points, black_points,
                 scoring.match_points(white_points, black_points, any_points=scored),
                 scoring.match_points(black_points, white_points, any_points=scored),
                 played=played or (white_points > 0 and black_points > 0))


def _merge_order(entries: list[_Entry]) -> list[_Entry]:
    """Order the boards: the first team's by its rank, each lone board of the second
    team placed before the first game whose second-team rank is higher."""
    firsts = sorted((e for e in entries if e[2] is not None), key=lambda e: e[0])
    seconds = sorted((e for e in entries if e[2] is None), key=lambda e: e[1])
    merged: list[_Entry] = []
    for e in firsts:
        while seconds and e[3] is not None and seconds[0][1] < e[1]:
            merged.append(seconds.pop(0))
        merged.append(e)
    return merged + seconds


def team_average_rating(event: Event, team: Team) -> int | None:
    """The rounded mean pre-event rating of a team's rated players."""
    ratings = [event.players[p].rating for p in team.players]
    rated = [r for r in ratings if r is not None]
    if not rated:
        return None
    return int(np.floor(sum(rated) / len(rated) + 0.5))
