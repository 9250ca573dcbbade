"""Errors raised by tournament_elo.

Every error the library raises derives from one root, so a caller can catch them
all with one ``except``::

    TournamentEloError
    ├── InputError (also a ValueError)   the user's input is wrong: a file, a cell, an option
    │   ├── InputErrors                  several such problems, all found in one reading
    │   └── SystemDefinitionError        a rating-system name or definition file is wrong
    └── EventModelError (also a ValueError)  an Event built in code contradicts itself
                                         (columns of different lengths, a game with one side)

Anything else that escapes is a bug (the command line reports it in one line, exit 1).

An :class:`InputError` carries where the problem is (file, line or sheet and cell),
what was found and what was expected, so the command line can print one readable
message and exit with code 2.  Readers go on past a bad row or line, collecting each
problem in :class:`Problems`, and raise them together as one :class:`InputErrors`, so
one run shows every mistake of a file.  Problems that do not stop the work (a points column
that disagrees with the results, a double forfeit) are :class:`InputWarning` values
collected on the event, never exceptions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")


class Place(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """Where something was found: a file and, when known, a line, or a sheet's row or cell;
    ``column`` names a text table's column (a CSV's header) on that line."""

    file: str | None = None
    line: int | None = None
    sheet: str | None = None
    cell: str | None = None
    column: str | None = None

    def __str__(self) -> str:
        return self.written(PLACE_WORDS)

    def written(self, words: Mapping[str, str]) -> str:
        """The place in the language of ``words`` (keys as :data:`PLACE_WORDS`)."""
        parts = [self.file or words["input"]]
        if self.sheet is not None:
            parts.append(f"{words['sheet']} {self.sheet!r}")
        if self.cell is not None:
            parts.append(f"{words['cell']} {self.cell}")
        if self.line is not None:
            parts.append(f"{words['row' if self.sheet is not None else 'line']} {self.line}")
        if self.column is not None:
            parts.append(f"{words['column']} {self.column!r}")
        return ", ".join(parts)


#: How a place is written in English.
PLACE_WORDS = {"input": "<input>", "sheet": "sheet", "cell": "cell", "row": "row", "line": "line",
               "column": "column"}


def column_letter(position: int) -> str:
    """Spreadsheet column name of a 0-based position: 0 → A, 26 → AA (a :class:`Place`'s
    cell, and the cells the workbook writer names)."""
    name = ""
    position += 1
    while position:
        position, remainder = divmod(position - 1, 26)
        name = chr(65 + remainder) + name
    return name


class TournamentEloError(Exception):
    """Root of every error tournament_elo raises on purpose."""


class InputError(TournamentEloError, ValueError):
    """Bad input: the message names the place, what was found and what was expected."""

    def __init__(
        self,
        message: str,
        place: Place | None = None,
        *,
        found: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.place = place or Place()
        self.reason = message
        self.found = found
        self.expected = expected
        super().__init__(self._render())

    @property
    def kind(self) -> str:
        """What problem this is, whatever its values and language: its reason's message
        id (:class:`~tournament_elo.i18n.message.Message`), or the reason itself."""
        return getattr(self.reason, "msgid", self.reason)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt whole when it crosses a process (a worker's error): the default would
        # pass the rendered text as the message and render it again.
        return (partial(type(self), found=self.found, expected=self.expected),
                (self.reason, self.place))

    def _render(self) -> str:
        text = f"{self.place}: {self.reason}"
        if self.found is not None:
            text += f"; found {self.found}"
        if self.expected is not None:
            text += f", expected {self.expected}"
        return text


#: The most problems printed of one input; the rest are counted.
SHOWN_PROBLEMS = 50


class InputErrors(InputError):
    """Every problem found in one input, in the order found (at least two); ``more``
    counts those found but not kept (past :data:`SHOWN_PROBLEMS`)."""

    def __init__(self, problems: Sequence[InputError], more: int = 0) -> None:
        self.problems = list(problems)
        self.more = more
        first = self.problems[0]
        super().__init__(first.reason, first.place, found=first.found, expected=first.expected)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.problems, self.more))

    def _render(self) -> str:
        lines = [str(problem) for problem in self.problems[:SHOWN_PROBLEMS]]
        more = len(self.problems) - len(lines) + self.more
        if more:
            lines.append(f"and {more:,} more")
        return "\n".join(lines)


@dataclass
class Problems:
    """The problems of one input, collected so that all are reported in one run::

        problems = Problems()
        for row in rows:
            with problems.collect():
                read(row)
        problems.raise_any()
    """

    found: list[InputError] = field(default_factory=list)
    more: int = 0  # found past SHOWN_PROBLEMS: counted, not kept (memory stays bounded)

    def add(self, error: InputError) -> None:
        errors = error.problems if isinstance(error, InputErrors) else [error]
        room = SHOWN_PROBLEMS - len(self.found)
        self.found.extend(errors[:room])
        self.more += len(errors) - len(errors[:room]) + (
            error.more if isinstance(error, InputErrors) else 0)

    def count(self, problems: int) -> None:
        """Count problems past those kept without making them (a huge bad file)."""
        self.more += problems

    @contextmanager
    def collect(self) -> Iterator[None]:
        """Record an :class:`InputError` raised in the block, and go on after it."""
        try:
            yield
        except InputError as error:
            self.add(error)

    def checked(self, read: Callable[[], T], default: T) -> T:
        """``read()``, or ``default`` with the problem it raised recorded."""
        try:
            return read()
        except InputError as error:
            self.add(error)
            return default

    def raise_any(self) -> None:
        """Raise what was found: the one problem, or all as :class:`InputErrors`."""
        if len(self.found) == 1 and not self.more:
            raise self.found[0]
        if self.found:
            raise InputErrors(self.found, self.more)


class SystemDefinitionError(InputError):
    """An unknown rating-system name, or a definition file that is wrong."""


class EventModelError(TournamentEloError, ValueError):
    """An :class:`~tournament_elo.model.Event` that contradicts itself, as only code (not
    a reader, which checks its input) can build one."""


class InputWarning(NamedTuple):
    """A problem that does not stop the work, reported with its place."""

    place: Place
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.message}"

    @property
    def kind(self) -> str:
        """What warning this is, whatever its values and language (as
        :attr:`InputError.kind`)."""
        return getattr(self.message, "msgid", self.message)
