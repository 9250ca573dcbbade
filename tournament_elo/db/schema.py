"""The rating database's schema, created and migrated by the project.

One SQLite file.  What a person looks things up by is in ordinary tables (players,
pools, events, the players of each event, rating periods and lists); what the
recomputation reads by the million is kept as packed columns:

- ``games.rows``: one event's pairing rows (round, player, opponent, colour, result,
  win method, minutes, game pool) as a numpy structured array.  Two million games read as rows
  through ``sqlite3`` take 2.4 s; as packed columns, 0.05 s.
- ``periods.entries`` and ``published_lists.entries``: a rating list (a period's
  changes, or a published list) as packed columns of player id, rating, games and the K
  state (:data:`~tournament_elo.rating_list.LIST_ENTRY`); ``published_lists.inactive``
  the ids of the players a published list marks inactive.
- ``event_results.players`` and ``event_results.games``: what the rating system computed
  for an event in a period, in its own packed records (per event player, per pairing
  row).

The schema version is SQLite's ``user_version``; :data:`MIGRATIONS` holds the steps
from each version to the next, applied in one transaction when a database is opened.
"""

from __future__ import annotations

import sqlite3

import numpy as np

#: One pairing row of an event: a player's round.  ``player``/``opponent`` index the
#: event's players (``event_players.idx``); ``opponent`` is -1 for a bye.
GAME_ROW = np.dtype([
    ("round", "<i2"), ("player", "<i4"), ("opponent", "<i4"), ("color", "i1"),
    ("result", "i1"), ("method", "i1"), ("minutes", "<i2"), ("pool", "i1"),
])

#: Indexes a large import builds once at its end rather than row by row
#: (:func:`~.importer.import_events`): name -> the statement that makes it.  One missing
#: (an import killed before its end) is made again when the database is next opened to
#: write.
DEFERRABLE_INDEXES = {
    "event_players_by_player":
        "CREATE INDEX IF NOT EXISTS event_players_by_player ON event_players (player_id)",
}

_VERSION_1 = f"""
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,          -- fide:ID, fed:ID or name:FOLDED NAME|BIRTH YEAR
    fide_id TEXT,
    federation_id TEXT,                -- a CODS-ID or the federation's own id
    name TEXT NOT NULL,
    name_folded TEXT NOT NULL,
    federation TEXT,
    sex TEXT,
    title TEXT,
    birth TEXT,
    birth_year INTEGER
);
CREATE INDEX players_by_name ON players (name_folded);
CREATE INDEX players_by_fide_id ON players (fide_id);

CREATE TABLE pools (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,         -- where it was imported from (absolute)
    content_hash TEXT NOT NULL,        -- sha256 of the file's bytes
    pool_id INTEGER NOT NULL REFERENCES pools (id),
    system TEXT NOT NULL,              -- the system it is rated in (fide: by date)
    name TEXT NOT NULL,
    start TEXT,
    end TEXT NOT NULL,                 -- places the event in a rating period
    type TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    format TEXT NOT NULL,
    settings TEXT NOT NULL,            -- the event's own settings, as JSON
    game_pools TEXT NOT NULL,          -- names of GAME_ROW.pool codes, as JSON
    source BLOB NOT NULL,              -- the file itself, compressed (events.file_of)
    imported_at TEXT NOT NULL
);
CREATE INDEX events_by_hash ON events (content_hash);
CREATE INDEX events_by_pool_end ON events (pool_id, end);

CREATE TABLE event_players (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    start_no TEXT NOT NULL,
    name TEXT NOT NULL,
    rating INTEGER,                    -- as the event file gave it
    title TEXT,
    federation TEXT,
    fixed_rating INTEGER NOT NULL,
    PRIMARY KEY (event_id, idx)
) WITHOUT ROWID;
{DEFERRABLE_INDEXES["event_players_by_player"]};

CREATE TABLE games (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    count INTEGER NOT NULL,            -- pairing rows
    player_ids BLOB NOT NULL,          -- int32: event_players.idx -> players.id
    ratings BLOB NOT NULL,             -- int32: each player's rating in the file, 0: none
    rows BLOB NOT NULL                 -- GAME_ROW
);

CREATE TABLE computations (
    id INTEGER PRIMARY KEY,
    pool_id INTEGER NOT NULL REFERENCES pools (id),
    system TEXT NOT NULL,
    period TEXT NOT NULL,              -- month, quarter or event
    base_list_id INTEGER REFERENCES published_lists (id),
    valid_through TEXT,                -- lists of periods ending on or before it are current
    UNIQUE (pool_id, system, period)
);

CREATE TABLE periods (
    id INTEGER PRIMARY KEY,
    computation_id INTEGER NOT NULL REFERENCES computations (id) ON DELETE CASCADE,
    start TEXT NOT NULL,
    end TEXT NOT NULL,
    first_event INTEGER NOT NULL,      -- per-event periods: the event; else 0
    list_date TEXT NOT NULL,           -- the day after the period: the list's date
    system TEXT NOT NULL,              -- the system the period was computed in
    events INTEGER NOT NULL,
    games INTEGER NOT NULL,
    entries BLOB NOT NULL,             -- LIST_ENTRY: players whose entry changed
    pending BLOB NOT NULL,             -- PENDING_ENTRY: unrated players' pooled games
    UNIQUE (computation_id, end, first_event)
);

CREATE TABLE published_lists (
    id INTEGER PRIMARY KEY,
    pool_id INTEGER NOT NULL REFERENCES pools (id),
    date TEXT NOT NULL,
    path TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    entries BLOB NOT NULL,             -- LIST_ENTRY
    UNIQUE (pool_id, date)
);
"""

