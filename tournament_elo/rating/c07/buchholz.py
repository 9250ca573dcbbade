"""C.07's Buchholz family over one grid of rounds, for players and teams alike: the scores
of unplayed rounds (Art. 16), Buchholz and Sonneborn-Berger before and after their cuts
(Art. 14).

A row is a player (his points) or a team (its match points or its game points): the
rules are the same over any score, so both read them from here.  Every score is integer
hundredths (a player's points, a team's match and game points: as the model keeps
them), a Sonneborn-Berger product ten-thousandths, so every sum is exact.  Where the
rules fall in those two kinds of rows:

* **Adjusted score** (Art. 16.3, the score an opponent's tie-break sees): a row's rounds
  after its last round present (not a voluntary unplayed round) that had no opponent
  count as draws; every other round counts as scored.  Where only games count (a round
  robin, a game log) they count nothing.
* **Dummy opponent** (Art. 16.4, the row's own unplayed rounds): every round not played
  against an opponent counts as a game against a dummy whose score is the row's own
  final score; from March 2026 capped by the adjusted score of the opponent who was
  paired (a forfeit), otherwise by a draw a round.  Where only games count, no dummy.
* **Cuts** (C1/C2, M1/M2): the lowest values are cut, a voluntary unplayed round's dummy
  first; then the highest.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class Rounds(NamedTuple):
    """Rows × rounds (column r is round r + 1) as the Buchholz family reads them."""

    opp: Ints  # the opponent's row, -1: none
    has_opp: Bools  # paired against an opponent (a game or a forfeit)
    game: Bools  # counted as played: the opponent's adjusted score counts, no dummy
    vur: Bools  # a voluntary unplayed round (Art. 16.2)
    games_only: bool  # only games against opponents count: no dummy, no draws for absence


class Entries(NamedTuple):
    """One value per row per round for the Buchholz family, before cuts."""

    score: Ints  # the opponent's (or dummy's) score, hundredths
    product: Ints  # score × the row's own result in the round, ten-thousandths
    vur: Bools  # a voluntary unplayed round played against the dummy
    counted: Bools  # the round takes part at all


def last_true(mask: Bools) -> Ints:
    """Per row, the 1-based number of the last True column (0 if none)."""
    rounds = mask.shape[1]
    idx = np.where(mask, np.arange(1, rounds + 1), 0)
    return idx.max(axis=1) if rounds else np.zeros(mask.shape[0], dtype=np.int64)


def adjusted_scores(rounds: Rounds, points: Ints, last_present: Ints, draw: int) -> Ints:
    """Each row's adjusted score (Art. 16.3): ``points`` of the rounds up to
    ``last_present`` and of those with an opponent, ``draw`` for each later round
    without one (nothing where only games count)."""
    number = np.arange(1, points.shape[1] + 1)
    keep = (number[None, :] <= last_present[:, None]) | rounds.has_opp
    return np.asarray(np.where(keep, points, 0 if rounds.games_only else draw).sum(axis=1),
                      dtype=np.int64)


def dummy_scores(rounds: Rounds, own: Ints, adjusted: Ints, draw: int, capped: bool) -> Ints:
    """The dummy opponent's score in each round (Art. 16.4): the row's own final score
    ``own``; ``capped`` (C.07 2026) at most the adjusted score of the opponent paired, or
    a draw a round where there was none."""
    dummy = np.broadcast_to(own[:, None], rounds.opp.shape)
    if not capped:
        return np.asarray(dummy)
    cap = np.where(rounds.has_opp, adjusted[np.maximum(rounds.opp, 0)],
                   draw * rounds.opp.shape[1])
    return np.asarray(np.minimum(dummy, cap), dtype=np.int64)


def entries(rounds: Rounds, adjusted: Ints, dummy: Ints, own_points: Ints) -> Entries:
    """Per round: the opponent's ``adjusted`` score where the round counts as played,
    else the ``dummy``'s (none where only games count); its product with the row's
    ``own_points`` of the round (Sonneborn-Berger)."""
    score = np.where(rounds.game, adjusted[np.maximum(rounds.opp, 0)],
                     0 if rounds.games_only else dummy)
    counted = rounds.has_opp if rounds.games_only else np.ones_like(rounds.has_opp)
    return Entries(score=score, product=score * own_points, vur=rounds.vur & ~rounds.game,
                   counted=counted)


def cut_sums(e: Entries, values: Ints, low: int, high: int) -> Ints:
    """Each row's sum of ``values`` over its counted rounds after cutting ``low``
    lowest and ``high`` highest, one cut at a time for every row at once.

    A low cut takes the round lowest by (opponent's score, value), unless its voluntary
    unplayed round worth least (any round, if it has none) is worth no more: that goes
    first.  A high cut takes the round highest by (score, value).  Ties go to the
    earliest round."""
    n = values.shape[0]
    if low == 0 and high == 0:
        return np.asarray(np.where(e.counted, values, 0).sum(axis=1), dtype=np.int64)
    if values.shape[1] == 0:  # no round yet: nothing to cut, nothing to sum
        return np.zeros(n, dtype=np.int64)
    rows = np.arange(n)
    alive = e.counted.copy()
    value = values - (values.min() if values.size else 0)
    score = e.score - (e.score.min() if e.score.size else 0)
    value_span = int(value.max(initial=0)) + 1
    by_score = score * value_span + value  # (score, value)
    by_vur = ((~e.vur) * value_span + value) * (int(score.max(initial=0)) + 1) + score
    top = np.iinfo(np.int64).max
    for _ in range(low):
        has = alive.any(axis=1)
        lowest = np.where(alive, by_score, top).argmin(axis=1)
        cheapest = np.where(alive, by_vur, top).argmin(axis=1)
        cut = np.where(values[rows, lowest] > values[rows, cheapest], lowest, cheapest)
        alive[rows[has], cut[has]] = False
    for _ in range(high):
        has = alive.any(axis=1)
        highest = np.where(alive, by_score, -1).argmax(axis=1)
        alive[rows[has], highest[has]] = False
    return np.asarray(np.where(alive, values, 0).sum(axis=1), dtype=np.int64)
