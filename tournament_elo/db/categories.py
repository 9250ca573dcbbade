"""The age groups of a rating list, as FIDE counts them: by the year of birth and the
list's year (a list publishes the year of birth alone: FIDE Rating Regulations 7.1.2).

- **Under n** (U8 … U20): under n on 1 January of the list's year, as FIDE's youth and
  junior championships count it — born in the year Y − n or later on a list of year Y
  (U16 on a 2026 list: born in 2010 or later).
- **n and over** (50+, 65+): n or older by 31 December of the list's year, as FIDE's
  senior championships count it — born in Y − n or earlier (65+ in 2026: born in 1961 or
  earlier).

A player whose birth year is not known is in no age group.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..i18n.message import message

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class AgeGroup(NamedTuple):
    """An age group: ``U16`` (``under`` 16) or ``65+`` (``over`` 65)."""

    code: str
    under: int | None = None
    over: int | None = None

    def holds(self, birth_year: Ints, year: int) -> Bools:
        """Which players (their birth years, 0 unknown) are in the group on a list of
        ``year``."""
        known = birth_year > 0
        if self.under is not None:
            return np.asarray(known & (birth_year >= year - self.under))
        assert self.over is not None
        return np.asarray(known & (birth_year <= year - self.over))


#: FIDE's age groups, youngest first.
AGE_GROUPS: tuple[AgeGroup, ...] = (
    *(AgeGroup(f"U{n}", under=n) for n in (8, 10, 12, 14, 16, 18, 20)),
    AgeGroup("50+", over=50), AgeGroup("65+", over=65),
)
_BY_CODE = {group.code.lower(): group for group in AGE_GROUPS}


def age_group(text: str, option: str = "--category") -> AgeGroup:
    """The age group named ``text`` (``U16``, ``u16``, ``65+``), or an error naming the
    option."""
    found = _BY_CODE.get(text.strip().lower())
    if found is None:
        raise InputError("unknown category", Place(option), found=repr(text),
                         expected=message("one of {}",
                                          ", ".join(g.code for g in AGE_GROUPS)))
    return found
