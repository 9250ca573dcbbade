"""``publish``: a static web site of a rating database, readable offline.

The site (written into ``out_dir``):

- ``index.html``: the current rating list of a computation (pool, system, period),
  best first; ``site.js`` makes its columns sortable and adds a search box that folds
  Vietnamese (``Nguyễn`` is found by ``nguyen``, ``Đức`` by ``duc``).  Without
  JavaScript the list still reads, sorted by rating.
- ``events.html``: every event of the pool.
- ``players/<id>.html`` (the database id) for every player on the list or in an
  event: identity, current rating, the rating history as an inline SVG chart and as
  a table, and the events he played.
- ``events/<id>.html``: the event's crosstable and rating report, the page of
  :func:`tournament_elo.report.render_html` (self-contained, its CSS inline) with a
  bar of site links put in after ``<body>``.
- ``site.css`` and ``site.js``: local files, nothing is fetched from the network.

Each event is rated once, from its stored source file (written to a temporary file
with its original suffix; the format is detected from the content), under the system
of the rating period it falls in; rendering the reports is most of the work, so from
eight events on they are made in parallel processes.

The players' ratings and K state in an event's report are those of the database list
in force when the event was rated: the list after every period ending before the
event's period (for per-event periods: before the event's day), matched to the event's
players by start number.  For per-game systems (Tượng Kỳ, …) that is exact with
per-event periods; with longer periods, an event after another in the same period
starts from the period's list.  The report shows the event on its own:
when a player had several events in one period, the list's change for the period can
differ from the sum of the events' (the K × n cap counts the period's games).

Files are written atomically (a temporary file, then a rename); nothing in ``out_dir``
that the site does not write is touched.
"""

from __future__ import annotations

import math
import os
import tempfile
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd
from markupsafe import Markup, escape

from .db.lists import base_list
from .db.queries import Computation, computation, history, ratings
from .db.recompute import period_bounds
from .db.store import Database, unpack
from .engine import rate
from .errors import InputError, Place, TournamentEloError
from .io.detect import read_event
from .model import ListEntry
from .rating_list import LIST_ENTRY
from .report import render_html, write_atomic

Row = dict[str, Any]

