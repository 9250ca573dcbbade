"""Synthetic chess events for the benchmarks and tests.

Two kinds of event:

* :func:`generate_swiss` plays a plausible Swiss tournament round by round —
  players sorted into score groups and paired top half against bottom half, each
  pair meeting at most once, colours alternating (never the same colour three times
  in a row, never a colour difference above two), results drawn from the ratings
  (win / draw / loss with a white advantage), a few forfeits, half-point byes and
  withdrawals, and a pairing-allocated bye for an odd field — and
  :func:`to_trf` writes it as valid TRF16 text whose points column equals the
  results (so :func:`tournament_elo.read.trf.read_trf` loads it without warnings).
* :func:`columnar_event` builds a huge event directly as :class:`Pairings` arrays
  with numpy (no TRF, no per-game Python): for timing the columnar rating core.

Importing this module does nothing but define things; everything is seeded.
"""

from __future__ import annotations

import csv
import multiprocessing
import random
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import numpy.typing as npt

from tournament_elo.db.store import Database
from tournament_elo.model import (
    BLACK,
    PLAYED,
    WHITE,
    Event,
    EventType,
    Pairings,
    Player,
    Result,
)

IntArray = npt.NDArray[np.int64]

_FIRST_NAMES = (
    "Anna", "Boris", "Carlos", "Dana", "Erik", "Farida", "Goran", "Hoa", "Ivan", "Jana",
    "Kenji", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quang", "Rosa", "Sven", "Tuan",
    "Ursula", "Viktor", "Wen", "Ximena", "Yusuf", "Zoltan", "Åsa", "Jürgen", "Thảo", "Zoë",
)
_LAST_NAMES = (
    "Andersen", "Bauer", "Cruz", "Dvořák", "Eriksson", "Fischer", "García", "Horvath",
    "Ivanov", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nguyen", "Olsen", "Petrov",
    "Quinn", "Rossi", "Schmidt", "Tran", "Urban", "Varga", "Wagner", "Xu", "Yilmaz",
    "Zhang", "Müller", "Nguyễn", "Le", "Pham",
)
_FEDERATIONS = ("NOR", "GER", "FRA", "ESP", "VIE", "IND", "USA", "POL", "HUN", "SWE", "NED")

#: Probability that a paired game is forfeited (one side did not appear).
FORFEIT_RATE = 0.01
#: Probability that a player takes a requested half-point bye in a round (not the last two).
HALF_BYE_RATE = 0.01
#: Probability, per round after the third, that a player withdraws for good.
WITHDRAW_RATE = 0.003
#: Share of the field without a FIDE rating.
UNRATED_SHARE = 0.05


@dataclass(frozen=True)
class Rates:
    """How often the unplayed rounds happen: per paired game (forfeits), per player and
    round (byes, absences), per player and round after the third (withdrawals)."""

    forfeit: float = FORFEIT_RATE
    half_bye: float = HALF_BYE_RATE
    full_bye: float = 0.0  # a bye given one point ('F'), as some regulations allow
    absence: float = 0.0  # one round missed without a bye ('Z')
    withdraw: float = WITHDRAW_RATE
    unrated: float = UNRATED_SHARE
    late_byes: bool = False  # byes and absences in the last two rounds too
    double_forfeit: float = 0.0  # per paired game: neither side appeared ('-' against '-')
    unrated_game: float = 0.0  # per game played: recorded as not rated ('W', 'D', 'L')
    late_entry: float = 0.0  # per player: joins in round 2 or 3, blank cells before


#: The results of a played game when it is recorded as not rated (TRF ``W D L``).
_NOT_RATED = {"1": "W", "=": "D", "0": "L"}


#: Record 122 of a standard, a rapid and a blitz event.
STANDARD_TIME = "90 min/40 moves + 30 min + 30 sec/move"
RAPID_TIME = "15 min + 10 sec/move"
BLITZ_TIME = "3 min + 2 sec/move"


#: A mix where every kind of unplayed round is common, for the tie-break references.
TURBULENT = Rates(forfeit=0.06, half_bye=0.05, full_bye=0.02, absence=0.04, withdraw=0.03,
                  unrated=0.15, late_byes=True)
#: Everything an arbiter meets, for the oracle comparison: TURBULENT plus double forfeits,
#: games not rated and late entries.
EVERYTHING = replace(TURBULENT, double_forfeit=0.02, unrated_game=0.04, late_entry=0.05)


@dataclass(frozen=True)
class SyntheticPlayer:
    start_rank: int  # 1-based, by rating
    name: str
    sex: str  # 'm' or 'w'
    title: str  # '' when none
    rating: int | None
    federation: str
    fide_id: int
    birth: date


