"""``publish``: the static web site of a rating database, from generated events.

The database: a published list of 60 players (one named ``Nguyễn Văn Đức``, one
``<script>alert(1)</script>``, one ``Đặng Thị Hà``) and ten generated Swiss events,
recomputed monthly under fide-2024.  The browser tests open the site from ``file://``
in Debian's headless Chromium; without it they are skipped with the reason (on CI
they fail: CI must have it).
"""

from __future__ import annotations

import csv
import importlib
import json
import random
import re
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from db_figures import site_tables

from tournament_elo.db.importer import import_events
from tournament_elo.db.lists import import_list
from tournament_elo.db.queries import Computation, computation, history, ratings, state_as_of
from tournament_elo.db.recompute import period_bounds, recompute
from tournament_elo.db.store import Database
from tournament_elo.errors import InputError
from tournament_elo.read.headers import fold_name
from tournament_elo.render.format import fmt_list_change as fmt_change
from tournament_elo.render.format import fmt_list_rating as fmt_rating
from tournament_elo.render.format import fmt_text
from tournament_elo.site.publish import publish_site

ROOT = Path(__file__).resolve().parents[2]
SCRIPT_NAME = "<script>alert(1)</script>"

def _generate() -> ModuleType:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("benchmarks.generate")


def _make_database(folder: Path) -> Path:
    generate = _generate()
    people = list(generate.population(60, 3))
    people[0] = replace(people[0], name="Nguyễn Văn Đức")
    people[1] = replace(people[1], name=SCRIPT_NAME)
    people[2] = replace(people[2], name="Đặng Thị Hà")
    rng = random.Random(7)
    with open(folder / "list.csv", "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["fide_id", "name", "federation", "rating", "games", "birth"])
        for p in people:
            writer.writerow([p.fide_id, p.name, p.federation, p.rating or "",
                             rng.randint(0, 80) if p.rating else 0, p.birth.isoformat()])
    events = folder / "events"
    events.mkdir()
    for k in range(10):
        # The first event has the first 24 players, so the named ones have played.
        entrants = people[:24] if k == 0 else people
        event = generate.generate_swiss(24 if k == 0 else rng.choice([16, 20]), 5, seed=k,
                                        start=date(2023, 1, 2) + timedelta(days=21 * k),
                                        entrants=entrants, name=f"Open {k}")
        (events / f"e{k:02d}.trf").write_text(generate.to_trf(event), encoding="utf-8")
    path = folder / "ratings.db"
    with Database(path) as db:
        import_list(db, folder / "list.csv", date(2022, 12, 1))
        report = import_events(db, [events], system="fide-2024", workers=1)
        assert len(report.imported) == 10 and not report.failed
        recompute(db)
    return path


@dataclass
class Site:
    db: Database
    comp: Computation
    out: Path
    written: list[Path]
    totals: list[int]
    advanced: int


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("publish")
    out = folder / "www" / "ratings"  # does not exist yet
    with Database(_make_database(folder)) as db:
        totals: list[int] = []
        steps: list[int] = []
        written = publish_site(db, out, advance=steps.append, total=totals.append)
        yield Site(db, computation(db), out, written, totals, sum(steps))


# --- reading the pages -------------------------------------------------------------------


def _player_ids(site: Site) -> list[int]:
    return [int(i) for i in ratings(site.db, site.comp)["id"]]


# --- the pages' content ----------------------------------------------------------------


def test_index_lists_exactly_the_rated_players_in_rating_order(site: Site) -> None:
    listed = ratings(site.db, site.comp)
    rows = site_tables(site.out / "index.html")["list"]
    assert len(rows) == len(listed) > 50
    assert [links[0] for _, links in rows] == [f"players/{i}.html" for i in listed["id"]]
    assert [cells[1] for cells, _ in rows] == list(listed["name"])
    assert [cells[2] for cells, _ in rows] == [fmt_rating(r) for r in listed["rating"]]
    assert [int(cells[0]) for cells, _ in rows] == list(range(1, len(listed) + 1))
    # Columns: #, Name, Rating, Change, Title, Fed., Born, Games, Games in the period, K.
    assert [cells[3] for cells, _ in rows] == [fmt_change(c) for c in listed["change"]]
    assert [cells[4] for cells, _ in rows] == [t if isinstance(t, str) else ""
                                              for t in listed["title"]]
    assert [cells[5] for cells, _ in rows] == list(listed["federation"])
    assert [cells[6] for cells, _ in rows] == [fmt_text(b) for b in listed["birth_year"]]
    assert [(cells[7], cells[8]) for cells, _ in rows] == [
        (str(g), str(n)) for g, n in zip(listed["games"], listed["period_games"], strict=True)]
    assert "GM" in [cells[4] for cells, _ in rows]
    ratings_shown = [int(cells[2]) for cells, _ in rows]
    assert ratings_shown == sorted(ratings_shown, reverse=True)


def test_every_page_is_written_once_with_progress(site: Site) -> None:
    players = {int(r[0]) for r in site.db.query("SELECT player_id FROM event_players")}
    players |= set(_player_ids(site))
    events = [int(r[0]) for r in site.db.query("SELECT id FROM events")]
    # The categories' lists (their contents: test_publish_categories.py), one page each
    # here: the federations' of the generated players, and the age groups'.
    categories = {p for p in site.out.glob("*-*.html") if not p.name.startswith("list-")}
    assert {p.name.partition("-")[0] for p in categories} == {"category", "federation"}
    assert site.out / "federation-nor.html" in categories
    pages = {site.out / "index.html", site.out / "events.html", site.out / "inactive.html",
             site.out / "categories.html", *categories,
             *(site.out / "players" / f"{i}.html" for i in players),
             *(site.out / "events" / f"{i}.html" for i in events)}
    assert site.totals == [len(pages)]  # total(n) once, then advance(1) per page
    assert site.advanced == len(pages)
    search = set((site.out / "search").glob("*.js"))
    assert site.out / "search" / "index.js" in search and len(search) > 2
    assets = {site.out / name for name in ("site.css", "site.js", "report.css", "report.js")}
    assert set(site.written) == pages | search | assets
    assert len(site.written) == len(set(site.written))
    assert all(p.is_file() and p.stat().st_size > 200 for p in site.written
               if p.parent.name != "search")
    hidden = [p for p in site.out.rglob("*") if p.name.startswith(".")]
    # The site was built beside the folder and moved in; the one hidden file is its
    # record of what it wrote (and what each page was made from), so that publishing
    # again replaces exactly those files.
    assert hidden == [site.out / ".publish.sqlite"]
    with sqlite3.connect(hidden[0]) as conn:
        record = [name for (name,) in conn.execute("SELECT name FROM files")]
    assert {site.out / name for name in record} == set(site.written)
    assert not [p for p in site.out.parent.iterdir() if p.name.startswith(".")]


def test_player_page_history_table_and_chart(site: Site) -> None:
    checked = 0
    for pid in _player_ids(site)[:12]:
        past = history(site.db, site.comp, pid)
        page = site.out / "players" / f"{pid}.html"
        rows = site_tables(page)["history"]
        assert [cells[0] for cells, _ in rows] == list(past["list_date"])
        assert [cells[3] for cells, _ in rows] == [fmt_rating(r) for r in past["rating"]]
        assert [cells[2] for cells, _ in rows] == [fmt_rating(r) for r in past["rating_before"]]
        assert [cells[4] for cells, _ in rows] == [fmt_change(c) for c in past["change"]]
        html = page.read_text(encoding="utf-8")
        points = re.findall(r'<polyline class="line" fill="none" points="([^"]*)"', html)
        if past.empty:
            assert points == []
            continue
        assert len(points) == 1
        assert len(points[0].split()) == int(past["rating"].notna().sum()) == len(past)
        xs = [float(p.split(",")[0]) for p in points[0].split()]
        assert xs == sorted(xs)  # by list date
        assert 'role="img"' in html and 'aria-labelledby="chart-title chart-desc"' in html
        checked += 1
    assert checked >= 8


def test_player_page_events_use_the_list_in_force(site: Site) -> None:
    """Each event of a player's page links to the event and shows his rating from the
    database list before the event's period (not the rating in the event's file)."""
    pid = _player_ids(site)[0]
    played = site.db.query(
        "SELECT e.id, e.end FROM events e JOIN event_players p ON p.event_id = e.id"
        " WHERE p.player_id = ? ORDER BY e.end DESC, e.id DESC", pid)
    rows = site_tables(site.out / "players" / f"{pid}.html")["played"]
    assert [links[0] for _, links in rows] == [f"../events/{e}.html" for e, _ in played]
    assert len(played) >= 2
    for (cells, _), (_, end) in zip(rows, played, strict=True):
        start = period_bounds(date.fromisoformat(end), "month")[0]
        state, _ = state_as_of(site.db, site.comp, start)
        assert cells[5] == fmt_rating(state.rating[pid])
        assert cells[3]  # his points


def test_names_are_escaped_everywhere(site: Site) -> None:
    pid = int(site.db.query("SELECT id FROM players WHERE name = ?", SCRIPT_NAME)[0][0])
    event = int(site.db.query("SELECT event_id FROM event_players WHERE player_id = ?"
                              " LIMIT 1", pid)[0][0])
    for page in (site.out / "index.html", site.out / "players" / f"{pid}.html",
                 site.out / "events" / f"{event}.html"):
        html = page.read_text(encoding="utf-8")
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, page
        assert SCRIPT_NAME not in html, page


def test_pages_need_no_network(site: Site) -> None:
    for page in [site.out / "index.html", *sorted(site.out.glob("*/*.html"))[:20]]:
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), page
        assert "@import" not in html


