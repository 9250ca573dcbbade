"""The benchmark's synthetic Swiss generator makes valid, plausible TRF events."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from tournament_elo.model import PLAYED, POINTS, Event, Result
from tournament_elo.rating.engine import rate
from tournament_elo.read.trf import read_trf

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def generate() -> ModuleType:
    """``benchmarks.generate``, importable whether or not the repository root is on the path."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("benchmarks.generate")


@pytest.fixture(scope="module")
def swiss(generate: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Event]:
    """A 20-player 5-round Swiss (fixed seed), written as TRF and read back."""
    synthetic = generate.generate_swiss(20, 5, seed=11)
    path = tmp_path_factory.mktemp("generated") / "swiss.trf"
    path.write_text(generate.to_trf(synthetic), encoding="utf-8")
    return synthetic, read_trf(path)


def test_loads_without_warnings(swiss: tuple[Any, Event]) -> None:
    _, event = swiss
    assert event.warnings == ()
    assert len(event.players) == 20
    assert event.rounds == 5
    assert event.rounds_played == 5
    assert event.type == "swiss"


def test_every_pair_meets_at_most_once(swiss: tuple[Any, Event]) -> None:
    _, event = swiss
    p = event.pairings
    met = p.opponent >= 0
    pairs = Counter(
        (min(a, b), max(a, b))
        for a, b in zip(p.player[met].tolist(), p.opponent[met].tolist(), strict=True)
    )
    # Each meeting shows on both players' lines, so each pair is counted exactly twice.
    assert set(pairs.values()) == {2}


def test_points_column_equals_results(swiss: tuple[Any, Event]) -> None:
    _, event = swiss
    computed = event.points()
    for player in event.players:
        assert player.declared_points == computed[player.index]
    # By hand: 1, =, 0, +, -, H, U, Z give 1, ½, 0, 1, 0, ½, 1, 0.
    assert POINTS[[Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN,
                   Result.FORFEIT_LOSS, Result.HALF_BYE, Result.PAIRING_BYE,
                   Result.ZERO_BYE]].tolist() == [100, 50, 0, 100, 0, 50, 100, 0]


def test_everybody_plays_or_has_a_bye_each_round(swiss: tuple[Any, Event]) -> None:
    _, event = swiss
    p = event.pairings
    assert len(p) == 20 * 5
    for rnd in range(1, 6):
        in_round = p.round == rnd
        assert sorted(p.player[in_round].tolist()) == list(range(20))
        # Nobody gets a second pairing-allocated bye.
    byes = p.player[p.result == Result.PAIRING_BYE]
    assert len(byes) == len(set(byes.tolist()))


def test_colours_alternate(swiss: tuple[Any, Event]) -> None:
    _, event = swiss
    p = event.pairings
    for player in range(len(event.players)):
        mine = np.argsort(p.round[p.player == player])
        colours = p.color[p.player == player][mine]
        colours = colours[colours != 0].tolist()
        assert all(colours[i:i + 3] not in ([1, 1, 1], [-1, -1, -1])
                   for i in range(len(colours) - 2)), colours
        assert abs(sum(colours)) <= 2


def test_games_count_and_rating(generate: ModuleType, swiss: tuple[Any, Event]) -> None:
    synthetic, event = swiss
    played_rows = int(PLAYED[event.pairings.result].sum())
    assert played_rows % 2 == 0
    assert synthetic.games_played() == played_rows // 2
    result = rate(event, "fide-2024")  # rates (a warning about the floor is legitimate)
    assert len(result.players) == 20
    assert result.players["games_rated"].sum() > 0


def test_same_seed_same_text(generate: ModuleType) -> None:
    one = generate.to_trf(generate.generate_swiss(12, 4, seed=3))
    two = generate.to_trf(generate.generate_swiss(12, 4, seed=3))
    assert one == two
    assert one != generate.to_trf(generate.generate_swiss(12, 4, seed=4))


def test_record_001_columns(generate: ModuleType) -> None:
    text = generate.to_trf(generate.generate_swiss(12, 4, seed=5))
    records = [line for line in text.splitlines() if line.startswith("001")]
    assert len(records) == 12
    first = records[0]
    assert first[4:8] == "   1"  # start rank, columns 5-8
    assert first[9] in "mw"  # sex, column 10
    assert first[8] == first[13] == first[47] == first[52] == " "
    assert first[48:52].strip().isdigit()  # rating, columns 49-52 (the top seed is rated)
    assert first[80:84].strip().replace(".", "").isdigit()  # points, 81-84
    for line in records:
        assert len(line) == 91 + 10 * 4 - 2
        for rnd in range(4):
            cell = line[91 + 10 * rnd: 99 + 10 * rnd]  # columns 92-99
            assert cell[4] == cell[6] == " "
            assert cell[5] in "wb-" and cell[7] in "1=0+-HUZ"


def test_columnar_event_is_consistent(generate: ModuleType) -> None:
    built = generate.columnar_event(101, 6, seed=1)
    p = built.event.pairings
    assert len(p) == 101 * 6
    games = p.opponent >= 0
    rows = np.flatnonzero(games)
    # The mirror row is the same game seen from the other side.
    assert (p.player[built.mirror[rows]] == p.opponent[rows]).all()
    assert (p.color[built.mirror[rows]] == -p.color[rows]).all()
    assert (POINTS[p.result[rows]] + POINTS[p.result[built.mirror[rows]]] == 100).all()
    assert (p.result[~games] == Result.PAIRING_BYE).all()  # the odd player out each round
    assert built.games_played == 50 * 6


def test_a_federations_events_recur_and_read_back(generate: ModuleType, tmp_path: Path) -> None:
    """A federation of 300 players and 240 events: each event is the same when made again,
    reads without warnings with as many games as its records, is played in one pool at that
    pool's speed (a rapid or blitz event in one day), and its players come back."""
    fed = generate.federation(300, 240, months=24, seed=5)
    seen: Counter[int] = Counter()
    pools = set()
    for k in range(0, 240, 6):
        made = fed.event(k)
        assert generate.to_trf(fed.event(k).swiss) == generate.to_trf(made.swiss)
        path = tmp_path / f"{k}.trf"
        path.write_text(generate.to_trf(made.swiss), encoding="utf-8")
        event = read_trf(path)
        assert event.warnings == ()
        assert 9 <= len(event.players) <= 60
        assert int(PLAYED[event.pairings.result].sum()) // 2 == len(made.games())
        speed = generate.POOLS[made.pool]
        assert event.time_control == {"standard": generate.STANDARD_TIME,
                                      "rapid": generate.RAPID_TIME,
                                      "blitz": generate.BLITZ_TIME}[speed]
        assert (event.start == event.end) == (speed != "standard")
        assert fed.day_of(made.month) <= event.end  # in its month (events k/10 of 24 months)
        assert made.month == k // 10
        pools.add(speed)
        seen.update(made.members.tolist())
    assert pools == set(generate.POOLS)
    # 40 events of 9 to 60 among at most 300 players: many play several.
    assert sum(n >= 3 for n in seen.values()) > 50
