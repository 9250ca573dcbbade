"""A rating-system definition file: TOML, read key by key so that a wrong file fails
with :class:`SystemDefinitionError` naming the file, the key and the reason, and a key
left over (a typo) is reported instead of ignored."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, NoReturn

from ..errors import Place, SystemDefinitionError


def read_definition_file(path: str | Path) -> DefinitionReader:
    """The file's top-level table, ready to be taken apart."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise SystemDefinitionError("cannot read the system file", Place(source),
                                    found=exc.strerror) from None
    except tomllib.TOMLDecodeError as exc:
        raise SystemDefinitionError("the system file is not valid TOML", Place(source),
                                    found=str(exc)) from None
    return DefinitionReader(data, source)


class DefinitionReader:
    """Takes keys out of a TOML table, so that what is left over can be reported."""

    def __init__(self, data: dict[str, Any], source: str, prefix: str = "") -> None:
        self.data = dict(data)
        self.source = source
        self.prefix = prefix

    def fail(self, key: str, reason: str, found: Any = None,
             expected: str | None = None) -> NoReturn:
        raise SystemDefinitionError(
            f"key '{self.prefix}{key}': {reason}", Place(self.source),
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

    def number(self, key: str, default: Any = ..., low: float | None = None,
               high: float | None = None) -> Any:
        value = self.take(key, (int, float), default, "a number")
        if value is None or value is default:
            return value
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(key, "is out of range", value,
                      f"a number from {low} to {high}" if high is not None
                      else f"a number of at least {low}")
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
