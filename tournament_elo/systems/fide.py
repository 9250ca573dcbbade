"""FIDE rating regulations (B.02), edition by edition, computed per event.

Every game of an event uses the ratings from before the event, so an event is one
columnar computation: build the per-game table (one row per player per round),
look up expected scores in table 8.1(b), and sum per player with ``bincount``.
Only the per-edition rules differ, and they are data on :class:`FideEdition` — but
for the 2022 "once per event" difference rule, which is a rule about a player's
games taken together and lives in :func:`capped_differences`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..model import Event, EventType, Result
from ..rounding import half_away_from_zero, half_up, up_to_half_point
from .fide_tables import DP, PD_CERTAIN, expected_hundredths

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class DifferenceRule(enum.StrEnum):
    CAP_400 = "cap-400"  # more than 400 counts as 400, every game, both sides
    ONCE_PER_EVENT = "once-per-event"  # 2022: the higher-rated side once, the lower always
    CAP_400_BELOW_2650 = "cap-400-below-2650"  # 2025: only for a player rated below 2650


class JuniorRule(enum.StrEnum):
    NONE = "none"
    UNDER_18 = "under-18"  # until the 18th birthday (2014, 2022)
    YEAR_OF_18 = "year-of-18"  # until the end of the year of the 18th birthday (2024)


class NewPlayerRule(enum.StrEnum):
    """How an unrated player's first rating is computed from an event."""

    BONUS_12_5 = "2009"  # Ra + dp; from 50 %: Ra + 12.5 per half point above 50 %
    PERFORMANCE = "2014"  # Ra + dp
    BONUS_20 = "2022"  # 50 %: Ra; above: Ra + 20 per half point above 50 %; below: Ra + dp
    TWO_DRAWS_1800 = "2024"  # two hypothetical drawn opponents rated 1800, Ra + dp


@dataclass(frozen=True)
class FideEdition:
    """One edition of the FIDE rating regulations; the fields are its rules."""

    name: str
    description: str
    in_force_from: date
    k_new: int  # K until 30 games
    k_established: int  # K below 2400
    junior: JuniorRule
    difference: DifferenceRule
    floor: int  # lowest rating published
    new_player: NewPlayerRule
    new_player_min_points: Fraction  # the event counts only if he scores at least this
    new_player_min_games: int  # games against rated opponents for a published rating
    new_player_min_opponents_swiss: int = 0  # 2009: rated opponents needed in a Swiss
    first_rating_cap: int | None = None  # 2024: at most 2200
    k_times_games_cap: int | None = None  # 2024: K × n ≤ 700 for a period
    round_robin_counts_new_players: bool = False  # 2009: rated vs a new player who gets rated
    speed: str = "standard"
    k_top: int = 10  # once 2400 is reached
    junior_ceiling: int = 2300
    k_established_from_games: int = 30
    big_difference_unrated_from: date | None = None  # rapid/blitz: 600+ vs a 2600+ player

    def k_factors(
        self,
        rating: Ints,
        games: Ints,
        ever_2400: Bools,
        explicit_k: Ints,
        junior: Bools,
    ) -> Ints:
        """K of every player from his state at the start of the event.

        Precedence (it reproduces FIDE's published K): an explicit K; ever 2400 → 10;
        a junior below 2300 → 40; fewer than 30 games → K for new players; else the
        established K.  In 2009 a new player keeps K 25 even above 2400.
        """
        young = junior & (rating < self.junior_ceiling)
        new = games < self.k_established_from_games
        if self.junior is JuniorRule.NONE:  # the 2009 order: newness first
            k = np.where(new, self.k_new, np.where(ever_2400, self.k_top, self.k_established))
        else:
            k = np.where(
                ever_2400,
                self.k_top,
                np.where(young | new, self.k_new, self.k_established),
            )
        return np.where(explicit_k > 0, explicit_k, k).astype(np.int64)

    def is_junior(self, births: list[tuple[date | None, int | None]], on: date) -> Bools:
        """Whether each player counts as a junior on the event's start date."""
        year = np.array([y or 0 for _, y in births], dtype=np.int64)
        turns_18 = np.array([add_years(b, 18).toordinal() if b else 0 for b, _ in births],
                            dtype=np.int64)
        return self.junior_flags(year, turns_18, on)

    def junior_flags(self, birth_year: Ints, turns_18: Ints, on: date) -> Bools:
        """:meth:`is_junior` on columns: ``birth_year`` (0 unknown) and the ordinal of
        the 18th birthday (0 where only the year is known).

        With only a birth year known, the 2014 rule (until the 18th birthday) is taken
        to hold when the event's year is before the year of the 18th birthday.
        """
        known = birth_year > 0
        if self.junior is JuniorRule.NONE:
            return np.zeros(len(birth_year), dtype=bool)
        if self.junior is JuniorRule.YEAR_OF_18:
            return known & (on.year <= birth_year + 18)
        return known & np.where(turns_18 > 0, on.toordinal() < turns_18,
                                on.year < birth_year + 18)


