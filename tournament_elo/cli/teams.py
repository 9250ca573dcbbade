"""``tournament-elo teams``: a team event's standings, matches and board prizes.

The heavy modules (readers, renderers) are imported inside the command, as in
:mod:`.cli`.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

import click

from ..errors import InputError
from ..i18n.message import message
from .options import event_file_options, lang_option, output_options


def _bye_points(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        value = Decimal(-1)
    if not 0 <= value <= 1:
        raise InputError("unreadable --bye-game-points", found=repr(text),
                         expected="the game points a board of a team bye gives: 0, 0.5 or 1")
    return int(value * 100)


def _match_points(text: str | None) -> tuple[int, int, int] | None:
    if text is None:
        return None
    try:
        values = [Decimal(x.strip().replace(",", ".")) for x in text.split("/")]
    except InvalidOperation:
        values = []
    if len(values) != 3 or not values[0] > values[1] >= values[2] >= 0:
        raise InputError("unreadable --match-points", found=repr(text),
                         expected="win/draw/loss such as 2/1/0 or 3/1/0")
    return int(values[0] * 100), int(values[1] * 100), int(values[2] * 100)


@click.command("teams")
@click.argument("event", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--tiebreaks", metavar="CODES",
              help="Team tie-breaks after the score, comma-separated (default: "
                   "MPvGP,EGGSB,BH:MP): MPvGP, BH[:MP|:GP], SB[:MP|:GP], EMMSB, EMGSB, "
                   "EGMSB, EGGSB, SSSC; modifiers /C1 /C2 /M1 /M2 /P; and, ranking "
                   "the teams still tied (so in the list's order), EDE, EDEC, EDET, "
                   "EDEB, EDEBT, EDEBB, BC, TBR, BBE.")
@click.option("--by", "primary", type=click.Choice(["mp", "gp"]), default="mp",
              show_default=True, help="Rank by match points or game points.")
@click.option("--round", "after_round", type=int, metavar="K",
              help="The standings as they stood after round K.")
@click.option("--match-points", metavar="W/D/L",
              help="Match points for a match won, drawn and lost (default 2/1/0, or the "
                   "file's record 362).")
@click.option("--bye-game-points", metavar="X",
              help="Game points a board of a pairing-allocated team bye gives (default "
                   "0.5: a drawn match; FIDE's reference program gives 1).")
@click.option("--board-min-games", type=click.IntRange(0, 999), metavar="N",
              help="Games a player needs for a board prize (default: two thirds of the "
                   "rounds).")
@output_options("Indent the JSON output by N spaces.",
                "Write teams.html, teams.xlsx, the CSV tables and teams.json here.")
@lang_option("Language of the reports and the table")
@event_file_options
def teams_command(event: str, tiebreaks: str | None, primary: str, after_round: int | None,
                  match_points: str | None, bye_game_points: str | None,
                  board_min_games: int | None,
                  output_format: str, indent: int | None, out_dir: str | None, lang: str,
                  encoding: str | None, input_format: str | None) -> None:
    """Team standings, crosstable, matches board by board and board prizes of a team
    EVENT (TRF with 013 or 310 team records, or a sheet with a team column).

    \b
    Examples:
      tournament-elo teams olympiad.trf
      tournament-elo teams league.trf --tiebreaks "MPvGP,BH:MP/C1,EGGSB" --round 5
      tournament-elo teams league.trf --format json --out report/
    """
    from ..i18n.messages import prefix, warning_lines
    from ..rating.teams.report import TeamOptions, team_report
    from ..read.detect import read_event
    from ..read.sheet_files import input_files
    from ..render.teams import tables, team_json, write_team_reports
    from .commands import _event_file
    from .logs import note

    lang = lang or "en"
    parsed = read_event(_event_file(event), input_format, encoding)
    options = TeamOptions(after_round=after_round, primary=primary,
                          bye_game_points=_bye_points(bye_game_points),
                          min_games=board_min_games, match_points=_match_points(match_points))
    if tiebreaks is not None:
        options = options._replace(
            codes=tuple(c.strip() for c in tiebreaks.split(",") if c.strip()))
    report = team_report(parsed, options)
    for line in warning_lines((*parsed.warnings, *report.te.warnings), lang):
        click.echo(f"{prefix('warning', lang)}: {line}", err=True)
    if out_dir is not None:
        read = [] if event == "-" else input_files(event)
        written = write_team_reports(report, Path(out_dir), lang, read)
        note(message("wrote {} files to {}", len(written), out_dir))
    if output_format == "json":
        click.echo(json.dumps(team_json(report), ensure_ascii=False, allow_nan=False,
                              indent=indent))
    elif output_format == "csv":
        from ..render.writers import csv_bytes

        standings = tables(report, lang)[0]
        sys.stdout.write(csv_bytes(standings.header, standings.rows).decode("utf-8"))
    else:
        for table in tables(report, lang)[:1]:
            widths = [max(len(str(x)) for x in col) for col in
                      zip(table.header, *table.rows, strict=True)]
            for row in (table.header, *table.rows):
                click.echo("  ".join(str("" if x is None else x).ljust(w)
                                     for x, w in zip(row, widths, strict=True)).rstrip())
