"""FIDE's two tables (B.02 8.1(a)/8.1.1 and 8.1(b)/8.1.2), as the regulations print them.

Both are kept as integers: expected scores in hundredths, so a sum of ``0.64`` nine
times is exactly 576 and not a binary fraction that rounds the wrong way.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

#: 8.1(b): (largest rating difference of the row, expected score of the higher-rated
#: player in hundredths).  Differences above the last row give 100 (and 0).
PD_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72),
    (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
    (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
    (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)
#: The first difference at which the higher-rated player is expected to score 1.00.
PD_CERTAIN = PD_TABLE[-1][0] + 1

#: 8.1(a): dp for a fractional score of 0 %, 1 %, ..., 100 %.
DP_TABLE: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322,
    -309, -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175,
    -166, -158, -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57,
    -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87,
    95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501,
    538, 589, 677, 800,
)


def _expand_pd() -> npt.NDArray[np.int64]:
    high = np.full(PD_CERTAIN + 1, 100, dtype=np.int64)
    low = 0
    for top, pd in PD_TABLE:
        high[low : top + 1] = pd
        low = top + 1
    return high


#: Expected score (hundredths) of the higher-rated player, indexed by the difference
#: clipped to :data:`PD_CERTAIN`.
PD_HIGH = _expand_pd()
DP = np.array(DP_TABLE, dtype=np.int64)


def expected_hundredths(
    own: npt.ArrayLike, opponent: npt.ArrayLike, difference: npt.ArrayLike
) -> npt.NDArray[np.int64]:
    """PD of each game for the side whose rating is ``own``, in hundredths.

    ``difference`` is the (already capped) absolute rating difference to look up;
    the higher-rated side takes the H column, the lower-rated side the L column.
    """
    lookup = PD_HIGH[np.minimum(np.asarray(difference, dtype=np.int64), PD_CERTAIN)]
    return np.where(np.asarray(own) >= np.asarray(opponent), lookup, 100 - lookup)


def dp_for_percent(percent: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """8.1(a) for a whole percentage 0..100."""
    return DP[np.asarray(percent, dtype=np.int64)]
