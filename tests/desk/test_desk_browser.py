"""The arbiter's desk in a real browser (Debian's headless Chromium through Playwright, as
``test_browser.py``): the Gros event after round 4, then round 5 written into the file
while the page stays open."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_pages import MEDIABOX_LANDSCAPE, pdf_pages
from desk_server import GROS, desk_server, with_round_5

#: The longest a test waits for the page to follow the file (ms): a guard against a hang,
#: not a measure (the target is 500; a busy machine may take more).
FOLLOW_MS = 120_000


def _served(tmp_path: Path) -> tuple[Path, Any]:
    event = tmp_path / "gros.trf"
    event.write_bytes(GROS.read_bytes())
    return event, desk_server(str(event), "--work-dir", "work", cwd=tmp_path)


def _page(browser: Any, url: str, width: int = 1280, height: int = 900) -> Any:
    """A new tab at ``url``, waiting at most :data:`FOLLOW_MS` for anything."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(FOLLOW_MS)
    page.goto(url)
    return page


def test_standings_a_players_page_and_round_5_without_reloading(
        browser: Any, tmp_path: Path) -> None:
    event, server = _served(tmp_path)
    with server as (url, _):
        page = _page(browser, url)
        assert page.url == url + "e/1/"
        assert page.locator(".desk-head .after").inner_text() == "Standings after round 4"
        rows = page.locator("table.crosstable tbody tr")
        assert rows.count() == 52
        assert rows.first.locator("td.name").inner_text() == "Mirzoev Azer"
        page.locator("table.crosstable a", has_text="Iglesias Gonzalez Veronica").click()
        assert page.url == url + "e/1/p/p-23"
        assert page.locator(".player h3").inner_text() == "Iglesias Gonzalez Veronica"
        games = page.locator("table.games tbody tr")
        assert games.count() == 4  # every game she played
        assert [games.nth(i).locator("td").nth(1).inner_text() for i in range(4)] == [
            "Elduayen Echave Ramon (49)", "Ladron De Guevara Galar Fco J (8)",
            "Goienetxea Yarza Jesus (50)", "Darrigues Alain (10)"]
        totals = dict(zip(page.locator(".player .totals dt").all_inner_texts(),
                          page.locator(".player .totals dd").all_inner_texts(), strict=True))
        assert totals["Change"] == "+10.95"  # her change: 15 × (2 − 1.27)
        assert page.locator(".player svg.chart").count() == 2
        page.go_back()
        page.evaluate("window.stillTheSamePage = true")  # gone if the page reloads
        event.write_text(with_round_5(GROS.read_text()), encoding="utf-8")
        page.locator(".desk-head .after", has_text="after round 5").wait_for()
        assert page.evaluate("window.stillTheSamePage") is True
        # Argandona beat Mirzoev with black: 5 points, first; round 5 in his line.
        leader = page.locator("table.crosstable tbody tr").first
        assert leader.locator("td.name").inner_text() == "Argandona Riveiro Inigo"
        assert re.search(r"\b1b1\b", leader.inner_text())
        page.close()


def test_a_players_page_draws_her_section_again_when_the_file_changes(
        browser: Any, tmp_path: Path) -> None:
    event, server = _served(tmp_path)
    with server as (url, _):
        page = _page(browser, url + "e/1/p/p-23")
        assert page.locator("table.games tbody tr").count() == 4
        page.evaluate("window.stillTheSamePage = true")  # gone if the page reloads
        event.write_text(with_round_5(GROS.read_text()), encoding="utf-8")
        # The fragment that replaces her page holds her section as data: the desk's
        # script draws it again, with a fifth row: round 5, white (23, odd) against 24,
        # won (with_round_5): her score 1 + 0 + 1 + 1 (the file's rounds 1-4) + 1 = 4.
        page.locator("table.games tbody tr").nth(4).wait_for()
        assert page.evaluate("window.stillTheSamePage") is True
        games = page.locator("table.games tbody tr")
        assert games.count() == 5
        assert games.nth(4).locator("td").nth(1).inner_text() == "Espin Laborde Jesus Maria (24)"
        assert page.locator(".player svg.chart.score title").text_content() == (
            "Score after each round: 4")
        assert page.locator(".player svg.chart").count() == 2
        assert page.locator("script.report-data").count() == 0  # read and dropped
        page.close()


def test_switch_to_vietnamese_and_print_the_standings_on_a4(
        browser: Any, tmp_path: Path) -> None:
    _, server = _served(tmp_path)
    with server as (url, _):
        page = _page(browser, url + "e/1/")
        page.select_option("select[name=lang]", "vi")
        page.locator("form.options button").click()
        page.wait_for_url(url + "e/1/")
        assert page.evaluate("document.documentElement.lang") == "vi"
        assert page.locator(".desk-head .after").inner_text() == "Bảng xếp hạng sau vòng 4"
        assert page.locator("table.crosstable thead th.name").inner_text() == "Họ tên"
        page.goto(url + "e/1/print")
        page.emulate_media(media="print")
        assert not page.locator("nav").is_visible()  # on paper: the standings alone
        # 52 rows of about 18 px under the name and the facts on A4 landscape (the
        # report's crosstable page, 190 mm = 718 px high, some 33 rows on the first page
        # and 38 on the next): 2 pages, both A4 on its side.
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        (tmp_path / "standings.pdf").write_bytes(pdf)
        assert pdf_pages(pdf) == [MEDIABOX_LANDSCAPE] * 2
        page.close()


