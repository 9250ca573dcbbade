"""The prize-giving's rules (``tournament_elo.rating.prizes``) on small events built in
code, their winners derived by hand; the shares' rounding by hand and by invariants.
The whole path on a 30-player event is ``tests/cli/test_prize_list.py``."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import make_event
from tournament_elo.errors import InputError
from tournament_elo.model import Event
from tournament_elo.prize_table import AgeGroup, Sharing
from tournament_elo.rating.engine import rate
from tournament_elo.rating.prizes import in_age_group, shares
from tournament_elo.rating.request import RateRequest
from tournament_elo.read.prizes import read_prize_table
from tournament_elo.read.sheets import read_sheets

CENT = Decimal("0.01")


def test_a_split_of_100_among_3_is_to_the_cent_the_cent_left_to_the_best_placed() -> None:
    assert shares([Decimal(100)], 3, Sharing.SPLIT, CENT) == [
        Decimal("33.34"), Decimal("33.33"), Decimal("33.33")]
    # Hort: 100 / 2 / 3 = 16.666… each, and the first's 50: 66.666…, 16.666…, 16.666…
    # are 66.66, 16.66, 16.66 to the cent, the 2 cents left to the first two.
    assert shares([Decimal(100)], 3, Sharing.HORT, CENT) == [
        Decimal("66.67"), Decimal("16.67"), Decimal("16.66")]


def test_a_split_in_whole_thousands_of_dong() -> None:
    # 5,000,000 + 3,000,000 among three, paid in thousands: 8,000 thousands / 3 = 2,666.67,
    # rounded down 2,666 each (7,998), the 2 left to the first two.
    assert shares([Decimal(5_000_000), Decimal(3_000_000)], 3, Sharing.SPLIT,
                  Decimal(1000)) == [Decimal(2_667_000), Decimal(2_667_000), Decimal(2_666_000)]
    # Hort: half in equal parts (1,333,333.33 each), half as the prizes fall (2,500,000,
    # 1,500,000, 0): 3,833,333.33, 2,833,333.33, 1,333,333.33 → 3,833,000, 2,833,000,
    # 1,333,000 (7,999,000) and the thousand left to the first.
    assert shares([Decimal(5_000_000), Decimal(3_000_000)], 3, Sharing.HORT,
                  Decimal(1000)) == [Decimal(3_834_000), Decimal(2_833_000), Decimal(1_333_000)]


@given(st.lists(st.integers(0, 10**7), min_size=1, max_size=6), st.integers(0, 5),
       st.sampled_from([Sharing.SPLIT, Sharing.HORT]), st.sampled_from(["0.01", "1", "1000"]))
def test_shares_pay_the_whole_pool_each_within_a_unit_of_its_exact_part(
        units: list[int], more: int, sharing: Sharing, unit_text: str) -> None:
    unit = Decimal(unit_text)
    amounts = [unit * u for u in units]
    players = len(units) + more
    paid = shares(amounts, players, sharing, unit)
    assert sum(paid) == sum(amounts)  # nothing lost, nothing made
    pool = sum(units)
    own = [*units, *[0] * more]
    for k, share in enumerate(paid):
        exact = Fraction(pool, players) if sharing is Sharing.SPLIT else \
            Fraction(own[k], 2) + Fraction(pool, 2 * players)
        assert -1 < Fraction(share / unit) - exact < 1  # rounded down, or up by the units left
        assert share % unit == 0
    if sharing is Sharing.SPLIT:  # equal parts, the units left to the first
        assert paid == sorted(paid, reverse=True) and paid[0] - paid[-1] <= unit


def test_ages_go_by_the_year_as_fide_counts_them() -> None:
    # In a 2025 event: born 2009 is 16 (had not turned 16 before 1 January 2025): U16;
    # born 2008 is 17: not.  Born 1975 is 50 (turns 50 by 31 December): 50+; 1976 not.
    u16, senior = AgeGroup("U16", under=16), AgeGroup("50+", over=50)
    assert [in_age_group(u16, 2025 - year) for year in (2008, 2009, 2015)] == [
        False, True, True]
    assert [in_age_group(senior, 2025 - year) for year in (1975, 1976)] == [True, False]


def _table(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "prizes.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _winners(event: Event, tmp_path: Path, text: str) -> list[tuple[str, object, object]]:
    result = rate(event, RateRequest(system="fide-2024",
                                     prizes=read_prize_table(_table(tmp_path, text))))
    assert result.prizes is not None
    players = result.event.players
    return [(a.prize.name, None if a.player is None else players[a.player].id,
             a.amount and float(a.amount)) for a in result.prizes.awards]


#: Four players, two rounds: no. 1 beats 2 and 3; no. 2 beats 4; no. 3 draws 4.
#: Standings: 1 (2 points), 2 (1), then 4 and 3 on ½ (4's BH: 1 + ½ = 1½, 3's: 2 + ½:
#: no. 3 ahead), so 1, 2, 3, 4.
FOUR = [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "1"), (2, 2, 4, "1")]


def _four(**attributes: list[object]) -> Event:
    players = [{key: values[i] for key, values in attributes.items()} for i in range(4)]
    return make_event([2100, 1950, 1750, None], FOUR, end=None, players=players)


def test_one_prize_per_player_or_one_of_each_list(tmp_path: Path) -> None:
    event = _four(sex=["m", "w", "w", "m"])
    table = ('[[prize]]\nname = "1st"\namount = 100\n[[prize]]\nname = "2nd"\namount = 50\n'
             'place = 2\n[[prize]]\nname = "Woman"\namount = 60\nwomen = true\n')
    # One per player: 1st to no. 1; the woman's (60) before the 2nd's (50), to no. 2, the
    # best woman; the 2nd's then to the best placed without one: no. 3.
    assert _winners(event, tmp_path, table) == [("1st", 1, 100), ("2nd", 3, 50),
                                                 ("Woman", 2, 60)]
    # One of each list: no. 2 is 2nd and the best woman.
    assert _winners(event, tmp_path, table + "[rules]\none_per_player = false\n") == [
        ("1st", 1, 100), ("2nd", 2, 50), ("Woman", 2, 60)]
    # The table's order: no. 2 takes the 2nd's (listed before the woman's), the woman's
    # goes to no. 3.
    assert _winners(event, tmp_path, table + '[rules]\npriority = "order"\n') == [
        ("1st", 1, 100), ("2nd", 2, 50), ("Woman", 3, 60)]


def test_a_rating_band_counts_the_rated_and_the_unrated_have_their_own(
        tmp_path: Path) -> None:
    event = _four()
    table = ('[[prize]]\nname = "Under 1800"\namount = 30\nrating_below = 1800\n'
             '[[prize]]\nname = "1800-2000"\namount = 30\nrating_from = 1800\n'
             'rating_below = 2000\n'
             '[[prize]]\nname = "Unrated"\namount = 20\nunrated = true\n'
             '[[prize]]\nname = "Under 1700"\namount = 10\nrating_below = 1700\n')
    # No. 4 is unrated: not under 1800 (nor 1700), the unrated prize's; under 1800 is
    # no. 3 (1750), 1800-2000 no. 2 (1950); nobody is rated under 1700.
    assert _winners(event, tmp_path, table) == [
        ("Under 1800", 3, 30), ("1800-2000", 2, 30), ("Unrated", 4, 20),
        ("Under 1700", None, 10)]


def test_federations_start_numbers_and_labels(tmp_path: Path) -> None:
    event = _four(federation=["NOR", "VIE", "VIE", "LAO"])
    table = ('[[prize]]\nname = "Best VIE"\namount = 40\nfederation = "VIE"\n'
             '[[prize]]\nname = "Best ASEAN"\namount = 30\nfederation = ["VIE", "LAO"]\n'
             '[[prize]]\nname = "Best of 3 and 4"\nlabel = "Book"\nplayers = [3, 4]\n')
    # VIE: no. 2; VIE or LAO without one: no. 3; 3 or 4 without one: no. 4 (a book).
    assert _winners(event, tmp_path, table) == [
        ("Best VIE", 2, 40), ("Best ASEAN", 3, 30), ("Best of 3 and 4", 4, None)]


def test_a_club_prize_goes_by_the_players_sheets_club(tmp_path: Path) -> None:
    (tmp_path / "club-players.csv").write_text(
        "id,name,rating,CLB\n1,An,2000,Hà Nội\n2,Bình,1900,Đà Nẵng\n3,Chi,1800,Hà Nội\n"
        "4,Dũng,1700,Đà Nẵng\n", encoding="utf-8")
    (tmp_path / "club-games.csv").write_text(
        "round,white,black,result\n1,1,2,1-0\n1,3,4,1-0\n2,1,3,1-0\n2,2,4,1-0\n",
        encoding="utf-8")
    event = read_sheets(tmp_path / "club-games.csv")
    # Standings 1 (2), 2 and 3 (1 each), 4; the best of Đà Nẵng (folded: 'da nang') is
    # no. 2.
    assert _winners(event, tmp_path, '[[prize]]\nname = "Đà Nẵng"\namount = 10\n'
                    'club = "da nang"\n') == [("Đà Nẵng", 2, 10)]


def test_prizes_without_the_facts_they_need_are_warned_of(tmp_path: Path) -> None:
    event = _four(birth_year=[2012, None, None, 1960])
    table = _table(tmp_path, '[[prize]]\nname = "U16"\namount = 10\nage = "U16"\n'
                   '[[prize]]\nname = "Women"\namount = 10\nwomen = true\n')
    with pytest.raises(InputError, match="an age group needs the event's year"):
        rate(event, RateRequest(prizes=read_prize_table(table)))
    result = rate(event, RateRequest(prizes=read_prize_table(table), date=date(2025, 3, 1)))
    assert [str(w) for w in result.warnings[-2:]] == [
        f"{table}, line 1: no birth year for 2 of the players (2, 3): no age-group prize for "
        "them",
        f"{table}, line 5: no sex for 4 of the players (1, 2, 3, 4): no women's prize for "
        "them"]


def test_a_tie_the_tie_breaks_cannot_break_is_said(tmp_path: Path) -> None:
    # Two players, one draw: tied on points and every tie-break; the start numbers order
    # them, and the prize says so.
    event = make_event([2000, 2000], [(1, 1, 2, "=")])
    table = _table(tmp_path, '[[prize]]\nname = "1st"\namount = 10\n')
    result = rate(event, RateRequest(prizes=read_prize_table(table)))
    assert result.prizes is not None and result.prizes.awards[0].player == 0
    assert str(result.warnings[-1]) == (
        f"{table}, line 1: prize '1st': players 1 and 2 are tied after every tie-break, and "
        "their start numbers decide (give --order or --lots)")
