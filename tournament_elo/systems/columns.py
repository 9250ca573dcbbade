"""The tables every output is rendered from, as plain columns (:class:`Table`), and the
columns every rating system's tables share: who the players are, their score and place,
and each pairing row's round, opponent, colour and result.

A table is kept as numpy arrays and lists, not a pandas DataFrame: the JSON, the
terminal table and the reports read it as Python values without importing pandas
(``rate --format json`` starts in a fraction of the time); :meth:`Table.frame` gives the
DataFrame to the code that wants one.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..model import POINTS, TRF_CODE, Event

if TYPE_CHECKING:
    import pandas as pd

    from ..model import Standings


@dataclass(frozen=True, eq=False)
class Nullable:
    """A whole-number column with missing values (pandas' ``Int64`` in a DataFrame)."""

    values: npt.NDArray[np.int64]
    missing: npt.NDArray[np.bool_]

    def __len__(self) -> int:
        return len(self.values)


Column = npt.NDArray[Any] | list[Any] | Nullable


def python_values(column: Column, rows: npt.NDArray[np.int64] | None = None) -> list[Any]:
    """A column (at ``rows``, default all) as Python values, missing ones (NaN, NA) and
    infinities as ``None`` (JSON has neither)."""
    if isinstance(column, Nullable):
        values, missing = column.values, column.missing
        if rows is not None:
            values, missing = values[rows], missing[rows]
        return [None if m else v for v, m in zip(values.tolist(), missing.tolist(),
                                                 strict=True)]
    if isinstance(column, list):
        picked = column if rows is None else [column[i] for i in rows.tolist()]
    else:
        array = column if rows is None else column[rows]
        picked = list(array.tolist())
        if array.dtype.kind in "iub":
            return picked
        if array.dtype.kind == "f":  # the few missing values found by numpy, then set
            for at in np.flatnonzero(~np.isfinite(array)).tolist():
                picked[at] = None
            return picked
    return [None if isinstance(v, float) and not math.isfinite(v) else v for v in picked]


class Table:
    """Named columns of one length (numpy arrays, lists, :class:`Nullable`)."""

    def __init__(self, columns: Mapping[str, Column]) -> None:
        self.columns = dict(columns)

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()), []))

    def __contains__(self, name: object) -> bool:
        return name in self.columns

    def __getitem__(self, name: str) -> Column:
        return self.columns[name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.columns)

    def values(self, name: str, rows: npt.NDArray[np.int64] | None = None) -> list[Any]:
        return python_values(self.columns[name], rows)

    def records(self, fields: Iterable[str],
                rows: npt.NDArray[np.int64] | None = None) -> list[dict[str, Any]]:
        """One dict per row (at ``rows``, default all) of the ``fields``, as Python values."""
        fields = tuple(fields)
        if not fields:
            return [{} for _ in range(len(self) if rows is None else len(rows))]
        columns = [self.values(f, rows) for f in fields]
        return [dict(zip(fields, row, strict=True)) for row in zip(*columns, strict=True)]

    def csv_text(self, rows: npt.NDArray[np.int64] | None = None) -> str:
        """The table (at ``rows``) as CSV, written as pandas' ``to_csv(index=False)``
        writes it: a header line, missing values empty, numbers as Python prints them."""
        import csv  # here: the JSON path does not pay for it

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.names)
        writer.writerows(zip(*(self.values(name, rows) for name in self.names), strict=True))
        return out.getvalue()

    def frame(self) -> pd.DataFrame:
        """The table as a pandas DataFrame (whole numbers with missing values as ``Int64``)."""
        import pandas as pd

        return pd.DataFrame({
            name: pd.arrays.IntegerArray(c.values, c.missing) if isinstance(c, Nullable) else c
            for name, c in self.columns.items()})

NO_ID = np.array(None, dtype=object)


def identity_columns(event: Event) -> dict[str, Any]:
    """Who the players are, the same under every system."""
    players = event.players
    return {
        "id": [p.id for p in players],
        "name": [p.name for p in players],
        "title": [p.title for p in players],
        "fide_id": [p.fide_id for p in players],
        "federation": [p.federation for p in players],
    }


def standing_columns(standings: Standings) -> dict[str, Any]:
    """Tournament score and place after the current round (:mod:`tournament_elo.rating.standings`);
    a reference opponent's place is missing."""
    return {"points": standings.points / 100, "rank": ints(standings.rank, standings.rank > 0)}


def pairing_columns(event: Event) -> dict[str, Any]:
    """Round, opponent, colour and result of every pairing row."""
    pairings = event.pairings
    ids = np.array([p.id for p in event.players], dtype=object)
    has_opp = pairings.opponent >= 0
    return {
        "round": pairings.round,
        "player": ids[pairings.player],
        "opponent": np.where(has_opp, ids[np.maximum(pairings.opponent, 0)], NO_ID),
        "color": np.array([None, "w", "b"], dtype=object)[pairings.color],
        "result": TRF_CODE[pairings.result],
        "score": POINTS[pairings.result] / 100,
    }


def ints(values: npt.ArrayLike, keep: npt.ArrayLike) -> Nullable:
    """A nullable integer column: ``values`` where ``keep``, missing elsewhere."""
    return Nullable(np.asarray(values, dtype=np.int64), ~np.asarray(keep, dtype=bool))


def points_or_nan(hundredths: npt.ArrayLike, keep: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Hundredths as points where ``keep``, NaN elsewhere."""
    return np.where(keep, np.asarray(hundredths) / 100, np.nan)