def test_a_dropped_broken_file_shows_its_located_message(browser: Any, tmp_path: Path) -> None:
    _, server = _served(tmp_path)
    with server as (url, _):
        page = _page(browser, url + "e/1/")
        page.evaluate("""() => {
            const dropped = new DataTransfer();
            dropped.items.add(new File(["012 Open\\n001    1 m    Broken line\\n"], "broken.trf"));
            document.dispatchEvent(new DragEvent("drop", {dataTransfer: dropped,
                                                          bubbles: true, cancelable: true}));
        }""")
        page.wait_for_url(url + "e/2/")
        kept = tmp_path / "work" / "dropped" / "broken.trf"
        problem = page.locator(".problems li").inner_text()
        assert problem == (f"{kept.resolve()}, line 2: truncated player record; found 25 "
                           "characters, expected at least 84 (through the points column, "
                           "81-84)")
        assert page.locator(".problems p").inner_text() == (
            "Nothing to show until the file can be read.")
        # The event opened before is there still, beside it.
        assert page.locator("nav a[href='/e/1/']").inner_text() == "XX Open Internacional de Gros"
        page.close()


def test_the_wall_pages_through_the_standings_by_itself(browser: Any, tmp_path: Path) -> None:
    _, server = _served(tmp_path)
    with server as (url, _):
        page = _page(browser, url + "e/1/wall?every=1", height=720)
        shown = page.locator("table.wall tbody tr:not(.away)")
        first = shown.count()
        assert 5 < first < 52  # large type: a screen holds part of the 52 players
        assert shown.first.locator("td.name").inner_text() == "Mirzoev Azer"
        size = page.locator("table.wall td.name").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 19  # min(3.2 vh, 1.55 vw) of 1280 × 720: 19.8 px
        page.wait_for_function("document.body.dataset.page === '2'")
        rows = page.locator("table.wall tbody tr")
        # The second page starts with the row after the first page's last.
        assert rows.evaluate_all("(rows) => rows.findIndex(r => !r.classList.contains('away'))"
                                 ) == first
        assert shown.count() == min(first, 52 - first)
        page.close()


def test_no_page_of_the_desk_is_answered_not_found(browser: Any, tmp_path: Path) -> None:
    # Chromium asks for a page's icon by itself, outside the page's own requests; a 404
    # for it is said on the page's console ("Failed to load resource: ... 404").
    _, server = _served(tmp_path)
    with server as (url, _):
        page = browser.new_page()
        page.set_default_timeout(FOLLOW_MS)
        answers: list[tuple[int, str]] = []
        console: list[tuple[str, str]] = []
        page.on("response", lambda answer: answers.append((answer.status, answer.url)))
        page.on("console", lambda said: console.append((said.type, said.text)))
        for path in ("e/1/", "e/1/wall", "e/1/p/p-23", "e/1/print"):
            page.goto(url + path)
            icon = page.evaluate("""async () => {
                const answer = await fetch(document.querySelector("link[rel=icon]").href);
                return [answer.status, answer.headers.get("content-type")];
            }""")
            assert icon == [200, "image/svg+xml"], path
        page.wait_for_load_state("networkidle")
        assert [answer for answer in answers if answer[0] >= 400] == []
        assert [said for said in console if said[0] == "error"] == []
        page.close()


def test_a_drop_of_a_thousand_files_stops_at_the_desks_bound(
        browser: Any, tmp_path: Path) -> None:
    # With --max-dropped 5 the page sends the files one after another: the first 5 are
    # kept, the 6th is refused and its reason shown, the 994 after it are not sent.
    event = tmp_path / "gros.trf"
    event.write_bytes(GROS.read_bytes())
    with desk_server(str(event), "--work-dir", "work", "--max-dropped", "5",
                     cwd=tmp_path) as (url, _):
        page = _page(browser, url + "e/1/")
        sent: list[str] = []
        page.on("request", lambda request: sent.append(request.url)
                if "/open?" in request.url else None)
        page.evaluate("""() => {
            const dropped = new DataTransfer();
            for (let n = 0; n < 1000; n++) {
                dropped.items.add(new File(["id,name,rating\\n6,Player,2100\\n"],
                                           "list-" + n + ".csv"));
            }
            document.dispatchEvent(new DragEvent("drop", {dataTransfer: dropped,
                                                          bubbles: true, cancelable: true}));
        }""")
        message = page.locator("#drop-message")
        message.filter(has_text="dropped files").wait_for()
        assert message.inner_text() == (
            "the desk takes 5 dropped files while it runs (serve --max-dropped): this one and "
            "the next are not kept; give them on the command line")
        assert len(sent) == 6
        assert page.url == url + "e/1/"  # the page stays, its message shown
        page.close()
    assert sorted(p.name for p in (tmp_path / "work" / "dropped").iterdir()) == [
        f"list-{n}.csv" for n in range(5)]
