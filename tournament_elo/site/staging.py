"""The site's folder: built whole beside ``out_dir``, then swapped into place at once.

``publish`` writes the new site into a staging folder beside ``out_dir``
(``.NAME.publish-XXXX``, in the same parent, so on the same file system), then swaps
the two folders in one step (``renameat2`` with ``RENAME_EXCHANGE``, atomic on Linux):
a publish killed at any moment leaves the previous site whole, or the new one.  The
old site, now in the staging folder's place, is then removed; a staging folder left by
a killed publish is removed by the next one.

What the site wrote is recorded in the site's own state file, :data:`STATE` (per file
its input key, the sha256 of its bytes, its size and modification time), so that

- a page whose inputs did not change is hard-linked from the previous site, not
  rendered again (its bytes are the same);
- a file in ``out_dir`` the site did not write (a ``CNAME``, a note) is carried over
  into the new site (hard-linked, or a symbolic link copied), and one the site wrote but
  the user changed since is never replaced: a page at its name is refused, exit 2,
  before anything is swapped (as :class:`~..render.writers.OutputFolder` refuses).

Nothing is fsynced while the site is written: once it is whole, every new file, then
every folder, is fsynced in one pass, before the swap.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Place
from ..i18n.message import message
from ..render.writers import MANIFEST, OutputFolder, write_error

#: The site's record of its files (and what its pages were made from): an SQLite file.
STATE = ".publish.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    name TEXT PRIMARY KEY,    -- the path in the site, with '/'
    key BLOB,                 -- a digest of what the page was made from (NULL: its bytes)
    sha BLOB NOT NULL,        -- sha256 of the bytes written
    size INTEGER NOT NULL,
    mtime INTEGER NOT NULL    -- st_mtime_ns as written: unchanged since, without reading it
) WITHOUT ROWID;
"""


