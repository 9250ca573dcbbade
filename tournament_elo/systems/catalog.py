"""The built-in systems' names and descriptions, read from their definition files
without building the systems: ``tournament-elo systems`` lists them without importing
numpy (the full definitions are read by :mod:`.registry`)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from .definition_file import read_definition_file
from .fide.speeds import variant_description, variant_name

BUILT_IN = resources.files("tournament_elo.systems") / "data"


def built_in_files() -> Iterator[Path]:
    """The built-in definition files, by name."""
    for entry in sorted(BUILT_IN.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            with resources.as_file(entry) as path:
                yield path


def built_in_catalog() -> list[tuple[str, str]]:
    """Name and description of every built-in system, in the order of
    :func:`~.registry.built_in_systems` (a FIDE edition followed by its variants)."""
    listed: list[tuple[str, str]] = []
    for path in built_in_files():
        reader = read_definition_file(path)
        name, description = reader.take("name", str), reader.take("description", str)
        listed.append((name, description))
        if reader.take("engine", str, "elo") == "fide":
            listed += [(variant_name(name, speed), variant_description(description, speed))
                       for speed in reader.take("variants", list, [])]
    return listed
