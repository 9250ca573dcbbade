"""The one catalogue of words: the command line's, the reports', the site's and the desk's.

English is the source language: every message's id is its English text (or template), and
the Vietnamese is in ``locale/vi/LC_MESSAGES/tournament_elo.po``, compiled to the ``.mo``
gettext reads when the package is built or installed (``setup.py``).  Babel extracts the
ids from the code and templates (``babel.cfg``; :mod:`.extract`).
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import TournamentEloError
from .message import CONTEXT_SEPARATOR, Message

DOMAIN = "tournament_elo"
LOCALE_DIR = Path(__file__).with_name("locale")
#: The languages of messages and reports; the first is the catalogue's source.
LANGUAGES = ("en", "vi")


class CatalogueMissing(TournamentEloError):
    """The compiled catalogue of a language is not installed: a build without its step
    that compiles the ``.po`` files (``pip install .`` runs it)."""


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``: English is the ids themselves."""
    if lang == LANGUAGES[0]:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except FileNotFoundError:
        raise CatalogueMissing(
            f"the {lang} catalogue is not compiled: no {DOMAIN}.mo under {LOCALE_DIR}; "
            "reinstall the package (pip install .) to compile it") from None


def word(text: str, lang: str) -> str:
    """One catalogue entry in ``lang``: ``text`` an id, or ``context\\x04id``
    (:func:`~.message.NC_`)."""
    context, separator, msgid = text.rpartition(CONTEXT_SEPARATOR)
    if lang == LANGUAGES[0]:
        return msgid
    catalogue = translations(lang)
    return catalogue.pgettext(context, msgid) if separator else catalogue.gettext(msgid)


def say(text: str, lang: str) -> str:
    """``text`` in ``lang``: a :class:`~.message.Message` is its translated template filled
    with its values, each said in ``lang`` in turn; any other text is looked up whole, and
    left as it is where the catalogue has no entry (a name, a value read from a file)."""
    if lang == LANGUAGES[0] or not text:
        return str(text)
    if isinstance(text, Message):
        template = translations(lang).gettext(text.msgid)
        if not text.values:
            return template
        return template.format(*(say(value, lang) if isinstance(value, str) else value
                                 for value in text.values))
    return translations(lang).gettext(text)


def words(table: Mapping[str, str], lang: str) -> dict[str, str]:
    """A word table (key → English, marked with :func:`~.message.N_` or
    :func:`~.message.NC_`) in ``lang``."""
    return {key: word(english, lang) for key, english in table.items()}


def template_functions(lang: str) -> dict[str, Any]:
    """What Jinja's i18n extension calls in a template rendered in ``lang``."""
    catalogue = translations(lang)
    return {"gettext": catalogue.gettext, "ngettext": catalogue.ngettext,
            "pgettext": catalogue.pgettext, "npgettext": catalogue.npgettext,
            "_": catalogue.gettext}
