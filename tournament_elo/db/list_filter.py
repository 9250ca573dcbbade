"""Which players of a rating list to show: the active (or inactive) ones, an age group, a sex, a
federation, a club, a region — any of them together (``db ratings --active --category U16
--sex f``).  The command line's texts are read here, every bad one reported at once."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..errors import InputError, Place, Problems
from ..read.headers import fold, fold_name
from ..read.values import SEXES
from .categories import AgeGroup, age_group

Bools = npt.NDArray[np.bool_]

@dataclass(frozen=True)
class ListFilter:
    """The players a list keeps: each field set narrows it (None: everyone).  ``active``:
    only the players the list counts active (True) or inactive (False)."""

    active: bool | None = None
    category: AgeGroup | None = None
    sex: str | None = None  # "m" or "w", as the database keeps it
    federation: str | None = None
    club: str | None = None
    region: str | None = None

    @classmethod
    def of(cls, active: bool | None = None, category: str | None = None, sex: str | None = None,
           federation: str | None = None, club: str | None = None,
           region: str | None = None) -> ListFilter:
        """The filter the command line's options ask for (every bad one reported)."""
        problems = Problems()
        group = None if category is None else problems.checked(
            lambda: age_group(category), None)
        chosen = None if sex is None else problems.checked(lambda: _sex(sex), None)
        problems.raise_any()
        return cls(active, group, chosen, _given(federation), _given(club), _given(region))

    def keeps(self, table: pd.DataFrame, year: int) -> Bools:
        """Which rows of a list (``db ratings``' columns) are kept on a list of ``year``."""
        kept = np.ones(len(table), dtype=bool)
        if self.active is not None:
            kept &= table["active"].to_numpy(dtype=bool) == self.active
        if self.category is not None:
            years = table["birth_year"].fillna(0).to_numpy(dtype=np.int64)
            kept &= self.category.holds(years, year)
        if self.sex is not None:
            kept &= (table["sex"] == self.sex).fillna(False).to_numpy(dtype=bool)
        for column, wanted in (("federation", self.federation), ("club", self.club),
                               ("region", self.region)):
            if wanted is not None:
                kept &= np.asarray(_folded(table[column]) == fold_name(wanted), dtype=bool)
        return kept


#: The filter that keeps every player.
EVERYONE = ListFilter()


def _given(text: str | None) -> str | None:
    return text.strip() or None if text is not None else None


def _folded(column: pd.Series) -> npt.NDArray[np.object_]:
    """A column of names as a filter compares them: case and accents aside."""
    return column.fillna("").astype(str).map(fold_name).to_numpy(dtype=object)


def _sex(text: str) -> str:
    """``--sex`` as the readers read a sex (:data:`~.read.values.SEXES`): ``f`` or ``w``
    (``nữ``) a woman or a girl, ``m`` (``nam``) a man or a boy."""
    chosen = SEXES.get(fold(text))
    if chosen is None:
        raise InputError("unknown sex", Place("--sex"), found=repr(text),
                         expected="f (or w) for women and girls, m for men and boys")
    return chosen
