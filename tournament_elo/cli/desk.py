"""The arbiter's desk on the command line: ``serve`` (a local web page that follows the
event round by round) and ``watch`` (a report folder kept up to date).  The server and
its libraries are imported only when one of them runs."""

from __future__ import annotations

from pathlib import Path

import click

from ..i18n.messages import prefix, say
from .options import input_limit_option, lang_option


def _echo(text: str, err: bool) -> None:
    click.echo(text, err=err)


def _definition_files(context: click.Context, parameter: click.Parameter,
                      paths: tuple[Path, ...]) -> tuple[Path, ...]:
    for path in paths:
        if path.suffix.lower() != ".toml":
            raise click.BadParameter(f"{path}: not a system definition file (.toml)",
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
                  systems: tuple[Path, ...], work_dir: Path | None, max_upload: int,
                  max_dropped: int, lang: str) -> None:
    """Serve the arbiter's desk: the events (files, or every event file of a FOLDER) on a
    local web page that updates as soon as a file changes.

    \b
    Examples:
      tournament-elo serve event.trf
      tournament-elo serve events/ --port 8000 --lang vi
      tournament-elo serve event.trf --host 0.0.0.0   (the hall's screens: read-only)
    """
    from ..desk.app import MB, TOTAL_UPLOADS, DropBounds
    from ..desk.run import is_loopback, serve, work_folder
    from ..desk.state import Desk

    if not is_loopback(host):
        click.echo(f"{prefix('warning', lang)}: " + say(
            f"--host {host} serves the desk to the network: only the wall and the standings "
            "are shown there, read-only", lang), err=True)
    desk = Desk(work_dir or work_folder(), lang, lists, systems)
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
@click.option("--tiebreaks", default="", metavar="CODES", help="Tie-breaks, as for 'rate'.")
@click.option("--tiebreak-rules", type=click.Choice(["2026", "2024", "2023", "pre2023"]),
              help="The C.07 edition, as for 'rate'.")
@click.option("--ratings", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rating list, as for 'rate'.")
@input_limit_option
@lang_option("Language of the reports")
def watch_command(event: Path, out_dir: Path, system: str, tiebreaks: str,
                  tiebreak_rules: str | None, ratings: Path | None, lang: str) -> None:
    """Write EVENT's report set into --out now and again whenever the file changes (for a
    folder copied to a web site); Ctrl+C stops.

    \b
    Example:
      tournament-elo watch event.trf --out site/live/
    """
    from ..desk.run import watch_reports
    from ..desk.state import Options
    from ..systems.registry import system_names

    lists = {ratings.name: ratings.resolve()} if ratings else {}
    # A value not in the catalogue is read as a file, as 'rate --system' reads it.
    systems = {} if system in system_names() else {system: Path(system)}
    options = Options(system=system, tiebreaks=tiebreaks, tiebreak_rules=tiebreak_rules or "",
                      ratings=ratings.name if ratings else "", lang=lang)
    try:
        watch_reports(event.resolve(), out_dir, options, lists, systems, _echo)
    except KeyboardInterrupt:
        click.echo(say("stopped", lang), err=True)
