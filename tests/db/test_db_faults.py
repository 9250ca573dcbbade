"""The database's faults as a user meets them: a full disk, a read-only medium, damaged
pages, another process holding the write lock, two imports at once.  Each ends in one
line naming the file and exit code 2, and nothing the user gave is lost.

A full disk is a small tmpfs and a read-only medium a read-only bind mount, each made in
a private mount namespace (``unshare -rm``) that vanishes with the command."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from db_figures import logged_events, recomputations_logged

from helpers import run_cli
from tournament_elo.db.schema import VERSION

FULL = ("the disk is full (nothing was lost: what was committed stays, and the command run "
        "again goes on from there)")
QUERIES_ONLY_READ = "db ratings, history, diff and check, and publish only read it"
DAMAGED_EXPECTED = ("expected a sound database: restore a copy ('tournament-elo db check' "
                    "lists what is wrong)")
SOUND = ("pages: ok\nforeign keys: ok\nschema: ok\ntext: ok\npacked columns: ok\n"
         f"ratings.db: sound (schema version {VERSION})\n")
COMMAND = f"{sys.executable} -m tournament_elo"

#: Mount a tmpfs of 4 MiB on the folder $1, copy the database $2 into it, fill it up to
#: $3 KiB of free space, run the command (the other arguments) there, and copy the
#: database (and its -wal log) back.
_ON_A_FULL_DISK = """
disk=$1 database=$2 room=$3; shift 3
mount -t tmpfs -o size=4m tmpfs "$disk"
cp "$database" "$disk/ratings.db"
cd "$disk"
dd if=/dev/zero of=filler bs=4096 2>/dev/null || true
truncate -s "-${room}K" filler
code=0
$COMMAND "$@" || code=$?
rm -f "$database-wal"
for file in ratings.db ratings.db-wal; do
    if [ -e "$file" ]; then cp "$file" "$database${file#ratings.db}"; fi
done
exit $code
"""
#: Make the folder or file $1 read-only, and run the command (the other arguments).
_READ_ONLY = """
target=$1; shift
mount --bind "$target" "$target"
mount -o remount,bind,ro "$target"
exec $COMMAND "$@"
"""


def _can_unshare() -> bool:
    try:
        return subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0
    except OSError:
        return False


@pytest.fixture(scope="module")
def unshared() -> None:
    if not _can_unshare():
        reason = ("this machine cannot make a private mount namespace (unshare -rm), which "
                  "the full-disk and read-only cases need")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def _script(script: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["unshare", "-rm", "sh", "-euc", script, "sh", *args],
                          capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "COMMAND": COMMAND})


def on_a_full_disk(database: Path, room_kib: int, *args: str) -> subprocess.CompletedProcess[str]:
    disk = database.parent / "disk"
    disk.mkdir(exist_ok=True)
    return _script(_ON_A_FULL_DISK, str(disk), str(database), str(room_kib), *args,
                   cwd=database.parent)


def read_only(target: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return _script(_READ_ONLY, str(target), *args, cwd=cwd)


def _copy(database: Path, folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    copy = folder / "ratings.db"
    shutil.copyfile(database, copy)
    return copy


def _events(database: Path) -> int:
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        return int(db.execute("SELECT count(*) FROM events").fetchone()[0])


@pytest.fixture(scope="module")
def history_db(history_files: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated history's 100 events and its starting list, not recomputed yet."""
    folder = tmp_path_factory.mktemp("history_db")
    for args in (("db", "import-list", str(history_files / "list.csv"), "--date", "2023-01-01"),
                 ("db", "import", str(history_files / "events"), "--system", "fide-2024")):
        assert run_cli(*args, cwd=folder).returncode == 0
    return folder / "ratings.db"


# --- a full disk -------------------------------------------------------------------------


