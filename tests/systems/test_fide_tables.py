"""FIDE tables 8.1(a) and 8.1(b) against the spec's machine-readable copies."""

import csv
from itertools import pairwise

import pytest

from helpers import DATA
from tournament_elo.systems.fide.tables import DP, PD_CERTAIN, PD_HIGH, expected_hundredths


def _pd_rows() -> list[dict[str, str]]:
    with open(DATA / "fide_pd.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("row", _pd_rows(), ids=lambda r: f"{r['diff_from']}-{r['diff_to']}")
def test_pd_at_both_edges_of_every_range(row: dict[str, str]) -> None:
    high, low = round(float(row["pd_high"]) * 100), round(float(row["pd_low"]) * 100)
    edges = [int(row["diff_from"])]
    edges.append(int(row["diff_to"]) if row["diff_to"] else 2000)  # "over 735": any large D
    for difference in edges:
        assert expected_hundredths(2000 + difference, 2000, difference) == high
        assert expected_hundredths(2000, 2000 + difference, difference) == low


def test_pd_table_has_no_gap_between_ranges() -> None:
    rows = _pd_rows()
    for before, after in pairwise(rows):
        assert int(after["diff_from"]) == int(before["diff_to"]) + 1
    assert PD_CERTAIN == 736 and PD_HIGH[735] == 99 and PD_HIGH[736] == 100


def test_dp_table_every_row() -> None:
    with open(DATA / "fide_dp.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 101
    for row in rows:
        assert DP[int(row["p_percent"])] == int(row["dp"])
