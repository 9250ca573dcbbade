"""Publishing again: a publish killed at any moment leaves the previous site or the new
one, whole; publishing after one more event renders only what it changed, and the site
then equals a full publish into a new folder, byte for byte.

The database: 40 generated players (no list) and nine Swiss events, one every three
weeks from January 2023, recomputed monthly under fide-2024 (site A); then one more
event in September 2023, imported and recomputed (site B).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from processes import orphans_adopted, wait_for

from tournament_elo.db.importer import import_events
from tournament_elo.db.queries import computation, ratings
from tournament_elo.db.recompute import recompute
from tournament_elo.db.store import Database
from tournament_elo.read.headers import fold_name
from tournament_elo.site import publish, staging
from tournament_elo.site.publish import publish_site
from tournament_elo.site.staging import STATE

Files = dict[str, bytes]


def _files(root: Path) -> Files:
    """Every file of a site by its name in it, but the site's state file."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != STATE}


def _records(root: Path) -> dict[str, bytes]:
    with sqlite3.connect(root / STATE) as conn:
        return dict(conn.execute("SELECT name, sha FROM files"))


@dataclass(frozen=True)
class Sites:
    db_a: Path
    db_b: Path
    site_a: Path  # a full publish of A
    site_b: Path  # a full publish of B into a new folder
    new_event: int
    folder: Path


def _event(generate: ModuleType, people: Any, k: int, folder: Path) -> Path:
    swiss = generate.generate_swiss(16, 5, seed=70 + k, entrants=people,
                                    start=date(2023, 1, 2) + timedelta(days=21 * k),
                                    name=f"Club {k}")
    path = folder / f"c{k:02d}.trf"
    path.write_text(generate.to_trf(swiss), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory, generate: ModuleType) -> Sites:
    folder = tmp_path_factory.mktemp("staging")
    people = list(generate.population(40, 9))
    db_a, db_b = folder / "a.db", folder / "b.db"
    with Database(db_a) as db:
        report = import_events(db, [_event(generate, people, k, folder) for k in range(9)],
                               system="fide-2024", workers=1)
        assert len(report.imported) == 9
        recompute(db)
        publish_site(db, folder / "site-a", page_rows=16)
    shutil.copy(db_a, db_b)
    with Database(db_b) as db:
        # Event 11 starts on 2 January + 11 × 21 days = 4 September 2023: a new month.
        import_events(db, [_event(generate, people, 11, folder)], system="fide-2024",
                      workers=1)
        recompute(db)
        new_event = int(db.query("SELECT id FROM events WHERE name = 'Club 11'")[0][0])
        publish_site(db, folder / "site-b", page_rows=16)
    return Sites(db_a, db_b, folder / "site-a", folder / "site-b", new_event, folder)


def _copy_site(source: Path, target: Path) -> None:
    shutil.copytree(source, target, copy_function=shutil.copy2)  # times kept: still ours


def test_after_one_more_event_only_its_pages_are_made_again(sites: Sites) -> None:
    out = sites.folder / "incremental"
    _copy_site(sites.site_a, out)
    (out / "CNAME").write_text("ratings.example.org\n")  # the user's: carried over
    with Database(sites.db_b, readonly=True) as db:
        written = publish_site(db, out, page_rows=16)
        players = {int(r[0]) for r in db.query(
            "SELECT player_id FROM event_players WHERE event_id = ?", sites.new_event)}
    after, a, b = _files(out), _files(sites.site_a), _files(sites.site_b)
    assert after.pop("CNAME") == b"ratings.example.org\n"
    assert after == b  # byte for byte, every file
    assert _records(out) == _records(sites.site_b)
    # What was made again is what differs from A: the new event's page, the pages of
    # the players who played it, the list's and the event index's pages, the search
    # shards whose entries changed; every other page was kept (a link to A's file).
    made = {p.relative_to(out).as_posix() for p in written}
    assert made == {name for name in b if a.get(name) != b[name]}
    assert f"events/{sites.new_event}.html" in made
    made_players = {int(n.removeprefix("players/").removesuffix(".html")) for n in made
                    if n.startswith("players/")}
    assert made_players == players
    assert not any(n.startswith("events/") and n != f"events/{sites.new_event}.html"
                   for n in made)


def test_a_page_of_an_event_gone_is_removed(sites: Sites) -> None:
    """Publishing A's database into B's site: the new event's page goes, and the site
    is A's again."""
    out = sites.folder / "back"
    _copy_site(sites.site_b, out)
    with Database(sites.db_a, readonly=True) as db:
        publish_site(db, out, page_rows=16)
    assert _files(out) == _files(sites.site_a)
    assert not (out / "events" / f"{sites.new_event}.html").exists()
    assert _records(out) == _records(sites.site_a)


