"""Events as the database keeps them: written once at import, rebuilt as an
:class:`~tournament_elo.model.Event` for rating (per-game systems rate whole events) and
for publishing, without reading the original file again."""

from __future__ import annotations

import json
import threading
import zlib
from datetime import date
from operator import attrgetter
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..model import Event, EventType, Pairings, Player
from ..read.headers import fold_name
from ..read.trf_tiebreaks import declared_record
from .schema import GAME_ROW
from .store import WHO_FIELDS, Database, Who, day, iso_day, unpack, who_of

#: Event fields kept in ``events.details`` (what the reports show besides the name),
#: with the round dates, whether the event is a game log and the tie-breaks its file
#: declares.
DETAILS = ("city", "federation", "chief_arbiter", "time_control", "fide_event_id")


#: The first bytes of a zstd frame (an older import kept ``events.source`` as zlib).
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def compressed_file(data: bytes) -> bytes:
    """A file's bytes as ``events.source`` keeps them: zstd at its fastest level, which
    compresses a TRF file in a third of zlib's fastest level's time, and smaller.  Each
    thread keeps its compressor: making one (``zstandard.compress``) took as long as
    compressing an 11 KB file with it."""
    compressor = getattr(_compressors, "zstd", None)
    if compressor is None:
        import zstandard  # only an import compresses

        compressor = _compressors.zstd = zstandard.ZstdCompressor(level=1)
    return compressor.compress(data)


#: Each thread's zstd compressor (one may not compress for two threads at once).
_compressors = threading.local()


def file_of(source: bytes) -> bytes:
    """The bytes of the file an event was imported from, given its ``events.source``
    (zstd, or zlib where an earlier version of this program imported it)."""
    if source.startswith(_ZSTD_MAGIC):
        import zstandard

        return zstandard.decompress(source)
    return zlib.decompress(source)


def details_json(event: Event) -> str:
    values: dict[str, Any] = {key: getattr(event, key) for key in DETAILS
                              if getattr(event, key)}
    if any(event.round_dates):
        values["round_dates"] = list(map(iso_day, event.round_dates))
    if event.game_log:
        values["game_log"] = True
    declared = event.declared_tiebreaks
    if declared is not None:  # what ranks its standings (standings.event_tiebreaks)
        values["declared_tiebreaks"] = [declared.place.line, declared.text]
    return json.dumps(values, ensure_ascii=False)


def event_identity(fide_event_id: str | None, name: str, city: str | None,
                   first_day: date | None) -> str:
    """Who an event is, whatever its file is called: its FIDE event id, else its folded
    name, place and first day (an arbiter's file after round 5 and his final one agree;
    a club's weekly event of one name does not, week after week)."""
    if fide_event_id and fide_event_id.strip():
        return f"fide-event:{fide_event_id.strip()}"
    when = iso_day(first_day) or ""
    return f"event:{fold_name(name)}|{fold_name(city or '')}|{when}"


def identity_of(event: Event, on: date | None = None) -> str:
    """The event's identity; its first day is its start, else its end, else ``on``."""
    return event_identity(event.fide_event_id, event.name, event.city,
                          event.start or event.end or on)


def fill_identities(db: Database) -> None:
    """Give the events imported before version 3 of the schema their identity and count
    their complete rounds (inside a transaction; once)."""
    found = db.query("SELECT id, name, details, coalesce(start, end) FROM events"
                     " WHERE identity IS NULL")
    db.conn.executemany(
        "UPDATE events SET identity = ?, complete_rounds = ? WHERE id = ?",
        [(event_identity(None, name, json.loads(details).get("city"), day(first)),
          stored_event(db, event_id).rounds_played, event_id)
         for event_id, name, details, first in found])


class Entries(NamedTuple):
    """The ``event_players`` columns but the event and player ids, a list each."""

    idx: list[int]
    start_no: list[str]
    rating: list[float | None]
    fixed_rating: list[int]  # title and federation: Who.values


class PackedEvent(NamedTuple):
    """An event as an import stores it: plain values and packed columns, made where its
    file is read (a worker process).  It pickles in a fraction of an :class:`Event`'s
    time and size (a named tuple: half a frozen dataclass's; its players a few lists,
    not a tuple each), and the storing process builds no :class:`Player` of it."""

    name: str
    start: date | None
    end: date | None
    type: str
    rounds: int
    source_format: str
    settings: str  # JSON
    pools: str  # JSON
    details: str  # JSON (:func:`details_json`)
    fide_event_id: str | None
    city: str | None
    complete_rounds: int  # Event.rounds_played
    games: int  # games with an opponent, each counted once
    pairing_count: int
    rows: bytes  # GAME_ROW
    ratings: bytes  # int32: each player's rating in the file, 0: none
    exact_ratings: bytes | None  # float64, where a rating has decimals
    players: Who  # who the players are, for Database.player_ids_of
    entries: Entries

    def people(self) -> tuple[list[str], list[str | None]]:
        """The players' names and FIDE ids."""
        return self.players.names, self.players.values[0]


