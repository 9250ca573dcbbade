"""The order-dependent team tie-breaks: direct encounter (``EDE`` and its board-count
variants ``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``), board count (``BC``), top
board result (``TBR``) and board-by-board elimination (``BBE``).

Their value is a rank among the teams the tie-breaks before them left tied, so they are
computed in the list's order.  The reading is FIDE's reference implementation's
(gacrux's ``compute_recursive_if_tied``): the tied groups are split again and again,
cycling through the criteria (primary score between the tied teams, secondary score,
then the board criteria between exactly two teams) until a full cycle changes nothing;
the value is then the rank within the group, 0 for a group nobody could split.  Lower
is better for all of them (for ``BC``, the board-weighted game points).

Scores are integer hundredths, as the matches keep them; where two teams met more than
once their result is the average, a :class:`~fractions.Fraction` (exact).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...model import POINTS
from ..teams.matches import TeamEvent


@dataclass(frozen=True)
class RoundRecord:
    """One team's round as the tie-breaks see it."""

    opponent: int | None
    mp: int  # hundredths
    gp: int  # hundredths
    played: bool
    vur: bool  # a voluntary unplayed round (C.07 16.2): absent, half bye, lost forfeit


#: A sum of results against the teams met: hundredths, or a Fraction of them where a
#: team met another more than once (the average of their results).
Points = int | Fraction

_LOOPS = 30  # the reference's bound on the passes

#: Codes this module computes, lower values better.
ENCOUNTER_CODES = ("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR", "BBE")


@dataclass
class _State:
    """A team's working values while the recursion runs."""

    team: int
    cid: int
    rank: int  # after the tie-breaks before this one
    val: int = 0
    more: bool = True
    deval: Points = 0
    demax: Points = 0
    tbr: int = 0
    bbe: int = 0


@dataclass
class _Ede:
    functions: str
    swap: int = 0
    loop: int = 0
    changes: int = 0
    edechanges: list[bool] = field(default_factory=list)


@dataclass(frozen=True)
class EncounterData:
    """What the direct-encounter family reads of the event after ``rounds``."""

    records: list[list[RoundRecord]]
    #: per team, per round (0-based), board number → the team's game points there
    games: list[list[dict[int, int]]]
    #: per team, board number → game points on that board in all rounds (byes too)
    board_points: list[dict[int, int]]
    boards: int
    numbers: list[int]
    win_mp: int


def encounter_data(te: TeamEvent, records: list[list[RoundRecord]], rounds: int,
                   win_mp: int) -> EncounterData:
    n = len(te.teams)
    games: list[list[dict[int, int]]] = [[{} for _ in range(rounds)] for _ in range(n)]
    for m in te.matches:
        if m.round > rounds or m.black is None:
            continue
        for board in m.boards:
            # A board keeps its own colours: its White may be the black team's player.
            white = m.white
            if board.white is not None:
                white = te.team_of[board.white]
            elif board.black is not None:
                white = m.black if te.team_of[board.black] == m.white else m.white
            black = m.black if white == m.white else m.white
            for team, result in ((white, board.white_result), (black, board.black_result)):
                games[team][m.round - 1][board.number] = (
                    int(POINTS[result]) if result >= 0 else 0)
    board_points: list[dict[int, int]] = []
    for t in range(n):
        totals: dict[int, int] = {}
        for rnd, rec in enumerate(records[t]):
            if rec.played and rec.opponent is not None:
                per = games[t][rnd]
            else:
                # An unplayed round scores every board alike: a pairing bye or a won
                # forfeit a win, a half bye or drawn forfeit a draw.
                each = 100 if rec.played or rec.mp == win_mp else 50 if rec.mp > 0 else 0
                per = dict.fromkeys(range(1, te.boards + 1), each)
            for number, points in per.items():
                totals[number] = totals.get(number, 0) + points
        board_points.append(totals)
    return EncounterData(records, games, board_points, te.boards,
                         [team.number for team in te.teams], win_mp)


def encounter(data: EncounterData, name: str, ranks: Sequence[int], *, swiss: bool,
              primary: str, predetermined: bool) -> list[int]:
    """Each team's value of ``name`` given its rank after the tie-breaks before it (for
    ``BC``, hundredths)."""
    states = [_State(t, data.numbers[t], ranks[t]) for t in range(len(ranks))]
    if name == "BC":
        return [sum(b * p for b, p in data.board_points[t].items())
                for t in range(len(ranks))]
    if name in ("TBR", "BBE"):
        run = _board_run(data, name)
    else:
        boards = data.boards
        functions = {"EDE": "PS", "EDEC": "PSC", "EDET": "PS" + "T" * boards,
                     "EDEB": "PS" + "B" * (boards - 1), "EDEBT": "PSC" + "T" * boards,
                     "EDEBB": "PSC" + "B" * (boards - 1)}[name]
        # A round robin counts its unplayed encounters as played (as for Buchholz).
        run = _ede_run(data, _Ede(functions, edechanges=[True] * len(functions)), states,
                       swiss=swiss, primary=primary, predetermined=predetermined or not swiss)
    _recursive(states, run)
    return [s.val for s in sorted(states, key=lambda s: s.team)]


Run = Callable[[list[_State], int], bool]


