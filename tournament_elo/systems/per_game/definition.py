"""The definition schema of a per-game (logistic Elo) rating system.

A definition file says everything such a system needs: the initial rating, the
expected-score curve, K (by rating bands or by games played), result bonuses and
multipliers, rounding, update timing, pools, titles, fixed-rated opponents (AI levels)
and which results are rated.  A wrong file fails with :class:`SystemDefinitionError`
naming the file, the key and the reason (:mod:`..definition_file`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from ...model import WIN_METHOD_NAMES, WinMethod
from ...read.values import MAX_GAMES, MAX_K, MAX_MINUTES, MAX_RATING
from ..activity import ALWAYS_ACTIVE, Activity, activity_from
from ..definition_file import DefinitionReader

#: The largest multiplier L (a level's weight on K × (S − E)): Cờ Đông Sơn's largest is 2.
MAX_MULTIPLIER = 10


class Timing(enum.StrEnum):
    PER_GAME = "per-game"  # rounds in order; a round's games from the ratings before it
    PER_EVENT = "per-event"  # every game from the ratings before the event


class Rounding(enum.StrEnum):
    TRUNCATE = "truncate"  # toward minus infinity (ratings are positive)
    HALF_UP = "half-up"
    HALF_AWAY_FROM_ZERO = "half-away-from-zero"
    NONE = "none"


@dataclass(frozen=True)
class Band:
    """K (or a title) for values below ``below``; ``None`` is the open top band."""

    below: float | None
    value: Any


@dataclass(frozen=True)
class Title:
    below: float | None
    code: str
    name: str
    note: str = ""


@dataclass(frozen=True)
class Bonus:
    """Rating points added for a win by ``method`` with the winner on ``side``."""

    method: WinMethod
    side: str  # "white" (moves first) or "black"
    winner: float
    loser: float


@dataclass(frozen=True)
class Multiplier:
    """L: a factor on K × (S − E), chosen by an event setting (``--set level=...``)."""

    setting: str
    default: str
    values: dict[str, float]
    # A setting value that takes L per game from its thinking time instead:
    by_time_control: str | None = None
    minutes_threshold: int = 0
    below: float = 1.0
    from_threshold: float = 1.0


@dataclass(frozen=True)
class EloSystem:
    """A logistic rating system, updated per game or per event."""

    name: str
    description: str
    source: str
    initial_rating: float
    divisor: float
    k_by: str  # "rating" or "games"
    k_bands: tuple[Band, ...]
    timing: Timing
    rounding: Rounding
    decimals: int
    pools: tuple[str, ...]
    expected_min: float = 0.0
    expected_max: float = 1.0
    difference_cap: float | None = None
    bonuses: tuple[Bonus, ...] = ()
    multiplier: Multiplier | None = None
    titles: tuple[Title, ...] = ()
    fixed_opponents: dict[str, tuple[float, str]] = field(default_factory=dict)
    both_lost_rated: bool = False
    pools_without_draws: tuple[str, ...] = ()
    expected_symbol: str = "E"  # what the system's own rules call the expected score
    title_kind: str = "title"  # or "tier"
    activity: Activity = ALWAYS_ACTIVE  # when the lists count a player inactive
    file: str | None = None

    def title_of(self, rating: float) -> Title | None:
        for title in self.titles:
            if title.below is None or rating < title.below:
                return title
        return None


def _bands(reader: DefinitionReader, key: str, value_key: str, top: int) -> tuple[Band, ...]:
    """K by bands of rating or of games played (``below`` up to ``top``)."""
    bands: list[Band] = []
    items = reader.tables(key)
    if not items:
        reader.fail(key, "is missing or empty", expected="bands such as [{below = 1600, k = 25}]")
    for i, item in enumerate(items):
        below = item.number("below", None, low=0, high=top)
        value = item.number(value_key, low=0, high=MAX_K)
        item.finish()
        if below is None and i != len(items) - 1:
            reader.fail(f"{key}[{i}].below", "is missing", expected="an upper bound (only the "
                        "last band may be open)")
        if bands and below is not None and bands[-1].below is not None and below <= bands[-1].below:
            reader.fail(f"{key}[{i}].below", "is not above the band before it", below)
        bands.append(Band(below, value))
    if bands[-1].below is not None:
        reader.fail(f"{key}[{len(bands) - 1}]", "the last band must be open",
                    expected="no 'below' in the last band")
    return tuple(bands)


def system_from(reader: DefinitionReader) -> EloSystem:
    """The system a definition file (``engine = \"elo\"``, the default) describes."""
    name = reader.take("name", str)
    description = reader.take("description", str)
    source_text = reader.take("source", str, "")
    initial = reader.number("initial_rating", low=0, high=MAX_RATING)
    timing = Timing(reader.choice("timing", tuple(t.value for t in Timing), "per-game"))
    pools = tuple(reader.take("pools", list, ["standard"]))
    if not pools or not all(isinstance(p, str) for p in pools):
        reader.fail("pools", "must be a list of names", pools)
    pools_without_draws = tuple(reader.take("pools_without_draws", list, []))
    for pool in pools_without_draws:
        if pool not in pools:
            reader.fail("pools_without_draws", "names a pool not in 'pools'", pool)
    both_lost_rated = reader.take("both_lost_rated", bool, False)
    title_kind = reader.choice("title_kind", ("title", "tier"), "title")

    expected = reader.required_table("expected")
    expected.choice("curve", ("logistic",), "logistic")
    symbol = expected.take("symbol", str, "E")
    divisor = expected.number("divisor", low=1, high=MAX_RATING)
    low = expected.number("min", 0.0, low=0, high=0.5)
    high = expected.number("max", 1.0, low=0.5, high=1)
    cap = expected.number("difference_cap", None, low=0, high=MAX_RATING)
    expected.finish()

    k = reader.required_table("k")
    k_by = k.choice("by", ("rating", "games"))
    k_bands = _bands(k, "bands", "k", MAX_RATING if k_by == "rating" else MAX_GAMES)
    k.finish()

    rounding_table = reader.required_table("rounding")
    rounding = Rounding(rounding_table.choice("mode", tuple(r.value for r in Rounding)))
    decimals = rounding_table.whole("decimals", 0, low=0, high=2)
    rounding_table.finish()

    bonuses = []
    for item in reader.tables("bonus"):
        method = item.choice("win_method", tuple(WIN_METHOD_NAMES))
        side = item.choice("winner_side", ("white", "black"))
        # Rating points for one game: no more than the largest K gives.
        bonuses.append(Bonus(WIN_METHOD_NAMES[method], side,
                             item.number("winner", low=-MAX_K, high=MAX_K),
                             item.number("loser", low=-MAX_K, high=MAX_K)))
        item.finish()

    multiplier = None
    table = reader.table("multiplier")
    if table is not None:
        values = table.take("values", dict)
        for key, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                table.fail(f"values.{key}", "has the wrong type", value, "a number")
            table.within(f"values.{key}", value, 0, MAX_MULTIPLIER)
        default = table.take("default", str)
        by_time = table.take("by_time_control", str, None)
        if default not in values and default != by_time:
            table.fail("default", "is not one of the values", default, ", ".join(values))
        multiplier = Multiplier(
            setting=table.take("setting", str), default=default,
            values={k: float(v) for k, v in values.items()}, by_time_control=by_time,
            minutes_threshold=table.whole("minutes_threshold", 0, low=0, high=MAX_MINUTES),
            below=float(table.number("below", 1.0, low=0, high=MAX_MULTIPLIER)),
            from_threshold=float(table.number("from_threshold", 1.0, low=0,
                                              high=MAX_MULTIPLIER)),
        )
        table.finish()

    titles = []
    for item in reader.tables("titles"):
        titles.append(Title(item.number("below", None, low=0, high=MAX_RATING),
                            item.take("code", str),
                            item.take("name", str), item.take("note", str, "")))
        item.finish()

    fixed: dict[str, tuple[float, str]] = {}
    for item in reader.tables("fixed_opponents"):
        fixed[item.take("id", str)] = (float(item.number("rating", low=0, high=MAX_RATING)),
                                        item.take("name", str, ""))
        item.finish()

    activity = activity_from(reader)

    return EloSystem(
        name=name, description=description, source=source_text, initial_rating=float(initial),
        divisor=float(divisor), k_by=k_by, k_bands=k_bands, timing=timing, rounding=rounding,
        decimals=decimals, pools=pools, expected_min=float(low), expected_max=float(high),
        difference_cap=None if cap is None else float(cap), bonuses=tuple(bonuses),
        multiplier=multiplier, titles=tuple(titles), fixed_opponents=fixed,
        both_lost_rated=both_lost_rated, pools_without_draws=pools_without_draws,
        expected_symbol=symbol, title_kind=title_kind, activity=activity, file=reader.source,
    )
