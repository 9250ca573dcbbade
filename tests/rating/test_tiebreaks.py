"""C.07 tie-breaks against the FIDE TEC exercises and the TEC reference implementation.

Data (tests/data/, sources in SOURCES.md): held_c07_*.trf with held_c07_expected_values.tsv
(IA Mario Held, "Exercises in Tie-Breaking", as pinned by OttoMilvang/TieBreakServer), and
tiebreakserver_swiss_with_many_unplayed_rounds.trf with its 2026-03-01 snapshot.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import numpy as np
import pytest

from tournament_elo.model import Event
from tournament_elo.rating.c07.tiebreaks import compute_tiebreaks
from tournament_elo.read.trf import read_trf

DATA = Path(__file__).resolve().parents[1] / "data"
TSV = DATA / "held_c07_expected_values.tsv"
SNAPSHOT = DATA / "tiebreakserver_swiss_with_many_unplayed_rounds.2026-03-01.all.txt"


def _event(name: str) -> Event:
    return read_trf(DATA / f"{name}.trf")


def _by_id(event: Event, values: np.ndarray) -> dict[int, float]:
    return {int(p.id): float(values[p.index]) for p in event.players}


def _header() -> str:
    return "".join(line for line in TSV.read_text().splitlines(True) if line.startswith("#"))


def _dict_after(label: str, text: str) -> dict[int, float]:
    """The ``{1:9.25,2:6.25}`` literal that follows ``label`` in the TSV header."""
    match = re.search(re.escape(label) + r"\s*(\{[^}]*\})", text)
    assert match, label
    return {int(k): float(v) for k, v in re.findall(r"(\d+):([-\d.]+)", match[1])}


def _rows() -> list[dict[str, str]]:
    lines = [line for line in TSV.read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


# TSV column → tie-break code (the 2023 rules: "/V1").
HELD_COLUMNS = {
    "BH_V1": "BH", "BH_C1_V1": "BH/C1", "AOB_V1": "AOB", "FB_V1": "FB", "SB_V1": "SB",
    "SB_C1_V1": "SB/C1", "WIN": "WIN", "WON": "WON", "BPG": "BPG", "BWG": "BWG", "GE": "GE",
    "PS": "PS", "PS_C1": "PS/C1",
}


@pytest.mark.parametrize("rules", ["2023", "2024"])
@pytest.mark.parametrize("column", list(HELD_COLUMNS))
def test_held_swiss5_2023_values(column: str, rules: str) -> None:
    event = _event("held_c07_swiss5")
    code = HELD_COLUMNS[column]
    got = _by_id(event, compute_tiebreaks(event, [code], rules=rules)[code])
    expected = {int(r["pno"]): float(r[column]) for r in _rows()}
    assert got == pytest.approx(expected, abs=1e-9)


def _differences_2026() -> dict[str, dict[int, float]]:
    line = next(x for x in _header().splitlines() if "Post-2026" in x)
    body = line.split("differences:", 1)[1]
    out: dict[str, dict[int, float]] = {}
    for part in body.split(";"):
        code, values = part.strip().rstrip(".").split(" ", 1)
        out[code] = {int(p): float(v) for p, v in re.findall(r"p(\d+)=([\d.]+)", values)}
    return out


def test_held_swiss5_2026_differences() -> None:
    event = _event("held_c07_swiss5")
    diffs = _differences_2026()
    assert set(diffs) == {"BH", "BH/C1", "AOB", "FB", "SB", "SB/C1"}
    old = compute_tiebreaks(event, list(diffs), rules="2023")
    new = compute_tiebreaks(event, list(diffs), rules="2026")
    for code, listed in diffs.items():
        got_old, got_new = _by_id(event, old[code]), _by_id(event, new[code])
        changed = {p: v for p, v in got_new.items() if v != got_old[p]}
        assert {p: got_new[p] for p in listed} == pytest.approx(listed), code
        unlisted = {p: v for p, v in changed.items() if p not in listed}
        if code in ("BH", "BH/C1"):
            # The header omits player 6 here, but its own SB difference (his PAB round's dummy
            # capped at 2.5) and AOB of player 14 (13.17 → 13.00 = (11.5+13.5+14.0)/3) imply it.
            assert unlisted == {6: 11.5 if code == "BH" else 10.5}
        else:
            assert unlisted == {}, code


def test_held_swiss5_de_ranks() -> None:
    event = _event("held_c07_swiss5")
    got = _by_id(event, compute_tiebreaks(event, ["DE"], rules="2023")["DE"])
    expected = {1: 2, 3: 2, 4: 2, 16: 2} | {5: 7, 8: 7, 11: 7}
    assert {p: got[p] for p in expected} == expected


def test_held_swiss9_de_ranks() -> None:
    event = _event("held_c07_swiss9")
    got = _by_id(event, compute_tiebreaks(event, ["DE"], rules="2023")["DE"])
    assert got == _dict_after("swiss9 DE ranks:", _header())


@pytest.mark.parametrize(("code", "label"), [("SB", "SB"), ("SB/C1", "SB/C1"), ("KS", "KS"),
                                             ("DE", "DE ranks")])
def test_held_round_robin(code: str, label: str) -> None:
    event = _event("held_c07_roundrobin6")
    assert event.type == "round-robin"
    robin = _header().split("Round robin", 1)[1].split("\n", 1)[0]
    expected = _dict_after(f"; {label}" if label != "SB" else ": SB", robin)
    for rules in ("2023", "2026"):
        got = _by_id(event, compute_tiebreaks(event, [code], rules=rules)[code])
        assert got == pytest.approx(expected), rules


# ---------------------------------------------------------------- TEC reference snapshot

#: Snapshot columns this module computes (ARO/TPR/PTP/APRO print "-0": unusable; ESB is
#: the team form of SB; COP/CSQ are pairing data, Rank depends on the full tie-break list).
SNAPSHOT_CODES = ["WIN", "WON", "BWG", "BPG", "VUR", "NUM", "PS", "PS/C1", "KS", "BH", "BH/C1",
                  "BH/C2", "BH/M1", "BH/M2", "ABH", "AOB", "FB", "SB", "SB/C1", "SB/C2",
                  "SB/M1", "SB/M2"]


def _snapshot() -> list[dict[str, str]]:
    lines = [line for line in SNAPSHOT.read_text().splitlines() if "\t" in line]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_snapshot_points() -> None:
    event = _event("tiebreakserver_swiss_with_many_unplayed_rounds")
    points = _by_id(event, event.points() / 100)
    assert points == {int(r["StartNo"]): float(r["PTS"]) for r in _snapshot()}


@pytest.mark.parametrize("code", SNAPSHOT_CODES)
def test_snapshot_2026(code: str) -> None:
    event = _event("tiebreakserver_swiss_with_many_unplayed_rounds")
    got = _by_id(event, compute_tiebreaks(event, [code], rules="2026")[code])
    expected = {int(r["StartNo"]): float(r[code]) for r in _snapshot()}
    assert got == pytest.approx(expected, abs=1e-9)


def test_snapshot_2026_cap_matters() -> None:
    """The snapshot is 2026: the 2024 rules (no dummy cap) give other Buchholz values."""
    event = _event("tiebreakserver_swiss_with_many_unplayed_rounds")
    got = _by_id(event, compute_tiebreaks(event, ["BH"], rules="2024")["BH"])
    assert got[4] == 17.0  # four unplayed rounds at his own 2.5; capped: 1.5 for the 13 forfeit
    assert float(_snapshot()[3]["BH"]) == 16.0


def test_snapshot_de() -> None:
    """DE in the reference's order (after PTS WIN WON BWG BPG VUR NUM): it prints 0 for a
    group DE cannot split, else the place within the group."""
    event = _event("tiebreakserver_swiss_with_many_unplayed_rounds")
    codes = ["WIN", "WON", "BWG", "BPG", "VUR", "NUM", "DE"]
    tb = compute_tiebreaks(event, codes)
    key = {p.index: (event.points()[p.index], *(tb[c][p.index] for c in codes[:-1]))
           for p in event.players}
    rows = {int(r["StartNo"]): int(r["DE"]) for r in _snapshot()}
    for p in event.players:
        group = [q for q in event.players if key[q.index] == key[p.index]]
        first = min(tb["DE"][q.index] for q in group)
        if rows[int(p.id)] == 0:
            assert all(tb["DE"][q.index] == first for q in group)
        else:
            assert tb["DE"][p.index] == first + rows[int(p.id)] - 1


# ---------------------------------------------------------------- hand-checked cases


def test_vur_is_cut_first_2023_but_not_pre2023() -> None:
    """Player 4 of swiss5: a half-point bye in round 2, opponents 12, 13, 3, 1."""
    event = _event("held_c07_swiss5")
    row = next(p.index for p in event.players if p.id == 4)
    new = compute_tiebreaks(event, ["BH", "BH/C1", "SB"], rules="2023")
    # Dummy = his own 3.5; 12's rounds 4-5 (absent after his last game) count as draws: 3.0.
    assert new["BH"][row] == 3.0 + 3.5 + 1.5 + 3.5 + 3.5
    assert new["BH/C1"][row] == 15.0 - 3.5  # the VUR's dummy goes first, not 13's 1.5
    old = compute_tiebreaks(event, ["BH", "BH/C1", "SB"], rules="pre2023")
    # Virtual opponent: 1.0 before the round + (1 − 0.5) + 0.5 × 3 rounds left = 3.0;
    # 12's unplayed rounds 2-5 count as draws: 2.0.
    assert old["BH"][row] == 2.0 + 3.0 + 1.5 + 3.5 + 3.5
    assert old["BH/C1"][row] == 13.5 - 1.5  # the lowest value, whatever it is
    assert old["SB"][row] == 2.0 * 1 + 3.0 * 0.5 + 1.5 * 1 + 3.5 * 0.5 + 3.5 * 0.5


def test_simple_counts() -> None:
    event = _event("held_c07_swiss5")
    tb = compute_tiebreaks(event, ["STD", "REP", "GE", "NUM", "VUR"])
    assert np.array_equal(tb["STD"], event.points() / 100)
    assert np.array_equal(tb["REP"], tb["GE"])
    nick = next(p.index for p in event.players if p.id == 12)  # L, U, +, Z, Z
    assert (tb["NUM"][nick], tb["VUR"][nick], tb["GE"][nick]) == (1, 2, 3)


def test_unknown_codes_and_rules() -> None:
    event = _event("held_c07_swiss5")
    with pytest.raises(ValueError):
        compute_tiebreaks(event, ["XYZ"])
    with pytest.raises(ValueError):
        compute_tiebreaks(event, ["WIN/C1"])
    with pytest.raises(ValueError):
        compute_tiebreaks(event, ["BH"], rules="2025")
