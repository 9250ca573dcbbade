"""The optional columns per-game rating systems need: AI opponents, win methods, pools,
time controls, and the event sheet's level and pool settings.

Kept apart from the general reader (:mod:`.sheets`), which asks this module only two
things of a game row: whether it is a game against an AI level (:func:`row_ai`, with
:class:`AiRoster` making the AI players), and what else it says (:class:`GameExtras`);
and of the event sheet, its settings (:func:`event_settings`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from ..errors import InputError, Place
from ..i18n.message import N_, message
from ..model import Player, WinMethod
from .headers import fold
from .sheet_cells import cell_text
from .sheet_words import (
    AI_CELL,
    AI_LEVELS,
    LEVEL_NAMES,
    LEVELS_EXPECTED,
    MINUTES,
    POOL_NAMES,
    POOLS_EXPECTED,
    SETTING_NAME,
    SIDES,
    WIN_METHODS,
    WIN_METHODS_EXPECTED,
)
from .table import Table
from .values import MAX_MINUTES, whole_number

_T = TypeVar("_T")

# ---------------------------------------------------------------------------- AI opponents

_AI_EXPECTED = N_("AI-1 … AI-5 (AI level 1 to 5; also 'AI 3' or 'máy 3')")


class AiRoster:
    """The AI opponents met so far: each level becomes one player (id and name ``AI-3``,
    no rating, ``fixed_rating``) after the real players, unless the players table lists
    that id itself (``listed``: those players' indexes, to be marked ``fixed_rating``)."""

    def __init__(self, by_id: Mapping[int | str, int], n_players: int) -> None:
        self._by_id = by_id
        self._n_players = n_players
        self.players: list[Player] = []
        self.places: list[Place] = []
        self.listed: set[int] = set()
        self._index_of: dict[int, int] = {}

    def index(self, level: int, table: Table, row: int, side: str) -> int:
        """The player index of AI level ``level``, made on its first game."""
        index = self._index_of.get(level)
        if index is None:
            pid = f"AI-{level}"
            index = self._by_id.get(pid)
            if index is None:
                index = self._n_players + len(self.players)
                self.players.append(Player(index=index, id=pid, name=pid, rating=None,
                                           line=table.row_numbers[row], fixed_rating=True))
                self.places.append(table.place(row, side))
            else:
                self.listed.add(index)
            self._index_of[level] = index
        return index


def _ai_cell(table: Table, row: int, side: str) -> int | None:
    """The AI level a white/black cell names; 0 for a bare 'AI', None for no AI."""
    text = cell_text(table.value(row, side))
    if not text or len(text) > 16 or text[0] not in "aAmM":
        return None
    match = AI_CELL.match(text.lower())
    if match is None:
        return None
    if match.group(1) is None:
        return 0
    level = int(match.group(1))
    if level not in AI_LEVELS:
        raise InputError(message("bad AI level {}", level), table.place(row, side),
                         found=repr(text),
                         expected=_AI_EXPECTED)
    return level


def _ai_column(table: Table, row: int) -> int | None:
    """The ai_level cell of a row: 1 to 5, or None where blank (or no such column)."""
    text = cell_text(table.value(row, "ai_level"))
    if not text:
        return None
    level = whole_number(text)
    if level is None and (match := AI_CELL.match(text.lower())) and match.group(1):
        level = int(match.group(1))
    if level not in AI_LEVELS:
        raise InputError("bad AI level", table.place(row, "ai_level"), found=repr(text),
                         expected="a level from 1 to 5 (or AI-1 … AI-5)")
    return level


def row_ai(table: Table, row: int) -> tuple[str, int] | None:
    """(the AI's side, its level) where a game row is against an AI, else None.

    The AI is named in the white or black cell (``AI-3``), or the row's ai_level
    column gives the level and the AI's side is blank or says 'AI'.
    """
    marks = {side: _ai_cell(table, row, side) for side in SIDES}
    column = _ai_column(table, row)
    if column is None:
        named = [side for side in SIDES if marks[side] is not None]
        if not named:
            return None
        if len(named) == 2:
            raise InputError(
                "a game between two AI opponents", table.place(row, "black"),
                found=message("{} against {}", repr(cell_text(table.value(row, "white"))),
                              repr(cell_text(table.value(row, "black")))),
                expected="a player against an AI level")
        side = named[0]
        level = marks[side]
        if not level:
            raise InputError("an AI opponent without a level", table.place(row, side),
                             found=repr(cell_text(table.value(row, side))),
                             expected=message("{}, or the level in an ai_level column",
                                              _AI_EXPECTED))
        return side, level
    open_sides = [side for side in SIDES
                  if marks[side] is not None or table.value(row, side) is None]
    if not open_sides:
        raise InputError(
            message("ai_level {} is given but both sides name players", column),
            table.place(row, "ai_level"),
            found=message("{} and {}", repr(cell_text(table.value(row, "white"))),
                          repr(cell_text(table.value(row, "black")))),
            expected="the AI's side (white or black) blank or 'AI'")
    if len(open_sides) == 2:
        raise InputError(
            message("ai_level {} is given but no player", column), table.place(row, "white"),
            found="no player in the white or black cell",
            expected="the id or name of the player who met the AI")
    side = open_sides[0]
    named_level = marks[side]
    if named_level and named_level != column:
        raise InputError(
            "the AI level of the cell and of the ai_level column differ",
            table.place(row, side),
            found=message("{} and ai_level {}", repr(cell_text(table.value(row, side))), column),
            expected="one level")
    return side, column


# ---------------------------------------------------------------------------- game columns


class Extras(NamedTuple):
    """What a pairing row carries for the per-game systems, as :class:`Pairings` codes."""

    method: int  # a WinMethod
    minutes: int  # thinking time per side; 0 where not known
    pool: int  # index into the pool names; -1 for none


#: The extras of a pairing row that is no game (an absence).
NO_EXTRAS = Extras(int(WinMethod.UNKNOWN), 0, -1)


class GameExtras:
    """Reads a games table's win_method, time_control and pool cells into row extras,
    naming the pools (``pool_names``) in order of first appearance.

    A log repeats a few values 100,000 times: each distinct cell is read once.
    """

    def __init__(self, table: Table, rows: Sequence[int], event_pool: str | None) -> None:
        self._table = table
        self._event_pool = event_pool
        # Without a pool cell in any of the rows read, no game has a pool.
        self._pooled = "pool" in table.columns and any(
            table.value(row, "pool") is not None for row in rows)
        self.pool_names: list[str] = []
        self._methods: dict[Any, WinMethod] = {}
        self._times: dict[Any, int] = {}
        self._pools: dict[Any, int] = {}

    def of(self, row: int, *, bye: bool) -> Extras:
        """The extras of a games-table row; ``bye``: a bye row, which may have no pool."""
        table = self._table
        method = _cached(self._methods, table, row, "win_method", _win_method,
                         WinMethod.UNKNOWN)
        minutes = _cached(self._times, table, row, "time_control", _minutes, 0)
        pool = self._pool(row, required=not bye) if self._pooled else -1
        return Extras(int(method), minutes, pool)

    def _pool(self, row: int, required: bool) -> int:
        """The pool code of a row: its pool cell, else the event's pool."""
        if self._table.value(row, "pool") is not None:
            return _cached(self._pools, self._table, row, "pool", self._cell_pool, -1)
        if self._event_pool is not None:
            return self._code(self._event_pool)
        if not required:
            return -1
        raise InputError("no pool for this game", self._table.place(row, "pool"),
                         found="a blank cell",
                         expected=message("{}, or a pool row in the event sheet",
                                          POOLS_EXPECTED))

    def _cell_pool(self, table: Table, row: int) -> int:
        text = cell_text(table.value(row, "pool"))
        return self._code(_pool_name(text, table.place(row, "pool")))

    def _code(self, name: str) -> int:
        if name not in self.pool_names:
            self.pool_names.append(name)
        return self.pool_names.index(name)


def _cached(
    cache: dict[Any, _T], table: Table, row: int, column: str,
    read: Callable[[Table, int], _T], absent: _T,
) -> _T:
    """``read`` of a cell, remembered by the cell's value (``absent`` without the column)."""
    if column not in table.columns:
        return absent
    value = table.value(row, column)
    key = (type(value), value)
    if key not in cache:
        cache[key] = read(table, row)
    return cache[key]


def _win_method(table: Table, row: int) -> WinMethod:
    """The win_method cell: English or Vietnamese, any case, accents or dashes; blank unknown."""
    text = cell_text(table.value(row, "win_method"))
    method = WIN_METHODS.get(fold(text))
    if method is None:
        raise InputError("unknown win method", table.place(row, "win_method"),
                         found=repr(text), expected=WIN_METHODS_EXPECTED)
    return method


def _minutes(table: Table, row: int) -> int:
    """Thinking time per side in minutes from a time_control cell ('15', '15+10', "15'")."""
    text = cell_text(table.value(row, "time_control"))
    if not text:
        return 0
    match = MINUTES.match(text.lower())
    minutes = (whole_number(match.group(1)) if match else None) or 0
    if not 1 <= minutes <= MAX_MINUTES:
        raise InputError("bad time control", table.place(row, "time_control"),
                         found=repr(text),
                         expected=message("minutes per side from 1 to {}, such as 15, 15+10 or "
                                          "15'", MAX_MINUTES))
    return minutes


# ---------------------------------------------------------------------------- event settings


def event_settings(
    level: tuple[str, Place] | None, pool: tuple[str, Place] | None
) -> tuple[tuple[str, str], ...]:
    """The event sheet's rating settings from its level and pool (text, place) where given:
    ('level', …) and ('pool', …)."""
    settings = []
    if level is not None:
        text, place = level
        settings.append(("level", _setting_name(text, LEVEL_NAMES, place, "level",
                                                LEVELS_EXPECTED)))
    if pool is not None:
        settings.append(("pool", _pool_name(*pool)))
    return tuple(settings)


def _setting_name(
    text: str, names: dict[str, str], place: Place, what: str, expected: str
) -> str:
    """A pool or level: a Vietnamese (or other) name mapped, else lower-cased as written."""
    mapped = names.get(fold(text))
    if mapped is not None:
        return mapped
    lowered = text.lower()
    if SETTING_NAME.match(lowered):
        return lowered
    raise InputError(message("unknown {}", what), place, found=repr(text), expected=expected)


def _pool_name(text: str, place: Place) -> str:
    return _setting_name(text, POOL_NAMES, place, N_("pool name"), POOLS_EXPECTED)