def add_years(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


def capped_differences(
    edition: FideEdition,
    player: Ints,
    own: Ints,
    opponent: Ints,
    rated: Bools,
    n_players: int,
) -> Ints:
    """The absolute rating difference each game is looked up with, per the edition."""
    diff = np.abs(opponent - own)
    capped = np.minimum(diff, 400)
    if edition.difference is DifferenceRule.CAP_400:
        return capped
    if edition.difference is DifferenceRule.CAP_400_BELOW_2650:
        return np.where(own < 2650, capped, diff)
    # Once per event: the higher-rated side is capped only in his one game with the
    # largest difference; the lower-rated side in every game.
    higher = rated & (own > opponent) & (diff > 400)
    rows = np.flatnonzero(higher)
    result = np.where(own > opponent, diff, capped)
    if len(rows):
        order = np.lexsort((-diff[rows], player[rows]))
        ordered = rows[order]
        first = np.ones(len(ordered), dtype=bool)
        first[1:] = player[ordered][1:] != player[ordered][:-1]
        result[ordered[first]] = 400
    return np.minimum(result, PD_CERTAIN)


def first_ratings(
    edition: FideEdition, games: Ints, points: Ints, opponents_sum: Ints
) -> Ints:
    """Unrated players' ratings from one event's games against rated opponents.

    ``points`` in hundredths.  0 where the event gives no rating (no games, too few
    points, below the floor).  Exact: Ra stays the fraction total / n and the sum
    is rounded once, over the common denominator 2n, as in FIDE's own example
    (Ra = 1872.43 → Ru = 1922).
    """
    games, points, total = (np.asarray(a, dtype=np.int64) for a in (games, points, opponents_sum))
    counts = (games > 0) & (points >= int(edition.new_player_min_points * 100))
    if edition.new_player is NewPlayerRule.TWO_DRAWS_1800:
        games, points, total = games + 2, points + 100, total + 2 * 1800
    n = np.maximum(games, 1)
    dp = DP[np.clip(np.asarray(half_up(points, n)), 0, 100)]
    above_half = (2 * points) // 100 - n  # half points above 50 %
    numerator = 2 * total + 2 * n * dp  # (Ra + dp) × 2n
    if edition.new_player is NewPlayerRule.BONUS_12_5:
        numerator = np.where(above_half >= 0, 2 * total + 25 * above_half * n, numerator)
    elif edition.new_player is NewPlayerRule.BONUS_20:
        numerator = np.where(above_half >= 0, 2 * total + 40 * above_half * n, numerator)
    rounded = np.asarray(half_up(numerator, 2 * n))
    if edition.first_rating_cap is not None:
        rounded = np.minimum(rounded, edition.first_rating_cap)
    return np.where(counts & (rounded >= edition.floor), rounded, 0).astype(np.int64)


def first_rating(
    edition: FideEdition, games: int, points_hundredths: int, opponents_sum: int
) -> int | None:
    """:func:`first_ratings` for one player; ``None`` where the event gives none."""
    rating = int(first_ratings(edition, np.array([games]), np.array([points_hundredths]),
                               np.array([opponents_sum]))[0])
    return rating or None


@dataclass(frozen=True, eq=False)
class FideGames:
    """The per-game table of one event under one edition (one row per pairing row)."""

    player: Ints
    rated: Bools  # the game changes the player's rating
    counts_for_new: Bools  # an unrated player's game against a rated opponent
    opponent_rating: Ints  # the rating the game is computed with (0: none)
    difference: Ints  # capped absolute difference looked up (0 where not rated)
    expected: Ints  # PD in hundredths (0 where not rated)
    score: Ints  # points in hundredths of games played over the board
    k_of_player: Ints  # each player's final K

    @property
    def k(self) -> Ints:
        """The player's K on every rated row, 0 elsewhere."""
        return np.where(self.rated, self.k_of_player[self.player], 0)

    @property
    def change(self) -> Ints:
        """K × (score − PD) per rated row, in hundredths of a rating point."""
        return self.k * (self.score - self.expected)


#: Rows handled at once: blocks that stay in the processor's cache are much faster
#: than whole-event temporaries on a large event.
BLOCK_ROWS = 1 << 16


def rate_event(
    edition: FideEdition,
    event: Event,
    rating: Ints,
    k: Ints,
) -> tuple[FideGames, dict[str, Ints]]:
    """Rate one event; ``rating`` is 0 for the unrated, ``k`` the K before any cap.

    One pass over the rows in blocks computes every per-game quantity and adds the
    per-player sums as it goes; only K (which may depend on the number of games)
    and the new ratings are settled after it.
    """
    pairings = event.pairings
    n = len(event.players)
    player, opponent, result = pairings.player, pairings.opponent, pairings.result
    rows = len(pairings)
    raw = np.append(rating, 0)  # index -1 (no opponent) reads 0: "no rating"
    effective = raw
    if edition.round_robin_counts_new_players and event.type is EventType.ROUND_ROBIN:
        # 2009 round robin: a new player who gets a rating here counts, with that rating.
        early = _first_ratings_from(
            edition, event, _games_for_first_rating(raw, player, opponent, result), raw)
        effective = np.append(np.where(rating > 0, rating, early.ru), 0)

    score = np.empty(rows, dtype=np.int64)
    opp_rating = np.empty(rows, dtype=np.int64)
    rated = np.empty(rows, dtype=bool)
    counts_for_new = np.empty(rows, dtype=bool)
    difference = np.zeros(rows, dtype=np.int64)
    expected = np.zeros(rows, dtype=np.int64)
    games_rated = np.zeros(n, dtype=np.int64)
    score_rated = np.zeros(n, dtype=np.float64)
    expected_sum: npt.NDArray[np.float64] = np.zeros(n, dtype=np.float64)
    once_per_event = edition.difference is DifferenceRule.ONCE_PER_EVENT
    big_gap_rule = (edition.big_difference_unrated_from is not None and event.end is not None
                    and event.end >= edition.big_difference_unrated_from)
    for block in range(0, rows, BLOCK_ROWS):
        part = slice(block, block + BLOCK_ROWS)
        who, code = player[part], result[part]
        played = (code <= Result.LOSS) & (opponent[part] >= 0)
        points = np.where(played, (2 - code) * 50, 0)  # WIN 0, DRAW 1, LOSS 2
        score[part] = points
        counts_for_new[part] = _games_for_first_rating(raw, who, opponent[part], code)
        own, opp = effective[who], effective[opponent[part]]
        ok = played & (own > 0) & (opp > 0)
        if big_gap_rule:
            ok &= ~((np.abs(opp - own) >= 600) & ((own > 2600) | (opp > 2600)))
        opp_rating[part], rated[part] = opp, ok
        games_rated += np.bincount(who, weights=ok, minlength=n).astype(np.int64)
        score_rated += np.bincount(who, weights=np.where(ok, points, 0), minlength=n)
        if not once_per_event:
            capped = capped_differences(edition, who, own, opp, ok, n)
            pd = np.where(ok, expected_hundredths(own, opp, capped), 0)
            difference[part], expected[part] = np.where(ok, capped, 0), pd
            expected_sum += np.bincount(who, weights=pd, minlength=n)
    if once_per_event:  # a rule about all of a player's games together
        own = effective[player]
        capped = capped_differences(edition, player, own, opp_rating, rated, n)
        difference = np.where(rated, capped, 0)
        expected = np.where(rated, expected_hundredths(own, opp_rating, capped), 0)
        expected_sum = np.bincount(player, weights=expected, minlength=n).astype(np.float64)

    first = _first_ratings_from(edition, event, counts_for_new, raw)
    k_final = k.copy()
    if edition.k_times_games_cap is not None:
        over = games_rated * k_final > edition.k_times_games_cap
        k_final = np.where(over, edition.k_times_games_cap // np.maximum(games_rated, 1), k_final)
    k_final = np.where(rating > 0, k_final, 0)
    games = FideGames(player, rated, counts_for_new, opp_rating, difference, expected, score,
                      k_final)
    score_sum, expected_total = score_rated.astype(np.int64), expected_sum.astype(np.int64)
    change = k_final * (score_sum - expected_total)  # hundredths of a rating point
    rounded = np.asarray(half_away_from_zero(change, 100))
    unrated = rating == 0
    new_rating = rating + rounded
    totals = {
        "games_rated": np.where(unrated, first.games, games_rated),
        "score_rated": np.where(unrated, first.points, score_sum),
        "expected": expected_total,
        "k": k_final,
        "change": change,
        "change_rounded": rounded,
        # A rating below the edition's floor is not published: the player shows as unrated.
        "new_rating": np.where(unrated, first.published,
                               np.where(new_rating >= edition.floor, new_rating, 0)),
        "ru": first.ru,
        "need": np.asarray(up_to_half_point(expected_total)),
    }
    return games, totals


def _games_for_first_rating(raw: Ints, player: Ints, opponent: Ints, result: Ints) -> Bools:
    """Rows of an unrated player's played games against a rated opponent."""
    mine = raw[player] == 0
    if not mine.any():
        return mine
    return mine & (result <= Result.LOSS) & (opponent >= 0) & (raw[opponent] > 0)


@dataclass(frozen=True)
class FirstRatings:
    games: Ints
    points: Ints
    ru: Ints  # the event's figure toward a first rating (0: none)
    published: Ints  # the same where this event alone has enough games


def _first_ratings_from(
    edition: FideEdition, event: Event, counts_for_new: Bools, raw: Ints
) -> FirstRatings:
    n = len(event.players)
    rows = np.flatnonzero(counts_for_new)
    who = event.pairings.player[rows]
    games = np.bincount(who, minlength=n)
    points = _sum_by(who, (2 - event.pairings.result[rows]) * 50, n)
    ru = first_ratings(edition, games, points, _sum_by(who, raw[event.pairings.opponent[rows]], n))
    if event.type is EventType.SWISS:
        ru = np.where(games >= edition.new_player_min_opponents_swiss, ru, 0)
    published = np.where(games >= edition.new_player_min_games, ru, 0)
    return FirstRatings(games, points, ru, published)


def _sum_by(group: Ints, values: Ints, n: int) -> Ints:
    """Per-player sums of integer values (exact: float64 holds these sums exactly)."""
    return np.bincount(group, weights=values, minlength=n).astype(np.int64)