#: The :class:`Player` fields :func:`pack_event` reads, in one call per player: those of
#: :func:`~.store.who_of`, then those of :class:`Entries`.
_PLAYER_FIELDS = attrgetter(*WHO_FIELDS, "index", "rating", "fixed_rating")


def pack_event(event: Event) -> PackedEvent:
    """What :func:`~.importer.store_packed` writes of ``event``: its players read once,
    as columns."""
    columns = (list(map(list, zip(*map(_PLAYER_FIELDS, event.players), strict=True)))
               if event.players else [[] for _ in range(len(WHO_FIELDS) + 3)])
    idx, rating, fixed = columns[len(WHO_FIELDS):]
    start_no = columns[0]
    exact = np.array([r or 0 for r in rating], dtype=np.float64)
    given = exact.astype(np.int32)
    p = event.pairings
    return PackedEvent(
        event.name, event.start, event.end, str(event.type), event.rounds,
        event.source_format or "", _json(dict(event.settings)), _json(list(event.pools)),
        details_json(event), event.fide_event_id, event.city,
        event.rounds_played, int(np.count_nonzero((p.opponent >= 0) & (p.player < p.opponent))),
        len(p), pack_pairings(event).tobytes(), given.tobytes(),
        exact.tobytes() if (exact != given).any() else None,
        who_of(*columns[:len(WHO_FIELDS)]),
        Entries(idx, list(map(str, start_no)), rating, list(map(int, fixed))))


def _json(value: dict[str, Any] | list[Any]) -> str:
    """``value`` as JSON; most events have no settings and no game pools."""
    return json.dumps(value) if value else "{}" if isinstance(value, dict) else "[]"


def pack_pairings(event: Event) -> npt.NDArray[Any]:
    p = event.pairings
    rows = np.zeros(len(p), dtype=GAME_ROW)
    for name in ("round", "player", "opponent", "color", "result", "method", "minutes",
                 "pool"):
        column = getattr(p, name)
        if column is not None:  # an optional column not given: its zeros
            rows[name] = column
    return rows


def pairings_of(rows: npt.NDArray[Any]) -> Pairings:
    """The :class:`Pairings` of packed :data:`GAME_ROW` records."""
    return Pairings(*(rows[c].astype(np.int64) for c in
                      ("round", "player", "opponent", "color", "result", "method", "minutes",
                       "pool")))


def stored_event(db: Database, event_id: int, rows: npt.NDArray[Any] | None = None,
                 ratings: list[float | None] | None = None) -> Event:
    """The event as imported: its players (with what the database knows of them), its
    pairings (``rows`` if already read) and its details.  ``ratings`` replaces the
    players' ratings (the ratings it was rated with, in the event's player order)."""
    name, start, end, kind, rounds, settings, pools, details, path, fmt = db.query(
        "SELECT name, start, end, type, rounds, settings, game_pools, details, path, format"
        " FROM events WHERE id = ?", event_id)[0]
    found = db.query(
        "SELECT p.idx, p.start_no, p.name, p.rating, p.title, p.federation, p.fixed_rating,"
        " q.fide_id, q.sex, q.birth, q.birth_year FROM event_players p"
        " JOIN players q ON q.id = p.player_id WHERE p.event_id = ? ORDER BY p.idx", event_id)
    players = tuple(
        Player(index=idx, id=int(no) if no.isdigit() else no, name=pname,
               rating=rating if ratings is None else ratings[idx], title=title,
               federation=federation, fixed_rating=bool(fixed), fide_id=fide_id, sex=sex,
               birth=day(birth), birth_year=birth_year)
        for idx, no, pname, rating, title, federation, fixed, fide_id, sex, birth, birth_year
        in found)
    if rows is None:
        rows = unpack(db.query("SELECT rows FROM games WHERE event_id = ?", event_id)[0][0],
                      GAME_ROW)
    more = json.loads(details)
    round_dates = tuple(date.fromisoformat(d) if d else None
                        for d in more.pop("round_dates", []))
    declared = more.pop("declared_tiebreaks", None)
    return Event(name, players, pairings_of(rows), rounds, EventType(kind), start=day(start),
                 end=day(end), round_dates=round_dates, source=path, source_format=fmt,
                 game_log=bool(more.pop("game_log", False)),
                 extra_records=() if declared is None else ((declared[0], declared[1]),),
                 declared_tiebreaks=None if declared is None else declared_record(
                     declared[0], declared[1], path),
                 settings=tuple(json.loads(settings).items()), pools=tuple(json.loads(pools)),
                 **{key: more.get(key) for key in DETAILS})
