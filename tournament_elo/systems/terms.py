"""The columns and words a rating system's reports show, as data.

A system says *what* its reports show — which figure, under which heading, written in
which style, for which players — and the rendering layer (:mod:`tournament_elo.render`)
says *how*, the same way for every system.  A heading is a key of the report's words
(:mod:`tournament_elo.i18n.labels`, English and Vietnamese), or the text itself when
``literal`` (a symbol such as ``ΣE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # a FIDE event's report never imports the per-game definitions
    from .per_game.definition import Multiplier, Title


class Figure(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """One figure a report shows.

    ``key`` is a field of the player (or game) record, or a figure the rendering layer
    derives (:data:`tournament_elo.render.view.DERIVED`); ``style`` names how its value
    is written (:data:`tournament_elo.render.format.STYLES`); ``only`` limits it to the
    records that are ``rated`` (a rating before the event), ``moving`` (not a
    fixed-rated opponent), ``played`` (a rated game in the event) or ``counted`` (a
    game that entered the computation).
    """

    key: str
    label: str
    style: str
    literal: bool = False
    only: str | None = None
    css: str = "num"
    head_css: str | None = None  # the heading's class, if not ``css``
    hint: str | None = None  # a words key explaining the heading, or ``title`` (a title's name)
    formula: bool = False  # the heading carries the system's change formula below it
    note: bool = False  # a game's note (why it is not rated) is written in this cell
    wide: bool = False  # among a player's totals, a figure that needs a wide cell


class ReportTerms(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """Everything system-specific about an event's reports."""

    start: Figure  # the rating before the event, shown before the crosstable's rounds
    crosstable: tuple[Figure, ...]  # after the rounds (tie-breaks go after the points)
    event_report: tuple[Figure, ...]
    totals: tuple[Figure, ...]  # a player's section, under his games
    game_columns: tuple[Figure, ...]  # a player's games, after the round and the opponent
    terminal: tuple[tuple[str, str], ...]  # the terminal table: (player field, words key)
    formula: str = ""  # a game's change in the system's symbols (empty: the words' own)
    legend: tuple[tuple[str, str], ...] = ()  # symbol → words key, explained once
    decimals: int = 0  # of ratings
    expected_symbol: str = "We"
    start_missing: str = "unrated"  # what a player without a rating before is called
    series: str = "running_change"  # the rating chart: or "rating_after" per game
    titles: Mapping[str, Title] = {}
    #: The fixed-rated opponents the system defines: id (as text) → its name ("Kiện Tướng").
    fixed: Mapping[str, str] = {}
    pool_fact: bool = False  # the header names the pool rated
    multiplier: Multiplier | None = None  # the header names the level and its L
    published: Mapping[str, tuple[str, float]] = {}
    """Columns an export publishes that :mod:`tournament_elo.rating.check` compares: heading →
    (player field, the export's rounding tolerance)."""