def test_event_page_has_its_crosstable_and_a_way_back(site: Site) -> None:
    event_id, players = site.db.query(
        "SELECT e.id, count(*) FROM events e JOIN event_players p ON p.event_id = e.id"
        " GROUP BY e.id ORDER BY e.id LIMIT 1")[0]
    page = site.out / "events" / f"{event_id}.html"
    tables = site_tables(page)
    assert len(tables["crosstable"]) == players
    assert len(tables["eventreport"]) == players
    html = page.read_text(encoding="utf-8")
    assert 'href="../index.html"' in html and 'href="../events.html"' in html
    rows = site_tables(site.out / "events.html")["events"]
    assert len(rows) == 10 and rows[0][1] == [f"events/{event_id}.html"]


def test_vietnamese_labels(site: Site, tmp_path: Path) -> None:
    out = tmp_path / "vi"
    publish_site(site.db, out, lang="vi")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="vi">' in index
    assert "Họ tên" in index and "Tìm kiếm" in index and "Bảng hệ số Elo" in index
    pid = _player_ids(site)[0]
    player = (out / "players" / f"{pid}.html").read_text(encoding="utf-8")
    assert "Lịch sử hệ số Elo" in player and "Elo hiện tại" in player
    assert "Nguyễn Văn Đức" in index  # names exactly as given
    event = next((out / "events").glob("*.html")).read_text(encoding="utf-8")
    assert "Bảng tổng hợp kết quả" in event  # the report's own Vietnamese labels


