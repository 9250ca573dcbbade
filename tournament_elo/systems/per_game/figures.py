"""What a per-game system computes for one event, as packed records (the figures the
reports show and the database keeps), and the tables rendered from them.

Per event player (:data:`PLAYER_FIGURES`): the rating he brings (NaN: none, he starts at
the initial rating), whether he is a fixed-rated opponent (an AI level), the rating he
starts from and his game count before the event, his rated games, score, ΣE, his K
before his first game, the sum of his unrounded per-game changes and his rating after
the event.  Per pairing row (:data:`GAME_FIGURES`): whether the row is a rated game and
whether its player's rating moves, the ratings before and after, E, K, the change, the
bonus R and the multiplier L (NaN on rows that are not games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...model import Standings

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import InputError, InputWarning, Place
from ...i18n.message import N_, message
from ...model import Event
from ...rating_list import UNKNOWN_GAMES
from ..columns import Table, identity_columns, ints, pairing_columns, standing_columns
from .definition import EloSystem
from .games import event_games
from .update import k_factor, run_games

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Records = npt.NDArray[Any]

PLAYER_FIGURES = np.dtype([
    ("rating", "<f8"), ("fixed", "i1"), ("start", "<f8"), ("played", "<i4"), ("games", "<i4"),
    ("score", "<f8"), ("expected", "<f8"), ("k", "<f8"), ("change", "<f8"),
    ("new_rating", "<f8"),
])
GAME_FIGURES = np.dtype([
    ("rated", "i1"), ("moving", "i1"), ("opponent_rating", "<f8"), ("rating_before", "<f8"),
    ("rating_after", "<f8"), ("expected", "<f8"), ("k", "<f8"), ("change", "<f8"),
    ("bonus", "<f8"), ("multiplier", "<f8"),
])


@dataclass(frozen=True, eq=False)
class EventFigures:
    players: Records
    games: Records
    pool: str
    warnings: tuple[InputWarning, ...]


def fixed_players(system: EloSystem, event: Event) -> Bools:
    """The event's fixed-rated opponents (AI levels); one the system does not define is
    an error."""
    fixed_ids = system.fixed_opponents
    for player in event.players:
        if player.fixed_rating and str(player.id) not in fixed_ids:
            raise InputError(
                message("{} is a fixed-rated opponent (an AI level) that {} does not define",
                        player.id, system.name), Place(event.source), found=str(player.id),
                expected=", ".join(fixed_ids) or N_("no AI opponents in this system"))
    return np.array([p.fixed_rating or str(p.id) in fixed_ids for p in event.players],
                    dtype=bool)


def starting_points(system: EloSystem, event: Event, given: Floats,
                    fixed: Bools) -> Floats:
    """The rating each player starts from: an AI level's fixed rating, the rating given,
    or the system's initial rating."""
    defined = system.fixed_opponents
    fixed_rating = np.array([defined.get(str(p.id), (0.0, ""))[0] for p in event.players])
    return np.where(fixed, fixed_rating, np.where(np.isnan(given), system.initial_rating, given))


def rate_event_games(system: EloSystem, event: Event, settings: Mapping[str, str],
                     given: Floats, played: Ints, explicit_k: Floats | None = None,
                     ) -> EventFigures:
    """Rate one event's games in order from the players' ``given`` ratings (NaN: none)
    and game counts ``played``; ``explicit_k`` (above 0) wins over the system's K."""
    fixed = fixed_players(system, event)
    start = starting_points(system, event, given, fixed)
    chosen = event_games(system, event, settings)
    warnings: tuple[InputWarning, ...] = ()
    if chosen.ignored_pools:
        warnings = (InputWarning(
            Place(event.source), message("games of {} were left out: only the {} pool is rated",
                                         ", ".join(chosen.ignored_pools), chosen.pool)),)
    games = chosen.games
    out = run_games(system, games, start, played, fixed, explicit_k)
    n, rows = len(event.players), len(event.pairings)
    both_rows = np.concatenate([chosen.white_row, chosen.black_row])
    who = np.concatenate([games.white, games.black])
    score_white = games.score / 100
    score = np.concatenate([score_white, np.where(games.both_lost, 0.0, 1 - score_white)])
    own_k = np.zeros(n) if explicit_k is None else explicit_k

    players = np.zeros(n, dtype=PLAYER_FIGURES)
    players["rating"] = np.where(fixed, start, given)
    players["fixed"] = fixed
    players["start"] = start
    players["played"] = played
    players["games"] = np.bincount(who, minlength=n)
    players["score"] = np.bincount(who, weights=score, minlength=n)
    players["expected"] = np.bincount(
        who, weights=np.concatenate([out.expected_white, out.expected_black]), minlength=n)
    players["k"] = np.where(own_k > 0, own_k, k_factor(system, start, played))
    players["change"] = np.bincount(
        who, weights=np.concatenate([out.change_white, out.change_black]), minlength=n)
    players["new_rating"] = out.final

    figures = np.zeros(rows, dtype=GAME_FIGURES)
    for name in GAME_FIGURES.names[2:]:  # type: ignore[index]  # a structured dtype
        figures[name] = np.nan
    figures["rated"][both_rows] = True
    figures["moving"][both_rows] = ~fixed[who]  # an AI's side of a game changes nothing
    for name, white, black in (
            ("opponent_rating", out.rating_black, out.rating_white),
            ("rating_before", out.rating_white, out.rating_black),
            ("rating_after", out.after_white, out.after_black),
            ("expected", out.expected_white, out.expected_black),
            ("k", out.k_white, out.k_black), ("change", out.change_white, out.change_black),
            ("bonus", games.bonus_white, games.bonus_black),
            ("multiplier", games.multiplier, games.multiplier)):
        figures[name][both_rows] = np.concatenate([white, black])
    return EventFigures(players, figures, chosen.pool, warnings)


