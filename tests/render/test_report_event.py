"""The event rating report (HTML and XLSX) and the Pairings and Norms sheets."""

from __future__ import annotations

import csv
import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from norm_events import gm_norm_event, home_event
from openpyxl import load_workbook

from helpers import make_event
from tournament_elo.rating.engine import RatingResult, rate
from tournament_elo.read.detect import read_event
from tournament_elo.render.html import render_html
from tournament_elo.render.report import write_reports
from tournament_elo.render.view import build_context

ROOT = Path(__file__).resolve().parents[2]
SWISS = ROOT / "sample_events" / "held_c07_swiss5.trf"
ROUND_ROBIN = Path(__file__).resolve().parents[1] / "data" / "held_c07_roundrobin6.trf"
FORMULA = '=HYPERLINK("http://x","y")'


@pytest.fixture(scope="module")
def swiss() -> RatingResult:
    return rate(read_event(str(SWISS)))


@pytest.fixture(scope="module")
def tuong_ky() -> RatingResult:
    return rate(read_event(str(SWISS)), "tuong-ky")


def event_report_rows(html: str) -> tuple[list[str], list[list[str]]]:
    start = html.index('id="event-report"')
    table = html[start:html.index("</table>", start)]
    head = re.findall(r"<th(?:\s[^>]*)?>([^<]*)</th>", table[:table.index("</thead>")])
    body = table[table.index("<tbody>"):]
    rows = [re.findall(r"<td[^>]*>(?:<a[^>]*>)?([^<]*)", row)
            for row in body.split("</tr>") if "<td" in row]
    return head, rows


def sheet_rows(path: Path, title: str) -> list[list[Any]]:
    sheet = load_workbook(path)[title]
    return [[c.value for c in row] for row in sheet.iter_rows()]


FIDE_HEAD = ["No.", "Name", "Rtg", "Games", "W", "We", "W − We", "K", "Change",
             "Change (rounded)", "New rating", "Ra", "Rp"]


# --- the HTML section -------------------------------------------------------------------


def test_event_report_sits_between_the_crosstable_and_the_players(swiss: RatingResult) -> None:
    html = render_html(swiss, "en")
    at = html.index('id="event-report"')
    assert html.index('id="standings"') < at < html.index('id="reports"')
    assert "Event rating report" in html
    assert "Báo cáo Elo của giải" in render_html(swiss, "vi")


def test_event_report_fide_row_of_bruno(swiss: RatingResult) -> None:
    head, rows = event_report_rows(render_html(swiss, "en"))
    assert head == FIDE_HEAD
    assert len(rows) == len(swiss.players) == 16
    bruno = dict(zip(head, rows[0], strict=True))
    assert bruno["Name"] == "Bruno" and bruno["No."] == "2" and bruno["Rtg"] == "2150"
    assert bruno["Games"] == "5" and bruno["W"] == "4" and bruno["We"] == "3.65"
    assert bruno["W − We"] == "0.35" and bruno["K"] == "20"
    assert bruno["Change"] == "+7.0" and bruno["Change (rounded)"] == "+7"
    assert bruno["New rating"] == "2157" and bruno["Ra"] == "1880" and bruno["Rp"] == "2120"
    # standings order: the same names, in the same order, as the crosstable
    crosstable = [p["name"] for p in build_context(swiss, "en")["standings"]]
    assert [r[1] for r in rows] == crosstable


def test_event_report_keeps_the_unrounded_change(swiss: RatingResult) -> None:
    head, rows = event_report_rows(render_html(swiss, "en"))
    alyx = dict(zip(head, next(r for r in rows if r[1] == "Alyx"), strict=True))
    assert alyx["Change"] == "-10.6" and alyx["Change (rounded)"] == "-11"
    assert alyx["W − We"] == "-0.53"


def test_event_report_per_game_columns(tuong_ky: RatingResult) -> None:
    head, rows = event_report_rows(render_html(tuong_ky, "en"))
    assert head == ["No.", "Name", "Rtg before", "Games", "Score", "ΣE", "Change",
                    "New rating"]
    bruno = dict(zip(head, rows[0], strict=True))
    assert bruno == {"No.": "2", "Name": "Bruno", "Rtg before": "2150", "Games": "5",
                     "Score": "4", "ΣE": "3.72", "Change": "+1", "New rating": "2151"}


