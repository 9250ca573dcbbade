"""The rating database: a generated two-year history imported and recomputed under
fide-2024, checked against a straightforward computation written here from fide.md
(period by period, player by player, with the spec's own copies of tables 8.1)."""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import defaultdict
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path

import numpy as np
from db_figures import START, expected, half_away, imported, logged_events

from helpers import DATA, run_cli
from tournament_elo.db.importer import import_events
from tournament_elo.db.queries import computation, diff, find_player, history, ratings
from tournament_elo.db.recompute import recompute
from tournament_elo.db.store import Database
from tournament_elo.model import Event, Result
from tournament_elo.read.trf import read_trf

ROOT = Path(__file__).resolve().parents[2]


# --- the straightforward computation -------------------------------------------------


def _dp_table() -> dict[int, int]:
    with (DATA / "fide_dp.csv").open() as f:
        return {int(r["p_percent"]): int(r["dp"]) for r in csv.DictReader(f)}


DP = _dp_table()


def half_up(value: Fraction) -> int:
    """A positive fraction rounded half up: floor(x + ½)."""
    return int((value + Fraction(1, 2)) // 1)


def straightforward(folder: Path) -> dict[str, int]:
    """fide-2024 over monthly periods, written from fide.md without the library's engine:
    the final list, FIDE id → rating."""
    rating: dict[str, int] = {}
    games: dict[str, int] = {}
    birth: dict[str, int] = {}
    with (folder / "list.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["rating"]:
                rating[row["fide_id"]] = int(row["rating"])
            games[row["fide_id"]] = int(row["games"])
            birth[row["fide_id"]] = int(row["birth"][:4])
    ever_2400 = {p for p, r in rating.items() if r >= 2400}
    pending: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)  # month, g, pts, sum
    events = sorted((read_trf(p) for p in sorted((folder / "events").iterdir())),
                    key=lambda e: (e.end, e.source))
    months: dict[tuple[int, int], list[Event]] = defaultdict(list)
    for event in events:
        assert event.end is not None
        months[(event.end.year, event.end.month)].append(event)
    for (year, month), in_month in sorted(months.items()):
        before = dict(rating)
        totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # n, score, expected
        newcomer: dict[str, list[list[int]]] = defaultdict(list)  # per event: g, pts, sum
        for event in in_month:
            ids = [p.fide_id for p in event.players]
            mine: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
            p = event.pairings
            for who, opp, res in zip(p.player, p.opponent, p.result, strict=True):
                if res > Result.LOSS or opp < 0:
                    continue
                me, them = ids[who], ids[opp]
                score = {Result.WIN: 100, Result.DRAW: 50, Result.LOSS: 0}[Result(res)]
                if me in before and them in before:
                    t = totals[me]
                    t[0] += 1
                    t[1] += score
                    t[2] += expected(before[me], before[them])
                elif me not in before and them in before:
                    m = mine[me]
                    m[0] += 1
                    m[1] += score
                    m[2] += before[them]
            for me, m in mine.items():
                newcomer[me].append(m)
        for me, (n, score, exp) in totals.items():
            r = before[me]
            junior = year <= birth[me] + 18 and r < 2300
            k = 10 if me in ever_2400 else 40 if junior or games[me] < 30 else 20
            if n * k > 700:
                k = 700 // n
            new = r + half_away(k * (score - exp))
            games[me] += n
            if new >= 2400:
                ever_2400.add(me)
            if new >= 1400:
                rating[me] = new
            else:
                del rating[me]
        number = year * 12 + month - 1
        for me, per_event in newcomer.items():
            if not pending[me] and per_event[0][1] == 0:  # zero in the first event
                per_event = per_event[1:]
            if per_event:
                pending[me].append((number, sum(e[0] for e in per_event),
                                    sum(e[1] for e in per_event), sum(e[2] for e in per_event)))
        for me in list(pending):
            pending[me] = [e for e in pending[me] if e[0] > number - 26]
            g = sum(e[1] for e in pending[me])
            pts = sum(e[2] for e in pending[me])
            if g < 5 or pts < 50:
                continue
            # Two hypothetical 1800 opponents, both drawn; Ru = Ra + dp, at most 2200.
            ra = Fraction(sum(e[3] for e in pending[me]) + 3600, g + 2)
            p_percent = half_up(Fraction(pts + 100, g + 2))
            ru = min(half_up(ra + DP[p_percent]), 2200)
            if ru >= 1400:
                rating[me], games[me] = ru, g
                del pending[me]
    return rating


# --- the tests -----------------------------------------------------------------------

def final_list(db: Database) -> dict[str, int]:
    table = ratings(db, computation(db))
    return dict(zip(table["fide_id"], table["rating"].astype(int), strict=True))


def test_recomputed_history_equals_the_straightforward_computation(history_files, tmp_path):
    db = imported(history_files, tmp_path / "ratings.db")
    (report,) = recompute(db)
    # 100 weekly events from 2023-01-07 (an event ends 6 days after it starts at most)
    # fall into 23 months; each of their games was imported once.
    assert (report.periods, report.kept, report.events) == (23, 0, 100)
    expected_list = straightforward(history_files)
    got = final_list(db)
    assert got == expected_list
    # The history has newcomers who got a first rating and players who did not.
    with (history_files / "list.csv").open(encoding="utf-8") as f:
        unrated_at_start = {r["fide_id"] for r in csv.DictReader(f) if not r["rating"]}
    assert unrated_at_start & set(got)
    db.close()


def test_import_again_changes_nothing(history_files, tmp_path):
    db = imported(history_files, tmp_path / "ratings.db")
    recompute(db)
    counts = [db.query(f"SELECT count(*) FROM {t}")[0][0]
              for t in ("players", "events", "event_players", "games", "periods")]
    again = import_events(db, [history_files / "events"], system="fide-2024")
    assert (len(again.imported), len(again.replaced), len(again.unchanged)) == (0, 0, 100)
    assert [db.query(f"SELECT count(*) FROM {t}")[0][0]
            for t in ("players", "events", "event_players", "games", "periods")] == counts
    (report,) = recompute(db)
    assert (report.periods, report.kept) == (0, 23)  # nothing to do
    db.close()


def test_a_corrected_event_recomputes_exactly_the_periods_after_it(history_files, tmp_path):
    folder = tmp_path / "copy"
    (folder / "events").mkdir(parents=True)
    (folder / "list.csv").write_bytes((history_files / "list.csv").read_bytes())
    for path in (history_files / "events").iterdir():
        (folder / "events" / path.name).write_bytes(path.read_bytes())
    db = imported(folder, tmp_path / "ratings.db")
    recompute(db)
    # Event 60 starts 2023-01-01 + 420 days = 2024-02-25: it ends in February or March 2024.
    target = folder / "events" / "e060.trf"
    event = read_trf(target)
    assert event.end is not None
    text = target.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(text) if t.startswith("001") and " 1 " in t[91:101])
    opponent = int(text[line][91:96])
    # The first player's round-1 win becomes a loss, and his opponent's loss a win.
    text[line] = text[line][:99] + "0" + text[line][100:]
    other = next(i for i, t in enumerate(text) if t.startswith("001") and int(t[4:8]) == opponent)
    text[other] = text[other][:99] + "1" + text[other][100:]
    target.write_text("\n".join(text) + "\n", encoding="utf-8")
    again = import_events(db, [folder / "events"], system="fide-2024")
    assert (len(again.replaced), len(again.unchanged)) == (1, 99)
    months_before = (event.end.year - START.year) * 12 + event.end.month - 1
    periods_before = len({(e.end.year, e.end.month) for e in
                          (read_trf(p) for p in (folder / "events").iterdir())
                          if e.end and (e.end.year, e.end.month) < (event.end.year,
                                                                    event.end.month)})
    (report,) = recompute(db)
    assert (report.kept, report.periods) == (periods_before, 23 - periods_before)
    assert months_before >= periods_before
    assert final_list(db) == straightforward(folder)
    db.close()


