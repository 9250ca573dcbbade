"""The activity rule of a system's definition (``[activity]``): when a list counts a
player inactive, the FIDE editions' articles, the Vietnamese systems' silence."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_elo.errors import SystemDefinitionError
from tournament_elo.systems.activity import ALWAYS_ACTIVE, Activity, months_before
from tournament_elo.systems.registry import built_in_systems, get_system, load_definition

FIRSTS = st.builds(date, st.integers(2000, 2030), st.integers(1, 12), st.just(1))


@given(FIRSTS, FIRSTS)
def test_a_year_of_monthly_lists_without_a_rated_game(last: date, day: date) -> None:
    # Lists on the first of each month: inactive on the list of ``day`` when the last list
    # after a rated game is twelve or more months before it (FIDE: "no rated games in a
    # one-year period"), counted as months here.
    months = (day.year * 12 + day.month) - (last.year * 12 + last.month)
    found = Activity(12).inactive(np.array([last.toordinal()]), day)
    assert bool(found[0]) == (months >= 12)


@given(st.dates(date(2000, 1, 1), date(2030, 12, 31)), st.integers(1, 120),
       st.integers(0, 5000), st.integers(0, 5000))
def test_inactivity_lasts_until_a_rated_game(last: date, months: int, wait: int,
                                             later: int) -> None:
    # Active on the list after his rated game; once inactive, inactive on every later list
    # (he plays no more); never played: inactive at once; no rule: no one inactive.
    rule = Activity(months)
    played = np.array([last.toordinal(), 0])
    assert list(rule.inactive(played, last)) == [False, True]
    day = date.fromordinal(last.toordinal() + wait)
    if rule.inactive(played, day)[0]:
        assert rule.inactive(played, date.fromordinal(day.toordinal() + later))[0]
    assert not ALWAYS_ACTIVE.inactive(played, day).any()


def test_months_before_keeps_the_day_where_the_month_has_it() -> None:
    assert months_before(date(2025, 1, 1), 12) == date(2024, 1, 1)
    assert months_before(date(2025, 3, 31), 1) == date(2025, 2, 28)
    assert months_before(date(2024, 2, 29), 12) == date(2023, 2, 28)
    assert months_before(date(2025, 1, 15), 13) == date(2023, 12, 15)


def test_each_built_in_system_says_its_rule() -> None:
    systems = built_in_systems()
    for name, system in systems.items():
        if name.startswith("fide-"):
            assert system.activity.months == 12, name
        else:
            assert system.activity == ALWAYS_ACTIVE, name
    assert get_system("fide-2024").activity.rule == "FIDE Rating Regulations 1 March 2024, 7.2.2"
    assert "7.2.2" in get_system("fide-2025-blitz").activity.rule
    assert "7.3" in get_system("fide-2014").activity.rule
    assert "7.3" in get_system("fide-2009").activity.rule
    # ``fide`` by date: the edition in force says it.
    assert get_system("fide", date(2016, 5, 1)).activity.rule.startswith(
        "FIDE Rating Regulations 2014")
    assert "activity: inactive after 12 months without a rated game" in get_system(
        "fide-2022").describe()
    assert ("activity: every player is active (the rules say nothing of inactivity)"
            in get_system("tuong-ky").describe())


CLUB = """name = "club"
description = "a club"
initial_rating = 1200
[expected]
divisor = 400
[k]
by = "rating"
bands = [{ k = 20 }]
[rounding]
mode = "half-up"
"""


def test_a_definition_of_ones_own_says_its_activity(tmp_path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(CLUB + '[activity]\ninactive_after_months = 24\nrule = "club rules 4.2"\n',
                    encoding="utf-8")
    (system,) = load_definition(path)
    assert system.activity == Activity(24, "club rules 4.2")
    assert "inactive after 24 months" in system.describe()


@pytest.mark.parametrize(("table", "reason"), [
    ("inactive_after_months = 0", "key 'activity.inactive_after_months': is out of range; "
     "found 0, expected a whole number from 1 to 120"),
    ("inactive_after_months = 12\nmonths = 3", "key 'activity.months': is not a known key"),
    ('rule = "x"', "key 'activity.inactive_after_months': is missing"),
])
def test_a_wrong_activity_table_is_refused_naming_its_key(tmp_path, table: str,
                                                         reason: str) -> None:
    path = tmp_path / "club.toml"
    path.write_text(CLUB + "[activity]\n" + table + "\n", encoding="utf-8")
    with pytest.raises(SystemDefinitionError) as raised:
        load_definition(path)
    assert reason in str(raised.value)