#: The words of the site's own pages: key → (English, Vietnamese).  The event reports
#: keep their own (labels.py).
_WORDS: dict[str, tuple[str, str]] = {
    "site": ("Rating list", "Bảng hệ số Elo"),
    "list": ("Rating list", "Bảng hệ số Elo"),
    "events": ("Events", "Giải đấu"),
    "search": ("Search", "Tìm kiếm"),
    "search_hint": ("name, FIDE id or federation", "họ tên, mã FIDE hoặc liên đoàn"),
    "shown": ("shown", "hiển thị"),
    "of": ("of", "trên"),
    "sort_by": ("Sort by", "Sắp xếp theo"),
    "no_match": ("No player matches.", "Không có kỳ thủ nào phù hợp."),
    "rank": ("#", "#"),
    "place": ("Place", "Hạng"),
    "name": ("Name", "Họ tên"),
    "title": ("Title", "Danh hiệu"),
    "federation": ("Fed.", "Liên đoàn"),
    "fide_id": ("FIDE id", "Mã FIDE"),
    "federation_id": ("Federation id", "Mã liên đoàn"),
    "rating": ("Rating", "Elo"),
    "games": ("Games", "Số ván"),
    "k": ("K", "K"),
    "list_of": ("List of", "Danh sách ngày"),
    "system": ("System", "Hệ thống"),
    "period": ("Periods", "Kỳ tính"),
    "month": ("monthly", "hằng tháng"),
    "quarter": ("quarterly", "hằng quý"),
    "event": ("by event", "theo giải"),
    "players_rated": ("Rated players", "Kỳ thủ có Elo"),
    "stale": ("events were imported after the lists were computed: run "
              "'tournament-elo db recompute' to include them",
              "giải được nhập sau lần tính cuối: hãy chạy 'tournament-elo db recompute' "
              "để tính cả các giải này"),
    "current_rating": ("Current rating", "Elo hiện tại"),
    "unrated": ("unrated", "chưa có Elo"),
    "history": ("Rating history", "Lịch sử hệ số Elo"),
    "chart": ("Rating by list date", "Elo theo ngày danh sách"),
    "chart_of": ("Rating history of", "Lịch sử Elo của"),
    "list_date": ("List date", "Ngày danh sách"),
    "period_dates": ("Period", "Kỳ"),
    "rating_before": ("Before", "Elo trước"),
    "change": ("Change", "Thay đổi"),
    "no_history": ("No rated period yet.", "Chưa có kỳ tính nào."),
    "events_played": ("Events", "Các giải đã thi đấu"),
    "no_events": ("No event.", "Chưa có giải nào."),
    "date": ("Date", "Ngày"),
    "event_name": ("Event", "Giải đấu"),
    "rounds": ("Rounds", "Số vòng"),
    "points": ("Points", "Điểm"),
    "event_rating": ("Rating", "Elo"),
    "event_change": ("Change", "Thay đổi"),
    "players": ("Players", "Số kỳ thủ"),
    "type": ("Type", "Thể thức"),
    "swiss": ("Swiss", "Hệ Thụy Sĩ"),
    "round-robin": ("Round robin", "Vòng tròn"),
    "no_report": ("The report of this event could not be made:",
                  "Không lập được báo cáo của giải này:"),
    "generated": ("Published with tournament_elo", "Xuất bản bằng tournament_elo"),
}
LANGUAGES = ("en", "vi")
#: The words by language.
WORDS: dict[str, dict[str, str]] = {
    lang: {key: pair[i] for key, pair in _WORDS.items()} for i, lang in enumerate(LANGUAGES)}


def site_words(lang: str) -> dict[str, str]:
    if lang not in WORDS:
        raise InputError("unknown language", Place("--lang"), found=repr(lang),
                         expected=" or ".join(WORDS))
    return WORDS[lang]


# --- numbers -------------------------------------------------------------------------


def _missing(value: Any) -> bool:
    """None, NaN or pandas' NA."""
    return value is None or bool(pd.isna(value))


def fmt_rating(value: Any) -> str:
    """A rating as the lists show it: ``2150``; a per-game system's ``1523.4``."""
    if _missing(value) or not value:
        return ""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.1f}"


def fmt_change(value: Any) -> str:
    if _missing(value):
        return ""
    number = float(value)
    text = str(int(number)) if number.is_integer() else f"{number:.1f}"
    return text if number < 0 else f"+{text}"


def fmt_points(value: Any) -> str:
    if _missing(value):
        return ""
    number = float(value)
    whole = int(number)
    half = number - whole == 0.5
    return (str(whole) if whole or not half else "") + ("½" if half else "")


# --- the chart -----------------------------------------------------------------------


CHART_W, CHART_H = 560, 240
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 54, 14, 14, 34
#: The least height of the chart's scale, in rating points (a flat line is centred).
CHART_SPAN = 40
#: The least room between two dates written under the chart, in chart units.
CHART_LABEL_ROOM = 100


def _nice_step(span: float) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 1000 * math.ceil(span / 5000)