def test_history_and_lists_as_of_a_date(history_files, tmp_path):
    db = imported(history_files, tmp_path / "ratings.db")
    recompute(db)
    comp = computation(db)
    first = db.query("SELECT fide_id FROM players ORDER BY id LIMIT 1")[0][0]
    who = find_player(db, first)
    table = history(db, comp, who)
    # Each row's change links the ratings: the next row starts where this one ended.
    assert list(table["rating_before"][1:]) == list(table["rating"][:-1])
    # The list in force on a row's date shows that row's rating.
    for _, row in table.iterrows():
        listed = ratings(db, comp, date.fromisoformat(row["list_date"]))
        assert int(listed.set_index("fide_id").at[first, "rating"]) == int(row["rating"])
    db.close()


def test_periods_beyond_the_current_ones_are_never_read(history_files, tmp_path):
    """A recomputation rewrites its periods in place; until it has written one, the
    period's old figures are not current.  The list and the history read only the
    periods up to ``valid_through``: as a recomputation stopped by a crash leaves them."""
    db = imported(history_files, tmp_path / "ratings.db")
    recompute(db)
    ends = [date.fromisoformat(e) for (e,) in db.query("SELECT end FROM periods ORDER BY end")]
    middle = ends[len(ends) // 2]
    as_then = ratings(db, computation(db), middle + timedelta(days=1))
    db.conn.execute("UPDATE computations SET valid_through = ?", (middle.isoformat(),))
    comp = computation(db)
    assert comp.valid_through == middle
    latest = ratings(db, comp)  # the latest list: the one after the last current period
    assert latest.equals(as_then)
    who = find_player(db, db.query("SELECT fide_id FROM players ORDER BY id LIMIT 1")[0][0])
    past = history(db, comp, who)
    # His first line is the starting list's (no period), the others periods'.
    assert list(past["list"].isna()[:2]) == [False, True] and past["list"][0] == "list.csv"
    assert len(past) > 1 and all(period.split("..")[1] <= middle.isoformat()
                                 for period in past["period"][1:])
    db.close()


def test_diff_reports_exactly_the_discrepancy(history_files, tmp_path):
    db = imported(history_files, tmp_path / "ratings.db")
    recompute(db)
    comp = computation(db)
    table = ratings(db, comp)
    published = tmp_path / "published.csv"
    chosen = table.iloc[7]
    with published.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["fide_id", "name", "rating"])
        for _, row in table.iterrows():
            shown = row["rating"] + 5 if row["fide_id"] == chosen["fide_id"] else row["rating"]
            writer.writerow([row["fide_id"], row["name"], shown])
    found = diff(db, comp, published)
    assert found.to_dict("records") == [{
        "player": chosen["fide_id"], "name": chosen["name"],
        "published": float(chosen["rating"] + 5), "computed": float(chosen["rating"]),
        "difference": -5.0}]
    db.close()


