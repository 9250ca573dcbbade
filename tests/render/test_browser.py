"""The report as a person sees it, in a real browser (Debian's headless Chromium).

CI installs Chromium (`.ci/run`); on a developer's machine without it these tests are
skipped with the reason, never silently passed.
"""

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_pages import MEDIABOX_LANDSCAPE, pdf_pages

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"
DATA = ROOT / "tests" / "data"
#: FIDE's A4 sheet in CSS pixels (96 per inch): 210 × 297 mm.  The crosstable's page is
#: landscape with 10 mm margins (277 × 190 mm), the lists' pages portrait with 12 × 10 mm.
LANDSCAPE = {"width": 1047, "height": 718}
UPRIGHT = {"width": 718, "height": 1047}  # the same page upright (a browser that keeps it so)
MEDIABOX_PORTRAIT = b"/MediaBox [0 0 594.95996 841.91998]"
CAPO = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"  # 84 players, 9 rounds


def _report(tmp_path: Path, event: Path, lang: str) -> Path:
    out = tmp_path / f"report-{lang}"
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(event),
         "--out", str(out), "--lang", lang], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out / "report.html"


def test_standings_and_a_players_section_by_its_link(browser, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(_report(tmp_path, SAMPLES / "held_c07_swiss5.trf", "en").as_uri())
    rows = page.locator("table.crosstable tbody tr")
    assert rows.count() == 16  # every player of FIDE's exercise
    first = rows.first.inner_text()
    assert "Bruno" in first and "10b1" in first  # rank 1; round 1: won with black vs 10
    page.locator("a[href='#p-2']").first.click()
    assert page.url.endswith("#p-2")
    section = page.locator("#p-2")
    box = section.bounding_box()
    assert box is not None and 0 <= box["y"] < 100  # scrolled to the top of the view
    assert "2157" in (section.text_content() or "")  # Bruno's new rating
    page.screenshot(path=str(tmp_path / "standings.png"), full_page=True)
    assert (tmp_path / "standings.png").stat().st_size > 10_000


def test_vietnamese_page_shows_diacritics(browser, tmp_path):
    page = browser.new_page(viewport={"width": 420, "height": 900})  # a phone
    page.goto(_report(tmp_path, SAMPLES / "club_rapid-games.csv", "vi").as_uri())
    text = page.locator("body").inner_text()
    assert "Họ tên" in text and "Nguyễn Văn Đức" in text and "Trần Thị Ngọc Ánh" in text
    assert page.evaluate("document.documentElement.lang") == "vi"
    page.screenshot(path=str(tmp_path / "vi.png"))
    assert (tmp_path / "vi.png").stat().st_size > 10_000


def test_phone_shows_the_event_report_and_both_charts(browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 812})  # a small phone
    page.goto(_report(tmp_path, SAMPLES / "held_c07_swiss5.trf", "en").as_uri())
    # The page itself never scrolls sideways: only the wide tables do, inside their box.
    assert page.evaluate("document.documentElement.scrollWidth") == 375
    report = page.locator("table.eventreport")
    report.scroll_into_view_if_needed()
    assert report.is_visible()
    bruno = report.locator("tbody tr").first.inner_text()
    assert "Bruno" in bruno and "2157" in bruno  # rank 1; 2150 + 7 = 2157
    scroller = page.locator("#event-report .scroll")
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth")  # 13 columns: it scrolls
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    name = report.locator("tbody tr td.name").first.bounding_box()
    assert name is not None and 0 <= name["x"] < 60  # the name stays in view (sticky)
    page.locator("a[href='#p-2']").first.click()
    charts = page.locator("#p-2 svg.chart")
    assert charts.count() == 2
    score, rating = (charts.nth(i).bounding_box() for i in range(2))
    assert score is not None and rating is not None
    for box in (score, rating):
        assert box["width"] > 100 and box["height"] > 40  # 200 × 90, scaled to share the row
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    assert abs(score["y"] - rating["y"]) < 1 and score["x"] < rating["x"]  # side by side
    assert page.locator("#p-2 svg.rating").get_attribute("aria-label") == "Rating after each game"
    line = page.locator("#p-2 svg.rating polyline").bounding_box()
    assert line is not None and line["width"] > 50  # the line is drawn, not just the axes
    # The starting rank and the pairings fit the phone without scrolling sideways.
    for box in ("#starting-rank .scroll", "#round-2 .scroll"):
        assert page.locator(box).evaluate("e => e.scrollWidth <= e.clientWidth"), box
    # A board takes two lines: white (Opal, 1 point before round 2) above black (Alyx),
    # the result beside both, inside the screen.
    # The cells by column, as the style places them: 3 white, 5 his points, 6 the result,
    # 9 black.
    board = page.locator("#round-2 tbody tr").first
    # Brought into view, as a person scrolls to it (out of view, a round waits to be laid
    # out: content-visibility).
    board.scroll_into_view_if_needed()
    white, black, result = (board.locator(f"td:nth-child({n})").bounding_box()
                            for n in (3, 9, 6))
    assert white is not None and black is not None and result is not None
    assert white["x"] == black["x"] and white["y"] + white["height"] <= black["y"]
    assert result["x"] >= white["x"] + white["width"] and result["x"] + result["width"] <= 375
    assert board.locator("td:nth-child(3)").text_content() == "Opal"
    assert board.locator("td:nth-child(9)").text_content() == "Alyx"
    assert board.locator("td:nth-child(5)").text_content() == "1"
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    assert (tmp_path / "phone.png").stat().st_size > 10_000


