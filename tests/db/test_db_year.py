"""A federation's year, as its rating officer lives it: a starting list, then twelve
monthly folders of events in mixed formats (TRF, CSV sheets, XLSX), imported and
recomputed month by month.  Two events arrive first after a few rounds and later in
full under another name and format, one is corrected the month after, an old partial
file is sent again, and one player (no FIDE id) is written two ways.  At the end the
list equals a straightforward fide-2024 computation written here from the truth (the
final, corrected events), and every published event page shows ``db history``'s
figures."""

from __future__ import annotations

import json
import re

from db_figures import half_away, site_tables
from federation_year import PEOPLE, straightforward, write_year


def test_a_federations_year(ok, tmp_path):
    truth, folders = write_year(tmp_path)
    ok("db", "import-list", "list.csv", "--date", "2025-01-01")
    said = {}
    for month, folder in folders.items():
        _, out, err = ok("db", "import", folder, "--system", "fide-2024")
        said[month] = (out, err)
        ok("db", "recompute")
    assert "thang3-vong2.trf has 2 of 3 rounds complete" in said[3][1]
    assert "giai-thang-3-final.xlsx is version 2 of the event in" in said[4][1]
    assert "august-r1-games.csv has 1 of 3 rounds complete" in said[8][1]
    assert "august.trf is version 2 of the event in" in said[9][1]
    assert "june-corrected.trf is version 2 of the event in" in said[7][1]
    assert "march-again.trf is an older version of the event in" in said[11][1]
    assert "giai-thang-3-final.xlsx" in said[11][1]

    events = json.loads(ok("db", "events", "--format", "json")[1])
    assert [(e["name"], e["status"], e["version"]) for e in events] == [
        (f"Giải Elo tháng {m}", "complete", 2 if m in (3, 6, 8) else 1) for m in range(1, 13)]
    players = json.loads(ok("db", "players", "--format", "json")[1])
    assert len(players) == len(PEOPLE)  # Lan's two spellings are one record
    assert json.loads(ok("db", "players", "--duplicates", "--format", "json")[1]) == []

    listed = json.loads(ok("db", "ratings", "--format", "json")[1])
    assert {r["fide_id"] or r["name"]: r["rating"] for r in listed} == straightforward(truth)

    ok("publish", "--out", "site", "--title", "Bảng Elo 2025", "--federation",
        "Liên đoàn Cờ Hà Nội")
    for event in events:
        page = tmp_path / "site" / "events" / f"{event['id']}.html"
        rows = site_tables(page)["crosstable"]
        assert len(rows) == 6
        for cells, _ in rows:
            # Rank, No., (Title: no one has one), Name, Rating, rounds…, K, Change, New, Rp.
            name, before, change, after = cells[2], cells[3], cells[-3], cells[-2]
            past = json.loads(ok("db", "history", name, "--format", "json")[1])
            (period,) = [p for p in past if p["events"] == event["name"]]
            assert (int(before), int(after)) == (period["rating_before"], period["rating"])
            assert half_away(round(float(change) * 100)) == period["change"]
        text = page.read_text(encoding="utf-8")
        assert "Bảng Elo 2025" in text and "Liên đoàn Cờ Hà Nội" in text
    # The list: change since the previous (November's) list, birth year, games in total
    # and in December; the pool's internal name ("main") is shown nowhere.
    ok("publish", "--out", "site-vi", "--lang", "vi", "--title", "Bảng Elo 2025")
    index = (tmp_path / "site-vi" / "index.html").read_text(encoding="utf-8")
    assert "main" not in re.sub(r"<[^>]*>", " ", index)
    assert "<title>Danh sách ngày 2026-01-01 — Bảng Elo 2025</title>" in index
    for word in ("Thay đổi", "Năm sinh", "Số ván", "Số ván trong kỳ", "Giải đấu"):
        assert f">{word}<" in index
    november = {r["id"]: r["rating"] for r in json.loads(
        ok("db", "ratings", "--date", "2025-12-01", "--format", "json")[1])}
    rows = site_tables(tmp_path / "site-vi" / "index.html")["list"]
    # #, Name, Rating, Change, Title, Fed., Born, Games, Games in the period, K.
    assert [(c[1], c[3], c[6], c[7], c[8]) for c, _ in rows] == [
        (r["name"], f"{r['rating'] - november[r['id']]:+.0f}", "1980", str(r["games"]),
         str(r["period_games"])) for r in listed]
    # December's six players each played its three rounds; the other four did not play.
    assert sorted(r["period_games"] for r in listed) == [0] * 4 + [3] * 6
    # Each player's page: his events with the rating before, change and after.
    for player in players:
        past = json.loads(ok("db", "history", f"#{player['id']}", "--format", "json")[1])
        rows = site_tables(tmp_path / "site" / "players" / f"{player['id']}.html")["played"]
        # Event, Date, Rounds, Points, Place, Rating, Change, New rating; newest first.
        # (His history's first line is the January list's.)
        assert [(c[0], c[5], c[6], c[7]) for c, _ in reversed(rows)] == [
            (p["events"], f"{p['rating_before']:.0f}", f"{p['change']:+.0f}",
             f"{p['rating']:.0f}")
            for p in past if p["list"] is None]