def test_kill_9_during_recomputation_loses_and_doubles_nothing(generate, tmp_path):
    path = tmp_path / "big.db"
    with Database(path) as db:
        generate.fill_history(db, 3000, 2000, 24, per_event=40, rounds=7, seed=3)
    clean = tmp_path / "clean.db"
    clean.write_bytes(path.read_bytes())
    command = [sys.executable, "-m", "tournament_elo", "db", "recompute", "--db", str(path),
               "--period", "event"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader = sqlite3.connect(path, timeout=30)
    written = 0
    deadline = time.monotonic() + 600  # a guard against a hang, not a measure
    while written < 100 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.02)
        written = reader.execute("SELECT count(*) FROM periods").fetchone()[0]
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    reader.close()
    assert child.returncode == -signal.SIGKILL, "the recomputation ended before the kill"
    with Database(path) as db:
        kept = db.query("SELECT count(*) FROM periods WHERE list_id IS NULL")[0][0]
        assert 100 <= kept < 2000  # killed in the middle
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert f"({kept} kept)" in done.stdout
    with Database(path) as db, Database(clean) as reference:
        recompute(reference, period="event")
        assert db.query("SELECT count(*) FROM periods WHERE list_id IS NULL")[0][0] == 2000
        assert ratings(db, computation(db, period="event")).equals(
            ratings(reference, computation(reference, period="event")))


