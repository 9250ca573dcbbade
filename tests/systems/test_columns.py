"""The plain columns every output reads (:mod:`tournament_elo.systems.columns`)."""

from __future__ import annotations

import math

import numpy as np

from tournament_elo.systems.columns import Nullable, python_values


def test_missing_and_infinite_values_are_none_whatever_the_column() -> None:
    # JSON has neither NaN nor infinity: each becomes None, every other value stays
    # the Python value it is (3.0 a float, 2 an int).
    floats = np.array([1.5, math.nan, 3.0, math.inf, -math.inf, -0.25])
    assert python_values(floats) == [1.5, None, 3.0, None, None, -0.25]
    assert python_values(floats, np.array([3, 0, 1])) == [None, 1.5, None]
    assert python_values(np.array([2, 0, -7])) == [2, 0, -7]
    assert python_values(np.array([True, False])) == [True, False]
    assert python_values(Nullable(np.array([4, 0, 9]), np.array([False, True, False]))) == [
        4, None, 9]
    assert python_values(["a", math.nan, None, 2.5]) == ["a", None, None, 2.5]
    mixed = np.array(["x", math.inf, 1], dtype=object)
    assert python_values(mixed) == ["x", None, 1]
    assert python_values(np.array([], dtype=float)) == []
