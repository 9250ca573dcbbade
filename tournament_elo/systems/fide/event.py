"""The FIDE computation of rated games (B.02 8.3-8.5): every game from the ratings before
it, the expected score from table 8.1(b), K × Σ(W − We) per player, rounded once.

Every game of an event — and of a rating period, whatever its events — uses the ratings
of the list before, so the computation is columnar: one row per player per round,
expected scores looked up for all rows at once, sums per player with ``bincount``.
The same function rates one event on its own (:func:`rate_event`, ratings from the
event file) and a period of the database (:mod:`.period`, ratings from the list).

Rows belong to *slots*: a slot is one player in one event.  Rating one event, slot i
is player i; in a period a player has a slot in each of his events, so the 2022
once-per-event rule and each event's own W and We are per slot, while K × n ≤ 700 and
the rounding are per player, over the period.
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import EventModelError
from ...model import Event, EventType
from ...rounding import half_away_from_zero
from .edition import DifferenceRule, FideEdition
from .first_rating import first_ratings
from .rated_games import capped_differences, game_points, played, rated_games
from .tables import expected_hundredths

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Differences = npt.NDArray[np.int16]  # of two ratings that fit two bytes

#: Ratings, game counts and rounded changes are kept in two bytes (:mod:`.figures`);
#: a rating beyond them is refused rather than cut.
SHORT = np.iinfo(np.int16)

#: Rows handled at once: blocks that stay in the processor's cache are much faster
#: than whole-event temporaries on a large event.
BLOCK_ROWS = 1 << 16
#: From this many rows the compiled loop (:mod:`.event_loop`) rates them: below it,
#: loading the compiled code would cost more than it saves.
COMPILED_FROM = 200_000
#: :attr:`Computed.looked_up` of a row whose game is not rated (a difference is never
#: negative).
NOT_RATED = -1

# The records below are named tuples, not frozen dataclasses: every ``rate`` builds
# their classes at start-up, and Python 3.11 takes 0.3-1 ms to make a frozen dataclass.


class Rows(NamedTuple):
    """Pairing rows rated together: one event's, or a rating period's.

    ``slot`` is the row's player in his event (0 .. slots − 1), ``opponent`` the
    opponent's slot (−1: none); ``owner`` maps each slot to the player it is in the
    ratings (``None``: slot i is player i, one event).
    """

    slot: Ints
    opponent: Ints
    result: Ints
    owner: Ints | None = None

    def slots(self, players: int) -> int:
        return players if self.owner is None else len(self.owner)

    def per_player(self, per_slot: Ints, players: int) -> Ints:
        """Per-slot sums added up per player."""
        if self.owner is None:
            return per_slot
        return np.bincount(self.owner, weights=per_slot, minlength=players).astype(np.int64)


class Computed(NamedTuple):
    """What the rows give: per row, per slot (the player in one event), per player.

    Per row only what the engine keeps (a database holds millions of rows): one
    two-byte column, the difference looked up where the game is rated; whether it is
    rated, its points, the opponent's rating (his slot's ``counted_as``) and the
    expected score (the table's entry for the difference,
    :func:`.tables.expected_hundredths`) follow from it and the rows when asked.
    """

    looked_up: Differences  # per row: the capped absolute difference looked up, or NOT_RATED
    result: Ints  # per row: the rows' results, as given (not copied)
    opponent: Ints  # per row: the rows' opponents, as given (not copied)
    counted_as: Ints  # per slot: the rating his games are computed with (0: none)
    games: Ints  # per slot: rated games
    score_sum: Ints  # per slot: W in hundredths
    expected_sum: Ints  # per slot: We in hundredths
    k: Ints  # per player: K after the K × n cap; 0 for the unrated
    change: Ints  # per player: K × Σ(W − We), hundredths of a rating point
    rounded: Ints  # per player: the change rounded half away from zero
    new_rating: Ints  # per player: rating + rounded; 0 if unrated or below the floor

    @property
    def rated(self) -> Bools:
        """Per row: the game changes the player's rating."""
        rated: Bools = self.looked_up != NOT_RATED
        return rated

    @property
    def difference(self) -> Differences:
        """Per row: the difference looked up, 0 where the game is not rated."""
        return np.maximum(self.looked_up, 0)

    @property
    def score(self) -> Ints:
        """Per row: points in hundredths of a game played over the board (else 0)."""
        return game_points(self.result, played(self.result, self.opponent))

    def slot_k(self, rows: Rows) -> Ints:
        return self.k if rows.owner is None else self.k[rows.owner]

    def slot_change(self, rows: Rows) -> Ints:
        """Each slot's share of its player's change: K × (W − We) of that event."""
        return self.slot_k(rows) * (self.score_sum - self.expected_sum)