# --- the XLSX sheets ---------------------------------------------------------------------


def test_xlsx_rating_report_sheet(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    rows = sheet_rows(tmp_path / "report.xlsx", "Rating report")
    assert rows[0] == FIDE_HEAD
    assert len(rows) == 1 + 16
    bruno = dict(zip(rows[0], rows[1], strict=True))
    assert bruno == {"No.": 2, "Name": "Bruno", "Rtg": 2150, "Games": 5, "W": 4, "We": 3.65,
                     "W − We": 0.35, "K": 20, "Change": 7.0, "Change (rounded)": 7,
                     "New rating": 2157, "Ra": 1880, "Rp": 2120}
    assert all(isinstance(v, int | float) for k, v in bruno.items() if k != "Name")


def test_xlsx_pairings_sheet(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    rows = sheet_rows(tmp_path / "report.xlsx", "Pairings")
    assert rows[0][:7] == ["Rd.", "Bd.", "White No.", "White", "Black No.", "Black", "Result"]
    first = [r for r in rows[1:] if r[0] == 1 and r[1] is not None]
    assert len(first) == 8 and [r[1] for r in first] == list(range(1, 9))
    assert {r[2] for r in first} | {r[4] for r in first} == set(range(1, 17))
    # Round 1 by the higher rating of the two (all on 0 points): 2200, 2150, 2100, ...
    assert first[:3] == [[1, 1, 1, "Alyx", 9, "Jessica", "1–0", 2200, 0, 1800, 0],
                         [1, 2, 10, "Lais", 2, "Bruno", "0–1", 1750, 0, 2150, 0],
                         [1, 3, 3, "Charline", 11, "Maria", "½–½", 2100, 0, 1700, 0]]
    games = [r for r in rows[1:] if r[1] is not None]
    assert len(games) == len(swiss.games[swiss.games["color"] == "w"])
    # TRF "-½" in round 2, after David's round-1 win.
    assert [2, None, 4, "David", None, "half-point bye", "½", 2050, 1, None, None] in rows


def test_xlsx_norms_sheet_for_fide_only(swiss: RatingResult, tuong_ky: RatingResult,
                                        tmp_path: Path) -> None:
    write_reports(swiss, tmp_path / "fide", "en")
    book = load_workbook(tmp_path / "fide" / "report.xlsx")
    # The report's tables, each once; the JSON's flat tables are players.csv and games.csv.
    assert book.sheetnames == ["Crosstable", "Rating report", "Starting rank", "Pairings",
                               "Norms"]
    assert [c.value for c in book["Norms"][1]] == ["No.", "Name", "Title", "Met", "Games",
                                                   "Ra", "Rp", "Failed conditions"]
    write_reports(tuong_ky, tmp_path / "tk", "en")
    book = load_workbook(tmp_path / "tk" / "report.xlsx")
    assert book.sheetnames == ["Crosstable", "Rating report", "Starting rank", "Pairings"]
    rows = sheet_rows(tmp_path / "tk" / "report.xlsx", "Rating report")
    assert rows[0] == ["No.", "Name", "Rtg before", "Games", "Score", "ΣE", "Change",
                       "New rating"]
    assert rows[1][:5] == [2, "Bruno", 2150, 5, 4] and rows[1][6:] == [1, 2151]


def test_xlsx_norms_sheet_lists_met_and_missed_norms(tmp_path: Path) -> None:
    write_reports(rate(gm_norm_event()), tmp_path, "en")
    rows = sheet_rows(tmp_path / "report.xlsx", "Norms")
    gm = next(r for r in rows[1:] if r[2] == "GM")
    assert gm == [1, "Player 1", "GM", True, 9, 2428, 2648, None]

    # A hopeless norm (performance 2208, needs 2600) is not in reach: not listed.
    games = [(r, 1, r + 1, res) for r, res in enumerate("====00000", start=1)]
    event = gm_norm_event()
    lost = make_event([p.rating for p in event.players], games,
                      players=[{"federation": p.federation, "title": p.title}
                               for p in event.players])
    write_reports(rate(lost), tmp_path / "lost", "en")
    assert not (tmp_path / "lost" / "norms.csv").exists()
    # A norm missed on the mix of opponents only (test_norms.py's home_event: nine VIE
    # opponents for a VIE player) is in reach, and listed with what failed.
    write_reports(rate(home_event()), tmp_path / "home", "en")
    rows = sheet_rows(tmp_path / "home" / "report.xlsx", "Norms")
    gm = next(r for r in rows[1:] if r[2] == "GM")
    assert gm[3] is False
    assert gm[7] == ("0 federations other than his own, needs 2: 2 short; 9 opponents from "
                     "his own federation, at most 5 (3/5): 4 too many; 9 opponents from one "
                     "federation, at most 6 (2/3): 3 too many")


# --- the CSV copies of the report's tables -----------------------------------------------


def csv_rows(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_csv_crosstable_in_ranking_order_with_the_tiebreaks(swiss: RatingResult,
                                                            tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    rows = csv_rows(tmp_path / "crosstable.csv")
    assert rows[0] == ["Rk.", "No.", "Title", "Name", "Rtg", "Fed.", "1", "2", "3", "4", "5",
                       "Pts.", "BH/C1", "BH", "SB", "K", "Change", "New rating", "Rp"]
    # Bruno: FIDE's exercise gives him 4 points, BH/C1 12, BH 13, SB 9.5; his change
    # 20 × (4 − 3.65) = +7.0 (written as the number 7), new rating 2157.
    assert rows[1] == ["1", "2", "", "Bruno", "2150", "NOR", "10b1", "7w1", "1b½", "16w1",
                       "3b½", "4", "12", "13", "9.5", "20", "7", "2157", "2120"]
    # David's round 2 is a half-point bye, "-½": it starts with "-", so it is quoted.  The
    # event is dated 2024-08-01, so the 2024 edition applies: SB 9.75, Held's /V1 answer
    # (the 2026 dummy cap would give 9.25).
    david = next(r for r in rows if r[3] == "David")
    assert david[7] == "'-½" and david[11] == "3.5" and david[14] == "9.75"
    assert [r[3] for r in rows[1:] if r[11] == "3.5"] == ["Charline", "David", "Alyx", "Stephan"]
    assert len(rows) == 1 + 16


def test_csv_rating_report_and_pairings(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    report = csv_rows(tmp_path / "rating_report.csv")
    assert report[0] == FIDE_HEAD
    # Bruno: We = 0.92 + 0.81 + 0.43 + 0.92 + 0.57 = 3.65; W − We = 0.35; K 20.
    assert report[1] == ["2", "Bruno", "2150", "5", "4", "3.65", "0.35", "20", "7", "7", "2157",
                         "1880", "2120"]
    pairings = csv_rows(tmp_path / "pairings.csv")
    assert pairings[0] == ["Rd.", "Bd.", "White No.", "White", "Black No.", "Black", "Result",
                           "White Rtg", "White Pts. before", "Black Rtg", "Black Pts. before"]
    # Round 1: everybody on 0, boards by the higher rating: Alyx's 2200, then Bruno's 2150.
    assert ["1", "2", "10", "Lais", "2", "Bruno", "0–1", "1750", "0", "2150", "0"] in pairings
    # Round 2: David's "-½" (TRF "0 - H") after his round-1 win.
    assert ["2", "", "4", "David", "", "half-point bye", "½", "2050", "1", "", ""] in pairings
    # Round 5: Bruno had 1 + 1 + ½ + 1 = 3½ from rounds 1-4, Charline ½ + 1 + 1 + ½ = 3.
    assert ["5", "1", "3", "Charline", "2", "Bruno", "½–½", "2100", "3", "2150", "3.5"] in \
        pairings
    # The TRF's rounds: 8 boards in round 1; 7 boards and 2 byes in rounds 2 and 3; 7 boards
    # in round 4 (its two absent players, "Z", are not listed); 7 boards and a bye in round 5.
    assert len(pairings) == 1 + 8 + 9 + 9 + 7 + 8


def test_csv_tables_are_the_xlsx_sheets(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    book = load_workbook(tmp_path / "report.xlsx")
    for sheet, name in (("Crosstable", "crosstable.csv"), ("Rating report", "rating_report.csv"),
                        ("Starting rank", "starting_rank.csv"), ("Pairings", "pairings.csv")):
        cells = [["" if v is None else "'" + v if isinstance(v, str) and v[:1] in "=+-@"
                  else f"{v:g}" if isinstance(v, float) else str(v) for v in row]
                 for row in book[sheet].iter_rows(values_only=True)]
        assert csv_rows(tmp_path / name) == cells, sheet


def test_csv_tables_in_vietnamese(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "vi")
    assert csv_rows(tmp_path / "crosstable.csv")[0] == [
        "Hạng", "STT", "Danh hiệu", "Họ tên", "Elo", "Liên đoàn", "1", "2", "3", "4", "5",
        "Điểm", "BH/C1", "BH", "SB", "K", "Thay đổi", "Elo mới", "Rp"]
    assert csv_rows(tmp_path / "rating_report.csv")[0][:4] == ["STT", "Họ tên", "Elo", "Số ván"]
    pairings = csv_rows(tmp_path / "pairings.csv")
    assert pairings[0] == ["Vòng", "Bàn", "STT Trắng", "Trắng", "STT Đen", "Đen", "Kết quả",
                           "Elo Trắng", "Điểm Trắng trước vòng", "Elo Đen", "Điểm Đen trước vòng"]
    assert ["2", "", "4", "David", "", "nghỉ được ½ điểm", "½", "2050", "1", "", ""] in pairings
    assert csv_rows(tmp_path / "starting_rank.csv")[:2] == [
        ["STT", "Danh hiệu", "Họ tên", "Liên đoàn", "Mã FIDE", "Elo"],
        ["1", "", "Alyx", "NOR", "", "2200"]]


def test_csv_tables_neutralise_formulas(tmp_path: Path) -> None:
    event = read_event(str(SWISS))
    players = tuple(dataclasses.replace(p, name=FORMULA) if p.id == 2 else p
                    for p in event.players)
    write_reports(rate(dataclasses.replace(event, players=players)), tmp_path, "en")
    assert csv_rows(tmp_path / "crosstable.csv")[1][3] == "'" + FORMULA
    assert csv_rows(tmp_path / "rating_report.csv")[1][1] == "'" + FORMULA
    lais = csv_rows(tmp_path / "pairings.csv")[2]  # round 1, board 2: Lais–Bruno
    assert lais[:7] == ["1", "2", "10", "Lais", "2", "'" + FORMULA, "0–1"]
    assert csv_rows(tmp_path / "starting_rank.csv")[2][2] == "'" + FORMULA


def test_csv_round_robin_grid(tmp_path: Path) -> None:
    result = rate(read_event(str(ROUND_ROBIN)))
    write_reports(result, tmp_path, "en")
    grid = csv_rows(tmp_path / "grid.csv")
    # Columns by start number in ranking order; Alyx (1) beat 2, 3 and 6, drew 5, lost to 4.
    assert grid[0] == ["Rk.", "No.", "Name", "1", "2", "3", "6", "5", "4", "Pts."]
    assert grid[1] == ["1", "1", "Alyx", "*", "1", "1", "1", "½", "0", "3.5"]
    # Helene (6) won by forfeit against Franck (5): "+" is quoted like any formula start.
    assert grid[4] == ["4", "6", "Helene", "0", "0", "0", "*", "'+", "½", "1.5"]
    assert load_workbook(tmp_path / "report.xlsx")["Grid"]["J2"].value == 3.5
    assert not (tmp_path / "norms.csv").exists()  # 5 rounds: nobody has 9 games


def test_csv_norms_only_when_there_are_norms(tuong_ky: RatingResult, tmp_path: Path) -> None:
    write_reports(rate(gm_norm_event()), tmp_path / "gm", "en")
    rows = csv_rows(tmp_path / "gm" / "norms.csv")
    assert rows[0] == ["No.", "Name", "Title", "Met", "Games", "Ra", "Rp", "Failed conditions"]
    # test_norms.py's test_gm_norm_met: average 2428, performance 2648, met.
    assert ["1", "Player 1", "GM", "true", "9", "2428", "2648", ""] in rows
    write_reports(tuong_ky, tmp_path / "tk", "en")
    assert {p.name for p in (tmp_path / "tk").glob("*.csv")} == {
        "players.csv", "games.csv", "crosstable.csv", "rating_report.csv", "starting_rank.csv",
        "pairings.csv"}
