"""Who changes the database, and by which command: what the change log (:mod:`.changes`)
records of every change beside its time."""

from __future__ import annotations

import getpass
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Author:
    """The user a change is recorded under, and the command line that made it."""

    user: str
    command: str


def login_name() -> str:
    """The login name (``getpass.getuser``); where the system knows none (no LOGNAME or
    USER, and a user id without an entry in the password database, as in a container),
    the user id."""
    try:
        return getpass.getuser()
    except (KeyError, OSError, ImportError):
        uid = getattr(os, "getuid", None)
        return f"uid {uid()}" if uid is not None else "unknown"


def program_author() -> Author:
    """The author of changes made through the Python API: the login name and the
    program's own command line."""
    arguments = [Path(sys.argv[0]).name, *sys.argv[1:]] if sys.argv and sys.argv[0] else []
    return Author(login_name(), shlex.join(arguments) or "python")
