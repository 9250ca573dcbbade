"""The ``tournament-elo`` command: a thin layer over the library.

Exit codes: 0 success; 2 bad input or usage (one message on standard error, naming
the place); 1 an internal error (a bug: please report it), or for ``check`` a published
figure that disagrees; 130 interrupted (Ctrl+C); 141 standard output closed by its reader
(``| head``), the rest of the output dropped quietly (or 0, when the system had taken the
last write in part and Python drops the rest).

Start-up is kept light: at module level this file (and :mod:`.cli_db`) imports only
click and modules free of numpy, pandas, Jinja, sqlite and the readers — the choices an
option lists come from small modules of names (:mod:`.io.formats`,
:mod:`.systems.fide.norm_events`, :mod:`.db.defaults`, ...).  A command imports what it
needs inside its function, so ``--help`` and ``--version`` load nothing else
(``tests/cli/test_startup.py`` fails otherwise).  The database's, the desk's and the
teams' commands live in their own modules, imported when their command is named.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import click

from .. import __version__
from ..errors import InputError, TournamentEloError
from ..i18n.message import N_, message
from ..i18n.messages import (
    choose_language,
    language,
    prefix,
    problem_lines,
    say,
    warning_lines,
)
from ..read.text import Readable, Source, read_standard_input
from . import click_words, invocation
from .options import (
    average_rule_option,
    date_option,
    event_file_options,
    lang_option,
    lots_option,
    norm_event_option,
    order_option,
    output_options,
    parse_settings,
    prizes_option,
    round_option,
    settings_option,
    unrated_opponents_option,
    unrated_rating_option,
)

if TYPE_CHECKING:
    from ..model import Event
    from ..rating.engine import RatingResult


class _ClosedPipe(Exception):
    """Standard output's reader went away while a command wrote to it."""


class _Commands(click.Group):
    """The commands: those of this module, and those of other modules imported when
    named (``rate`` does not load the database's, the desk's or the teams' commands;
    ``--help`` lists them all)."""

    #: A command's name → the module (of this package) and the name it is defined by.
    ELSEWHERE: ClassVar[dict[str, tuple[str, str]]] = {
        "db": ("db", "db_group"), "publish": ("db", "publish_command"),
        "serve": ("desk", "serve_command"), "watch": ("desk", "watch_command"),
        "teams": ("teams", "teams_command")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.ELSEWHERE})

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # raised past click, which would exit 1 on it
            raise _ClosedPipe from None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.ELSEWHERE:
            from importlib import import_module

            module, name = self.ELSEWHERE[cmd_name]
            command = getattr(import_module(f".{module}", __package__), name)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, package_name="tournament-elo")
@click.option("-v", "--verbose", is_flag=True,
              help="Also say on standard error what the program does, step by step (info "
              "and debug lines: files read, skipped and stored, systems chosen, times).")
@click.option("-q", "--quiet", is_flag=True,
              help="Say nothing but warnings and errors: no progress bars and no notes "
              "(wrote ..., skipped: ...).")
@click.pass_context
def cli(ctx: click.Context, verbose: bool, quiet: bool) -> None:
    """Rate chess events exactly as the rating body computes them.

    \b
    Example:
      tournament-elo rate sample_events/held_c07_swiss5.trf
      tournament-elo rate event.trf --system fide-2024 --format json
      tournament-elo -v db import events/
    """
    if verbose and quiet:
        raise click.UsageError("--verbose and --quiet cannot be used together")
    if verbose or quiet:  # (nothing is set up otherwise: the log module is not even loaded)
        from .logs import log_to_standard_error

        ctx.call_on_close(log_to_standard_error(verbose, quiet))


@cli.command("rate")
@click.argument("event", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--system", "system", default="fide", show_default=True, metavar="NAME|FILE",
              help="Rating system: 'fide' picks the edition in force at the event's end date; "
              "fide-2009 ... fide-2025 (and -rapid/-blitz), tuong-ky, dong-son, thien-ky-dao "
              "(see 'tournament-elo systems'), or a definition file FILE.toml.")
@settings_option
@click.option("--tiebreaks", metavar="CODES",
              help="C.07 tie-breaks in order, e.g. 'BH/C1,BH,SB' or 'BH/C1 BH SB' (default: "
              "the file's TRF-2026 record 202 or 212, else BH/C1,BH,SB for a Swiss, "
              "DE,SB,WIN,KS for a round robin).")
@click.option("--tiebreak-rules", type=click.Choice(["2026", "2024", "2023", "pre2023"]),
              help="The C.07 edition for unplayed rounds (default: the one in force on the "
              "event's first day; 2026 for an undated event).")
