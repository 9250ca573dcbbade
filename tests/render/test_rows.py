"""The report's games as columns (:class:`tournament_elo.render.rows.Games`), a column's
texts written once (:func:`~tournament_elo.render.view.written_once`), and the rating
chart's points (:func:`~tournament_elo.render.format.fmt_chart_rating`)."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from helpers import make_event
from tournament_elo.rating.engine import rate
from tournament_elo.render.format import Writing, fmt_chart_rating
from tournament_elo.render.view import points_before, standings, text_codes, writing, written_once
from tournament_elo.systems.terms import Figure


def _event():  # type: ignore[no-untyped-def]
    # 1 beats 2 (round 1) and 3 (round 2), 2 beats 3 (round 3); each sits one round out.
    return rate(make_event([2000, 1900, 1800], [(1, 1, 2, "1"), (2, 3, 1, "0"),
                                                (3, 2, 3, "1")]), "fide-2024")


def test_games_are_in_standings_order_each_players_by_round() -> None:
    result = _event()
    table = standings(result, writing(result, "en"))
    games = table.games
    # Standings 1 (2 points), 2 (1), 3 (0); each player's three rounds, his absence a 'Z'.
    assert [p["id"] for p in table.players] == [1, 2, 3]
    assert games.column("player") == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert games.column("round") == [1, 2, 3] * 3
    assert games.column("opponent") == [2, 3, None, 1, None, 3, None, 1, 2]
    assert games.column("result") == ["1", "1", "Z", "0", "Z", "1", "Z", "0", "0"]
    assert games.column("own_rating") == [2000] * 3 + [1900] * 3 + [1800] * 3
    assert games.counts.tolist() == [3, 3, 3]
    # Points before each round, by place: 1 has 1 after round 1, 2 after round 2; 2 has
    # nothing till round 3; 3 nothing at all.
    assert points_before(games, 3, 3).tolist() == [[0, 1, 2], [0, 0, 0], [0, 0, 0]]
    # The games of the last and the first (the desk's page of some players), renumbered.
    some = games.of([2, 0])
    assert some.column("player") == [3, 3, 3, 1, 1, 1]
    assert some.places.tolist() == [0, 0, 0, 1, 1, 1] and some.counts.tolist() == [3, 3]
    assert some.column("own_rating") == [1800] * 3 + [2000] * 3
    assert len(games.of([])) == 0


def test_a_difference_is_negative_against_the_higher_rated() -> None:
    result = _event()
    how = writing(result, "en")
    games = standings(result, how).games
    difference = Figure("difference", "difference", "relative_difference", only="counted")
    distinct, at = text_codes(difference, games, how)
    # 1 (2000) against 2 (1900) and 3 (1800): +100, +200; 2 against 1: -100, against 3:
    # +100; 3 against 1 and 2: -200, -100; the absences: nothing.
    assert [distinct[i] for i in at] == ["+100", "+200", "", "-100", "", "+100", "", "-200",
                                         "-100"]
    assert distinct == ["+100", "+200", "", "-100", "-200"]


def test_each_key_is_written_once_and_equal_texts_are_one() -> None:
    calls = []

    def write(keys: list[object]) -> list[str]:
        calls.append(keys)
        return ["even" if k % 2 == 0 else str(k) for k in keys]  # type: ignore[operator]

    assert written_once([4, 3, 4, 2, 5, 3], write) == (["even", "3", "5"], [0, 1, 0, 0, 2, 1])
    assert calls == [[4, 3, 2, 5]]
    assert written_once([], write) == ([], [])
    assert text_codes(Figure("rating", "rating", "int"), [], Writing({})) == ([], [])


@given(st.floats(min_value=-99_999.99, max_value=99_999.99, allow_nan=False))
@example(2150.0)
@example(2151.6)
@example(-0.001)  # a zero, not "-0"
@example(9999.995)  # 10000.00: five digits before the point
@example(12345.675)  # six significant digits: 12345.7
def test_a_chart_point_is_the_rating_to_hundredths(value: float) -> None:
    # The exact value of the float rounded to hundredths, half to even; the float nearest
    # that (as Python's round keeps it) rounded, from its exact value, to six significant
    # digits (the chart's titles are short); written without trailing zeros.
    shown = Decimal(float(Decimal(value).quantize(Decimal("0.01"), ROUND_HALF_EVEN)))
    six = shown.quantize(Decimal(1).scaleb(max(-2, shown.adjusted() - 5)), ROUND_HALF_EVEN)
    text = format(six.normalize(), "f")
    assert fmt_chart_rating(value) == ("0" if text in ("-0", "0") else text)
