"""The rating systems by name: the built-in definition files, a user's file, and the
choice of FIDE edition by date."""

from __future__ import annotations

from datetime import date
from functools import cache
from importlib import resources
from pathlib import Path

from ..errors import Place, SystemDefinitionError
from .definition import BUILT_IN, EloSystem, load_definition
from .fide import FideEdition

System = FideEdition | EloSystem

#: Names that choose the FIDE edition in force at the event's date.
DATED_ALIASES = {"fide": "", "fide-rapid": "-rapid", "fide-blitz": "-blitz"}


@cache
def built_in_systems() -> dict[str, System]:
    """Every system defined by a file in the package's ``systems/data``."""
    systems: dict[str, System] = {}
    for entry in sorted(BUILT_IN.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            with resources.as_file(entry) as path:
                loaded = load_definition(path)
            for system in loaded if isinstance(loaded, list) else [loaded]:
                systems[system.name] = system
    return systems


def fide_editions() -> dict[str, FideEdition]:
    return {n: s for n, s in built_in_systems().items() if isinstance(s, FideEdition)}


def edition_in_force(day: date, suffix: str = "") -> FideEdition:
    """The FIDE edition in force on ``day``; events before July 2009 use fide-2009."""
    standard = sorted(
        (e for e in fide_editions().values() if e.speed == "standard"),
        key=lambda e: e.in_force_from,
    )
    chosen = standard[0]
    for edition in standard:
        if day >= edition.in_force_from:
            chosen = edition
    return fide_editions()[chosen.name + suffix]


def system_names() -> list[str]:
    return [*DATED_ALIASES, *built_in_systems()]


def get_system(name: str, event_day: date | None = None) -> System:
    """A system by name (``fide`` picks by the event's date, the latest if none), or a
    definition file's path (any name ending in ``.toml``)."""
    if name in DATED_ALIASES:
        return edition_in_force(event_day or date.max, DATED_ALIASES[name])
    if name in built_in_systems():
        return built_in_systems()[name]
    if name.endswith(".toml"):
        loaded = load_definition(Path(name))
        return loaded[0] if isinstance(loaded, list) else loaded
    raise SystemDefinitionError(
        "unknown rating system", Place("--system"), found=repr(name),
        expected="one of " + ", ".join(system_names()) + ", or a definition file (.toml)",
    )


def get_edition(name: str, event_day: date | None = None) -> FideEdition:
    """A FIDE edition by name (``fide`` picks by date)."""
    system = get_system(name, event_day)
    if not isinstance(system, FideEdition):
        raise SystemDefinitionError("not a FIDE edition", Place("--system"), found=repr(name))
    return system
