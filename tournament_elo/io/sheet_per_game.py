"""The optional columns per-game rating systems need: AI opponents, win methods, pools,
time controls, and the event sheet's level and pool settings.

Kept apart from the general reader (:mod:`.sheets`), which asks this module whether a
game row is a game against an AI level (:func:`row_ai`, with :class:`AiRoster` making
the AI players).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InputError, Place
from ..model import Player
from .sheet_cells import cell_text, whole_number
from .sheet_words import AI_CELL, AI_LEVELS, SIDES
from .table import Table

# ---------------------------------------------------------------------------- AI opponents

_AI_EXPECTED = "AI-1 … AI-5 (AI level 1 to 5; also 'AI 3' or 'máy 3')"


class AiRoster:
    """The AI opponents met so far: each level becomes one player (id and name ``AI-3``,
    no rating, ``fixed_rating``) after the real players, unless the players table lists
    that id itself."""

    def __init__(self, by_id: Mapping[int | str, int], n_players: int) -> None:
        self._by_id = by_id
        self._n_players = n_players
        self.players: list[Player] = []
        self.places: list[Place] = []
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
        raise InputError(f"bad AI level {level}", table.place(row, side), found=repr(text),
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
                found=f"{cell_text(table.value(row, 'white'))!r} against "
                f"{cell_text(table.value(row, 'black'))!r}",
                expected="a player against an AI level")
        side = named[0]
        level = marks[side]
        if not level:
            raise InputError("an AI opponent without a level", table.place(row, side),
                             found=repr(cell_text(table.value(row, side))),
                             expected=_AI_EXPECTED + ", or the level in an ai_level column")
        return side, level
    open_sides = [side for side in SIDES
                  if marks[side] is not None or table.value(row, side) is None]
    if not open_sides:
        raise InputError(
            f"ai_level {column} is given but both sides name players",
            table.place(row, "ai_level"),
            found=f"{cell_text(table.value(row, 'white'))!r} and "
            f"{cell_text(table.value(row, 'black'))!r}",
            expected="the AI's side (white or black) blank or 'AI'")
    if len(open_sides) == 2:
        raise InputError(
            f"ai_level {column} is given but no player", table.place(row, "white"),
            found="no player in the white or black cell",
            expected="the id or name of the player who met the AI")
    side = open_sides[0]
    named_level = marks[side]
    if named_level and named_level != column:
        raise InputError(
            "the AI level of the cell and of the ai_level column differ",
            table.place(row, side),
            found=f"{cell_text(table.value(row, side))!r} and ai_level {column}",
            expected="one level")
    return side, column
