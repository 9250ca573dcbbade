"""``publish``: a static web site of a rating database, readable offline.

The site (written into ``out_dir``):

- ``index.html``, ``list-2.html``, …: the current rating list of a computation (pool,
  system, period), best first, :data:`PAGE_ROWS` players a page; ``site.js`` makes a
  page's columns sortable and adds a search box over the whole list: a name (folded as
  the database folds it: ``Nguyễn`` is found by ``nguyen``, ``Đức`` by ``duc``) by its
  first letters, or a FIDE or federation id, looked up in ``search/`` (small scripts,
  loaded on demand: they work from ``file://``).  Without JavaScript the list still
  reads, sorted by rating.
  The list is the active players' (by the rule of the system in force: :mod:`..systems.
  activity`); ``inactive.html``, ``inactive-2.html``, …: the inactive players apart.
- ``categories.html`` and a list per category (:mod:`.categories`: an age group, women
  and girls, a federation, a club, a region), :data:`CATEGORY_ROWS` a page.
- ``events.html``, ``events-2.html``, …: every event of the pool.
- ``players/<id>.html`` (the database id) for every player on the list or in an
  event (a fixed-rated AI level is no player: no page): identity, current rating, the
  rating history as a chart and as a table, and the events he played with his rating
  before, change and rating after.
- ``events/<id>.html``: the event's report — the page ``rate --out`` writes, with a bar
  of site links put in after ``<body>`` and its style and script linked rather than
  held (``report.css`` and ``report.js``, one copy for the whole site).
- ``site.css``, ``site.js``, ``report.css``, ``report.js``: local files, nothing is
  fetched from the network.

Every figure is one the database computed and keeps: an event's page renders the
figures its rating period stored (:mod:`.db.recompute`) through the same rendering
layer as ``rate --out``, so a page and the list can never disagree; nothing is rated
again and no event file is read.  A player with several events in one period gets a
note on each of their pages saying how the list's figure was formed.

In bounded memory: the stored lists are read in one pass (each period's entries
unpacked once), the players' lines in order, and the pages are rendered and written by
worker processes (from :data:`_PARALLEL_FROM` pages on), a bounded number of them at a
time.  The site is built beside ``out_dir`` and swapped into place whole
(:mod:`.staging`).  Publishing again renders only the pages whose inputs changed (each
page's key, a digest of what it is made from, is kept in the site's state file with
each event's player lines); the others are hard-linked from the previous site, and
``full`` renders every page.  Either way the site is the same, byte for byte.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt
import pandas as pd

from .. import __version__
from ..db.change_log import Correction, corrections
from ..db.events import stored_event
from ..db.queries import (
    HISTORY_ROW,
    Computation,
    PeriodLines,
    computation,
    history_row,
    period_events,
    period_lines,
    ratings,
)
from ..db.recompute import RATED_EVENTS
from ..db.schema import GAME_ROW
from ..db.store import Database, unpack
from ..i18n.catalog import say
from ..i18n.labels import labels, site_labels
from ..i18n.message import N_, message
from ..rating.engine import RatingResult
from ..rating.standings import standings, tiebreak_codes
from ..read.headers import fold_name
from ..render.charts import history_chart
from ..render.format import fmt_list_change, fmt_list_rating, fmt_points, fmt_text
from ..render.html import LINKED_ASSETS, asset, render, render_html
from ..render.list_markup import ListRows, list_rows
from ..systems.protocol import Figures
from ..systems.registry import get_system
from .categories import KINDS, Category, categories, leaders
from .staging import SiteFolder, sha256

Row = dict[str, Any]
T = TypeVar("T")
R = TypeVar("R")

#: Rows on a page of the rating list (the active players' and the inactive players')
#: and of the event index.
PAGE_ROWS = 1000
#: Rows on a page of a category's list: its first page is its top 100.
CATEGORY_ROWS = 100

#: A search shard holds at most this many names, unless they share six first letters.
SHARD_SIZE = 1000
_SHARD_KEY_MAX = 6

#: From this many pages to render on, worker processes render them.
_PARALLEL_FROM = 8

#: Pages sent to a worker at a time.
_CHUNK = 16

#: The site's record of each player's line in each event's report, kept in the order the
#: events' pages are written (appended: the players' pages read them sorted by player
#: once, rather than each line going to its player's place among millions).  The
#: schema is part of :func:`_code_key`: a state file of another form (``played``,
#: clustered by player) is dropped, and every page made again.
_LINES = """
DROP TABLE IF EXISTS played;
CREATE TABLE IF NOT EXISTS lines (
    player INTEGER NOT NULL,
    day INTEGER NOT NULL,             -- minus the event's end (ordinal): the latest first
    event INTEGER NOT NULL,           -- minus its id
    idx INTEGER NOT NULL,
    name TEXT NOT NULL, end TEXT NOT NULL, rounds INTEGER NOT NULL,
    points TEXT NOT NULL, rank TEXT NOT NULL, rating TEXT NOT NULL, change TEXT NOT NULL,
    new_rating TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lines_by_event ON lines (event);
"""


@dataclass(frozen=True)
class _Event:
    id: int
    name: str
    start: str | None
    end: str
    type: str
    rounds: int
    players: int
    identity: str


def publish_site(
    db: Database,
    out_dir: Path,
    pool: str | None = None,
    system: str | None = None,
    period: str = "month",
    lang: str = "en",
    advance: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
    title: str | None = None,
    federation: str | None = None,
    full: bool = False,
    page_rows: int = PAGE_ROWS,
    category_rows: int = CATEGORY_ROWS,
) -> list[Path]:
    """Write the site of the computation (pool, system, period) into ``out_dir`` (see
    the module docstring); ``total(n)`` is called once with the number of pages, then
    ``advance(1)`` per page (made or kept).  ``title`` heads every page (default:
    "Rating list" in the site's language) with the ``federation``'s name; the pool's
    name, an internal one, is shown nowhere.  ``full``: render every page, whatever the
    previous site holds.  Returns the files written (not those kept)."""
    words = site_labels(lang)
    comp = computation(db, pool, system, period)
    listed = ratings(db, comp)
    list_date = _list_date(db, comp)
    active_rows = listed["active"].to_numpy(dtype=bool)
    active, inactive = listed[active_rows], listed[~active_rows]
    lists = categories(active, int(list_date[:4]) if list_date else None, words)
    events = _events(db, comp)
    # A fixed-rated reference opponent (an AI level) is no participant: no page.
    player_ids = np.union1d(listed["id"].to_numpy(dtype=np.int64), np.array([
        r[0] for r in db.conn.execute(
            "SELECT DISTINCT p.player_id FROM event_players p JOIN events e ON e.id = p.event_id"
            f" WHERE e.pool_id = ? AND NOT p.fixed_rating AND {RATED_EVENTS}",
            (comp.pool_id, comp.unfinished))], dtype=np.int64))
    list_pages = _page_count(len(active), page_rows) + _page_count(len(inactive), page_rows)
    list_pages += 1 + sum(_page_count(len(c.players), category_rows) for c in lists)
    event_pages = _page_count(len(events), page_rows)
    if total:
        total(list_pages + event_pages + len(events) + len(player_ids))
    step = advance or (lambda _: None)
    database = [Path(f"{db.path}{suffix}") for suffix in ("", "-wal", "-shm")]
    # A player's or an event's page names no list date: it stays as it is till his
    # or its own figures change.
    common: Row = {"lang": lang, "comp": comp, "title": title or words["site"],
                   "federation": federation, "list_date": ""}
    code = _code_key(lang, common)
    with SiteFolder(Path(out_dir), N_("the site"), database, full, _LINES) as site:
        for name in ("site.css", "site.js"):
            _put(site, name, asset(f"site/{name}"))
        for name, source in LINKED_ASSETS.items():
            _put(site, name, asset(source))
        lines = _event_pages(db, comp, events, site, common, code, step)
        _player_pages(db, comp, player_ids, listed, lines, site, common, code, words, step)
        paged = {**common, "list_date": list_date}
        stale = comp.stale_events(db)
        rows = list_rows(listed)
        pages = [(_ListPage("list", "", True), active, page_rows),
                 (_ListPage("inactive", words["inactive_players"], True), inactive, page_rows),
                 *((_ListPage(c.stem, c.title, False), c.players, category_rows)
                   for c in lists)]
        for page, players, per_page in pages:
            # Positions on the whole list: each player's row is written once.
            _list_pages(players.index.tolist(), rows, site, paged, per_page, stale, step, page)
        _categories_page(lists, site, paged, words, step)
        _event_index(events, site, paged, page_rows, words, step)
        _search_shards(active, inactive, _merged_names(db), site)
        site.commit()
    return [site.out / name for name in site.written]


def _put(site: SiteFolder, name: str, data: bytes) -> None:
    """A file made in full each time (it is cheap): written if its bytes changed."""
    if not site.keep_bytes(name, data):
        site.write(name, data)


def _code_key(lang: str, common: Row) -> bytes:
    """What every page depends on beside its own figures: this program's version and
    templates, the language, the site's title and how the site's state keeps the
    players' lines."""
    digest = hashlib.blake2b(repr((__version__, lang, common["title"], common["federation"],
                                   common["comp"].system, common["comp"].period,
                                   _LINES)).encode())
    templates = Path(__file__).resolve().parents[1] / "render" / "templates"
    for path in sorted(templates.rglob("*")):
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.digest()


def _key(*parts: object) -> bytes:
    return hashlib.blake2b(repr(parts).encode(), digest_size=20).digest()


def _list_date(db: Database, comp: Computation) -> str:
    found = db.query("SELECT max(list_date) FROM periods WHERE computation_id = ? AND end <= ?",
                     comp.id, comp.current)
    return str(found[0][0] or "")


def _events(db: Database, comp: Computation) -> list[_Event]:
    """The pool's events in its lists (one in progress waits, unless rated as it is)."""
    return [_Event(*row) for row in db.conn.execute(
        "SELECT e.id, e.name, e.start, e.end, e.type, e.rounds,"
        " (SELECT count(*) FROM event_players p WHERE p.event_id = e.id AND NOT p.fixed_rating),"
        f" e.identity FROM events e WHERE e.pool_id = ? AND {RATED_EVENTS} ORDER BY e.end, e.id",
        (comp.pool_id, comp.unfinished))]


def _event_row(event: _Event, words: dict[str, str]) -> Row:
    return {"id": event.id, "name": event.name, "start": event.start or "", "end": event.end,
            "type": words.get(event.type, event.type), "rounds": event.rounds,
            "players": event.players}


# --- parallel rendering ----------------------------------------------------------------


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    found = iter(items)
    while chunk := list(itertools.islice(found, size)):
        yield chunk


def _spread(fn: Callable[[list[T]], R], chunks: Iterator[list[T]], parallel: bool) -> Iterator[R]:
    """``fn`` of each chunk, in order: in worker processes if ``parallel``, with a few
    chunks per worker in flight (the rest are not made yet: memory stays bounded)."""
    if not parallel:
        yield from map(fn, chunks)
        return
    workers = os.cpu_count() or 1
    with ProcessPoolExecutor(workers) as executor:
        window: deque[Future[R]] = deque()
        for chunk in chunks:
            window.append(executor.submit(fn, chunk))
            if len(window) >= 3 * workers:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()


# --- the events' pages -------------------------------------------------------------------


def stored_result(db: Database, comp: Computation, event_id: int) -> RatingResult | None:
    """The event as the computation rated it, from the figures its period stored (None:
    not rated yet, imported after the last recomputation)."""
    found = db.query(
        "SELECT r.system, r.players, r.games, r.settings, r.warnings, g.rows"
        " FROM event_results r JOIN periods p ON p.id = r.period_id AND p.end <= ?"
        " JOIN games g ON g.event_id = r.event_id"
        " WHERE r.computation_id = ? AND r.event_id = ?", comp.current, comp.id, event_id)
    if not found:
        return None
    name, players, games, settings, warnings, rows = found[0]
    system = get_system(name)
    player_figures = unpack(players, system.player_figures)
    keeps = system.terms.decimals
    before: list[float | None] = [
        (round(r, keeps) if keeps else round(r)) if r == r and r > 0 else None
        for r in player_figures["rating"].astype(float).tolist()]
    event = stored_event(db, event_id, unpack(rows, GAME_ROW), before)
    figures = Figures(player_figures, unpack(games, system.game_figures),
                      tuple(json.loads(warnings or "[]")), json.loads(settings or "{}"))
    return RatingResult(event, system, figures, standings(event, tiebreak_codes(None, event)))


def _event_keys(db: Database, comp: Computation) -> dict[int, bytes]:
    """Per event, a digest of what its page is made from in the database: the event,
    its players (with what the database knows of them) and its stored figures."""
    keys = {int(row[0]): _key(row) for row in db.conn.execute(
        "SELECT id, content_hash, version, path, name, start, end, type, rounds, settings,"
        " game_pools, details, format, complete_rounds FROM events WHERE pool_id = ?",
        (comp.pool_id,))}
    # The pool's events only, sought by their ids in order (no other pool's rows read,
    # no sorting: the primary key gives each event's players in order).
    players = db.conn.execute(
        "SELECT p.event_id, p.idx, p.player_id, p.start_no, p.name, p.rating, p.title,"
        " p.federation, p.fixed_rating, q.fide_id, q.sex, q.birth, q.birth_year"
        " FROM event_players p JOIN players q ON q.id = p.player_id"
        " WHERE p.event_id IN (SELECT id FROM events WHERE pool_id = ?)"
        " ORDER BY p.event_id, p.idx", (comp.pool_id,))
    for event, rows in itertools.groupby(players, key=lambda row: int(row[0])):
        if event in keys:
            keys[event] = _key(keys[event], list(rows))
    for event, *figures in db.conn.execute(
            "SELECT r.event_id, r.system, r.players, r.games, r.settings, r.warnings"
            " FROM event_results r JOIN periods p ON p.id = r.period_id AND p.end <= ?"
            " WHERE r.computation_id = ?", (comp.current, comp.id)):
        if event in keys:
            digest = hashlib.blake2b(keys[event], digest_size=20)
            for part in figures:
                digest.update(repr(part).encode() if not isinstance(part, bytes) else part)
            keys[event] = digest.digest()
    return keys


@dataclass(frozen=True)
class _Job:
    """What rendering one event's page needs (sent to a worker process)."""

    db: str  # the database's absolute path: a process keeps it open by it (_databases)
    comp: Computation
    event: _Event
    common: Row
    notes: dict[Any, str]
    nav: str  # the site's links, the same on every event's page
    path: str  # where to write it
    versions: list[Row]  # its newer versions, the latest first (_versions)


#: A page written by a worker: the sha256 of its bytes and the players' lines
#: (idx, player id, points, rank, rating before, change, new rating).
_Written = tuple[bytes, list[tuple[Any, ...]]]


def _event_pages(db: Database, comp: Computation, events: Sequence[_Event], site: SiteFolder,
                 common: Row, code: bytes, step: Callable[[int], None]) -> list[PeriodLines]:
    """Every event's page (made again only where its key changed) and its players' lines
    in the site's state; returns the periods' lines, which the players' pages show.

    The events go in time order, and the periods' notes are made as they go: what is
    held is the notes of the periods in reach, and the pages in the workers' window."""
    words = labels(common["lang"])
    periods: list[PeriodLines] = []
    notes_of = _notes_in_order(_period_notes(db, comp, words), periods)
    base = _event_keys(db, comp)
    current = [e.id for e in events]
    site.state.execute("DELETE FROM lines WHERE -event NOT IN (SELECT value FROM json_each(?))",
                       (json.dumps(current),))
    pending: deque[tuple[_Job, bytes]] = deque()
    nav = render("site/event_nav.html.j2", common, root="../")
    corrected = corrections(db, comp.pool_id)

    def jobs() -> Iterator[_Job]:
        for event in events:
            mine = notes_of(event)
            versions = _versions(corrected.get(event.identity, []), common["lang"])
            name = f"events/{event.id}.html"
            key = _key(code, base[event.id], sorted(mine.items(), key=repr), versions)
            if site.keep(name, key):
                step(1)
                continue
            job = _Job(str(Path(db.path).resolve()), comp, event, common, mine, nav,
                       str(site.claim(name)), versions)
            pending.append((job, key))
            yield job

    todo = jobs()
    first = list(itertools.islice(todo, _PARALLEL_FROM))  # enough pages for the workers?
    for chunk in _spread(_render_events, _chunks(itertools.chain(first, todo), _CHUNK),
                         len(first) >= _PARALLEL_FROM):
        for sha, lines in chunk:
            job, key = pending.popleft()
            site.wrote(f"events/{job.event.id}.html", key, sha)
            _store_lines(site, job.event, lines)
            step(1)
    notes_of(None)  # the periods after the last event
    return periods


def _versions(found: list[Correction], lang: str) -> list[Row]:
    """An event's newer versions as its page says them: when each came and what it
    changed of the version before it."""
    return [{"heading": say(message(N_("Corrected on {}, version {}") if c.corrected else
                                    N_("Updated on {}, version {}"), c.day.isoformat(),
                                    c.version), lang),
             "lines": [say(line, lang) for line in c.lines]} for c in found]


def _notes_in_order(made: Iterator[tuple[PeriodLines, dict[int, dict[Any, str]]]],
                    periods: list[PeriodLines]) -> Callable[[_Event | None], dict[Any, str]]:
    """The notes of each event asked for in time order (``None``: the rest of the
    periods), from the periods ``made`` in order, each appended to ``periods`` when it is
    reached.  A period is reached when it starts on or before the event's end (its
    events end in it; periods in order of their ends): the notes held are those of the
    periods in reach."""
    held: dict[int, dict[Any, str]] = {}
    upcoming = next(made, None)

    def notes_of(event: _Event | None) -> dict[Any, str]:
        nonlocal upcoming
        while upcoming is not None and (event is None or upcoming[0].start <= event.end):
            periods.append(upcoming[0])
            held.update(upcoming[1])
            upcoming = next(made, None)
        return {} if event is None else held.pop(event.id, {})

    return notes_of


def _store_lines(site: SiteFolder, event: _Event, lines: list[tuple[Any, ...]]) -> None:
    day = -date.fromisoformat(event.end).toordinal()
    site.state.execute("DELETE FROM lines WHERE event = ?", (-event.id,))
    site.state.executemany(
        "INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(player, day, -event.id, idx, event.name, event.end, event.rounds, *outcome)
         for idx, player, *outcome in lines])


#: The databases a process renders pages from, each kept open: by path and file (one
#: process publishes several databases, or a new one at a path, as the tests do).
_databases: dict[tuple[str, int], Database] = {}


def _render_events(jobs: list[_Job]) -> list[_Written]:
    """Render and write each event's page (a worker keeps its database open)."""
    done = []
    for job in jobs:
        key = (job.db, os.stat(job.db).st_ino)
        db = _databases.get(key)
        if db is None:
            db = _databases[key] = Database(job.db, readonly=True)
        html, lines = _page(db, job)
        data = html.encode("utf-8")
        with open(job.path, "wb") as stream:
            stream.write(data)
        done.append((sha256(data), lines))
    return done


def _page(db: Database, job: _Job) -> tuple[str, list[tuple[Any, ...]]]:
    """The event's report page (a message instead if it has no figures yet) and each
    player's line in it."""
    common = job.common
    result = stored_result(db, job.comp, job.event.id)
    if result is None:
        error = site_labels(common["lang"])["not_rated_yet"]
        html = render("site/event_error.html.j2", common, root="../", event=job.event,
                      error=error, versions=job.versions)
        return html, [(idx, pid, "", "", "", "", "") for idx, pid in db.query(
            "SELECT idx, player_id FROM event_players WHERE event_id = ? ORDER BY idx",
            job.event.id)]
    table = result.player_table
    start_key = result.system.terms.start.key
    who = [pid for _, pid in db.query(
        "SELECT idx, player_id FROM event_players WHERE event_id = ? ORDER BY idx",
        job.event.id)]
    lines = []
    for idx, points, rank, before, change, after in zip(
            range(len(table)), *(table.values(name) for name in (
                "points", "rank", start_key, "change_rounded", "new_rating")), strict=True):
        rated = bool(fmt_list_rating(before))
        lines.append((idx, who[idx], fmt_points(points), fmt_text(rank),
                      fmt_list_rating(before), fmt_list_change(change) if rated else "",
                      fmt_list_rating(after)))
    versions = render("site/event_versions.html.j2", common, versions=job.versions)
    return _with_nav(render_html(result, common["lang"], job.notes, assets="../"),
                     job.nav + versions), lines


def _with_nav(html: str, nav: str) -> str:
    """The report page with the site's links right after ``<body>``."""
    at = html.find("<body>")
    if at < 0:
        return nav + html
    at += len("<body>")
    return html[:at] + "\n" + nav + html[at:]


def _period_notes(db: Database, comp: Computation, words: dict[str, str],
                  ) -> Iterator[tuple[PeriodLines, dict[int, dict[Any, str]]]]:
    """Each period's lines, in order (one pass over the stored lists), with a note for
    every event per player who played other events in the period: the period's events
    and the list's rating before and after it."""
    for period in period_lines(db, comp):
        notes: dict[int, dict[Any, str]] = {}
        rows = db.query(
            "SELECT r.event_id, e.name, q.player_id, q.start_no FROM events e"
            " JOIN event_results r ON r.event_id = e.id AND r.computation_id = ?"
            " AND r.period_id = ? JOIN event_players q ON q.event_id = e.id"
            " WHERE e.pool_id = ? AND e.end BETWEEN ? AND ? ORDER BY e.end, e.id, q.idx",
            comp.id, period.id, comp.pool_id, period.start, period.end)
        events_of: dict[int, list[str]] = {}
        for _, name, player, _ in rows:
            events_of.setdefault(int(player), []).append(str(name))
        lines = period.lines
        span = f"{period.start} – {period.end}"
        for event_id, _, player, start_no in rows:
            played = events_of[int(player)]
            if len(played) < 2:
                continue
            at = int(np.searchsorted(lines["player"], player))
            before, after = (float(lines["before"][at]), float(lines["rating"][at])) \
                if at < len(lines) and lines["player"][at] == player else (0.0, 0.0)
            key: Any = int(start_no) if str(start_no).isdigit() else start_no
            notes.setdefault(int(event_id), {})[key] = words["period_note"].format(
                n=len(played), period=span, events="; ".join(played),
                before=fmt_list_rating(before) or words["unrated"],
                after=fmt_list_rating(after or before) or words["unrated"])
        yield period, notes


# --- the players -----------------------------------------------------------------------


@dataclass(frozen=True)
class _PlayerJob:
    context: Row
    path: str


def _player_pages(db: Database, comp: Computation, player_ids: npt.NDArray[np.int64],
                  listed: Any, periods: list[PeriodLines], site: SiteFolder, common: Row,
                  code: bytes, words: dict[str, str], step: Callable[[int], None]) -> None:
    """Every player's page, made again only where its key changed: his identity, his
    list entry, his history's lines and his lines in the events' reports."""
    entries = {int(pid): (fmt_list_rating(r), fmt_text(g), fmt_text(k), fmt_text(t),
                          bool(on), fmt_text(club), fmt_text(region))
               for pid, r, g, k, t, on, club, region in zip(
                   listed["id"], listed["rating"], listed["games"], listed["k"],
                   listed["title"], listed["active"], listed["club"], listed["region"],
                   strict=True)}
    # Every history line with its period, by player (the periods are in time order).
    lines: npt.NDArray[Any] = np.concatenate(
        [np.zeros(0, dtype=HISTORY_ROW), *(p.lines for p in periods)])
    which = np.concatenate([np.zeros(0, dtype=np.int32), *(
        np.full(len(p.lines), i, dtype=np.int32) for i, p in enumerate(periods))])
    order = np.argsort(lines["player"], kind="stable")
    lines, which = lines[order], which[order]
    bounds = np.searchsorted(lines["player"], player_ids, side="left")
    ends = np.searchsorted(lines["player"], player_ids, side="right")
    meta = [(p.list_date, p.start, p.end, p.system) for p in periods]
    people = db.conn.execute(
        "SELECT id, name, fide_id, federation_id, federation, title, sex FROM players"
        " ORDER BY id")
    played = itertools.groupby(site.state.execute(
        "SELECT player, event, name, end, rounds, points, rank, rating, change, new_rating"
        " FROM lines ORDER BY player, day, event, idx"), key=lambda row: int(row[0]))
    person: tuple[Any, ...] = (-1,)
    games: tuple[int, list[tuple[Any, ...]]] = (-1, [])

    def jobs() -> Iterator[_PlayerJob]:
        nonlocal person, games
        for at, pid in enumerate(player_ids.tolist()):
            while person[0] < pid:
                person = next(people)
            while games[0] < pid:
                found = next(played, None)
                games = (1 << 62, []) if found is None else (found[0], list(found[1]))
            mine = games[1] if games[0] == pid else []
            own = lines[bounds[at]:ends[at]]
            own_periods = which[bounds[at]:ends[at]].tolist()
            entry = entries.get(pid)
            name = f"players/{pid}.html"
            key = _key(code, person, entry, own.tobytes(), [meta[i] for i in own_periods],
                       mine)
            if site.keep(name, key):
                step(1)
                continue
            context = _player_context(person, entry, own, [periods[i] for i in own_periods],
                                      mine, words, common)
            pending.append((name, key))
            yield _PlayerJob(context, str(site.claim(name)))

    pending: deque[tuple[str, bytes]] = deque()
    for chunk in _spread(_render_players, _chunks(jobs(), _CHUNK),
                         len(player_ids) >= _PARALLEL_FROM):
        for sha in chunk:
            site.wrote(*pending.popleft(), sha)
            step(1)


def _player_context(person: tuple[Any, ...], entry: tuple[Any, ...] | None,
                    own: Any, periods: list[PeriodLines], mine: list[tuple[Any, ...]],
                    words: dict[str, str], common: Row) -> Row:
    pid, name, fide_id, federation_id, federation, title, sex = person
    row: Row = {"id": pid, "name": name, "fide_id": fide_id or "",
                "federation_id": federation_id or "", "federation": federation or "",
                "title": title or "", "rating": "", "games": "", "k": "", "active": True,
                "club": "", "region": "",
                "sex": {"m": words["male"], "w": words["female"]}.get(sex or "", "")}
    if entry is not None:
        row.update(rating=entry[0], games=entry[1], k=entry[2], active=entry[4],
                   club=entry[5], region=entry[6])
        row["title"] = entry[3] or row["title"]
    by_date = [(str(e[2]), str(e[3])) for e in reversed(mine)]
    past = [history_row(period, line, period_events(by_date, period.start, period.end))
            for period, line in zip(periods, own, strict=True)]
    series = [(date.fromisoformat(str(r["list_date"])), float(r["rating"])) for r in past
              if r["rating"] is not None]
    return {"common": common, "player": row,
            "history": [_history_cells(r, words) for r in past],
            "series": series, "words": words,
            "events": [{"id": -int(e[1]), "name": e[2], "end": e[3], "rounds": e[4],
                        "points": e[5], "rank": e[6], "rating": e[7], "change": e[8],
                        "new_rating": e[9]} for e in mine]}


def _history_cells(r: Row, words: dict[str, str]) -> Row:
    """A history line's cells; a published list's names no period: it says what it is."""
    listed = r["list"] is not None
    return {"list_date": r["list_date"],
            "period": words["published_list"] if listed else str(r["period"]).replace(
                "..", " – "),
            "rating_before": fmt_list_rating(r["rating_before"]),
            "rating": fmt_list_rating(r["rating"]), "change": fmt_list_change(r["change"]),
            "games": fmt_text(r["games"]), "events": "" if listed else r["events"]}


def _render_players(jobs: list[_PlayerJob]) -> list[bytes]:
    done = []
    for job in jobs:
        context = job.context
        html = render("site/player.html.j2", context["common"], root="../",
                      player=context["player"], history=context["history"],
                      chart=history_chart(context["series"], context["words"],
                                          context["player"]["name"]),
                      events=context["events"])
        data = html.encode("utf-8")
        with open(job.path, "wb") as stream:
            stream.write(data)
        done.append(sha256(data))
    return done


# --- the lists ---------------------------------------------------------------------------


def _page_name(stem: str, number: int) -> str:
    first = "index" if stem == "list" else stem
    return f"{first}.html" if number == 1 else f"{stem}-{number}.html"


def _pager(stem: str, count: int, rows: int, number: int) -> list[Row]:
    """The links to every page of a paginated table, each by its range of rows."""
    if count <= rows:
        return []
    return [{"href": _page_name(stem, k + 1),
             "text": f"{k * rows + 1}–{min(count, (k + 1) * rows)}", "current": k + 1 == number}
            for k in range(-(-count // rows))]


def _page_count(count: int, rows: int) -> int:
    """The pages of a paginated table of ``count`` rows (one, empty, for none)."""
    return max(1, -(-count // rows))


class _ListPage(NamedTuple):
    """A paginated list of players: its pages' stem (``list``: ``index.html``,
    ``list-2.html``, …), its heading (empty: the rating list's own), and whether its
    search looks over the whole list (the shards) or only at its page's rows."""

    stem: str
    heading: str
    shards: bool


def _list_pages(listed: list[int], cells: ListRows, site: SiteFolder, common: Row, rows: int,
                stale: int, step: Callable[[int], None], page: _ListPage) -> None:
    """A list's pages: ``listed``, the positions of its players on the whole list (whose
    rows ``cells`` are), best first, ``rows`` a page."""
    fed_ids = cells.with_federation_ids(listed)
    count = len(listed)
    for k in range(_page_count(count, rows)):
        shown = cells.of(listed[k * rows:(k + 1) * rows], k * rows + 1)
        html = render("site/index.html.j2", common, root="", players=shown, count=count,
                      fed_ids=fed_ids, stale=stale, heading=page.heading,
                      stem=page.stem, shards=page.shards,
                      pager=_pager(page.stem, count, rows, k + 1))
        _put(site, _page_name(page.stem, k + 1), html.encode("utf-8"))
        step(1)


def _categories_page(lists: Sequence[Category], site: SiteFolder, common: Row,
                     words: dict[str, str], step: Callable[[int], None]) -> None:
    """``categories.html``: every category's list, by kind, with its count and leader."""
    rows = leaders(list(lists))
    sections = [{"title": words[word], "rows": [
        {**row, "rating": fmt_list_rating(row["rating"])} for row in rows if row["kind"] == kind]}
        for kind, word in KINDS]
    html = render("site/categories.html.j2", common, root="",
                  sections=[section for section in sections if section["rows"]])
    _put(site, "categories.html", html.encode("utf-8"))
    step(1)


def _event_index(events: Sequence[_Event], site: SiteFolder, common: Row, rows: int,
                 words: dict[str, str], step: Callable[[int], None]) -> None:
    count = len(events)
    for k in range(_page_count(count, rows)):
        shown = [_event_row(e, words) for e in events[k * rows:(k + 1) * rows]]
        html = render("site/events.html.j2", common, root="", events=shown,
                      pager=_pager("events", count, rows, k + 1))
        _put(site, _page_name("events", k + 1), html.encode("utf-8"))
        step(1)


# --- the search ----------------------------------------------------------------------------


def shard_file(key: str) -> str:
    """A shard's file name: its key's letters and digits as they are, any other
    character as ``_<hex>_`` (``site.js`` names them alike)."""
    return "".join(c if c.isascii() and c.isalnum() else f"_{ord(c):x}_" for c in key) + ".js"


def shard_keys(terms: Sequence[str]) -> dict[str, list[int]]:
    """The search shards of folded ``terms``: key → the terms' positions.  A term goes
    in the shard of the longest key it starts with; a shard of more than
    :data:`SHARD_SIZE` terms is split by one more letter (up to six)."""
    groups: dict[str, list[int]] = {}
    todo: list[tuple[int, list[int]]] = [(2, list(range(len(terms))))]
    while todo:
        length, members = todo.pop()
        split: dict[str, list[int]] = {}
        for at in members:
            split.setdefault(terms[at][:length], []).append(at)
        for key, found in split.items():
            if len(found) > SHARD_SIZE and len(key) == length < _SHARD_KEY_MAX:
                todo.append((length + 1, found))
            else:
                groups.setdefault(key, []).extend(found)
    return {key: sorted(found) for key, found in sorted(groups.items())}


def _merged_names(db: Database) -> dict[int, list[str]]:
    """The folded names of the records merged into each player (``db merge-players``)."""
    names: dict[int, list[str]] = {}
    for pid, folded in db.query("SELECT player_id, name_folded FROM merged_players"
                                " ORDER BY player_id, id"):
        names.setdefault(int(pid), []).append(str(folded))
    return names


def _search_shards(active: Any, inactive: Any, merged: dict[int, list[str]],
                   site: SiteFolder) -> None:
    """``search/index.js`` (the shards' keys) and one script per shard: each listed
    player once by his folded name, by the name of each record merged into his
    (``merged``), and by each of his ids, with the cells of his row — the active players'
    with their places, then the inactive players' with none."""
    records, terms = [], []
    listed = pd.concat([active, inactive])
    places = [str(n) for n in range(1, len(active) + 1)] + ["–"] * len(inactive)
    for order, (pid, name, rating, change, title, federation, born, games, period_games, k,
                fide_id, federation_id, place) in enumerate(zip(
                listed["id"], listed["name"], listed["rating"], listed["change"],
                listed["title"], listed["federation"], listed["birth_year"], listed["games"],
                listed["period_games"], listed["k"], listed["fide_id"], listed["federation_id"],
                places, strict=True), start=1):
        record = [order, int(pid), str(name), fmt_list_rating(rating), fmt_list_change(change),
                  fmt_text(title), fmt_text(federation), fmt_text(born), fmt_text(games),
                  fmt_text(period_games), fmt_text(k), fmt_text(fide_id),
                  fmt_text(federation_id), place]
        for term in dict.fromkeys([fold_name(str(name)), *merged.get(int(pid), []),
                                   fold_name(fmt_text(fide_id)),
                                   fold_name(fmt_text(federation_id))]):
            if term:
                terms.append(term)
                records.append(record)
    shards = shard_keys(terms)
    _put(site, "search/index.js", _script("tournamentEloShards", list(shards)))
    for key, members in shards.items():
        _put(site, f"search/{shard_file(key)}",
             _script("tournamentEloShard", key, [[terms[at], *records[at]] for at in members]))


def _script(function: str, *arguments: object) -> bytes:
    """A script that hands ``arguments`` to ``function`` (loaded by a ``<script>`` tag:
    a page opened from ``file://`` may not fetch a JSON file)."""
    text = ", ".join(json.dumps(a, ensure_ascii=False, separators=(",", ":"))
                     for a in arguments)
    return f"{function}({text});\n".encode()
