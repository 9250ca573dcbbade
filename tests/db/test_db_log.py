"""The change log (``db log``): after a federation's year every change is a row, with
its kind, its time, who made it, the command, the file and its sha256, and what it
changed; the filters pick an event's versions, a player's changes, a time; a merge and
a list again are on record; ``--by`` and the login name; the log cannot be changed."""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import shlex
import sqlite3
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from federation_year import (
    ARBITER,
    LAN,
    LAN_LATER,
    LIST_AT,
    LOGIN,
    OFFICER,
    PEOPLE,
    RECOMPUTED_AFTER,
    imported_at,
    live_the_year,
    month_event,
    write_year,
)

from helpers import make_event
from tournament_elo.write.trf import write_trf

HANOI = timezone(timedelta(hours=7))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def local(moment: datetime) -> str:
    """A time as the log shows it: Hà Nội's (the ``clock`` fixture's zone)."""
    return moment.astimezone(HANOI).isoformat(sep=" ")


def log(ok, *args: str) -> list[dict[str, Any]]:
    return json.loads(ok("db", "log", "--format", "json", *args)[1])


#: Each month's recomputation, worked out from the year's story: (the first month
#: recomputed, periods, periods kept).  March and August wait in progress (no period
#: changes: no row); April recomputes from March (its final version), July from June
#: (corrected), September from August (complete now).
RECOMPUTED = {1: (1, 1, 0), 2: (2, 1, 1), 4: (3, 2, 2), 5: (5, 1, 4), 6: (6, 1, 5),
              7: (6, 2, 5), 9: (8, 2, 7), 10: (10, 1, 9), 11: (11, 1, 10), 12: (12, 1, 11)}
PAIR = {"1": "1–0", "=": "½–½", "0": "0–1"}


def the_years_log(folders: dict[int, Path], tmp_path: Path) -> list[dict[str, Any]]:
    """The log the year writes, row by row, as its story tells it (each row tagged with
    the month of its event, 0 for none)."""
    rows: list[dict[str, Any]] = []

    def row(month: int, kind: str, at: datetime, user: str, command: str, event: int | None,
            version: int | None, file: Path | None, changes: str) -> None:
        rows.append({"id": len(rows) + 1, "at": local(at), "user": user, "command": command,
                     "kind": kind, "pool": "main", "event": event, "version": version,
                     "file": None if file is None else str(file),
                     "sha256": None if file is None else sha256(file), "changes": changes,
                     "month": month})

    def event(month: int, file: Path) -> str:
        """An event's line: its players and games; a games CSV file's other sheets."""
        said = f"Giải Elo tháng {month}: 6 players, 9 games"
        if file.suffix == ".csv":
            stem = file.name.removesuffix("games.csv")
            said += "".join(f"; read with {file.parent / (stem + sheet)} "
                            f"(sha256 {sha256(file.parent / (stem + sheet))})"
                            for sheet in ("players.csv", "event.csv"))
        return said

    row(0, "list", LIST_AT, OFFICER, "tournament-elo db import-list list.csv --date 2025-01-01"
        f" --by '{OFFICER}'", None, None, tmp_path / "list.csv",
        "list of 2025-01-01: 10 players, 0 matched by id, 0 by name, 10 new")
    # The events' ids as they are given: the next one each time, but where a newer version
    # replaces the latest event (August's in September): its id again.
    stored = {1: [("event-games.csv", 1)], 2: [("event.xlsx", 2)],
              3: [("thang3-vong2.trf", 3)], 4: [("event-games.csv", 4)], 5: [("event.xlsx", 6)],
              6: [("june.trf", 7)], 7: [("event-games.csv", 8)], 8: [("august-r1-games.csv", 10)],
              9: [("event.trf", 11)], 10: [("event-games.csv", 12)], 11: [("event.xlsx", 13)],
              12: [("event.trf", 14)]}
    first, _ = month_event(6)[1][0], None
    rnd, white, black, code = first
    flipped = {"1": "0", "0": "1", "=": "0"}[code]
    newer = {  # month imported: (file, the event's month, its id, what it changed)
        4: ("giai-thang-3-final.xlsx", 3, 5, f"replaces {folders[3] / 'thang3-vong2.trf'} "
            "(version 1); rounds complete: 2 → 3; round 3: 3 results entered"),
        7: ("june-corrected.trf", 6, 9, f"replaces {folders[6] / 'june.trf'} (version 1); "
            f"round {rnd}: {PEOPLE[white][1]} – {PEOPLE[black][1]} {PAIR[code]} → "
            f"{PAIR[flipped]}"),
        9: ("august.trf", 8, 10, f"replaces {folders[8] / 'august-r1-games.csv'} (version 1);"
            " rounds complete: 1 → 3; round 2: 3 results entered; round 3: 3 results entered"),
    }
    in_progress = {3: "; in progress: 2 of 3 rounds complete",
                   8: "; in progress: 1 of 3 rounds complete"}
    for month, folder in folders.items():
        at = imported_at(month)
        user = ARBITER if month == 7 else LOGIN
        command = f"tournament-elo db import {folder} --system fide-2024" + (
            f" --by '{ARBITER}'" if month == 7 else "")
        found = [(name, month, number, None) for name, number in stored[month]]
        if month in newer:
            name, of, number, changes = newer[month]
            found.append((name, of, number, changes))
        for name, of, number, changes in sorted(found):
            file = folder / name
            if changes is None:
                row(of, "import", at, user, command, number, 1, file,
                    event(of, file) + in_progress.get(of, ""))
            else:
                row(of, "replace", at, user, command, number, 2, file,
                    f"{event(of, file)}; {changes}")
        if month == 11:  # March's partial file again: the final version (event 5) kept
            row(3, "older", at, user, command, 5, 2, folder / "march-again.trf",
                "Giải Elo tháng 3: not imported, 2 of 3 rounds complete: an older version of "
                f"the event in {folders[4] / 'giai-thang-3-final.xlsx'} (version 2, 3 of 3 "
                "rounds complete)")
        if month in RECOMPUTED:
            start, periods, kept = RECOMPUTED[month]
            row(0, "recompute", at + RECOMPUTED_AFTER, LOGIN, "tournament-elo db recompute",
                None, None, None, f"fide-2024, --period month: {periods} periods recomputed "
                f"from 2025-{start:02}-01 ({kept} kept), {periods} events, {9 * periods} games")
    return rows


