"""Click's own messages (the usage line, "Missing argument", "Invalid value for …") in the
user's language, from the one catalogue.

Click looks each message up with :mod:`gettext` by its English template (``{name}``
holes) and then formats it; its modules call the ``_`` and ``ngettext`` they imported from
:mod:`gettext`, so those are where the catalogue is installed.  A translated template fills
its holes with values each said in the language too (a message of ours given to
``click.BadParameter``, click's name of a type such as ``integer``).  Extraction does not
read click's code: :data:`CLICK_MESSAGES` marks the ids the command line shows.
"""

from __future__ import annotations

from typing import Any

import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types

from ..i18n.catalog import LANGUAGES, say, translations
from ..i18n.message import N_, NP_
from ..i18n.messages import language

#: Click's messages the command line shows, as click's source writes them (its help's
#: headings and options stay as they are: the help is written in English); those click
#: says through ``ngettext`` with their plural (Vietnamese has one form).
CLICK_MESSAGES = (
    N_("Usage:"), N_("Try '{command} {option}' for help."), N_("Error: {message}"),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing {param_type}"), N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."), N_("No such command {name!r}."),
    N_("Missing command."), N_("Aborted!"),
    N_("Option {name!r} does not take a value."),
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."), N_("{name} {filename!r} is not readable."),
    N_("Choose from:\n\t{choices}"),
    NP_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    NP_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    NP_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    NP_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    NP_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    NP_("{value!r} does not match the format {format}.",
        "{value!r} does not match the formats {formats}."),
    NP_("{len_type} values are required, but {len_value} was given.",
        "{len_type} values are required, but {len_value} were given."),
)
#: Click's names of its types, said in a message's hole.
CLICK_WORDS = (N_("integer"), N_("integer range"), N_("float"), N_("file"),
               N_("directory"), N_("path"))


class _Template(str):
    """A translated template of click's: its values said in the language as it fills."""

    __slots__ = ("lang",)
    lang: str

    def format(self, *args: Any, **kwargs: Any) -> str:
        def said(value: Any) -> Any:
            return say(value, self.lang) if isinstance(value, str) else value

        return str.format(self, *map(said, args), **{k: said(v) for k, v in kwargs.items()})


def _template(text: str, lang: str) -> str:
    if lang == LANGUAGES[0]:
        return text
    template = _Template(text)
    template.lang = lang
    return template


def _gettext(msgid: str) -> str:
    lang = language.get()
    return _template(translations(lang).gettext(msgid), lang)


def _ngettext(singular: str, plural: str, count: int) -> str:
    lang = language.get()
    return _template(translations(lang).ngettext(singular, plural, count), lang)


def install() -> None:
    """Click's messages from the catalogue, in the language of the moment (``--lang``)."""
    for module in (click.core, click.decorators, click.exceptions, click.formatting,
                   click.parser, click.types):
        module._ = _gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext  # type: ignore[attr-defined]
