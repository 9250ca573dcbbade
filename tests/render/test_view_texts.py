"""A report's columns of texts (:func:`tournament_elo.render.view.text_codes`): each
distinct value written once, and a column written once per list of records."""

from __future__ import annotations

from tournament_elo.render.format import Writing
from tournament_elo.render.view import text_codes, texts
from tournament_elo.systems.terms import Figure

CHANGE = Figure("change", "Chg", "change")
RATING = Figure("rating", "Rtg", "int")


def test_each_list_of_records_gets_its_own_rows_texts() -> None:
    how = Writing({})
    a, b, c = {"rating": 2150, "change": 7.25}, {"rating": 1980, "change": -3.5}, \
        {"rating": 2150, "change": 7.25}
    players = [a, b, c]
    # Two distinct values, written once each; the rows point at them.
    assert text_codes(RATING, players, how) == (["2150", "1980"], [0, 1, 0])
    # The same figure of the same records in another list (another order, fewer):
    # that list's rows, not the first list's.
    assert texts(RATING, [b, a], how) == ["1980", "2150"]
    assert texts(RATING, [c], how) == ["2150"]
    # Another figure of the first list (a change with the decimals it has: -3.5), and
    # the first again, as it was.
    assert texts(CHANGE, players, how) == ["+7.25", "-3.5", "+7.25"]
    assert texts(RATING, players, how) == ["2150", "1980", "2150"]
    # A list made after another was freed may take its id: it is still its own.
    for rating in (1500, 1600, 1700):
        assert texts(RATING, [{"rating": rating}], how) == [str(rating)]
