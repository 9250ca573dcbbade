"""The database connection: opening (to write, or read-only), migrating, transactions,
the faults of the file and its disk, and the small lookups every command shares (pools,
players by identity, packed arrays)."""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..i18n.message import message
from ..model import Player
from ..rating_list import PlayerInfo
from ..read.headers import fold_name
from .author import Author, program_author
from .defaults import DEFAULT_DB, LOCK_WAIT
from .faults import code, damaged, fault, read_only, read_only_part, stuck_log
from .health import findings, quick_check
from .schema import DEFERRABLE_INDEXES, MIGRATIONS, VERSION, statements

DEFAULT_POOL = "main"
CHECKPOINT_PAGES = 10_000
#: The write lock is waited for this long (milliseconds) before saying so.
_QUIET_WAIT_MS = 200


def _null(value: None) -> None:
    """None, bound as NULL: what Python 3.11's ``sqlite3`` does anyway with a None (or
    bytes) it has no adapter for, but only after raising and dropping an AttributeError,
    its message formatted, for each one.  An import binds some 60 per event; a 60-row
    insert of 300 took 2.5-3 times as long without the adapters.  Python 3.12 raises no
    such error; and a program's own adapters are kept."""
    return value


if sys.version_info < (3, 12):
    sqlite3.adapters.setdefault((type(None), sqlite3.PrepareProtocol), _null)
    sqlite3.adapters.setdefault((bytes, sqlite3.PrepareProtocol), bytes)  # the same bytes