def test_the_site_pages_words_are_the_catalogues(site: Site, tmp_path: Path) -> None:
    # Words the index's template says, each looked up in the .po: "Bảng hệ số Elo"
    # (Rating list, in the context site:list), "Kỳ tính" (Periods), "hằng tháng" (monthly:
    # the period of this computation), "Xuất bản bằng tournament_elo" (Published with
    # tournament_elo), "Danh sách ngày" (List of) before the list's date: the last event
    # starts on 10 July 2023 (2 January + 9 × 21 days), so July's list, of 1 August 2023.
    publish_site(site.db, tmp_path, lang="vi")
    lines = [line.strip() for line in
             (tmp_path / "index.html").read_text(encoding="utf-8").splitlines()]
    assert '<a href="index.html" aria-current="page">Bảng hệ số Elo</a>' in lines
    assert "<span>Kỳ tính <b>hằng tháng</b></span>" in lines
    assert ('<footer class="site">Xuất bản bằng tournament_elo · fide-2024 · Danh sách ngày '
            "2023-08-01</footer>") in lines


def test_publishing_again_keeps_files_it_did_not_write(site: Site, tmp_path: Path) -> None:
    out = tmp_path / "again"
    out.mkdir()
    mine = out / "CNAME"
    mine.write_text("ratings.example.org\n")
    (out / "players").mkdir()
    (out / "players" / "notes.txt").write_text("keep me")
    first = publish_site(site.db, out)
    again = publish_site(site.db, out)
    assert again == []  # nothing changed: every page is kept
    full = publish_site(site.db, out, full=True)
    assert sorted(first) == sorted(full)
    assert mine.read_text() == "ratings.example.org\n"
    assert (out / "players" / "notes.txt").read_text() == "keep me"
    # The site's own files are refused where the user changed one: exit 2, nothing moved.
    page = next((out / "players").glob("*.html"))
    page.write_text("mine now")
    with pytest.raises(InputError, match="did not write"):
        publish_site(site.db, out, full=True)
    assert page.read_text() == "mine now" and mine.is_file()