def test_print_repeats_headers_and_starts_the_players_on_a_new_page(
        browser: Any, tmp_path: Path) -> None:
    # The printable width of the crosstable's page: A4 landscape less 2 × 10 mm margins,
    # 277 mm = 277 / 25.4 × 96 ≈ 1047 CSS pixels.
    page = browser.new_page(viewport={"width": 1047, "height": 740})
    page.goto(_report(tmp_path, SAMPLES / "held_c07_swiss5.trf", "en").as_uri())
    page.emulate_media(media="print")
    style = "(e, p) => getComputedStyle(e).getPropertyValue(p)"
    assert page.locator("table.eventreport thead").evaluate(style, "display") == \
        "table-header-group"
    assert page.locator("#reports").evaluate(style, "break-before") == "page"
    assert page.locator(".player").first.evaluate(style, "break-inside") == "avoid"
    # On paper nothing scrolls: the crosstable with its tie-breaks fits the page's width.
    table = page.locator("table.crosstable").bounding_box()
    assert table is not None and table["width"] <= 1047
    assert page.evaluate("document.documentElement.scrollWidth") == 1047
    page.pdf(path=str(tmp_path / "report.pdf"), prefer_css_page_size=True)
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")


def test_a4_crosstable_keeps_every_round_on_one_line_and_the_last_column_on_the_page(
        browser: Any, tmp_path: Path) -> None:
    # Opened at its address, the report prints the crosstable alone (under the event's name).
    report = _report(tmp_path, CAPO, "en").as_uri() + "#standings"
    for paper in (UPRIGHT, LANDSCAPE):  # the printable area of its A4 page, either way up
        page = browser.new_page(viewport=paper)
        page.goto(report)
        page.emulate_media(media="print")
        # The round cells are the crosstable's cells under its heads of class "rd".
        rounds = page.evaluate("""() => {
            const heads = [...document.querySelectorAll('table.crosstable thead th')];
            const at = heads.flatMap((th, i) => th.classList.contains('rd') ? [i] : []);
            return [...document.querySelectorAll('table.crosstable tbody tr')]
              .flatMap(tr => at.map(i => tr.cells[i]))
              .map(td => { const text = document.createRange(); text.selectNodeContents(td);
                           const lines = text.getClientRects();
                           return [td.textContent, lines.length,
                                   lines.length ? lines[0].height : 0,
                                   parseFloat(getComputedStyle(td).lineHeight)]; }); }""")
        assert len(rounds) == 84 * 9
        assert rounds[0][:2] == ["22w1", 1]  # Seletsky, rank 1: won with white against 22
        for text, lines, height, line in rounds:
            assert lines <= 1 and height <= line, text  # one line, never "2/2/w/1" stacked
        last = page.locator("table.crosstable thead th").last
        assert last.inner_text() == "Rp"
        for cell in (last, page.locator("table.crosstable tbody tr td").last):
            box = cell.bounding_box()
            assert box is not None and box["x"] + box["width"] <= paper["width"], paper
        assert page.evaluate("document.documentElement.scrollWidth") == paper["width"]
    style = "(e, p) => getComputedStyle(e).getPropertyValue(p)"
    assert page.locator("table.crosstable thead").evaluate(style, "display") == \
        "table-header-group"
    assert page.locator("table.crosstable tbody tr").first.evaluate(
        style, "break-inside") == "avoid"
    assert page.locator("#pairings").evaluate(style, "display") == "none"
    # 84 rows of about 18 px (8 pt type: 10.7 px × 1.4, 2 px padding, a 1 px rule) under
    # the name, the facts and the repeated header row: 190 mm = 718 px of a landscape page
    # holds about 33 rows on the first page and 38 on each next one, so 3 pages.
    boxes = pdf_pages(page.pdf(format="A4", prefer_css_page_size=True))
    assert boxes == [MEDIABOX_LANDSCAPE] * 3


