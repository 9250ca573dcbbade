"""Every worked example of seed 002 and fide.md, to the digit."""

from datetime import date

import pandas as pd
import pytest

from helpers import make_event
from tournament_elo.model import EventType
from tournament_elo.rating.engine import rate
from tournament_elo.rating.request import RateRequest
from tournament_elo.systems.fide.first_rating import first_rating
from tournament_elo.systems.registry import fide_editions, get_edition

K10 = [{"k": 10}, {"k": 10}]


def _row(result, player_id):
    table = result.players
    return table[table["id"] == player_id].iloc[0]


@pytest.mark.parametrize(
    ("code", "change_a", "change_b", "new_a", "new_b"),
    [
        ("1", 3.6, -3.6, 2504, 2396),  # 10 × (1 − .64) and 10 × (0 − .36)
        ("0", -6.4, 6.4, 2494, 2406),  # 10 × (0 − .64) and 10 × (1 − .36)
        ("=", -1.4, 1.4, 2499, 2401),  # 10 × (½ − .64) and 10 × (½ − .36)
    ],
)
def test_seed_002_2500_against_2400_with_k_10(code, change_a, change_b, new_a, new_b):
    event = make_event([2500, 2400], [(1, 1, 2, code)], end=date(2010, 5, 1), players=K10)
    result = rate(event, "fide")
    assert result.system.name == "fide-2009"
    a, b = _row(result, 1), _row(result, 2)
    assert (a["expected"], b["expected"]) == (0.64, 0.36)
    assert (a["change"], b["change"]) == (change_a, change_b)
    assert (a["new_rating"], b["new_rating"]) == (new_a, new_b)


def test_seed_002_nine_games_at_64_need_six_points():
    # 2500 against nine opponents rated 2400: 9 × .64 = 5.76, rounded up to 6.
    event = make_event([2500] + [2400] * 9, [(r, 1, r + 1, "=") for r in range(1, 10)])
    me = _row(rate(event, "fide-2009"), 1)
    assert me["expected"] == 5.76
    assert me["need"] == 6.0


def test_seed_002_400_rule_needs_eight_and_a_half_and_one():
    # Nine opponents 500 below: counted as 400 → .92 × 9 = 8.28 → 8.5; the weaker .08 each.
    ratings = [2900] + [2400] * 9
    event = make_event(ratings, [(r, 1, r + 1, "1") for r in range(1, 10)])
    result = rate(event, "fide-2009")
    assert _row(result, 1)["need"] == 8.5
    nine_lows = make_event([2400] + [2900] * 9, [(r, 1, r + 1, "0") for r in range(1, 10)])
    low = _row(rate(nine_lows, "fide-2009"), 1)
    assert low["expected"] == 0.72 and low["need"] == 1.0


def test_fide_2024_first_rating_example():
    # fide.md: 5 games, 3 points, opponents sum 9507 → Ra = (9507 + 3600) / 7 = 1872.43,
    # p = 4/7 = 57 %, dp = 50, Ru = 1922.
    assert first_rating(fide_editions()["fide-2024"], 5, 300, 9507) == 1922
    opponents = [1900, 1901, 1902, 1902, 1902]
    assert sum(opponents) == 9507
    games = [(r, 1, r + 1, "1" if r <= 3 else "0") for r in range(1, 6)]
    result = rate(make_event([None, *opponents], games), "fide-2024")
    me = _row(result, 1)
    assert me["new_rating"] == 1922 and me["games_rated"] == 5 and me["score_rated"] == 3.0
    # the rated players' games against him are not rated
    assert _row(result, 2)["games_rated"] == 0


def test_700_cap_39_games_at_k20_become_k17():
    # 20 × 39 = 780 > 700, so K = the largest whole number with K × 39 ≤ 700: 17.
    games = [(r, 1, r + 1, "=") for r in range(1, 40)]
    event = make_event([2000] * 40, games, end=date(2024, 6, 1))
    me = _row(rate(event, "fide-2024"), 1)
    assert me["games_rated"] == 39 and me["k"] == 17
    assert _row(rate(event, "fide-2022"), 1)["k"] == 20  # no cap before March 2024


