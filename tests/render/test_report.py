"""The report set: crosstable cells, the HTML page, CSV/XLSX safety, atomic writes, the CLI."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from openpyxl import load_workbook

from helpers import drawn
from tournament_elo.cli.commands import main
from tournament_elo.errors import InputError
from tournament_elo.model import Event, Result
from tournament_elo.rating.engine import RatingResult, rate
from tournament_elo.read.detect import read_event
from tournament_elo.render.format import crosstable_cell, fmt_change, fmt_points
from tournament_elo.render.html import render_html
from tournament_elo.render.json import to_json
from tournament_elo.render.report import write_reports
from tournament_elo.render.writers import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_events" / "held_c07_swiss5.trf"
# A Swiss of 5 rounds: no grid.csv (not a round robin), no norms.csv (nobody has 9 games).
REPORT_FILES = {"report.html", "report.xlsx", "players.csv", "games.csv", "result.json",
                "crosstable.csv", "rating_report.csv", "starting_rank.csv", "pairings.csv"}
#: What a report folder holds: the reports and the record of what the tool wrote there.
IN_FOLDER = REPORT_FILES | {MANIFEST}
XSS = "<script>alert(1)</script>"
FORMULA = '=HYPERLINK("http://x","y")'


@pytest.fixture(scope="module")
def event() -> Event:
    return read_event(str(SAMPLE))


@pytest.fixture(scope="module")
def result(event: Event) -> RatingResult:
    return rate(event)


@pytest.fixture(scope="module")
def html(result: RatingResult) -> str:
    return render_html(result, "en")


@pytest.fixture(scope="module")
def page(browser: Any, html: str) -> str:
    """The page once its script has drawn the players' sections and the pairings."""
    return drawn(browser, html)


def renamed(event: Event, player_id: int, name: str) -> Event:
    players = tuple(dataclasses.replace(p, name=name) if p.id == player_id else p
                    for p in event.players)
    return dataclasses.replace(event, players=players)


def section(html: str, player_id: int | str) -> str:
    """The HTML of one player's rating section."""
    start = html.index(f'id="p-{player_id}"')
    return html[start:html.index("</section>", start)]


def standings_row(html: str, player_id: int) -> list[str]:
    """The round cells of one player's crosstable line: the 5 cells after his name,
    rating and federation (a cell's end tag is left out)."""
    start = html.index(f'href="#p-{player_id}"', html.index('class="crosstable"'))
    row = html[start:html.index("</tr>", start)]
    return re.findall(r'<td>([^<]*)', row)[2:7]


# --- crosstable cells ------------------------------------------------------------------


@pytest.mark.parametrize(("code", "opponent", "color", "cell"), [
    ("1", 12, "w", "12w1"),
    ("=", 5, "b", "5b½"),
    ("0", 7, "w", "7w0"),
    ("+", 3, "b", "3b+"),
    ("-", 9, "w", "9w-"),
    ("H", None, None, "-½"),
    ("F", None, None, "-1"),
    ("U", None, None, "-1"),
    ("Z", None, None, "-0"),
    (" ", 12, "w", "12w"),
    (" ", None, None, ""),
    ("1", "AI-3", "b", "AI-3b1"),
])
def test_crosstable_cell(code: str, opponent: int | str | None, color: str | None,
                         cell: str) -> None:
    assert crosstable_cell(code, opponent, color) == cell


@pytest.mark.parametrize(("value", "text"), [
    (7.0, "+7.0"), (-10.6, "-10.6"), (5.25, "+5.25"), (-11.25, "-11.25"), (0.0, "0.0"),
    (None, ""),
])
def test_change_keeps_the_decimals_it_has(value: float | None, text: str) -> None:
    assert fmt_change(value) == text


@pytest.mark.parametrize(("value", "text"), [(4.0, "4"), (3.5, "3½"), (0.5, "½"), (0.0, "0")])
def test_points_are_written_with_halves(value: float, text: str) -> None:
    assert fmt_points(value) == text


# --- the HTML page ---------------------------------------------------------------------


