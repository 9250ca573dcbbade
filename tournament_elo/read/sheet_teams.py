"""The teams of a sheet: a ``team`` column (``Đội``) on the players table (and a
``captain`` column, ``Đội trưởng``, marking each team's captain: ``x``, ``1``, ``yes``,
``có``) and a ``board`` column (``Bàn``) on the games.

A team is every player whose team cell says its name, in the players table's order
(which is the board order); the games' board numbers say who played on which board
of each round.  Checked here, every problem at once: the boards of a match run 1, 2,
3 … with none missing, and no team has a board twice in a round.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError, Problems
from ..i18n.message import message
from ..model import Pairings, Player
from ..team_records import Team, TeamRecords
from .headers import fold
from .sheet_cells import cell_text
from .table import Table
from .values import whole

#: The most boards a match may have.
MAX_BOARDS = 100
#: A ``captain`` cell that marks the team's captain (folded: ``Có`` is ``co``).
_MARKS = {"x", "1", "yes", "y", "true", "c", "co", "captain", "doitruong"}


def _captain(table: Table, rows: Sequence[int]) -> int | None:
    """The first of a team's players whose ``captain`` cell is marked."""
    if "captain" not in table.columns:
        return None
    return next((r for r in rows if fold(cell_text(table.value(r, "captain"))) in _MARKS),
                None)


def read_sheet_teams(players_table: Table | None, games: Table, players: Sequence[Player],
                     pairings: Pairings, refs: Sequence[tuple[int, str | None]],
                     problems: Problems) -> TeamRecords | None:
    """The teams, or None when the players table has no team column."""
    if players_table is None or "team" not in players_table.columns:
        return None
    members: dict[str, list[int]] = {}
    first_row: dict[str, int] = {}
    for player in players:
        if player.index >= len(players_table):
            continue  # an AI opponent the reader added
        name = cell_text(players_table.value(player.index, "team"))
        if name:
            members.setdefault(name, []).append(player.index)
            first_row.setdefault(name, player.index)
    teams = tuple(Team(n, name, tuple(indices), captain=_captain(players_table, indices),
                       place=players_table.place(first_row[name], "team"))
                  for n, (name, indices) in enumerate(members.items(), start=1))
    team_of = {p: t for t, team in enumerate(teams) for p in team.players}
    orders: dict[tuple[int, int], dict[int, int]] = {}
    if "board" in games.columns:
        seen: dict[tuple[int, int, int], int] = {}  # (round, team, board) → games row
        for i, (at, column) in enumerate(refs):
            if column not in ("white", "black"):
                continue
            who = int(pairings.player[i])
            rnd = int(pairings.round[i])
            place = games.place(at, "board")
            try:
                board = whole(cell_text(games.value(at, "board")), place, "board", MAX_BOARDS)
            except InputError as error:
                if column == "white":
                    problems.add(error)
                continue
            if board is None or board < 1 or who not in team_of:
                continue
            key = (rnd, team_of[who], board)
            if key in seen and seen[key] != at:
                problems.add(InputError(
                    message("round {}: board {} of {} twice", rnd, board,
                            repr(teams[team_of[who]].name)),
                    place, found=message("a second game on board {}", board),
                    expected="one game per board of a team a round"))
                continue
            seen[key] = at
            orders.setdefault((rnd, team_of[who]), {})[board] = who
        # The boards of a match (both teams': a board one side left empty is the other's
        # forfeit win) run 1, 2, 3 … with none missing.
        opponents: dict[tuple[int, int], int] = {}
        for i in range(len(pairings)):
            one, other_one = int(pairings.player[i]), int(pairings.opponent[i])
            if other_one >= 0 and one in team_of and other_one in team_of:
                opponents[(int(pairings.round[i]), team_of[one])] = team_of[other_one]
        for (rnd, t), boards in sorted(orders.items()):
            other = opponents.get((rnd, t))
            if other is not None and other < t and (rnd, other) in orders:
                continue  # the match was checked from its other team
            used = set(boards) | set(orders.get((rnd, other), {}) if other is not None else ())
            missing = sorted(set(range(1, max(used) + 1)) - used)
            if missing:
                at = seen[(rnd, t, max(boards))]
                names = teams[t].name if other is None else \
                    f"{teams[min(t, other)].name} – {teams[max(t, other)].name}"
                problems.add(InputError(
                    message("round {}: {} has no board {}", rnd, repr(names), missing[0]),
                    games.place(at, "board"),
                    found=message("boards {}", ", ".join(map(str, sorted(used)))),
                    expected="boards 1, 2, 3 … with none missing"))
    return TeamRecords(teams, orders=tuple(
        (rnd, t, tuple(boards[b] for b in sorted(boards))) for (rnd, t), boards in
        sorted(orders.items())), source=games.source)
