"""A large ``db import`` reads its files as the workers take them, a few batches ahead of
the storing (so its memory does not grow with the number of files), and leaves the
process and the connection as it found them."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from processes import orphans_adopted, wait_for

from helpers import DATA
from tournament_elo.db import importer
from tournament_elo.db.store import Database

#: 16 players, 5 rounds: 80 player-rounds, 8 of them without an opponent: 36 games.
SWISS = DATA / "held_c07_swiss5.trf"


def events(folder: Path, count: int) -> Path:
    """``count`` files of the exercise, each a different event (its name)."""
    folder.mkdir()
    text = SWISS.read_text(encoding="utf-8")
    for k in range(count):
        (folder / f"event_{k:02d}.trf").write_text(
            text.replace("012 FIDE C.07 2023 Tie-Break Exercises", f"012 Open {k}"),
            encoding="utf-8")
    return folder


def test_files_are_read_a_few_batches_ahead_of_the_storing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes read (``workers=2``): one worker, and this one when the worker's
    next batch is not ready.  Two files a batch, one batch out to the worker
    (``AHEAD``) and at most one read here waiting to be stored.  The first 8 files are
    read to choose between workers and this process (``_PARALLEL_FROM``); after that,
    whenever an event is stored, at most the files of the batch it came in and of the
    two batches ahead of it have been read, and every file is read once, in file order,
    and stored in that order."""
    monkeypatch.setattr(importer, "BATCH", 2)
    monkeypatch.setattr(importer, "AHEAD", 1)
    real_read = importer.read_bytes
    read: list[str] = []

    def counting(path: Path) -> bytes:
        read.append(Path(path).name)
        return real_read(path)

    monkeypatch.setattr(importer, "read_bytes", counting)
    read_when_stored: list[int] = []
    folder = events(tmp_path / "events", 20)
    with Database(tmp_path / "ratings.db") as db:
        report = importer.import_events(db, [folder], workers=2,
                                        advance=lambda n: read_when_stored.append(len(read)))
        stored = db.query("SELECT count(*), count(DISTINCT identity) FROM events")[0]
    for k, count in enumerate(read_when_stored):  # the k-th event, of batch k // 2
        assert count <= max(8, 2 * (k // 2 + 3)), (k, read_when_stored)
    assert read_when_stored == sorted(read_when_stored)
    assert read == [f"event_{k:02d}.trf" for k in range(20)]  # each once here, in order
    assert report.imported == [str(folder / f"event_{k:02d}.trf") for k in range(20)]
    assert (stored, report.failed, report.games) == ((20, 20), [], 20 * 36)


_PARSE_MANY = importer._parse_many


def _slow_parse_many(jobs: list[importer.Job]) -> list[importer._Parsed]:
    """A worker's batch, a tenth of a second late (sent to the worker by name)."""
    time.sleep(0.1)
    return _PARSE_MANY(jobs)


def test_this_process_reads_when_the_workers_are_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker slow to send its batches (a tenth of a second each, here): this process
    reads the batches after them meanwhile rather than wait, and every event is still
    stored once, in file order.  The worker reads the first batch at least (it is sent
    before anything is stored); this process at least one (it waits a tenth of a second
    for that first batch, and reads two files in far less)."""
    monkeypatch.setattr(importer, "BATCH", 2)
    monkeypatch.setattr(importer, "AHEAD", 1)
    monkeypatch.setattr(importer, "_parse_many", _slow_parse_many)
    real_parse = importer._parse
    here: list[str] = []

    def parse_here(job: importer.Job) -> importer._Parsed:
        if os.getpid() == main:
            here.append(Path(job[0]).name)
        return real_parse(job)

    main = os.getpid()
    monkeypatch.setattr(importer, "_parse", parse_here)
    folder = events(tmp_path / "events", 20)
    with Database(tmp_path / "ratings.db") as db:
        report = importer.import_events(db, [folder], workers=2)
    assert report.imported == [str(folder / f"event_{k:02d}.trf") for k in range(20)]
    assert 2 <= len(here) <= 18, here
    assert "event_00.trf" not in here and "event_01.trf" not in here


def _dying_parse_many(marks: Path, jobs: list[importer.Job]) -> list[importer._Parsed]:
    """A worker's first batch; at its second, the worker dies (as the system's memory
    killer would end it), writing nothing but a mark in ``marks``."""
    if (marks / "first").exists():
        (marks / "died").write_text(" ".join(Path(job[0]).name for job in jobs))
        os._exit(9)
    (marks / "first").write_text("")
    return _PARSE_MANY(jobs)


def test_the_files_of_a_worker_that_dies_are_read_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker gone in the middle of an import (killed, out of memory): this process
    reads the batch it died on, and those after, and every event is stored once, in
    file order."""
    monkeypatch.setattr(importer, "BATCH", 2)
    monkeypatch.setattr(importer, "AHEAD", 1)
    marks = tmp_path / "marks"
    marks.mkdir()
    monkeypatch.setattr(importer, "_parse_many", partial(_dying_parse_many, marks))
    folder = events(tmp_path / "events", 20)
    with Database(tmp_path / "ratings.db") as db:
        report = importer.import_events(db, [folder], workers=2)
        stored = db.query("SELECT count(*) FROM events")[0][0]
    assert (marks / "died").exists()  # (the batch it died on is one of the 20 below)
    assert report.imported == [str(folder / f"event_{k:02d}.trf") for k in range(20)]
    assert (stored, report.failed) == (20, [])


def test_a_file_written_while_it_is_imported_is_reported_not_stored_mixed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker reads its files again (rather than be sent their bytes): one written
    since this process hashed it fails, saying so, and is not stored under the other
    bytes' hash.  Each file here is rewritten as soon as it has been read for hashing;
    the worker reads the first batch at least, this process stores what it read itself."""
    monkeypatch.setattr(importer, "BATCH", 2)
    monkeypatch.setattr(importer, "AHEAD", 1)
    real_read = importer.read_bytes

    def read_then_rewritten(path: Path) -> bytes:
        data = real_read(path)
        if os.getpid() == main:
            Path(path).write_bytes(data.replace(b"012 Open", b"012 Rewritten Open"))
        return data

    main = os.getpid()
    monkeypatch.setattr(importer, "read_bytes", read_then_rewritten)
    folder = events(tmp_path / "events", 20)
    originals = {str(path): path.read_bytes() for path in folder.iterdir()}
    with Database(tmp_path / "ratings.db") as db:
        report = importer.import_events(db, [folder], workers=2)
        stored = dict(db.query("SELECT path, name FROM events"))
    failed = {path: str(error) for path, error in report.failed}
    assert sorted([*failed, *report.imported]) == sorted(originals)
    assert str(folder / "event_00.trf") in failed and str(folder / "event_01.trf") in failed
    for path, message in failed.items():
        assert message == (f"{path}: the file changed while it was imported, expected the "
                           "same bytes as when the import began: import it again")
    assert stored == {path: f"Open {int(path[-6:-4])}" for path in report.imported}


def test_an_import_leaves_the_collector_and_the_page_cache_as_they_were(
        tmp_path: Path) -> None:
    """The import turns Python's full collections off and SQLite's page cache up to
    32 MiB (-32768 KiB) while it stores, and back afterwards: on, and SQLite's default
    of 2,000 KiB."""
    folder = events(tmp_path / "events", 10)
    with Database(tmp_path / "ratings.db") as db:
        assert gc.isenabled()
        report = importer.import_events(db, [folder], workers=2)
        assert gc.isenabled()
        assert db.query("PRAGMA cache_size")[0][0] == -2000
    assert len(report.imported) == 10


def test_savepoints_in_memory_while_storing_the_indexes_made_with_the_default_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file is stored in a savepoint whose pages SQLite keeps in memory
    (``temp_store`` 2, MEMORY) rather than in a temporary file; afterwards the setting is
    SQLite's default again (0).  The index dropped while the events are stored (an
    import of at least DEFER_INDEXES_FROM new files, here 1) is made again once the page
    cache is back to its default of 2,000 KiB: SQLite sorts in runs of the cache's size."""
    monkeypatch.setattr(importer, "DEFER_INDEXES_FROM", 1)
    folder = events(tmp_path / "events", 10)
    seen: dict[str, list[int]] = {"temp_store": [], "cache_size": []}
    with Database(tmp_path / "ratings.db") as db:
        store, restore = importer.store_packed, db.restore_indexes

        def storing(*args: Any, **kwargs: Any) -> importer.Stored:
            seen["temp_store"].append(db.query("PRAGMA temp_store")[0][0])
            return store(*args, **kwargs)

        def restoring() -> None:
            seen["cache_size"].append(db.query("PRAGMA cache_size")[0][0])
            restore()

        monkeypatch.setattr(importer, "store_packed", storing)
        monkeypatch.setattr(db, "restore_indexes", restoring)
        report = importer.import_events(db, [folder], workers=2)
        assert db.query("PRAGMA temp_store")[0][0] == 0
        indexes = {name for (name,) in db.query(
            "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert len(report.imported) == 10
    assert seen == {"temp_store": [2] * 10, "cache_size": [-2000]}
    assert "event_players_by_player" in indexes


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its parent is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


#: The import's workers: one per core but the one the importing process reads on.
WORKERS = (os.cpu_count() or 1) - 1


def _import_with_its_workers(folder: Path, path: Path
                             ) -> tuple[subprocess.Popen[str], list[int]]:
    """``db import FOLDER`` started, once its workers are there: the process (its
    standard error a pipe) and the workers' ids."""
    if WORKERS < 1:
        pytest.skip("one core: the import reads every file in its own process")
    child = subprocess.Popen([sys.executable, "-m", "tournament_elo", "db", "import",
                              str(folder), "--db", str(path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    children = Path(f"/proc/{child.pid}/task/{child.pid}/children")
    workers: list[int] = []
    while len(workers) < WORKERS and child.poll() is None:
        time.sleep(0.02)
        workers = [int(w) for w in children.read_text().split()] if children.exists() else []
    return child, workers


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="reads Linux's process table (/proc), the same on every machine")
def test_kill_9_of_an_import_leaves_no_worker_behind(tmp_path: Path) -> None:
    """The importing process killed, its workers (waiting for files that will not come)
    see it gone and end within a few of their one-second looks: this process adopts them
    and waits for each, so the test ends when they do (it would hang, not pass, if one
    stayed)."""
    with orphans_adopted():
        child, workers = _import_with_its_workers(events(tmp_path / "events", 400),
                                                  tmp_path / "ratings.db")
        os.kill(child.pid, signal.SIGKILL)
        child.communicate()
        assert child.returncode == -signal.SIGKILL, "the import ended before the kill"
        assert len(workers) == WORKERS
        for worker in workers:
            wait_for(worker)
    assert not [w for w in workers if _running(w)]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="reads Linux's process table (/proc), the same on every machine")
def test_a_killed_importer_not_waited_for_yet_is_gone_to_its_workers() -> None:
    """A worker that starts after the importer is killed has init for parent, which never
    changes; while the importer's parent (here, this test) waits for the worker to close
    the output it inherited, the importer stays a zombie.  The worker's watch counts a
    zombie as gone, or both would wait for each other for ever."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child never returns
        os._exit(0)
    os.waitid(os.P_PID, child, os.WEXITED | os.WNOWAIT)  # ended, not reaped: a zombie
    try:
        assert not importer._exists(child)
        assert importer._exists(os.getpid())
    finally:
        os.waitpid(child, 0)
    assert not importer._exists(child)


def test_ctrl_c_while_the_workers_start_is_raised_once_they_have() -> None:
    """Ctrl-C while the import starts its pool of workers waits for the block that starts
    it to end, then interrupts as it would have (KeyboardInterrupt, once).  The kernel
    may hand a process's SIGINT to any of its threads (the suite's, the pool's): here it
    arrives in another thread, and is held all the same."""
    reached = []
    with pytest.raises(KeyboardInterrupt), importer._ctrl_c_held():
        elsewhere = threading.Thread(target=signal.raise_signal, args=(signal.SIGINT,))
        elsewhere.start()
        elsewhere.join()
        reached.append("the end of the block")
    assert reached == ["the end of the block"]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="reads Linux's process table (/proc), the same on every machine")
def test_ctrl_c_of_an_import_ends_it_and_its_workers(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the importing process) once its workers read: the import ends
    as any command interrupted (one line, exit 130), what it committed stays, and its
    workers end with it (they ignore the signal: it is the importing process's).  Enough
    files that the import is still at its start when its workers are seen."""
    path = tmp_path / "ratings.db"
    child, workers = _import_with_its_workers(events(tmp_path / "events", 2000), path)
    child.send_signal(signal.SIGINT)
    _, said = child.communicate(timeout=600)
    assert child.returncode == 130, f"the import ended before Ctrl-C, or not as interrupted: {said}"
    # (click ends the line a progress bar may have left, as for any command interrupted)
    assert [line for line in said.splitlines() if line] == ["interrupted"]
    assert len(workers) == WORKERS
    assert not [w for w in workers if _running(w)]  # ended before the import did
    with Database(path, readonly=True) as db:
        assert db.query("PRAGMA integrity_check") == [("ok",)]


def _indexed(db: Database) -> bool:
    return bool(db.query("SELECT 1 FROM sqlite_master WHERE name = 'event_players_by_player'"))


@pytest.mark.parametrize(("before", "new", "dropped"), [
    (0, 12, True),     # 12 new files, at least DEFER_INDEXES_FROM (10) and a tenth of 0
    (0, 9, False),     # fewer than 10
    (120, 12, True),   # 12 is a tenth of the 120 events already there
    (121, 12, False),  # less than a tenth of 121
])
def test_a_large_import_builds_the_index_by_player_once_at_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: int, new: int,
        dropped: bool) -> None:
    """While it stores, an import of many new files has no index of event players by
    player (each event's rows would go all over it); at its end the index is there and
    finds each player's events (SQLite's plan names it; integrity_check compares it
    with the table)."""
    monkeypatch.setattr(importer, "DEFER_INDEXES_FROM", 10)
    folder = events(tmp_path / "events", before + new)
    files = sorted(folder.iterdir())
    indexed_while_storing: list[bool] = []
    with Database(tmp_path / "ratings.db") as db:
        importer.import_events(db, files[:before], workers=1)
        importer.import_events(db, files, workers=1,
                               advance=lambda n: indexed_while_storing.append(_indexed(db)))
        plan = db.query("EXPLAIN QUERY PLAN SELECT event_id FROM event_players"
                        " WHERE player_id = 3")
        checked = db.query("PRAGMA integrity_check")
        stored = db.query("SELECT count(*) FROM event_players")[0][0]
    # The unchanged files are counted first, as they are found; the new ones as stored.
    assert indexed_while_storing == [True] * before + [not dropped] * new
    assert "USING COVERING INDEX event_players_by_player" in plan[0][3]
    assert checked == [("ok",)]
    assert stored == (before + new) * 16


def test_an_index_an_import_left_unbuilt_is_made_when_the_database_is_opened_to_write(
        tmp_path: Path) -> None:
    """An import killed while it stores leaves no index by player (``kill -9`` runs no
    clean-up): ``db check`` does not call that damage, and the next opening to write
    makes the index again."""
    path = tmp_path / "ratings.db"
    with Database(path) as db:
        importer.import_events(db, [events(tmp_path / "events", 3)], workers=1)
        db.conn.execute("DROP INDEX event_players_by_player")  # as the killed import left it
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "db", "check", "--db",
                           str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    with Database(path, readonly=True) as db:
        assert not _indexed(db)  # reading changes nothing
    with Database(path) as db:
        assert _indexed(db)
        assert db.query("PRAGMA integrity_check") == [("ok",)]


def test_the_files_of_a_folder_are_its_event_files_by_their_real_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder gives its event files below it, sorted, each by its absolute real path: a
    link to a file is known by the file it links to; hidden files and folders, other
    suffixes and links to folders are left out (``Path.rglob`` follows none)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "linked.trf").write_text("x", encoding="utf-8")
    folder = tmp_path / "events"
    (folder / "b" / "deeper").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    for name in ("a.trf", "b/c.TRF", "b/deeper/d.pgn", ".hidden/e.trf", "b/.f.trf",
                 "notes.md"):
        (folder / name).write_text("x", encoding="utf-8")
    (folder / "b" / "g.trf").symlink_to(elsewhere / "linked.trf")
    (folder / "linked-folder").symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    assert importer.event_files(["events", "elsewhere/linked.trf"]) == [
        folder / "a.trf", folder / "b" / "c.TRF", folder / "b" / "deeper" / "d.pgn",
        elsewhere / "linked.trf",  # b/g.trf, by the file it links to
        elsewhere / "linked.trf"]  # named itself
