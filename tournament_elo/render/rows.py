"""The rows a report's view writes, read a column at a time: a column is a list of
Python values, made once and read by every figure written from it.

The players' records stay dicts (:class:`Records`: a report has a row per player); the
games are the game table's columns in standings order (:class:`Games`): a report has a
row per pairing row, nine or more per player, and no dict is made for one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from ..systems.columns import Table

Row = dict[str, Any]
IntArray = npt.NDArray[np.int64]


class Columns(ABC):
    """Rows of named fields read a column at a time (a field none has: ``None`` each)."""

    def __init__(self) -> None:
        self._made: dict[str, list[Any]] = {}

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def __contains__(self, key: object) -> bool:
        """Whether the rows have the field ``key``."""

    @abstractmethod
    def _stored(self, key: str) -> list[Any]:
        """The field ``key`` of every row, which the rows have."""

    def column(self, key: str) -> list[Any]:
        """The field ``key`` of every row, in order."""
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._stored(key) if key in self else [None] * len(self)
        return made


class Records(Columns):
    """Records (dicts, all with the same fields) read a column at a time."""

    def __init__(self, records: Sequence[Row]) -> None:
        super().__init__()
        self.records = records

    def __len__(self) -> int:
        return len(self.records)

    def __contains__(self, key: object) -> bool:
        return bool(self.records) and key in self.records[0]

    def _stored(self, key: str) -> list[Any]:
        return [r.get(key) for r in self.records]


class Games(Columns):
    """The participants' games in standings order, each player's by round: the game
    table's rows ``rows``, the ``places[i]``-th player's (his place in the standings,
    from 0) at row ``i``; ``own``: columns of the player's own record beside each of
    his games (his rating: ``own_rating``)."""

    def __init__(self, table: Table, rows: IntArray, places: IntArray, players: int,
                 own: Mapping[str, list[Any]]) -> None:
        super().__init__()
        self.table = table
        self.rows = rows
        self.places = places
        #: How many games each player has, by his place.
        self.counts: IntArray = np.bincount(places, minlength=players).astype(np.int64)
        self._own = own

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, key: object) -> bool:
        return key in self._own or key in self.table

    def _stored(self, key: str) -> list[Any]:
        own = self._own.get(key)
        return list(own) if own is not None else self.table.values(key, self.rows)

    @cached_property
    def rounds(self) -> IntArray:
        """Each game's round."""
        return np.asarray(self.column("round"), dtype=np.int64).reshape(len(self))

    def of(self, places: Sequence[int]) -> Games:
        """The games of the players at ``places`` (in that order), numbered from 0 in
        that order."""
        starts = np.concatenate([[0], np.cumsum(self.counts)])
        at = np.concatenate([np.arange(starts[p], starts[p + 1]) for p in places]
                            or [np.zeros(0, dtype=np.int64)]).astype(np.int64)
        chosen = at.tolist()
        return Games(self.table, self.rows[at], np.repeat(
            np.arange(len(places), dtype=np.int64), self.counts[list(places)]), len(places),
            {key: [values[i] for i in chosen] for key, values in self._own.items()})
