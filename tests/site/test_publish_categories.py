"""``publish``: the active players' list, the inactive players' list apart, and a list per
category (age group and sex, federation, club, region), in English and Vietnamese, on a
generated 20-year history (``federation_history``), each checked against the rules
computed plainly in the test (FIDE Rating Regulations 7.2.2: no rated game in a one-year
period; FIDE's age groups by the year of birth)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from db_figures import site_tables
from federation_history import LAST_LIST, History, write_history


@pytest.fixture(scope="module")
def site(generate: ModuleType, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[Path, History]:
    """The history imported, recomputed and published through the command line, in
    English (``site/``) and Vietnamese (``site-vi/``)."""
    from helpers import run_cli

    folder = tmp_path_factory.mktemp("federation-site")
    made = write_history(generate, folder)
    for args in (("db", "import-list", "list.csv", "--date", "2005-01-01"),
                 ("db", "import", "events"), ("db", "recompute"),
                 ("publish", "--out", "site"), ("publish", "--out", "site-vi", "--lang", "vi")):
        done = run_cli(*args, cwd=folder)
        assert done.returncode == 0, done.stderr
    return folder, made


def names(page: Path) -> list[str]:
    """The names of a list page's rows, in order."""
    return [cells[1] for cells, _ in site_tables(page)["list"]]


def by_name(history: History) -> dict[str, Any]:
    found = {p.name: p for p in history.players}
    assert len(found) == len(history.players)  # the generated names are all different
    return found


def test_the_active_list_and_the_inactive_list_apart(site: tuple[Path, History]) -> None:
    out, history = site[0] / "site", site[1]
    people = by_name(history)
    active, inactive = names(out / "index.html"), names(out / "inactive.html")
    assert {people[n].fide_id for n in active} == {
        p.fide_id for p in history.players if history.active_on(p.fide_id, LAST_LIST)}
    assert {people[n].fide_id for n in inactive} == {
        p.fide_id for p in history.players if not history.active_on(p.fide_id, LAST_LIST)}
    assert sorted(active + inactive) == sorted(people)  # together: the whole list
    assert active and inactive
    # Each ranks its own players, best first.
    rows = site_tables(out / "inactive.html")["list"]
    assert [int(cells[0]) for cells, _ in rows] == list(range(1, len(rows) + 1))
    ratings = [int(cells[2]) for cells, _ in rows]
    assert ratings == sorted(ratings, reverse=True)


def test_a_players_page_says_whether_he_is_active(site: tuple[Path, History]) -> None:
    out = site[0] / "site"
    for page, status in (("index.html", "active"), ("inactive.html", "inactive")):
        _, links = site_tables(out / page)["list"][0]
        player = (out / links[0]).read_text(encoding="utf-8")
        assert f"<dt>Status</dt><dd>{status}</dd>" in player
    _, links = site_tables(out / "inactive.html")["list"][0]
    player = (site[0] / "site-vi" / links[0]).read_text(encoding="utf-8")
    assert "<dt>Tình trạng</dt><dd>không hoạt động</dd>" in player


def test_category_pages_hold_the_right_players(site: tuple[Path, History]) -> None:
    out, history = site[0] / "site", site[1]
    people = by_name(history)
    active = [p for p in history.players if history.active_on(p.fide_id, LAST_LIST)]
    # The list of 1 January 2025: girls under 16 are born in 2009 or later, players of
    # 65 and over in 1960 or earlier; only the active players are in a category's list.
    expected = {
        "category-u16-women.html": {p.fide_id for p in active
                                    if p.sex == "w" and p.birth.year >= 2009},
        "category-65-plus.html": {p.fide_id for p in active if p.birth.year <= 1960},
        "category-women.html": {p.fide_id for p in active if p.sex == "w"},
        "club-ha-noi-chess.html": {p.fide_id for p in active if history.clubs[p.fide_id][0]
                                   in ("Hà Nội Chess", "HA NOI CHESS")},
        "region-tp-ho-chi-minh.html": {p.fide_id for p in active if history.clubs[
            p.fide_id][1] == "TP. Hồ Chí Minh"},
    }
    for page, wanted in expected.items():
        assert wanted, page  # the history has some
        assert {people[n].fide_id for n in names(out / page)} == wanted, page
    # The categories' page links each list, with its count and its best player.
    rows = {links[0]: cells for cells, links in site_tables(out / "categories.html")
            ["categories"]}
    for page, wanted in expected.items():
        listed = names(out / page)
        assert (rows[page][1], rows[page][2]) == (str(len(wanted)), listed[0])
    titles = {links[0]: cells[0] for cells, links in site_tables(out / "categories.html")
              ["categories"]}
    assert (titles["category-u16-women.html"], titles["category-65-plus.html"],
            titles["club-ha-noi-chess.html"]) == ("Girls under 16", "65 and over",
                                                  "Hà Nội Chess")


