"""``publish``: a static web site of a rating database, readable offline.

The site (written into ``out_dir``):

- ``index.html``: the current rating list of a computation (pool, system, period),
  best first; ``site.js`` makes its columns sortable and adds a search box that folds
  Vietnamese (``Nguyễn`` is found by ``nguyen``, ``Đức`` by ``duc``).  Without
  JavaScript the list still reads, sorted by rating.
- ``events.html``: every event of the pool.
- ``players/<id>.html`` (the database id) for every player on the list or in an
  event (a fixed-rated AI level is no player: no page): identity, current rating, the
  rating history as a chart and as a table, and the events he played with his rating
  before, change and rating after.
- ``events/<id>.html``: the event's report — the page ``rate --out`` writes (its CSS
  inline) with a bar of site links put in after ``<body>``.
- ``site.css`` and ``site.js``: local files, nothing is fetched from the network.

Every figure is one the database computed and keeps: an event's page renders the
figures its rating period stored (:mod:`.db.recompute`) through the same rendering
layer as ``rate --out``, so a page and the list can never disagree; nothing is rated
again and no event file is read.  A player with several events in one period gets a
note on each of their pages saying how the list's figure was formed.  From eight events
on, the pages are rendered in parallel processes.

Files are written atomically (a temporary file, then a rename); nothing in ``out_dir``
that the site does not write is touched.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ..db.events import stored_event
from ..db.lists import base_list, starting_rating
from ..db.queries import Computation, computation, history, ratings
from ..db.recompute import RATED_EVENTS
from ..db.schema import GAME_ROW
from ..db.store import Database, unpack
from ..i18n.labels import labels, site_labels
from ..i18n.message import N_
from ..rating.engine import RatingResult
from ..rating.standings import standings, tiebreak_codes
from ..rating_list import LIST_ENTRY
from ..render.charts import history_chart
from ..render.format import fmt_list_change, fmt_list_rating, fmt_points, fmt_text, missing
from ..render.html import asset, render, render_html
from ..render.writers import OutputFolder
from ..systems.protocol import Figures
from ..systems.registry import get_system

Row = dict[str, Any]


@dataclass
class _Writer:
    """Writes the site's files (never over a file the site did not write) and reports
    progress per page."""

    folder: OutputFolder
    advance: Callable[[int], None] | None

    def file(self, name: str, data: bytes) -> None:
        self.folder.write(name, data)

    def page(self, name: str, html: str) -> None:
        self.file(name, html.encode("utf-8"))
        if self.advance:
            self.advance(1)


@dataclass(frozen=True)
class _Event:
    id: int
    name: str
    start: str | None
    end: str
    type: str
    rounds: int
    players: int


@dataclass(frozen=True)
class _Outcome:
    """A player's line in an event's report, as his page lists it."""

    points: str = ""
    rank: str = ""
    rating: str = ""
    change: str = ""
    new_rating: str = ""


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
) -> list[Path]:
    """Write the site of the computation (pool, system, period) into ``out_dir`` (see
    the module docstring); ``total(n)`` is called once with the number of pages, then
    ``advance(1)`` per page.  ``title`` heads every page (default: "Rating list" in the
    site's language) with the ``federation``'s name; the pool's name, an internal one,
    is shown nowhere.  Returns the files written."""
    words = site_labels(lang)
    comp = computation(db, pool, system, period)
    listed = ratings(db, comp)
    events = _events(db, comp)
    # A fixed-rated reference opponent (an AI level) is no participant: no page.
    player_ids = sorted(set(listed["id"].astype(int)) | {
        int(r[0]) for r in db.query(
            "SELECT DISTINCT p.player_id FROM event_players p JOIN events e ON e.id = p.event_id"
            f" WHERE e.pool_id = ? AND NOT p.fixed_rating AND {RATED_EVENTS}", comp.pool_id,
            comp.unfinished)})
    if total:
        total(2 + len(events) + len(player_ids))
    database = [Path(f"{db.path}{suffix}") for suffix in ("", "-wal", "-shm")]
    with OutputFolder(Path(out_dir), N_("the site"), database) as folder:
        folder.check(["site.css", "site.js", "events.html", "index.html",
                      *(f"events/{e.id}.html" for e in events),
                      *(f"players/{pid}.html" for pid in player_ids)])
        out = _Writer(folder, advance)
        out.file("site.css", asset("site/site.css"))
        out.file("site.js", asset("site/site.js"))
        common = {"lang": lang, "comp": comp, "list_date": _list_date(db, comp),
                  "title": title or words["site"], "federation": federation}
        outcomes: dict[tuple[int, int], _Outcome] = {}
        notes = _period_notes(db, comp, labels(lang))
        jobs = [_Job(str(db.path), comp, e.id, lang, notes.get(e.id, {})) for e in events]
        for event, (html, found, error) in zip(events, _pages(jobs), strict=True):
            outcomes.update({(event.id, idx): o for idx, o in found.items()})
            if error:
                html = render("site/event_error.html.j2", common, root="../", event=event,
                              error=error)
            else:
                html = _with_nav(html, render("site/event_nav.html.j2", common, root="../",
                                              event=event))
            out.page(f"events/{event.id}.html", html)
        rows = _list_rows(listed)
        on_list = {r["id"]: r for r in rows}
        for pid in player_ids:
            row = _player_row(db, pid, on_list)
            past = history(db, comp, pid)
            out.page(f"players/{pid}.html", render(
                "site/player.html.j2", common, root="../", player=row, history=_history_rows(past),
                chart=history_chart(_series(past), words, row["name"]),
                events=_played(db, comp, pid, outcomes)))
        out.page("events.html", render("site/events.html.j2", common, root="",
                                       events=[_event_row(e, words) for e in events]))
        out.page("index.html", render("site/index.html.j2", common, root="", players=rows,
                                      fed_ids=any(r["federation_id"] for r in rows),
                                      stale=comp.stale_events(db)))
    return folder.written


def _list_date(db: Database, comp: Computation) -> str:
    found = db.query("SELECT max(list_date) FROM periods WHERE computation_id = ? AND end <= ?",
                     comp.id, comp.current)
    return str(found[0][0] or "")


def _events(db: Database, comp: Computation) -> list[_Event]:
    """The pool's events in its lists (one in progress waits, unless rated as it is)."""
    return [_Event(*row) for row in db.query(
        "SELECT e.id, e.name, e.start, e.end, e.type, e.rounds,"
        " (SELECT count(*) FROM event_players p WHERE p.event_id = e.id AND NOT p.fixed_rating)"
        f" FROM events e WHERE e.pool_id = ? AND {RATED_EVENTS} ORDER BY e.end, e.id",
        comp.pool_id, comp.unfinished)]


def _event_row(event: _Event, words: dict[str, str]) -> Row:
    return {"id": event.id, "name": event.name, "start": event.start or "", "end": event.end,
            "type": words.get(event.type, event.type), "rounds": event.rounds,
            "players": event.players}


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


@dataclass(frozen=True)
class _Job:
    """What rendering one event's page needs (sent to a worker process)."""

    db: str
    comp: Computation
    event: int
    lang: str
    notes: dict[Any, str]


#: From this many events on, the pages are made in parallel processes.
_PARALLEL_FROM = 8

Page = tuple[str, dict[int, _Outcome], str]


def _pages(jobs: list[_Job]) -> Iterator[Page]:
    """Each event's page, in order (rendering dominates: it is spread over the cores)."""
    workers = min(os.cpu_count() or 1, len(jobs))
    if len(jobs) < _PARALLEL_FROM or workers < 2:
        yield from map(_page, jobs)
        return
    with ProcessPoolExecutor(workers) as executor:
        yield from executor.map(_page, jobs, chunksize=max(1, len(jobs) // (8 * workers)))


def _page(job: _Job) -> Page:
    """The event's report page, each player's line (by his index in the event), and a
    message instead if it has no figures yet."""
    with Database(job.db, readonly=True) as db:
        result = stored_result(db, job.comp, job.event)
    if result is None:
        return "", {}, site_labels(job.lang)["not_rated_yet"]
    table = result.players
    outcomes = {}
    start_key = result.system.terms.start.key
    for idx, points, rank, before, change, after in zip(
            range(len(table)), table["points"], table["rank"], table[start_key],
            table["change_rounded"], table["new_rating"], strict=True):
        rated = bool(fmt_list_rating(before))
        outcomes[idx] = _Outcome(fmt_points(points), fmt_text(rank), fmt_list_rating(before),
                                 fmt_list_change(change) if rated else "",
                                 fmt_list_rating(after))
    return render_html(result, job.lang, job.notes), outcomes, ""


def _with_nav(html: str, nav: str) -> str:
    """The report page with the site's links right after ``<body>``."""
    at = html.find("<body>")
    if at < 0:
        return nav + html
    at += len("<body>")
    return html[:at] + "\n" + nav + html[at:]


def _period_notes(db: Database, comp: Computation,
                  words: dict[str, str]) -> dict[int, dict[Any, str]]:
    """For every event, a note per player who played other events in its rating period:
    the period's events and the list's rating before and after it."""
    periods = db.query(
        "SELECT p.id, p.start, p.end, p.entries, r.event_id, e.name, q.player_id, q.start_no"
        " FROM periods p JOIN event_results r ON r.period_id = p.id"
        " JOIN events e ON e.id = r.event_id JOIN event_players q ON q.event_id = r.event_id"
        " WHERE p.computation_id = ? AND p.end <= ? ORDER BY p.end, p.first_event, e.end, e.id",
        comp.id, comp.current)
    by_period: dict[int, list[tuple[Any, ...]]] = {}
    for row in periods:
        by_period.setdefault(int(row[0]), []).append(row)
    first = date.fromisoformat(periods[0][1]) if periods else date.max
    state = base_list(db, comp.pool_id, first)[1]
    notes: dict[int, dict[Any, str]] = {}
    for rows in by_period.values():
        entries = unpack(rows[0][3], LIST_ENTRY)
        events_of: dict[int, list[tuple[int, str]]] = {}
        for _, _, _, _, event_id, name, player, _ in rows:
            events_of.setdefault(int(player), []).append((int(event_id), str(name)))
        state.grow(max(events_of, default=0) + 1)
        after = dict(zip(entries["player"].tolist(), entries["rating"].tolist(), strict=True))
        period = f"{rows[0][1]} – {rows[0][2]}"
        for _, _, _, _, event_id, _, player, start_no in rows:
            played = events_of[int(player)]
            if len(played) < 2:
                continue
            before = starting_rating(float(state.rating[player]),
                                     entries[entries["player"] == player])
            key: Any = int(start_no) if str(start_no).isdigit() else start_no
            notes.setdefault(int(event_id), {})[key] = words["period_note"].format(
                n=len(played), period=period, events="; ".join(n for _, n in played),
                before=fmt_list_rating(before) or words["unrated"],
                after=fmt_list_rating(after.get(int(player), before)) or words["unrated"])
        state.apply(entries)
    return notes


# --- the players -----------------------------------------------------------------------


def _list_rows(listed: Any) -> list[Row]:
    """The list's rows as the pages show them, best first."""
    return [{"rank": rank, "id": int(p["id"]), "name": p["name"], "title": fmt_text(p["title"]),
             "federation": fmt_text(p["federation"]), "fide_id": fmt_text(p["fide_id"]),
             "federation_id": fmt_text(p["federation_id"]),
             "rating": fmt_list_rating(p["rating"]), "rating_value": float(p["rating"]),
             "change": fmt_list_change(p["change"]),
             "change_value": 0.0 if missing(p["change"]) else float(p["change"]),
             "born": fmt_text(p["birth_year"]), "games": fmt_text(p["games"]),
             "period_games": fmt_text(p["period_games"]), "k": fmt_text(p["k"])}
            for rank, p in enumerate(listed.to_dict("records"), start=1)]


def _player_row(db: Database, pid: int, on_list: dict[int, Row]) -> Row:
    """Who the player is and, if he is on the list, his entry."""
    name, fide_id, federation_id, federation, title = db.query(
        "SELECT name, fide_id, federation_id, federation, title FROM players WHERE id = ?",
        pid)[0]
    row: Row = {"id": pid, "name": name, "fide_id": fide_id or "",
                "federation_id": federation_id or "", "federation": federation or "",
                "title": title or "", "rating": "", "games": "", "k": "", "rank": ""}
    entry = on_list.get(pid)
    if entry is not None:
        row.update({key: entry[key] for key in ("rating", "games", "k", "rank")})
        row["title"] = entry["title"] or row["title"]
    return row


def _history_rows(past: Any) -> list[Row]:
    return [{"list_date": r["list_date"], "period": str(r["period"]).replace("..", " – "),
             "rating_before": fmt_list_rating(r["rating_before"]),
             "rating": fmt_list_rating(r["rating"]), "change": fmt_list_change(r["change"]),
             "games": fmt_text(r["games"]), "events": r["events"]}
            for r in past.to_dict("records")]


def _series(past: Any) -> list[tuple[date, float]]:
    """The chart's points: each list with a rating for the player."""
    return [(date.fromisoformat(str(d)), float(v))
            for d, v in zip(past["list_date"], past["rating"], strict=True)
            if v == v and v is not None]


def _played(db: Database, comp: Computation, pid: int,
            outcomes: dict[tuple[int, int], _Outcome]) -> list[Row]:
    rows = []
    for event_id, idx, name, end, rounds in db.query(
            "SELECT e.id, p.idx, e.name, e.end, e.rounds FROM event_players p"
            " JOIN events e ON e.id = p.event_id WHERE p.player_id = ? AND e.pool_id = ?"
            f" AND {RATED_EVENTS} ORDER BY e.end DESC, e.id DESC", pid, comp.pool_id,
            comp.unfinished):
        outcome = outcomes.get((event_id, idx), _Outcome())
        rows.append({"id": event_id, "name": name, "end": end, "rounds": rounds,
                     "points": outcome.points, "rank": outcome.rank,
                     "rating": outcome.rating, "change": outcome.change,
                     "new_rating": outcome.new_rating})
    return rows