def compute(edition: FideEdition, rows: Rows, rating: Ints, k: Ints, day: date | None,
            effective: Ints | None = None) -> tuple[Computed, FirstRatingGames]:
    """Rate ``rows`` from every player's ``rating`` (0: unrated) and ``k`` before any cap;
    ``day`` decides the rapid/blitz big-difference rule.  ``effective`` (2009 round
    robin) gives the ratings the games are computed with where they differ.  With the
    computation, the games toward a first rating from the same ratings (one pass over
    the rows finds both on the compiled path)."""
    n = len(rating)
    slots = rows.slots(n)
    by_slot = effective if effective is not None else rating
    if rows.owner is not None:
        by_slot = by_slot[rows.owner]
    check_short(by_slot)
    lookup = np.append(by_slot, 0)  # slot −1 (no opponent) reads 0: "no rating"
    count = len(rows.slot)
    once_per_event = edition.difference is DifferenceRule.ONCE_PER_EVENT
    if count >= COMPILED_FROM and not once_per_event:
        return _compiled(edition, rows, rating, k, day, lookup, slots)
    rated = np.empty(count, dtype=bool)
    looked_up = np.empty(count, dtype=np.int16)
    games = np.zeros(slots, dtype=np.int64)
    score_sum = np.zeros(slots, dtype=np.float64)
    expected_sum = np.zeros(slots, dtype=np.float64)
    for block in range(0, count, BLOCK_ROWS):
        part = slice(block, block + BLOCK_ROWS)
        who, code, against = rows.slot[part], rows.result[part], rows.opponent[part]
        is_played = played(code, against)
        points = game_points(code, is_played)
        own, opp = lookup[who], lookup[against]
        ok = rated_games(edition, own, opp, is_played, day)
        rated[part] = ok
        games += np.bincount(who, weights=ok, minlength=slots).astype(np.int64)
        score_sum += np.bincount(who, weights=np.where(ok, points, 0), minlength=slots)
        if not once_per_event:
            capped = capped_differences(edition, who, own, opp, ok)
            pd = np.where(ok, expected_hundredths(own, opp, capped), 0)
            looked_up[part] = np.where(ok, capped, NOT_RATED)
            expected_sum += np.bincount(who, weights=pd, minlength=slots)
    if once_per_event:  # a rule about all of a player's games in an event together
        own, opp = lookup[rows.slot], lookup[rows.opponent]
        capped = capped_differences(edition, rows.slot, own, opp, rated)
        looked_up[:] = np.where(rated, capped, NOT_RATED)
        expected = np.where(rated, expected_hundredths(own, opp, capped), 0)
        expected_sum = np.bincount(rows.slot, weights=expected, minlength=slots).astype(
            np.float64)
    w, we = score_sum.astype(np.int64), expected_sum.astype(np.int64)
    return (_finish(edition, rows, rating, k, lookup, looked_up, games, w, we),
            first_rating_games(rows, lookup[:-1]))


def check_short(*columns: Ints) -> None:
    """Every value fits two bytes (an absurd rating, or an event of more than 32,767
    games for one player, is a mistake made in code: readers bound both)."""
    for values in columns:
        if len(values) and (values.min() < SHORT.min or values.max() > SHORT.max):
            raise EventModelError("a rating, game count or change beyond what a rating "
                                  f"report holds ({SHORT.min} to {SHORT.max})")


def _compiled(edition: FideEdition, rows: Rows, rating: Ints, k: Ints, day: date | None,
              lookup: Ints, slots: int) -> tuple[Computed, FirstRatingGames]:
    """:func:`compute` by the compiled loop of :mod:`.event_loop`."""
    from .event_loop import compiled_rows

    rule_from = edition.big_difference_unrated_from
    big_rule = rule_from is not None and day is not None and day >= rule_from
    looked_up, games, w, we, first = compiled_rows(
        rows.slot, rows.opponent, rows.result, lookup.astype(np.int16), slots, big_rule,
        edition.difference)
    return _finish(edition, rows, rating, k, lookup, looked_up, games, w, we), first


