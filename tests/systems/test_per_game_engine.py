"""The per-game engine (``run_games``) against a plain game-by-game reference loop.

``run_games`` rates games in batches (see ``tournament_elo/systems/per_game/``).  The
reference below rates them one by one, in plain Python floats, with the formulas
written out again here rather than imported (only the rounding tolerance ``EDGE`` is
taken from the module): a round's games are rated from the ratings before the round,
and a player with several games in one round gets the sum of the changes, rounded
once.  When no player plays twice in a round, that is exactly game-by-game updating.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_elo.systems.per_game.definition import EloSystem, Rounding, Timing
from tournament_elo.systems.per_game.games import Games
from tournament_elo.systems.per_game.update import EDGE, Outcome, run_games
from tournament_elo.systems.registry import get_definition

SYSTEMS = ("tuong-ky", "dong-son", "thien-ky-dao")


def _system(name: str, per_event: bool = False) -> EloSystem:
    system = get_definition(name)
    return replace(system, timing=Timing.PER_EVENT) if per_event else system


# --- the reference ---------------------------------------------------------------------


def ref_expected(system: EloSystem, own: float, opponent: float) -> float:
    difference = opponent - own
    if system.difference_cap is not None:
        difference = max(-system.difference_cap, min(system.difference_cap, difference))
    expected = 1.0 / (1.0 + 10.0 ** (difference / system.divisor))
    return max(system.expected_min, min(system.expected_max, expected))


def ref_k(system: EloSystem, rating: float, played: int) -> float:
    basis = rating if system.k_by == "rating" else played
    for band in system.k_bands:
        if band.below is None or basis < band.below:
            return float(band.value)
    raise AssertionError("the last band is open")


def ref_round(system: EloSystem, value: float) -> float:
    scale = 10.0**system.decimals
    scaled = value * scale
    if system.rounding is Rounding.TRUNCATE:
        return math.floor(scaled + EDGE) / scale
    if system.rounding is Rounding.HALF_UP:
        return math.floor(scaled + 0.5 + EDGE) / scale
    if system.rounding is Rounding.HALF_AWAY_FROM_ZERO:
        return math.copysign(math.floor(abs(scaled) + 0.5 + EDGE), scaled) / scale
    return value


@dataclass
class Reference:
    final: list[float]
    played: list[int]
    before: list[tuple[float, float]]  # per game: (white, black) before it
    expected: list[tuple[float, float]]
    k: list[tuple[float, float]]
    change: list[tuple[float, float]]
    after: list[tuple[float, float]]


def reference(system: EloSystem, games: Games, rating: list[float], played: list[int],
              fixed: list[bool], explicit_k: list[float] | None) -> Reference:
    """Rate ``games`` one at a time, a round (or, per event, the event) at a time."""
    rating, played = list(rating), list(played)
    count = len(games.round)
    out = Reference(rating, played, [], [], [], [], [])
    per_event = system.timing is Timing.PER_EVENT
    first = 0
    while first < count:
        last = count if per_event else first + 1
        while last < count and games.round[last] == games.round[first]:
            last += 1
        total: dict[int, float] = {}  # the round's summed change per moving player
        games_in_round: dict[int, int] = {}
        for g in range(first, last):
            white, black = int(games.white[g]), int(games.black[g])
            score_white = games.score[g] / 100.0
            score_black = 0.0 if games.both_lost[g] else 1.0 - score_white
            sides = ((white, black, score_white, games.bonus_white[g]),
                     (black, white, score_black, games.bonus_black[g]))
            results = []
            for me, opponent, score, bonus in sides:
                expected = ref_expected(system, rating[me], rating[opponent])
                k = ref_k(system, rating[me], played[me])
                if explicit_k is not None and explicit_k[me] > 0:
                    k = explicit_k[me]
                change = bonus + games.multiplier[g] * k * (score - expected)
                results.append((rating[me], expected, k, change))
                if not fixed[me]:
                    total[me] = total.get(me, 0.0) + change
                    games_in_round[me] = games_in_round.get(me, 0) + 1
            (rw, ew, kw, cw), (rb, eb, kb, cb) = results
            out.before.append((rw, rb))
            out.expected.append((ew, eb))
            out.k.append((kw, kb))
            out.change.append((cw, cb))
        for player, change in total.items():
            rating[player] = ref_round(system, rating[player] + change)
            played[player] += games_in_round[player]
        for g in range(first, last):
            out.after.append((rating[int(games.white[g])], rating[int(games.black[g])]))
        first = last
    return out


# --- the generated logs ----------------------------------------------------------------


@dataclass(frozen=True)
class Log:
    games: Games
    rating: list[float]
    played: list[int]
    fixed: list[bool]
    explicit_k: list[float] | None


@st.composite
def logs(draw: st.DrawFn) -> Log:
    n = draw(st.integers(min_value=2, max_value=30))
    rating = [r / 10 for r in draw(st.lists(st.integers(3000, 28000), min_size=n,
                                            max_size=n))]
    played = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    fixed = draw(st.lists(st.integers(0, 3).map(lambda x: x == 0), min_size=n,
                          max_size=n))  # about a quarter fixed
    count = draw(st.integers(min_value=1, max_value=200))
    pairs = []
    if draw(st.booleans()):  # free: anybody, any round (players may repeat in a round)
        chance = draw(st.sampled_from([0, 5, 9, 10]))  # in ten, of a new round a game
        number = 1
        for _ in range(count):
            white, black = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2,
                                         unique=True))
            pairs.append((number, white, black))
            number += int(draw(st.integers(0, 9)) < chance)
    else:  # Swiss-like: each round a matching, nobody twice in it
        number = 1
        while len(pairs) < count:
            order = draw(st.permutations(range(n)))
            for white, black in zip(order[0::2], order[1::2], strict=False):
                pairs.append((number, white, black))
            number += 1
        pairs = pairs[:count]
    score = draw(st.lists(st.sampled_from([0, 50, 100]), min_size=count, max_size=count))
    both_lost = [s == 0 and draw(st.integers(0, 9)) == 0 for s in score]
    bonus = st.sampled_from([0.0, 0.0, 0.0, 0.7, -0.7, 1.0, -1.0])
    multiplier = st.sampled_from([1.0, 1.0, 1.2, 1.5, 2.0])
    games = Games(
        round=np.array([p[0] for p in pairs], dtype=np.int64),
        white=np.array([p[1] for p in pairs], dtype=np.int64),
        black=np.array([p[2] for p in pairs], dtype=np.int64),
        score=np.array(score, dtype=np.int64),
        both_lost=np.array(both_lost, dtype=bool),
        bonus_white=np.array(draw(st.lists(bonus, min_size=count, max_size=count))),
        bonus_black=np.array(draw(st.lists(bonus, min_size=count, max_size=count))),
        multiplier=np.array(draw(st.lists(multiplier, min_size=count, max_size=count))),
    )
    explicit_k = draw(st.one_of(st.none(), st.lists(
        st.sampled_from([0.0, 0.0, 10.0, 24.0, 40.0]), min_size=n, max_size=n)))
    return Log(games, rating, played, fixed, explicit_k)


def _run(system: EloSystem, log: Log, compiled: bool = False) -> Outcome:
    explicit = None if log.explicit_k is None else np.array(log.explicit_k)
    return run_games(system, log.games, np.array(log.rating), np.array(log.played),
                     np.array(log.fixed, dtype=bool), explicit, compiled=compiled)


def _check(system: EloSystem, log: Log, compiled: bool) -> None:
    got = _run(system, log, compiled)
    want = reference(system, log.games, log.rating, log.played, log.fixed, log.explicit_k)
    np.testing.assert_allclose(got.final, want.final, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(got.games_played, want.played)
    for (white, black), pairs in (
            ((got.rating_white, got.rating_black), want.before),
            ((got.expected_white, got.expected_black), want.expected),
            ((got.k_white, got.k_black), want.k),
            ((got.change_white, got.change_black), want.change),
            ((got.after_white, got.after_black), want.after)):
        np.testing.assert_allclose(np.stack([white, black], axis=1),
                                   np.array(pairs).reshape(-1, 2), rtol=0, atol=1e-9)


# --- the tests -------------------------------------------------------------------------


# Each on both paths: numpy's waves and the compiled loop (a long log's).
@settings(max_examples=150, deadline=None)
@given(logs(), st.sampled_from(SYSTEMS), st.booleans())
def test_run_games_equals_the_game_by_game_reference(log, name, compiled):
    _check(_system(name), log, compiled)


@settings(max_examples=50, deadline=None)
@given(logs(), st.sampled_from(SYSTEMS), st.booleans())
def test_run_games_per_event_equals_the_reference(log, name, compiled):
    # The same systems with timing = "per-event": every game from the ratings before.
    _check(_system(name, per_event=True), log, compiled)


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("name", SYSTEMS)
def test_explicit_k_wins_over_the_system_k(name, compiled):
    # Player 0 has K 40 of their own; 1 and 2 take the system's K.  0 plays twice in
    # round 1 (both games from 1500, the changes added, rounded once), then once more.
    system = _system(name)
    games = Games(
        round=np.array([1, 1, 2]), white=np.array([0, 2, 1]), black=np.array([1, 0, 0]),
        score=np.array([100, 50, 0]), both_lost=np.zeros(3, dtype=bool),
        bonus_white=np.zeros(3), bonus_black=np.zeros(3), multiplier=np.ones(3))
    log = Log(games, [1500.0, 1500.0, 1700.0], [40, 40, 40], [False] * 3, [40.0, 0.0, 0.0])
    got = _run(system, log, compiled)
    assert got.k_white[0] == got.k_black[1] == got.k_black[2] == 40.0
    assert got.k_black[0] == ref_k(system, 1500.0, 40)
    _check(system, log, compiled)
    without = _run(system, replace(log, explicit_k=None), compiled)
    assert without.k_white[0] == ref_k(system, 1500.0, 40)
    assert not np.array_equal(without.final, got.final)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_fixed_opponent_never_moves_and_counts_no_games(compiled):
    system = _system("thien-ky-dao")
    games = Games(
        round=np.arange(4), white=np.array([0, 2, 1, 2]), black=np.array([2, 1, 2, 0]),
        score=np.array([100, 0, 100, 0]), both_lost=np.zeros(4, dtype=bool),
        bonus_white=np.zeros(4), bonus_black=np.zeros(4), multiplier=np.ones(4))
    log = Log(games, [1000.0, 1000.0, 1600.0], [0, 0, 7], [False, False, True], None)
    got = _run(system, log, compiled)
    assert got.final[2] == 1600.0 and got.games_played[2] == 7
    assert list(got.games_played[:2]) == [2, 2]
    _check(system, log, compiled)
