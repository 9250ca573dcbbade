"""The ``db`` commands and ``publish``: a thin layer over :mod:`tournament_elo.db`.

As in :mod:`.cli`, the database, numpy, pandas and the writers are imported inside the
command functions: ``--help`` loads none of them."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..db.defaults import BY_ENVVAR, DB_ENVVAR, DEFAULT_DB, LOCK_WAIT, PERIOD_KINDS
from ..errors import InputError, Place
from ..i18n.message import N_, message
from ..i18n.messages import language, prefix, problem_lines, say
from ..progress import progress_bar
from ..rating.request import RateRequest, parse_day
from ..read.formats import FORMATS
from .options import input_limit_option, lang_option

if TYPE_CHECKING:
    import pandas as pd

    from ..db.author import Author
    from ..db.fide_lists import FideList
    from ..db.store import Database

DB_OPTION = click.option("--db", "db_path", default=DEFAULT_DB, show_default=True,
                         envvar=DB_ENVVAR, show_envvar=True, type=click.Path(dir_okay=False),
                         help="The rating database file.")
POOL_OPTION = click.option("--pool", help="The pool (rating list) to use "
                           "(default: the only one).")
SYSTEM_OPTION = click.option("--system", help="The system the lists were computed under "
                             "(default: the one the pool's events were imported with).")
PERIOD_OPTION = click.option("--period", type=click.Choice(PERIOD_KINDS), default="month",
                             show_default=True, help="The rating periods of the lists.")
FORMAT_OPTION = click.option("--format", "output_format", default="table", show_default=True,
                             type=click.Choice(["table", "csv", "json", "xlsx"]),
                             help="Output format (xlsx needs --output).")
#: The formats of FIDE's own lists ``db ratings`` writes besides the tables'.
FIDE_FORMATS = ("fide-txt", "fide-xml")
RATINGS_FORMAT_OPTION = click.option(
    "--format", "output_format", default="table", show_default=True,
    type=click.Choice(["table", "csv", "json", "xlsx", *FIDE_FORMATS]),
    help="Output format (xlsx needs --output; fide-txt and fide-xml are FIDE's fixed-width "
    "and XML lists).")
OUTPUT_OPTION = click.option("-o", "--output", type=click.Path(dir_okay=False),
                             help="Write to this file instead of standard output.")
BY_OPTION = click.option("--by", metavar="NAME", envvar=BY_ENVVAR, show_envvar=True,
                         help="Who makes the change, as the change log records it (default: "
                         "the login name).")
WAIT_OPTION = click.option("--wait", type=click.FloatRange(min=0), default=LOCK_WAIT,
                           show_default=True, metavar="SECONDS", help="How long to wait "
                           "for another process writing to the database.")


SCHEDULER_OPTION = click.option(
    "--scheduler", metavar="ADDRESS", help="Run on a Dask cluster: a scheduler's address "
    "(tcp://host:8786) or 'local' for this machine's cores (needs tournament-elo[dask]).")


@contextmanager
def _client(scheduler: str | None) -> Iterator[object]:
    if scheduler is None:
        yield None
        return
    from ..db.distributed import dask_client

    with dask_client(scheduler) as client:
        yield client


def _note(kind: str, text: str, lang: str) -> None:
    """A line of what a command did, on standard error, in the language chosen (a
    warning always; the others unless ``-q``)."""
    from .logs import note

    if kind == "warning":
        click.echo(f"{prefix(kind, lang)}: {say(text, lang)}", err=True)
    else:
        note(message("{}: {}", kind, text))


def _database_files(db_path: str) -> list[Path]:
    """The database and its log files: no output goes over them."""
    return [Path(db_path + suffix) for suffix in ("", "-wal", "-shm")]


def _must_exist(db_path: str) -> None:
    if not Path(db_path).is_file():
        raise InputError("no rating database here", Place(db_path),
                         expected="a database made by 'tournament-elo db import'")


def _reading(db_path: str) -> Database:
    """The database, opened read-only (it may be on a read-only medium)."""
    from ..db.store import Database

    _must_exist(db_path)
    return Database(db_path, readonly=True)


def _author(by: str | None) -> Author:
    """Who the change log records the command's changes under: ``--by``, else the login
    name, with the command line."""
    from ..db.author import Author, login_name
    from .invocation import command_line

    if by is not None and not by.strip():
        raise InputError("no name given", Place("--by"), found=repr(by),
                         expected="the name of who makes the change")
    return Author(by.strip() if by is not None else login_name(), command_line())


def _writing(db_path: str, wait: float, by: str | None) -> Database:
    """The database, opened to write, its changes recorded under ``--by`` (:func:`_author`):
    another process's write lock is waited for up to ``wait`` seconds, saying so."""
    from ..db.store import Database
    from .logs import note

    return Database(db_path, wait=wait, on_wait=note, author=_author(by))