def _finish(edition: FideEdition, rows: Rows, rating: Ints, k: Ints, lookup: Ints,
            looked_up: Differences, games: Ints, w: Ints, we: Ints) -> Computed:
    """K after the K × n cap, the change and the new rating, per player.

    In place where it can: on a big event each temporary is a fresh megabyte, whose pages
    the system may have to hand out anew on every call."""
    n = len(rating)
    n_rated = rows.per_player(games, n)
    rated = rating > 0
    k_final = np.where(rated, k, 0)
    cap = edition.k_times_games_cap
    if cap is not None:
        # K × n ≤ cap is K ≤ cap // n (K is whole): divided once for each game count and
        # looked up per player (numpy divides by an array of divisors slowly); no games,
        # no bound.
        most = cap // np.maximum(np.arange(int(n_rated.max(initial=0)) + 1), 1)
        most[0] = np.iinfo(np.int64).max
        np.minimum(k_final, most[n_rated], out=k_final)
    change = rows.per_player(w, n) - rows.per_player(we, n)
    change *= k_final
    rounded = np.asarray(half_away_from_zero(change, 100))
    new_rating = rating + rounded
    # A rating below the edition's floor is not published: the player shows as unrated.
    new_rating[~rated | (new_rating < edition.floor)] = 0
    return Computed(looked_up, rows.result, rows.opponent, lookup[:-1], games, w, we, k_final,
                    change, rounded, new_rating)


class FirstRatingGames(NamedTuple):
    """Unrated players' games against rated opponents: what a first rating is made of."""

    counts: Bools  # per row: an unrated player's game played against a rated opponent
    games: Ints  # per slot
    points: Ints  # per slot, hundredths
    opponents: Ints  # per slot: the sum of those opponents' ratings


def first_rating_games(rows: Rows, slot_rating: Ints) -> FirstRatingGames:
    """The games toward a first rating, from each slot's rating (0: unrated)."""
    slots = len(slot_rating)
    lookup = np.append(slot_rating, 0)
    counts = (lookup[rows.slot] == 0) & played(rows.result, rows.opponent) & (
        lookup[rows.opponent] > 0)
    who = rows.slot[counts]
    return FirstRatingGames(
        counts, np.bincount(who, minlength=slots).astype(np.int64),
        sum_by(who, game_points(rows.result[counts], counts[counts]), slots),
        sum_by(who, lookup[rows.opponent[counts]], slots))


class EventFirstRatings(NamedTuple):
    """Unrated players' figures toward a first rating from one event."""

    games: FirstRatingGames
    ru: Ints  # the event's figure toward a first rating (0: none)
    published: Ints  # the same where this event alone has enough games


def event_first_ratings(edition: FideEdition, event: Event,
                        found: FirstRatingGames) -> EventFirstRatings:
    """First ratings from one event's games of unrated players against rated opponents."""
    # Only a slot with such games can get one (in a rated event, a few): first_ratings
    # runs on those alone, and the others stay 0.
    some = np.flatnonzero(found.games)
    games = found.games[some]
    ru_some = first_ratings(edition, games, found.points[some], found.opponents[some])
    if event.type is EventType.SWISS:
        ru_some = np.where(games >= edition.new_player_min_opponents_swiss, ru_some, 0)
    ru, published = np.zeros((2, len(found.games)), dtype=np.int64)
    ru[some] = ru_some
    published[some] = np.where(games >= edition.new_player_min_games, ru_some, 0)
    return EventFirstRatings(found, ru, published)


class EventRating(NamedTuple):
    """One event rated on its own: the computation and the first ratings it gives."""

    rows: Rows
    computed: Computed
    first: EventFirstRatings


def rate_event(edition: FideEdition, event: Event, rating: Ints, k: Ints) -> EventRating:
    """Rate one event from its players' ``rating`` (0: unrated) and ``k`` before any cap.

    2009 round robin (``round_robin_counts_new_players``): a new player who gets a
    rating in the event counts for his opponents with that rating.
    """
    p = event.pairings
    rows = Rows(p.player, p.opponent, p.result)
    if edition.round_robin_counts_new_players and event.type is EventType.ROUND_ROBIN:
        # The games are computed with the first ratings the event gives: found first.
        first = event_first_ratings(edition, event, first_rating_games(rows, rating))
        computed, _ = compute(edition, rows, rating, k, event.end,
                              np.where(rating > 0, rating, first.ru))
        return EventRating(rows, computed, first)
    computed, found = compute(edition, rows, rating, k, event.end)
    return EventRating(rows, computed, event_first_ratings(edition, event, found))


def sum_by(group: Ints, values: Ints, n: int) -> Ints:
    """Per-player sums of integer values (exact: float64 holds these sums exactly)."""
    return np.bincount(group, weights=values, minlength=n).astype(np.int64)
