"""A message and its id: what the catalogue is looked up by before anything is formatted.

Code that says something to people writes the English template and the values apart::

    InputError(message("{} has no setting {}", system, name), place)

The :class:`Message` reads as the English sentence (it is a ``str``), and keeps the
template (:attr:`Message.msgid`, the catalogue's key and the error's kind) and the values,
so another language's sentence is the translated template filled with the values, each
itself translated where the catalogue has it (:func:`tournament_elo.i18n.catalog.say`).
A text without values is its own id, and :func:`N_` marks a word table's English for
extraction; :func:`NC_` gives one English word a context where its translation depends on
it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Message(str):
    """An English message formatted from a catalogue template (``msgid``) and ``values``."""

    __slots__ = ("msgid", "values")
    msgid: str
    values: tuple[Any, ...]

    def __new__(cls, msgid: str, *values: Any) -> Message:
        self = super().__new__(cls, msgid.format(*values) if values else msgid)
        self.msgid = msgid
        self.values = values
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.msgid, *self.values))


def message(msgid: str, *values: Any) -> Message:
    """The message ``msgid`` (a template with ``{}`` holes) with ``values`` in its holes."""
    return Message(msgid, *values)


def alternatives(choices: Iterable[Any]) -> str:
    """``a or b or c``: the choices, joined by the language's "or"."""
    items = [str(choice) for choice in choices]
    if len(items) < 2:
        return items[0] if items else ""
    said: str = items[0]
    for item in items[1:]:
        said = Message("{} or {}", said, item)
    return said


def N_(msgid: str) -> str:
    """Mark ``msgid`` (a word table's English) for extraction; it is translated where used."""
    return msgid


def NC_(context: str, msgid: str) -> str:
    """Mark ``msgid`` for extraction in ``context`` (its translation differs by context):
    the text is ``context\\x04msgid``, gettext's own key of a message in a context."""
    return f"{context}\x04{msgid}"


def NP_(singular: str, plural: str) -> str:
    """Mark a message whose words depend on a count (``ngettext``'s two forms) for
    extraction; the singular is its id."""
    return singular


#: gettext's separator of a context and its message.
CONTEXT_SEPARATOR = "\x04"