def test_an_import_that_fills_the_disk_keeps_what_was_committed(unshared, history_files,
                                                                 tmp_path):
    events = history_files / "events"
    database = tmp_path / "ratings.db"
    first = sorted(str(p) for p in events.iterdir())[:10]
    assert run_cli("db", "import", *first, "--system", "fide-2024", cwd=tmp_path).returncode == 0
    done = on_a_full_disk(database, 256, "db", "import", str(events), "--system", "fide-2024")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"error: ratings.db: {FULL}; found database or disk is full, "
                           "expected free space on the disk\n")
    kept = _events(database)
    assert 10 <= kept < 100
    assert len(logged_events(database)) == kept  # the events not committed: no row either
    again = run_cli("db", "import", str(events), "--system", "fide-2024", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"{100 - kept} imported, 0 replaced, {kept} unchanged, "
                                   "0 failed; ")
    assert _events(database) == 100
    assert len(logged_events(database)) == 100


def test_a_recomputation_that_fills_the_disk_goes_on_when_run_again(unshared, history_db,
                                                                    tmp_path):
    reference = _copy(history_db, tmp_path / "reference")
    assert run_cli("db", "recompute", cwd=reference.parent).returncode == 0
    database = _copy(history_db, tmp_path / "full")
    done = on_a_full_disk(database, 128, "db", "recompute")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"error: ratings.db: {FULL}; found database or disk is full, "
                           "expected free space on the disk\n")
    with sqlite3.connect(database) as db:
        kept = db.execute("SELECT count(*) FROM periods p JOIN computations c"
                          " ON c.id = p.computation_id WHERE p.end <= c.valid_through"
                          ).fetchone()[0]
    assert recomputations_logged(database) == []  # it did not finish: no row
    again = run_cli("db", "recompute", cwd=database.parent)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"main: {23 - kept} periods recomputed under fide-2024 "
                                   f"({kept} kept), ")
    # The run that finished: the periods it computed, the stopped one's kept.
    assert recomputations_logged(database) == [(23 - kept, kept)]
    lists = [run_cli("db", "ratings", "--format", "csv", cwd=db.parent).stdout
             for db in (database, reference)]
    assert lists[0] == lists[1]


def test_a_full_disk_is_named_and_its_database_still_answers(unshared, small_db, tmp_path):
    database = _copy(small_db / "ratings.db", tmp_path)
    expected = run_cli("db", "ratings", "--db", str(small_db / "ratings.db"), cwd=tmp_path)
    done = on_a_full_disk(database, 0, "db", "ratings")
    assert (done.returncode, done.stdout, done.stderr) == (0, expected.stdout, "")
    done = on_a_full_disk(database, 0, "db", "recompute")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"error: ratings.db: {FULL}; found disk I/O error, expected free "
                           "space on the disk\n")
    assert database.read_bytes() == (small_db / "ratings.db").read_bytes()


# --- a read-only medium ------------------------------------------------------------------


def _answers(folder: Path, run: Callable[..., subprocess.CompletedProcess[str]]
             ) -> list[tuple[int, str, str]]:
    """What the queries answer, run by ``run(*args)``."""
    queries = [("db", "ratings", "--format", "csv"), ("db", "history", "#5"),
               ("db", "diff", str(folder / "published.csv")), ("db", "check")]
    return [(done.returncode, done.stdout, done.stderr)
            for done in (run(*args) for args in queries)]


def test_queries_work_on_a_read_only_medium_and_writes_say_what_is_read_only(
        unshared, small_db, history_files, tmp_path):
    medium = tmp_path / "medium"
    database = _copy(small_db / "ratings.db", medium)
    shutil.copyfile(history_files / "list.csv", medium / "published.csv")
    before = database.read_bytes()
    # First with no -shm file beside it, which a read-only medium would not let SQLite make.
    answers = _answers(medium, lambda *args: read_only(medium, *args, cwd=medium))
    assert [a[0] for a in answers] == [0, 0, 0, 0]
    assert answers[3] == (0, SOUND, "")
    assert answers == _answers(medium, lambda *args: run_cli(*args, cwd=medium))
    site = tmp_path / "site"
    done = read_only(medium, "publish", "--out", str(site), cwd=medium)
    assert done.returncode == 0, done.stderr
    assert (site / "index.html").is_file()
    for args in (("db", "import", str(small_db / "events")),
                 ("db", "import-list", str(medium / "published.csv"), "--date", "2024-01-01"),
                 ("db", "recompute")):
        done = read_only(medium, *args, cwd=medium)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert done.stderr == ("error: ratings.db: cannot write the database: its folder is "
                               "read-only, expected a folder that can be written "
                               f"({QUERIES_ONLY_READ})\n"), args
    # The file alone read-only, in a folder that can be written.
    done = read_only(database, "db", "recompute", cwd=medium)
    assert done.stderr == ("error: ratings.db: cannot write the database: its file is "
                           "read-only, expected a file that can be written "
                           f"({QUERIES_ONLY_READ})\n")
    done = read_only(database, "db", "ratings", "--format", "csv", cwd=medium)
    assert (done.returncode, done.stdout) == (0, answers[0][1])
    assert database.read_bytes() == before


