"""The tie-breaks a TRF-2026 file declares (records 202 and 212) are read by the TRF reader
into the event, and the standings rank by what an event declares whatever format it came
from."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers import DATA
from tournament_elo.errors import Place
from tournament_elo.model import DeclaredTiebreaks
from tournament_elo.rating.standings import event_tiebreaks
from tournament_elo.read.detect import read_event
from tournament_elo.read.trf import parse_trf

SWISS5 = DATA / "held_c07_swiss5.trf"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def with_records(*records: str) -> str:
    """FIDE's C.07 exercise (16 players, 5 rounds) with ``records`` after its ``XXR 5``
    (line 4): the first of them on line 5."""
    lines = SWISS5.read_text(encoding="utf-8").splitlines()
    at = lines.index("XXR 5") + 1
    assert at == 4
    return "\n".join([*lines[:at], *records, *lines[at:]]) + "\n"


def test_a_202_record_declares_its_codes_upper_case_at_its_line():
    event = parse_trf(with_records("202 sb, bh/m1 WIN"), "d.trf")
    assert event.declared_tiebreaks == DeclaredTiebreaks(
        ("SB", "BH/M1", "WIN"), Place("d.trf", line=5), "record 202", "202 SB BH/M1 WIN")
    assert event_tiebreaks(event) == (("SB", "BH/M1", "WIN"), None)
    # The record is kept as written, for a writer to give back.
    assert (5, "202 sb, bh/m1 WIN") in event.extra_records


def test_212_gives_the_score_first_and_the_last_record_with_codes_declares():
    event = parse_trf(with_records("212 PTS BH", "202 PTS,SB,WIN", "212 "), "d.trf")
    # 202 on line 6 replaces 212 on line 5; the empty 212 on line 7 declares nothing.
    assert event.declared_tiebreaks == DeclaredTiebreaks(
        ("SB", "WIN"), Place("d.trf", line=6), "record 202", "202 PTS SB WIN")


def test_a_file_without_the_records_and_a_team_event_declare_none():
    assert parse_trf(with_records()).declared_tiebreaks is None
    team = read_event(DATA / "fide_trf26_example_grandmommys_cup_team.trf")
    assert team.teams is not None and team.declared_tiebreaks is None
    assert any(text.startswith("202 ") for _, text in team.extra_records)


def test_the_standings_rank_by_what_any_event_declares():
    # A sheet's event declaring SB and WIN is ranked by them, as a TRF's is; the same
    # TRF event declaring nothing is ranked by a Swiss's defaults.
    declared = DeclaredTiebreaks(("SB", "WIN"), Place("x", line=1), "record 202", "202 SB WIN")
    sheet = read_event(SAMPLES / "club_rapid-games.csv")
    assert sheet.declared_tiebreaks is None
    assert event_tiebreaks(replace(sheet, declared_tiebreaks=declared)) == (("SB", "WIN"), None)
    trf = parse_trf(with_records("202 SB WIN"))
    assert event_tiebreaks(replace(trf, declared_tiebreaks=None)) == (
        ("BH/C1", "BH", "SB"), None)
