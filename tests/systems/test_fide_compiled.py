"""The FIDE computation on both of its paths: numpy's blocks and the compiled loop that
rates a big event or period (``systems/fide/event_loop.py``).

Each event is rated with the compiled loop forced on (``COMPILED_FROM`` = 0) and off;
the published figures of FIDE's exercise come out of the compiled path too, and on
generated events (ratings 1000-2800, so that the 2025 rule's 2650 and the rapid
600-point rule above 2600 both bite) every figure of the two paths is the same.

The compiled loop keeps its columns narrow (two-byte ratings and differences, one-byte
scores, four-byte per-slot sums): the edges of those widths — the largest rating two
bytes hold, the 400-point cap and 8.1(b)'s last row, K and the K × n cap — are drawn
too, and the four-byte sums are checked against the eight-byte ones they give way to.
"""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import REPOSITORY, make_event
from tournament_elo.errors import EventModelError
from tournament_elo.model import Event
from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import read_event
from tournament_elo.systems.fide import event as fide_event
from tournament_elo.systems.fide import event_loop
from tournament_elo.systems.fide.edition import FideEdition
from tournament_elo.systems.fide.event import Computed
from tournament_elo.systems.registry import get_edition

ROOT = REPOSITORY
EDITIONS = ("fide-2009", "fide-2014", "fide-2024", "fide-2025", "fide-2025-rapid",
            "fide-2024-blitz")


def test_the_exercise_on_the_compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fide_event, "COMPILED_FROM", 0)
    result = rate(read_event(ROOT / "sample_events" / "held_c07_swiss5.trf"), "fide-2024")
    bruno = result.player_table.records(("name", "expected", "change", "new_rating", "rp"),
                                        np.array([0]))[0]  # the file's first
    # Published in the package's docstring (FIDE's exercise): We 3.65, +7.0, 2157, Rp 2120.
    assert bruno == {"name": "Bruno", "expected": 3.65, "change": 7.0, "new_rating": 2157,
                     "rp": 2120}