def test_a_long_category_is_paged(site: tuple[Path, History], tmp_path: Path) -> None:
    """A category's first page is its top (100 on a site; 3 here), and the pager links
    every page of it, in order."""
    from tournament_elo.db.store import Database
    from tournament_elo.site.publish import publish_site

    with Database(site[0] / "ratings.db", readonly=True) as db:
        publish_site(db, tmp_path / "s", category_rows=3)
    women = names(site[0] / "site" / "category-women.html")
    assert len(women) > 3
    pages = [tmp_path / "s" / "category-women.html", *(
        tmp_path / "s" / f"category-women-{k}.html" for k in range(2, -(-len(women) // 3) + 1))]
    assert [len(names(page)) for page in pages[:-1]] == [3] * (len(pages) - 1)
    assert [name for page in pages for name in names(page)] == women
    assert sorted(p.name for p in (tmp_path / "s").glob("category-women*.html")) == sorted(
        p.name for p in pages)
    pager = re.findall(r'<a href="(category-women[-0-9]*\.html)"',
                       pages[0].read_text(encoding="utf-8"))
    assert pager[:len(pages)] == [p.name for p in pages]


def test_the_vietnamese_site_says_the_categories_in_vietnamese(
        site: tuple[Path, History]) -> None:
    out = site[0] / "site-vi"
    titles = {links[0]: cells[0] for cells, links in site_tables(out / "categories.html")
              ["categories"]}
    assert (titles["category-u16-women.html"], titles["category-65-plus.html"],
            titles["category-women.html"]) == ("Nữ dưới 16 tuổi", "Từ 65 tuổi", "Nữ")
    inactive = (out / "inactive.html").read_text(encoding="utf-8")
    assert "<h1>Kỳ thủ không hoạt động</h1>" in inactive
    index = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="categories.html">Hạng mục</a>', index)


def test_the_search_finds_the_inactive_players_without_a_place(
        site: tuple[Path, History]) -> None:
    out = site[0] / "site"
    inactive = set(names(out / "inactive.html"))
    active = names(out / "index.html")
    entries = []
    for shard in (out / "search").glob("*.js"):
        text = shard.read_text(encoding="utf-8")
        if text.startswith("tournamentEloShard("):
            entries += json.loads("[" + text.removeprefix("tournamentEloShard(")
                                  .removesuffix(");\n") + "]")[1]
    places = {entry[3]: entry[14] for entry in entries}
    assert {name for name, place in places.items() if place == "–"} == inactive
    assert {name: int(place) for name, place in places.items() if place != "–"} == {
        name: rank for rank, name in enumerate(active, start=1)}


def test_browser_search_finds_an_inactive_player_marked(browser: Any,
                                                        site: tuple[Path, History]) -> None:
    from tournament_elo.read.headers import fold_name

    out = site[0] / "site"
    name = names(out / "inactive.html")[0]
    page = browser.new_page()
    page.goto((out / "index.html").as_uri())
    assert name not in page.locator("#list tbody").inner_text()  # not on the active list
    page.locator("input[type=search]").fill(name)
    page.wait_for_function("document.querySelector('form.search').dataset.query === "
                           + json.dumps(fold_name(name)))
    found = page.locator("#list tbody tr.found")
    assert found.count() == 1
    assert found.first.get_attribute("class") == "found inactive"
    assert found.first.locator("td").first.inner_text() == "–"
    assert found.first.locator("td.name").inner_text() == name
    page.close()
