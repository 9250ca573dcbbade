"""The rating systems by name: the built-in definition files, a user's file, and the
choice of FIDE edition by date.

This is the one place that knows the kinds of system: a definition file says
``engine = "fide"`` (an edition of the FIDE regulations, with its rapid and blitz
variants) or ``engine = "elo"`` (a per-game logistic system, the default).  Everything
else speaks to a system through :class:`~.protocol.RatingSystem`.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

from ..errors import Place, SystemDefinitionError
from .catalog import built_in_files
from .definition_file import read_definition_file
from .fide.edition import FideEdition, editions_from
from .fide.system import FideByDate, FideSystem
from .per_game.definition import EloSystem, system_from
from .per_game.system import PerGameSystem
from .protocol import NamedSystem, RatingSystem

#: Names that choose the FIDE edition in force at the event's date.
DATED_ALIASES = {"fide": "", "fide-rapid": "-rapid", "fide-blitz": "-blitz"}


def load_definition(path: str | Path) -> list[RatingSystem]:
    """The systems a definition file defines (a FIDE edition gives its speed variants)."""
    reader = read_definition_file(path)
    engine = reader.choice("engine", ("elo", "fide"), default="elo")
    systems: list[RatingSystem] = (
        [FideSystem(e) for e in editions_from(reader)] if engine == "fide"
        else [PerGameSystem(system_from(reader))])
    reader.finish()
    return systems


@cache
def built_in_systems() -> dict[str, RatingSystem]:
    """Every system defined by a file in the package's ``systems/data``."""
    systems: dict[str, RatingSystem] = {}
    for path in built_in_files():
        for system in load_definition(path):
            systems[system.name] = system
    return systems


def fide_editions() -> dict[str, FideEdition]:
    return {n: s.edition for n, s in built_in_systems().items() if isinstance(s, FideSystem)}


def edition_in_force(day: date, suffix: str = "") -> FideEdition:
    """The FIDE edition in force on ``day``; events before July 2009 use fide-2009."""
    editions = fide_editions()
    standard = sorted((e for e in editions.values() if e.speed == "standard"),
                      key=lambda e: e.in_force_from)
    chosen = standard[0]
    for edition in standard:
        if day >= edition.in_force_from:
            chosen = edition
    return editions[chosen.name + suffix]


def dated_systems() -> dict[str, FideByDate]:
    return {name: FideByDate(name, suffix, edition_in_force)
            for name, suffix in DATED_ALIASES.items()}


def system_names() -> list[str]:
    return [*DATED_ALIASES, *built_in_systems()]


def system_named(name: str) -> NamedSystem:
    """A system by name, a dated alias (``fide``) by itself, or a definition file's path
    (any name ending in ``.toml``)."""
    if name in DATED_ALIASES:
        return dated_systems()[name]
    if name in built_in_systems():
        return built_in_systems()[name]
    if name.endswith(".toml"):
        return load_definition(Path(name))[0]
    raise SystemDefinitionError(
        "unknown rating system", Place("--system"), found=repr(name),
        expected="one of " + ", ".join(system_names()) + ", or a definition file (.toml)",
    )


def get_system(name: str, event_day: date | None = None) -> RatingSystem:
    """The system ``name`` stands for on ``event_day`` (``fide`` picks the edition in
    force then, the latest if no day)."""
    return system_named(name).on(event_day)


def get_edition(name: str, event_day: date | None = None) -> FideEdition:
    """A FIDE edition by name (``fide`` picks by date)."""
    system = get_system(name, event_day)
    if not isinstance(system, FideSystem):
        raise SystemDefinitionError("not a FIDE edition", Place("--system"), found=repr(name))
    return system.edition


def get_definition(name: str) -> EloSystem:
    """A per-game system's definition by name (or a definition file's path)."""
    system = get_system(name)
    if not isinstance(system, PerGameSystem):
        raise SystemDefinitionError("not a per-game system", Place("--system"),
                                    found=repr(name))
    return system.definition