def rating_chart(series: list[tuple[date, float]], words: dict[str, str],
                 name: str) -> Markup | None:
    """An inline SVG line chart of the rating after each list (x: the list's date, y:
    the rating), one point per list, named for screen readers by its ``<title>`` and
    described by its ``<desc>`` (every date and rating); None without a point."""
    if not series:
        return None
    days = [d.toordinal() for d, _ in series]
    values = [v for _, v in series]
    first, last = min(days), max(days)
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < CHART_SPAN:
        low -= (CHART_SPAN - (high - low)) // 2
        high = low + CHART_SPAN
    step = _nice_step(high - low)
    low, high = low // step * step, -(-high // step) * step
    span_x = CHART_W - CHART_LEFT - CHART_RIGHT
    span_y = CHART_H - CHART_TOP - CHART_BOTTOM

    def x(day: int) -> float:
        if last == first:
            return CHART_LEFT + span_x / 2
        return CHART_LEFT + span_x * (day - first) / (last - first)

    def y(value: float) -> float:
        return CHART_TOP + span_y * (1 - (value - low) / (high - low))

    base = CHART_H - CHART_BOTTOM
    desc = "; ".join(f"{d.isoformat()}: {fmt_rating(v)}" for d, v in series)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="history-chart" id="chart"'
        f' viewBox="0 0 {CHART_W} {CHART_H}" width="{CHART_W}" height="{CHART_H}"'
        ' role="img" aria-labelledby="chart-title chart-desc">',
        f'<title id="chart-title">{escape(words["chart_of"])} {escape(name)}</title>',
        f'<desc id="chart-desc">{escape(words["chart"])}: {escape(desc)}</desc>',
    ]
    for mark in range(low, high + 1, step):
        parts.append(f'<line class="grid" x1="{CHART_LEFT}" y1="{y(mark):.1f}"'
                     f' x2="{CHART_W - CHART_RIGHT}" y2="{y(mark):.1f}"/>'
                     f'<text x="{CHART_LEFT - 6}" y="{y(mark) + 4:.1f}"'
                     f' text-anchor="end">{mark}</text>')
    for day, text, anchor in _x_marks(first, last, x):
        if anchor == "middle" and first != last:
            parts.append(f'<line class="grid" x1="{x(day):.1f}" y1="{CHART_TOP}"'
                         f' x2="{x(day):.1f}" y2="{base}"/>')
        parts.append(f'<text x="{x(day):.1f}" y="{base + 20}" text-anchor="{anchor}">'
                     f"{text}</text>")
    parts.append(f'<line class="axis" x1="{CHART_LEFT}" y1="{base}"'
                 f' x2="{CHART_W - CHART_RIGHT}" y2="{base}"/>')
    line = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in zip(days, values, strict=True))
    parts.append(f'<polyline class="line" fill="none" points="{line}"/>')
    for day, (when, value) in zip(days, series, strict=True):
        parts.append(f'<circle class="dot" cx="{x(day):.1f}" cy="{y(value):.1f}" r="4">'
                     f"<title>{when.isoformat()}: {fmt_rating(value)}</title></circle>")
    parts.append("</svg>")
    return Markup("".join(parts))


def _x_marks(first: int, last: int,
             x: Callable[[int], float]) -> list[tuple[int, str, str]]:
    """The dates written under the chart (day, text, text-anchor): the first and the
    last list's, and between them each new year (each quarter over a short span) where
    there is room."""
    if first == last:
        return [(first, date.fromordinal(first).isoformat(), "middle")]
    ends = [(first, date.fromordinal(first).isoformat(), "start"),
            (last, date.fromordinal(last).isoformat(), "end")]
    start, stop = date.fromordinal(first), date.fromordinal(last)
    years = [date(year, 1, 1) for year in range(start.year + 1, stop.year + 1)]
    if len(years) >= 2:
        between = [(d.toordinal(), str(d.year)) for d in years]
    else:
        between = [(d.toordinal(), f"{d:%Y-%m}") for year in range(start.year, stop.year + 1)
                   for d in (date(year, month, 1) for month in (1, 4, 7, 10))
                   if start < d < stop]
    marks = []
    taken = [x(first) + CHART_LABEL_ROOM / 2, x(last) - CHART_LABEL_ROOM / 2]
    for day, text in between:
        if all(abs(x(day) - at) >= CHART_LABEL_ROOM for at in taken):
            marks.append((day, text, "middle"))
            taken.append(x(day))
    return [ends[0], *marks, ends[1]]