def test_html_is_self_contained(html: str) -> None:
    assert html.startswith("<!DOCTYPE html>")
    assert '<html lang="en">' in html
    assert '<meta charset="utf-8">' in html
    assert "@media print" in html and "overflow-x: auto" in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    # Its one script is inline (it draws the players' sections and the pairings from the
    # data block before it), and a browser without scripts says what it does not show.
    assert re.findall(r"<script[^>]*>", html) == [
        '<script type="application/json" class="report-data">', "<script>"]
    assert html.count("<noscript><p class=\"note\">Each player&#39;s section and the pairings "
                      "are drawn by a script in the page: turn on JavaScript to see them.</p>"
                      "</noscript>") == 2


def test_standings_list_every_player_with_links_and_sections(
        result: RatingResult, html: str, page: str) -> None:
    crosstable = html[html.index('class="crosstable"'):html.index('id="reports"')]
    for player_id, name in zip(result.players["id"], result.players["name"], strict=True):
        assert f'<a href="#p-{player_id}">{name}</a>' in crosstable
        assert f'id="p-{player_id}"' in page
    assert 'href="#p-2"' in html and 'id="p-2"' in page
    assert "<script" not in page  # drawn, the data block and the script leave the page
    header = html[:html.index("</header>")]
    assert "FIDE C.07 2023 Tie-Break Exercises" in header
    assert "fide-2024" in header and "Swiss system" in header and "2024-08-01" in header
    assert "after round" not in header


def test_crosstable_cells_of_the_sample(html: str) -> None:
    assert standings_row(html, 2) == ["10b1", "7w1", "1b½", "16w1", "3b½"]
    assert standings_row(html, 4)[1] == "-½"  # half-point bye
    assert standings_row(html, 6)[2] == "-1"  # pairing-allocated bye
    assert standings_row(html, 12) == ["4w0", "-1", "14w+", "-0", "-0"]
    assert standings_row(html, 14)[2] == "12b-"  # forfeit loss
    assert standings_row(html, 11)[3] == "9w+"


def test_bruno_rating_section(page: str) -> None:
    bruno = section(page, 2)
    assert "<h3>Bruno</h3>" in bruno
    for label, value in [("Rtg", "2150"), ("Pts.", "4"), ("We", "3.65"), ("K", "20"),
                         ("Change", "+7.0"), ("Change (rounded)", "+7"),
                         ("New rating", "2157"), ("Ra", "1880"), ("dp", "240"),
                         ("Rp", "2120"), ("Needs", "4")]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in bruno
    # round 3 against Alyx (No. 1, 2200): 50 points below, We 0.43, a draw, +1.4
    assert '<a href="#p-1">Alyx</a> (1)' in bruno
    assert re.search(r"2200</td><td[^>]*>-50</td>\s*<td[^>]*>0.43</td><td[^>]*>½</td>\s*"
                     r"<td[^>]*>\+1.4</td>", bruno)


def test_unrated_rounds_are_marked(page: str) -> None:
    david = section(page, 4)  # round 2: half-point bye
    assert "half-point bye" in david and "not rated" in david
    paul = section(page, 14)  # round 3: lost by forfeit against Nick
    assert "lost by forfeit" in paul and "not rated" in paul


def test_live_event_says_after_which_round(browser: Any, event: Event) -> None:
    pairings = event.pairings
    open_round = (pairings.round == 5) & (pairings.opponent >= 0)
    live = dataclasses.replace(event, pairings=dataclasses.replace(
        pairings, result=np.where(open_round, int(Result.UNPLAYED), pairings.result)))
    html = render_html(rate(live), "en")
    assert "5 (after round 4)" in html[:html.index("</header>")]
    assert standings_row(html, 2)[-1] == "3b"
    assert "not played yet" in section(drawn(browser, html), 2)


def test_vietnamese_page(result: RatingResult) -> None:
    html = render_html(result, "vi")
    assert '<html lang="vi">' in html
    for label in ("Họ tên", "Bảng tổng hợp kết quả", "Elo mới", "Thay đổi", "Đối thủ",
                  "Hệ Thụy Sĩ", "Báo cáo Elo từng đấu thủ"):
        assert label in html
    assert "Crosstable" not in html and ">Name<" not in html and "Opponent" not in html
    assert "01/08/2024" in html
    assert "hãy bật JavaScript để xem" in html  # what a browser without scripts says


