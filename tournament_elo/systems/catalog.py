"""The built-in systems' names and descriptions, read from their definition files
without building the systems: ``tournament-elo systems`` lists them without importing
numpy, and :mod:`.registry` builds only the file a name is defined in (a FIDE event
never imports the per-game engine)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from .definition_file import DefinitionReader, read_definition_file
from .fide.speeds import variant_description, variant_name

#: The package's own definition files.  A plain path, not ``importlib.resources``: the
#: package is installed as files (setuptools' package-data), and the resources module
#: costs a tenth of ``rate``'s start-up (it imports ``tempfile``, ``shutil``, ``zipfile``).
BUILT_IN = Path(__file__).with_name("data")


class Entry(NamedTuple):
    """A system a built-in file defines: its name, description, engine and file."""

    name: str
    description: str
    engine: str
    path: Path


def built_in_files(prefix: str = "") -> list[Path]:
    """The built-in definition files (those whose name starts with ``prefix``), by name.
    A file is named after the system it defines (``fide-2024.toml``), so the FIDE
    editions are the files starting ``fide-``: a FIDE event reads no other file."""
    return sorted(BUILT_IN.glob(f"{prefix}*.toml"), key=lambda p: p.name)


@cache
def _built_in_table(path: Path) -> dict[str, Any]:
    return read_definition_file(path, own=True).data


def built_in_reader(path: Path) -> DefinitionReader:
    """A built-in file's reader; each file is read and parsed once in a process (a
    reader copies the tables it takes keys from, so the parsed one stays whole)."""
    return DefinitionReader(_built_in_table(path), str(path))


@cache
def built_in_entries() -> tuple[Entry, ...]:
    """Every built-in system, a FIDE edition followed by its speed variants."""
    listed: list[Entry] = []
    for path in built_in_files():
        reader = built_in_reader(path)
        name, description = reader.take("name", str), reader.take("description", str)
        engine = reader.take("engine", str, "elo")
        listed.append(Entry(name, description, engine, path))
        if engine == "fide":
            listed += [Entry(variant_name(name, speed), variant_description(description, speed),
                             engine, path)
                       for speed in reader.take("variants", list, [])]
    return tuple(listed)


def built_in_catalog() -> list[tuple[str, str]]:
    """Name and description of every built-in system, in the order of
    :func:`~.registry.built_in_systems`."""
    return [(e.name, e.description) for e in built_in_entries()]