# --- the pages -----------------------------------------------------------------------


@cache
def _environment() -> jinja2.Environment:
    try:
        loader: jinja2.BaseLoader = jinja2.PackageLoader("tournament_elo.templates.site", ".")
    except (ModuleNotFoundError, ValueError):
        loader = jinja2.FileSystemLoader(Path(__file__).resolve().parents[1] / "templates"
                                         / "site")
    return jinja2.Environment(loader=loader, autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True)


def _asset(name: str) -> bytes:
    env = _environment()
    assert env.loader is not None
    return env.loader.get_source(env, name)[0].encode("utf-8")


@dataclass
class _Writer:
    """Writes the site's files and reports progress per page."""

    out_dir: Path
    advance: Callable[[int], None] | None
    written: list[Path] = field(default_factory=list)

    def file(self, name: str, data: bytes) -> None:
        path = self.out_dir / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        except OSError as exc:
            raise InputError("cannot write the site", Place(str(path)),
                             found=exc.strerror or str(exc),
                             expected="a folder that can be written") from exc
        self.written.append(path)

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
    path: str
    source: bytes


@dataclass(frozen=True)
class _Outcome:
    """A player's line in an event's report."""

    points: str
    rank: str
    rating: str
    change: str


def publish_site(
    db: Database,
    out_dir: Path,
    pool: str | None = None,
    system: str | None = None,
    period: str = "month",
    lang: str = "en",
    advance: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
) -> list[Path]:
    """Write the site of the computation (pool, system, period) into ``out_dir`` (see
    the module docstring); ``total(n)`` is called once with the number of pages, then
    ``advance(1)`` per page.  Returns the files written."""
    words = site_words(lang)
    comp = computation(db, pool, system, period)
    listed = ratings(db, comp)
    events = _events(db, comp)
    player_ids = sorted(set(listed["id"].astype(int)) | {
        int(r[0]) for r in db.query(
            "SELECT DISTINCT p.player_id FROM event_players p JOIN events e ON e.id = p.event_id"
            " WHERE e.pool_id = ?", comp.pool_id)})
    if total:
        total(2 + len(events) + len(player_ids))
    out = _Writer(Path(out_dir), advance)
    out.file("site.css", _asset("site.css"))
    out.file("site.js", _asset("site.js"))
    env = _environment()
    common = {"lang": lang, "t": words, "comp": comp,
              "list_date": _list_date(db, comp)}
    outcomes: dict[tuple[int, int], _Outcome] = {}
    lists = _Lists(db, comp)
    nav = env.get_template("event_nav.html.j2")
    jobs = [_job(event, lists, lang) for event in events]
    for event, (html, found, error) in zip(events, _reports(jobs), strict=True):
        outcomes.update({(event.id, idx): o for idx, o in found.items()})
        if error:
            html = env.get_template("event_error.html.j2").render(
                common, root="../", event=event, error=error)
        else:
            html = _with_nav(html, nav.render(common, root="../", event=event))
        out.page(f"events/{event.id}.html", html)
    rows = _list_rows(listed)
    on_list = {r["id"]: r for r in rows}
    player_page = env.get_template("player.html.j2")
    for pid in player_ids:
        row = _player_row(db, pid, on_list)
        past = history(db, comp, pid)
        out.page(f"players/{pid}.html", player_page.render(
            common, root="../", player=row, history=_history_rows(past),
            chart=rating_chart(_series(past), words, row["name"]),
            events=_played(db, comp, pid, outcomes)))
    out.page("events.html", env.get_template("events.html.j2").render(
        common, root="", events=[_event_row(e, words) for e in events]))
    out.page("index.html", env.get_template("index.html.j2").render(
        common, root="", players=rows, fed_ids=any(r["federation_id"] for r in rows),
        stale=comp.stale_events(db)))
    return out.written


