"""The rounding rules of ``tournament_elo.rounding`` on exact integers, at their ties."""

from __future__ import annotations

import numpy as np

from tournament_elo.rounding import half_away_from_zero


def test_half_away_from_zero_at_and_beside_the_ties() -> None:
    # Hundredths of a rating point (FIDE's K × Σ(W − We)): ±2.50 is a tie, away from zero
    # to ±3 (Python's round() gives 2); ±2.49 → ±2, ±2.51 → ±3; −1.50 → −2, −1.49 → −1.
    changes = np.array([250, -250, 249, -249, 251, -251, -150, -149, 0, 50, -50])
    expected = [3, -3, 2, -2, 3, -3, -2, -1, 0, 1, -1]
    rounded = half_away_from_zero(changes, 100)
    assert isinstance(rounded, np.ndarray) and rounded.dtype == np.int64
    assert rounded.tolist() == expected
    assert changes.tolist()[0] == 250  # the numerator is left as it was


def test_half_away_from_zero_of_one_number() -> None:
    # 7 / 2 = 3.5 → 4, −7 / 2 → −4, 5 / 3 = 1.67 → 2, −4 / 3 = −1.33 → −1.
    assert [half_away_from_zero(n, d) for n, d in ((7, 2), (-7, 2), (5, 3), (-4, 3))] == [
        4, -4, 2, -1]
    assert isinstance(half_away_from_zero(7, 2), int)
