"""Generated team events written as TRF16 with ``013`` team records, for the tests.

A seeded event of ``teams`` teams of ``boards`` boards (and a reserve each) over
``rounds`` rounds: a round robin (Berger tables) or a Swiss (random pairings, teams
who have not met when possible).  With an odd number of teams one team a round has the
pairing-allocated bye (its players ``U``); some matches are forfeited whole (every
board ``+``/``-``), some boards are lost by forfeit, and a reserve replaces a board
player now and then (the board order is the roster's among those who play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Cell:
    opponent: int  # starting rank, 0 none
    colour: str  # w b -
    result: str


def _one_game_played(cells: dict[tuple[int, int], Cell], rnd: int) -> None:
    """A round of forfeits only gets one board played (the first white's win): the
    reference counts the rounds up to the last with a game over the board, and a match
    in a later round makes it fail (an IndexError in gacrux 1.11's ``post_parse_line``;
    a generated 5-team round robin had such a round about once in 200 seeds)."""
    boards = sorted((p, c) for (p, r), c in cells.items() if r == rnd and c.opponent)
    if boards and not any(c.result in "10=" for _, c in boards):
        white, cell = next((p, c) for p, c in boards if c.colour == "w")
        cells[(white, rnd)] = Cell(cell.opponent, "w", "1")
        cells[(cell.opponent, rnd)] = Cell(white, "b", "0")


def generate(seed: int, teams: int, boards: int, rounds: int, *, round_robin: bool,
             forfeit_rate: float = 0.05, match_forfeit_rate: float = 0.04) -> str:
    rng = random.Random(seed)
    roster = boards + 1
    rank = {(t, k): t * roster + k + 1 for t in range(teams) for k in range(roster)}
    cells: dict[tuple[int, int], Cell] = {}
    schedule = _berger(teams) if round_robin else None
    met: set[frozenset[int]] = set()
    for rnd in range(1, rounds + 1):
        if schedule is not None:
            pairs = schedule[(rnd - 1) % len(schedule)]
        else:
            pairs = _swiss(rng, teams, met)
        for a, b in pairs:
            if b is None:
                for k in range(boards):
                    cells[(rank[(a, k)], rnd)] = Cell(0, "-", "U")
                continue
            met.add(frozenset((a, b)))
            lineup_a = _lineup(rng, boards)
            lineup_b = _lineup(rng, boards)
            whole = rng.random() < match_forfeit_rate
            winner = rng.choice((a, b))
            for board, (ka, kb) in enumerate(zip(lineup_a, lineup_b, strict=True)):
                a_white = board % 2 == 0
                pa, pb = rank[(a, ka)], rank[(b, kb)]
                if whole:
                    ra, rb = ("+", "-") if winner == a else ("-", "+")
                elif rng.random() < forfeit_rate:
                    ra, rb = rng.choice((("+", "-"), ("-", "+")))
                else:
                    ra = rng.choice("10=")
                    rb = {"1": "0", "0": "1", "=": "="}[ra]
                cells[(pa, rnd)] = Cell(pb, "w" if a_white else "b", ra)
                cells[(pb, rnd)] = Cell(pa, "b" if a_white else "w", rb)
        _one_game_played(cells, rnd)
    return _trf(teams, roster, rounds, rank, cells, round_robin)


def _lineup(rng: random.Random, boards: int) -> list[int]:
    """The roster positions who play, in board order: one board player sometimes
    replaced by the reserve (who then plays last)."""
    players = list(range(boards))
    if rng.random() < 0.3:
        players.remove(rng.randrange(boards))
        players.append(boards)
    return players


def _swiss(rng: random.Random, teams: int, met: set[frozenset[int]]
           ) -> list[tuple[int, int | None]]:
    order = list(range(teams))
    rng.shuffle(order)
    pairs: list[tuple[int, int | None]] = []
    if len(order) % 2:
        pairs.append((order.pop(), None))
    while order:
        a = order.pop()
        b = next((x for x in order if frozenset((a, x)) not in met), order[0])
        order.remove(b)
        pairs.append((a, b))
    return pairs


def _berger(teams: int) -> list[list[tuple[int, int | None]]]:
    ids: list[int | None] = [*range(teams), *([None] if teams % 2 else [])]
    n = len(ids)
    rounds = []
    for _ in range(n - 1):
        pairs: list[tuple[int, int | None]] = []
        for i in range(n // 2):
            x, y = ids[i], ids[n - 1 - i]
            if x is None:
                x, y = y, x
            if x is not None:
                pairs.append((x, y))
        rounds.append(pairs)
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


def _trf(teams: int, roster: int, rounds: int, rank: dict[tuple[int, int], int],
         cells: dict[tuple[int, int], Cell], round_robin: bool) -> str:
    points = {"1": 2, "=": 1, "+": 2, "U": 2}
    lines = ["012 Generated team event", "042 2026/03/02",
             f"092 {'Team Round Robin' if round_robin else 'Team Swiss System'}",
             f"142 {rounds}"]
    for t in range(teams):
        for k in range(roster):
            start = rank[(t, k)]
            row = [cells.get((start, r), Cell(0, "-", "-")) for r in range(1, rounds + 1)]
            total = sum(points.get(c.result, 0) for c in row)
            name = f"Team{t + 1:02d} Player{k + 1}"
            line = (f"001 {start:4d} m    {name:<33} {1500 + 10 * t + k:4d} FID "
                    f"{0:11d} 1990/00/00 {total / 2:4.1f} {start:4d}")
            for c in row:
                line += f"  {c.opponent:4d} {c.colour} {c.result}"
            lines.append(line)
    for t in range(teams):
        members = " ".join(f"{rank[(t, k)]:4d}" for k in range(roster))
        lines.append(f"013 {'Team ' + str(t + 1):<32}{members}")
    return "\n".join(lines) + "\n"