#: How a state file kept the players' lines before :data:`publish._LINES`.
_OLDER_LINES = """
CREATE TABLE IF NOT EXISTS played (
    player INTEGER NOT NULL, day INTEGER NOT NULL, event INTEGER NOT NULL,
    idx INTEGER NOT NULL, name TEXT NOT NULL, end TEXT NOT NULL, rounds INTEGER NOT NULL,
    points TEXT NOT NULL, rank TEXT NOT NULL, rating TEXT NOT NULL, change TEXT NOT NULL,
    new_rating TEXT NOT NULL, PRIMARY KEY (player, day, event, idx)
) WITHOUT ROWID;
"""


def test_a_site_whose_state_keeps_the_lines_otherwise_is_made_again_whole(
        sites: Sites, monkeypatch: pytest.MonkeyPatch) -> None:
    """A site published by a version that kept the players' lines otherwise (in
    ``played``, clustered by player; ``lines`` is empty): the state's schema is part of
    every page's key, so every page is made again and the players' pages lose no event;
    the older table goes."""
    out = sites.folder / "older-state"
    with monkeypatch.context() as older, Database(sites.db_a, readonly=True) as db:
        # (The older version's key, and its table beside today's, which it never drops.)
        older.setattr(publish, "_LINES", _OLDER_LINES + publish._LINES.replace(
            "DROP TABLE IF EXISTS played;", ""))
        publish_site(db, out, page_rows=16)
    with sqlite3.connect(out / STATE) as conn:
        conn.execute("INSERT INTO played SELECT * FROM lines")
        conn.execute("DELETE FROM lines")
    with Database(sites.db_b, readonly=True) as db:
        written = publish_site(db, out, page_rows=16)
    assert _files(out) == _files(sites.site_b)
    made = {p.relative_to(out).as_posix() for p in written}
    assert {n for n in _files(out) if n.startswith(("events/", "players/"))} <= made
    with sqlite3.connect(out / STATE) as conn:
        tables = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "played" not in tables and "lines" in tables