def test_unknown_language_is_a_clear_error(site: Site, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown language"):
        publish_site(site.db, tmp_path / "x", lang="fr")
    assert not (tmp_path / "x").exists()


# --- in a browser --------------------------------------------------------------------------


def _visible_names(page: Any) -> list[str]:
    return [str(n) for n in page.locator("#list tbody tr:not([hidden]) td.name").all_inner_texts()]


def search(page: Any, text: str) -> list[str]:
    """The names shown once the search for ``text`` is done (its shards are scripts,
    loaded on demand: the form names the query its rows show)."""
    page.locator("input[type=search]").fill(text)
    page.wait_for_function("document.querySelector('form.search').dataset.query === "
                           + json.dumps(fold_name(text)))
    return _visible_names(page)


def test_browser_search_sort_and_navigate(browser: Any, site: Site, tmp_path: Path) -> None:
    listed = ratings(site.db, site.comp)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((site.out / "index.html").as_uri())
    assert page.locator("#list tbody tr").count() == len(listed)
    assert _visible_names(page)[:3] == list(listed["name"][:3])
    box = page.locator("input[type=search]")
    assert box.is_visible()  # hidden without JavaScript, shown by site.js
    # A name is found by its first letters, folded (family name first, as lists
    # write them), in the list's order.
    names = search(page, "nguyen")
    expected = [n for n in listed["name"] if fold_name(n).startswith("nguyen")]
    assert names == expected and "Nguyễn Văn Đức" in names and len(names) >= 2
    assert search(page, "đặng") == ["Đặng Thị Hà"]  # the query is folded too
    assert search(page, "DANG thi") == ["Đặng Thị Hà"]
    assert search(page, "") == list(listed["name"])

    page.get_by_role("button", name="Name").click()
    names = _visible_names(page)
    assert [fold_name(n) for n in names] == sorted(fold_name(n) for n in listed["name"])
    rating = page.locator("#list thead th", has_text="Rating")
    rating.click()  # a number column sorts highest first, then toggles
    assert rating.get_attribute("aria-sort") == "descending"
    rating.click()
    assert rating.get_attribute("aria-sort") == "ascending"
    shown = [int(t) for t in page.locator("#list tbody td.rtg").all_inner_texts()]
    assert shown == sorted(int(r) for r in listed["rating"])
    page.screenshot(path=str(tmp_path / "index.png"))
    assert (tmp_path / "index.png").stat().st_size > 10_000

    page.get_by_role("link", name="Nguyễn Văn Đức").click()
    pid = int(listed["id"][listed["name"] == "Nguyễn Văn Đức"].iloc[0])
    assert page.url.endswith(f"/players/{pid}.html")
    chart = page.locator("svg.history-chart")
    size = chart.bounding_box()
    assert size is not None and size["width"] > 300 and size["height"] > 100
    assert page.get_by_role("img", name=re.compile("Nguyễn Văn Đức")).count() == 1
    rows = page.locator("table.history tbody tr")
    assert rows.count() == len(history(site.db, site.comp, pid))
    page.screenshot(path=str(tmp_path / "player.png"), full_page=True)

    page.locator("table.played a").first.click()
    assert "/events/" in page.url
    crosstable = page.locator("table.crosstable tbody tr")
    assert crosstable.count() >= 16
    assert "Nguyễn Văn Đức" in page.locator("table.crosstable").inner_text()
    # The style and script are the site's one copy (report.css, report.js), linked: the
    # script drew a section per crosstable row and left the page with its data block,
    # and the style lays the sections out (report.css: .player has a border).
    assert page.locator("link[href='../report.css']").count() == 1
    assert page.locator("section.player").count() == crosstable.count()
    assert page.locator("script").count() == 0
    style = "(e, p) => getComputedStyle(e).getPropertyValue(p)"
    assert page.locator("section.player").first.evaluate(style, "border-top-style") == "solid"
    page.screenshot(path=str(tmp_path / "event.png"))
    page.get_by_role("link", name=re.compile("Rating list")).first.click()
    assert page.url.endswith("/index.html")


def test_browser_phone_layout(browser: Any, site: Site, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 812})
    pid = _player_ids(site)[0]
    for name in ("index.html", "events.html", f"players/{pid}.html", "events/1.html"):
        page.goto((site.out / name).as_uri())
        # The page never scrolls sideways: only the wide tables do, inside their box.
        assert page.evaluate("document.documentElement.scrollWidth") == 375, name
    page.goto((site.out / "index.html").as_uri())
    rating = page.locator("#list tbody tr").first.locator("td.rtg").bounding_box()
    assert rating is not None and rating["x"] + rating["width"] <= 375  # in view
    page.goto((site.out / "players" / f"{pid}.html").as_uri())
    chart = page.locator("svg.history-chart").bounding_box()
    assert chart is not None and 300 <= chart["width"] <= 375 and chart["height"] > 100
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    assert (tmp_path / "phone.png").stat().st_size > 10_000


