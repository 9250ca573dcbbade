"""What a fault of the database's file or disk says to its user: a full disk, a
read-only medium, another process holding the write lock, damaged pages.  Each is an
:class:`~tournament_elo.errors.InputError` naming the file; none loses anything, as
every change is a transaction."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from ..errors import InputError, Place
from ..i18n.message import N_, message

#: With less free space than this, a disk I/O error is a full disk: SQLite cannot grow
#: its -shm file, and says "disk I/O error".
NEARLY_FULL = 1 << 20
NOTHING_LOST = N_("nothing was lost: what was committed stays, and the command run again "
                   "goes on from there")
#: The commands that only read the database, and so work on a read-only medium.
QUERIES = "db ratings, history, diff and check, and publish"


def code(error: sqlite3.Error) -> int:
    """The error's primary SQLite result code (0: none, an error of Python's module)."""
    # The errors of Python's module (text that does not decode) have no code at all.
    return (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF


def fault(path: Path, error: sqlite3.Error, wait: float) -> InputError | None:
    """What ``error`` says of the file at ``path`` or its disk, or None if nothing (a bug,
    or damage only a check can tell); ``wait`` is how long the write lock was waited for."""
    kind = code(error)
    place = Place(str(path))
    if kind == sqlite3.SQLITE_FULL or (kind == sqlite3.SQLITE_IOERR and _nearly_full(path)):
        return InputError(message("the disk is full ({})", NOTHING_LOST), place, found=str(error),
                          expected="free space on the disk")
    if kind in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM) and (
            part := read_only_part(path)):
        return read_only(path, part, str(error))
    if kind in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return InputError("the database is busy: another process is writing to it", place,
                          found=message("the write lock still taken after {} s", f"{wait:g}"),
                          expected="that process to finish first (or a longer --wait)")
    if kind == sqlite3.SQLITE_CORRUPT:
        return damaged(path, [str(error)])
    if kind == sqlite3.SQLITE_IOERR:
        return InputError("the disk could not be read or written", place, found=str(error),
                          expected=message("a disk that works ({})", NOTHING_LOST))
    if kind == sqlite3.SQLITE_CANTOPEN:
        return InputError("cannot open the database", place, found=str(error),
                          expected="a file in a folder that exists and can be read")
    return None


def damaged(path: Path, problems: list[str]) -> InputError:
    """The database is damaged: the first of its problems (each said once), and how many
    more there are."""
    first, *others = dict.fromkeys(problems)
    found = first
    if len(others) == 1:
        found = message("{} (and {} more problem)", first, len(others))
    elif others:
        found = message("{} (and {} more problems)", first, len(others))
    return InputError("the database is damaged", Place(str(path)), found=found,
                      expected="a sound database: restore a copy ('tournament-elo db check' "
                      "lists what is wrong)")


def read_only(path: Path, part: str, found: str | None = None) -> InputError:
    return InputError(message("cannot write the database: its {} is read-only", part),
                      Place(str(path)), found=found,
                      expected=message("a {} that can be written ({} only read it)", part,
                                       QUERIES))


def read_only_part(path: Path) -> str | None:
    """``"folder"`` or ``"file"`` when the database's folder or file cannot be written
    (a read-only medium, the permissions), else None."""
    folder = path.absolute().parent
    if folder.is_dir() and not os.access(folder, os.W_OK):
        return N_("folder")
    if path.exists() and not os.access(path, os.W_OK):
        return N_("file")
    return None


def stuck_log(path: Path) -> InputError:
    """The -wal log holds commits, and the -shm file reading them needs cannot be made."""
    return InputError(
        "cannot read the database: its log holds changes not in the file yet, and they "
        "cannot be read on this disk", Place(str(path)),
        found=message("{}-wal beside it, with no {}-shm file and no room or permission to "
                      "make one", path.name, path.name),
        expected=message("{} and {}-wal copied together to a disk that can be written",
                         path.name, path.name))


def _nearly_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.absolute().parent).free < NEARLY_FULL
    except OSError:
        return False