def test_command_line_imports_skips_a_bad_file_and_lists(history_files, tmp_path):
    events = tmp_path / "events"
    events.mkdir()
    for name in ("e000.trf", "e001.trf", "e002.trf"):
        (events / name).write_bytes((history_files / "events" / name).read_bytes())
    (events / "broken.trf").write_text("012 Broken\n001    1 m    Nobody\n", encoding="utf-8")
    done = run_cli("db", "import", "events", "--system", "fide-2024", cwd=tmp_path)
    assert done.returncode == 2
    assert "broken.trf" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout.startswith("3 imported, 0 replaced, 0 unchanged, 1 failed")
    assert run_cli("db", "import-list", str(history_files / "list.csv"), "--date",
                   "2023-01-01", cwd=tmp_path).returncode == 0
    done = run_cli("db", "recompute", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 periods recomputed under fide-2024 (0 kept), 3 events" in done.stdout
    with Database(tmp_path / "ratings.db") as db:
        table = ratings(db, computation(db))
    done = run_cli("db", "ratings", "--format", "csv", cwd=tmp_path)
    rows = list(csv.reader(done.stdout.lstrip("\ufeff").splitlines()))
    assert rows[0] == ["id", "fide_id", "federation_id", "name", "federation", "birth_year",
                       "rating", "change", "games", "period_games", "k", "title", "sex", "club",
                       "region", "active"]
    assert [int(r[6]) for r in rows[1:]] == list(table["rating"])


def test_command_line_without_a_database_says_so(tmp_path):
    done = run_cli("db", "ratings", "--db", "missing.db", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == ("error: missing.db: no rating database here, expected a "
                                   "database made by 'tournament-elo db import'")
    assert not (tmp_path / "missing.db").exists()


def test_kill_9_during_import_then_again_imports_each_file_once(history_files, tmp_path):
    events = tmp_path / "events"
    events.mkdir()
    copies = 20  # 2,000 distinct files (each copy renames its events): seconds to import
    for copy in range(copies):
        for path in sorted((history_files / "events").iterdir()):
            text = path.read_text(encoding="utf-8").replace("012 Event", f"012 Copy {copy} Event")
            (events / f"c{copy}-{path.name}").write_text(text, encoding="utf-8")
    path = tmp_path / "ratings.db"
    command = [sys.executable, "-m", "tournament_elo", "db", "import", str(events), "--db",
               str(path), "--system", "fide-2024"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    imported_so_far = 0
    deadline = time.monotonic() + 600  # a guard against a hang, not a measure
    while imported_so_far < 50 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.02)
        if path.exists():
            with sqlite3.connect(path, timeout=30) as reader:
                if reader.execute("SELECT count(*) FROM sqlite_master WHERE name = 'events'"
                                  ).fetchone()[0]:
                    imported_so_far = reader.execute("SELECT count(*) FROM events").fetchone()[0]
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL, "the import ended before the kill"
    files = 100 * copies
    assert 50 <= imported_so_far < files
    with sqlite3.connect(path) as reader:  # a large import builds it at its end only
        assert not reader.execute("SELECT 1 FROM sqlite_master"
                                  " WHERE name = 'event_players_by_player'").fetchall()
    # The change log holds the events committed, and no more.
    assert len(logged_events(path)) >= imported_so_far
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    imported_now = int(done.stdout.split(" imported")[0])
    unchanged = int(done.stdout.split(" replaced, ")[1].split(" unchanged")[0])
    assert imported_now + unchanged == files and unchanged >= imported_so_far
    with Database(path) as db:
        assert db.query("SELECT count(*), count(DISTINCT path) FROM events")[0] == (files, files)
        # Every event's players and games are there once: none lost, none doubled.
        assert db.query("SELECT count(*) FROM games")[0][0] == files
        players = sum(len(read_trf(p).players) for p in (history_files / "events").iterdir())
        assert db.query("SELECT count(*) FROM event_players")[0][0] == copies * players
        # The index of event players by player is back, and agrees with the table.
        assert db.query("SELECT 1 FROM sqlite_master WHERE name = 'event_players_by_player'")
        assert db.query("PRAGMA integrity_check") == [("ok",)]
    assert len(logged_events(path)) == files


def test_a_per_game_system_runs_the_events_in_time_order(tmp_path):
    """Tượng Kỳ updates after every game: the database rates event B from the ratings
    event A left, as rating A and then B (with A's new ratings and game counts) does."""
    from dataclasses import replace

    from helpers import make_event
    from tournament_elo.db.importer import store_event
    from tournament_elo.rating.engine import rate

    a = make_event([None] * 4, [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "0"),
                                (2, 2, 4, "1")], end=date(2025, 1, 10))
    b = make_event([None] * 4, [(1, 4, 1, "1"), (1, 2, 3, "="), (2, 1, 2, "1"),
                                (2, 3, 4, "0")], end=date(2025, 2, 10))
    with Database(tmp_path / "ratings.db") as db:
        with db.transaction():
            pool = db.pool_id("xiangqi", create=True)
        for name, event in (("a", a), ("b", b)):
            store_event(db, event, name, name, b"", "tuong-ky", pool)
        (report,) = recompute(db, period="event")
        assert (report.system, report.periods, report.games) == ("tuong-ky", 2, 8)
        table = ratings(db, computation(db, period="event"))
        got = dict(zip(table["name"], table["rating"], strict=True))
        assert min(got.values()) < 1000 < max(got.values())  # moved from the initial 1000
    after_a = rate(a, "tuong-ky").players
    b_rated = replace(b, players=tuple(
        replace(p, rating=int(after_a["new_rating"][p.index]),
                games=int(after_a["games_rated"][p.index])) for p in b.players))
    after_b = rate(b_rated, "tuong-ky").players
    assert got == {p.name: int(after_b["new_rating"][p.index]) for p in b.players}


def test_without_a_list_players_start_from_their_event_files(tmp_path):
    """No list: each player first met starts from the rating his event's file gives him
    (a rated player of unknown game count, as when rating one event), so one event in
    one period gives exactly the new ratings of rating that event alone."""
    from tournament_elo.rating.engine import rate

    sample = ROOT / "sample_events" / "held_c07_swiss5.trf"
    with Database(tmp_path / "ratings.db") as db:
        report = import_events(db, [sample], system="fide-2024")
        assert len(report.imported) == 1
        (done,) = recompute(db)
        table = ratings(db, computation(db))
    alone = rate(read_trf(sample), "fide-2024").players
    want = {name: int(r) for name, r in zip(alone["name"], alone["new_rating"], strict=True)
            if r == r}
    assert done.rated_players == len(want) == 16
    assert dict(zip(table["name"], table["rating"], strict=True)) == want
    # Their game counts before are not known: the lists count the games rated here,
    # each player's played games of the five rounds.
    event = read_trf(sample)
    played = event.pairings.opponent >= 0
    per_player = np.bincount(event.pairings.player[played & (event.pairings.result <= 2)],
                             minlength=len(event.players))
    assert dict(zip(table["name"], table["games"], strict=True)) == {
        p.name: int(per_player[p.index]) for p in event.players}
    assert (table["games"] == table["period_games"]).all()  # one period


def test_a_folder_import_takes_a_games_sheet_with_its_players_sheet(tmp_path):
    """sample_events/ holds 9 events; four CSV events have a players sheet beside them,
    which belongs to its event and is not imported as an event of its own."""
    with Database(tmp_path / "ratings.db") as db:
        report = import_events(db, [ROOT / "sample_events"])
    assert (len(report.imported), report.failed) == (9, [])
    assert not [p for p in report.imported if "players" in Path(p).name]


def test_history_of_a_player_first_met_in_a_file_starts_from_its_rating(tmp_path):
    """Bruno is 2150 in FIDE's exercise file and 2157 after it (change 7)."""
    sample = ROOT / "sample_events" / "held_c07_swiss5.trf"
    with Database(tmp_path / "ratings.db") as db:
        import_events(db, [sample], system="fide-2024")
        recompute(db)
        comp = computation(db)
        (row,) = history(db, comp, find_player(db, "Bruno")).to_dict("records")
    assert (row["rating_before"], row["rating"], row["change"]) == (2150, 2157, 7)


def test_a_none_is_stored_as_null_and_a_programs_own_adapter_is_kept(tmp_path):
    """The database binds None through a quick adapter (Python 3.11 raises and drops an
    error for each None otherwise); it is NULL all the same, and a program that imports
    this one after registering its own adapter for None keeps it."""
    from tournament_elo.db.store import Database

    with Database(tmp_path / "x.db") as db:
        assert db.query("SELECT ? IS NULL, typeof(?)", None, None) == [(1, "null")]
    program = ("import sqlite3; sqlite3.register_adapter(type(None), lambda v: 'mine'); "
               "import tournament_elo.db.store; "
               "print(sqlite3.connect(':memory:').execute('SELECT ?', (None,)).fetchone()[0])")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "mine\n"