@dataclass(frozen=True)
class Record:
    key: bytes | None
    sha: bytes
    size: int
    mtime: int


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class SiteFolder:
    """The new site under construction, its state file (:attr:`state`, in which the
    caller may keep tables of its own: ``schema``) open in one transaction.  Use as a
    context manager: :meth:`commit` swaps it into place; leaving the block without it
    removes the staging folder."""

    def __init__(self, out_dir: Path, what: str, inputs: Iterable[Path] = (),
                 full: bool = False, schema: str = "") -> None:
        self.what = what
        self.out = Path(os.path.realpath(out_dir))
        self.inputs = [Path(p) for p in inputs]
        self.full = full
        parent = self.out.parent
        try:
            parent.mkdir(parents=True, exist_ok=True)
            self._lock = os.open(parent, os.O_RDONLY)
        except OSError as exc:
            raise write_error(message("cannot write {}", what), parent, exc) from None
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._lock)
            raise InputError(message("another publish is writing {}", what),
                             Place(str(self.out)), found="a publish running",
                             expected="one publish at a time") from None
        if self.out.exists() and not self.out.is_dir():
            self._unlock()
            raise InputError(message("cannot write {}", what), Place(str(self.out)),
                             found="a file", expected="a folder (or a new name)")
        for stale in sorted(parent.glob(f".{self.out.name}.publish-*")):
            if stale.name.endswith("-old") and not self.out.exists():
                os.rename(stale, self.out)  # killed between the two renames of a swap
            else:
                shutil.rmtree(stale, ignore_errors=True)  # left by a killed publish
        self.stage = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.publish-", dir=parent))
        self.old = _old_records(self.out)
        self.legacy = OutputFolder(self.out, what).record if self.out.is_dir() else {}
        state = self.out / STATE
        if state.is_file() and not full:
            shutil.copyfile(state, self.stage / STATE)
        self.state = sqlite3.connect(self.stage / STATE, isolation_level=None)
        # Made durable by the one fsync pass before the swap.
        self.state.execute("PRAGMA journal_mode = OFF")
        self.state.execute("PRAGMA synchronous = OFF")
        self.state.executescript(_SCHEMA + schema)  # ``schema``: the caller's own tables
        self.state.execute("BEGIN")
        self.names: set[str] = set()  # the new site's files
        self.written: list[str] = []  # written now (the rest are links to the old site)
        self._dirs: set[str] = {""}

    def __enter__(self) -> SiteFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.stage.exists():
            with suppress(sqlite3.Error):
                self.state.close()
            shutil.rmtree(self.stage, ignore_errors=True)
        self._unlock()

    def _unlock(self) -> None:
        with suppress(OSError):
            os.close(self._lock)

    # --- building -----------------------------------------------------------------------

    def path(self, name: str) -> Path:
        """Where ``name`` goes in the staging folder (its folder made)."""
        folder = name.rpartition("/")[0]
        if folder not in self._dirs:
            (self.stage / folder).mkdir(parents=True, exist_ok=True)
            self._dirs.add(folder)
        return self.stage / name

    def keep(self, name: str, key: bytes) -> bool:
        """Link the previous site's ``name`` into the new one if it was made from ``key``
        and is as the site wrote it (False: it is to be made)."""
        old = self.old.get(name)
        if self.full or old is None or old.key != key or not self._ours(name, old):
            return False
        return self._link(name, old)

    def keep_bytes(self, name: str, data: bytes) -> bool:
        """Link the previous site's ``name`` if it holds exactly ``data``."""
        old = self.old.get(name)
        if self.full or old is None or old.sha != sha256(data) or not self._ours(name, old):
            return False
        return self._link(name, old)

    def _link(self, name: str, old: Record) -> bool:
        try:
            os.link(self.out / name, self.path(name))
        except OSError:
            return False  # another file system's quirks: written again instead
        self.names.add(name)
        self.state.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                           (name, old.key, old.sha, old.size, old.mtime))
        return True

    def claim(self, name: str) -> Path:
        """The staging path to write ``name`` at, after checking that no file of the
        user's is at that name in the site (a worker process writes it; then
        :meth:`wrote`)."""
        self._check(name)
        return self.path(name)

    def write(self, name: str, data: bytes, key: bytes | None = None) -> None:
        path = self.claim(name)
        with path.open("wb") as stream:
            stream.write(data)
        self.wrote(name, key, sha256(data))

    def wrote(self, name: str, key: bytes | None, sha: bytes) -> None:
        """Record a file written into the staging folder."""
        found = os.stat(self.stage / name)
        self.names.add(name)
        self.written.append(name)
        self.state.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                           (name, key, sha, found.st_size, found.st_mtime_ns))

    def _check(self, name: str) -> None:
        """Refuse a name at which ``out_dir`` holds what the site did not write (or the
        user changed since), or an input."""
        path = self.out / name
        if any(_same_file(path, given) for given in self.inputs):
            raise InputError(message("writing {} would overwrite an input file", self.what),
                             Place(str(path)), found="the file the command reads",
                             expected="another output file or folder")
        if not os.path.lexists(path):
            return
        old = self.old.get(name)
        if old is not None and path.is_file() and self._ours(name, old):
            return
        if name in self.legacy and path.is_file() and \
                hashlib.sha256(path.read_bytes()).hexdigest() == self.legacy[name]:
            return
        raise InputError(
            message("writing {} would overwrite a file this tool did not write (or one "
                    "changed since)", self.what), Place(str(path)),
            found="an existing file", expected="another output folder or file "
            "name, or remove the file first")

    def _ours(self, name: str, old: Record) -> bool:
        """Is the previous site's file as the site wrote it (its size and time, else its
        bytes, as recorded)?"""
        try:
            found = os.lstat(self.out / name)
        except OSError:
            return False
        if found.st_size == old.size and found.st_mtime_ns == old.mtime:
            return True
        try:
            return found.st_size == old.size and sha256((self.out / name).read_bytes()) == old.sha
        except OSError:
            return False

    # --- the swap -----------------------------------------------------------------------

    def commit(self) -> None:
        """Carry the user's files over, make everything durable, swap the new site into
        place and remove the old one."""
        carried = self._carry_over()
        self.state.execute("DELETE FROM files WHERE name NOT IN (SELECT value FROM"
                           " json_each(?))", (_json_list(self.names),))
        self.state.execute("COMMIT")
        self.state.close()
        try:
            self._sync()
            previous = _swap(self.stage, self.out)
            _fsync(self.out.parent)
        except OSError as exc:
            raise write_error(message("cannot write {}", self.what), self.out, exc) from None
        if previous is not None:
            self._rescue(previous, carried)
            shutil.rmtree(previous, ignore_errors=True)

    def _carry_over(self) -> set[str]:
        """Link into the new site every file of ``out_dir`` the site did not write (or
        that the user changed since): returns their names."""
        carried: set[str] = set()
        if not self.out.is_dir():
            return carried
        for name, entry in _walk(self.out):
            if name in self.names or name in (STATE, MANIFEST):
                continue
            old = self.old.get(name)
            if old is not None and self._ours(name, old):
                continue  # a page of the previous site the new one has not: gone
            if name in self.legacy and entry.is_file(follow_symlinks=False) and \
                    hashlib.sha256(Path(entry.path).read_bytes()).hexdigest() == self.legacy[name]:
                continue
            target = self.path(name)
            if entry.is_symlink():
                os.symlink(os.readlink(entry.path), target)
            elif entry.is_file(follow_symlinks=False):
                os.link(entry.path, target)
            else:
                raise InputError(message("cannot write {}", self.what), Place(entry.path),
                                 found="a special file", expected="files and folders only")
            carried.add(name)
        return carried

    def _rescue(self, previous: Path, carried: set[str]) -> None:
        """Move into the site a file the user put into ``out_dir`` while it was being
        published (it is in the old site only)."""
        for name, entry in _walk(previous):
            if name in carried or name in self.names or name in (STATE, MANIFEST):
                continue
            if name in self.old or name in self.legacy:
                continue
            target = self.out / name
            if not os.path.lexists(target):
                target.parent.mkdir(parents=True, exist_ok=True)
                os.rename(entry.path, target)

    def _sync(self) -> None:
        """The one pass that makes the new site durable: its file system's dirty data
        written at once (``syncfs``) where the system has it, else each file written
        now, then every folder, fsynced."""
        if _syncfs(self.stage):
            return
        for name in [*self.written, STATE]:
            _fsync(self.stage / name, directory=False)
        for folder in sorted(self._dirs | {n.rpartition("/")[0] for n in self.names},
                             key=len, reverse=True):
            _fsync(self.stage / folder)


