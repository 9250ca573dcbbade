"""The command line's log: the library's records (:mod:`logging`, a logger per module,
no handler of its own) on standard error, as ``-v`` and ``-q`` ask.

Without either, nothing is set up: standard error holds what the commands print (their
warnings, errors, notes and progress bars), and the library's records (``info`` and
``debug`` only: what it warns of, it says in its results) go nowhere.  ``-v``
(``--verbose``) adds every record of the library, a ``debug:`` or ``info:`` line each,
in the user's language.  ``-q`` (``--quiet``) keeps the warnings and errors only: no
progress bars and no notes (``wrote …``, ``skipped: …``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import click

from ..i18n.messages import language, prefix, say
from ..progress import quiet

#: The library's logger, the parent of every module's (``logging.getLogger(__name__)``).
LIBRARY = "tournament_elo"
#: The levels a line names; a record above them (critical) is said as an error.
_NAMED = ("debug", "info", "warning", "error")


def _said(record: logging.LogRecord, lang: str) -> str:
    """A record in ``lang``: its template (``record.msg``, with ``%s`` holes) looked up in
    the catalogue, then filled with its values, each said in ``lang`` too."""
    template = say(record.msg, lang) if isinstance(record.msg, str) else str(record.msg)
    args = record.args
    if not args:
        return template
    if isinstance(args, tuple):
        args = tuple(say(value, lang) if isinstance(value, str) else value for value in args)
    return template % args


class _StandardError(logging.Handler):
    """Each record as a line on standard error (the stream of the moment: a test's
    capture, a worker's inherited one), ``debug: …``, in the user's language."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            lang = language.get()
            kind = record.levelname.lower()
            word = prefix(kind if kind in _NAMED else "error", lang)
            click.echo(f"{word}: {_said(record, lang)}", err=True)
        except Exception:  # as logging's own handlers: a record that fails is said, once
            self.handleError(record)


def log_to_standard_error(verbose: bool, errors_only: bool) -> Callable[[], None]:
    """The library's records at or above debug (``verbose``) or error (``errors_only``)
    on standard error, and (``errors_only``) no progress bars or notes, for one run of
    the command; the function returned puts everything back as it was."""
    logger = logging.getLogger(LIBRARY)
    handler = _StandardError(logging.DEBUG if verbose else logging.ERROR)
    level = logger.level
    logger.setLevel(handler.level)
    logger.addHandler(handler)
    token = quiet.set(errors_only)

    def undo() -> None:
        quiet.reset(token)
        logger.removeHandler(handler)
        logger.setLevel(level)

    return undo


def note(line: str) -> None:
    """A line saying what a command did (``wrote …``) on standard error, in the user's
    language, unless ``-q``."""
    if not quiet.get():
        click.echo(say(line, language.get()), err=True)