def _list_date(db: Database, comp: Computation) -> str:
    found = db.query("SELECT max(list_date) FROM periods WHERE computation_id = ?", comp.id)
    return str(found[0][0] or "")


def _events(db: Database, comp: Computation) -> list[_Event]:
    return [_Event(*row) for row in db.query(
        "SELECT e.id, e.name, e.start, e.end, e.type, e.rounds,"
        " (SELECT count(*) FROM event_players p WHERE p.event_id = e.id),"
        " e.path, e.source FROM events e WHERE e.pool_id = ? ORDER BY e.end, e.id",
        comp.pool_id)]


def _event_row(event: _Event, words: dict[str, str]) -> Row:
    return {"id": event.id, "name": event.name, "start": event.start or "", "end": event.end,
            "type": words.get(event.type, event.type), "rounds": event.rounds,
            "players": event.players}


# --- rating the events -----------------------------------------------------------------


class _Lists:
    """The database lists in force before each event's period, walked forward in time
    (the events must be asked for in order of their end dates), and each period's system.

    The same list as :func:`~tournament_elo.db.queries.state_as_of` on the period's
    first day (its base list and every period ending before that day), built once for
    all events instead of once per period.
    """

    def __init__(self, db: Database, comp: Computation) -> None:
        self.db = db
        self.comp = comp
        self.periods = db.query("SELECT start, end, first_event, system, entries FROM periods"
                                " WHERE computation_id = ? ORDER BY end, first_event", comp.id)
        first = date.fromisoformat(self.periods[0][0]) if self.periods else date.max
        self.state = base_list(db, comp.pool_id, first)[1]
        self.applied = 0  # the periods applied to ``state``
        self.day = date.min  # the day ``state`` is in force
        birth = db.query("SELECT id, birth, birth_year FROM players")
        self.birth = {int(pid): (date.fromisoformat(b) if b else None, y) for pid, b, y in birth}

    def system(self, event: _Event) -> str:
        """The system the event's period was computed in (the computation's if none)."""
        for start, end, first_event, name, _ in self.periods[self.applied:]:
            if start <= event.end <= end and first_event in (0, event.id):
                return str(name)
        return self.comp.system

    def entries(self, event: _Event) -> list[ListEntry]:
        """The event's players as list entries, matched by their start numbers."""
        day = period_bounds(date.fromisoformat(event.end), self.comp.period)[0]
        if day < self.day:
            raise ValueError("the events must come in order of their end dates")
        self.day = day
        while self.applied < len(self.periods) and self.periods[self.applied][1] < day.isoformat():
            self.state.apply(unpack(self.periods[self.applied][4], LIST_ENTRY))
            self.applied += 1
        state = self.state
        place = Place(f"{self.db.path} (list of {day.isoformat()})")
        entries = []
        for start_no, pid in self.db.query(
                "SELECT start_no, player_id FROM event_players WHERE event_id = ?", event.id):
            birth, birth_year = self.birth.get(int(pid), (None, None))
            entries.append(ListEntry(
                place=place, id=str(start_no), rating=round(float(state.rating[pid])),
                games=int(state.games[pid]), ever_2400=bool(state.ever_2400[pid]),
                k=int(state.k[pid]) or None, birth=birth, birth_year=birth_year))
        return entries


@dataclass(frozen=True)
class _Job:
    """What rating one event needs (sent to a worker process)."""

    suffix: str
    source: bytes
    system: str
    entries: list[ListEntry]
    lang: str


def _job(event: _Event, lists: _Lists, lang: str) -> _Job:
    return _Job(Path(event.path).suffix, event.source, lists.system(event),
                lists.entries(event), lang)


#: From this many events on, the reports are made in parallel processes.
_PARALLEL_FROM = 8

Report = tuple[str, dict[int, _Outcome], str]