def test_2650_rule_makes_the_two_expected_scores_differ():
    # 2700 against 2200: 500 points.  fide-2025: the 2700 player uses 500 → .96, the
    # 2200 player is capped at 400 → .08; the two no longer sum to 1.
    event = make_event([2700, 2200], [(1, 1, 2, "1")], end=date(2025, 12, 1))
    result = rate(event, "fide")
    assert result.system.name == "fide-2025"
    assert (_row(result, 1)["expected"], _row(result, 2)["expected"]) == (0.96, 0.08)
    before = rate(event, "fide-2024")
    assert (_row(before, 1)["expected"], _row(before, 2)["expected"]) == (0.92, 0.08)
    rapid = rate(event, "fide-2025-rapid")  # rapid keeps the plain 400-point rule
    assert _row(rapid, 1)["expected"] == 0.92


def test_2022_once_per_event_rule():
    # 2600 meets 2100 (500), 2150 (450), 2000 (600).  Capped only in the 600 game:
    # .92 + .96 (485-517) + .94 (433-456) = 2.82.  Each weaker player is capped: .08.
    games = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "1")]
    result = rate(make_event([2600, 2100, 2150, 2000], games), "fide-2022")
    assert _row(result, 1)["expected"] == 2.82
    assert [_row(result, i)["expected"] for i in (2, 3, 4)] == [0.08] * 3
    assert _row(rate(make_event([2600, 2100, 2150, 2000], games), "fide-2014"), 1)[
        "expected"
    ] == 2.76  # .92 × 3


@pytest.mark.parametrize(("code", "a", "b"), [("1", 3, -3), ("0", -8, 8)])
def test_rounding_half_away_from_zero(code, a, b):
    # 2500 vs 2310: D = 190 → .75/.25.  K 10: a win gives +2.5/−2.5 → +3/−3 (round()
    # would give 2/−2); a loss −7.5/+7.5 → −8/+8.
    event = make_event([2500, 2310], [(1, 1, 2, code)], players=K10)
    result = rate(event, "fide-2024")
    assert abs(_row(result, 1)["change"]) in (2.5, 7.5)
    assert (_row(result, 1)["change_rounded"], _row(result, 2)["change_rounded"]) == (a, b)


@pytest.mark.parametrize(
    ("edition", "games", "ever_2400", "rating", "k"),
    [
        ("fide-2009", 5, False, 2450, 25),  # new player until 30 games, even above 2400
        ("fide-2009", 40, False, 2300, 15),
        ("fide-2009", 40, True, 2300, 10),  # once 2400, then 10 for good
        ("fide-2014", 5, False, 2100, 40),
        ("fide-2014", 40, False, 2100, 20),
        ("fide-2014", 40, True, 2350, 10),
        ("fide-2024", 40, False, 2450, 10),  # rated 2400+ is "reached 2400"
    ],
)
def test_k_by_edition(edition, games, ever_2400, rating, k):
    players = [{"games": games, "ever_2400": ever_2400}, {}]
    event = make_event([rating, rating], [(1, 1, 2, "=")], players=players)
    assert _row(rate(event, edition), 1)["k"] == k


@pytest.mark.parametrize(
    ("edition", "birth", "k"),
    [
        ("fide-2014", date(2007, 1, 20), 40),  # 17 on 15 Jan 2025
        ("fide-2014", date(2007, 1, 10), 20),  # 18 since 10 Jan 2025
        ("fide-2024", date(2007, 1, 10), 40),  # until the end of the year of his 18th birthday
        ("fide-2024", date(2006, 12, 31), 20),
    ],
)
def test_junior_rule(edition, birth, k):
    players = [{"birth": birth, "birth_year": birth.year}, {}]
    event = make_event([2100, 2100], [(1, 1, 2, "=")], players=players)  # 15 Jan 2025
    assert _row(rate(event, edition), 1)["k"] == k


def test_junior_above_2300_and_explicit_k():
    players = [{"birth_year": 2010}, {"k": 30}]
    event = make_event([2350, 2100], [(1, 1, 2, "=")], players=players)
    result = rate(event, "fide-2024")
    assert (_row(result, 1)["k"], _row(result, 2)["k"]) == (20, 30)


@pytest.mark.parametrize(
    ("day", "name"),
    [
        (date(2005, 7, 31), "fide-2009"),
        (date(2014, 6, 30), "fide-2009"),
        (date(2014, 7, 1), "fide-2014"),
        (date(2021, 12, 31), "fide-2014"),
        (date(2022, 1, 1), "fide-2022"),
        (date(2024, 2, 29), "fide-2022"),
        (date(2024, 3, 1), "fide-2024"),
        (date(2025, 9, 30), "fide-2024"),
        (date(2025, 10, 1), "fide-2025"),
    ],
)
def test_edition_in_force(day, name):
    assert get_edition("fide", day).name == name
    assert get_edition("fide-blitz", day).name == name + "-blitz"


