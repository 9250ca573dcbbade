"""Problems and warnings in the user's language (``--lang vi``, or a Vietnamese locale).

Readers raise their problems in English (an :class:`~.errors.InputError` keeps its place,
reason, what was found and what was expected apart, each a
:class:`~.message.Message` or a plain text), and the command line says them in the
language chosen: the place is rebuilt in that language's words, and each part is said
from the catalogue (:func:`.catalog.say`: a message's id looked up before its values fill
it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from functools import cache

from ..errors import SHOWN_PROBLEMS, InputError, InputErrors, InputWarning, Place
from .catalog import LANGUAGES, say, words
from .message import N_, Message

#: The language of messages; the command line sets it from ``--lang`` or the locale.
language: ContextVar[str] = ContextVar("language", default="en")


#: The environment variable that chooses the language, as ``--lang`` does.
LANGUAGE_VARIABLE = "TOURNAMENT_ELO_LANG"


def locale_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language :data:`LANGUAGE_VARIABLE` names; else ``vi`` when the environment's
    language is Vietnamese (LANGUAGE, LC_ALL, LC_MESSAGES or LANG, the first one set), else
    ``en``."""
    chosen = environ.get(LANGUAGE_VARIABLE, "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "")
        if value:
            return "vi" if value.lower().startswith("vi") else "en"
    return "en"


def choose_language(chosen: str | None) -> str:
    """The language of this run: ``chosen`` (``--lang``), else the locale's; messages
    follow it from then on."""
    lang = chosen or locale_language()
    language.set(lang)
    return lang


#: Frame words: the line prefixes and the parts of a problem.
_FRAME = {
    "error": N_("error"), "warning": N_("warning"), "info": N_("info"), "debug": N_("debug"),
    "found": N_("found"), "expected": N_("expected"), "more": N_("and {} more"),
    "line": N_("line"), "lines": N_("lines"), "row": N_("row"), "rows": N_("rows"),
    "cell": N_("cell"), "sheet": N_("sheet"), "column": N_("column"), "input": N_("<input>"),
}


@cache
def _frame(lang: str) -> dict[str, str]:
    return words(_FRAME, lang)


__all__ = ["LANGUAGES", "say"]


def place_in(place: Place, lang: str) -> str:
    """Where, in ``lang``: 'players.csv, line 3' or "x.xlsx, trang 'games', ô B4"."""
    return place.written(_frame(lang))


def problem_lines(error: InputError, lang: str, source: str | None = None) -> list[str]:
    """The lines saying ``error`` (every problem of an :class:`InputErrors`) in ``lang``;
    the count of those past :data:`~.errors.SHOWN_PROBLEMS` names ``source``, the file
    read, if given (an import reports many files' problems one after another)."""
    frame = _frame(lang)
    problems = error.problems if isinstance(error, InputErrors) else [error]
    shown = problems[:SHOWN_PROBLEMS]
    lines = []
    for problem in shown:
        if lang == "en":
            lines += str(problem).splitlines()
            continue
        text = f"{place_in(problem.place, lang)}: {say(problem.reason, lang)}"
        if problem.found is not None:
            text += f"; {frame['found']} {say(problem.found, lang)}"
        if problem.expected is not None:
            text += f", {frame['expected']} {say(problem.expected, lang)}"
        lines.append(text)
    more = len(problems) - len(shown) + (error.more if isinstance(error, InputErrors) else 0)
    if more:
        count = frame["more"].format(f"{more:,}")
        lines.append(f"{source}: {count}" if source else count)
    return lines


def warning_text(warning: InputWarning, lang: str) -> str:
    """A warning in ``lang``, with its place."""
    return f"{place_in(warning.place, lang)}: {say(warning.message, lang)}"


#: More warnings than this of one kind in one file are said in one line.
GROUPED_WARNINGS = 3
#: What stands for a quoted value in a grouped warning's sentence.
_ELIDED = "…"


def _quoted(value: object) -> bool:
    return isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == "'"


def _kind(warning: InputWarning) -> tuple[str | None, str, tuple[object, ...]]:
    """What warnings of one kind share: the file, the message's id and its values but
    the quoted ones (a value read from the file, such as an unreadable birth)."""
    text = warning.message
    if isinstance(text, Message):
        return (warning.place.file, text.msgid,
                tuple(_ELIDED if _quoted(value) else value for value in text.values))
    return warning.place.file, text, ()


def warning_lines(warnings: Sequence[InputWarning], lang: str) -> list[str]:
    """The warnings in ``lang``, those of one kind in one file (the same message but for a
    quoted value, such as twenty unreadable births) in one line naming every line."""
    kinds: dict[tuple[str | None, str, tuple[object, ...]], list[InputWarning]] = {}
    for warning in warnings:
        kinds.setdefault(_kind(warning), []).append(warning)
    said: set[tuple[str | None, str, tuple[object, ...]]] = set()
    lines = []
    for warning in warnings:
        key = _kind(warning)
        group = kinds[key]
        if len(group) <= GROUPED_WARNINGS or any(w.place.line is None for w in group):
            lines.append(warning_text(warning, lang))
        elif key not in said:
            said.add(key)
            where = Place(warning.place.file, sheet=warning.place.sheet)
            unit = _frame(lang)["rows" if where.sheet is not None else "lines"]
            numbers = ", ".join(str(w.place.line) for w in group)
            values = ", ".join(str(value) for w in group
                               for value in getattr(w.message, "values", ()) if _quoted(value))
            lines.append(f"{place_in(where, lang)}, {unit} {numbers}: "
                         f"{say(Message(key[1], *key[2]), lang)} ({values})")
    return lines


def prefix(kind: str, lang: str) -> str:
    """``error``, ``warning``, ``info`` or ``debug`` in ``lang``."""
    return _frame(lang)[kind]
