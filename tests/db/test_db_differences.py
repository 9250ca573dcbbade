"""What a newer version of an event changes of the older one (``db.differences``), as
invariants: the same games numbered otherwise (another pairing program's start
numbers, rows in another order) change nothing; each game whose result is changed is
said once, by its round, White first, and nothing else; a round played since is said as
results entered."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_elo.db.differences import Version, differences, is_correction, said
from tournament_elo.db.schema import GAME_ROW
from tournament_elo.model import BLACK, MIRROR, NO_COLOR, WHITE, Result

SAID = {Result.WIN: ("1", "0"), Result.DRAW: ("½", "½"), Result.LOSS: ("0", "1")}


def games(seed: int, players: int, rounds: int) -> list[tuple[int, int, int, Result]]:
    """A random event's games: (round, White, Black, White's result), players by index;
    with an odd field one sits out each round (a pairing-allocated bye, ``black`` -1)."""
    rng = random.Random(seed)
    found = []
    for rnd in range(1, rounds + 1):
        order = rng.sample(range(players), players)
        for at in range(0, players - 1, 2):
            found.append((rnd, order[at], order[at + 1],
                          rng.choice([Result.WIN, Result.DRAW, Result.LOSS])))
        if players % 2:
            found.append((rnd, order[-1], -1, Result.PAIRING_BYE))
    return found


def version(played: list[tuple[int, int, int, Result]], players: int, rounds: int,
            number: list[int] | None = None, seed: int = 0) -> Version:
    """The games as an event file's rows: player ``p`` is the file's player ``number[p]``
    (the database's id ``100 + p`` whatever his number), the rows shuffled by ``seed``."""
    number = number or list(range(players))
    rows = []
    for rnd, white, black, result in played:
        if black < 0:
            rows.append((rnd, number[white], -1, NO_COLOR, result))
            continue
        rows.append((rnd, number[white], number[black], WHITE, result))
        rows.append((rnd, number[black], number[white], BLACK, MIRROR[result]))
    random.Random(seed).shuffle(rows)
    packed = np.zeros(len(rows), dtype=GAME_ROW)
    for name, column in zip(("round", "player", "opponent", "color", "result"),
                            zip(*rows, strict=True), strict=True):
        packed[name] = column
    by_number = sorted(range(players), key=number.__getitem__)
    return Version([100 + p for p in by_number], [f"P{p}" for p in by_number], packed,
                   rounds, rounds)


events = st.tuples(st.integers(0, 10_000), st.integers(2, 12), st.integers(1, 6))


@settings(max_examples=60, deadline=None)
@given(events, st.randoms(use_true_random=False))
def test_the_same_games_numbered_otherwise_change_nothing(event, rng):
    seed, players, rounds = event
    played = games(seed, players, rounds)
    number = rng.sample(range(players), players)
    found = differences(version(played, players, rounds),
                        version(played, players, rounds, number, seed=rng.randrange(100)))
    assert found == {}
    assert said(found) == ["no change in players or results"] and not is_correction(found)


@settings(max_examples=60, deadline=None)
@given(events, st.data())
def test_each_result_changed_is_said_once(event, data):
    seed, players, rounds = event
    played = games(seed, players, rounds)
    decided = [at for at, game in enumerate(played) if game[2] >= 0]
    changed = sorted(data.draw(st.sets(st.sampled_from(decided), max_size=5)))
    newer = list(played)
    for at in changed:
        rnd, white, black, result = played[at]
        other = data.draw(st.sampled_from([r for r in SAID if r != result]))
        newer[at] = (rnd, white, black, other)
    found = differences(version(played, players, rounds),
                        version(newer, players, rounds, seed=1))
    expected = sorted(
        [played[at][0], 100 + played[at][1], f"P{played[at][1]}", 100 + played[at][2],
         f"P{played[at][2]}", "–".join(SAID[played[at][3]]), "–".join(SAID[newer[at][3]])]
        for at in changed)
    assert sorted(found.get("results", [])) == expected
    assert set(found) == ({"results"} if changed else set())
    assert is_correction(found) == bool(changed)


@settings(max_examples=40, deadline=None)
@given(events)
def test_a_round_played_since_is_its_results_entered(event):
    seed, players, rounds = event
    played = games(seed, players, rounds + 1)
    pending = [(rnd, white, black, Result.UNPLAYED if rnd > rounds and black >= 0 else result)
               for rnd, white, black, result in played]
    before = version(pending, players, rounds + 1)._replace(complete_rounds=rounds)
    found = differences(before, version(played, players, rounds + 1))
    pairs = players // 2  # the last round's games (its bye was decided already)
    assert found == {"new_results": [[rounds + 1, pairs]],
                     "rounds_complete": [rounds, rounds + 1]}
    assert said(found) == [f"rounds complete: {rounds} → {rounds + 1}",
                           f"round {rounds + 1}: {pairs} results entered"]
    assert not is_correction(found)
