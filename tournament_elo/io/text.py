"""Turning the bytes of a text file into text, with the encoding named or detected.

Real TRF and CSV files come as UTF-8, cp1252, latin-1, cp1250 and, from Vietnamese
Windows machines, cp1258.  UTF-8 is tried first because it almost never decodes
text written in another encoding; otherwise charset-normalizer chooses among the
single-byte encodings seen in the field.
"""

from __future__ import annotations

import codecs
import io
import unicodedata
from itertools import pairwise
from pathlib import Path

from ..errors import InputError, Place

#: Single-byte encodings that event files are known to come in.
CANDIDATE_ENCODINGS = ("cp1252", "cp1258", "cp1250", "latin_1")
#: The name messages give standard input.
STANDARD_INPUT = "<standard input>"


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
    """The file's bytes; a file that cannot be read is an :class:`InputError`."""
    if isinstance(path, Source):
        return path.data
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise InputError("cannot read the file", Place(str(path)), found=exc.strerror) from None


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
            f"the file is not valid {encoding}",
            Place(source, line=line),
            found=f"byte 0x{data[exc.start]:02x}",
            expected=f"text in {encoding} (choose another with --encoding)",
        ) from None