def test_names_with_diacritics_are_kept(event: Event) -> None:
    name = "Nguyễn Thị Thanh Đức"
    html = render_html(rate(renamed(event, 2, name)), "vi")
    assert f'<a href="#p-2">{name}</a>' in html


def test_names_are_escaped(browser: Any, event: Event) -> None:
    html = render_html(rate(renamed(event, 2, XSS)), "en")
    assert XSS not in html  # in the data block too, where "<" is written \u003c
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    page = drawn(browser, html)
    assert XSS not in page  # the script writes it as text
    assert '<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>' in section(page, 2)
    assert '<a href="#p-2">&lt;script&gt;' in section(page, 1)  # as Alyx's opponent too


def test_templates_ship_inside_the_package() -> None:
    templates = resources.files("tournament_elo.render") / "templates"
    assert (templates / "report.html.j2").is_file()
    assert (templates / "report.css").is_file()


# --- the report set --------------------------------------------------------------------


def test_write_reports_writes_the_set(result: RatingResult, tmp_path: Path) -> None:
    out = tmp_path / "new" / "report"
    written = write_reports(result, out, "en")
    assert {p.name for p in written} == REPORT_FILES
    assert all(p.parent == out and p.is_file() for p in written)
    data = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(to_json(result)))


def test_formula_names_are_text_in_xlsx_and_csv(event: Event, tmp_path: Path) -> None:
    result = rate(renamed(event, 2, FORMULA))
    write_reports(result, tmp_path, "en")
    book = load_workbook(tmp_path / "report.xlsx")
    assert book.sheetnames[:3] == ["Crosstable", "Rating report", "Starting rank"]
    for title, column in (("Crosstable", 4), ("Rating report", 2), ("Starting rank", 3)):
        sheet = book[title]
        cell = next(c for c in sheet.iter_rows(min_col=column, max_col=column)
                    if c[0].value and "HYPERLINK" in str(c[0].value))[0]
        assert cell.data_type != "f"
        assert cell.value == FORMULA
        assert cell.quotePrefix
    with open(tmp_path / "players.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["name"] == "'" + FORMULA  # player 2 (Bruno), first in the standings
    alyx = next(r for r in rows if r["id"] == "1")
    assert alyx["name"] == "Alyx" and alyx["change"] == "-10.6"  # numbers untouched
    # Her tie-breaks after the contract's fields, as the crosstable shows them (C.07 over
    # her five opponents: Buchholz cut 1 11, Buchholz 12½, Sonneborn-Berger 8).
    assert list(rows[0])[18:] == ["tiebreaks.BH/C1", "tiebreaks.BH", "tiebreaks.SB"]
    assert (alyx["tiebreaks.BH/C1"], alyx["tiebreaks.BH"], alyx["tiebreaks.SB"]) == (
        "11", "12.5", "8")


def test_xlsx_numbers_and_layout(result: RatingResult, tmp_path: Path) -> None:
    write_reports(result, tmp_path, "en")
    book = load_workbook(tmp_path / "report.xlsx")
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2"
        assert all(cell.font.b for cell in sheet[1])
        assert sheet.column_dimensions["A"].width >= 4
    # The report's tables, each once (the JSON's flat tables are players.csv and games.csv).
    assert book.sheetnames == ["Crosstable", "Rating report", "Starting rank", "Pairings",
                               "Norms"]
    report = book["Rating report"]
    header = [c.value for c in report[1]]
    assert header[:5] == ["No.", "Name", "Rtg", "Games", "W"]
    rows = [{h: c.value for h, c in zip(header, row, strict=True)} for row in report][1:]
    alyx = next(r for r in rows if r["No."] == 1)  # the players come in standings order
    assert alyx["Name"] == "Alyx" and rows.index(alyx) == 3  # Rk. 4 in the crosstable
    assert isinstance(alyx["No."], int) and isinstance(alyx["Rtg"], int)
    # W 3½ of We 4.03 at K 20: 20 × (3.5 − 4.03) = −10.6, rounded −11; 2200 − 11 = 2189.
    assert isinstance(alyx["Change"], float) and alyx["Change"] == -10.6
    assert alyx["Change (rounded)"] == -11 and alyx["We"] == 4.03
    assert alyx["New rating"] == 2189
    pairings = book["Pairings"]
    assert [c.value for c in pairings[1]][:7] == ["Rd.", "Bd.", "White No.", "White",
                                                  "Black No.", "Black", "Result"]
    # Round 1, board 1: Alyx (2200, no points yet) beat Jessica (1800): the TRF's "9 w 1".
    assert [c.value for c in pairings[2]] == [1, 1, 1, "Alyx", 9, "Jessica", "1–0", 2200, 0,
                                              1800, 0]
    crosstable = book["Crosstable"]
    david = next(row for row in crosstable.iter_rows(values_only=True) if row[3] == "David")
    assert david[6:11] == ("12b1", "-½", "13w1", "3w½", "1b½")
    assert david[11] == 3.5


def test_csv_headers_follow_the_json_contract(result: RatingResult, tmp_path: Path) -> None:
    write_reports(result, tmp_path, "en")
    raw = (tmp_path / "games.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a BOM, so that Excel reads UTF-8
    with open(tmp_path / "games.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == ["round", "player", "opponent", "color", "score", "rated",
                             "opponent_rating", "expected", "k", "change"]
    assert len(rows) == len(result.games)
    bye = next(r for r in rows if r["player"] == "4" and r["round"] == "2")
    assert bye == {"round": "2", "player": "4", "opponent": "", "color": "", "score": "0.5",
                   "rated": "false", "opponent_rating": "", "expected": "", "k": "",
                   "change": ""}


def test_writes_are_atomic_and_touch_nothing_else(
        result: RatingResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    write_reports(result, tmp_path, "en")
    write_reports(result, tmp_path, "vi")  # over an existing report
    assert {p.name for p in tmp_path.iterdir()} == IN_FOLDER | {"keep.txt"}
    assert (tmp_path / "keep.txt").read_text() == "mine"
    before = (tmp_path / "report.html").read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(InputError, match=r"cannot write the reports.*disk full"):
        write_reports(result, tmp_path, "en")
    assert (tmp_path / "report.html").read_bytes() == before
    assert {p.name for p in tmp_path.iterdir()} == IN_FOLDER | {"keep.txt"}


def test_cli_writes_the_report_set(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", "sample_events/held_c07_swiss5.trf",
         "--out", str(out), "--lang", "vi"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert {p.name for p in out.iterdir()} == IN_FOLDER
    assert '<html lang="vi">' in (out / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, footer", [
    ("en", "<footer>Computed by tournament_elo · Rating system: fide-2024</footer>"),
    # The .po's "Tính bởi tournament_elo" (Computed by tournament_elo) and "Hệ thống tính
    # Elo" (Rating system): words the template says, looked up in the catalogue.
    ("vi", "<footer>Tính bởi tournament_elo · Hệ thống tính Elo: fide-2024</footer>"),
])
def test_the_pages_words_are_the_catalogues(tmp_path: Path, lang: str, footer: str) -> None:
    # The sample is dated 2024-08-01: 'fide' rates it under fide-2024.
    assert main(["rate", str(SAMPLE), "--out", str(tmp_path), "--lang", lang]) == 0
    lines = (tmp_path / "report.html").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith("<footer>")] == [footer]


def test_title_column_only_when_someone_has_a_title(browser: Any, event: Event,
                                                    html: str) -> None:
    assert "<th>Title</th>" not in html
    players = tuple(dataclasses.replace(p, title="g") if p.id == 2 else p for p in event.players)
    titled = render_html(rate(dataclasses.replace(event, players=players)), "en")
    assert "<th>Title</th>" in titled
    assert '<td class="ttl">GM<td class="name">' in titled
    assert '<span class="ttl">GM</span> Bruno' in drawn(browser, titled)
