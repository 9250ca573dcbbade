"""Rating-based tie-breaks of C.07 Art. 10: ARO, TPR, PTP, APRO, APPO, RTNG, and the
Cut/Median modifiers of Art. 14 on the three averages ARO, APRO and APPO.

Games counted: those played over the board, rated or not (results ``1 = 0`` and the
``W D L`` of a game not rated, :data:`~.model.OVER_THE_BOARD`), against an opponent
with a rating.  C.07's unplayed rounds are forfeits, byes and absences (2024/2026
Art. 16.2); a game that was played but is not rated is none of them, and the FIDE TEC
reference counts it in ARO, TPR and the rest as a played game.  An
unrated player takes ``unrated_rating`` when it is given; by default his games are
left out of his opponents' figures (and he has no RTNG), as the regulations allow.
The same counted games serve every measure, APRO and APPO included.

Every value is a whole number, NaN where the measure is undefined (no counted game;
after a cut, no value left; RTNG of an unrated player without ``unrated_rating``), as
the reference leaves it empty.  Averages and percentages round half up.

- ARO: average rating of the opponents.
- TPR = ARO + dp, dp from table 8.1(a) for the score in the counted games.
- PTP: the lowest rating R whose expected score against the opponents (table 8.1(b),
  every difference, no 400 cut) reaches the player's score in the counted games.  A
  zero score gives the lowest opponent − 800 and a full score the highest opponent
  + 736, the first difference where the table expects 1.00 (fide.md, strict reading);
  both fall out of the search below, whose range is exactly those two ends.
- APRO / APPO: the average of the opponents' TPR / PTP, over counted opponents whose
  value is defined.
- RTNG: the player's own rating, the higher first; RTNG/R (the FIDE reference's
  ``/R``, reverse) the same rating, the lower first (RTNG ascending).

Modifiers (``/C1``, ``/C2``, ``/M1``, ``/M2``, TEC's TRF notation for Art. 14.1-14.4)
leave out, before averaging, the one or two least significant values (Cut) or the
least and the most significant ones (Median), one encounter each:

- ARO: the values are the opponents' ratings.  C.07 itself marks ARO in the Cut-1
  column of its Art. 5 table, and its Art. 14.1.1 example reads "ARO-C1: cut the
  lowest rating"; Art. 14 applies Cut-2 and the Medians to "each tie-break based on a
  sum of values", and the FIDE TEC reference implementation (TieBreakServer, its
  tie-break list ``ARO /C1 /C2 /M1 /M2 /U1400``) accepts all four on ARO.
- APRO / APPO: the values are the opponents' TPR / PTP, so APRO/C1 leaves out the
  opponent with the lowest TPR (not the lowest-rated one) and APPO/C1 the one with
  the lowest PTP: Art. 14.1's "least significant value" of the quantity averaged.
  C.07 (2024-08 and 2026 editions) does *not* mark APRO or APPO in its Cut-1 column,
  and the TEC reference lists them with no cut modifier (``APRO /U1400``, ``APPO
  /U1400``; given one, its code cuts inside each opponent's TPR -- his own
  lowest-rated opponent -- and averages those).  So APRO/C1 and
  APPO/C1 are not C.07 tie-breaks but self-defined ones in the sense of Art. 4.1,
  which an event must spell out in its regulations; they are offered under that name
  and this definition.
- TPR, PTP and RTNG take no modifier: none is a sum or average of per-opponent
  values that C.07 or the TEC reference cuts.

The values cut are always games played: an unplayed round is never among them, so
Art. 16's "voluntary unplayed rounds are cut first" does not apply.  Held's TEC
exercise answers agree: player 4 of ``held_c07_swiss5`` has a half-point bye, and his
official ARO-C1, 1983, leaves out his lowest-rated opponent (1600).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from ...errors import InputError, Place
from ...model import OVER_THE_BOARD, POINTS, Event
from ...rounding import half_up
from ...systems.fide.tables import DP, PD_CERTAIN, PD_HIGH

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

#: Art. 14 modifiers: how many of the lowest and of the highest values each leaves out.
MODIFIERS = {"C1": (1, 0), "C2": (2, 0), "M1": (1, 1), "M2": (2, 2)}
#: The averages over opponents that take a modifier.
AVERAGED = ("ARO", "APRO", "APPO")
RATING_CODES = (
    "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "RTNG/R",
    *(f"{base}/{mod}" for base in AVERAGED for mod in MODIFIERS),
)
#: Rating differences beyond which the table expects 0.00 / 1.00 of the lower / higher side.
_ZERO_BELOW = 800
_FULL_ABOVE = PD_CERTAIN  # 736


def ratings_of(event: Event, unrated_rating: int | None = None) -> Ints:
    """Each player's rating, ``unrated_rating`` (or 0) for the unrated."""
    default = unrated_rating or 0
    return np.array(
        [p.rating if p.rating else default for p in event.players], dtype=np.int64
    )


