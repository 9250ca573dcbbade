"""Invariants of the FIDE engine, checked on generated events (hypothesis)."""

from dataclasses import replace

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import make_event
from tournament_elo.model import Pairings
from tournament_elo.rating.engine import rate

ratings_below_2650 = st.integers(min_value=1000, max_value=2649)


@st.composite
def events(draw, max_players=10, rated_only=False):
    n = draw(st.integers(min_value=2, max_value=max_players))
    rating = ratings_below_2650 if rated_only else st.one_of(st.none(), ratings_below_2650)
    ratings = draw(st.lists(rating, min_size=n, max_size=n))
    rounds = draw(st.integers(min_value=1, max_value=6))
    games = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for white, black in zip(order[::2], order[1::2], strict=False):
            games.append((rnd, white, black, draw(st.sampled_from("1=0+-"))))
    return make_event(ratings, games, players=[{"k": 20} for _ in ratings])


@given(ratings_below_2650, ratings_below_2650,
       st.sampled_from(["fide-2009", "fide-2014", "fide-2024", "fide-2025", "fide-2022"]))
def test_expected_scores_of_the_two_sides_sum_to_one(a, b, edition):
    event = make_event([a, b], [(1, 1, 2, "=")])
    expected = rate(event, edition).players["expected"]
    assert round(expected.sum() * 100) == 100


@settings(max_examples=60, deadline=None)
@given(events(rated_only=True), st.sampled_from(["fide-2014", "fide-2024", "fide-2025"]))
def test_equal_k_changes_are_zero_sum_before_rounding(event, edition):
    # All K are 20 and at most 6 games (no 700 cap), nobody at 2650: what one side
    # wins the other loses, exactly (hundredths are integers).
    change = rate(event, edition).players["change"]
    assert round(change.sum() * 100) == 0


def _same_ratings(first, second):
    columns = ["id", "points", "games_rated", "score_rated", "expected", "k", "change",
               "change_rounded", "new_rating", "need", "ra", "dp", "rp", "ru"]
    pd.testing.assert_frame_equal(first.players[columns], second.players[columns])


@settings(max_examples=60, deadline=None)
@given(events(), st.sampled_from(["fide-2009", "fide-2022", "fide-2024"]))
def test_swapping_colours_changes_nothing(event, edition):
    p = event.pairings
    swapped = replace(event, pairings=Pairings(p.round, p.player, p.opponent, -p.color, p.result))
    _same_ratings(rate(event, edition), rate(swapped, edition))


@settings(max_examples=60, deadline=None)
@given(events(), st.sampled_from(["fide-2009", "fide-2022", "fide-2025"]), st.randoms())
def test_order_of_games_in_a_period_changes_nothing(event, edition, random):
    p = event.pairings
    labels = list(range(1, event.rounds + 1))
    random.shuffle(labels)
    relabel = np.array([0, *labels])
    order = np.array(random.sample(range(len(p)), len(p)), dtype=np.int64)
    shuffled = Pairings(relabel[p.round][order], p.player[order], p.opponent[order],
                        p.color[order], p.result[order])
    _same_ratings(rate(event, edition), rate(replace(event, pairings=shuffled), edition))
