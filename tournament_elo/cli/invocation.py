"""The command line this run was given, as the change log records it."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from contextvars import ContextVar

#: The arguments :func:`~.commands.main` was given (None: the process's own).
arguments: ContextVar[tuple[str, ...] | None] = ContextVar("arguments", default=None)


def given(argv: Sequence[str] | None) -> None:
    """Keep the arguments of this run (``main``'s; None: the process's)."""
    arguments.set(None if argv is None else tuple(argv))


def command_line() -> str:
    """``tournament-elo`` and this run's arguments, quoted as a shell would need them."""
    args = arguments.get()
    return shlex.join(["tournament-elo", *(sys.argv[1:] if args is None else args)])