def test_list_pages_and_search_shards_hold_every_listed_player_once(sites: Sites) -> None:
    with Database(sites.db_b, readonly=True) as db:
        listed = ratings(db, computation(db))
    site = _files(sites.site_b)
    pages = ["index.html", *(f"list-{k}.html" for k in range(2, 10) if f"list-{k}.html" in site)]
    assert len(pages) == -(-len(listed) // 16) >= 2  # 16 rows a page
    links = [line.split('href="players/')[1].split(".html")[0]
             for name in pages for line in site[name].decode().splitlines()
             if '<td class="name"><a href="players/' in line]
    assert [int(i) for i in links] == list(listed["id"])
    # Each page links to every page, by its range of places.
    for number, name in enumerate(pages, start=1):
        pager = re.findall(r'<a href="([^"]+)"( aria-current="page")?>(\d+)–(\d+)</a>',
                           site[name].decode())
        assert [(href, int(a), int(z)) for href, _, a, z in pager] == [
            (page, 16 * k + 1, min(16 * (k + 1), len(listed))) for k, page in enumerate(pages)] * 2
        assert [bool(c) for _, c, _, _ in pager] == [
            k + 1 == number for k in range(len(pages))] * 2
    names: dict[int, int] = {}
    for name, data in site.items():
        if name.startswith("search/") and name != "search/index.js":
            text = data.decode()
            entries = json.loads(text[text.index(",") + 1:text.rindex(")")])
            for term, _, pid, player, *_ in entries:
                if term == fold_name(player):
                    names[pid] = names.get(pid, 0) + 1
    assert names == dict.fromkeys(listed["id"].tolist(), 1)


# --- killed ----------------------------------------------------------------------------


def _killed_publish(db_path: Path, out: Path, at: int) -> None:
    """Publish in a child process that kills itself (and its workers) at its ``at``-th
    moment: a page done, a file or folder fsynced, or the swap done.  Returns when every
    process of the publish is gone: a worker killed with it holds the site's lock (the
    open folder it inherited) until it is, so this process takes the killed workers as
    their parent (a subreaper) and waits for each."""
    with orphans_adopted():
        _publish_and_die(db_path, out, at)


def _publish_and_die(db_path: Path, out: Path, at: int) -> None:
    child = os.fork()
    if child == 0:  # pragma: no cover - the child never returns
        try:
            os.setpgid(0, 0)
            count = [0]

            def moment() -> None:
                count[0] += 1
                if count[0] == at:
                    os.killpg(0, signal.SIGKILL)

            fsync, swap = staging._fsync, staging._swap

            def counted_fsync(path: Path, directory: bool = True) -> None:
                fsync(path, directory)
                moment()

            def counted_swap(stage: Path, target: Path, what: str) -> Path | None:
                done = swap(stage, target, what)
                moment()
                return done

            staging._fsync = counted_fsync  # type: ignore[assignment]
            staging._swap = counted_swap  # type: ignore[assignment]
            with Database(db_path, readonly=True) as db:
                publish_site(db, out, page_rows=16, advance=lambda _: moment())
        finally:
            os._exit(0)
    _, status = os.waitpid(child, 0)
    assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 0
    wait_for(-child)  # the workers of its process group, now this process's children


def _moments(sites: Sites) -> int:
    """How many moments a publish of B over A has (counted as the killed ones do)."""
    out = sites.folder / "count"
    _copy_site(sites.site_a, out)
    count = [0]
    fsync: Callable[..., None] = staging._fsync

    def counted(path: Path, directory: bool = True) -> None:
        fsync(path, directory)
        count[0] += 1

    staging._fsync = counted  # type: ignore[assignment]
    try:
        with Database(sites.db_b, readonly=True) as db:
            publish_site(db, out, page_rows=16, advance=lambda _: count.__setitem__(
                0, count[0] + 1))
    finally:
        staging._fsync = fsync  # type: ignore[assignment]
    return count[0] + 1  # and the swap


def test_a_killed_publish_leaves_one_whole_site(sites: Sites) -> None:
    a, b = _files(sites.site_a), _files(sites.site_b)
    moments = _moments(sites)
    # Ten kills spread over the run: pages, the fsync pass, just after the swap.
    points = sorted({1 + (moments - 1) * k // 9 for k in range(10)} | {moments})
    assert len(points) >= 10
    seen = set()
    for at in points:
        out = sites.folder / f"killed-{at}"
        _copy_site(sites.site_a, out)
        _killed_publish(sites.db_b, out, at)
        found = _files(out)
        assert found in (a, b), at
        seen.add("b" if found == b else "a")
        assert set(_records(out)) == set(found)  # the record is whole too
        # The next publish clears what the killed one left beside the site.
        with Database(sites.db_b, readonly=True) as db:
            publish_site(db, out, page_rows=16)
        assert _files(out) == b
        assert not [p for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]
    assert seen == {"a", "b"}


def test_browser_search_over_shards_and_the_pages_links(browser: Any, sites: Sites) -> None:
    with Database(sites.db_b, readonly=True) as db:
        listed = ratings(db, computation(db))
    page = browser.new_page()
    page.goto((sites.site_b / "index.html").as_uri())
    rows = page.locator("#list tbody tr")
    assert rows.count() == 16
    # The last player is on the last page; from the first, his name's first letters
    # (folded) find him and every player whose name starts so, in the list's order.
    last = str(listed["name"].iloc[-1])
    query = fold_name(last)[:4]
    box = page.locator("input[type=search]")
    box.fill(query.upper())
    page.wait_for_function("document.querySelector('form.search').dataset.query === "
                           + json.dumps(query))
    shown = page.locator("#list tbody tr:not([hidden]) td.name").all_inner_texts()
    assert shown == [n for n in listed["name"] if fold_name(n).startswith(query)]
    assert last in shown
    page.get_by_role("link", name=last).first.click()
    pid = int(listed["id"].iloc[-1])
    assert page.url.endswith(f"/players/{pid}.html")
    # A FIDE id by its first digits.
    page.goto((sites.site_b / "index.html").as_uri())
    fide = next(str(f) for f in listed["fide_id"] if f)
    page.locator("input[type=search]").fill(fide)
    page.wait_for_function("document.querySelector('form.search').dataset.query === "
                           + json.dumps(fide))
    found = page.locator("#list tbody tr:not([hidden]) td.id").all_inner_texts()
    assert found == [fide]
    # The pages' links: the second page holds places 17–32.
    page.locator("nav.pager").first.get_by_role("link", name="17–32").click()
    assert page.url.endswith("/list-2.html")
    places = [int(t) for t in page.locator("#list tbody tr td:first-child").all_inner_texts()]
    assert places == list(range(17, 33))
    page.close()
