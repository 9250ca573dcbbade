"""Options several commands share, defined once so that they read and behave alike.
Light on purpose: the command line's help imports this module."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TypeVar

import click

from ..errors import InputError, Place
from ..i18n.messages import LANGUAGE_VARIABLE, LANGUAGES, choose_language
from ..read.formats import FORMATS
from ..read.text import DEFAULT_INPUT_LIMIT_MB, INPUT_LIMIT_VARIABLE, set_input_limit
from ..systems.fide.average_rule import UnratedOpponents

Command = TypeVar("Command", bound=Callable[..., None])


def lang_option(what: str) -> Callable[[Command], Command]:
    """``--lang en|vi``: of the output and of every message (default: the environment's
    TOURNAMENT_ELO_LANG, else the locale's)."""
    return click.option(
        "--lang", type=click.Choice(LANGUAGES), envvar=LANGUAGE_VARIABLE, show_envvar=True,
        callback=lambda _ctx, _param, value: choose_language(value), is_eager=True,
        help=f"{what} and of the messages (default: vi in a Vietnamese locale, else en).")


#: ``--max-input-mb MB``: the largest input file read (see :mod:`.io.text`); set on every
#: run of a command, so that one run's bound never stays for the next in one process.
input_limit_option = click.option(
    "--max-input-mb", type=click.IntRange(1, 1 << 20), default=DEFAULT_INPUT_LIMIT_MB,
    show_default=True, metavar="MB", envvar=INPUT_LIMIT_VARIABLE, show_envvar=True,
    expose_value=False, is_eager=True,
    callback=lambda _ctx, _param, value: set_input_limit(value),
    help="Refuse an input file (or standard input) larger than MB mebibytes, before reading "
    "it.")


def event_file_options(command: Command) -> Command:
    """``--encoding``, ``--input-format`` and ``--max-input-mb`` of a command that reads an
    event file."""
    command = input_limit_option(command)
    command = click.option("--input-format", type=click.Choice(FORMATS),
                           help="Format of the event file (default: detected from the "
                           "content).")(command)
    return click.option("--encoding",
                        help="Encoding of a text input (default: detected).")(command)


def output_options(indent_help: str, out_help: str) -> Callable[[Command], Command]:
    """``--format table|json|csv``, ``--indent N`` and ``--out DIR`` of a command that
    prints an event's figures and writes its report set."""
    def add(command: Command) -> Command:
        command = click.option("--out", "out_dir", type=click.Path(file_okay=False),
                               help=out_help)(command)
        command = click.option("--indent", type=click.IntRange(0, 8), metavar="N",
                               help=indent_help)(command)
        return click.option("--format", "output_format",
                            type=click.Choice(["table", "json", "csv"]), default="table",
                            show_default=True, help="What to print on standard output.")(command)
    return add


unrated_opponents_option = click.option(
    "--unrated-opponents", type=click.Choice([u.value for u in UnratedOpponents]),
    help="FIDE systems: Ra and Rp over the rated opponents only (exclude, as FIDE's rating "
    "pages, Vega and Swiss-Manager print them; the default), or with an unrated opponent "
    "who scored a point at the rating floor (floor). Title norms follow B.01 either way.")


def parse_day(value: str | None, option: str) -> date | None:
    """An option's date, YYYY-MM-DD (None: not given)."""
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InputError("not a date", Place(option), found=repr(value),
                         expected="YYYY-MM-DD") from None
