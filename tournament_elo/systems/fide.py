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

from ..model import PLAYED, POINTS, Event, EventType
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
        """Whether each player counts as a junior on the event's start date.

        With only a birth year known, the 2014 rule (until the 18th birthday) is taken
        to hold when the event's year is before the year of the 18th birthday.
        """
        flags = []
        for birth, year in births:
            if self.junior is JuniorRule.NONE or year is None:
                flags.append(False)
            elif self.junior is JuniorRule.YEAR_OF_18:
                flags.append(on.year <= year + 18)
            elif birth is not None:
                flags.append(on < _add_years(birth, 18))
            else:
                flags.append(on.year < year + 18)
        return np.array(flags, dtype=bool)


def _add_years(day: date, years: int) -> date:
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


def percent_half_up(points_hundredths: int, games: int) -> int:
    """A fractional score as a whole percent, 0.5 % up."""
    return int(half_up(points_hundredths, games))


def first_rating(
    edition: FideEdition, games: int, points_hundredths: int, opponents_sum: int
) -> int | None:
    """An unrated player's rating from one event's games against rated opponents.

    ``None`` when the event's result does not give one (too few games, too few
    points, or below the floor).  Exact arithmetic: Ra stays a fraction until the
    end, as in FIDE's own example (Ra = 1872.43 → Ru = 1922).
    """
    score = Fraction(points_hundredths, 100)
    if games == 0 or score < edition.new_player_min_points:
        return None
    if edition.new_player is NewPlayerRule.TWO_DRAWS_1800:
        n, score, total = games + 2, score + 1, opponents_sum + 2 * 1800
    else:
        n, total = games, opponents_sum
    ra = Fraction(total, n)
    percent = int(half_up(int(score * 100), n))
    above_half = 2 * score - n  # half points above 50 %
    if edition.new_player is NewPlayerRule.BONUS_12_5 and above_half >= 0:
        ru = ra + Fraction(25, 2) * above_half
    elif edition.new_player is NewPlayerRule.BONUS_20 and above_half >= 0:
        ru = ra + 20 * above_half
    else:
        ru = ra + int(DP[percent])
    rounded = int(half_up(ru.numerator, ru.denominator))
    if edition.first_rating_cap is not None:
        rounded = min(rounded, edition.first_rating_cap)
    return rounded if rounded >= edition.floor else None


@dataclass(frozen=True)
class FideGames:
    """The per-game table of one event under one edition (one row per pairing row)."""

    rated: Bools  # the game changes the player's rating
    counts_for_new: Bools  # an unrated player's game against a rated opponent
    opponent_rating: Ints  # the rating the game is computed with (0: none)
    difference: Ints  # capped absolute difference looked up
    expected: Ints  # PD in hundredths (0 where not rated)
    score: Ints  # points in hundredths
    k: Ints  # the player's K (0 where not rated)
    change: Ints  # K × (score − PD), in hundredths of a rating point


def rate_event(
    edition: FideEdition,
    event: Event,
    rating: Ints,
    k: Ints,
) -> tuple[FideGames, dict[str, npt.NDArray[np.int64]]]:
    """Rate one event; ``rating`` is 0 for the unrated, ``k`` the K before any cap."""
    pairings = event.pairings
    n = len(event.players)
    player, opponent = pairings.player, pairings.opponent
    has_opponent = opponent >= 0
    opp_rating_raw = np.where(has_opponent, rating[np.maximum(opponent, 0)], 0)
    played = PLAYED[pairings.result] & has_opponent
    score = np.where(played, POINTS[pairings.result], 0)
    own = rating[player]

    # Unrated players: their games against rated opponents give a first rating.
    counts_for_new = played & (own == 0) & (opp_rating_raw > 0)
    new_games = np.bincount(player[counts_for_new], minlength=n)
    new_points = np.bincount(player[counts_for_new], weights=score[counts_for_new], minlength=n)
    new_sum = np.bincount(player[counts_for_new], weights=opp_rating_raw[counts_for_new],
                          minlength=n)
    ru = np.zeros(n, dtype=np.int64)
    for i in np.flatnonzero(new_games):
        if (event.type is EventType.SWISS
                and new_games[i] < edition.new_player_min_opponents_swiss):
            continue
        ru[i] = first_rating(edition, int(new_games[i]), int(new_points[i]), int(new_sum[i])) or 0
    published_ru = np.where(new_games >= edition.new_player_min_games, ru, 0)

    # 2009 round robin: a new player who gets a rating here counts, with that rating.
    effective = rating.copy()
    if edition.round_robin_counts_new_players and event.type is EventType.ROUND_ROBIN:
        effective = np.where(rating > 0, rating, ru)
    opp_rating = np.where(has_opponent, effective[np.maximum(opponent, 0)], 0)
    rated = played & (own > 0) & (opp_rating > 0)
    if edition.big_difference_unrated_from is not None and event.end is not None \
            and event.end >= edition.big_difference_unrated_from:
        rated &= ~((np.abs(opp_rating - own) >= 600) & ((own > 2600) | (opp_rating > 2600)))

    difference = capped_differences(edition, player, own, opp_rating, rated, n)
    expected = np.where(rated, expected_hundredths(own, opp_rating, difference), 0)
    games_rated = np.bincount(player[rated], minlength=n)
    k_final = k.copy()
    if edition.k_times_games_cap is not None:
        over = games_rated * k_final > edition.k_times_games_cap
        k_final = np.where(over, edition.k_times_games_cap // np.maximum(games_rated, 1), k_final)
    k_final = np.where(rating > 0, k_final, 0)
    delta = np.where(rated, score - expected, 0)
    k_row = np.where(rated, k_final[player], 0)
    games = FideGames(
        rated=rated,
        counts_for_new=counts_for_new,
        opponent_rating=opp_rating,
        difference=np.where(rated, difference, 0),
        expected=expected,
        score=score,
        k=k_row,
        change=k_row * delta,
    )
    score_rated = np.bincount(player[rated], weights=score[rated], minlength=n).astype(np.int64)
    expected_sum = np.bincount(player[rated], weights=expected[rated], minlength=n).astype(
        np.int64
    )
    change = k_final * (score_rated - expected_sum)  # hundredths of a rating point
    rounded = np.asarray(half_away_from_zero(change, 100))
    unrated = rating == 0
    totals = {
        "games_rated": np.where(unrated, new_games, games_rated),
        "score_rated": np.where(unrated, new_points.astype(np.int64), score_rated),
        "expected": expected_sum,
        "k": k_final,
        "change": change,
        "change_rounded": rounded,
        # A rating below the edition's floor is not published: the player shows as unrated.
        "new_rating": np.where(unrated, published_ru, np.where(
            rating + rounded >= edition.floor, rating + rounded, 0)),
        "ru": ru,
        "need": np.asarray(up_to_half_point(expected_sum)),
    }
    return games, totals