def whole_numbers(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with each column of floats whose values are all whole (a birth year, a
    change under FIDE: floats only because some are missing) as pandas' nullable
    integers, so that every format writes ``1969``, not ``1969.0``; a column with
    decimals (a per-game system's ratings) keeps them."""
    floats = [name for name, kind in table.dtypes.items() if kind.kind == "f"]
    return table.astype({name: "Int64" for name in floats
                         if (table[name].dropna() % 1 == 0).all()})


def _emit(table: pd.DataFrame, output_format: str, output: str | None, title: str,
          inputs: Sequence[Path], left: Sequence[str] = ("name",)) -> None:
    """Print or write ``table`` in the format asked for (never over ``inputs``, the
    database and the files the command read); a table's columns ``left`` are
    left-aligned."""
    import pandas as pd

    from ..render.terminal import text_table
    from ..render.writers import csv_bytes, write_file, xlsx_bytes
    from .logs import note

    table = whole_numbers(table)
    header = [str(c) for c in table.columns]
    rows = [[None if pd.isna(v) else v for v in row] for row in table.itertuples(index=False)]
    if output_format == "xlsx":
        if output is None:
            raise click.UsageError("--format xlsx writes a file: give it with --output")
        write_file(Path(output), xlsx_bytes([(title[:31], header, rows)]), N_("the table"),
                   inputs)
        note(message("wrote {}", output))
        return
    if output_format == "csv":
        data = csv_bytes(header, rows)
    elif output_format == "json":
        data = (json.dumps(json.loads(table.to_json(orient="records")), ensure_ascii=False,
                           indent=2) + "\n").encode()
    else:
        data = "\n".join([title, *text_table(header, rows, left=[
            header.index(name) for name in left if name in header])]).encode() + b"\n"
    if output is not None:
        write_file(Path(output), data, N_("the table"), inputs)
        note(message("wrote {}", output))
    else:
        sys.stdout.buffer.write(data)


@click.group("db")
def db_group() -> None:
    """The rating database: import events and lists, recompute, query.

    \b
    Example:
      tournament-elo db import events/ --system fide-2024
      tournament-elo db import-list list-2024-01.csv --date 2024-01-01
      tournament-elo db recompute
      tournament-elo db ratings --date 2025-01-01
      tournament-elo db log --since 2025-07-01
    """


@db_group.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@DB_OPTION
@click.option("--system", default="fide", show_default=True,
              help="The system the events are rated in ('fide': the edition in force).")
@click.option("--pool", default="main", show_default=True, help="The pool (rating list).")
@click.option("--input-format", type=click.Choice(FORMATS), help="Input format (default: "
              "detected per file).")
@click.option("--encoding", help="Encoding of text inputs (default: detected).")
@input_limit_option
@click.option("--workers", type=click.IntRange(1, 256),
              help="Processes reading files, this one among them (default: one per "
              "core).")
@click.option("--date", "on", metavar="YYYY-MM-DD",
              help="The date of events whose files give none (a crosstable page without "
              "dates).")
@SCHEDULER_OPTION
@BY_OPTION
@WAIT_OPTION
@lang_option("Language of the notes")
def import_command(paths: tuple[str, ...], db_path: str, system: str, pool: str,
                   input_format: str | None, encoding: str | None,
                   workers: int | None, on: str | None, scheduler: str | None,
                   by: str | None, wait: float, lang: str) -> None:
    """Import event files and folders (recursively), any input format.

    The same file again changes nothing; a changed file replaces its event and marks
    later periods for recomputation; a newer version of an event (more rounds, a
    correction; same name, place and start, or FIDE event id) replaces the older one
    under whatever file name; an event in progress waits outside the lists; a bad file
    is reported and skipped (exit code 2 once the others are in).

    \b
    Example:
      tournament-elo db import events/2024/ extra.trf --system fide-2024 --pool standard
      tournament-elo db import crosstable.html --date 2024-05-12
    """
    from ..db.importer import import_events
    from ..systems.registry import get_system

    # What the database rates each event by, when it recomputes its period: the system
    # and the date where the file gives none.
    get_system(system)
    request = RateRequest(system=system, date=parse_day(on, "--date"))
    with _writing(db_path, wait, by) as db, _client(scheduler) as client, \
            progress_bar("importing") as bar:
        report = import_events(db, paths, request.system, pool, input_format, encoding,
                               workers, bar.advance, bar.total, client, request.date)
    for path, other in report.copies:
        _note("skipped", message("{} is the same file as {}", path, other), lang)
    for path, newer in report.older:
        _note("skipped", message("{} is an older version of the event in {}", path, newer),
              lang)
    for replacement in report.replaced:
        _note("replaced", replacement.note(), lang)
    for path, other in report.look_alikes:
        _note("warning", message("{} looks like the event in {} (same name, place and start) "
                                 "but its players differ: imported as another event", path,
                                 other), lang)
    for path, done, rounds in report.in_progress:
        _note("in progress", message("{} has {} of {} rounds complete: left out of the lists "
                                     "until it is complete (or --include-unfinished)", path,
                                     done, rounds), lang)
    for path, error in report.failed:
        lines = (problem_lines(error, lang, path) if isinstance(error, InputError)
                 else str(error).splitlines())
        for line in lines:
            click.echo(f"{prefix('error', lang)}: {line}", err=True)
    click.echo(report.summary(lang))
    if report.failed:
        raise click.exceptions.Exit(2)


@db_group.command("import-list")
@click.argument("rating_list", type=click.Path(exists=True, dir_okay=False))
@click.option("--date", "on", required=True, help="The list's date, YYYY-MM-DD.")
@DB_OPTION
@click.option("--pool", default="main", show_default=True, help="The pool (rating list).")
@click.option("--encoding", help="Encoding of a text list (default: detected).")
@input_limit_option
@BY_OPTION
@WAIT_OPTION
@lang_option("Language of the notes")
def import_list_command(rating_list: str, on: str, db_path: str, pool: str,
                        encoding: str | None, by: str | None, wait: float, lang: str) -> None:
    """Import a published rating list: from its date, the players the database does not
    rate yet start from it, and the others keep their computed rating (compare with db
    diff).  Each row is matched to a known player by id (FIDE, CODS-ID, the
    federation's), else by name (``Last, First``, case and accents aside) where one
    player has it and no id or birth year tells them apart; the rows matched by name are
    listed.  The lists from its date on are then recomputed by db recompute.

    \b
    Example:
      tournament-elo db import-list players_list_foa.txt --date 2024-01-01
    """
    from ..db.lists import import_list

    day = parse_day(on, "--date")
    assert day is not None
    with _writing(db_path, wait, by) as db:
        done = import_list(db, rating_list, day, pool, encoding)
    for place, name, pid, known in done.by_name:
        _note("matched by name", message("{}: {} is #{} {}", place, name, pid, known), lang)
    if done.unchanged:
        _note(N_("unchanged"), message("{} gives the entries of the list of {} imported before",
                                   rating_list, day), lang)
    click.echo(say(done.summary(day), lang))


@db_group.command("recompute")
@DB_OPTION
@click.option("--system", "systems", multiple=True, help="Rate every event under this "
              "system instead of the one it was imported with (e.g. fide-2024 to see the "
              "2024 rules applied to history); repeat it to compute several rule sets.")
@click.option("--from", "from_day", help="Recompute from the period of this date "
              "(default: from the first period not current).")
@PERIOD_OPTION
@POOL_OPTION
@click.option("--include-unfinished", is_flag=True, help="Rate events in progress too "
              "(fewer complete rounds than announced), as they stand.")
@SCHEDULER_OPTION
@BY_OPTION
@WAIT_OPTION
def recompute_command(db_path: str, systems: tuple[str, ...], from_day: str | None,
                      period: str, pool: str | None, include_unfinished: bool,
                      scheduler: str | None, by: str | None, wait: float) -> None:
    """Recompute the rating periods in order, each from the list before it.  Each pool
    and each system is its own job: with --scheduler they run in parallel.

    \b
    Example:
      tournament-elo db recompute --system fide-2024 --from 2024-03-01
      tournament-elo db recompute --system fide-2022 --system fide-2024 --scheduler local
    """
    from ..db.recompute import recompute

    start = parse_day(from_day, "--from")
    chosen: list[str | None] = list(systems) or [None]
    _must_exist(db_path)
    with _writing(db_path, wait, by) as db:
        pools = [pool] if pool else [r[0] for r in db.query("SELECT name FROM pools")]
        if scheduler is None:
            with progress_bar("recomputing") as bar:
                reports = [r for system in chosen for r in recompute(
                    db, system, pool, start, period, bar.advance, bar.total,
                    include_unfinished)]
    if scheduler is not None:
        from ..db.distributed import recompute_jobs

        with _client(scheduler) as client:
            reports = list(recompute_jobs(client, Path(db_path), pools, chosen, start, period,
                                          include_unfinished, db.author))
    for report in sorted(reports, key=lambda r: (r.pool, r.system)):
        for line in [report.summary(), *report.list_lines()]:
            click.echo(say(line, language.get()))


def _computation_note(db: Database, pool: str | None, system: str | None,
                      period: str) -> object:
    from ..db.queries import computation

    comp = computation(db, pool, system, period)
    lang = language.get()
    for stale, words in ((comp.stale_events(db), N_(
            "{} events are not in these lists yet: run 'tournament-elo db recompute'")),
                         (comp.stale_lists(db), N_(
            "{} imported lists are not in these lists yet: run 'tournament-elo db recompute'"))):
        if stale:
            click.echo(f"{prefix('warning', lang)}: " + say(message(words, stale), lang),
                       err=True)
    return comp


@db_group.command("ratings")
@DB_OPTION
@click.option("--date", "on", help="The list in force on this date (default: the latest).")
@RATINGS_FORMAT_OPTION
@OUTPUT_OPTION
@POOL_OPTION
@SYSTEM_OPTION
@PERIOD_OPTION
@click.option("--active/--inactive", default=None, help="Only the players the list counts "
              "active, or inactive (by the rule of the system in force).")
@click.option("--category", metavar="GROUP", help="Only an age group, by the list's year: "
              "U8, U10, U12, U14, U16, U18, U20, 50+ or 65+.")
@click.option("--sex", metavar="f|m", help="Only women and girls (f) or men and boys (m).")
@click.option("--federation", metavar="FED", help="Only this federation's players (VIE).")
@click.option("--club", help="Only this club's players (case and accents aside).")
@click.option("--region", help="Only this region's players (case and accents aside).")
@lang_option("Language of the messages")
def ratings_command(db_path: str, on: str | None, output_format: str, output: str | None,
                    pool: str | None, system: str | None, period: str, active: bool | None,
                    category: str | None, sex: str | None, federation: str | None,
                    club: str | None, region: str | None, lang: str) -> None:
    """The rating list as of a date: every rated player, or those the filters keep
    (combined: --active --category U16 --sex f is the active girls under 16).

    \b
    Example:
      tournament-elo db ratings --date 2025-01-01 --format csv -o list.csv
      tournament-elo db ratings --active --category U16 --sex f --federation VIE
      tournament-elo db ratings --format fide-txt -o standard_rating_list.txt
    """
    from ..db.list_filter import ListFilter
    from ..db.queries import computation, ratings

    only = ListFilter.of(active, category, sex, federation, club, region)
    with _reading(db_path) as db:
        comp = computation(db, pool, system, period)
        _computation_note(db, pool, system, period)
        if output_format in FIDE_FORMATS:
            from ..db.fide_lists import fide_list

            listed = fide_list(db, comp, parse_day(on, "--date"), only)
        else:
            table = ratings(db, comp, parse_day(on, "--date"), only=only)
    if output_format in FIDE_FORMATS:
        _emit_fide_list(listed, output_format, output, _database_files(db_path))
    else:
        _emit(table, output_format, output, f"{comp.pool} — {comp.system} — {on or 'latest'}",
              _database_files(db_path))


def _emit_fide_list(listed: FideList, output_format: str, output: str | None,
                    inputs: Sequence[Path]) -> None:
    """Print or write ``listed`` as FIDE's TXT or XML list, with what its reader should
    know (players left out, columns wider than FIDE's) as warnings."""
    from ..render.writers import write_file
    from ..write.fide_list import fide_txt, fide_xml
    from .logs import note

    notes: list[str] = []
    data = (fide_txt(listed.table, listed.day, notes) if output_format == "fide-txt"
            else fide_xml(listed.table, notes))
    for text in notes:
        _note("warning", text, language.get())
    if output is None:
        sys.stdout.buffer.write(data)
        return
    write_file(Path(output), data, N_("the list"), inputs)
    note(message("wrote {}", output))


@db_group.command("events")
@DB_OPTION
@FORMAT_OPTION
@OUTPUT_OPTION
@click.option("--pool", help="Only this pool's events (default: every pool).")
def events_command(db_path: str, output_format: str, output: str | None,
                   pool: str | None) -> None:
    """The events imported, in time order: complete or in progress (rounds complete of
    rounds announced), and which version of the event each is.

    \b
    Example:
      tournament-elo db events --format csv
    """
    from ..db.queries import events

    with _reading(db_path) as db:
        table = events(db, pool)
    _emit(table, output_format, output, "events", _database_files(db_path))


@db_group.command("log")
@DB_OPTION
@click.option("--event", help="Only the changes of this event, every version of it: its id "
              "(as db events lists it), its file or its name.")
@click.option("--player", help="Only the changes that concern this player (a FIDE id, a "
              "federation id, #database-id or a name): the events he plays in, every version, "
              "the merges of his records and the lists that hold him.")
@click.option("--since", metavar="WHEN", help="Only the changes made then or later: "
              "YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time unless an offset is given.")
@click.option("--until", metavar="WHEN", help="Only the changes made by then: to the end of "
              "a day YYYY-MM-DD, or up to a time YYYY-MM-DDTHH:MM.")
@FORMAT_OPTION
@OUTPUT_OPTION
@lang_option("Language of the changes")
def log_command(db_path: str, event: str | None, player: str | None, since: str | None,
                until: str | None, output_format: str, output: str | None, lang: str) -> None:
    """The change log: every change to the database, oldest first, with its time (local),
    who made it (--by, else the login name), the command, the file it read and its
    sha256, and what it changed.  A kind each: import (an event added), replace (a newer
    version of an event: what differs from the older one), older (an older version, not
    imported), list, merge, recompute.  Nothing in it is ever changed or removed.

    \b
    Example:
      tournament-elo db log --event 12
      tournament-elo db log --player 12401137 --since 2025-07-01 --format csv
    """
    from ..db.change_log import bound, log_rows, log_table

    start, end = bound(since, "--since"), bound(until, "--until", upper=True)
    with _reading(db_path) as db:
        table = log_table(log_rows(db, event, player, start, end), lang)
    _emit(table, output_format, output, say(message("change log"), lang),
          _database_files(db_path), left=("at", "user", "command", "kind", "pool", "file",
                                          "sha256", "changes"))


@db_group.command("players")
@DB_OPTION
@click.option("--duplicates", is_flag=True, help="Only the records that are likely one "
              "person: one name (any word order, case and accents aside), no id or birth "
              "year telling them apart.")
@FORMAT_OPTION
@OUTPUT_OPTION
def players_command(db_path: str, duplicates: bool, output_format: str,
                    output: str | None) -> None:
    """The player records, with how many events each played.

    \b
    Example:
      tournament-elo db players --duplicates
    """
    from ..db.players import players

    with _reading(db_path) as db:
        table = players(db, duplicates)
    _emit(table, output_format, output, "likely duplicates" if duplicates else "players",
          _database_files(db_path))


@db_group.command("merge-players")
@click.argument("kept")
@click.argument("merged")
@DB_OPTION
@BY_OPTION
@WAIT_OPTION
def merge_players_command(kept: str, merged: str, db_path: str, by: str | None,
                          wait: float) -> None:
    """Merge the record MERGED into KEPT (each a FIDE id, a federation id, #database-id
    or a name): his events, list entries and identities become KEPT's, and every
    computed list from their first event on is recomputed.  MERGED's name and
    #database-id find KEPT from then on.  Two records with different FIDE ids are two
    people: refused.

    \b
    Example:
      tournament-elo db merge-players 448869 "#3"
    """
    from ..db.players import merge_players, recompute_merged
    from ..db.queries import find_player

    _must_exist(db_path)
    with _writing(db_path, wait, by) as db:
        a, b = find_player(db, kept), find_player(db, merged)
        names = dict(db.query("SELECT id, name FROM players WHERE id IN (?, ?)", a, b))
        changed = merge_players(db, a, b)
        lang = language.get()
        click.echo(say(message("merged #{} {} into #{} {}", b, names[b], a, names[a]), lang))
        for day, report in recompute_merged(db, changed):
            click.echo(say(message("from {}: {}", day, report.summary()), lang))
            for line in report.list_lines():
                click.echo(say(line, lang))


@db_group.command("history")
@click.argument("player")
@DB_OPTION
@FORMAT_OPTION
@OUTPUT_OPTION
@POOL_OPTION
@SYSTEM_OPTION
@PERIOD_OPTION
def history_command(player: str, db_path: str, output_format: str, output: str | None,
                    pool: str | None, system: str | None, period: str) -> None:
    """A player's rating after every period he played in, and each published list he
    took his entry from: PLAYER is a FIDE id, a federation id, #database-id or a name
    (a record merged into his too).

    \b
    Example:
      tournament-elo db history 12401137
      tournament-elo db history "Nguyễn Văn A"
    """
    from ..db.queries import computation, find_player, history

    with _reading(db_path) as db:
        comp = computation(db, pool, system, period)
        _computation_note(db, pool, system, period)
        who = find_player(db, player)
        name = db.query("SELECT name FROM players WHERE id = ?", who)[0][0]
        table = history(db, comp, who)
    _emit(table, output_format, output, f"{name} — {comp.system}", _database_files(db_path))


@db_group.command("diff")
@click.argument("rating_list", type=click.Path(exists=True, dir_okay=False))
@DB_OPTION
@input_limit_option
@click.option("--date", "on", help="Compare with the list in force on this date "
              "(default: the latest).")
@FORMAT_OPTION
@OUTPUT_OPTION
@POOL_OPTION
@SYSTEM_OPTION
@PERIOD_OPTION
@click.option("--encoding", help="Encoding of a text list (default: detected).")
def diff_command(rating_list: str, db_path: str, on: str | None, output_format: str,
                 output: str | None, pool: str | None, system: str | None, period: str,
                 encoding: str | None) -> None:
    """Where a published list and the recomputed one disagree.

    \b
    Example:
      tournament-elo db diff published-2025-01.csv --date 2025-01-01
    """
    from ..db.queries import computation, diff
    from .logs import note

    with _reading(db_path) as db:
        comp = computation(db, pool, system, period)
        _computation_note(db, pool, system, period)
        table = diff(db, comp, rating_list, parse_day(on, "--date"), encoding)
    note(message("{} differences", len(table)))
    _emit(table, output_format, output, f"{rating_list} against {comp.system}",
          [*_database_files(db_path), Path(rating_list)])


@click.command("publish")
@DB_OPTION
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False),
              help="The folder to write the site into.")
