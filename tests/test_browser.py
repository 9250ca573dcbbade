"""The report as a person sees it, in a real browser (Debian's headless Chromium).

CI installs Chromium (`.ci/run`); on a developer's machine without it these tests are
skipped with the reason, never silently passed.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags a sandboxed, network-less machine needs (see the env notes).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if CHROMIUM is None and os.environ.get("CI"):
    raise RuntimeError("CI must have Chromium for the browser tests (.ci/run installs it)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


def _report(tmp_path: Path, sample: str, lang: str) -> Path:
    out = tmp_path / f"report-{lang}"
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(ROOT / "sample_events" / sample),
         "--out", str(out), "--lang", lang], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out / "report.html"


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


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