@dataclass(frozen=True)
class SyntheticSwiss:
    """A finished Swiss: ``cells[p][r]`` is player ``p``'s round ``r`` as (opp, colour, result).

    ``opp`` is the opponent's start rank (0 for none), ``colour`` one of ``w b -``
    and ``result`` a TRF result code.
    """

    name: str
    city: str
    federation: str
    start: date
    players: tuple[SyntheticPlayer, ...]
    cells: tuple[tuple[tuple[int, str, str], ...], ...]
    system: str = "Swiss-System"  # record 092's words: "Swiss-System" or "Round-Robin"
    time_control: str = STANDARD_TIME  # record 122
    rounds_per_day: int = 1  # a rapid or blitz event plays all its rounds in one day

    @property
    def rounds(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def points(self) -> list[int]:
        """Points of every player in hundredths."""
        return [sum(_CELL_POINTS[result] for _, _, result in row) for row in self.cells]

    def games_played(self) -> int:
        """Games played over the board, each game once."""
        return sum(result in "1=0" for row in self.cells for _, _, result in row) // 2


_CELL_POINTS = {"1": 100, "=": 50, "0": 0, "+": 100, "-": 0, "H": 50, "F": 100, "U": 100,
                "Z": 0, "W": 100, "D": 50, "L": 0, " ": 0}
#: A round before a late entrant joined: a blank TRF cell.
_NOT_YET = (0, " ", " ")


def _players(n: int, rng: random.Random, unrated: float = UNRATED_SHARE
             ) -> tuple[SyntheticPlayer, ...]:
    ratings: list[int | None] = []
    for _ in range(n):
        if rng.random() < unrated:
            ratings.append(None)
        else:
            drawn = rng.gauss(1850, 280)
            while not 1400 <= drawn <= 2800:  # the rating floor; no pile-up at 1400
                drawn = rng.gauss(1850, 280)
            ratings.append(int(drawn))
    # Starting ranks go by rating, the unrated last (as pairing programs do).
    ratings.sort(key=lambda r: -(r or 0))
    ids = rng.sample(range(1_000_000, 99_999_999), n)
    players = []
    for rank, rating in enumerate(ratings, start=1):
        sex = "w" if rng.random() < 0.12 else "m"
        r = rating or 0
        title = ("GM" if r >= 2500 else "IM" if r >= 2400 else "FM" if r >= 2300
                 else "CM" if r >= 2200 else "")
        if title and sex == "w" and rng.random() < 0.5:
            title = "W" + title[0] + "M" if title != "CM" else "WCM"
        name = f"{rng.choice(_LAST_NAMES)}, {rng.choice(_FIRST_NAMES)}"
        birth = date(rng.randint(1950, 2014), rng.randint(1, 12), rng.randint(1, 28))
        players.append(SyntheticPlayer(
            start_rank=rank, name=name[:33], sex=sex, title=title, rating=rating,
            federation=rng.choice(_FEDERATIONS), fide_id=ids[rank - 1], birth=birth,
        ))
    return tuple(players)


def population(n: int, seed: int = 0) -> tuple[SyntheticPlayer, ...]:
    """``n`` players with distinct FIDE ids, to draw the fields of many events from."""
    return _players(n, random.Random(seed))


def _ranked(players: Sequence[SyntheticPlayer]) -> tuple[SyntheticPlayer, ...]:
    """The players given starting ranks by rating, the unrated last."""
    order = sorted(players, key=lambda p: (-(p.rating or 0), p.fide_id))
    return tuple(replace(p, start_rank=rank) for rank, p in enumerate(order, start=1))


def _outcome(white: int | None, black: int | None, rng: random.Random) -> str:
    """'1', '=' or '0' from white's point of view, from the two ratings."""
    w = white or 1500
    b = black or 1500
    expected = 1 / (1 + 10 ** (-(w - b + 35) / 400))  # 35 points for the first move
    draw = 0.18 + 0.22 * min(1.0, max(0.0, (w + b) / 2 - 1400) / 1200)
    draw *= max(0.15, 1 - abs(w - b) / 700)
    win = max(0.0, expected - draw / 2)
    u = rng.random()
    if u < win:
        return "1"
    if u < win + draw:
        return "="
    return "0"


class _State:
    """What the pairing needs to know about one player so far."""

    __slots__ = ("colours", "had_bye", "met", "points", "withdrawn")

    def __init__(self) -> None:
        self.points = 0
        self.met: set[int] = set()
        self.colours: list[int] = []  # +1 white, -1 black, played rounds only
        self.had_bye = False
        self.withdrawn = False

    def due(self) -> tuple[int, int]:
        """(colour due, colour required): +1 white, -1 black, 0 none.

        Due: the other colour than last time.  Required (absolute): after the same
        colour twice running, or when the colour difference reaches two.
        """
        if not self.colours:
            return 0, 0
        balance = sum(self.colours)
        if balance >= 2 or self.colours[-2:] == [WHITE, WHITE]:
            return BLACK, BLACK
        if balance <= -2 or self.colours[-2:] == [BLACK, BLACK]:
            return WHITE, WHITE
        return -self.colours[-1], 0


def _candidates(
    first: int,
    rest: list[int],
    states: list[_State],
    due: dict[int, tuple[int, int]],
    strict: bool,
) -> Iterator[int]:
    """Positions in ``rest`` that ``first`` may meet, the most Swiss-like first.

    Within his own score group: about half the group further down (top half against
    bottom half), a partner due the other colour first.  Then the lower groups in
    order (floaters).  ``strict`` skips partners who must have the same colour.
    """
    me = states[first]
    mine, must = due[first]
    group = 0
    while group < len(rest) and states[rest[group]].points == me.points:
        group += 1
    half = (group + 1) // 2 - 1

    def allowed(other: int) -> bool:
        return other not in me.met and not (strict and must and due[other][1] == must)

    same = [pos for pos in range(group) if allowed(rest[pos])]
    same.sort(key=lambda pos: (mine != 0 and due[rest[pos]][0] == mine, abs(pos - half)))
    yield from same
    for pos in range(group, len(rest)):
        if allowed(rest[pos]):
            yield pos


def _pair_round(
    order: list[int],
    states: list[_State],
    due: dict[int, tuple[int, int]],
    strict: bool,
    budget: list[int],
) -> list[tuple[int, int]] | None:
    """Pair ``order`` (best placed first) by a backtracking search; ``None``: impossible."""
    if not order:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = order[0], order[1:]
    for pos in _candidates(first, rest, states, due, strict):
        pairs = _pair_round(rest[:pos] + rest[pos + 1:], states, due, strict, budget)
        if pairs is not None:
            return [(first, rest[pos]), *pairs]
        if budget[0] < 0:
            return None
    return None


def _first_takes_white(a: tuple[int, int], b: tuple[int, int], board: int) -> bool:
    """Whether the higher-placed player (colour state ``a``) takes white on ``board``."""
    (due_a, must_a), (due_b, must_b) = a, b
    if must_a:
        return must_a == WHITE
    if must_b:
        return must_b == BLACK
    if due_a != due_b:
        return due_a == WHITE or due_b == BLACK
    if due_a == 0:  # nobody has a colour yet: alternate down the boards
        return board % 2 == 0
    return due_a == WHITE  # the same colour due: the higher-placed player gets it


def _joining_rounds(n: int, n_rounds: int, rates: Rates, rng: random.Random) -> list[int]:
    """Per player, the 0-based round he joins in: 0, or round 2 or 3 for a late entrant."""
    if not rates.late_entry:  # a rate of 0 draws no number: older events stay as they were
        return [0] * n
    return [rng.randint(1, min(2, n_rounds - 1)) if rng.random() < rates.late_entry else 0
            for _ in range(n)]


def _game(white: int | None, black: int | None, rates: Rates, rng: random.Random
          ) -> tuple[str, str]:
    """White's and black's TRF results of one paired game."""
    if rng.random() < rates.forfeit:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    if rates.double_forfeit and rng.random() < rates.double_forfeit:
        return "-", "-"
    w_res = _outcome(white, black, rng)
    b_res = {"1": "0", "=": "=", "0": "1"}[w_res]
    if rates.unrated_game and rng.random() < rates.unrated_game:
        return _NOT_RATED[w_res], _NOT_RATED[b_res]
    return w_res, b_res


def generate_swiss(
    n_players: int,
    n_rounds: int,
    seed: int = 0,
    start: date = date(2024, 8, 1),
    name: str | None = None,
    entrants: Sequence[SyntheticPlayer] | None = None,
    rates: Rates = Rates(),
) -> SyntheticSwiss:
    """Play a Swiss of ``n_players`` over ``n_rounds`` rounds (deterministic per seed);
    the players are new ones, or ``n_players`` drawn from ``entrants``; ``rates`` say how
    often rounds go unplayed."""
    if n_rounds >= n_players:
        raise ValueError("a Swiss needs more players than rounds")
    # The pairing recurses once per board: a round of 2,000 players goes 1,000 deep.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n_players + 1000))
    rng = random.Random(seed)
    players = _players(n_players, rng, rates.unrated) if entrants is None else _ranked(
        rng.sample(list(entrants), n_players))
    states = [_State() for _ in players]
    cells: list[list[tuple[int, str, str]]] = [[] for _ in players]
    joins = _joining_rounds(len(players), n_rounds, rates, rng)
    for rnd in range(n_rounds):
        late = rnd >= n_rounds - 2 and not rates.late_byes
        active = []
        for i, state in enumerate(states):
            if rnd < joins[i]:
                cells[i].append(_NOT_YET)
                continue
            if not state.withdrawn and rnd >= 3 and not late and rng.random() < rates.withdraw:
                state.withdrawn = True
            # (A rate of 0 draws no number: the default events stay as they were.)
            if state.withdrawn:
                cells[i].append((0, "-", "Z"))
            elif not late and rng.random() < rates.half_bye:
                cells[i].append((0, "-", "H"))
                state.points += 50
            elif not late and rates.full_bye and rng.random() < rates.full_bye:
                cells[i].append((0, "-", "F"))
                state.points += 100
            elif not late and rates.absence and rng.random() < rates.absence:
                cells[i].append((0, "-", "Z"))
            else:
                active.append(i)
        # Best first: points, then rating, then starting rank.
        active.sort(key=lambda i: (-states[i].points, -(players[i].rating or 0), i))
        if len(active) % 2:
            # The pairing-allocated bye: the lowest-placed player without one yet (C.04
            # gives it once at most; if all have had it, the lowest sits the round out).
            bye = next((i for i in reversed(active) if not states[i].had_bye), None)
            if bye is None:
                cells[active.pop()].append((0, "-", "Z"))
            else:
                active.remove(bye)
                states[bye].had_bye = True
                states[bye].points += 100
                cells[bye].append((0, "-", "U"))
        due = {i: states[i].due() for i in active}
        pairs = None
        for strict in (True, False):
            pairs = _pair_round(active, states, due, strict, [50_000])
            if pairs is not None:
                break
        if pairs is None:
            raise RuntimeError(f"no pairing found for round {rnd + 1} (seed {seed})")
        for board, (a, b) in enumerate(pairs):
            white, black = (a, b) if _first_takes_white(due[a], due[b], board) else (b, a)
            w_res, b_res = _game(players[white].rating, players[black].rating, rates, rng)
            for me, opp, colour, res in ((white, black, "w", w_res), (black, white, "b", b_res)):
                cells[me].append((players[opp].start_rank, colour, res))
                states[me].points += _CELL_POINTS[res]
                states[me].met.add(opp)
                states[me].colours.append(WHITE if colour == "w" else BLACK)
    return SyntheticSwiss(
        name=name or f"Synthetic Open {n_players}x{n_rounds} (seed {seed})",
        city="Benchville",
        federation="NOR",
        start=start,
        players=players,
        cells=tuple(tuple(row) for row in cells),
    )


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """A round-robin schedule for ``n`` players by the circle method (the one Berger
    tables are built by), 0-based: per round the (white, black) pairs; with an odd ``n``
    the player drawn against ``n`` has no game."""
    size = n + n % 2
    rounds: list[list[tuple[int, int]]] = []
    for rnd in range(size - 1):
        pairs = []
        for board in range(size // 2):
            a = (rnd + board) % (size - 1)
            b = (rnd - board) % (size - 1) if board else size - 1
            pairs.append((a, b) if board or rnd % 2 == 0 else (b, a))
        rounds.append(pairs)
    return rounds


def generate_round_robin(
    n_players: int,
    seed: int = 0,
    start: date = date(2024, 8, 1),
    rates: Rates = Rates(),
    cycles: int = 1,
    entrants: Sequence[SyntheticPlayer] | None = None,
) -> SyntheticSwiss:
    """Play a round robin (``cycles`` = 2: a double one, colours reversed) of new players,
    or of ``n_players`` drawn from ``entrants``: forfeits, double forfeits, games not
    rated, withdrawals (every later game forfeited); with an odd field the player drawn
    against no one sits the round out ('Z')."""
    rng = random.Random(seed)
    players = _players(n_players, rng, rates.unrated) if entrants is None else _ranked(
        rng.sample(list(entrants), n_players))
    schedule = berger_rounds(n_players)
    cells: list[list[tuple[int, str, str]]] = [[] for _ in players]
    withdrawn = [False] * n_players
    for cycle in range(cycles):
        for rnd, pairs in enumerate(schedule):
            if rnd >= 3 or cycle:
                for i in range(n_players):
                    withdrawn[i] = withdrawn[i] or rng.random() < rates.withdraw
            for a, b in pairs:
                white, black = (a, b) if cycle % 2 == 0 else (b, a)
                if max(white, black) >= n_players:
                    cells[min(white, black)].append((0, "-", "Z"))
                    continue
                if withdrawn[white] or withdrawn[black]:
                    w_res = "-" if withdrawn[white] else "+"
                    b_res = "-" if withdrawn[black] else "+"
                else:
                    w_res, b_res = _game(players[white].rating, players[black].rating,
                                         rates, rng)
                cells[white].append((black + 1, "w", w_res))
                cells[black].append((white + 1, "b", b_res))
    return SyntheticSwiss(
        name=f"Synthetic Round Robin {n_players} (seed {seed})", city="Benchville",
        federation="NOR", start=start, players=players,
        cells=tuple(tuple(row) for row in cells), system="Round-Robin",
    )


def _field(text: str, width: int, right: bool = False) -> str:
    text = text[:width]
    return text.rjust(width) if right else text.ljust(width)


def to_trf(event: SyntheticSwiss, through: int | None = None) -> str:
    """The event as TRF16 text (record 001 in FIDE's exact column layout); with
    ``through``, as a pairing program writes it after that round (the later rounds left
    out, ``XXR`` still the number of rounds)."""
    end = event.start + timedelta(days=max(0, event.rounds - 1) // event.rounds_per_day)
    rounds = event.rounds
    if through is not None:
        event = replace(event, cells=tuple(row[:through] for row in event.cells))
    points = event.points()
    # Final rank: points, then rating, then starting rank (a stand-in for tie-breaks).
    order = sorted(
        range(len(event.players)),
        key=lambda i: (-points[i], -(event.players[i].rating or 0), i),
    )
    rank = {i: pos for pos, i in enumerate(order, start=1)}
    rated = sum(p.rating is not None for p in event.players)
    round_dates = "".join(
        f"{(event.start + timedelta(days=r // event.rounds_per_day)).strftime('%y/%m/%d'):<10}"
        for r in range(rounds)
    ).rstrip()
    lines = [
        f"012 {event.name}",
        f"022 {event.city}",
        f"032 {event.federation}",
        f"042 {event.start:%Y/%m/%d}",
        f"052 {end:%Y/%m/%d}",
        f"062 {len(event.players)}",
        f"072 {rated}",
        f"092 Individual: {event.system}",
        "102 Arbiter, Chief",
        f"122 {event.time_control}",
        "132" + " " * 88 + round_dates,
        f"XXR {rounds}",
    ]
    for i, (p, row) in enumerate(zip(event.players, event.cells, strict=True)):
        # Columns (1-based): 1-3 '001', 5-8 start rank, 10 sex, 11-13 title, 15-47 name,
        # 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth, 81-84 points,
        # 86-89 rank, then from 92 one ten-column cell per round: 'NNNN c r'.
        head = (
            "001 "
            + _field(str(p.start_rank), 4, right=True)
            + " "
            + p.sex
            + _field(p.title, 3)
            + " "
            + _field(p.name, 33)
            + " "
            + _field(str(p.rating) if p.rating else "", 4, right=True)
            + " "
            + _field(p.federation, 3)
            + " "
            + _field(str(p.fide_id), 11, right=True)
            + " "
            + _field(f"{p.birth:%Y/%m/%d}", 10)
            + " "
            + _field(f"{points[i] / 100:.1f}", 4, right=True)
            + " "
            + _field(str(rank[i]), 4, right=True)
        )
        if len(head) != 89:  # a field overflowed: the columns would shift
            raise ValueError(f"record 001 of player {p.start_rank} is misaligned: {head!r}")
        played = "".join(" " * 10 if cell == _NOT_YET else f"  {cell[0]:4d} {cell[1]} {cell[2]}"
                         for cell in row)
        lines.append(head + played)
    return "\n".join(lines) + "\n"


def write_batch(
    directory: str | Path, count: int, n_players: int, n_rounds: int, seed: int = 0
) -> list[Path]:
    """Write ``count`` generated Swiss events as TRF files; return their paths."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for k in range(count):
        event = generate_swiss(n_players, n_rounds, seed=seed + k,
                               start=date(2024, 3, 1) + timedelta(days=k % 500))
        path = folder / f"event_{k:05d}.trf"
        path.write_text(to_trf(event), encoding="utf-8")
        paths.append(path)
    return paths


# --------------------------------------------------------------------------------------
# Huge events built straight as columns (for the rating core alone).


@dataclass(frozen=True)
class ColumnarEvent:
    event: Event
    rating: IntArray  # 0 for the unrated
    k: IntArray
    mirror: IntArray  # the row of the same game seen from the opponent (-1: no game)

    @property
    def games_played(self) -> int:
        return int(PLAYED[self.event.pairings.result].sum()) // 2


def columnar_event(
    n_players: int,
    n_rounds: int,
    seed: int = 0,
    unrated_share: float = 0.02,
) -> ColumnarEvent:
    """A Swiss-shaped event of ``n_players`` × ``n_rounds`` built with numpy only.

    Each round sorts the field by score (random tie order) and pairs neighbours, so
    scores and ratings correlate as in a Swiss; repeats are not excluded (at this size
    they are rare and do not matter to the rating arithmetic).  Results come from the
    Elo expectation with draws.  An odd field gives the last player a 'U' bye.  The
    rows are ordered round by round.
    """
    rng = np.random.default_rng(seed)
    n = n_players
    drawn = rng.normal(1850, 280, n)
    outside = (drawn < 1400) | (drawn > 2800)
    while outside.any():  # redraw below the floor rather than pile players up at it
        drawn[outside] = rng.normal(1850, 280, int(outside.sum()))
        outside = (drawn < 1400) | (drawn > 2800)
    rating: IntArray = drawn.astype(np.int64)
    rating[rng.random(n) < unrated_share] = 0
    rating = -np.sort(-rating)
    score = np.zeros(n, dtype=np.int64)
    per_round = n - (n % 2)
    total = n_rounds * n
    rnd_col = np.repeat(np.arange(1, n_rounds + 1, dtype=np.int64), n)
    player_col = np.empty(total, dtype=np.int64)
    opp_col = np.full(total, -1, dtype=np.int64)
    colour_col = np.zeros(total, dtype=np.int64)
    result_col = np.full(total, int(Result.PAIRING_BYE), dtype=np.int64)
    mirror = np.full(total, -1, dtype=np.int64)
    half = per_round // 2
    for r in range(n_rounds):
        order = np.lexsort((rng.random(n), -score))
        white, black = order[0:per_round:2], order[1:per_round:2]
        swap = rng.random(half) < 0.5
        white, black = np.where(swap, black, white), np.where(swap, white, black)
        base = r * n
        # Rows of this round: whites, then blacks, then the bye (if any).
        player_col[base:base + half] = white
        player_col[base + half:base + per_round] = black
        opp_col[base:base + half] = black
        opp_col[base + half:base + per_round] = white
        colour_col[base:base + half] = WHITE
        colour_col[base + half:base + per_round] = BLACK
        mirror[base:base + half] = np.arange(base + half, base + per_round)
        mirror[base + half:base + per_round] = np.arange(base, base + half)
        w = np.where(rating[white] > 0, rating[white], 1500)
        b = np.where(rating[black] > 0, rating[black], 1500)
        expected = 1 / (1 + 10 ** (-(w - b + 35) / 400))
        draw = 0.3 * np.maximum(0.15, 1 - np.abs(w - b) / 700)
        u = rng.random(half)
        w_res = np.where(u < expected - draw / 2, Result.WIN,
                         np.where(u < expected + draw / 2, Result.DRAW, Result.LOSS))
        b_res = np.array([Result.LOSS, Result.DRAW, Result.WIN], dtype=np.int64)[w_res]
        result_col[base:base + half] = w_res
        result_col[base + half:base + per_round] = b_res
        if per_round < n:
            player_col[base + per_round] = order[-1]
        pts = np.array([100, 50, 0], dtype=np.int64)
        score += np.bincount(white, weights=pts[w_res], minlength=n).astype(np.int64)
        score += np.bincount(black, weights=pts[b_res], minlength=n).astype(np.int64)
        if per_round < n:
            score[order[-1]] += 100
    pairings = Pairings(round=rnd_col, player=player_col, opponent=opp_col,
                        color=colour_col, result=result_col)
    players = tuple(
        Player(index=i, id=i + 1, name=f"Player {i + 1}", rating=int(rating[i]) or None,
               games=100)
        for i in range(n)
    )
    event = Event(
        name=f"Columnar {n_players}x{n_rounds}",
        players=players,
        pairings=pairings,
        rounds=n_rounds,
        type=EventType.SWISS,
        start=date(2024, 8, 1),
        end=date(2024, 8, 1) + timedelta(days=n_rounds - 1),
    )
    k = np.where(rating >= 2400, 10, 20).astype(np.int64)
    return ColumnarEvent(event=event, rating=rating, k=k, mirror=mirror)


# --------------------------------------------------------------------------------------
# A whole federation's history, straight into a rating database (no files).


def random_event(
    field: IntArray, rounds: int, rng: np.random.Generator, end: date, name: str
) -> Event:
    """An event of the players ``field`` (global numbers, which become FIDE ids) over
    ``rounds`` rounds, each round a random pairing of the field (an odd one out sits
    out with a pairing-allocated bye), results drawn 40 % white wins, 30 % draws."""
    n = len(field)
    players = tuple(Player(index=i, id=i + 1, name=f"Player {g}", fide_id=str(g))
                    for i, g in enumerate(field.tolist()))
    columns: list[list[IntArray]] = [[], [], [], [], []]
    for rnd in range(1, rounds + 1):
        order = rng.permutation(n)
        white, black = order[0:n - 1:2], order[1:n:2]
        outcome = rng.choice(np.array([Result.WIN, Result.DRAW, Result.LOSS]), len(white),
                             p=[0.4, 0.3, 0.3])
        mirror = np.array([Result.LOSS, Result.DRAW, Result.WIN])[outcome]
        for who, opp, colour, result in ((white, black, WHITE, outcome),
                                         (black, white, BLACK, mirror)):
            for column, values in zip(columns, (np.full(len(who), rnd), who, opp,
                                                np.full(len(who), colour), result),
                                      strict=True):
                column.append(np.asarray(values, dtype=np.int64))
        if n % 2:
            for column, value in zip(columns, (rnd, order[-1], -1, 0, Result.PAIRING_BYE),
                                     strict=True):
                column.append(np.array([value], dtype=np.int64))
    pairings = Pairings(*(np.concatenate(c) for c in columns))
    return Event(name, players, pairings, rounds, EventType.SWISS, start=end, end=end)


def fill_history(
    db: Database,
    n_players: int,
    n_events: int,
    months: int,
    per_event: int = 60,
    rounds: int = 9,
    seed: int = 0,
    start: date = date(2015, 1, 1),
    system: str = "fide-2024",
) -> int:
    """Fill ``db`` with a starting list of ``n_players`` (3 % unrated, FIDE ids from
    1,000,000) dated ``start`` and ``n_events`` random events spread evenly over
    ``months`` months; returns the games played."""
    from tournament_elo.db.importer import store_event
    from tournament_elo.db.lists import import_list

    rng = np.random.default_rng(seed)
    rating = np.clip(rng.normal(1800, 300, n_players), 1400, 2800).astype(np.int64)
    rating[rng.random(n_players) < 0.03] = 0
    games = rng.integers(0, 200, n_players)
    with tempfile.TemporaryDirectory() as folder:
        listed = Path(folder) / "list.csv"
        with listed.open("w", encoding="utf-8") as out:
            out.write("fide_id,name,rating,games,birth\n")
            for i in range(n_players):
                out.write(f"{1_000_000 + i},Player {1_000_000 + i},{rating[i] or ''},"
                          f"{games[i]},{1950 + i % 60}\n")
        import_list(db, listed, start)
    pool_id = db.pool_id("main", create=True)
    played = 0
    for k in range(n_events):
        month = start.month - 1 + k * months // n_events
        end = date(start.year + month // 12, month % 12 + 1, 1 + k % 28)
        field = 1_000_000 + rng.choice(n_players, per_event, replace=False)
        event = random_event(field, rounds, rng, end, f"Synthetic {k}")
        store_event(db, event, f"synthetic/{seed}/{k}.trf", f"synthetic-{seed}-{k}", b"",
                    system, pool_id)
        played += int(np.count_nonzero(event.pairings.opponent > event.pairings.player))
    return played


# --------------------------------------------------------------------------------------
# A national federation's history as TRF files: its players recur across the years.

#: The federation's rating lists, each with its events' time control.
POOLS = ("standard", "rapid", "blitz")
_TIME_CONTROLS = (STANDARD_TIME, RAPID_TIME, BLITZ_TIME)
#: Share of the events in each pool, and of round robins among them.
_POOL_SHARE = (0.6, 0.25, 0.15)
_ROUND_ROBIN_SHARE = 0.15
#: Swiss rounds by pool for a small, middle and large field (fewer for a tiny one).
_SWISS_ROUNDS = ((5, 7, 9), (5, 7, 9), (7, 9, 11))
#: Share of the players on the starting lists (the others join over the years), of the
#: listed on the rapid and blitz lists, and of newcomers whose files give a rating (a
#: transfer); a newcomer's files give one from a year after his first event.
_LISTED_SHARE = 0.45
_SPEED_LISTED_SHARE = (1.0, 0.7, 0.5)
_TRANSFER_SHARE = 0.3
_UNRATED_MONTHS = 12
#: Mean career in months (exponential): players leave, others join.
_CAREER_MONTHS = 96
_CITIES = ("Oslo", "Bergen", "Trondheim", "Stavanger", "Tromsø", "Drammen", "Bodø",
           "Ålesund", "Hamar", "Molde", "Lillehammer", "Kristiansand")
FEDERATION_RATES = Rates(late_entry=0.02)

#: A game played over the board, for a plain rating loop: its month (0-based), the
#: pool's number in :data:`POOLS`, white's points × 2, and the players' numbers in the
#: federation's population.
GAME_RECORD = np.dtype([("month", "<i2"), ("pool", "i1"), ("score", "i1"),
                        ("white", "<i4"), ("black", "<i4")])
_SCORE = {"1": 2, "=": 1, "0": 0}


@dataclass(frozen=True)
class FederationEvent:
    index: int
    pool: int  # number in POOLS
    month: int  # 0-based month of the history
    swiss: SyntheticSwiss
    members: IntArray  # each player's number in the population, in start-rank order

    def games(self) -> npt.NDArray[np.void]:
        """The games played over the board (rated results), as :data:`GAME_RECORD` rows."""
        found = [(self.month, self.pool, _SCORE[res], int(self.members[i]),
                  int(self.members[opp - 1]))
                 for i, row in enumerate(self.swiss.cells) for opp, colour, res in row
                 if colour == "w" and res in _SCORE]
        return np.array(found, dtype=GAME_RECORD)


@dataclass(frozen=True, eq=False)
class Federation:
    """A national federation: a population whose players join and leave over the years,
    each as active as his weight says, and ``n_events`` events spread evenly over
    ``months`` months from ``start`` (the events from ``n_events`` on fall after them: a
    month more every ``n_events // months``).  Event ``k`` depends on the seed and ``k``
    alone, so any range of events can be made apart (in parallel)."""

    n_events: int
    months: int
    seed: int
    start: date
    people: tuple[SyntheticPlayer, ...]
    joins: IntArray  # the month a player's first event may fall in (0: on the lists)
    leaves: IntArray  # the month after his last
    rated_from: IntArray  # the month from which event files give his rating
    cumulative_weight: npt.NDArray[np.float64]  # how often he plays, summed over players
    offset: IntArray  # (pool, player): his rapid and blitz ratings' difference
    listed: npt.NDArray[np.bool_]  # (pool, player): on the pool's starting list

    @property
    def n_players(self) -> int:
        return len(self.people)

    @property
    def per_month(self) -> int:
        return max(1, self.n_events // self.months)

    def month_of(self, k: int) -> int:
        return k * self.months // self.n_events

    def day_of(self, month: int) -> date:
        months = self.start.month - 1 + month
        return date(self.start.year + months // 12, months % 12 + 1, 1)

    def rating(self, pool: int, player: int) -> int | None:
        """The player's rating at the pool's speed (None: unrated)."""
        rating = self.people[player].rating
        if rating is None:
            return None
        return int(min(2800, max(1400, rating + int(self.offset[pool, player]))))

    def write_list(self, pool: int, path: Path) -> None:
        """The pool's starting list (CSV) dated :attr:`start`: listed players, some unrated."""
        rng = np.random.default_rng([self.seed, 1_000_000_000 + pool])
        games = rng.integers(0, 300, self.n_players)
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(["fide_id", "name", "federation", "rating", "games", "birth"])
            for i in np.flatnonzero(self.listed[pool]).tolist():
                p = self.people[i]
                writer.writerow([p.fide_id, p.name, p.federation, self.rating(pool, i) or "",
                                 games[i], p.birth.year])

    def event(self, k: int) -> FederationEvent:
        """Event ``k``: a Swiss or a round robin of 9 to 60 players active that month."""
        rng = np.random.default_rng([self.seed, k])
        month = self.month_of(k)
        pool = int(rng.choice(len(POOLS), p=_POOL_SHARE))
        round_robin = bool(rng.random() < _ROUND_ROBIN_SHARE)
        wanted = int(rng.integers(9, 15)) if round_robin else 9 + int(51 * rng.random() ** 1.6)
        field = self._field(month, wanted, rng)
        n = len(field)
        round_robin = round_robin or n < 9
        small, middle, large = _SWISS_ROUNDS[pool]
        rounds = n - 1 + n % 2 if round_robin else min(
            small if n < 16 else middle if n < 30 else large, n // 2 + 1)
        per_day = 1 if pool == 0 else rounds  # rapid and blitz: one day
        days = (rounds - 1) // per_day + 1
        first = self.day_of(month) + timedelta(days=int(rng.integers(0, 28 - days + 1)))
        entrants = [replace(self.people[i], rating=self.rating(pool, i)
                            if month >= self.rated_from[i] else None) for i in field.tolist()]
        seed = int(rng.integers(2**31))
        city = _CITIES[int(rng.integers(len(_CITIES)))]
        if round_robin:
            swiss = generate_round_robin(n, seed, first, FEDERATION_RATES, entrants=entrants)
            kind = "Round Robin"
        else:
            swiss = generate_swiss(n, rounds, seed, first, entrants=entrants,
                                   rates=FEDERATION_RATES)
            kind = "Open"
        speed = "" if pool == 0 else f" {POOLS[pool].capitalize()}"
        swiss = replace(swiss, name=f"{city}{speed} {kind} {k + 1}", city=city,
                        time_control=_TIME_CONTROLS[pool], rounds_per_day=per_day)
        index = {p.fide_id: i for p, i in zip(entrants, field.tolist(), strict=True)}
        members = np.array([index[p.fide_id] for p in swiss.players], dtype=np.int64)
        return FederationEvent(k, pool, month, swiss, members)

    def _field(self, month: int, n: int, rng: np.random.Generator) -> IntArray:
        """``n`` distinct players active in ``month``, drawn by weight (fewer, or anyone,
        in a federation too small for the field)."""
        chosen = np.zeros(0, dtype=np.int64)
        total = float(self.cumulative_weight[-1])
        for _ in range(8):
            drawn = np.searchsorted(self.cumulative_weight, rng.random(4 * n) * total,
                                    side="right").astype(np.int64)
            drawn = drawn[(self.joins[drawn] <= month) & (month < self.leaves[drawn])]
            both = np.concatenate([chosen, drawn])
            _, first = np.unique(both, return_index=True)
            chosen = both[np.sort(first)]  # the order drawn, not the numbers' order
            if len(chosen) >= n:
                return chosen[:n]
        active = np.flatnonzero((self.joins <= month) & (month < self.leaves))
        if len(active) < 9:
            active = np.arange(self.n_players)
        return rng.permutation(active)[:n]


def federation(n_players: int, n_events: int, months: int = 240, seed: int = 0,
               start: date = date(2005, 1, 1)) -> Federation:
    """A federation of ``n_players`` and ``n_events`` events over ``months`` months."""
    people = population(n_players, seed)
    rng = np.random.default_rng([seed, n_events, months])
    listed = rng.random(n_players) < _LISTED_SHARE
    joins = np.where(listed, 0, rng.integers(0, months, n_players))
    leaves = joins + 1 + rng.exponential(_CAREER_MONTHS, n_players).astype(np.int64)
    transfer = rng.random(n_players) < _TRANSFER_SHARE
    rated_from = np.where(listed | transfer, 0, joins + _UNRATED_MONTHS)
    weight = rng.lognormal(0.0, 1.0, n_players)
    offset = rng.normal(0, 60, (len(POOLS), n_players)).astype(np.int64)
    offset[0] = 0
    on_lists = np.stack([listed & (rng.random(n_players) < share)
                         for share in _SPEED_LISTED_SHARE])
    return Federation(n_events, months, seed, start, people, joins.astype(np.int64),
                      leaves, rated_from.astype(np.int64), np.cumsum(weight), offset,
                      on_lists)


@dataclass
class FederationFiles:
    """What :func:`write_federation` wrote: per pool its files and games played over the
    board (rated results), the bytes, and who took part in the pool's events."""

    files: list[int]
    games: list[int]
    size: int
    played: npt.NDArray[np.bool_]  # (pool, player)

    def add(self, other: FederationFiles) -> None:
        self.files = [a + b for a, b in zip(self.files, other.files, strict=True)]
        self.games = [a + b for a, b in zip(self.games, other.games, strict=True)]
        self.size += other.size
        self.played |= other.played


#: The federation a worker process of :func:`write_federation` makes its events from.
_WORKER_FEDERATION: Federation | None = None


def _start_worker(n_players: int, n_events: int, months: int, seed: int) -> None:
    global _WORKER_FEDERATION
    _WORKER_FEDERATION = federation(n_players, n_events, months, seed)


def _write_chunk(job: tuple[Path, Path, int, int]) -> FederationFiles:
    """Write events ``first`` to ``stop`` under ``folder/<pool>/<year>/`` and their games
    to ``games/<first>.npy``."""
    folder, games, first, stop = job
    fed = _WORKER_FEDERATION
    assert fed is not None
    done = FederationFiles([0] * len(POOLS), [0] * len(POOLS), 0,
                           np.zeros((len(POOLS), fed.n_players), dtype=bool))
    records = []
    for k in range(first, stop):
        made = fed.event(k)
        text = to_trf(made.swiss).encode("utf-8")
        path = folder / POOLS[made.pool] / f"{made.swiss.start.year}" / f"event_{k:07d}.trf"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text)
        played = made.games()
        records.append(played)
        done.files[made.pool] += 1
        done.games[made.pool] += len(played)
        done.size += len(text)
        done.played[made.pool, made.members] = True
    np.save(games / f"{first:07d}.npy", np.concatenate(records) if records
            else np.zeros(0, dtype=GAME_RECORD))
    return done


def write_federation(fed: Federation, folder: Path, games: Path, first: int, stop: int,
                     workers: int = 1, chunk: int = 250) -> FederationFiles:
    """Write the federation's events ``first`` to ``stop`` as TRF files under ``folder``
    (one folder per pool, then per year) and their games as :data:`GAME_RECORD` arrays
    under ``games``, ``chunk`` events at a time in ``workers`` processes: the events are
    never all in memory."""
    games.mkdir(parents=True, exist_ok=True)
    jobs = [(folder, games, a, min(a + chunk, stop)) for a in range(first, stop, chunk)]
    done = FederationFiles([0] * len(POOLS), [0] * len(POOLS), 0,
                           np.zeros((len(POOLS), fed.n_players), dtype=bool))
    arguments = (fed.n_players, fed.n_events, fed.months, fed.seed)
    if workers < 2:
        _start_worker(*arguments)
        for job in jobs:
            done.add(_write_chunk(job))
        return done
    with multiprocessing.Pool(workers, _start_worker, arguments) as pool:
        for part in pool.imap_unordered(_write_chunk, jobs):
            done.add(part)
    return done