#: Ratings on the rules' edges: 2650 (the 2025 cap), 2600 and 600 apart (rapid); 400
#: and 401 apart (the cap), 735 and 736 apart (8.1(b)'s last row) from 2000; and the
#: ends of the two-byte rating the compiled loop reads (1, and 32767: 32766 apart).
EDGES = [1, 1000, 1400, 1599, 1600, 2000, 2049, 2050, 2250, 2400, 2401, 2600, 2601, 2649,
         2650, 2651, 2735, 2736, 2800, 4000, 32767]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[int | None], list[tuple[int, int, int, str]]]:
    n = draw(st.integers(min_value=2, max_value=12))
    ratings = draw(st.lists(st.one_of(st.none(), st.sampled_from(EDGES),
                                      st.integers(1000, 2800)), min_size=n, max_size=n))
    games = []
    for rnd in range(1, draw(st.integers(min_value=1, max_value=7)) + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for white, black in zip(order[::2], order[1::2], strict=False):
            games.append((rnd, white, black, draw(st.sampled_from(["1", "=", "0", "+",
                                                                   "-", "00"]))))
    return ratings, games


@settings(max_examples=120, deadline=None)
@given(events(), st.sampled_from(EDITIONS), st.sampled_from([date(2024, 6, 1),
                                                             date(2025, 3, 1)]),
       st.data())
def test_both_paths_give_every_figure_alike(drawn, name, day, data):
    ratings, games = drawn
    event = make_event(ratings, games, end=day)
    edition = get_edition(name, None)
    rating = np.array([r or 0 for r in ratings], dtype=np.int64)
    # K as the editions give it (10, 20, 40), and large enough for K × n ≤ 700 to bite
    # in a few games (700 × 2 games > 700: K becomes 350).
    k = np.array(data.draw(st.lists(st.sampled_from([10, 20, 40, 120, 700]),
                                    min_size=len(ratings), max_size=len(ratings))),
                 dtype=np.int64)
    numpy_path, compiled = _both_paths(event, edition, rating, k)
    for name in numpy_path._fields:
        np.testing.assert_array_equal(getattr(compiled, name), getattr(numpy_path, name),
                                      err_msg=name)


def _both_paths(event: Event, edition: FideEdition, rating: np.ndarray,
                k: np.ndarray) -> tuple[Computed, Computed]:
    """The computation on the numpy path, then on the compiled one."""
    numpy_path = fide_event.rate_event(edition, event, rating, k).computed
    saved = fide_event.COMPILED_FROM
    fide_event.COMPILED_FROM = 0  # hypothesis and monkeypatch do not mix: set and restore
    try:
        return numpy_path, fide_event.rate_event(edition, event, rating, k).computed
    finally:
        fide_event.COMPILED_FROM = saved


@pytest.mark.parametrize("name", EDITIONS)
def test_both_paths_alike_on_the_rules_edges(name: str) -> None:
    # Everybody meets everybody: 2650 and 2649 (the 2025 cap), 2601 / 2600 against
    # 2001 / 2000 (600 apart, above 2600: the rapid rule), an unrated player, a 1000.
    ratings: list[int | None] = [2650, 2649, 2601, 2600, 2001, 2000, 1000, None]
    n = len(ratings)
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    games = [(r, a, b, "1=0"[r % 3]) for r, (a, b) in enumerate(pairs, start=1)]
    event = make_event(ratings, games, end=date(2025, 3, 1))
    rating = np.array([r or 0 for r in ratings], dtype=np.int64)
    numpy_path, compiled = _both_paths(event, get_edition(name, None), rating,
                                       np.full(n, 20, dtype=np.int64))
    for name in numpy_path._fields:
        np.testing.assert_array_equal(getattr(compiled, name), getattr(numpy_path, name),
                                      err_msg=name)


def test_the_widest_difference_two_bytes_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    # 32767 (the largest two-byte rating) beats 1 under fide-2025, whose cap protects
    # only the player below 2650: the higher looks up 32766, 8.1(b)'s 1.00; the lower
    # 400, whose row gives the higher 0.92 (392-411), so he expects 0.08.
    event = make_event([32767, 1], [(1, 1, 2, "1")], end=date(2025, 11, 1))
    rating = np.array([32767, 1], dtype=np.int64)
    k = np.array([10, 40], dtype=np.int64)
    monkeypatch.setattr(fide_event, "COMPILED_FROM", 0)
    got = fide_event.rate_event(get_edition("fide-2025", None), event, rating, k).computed
    assert got.difference.tolist() == [32766, 400]
    assert got.score.tolist() == [100, 0]
    assert got.expected_sum.tolist() == [100, 8]
    # K × (W − We): 10 × 0 and 40 × (0 − 8) = −320 hundredths, −3.2 → −3.
    assert got.change.tolist() == [0, -320]
    assert got.new_rating.tolist() == [32767, 0]  # 1 − 3 is below the floor


@pytest.mark.parametrize("compiled_from", [0, 10**9])
def test_a_rating_beyond_two_bytes_is_refused(compiled_from: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    event = make_event([32768, 2000], [(1, 1, 2, "=")])
    monkeypatch.setattr(fide_event, "COMPILED_FROM", compiled_from)
    with pytest.raises(EventModelError, match="32767"):
        fide_event.rate_event(get_edition("fide-2024", None), event,
                              np.array([32768, 2000], dtype=np.int64),
                              np.array([20, 20], dtype=np.int64))


def test_four_byte_sums_give_what_eight_byte_sums_give(monkeypatch: pytest.MonkeyPatch) -> None:
    # The loop adds W and We in four bytes below NARROW_SUMS_BELOW rows, in eight above:
    # forced to eight bytes, the same event gives every figure alike.
    ratings: list[int | None] = [2650, 2649, 2601, 2600, 2001, 2000, 1000, None]
    pairs = [(a, b) for a in range(1, 9) for b in range(a + 1, 9)]
    event = make_event(ratings, [(r, a, b, "1=0"[r % 3]) for r, (a, b) in enumerate(pairs, 1)],
                       end=date(2025, 3, 1))
    rating = np.array([r or 0 for r in ratings], dtype=np.int64)
    k = np.full(len(ratings), 40, dtype=np.int64)
    edition = get_edition("fide-2025-rapid", None)
    monkeypatch.setattr(fide_event, "COMPILED_FROM", 0)
    narrow = fide_event.rate_event(edition, event, rating, k).computed
    monkeypatch.setattr(event_loop, "NARROW_SUMS_BELOW", 0)
    wide = fide_event.rate_event(edition, event, rating, k).computed
    for name in narrow._fields:
        np.testing.assert_array_equal(getattr(wide, name), getattr(narrow, name), err_msg=name)


@pytest.mark.parametrize("name", EDITIONS)
def test_both_paths_find_the_same_games_toward_a_first_rating(name: str) -> None:
    # The compiled loop finds an unrated player's games against rated opponents in its
    # one pass over the rows; numpy in a pass of its own.  Two unrated players meet each
    # other (not counted), the rated players and a forfeit ("+": not played).
    ratings: list[int | None] = [2650, 2001, 1000, None, None]
    games = [(1, 4, 1, "1"), (1, 5, 2, "="), (2, 4, 5, "1"), (2, 1, 2, "0"),
             (3, 4, 2, "="), (3, 5, 3, "+"), (4, 3, 4, "0")]
    event = make_event(ratings, games, end=date(2025, 3, 1))
    rating = np.array([r or 0 for r in ratings], dtype=np.int64)
    k = np.full(len(ratings), 20, dtype=np.int64)
    edition = get_edition(name, None)
    numpy_path = fide_event.rate_event(edition, event, rating, k).first
    saved = fide_event.COMPILED_FROM
    fide_event.COMPILED_FROM = 0
    try:
        compiled = fide_event.rate_event(edition, event, rating, k).first
    finally:
        fide_event.COMPILED_FROM = saved
    # Player 4: a win against 2650, a draw against 2001, a win against 1000 (rows of
    # rated opponents only): 3 games, 250 hundredths, 2650 + 2001 + 1000 = 5651.
    # Player 5: a draw against 2001 (the forfeit against 1000 is not played).
    assert compiled.games.games.tolist() == [0, 0, 0, 3, 1]
    assert compiled.games.points.tolist() == [0, 0, 0, 250, 50]
    assert compiled.games.opponents.tolist() == [0, 0, 0, 5651, 2001]
    for field in numpy_path.games._fields:
        np.testing.assert_array_equal(getattr(compiled.games, field),
                                      getattr(numpy_path.games, field), err_msg=field)
    np.testing.assert_array_equal(compiled.ru, numpy_path.ru)


def test_a_game_count_beyond_the_packed_sums_is_refused() -> None:
    # The loop packs a slot's games in 16 bits: 65,536 rated games of one player (his
    # opponent's rows left out) carry out of them, and are refused rather than wrapped.
    rows = 1 << 16
    slot, opponent = np.zeros(rows, dtype=np.int64), np.ones(rows, dtype=np.int64)
    result = np.zeros(rows, dtype=np.int64)  # a win each
    lookup = np.array([2000, 2000, 0], dtype=np.int16)
    with pytest.raises(EventModelError, match="32767"):
        event_loop.compiled_rows(slot, opponent, result, lookup, 2, False,
                                 get_edition("fide-2024", None).difference)
    # One game fewer fits: 65,535 games, W 65,535 × 100, We 65,535 × 50 (equal ratings).
    *_, games, w, we, _ = event_loop.compiled_rows(
        slot[1:], opponent[1:], result[1:], lookup, 2, False,
        get_edition("fide-2024", None).difference)
    assert (games.tolist(), w.tolist(), we.tolist()) == (
        [65_535, 0], [6_553_500, 0], [3_276_750, 0])