def test_a4_starting_rank_and_a_round_print_on_portrait_pages(
        browser: Any, tmp_path: Path) -> None:
    report = _report(tmp_path, CAPO, "en").as_uri()
    page = browser.new_page()
    page.goto(report + "#round-3")
    page.emulate_media(media="print")
    style = "(e, p) => getComputedStyle(e).getPropertyValue(p)"
    assert page.locator("#standings").evaluate(style, "display") == "none"
    assert page.locator("#round-2").evaluate(style, "display") == "none"
    assert page.locator("#round-3 tbody tr").count() == 41 + 1  # 84 players: 41 boards, a bye
    # A round is one page: 42 rows of about 20 px (9.5 pt) under the event's name, in
    # 273 mm = 1032 px of a portrait page.
    assert pdf_pages(page.pdf(format="A4", prefer_css_page_size=True)) == [MEDIABOX_PORTRAIT]
    page.goto(report + "#starting-rank")
    assert page.locator("#starting-rank tbody tr").count() == 84
    # 84 rows of about 20 px, some 45 to a page: 2 pages.
    assert pdf_pages(page.pdf(format="A4", prefer_css_page_size=True)) == [MEDIABOX_PORTRAIT] * 2
    page.emulate_media(media="print")
    assert page.locator("#starting-rank").evaluate(style, "break-before") == "auto"
    page.goto(report)  # the whole report: each list starts a page of its own
    page.emulate_media(media="print")
    assert page.locator("#starting-rank").evaluate(style, "break-before") == "page"
    assert page.locator("#round-2").evaluate(style, "break-before") == "page"
    assert page.locator("#round-1").evaluate(style, "break-before") == "auto"


#: What the report showed of its players' sections, its rounds and its charts' frames when
#: it wrote them as markup (before its script drew them), as Chromium serializes them.
DRAWN_BEFORE = """() => ['svg.chart-frames', 'section.player', '#pairings .round'].flatMap(
    s => [...document.querySelectorAll(s)].map(e => e.outerHTML))"""


@pytest.mark.parametrize(("event", "system", "sections"), [
    (SAMPLES / "held_c07_swiss5.trf", "fide", "held_c07_swiss5"),
    (SAMPLES / "tuong-ky_co-tuong.csv", "tuong-ky", "tuong-ky_co-tuong"),
])
def test_the_script_draws_what_the_page_wrote_before(
        browser: Any, tmp_path: Path, event: Path, system: str, sections: str) -> None:
    # Every figure, cell, link, class and chart of tests/data/report_sections_*.html (the
    # sections written by the templates of 1 December 2026, tests/data/SOURCES.md).
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(event), "--system", system,
         "--out", str(tmp_path / "report")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    page = browser.new_page()
    page.goto((tmp_path / "report" / "report.html").as_uri())
    drawn = [re.sub(r">\s+<", "><", part).replace("\n", " ")
             for part in page.evaluate(DRAWN_BEFORE)]
    before = (DATA / f"report_sections_{sections}.html").read_text(encoding="utf-8")
    assert drawn == before.splitlines()
    assert page.locator("script").count() == 0  # the data block and the script are gone


def test_a_link_from_elsewhere_opens_a_players_section(browser: Any, tmp_path: Path) -> None:
    # report.html#p-84 opened as an address (a bookmark, another page): the script has
    # drawn the sections before the browser looks for the anchor.
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(_report(tmp_path, CAPO, "en").as_uri() + "#p-84")
    assert page.evaluate("document.querySelector(':target').id") == "p-84"
    box = page.locator("#p-84").bounding_box()
    assert box is not None and 0 <= box["y"] < 100  # at the top of the view
    assert page.locator("#p-84 h3").text_content() == page.evaluate(
        "document.querySelector('a[href=\"#p-84\"]').textContent")


def test_printed_every_players_section_is_laid_out(browser: Any, tmp_path: Path) -> None:
    # On screen a section out of view waits to be laid out (content-visibility); on
    # paper all 84 are, each with its 9 rounds (the Capo d'Orso event).
    page = browser.new_page(viewport={"width": 1047, "height": 740})
    page.goto(_report(tmp_path, CAPO, "en").as_uri())
    page.emulate_media(media="print")
    style = "(e, p) => getComputedStyle(e).getPropertyValue(p)"
    players = page.locator(".reports .player")
    assert players.count() == 84
    last = players.last
    assert last.evaluate(style, "content-visibility") == "visible"
    assert last.locator("table.games tbody tr").count() == 9
    assert last.locator("table.games tbody tr").first.inner_text() != ""
    assert page.locator("#round-9").evaluate(style, "content-visibility") == "visible"


def test_without_javascript_the_page_says_what_it_leaves_out(
        browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(_report(tmp_path, SAMPLES / "held_c07_swiss5.trf", "vi").as_uri())
    assert page.locator("table.crosstable tbody tr").count() == 16  # the lists are there
    assert page.locator(".player").count() == 0
    notes = page.locator("noscript").all_inner_texts()
    assert len(notes) == 2 and all("JavaScript" in note for note in notes)
    context.close()
