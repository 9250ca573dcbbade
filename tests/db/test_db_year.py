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
import random
import re
from collections import defaultdict
from dataclasses import replace
from datetime import date
from pathlib import Path

import numpy as np
import pytest
from db_figures import expected, half_away, site_tables

from tournament_elo.model import BLACK, NO_COLOR, WHITE, Event, EventType, Pairings, Player, Result
from tournament_elo.write.sheets import write_sheets
from tournament_elo.write.trf import write_trf

#: FIDE id (None: known by name), name, rating and games on the starting list; all born 1980.
PEOPLE = [
    ("1000001", "Nguyễn Văn Anh", 2310, 60), ("1000002", "Trần Thị Bích", 2205, 45),
    ("1000003", "Lê Quang Cường", 2150, 12), ("1000004", "Phạm Đức Dũng", 2080, 80),
    ("1000005", "Hoàng Minh Em", 1995, 20), ("1000006", "Vũ Thị Giang", 1920, 35),
    ("1000007", "Đặng Văn Hải", 1850, 5), ("1000008", "Bùi Thị Hoa", 1790, 70),
    ("1000009", "Đỗ Quốc Khánh", 1720, 40), (None, "Ngô Thị Lan", 1660, 33),
]
LAN = len(PEOPLE) - 1
#: From July the arbiters write her "NGO, Thi Lan": the same person.
LAN_LATER = "NGO, Thi Lan"
SCORE = {"1": 100, "=": 50, "0": 0}
OWN = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS}  # White's result
MIRROR = {"1": Result.LOSS, "=": Result.DRAW, "0": Result.WIN}  # Black's


def month_event(month: int) -> tuple[Event, list[tuple[int, int, int, str]]]:
    """Month ``month``'s event (the truth: its final results): six of the people, three
    rounds, each a random pairing and random results; and its games as (round, white,
    black, white's result) with people's indexes."""
    rng = random.Random(month)
    chosen = sorted([*rng.sample(range(LAN), 5), LAN]) if month % 3 == 2 \
        else sorted(rng.sample(range(len(PEOPLE)), 6))
    games = []
    for rnd in (1, 2, 3):
        order = rng.sample(chosen, 6)
        games += [(rnd, order[i], order[i + 1], rng.choice("1=0")) for i in (0, 2, 4)]
    index = {who: i for i, who in enumerate(chosen)}
    players = tuple(
        Player(index=i, id=i + 1, name=LAN_LATER if who == LAN and month >= 7 else
               PEOPLE[who][1], rating=PEOPLE[who][2], fide_id=PEOPLE[who][0])
        for i, who in enumerate(chosen))
    columns: list[list[int]] = [[], [], [], [], []]
    cells = {}
    for rnd, white, black, code in games:
        cells[rnd, index[white]] = (index[black], WHITE, OWN[code])
        cells[rnd, index[black]] = (index[white], BLACK, MIRROR[code])
    for rnd in (1, 2, 3):
        for i in range(6):
            opponent, color, result = cells.get((rnd, i), (-1, NO_COLOR, Result.ZERO_BYE))
            for column, value in zip(columns, (rnd, i, opponent, color, result), strict=True):
                column.append(int(value))
    pairings = Pairings(*(np.array(c, dtype=np.int64) for c in columns))
    event = Event(f"Giải Elo tháng {month}", players, pairings, 3, EventType.SWISS,
                  start=date(2025, month, 10), end=date(2025, month, 12), city="Hà Nội")
    return event, games


def after_round(event: Event, last: int) -> Event:
    """The event as its arbiter sent it after round ``last``: later games not played."""
    p = event.pairings
    result = np.where((p.round > last) & (p.opponent >= 0), int(Result.UNPLAYED), p.result)
    return replace(event, pairings=replace(p, result=result))


def corrected(event: Event, games: list[tuple[int, int, int, str]]) -> tuple[
        Event, list[tuple[int, int, int, str]]]:
    """The event with its first game's result changed (a win or a draw becomes a win for
    Black, a loss a win for White), and its games so."""
    rnd, white, black, code = games[0]
    flipped = {"1": "0", "0": "1", "=": "0"}[code]
    ids = [pl.fide_id for pl in event.players]
    w, b = ids.index(PEOPLE[white][0]), ids.index(PEOPLE[black][0])
    p = event.pairings
    result = p.result.copy()
    result[(p.round == rnd) & (p.player == w)] = OWN[flipped]
    result[(p.round == rnd) & (p.player == b)] = MIRROR[flipped]
    return replace(event, pairings=replace(p, result=result)), [
        (rnd, white, black, flipped), *games[1:]]


def write(event: Event, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".trf":
        path.write_text(write_trf(event), encoding="utf-8")
    else:
        write_sheets(event, path)


def straightforward(truth: dict[int, list[tuple[int, int, int, str]]]) -> dict[str, int]:
    """fide-2024 by months from the starting list, written from fide.md without the
    library: everyone is rated and adult; K 40 below 30 games, 10 once 2400, else 20;
    a month's change is K × (score − expected), summed over its games, rounded half away
    from zero.  The final list: FIDE id (or name) → rating."""
    rating = [r for _, _, r, _ in PEOPLE]
    games = [g for _, _, _, g in PEOPLE]
    ever_2400 = [r >= 2400 for r in rating]
    for month in sorted(truth):
        before = list(rating)
        totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
        for _, white, black, code in truth[month]:
            for me, them, score in ((white, black, SCORE[code]),
                                    (black, white, 100 - SCORE[code])):
                t = totals[me]
                t[0] += 1
                t[1] += score
                t[2] += expected(before[me], before[them])
        for me, (n, score, exp) in totals.items():
            k = 10 if ever_2400[me] else 40 if games[me] < 30 else 20
            rating[me] = before[me] + half_away(k * (score - exp))
            games[me] += n
            ever_2400[me] = ever_2400[me] or rating[me] >= 2400
    return {PEOPLE[i][0] or PEOPLE[i][1]: rating[i] for i in range(len(PEOPLE))}


@pytest.fixture
def ok(run):
    """``run`` for a command that must succeed."""

    def call(*args: str | Path) -> tuple[int, str, str]:
        code, out, err = run(*args)
        assert code == 0, err
        return code, out, err

    return call


def test_a_federations_year(ok, tmp_path):
    (tmp_path / "list.csv").write_text("fide_id,name,rating,games,birth\n" + "".join(
        f"{f or ''},{n},{r},{g},1980\n" for f, n, r, g in PEOPLE), encoding="utf-8")
    truth: dict[int, list[tuple[int, int, int, str]]] = {}
    folders = {m: tmp_path / f"2025-{m:02}" for m in range(1, 13)}
    for month in range(1, 13):
        event, games = month_event(month)
        truth[month] = games
        kind = (".trf", ".csv", ".xlsx")[month % 3]
        if month == 3:  # after round 2; in full in April, as a workbook
            write(after_round(event, 2), folders[3] / "thang3-vong2.trf")
            write(event, folders[4] / "giai-thang-3-final.xlsx")
        elif month == 8:  # after round 1; in full in September, as TRF
            write(after_round(event, 1), folders[8] / "august-r1.csv")
            write(event, folders[9] / "august.trf")
        elif month == 6:  # corrected in July, as TRF
            write(event, folders[6] / f"june{kind}")
            event, truth[6] = corrected(event, games)
            write(event, folders[7] / "june-corrected.trf")
        else:
            write(event, folders[month] / f"event{kind}")
    # November: the arbiter sends March's partial file again, under a new name.
    (folders[11] / "march-again.trf").write_bytes((folders[3] / "thang3-vong2.trf").read_bytes())

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
