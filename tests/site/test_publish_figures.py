"""The published event pages show the figures the database computed: the page and the
list can never disagree.

A federation imports events without a rating list (the ratings are the files' own),
recomputes and publishes.  Read in headless Chromium, every player's rating before,
change and new rating on an event's page equal ``db history`` for that period; with two
events in one period, the page says how the period's figure was formed.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tournament_elo.db.importer import import_events
from tournament_elo.db.queries import Computation, computation, history
from tournament_elo.db.recompute import recompute
from tournament_elo.db.store import Database
from tournament_elo.render.format import fmt_list_rating
from tournament_elo.site.publish import publish_site

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SAMPLES = ROOT / "sample_events"


@dataclass(frozen=True)
class Site:
    db: Database
    comp: Computation
    out: Path


def _site(folder: Path, files: list[Path], system: str = "fide") -> Site:
    db = Database(folder / "ratings.db")
    report = import_events(db, files, system=system, workers=1)
    assert not report.failed, report.failed
    recompute(db)
    out = folder / "site"
    publish_site(db, out)
    return Site(db, computation(db), out)


@pytest.fixture(scope="module")
def federation(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """Capo d'Orso 2012 (84 rated players, a TRF) and a club's CSV pair, no list."""
    folder = tmp_path_factory.mktemp("federation")
    shutil.copy(DATA / "javafo_aum_capo_dorso_2012_final.trf", folder)
    for name in ("club_rapid-games.csv", "club_rapid-players.csv"):
        shutil.copy(SAMPLES / name, folder)
    return _site(folder, [folder / "javafo_aum_capo_dorso_2012_final.trf",
                          folder / "club_rapid-games.csv"])


def _event_id(site: Site, name: str) -> int:
    return int(site.db.query("SELECT id FROM events WHERE name = ?", name)[0][0])


def _page_rows(browser: Any, page_path: Path) -> list[dict[str, str]]:
    """The event rating report as the browser shows it: one dict per row, by heading."""
    page = browser.new_page()
    page.goto(page_path.as_uri())
    heads = page.locator("table.eventreport thead th").all_inner_texts()
    rows = [dict(zip(heads, cells, strict=True)) for cells in page.locator(
        "table.eventreport tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")]
    page.close()
    return rows


def _history_of(site: Site, event_id: int, start_no: str) -> dict[str, Any]:
    """``db history``'s row of the period the event is in, for the player with
    ``start_no`` in it (all blank if he has none: unrated before and after)."""
    pid, end = site.db.query(
        "SELECT p.player_id, e.end FROM event_players p JOIN events e ON e.id = p.event_id"
        " WHERE p.event_id = ? AND p.start_no = ?", event_id, start_no)[0]
    past = history(site.db, site.comp, int(pid))
    found = [r for r in past.to_dict("records") if isinstance(r["period"], str)
             and r["period"].split("..")[0] <= end <= r["period"].split("..")[1]]
    assert len(found) <= 1, (start_no, past)
    return found[0] if found else {"rating_before": None, "rating": None, "change": None}


def test_capo_dorso_page_shows_the_history_of_every_player(browser: Any,
                                                           federation: Site) -> None:
    event_id = _event_id(federation, "4° Open Capo D' Orso 2012")
    rows = _page_rows(browser, federation.out / "events" / f"{event_id}.html")
    assert len(rows) == 84
    for row in rows:
        past = _history_of(federation, event_id, row["No."])
        assert row["Rtg"] == fmt_list_rating(past["rating_before"]), row
        assert row["New rating"] == fmt_list_rating(past["rating"]), row
        assert (int(row["Change (rounded)"]) if row["Change (rounded)"] else None) == past[
            "change"], row
    seletsky = next(r for r in rows if r["Name"] == "Seletsky Grigory")
    # His history (fide-2009, the file's 2338, K 15): 2338 → 2351.
    assert (seletsky["Rtg"], seletsky["Change (rounded)"], seletsky["New rating"]) == (
        "2338", "+13", "2351")


def test_csv_pair_page_carries_its_name_and_the_players_names(browser: Any,
                                                              federation: Site) -> None:
    event_id = _event_id(federation, "club_rapid")
    path = federation.out / "events" / f"{event_id}.html"
    page = browser.new_page()
    page.goto(path.as_uri())
    assert page.locator("header h1").inner_text() == "club_rapid"
    page.close()
    rows = _page_rows(browser, path)
    # The players file's names (sample_events/club_rapid-players.csv), not start numbers.
    assert {r["Name"] for r in rows} == {
        "Nguyễn Văn Đức", "Trần Thị Ngọc Ánh", "Lê Quang Đạt", "Phạm Minh Đăng",
        "Đỗ Thị Hồng Nhung", "Hoàng Văn Đông", "Vũ Đình Khoa", "Bùi Thanh Tùng"}
    for row in rows:
        past = _history_of(federation, event_id, row["No."])
        assert row["Rtg"] == fmt_list_rating(past["rating_before"]), row
        assert row["New rating"] == fmt_list_rating(past["rating"]), row


@pytest.fixture(scope="module")
def two_in_a_month(tmp_path_factory: pytest.TempPathFactory, generate: ModuleType) -> Site:
    """Two 12-player Swiss events in March 2025 (the second's entrants overlap the
    first's by six players) and one in April, under fide-2024, no list."""
    folder = tmp_path_factory.mktemp("month")
    people = list(generate.population(18, 4))
    plan = [(people[:12], date(2025, 3, 3)), (people[6:], date(2025, 3, 17)),
            (people[:12], date(2025, 4, 7))]
    files = []
    for k, (entrants, start) in enumerate(plan):
        event = generate.generate_swiss(12, 5, seed=40 + k, start=start, entrants=entrants,
                                        name=f"Month {k}")
        path = folder / f"m{k}.trf"
        path.write_text(generate.to_trf(event), encoding="utf-8")
        files.append(path)
    return _site(folder, files, "fide-2024")


def test_a_period_of_two_events_says_how_its_figure_was_formed(
        browser: Any, two_in_a_month: Site) -> None:
    site = two_in_a_month
    march = [_event_id(site, "Month 0"), _event_id(site, "Month 1")]
    both = {int(pid) for (pid,) in site.db.query(
        "SELECT player_id FROM event_players WHERE event_id = ? INTERSECT"
        " SELECT player_id FROM event_players WHERE event_id = ?", *march)}
    assert len(both) == 6
    for event_id in [*march, _event_id(site, "Month 2")]:
        path = site.out / "events" / f"{event_id}.html"
        rows = _page_rows(browser, path)
        page = browser.new_page()
        page.goto(path.as_uri())
        for row in rows:
            past = _history_of(site, event_id, row["No."])
            pid = int(site.db.query("SELECT player_id FROM event_players WHERE event_id = ?"
                                    " AND start_no = ?", event_id, row["No."])[0][0])
            # Its text, laid out or not: out of view a section waits to be laid out
            # (content-visibility), and innerText has nothing of it till then.
            section = page.locator(f"#p-{row['No.']}").text_content() or ""
            if pid in both and event_id in march:
                # The list counts both events: the page names them and the list's figures.
                assert "2 events in the rating period 2025-03-01 – 2025-03-31" in section
                assert "Month 0; Month 1" in section
                assert (f"{fmt_list_rating(past['rating_before'])} → "
                        f"{fmt_list_rating(past['rating'])}") in section
                assert row["New rating"] == fmt_list_rating(past["rating"])
            else:
                # One event in the period: the page's change is the list's.
                assert "events in the rating period" not in section
                assert row["Rtg"] == fmt_list_rating(past["rating_before"]), row
                assert (int(row["Change (rounded)"]) if row["Change (rounded)"] else None) == \
                    past["change"], row
                assert row["New rating"] == fmt_list_rating(past["rating"]), row
        page.close()