def _recursive(states: list[_State], run: Run) -> None:
    """Split the tied groups again and again until ``run`` says nothing is left; then
    number each group's values from 1 (0 where the group stayed tied)."""
    for s in states:
        s.val, s.more = s.rank, True
    order = sorted(states, key=lambda s: (s.rank, s.cid))
    more = run(order, 0)
    loop = 0
    while more:
        more = False
        loop += 1
        start = 0
        while start < len(order):
            stop = start + 1
            while stop < len(order) and order[stop].val == order[start].val:
                stop += 1
            if order[start].more:
                if stop - start == 1:
                    order[start].more = False
                else:
                    group = order[start:stop]
                    again = run(group, loop)
                    for s in group:
                        s.more = again
                    more = more or again
            start = stop
        more = run([], loop) or more
        order.sort(key=lambda s: (s.rank, s.val, s.cid))
    start = 0
    while start < len(order):
        stop = start
        while stop < len(order) and order[stop].rank == order[start].rank:
            stop += 1
        offset = order[start].val - (order[start].val != order[stop - 1].val)
        for s in order[start:stop]:
            s.val -= offset
        start = stop


def _board_run(data: EncounterData, name: str) -> Run:
    """TBR compares board 1's points, then board 2's …; BBE all boards' points, then
    without the last board, without the last two …"""
    def run(group: list[_State], loop: int) -> bool:
        if loop == 0:
            for s in group:
                s.tbr = 0
                s.bbe = sum(data.board_points[s.team].values())
            return True
        if not group:
            return False
        for s in group:
            points = data.board_points[s.team]
            s.tbr = points.get(loop, 0)
            s.bbe -= points.get(data.boards - loop + 1, 0)
        def value(s: _State) -> int:
            return s.tbr if name == "TBR" else s.bbe
        ranked = sorted(group, key=lambda s: (-value(s), s.cid))
        count = current = group[0].val
        for i, s in enumerate(ranked):
            if value(s) != value(ranked[i - 1]):
                current = count
            s.val = current
            count += 1
        return loop < data.boards
    return run


def _ede_run(data: EncounterData, ede: _Ede, states: list[_State], *, swiss: bool,
             primary: str, predetermined: bool) -> Run:
    secondary = "gp" if primary == "mp" else "mp"

    def run(group: list[_State], loop: int) -> bool:
        if loop == 0:
            return True
        if ede.loop != loop:
            ede.loop, ede.changes = loop, 0
        if not group:
            changed = ede.changes > 0
            ede.edechanges[ede.swap] = changed
            more = any(ede.edechanges)
            if not changed:
                ede.swap = (ede.swap + 1) % len(ede.functions)
                for s in states:
                    s.more = True
            else:
                ede.edechanges = [True] * len(ede.edechanges)
            return more and loop < _LOOPS
        func = ede.functions[ede.swap]
        changes = 0
        if func in "PS":
            kind = primary if func == "P" else secondary
            win = data.win_mp if kind == "mp" else 100 * data.boards
            changes = _direct(data, group, lambda t, r: _score(data, t, r, kind), win,
                              swiss=swiss, predetermined=predetermined)
        elif len(group) == 2:  # the board criteria split two teams only (C.07 13.3.2)
            before = ede.functions[:ede.swap]
            pos = before.count(func)
            n = data.boards
            if func == "C":
                weights = {b: -b for b in range(1, n + 1)}
            elif func == "T":
                weights = {b: int(b - 1 == pos) for b in range(1, n + 1)}
            else:
                weights = {b: int(b - 1 < n - 1 - pos) for b in range(1, n + 1)}
            win = data.win_mp if secondary == "mp" else 100

            def weighted(t: int, r: int) -> int:
                return sum(weights.get(b, 0) * p for b, p in data.games[t][r].items())
            changes = _direct(data, group, weighted, win, swiss=swiss,
                              predetermined=predetermined)
        ede.changes += changes
        return bool(changes) and loop < _LOOPS
    return run


def _score(data: EncounterData, team: int, rnd: int, kind: str) -> int:
    rec = data.records[team][rnd]
    return rec.mp if kind == "mp" else rec.gp


def _direct(data: EncounterData, group: list[_State], score: Callable[[int, int], int],
            win: int, *, swiss: bool, predetermined: bool) -> int:
    """Rank ``group`` by the points its teams scored against each other (the average
    where two met more than once); in a Swiss event or where not all have met, a team
    goes ahead only when no one behind could still reach it."""
    current = group[0].val
    by_team = {s.team: s for s in group}
    metmax = len(group) - 1
    metall = True
    for s in group:
        met: dict[int, tuple[int, int]] = {}  # the team met → (games, their sum)
        for rnd, rec in enumerate(data.records[s.team]):
            other = rec.opponent
            if other is None or not (predetermined or rec.played):
                continue
            if other not in by_team or by_team[other].val != current:
                continue
            count, total = met.get(other, (0, 0))
            met[other] = (count + 1, total + score(s.team, rnd))
        s.deval = sum((total if count == 1 else Fraction(total, count)
                       for count, total in met.values()), 0)
        if swiss and len(met) < metmax:
            metall = False
            s.demax = s.deval + (metmax - len(met)) * win
        else:
            s.demax = s.deval
    changes = 0
    if metall:
        ranked = sorted(group, key=lambda s: (-s.deval, s.cid))
        rank = crank = ranked[0].val
        value = ranked[0].deval
        for s in ranked[1:]:
            rank += 1
            if s.deval != value:
                crank = s.val = rank
                value = s.deval
                changes += 1
            else:
                s.val = crank
        return changes
    ranked = sorted(group, key=lambda s: (-s.deval, -s.demax, s.cid))
    rank = crank = ranked[0].val
    value = ranked[0].deval
    unique = True
    for i in range(1, len(ranked)):
        rank += 1
        best_behind = max(s.demax for s in ranked[i:])
        s = ranked[i]
        if unique and value > best_behind:
            crank = s.val = rank
            changes += 1
        else:
            s.val = crank
            unique = False
        value = s.deval
    return changes
