"""Reading an input's bytes within a bound, and turning them into text, with the encoding
named or detected.

Every file the program is given is read through :func:`read_bytes` (standard input
through :func:`read_standard_input`): a regular file no larger than :func:`input_limit`
(256 MiB unless ``--max-input-mb`` or ``TOURNAMENT_ELO_MAX_INPUT_MB`` says otherwise), its
size checked before a byte is read.  A folder, a device (``/dev/zero``), a named pipe or
a socket is refused: none has an end that its size tells, and a pipe's writer may never
come.  Standard input is read up to the same bound, and what goes past a few megabytes
waits on disk, not in memory, until the bound is known to hold.

Real TRF and CSV files come as UTF-8, cp1252, latin-1, cp1250 and, from Vietnamese
Windows machines, cp1258.  UTF-8 is tried first because it almost never decodes
text written in another encoding; otherwise charset-normalizer chooses among the
single-byte encodings seen in the field.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import sys
import unicodedata
from itertools import pairwise
from pathlib import Path
from typing import BinaryIO

from ..errors import InputError, Place
from ..i18n.message import N_, message

#: Single-byte encodings that event files are known to come in.
CANDIDATE_ENCODINGS = ("cp1252", "cp1258", "cp1250", "latin_1")
#: The name messages give standard input.
STANDARD_INPUT = "<standard input>"
#: The largest input read unless the user allows more, in MiB: FIDE's full rating list
#: (about 1.1 million lines of 163 bytes) fits with room to spare; event files are far
#: smaller.
DEFAULT_INPUT_LIMIT_MB = 256
#: The environment variable that sets the bound, as ``--max-input-mb`` does.
INPUT_LIMIT_VARIABLE = "TOURNAMENT_ELO_MAX_INPUT_MB"
#: How much of standard input is held in memory before the rest goes to a temporary file.
_STDIN_IN_MEMORY = 16 << 20
_CHUNK = 1 << 20

_limit_bytes = DEFAULT_INPUT_LIMIT_MB << 20


def input_limit() -> int:
    """The largest input read, in bytes."""
    return _limit_bytes


def set_input_limit(megabytes: int) -> None:
    """Read inputs of up to ``megabytes`` MiB from now on (``--max-input-mb``); the
    database's worker processes, forked later, inherit it."""
    global _limit_bytes
    _limit_bytes = megabytes << 20


def _too_large(source: str, size: str) -> InputError:
    return InputError("the input is larger than the limit", Place(source), found=size,
                      expected=message("at most {} MiB (--max-input-mb raises the limit)",
                                       input_limit() >> 20))


