"""The database commands as a user runs them: wrong files, output formats, progress."""

from __future__ import annotations

import itertools
import json
import os
import pty
import sqlite3
import subprocess
import sys

import openpyxl

from helpers import DATA
from helpers import run_cli as run
from tournament_elo.db.schema import VERSION


def test_a_file_that_is_not_a_database(tmp_path):
    (tmp_path / "notes.db").write_text("shopping list\n" * 100, encoding="utf-8")
    done = run("db", "ratings", "--db", "notes.db", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("error: notes.db: not a rating database; found ")
    assert (tmp_path / "notes.db").read_text(encoding="utf-8") == "shopping list\n" * 100


def test_another_programs_database_is_left_alone(tmp_path):
    with sqlite3.connect(tmp_path / "other.db") as other:
        other.execute("CREATE TABLE accounts (id INTEGER)")
    done = run("db", "import", str(tmp_path), "--db", str(tmp_path / "other.db"), cwd=tmp_path)
    assert done.returncode == 2
    assert "not a rating database; found a SQLite file with other tables" in done.stderr
    with sqlite3.connect(tmp_path / "other.db") as other:
        tables = other.execute("SELECT name FROM sqlite_master").fetchall()
    assert tables == [("accounts",)]


def test_a_database_from_a_newer_version(small_db, tmp_path):
    newer = tmp_path / "newer.db"
    newer.write_bytes((small_db / "ratings.db").read_bytes())
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
    done = run("db", "ratings", "--db", str(newer), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        f"the database was made by a newer tournament-elo; found schema version {VERSION + 1}, "
        f"expected version {VERSION} or older")


def test_ratings_as_json_and_xlsx(small_db, tmp_path):
    as_json = json.loads(run("db", "ratings", "--format", "json", cwd=small_db).stdout)
    as_csv = run("db", "ratings", "--format", "csv", cwd=small_db).stdout
    # The same list: the CSV's second column is each JSON record's fide_id, in order.
    fide_ids = [line.split(",")[1] for line in as_csv.lstrip("\ufeff").splitlines()[1:]]
    assert [r["fide_id"] for r in as_json] == fide_ids
    assert all(a["rating"] >= b["rating"] for a, b in itertools.pairwise(as_json))
    out = tmp_path / "list.xlsx"
    done = run("db", "ratings", "--format", "xlsx", "-o", str(out), cwd=small_db)
    assert done.returncode == 0, done.stderr
    sheet = openpyxl.load_workbook(out).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("id", "fide_id", "federation_id", "name", "federation", "birth_year",
                       "rating", "change", "games", "period_games", "k", "title", "sex", "club",
                       "region", "active")
    assert [r[6] for r in rows[1:]] == [r["rating"] for r in as_json]  # numbers as numbers
    done = run("db", "ratings", "--format", "xlsx", cwd=small_db)
    assert done.returncode == 2 and "--output" in done.stderr


def test_a_bad_date_is_named(small_db):
    done = run("db", "ratings", "--date", "1 March", cwd=small_db)
    assert done.returncode == 2
    assert done.stderr.strip() == ("error: --date: not a date; found '1 March', "
                                   "expected YYYY-MM-DD")


def test_progress_bar_on_a_terminal_and_quiet_in_a_pipe(small_db, tmp_path):
    command = [sys.executable, "-m", "tournament_elo", "db", "recompute", "--from",
               "2023-01-01"]
    piped = subprocess.run(command, capture_output=True, text=True, cwd=small_db)
    assert piped.returncode == 0 and piped.stderr == ""
    main, secondary = pty.openpty()
    child = subprocess.Popen(command, cwd=small_db, stdout=secondary, stderr=secondary,
                             env={**os.environ, "COLUMNS": "100"})
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    child.wait()
    os.close(main)
    text = seen.decode("utf-8", "replace")
    assert child.returncode == 0
    assert "recomputing" in text  # the bar's label, drawn on the terminal
    assert "periods recomputed" in text


def test_import_says_its_errors_and_summary_in_vietnamese(tmp_path):
    # One good file (C.07's Swiss of 5 rounds: 36 pairings with an opponent, 34 played
    # and 2 forfeited, counted from its round cells) and one with a truncated player
    # record; every line in the user's language, the worker's error included.
    good = tmp_path / "swiss.trf"
    good.write_bytes((DATA / "held_c07_swiss5.trf").read_bytes())
    (tmp_path / "bad.trf").write_text("012 X\n001 bad\n", encoding="utf-8")
    done = run("db", "import", "--lang", "vi", "--db", "t.db", "swiss.trf", "bad.trf",
               cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"lỗi: {tmp_path / 'bad.trf'}, dòng 2: bản ghi đấu thủ bị cụt; thấy 7 ký tự, cần ít "
        "nhất 84 (hết cột điểm, 81-84)"]
    assert done.stdout.splitlines()[-1] == "1 đã nhập, 0 thay thế, 0 không đổi, 1 lỗi; 36 ván"