@round_option
@unrated_rating_option
@date_option
@click.option("--ratings", type=click.Path(exists=True, dir_okay=False, allow_dash=True),
              help="Rating list (CSV/XLSX: id, fide_id, name, rating, games, birth, ever_2400, k; "
              "a chess-results starting-rank list, page or export; FIDE's TXT list; or - for "
              "standard input).")
@output_options("Indent the JSON by N spaces (default: compact, written as it is made).",
                "Write the report set (HTML, XLSX, CSV, JSON) into this directory.")
@unrated_opponents_option
@lots_option
@order_option
@lang_option("Language of the reports and the table")
@event_file_options
@average_rule_option
@norm_event_option
@prizes_option
def rate_command(
    event: str,
    system: str,
    ratings: str | None,
    output_format: str,
    out_dir: str | None,
    lang: str,
    encoding: str | None,
    input_format: str | None,
    average_rule: str,
    settings: tuple[str, ...],
    tiebreaks: str | None,
    tiebreak_rules: str | None,
    unrated_rating: int | None,
    norm_event: str | None,
    indent: int | None,
    after_round: int | None,
    on: str | None,
    lots: str | None,
    order_file: str | None,
    unrated_opponents: str | None,
    prize_file: str | None,
) -> None:
    """Rate EVENT (a TRF file, a CSV/XLSX sheet, or - for standard input).

    \b
    Examples:
      tournament-elo rate event.trf
      tournament-elo rate event.trf --ratings list.csv --out report/
      tournament-elo rate games.csv --system fide-2024 --format json
      tournament-elo rate games.csv --system dong-son --set level=national
      tournament-elo rate event.trf --tiebreaks "BH/C1,BH,SB" --tiebreak-rules 2026
      tournament-elo rate zonal.trf --norm-event zonal --out report/
      tournament-elo rate final.trf --round 5   (the standings after round 5)
      tournament-elo rate crosstable.html --date 2026-05-03
      tournament-elo rate final.trf --lots draw   (lots for players still tied)
      tournament-elo rate final.trf --prizes prizes.toml --out report/
    """
    from ..rating.engine import rate
    from ..rating.request import RateRequest, parse_day
    from ..read.detect import read_event, read_ratings

    day = parse_day(on, "--date")
    _one_standard_input(event, ratings)
    parsed = read_event(_event_file(event), input_format, encoding)
    rating_list = read_ratings(_event_file(ratings), encoding) if ratings else None
    prize_table = None
    if prize_file is not None:
        from ..read.prizes import read_prize_table

        prize_table = read_prize_table(prize_file)
    request = RateRequest(
        system=system, ratings=rating_list, tiebreaks=tiebreaks, tiebreak_rules=tiebreak_rules,
        unrated_rating=unrated_rating, unrated_opponents=unrated_opponents,
        average_rule=average_rule, after_round=after_round, date=day, lots=lots,
        order=order_file, norm_event=norm_event, settings=parse_settings(settings),
        prizes=prize_table)
    result = rate(parsed, request)
    _say_drawn(lots, result.event, lang)
    for line in warning_lines(result.warnings, lang):
        click.echo(f"{prefix('warning', lang)}: {line}", err=True)
    if out_dir is not None:
        from ..read.sheet_files import input_files
        from ..render.report import write_reports

        read = [*([] if event == "-" else input_files(event)),
                *([Path(ratings)] if ratings and ratings != "-" else []),
                *([Path(order_file)] if order_file else []),
                *([Path(prize_file)] if prize_file else [])]
        written = write_reports(result, Path(out_dir), lang, read)
        click.echo(say(message("wrote {} files to {}", len(written), out_dir), lang), err=True)
    if output_format == "json":
        from ..render.json import write_json

        write_json(result, sys.stdout, indent)
    elif output_format == "csv":
        click.echo(result.player_table.csv_text(result.standing_rows), nl=False)
    else:
        _print_table(result, lang)


@cli.command("check")
@click.argument("event", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--system", "system", default="fide", show_default=True, metavar="NAME|FILE",
              help="Rating system the published figures were computed under.")
@click.option("--ratings", type=click.Path(exists=True, dir_okay=False, allow_dash=True),
              help="Rating list, as for 'rate'.")
@click.option("--tiebreaks", metavar="CODES",
              help="What the published tie-break columns TB1, TB2, ... hold and the order "
              "that ranked the players, as for 'rate' (e.g. 'BH/C1 BH SB'); overrides the "
              "page's legend.  Default: the legend's; without one, ranks are compared "
              "within the players on equal points.")
@click.option("--tiebreak-rules", type=click.Choice(["2026", "2024", "2023", "pre2023"]),
              help="The C.07 edition for unplayed rounds (default: the one in force on the "
              "event's first day; 2026 for an undated event).")