#: What a file that is not a regular file is, by its mode.
_KINDS = ((stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")),
          (stat.S_ISFIFO, N_("a named pipe")), (stat.S_ISSOCK, N_("a socket")))


def _check_regular(mode: int, source: str) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise InputError("this is a folder, not a file", Place(source),
                         expected="a file (or - for standard input)")
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    raise InputError("this is not a regular file", Place(source), found=kind,
                     expected="a file (or - for standard input)")


def open_input(path: str | Path) -> BinaryIO:
    """The regular file at ``path``, open for reading once its kind and size are checked
    (:class:`InputError` otherwise, as for a file that cannot be opened)."""
    source = str(path)
    try:
        _check_regular(os.stat(path).st_mode, source)  # a socket cannot even be opened
        # O_NONBLOCK: a named pipe put in the file's place meanwhile is not waited for.
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError("cannot read the file", Place(source), found=exc.strerror) from None
    stream = os.fdopen(handle, "rb")
    try:
        status = os.fstat(handle)
        _check_regular(status.st_mode, source)
        if status.st_size > input_limit():
            raise _too_large(source, message("{} bytes", f"{status.st_size:,}"))
    except BaseException:
        stream.close()
        raise
    return stream


def _read_within_limit(stream: BinaryIO, source: str) -> bytes:
    """The stream's bytes up to its end, refused past the limit; at most a chunk more than
    the limit is read, and what goes past a few megabytes waits in a temporary file."""
    import tempfile  # not at start-up: the command line's help imports this module

    limit = input_limit()
    with tempfile.SpooledTemporaryFile(max_size=_STDIN_IN_MEMORY) as held:
        total = 0
        while chunk := stream.read(min(_CHUNK, limit + 1 - total)):
            total += len(chunk)
            if total > limit:
                raise _too_large(source, message("more than {} bytes", f"{limit:,}"))
            held.write(chunk)
        held.seek(0)
        return held.read()


class Source:
    """A file read once: its name (for messages), its ``path`` (to find the files beside
    it; ``None`` for standard input, which has none) and its bytes, handed to format
    detection, to the reader and to the database alike."""

    def __init__(self, name: str, data: bytes) -> None:
        self.name = name
        self.data = data
        self.path: Path | None = Path(name)
        self._text: dict[str | None, str] = {}

    @classmethod
    def standard_input(cls, data: bytes) -> Source:
        """Standard input's bytes, named :data:`STANDARD_INPUT`, with no files beside it."""
        source = cls(STANDARD_INPUT, data)
        source.path = None
        return source

    @classmethod
    def read_from(cls, name: str) -> Source:
        """The file ``name`` read within the bound, or standard input for ``-``."""
        return cls.standard_input(read_standard_input()) if name == "-" else cls(
            name, read_bytes(name))

    def __str__(self) -> str:
        return self.name

    def text(self, encoding: str | None = None) -> str:
        """The text, in the encoding given or detected (decoded once per encoding)."""
        if encoding not in self._text:
            self._text[encoding] = decode(self.data, self.name, encoding)[0]
        return self._text[encoding]


#: What a reader takes: a path, or a file already read.
Readable = str | Path | Source


def path_of(path: Readable) -> Path | None:
    """The file ``path`` is, to find the files beside it (``None`` for standard input)."""
    return path.path if isinstance(path, Source) else Path(path)


def read_source(path: Readable) -> Source:
    """The file read once (a :class:`Source` as it is)."""
    return path if isinstance(path, Source) else Source(str(path), read_bytes(path))


def read_bytes(path: Readable) -> bytes:
    """The file's bytes, read within the bound; a file that cannot be read, or is no
    regular file, or is too large, is an :class:`InputError`."""
    if isinstance(path, Source):
        return path.data
    with open_input(path) as stream:
        try:
            size = os.fstat(stream.fileno()).st_size
            data = stream.read(size + 1)
            if len(data) <= size:
                return data
            # The file grows as it is read: the rest is read within the bound too.
            return data + _read_within_limit(stream, str(path))
        except OSError as exc:
            raise InputError("cannot read the file", Place(str(path)),
                             found=exc.strerror) from None


def read_head(path: Readable, size: int = 4096) -> bytes:
    """The first ``size`` bytes of the file (a format recognised from its start: a 200 MB
    list is not read whole for it); ``b""`` when they cannot be read, for the reader that
    takes the file to say why.  A file that is no regular file or is too large is an
    :class:`InputError`."""
    if isinstance(path, Source):
        return path.data[:size]
    with open_input(path) as stream:
        try:
            return stream.read(size)
        except OSError:
            return b""


def read_standard_input(stream: BinaryIO | None = None) -> bytes:
    """Standard input's bytes (or ``stream``'s), read within the bound."""
    try:
        return _read_within_limit(stream or sys.stdin.buffer, STANDARD_INPUT)
    except OSError as exc:
        raise InputError("cannot read the file", Place(STANDARD_INPUT),
                         found=exc.strerror) from None


def binary(path: Readable) -> io.BytesIO:
    """The file's bytes as a stream, for the libraries that open workbooks."""
    return io.BytesIO(read_bytes(path))


def read_text(path: Readable, encoding: str | None = None) -> str:
    """The file's text, in the encoding given or detected."""
    return read_source(path).text(encoding)


def decode(data: bytes, source: str, encoding: str | None = None) -> tuple[str, str]:
    """Return ``(text, encoding)``; raise :class:`InputError` naming the bad line."""
    if not data.strip():
        raise InputError("the file is empty", Place(source), expected="an event file")
    if b"\x00" in data[:65536]:
        raise InputError(
            "this is a binary file, not text",
            Place(source),
            found="NUL bytes",
            expected="a text file (TRF, CSV or PGN) or an .xlsx workbook",
        )
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise InputError(
                "unknown encoding", Place(source), found=repr(encoding),
                expected="a Python codec name such as utf-8, cp1252, latin-1 or cp1258",
            ) from None
        return _decode_strictly(data, source, encoding), encoding
    if data.startswith(codecs.BOM_UTF8):
        return _decode_strictly(data[3:], source, "utf-8"), "utf-8"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    if _looks_vietnamese(data):
        return _decode_strictly(data, source, "cp1258"), "cp1258"
    from charset_normalizer import from_bytes  # needed only when UTF-8 fails

    best = from_bytes(data, cp_isolation=list(CANDIDATE_ENCODINGS)).best()
    chosen = best.encoding if best is not None else "cp1252"
    return _decode_strictly(data, source, chosen), chosen


_VIETNAMESE_LETTERS = frozenset("ăâêôơưđĂÂÊÔƠƯĐ")


def _looks_vietnamese(data: bytes) -> bool:
    """cp1258 spells tones as combining marks after a letter; other code pages rarely do.

    Statistical detectors mistake short Vietnamese text for cp1250 or cp1252, so
    cp1258 is chosen when its reading has several letter + tone-mark pairs and
    letters only Vietnamese uses.
    """
    text = data.decode("cp1258", errors="replace")
    marks = sum(1 for a, b in pairwise(text) if a.isalpha() and unicodedata.combining(b))
    letters = sum(1 for c in text if c in _VIETNAMESE_LETTERS)
    return marks >= 3 or (marks >= 2 and letters >= 1)


def _decode_strictly(data: bytes, source: str, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            message("the file is not valid {}", encoding),
            Place(source, line=line),
            found=message("byte {}", f"0x{data[exc.start]:02x}"),
            expected=message("text in {} (choose another with --encoding)", encoding),
        ) from None