def _reports(jobs: list[_Job]) -> Iterator[Report]:
    """Each event's report, in order (rendering dominates: it is spread over the cores)."""
    workers = min(os.cpu_count() or 1, len(jobs))
    if len(jobs) < _PARALLEL_FROM or workers < 2:
        yield from map(_report, jobs)
        return
    with ProcessPoolExecutor(workers) as executor:
        yield from executor.map(_report, jobs, chunksize=max(1, len(jobs) // (8 * workers)))


def _report(job: _Job) -> Report:
    """The event's report page, each player's line (by his index in the event), and
    the error's message if it could not be rated."""
    try:
        with tempfile.TemporaryDirectory(prefix="tournament-elo-") as folder:
            path = Path(folder) / f"event{job.suffix}"
            path.write_bytes(zlib.decompress(job.source))
            event = read_event(path)
        result = rate(event, job.system, ratings=job.entries)
    except TournamentEloError as error:
        return "", {}, str(error)
    table = result.players
    outcomes = {}
    for idx, points, rank, rating, change in zip(
            range(len(table)), table["points"], table["rank"], table["rating"],
            table["change_rounded"], strict=True):
        outcomes[idx] = _Outcome(fmt_points(points), _text(rank), fmt_rating(rating),
                                 fmt_change(change) if fmt_rating(rating) else "")
    return render_html(result, job.lang), outcomes, ""


def _text(value: Any) -> str:
    """A cell's text: empty for None or NaN, ``3`` for ``3.0``."""
    if _missing(value):
        return ""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _with_nav(html: str, nav: str) -> str:
    """The report page with the site's links right after ``<body>``."""
    at = html.find("<body>")
    if at < 0:
        return nav + html
    at += len("<body>")
    return html[:at] + "\n" + nav + html[at:]


# --- the players -----------------------------------------------------------------------


def _records(table: pd.DataFrame) -> list[Row]:
    return [{str(k): v for k, v in r.items()} for r in table.to_dict("records")]


def _list_rows(listed: pd.DataFrame) -> list[Row]:
    """The list's rows as the pages show them, best first."""
    return [{"rank": rank, "id": int(p["id"]), "name": p["name"], "title": _text(p["title"]),
             "federation": _text(p["federation"]), "fide_id": _text(p["fide_id"]),
             "federation_id": _text(p["federation_id"]), "rating": fmt_rating(p["rating"]),
             "rating_value": float(p["rating"]), "games": _text(p["games"]), "k": _text(p["k"])}
            for rank, p in enumerate(_records(listed), start=1)]


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


def _history_rows(past: pd.DataFrame) -> list[Row]:
    return [{"list_date": r["list_date"], "period": str(r["period"]).replace("..", " – "),
             "rating_before": fmt_rating(r["rating_before"]), "rating": fmt_rating(r["rating"]),
             "change": fmt_change(r["change"]), "games": _text(r["games"]),
             "events": r["events"]}
            for r in _records(past)]


def _series(past: pd.DataFrame) -> list[tuple[date, float]]:
    """The chart's points: each list with a rating for the player."""
    return [(date.fromisoformat(str(d)), float(v))
            for d, v in zip(past["list_date"], past["rating"], strict=True)
            if not _missing(v)]


def _played(db: Database, comp: Computation, pid: int,
            outcomes: dict[tuple[int, int], _Outcome]) -> list[Row]:
    rows = []
    for event_id, idx, name, end, rounds in db.query(
            "SELECT e.id, p.idx, e.name, e.end, e.rounds FROM event_players p"
            " JOIN events e ON e.id = p.event_id WHERE p.player_id = ? AND e.pool_id = ?"
            " ORDER BY e.end DESC, e.id DESC", pid, comp.pool_id):
        outcome = outcomes.get((event_id, idx), _Outcome("", "", "", ""))
        rows.append({"id": event_id, "name": name, "end": end, "rounds": rounds,
                     "points": outcome.points, "rank": outcome.rank,
                     "rating": outcome.rating, "change": outcome.change})
    return rows