class Database:
    """An open rating database.  Use as a context manager, or call :meth:`close`.

    Every change goes through :meth:`transaction`: it commits as a whole or not at
    all, so a crash (even ``kill -9``) leaves the last committed state.  ``readonly``
    opens it for queries, which work on a read-only medium; opened to write, the file
    is checked first (``quick_check``), and a damaged one is refused.

    A fault of the file or its disk (full, read-only, damaged, another process holding
    the write lock for longer than ``wait`` seconds) is an :class:`InputError` naming
    the file, when opening and for whatever fails inside ``with``.  ``on_wait`` hears
    once that the write lock is being waited for.

    Every change is recorded in the change log (:mod:`.changes`) under ``author`` (by
    default the login name and the program's command line).
    """

    def __init__(self, path: str | Path = DEFAULT_DB, *, readonly: bool = False,
                 wait: float = LOCK_WAIT, on_wait: Callable[[str], None] | None = None,
                 author: Author | None = None) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self.wait = wait
        self._on_wait = on_wait
        self._author = author
        self._players: _Identities | None = None
        self._players_version = -1  # PRAGMA data_version when they were read
        self._next_id = 0
        try:
            self.conn = self._open_reading() if readonly else self._open_writing()
        except sqlite3.Error as error:
            raise fault(self.path, error, wait) or InputError(
                "not a rating database", Place(str(self.path)), found=str(error),
                expected="a SQLite file made by tournament-elo") from None
        try:
            if not readonly and (problems := quick_check(self.conn)):
                raise damaged(self.path, problems)
            self._migrate()
            if not readonly:
                self.restore_indexes()
        except BaseException as error:
            explained = self._explain(error) if isinstance(error, sqlite3.Error) else None
            self.conn.close()
            if explained is not None:
                raise explained from None
            raise

    def __enter__(self) -> Database:
        return self

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        try:
            # An InputError is the user's; anything else may be the file's doing.
            if isinstance(error, Exception) and not isinstance(error, InputError):
                explained = self._explain(error)
                if explained is not None:
                    raise explained from None
        finally:
            self.close()

    def close(self) -> None:
        self.conn.close()

    @property
    def author(self) -> Author:
        """Who the changes made through this connection are recorded under."""
        if self._author is None:
            self._author = program_author()
        return self._author

    def _explain(self, error: Exception) -> InputError | None:
        """What ``error`` says of the file, if it is the file's doing: a fault SQLite
        names, or else damage the checks find (a damaged value, read as numbers or text,
        fails wherever it is used); None: a bug."""
        corrupt = False
        if isinstance(error, sqlite3.Error):
            known = fault(self.path, error, self.wait)
            corrupt = code(error) == sqlite3.SQLITE_CORRUPT  # the checks say where
            if known is not None and not corrupt:
                return known
        problems = [problem for _, found in findings(self.conn) for problem in found]
        problems = problems or ([str(error)] if corrupt else [])
        return damaged(self.path, problems) if problems else None

    def _connect(self, uri: str, *setup: str) -> sqlite3.Connection:
        """A connection that has read the file (SQLite opens the -wal and -shm files at
        the first statement)."""
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=self.wait)
        try:
            for statement in setup:
                conn.execute(statement)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    def _open_writing(self) -> sqlite3.Connection:
        part = read_only_part(self.path)
        if part is not None:
            raise read_only(self.path, part)
        return self._connect(
            self.path.absolute().as_uri(), "PRAGMA journal_mode = WAL",
            "PRAGMA foreign_keys = ON",
            "PRAGMA synchronous = NORMAL",  # WAL: durable up to the last commit
            # Checkpoint (and sync) the log every ~40 MB rather than every 4 MB: a
            # recomputation writes tens of megabytes of figures, and each checkpoint syncs.
            f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")

    def _open_reading(self) -> sqlite3.Connection:
        """``mode=ro`` sees what other processes commit.  Where the -shm file it needs
        cannot be made (a read-only medium, a full disk), the file is read as it is
        (``immutable=1``), unless its -wal log holds commits the file lacks."""
        uri = self.path.absolute().as_uri()
        try:
            return self._connect(f"{uri}?mode=ro")
        except sqlite3.OperationalError as error:
            if code(error) not in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR,
                                   sqlite3.SQLITE_READONLY):
                raise
        log = Path(f"{self.path}-wal")
        if log.is_file() and log.stat().st_size:
            raise stuck_log(self.path)
        return self._connect(f"{uri}?mode=ro&immutable=1")

    def _migrate(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise InputError("the database was made by a newer tournament-elo",
                             Place(str(self.path)), found=message("schema version {}", version),
                             expected=message("version {} or older", VERSION))
        if version == VERSION:
            return
        if version == 0 and self.conn.execute(
                "SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise InputError("not a rating database", Place(str(self.path)),
                             found="a SQLite file with other tables",
                             expected="a database made by tournament-elo, or a new file")
        if self.readonly and not version:
            raise InputError("the database is empty", Place(str(self.path)),
                             expected="a database made by 'tournament-elo db import'")
        if self.readonly:  # a query cannot migrate it: a command that writes does
            raise InputError("the database was made by an older tournament-elo",
                             Place(str(self.path)), found=message("schema version {}", version),
                             expected=message("version {}, which 'tournament-elo db "
                                              "recompute' brings it to", VERSION))
        with self.transaction():
            for step in MIGRATIONS[version:]:
                for statement in statements(step):
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {VERSION}")

    def restore_indexes(self) -> None:
        """Make the :data:`~.schema.DEFERRABLE_INDEXES` that are missing: an import of
        many files drops them while it stores, and one killed before its end (``kill
        -9``) could not make them again."""
        present = {name for (name,) in self.query(
            "SELECT name FROM sqlite_master WHERE type = 'index'")}
        missing = [make for name, make in DEFERRABLE_INDEXES.items() if name not in present]
        if missing:
            with self.transaction():
                for statement in missing:
                    self.conn.execute(statement)

    def _begin(self) -> None:
        """``BEGIN IMMEDIATE``: the write lock, waited for up to :attr:`wait` seconds
        (saying so after a moment)."""
        self.conn.execute(f"PRAGMA busy_timeout = {_QUIET_WAIT_MS}")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if code(error) != sqlite3.SQLITE_BUSY:
                raise
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {round(self.wait * 1000)}")
        if self._on_wait is not None:
            self._on_wait(f"waiting for {self.path}: another process is writing to it")
            self._on_wait = None  # said once
        self.conn.execute("BEGIN IMMEDIATE")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; a ROLLBACK on any exception.  Inside another
        transaction it is a savepoint: its failure undoes only its own changes."""
        nested = self.conn.in_transaction
        if nested:
            self.conn.execute("SAVEPOINT inner")
        else:
            self._begin()
        try:
            yield self.conn
        except BaseException:
            self._players = None
            if self.conn.in_transaction:  # a full disk may have rolled it all back
                self.conn.execute("ROLLBACK TO inner" if nested else "ROLLBACK")
                if nested:
                    self.conn.execute("RELEASE inner")
            raise
        self.conn.execute("RELEASE inner" if nested else "COMMIT")

    @contextmanager
    def batched(self, seconds: float) -> Iterator[Callable[[], None]]:
        """Many small transactions committed together about every ``seconds``: a commit
        costs a write to the log, more than a small event's rows.  Each
        :meth:`transaction` inside is a savepoint, so one that fails undoes only itself;
        call the function yielded after each, and everything is committed at the end."""
        started = time.monotonic()

        def checkpoint() -> None:
            nonlocal started
            if self.conn.in_transaction and time.monotonic() - started >= seconds:
                self.conn.execute("COMMIT")
            if not self.conn.in_transaction:
                self._begin()
                started = time.monotonic()

        checkpoint()
        try:
            yield checkpoint
        finally:
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

    @contextmanager
    def page_cache(self, kib: int) -> Iterator[None]:
        """SQLite's page cache of the connection at least ``kib`` KiB meanwhile, then as
        it was."""
        before = int(self.query("PRAGMA cache_size")[0][0])
        # Negative: KiB; positive: pages.  Only ever raised here.
        if before < 0 and -before >= kib:
            yield
            return
        self.conn.execute(f"PRAGMA cache_size = -{kib}")
        try:
            yield
        finally:
            self.conn.execute(f"PRAGMA cache_size = {before}")

    @contextmanager
    def savepoints_in_memory(self) -> Iterator[None]:
        """The pages a savepoint changes kept in memory meanwhile (``temp_store =
        MEMORY``), then as it was; called outside a transaction.  SQLite copies each page
        a savepoint is about to change into a sub-journal, to roll the savepoint back: a
        temporary file by default, written with two system calls per page (an import's
        savepoint per file changed 14 pages: 640 MB written for 12,000 files, a tenth of
        the importing process's time).  Only a rollback within this process reads it back;
        a crash rolls the whole transaction back from the log, as before.  Left as it is
        for the rest: a sort's temporary data (``CREATE INDEX``) stays on disk."""
        before = int(self.query("PRAGMA temp_store")[0][0])
        self.conn.execute("PRAGMA temp_store = MEMORY")
        try:
            yield
        finally:
            self.conn.execute(f"PRAGMA temp_store = {before}")

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, params).fetchall()

    def pool_id(self, name: str, create: bool = False) -> int:
        row = self.conn.execute("SELECT id FROM pools WHERE name = ?", (name,)).fetchone()
        if row:
            return int(row[0])
        if not create:
            known = [r[0] for r in self.query("SELECT name FROM pools ORDER BY name")]
            raise InputError("no such pool in the database", Place(str(self.path)),
                             found=repr(name), expected=" or ".join(known) or "an import first")
        return int(self.conn.execute("INSERT INTO pools (name) VALUES (?)", (name,)).lastrowid
                   or 0)

    def player_ids(self, players: Sequence[Player],
                   matched: list[str] | None = None) -> npt.NDArray[np.int32]:
        """The database ids of an event's (or a list's) players, inside a transaction.

        A player is known by his identity key (:func:`identity_key`, or one of his other
        keys in ``player_keys``); else by his folded name (``Nguyễn Văn A``, ``NGUYEN,
        Van A``) where exactly one known player has it and no id or birth year says they
        differ — his new key is then kept as another of that player's keys; else he is
        added.  What is told of a known player fills what the database lacks (the first
        value seen is kept).  ``matched`` hears for each player how: ``id``, ``name``
        or ``new``.  The players are read once per connection: a batch of events costs
        a few statements, not some per player."""
        return self.player_ids_of(who(players), matched)

    def player_ids_of(self, players: Who,
                      matched: list[str] | None = None) -> npt.NDArray[np.int32]:
        """:meth:`player_ids` of players told as :func:`who` tells them (an import's
        workers do that, so this process only looks them up)."""
        people = self._identities()
        known_by_key = people.keys
        knowns = list(map(known_by_key.get, players.keys))
        found = _known_as_told(knowns, players)
        if found is not None:
            if matched is not None:
                matched.extend(map(_matched_by, players.keys))
            return np.array([known.id for known in found], dtype=np.int32)
        told = list(zip(*players.values, strict=True))
        # The players known with nothing to add from here (most players) at once; then the
        # others one by one, in order (an earlier one may add or fill whom a later one is).
        ids: list[int | None] = [
            known.id if known is not None and _settled(known, values, fed_id) else None
            for known, values, fed_id in zip(knowns, told, players.federation_ids,
                                             strict=True)]
        how = list(map(_matched_by, players.keys))
        added, filled, keys, fed_ids = [], [], [], []
        for i in [i for i, known_id in enumerate(ids) if known_id is None]:
            key, fed_id, values = players.keys[i], players.federation_ids[i], told[i]
            known = known_by_key.get(key)
            if known is not None and _settled(known, values, fed_id):  # added just now
                ids[i] = known.id
                continue
            folded = fold_name(players.names[i])
            if known is None:
                known = people.by_name(folded, values[0], fed_id, values[5])
                how[i] = "name"
                if known is not None:
                    known_by_key[key] = known
                    keys.append((key, known.id))
            if known is None:
                known = _Known(self._next_id, values, fed_id, folded)
                people.add(key, known)
                self._next_id += 1
                how[i] = "new"
                added.append((known.id, key, fed_id, players.names[i], folded, *values))
            elif any(old is None and new is not None
                     for old, new in zip(known.values, values, strict=True)):
                people.fill(known, values)
                filled.append((*known.values, known.id))
            if known.federation_id is None and fed_id is not None:
                known.federation_id = fed_id
                fed_ids.append((fed_id, known.id))
            ids[i] = known.id
        if matched is not None:
            matched.extend(how)
        if added:
            self.conn.executemany(
                f"INSERT INTO players (id, key, federation_id, name, name_folded, "
                f"{', '.join(_FILLED)}) VALUES ({', '.join('?' * (5 + len(_FILLED)))})",
                added)
        if filled:
            self.conn.executemany(
                f"UPDATE players SET {', '.join(f'{c} = ?' for c in _FILLED)} WHERE id = ?",
                filled)
        if fed_ids:
            self.conn.executemany("UPDATE players SET federation_id = ? WHERE id = ?",
                                  fed_ids)
        if keys:
            self.conn.executemany(
                "INSERT OR IGNORE INTO player_keys (key, player_id) VALUES (?, ?)", keys)
        return np.array(ids, dtype=np.int32)

    def _identities(self) -> _Identities:
        # Another connection's commit (a merge of players, another import) since they
        # were read: read them again.
        changed = self.conn.execute("PRAGMA data_version").fetchone()[0]
        if changed != self._players_version:
            self._players, self._players_version = None, changed
        if self._players is None:
            self._players = _Identities()
            for key, pid, federation_id, folded, *rest in self.query(
                    f"SELECT key, id, federation_id, name_folded, {', '.join(_FILLED)}"
                    " FROM players"):
                self._players.add(key, _Known(pid, tuple(rest), federation_id, folded))
            for key, pid in self.query("SELECT key, player_id FROM player_keys"):
                if pid in self._players.by_id:
                    self._players.keys[key] = self._players.by_id[pid]
            # A merged record's id stays his (db history "#12"): never given again.
            merged = self.query("SELECT coalesce(max(id), 0) FROM merged_players")[0][0]
            self._next_id = max(max(self._players.by_id, default=0), merged) + 1
        return self._players

    def forget_players(self) -> None:
        """Read the players again at the next :meth:`player_ids` (they were changed)."""
        self._players = None


def _matched_by(key: str) -> str:
    """How a player known by ``key`` was matched: by his name, or by an id."""
    return "name" if key.startswith("name:") else "id"


def _settled(known: _Known, values: tuple[Any, ...], fed_id: str | None) -> bool:
    """Whether a player known as ``known`` tells the database nothing it lacks: a
    federation id it has, no value it has not (those told that differ stay as they are)."""
    return (known.federation_id is not None or fed_id is None) and (
        known.values == values or None not in known.values)


def _known_as_told(knowns: list[_Known | None], players: Who) -> list[_Known] | None:
    """The players known by their keys (``knowns``), if each is known with the values
    told and a federation id if he is told one: then there is nothing to add or fill, as
    for most players of most events, and their ids are all :meth:`Database.player_ids_of`
    needs (found here by a few comparisons of whole lists, not a few per player)."""
    if None in knowns:
        return None
    found = cast(list[_Known], knowns)
    told = players.federation_ids
    if told.count(None) != len(told) and None in [known.federation_id for known in found]:
        return None
    same = [known.values for known in found] == list(zip(*players.values, strict=True))
    return found if same else None


#: Player fields an event or a list can fill in.
_FILLED = ("fide_id", "federation", "sex", "title", "birth", "birth_year")


# Slots: an import reads the ids of many, and slots are quicker to reach; told apart by
# identity (``None in`` a list of them compares no fields).
@dataclass(slots=True, eq=False)
class _Known:
    id: int
    values: tuple[Any, ...]  # in _FILLED order
    federation_id: str | None
    folded: str


@dataclass
class _Identities:
    """The players as :meth:`Database.player_ids` looks them up."""

    keys: dict[str, _Known] = field(default_factory=dict)
    by_id: dict[int, _Known] = field(default_factory=dict)
    names: dict[str, list[_Known]] = field(default_factory=dict)
    #: The same players by name, split by FIDE id (``None``: none known), so a player
    #: with a FIDE id is matched among those of his name with it or none, not them all.
    fide_names: dict[tuple[str, str | None], list[_Known]] = field(default_factory=dict)

    def add(self, key: str, known: _Known) -> None:
        self.keys[key] = self.by_id[known.id] = known
        self.names.setdefault(known.folded, []).append(known)
        self.fide_names.setdefault((known.folded, known.values[0]), []).append(known)

    def fill(self, known: _Known, values: tuple[Any, ...]) -> None:
        """Give ``known`` the values he lacks (the first value seen is kept)."""
        if known.values[0] is None and values[0] is not None:  # his FIDE id: file him again
            self.fide_names[known.folded, None].remove(known)
            self.fide_names.setdefault((known.folded, values[0]), []).append(known)
        known.values = tuple(new if old is None else old
                             for old, new in zip(known.values, values, strict=True))

    def by_name(self, folded: str, fide_id: str | None, federation_id: str | None,
                birth_year: int | None) -> _Known | None:
        """The one known player of this folded name whom no id or birth year tells apart
        (an id always wins: two FIDE ids are two people)."""
        found = None
        among = self.names.get(folded, []) if fide_id is None else (
            self.fide_names.get((folded, None), []) + self.fide_names.get((folded, fide_id), []))
        for k in among:  # a common name has many: no call per one
            theirs, year = k.values[0], k.values[5]
            if (fide_id is None or theirs is None or theirs == fide_id) and (
                    federation_id is None or k.federation_id is None
                    or k.federation_id == federation_id) and (
                    birth_year is None or year is None or year == birth_year):
                if found is not None:
                    return None  # two: the name alone does not tell which
                found = k
        return found


class Who(NamedTuple):
    """Who an event's players are, as :meth:`Database.player_ids_of` looks them up,
    column by column (an import's worker sends them: a few lists pickle faster than a
    tuple per player): each one's identity key, federation id (None: none) and name,
    and the :data:`_FILLED` values, a column each.  No folded names: the storing process
    folds those of the few players it does not know yet."""

    keys: list[str]
    federation_ids: list[str | None]
    names: list[str]
    values: tuple[list[Any], ...]


#: The :class:`Player` fields :func:`who_of` takes, in one call per player.
WHO_FIELDS = ("id", "name", "fide_id", "federation", "sex", "title", "birth", "birth_year")
_WHO_FIELDS = attrgetter(*WHO_FIELDS)


def who(players: Sequence[Player]) -> Who:
    """What :meth:`Database.player_ids_of` needs of ``players``, all plain values (cheap
    to send from the process that read the event)."""
    if not players:
        return Who([], [], [], tuple([] for _ in _FILLED))
    return who_of(*map(list, zip(*map(_WHO_FIELDS, players), strict=True)))


def who_of(own_ids: list[int | str], names: list[str], fide_ids: list[str | None],
           federations: list[str | None], sexes: list[str | None], titles: list[str | None],
           births: list[date | None], years: list[int | None]) -> Who:
    """:func:`who` of the players' :data:`WHO_FIELDS`, a column each."""
    fed_ids = _federation_ids(own_ids)
    return Who(_keys(fide_ids, fed_ids, names, years), fed_ids, names,
               (fide_ids, federations, sexes, titles, list(map(iso_day, births)), years))


@lru_cache(maxsize=1 << 16)  # a player's birthday for every event he plays in, an event's days
def iso_day(day: date | None) -> str | None:
    """``day`` as ISO text, looked up: ``date.isoformat`` formats as ``printf`` does
    (4,500 instructions), half of :func:`who`'s time before."""
    return day.isoformat() if day else None


def identity_key(fide_id: str | None, own_id: int | str | None, name: str,
                 birth_year: int | None) -> str:
    """Who a player is across events: his FIDE id; else a federation id (a text id such
    as a CODS-ID — a number is only a start number); else his folded name and birth year."""
    return _keys([fide_id], _federation_ids([own_id]), [name], [birth_year])[0]


def _federation_ids(own_ids: Sequence[int | str | None]) -> list[str | None]:
    return [own_id.strip() or None if isinstance(own_id, str) else None for own_id in own_ids]


def _keys(fide_ids: list[str | None], fed_ids: list[str | None], names: list[str],
          years: list[int | None]) -> list[str]:
    """:func:`identity_key` of players, a column each (one expression for them all: no
    call per player but to fold the names of those without an id)."""
    return [f"fide:{fide_id}" if fide_id else f"fed:{fed_id}" if fed_id
            else f"name:{fold_name(name)}|{year or ''}"
            for fide_id, fed_id, name, year in zip(fide_ids, fed_ids, names, years,
                                                   strict=True)]


def day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def unpack(blob: bytes, dtype: np.dtype[Any]) -> npt.NDArray[Any]:
    return np.frombuffer(blob, dtype=dtype)


def player_info(db: Database) -> PlayerInfo:
    """Every player's age, for the K rules, indexed by database id."""
    rows = db.query("SELECT id, birth, birth_year FROM players")
    size = max((r[0] for r in rows), default=0) + 1
    return PlayerInfo.of(size, rows)  # the ISO dates are parsed by numpy, all at once


#: Rows an :func:`insert_columns` statement writes at most (its values: under the 999 of
#: SQLite before 3.32, for rows of up to nine columns).
ROWS_PER_INSERT = 100


def insert_columns(conn: sqlite3.Connection, insert: str, columns: Sequence[list[Any]],
                   upsert: str = "") -> None:
    """``insert`` (``INSERT INTO t (a, b) VALUES``) of the rows of ``columns`` (a list of
    values each, all as long), up to :data:`ROWS_PER_INSERT` of them in each statement
    (followed by ``upsert``, an ``ON CONFLICT`` clause, if given): an event's players
    cost a fifth less than one statement per row (``executemany``), which binds and
    steps each apart.  The values are bound column by column (a slice each), without a
    tuple per row."""
    width, count = len(columns), len(columns[0]) if columns else 0
    for first in range(0, count, ROWS_PER_INSERT):
        rows = min(ROWS_PER_INSERT, count - first)
        values: list[Any] = [None] * (width * rows)
        for at, column in enumerate(columns):
            values[at::width] = column[first:first + rows]
        marks = "(" + ", ".join("?" * width) + ")"
        conn.execute(f"{insert} {', '.join([marks] * rows)}{upsert}", values)


def invalidate(db: Database, pool_id: int, changed: date) -> None:
    """Mark every period of the pool that ends on or after ``changed`` for recomputation."""
    db.conn.execute(
        "UPDATE computations SET valid_through = min(valid_through, ?)"
        " WHERE pool_id = ? AND valid_through IS NOT NULL",
        (iso_day(changed - timedelta(days=1)), pool_id))
