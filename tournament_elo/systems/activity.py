"""When a rating list counts a player inactive, as a system's definition says it.

A definition's optional ``[activity]`` table gives the rule::

    [activity]
    inactive_after_months = 12    # no rated game in the lists of this many months: inactive
    rule = "FIDE Rating Regulations (1 March 2024), 7.2.2"

Without it every player is active (the Vietnamese systems' documents say nothing of
activity).  Inactivity changes no rating: it is what a list says of a player beside it.

The list dated D counts a player inactive when none of the lists dated in the window
(D − months, D] follows a period in which he played a rated game: FIDE's "no rated games
in a one-year period" is the twelve monthly lists ending with D, and the list after a
period with a rated game lists him active again ("listed as active on the next list").
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .definition_file import DefinitionReader

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: The longest inactivity period a definition may give: ten years.
MAX_MONTHS = 120


def months_before(day: date, months: int) -> date:
    """The same day ``months`` earlier; a day the month lacks (31 April) becomes its last."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


class Activity(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """A system's activity rule: ``months`` without a rated game make a player inactive
    (None: every player is always active); ``rule`` is where its regulations say so."""

    months: int | None = None
    rule: str = ""

    def inactive(self, last_played: Ints, day: date) -> Bools:
        """Which players the list dated ``day`` counts inactive, from ``last_played``: the
        ``date.toordinal()`` of the latest list, on or before ``day``, after a period in
        which each played a rated game (0: none known)."""
        if self.months is None:
            return np.zeros(len(last_played), dtype=bool)
        return np.asarray(last_played <= months_before(day, self.months).toordinal())

    def describe(self) -> str:
        """The rule in words, for ``tournament-elo systems NAME``."""
        if self.months is None:
            return "activity: every player is active (the rules say nothing of inactivity)"
        cited = f" ({self.rule})" if self.rule else ""
        return (f"activity: inactive after {self.months} months without a rated game, active "
                f"again on the list after a period with one{cited}")


#: A system whose rules say nothing of inactivity.
ALWAYS_ACTIVE = Activity()


def activity_from(reader: DefinitionReader) -> Activity:
    """The definition's ``[activity]`` table (absent: every player active)."""
    table = reader.table("activity")
    if table is None:
        return ALWAYS_ACTIVE
    found = Activity(table.whole("inactive_after_months", low=1, high=MAX_MONTHS),
                     table.take("rule", str, ""))
    table.finish()
    return found
