"""The rating list as FIDE's list formats give it (``db ratings --format fide-txt`` and
``fide-xml``): one row per rated player, by name as FIDE sorts its lists, with what
FIDE's per-speed lists show of him.

- ``sex``, ``title``, ``birth_year`` are his record's; ``federation``, ``rating``, ``k``
  (for the next period) the list's, as ``db ratings`` shows them.
- ``period_games`` is FIDE's ``Gms``: the games rated in the list's period.
- ``women_title``: a woman's title when it is one of FIDE's women's titles (FIDE prints
  ``WFM`` under ``Tit`` and ``WTit`` alike for a woman whose title it is); the database
  keeps no other.  It keeps no other titles (arbiters', trainers') nor FOA titles either:
  FIDE's ``OTit`` and ``FOA`` stay blank.
- ``flag``: :func:`flags`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

import numpy as np
import pandas as pd

from ..read.headers import fold_name
from .queries import Computation, ratings
from .store import Database

#: FIDE's titles for women alone.
FIDE_WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})
#: The columns of :attr:`FideList.table`.
FIDE_LIST_COLUMNS = ("fide_id", "name", "federation", "sex", "title", "women_title",
                     "rating", "period_games", "k", "birth_year", "flag")


@dataclass(frozen=True)
class FideList:
    """A list as FIDE's formats give it: its date and its rows (:data:`FIDE_LIST_COLUMNS`;
    ``sex`` spelled ``m`` or ``w`` as the event readers spell it, ``None`` where the
    database does not know it)."""

    day: date
    table: pd.DataFrame


def fide_list(db: Database, comp: Computation, on: date | None = None) -> FideList:
    """The list in force on ``on`` (the latest if None) with FIDE's columns, by name."""
    listed = ratings(db, comp, on)
    sex_of = dict(db.query("SELECT id, sex FROM players"))
    sexes = [sex_of.get(pid) for pid in listed["id"].tolist()]
    table = pd.DataFrame({
        "fide_id": listed["fide_id"], "name": listed["name"],
        "federation": listed["federation"], "sex": sexes, "title": listed["title"],
        "women_title": [t if t in FIDE_WOMEN_TITLES and s == "w" else None
                        for t, s in zip(listed["title"], sexes, strict=True)],
        "rating": listed["rating"], "period_games": listed["period_games"],
        "k": listed["k"], "birth_year": listed["birth_year"], "flag": flags(sexes),
    }, columns=list(FIDE_LIST_COLUMNS))
    order = np.lexsort((table["fide_id"].fillna("").to_numpy(),
                        table["name"].map(fold_name).to_numpy()))
    return FideList(listed.attrs["list_date"], table.iloc[order].reset_index(drop=True))


def flags(sexes: Sequence[str | None]) -> list[str | None]:
    """FIDE's ``Flag`` of each player: ``w`` for a woman, then ``i`` for a player FIDE
    counts inactive.  Whether a player is inactive is not something the database knows:
    no ``i`` is written (a woman's flag is ``w``, not ``wi``)."""
    return ["w" if sex == "w" else None for sex in sexes]