#: Version 2: the database keeps what it computed.  ``event_results`` holds, per computation
#: and event, the rating system's figures (its own packed records per event player and per
#: pairing row: rating before, K, W, We, change, new rating, performance; each game's
#: difference and expected score), rewritten in place when the period is recomputed (a
#: row whose period is gone joins nothing); ``events.details`` keeps what the reports
#: show of an event (city, federation, arbiter, time control).  Lists computed before
#: have no figures: they are computed again.
_VERSION_2 = """
ALTER TABLE events ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
CREATE TABLE event_results (           -- an event's figures in a computation
    id INTEGER PRIMARY KEY,
    computation_id INTEGER NOT NULL REFERENCES computations (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    period_id INTEGER NOT NULL,        -- current while this period exists (it joins)
    system TEXT NOT NULL,              -- the system the figures are of (fide: the edition)
    players BLOB NOT NULL,             -- the system's records, one per event player
    games BLOB NOT NULL,               -- one per pairing row
    settings TEXT,                     -- what a per-game system used (pool, level), as JSON
    warnings TEXT,                     -- as JSON; NULL: none
    UNIQUE (computation_id, event_id)
);
DELETE FROM periods;
UPDATE computations SET valid_through = NULL;
"""

#: Version 3: an event is known by who it is, not only by its file.  ``events.identity``
#: (its FIDE event id, else its folded name, place and start day) finds a newer version
#: of an event under another file name; ``version`` counts its versions and
#: ``complete_rounds`` the rounds with every game decided (fewer than ``rounds``: in
#: progress, left out of the lists unless ``computations.unfinished``).  The files a
#: newer version replaced are kept in ``superseded`` (importing one again changes
#: nothing).  ``games.exact_ratings`` keeps the ratings a per-game system gave with
#: decimals (``ratings`` holds whole numbers).  ``player_keys`` holds a player's other
#: identities (an id a list gave a player first met by name, a merged record's key).
#: Events imported before have no identity yet: the importer gives them one
#: (:func:`~.events.fill_identities`).
_VERSION_3 = """
ALTER TABLE events ADD COLUMN identity TEXT;
ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN complete_rounds INTEGER;  -- NULL: imported before version 3
CREATE INDEX events_by_identity ON events (pool_id, identity);
CREATE TABLE superseded (              -- files replaced by a newer version of their event
    path TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    pool_id INTEGER NOT NULL REFERENCES pools (id),
    identity TEXT NOT NULL,
    version INTEGER NOT NULL,
    complete_rounds INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    replaced_at TEXT NOT NULL,
    PRIMARY KEY (path, content_hash)
) WITHOUT ROWID;
CREATE TABLE player_keys (             -- more identities of a player
    key TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id)
) WITHOUT ROWID;
ALTER TABLE computations ADD COLUMN unfinished INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN exact_ratings BLOB;  -- float64 where a rating has decimals
"""