def untagged(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "month"} for r in rows]


def test_the_log_of_a_federations_year(ok, run, tmp_path, clock):
    _, folders = write_year(tmp_path)
    live_the_year(ok, folders, clock)
    expected = the_years_log(folders, tmp_path)
    assert log(ok) == untagged(expected)
    assert len(expected) == 1 + 15 + 1 + len(RECOMPUTED)  # a list, 15 files, an older one
    events = {e["name"]: e["id"] for e in json.loads(ok("db", "events", "--format",
                                                         "json")[1])}
    assert events["Giải Elo tháng 6"] == 9 and events["Giải Elo tháng 3"] == 5

    # An event: every version of it, by its id, an older version's id, its name or a file.
    june = [r for r in expected if r["month"] == 6]
    assert [r["kind"] for r in june] == ["import", "replace"]
    assert log(ok, "--event", "9") == log(ok, "--event", "7") == untagged(june)
    march = untagged([r for r in expected if r["month"] == 3])
    assert [r["kind"] for r in march] == ["import", "replace", "older"]
    assert log(ok, "--event", "GIẢI ELO THÁNG 3") == log(ok, "--event", "giai elo thang 3") \
        == log(ok, "--event", "2025-11/march-again.trf") == march
    # A player: the list that holds her and every version of the events she played in.
    lan = {month for month in range(1, 13) if any(
        p.name in (PEOPLE[LAN][1], LAN_LATER) for p in month_event(month)[0].players)}
    assert lan == {2, 3, 4, 5, 6, 7, 8, 10, 11}  # March, June and August in two versions
    assert log(ok, "--player", "Ngô Thị Lan") == log(ok, "--player", LAN_LATER) == untagged(
        [r for r in expected if r["kind"] == "list" or r["month"] in lan])
    # A time, in local time: July's files came on 28 July at 20:00 UTC, on the 29th in
    # Hà Nội, so the 28th (to its end) still ends with June's recomputation.
    july = untagged([r for r in expected if r["at"].startswith("2025-07")])
    assert [r["at"] for r in july] == ["2025-07-29 03:00:00+07:00"] * 2 + [
        "2025-07-29 03:05:00+07:00"]
    assert log(ok, "--since", "2025-07-01", "--until", "2025-07-31") == july
    assert log(ok, "--until", "2025-07-28")[-1] == untagged(expected)[len(expected) - 1 - len(
        [r for r in expected if r["at"] >= "2025-07"])]
    assert log(ok, "--since", "2025-07-29T03:05") == untagged(
        [r for r in expected if r["at"] >= "2025-07-29 03:05"])
    assert log(ok, "--since", "2025-07-28T20:05+00:00") == log(ok, "--since", "2025-07-29T03:05")
    assert log(ok, "--since", "2026-01-01") == []

    # In Vietnamese, and as a table.
    (corrected,) = [r for r in log(ok, "--event", "9", "--lang", "vi") if r["version"] == 2]
    rnd, white, black, code = month_event(6)[1][0]
    flipped = {"1": "0", "0": "1", "=": "0"}[code]
    assert corrected["changes"] == (
        f"Giải Elo tháng 6: 6 đấu thủ, 9 ván; thay thế {folders[6] / 'june.trf'} (phiên bản 1);"
        f" vòng {rnd}: {PEOPLE[white][1]} – {PEOPLE[black][1]} {PAIR[code]} → {PAIR[flipped]}")
    table = ok("db", "log", "--event", "9")[1].splitlines()
    assert table[0] == "change log"
    assert table[1].split() == ["id", "at", "user", "command", "kind", "pool", "event",
                                "version", "file", "sha256", "changes"]
    assert len(table) == 3 + 2 and table[-1].startswith(f"{june[1]['id']}  2025-07-29 03:00:00")
    assert run("db", "log", "--lang", "vi", "--event", "9")[1].startswith("nhật ký thay đổi\n")