@unrated_rating_option
@unrated_opponents_option
@lang_option("Language of the report")
@event_file_options
def check_command(
    event: str, system: str, ratings: str | None, tiebreaks: str | None,
    tiebreak_rules: str | None, unrated_rating: int | None, unrated_opponents: str | None,
    lang: str, encoding: str | None, input_format: str | None,
) -> None:
    """Compare EVENT's published figures (points, ranks, tie-break columns, Rp, K,
    rtg+/-) with the project's own computation: one line per disagreement, then how many
    agree and which columns were not compared, and why.

    \b
    Exit codes:
      0  every published figure compared agrees
      1  some published figure disagrees
      2  bad input or usage (one message on standard error, naming the place)

    \b
    Examples:
      tournament-elo check crosstable.html
      tournament-elo check event.trf --tiebreaks "BH/C1 BH SB"
      tournament-elo check crosstable.html --lang vi
    """
    from ..rating.check import check_event, report_lines
    from ..rating.request import RateRequest
    from ..read.detect import read_event, read_ratings

    _one_standard_input(event, ratings)
    parsed = read_event(_event_file(event), input_format, encoding)
    rating_list = read_ratings(_event_file(ratings), encoding) if ratings else None
    report = check_event(parsed, RateRequest(
        system=system, ratings=rating_list, tiebreaks=tiebreaks, tiebreak_rules=tiebreak_rules,
        unrated_rating=unrated_rating, unrated_opponents=unrated_opponents))
    for line in report_lines(report, lang):
        click.echo(line)
    if report.disagreements:
        raise click.exceptions.Exit(1)


@cli.command("systems")
@click.argument("name", required=False)
def systems_command(name: str | None) -> None:
    """List the built-in rating systems, or print one system's rules in words.

    \b
    Examples:
      tournament-elo systems
      tournament-elo systems dong-son
      tournament-elo systems my-club.toml
    """
    if name is not None:
        from ..systems.registry import get_system

        click.echo(get_system(name).describe())
        return
    click.echo(f"{'fide':<20}the FIDE edition in force at the event's end date")
    click.echo(f"{'fide-rapid':<20}the same, rapid")
    click.echo(f"{'fide-blitz':<20}the same, blitz")
    from ..systems.catalog import built_in_catalog

    for key, description in built_in_catalog():
        click.echo(f"{key:<20}{description}")


#: ``convert --to`` targets and the suffix of the default output name.
CONVERT_TARGETS = {"trf16": ".trf", "trf26": ".trf", "csv": ".csv", "xlsx": ".xlsx"}


@cli.command("convert")
@click.argument("event", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--to", "target", required=True, type=click.Choice(list(CONVERT_TARGETS)),
              help="Output format: a FIDE TRF16 or TRF26 file, or plain sheets (three CSV "
              "files, or one XLSX workbook with players, games and event sheets).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Output file (default: the input's name with the new suffix, in the "
              "current directory; - prints a TRF on standard output).  For csv it names "
              "the games file: x.csv writes x-games.csv, x-players.csv and x-event.csv.")
@event_file_options
@click.option("--lots", metavar="SEED|draw",
              help="Record this seed of the drawing of lots in a TRF ('### lots seed N').")
@click.option("--order", "order_file", type=click.Path(exists=True, dir_okay=False),
              help="Record this final order of tied players in a TRF ('### final order').")
