"""Title norms (B.01 1.4 per fide.md), on events built in code with numbers by hand.

Player 1 (VIE, untitled) meets opponents 2..10 in rounds 1..9, one each.
"""

from __future__ import annotations

import pytest

from helpers import make_event
from tournament_elo.norms import NormResult, norms

GM_TITLES = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", None]


def seeker(ratings: list[int | None], results: str, feds: list[str],
           titles: list[str | None] | None = None) -> NormResult:
    """Player 1's GM norm check against opponents with these ratings, his results
    (one character a round, '1', '=' or '0'), federations and titles."""
    titles = titles or GM_TITLES
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t} for f, t in zip(feds, titles, strict=True)]
    games = [(r, 1, r + 1, res) for r, res in enumerate(results, start=1)]
    event = make_event([2300, *ratings], games, players=players)
    (result,) = [r for r in norms(event, ("GM",)) if r.player == 0]
    return result


MIX = ["GER"] * 3 + ["FRA"] * 3 + ["VIE"] * 3


def test_gm_norm_met():
    # Sum 5000 + 7350 + 7200 + 2300 = 21850; / 9 = 2427.8 -> Ra 2428 (>= 2380).
    # 5 wins, 4 draws: 7 of 9 = 77.8 % -> 78 % -> dp 220; Rp 2648 (>= 2600).
    # Lowest 2300 is above the 2200 floor: nothing raised.  Federations: GER, FRA
    # foreign (2); 3 of 9 VIE (<= 5); 3 from any one (<= 6).  Titled 8 of 9 (>= 5);
    # GMs 3 of 9 (>= 3).
    ratings = [2500, 2500, 2450, 2450, 2450, 2400, 2400, 2400, 2300]
    r = seeker(ratings, "====11111", MIX)
    assert (r.games, r.points, r.average, r.performance, r.raised) == (9, 700, 2428, 2648, None)
    assert r.met, [c.text for c in r.failures]
    assert r.norm_games == 9


def test_gm_norm_missed_by_the_average():
    # Sum 9600 + 9400 + 2300 = 21300; / 9 = 2366.7 -> 2367, 13 short of 2380.
    # 8 of 9 = 88.9 % -> 89 % -> dp 351; Rp 2718 would do.
    ratings = [2400] * 4 + [2350] * 4 + [2300]
    r = seeker(ratings, "011111111", MIX)
    assert r.performance == 2718
    assert not r.met
    assert [c.text for c in r.failures] == ["average 2367, needs 2380: 13 short"]


@pytest.mark.parametrize(("feds", "texts"), [
    # Only GER besides VIE: one foreign federation, two needed.
    (["VIE"] * 5 + ["GER"] * 4, ["1 federations other than VIE, needs 2: 1 short"]),
    # 7 of 9 from VIE: at most 3/5 of 9 = 5.4 -> 5, and at most 2/3 of 9 = 6 from one.
    (["VIE"] * 7 + ["GER", "FRA"], ["7 of 9 opponents from VIE (3/5), at most 5: 2 too many",
                                     "7 of 9 opponents from VIE (2/3), at most 6: 1 too many"]),
])
def test_gm_norm_missed_by_the_federation_mix(feds, texts):
    ratings = [2500, 2500, 2450, 2450, 2450, 2400, 2400, 2400, 2300]  # as the met norm
    r = seeker(ratings, "====11111", feds)
    assert r.performance == 2648 and r.average == 2428
    assert [c.text for c in r.failures] == texts


@pytest.mark.parametrize("lowest", [1800, None])
def test_gm_norm_saved_by_the_raised_lowest_opponent(lowest):
    # Eight opponents at 2420 and one at 1800 (or unrated: 1400), 6 wins 2 draws 1 loss
    # = 7 of 9 -> 78 % -> dp 220.  As rated: (19360 + 1800) / 9 = 2351.1 -> 2351,
    # Rp 2571: both the average and Rp would miss.  The lowest raised to the 2200 floor:
    # (19360 + 2200) / 9 = 2395.6 -> 2396 (>= 2380), Rp 2616 (>= 2600).
    ratings = [2420] * 8 + [lowest]
    r = seeker(ratings, "0==111111", MIX)
    assert r.raised == (lowest or 1400, 2200)
    assert (r.average, r.performance) == (2396, 2616)
    assert r.met, [c.text for c in r.failures]


def test_too_few_games_low_score_and_titles():
    # 8 games, 2.5 points (31 % < 35 %; 35 % of 8 = 2.8 -> 3 needed), no titled opponent.
    ratings = [2600] * 8
    r = seeker(ratings, "000==1=0", MIX[:8], [None] * 8)
    texts = [c.text for c in r.failures]
    assert "8 games, needs 9: 1 short" in texts
    assert "score 2.5 of 8, needs 3 (35 %): 0.5 short" in texts
    assert "0 of 8 opponents titled, needs 4 (50 %): 4 short" in texts
    assert "0 of 8 opponents GM, needs 3 (1/3): 3 short" in texts


def test_more_than_13_games_count_as_13_and_women_norms():
    n = 14
    players: list[dict[str, object]] = [{"federation": "VIE", "sex": "w"}]
    players += [{"federation": ["GER", "FRA", "ITA"][i % 3], "title": "WGM", "sex": "w"}
                for i in range(n)]
    games = [(r, 1, r + 1, "1" if r % 2 else "=") for r in range(1, n + 1)]
    event = make_event([2200] + [2200] * n, games, players=players)
    # 7 wins 7 draws: 10.5 of 14 = 75 % -> dp 193; Ra 2200 -> Rp 2393: short of a WGM
    # norm (2400) by 7, but a WIM norm (2250, average 2030) is met.
    results = {r.title: r for r in norms(event) if r.player == 0}
    assert set(results) == {"GM", "IM", "WGM", "WIM"}
    assert results["WIM"].met and results["WIM"].norm_games == 13
    assert [c.text for c in results["WGM"].failures] == ["performance 2393, needs 2400: 7 short"]
    # The WGM opponents hold every norm's title except GM's and IM's; a WGM needs no WGM
    # or WIM norm, and a man gets no women's norms.
    assert {r.title for r in norms(event) if r.player == 1} == {"GM", "IM"}