def test_without_javascript_the_list_still_reads(browser: Any, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((site.out / "index.html").as_uri())
    listed = ratings(site.db, site.comp)
    assert page.locator("#list tbody tr").count() == len(listed)
    assert not page.locator("input[type=search]").is_visible()  # it would do nothing
    first = page.locator("#list tbody tr").first.inner_text()
    assert str(listed["name"][0]) in first
    context.close()


def test_players_first_met_in_a_file_count_the_games_rated_here(tmp_path: Path) -> None:
    """Without a list, the sample's players start from their file's ratings with an
    unknown game count: the list counts the games rated here, the five rounds' games."""
    sample = Path(__file__).resolve().parents[2] / "sample_events" / "held_c07_swiss5.trf"
    with Database(tmp_path / "ratings.db") as db:
        import_events(db, [sample], system="fide-2024")
        recompute(db)
        publish_site(db, tmp_path / "site")
    rows = [cells for cells, _ in site_tables(tmp_path / "site" / "index.html")["list"]]
    # Columns: #, Name, Rating, Change, Title, Fed., Born, Games, Games in the period, K,
    # FIDE id; Bruno 2150 → 2157, five games; no list before: no change.
    assert len(rows) == 16
    bruno = next(r for r in rows if r[1] == "Bruno")
    assert (bruno[2], bruno[3], bruno[7], bruno[8]) == ("2157", "", "5", "5")


def test_one_process_publishes_two_databases_at_one_relative_path(run, tmp_path: Path,
                                                                   monkeypatch: Any) -> None:
    """Each ``ratings.db`` (two folders, one process) gives its own event's pages: the
    pages' renderer keeps a database open by its file, not by the name it was given."""
    events = {"capo": ("javafo_aum_capo_dorso_2012_final.trf", "Seletsky Grigory"),
              "held": ("held_c07_swiss5.trf", "Alyx")}
    for folder, (name, player) in events.items():
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        for args in (("db", "import", ROOT / "tests" / "data" / name), ("db", "recompute"),
                     ("publish", "--out", "site")):
            code, _, err = run(*args)
            assert code == 0, err
        page = (tmp_path / folder / "site" / "events" / "1.html").read_text(encoding="utf-8")
        assert 'class="crosstable' in page and player in page, folder
