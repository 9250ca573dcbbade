"""Where a games CSV's players and event files are: beside it, by name.

``x-games.csv`` has ``x-players.csv`` and ``x-event.csv`` (or ``event.csv``) beside it,
``x.csv`` has ``x-players.csv`` and ``x-event.csv``; names are compared folded, so
``van-dau.csv`` finds ``đấu-thủ.csv``.  The reader and ``convert`` (which must not
overwrite any of them) ask the same question, so it is answered once, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .headers import fold

#: (folded text in the games file's name, folded text in its players/event file's name).
PLAYERS_FILE_NAMES = (("games", "players"), ("vandau", "dauthu"))
EVENT_FILE_NAMES = (("games", "event"), ("vandau", "giai"))


@dataclass(frozen=True)
class Companions:
    players: Path | None
    event: Path | None


def companion_files(path: Path) -> Companions:
    """The players and event files that go with the games file ``path``."""
    players = _sibling(path, PLAYERS_FILE_NAMES) or _suffixed(path, ("players", "dauthu"))
    event = (_sibling(path, EVENT_FILE_NAMES) or _suffixed(path, ("event", "giai"))
             or _sibling_named(path, ("event.csv",)))
    return Companions(players, event)


def _sibling(path: Path, renames: Sequence[tuple[str, str]]) -> Path | None:
    """The file beside ``path`` whose name has 'games' replaced (compared folded)."""
    folded = fold(path.name)
    for old, new in renames:
        at = folded.rfind(old)
        if at >= 0:
            found = _sibling_named(path, (folded[:at] + new + folded[at + len(old):],))
            if found is not None:
                return found
    return None


def _suffixed(path: Path, suffixes: Sequence[str]) -> Path | None:
    """The file beside ``x.csv`` named ``x-players.csv`` (``x_players.csv``…), compared folded."""
    return _sibling_named(path, [fold(path.stem) + suffix + fold(path.suffix)
                                 for suffix in suffixes])


def _sibling_named(path: Path, names: Sequence[str]) -> Path | None:
    """A file beside ``path`` (not itself) whose folded name is one of ``names``."""
    wanted = {fold(n) for n in names}
    try:
        candidates = sorted(p for p in path.parent.iterdir() if p.is_file())
    except OSError:
        return None
    return next(
        (p for p in candidates if fold(p.name) in wanted and p.resolve() != path.resolve()),
        None,
    )


def players_file_name(path: Path) -> str:
    """The name the players file of the games file ``path`` would usually have."""
    name = path.name
    at = name.lower().rfind("games")
    if at >= 0:
        return name[:at] + "players" + name[at + len("games"):]
    return f"{path.stem}-players{path.suffix}"


def input_files(path: str | Path) -> list[Path]:
    """``path`` and the players and event files the sheets reader would read beside it:
    every file an event read from ``path`` may come from."""
    source = Path(path)
    companions = companion_files(source)
    return [source, *(f for f in (companions.players, companions.event) if f is not None)]