#: Version 4: a merge stays on record.  ``merged_players`` keeps every record ``db
#: merge-players`` merged into another: its id (never given to another player), its name
#: and the record it is part of now, so that the player is found by either.
_VERSION_4 = """
CREATE TABLE merged_players (          -- records merged into another
    id INTEGER PRIMARY KEY,            -- the merged record's id
    player_id INTEGER NOT NULL REFERENCES players (id),  -- the record he is now
    name TEXT NOT NULL,
    name_folded TEXT NOT NULL,
    merged_at TEXT NOT NULL
);
CREATE INDEX merged_players_by_name ON merged_players (name_folded);
"""

#: Version 5: every change is on record.  ``changes`` is the change log
#: (:mod:`.changes`): a row per event imported, per newer version that replaced an older
#: one (with what differs between them), per older version not imported, per list
#: imported, per merge and per recomputation, each with its time, its user, its command,
#: the file it read and that file's sha256, written in the transaction of the change it
#: records.  No command changes or deletes a row: the triggers refuse it.  What was
#: imported before has no row.
_VERSION_5 = """
CREATE TABLE changes (                 -- the change log, append-only
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,                  -- when, in UTC (ISO 8601, seconds)
    user TEXT NOT NULL,                -- who: --by, else the login name
    command TEXT NOT NULL,             -- the command line that made it
    kind TEXT NOT NULL,                -- import, replace, older, list, merge, recompute
    pool_id INTEGER REFERENCES pools (id),
    event_id INTEGER,                  -- the event made or kept (the id stays: no reference)
    identity TEXT,                     -- that event's identity: every version's rows share it
    version INTEGER,                   -- that event's version
    path TEXT,                         -- the file read (absolute)
    content_hash TEXT,                 -- the sha256 of its bytes
    details TEXT                       -- what changed, as JSON (changes.describe)
);
CREATE TRIGGER changes_never_updated BEFORE UPDATE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only: its rows are never changed'); END;
CREATE TRIGGER changes_never_deleted BEFORE DELETE ON changes
BEGIN SELECT RAISE(ABORT, 'the change log is append-only: its rows are never deleted'); END;
"""

#: Version 6: every imported list counts from its date.  A list is a row of ``periods``
#: (``list_id``), between the rating periods, holding the entries it gave (the last
#: ``listed`` of its ``entries``; any before them are what the system changed on its
#: date, as FIDE's raise of 1 March 2024): the players the database did not rate yet.
#: The lists are no longer a computation's base (``computations.base_list_id`` goes), so
#: the lists computed before are computed again.
_VERSION_6 = """
ALTER TABLE periods ADD COLUMN list_id INTEGER REFERENCES published_lists (id)
    ON DELETE CASCADE;
ALTER TABLE periods ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE computations DROP COLUMN base_list_id;
DELETE FROM periods;
UPDATE computations SET valid_through = NULL;
"""

#: Version 7: what a published list says of its players beside their ratings.
#: ``published_lists.inactive`` holds the players it lists as inactive (int32 player ids;
#: NULL: the list says nothing of activity), the start of each one's activity in the lists
#: computed from it; ``list_affiliations`` each player's club and region as the list gives
#: them (a player's club at a date is the one of the latest list by then that names one).
_VERSION_7 = """
ALTER TABLE published_lists ADD COLUMN inactive BLOB;
CREATE TABLE list_affiliations (       -- a published list's club and region of a player
    list_id INTEGER NOT NULL REFERENCES published_lists (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    club TEXT,
    region TEXT,
    PRIMARY KEY (list_id, player_id)
) WITHOUT ROWID;
CREATE INDEX list_affiliations_by_player ON list_affiliations (player_id);
"""

#: ``MIGRATIONS[v]`` brings a database at version ``v`` to version ``v + 1``.
MIGRATIONS: tuple[str, ...] = (_VERSION_1, _VERSION_2, _VERSION_3, _VERSION_4, _VERSION_5,
                              _VERSION_6, _VERSION_7)
VERSION = len(MIGRATIONS)


def statements(script: str) -> list[str]:
    """A script's statements, one by one (``executescript`` would commit midway)."""
    found, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            found.append(buffer)
            buffer = ""
    return found