def given_ratings(event: Event) -> tuple[Floats, Ints]:
    """The ratings and game counts an event file gives its players (NaN: no rating; a
    rated player without a count is past his first games)."""
    given = np.array([np.nan if p.rating is None else float(p.rating) for p in event.players])
    played = np.array([p.games if p.games is not None else 0 if p.rating is None
                       else UNKNOWN_GAMES for p in event.players], dtype=np.int64)
    return given, played


def tables(system: EloSystem, event: Event, players: Records, games: Records, pool: str,
           standings: Standings) -> tuple[Table, Table]:
    """The player and game tables every output is rendered from."""
    n = len(players)
    fixed = players["fixed"].astype(bool)
    steady = ~fixed
    start = players["start"]
    new_rating = players["new_rating"]
    whole = system.decimals == 0

    def ratings(values: Floats) -> Any:
        """Ratings as the system keeps them: whole numbers as integers."""
        if not whole:
            return values
        present = ~np.isnan(values)
        return ints(np.round(np.nan_to_num(values)).astype(np.int64), present)

    def titles(values: Floats) -> list[str | None]:
        found = [None if f else system.title_of(r) for r, f in zip(values, fixed, strict=True)]
        return [None if t is None else t.code for t in found]

    given = players["rating"]  # NaN: none (a fixed opponent's is his fixed rating)
    kept = np.round(new_rating, system.decimals) - np.round(start, system.decimals)
    change = ratings(np.where(steady, np.round(kept, system.decimals), np.nan))
    # The K he ends with: his own K, else the system's bands for his rating and games after.
    own_k = np.array([p.k or 0 for p in event.players], dtype=np.float64)
    k_last = np.where(own_k > 0, own_k, k_factor(
        system, new_rating, players["played"] + players["games"]))
    no = np.zeros(n, dtype=bool)
    player_table = Table({
        **identity_columns(event),
        "rating": ratings(given),
        **standing_columns(standings),
        "games_rated": players["games"].astype(np.int64),
        "score_rated": players["score"],
        "expected": np.round(players["expected"], 6),
        "k": ints(players["k"].astype(np.int64), steady),
        # change = new rating − old, as the system keeps ratings; change_sum: the
        # unrounded sum of the per-game changes.
        "change": change,
        "change_rounded": change,
        "change_sum": np.where(steady, np.round(players["change"], 6), np.nan),
        "k_last": ints(k_last.astype(np.int64), steady),
        "new_rating": ratings(new_rating),
        "need": np.full(n, np.nan),
        "ra": ints(np.zeros(n), no),
        "dp": ints(np.zeros(n), no),
        "rp": ints(np.zeros(n), no),
        "start_rating": ratings(start),
        "pool": [pool] * n,
        "title_before": titles(start),
        "title_after": titles(new_rating),
    })
    rated = games["rated"].astype(bool)
    moving = games["moving"].astype(bool) | ~rated
    rows = len(games)
    game_table = Table({
        **pairing_columns(event),
        "rated": rated,
        "opponent_rating": ratings(games["opponent_rating"]),
        "difference": ints(np.zeros(rows), np.zeros(rows, dtype=bool)),
        "expected": np.round(games["expected"], 6),
        "k": ints(np.nan_to_num(games["k"]).astype(np.int64), rated & moving),
        "change": np.round(np.where(moving, games["change"], np.nan), 6),
        "rating_before": ratings(games["rating_before"]),
        "rating_after": ratings(games["rating_after"]),
        "bonus": games["bonus"],
        "multiplier": games["multiplier"],
    })
    return player_table, game_table