def test_a_log_that_cannot_be_read_on_a_read_only_medium_is_named(unshared, small_db, tmp_path):
    """Commits still in the -wal log need a -shm file beside it to be read: on a
    read-only medium without one, the database cannot be read as it is."""
    source = _copy(small_db / "ratings.db", tmp_path / "source")
    writer = sqlite3.connect(source, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("UPDATE players SET name = name || ' (changed)' WHERE id = 5")
    medium = tmp_path / "medium"
    medium.mkdir()
    for suffix in ("", "-wal"):  # copied while the writer is open: the change is in the log
        shutil.copyfile(f"{source}{suffix}", medium / f"ratings.db{suffix}")
    writer.close()
    done = read_only(medium, "db", "ratings", cwd=medium)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: ratings.db: cannot read the database: its log holds changes not in the file "
        "yet, and they cannot be read on this disk; found ratings.db-wal beside it, with no "
        "ratings.db-shm file and no room or permission to make one, expected ratings.db and "
        "ratings.db-wal copied together to a disk that can be written\n")
    done = run_cli("db", "history", "#5", cwd=medium)  # where it can be written, it reads
    assert done.returncode == 0 and " (changed) — fide-2024" in done.stdout


# --- damaged pages -----------------------------------------------------------------------


def _damaged_copy(database: Path, folder: Path) -> Path:
    """A copy with 64 bytes overwritten in the middle of the players table's last page
    (the data is in the file: the database was closed, which checkpoints its log)."""
    data = bytearray(database.read_bytes())
    page_size = struct.unpack(">H", data[16:18])[0]
    with sqlite3.connect(database) as db:
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'players'"
                          ).fetchone()[0]
    start = (root - 1) * page_size
    assert data[start] == 0x05  # an interior page: its right-most child is the last page
    last = struct.unpack(">I", data[start + 8:start + 12])[0]
    middle = (last - 1) * page_size + page_size // 2
    data[middle:middle + 64] = b"\xff" * 64
    folder.mkdir(exist_ok=True)
    (folder / "ratings.db").write_bytes(data)
    return folder / "ratings.db"


def _sqlite_says(database: Path) -> list[str]:
    """SQLite's own report on the file's pages, line by line."""
    with sqlite3.connect(database) as db:
        lines = [line for (text,) in db.execute("PRAGMA integrity_check")
                 for line in text.splitlines()]
    return [line for line in lines if not line.startswith("*** in database")]


def test_a_damaged_page_is_named_by_every_command_and_nothing_writes_into_it(
        small_db, history_files, tmp_path):
    database = _damaged_copy(small_db / "ratings.db", tmp_path / "bad")
    before = database.read_bytes()
    problems = _sqlite_says(database)
    assert problems[0].startswith("On tree page ") and len(problems) > 1
    message = (f"error: ratings.db: the database is damaged; found {problems[0]} (and "
               f"{len(problems) - 1} more problem{'s' * (len(problems) > 2)}), "
               f"{DAMAGED_EXPECTED}\n")
    for args in (("db", "import", str(small_db / "events")),
                 ("db", "import-list", str(history_files / "list.csv"), "--date",
                  "2024-01-01"),
                 ("db", "recompute"), ("db", "ratings"), ("db", "check")):
        done = run_cli(*args, cwd=database.parent)
        assert (done.returncode, done.stderr) == (2, message), args
    assert database.read_bytes() == before
    assert done.stdout.startswith(f"pages: {len(problems)} problems\n"
                                  + "".join(f"  {p}\n" for p in problems)
                                  + "foreign keys: ok\n")


