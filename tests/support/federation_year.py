"""A federation's year, as its rating officer lives it (``tests/db/test_db_year.py``,
``tests/db/test_db_log.py``, ``tests/site/test_publish_versions.py``): a starting list,
then twelve monthly folders of events in mixed formats (TRF, CSV sheets, XLSX).  Two
events arrive first after a few rounds and later in full under another name and format,
one is corrected the month after, an old partial file is sent again, and one player (no
FIDE id) is written two ways."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np
from db_figures import expected, half_away

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


#: A month's game as (round, white, black, white's result), people by their index.
Game = tuple[int, int, int, str]


def write_year(tmp_path: Path) -> tuple[dict[int, list[Game]], dict[int, Path]]:
    """The starting list (``list.csv``) and the twelve monthly folders written in
    ``tmp_path``: the truth (each month's final games) and the folders."""
    (tmp_path / "list.csv").write_text("fide_id,name,rating,games,birth\n" + "".join(
        f"{f or ''},{n},{r},{g},1980\n" for f, n, r, g in PEOPLE), encoding="utf-8")
    truth: dict[int, list[Game]] = {}
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
    return truth, folders


#: The officer who imports the starting list (``--by``); the rest is imported under the
#: login name (the ``clock`` fixture's), but July's files, which the arbiter imports.
OFFICER = "Lê Thu Hà"
ARBITER = "Phạm Văn Hùng"
LOGIN = "ratings"


def imported_at(month: int) -> datetime:
    """When month ``month``'s folder is imported (UTC): on the 28th at 02:00, 09:00 in
    Hà Nội; July's late in the evening, 20:00 (03:00 on the 29th in Hà Nội)."""
    return datetime(2025, month, 28, 20 if month == 7 else 2, tzinfo=UTC)


#: The starting list's import, and each recomputation after its import.
LIST_AT = datetime(2025, 1, 2, 1, tzinfo=UTC)
RECOMPUTED_AFTER = timedelta(minutes=5)


def live_the_year(ok: Callable[..., tuple[int, str, str]], folders: dict[int, Path],
                  now: Callable[[datetime], None]) -> None:
    """Import the starting list and each month's folder, recomputing after each, at the
    times above (``now(t)`` sets the database's clock), by the people above."""
    now(LIST_AT)
    ok("db", "import-list", "list.csv", "--date", "2025-01-01", "--by", OFFICER)
    for month, folder in folders.items():
        now(imported_at(month))
        by = ("--by", ARBITER) if month == 7 else ()
        ok("db", "import", folder, "--system", "fide-2024", *by)
        now(imported_at(month) + RECOMPUTED_AFTER)
        ok("db", "recompute")
