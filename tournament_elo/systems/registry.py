"""The built-in rating systems by name, and the choice of FIDE edition by date."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

from ..errors import Place, SystemDefinitionError
from .fide import DifferenceRule, FideEdition, JuniorRule, NewPlayerRule

_FIDE_2009 = FideEdition(
    name="fide-2009",
    description="FIDE 2009-2014: K 25/15/10, 400-point rule, floor 1200",
    in_force_from=date(2009, 7, 1),
    k_new=25,
    k_established=15,
    junior=JuniorRule.NONE,
    difference=DifferenceRule.CAP_400,
    floor=1200,
    new_player=NewPlayerRule.BONUS_12_5,
    new_player_min_points=Fraction(1),
    new_player_min_games=9,
    new_player_min_opponents_swiss=3,
    round_robin_counts_new_players=True,
)
_FIDE_2014 = replace(
    _FIDE_2009,
    name="fide-2014",
    description="FIDE 2014-2021: K 40/20/10 (juniors 40 below 2300), 400-point rule, floor 1000",
    in_force_from=date(2014, 7, 1),
    k_new=40,
    k_established=20,
    junior=JuniorRule.UNDER_18,
    floor=1000,
    new_player=NewPlayerRule.PERFORMANCE,
    new_player_min_points=Fraction(1, 2),
    new_player_min_games=5,
    new_player_min_opponents_swiss=0,
    round_robin_counts_new_players=False,
)
_FIDE_2022 = replace(
    _FIDE_2014,
    name="fide-2022",
    description="FIDE 2022-Feb 2024: the 400-point rule once per event, first ratings Ra + 20 "
    "per half point above 50 %",
    in_force_from=date(2022, 1, 1),
    difference=DifferenceRule.ONCE_PER_EVENT,
    new_player=NewPlayerRule.BONUS_20,
)
_FIDE_2024 = replace(
    _FIDE_2014,
    name="fide-2024",
    description="FIDE Mar 2024-Sep 2025: K x games <= 700, floor 1400, first ratings with two "
    "1800 draws",
    in_force_from=date(2024, 3, 1),
    junior=JuniorRule.YEAR_OF_18,
    floor=1400,
    new_player=NewPlayerRule.TWO_DRAWS_1800,
    first_rating_cap=2200,
    k_times_games_cap=700,
)
_FIDE_2025 = replace(
    _FIDE_2024,
    name="fide-2025",
    description="FIDE from Oct 2025: as 2024, the 400-point rule only for players below 2650",
    in_force_from=date(2025, 10, 1),
    difference=DifferenceRule.CAP_400_BELOW_2650,
)
_STANDARD = (_FIDE_2009, _FIDE_2014, _FIDE_2022, _FIDE_2024, _FIDE_2025)


def _variant(edition: FideEdition, speed: str) -> FideEdition:
    return replace(
        edition,
        name=f"{edition.name}-{speed}",
        description=f"{edition.description} ({speed}: plain 400-point rule, 600-point rule "
        "from Dec 2024)",
        speed=speed,
        difference=DifferenceRule.CAP_400,
        big_difference_unrated_from=date(2024, 12, 1),
    )


FIDE_EDITIONS: dict[str, FideEdition] = {
    e.name: e
    for e in (*_STANDARD, *(_variant(e, s) for s in ("rapid", "blitz") for e in _STANDARD))
}

#: Names that choose the edition in force at the event's date.
DATED_ALIASES = {"fide": "", "fide-rapid": "-rapid", "fide-blitz": "-blitz"}


def edition_in_force(day: date, suffix: str = "") -> FideEdition:
    """The FIDE edition in force on ``day``; events before July 2009 use fide-2009."""
    chosen = _STANDARD[0]
    for edition in _STANDARD:
        if day >= edition.in_force_from:
            chosen = edition
    return FIDE_EDITIONS[chosen.name + suffix]


def system_names() -> list[str]:
    return [*DATED_ALIASES, *FIDE_EDITIONS]


def get_edition(name: str, event_day: date | None) -> FideEdition:
    """Resolve a system name; ``fide`` picks by the event's date (latest if none)."""
    if name in DATED_ALIASES:
        suffix = DATED_ALIASES[name]
        return edition_in_force(event_day or date.max, suffix)
    try:
        return FIDE_EDITIONS[name]
    except KeyError:
        raise SystemDefinitionError(
            "unknown rating system", Place("--system"), found=repr(name),
            expected="one of " + ", ".join(system_names()),
        ) from None