@pytest.mark.parametrize(("args", "said"), [
    (("--event", "999"), "error: --event: no such event in the database; found '999', "
     "expected an event's id (as 'db events' lists it), its file or its name"),
    (("--since", "yesterday"), "error: --since: not a date or a time; found 'yesterday', "
     "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM"),
    (("--until", "2025-13-01"), "error: --until: not a date or a time; found '2025-13-01', "
     "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM"),
    (("--lang", "vi", "--event", "Giải mùa xuân"), "lỗi: --event: không có giải này trong cơ "
     "sở dữ liệu; thấy 'Giải mùa xuân', cần mã giải (như 'db events' liệt kê), tệp hoặc tên "
     "giải"),
])
def test_a_filter_that_names_nothing_is_said(run, tmp_path, args, said):
    (tmp_path / "a.trf").write_text(write_trf(make_event([1800, 1700], [(1, 1, 2, "1")])))
    assert run("db", "import", "a.trf")[0] == 0
    code, out, err = run("db", "log", *args)
    assert (code, out, err) == (2, "", said + "\n")


def _trf(folder: Path, name: str, ratings: list[int], names: list[str],
         games: list[tuple[int, int, int, str]]) -> Path:
    """An event of 8 March 2025 named ``name``, its players named ``names``, in a file."""
    event = make_event(ratings, games, end=date(2025, 3, 8))
    event = replace(event, name=name, players=tuple(
        replace(player, name=who) for player, who in zip(event.players, names, strict=True)))
    path = folder / f"{name}.trf"
    path.write_text(write_trf(event))
    return path


