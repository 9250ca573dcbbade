"""Options several commands share, defined once so that they read and behave alike.
Light on purpose: the command line's help imports this module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from ..i18n.message import message
from ..i18n.messages import LANGUAGE_VARIABLE, LANGUAGES, choose_language
from ..read.formats import FORMATS
from ..read.text import DEFAULT_INPUT_LIMIT_MB, INPUT_LIMIT_VARIABLE, set_input_limit
from ..systems.fide.average_rule import AverageRule, UnratedOpponents
from ..systems.fide.norm_events import NORM_EVENTS

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


#: The options of what ``rate`` computes (:class:`~..rating.request.RateRequest`) that
#: other commands (``watch``, ``check``) share.
settings_option = click.option(
    "--set", "settings", multiple=True, metavar="KEY=VALUE",
    help="A system setting, e.g. --set level=national or --set pool=rapid.")

round_option = click.option(
    "--round", "after_round", type=int, metavar="K",
    help="The standings and ratings as they stood after round K (default: the "
    "last round played).")

unrated_rating_option = click.option(
    "--unrated-rating", type=click.IntRange(0, 4000), metavar="RATING",
    help="Rating of unrated players in rating tie-breaks (default: left out).")

date_option = click.option(
    "--date", "on", metavar="YYYY-MM-DD", help="The event's date where its file "
    "gives none (it picks the FIDE edition and the juniors' K).")

lots_option = click.option(
    "--lots", metavar="SEED|draw",
    help="Order players still tied after every tie-break by a drawing of lots "
    "with this seed ('draw': a new seed, printed); the same seed, the same lots.")

order_option = click.option(
    "--order", "order_file", type=click.Path(exists=True, dir_okay=False),
    help="The arbiter's final order of players still tied (start numbers, first "
    "placed first), before the lots.")

prizes_option = click.option(
    "--prizes", "prize_file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
    help="A prize table (TOML, CSV, or a workbook's 'prizes' sheet: the event's own "
    "workbook may hold it): the prizes are given by the standings and shown with them.")

average_rule_option = click.option(
    "--ra", "average_rule", type=click.Choice([r.value for r in AverageRule]),
    default="plain", show_default=True,
    help="Average of opponents: plain (Swiss-Manager) or capped at 400 from own rating.")

norm_event_option = click.option(
    "--norm-event", type=click.Choice(list(NORM_EVENTS)),
    help="The event's exemption from the title-norm federation mix (B.01 1.4.3a-d): "
    "national-championship, national-team-championship, zonal, or large-swiss "
    "(checked on the event); default ordinary, none.")


def parse_settings(pairs: tuple[str, ...]) -> dict[str, str]:
    """``--set KEY=VALUE``, each given: the settings by key."""
    settings = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip():
            raise click.BadParameter(message("{} is not KEY=VALUE", repr(pair)), param_hint="--set")
        settings[key.strip()] = value.strip()
    return settings
