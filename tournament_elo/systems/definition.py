"""Rating systems defined as data: the TOML definition files and their validation.

A definition file says everything a logistic (Elo) rating system needs: the initial
rating, the expected-score curve, K (by rating bands or by games played), result
bonuses and multipliers, rounding, update timing, pools, titles, fixed-rated
opponents (AI levels) and which results are rated.  FIDE editions are data too
(``engine = "fide"``); what no data can say — the 2022 once-per-event rule, the
first-rating formulas — stays in :mod:`.fide`, chosen by name.

A wrong file fails with :class:`SystemDefinitionError` naming the file, the key and
the reason.
"""

from __future__ import annotations

import enum
import tomllib
from dataclasses import MISSING, dataclass, field, fields
from datetime import date
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import Place, SystemDefinitionError
from ..model import WIN_METHOD_NAMES, WinMethod
from .fide import DifferenceRule, FideEdition, JuniorRule, NewPlayerRule


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
    file: str | None = None

    def title_of(self, rating: float) -> Title | None:
        for title in self.titles:
            if title.below is None or rating < title.below:
                return title
        return None


BUILT_IN = resources.files("tournament_elo.systems") / "data"


def load_definition(path: str | Path) -> EloSystem | list[FideEdition]:
    """Read and check a definition file (a FIDE file gives its speed variants too)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise SystemDefinitionError("cannot read the system file", Place(source),
                                    found=exc.strerror) from None
    except tomllib.TOMLDecodeError as exc:
        raise SystemDefinitionError("the system file is not valid TOML", Place(source),
                                    found=str(exc)) from None
    return parse_definition(data, source)


def parse_definition(data: dict[str, Any], source: str) -> EloSystem | list[FideEdition]:
    reader = _Reader(data, source)
    engine = reader.choice("engine", ("elo", "fide"), default="elo")
    result = _fide_editions(reader) if engine == "fide" else _elo_system(reader)
    reader.finish()
    return result


class _Reader:
    """Takes keys out of a TOML table, so that what is left over can be reported."""

    def __init__(self, data: dict[str, Any], source: str, prefix: str = "") -> None:
        self.data = dict(data)
        self.source = source
        self.prefix = prefix

    def fail(self, key: str, reason: str, found: Any = None, expected: str | None = None) -> None:
        raise SystemDefinitionError(
            f"key '{self.prefix}{key}': {reason}", Place(self.source),
            found=None if found is None else repr(found), expected=expected,
        )

    def take(
        self, key: str, kind: type | tuple[type, ...], default: Any = ..., what: str = ""
    ) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(key, "is missing", expected=what or _kind_name(kind))
            return default
        value = self.data.pop(key)
        if isinstance(value, bool) and bool not in _as_tuple(kind):
            self.fail(key, "has the wrong type", value, what or _kind_name(kind))
        if not isinstance(value, kind):
            self.fail(key, "has the wrong type", value, what or _kind_name(kind))
        return value

    def number(self, key: str, default: Any = ..., low: float | None = None,
               high: float | None = None) -> Any:
        value = self.take(key, (int, float), default, "a number")
        if value is None or value is default:
            return value
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(key, "is out of range", value,
                      f"a number from {low} to {high}" if high is not None
                      else f"a number of at least {low}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> Any:
        value = self.take(key, str, default, "one of " + ", ".join(options))
        if value is not default and value not in options:
            self.fail(key, "is not a known value", value, "one of " + ", ".join(options))
        return value

    def table(self, key: str, required: bool = False) -> _Reader | None:
        value = self.take(key, dict, ... if required else None, "a table")
        return None if value is None else _Reader(value, self.source, f"{self.prefix}{key}.")

    def tables(self, key: str) -> list[_Reader]:
        value = self.take(key, list, [], "an array of tables")
        readers = []
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                self.fail(f"{key}[{i}]", "has the wrong type", item, "a table")
            readers.append(_Reader(item, self.source, f"{self.prefix}{key}[{i}]."))
        return readers

    def finish(self) -> None:
        for key in self.data:
            self.fail(key, "is not a known key", expected="only the keys documented for it")


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
             dict: "a table", list: "an array"}
    return " or ".join(names.get(k, k.__name__) for k in _as_tuple(kind))


def _bands(reader: _Reader, key: str, value_key: str) -> tuple[Band, ...]:
    bands: list[Band] = []
    items = reader.tables(key)
    if not items:
        reader.fail(key, "is missing or empty", expected="bands such as [{below = 1600, k = 25}]")
    for i, item in enumerate(items):
        below = item.number("below", None)
        value = item.number(value_key, low=0)
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


def _elo_system(reader: _Reader) -> EloSystem:
    name = reader.take("name", str)
    description = reader.take("description", str)
    source_text = reader.take("source", str, "")
    initial = reader.number("initial_rating", low=0)
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

    expected = reader.table("expected", required=True)
    assert expected is not None
    expected.choice("curve", ("logistic",), "logistic")
    symbol = expected.take("symbol", str, "E")
    divisor = expected.number("divisor", low=1)
    low, high = expected.number("min", 0.0, 0, 0.5), expected.number("max", 1.0, 0.5, 1)
    cap = expected.number("difference_cap", None, low=0)
    expected.finish()

    k = reader.table("k", required=True)
    assert k is not None
    k_by = k.choice("by", ("rating", "games"))
    k_bands = _bands(k, "bands", "k")
    k.finish()

    rounding_table = reader.table("rounding", required=True)
    assert rounding_table is not None
    rounding = Rounding(rounding_table.choice("mode", tuple(r.value for r in Rounding)))
    decimals = rounding_table.take("decimals", int, 0)
    if not 0 <= decimals <= 2:
        rounding_table.fail("decimals", "is out of range", decimals, "0, 1 or 2")
    rounding_table.finish()

    bonuses = []
    for item in reader.tables("bonus"):
        method = item.choice("win_method", tuple(WIN_METHOD_NAMES))
        side = item.choice("winner_side", ("white", "black"))
        bonuses.append(Bonus(WIN_METHOD_NAMES[method], side, item.number("winner"),
                             item.number("loser")))
        item.finish()

    multiplier = None
    table = reader.table("multiplier")
    if table is not None:
        values = table.take("values", dict)
        for key, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                table.fail(f"values.{key}", "has the wrong type", value, "a number")
        default = table.take("default", str)
        by_time = table.take("by_time_control", str, None)
        if default not in values and default != by_time:
            table.fail("default", "is not one of the values", default, ", ".join(values))
        multiplier = Multiplier(
            setting=table.take("setting", str), default=default,
            values={k: float(v) for k, v in values.items()}, by_time_control=by_time,
            minutes_threshold=table.take("minutes_threshold", int, 0),
            below=float(table.number("below", 1.0)),
            from_threshold=float(table.number("from_threshold", 1.0)),
        )
        table.finish()

    titles = []
    for item in reader.tables("titles"):
        titles.append(Title(item.number("below", None), item.take("code", str),
                            item.take("name", str), item.take("note", str, "")))
        item.finish()

    fixed: dict[str, tuple[float, str]] = {}
    for item in reader.tables("fixed_opponents"):
        fixed[item.take("id", str)] = (float(item.number("rating", low=0)),
                                        item.take("name", str, ""))
        item.finish()

    return EloSystem(
        name=name, description=description, source=source_text, initial_rating=float(initial),
        divisor=float(divisor), k_by=k_by, k_bands=k_bands, timing=timing, rounding=rounding,
        decimals=decimals, pools=pools, expected_min=float(low), expected_max=float(high),
        difference_cap=None if cap is None else float(cap), bonuses=tuple(bonuses),
        multiplier=multiplier, titles=tuple(titles), fixed_opponents=fixed,
        both_lost_rated=both_lost_rated, pools_without_draws=pools_without_draws,
        expected_symbol=symbol, title_kind=title_kind, file=reader.source,
    )


def _fide_editions(reader: _Reader) -> list[FideEdition]:
    """A FIDE edition file: the FideEdition fields, plus the speed variants to derive."""
    values: dict[str, Any] = {}
    enums = {"junior": JuniorRule, "difference": DifferenceRule, "new_player": NewPlayerRule}
    for spec in fields(FideEdition):
        if spec.name in ("speed", "big_difference_unrated_from"):
            continue
        if spec.name in enums:
            kind = enums[spec.name]
            values[spec.name] = kind(reader.choice(spec.name, tuple(m.value for m in kind)))
        elif spec.name == "in_force_from":
            values[spec.name] = reader.take(spec.name, date)
        elif spec.name == "new_player_min_points":
            values[spec.name] = Fraction(str(reader.number(spec.name, low=0)))
        elif spec.name in ("name", "description"):
            values[spec.name] = reader.take(spec.name, str)
        elif spec.name == "round_robin_counts_new_players":
            values[spec.name] = reader.take(spec.name, bool, False)
        else:
            default = ... if spec.default is MISSING else spec.default
            values[spec.name] = reader.take(spec.name, int, default, "a whole number")
    variants = reader.take("variants", list, [])
    standard = FideEdition(**values)
    editions = [standard]
    for speed in variants:
        if speed not in ("rapid", "blitz"):
            reader.fail("variants", "names an unknown speed", speed, "rapid or blitz")
        editions.append(FideEdition(**{
            **values,
            "name": f"{standard.name}-{speed}",
            "description": f"{standard.description} ({speed}: plain 400-point rule, "
            "600-point rule from Dec 2024)",
            "speed": speed,
            "difference": DifferenceRule.CAP_400,
            "big_difference_unrated_from": date(2024, 12, 1),
        }))
    return editions