def _average(total: Ints, count: Ints) -> Ints:
    return np.where(count > 0, half_up(total, np.maximum(count, 1)), 0)


def _defined(value: Ints, defined: npt.NDArray[np.bool_]) -> Floats:
    return np.where(defined, value, np.nan)


def _expected(candidate: Ints, player: Ints, opp_rating: Ints, n: int) -> Ints:
    """Expected score (hundredths) of every player, rated ``candidate``, over his games."""
    diff = candidate[player] - opp_rating
    pd = PD_HIGH[np.minimum(np.abs(diff), PD_CERTAIN)]
    per_game = np.where(diff >= 0, pd, 100 - pd)
    return np.bincount(player, weights=per_game, minlength=n).astype(np.int64)


def _ptp(player: Ints, opp_rating: Ints, points: Ints, games: Ints, n: int) -> Ints:
    """The lowest R with expected score >= points, by bisection on every player at once."""
    big = np.iinfo(np.int64).max
    low_opp = np.full(n, big, dtype=np.int64)
    high_opp = np.zeros(n, dtype=np.int64)
    np.minimum.at(low_opp, player, opp_rating)
    np.maximum.at(high_opp, player, opp_rating)
    has = games > 0
    lo = np.where(has, low_opp - _ZERO_BELOW, 0)
    hi = np.where(has, high_opp + _FULL_ABOVE, 0)  # always reaches the score
    while np.any(lo < hi):
        mid = (lo + hi) // 2
        enough = _expected(mid, player, opp_rating, n) >= points
        hi = np.where(enough, mid, hi)
        lo = np.where(enough, lo, mid + 1)
    return np.where(has, lo, 0)


def rating_tiebreaks(
    event: Event, codes: Iterable[str], unrated_rating: int | None = None
) -> dict[str, Floats]:
    """The requested rating-based tie-breaks, one value per player (in player order)."""
    wanted = [c.upper() for c in codes]
    unknown = [c for c in wanted if c not in RATING_CODES]
    if unknown:
        raise InputError("unknown rating tie-break", Place("--tiebreaks"),
                         found=", ".join(unknown), expected=", ".join(RATING_CODES))
    n = len(event.players)
    rating = ratings_of(event, unrated_rating)
    pairings = event.pairings
    opp = np.maximum(pairings.opponent, 0)
    counted = OVER_THE_BOARD[pairings.result] & (pairings.opponent >= 0) & (rating[opp] > 0)
    player = pairings.player[counted]
    opponent = opp[counted]
    opp_rating = rating[opponent]
    score = POINTS[pairings.result[counted]]

    games = np.bincount(player, minlength=n).astype(np.int64)
    total = np.bincount(player, weights=opp_rating, minlength=n).astype(np.int64)
    points = np.bincount(player, weights=score, minlength=n).astype(np.int64)

    aro = _average(total, games)
    percent = _average(points, games)
    tpr = np.where(games > 0, aro + DP[percent], 0)
    needs_ptp = any(code.split("/")[0] in ("PTP", "APPO") for code in wanted)
    ptp = _ptp(player, opp_rating, points, games, n) if needs_ptp else np.zeros_like(tpr)
    out: dict[str, Floats] = {}
    for code in wanted:
        base, _, modifier = code.partition("/")
        low, high = MODIFIERS.get(modifier, (0, 0))
        if base == "TPR":
            out[code] = _defined(tpr, games > 0)
        elif base == "PTP":
            out[code] = _defined(ptp, games > 0)
        elif base == "RTNG":
            out[code] = _defined(rating, rating > 0)
        elif base == "ARO":
            out[code] = _trimmed_average(player, opp_rating, n, low, high)
        else:  # APRO, APPO: over the counted opponents whose TPR / PTP is defined
            value = tpr if base == "APRO" else ptp
            defined = games[opponent] > 0
            out[code] = _trimmed_average(player[defined], value[opponent[defined]], n,
                                         low, high)
    return out


def _trimmed_average(player: Ints, value: Ints, n: int, low: int, high: int) -> Floats:
    """Each player's average of his ``value`` rows, less his ``low`` lowest and ``high``
    highest ones; NaN where nothing is left."""
    order = np.lexsort((value, player))
    who, sorted_value = player[order], value[order]
    count = np.bincount(player, minlength=n).astype(np.int64)
    first = np.cumsum(count) - count  # where each player's rows start in ``order``
    position = np.arange(len(who)) - first[who]
    keep = (position >= low) & (position < count[who] - high)
    kept = np.bincount(who[keep], minlength=n).astype(np.int64)
    total = np.bincount(who[keep], weights=sorted_value[keep], minlength=n)
    return _defined(_average(total.astype(np.int64), kept), kept > 0)
