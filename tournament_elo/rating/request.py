"""What to compute for an event: the one set of choices that ``rate``, ``check``,
``watch``, the desk and ``db import`` build, and :func:`~.engine.rate` takes.

Light on purpose (no numpy, no readers): the command line builds a request before it
has read anything.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, Place
from ..systems.fide.average_rule import UNRATED_OPPONENTS_SETTING, AverageRule

if TYPE_CHECKING:
    from ..model import ListEntry
    from ..prize_table import PrizeTable
    from .teams.report import TeamOptions


@dataclass(frozen=True, kw_only=True)
class RateRequest:
    """An event's rating as asked for: each field is the ``rate`` option it is named
    after, and its default is what ``rate`` does without that option.

    ``ratings`` is a rating list's entries (:func:`~tournament_elo.read_rating_list`);
    ``lots`` a seed (a whole number, or its text), or ``"draw"`` for a new one, which the
    result's event carries (``result.event.lots_seed``); ``order`` the file of the
    arbiter's final order; ``date`` the event's date where its file gives none;
    ``settings`` the system's own (``--set KEY=VALUE``); ``team_options`` how a team
    event's teams are ranked and scored (``tournament-elo teams``' options; None: the
    defaults); ``prizes`` the prize table whose prizes are given by the standings
    (:func:`~tournament_elo.read_prize_table`; None: no prize list).
    """

    system: str = "fide"
    ratings: Sequence[ListEntry] | None = None
    tiebreaks: str | None = None
    tiebreak_rules: str | None = None
    unrated_rating: int | None = None
    unrated_opponents: str | None = None
    average_rule: str = AverageRule.PLAIN
    after_round: int | None = None
    date: datetime.date | None = None
    lots: int | str | None = None
    order: str | Path | None = None
    norm_event: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)
    team_options: TeamOptions | None = None
    prizes: PrizeTable | None = None

    def system_settings(self) -> dict[str, str]:
        """The settings the system is given: ``--set``'s, with ``--unrated-opponents``."""
        chosen = dict(self.settings)
        if self.unrated_opponents is not None:
            chosen[UNRATED_OPPONENTS_SETTING] = self.unrated_opponents
        return chosen


def parse_day(value: str | None, option: str) -> datetime.date | None:
    """An option's date, YYYY-MM-DD (None: not given)."""
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise InputError("not a date", Place(option), found=repr(value),
                         expected="YYYY-MM-DD") from None