def _old_records(out: Path) -> dict[str, Record]:
    state = out / STATE
    if not state.is_file():
        return {}
    try:
        with sqlite3.connect(f"{state.absolute().as_uri()}?mode=ro", uri=True) as conn:
            return {name: Record(key, sha, size, mtime) for name, key, sha, size, mtime in
                    conn.execute("SELECT name, key, sha, size, mtime FROM files")}
    except sqlite3.Error:
        return {}  # an unreadable record: nothing counts as the site's


def _json_list(names: Iterable[str]) -> str:
    import json

    return json.dumps(sorted(names))


def _walk(root: Path, prefix: str = "") -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every file and symbolic link under ``root`` by its name in the site."""
    with os.scandir(root) as entries:
        for entry in entries:
            name = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                yield from _walk(Path(entry.path), name + "/")
            else:
                yield name, entry


def _same_file(path: Path, other: Path) -> bool:
    try:
        return path.exists() and other.exists() and os.path.samefile(path, other)
    except OSError:
        return False


def _fsync(path: Path, directory: bool = True) -> None:
    handle = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _syncfs(folder: Path) -> bool:
    """``syncfs(2)`` of the file system holding ``folder`` (False: not on this system)."""
    try:
        call = ctypes.CDLL(None, use_errno=True).syncfs
    except AttributeError:
        return False
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        if call(handle) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), str(folder))
    finally:
        os.close(handle)
    return True


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _swap(stage: Path, out: Path) -> Path | None:
    """Put ``stage`` at ``out``: the old ``out`` (if any) ends at ``stage``'s path, which
    is returned.  An exchange in one step where the system has it."""
    if not out.exists():
        os.rename(stage, out)
        return None
    try:
        exchange = ctypes.CDLL(None, use_errno=True).renameat2
    except AttributeError:
        exchange = None
    if exchange is not None:
        if exchange(_AT_FDCWD, os.fsencode(stage), _AT_FDCWD, os.fsencode(out),
                    _RENAME_EXCHANGE) == 0:
            return stage
        code = ctypes.get_errno()
        if code not in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
            raise OSError(code, os.strerror(code), str(out))
    # No exchange here: two renames, out_dir missing for the moment between them.
    aside = stage.with_name(stage.name + "-old")
    os.rename(out, aside)
    os.rename(stage, out)
    return aside
