"""The report as a person sees it, in a real browser (Debian's headless Chromium).

CI installs Chromium (`.ci/run`); on a developer's machine without it these tests are
skipped with the reason, never silently passed.
"""

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _report(tmp_path: Path, sample: str, lang: str) -> Path:
    out = tmp_path / f"report-{lang}"
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(ROOT / "sample_events" / sample),
         "--out", str(out), "--lang", lang], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out / "report.html"


def test_standings_and_a_players_section_by_its_link(browser, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(_report(tmp_path, "held_c07_swiss5.trf", "en").as_uri())
    rows = page.locator("table.crosstable tbody tr")
    assert rows.count() == 16  # every player of FIDE's exercise
    first = rows.first.inner_text()
    assert "Bruno" in first and "10b1" in first  # rank 1; round 1: won with black vs 10
    page.locator("a[href='#p-2']").first.click()
    assert page.url.endswith("#p-2")
    section = page.locator("#p-2")
    box = section.bounding_box()
    assert box is not None and 0 <= box["y"] < 100  # scrolled to the top of the view
    assert "2157" in section.inner_text()  # Bruno's new rating
    page.screenshot(path=str(tmp_path / "standings.png"), full_page=True)
    assert (tmp_path / "standings.png").stat().st_size > 10_000


def test_vietnamese_page_shows_diacritics(browser, tmp_path):
    page = browser.new_page(viewport={"width": 420, "height": 900})  # a phone
    page.goto(_report(tmp_path, "club_rapid-games.csv", "vi").as_uri())
    text = page.locator("body").inner_text()
    assert "Họ tên" in text and "Nguyễn Văn Đức" in text and "Trần Thị Ngọc Ánh" in text
    assert page.evaluate("document.documentElement.lang") == "vi"
    page.screenshot(path=str(tmp_path / "vi.png"))
    assert (tmp_path / "vi.png").stat().st_size > 10_000


def test_phone_shows_the_event_report_and_both_charts(browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 812})  # a small phone
    page.goto(_report(tmp_path, "held_c07_swiss5.trf", "en").as_uri())
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
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    assert (tmp_path / "phone.png").stat().st_size > 10_000


def test_print_repeats_headers_and_starts_the_players_on_a_new_page(
        browser: Any, tmp_path: Path) -> None:
    # The printable width of the crosstable's page: A4 landscape less 2 × 10 mm margins,
    # 277 mm = 277 / 25.4 × 96 ≈ 1047 CSS pixels.
    page = browser.new_page(viewport={"width": 1047, "height": 740})
    page.goto(_report(tmp_path, "held_c07_swiss5.trf", "en").as_uri())
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
