"""The database connection: opening, migrating, transactions, and the small lookups
every command shares (pools, players by identity, packed arrays)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place
from ..io.headers import fold_name
from ..model import Player
from ..rating_list import PlayerInfo
from .schema import MIGRATIONS, VERSION

DEFAULT_DB = "ratings.db"
DEFAULT_POOL = "main"
CHECKPOINT_PAGES = 10_000


class Database:
    """An open rating database.  Use as a context manager, or call :meth:`close`.

    Every change goes through :meth:`transaction`: it commits as a whole or not at
    all, so a crash (even ``kill -9``) leaves the last committed state.
    """

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = Path(path)
        try:
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            self.conn.execute("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as error:
            raise InputError("not a rating database", Place(str(self.path)),
                             found=str(error),
                             expected="a SQLite file made by tournament-elo") from None
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable up to the last commit
        # Checkpoint (and sync) the log every ~40 MB rather than every 4 MB: a
        # recomputation writes tens of megabytes of figures, and each checkpoint syncs.
        self.conn.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
        self._migrate()
        self._players: dict[str, _Known] | None = None
        self._next_id = 0

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def _migrate(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise InputError("the database was made by a newer tournament-elo",
                             Place(str(self.path)), found=f"schema version {version}",
                             expected=f"version {VERSION} or older")
        if version == VERSION:
            return
        if version == 0 and self.conn.execute(
                "SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise InputError("not a rating database", Place(str(self.path)),
                             found="a SQLite file with other tables",
                             expected="a database made by tournament-elo, or a new file")
        with self.transaction():
            for step in MIGRATIONS[version:]:
                for statement in statements(step):
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {VERSION}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; a ROLLBACK on any exception.  Inside another
        transaction it is a savepoint: its failure undoes only its own changes."""
        nested = self.conn.in_transaction
        self.conn.execute("SAVEPOINT inner" if nested else "BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            if nested:
                self.conn.execute("ROLLBACK TO inner")
                self.conn.execute("RELEASE inner")
            else:
                self.conn.execute("ROLLBACK")
            self._players = None
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
                self.conn.execute("BEGIN IMMEDIATE")
                started = time.monotonic()

        checkpoint()
        try:
            yield checkpoint
        finally:
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

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

    def player_ids(self, players: Sequence[Player]) -> npt.NDArray[np.int32]:
        """The database ids of an event's players (inside a transaction): new players are
        added, and what the event tells of a known player fills what the database lacks
        (the first value seen is kept)."""
        if self._players is None:
            self._players = {key: _Known(pid, list(rest)) for key, pid, *rest in self.query(
                f"SELECT key, id, {', '.join(_FILLED)} FROM players")}
            self._next_id = max((k.id for k in self._players.values()), default=0) + 1
        ids = np.empty(len(players), dtype=np.int32)
        added, filled = [], []
        for i, player in enumerate(players):
            key = identity_key(player.fide_id, player.id, player.name, player.birth_year)
            values = [player.fide_id, player.federation, player.sex, player.title,
                      player.birth.isoformat() if player.birth else None, player.birth_year]
            known = self._players.get(key)
            if known is None:
                known = self._players[key] = _Known(self._next_id, values)
                self._next_id += 1
                added.append((known.id, key, player.id if isinstance(player.id, str) else None,
                              player.name, fold_name(player.name), *values))
            elif any(old is None and new is not None
                     for old, new in zip(known.values, values, strict=True)):
                known.values = [new if old is None else old
                                for old, new in zip(known.values, values, strict=True)]
                filled.append((*known.values, known.id))
            ids[i] = known.id
        self.conn.executemany(
            f"INSERT INTO players (id, key, federation_id, name, name_folded, "
            f"{', '.join(_FILLED)}) VALUES ({', '.join('?' * (5 + len(_FILLED)))})", added)
        self.conn.executemany(
            f"UPDATE players SET {', '.join(f'{c} = ?' for c in _FILLED)} WHERE id = ?", filled)
        return ids


#: Player fields an event or a list can fill in.
_FILLED = ("fide_id", "federation", "sex", "title", "birth", "birth_year")


@dataclass
class _Known:
    id: int
    values: list[Any]  # in _FILLED order


def statements(script: str) -> list[str]:
    """A script's statements, one by one (``executescript`` would commit midway)."""
    found, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            found.append(buffer)
            buffer = ""
    return found


def identity_key(fide_id: str | None, own_id: int | str | None, name: str,
                 birth_year: int | None) -> str:
    """Who a player is across events: his FIDE id; else a federation id (a text id such
    as a CODS-ID — a number is only a start number); else his folded name and birth year."""
    if fide_id:
        return f"fide:{fide_id}"
    if isinstance(own_id, str) and own_id.strip():
        return f"fed:{own_id.strip()}"
    return f"name:{fold_name(name)}|{birth_year or ''}"


def day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def unpack(blob: bytes, dtype: np.dtype[Any]) -> npt.NDArray[Any]:
    return np.frombuffer(blob, dtype=dtype)


def player_info(db: Database) -> PlayerInfo:
    """Every player's age, for the K rules, indexed by database id."""
    rows = db.query("SELECT id, birth, birth_year FROM players")
    size = max((r[0] for r in rows), default=0) + 1
    return PlayerInfo.of(size, rows)  # the ISO dates are parsed by numpy, all at once