def convert_command(
    event: str, target: str, output: str | None, encoding: str | None, input_format: str | None,
    lots: str | None, order_file: str | None,
) -> None:
    """Convert EVENT (TRF, CSV/XLSX sheet, or - for standard input) to TRF or sheets.

    Reading the output back gives the same event; what the output format cannot
    hold (a 0-0 game in TRF, the declared rank in a sheet, ...) is named in a
    warning.  The input file is never overwritten.  TRF is written in UTF-8.

    \b
    Examples:
      tournament-elo convert open_2025.xlsx --to trf16
      tournament-elo convert event.trf --to trf26 -o event-trf26.trf
      tournament-elo convert games.csv --to trf16 -o - | less
      tournament-elo convert event.trf --to xlsx -o event.xlsx
      tournament-elo convert event.trf --to csv -o club.csv
        (writes club-games.csv, club-players.csv and club-event.csv)
    """
    from ..read.detect import read_event
    from ..read.sheet_files import input_files
    from ..render.writers import OutputFolder
    from ..write.sheets import render_sheets, sheet_paths
    from ..write.trf import write_trf

    if output is None:
        if event == "-":
            raise click.UsageError("give -o FILE when the event comes from standard input")
        output = Path(event).stem + CONVERT_TARGETS[target]
    if output == "-" and not target.startswith("trf"):
        raise click.UsageError(message("--to {} writes files: give -o FILE", target))
    target_path = Path(output)
    files = [target_path] if target.startswith("trf") else sheet_paths(target_path, target)
    folder = OutputFolder(target_path.parent, N_("the converted event"),
                          [] if event == "-" else input_files(event))
    if output != "-":
        folder.check(f.name for f in files)  # before reading: a mistake costs nothing
    from ..rating.last_resort import with_last_resort

    parsed = with_last_resort(read_event(_event_file(event), input_format, encoding), lots,
                              order_file)
    lang = language.get()
    _say_drawn(lots, parsed, lang)
    losses: list[str] = []
    if target.startswith("trf"):
        contents = {target_path: write_trf(parsed, target, losses).encode("utf-8")}
    else:
        contents = render_sheets(parsed, target_path, target, losses)
    for note in losses:
        click.echo(f"{prefix('warning', lang)}: {say(note, lang)}", err=True)
    if output == "-":
        sys.stdout.buffer.write(contents[target_path])
        sys.stdout.flush()
        return
    with folder:
        for file, data in contents.items():
            folder.write(file.name, data)
            click.echo(say(message("wrote {}", file), lang), err=True)


def _say_drawn(lots: str | None, event: Event, lang: str) -> None:
    """The seed ``--lots draw`` drew, which the event carries: said, to draw it again."""
    from ..rating.last_resort import is_draw

    if lots is not None and is_draw(lots):
        drawn = event.lots_seed
        click.echo(say(message("lots drawn with seed {} (--lots {} draws the same again)",
                               drawn, drawn), lang), err=True)


def _event_file(name: str) -> Readable:
    """An input's path (the event's, the list's), or standard input (``-``) read whole
    within the bound: messages then name it ``<standard input>``."""
    return Source.standard_input(read_standard_input()) if name == "-" else name


def _one_standard_input(event: str, ratings: str | None) -> None:
    if event == "-" and ratings == "-":
        raise click.UsageError("standard input is read once: the event or the rating list "
                               "may be -, not both")


def _print_table(result: RatingResult, lang: str) -> None:
    from ..render.terminal import player_lines

    for line in player_lines(result, lang):
        click.echo(line)
    if result.prizes is not None:
        from ..render.prizes import prize_lines

        for line in prize_lines(result, lang):
            click.echo(line)


#: The exit code after Ctrl+C: 128 + SIGINT, as a shell reports a command it interrupted.
EXIT_INTERRUPTED = 130
#: The exit code when standard output's reader has gone (``| head``): 128 + SIGPIPE, as the
#: shell's own tools end then.
EXIT_CLOSED_PIPE = 141


def _closed_pipe() -> int:
    """Standard output's reader has gone: the rest of the output is dropped without a
    word (the reader asked for no more), into a null device so that nothing still buffered
    fails again when the interpreter ends."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return EXIT_CLOSED_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the command and turn errors into exit codes."""
    # numpy's OpenBLAS starts a spinning thread per core at import (~0.05 s of CPU, more
    # than reading and rating an event); this program does no linear algebra.  A value
    # the user set is kept, and the database's workers inherit it.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    choose_language(None)
    click_words.install()
    invocation.given(argv)
    try:
        # A command ends early with click's Exit (check: 1 when a figure disagrees), which
        # click returns as the exit code; commands themselves return None.
        code = cli.main(args=argv, prog_name="tournament-elo", standalone_mode=False)
        sys.stdout.flush()  # a closed pipe is met here, not in the interpreter's teardown
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 2
    except click.ClickException as exc:
        exc.show()  # its words from the catalogue, in the language chosen (click_words)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.exceptions.Abort, KeyboardInterrupt):  # click makes Ctrl+C an Abort
        click.echo(say("interrupted", language.get()), err=True)
        return EXIT_INTERRUPTED
    except TournamentEloError as exc:
        lang = language.get()
        lines = problem_lines(exc, lang) if isinstance(exc, InputError) else str(exc).split("\n")
        for line in lines:
            click.echo(f"{prefix('error', lang)}: {line}", err=True)
        return 2
    except (BrokenPipeError, _ClosedPipe):
        return _closed_pipe()
    except OSError as exc:  # the system's refusal (a full disk): no bug of this program
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"{prefix('error', language.get())}: {where}{exc.strerror or exc}", err=True)
        return 2
    except Exception as exc:  # a bug: say so plainly, without a traceback
        click.echo(f"internal error: {type(exc).__name__}: {exc} "
                   "(please report this with the input file)", err=True)
        return 1
    return code if isinstance(code, int) else 0