def test_a_merge_a_list_again_and_a_player_removed_are_on_record(ok, tmp_path, clock):
    """Two records of one person merged (and the recomputation that follows, under the
    merge's command); the starting list imported again, corrected (and once more
    unchanged: no row, nothing changed); a corrected file that drops a player: each
    change is a row, and ``--player`` finds them."""
    clock(datetime(2025, 3, 20, 1, tzinfo=UTC))
    (tmp_path / "list.csv").write_text("name,rating,games\nNguyễn Văn An,1800,40\n"
                                       "Trần Bình,1900,40\nLê Cường,1700,40\n", encoding="utf-8")
    ok("db", "import-list", "list.csv", "--date", "2025-03-01")
    # The list corrected (Lê Cường 1710), then imported once more as it is.
    (tmp_path / "list.csv").write_text("name,rating,games\nNguyễn Văn An,1800,40\n"
                                       "Trần Bình,1900,40\nLê Cường,1710,40\n", encoding="utf-8")
    ok("db", "import-list", "list.csv", "--date", "2025-03-01")  # again: the names known
    ok("db", "import-list", "list.csv", "--date", "2025-03-01")  # unchanged: no row
    _trf(tmp_path, "spring", [1800, 1900, 1700], ["Nguyễn Văn An", "Binh Tran", "Lê Cường"],
         [(1, 1, 2, "1"), (2, 3, 1, "=")])
    ok("db", "import", "spring.trf")
    ok("db", "recompute")
    ok("db", "merge-players", "Trần Bình", "Binh Tran", "--by", "Lê Thu Hà")
    # The arbiter's correction: Lê Cường never played; An met Bình again in round 2.
    _trf(tmp_path, "spring", [1800, 1900], ["Nguyễn Văn An", "Binh Tran"],
         [(1, 1, 2, "1"), (2, 2, 1, "=")])
    ok("db", "import", "spring.trf")
    rows = log(ok)
    merge = "tournament-elo db merge-players 'Trần Bình' 'Binh Tran' --by 'Lê Thu Hà'"
    assert [(r["kind"], r["user"], r["command"]) for r in rows] == [
        ("list", "ratings", "tournament-elo db import-list list.csv --date 2025-03-01"),
        ("list", "ratings", "tournament-elo db import-list list.csv --date 2025-03-01"),
        ("import", "ratings", "tournament-elo db import spring.trf"),
        ("recompute", "ratings", "tournament-elo db recompute"),
        ("merge", "Lê Thu Hà", merge), ("recompute", "Lê Thu Hà", merge),
        ("replace", "ratings", "tournament-elo db import spring.trf")]
    list_file, spring = str(tmp_path / "list.csv"), str(tmp_path / "spring.trf")
    # The list: its three players, all new at first, then known by name (it has no ids).
    assert rows[0]["changes"] == "list of 2025-03-01: 3 players, 0 matched by id, 0 by name, 3 new"
    assert rows[1]["changes"] == ("list of 2025-03-01: 3 players, 0 matched by id, 3 by name, "
                                  f"0 new; replaces the list of that date from {list_file}")
    assert rows[1]["file"] == list_file and rows[1]["sha256"] == sha256(tmp_path / "list.csv")
    # Binh Tran (#4, met first in the event) merged into Trần Bình (#2): one event, no list.
    assert rows[4]["changes"] == "#4 Binh Tran merged into #2 Trần Bình: 1 events, 0 lists"
    assert rows[5]["changes"] == ("fide, --period month: 1 periods recomputed from 2025-03-01 "
                                  "(0 kept), 1 events, 2 games")
    # The same file changed: version 2 of its event; Lê Cường (#3) gone, round 2's game
    # another one.
    assert rows[6]["changes"] == (f"spring: 2 players, 2 games; replaces {spring} (version 1); "
                                  "players removed: Lê Cường; round 2: 1 pairings added; "
                                  "round 2: 1 pairings removed")
    assert (rows[6]["event"], rows[6]["version"], rows[6]["file"], rows[6]["sha256"]) == (
        1, 2, spring, sha256(tmp_path / "spring.trf"))
    # Lê Cường: the list that holds him (the corrected one: the list it replaced is no
    # longer kept, so its row names nobody), and the version that removed him (he plays
    # in no event now).
    assert [r["id"] for r in log(ok, "--player", "Lê Cường")] == [2, 7]
    # Binh Tran's old name and number find Trần Bình: the list kept, every version of his event
    # and the merge.
    assert [r["id"] for r in log(ok, "--player", "#4")] == [2, 3, 5, 7]