@lang_option("Language of the pages")
@click.option("--title", help="The site's title, on every page (default: 'Rating list' in "
              "the pages' language).")
@click.option("--federation", help="The federation's name, in every page's header.")
@POOL_OPTION
@SYSTEM_OPTION
@PERIOD_OPTION
@click.option("--full", is_flag=True, help="Render every page again (by default only the "
              "pages whose figures changed since the last publish are).")
def publish_command(db_path: str, out_dir: str, lang: str, title: str | None,
                    federation: str | None, pool: str | None, system: str | None,
                    period: str, full: bool) -> None:
    """Write a static web site: the rating list (sortable, searchable; each player's
    change since the previous list, birth year and games), a page per player with his
    rating history and his events (rating before, change, after), a page per event with
    its crosstable and rating report.  The site is built beside the folder and put in
    its place whole; publishing again renders only what changed.

    \b
    Example:
      tournament-elo publish --out site/ && open site/index.html
      tournament-elo publish --out site/ --lang vi --title "Bảng Elo Cờ Đông Sơn" \\
          --federation "Liên đoàn Cờ Thanh Hoá"
    """
    from ..site.publish import publish_site

    with _reading(db_path) as db, progress_bar("publishing") as bar:
        _computation_note(db, pool, system, period)
        written = publish_site(db, Path(out_dir), pool, system, period, lang,
                               bar.advance, bar.total, title, federation, full)
    click.echo(say(message("wrote {} files to {}", len(written), out_dir), language.get()))


@db_group.command("check")
@DB_OPTION
def check_command(db_path: str) -> None:
    """Check the database: its pages (SQLite's integrity check), its foreign keys, its
    schema, its text and its packed columns.  Exit code 0 when it is sound, 2 when it is
    damaged (the problems are listed).  It only reads the database.

    \b
    Example:
      tournament-elo db check --db ratings.db
    """
    from ..db.faults import damaged
    from ..db.health import findings
    from ..db.schema import VERSION

    with _reading(db_path) as db:
        found = findings(db.conn)
    for aspect, problems in found:
        count = f"{len(problems)} problem{'s' * (len(problems) > 1)}"
        click.echo(f"{aspect}: {count if problems else 'ok'}")
        for problem in problems:
            click.echo(f"  {problem}")
    problems = [problem for _, listed in found for problem in listed]
    if problems:
        raise damaged(Path(db_path), problems)
    click.echo(f"{db_path}: sound (schema version {VERSION})")
