"""Rounding the way rating rules say, on exact integers.

Python's ``round()`` rounds half to even (``round(2.5) == 2``); FIDE rounds a rating
change of ±x.5 away from zero, and averages and percentages half up.  Everything
here takes an integer numerator and a positive integer denominator, so no binary
fraction can tip a result across the half.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntLike = int | npt.NDArray[np.int64]


def half_away_from_zero(numerator: IntLike, denominator: int) -> IntLike:
    """numerator / denominator rounded to a whole number, ties away from zero."""
    values = np.asarray(numerator, dtype=np.int64)
    # In place, on one array: on a table of players each temporary is a fresh megabyte.
    magnitude = np.abs(values)
    magnitude *= 2
    magnitude += denominator
    magnitude //= 2 * denominator
    magnitude *= np.sign(values)
    return int(magnitude) if np.ndim(magnitude) == 0 else magnitude


def half_up(numerator: IntLike, denominator: int | npt.NDArray[np.int64]) -> IntLike:
    """numerator / denominator rounded to a whole number, ties towards +infinity."""
    result = (2 * np.asarray(numerator) + denominator) // (2 * np.asarray(denominator))
    return int(result) if np.ndim(result) == 0 else result.astype(np.int64)


def up_to_half_point(hundredths: IntLike) -> IntLike:
    """Hundredths of a point rounded up to the next half point (576 -> 600, 550 -> 550)."""
    result = -(-np.asarray(hundredths) // 50) * 50
    return int(result) if np.ndim(result) == 0 else result.astype(np.int64)
