"""A rating-system definition file: TOML, read key by key so that a wrong file fails
with :class:`SystemDefinitionError` naming the file, the key and the reason, and a key
left over (a typo) is reported instead of ignored.

The file must be UTF-8 (TOML's only encoding; a UTF-8 byte-order mark is allowed), at
most :data:`MAX_FILE_BYTES` long, nest arrays and inline tables at most
:data:`MAX_NESTING` deep and write no number of more than :data:`MAX_NUMBER_DIGITS`
digits: what the TOML parser cannot be trusted with (it recurses into nesting, and
Python's int() refuses thousands of digits) is refused first, at its line.  Every number
must be finite and within the range its key gives (:meth:`DefinitionReader.number`)."""

from __future__ import annotations

import codecs
import math
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from ..errors import InputError, Place, SystemDefinitionError
from ..i18n.message import message
from ..read.text import open_input

#: The longest definition file: the built-in ones are under 4 KB.
MAX_FILE_BYTES = 1 << 20
#: How deeply arrays and inline tables may nest: a definition needs two levels
#: (``bands = [{ below = 1600, k = 25 }]``).
MAX_NESTING = 16
#: The most digits (and ``_``) a number may run to: far more than any rating or K needs.
MAX_NUMBER_DIGITS = 40
_DIGITS = frozenset("0123456789_")


def read_definition_file(path: str | Path, *, own: bool = False) -> DefinitionReader:
    """The file's top-level table, ready to be taken apart.  ``own``: one of the
    package's files, whose shape the tests check, so the guard of the parser against a
    user's file (:func:`check_shape`, a loop per character) is skipped."""
    source = str(path)
    try:
        with open_input(path) as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SystemDefinitionError("cannot read the file", Place(source),
                                    found=exc.strerror) from None
    except InputError as exc:  # missing, no regular file, too large: a system file's problem
        raise SystemDefinitionError(exc.reason, exc.place, found=exc.found,
                                    expected=exc.expected) from None
    if len(data) > MAX_FILE_BYTES:
        raise SystemDefinitionError("the system file is too long", Place(source),
                                    found=message("more than {} bytes", f"{MAX_FILE_BYTES:,}"),
                                    expected="a definition of a few kilobytes")
    text = _text(data, source)
    if not own:
        check_shape(text, source)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SystemDefinitionError("the system file is not valid TOML", Place(source),
                                    found=str(exc)) from None
    return DefinitionReader(table, source)


