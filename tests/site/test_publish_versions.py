"""An event page says when its event was corrected or completed, which version it is,
and what changed of the version before (the change log's findings), in English and
Vietnamese; the other pages say nothing.  After a federation's year
(``federation_year``): June's event corrected in July, March's and August's completed
the month after; then June's corrected once more."""

from __future__ import annotations

import html
import json
import re
import time
from datetime import UTC, datetime
from pathlib import Path

from federation_year import PEOPLE, corrected, live_the_year, month_event, write, write_year

PAIR = {"1": "1–0", "=": "½–½", "0": "0–1"}
FLIPPED = {"1": "0", "0": "1", "=": "0"}  # federation_year.corrected's
#: The events' ids (``db events``): March's, June's and August's final versions.
MARCH, JUNE, AUGUST = 5, 9, 10


def versions_said(page: Path) -> list[tuple[str, list[str]]]:
    """The page's note of its event's versions: each heading with its lines."""
    found = re.search(r'<aside class="site-versions"[^>]*>(.*?)</aside>',
                      page.read_text(encoding="utf-8"), re.S)
    if found is None:
        return []
    return [(html.unescape(heading), [html.unescape(line) for line in
                                      re.findall(r"<li>(.*?)</li>", lines)])
            for heading, lines in re.findall(r"<p>(.*?)</p>\s*<ul>(.*?)</ul>", found[1], re.S)]


def june_game(at: int) -> tuple[int, str, str, str, str]:
    """June's game ``at`` (in the order played) as a correction of it says it: its round,
    White, Black, the result before and after (the result flipped)."""
    rnd, white, black, code = month_event(6)[1][at]
    return rnd, PEOPLE[white][1], PEOPLE[black][1], PAIR[code], PAIR[FLIPPED[code]]


def test_a_corrected_event_says_so_on_its_page(ok, tmp_path, clock, monkeypatch):
    _, folders = write_year(tmp_path)
    live_the_year(ok, folders, clock)
    ok("publish", "--out", "site")
    ok("publish", "--out", "site-vi", "--lang", "vi")
    rnd, white, black, was, now = june_game(0)
    # July's files came on 28 July at 20:00 UTC: the 29th in Hà Nội (the local day).
    assert versions_said(tmp_path / "site" / "events" / f"{JUNE}.html") == [
        ("Corrected on 2025-07-29, version 2", [f"round {rnd}: {white} – {black} {was} → {now}"])]
    assert versions_said(tmp_path / "site-vi" / "events" / f"{JUNE}.html") == [
        ("Đính chính ngày 2025-07-29, phiên bản 2",
         [f"vòng {rnd}: {white} – {black} {was} → {now}"])]
    # Completed: more rounds played, nothing the earlier version said changed.
    assert versions_said(tmp_path / "site" / "events" / f"{MARCH}.html") == [
        ("Updated on 2025-04-28, version 2", ["rounds complete: 2 → 3",
                                              "round 3: 3 results entered"])]
    assert versions_said(tmp_path / "site-vi" / "events" / f"{MARCH}.html") == [
        ("Cập nhật ngày 2025-04-28, phiên bản 2", ["số vòng đã xong: 2 → 3",
                                                   "vòng 3: có thêm 3 kết quả"])]
    assert versions_said(tmp_path / "site" / "events" / f"{AUGUST}.html") == [
        ("Updated on 2025-09-28, version 2", ["rounds complete: 1 → 3",
                                              "round 2: 3 results entered",
                                              "round 3: 3 results entered"])]
    pages = sorted((tmp_path / "site" / "events").glob("*.html"))
    assert len(pages) == 12
    assert {int(p.stem) for p in pages if versions_said(p)} == {MARCH, JUNE, AUGUST}

    # The day is the publishing machine's: published again where the time is UTC's, June's
    # page is made again and says the 28th (nothing else of it changed).
    monkeypatch.setenv("TZ", "UTC0")
    time.tzset()
    ok("publish", "--out", "site")
    assert versions_said(tmp_path / "site" / "events" / f"{JUNE}.html")[0][0] == (
        "Corrected on 2025-07-28, version 2")
    monkeypatch.setenv("TZ", "ICT-7")
    time.tzset()

    # June's once more, at the year's end: its second game.  Publishing again makes its
    # page again, the latest version first.
    event, games = month_event(6)
    event, games = corrected(event, games)
    event, _ = corrected(event, games[1:])
    write(event, tmp_path / "late" / "june-again.trf")
    clock(datetime(2025, 12, 30, 2, tzinfo=UTC))
    ok("db", "import", "late", "--system", "fide-2024")
    ok("db", "recompute")
    ok("publish", "--out", "site")
    # Version 3 is a new event row: the next id, 15, and its page (version 2's is gone).
    events = json.loads(ok("db", "events", "--format", "json")[1])
    assert [e["id"] for e in events if e["name"] == "Giải Elo tháng 6"] == [15]
    assert not (tmp_path / "site" / "events" / f"{JUNE}.html").exists()
    second = june_game(1)
    assert versions_said(tmp_path / "site" / "events" / "15.html") == [
        ("Corrected on 2025-12-30, version 3",
         ["round {}: {} – {} {} → {}".format(*second)]),
        ("Corrected on 2025-07-29, version 2", [f"round {rnd}: {white} – {black} {was} → {now}"])]