def test_a_damaged_list_in_a_sound_page_is_named(small_db, tmp_path):
    """SQLite cannot see into a packed list: bytes changed inside it leave its pages sound,
    and name a player who does not exist."""
    folder = tmp_path / "bad"
    database = _copy(small_db / "ratings.db", folder)
    with sqlite3.connect(database) as db:
        period, entries = db.execute("SELECT id, entries FROM periods ORDER BY id DESC"
                                     ).fetchone()
    data = bytearray(database.read_bytes())
    assert data.count(entries[:64]) == 1
    at = data.find(entries[:64])
    data[at:at + 4] = struct.pack("<i", -2_000_000_000)  # the first entry's player
    database.write_bytes(data)
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    problem = f"periods {period}: its entries are not list records of known players"
    done = run_cli("db", "ratings", cwd=folder)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"error: ratings.db: the database is damaged; found {problem}, "
                           f"{DAMAGED_EXPECTED}\n")
    done = run_cli("db", "check", cwd=folder)
    assert done.returncode == 2
    assert done.stdout == ("pages: ok\nforeign keys: ok\nschema: ok\ntext: ok\n"
                           f"packed columns: 1 problem\n  {problem}\n")


def test_a_sound_database_is_said_to_be_sound(small_db):
    done = run_cli("db", "check", cwd=small_db)
    assert (done.returncode, done.stdout, done.stderr) == (0, SOUND, "")


def test_a_query_does_not_migrate_an_older_database(small_db, tmp_path):
    database = _copy(small_db / "ratings.db", tmp_path)
    with sqlite3.connect(database) as db:
        db.execute(f"PRAGMA user_version = {VERSION - 1}")
    done = run_cli("db", "ratings", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: ratings.db: the database was made by an older tournament-elo; found schema "
        f"version {VERSION - 1}, expected version {VERSION}, which 'tournament-elo db "
        "recompute' brings it to\n")


