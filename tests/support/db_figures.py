"""The database tests' shared computations: FIDE's expected score and rounding written out
plainly, a folder imported, an event of named players written, a site page's tables read
back, the change log's rows."""

from __future__ import annotations

import csv
import sqlite3
from dataclasses import replace
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

from conftest import HISTORY_START

from helpers import DATA, make_event
from tournament_elo.db.importer import import_events
from tournament_elo.db.lists import import_list
from tournament_elo.db.store import Database
from tournament_elo.write.trf import write_trf


def imported(folder: Path, db_path: Path) -> Database:
    db = Database(db_path)
    import_list(db, folder / "list.csv", START)
    report = import_events(db, [folder / "events"], system="fide-2024")
    assert not report.failed
    return db


def write_event(folder: Path, name: str, end: date, people: list[dict[str, object]],
                ratings: list[int | None], games: list[tuple[int, int, int, str]]) -> None:
    """``make_event``'s event named ``name``, ending on ``end``, its players given the
    fields of ``people`` (names, ids, birth years), written as ``folder/name.trf``."""
    event = make_event(ratings, games, end=end)
    event = replace(event, name=name, players=tuple(
        replace(player, **fields) for player, fields in zip(event.players, people, strict=True)))
    (folder / f"{name}.trf").write_text(write_trf(event))


def expected(own: int, opponent: int) -> int:
    """Hundredths: table 8.1(b) at the difference capped at 400 (fide-2024)."""
    gap = min(abs(own - opponent), 400)
    high, low = next((h, lo) for a, b, h, lo in PD if a <= gap <= b)
    return high if own >= opponent else low


def half_away(hundredths: int) -> int:
    """Hundredths to a whole number, half away from zero: 250 → 3, -250 → -3."""
    return (hundredths + 50) // 100 if hundredths >= 0 else -((50 - hundredths) // 100)


def site_tables(path: Path) -> dict[str, list[tuple[list[str], list[str]]]]:
    parser = SiteTables()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tables


START = HISTORY_START


def pd_table() -> list[tuple[int, int, int, int]]:
    with (DATA / "fide_pd.csv").open() as f:
        return [(int(r["diff_from"]), int(r["diff_to"] or 9999), round(float(r["pd_high"]) * 100),
                 round(float(r["pd_low"]) * 100)) for r in csv.DictReader(f)]


PD = pd_table()


class SiteTables(HTMLParser):
    """Every table's body rows: each cell's text and the links in the row."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[tuple[list[str], list[str]]]] = {}
        self._table = ""
        self._row: tuple[list[str], list[str]] | None = None
        self._cell: list[str] | None = None
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            self._table = (found.get("id") or found.get("class") or "").split()[0]
            self.tables.setdefault(self._table, [])
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._row = ([], [])
        elif tag == "td" and self._row is not None:
            self._close_cell()  # HTML lets a cell leave its end tag out: the next one ends it
            self._cell = []
        elif tag == "a" and self._row is not None:
            self._row[1].append(found.get("href") or "")

    def _close_cell(self) -> None:
        if self._row is not None and self._cell is not None:
            self._row[0].append("".join(self._cell).strip())
            self._cell = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self._in_body = False
        elif tag == "td":
            self._close_cell()
        elif tag == "tr" and self._row is not None:
            self._close_cell()
            self.tables[self._table].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def logged_events(database: Path) -> list[tuple[int, str, str]]:
    """The events the change log says were imported (id, file, sha256), after checking
    that they are the database's events: each one's row there, and no row without its
    event."""
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT event_id, path, content_hash FROM changes"
                          " WHERE kind = 'import' ORDER BY event_id").fetchall()
        assert rows == db.execute("SELECT id, path, content_hash FROM events ORDER BY id"
                                  ).fetchall()
    return rows


def recomputations_logged(database: Path) -> list[tuple[int, int]]:
    """The recomputations in the change log: the periods each computed and kept."""
    with sqlite3.connect(database) as db:
        return [(int(periods), int(kept)) for periods, kept in db.execute(
            "SELECT json_extract(details, '$.periods'), json_extract(details, '$.kept')"
            " FROM changes WHERE kind = 'recompute' ORDER BY id")]
