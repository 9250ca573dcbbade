"""The arbiter's desk on the command line: ``serve`` (a local web page that follows the
event round by round) and ``watch`` (a report folder kept up to date).  The server and
its libraries are imported only when one of them runs."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError, Place
from ..i18n.message import message
from ..i18n.messages import prefix, say
from .options import (
    average_rule_option,
    date_option,
    input_limit_option,
    lang_option,
    lots_option,
    norm_event_option,
    order_option,
    parse_settings,
    prizes_option,
    round_option,
    settings_option,
    unrated_opponents_option,
    unrated_rating_option,
)


def _echo(text: str, err: bool) -> None:
    click.echo(text, err=err)


def _definition_files(context: click.Context, parameter: click.Parameter,
                      paths: tuple[Path, ...]) -> tuple[Path, ...]:
    for path in paths:
        if path.suffix.lower() != ".toml":
            raise click.BadParameter(message("{}: not a system definition file (.toml)", path),
                                     context, parameter)
    return paths


@click.command("serve")
@click.argument("targets", nargs=-1, metavar="[EVENT|FOLDER]...",
                type=click.Path(exists=True, path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port to listen on (0: any free port, printed at start).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on.  Any address but loopback serves the wall and "
              "the standings only, read-only, to every machine that reaches it.")
@click.option("--ratings", "lists", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A rating list the page may rate with (repeatable; the first is chosen).")
@click.option("--system", "systems", multiple=True, callback=_definition_files,
              type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="A system definition file (.toml) the page may rate with, beside the "
              "systems of 'tournament-elo systems' (repeatable).")
@click.option("--order", "orders", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="An arbiter's final order of players still tied (start numbers, first "
              "placed first) the page may rate with (repeatable).")
@click.option("--prizes", "prize_tables", multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="A prize table (TOML, CSV or a workbook's 'prizes' sheet) the page may "
              "give the prizes of (repeatable; the first is chosen).")
@click.option("--work-dir", type=click.Path(file_okay=False, path_type=Path),
              help="The desk's own folder: dropped files and the options of each event "
              "(default: ~/.local/share/tournament-elo/desk).")
@click.option("--max-upload", type=click.IntRange(1, 1024), default=20, show_default=True,
              metavar="MB", help="The largest file the page takes; the dropped files "
              "together take at most ten times this.")
@click.option("--max-dropped", type=click.IntRange(1, 10_000), default=100, show_default=True,
              metavar="N", help="How many files the page takes while the desk runs.")
@input_limit_option
@lang_option("Language of the page")
def serve_command(targets: tuple[Path, ...], port: int, host: str, lists: tuple[Path, ...],
                  systems: tuple[Path, ...], orders: tuple[Path, ...],
                  prize_tables: tuple[Path, ...], work_dir: Path | None, max_upload: int,
                  max_dropped: int, lang: str) -> None:
    """Serve the arbiter's desk: the events (files, or every event file of a FOLDER) on a
    local web page that updates as soon as a file changes.

    \b
    Examples:
      tournament-elo serve event.trf
      tournament-elo serve events/ --port 8000 --lang vi
      tournament-elo serve event.trf --host 0.0.0.0   (the hall's screens: read-only)
      tournament-elo serve event.trf --prizes prizes.toml
    """
    from ..desk.app import MB, TOTAL_UPLOADS, DropBounds
    from ..desk.run import is_loopback, serve, work_folder
    from ..desk.state import Desk

    if not is_loopback(host):
        click.echo(f"{prefix('warning', lang)}: " + say(message(
            "--host {} serves the desk to the network: only the wall and the standings are "
            "shown there, read-only", host), lang), err=True)
    desk = Desk(work_dir or work_folder(), lang, lists, systems, orders, prize_tables)
    drops = DropBounds(file_bytes=max_upload * MB, files=max_dropped,
                       total_bytes=TOTAL_UPLOADS * max_upload * MB)
    serve(list(targets), host, port, desk, drops, _echo)


@click.command("watch")
@click.argument("event", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False,
                                                                  path_type=Path),
              help="The folder the report set is written into, as 'rate --out' writes it.")
@click.option("--system", default="fide", show_default=True, metavar="NAME|FILE",
              help="Rating system, as for 'rate'.")
@settings_option
@click.option("--tiebreaks", default="", metavar="CODES", help="Tie-breaks, as for 'rate'.")
@click.option("--tiebreak-rules", type=click.Choice(["2026", "2024", "2023", "pre2023"]),
              help="The C.07 edition, as for 'rate'.")
@round_option
@unrated_rating_option
@date_option
@click.option("--ratings", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rating list, as for 'rate'.")
@unrated_opponents_option
@lots_option
@order_option
@average_rule_option
@norm_event_option
@prizes_option
@input_limit_option
@lang_option("Language of the reports")
def watch_command(event: Path, out_dir: Path, system: str, settings: tuple[str, ...],
                  tiebreaks: str, tiebreak_rules: str | None, after_round: int | None,
                  unrated_rating: int | None, on: str | None, ratings: Path | None,
                  unrated_opponents: str | None, lots: str | None, order_file: str | None,
                  average_rule: str, norm_event: str | None, prize_file: str | None,
                  lang: str) -> None:
    """Write EVENT's report set into --out now and again whenever the file changes (for a
    folder copied to a web site), rated as 'rate' rates it with the same options; Ctrl+C
    stops.  A seed drawn with --lots draw is drawn once: the lots stay at each change.

    \b
    Example:
      tournament-elo watch event.trf --out site/live/
    """
    from ..desk.run import watch_reports
    from ..desk.state import GivenFiles, Options, desk_request, with_lots_drawn
    from ..systems.registry import system_names

    if after_round is not None and after_round < 1:  # the desk's round 0 is the last played
        raise InputError("no such round", Place("--round"), found=str(after_round),
                         expected="a round of the event, from 1")
    order = Path(order_file) if order_file else None
    prizes = Path(prize_file) if prize_file else None
    given = GivenFiles(
        lists={ratings.name: ratings.resolve()} if ratings else {},
        # A value not in the catalogue is read as a file, as 'rate --system' reads it.
        systems={} if system in system_names() else {system: Path(system)},
        orders={order.name: order.resolve()} if order else {},
        prizes={prizes.name: prizes.resolve()} if prizes else {})
    options, drawn = with_lots_drawn(Options(
        system=system, tiebreaks=tiebreaks, tiebreak_rules=tiebreak_rules or "",
        ratings=ratings.name if ratings else "", lang=lang, round=after_round or 0,
        date=on or "", lots=lots or "", order=order.name if order else "",
        norm_event=norm_event or "", unrated_rating="" if unrated_rating is None
        else str(unrated_rating), unrated_opponents=unrated_opponents or "",
        average_rule=average_rule, settings=tuple(parse_settings(settings).items()),
        prizes=prizes.name if prizes else ""))
    desk_request(options, given)  # every option checked before the first writing
    if drawn is not None:
        click.echo(say(message("lots drawn with seed {} (--lots {} draws the same again)",
                               drawn, drawn), lang), err=True)
    try:
        watch_reports(event.resolve(), out_dir, options, given, _echo)
    except KeyboardInterrupt:
        click.echo(say("stopped", lang), err=True)
