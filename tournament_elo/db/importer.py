"""``db import``: event files into the database, read in parallel processes.

A file is known by its absolute path and the sha256 of its bytes:

- the same path with the same bytes is skipped (importing twice changes nothing);
- the same bytes under another path are skipped as a copy of the first;
- the same path with other bytes replaces its event, and every rating period from
  the earlier of its old and new dates is marked for recomputation;
- bytes another import (another process) stored since this one looked are counted
  apart: that import put them in.

An event is also known by who it is (its FIDE event id, else its name, place and first
day): a file of an event already there with the same players is a newer version of it
(more rounds, or a correction) and replaces it wherever the older file lives, or, with
fewer complete rounds than the one there, an older version that is not imported.  A file
that looks like another event but whose players differ is imported apart and reported.
An event with fewer complete rounds than announced is in progress: it waits outside the
lists (:mod:`.recompute`) until a complete version comes.

Each file is written whole or not at all (a savepoint), and the files are committed
together about every :data:`COMMIT_SECONDS`: a bad file (reported with its place) is
skipped and the others go in; a crash loses at most the files of the last moment,
which running the import again adds.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import os
import signal
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import astuple, dataclass, field
from datetime import date
from itertools import chain, islice
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..errors import InputError, Place, TournamentEloError
from ..i18n.message import message
from ..i18n.messages import say
from ..model import Event
from ..read.detect import read_event
from ..read.formats import where_dates_are
from ..read.headers import fold_name
from ..read.sheet_files import companion_files, input_files
from ..read.text import Source, read_bytes
from .changes import record, timestamp
from .differences import Version, differences, stored_version
from .events import PackedEvent, compressed_file, event_identity, fill_identities, pack_event
from .schema import DEFERRABLE_INDEXES, GAME_ROW
from .store import Database, insert_columns, invalidate, iso_day

logger = logging.getLogger(__name__)

#: File names a folder import picks up (a named file is always tried).
EVENT_SUFFIXES = frozenset({".trf", ".txt", ".csv", ".xlsx", ".xls", ".pgn", ".html", ".htm"})
#: Imported events are committed together about this often (a commit per small file
#: would cost more than the file's rows); each still goes in or fails on its own.
COMMIT_SECONDS = 0.5
#: Below this many files, parsing in this process beats starting workers.
_PARALLEL_FROM = 8
#: Files a worker reads per task, and tasks sent ahead per worker: enough to keep the
#: workers busy while this process stores, few enough that memory does not grow with
#: the number of files.
BATCH = 16
AHEAD = 4
#: SQLite's page cache while importing (its default is 2 MiB): each event adds rows to
#: the index of event players by player, all over it, and a small cache reads its pages
#: back from the log again and again (60 rows: 0.41 ms with 2 MiB, 0.26-0.28 with 32).
IMPORT_CACHE_KIB = 32 << 10
#: An import of at least this many new files, and at least a :data:`DEFER_SHARE` of the
#: events the database holds, drops the :data:`~.schema.DEFERRABLE_INDEXES` while it
#: stores and makes them again at its end: each event's players go all over the index of
#: event players by player (a third of the storing process's time per event, more as the
#: index outgrows the page cache), and sorting every event's rows at once costs about a
#: thirteenth of keeping the index for as many new events.  Another process's queries by
#: player scan meanwhile.
DEFER_INDEXES_FROM = 200
DEFER_SHARE = 10
#: While events are stored, the objects made in the last few seconds are collected
#: this often (:func:`_young_collections`).
_COLLECT_SECONDS = 5.0
#: A worker looks this often whether the importing process is still there.
_WATCH_SECONDS = 1.0


@dataclass(frozen=True)
class Replacement:
    """A file that replaced what the database held of its event."""

    path: str
    version: int  # of its event, now
    #: The files of the event's older versions it replaced, other than its own path.
    older: tuple[str, ...] = ()
    changed: bool = False  # its own path held an earlier import, which it replaced

    def note(self) -> str:
        """What it replaced, in a line (English: said in the user's language)."""
        if self.older:
            older = ", ".join(self.older)
            if self.changed:
                return message("{} changed: it is version {} of the event in {}, and replaces "
                               "the event imported from it before", self.path, self.version,
                               older)
            return message("{} is version {} of the event in {}", self.path, self.version,
                           older)
        if self.version > 1:
            return message("{} changed: it is version {} of its event", self.path,
                           self.version)
        return message("{} changed: its event replaces the one imported from it before",
                       self.path)


@dataclass
class ImportReport:
    """What an import did, file by file: each file is in one of ``imported``,
    ``replaced``, ``unchanged``, ``meanwhile``, ``copies``, ``failed`` and ``older``."""

    imported: list[str] = field(default_factory=list)
    #: A newer version of an event imported before (under any file name), or a changed file.
    replaced: list[Replacement] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    meanwhile: list[str] = field(default_factory=list)  # imported by another process
    copies: list[tuple[str, str]] = field(default_factory=list)  # (file, the one it copies)
    #: (file, the error; its text when a worker met a bug): said in the user's language.
    failed: list[tuple[str, TournamentEloError | str]] = field(default_factory=list)
    #: (file, the file of the event's newer version, kept): not imported.
    older: list[tuple[str, str]] = field(default_factory=list)
    #: (file, a file of another event with the same name, place and start).
    look_alikes: list[tuple[str, str]] = field(default_factory=list)
    #: (file, complete rounds, rounds announced): imported or replaced, in progress, not
    #: in the lists yet.
    in_progress: list[tuple[str, int, int]] = field(default_factory=list)
    games: int = 0

    def summary(self, lang: str = "en") -> str:
        """How many files went where, in ``lang``: each file counted once; those in
        progress among the imported and the replaced are said beside them."""
        unfinished = {path for path, _, _ in self.in_progress}

        def in_progress(files: list[str]) -> str:
            among = sum(path in unfinished for path in files)
            return " " + say(message("({} in progress)", among), lang) if among else ""

        replaced = [r.path for r in self.replaced]
        parts = [say(message("{} imported", len(self.imported)), lang)
                 + in_progress(self.imported),
                 say(message("{} replaced", len(replaced)), lang) + in_progress(replaced),
                 say(message("{} unchanged", len(self.unchanged)), lang)]
        if self.older:
            parts.append(say(message("{} older versions skipped", len(self.older)), lang))
        if self.meanwhile:
            parts.append(say(message("{} already imported by another process",
                                     len(self.meanwhile)), lang))
        if self.copies:
            parts.append(say(message("{} copies of imported files skipped", len(self.copies)),
                             lang))
        parts.append(say(message("{} failed", len(self.failed)), lang))
        return ", ".join(parts) + "; " + say(message("{} games", self.games), lang)


def event_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and the event files under the folders named (recursively,
    sorted; a CSV that is another's players or event sheet goes with it)."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            # Sorted as paths sort: by their parts below the folder.
            inside = sorted(_event_files_below(str(path), ()))
            # No link to a folder is followed: below the folder, only a file itself can
            # be a link (resolving each path whole costs a look at every part).
            root = path.resolve()
            files = [root.joinpath(*parts) for parts, _ in inside]
            # A games sheet's players and event sheets are part of its event, not events.
            # (Each file's suffix from its name, and none looked up when there is no CSV:
            # a path's suffix and hash cost as much as making it.)
            companions = {c for p, (parts, _) in zip(files, inside, strict=True)
                          if parts[-1][-4:].lower() == ".csv"
                          for c in astuple(companion_files(p)) if c is not None}
            found.extend(p.resolve() if link else p
                         for p, (_, link) in zip(files, inside, strict=True)
                         if not companions or p not in companions)
        elif path.exists():  # a device or a pipe among them is refused as it is read
            found.append(path.resolve())
        else:
            raise InputError("no such file or folder", Place(str(path)))
    return found


def _event_files_below(folder: str, parts: tuple[str, ...]
                       ) -> Iterator[tuple[tuple[str, ...], bool]]:
    """The event files below ``folder`` (``parts`` below the folder named), each as its
    parts and whether it is a link; hidden files and folders are left out, and no link to
    a folder is followed.  One ``scandir`` per folder: ``Path.rglob`` cost a tenth of a
    second per 5,000 files, before any was read."""
    try:
        entries = list(os.scandir(folder))
    except PermissionError:  # as rglob: a folder this user cannot list is passed over
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            yield from _event_files_below(entry.path, (*parts, entry.name))
        elif os.path.splitext(entry.name)[1].lower() in EVENT_SUFFIXES and entry.is_file():
            yield (*parts, entry.name), entry.is_symlink()


class _Parsed(NamedTuple):  # sent back by a worker: a named tuple pickles fast
    path: str
    digest: str
    event: PackedEvent | None
    error: TournamentEloError | str | None  # sent whole, to be said in the user's language
    source: bytes = b""  # the file, compressed (events.compressed_file)
    companions: tuple[tuple[str, str], ...] = ()  # (path, sha256): the sheets read with it


#: One file to read: its path, the sha256 of its bytes, the bytes (None: read them where
#: the job runs, a Dask worker on a shared file system), the input format and encoding.
Job = tuple[str, str, bytes | None, str | None, str | None]
#: The most file bytes an import keeps for its readers: beyond it (a very large import),
#: a file is read again where it is parsed, so memory stays bounded.
KEEP_BYTES = 256 << 20


def _parse(job: Job) -> _Parsed:
    """Read one file (in a worker process); errors come back, never raised."""
    path, digest, data, input_format, encoding = job
    try:
        source = Source(path, data if data is not None else _read_again(path, digest))
        event = pack_event(read_event(source, input_format, encoding))
        return _Parsed(path, digest, event, None, compressed_file(source.data),
                       _companions(path))
    except TournamentEloError as error:
        return _Parsed(path, digest, None, error)
    except Exception as error:  # a bug: reported against the file, the import goes on
        return _Parsed(path, digest, None, f"{path}: internal error: {error!r}")


def _companions(path: str) -> tuple[tuple[str, str], ...]:
    """The players and event sheets a games CSV file is read with, each with the sha256
    of its bytes (the change log records them)."""
    if not path.lower().endswith(".csv"):
        return ()
    return tuple((str(sheet), hashlib.sha256(read_bytes(sheet)).hexdigest())
                 for sheet in input_files(path)[1:])


def _read_again(path: str, digest: str) -> bytes:
    """The file's bytes read where it is parsed: the same as the importing process hashed
    (it may have been written since)."""
    data = read_bytes(path)
    if hashlib.sha256(data).hexdigest() != digest:
        raise InputError("the file changed while it was imported", Place(path),
                         expected="the same bytes as when the import began: import it again")
    return data


def import_events(
    db: Database,
    paths: Iterable[str | Path],
    system: str = "fide",
    pool: str = "main",
    input_format: str | None = None,
    encoding: str | None = None,
    workers: int | None = None,
    advance: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
    client: Any = None,
    on: date | None = None,
) -> ImportReport:
    """Import event files (see the module docstring); ``total(n)`` and ``advance(k)``
    report progress in files.  With a Dask ``client`` its workers read the files.
    ``on`` dates the events whose files give no date."""
    began = time.perf_counter()
    files = event_files(paths)
    logger.info("%s event files found", f"{len(files):,}")
    if total:
        total(len(files))
    report = ImportReport()
    if db.query("SELECT 1 FROM events WHERE identity IS NULL LIMIT 1"):
        with db.transaction():
            fill_identities(db)
    known = dict(db.query("SELECT path, content_hash FROM events"))
    by_hash = {digest: path for path, digest in known.items()}
    # A file a newer version replaced: its event's current file.
    replaced_by = {(path, digest): current for path, digest, current in db.query(
        "SELECT s.path, s.content_hash, coalesce(e.path, '') FROM superseded s"
        " LEFT JOIN events e ON e.identity = s.identity AND e.pool_id = s.pool_id")}
    jobs = _jobs(files, report, known, by_hash, replaced_by, input_format, encoding,
                 client is None, advance)
    # A few files are read here; more go to the workers, read as they are stored.
    first = list(islice(jobs, _PARALLEL_FROM))
    if not first:
        return report
    with db.transaction():
        pool_id = db.pool_id(pool, create=True)
    fresh = sum(str(path) not in known for path in files)
    defer = fresh >= DEFER_INDEXES_FROM and DEFER_SHARE * fresh >= len(known)
    # The indexes are made again outside the larger page cache: SQLite sorts in runs of
    # the cache's size, and runs of its default 2 MiB sort within the processor's caches
    # (runs of 32 MiB took more than twice as long).
    with _indexes_deferred(db, defer), db.page_cache(IMPORT_CACHE_KIB), \
            _foreign_keys_unchecked(db), db.savepoints_in_memory(), \
            db.batched(COMMIT_SECONDS) as checkpoint, \
            _young_collections() as collect:
        for parsed in _parsed(first, jobs, workers, client):
            _store_parsed(db, parsed, system, pool_id, report, on)
            checkpoint()
            collect()
            if advance:
                advance(1)
    logger.info("the import of %s files took %.2f s", f"{len(files):,}",
                time.perf_counter() - began)
    return report


@contextmanager
def _foreign_keys_unchecked(db: Database) -> Iterator[None]:
    """SQLite's foreign key checks off while events are stored, then as they were: every
    id an event's rows refer to was just written or looked up in the same transaction
    (:meth:`~.store.Database.player_ids_of` reads the players again once another process
    has changed them), so each row's two lookups (its event, its player) could find
    nothing wrong, and they were a fifth of the storing.  :func:`delete_event` removes
    what a cascade would."""
    before = int(db.query("PRAGMA foreign_keys")[0][0])
    db.conn.execute("PRAGMA foreign_keys = OFF")  # (inside a transaction: left as it is)
    try:
        yield
    finally:
        db.conn.execute(f"PRAGMA foreign_keys = {before}")


#: What refers to an event, deleted with it (``ON DELETE CASCADE`` but without relying
#: on SQLite's foreign key checks being on).
_EVENT_ROWS = ("event_results", "games", "event_players")


def delete_event(conn: sqlite3.Connection, event_id: int) -> None:
    """Delete an event and every row that refers to it."""
    for table in _EVENT_ROWS:
        conn.execute(f"DELETE FROM {table} WHERE event_id = ?", (event_id,))
    conn.execute("DELETE FROM events WHERE id = ?", (event_id,))


@contextmanager
def _indexes_deferred(db: Database, defer: bool) -> Iterator[None]:
    """The deferrable indexes dropped (if ``defer``) and made again at the end, whatever
    ends it; killed meanwhile, the next opening to write makes them."""
    if defer:
        logger.debug("the indexes by player left out while the events are stored")
        with db.transaction():
            for name in DEFERRABLE_INDEXES:
                db.conn.execute(f"DROP INDEX IF EXISTS {name}")
    try:
        yield
    finally:
        if defer:
            began = time.perf_counter()
            db.restore_indexes()
            logger.debug("the indexes by player made again in %.2f s",
                         time.perf_counter() - began)


@contextmanager
def _young_collections() -> Iterator[Callable[[], None]]:
    """Python's collector, while events are stored, only for the objects made in the
    last few seconds (a failed file's traceback is the garbage cycle here): its full
    collections would walk every known player's record again and again (about a tenth
    of a millisecond per event).  Call the function yielded after each event."""
    if not gc.isenabled():
        yield lambda: None
        return
    gc.disable()
    last = time.monotonic()

    def collect() -> None:
        nonlocal last
        if time.monotonic() - last >= _COLLECT_SECONDS:
            gc.collect(1)
            last = time.monotonic()

    try:
        yield collect
    finally:
        gc.enable()


def _jobs(files: list[Path], report: ImportReport, known: dict[str, str],
          by_hash: dict[str, str], replaced_by: dict[tuple[str, str], str],
          input_format: str | None, encoding: str | None, send_bytes: bool,
          advance: Callable[[int], None] | None) -> Iterator[Job]:
    """The files to read, each read and hashed here once, lazily (as the workers take
    them); the unchanged, the older versions and the copies go to the report instead."""
    kept = 0
    for path in files:
        try:
            data = read_bytes(path)
        except InputError as error:
            report.failed.append((str(path), error))
            continue
        digest = hashlib.sha256(data).hexdigest()
        if known.get(str(path)) == digest:
            logger.debug("%s: unchanged since it was imported, skipped", path)
            report.unchanged.append(str(path))
            if advance:
                advance(1)
        elif (str(path), digest) in replaced_by:
            report.older.append((str(path), replaced_by[str(path), digest]))
            if advance:
                advance(1)
        elif digest in by_hash:
            report.copies.append((str(path), by_hash[digest]))
            if advance:
                advance(1)
        else:
            by_hash[digest] = str(path)
            # Its bytes are kept for this process's own reading; a worker reads the file
            # again, and a Dask worker from the shared file system (both check its hash).
            keep = send_bytes and kept + len(data) <= KEEP_BYTES
            kept += len(data) if keep else 0
            yield str(path), digest, data if keep else None, input_format, encoding


def _store_parsed(db: Database, parsed: _Parsed, system: str, pool_id: int,
                  report: ImportReport, on: date | None) -> None:
    if parsed.event is None:
        report.failed.append((parsed.path, parsed.error or ""))
        return
    try:
        stored = store_packed(db, parsed.event, parsed.path, parsed.digest, parsed.source,
                              system, pool_id, on, parsed.companions)
    except TournamentEloError as error:
        report.failed.append((parsed.path, error))
        return
    if stored.already == parsed.path:
        report.meanwhile.append(parsed.path)
    elif stored.already is not None:
        report.copies.append((parsed.path, stored.already))
    elif stored.older_than is not None:
        report.older.append((parsed.path, stored.older_than))
    else:
        if stored.replaced or stored.versions:
            report.replaced.append(Replacement(parsed.path, stored.version, stored.versions,
                                               stored.replaced))
        else:
            report.imported.append(parsed.path)
        report.look_alikes += [(parsed.path, other) for other in stored.look_alikes]
        if stored.complete_rounds < stored.rounds:
            report.in_progress.append((parsed.path, stored.complete_rounds, stored.rounds))
        report.games += parsed.event.games


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back within the block and raised at its end: a process pool
    interrupted between making its manager thread and starting it cannot be shut down
    (``RuntimeError: cannot join thread before it is started``), which would replace the
    interrupt and leave its workers to end on their own.  The handler is swapped rather
    than the signal masked: a mask holds only this thread's signals, and the kernel hands
    a process's SIGINT to any thread that does not mask it.  Only the main thread has
    Python's signal handlers; elsewhere Ctrl-C never arrives as an exception."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        if caught:
            signal.raise_signal(signal.SIGINT)


def _worker_start(importer: int) -> None:
    """A worker's start (the pool's initializer).  Ctrl-C is the importing process's to
    handle: it ends its workers.  The collector on, for what the worker makes: what it
    was forked with (this process's objects, collector off) is left alone
    (``gc.freeze``), so its collections neither walk it nor copy its pages.  And a watch
    on the importing process: killed (``kill -9``), it cannot tell its workers, which
    would wait for work for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    gc.enable()
    threading.Thread(target=_exit_without, args=(importer, os.getppid()),
                     daemon=True).start()


def _exit_without(importer: int, parent: int) -> None:
    """End this worker once the importer is gone: its parent (the importer, or the
    server that forks workers for it) has changed, or the importer's id is free (it was
    killed before this worker looked)."""
    while os.getppid() == parent and _exists(importer):
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _exists(pid: int) -> bool:
    """Whether ``pid`` is a live process.  A killed process its parent has not waited for
    yet (a zombie) is not: its parent may itself be waiting for this worker to close the
    output it inherited, and a worker that started after the kill has init for parent,
    which never changes."""
    try:
        os.kill(pid, 0)  # no signal: only whether there is such a process
    except ProcessLookupError:
        return False
    except PermissionError:  # there is, another user's
        return True
    try:  # Linux's process table: the state follows the name, which is in parentheses
        state = Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0]
    except (OSError, IndexError):  # no /proc (not Linux), or gone meanwhile
        return True
    return state != b"Z"


def _parse_many(jobs: list[Job]) -> list[_Parsed]:
    """A worker's batch, its collector off meanwhile and then run on the young objects
    only: reading makes thousands of objects per file and no garbage cycles but a failed
    file's traceback (a few hundredths of a millisecond per file)."""
    gc.disable()
    try:
        return [_parse(job) for job in jobs]
    finally:
        gc.enable()
        gc.collect(0)


def _parsed(first: list[Job], more: Iterator[Job], workers: int | None,
            client: Any) -> Iterator[_Parsed]:
    """Every job's :class:`_Parsed`, in order.  ``workers`` processes read (default: one
    per core), this one among them: a process pool takes the jobs in batches, a few
    batches ahead per worker, and when the oldest batch out is not ready this process
    reads the next one itself rather than wait (more processes than cores would only
    share them, each slower).  No more files are read (and parsed events wait) than a few
    batches, whatever the import's size.  A worker that dies breaks the pool: its
    batches, and those after, are read here."""
    if client is not None:
        from .distributed import results_as_completed

        logger.debug("the files read by the Dask cluster's workers")
        yield from results_as_completed(client, _parse, [*first, *more])
        return
    others = (workers or os.cpu_count() or 1) - 1
    jobs = chain(first, more)
    batches = iter(lambda: list(islice(jobs, BATCH)), [])
    if len(first) < _PARALLEL_FROM or others < 1:
        logger.debug("the files read in this process")
        # A batch read, then stored, as the workers' are: reading and storing each find
        # more of their own data still in the processor's caches than file by file.
        for batch in batches:
            yield from [_parse(job) for job in batch]
        return
    from concurrent.futures import Future, ProcessPoolExecutor  # (only a large import's)
    from concurrent.futures.process import BrokenProcessPool

    logger.debug("the files read by %s worker processes and this one", others)
    most = (others + 1) * AHEAD  # batches out or read here, not yet stored
    readers = ProcessPoolExecutor(others, initializer=_worker_start, initargs=(os.getpid(),))

    def send(batch: list[Job]) -> tuple[Future[list[_Parsed]] | None, list[Job]]:
        """The batch out to the pool (its files' bytes left out: a worker reads them
        again, from the system's cache, rather than wait for them to come through a
        pipe); no future once the pool is broken: the batch is read here in its turn."""
        try:
            return readers.submit(_parse_many, [(path, digest, None, input_format, encoding)
                                                for path, digest, _, input_format, encoding
                                                in batch]), batch
        except BrokenProcessPool:
            return None, batch

    def received(future: Future[list[_Parsed]] | None, batch: list[Job]) -> list[_Parsed]:
        """The batch's results: read here if a worker has died (killed, out of memory)."""
        if future is not None:
            try:
                return future.result()
            except BrokenProcessPool:
                pass
        return [_parse(job) for job in batch]

    try:
        # A batch out to the pool (its future, the batch), or read here.  The first
        # starts the pool's workers and its manager thread, as a whole.
        with _ctrl_c_held():
            ahead: deque[tuple[Future[list[_Parsed]] | None, list[Job]] | list[_Parsed]] = \
                deque(send(batch) for batch in islice(batches, others * AHEAD))
        while ahead:
            head = ahead[0]
            if isinstance(head, tuple) and head[0] is not None and not head[0].done() \
                    and len(ahead) < most:
                here = next(batches, None)
                if here is not None:  # the workers are behind: this process reads
                    ahead.append([_parse(job) for job in here])
                    continue
            ahead.popleft()
            if isinstance(head, list):
                yield from head
                continue
            ahead.extend(send(batch) for batch in islice(batches, 1))  # as many out
            yield from received(*head)
    finally:
        # At the end, and on Ctrl-C or a failure of the storing: the batches not begun
        # are dropped, those being read are waited for (a few hundredths of a second).
        readers.shutdown(cancel_futures=True)


@dataclass(frozen=True)
class Stored:
    """What storing one file did."""

    replaced: bool = False  # it replaced the path's older version
    #: Nothing: another import stored the same bytes since this one looked, at this path
    #: or at another (a copy).
    already: str | None = None
    #: Nothing: the database holds a newer version of the event (from this file).
    older_than: str | None = None
    #: The files of the event's older versions it replaced, other than its own path.
    versions: tuple[str, ...] = ()
    version: int = 1
    #: Events that look like this one (name, place, start) but whose players differ.
    look_alikes: tuple[str, ...] = ()
    complete_rounds: int = 0
    rounds: int = 0


def _people(names: list[str], fide_ids: list[str | None]) -> set[str]:
    """Who played, to tell a version of an event from another event that looks like it."""
    return {f"fide:{f}" if f else " ".join(sorted(fold_name(n).split()))
            for n, f in zip(names, fide_ids, strict=True)}


def _same_people(ours: set[str], theirs: set[str]) -> bool:
    """Versions of one event share most of their players (late entries and withdrawals
    aside): half of the smaller field at least."""
    return 2 * len(ours & theirs) >= min(len(ours), len(theirs))


def store_event(db: Database, event: Event, path: str, digest: str, source: bytes,
                system: str, pool_id: int, on: date | None = None) -> Stored:
    """Write one event (read from the file at ``path``, kept as ``source``: see
    :func:`~.events.compressed_file`) in one transaction, unless its bytes are there
    already.

    An event already stored under the same identity (:func:`~.events.identity_of`) with
    the same players is an earlier version: the file replaces it, unless the stored one
    has more complete rounds (then this file is the older version and is not imported).
    ``on`` is the event's date where its file gives none."""
    return store_packed(db, pack_event(event), path, digest, source, system, pool_id, on)


def store_packed(db: Database, event: PackedEvent, path: str, digest: str, source: bytes,
                 system: str, pool_id: int, on: date | None = None,
                 companions: Sequence[tuple[str, str]] = ()) -> Stored:
    """:func:`store_event` of an event packed where its file was read (with the sheets
    ``companions``: path and sha256 each)."""
    end = event.end or event.start or on
    if end is None:
        raise InputError("the event has no date: it cannot be placed in a rating period",
                         Place(path), expected=where_dates_are(event.source_format))
    identity = event_identity(event.fide_event_id, event.name, event.city,
                              event.start or event.end or on)
    done = event.complete_rounds
    now = timestamp()
    with db.transaction() as conn:
        # This path's own row first, picked here: an ORDER BY, even of no row, made SQLite
        # open a temporary table, 36 of the lookup's 41 µs inside an import's transaction.
        same = [row[0] for row in conn.execute(
            "SELECT path FROM events WHERE content_hash = ?", (digest,))]
        if same:
            return Stored(already=path if path in same else same[0])
        old = conn.execute("SELECT id, end, pool_id, identity, version FROM events"
                           " WHERE path = ?", (path,)).fetchone()
        versions, look_alikes = [], []
        others = conn.execute(
            "SELECT id, path, end, version, complete_rounds, rounds FROM events"
            " WHERE pool_id = ? AND identity = ? AND path <> ?",
            (pool_id, identity, path)).fetchall()
        ours = _people(*event.people()) if others else set()
        for other in others:
            named = conn.execute("SELECT p.name, q.fide_id FROM event_players p JOIN players q"
                                 " ON q.id = p.player_id WHERE p.event_id = ?",
                                 (other[0],)).fetchall()
            if not _same_people(ours, _people(*map(list, zip(*named, strict=True)))
                                if named else set()):
                look_alikes.append(other[1])
            elif (other[4] or 0) > done:
                if conn.execute("INSERT OR IGNORE INTO superseded VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                (path, digest, pool_id, identity, 0, done, event.rounds, now)
                                ).rowcount:
                    record(conn, db.author, "older", now, pool_id=pool_id, event_id=other[0],
                           identity=identity, version=other[3], path=path, content_hash=digest,
                           details={"name": event.name, "rounds": [done, event.rounds],
                                    "kept": [other[1], other[3], other[4], other[5]]})
                return Stored(older_than=other[1], complete_rounds=done, rounds=event.rounds)
            else:
                versions.append(other)
        replaced = [old] if old else []
        version = 1 + max([o[3] for o in versions] +
                          [old[4] for old in replaced if old[3] == identity], default=0)
        gone = [(o[0], o[2], pool_id) for o in versions] + [(o[0], o[1], o[2]) for o in replaced]
        # What the newer version changes is told against the latest older one (this path's
        # event, where it is another one, only if there is no other).
        latest = max([(o[3], o[0]) for o in versions] +
                     [(o[4] if o[3] == identity else 0, o[0]) for o in replaced], default=None)
        before = stored_version(conn, latest[1]) if latest else None
        files = [conn.execute("SELECT path, content_hash, version FROM events WHERE id = ?",
                              (gone_id,)).fetchone() for gone_id, _, _ in gone]
        for gone_id, gone_end, gone_pool in gone:
            conn.execute(
                "INSERT OR REPLACE INTO superseded SELECT path, content_hash, pool_id,"
                " coalesce(identity, ''), version, coalesce(complete_rounds, rounds), rounds, ?"
                " FROM events WHERE id = ?", (now, gone_id))
            delete_event(conn, gone_id)
            invalidate(db, gone_pool, date.fromisoformat(gone_end))
        event_id = conn.execute(
            "INSERT INTO events (path, content_hash, pool_id, system, name, start, end, type,"
            " rounds, format, settings, game_pools, details, source, imported_at, identity,"
            " version, complete_rounds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (path, digest, pool_id, system, event.name,
             iso_day(event.start), iso_day(end),
             event.type, event.rounds, event.source_format, event.settings, event.pools,
             event.details, source, now, identity, version, done),
        ).lastrowid
        ids = db.player_ids_of(event.players)
        player_id = ids.tolist()
        entries, told = event.entries, event.players
        insert_columns(conn, "INSERT INTO event_players (event_id, idx, player_id, start_no,"
                       " name, rating, title, federation, fixed_rating) VALUES", (
                           [event_id] * len(entries.idx), entries.idx,
                           [player_id[idx] for idx in entries.idx], entries.start_no,
                           told.names, entries.rating, told.values[3], told.values[1],
                           entries.fixed_rating))
        conn.execute("INSERT INTO games (event_id, count, player_ids, ratings, rows,"
                     " exact_ratings) VALUES (?, ?, ?, ?, ?, ?)",
                     (event_id, event.pairing_count, ids.tobytes(), event.ratings, event.rows,
                      event.exact_ratings))
        invalidate(db, pool_id, end)
        details = {"name": event.name, "players": len(entries.idx), "games": event.games,
                   "rounds": [done, event.rounds]}
        if companions:
            details["with"] = [list(sheet) for sheet in companions]
        if look_alikes:
            details["look_alikes"] = look_alikes
        if before is not None:
            found = differences(before, Version(player_id, told.names,
                                                np.frombuffer(event.rows, dtype=GAME_ROW), done,
                                                event.rounds))
            details.update(replaced=[list(f) for f in files], same_file=old is not None,
                           differences=found)
            if "players_removed" in found:
                details["concerns"] = [pid for pid, _ in found["players_removed"]]
        record(conn, db.author, "import" if before is None else "replace", now, pool_id=pool_id,
               event_id=event_id, identity=identity, version=version, path=path,
               content_hash=digest, details=details)
    return Stored(replaced=old is not None, versions=tuple(o[1] for o in versions),
                  version=version, look_alikes=tuple(look_alikes), complete_rounds=done,
                  rounds=event.rounds)

