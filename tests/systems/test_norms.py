"""Title norms (B.01 1.4), on events built in code with numbers by hand.

Player 1 (VIE, untitled) meets opponents 2..10 in rounds 1..9, one each.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from norm_events import ALL_HOME_FAILURES, GM_TITLES, MET_RATINGS, home_event

from helpers import make_event
from tournament_elo.model import Event, EventType
from tournament_elo.systems.fide.norms import NormResult, norms


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


# --- B.01 1.4.3a-d: events exempt from the federation mix ------------------------------


def gm_of_player_1(event: Event, norm_event: str | None = None) -> NormResult:
    (result,) = [r for r in norms(event, ("GM",), norm_event) if r.player == 0]
    return result


@pytest.mark.parametrize(("norm_event", "article"), [
    ("national-championship", "1.4.3a"), ("zonal", "1.4.3c"),
])
def test_national_championship_and_zonal_lift_the_federation_mix(norm_event, article):
    event = home_event()
    ordinary = gm_of_player_1(event)
    assert [c.text for c in ordinary.failures] == ALL_HOME_FAILURES
    exempt = gm_of_player_1(event, norm_event)
    assert exempt.met, [c.text for c in exempt.failures]
    feds = {c.name: c for c in exempt.conditions
            if c.name in ("foreign federations", "own federation", "one federation")}
    # Still listed with value and bound, met, and naming the article.
    assert [(c.value, c.bound, c.met) for c in feds.values()] == [(0, 2, True), (9, 5, True),
                                                                  (9, 6, True)]
    assert feds["foreign federations"].text == (
        f"0 federations other than VIE, needs 2: exempt under B.01 {article} ({norm_event})")


def test_the_norm_event_setting_of_the_event_is_used_by_default():
    assert gm_of_player_1(home_event({"norm-event": "zonal"})).met
    assert not gm_of_player_1(home_event({"norm-event": "ordinary"})).met
    with pytest.raises(ValueError, match="olympiad"):
        gm_of_player_1(home_event(), "olympiad")


def test_national_team_championship_exempts_the_registering_federation_only():
    # 1.4.3b: player 1 is VIE; the event is registered by VIE, then by GER, then by nobody.
    assert gm_of_player_1(home_event(federation="VIE"), "national-team-championship").met
    for federation in ("GER", None):
        r = gm_of_player_1(home_event(federation=federation), "national-team-championship")
        assert [c.text for c in r.failures] == ALL_HOME_FAILURES


def large_swiss(absent_rounds: tuple[int, ...]) -> Event:
    """A 9-round Swiss hosted by VIE: player 1 (VIE) meets opponents 2..10 (five VIE,
    four GER: one foreign federation), who play no other round.  Players 11..30 (GER,
    FRA, ITA in turn, rated 2000; 11..20 IMs) play each other every round, except that
    29 and 30 are absent in ``absent_rounds``."""
    feds = ["VIE"] * 5 + ["GER"] * 4
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t} for f, t in zip(feds, GM_TITLES, strict=True)]
    players += [{"federation": ["GER", "FRA", "ITA"][i % 3], "title": "IM" if i < 10 else None}
                for i in range(20)]
    games = [(r, 1, r + 1, res) for r, res in enumerate("====11111", start=1)]
    games += [(r, w, w + 1, "=") for r in range(1, 10) for w in range(11, 31, 2)
              if not (w == 29 and r in absent_rounds)]
    event = make_event([2300, *MET_RATINGS, *[2000] * 20], games, players=players)
    return replace(event, federation="VIE")


def test_large_swiss_exemption_when_its_conditions_hold():
    # Players 11..30: 20 rated, none from VIE, from GER/FRA/ITA (3), 10 IMs.  29 and 30
    # miss one round (round 1) and still count: 20 >= 20, 3 >= 3, 10 >= 10.  Opponents
    # 2..10 miss 8 rounds each and do not count.
    event = large_swiss(absent_rounds=(1,))
    assert not gm_of_player_1(event).met  # ordinary: one foreign federation only
    r = gm_of_player_1(event, "large-swiss")
    assert r.met, [c.text for c in r.failures]
    (foreign,) = [c for c in r.conditions if c.name == "foreign federations"]
    assert foreign.text == (
        "1 federations other than VIE, needs 2: exempt under B.01 1.4.3d (large-swiss): "
        "20 rated players from outside VIE (needs 20), 3 federations (needs 3), "
        "10 GM/IM/WGM/WIM (needs 10)")


def test_large_swiss_not_met_keeps_the_normal_rules():
    # 29 and 30 miss rounds 1 and 2: two missed rounds, so they do not count (18 < 20).
    r = gm_of_player_1(large_swiss(absent_rounds=(1, 2)), "large-swiss")
    assert [c.text for c in r.failures] == [
        "1 federations other than VIE, needs 2: 1 short; 1.4.3d not met: 18 rated players "
        "from outside VIE (needs 20), 3 federations (needs 3), 10 GM/IM/WGM/WIM (needs 10)"]


def test_fid_players_count_as_opponents_but_for_no_federation():
    # B.01 1.4.2a.  Opponents: three GER, three FID, three VIE.  FID is not a second
    # foreign federation (1 of 2), nor the 2/3 federation; the games and Ra still count.
    r = gm_of_player_1(home_event(feds=["GER"] * 3 + ["FID"] * 3 + ["VIE"] * 3))
    assert (r.games, r.average, r.performance) == (9, 2428, 2648)
    assert [c.text for c in r.failures] == ["1 federations other than VIE, needs 2: 1 short"]


# --- B.01 1.4.2b: unrated opponents scoring zero against the rated, in a round robin -----

def test_unrated_opponent_who_scored_zero_is_left_out_of_a_round_robin():
    # Opponent 10 is unrated and loses his only game, against player 1 (rated) in round 9.
    # In a Swiss he counts at 1400, raised to the 2200 floor: (19550 + 2200) / 9 = 2416.7
    # -> 2417; 7 of 9 -> 78 % -> dp 220, Rp 2637; met.
    ratings: list[int | None] = [*MET_RATINGS[:8], None]
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t} for f, t in zip(MIX, GM_TITLES, strict=True)]
    games = [(r, 1, r + 1, res) for r, res in enumerate("====11111", start=1)]
    swiss = make_event([2300, *ratings], games, players=players)
    r = gm_of_player_1(swiss)
    assert (r.games, r.average, r.performance, r.raised, r.left_out) == (
        9, 2417, 2637, (1400, 2200), ())
    assert r.met
    # In a round robin 1.4.2b leaves that game out: 8 games, 19550 / 8 = 2443.75 -> 2444,
    # 6 of 8 = 75 % -> dp 193, Rp 2637; nobody below 2200; too few games.
    rr = gm_of_player_1(replace(swiss, type=EventType.ROUND_ROBIN))
    assert (rr.games, rr.average, rr.performance, rr.raised, rr.left_out) == (
        8, 2444, 2637, None, (9,))
    assert [c.text for c in rr.failures] == ["8 games, needs 9: 1 short"]
    # Had he drawn a rated player (2, in round 10), his games would count.
    drew = make_event([2300, *ratings], [*games, (10, 2, 10, "=")], players=players,
                      type=EventType.ROUND_ROBIN)
    assert gm_of_player_1(drew).games == 9 and gm_of_player_1(drew).left_out == ()
