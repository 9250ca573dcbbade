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
from typing import TYPE_CHECKING

from ..errors import Place, SystemDefinitionError
from ..i18n.message import message
from .catalog import BUILT_IN, built_in_entries, built_in_files, built_in_reader
from .definition_file import DefinitionReader, read_definition_file
from .fide.edition import FideEdition, editions_from
from .fide.speeds import standard_name
from .fide.system import FideByDate, FideSystem
from .protocol import NamedSystem, RatingSystem

if TYPE_CHECKING:
    from .per_game.definition import EloSystem

#: Names that choose the FIDE edition in force at the event's date.
DATED_ALIASES = {"fide": "", "fide-rapid": "-rapid", "fide-blitz": "-blitz"}


def load_definition(path: str | Path) -> list[RatingSystem]:
    """The systems a definition file defines (a FIDE edition gives its speed variants)."""
    return _systems_from(read_definition_file(path))


def _systems_from(reader: DefinitionReader) -> list[RatingSystem]:
    engine = reader.choice("engine", ("elo", "fide"), default="elo")
    systems: list[RatingSystem]
    if engine == "fide":
        systems = [FideSystem(e) for e in editions_from(reader)]
    else:  # the per-game engine is imported by the events rated under it
        from .per_game.definition import system_from
        from .per_game.system import PerGameSystem
        systems = [PerGameSystem(system_from(reader))]
    reader.finish()
    return systems


@cache
def _built_in_file(path: Path) -> dict[str, RatingSystem]:
    return {system.name: system for system in _systems_from(built_in_reader(path))}


def built_in_systems() -> dict[str, RatingSystem]:
    """Every system defined by a file in the package's ``systems/data``."""
    systems: dict[str, RatingSystem] = {}
    for path in built_in_files():
        systems.update(_built_in_file(path))
    return systems


def _built_in(name: str) -> RatingSystem | None:
    """A built-in system by name, building (and reading) only the file named after it or,
    for a FIDE edition's speed variant, after its edition."""
    standard = standard_name(name)
    path = BUILT_IN / f"{standard}.toml"
    inside = Path(standard).name == standard  # a plain name, not a path out of the package
    return _built_in_file(path).get(name) if inside and path.is_file() else None


def fide_editions() -> dict[str, FideEdition]:
    editions: dict[str, FideEdition] = {}
    for path in built_in_files("fide-"):
        for name, system in _built_in_file(path).items():
            assert isinstance(system, FideSystem), f"{path.name} is not a FIDE edition"
            editions[name] = system.edition
    return editions


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
    return [*DATED_ALIASES, *(entry.name for entry in built_in_entries())]


def system_named(name: str) -> NamedSystem:
    """A system by name, a dated alias (``fide``) by itself, or a definition file's path
    (any name ending in ``.toml``)."""
    if name in DATED_ALIASES:
        return dated_systems()[name]
    built_in = _built_in(name)
    if built_in is not None:
        return built_in
    if name.endswith(".toml"):
        return load_definition(Path(name))[0]
    raise SystemDefinitionError(
        "unknown rating system", Place("--system"), found=repr(name),
        expected=message("one of {}, or a definition file (.toml)", ", ".join(system_names())),
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
    from .per_game.system import PerGameSystem

    system = get_system(name)
    if not isinstance(system, PerGameSystem):
        raise SystemDefinitionError("not a per-game system", Place("--system"),
                                    found=repr(name))
    return system.definition
