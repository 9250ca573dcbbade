"""Rating-based tie-breaks (C.07 Art. 10) against Held's exercises and small hand cases."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from helpers import DATA, make_event
from tournament_elo.rating.c07.rating_tiebreaks import RATING_CODES, rating_tiebreaks
from tournament_elo.rating.standings import standings
from tournament_elo.read.trf import read_trf

EXPECTED = DATA / "held_c07_expected_values.tsv"


def held_swiss5() -> tuple[dict[int, int], dict[str, list[int]]]:
    event = read_trf(DATA / "held_c07_swiss5.trf")
    values = rating_tiebreaks(event, RATING_CODES)
    row_of = {int(p.id): p.index for p in event.players}
    return row_of, {code: v.tolist() for code, v in values.items()}


def expected_rows() -> list[dict[str, str]]:
    lines = [ln for ln in EXPECTED.read_text().splitlines() if not ln.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


@pytest.mark.parametrize(("column", "code"),
                         [("ARO_V1", "ARO"), ("ARO_C1_V1", "ARO/C1"), ("TPR_V1", "TPR")])
def test_held_swiss5_every_player(column, code):
    row_of, values = held_swiss5()
    rows = expected_rows()
    assert len(rows) == 16
    for row in rows:
        # "None": one game only, nothing left after the cut: undefined (NaN).
        got = values[code][row_of[int(row["pno"])]]
        if row[column] == "None":
            assert np.isnan(got), (row["pno"], code)
        else:
            assert got == int(row[column]), (row["pno"], code)


def test_held_swiss5_apro_and_ptp_from_the_header():
    row_of, values = held_swiss5()
    header = EXPECTED.read_text()
    assert "APRO/V1 {1:1789,3:1904,4:1772,16:1805}; PTP/V1 {3:2112}" in header
    for pno, want in {1: 1789, 3: 1904, 4: 1772, 16: 1805}.items():
        assert values["APRO"][row_of[pno]] == want
    assert values["PTP"][row_of[3]] == 2112


def test_held_swiss5_by_hand():
    row_of, values = held_swiss5()
    # Player 3 (2100) met 1700 =, 1950 1, 1850 1, 2050 =, 2150 = : 3.5 of 5.  At 2112 the
    # differences 412 162 262 62 -38 expect .93+.71+.82+.59+.45 = 3.50; at 2111, 3.48.
    assert values["PTP"][row_of[3]] == 2112
    # Player 9 lost both his games (2200, 1750): PTP = lowest opponent - 800.
    assert values["PTP"][row_of[9]] == 950
    # Player 4's opponents 12, 13, 3, 1 have PTP 1250, 1744, 2112, 2029: 7135 / 4 -> 1784.
    assert [values["PTP"][row_of[p]] for p in (12, 13, 3, 1)] == [1250, 1744, 2112, 2029]
    assert values["APPO"][row_of[4]] == 1784
    # RTNG is the rating; forfeits and byes are not games (player 12: one game, 2050).
    assert values["RTNG"][row_of[12]] == 1650
    assert values["ARO"][row_of[12]] == 2050


def test_full_score_ptp_is_highest_opponent_plus_736():
    event = make_event([2000, 1900, 1800], [(1, 1, 2, "1"), (2, 3, 1, "0")])
    values = rating_tiebreaks(event, ["PTP", "TPR", "ARO"])
    assert values["ARO"][0] == 1850
    assert values["TPR"][0] == 1850 + 800
    assert values["PTP"][0] == 1900 + 736


def test_unrated_opponents_left_out_unless_a_rating_is_given():
    # Player 1 (2000) beats 2 (unrated) and draws 3 (1800); 4 forfeits against 1.
    event = make_event([2000, None, 1800, 2300],
                       [(1, 1, 2, "1"), (2, 3, 1, "="), (3, 1, 4, "+")])
    default = rating_tiebreaks(event, ["ARO", "TPR", "RTNG"])
    assert default["ARO"][0] == 1800  # the unrated player and the forfeit are left out
    assert default["TPR"][0] == 1800  # 0.5 of 1: dp 0
    # the unrated player has no RTNG unless a rating is given for the unrated
    np.testing.assert_array_equal(default["RTNG"], [2000, np.nan, 1800, 2300])
    assert default["ARO"][1] == 2000  # the unrated player's own opponents still count
    given = rating_tiebreaks(event, ["ARO", "ARO/C1", "TPR", "RTNG"], unrated_rating=1400)
    assert given["ARO"][0] == 1600  # (1400 + 1800) / 2
    assert given["ARO/C1"][0] == 1800
    assert given["TPR"][0] == 1600 + 193  # 1.5 of 2 = 75 %
    assert given["RTNG"][1] == 1400


def test_no_games_gives_undefined_and_unknown_codes_are_refused():
    # Player 3 has no game: every measure over his games is undefined (the JSON's null);
    # his RTNG is his rating, both ways.
    event = make_event([2000, 1900, 1800], [(1, 1, 2, "1")])
    values = rating_tiebreaks(event, RATING_CODES)
    assert all(np.isnan(values[c][2]) for c in RATING_CODES if not c.startswith("RTNG"))
    assert values["RTNG"][2] == values["RTNG/R"][2] == 1800
    with pytest.raises(ValueError, match="BH"):
        rating_tiebreaks(event, ["BH"])


def test_held_swiss5_aro_cut_and_median_modifiers():
    row_of, values = held_swiss5()
    # Player 1 (Alyx) met 9 (1800), 13 (1600), 2 (2150), 15 (1500), 4 (2050), all over
    # the board: ARO 9100 / 5 = 1820 and ARO/C1 7600 / 4 = 1900, Held's official answers.
    assert (values["ARO"][row_of[1]], values["ARO/C1"][row_of[1]]) == (1820, 1900)
    # C2 leaves out 1500 and 1600: 6000 / 3 = 2000.  M1 leaves out 1500 and 2150:
    # 5450 / 3 = 1816.7 -> 1817.  M2 leaves out 1500, 1600, 2050 and 2150: 1800.
    assert values["ARO/C2"][row_of[1]] == 2000
    assert values["ARO/M1"][row_of[1]] == 1817
    assert values["ARO/M2"][row_of[1]] == 1800


def test_held_swiss5_apro_and_appo_cut_the_lowest_performance():
    row_of, values = held_swiss5()
    # Player 4 (David) met 12, 13, 3 and 1 over the board.  Their TPRs are Held's official
    # 1250, 1781, 2089, 1969 (TPR_V1 column); APRO 7089 / 4 = 1772.25 -> 1772 (official).
    rows = {int(r["pno"]): r for r in expected_rows()}
    tprs = [int(rows[p]["TPR_V1"]) for p in (12, 13, 3, 1)]
    assert tprs == [1250, 1781, 2089, 1969]
    assert values["APRO"][row_of[4]] == 1772
    # APRO/C1 leaves out the lowest TPR, player 12's 1250 (rated 1650), not the lowest-
    # rated opponent 13 (1600): (1781 + 2089 + 1969) / 3 = 5839 / 3 = 1946.3 -> 1946.
    # (Cutting player 13 instead would give (1250 + 2089 + 1969) / 3 -> 1769.)
    assert values["APRO/C1"][row_of[4]] == 1946
    # APPO/C1: the same opponents' PTPs 1250, 1744, 2112, 2029 (derived in
    # test_held_swiss5_by_hand) less the lowest: 5885 / 3 = 1961.7 -> 1962.
    assert values["APPO/C1"][row_of[4]] == 1962
    # Player 12 played one game (against 4): nothing is left after a cut.
    assert np.isnan(values["APRO/C1"][row_of[12]])
    assert values["APRO"][row_of[12]] == 2081  # player 4's official TPR


def test_modified_codes_rank_in_standings():
    event = read_trf(DATA / "held_c07_swiss5.trf")
    table = standings(event, ("APRO/C1", "ARO/M1"))
    row_of = {int(p.id): p.index for p in event.players}
    assert table.codes == ("APRO/C1", "ARO/M1")
    assert table.values["APRO/C1"][row_of[4]] == 1946.0
    assert table.values["ARO/M1"][row_of[1]] == 1817.0