def test_by_names_who_made_a_change_else_the_login_name(ok, run, tmp_path, clock,
                                                        monkeypatch):
    clock(datetime(2025, 3, 20, 1, tzinfo=UTC))
    (tmp_path / "a.trf").write_text(write_trf(make_event([1800, 1700], [(1, 1, 2, "1")])))
    ok("db", "import", "a.trf", "--by", "  Nguyễn Thị Mai ")  # the name, its blanks aside
    ok("db", "recompute")  # the login name (the clock fixture's)
    monkeypatch.setenv("TOURNAMENT_ELO_BY", "Đỗ Minh")
    ok("db", "recompute", "--from", "2025-01-01")
    monkeypatch.delenv("TOURNAMENT_ELO_BY")

    def unknown() -> str:  # no LOGNAME or USER, and a user id the system does not know
        raise OSError("No username set in the environment")

    monkeypatch.setattr(getpass, "getuser", unknown)
    ok("db", "recompute", "--from", "2025-01-01")
    assert [(r["user"], r["command"]) for r in log(ok)] == [
        ("Nguyễn Thị Mai", "tournament-elo db import a.trf --by '  Nguyễn Thị Mai '"),
        ("ratings", "tournament-elo db recompute"),
        ("Đỗ Minh", "tournament-elo db recompute --from 2025-01-01"),
        (f"uid {os.getuid()}", "tournament-elo db recompute --from 2025-01-01")]
    assert shlex.split(log(ok)[0]["command"])[-1] == "  Nguyễn Thị Mai "  # as typed
    for lang, said in (("en", "error: --by: no name given; found ' ', expected the name of "
                              "who makes the change\n"),
                       ("vi", "lỗi: --by: không có tên; thấy ' ', cần tên người thực hiện "
                              "thay đổi\n")):
        assert run("db", "import", "a.trf", "--by", " ", "--lang", lang) == (2, "", said)
    assert len(log(ok)) == 4  # the refused commands changed nothing


def test_a_change_that_fails_leaves_no_row(ok, run, tmp_path, clock):
    clock(datetime(2025, 3, 20, 1, tzinfo=UTC))
    (tmp_path / "a.trf").write_text(write_trf(make_event([1800, 1700], [(1, 1, 2, "1")])))
    ok("db", "import", "a.trf")
    # A list whose third row names no one: refused whole, inside its transaction.
    (tmp_path / "bad.csv").write_text("name,rating\nPlayer 1,1810\n,1700\n", encoding="utf-8")
    code, _, err = run("db", "import-list", "bad.csv", "--date", "2025-01-01")
    assert code == 2 and "a list entry names no player" in err
    # Two records with FIDE ids apart: refused.
    (tmp_path / "b.trf").write_text(write_trf(make_event(
        [1800, 1700], [(1, 1, 2, "=")], players=[{"fide_id": "100"}, {"fide_id": "200"}])))
    ok("db", "import", "b.trf")
    code, _, err = run("db", "merge-players", "100", "200")
    assert code == 2 and "they are two people" in err
    assert [r["kind"] for r in log(ok)] == ["import", "import"]


def test_the_log_refuses_to_be_changed_and_its_guards_are_checked(ok, run, tmp_path, clock):
    clock(datetime(2025, 3, 20, 1, tzinfo=UTC))
    (tmp_path / "a.trf").write_text(write_trf(make_event([1800, 1700], [(1, 1, 2, "1")])))
    ok("db", "import", "a.trf")
    with sqlite3.connect(tmp_path / "ratings.db") as db:
        for statement, said in (("UPDATE changes SET user = 'someone else'", "changed"),
                                ("DELETE FROM changes", "deleted")):
            with pytest.raises(sqlite3.IntegrityError,
                               match=f"the change log is append-only: its rows are never {said}"):
                db.execute(statement)
        assert db.execute("SELECT user FROM changes").fetchall() == [("ratings",)]
    # A guard dropped (by hand: no command does) is a damage 'db check' names.
    with sqlite3.connect(tmp_path / "ratings.db") as db:
        db.execute("DROP TRIGGER changes_never_deleted")
    code, out, _ = run("db", "check")
    assert code == 2 and "schema: 1 problem\n  trigger changes_never_deleted is missing\n" in out