def _text(data: bytes, source: str) -> str:
    """The file as UTF-8 text; a UTF-16 file or a byte UTF-8 does not have is refused."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise SystemDefinitionError("the system file is UTF-16 text", Place(source, line=1),
                                    found="a UTF-16 byte-order mark",
                                    expected="a TOML file in UTF-8")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise SystemDefinitionError(
            "the system file is not UTF-8 text",
            Place(source, line=data.count(b"\n", 0, exc.start) + 1),
            found=message("byte {}", f"0x{data[exc.start]:02x}"),
            expected="a TOML file in UTF-8",
        ) from None


def check_shape(text: str, source: str) -> None:
    """Refuse nesting deeper than :data:`MAX_NESTING` and numbers longer than
    :data:`MAX_NUMBER_DIGITS`, at their line; strings and comments are skipped."""
    depth, digits, line, at = 0, 0, 1, 0
    while at < len(text):
        char = text[at]
        digits = digits + 1 if char in _DIGITS else 0
        if digits > MAX_NUMBER_DIGITS:
            _bounded("digits", digits, source, line)
        if char in "\"'":
            at, line = _string_end(text, at, line)
            continue
        if char == "#":
            at = text.find("\n", at)
            if at < 0:
                return
            continue
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            _bounded("depth", depth, source, line)
        elif char in "]}":
            depth -= 1
        at += 1


#: What :func:`check_shape` counts → its bound, the problem, what is found beyond it and
#: what is expected.
_SHAPE = {
    "digits": (MAX_NUMBER_DIGITS, "a number is too long", f"more than {MAX_NUMBER_DIGITS} "
               "digits", "a number such as 1500, 0.7 or 1e3"),
    "depth": (MAX_NESTING, "arrays or tables are nested too deeply", f"more than "
              f"{MAX_NESTING} levels of [ ] and {{ }}", "a definition as documented (two "
              "levels at most)"),
}


def _bounded(kind: str, count: int, source: str, line: int) -> None:
    bound, problem, found, expected = _SHAPE[kind]
    if count > bound:
        raise SystemDefinitionError(problem, Place(source, line=line), found=found,
                                    expected=expected)


def _string_end(text: str, at: int, line: int) -> tuple[int, int]:
    """Where the TOML string starting at ``at`` ends (just after it), and the line there.

    Basic strings (``"``) have escapes, literal ones (``'``) none; tripled, either may
    span lines and end in up to two more quotes.  A one-line string still open at its
    line's end stops there: the parser reports it.
    """
    quote = text[at]
    triple = text.startswith(quote * 3, at)
    delimiter = quote * 3 if triple else quote
    end = at + len(delimiter)
    while end < len(text):
        char = text[end]
        if char == "\\" and quote == '"':
            line += text[end + 1:end + 2] == "\n"
            end += 2
            continue
        if text.startswith(delimiter, end):
            end += len(delimiter)
            while triple and end < len(text) and text[end] == quote:
                end += 1  # '""""' closes on its last three quotes
            return end, line
        if char == "\n":
            if not triple:
                return end, line
            line += 1
        end += 1
    return end, line


class DefinitionReader:
    """Takes keys out of a TOML table, so that what is left over can be reported."""

    def __init__(self, data: dict[str, Any], source: str, prefix: str = "") -> None:
        self.data = dict(data)
        self.source = source
        self.prefix = prefix

    def fail(self, key: str, reason: str, found: Any = None,
             expected: str | None = None) -> NoReturn:
        raise SystemDefinitionError(
            message("key {}: {}", f"'{self.prefix}{key}'", reason), Place(self.source),
            found=None if found is None else repr(found), expected=expected,
        )

    def take(
        self, key: str, kind: type | tuple[type, ...], default: Any = ..., what: str = ""
    ) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(key, "is missing", expected=what or _kind_name(kind))
            return default
        value = self.data.pop(key)
        if isinstance(value, bool) and bool not in _as_tuple(kind):
            self.fail(key, "has the wrong type", value, what or _kind_name(kind))
        if not isinstance(value, kind):
            self.fail(key, "has the wrong type", value, what or _kind_name(kind))
        return value

    def number(self, key: str, default: Any = ..., *, low: float, high: float) -> Any:
        """A finite number from ``low`` to ``high`` (``default`` when absent)."""
        value = self.take(key, (int, float), default, "a number")
        if value is default:
            return value
        return self.within(key, value, low, high)

    def whole(self, key: str, default: Any = ..., *, low: int, high: int) -> Any:
        """A whole number from ``low`` to ``high`` (``default`` when absent)."""
        value = self.take(key, int, default, "a whole number")
        if value is default:
            return value
        return self.within(key, value, low, high, "a whole number")

    def within(self, key: str, value: float, low: float, high: float,
               what: str = "a number") -> float:
        """``value`` of ``key``, if it is finite and from ``low`` to ``high``."""
        expected = f"{what} from {low:g} to {high:g}"
        if not math.isfinite(value):
            self.fail(key, "is not a finite number", value, expected)
        if not low <= value <= high:
            self.fail(key, "is out of range", value, expected)
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> Any:
        value = self.take(key, str, default, "one of " + ", ".join(options))
        if value is not default and value not in options:
            self.fail(key, "is not a known value", value, "one of " + ", ".join(options))
        return value

    def table(self, key: str) -> DefinitionReader | None:
        """An optional sub-table."""
        value = self.take(key, dict, None, "a table")
        return None if value is None else DefinitionReader(value, self.source,
                                                           f"{self.prefix}{key}.")

    def required_table(self, key: str) -> DefinitionReader:
        return DefinitionReader(self.take(key, dict, ..., "a table"), self.source,
                                f"{self.prefix}{key}.")

    def tables(self, key: str) -> list[DefinitionReader]:
        value = self.take(key, list, [], "an array of tables")
        readers = []
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                self.fail(f"{key}[{i}]", "has the wrong type", item, "a table")
            readers.append(DefinitionReader(item, self.source, f"{self.prefix}{key}[{i}]."))
        return readers

    def finish(self) -> None:
        for key in self.data:
            self.fail(key, "is not a known key", expected="only the keys documented for it")


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
             dict: "a table", list: "an array"}
    return " or ".join(names.get(k, k.__name__) for k in _as_tuple(kind))