def test_a_query_of_an_empty_file_says_so_and_leaves_it_empty(tmp_path):
    (tmp_path / "ratings.db").touch()
    done = run_cli("db", "ratings", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("error: ratings.db: the database is empty, expected a database "
                           "made by 'tournament-elo db import'\n")
    assert (tmp_path / "ratings.db").stat().st_size == 0


# --- another process writing -------------------------------------------------------------

WAITING = "waiting for ratings.db: another process is writing to it\n"


def _lock(database: Path) -> sqlite3.Connection:
    """Another process's write lock on the database, held until it is closed."""
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_a_held_write_lock_is_waited_for_a_bounded_time_then_named(small_db, history_files,
                                                                    tmp_path):
    database = _copy(small_db / "ratings.db", tmp_path)
    holder = _lock(database)
    try:
        done = run_cli("db", "import-list", str(history_files / "list.csv"), "--date",
                       "2024-01-01", "--wait", "1", cwd=tmp_path)
    finally:
        holder.close()
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (WAITING + "error: ratings.db: the database is busy: another "
                           "process is writing to it; found the write lock still taken after "
                           "1 s, expected that process to finish first (or a longer --wait)\n")


def test_the_wait_ends_when_the_other_process_is_done(small_db, history_files, tmp_path):
    database = _copy(small_db / "ratings.db", tmp_path)
    holder = _lock(database)
    child = subprocess.Popen([*COMMAND.split(), "db", "import-list",
                              str(history_files / "list.csv"), "--date", "2024-01-01"],
                             cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stderr is not None
    assert child.stderr.readline() == WAITING
    holder.close()
    out, err = child.communicate(timeout=600)
    assert (child.returncode, out, err) == (
        0, "300 players listed on 2024-01-01: 300 matched by id, 0 by name, 0 new\n", "")


def _imports_at_once(folders: list[Path], history_files: Path,
                     cwd: Path) -> list[tuple[str, str]]:
    """The outputs of importing each folder at once, in processes of their own that all
    read what is there before any of them can write."""
    assert run_cli("db", "import-list", str(history_files / "list.csv"), "--date",
                   "2023-01-01", cwd=cwd).returncode == 0
    holder = _lock(cwd / "ratings.db")
    children = [subprocess.Popen([*COMMAND.split(), "db", "import", str(folder), "--system",
                                  "fide-2024"], cwd=cwd, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for folder in folders]
    for child in children:
        assert child.stderr is not None and child.stderr.readline() == WAITING
    holder.close()
    outputs = []
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        outputs.append((out, err))
    assert _events(cwd / "ratings.db") == 100
    return outputs


SUMMARY = re.compile(r"(\d+) imported, 0 replaced, 0 unchanged(?:, (\d+) already imported "
                     r"by another process)?(?:, (\d+) copies of imported files skipped)?, "
                     r"0 failed; \d+ games\n")


def test_two_imports_of_one_folder_at_once_say_who_imported_what(history_files, tmp_path):
    events = history_files / "events"
    imported = []
    for out, err in _imports_at_once([events, events], history_files, tmp_path):
        found = SUMMARY.fullmatch(out)
        assert found and err == "", (out, err)
        imported.append(int(found[1]))
        assert (int(found[1]) + int(found[2] or 0), found[3]) == (100, None)
    assert sum(imported) == 100
    again = run_cli("db", "import", str(events), "--system", "fide-2024", cwd=tmp_path)
    assert again.stdout == "0 imported, 0 replaced, 100 unchanged, 0 failed; 0 games\n"


def test_two_imports_of_copies_at_once_store_each_event_once(history_files, tmp_path):
    copies = tmp_path / "copies"
    shutil.copytree(history_files / "events", copies)
    imported = []
    for out, err in _imports_at_once([history_files / "events", copies], history_files,
                                     tmp_path):
        found = SUMMARY.fullmatch(out)
        assert found and found[2] is None, out
        imported.append(int(found[1]))
        skipped = int(found[3] or 0)
        assert int(found[1]) + skipped == 100
        assert len(err.splitlines()) == skipped
        assert all(re.fullmatch(r"skipped: \S+ is the same file as \S+", line)
                   for line in err.splitlines())
    assert sum(imported) == 100


# --- writing a file ----------------------------------------------------------------------


def test_a_list_written_to_a_full_disk_says_so_and_leaves_everything(small_db, tmp_path):
    out = tmp_path / "list.csv"
    out.symlink_to("/dev/full")  # every write: ENOSPC, as on a full disk
    done = run_cli("db", "ratings", "--db", str(small_db / "ratings.db"), "--format", "csv",
                   "-o", "list.csv", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: list.csv: cannot write the table: the disk is full (nothing was lost: a file "
        "already there is left as it was); found No space left on device, expected free "
        "space on the disk\n")
    # The link was written through, not replaced by a file; nothing was left beside it.
    assert os.readlink(out) == "/dev/full"
    assert [p.name for p in tmp_path.iterdir()] == ["list.csv"]


def test_a_list_written_through_a_link_replaces_the_file_it_names(small_db, tmp_path):
    (tmp_path / "lists").mkdir()
    real = tmp_path / "lists" / "2025.csv"
    (tmp_path / "latest.csv").symlink_to(real)  # a link to the file the list goes to
    command = ("db", "ratings", "--db", str(small_db / "ratings.db"), "--format", "csv",
               "-o", "latest.csv")
    for _ in range(2):  # written, then replaced: the tool wrote the file itself
        done = run_cli(*command, cwd=tmp_path)
        assert (done.returncode, done.stderr) == (0, "wrote latest.csv\n")
        assert (tmp_path / "latest.csv").is_symlink()
        assert real.read_text(encoding="utf-8-sig").startswith("id,fide_id,federation_id,")
    assert sorted(p.name for p in (tmp_path / "lists").iterdir()) == ["2025.csv"]
    # A file of the user's behind the link is not written over.
    real.write_text("old\n", encoding="utf-8")
    done = run_cli(*command, cwd=tmp_path)
    assert done.returncode == 2 and "would overwrite a file this tool did not write" in (
        done.stderr)
    assert real.read_text(encoding="utf-8") == "old\n"