def test_performance_seed_examples():
    # Seed 002: opponents 2000, 2100, 2200 → Ra 2100.  2200 against 2700 and 1500:
    # plain Ra (2700 + 1500) / 2 = 2100, capped (2600 + 1800) / 2 = 2200.
    three = make_event([2150, 2000, 2100, 2200], [(1, 1, 2, "1"), (2, 1, 3, "="), (3, 1, 4, "0")])
    me = _row(rate(three, "fide-2009"), 1)
    assert (me["ra"], me["dp"], me["rp"]) == (2100, 0, 2100)  # 50 % → dp 0
    two = make_event([2200, 2700, 1500], [(1, 1, 2, "="), (2, 1, 3, "1")])
    assert _row(rate(two, "fide-2009"), 1)["ra"] == 2100
    capped = _row(rate(two, RateRequest(system="fide-2009", average_rule="capped")), 1)
    # 1.5 of 2 = 75 % → dp 193
    assert (capped["ra"], capped["dp"], capped["rp"]) == (2200, 193, 2393)


def test_2009_round_robin_counts_a_new_player_who_gets_rated():
    # Round robin of 4: player 4 unrated scores 1.5 of 3 (≥ 1 point) → Ru; the rated
    # players' games against him count with that rating.  Ra = (2000+2100+2200)/3 = 2100;
    # 1.5/3 = 50 % → Ru = 2100 + 12.5 × 0 = 2100.
    games = [(1, 1, 4, "0"), (1, 2, 3, "="), (2, 4, 2, "="), (2, 3, 1, "="),
             (3, 3, 4, "1"), (3, 1, 2, "=")]
    ratings = [2000, 2100, 2200, None]
    event = make_event(ratings, games, end=date(2010, 1, 1), type=EventType.ROUND_ROBIN)
    result = rate(event, "fide")
    assert result.players.loc[3, "ru"] == 2100
    assert pd.isna(_row(result, 4)["new_rating"])  # 2009 publishes a first rating from 9 games
    assert _row(result, 1)["games_rated"] == 3  # his game against player 4 counts
    swiss = rate(make_event(ratings, games, end=date(2010, 1, 1)), "fide")
    assert _row(swiss, 1)["games_rated"] == 2


def test_first_rating_rules_by_edition():
    # 2014: Ra + dp.  6 games, 4 points vs sum 12000 → Ra 2000, 67 % → dp 125 → 2125.
    assert first_rating(fide_editions()["fide-2014"], 6, 400, 12000) == 2125
    # 2022: above 50 %: Ra + 20 per half point above 50 %: 4 of 6 is 2 half points → 2040.
    assert first_rating(fide_editions()["fide-2022"], 6, 400, 12000) == 2040
    # 2022: a zero score is disregarded.
    assert first_rating(fide_editions()["fide-2022"], 6, 0, 12000) is None
    # 2009: from 50 %: Ra + 12.5 per half point above: 2000 + 25 = 2025.
    assert first_rating(fide_editions()["fide-2009"], 6, 400, 12000) == 2025
    # 2024: capped at 2200: 6 of 6 against 2300s: Ra = (13800 + 3600) / 8 = 2175,
    # p = 7/8 = 88 % → dp 336 → 2511 → 2200.
    assert first_rating(fide_editions()["fide-2024"], 6, 600, 13800) == 2200
    # 2024: below the 1400 floor gives no rating: 0.5 of 5 against 1000s:
    # Ra = (5000 + 3600) / 7 = 1228.57, p = 1.5/7 = 21 % → −230 → 999.
    assert first_rating(fide_editions()["fide-2024"], 5, 50, 5000) is None
    assert fide_editions()["fide-2014"].new_player_min_points == 0.5


def test_a_rating_that_falls_below_the_floor_is_not_published():
    # 1405 loses to 1405 with K 40 (new player): 40 × (0 − .50) = −20 → 1385 < 1400.
    players = [{"games": 3}, {"games": 3}]
    result = rate(make_event([1405, 1405], [(1, 1, 2, "0")], players=players), "fide-2024")
    assert result.players["change_rounded"].tolist() == [-20, 20]
    assert pd.isna(result.players.loc[0, "new_rating"])
    assert result.players.loc[1, "new_rating"] == 1425
    assert "falls to 1385, below the fide-2024 floor of 1400" in str(result.warnings[-1])
