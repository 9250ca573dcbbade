"""The change log: every change to the database is a row of ``changes``, written in the
transaction of the change it records, so a change that rolls back leaves no row and no
row is without its change.  A row is never changed or deleted (the schema's triggers
refuse it).

Its kinds, and what each row's ``details`` hold (JSON; :mod:`.change_log` reads them):

- ``import``: an event imported (``name``, ``players``, ``games``, ``rounds``: complete
  and announced, ``with``: the players and event sheets a games CSV file was read with,
  path and sha256 each, ``look_alikes``: files of other events that look like it);
- ``replace``: a newer version of an event replacing the older one: as ``import``, and
  the files it replaced (``replaced``: path, sha256, version each), whether its own file
  held the older one (``same_file``) and what differs from the older version
  (``differences``: :func:`.differences.differences`);
- ``older``: a file of an older version of an event, not imported (``name``,
  ``rounds``, and the version kept: ``kept``, its path, version and rounds complete and
  announced);
- ``list``: a published list imported (``date``, ``players``, ``by_id``, ``by_name``,
  ``new``, and ``replaced``: the file of the list of that date it replaced);
- ``merge``: two player records merged (``kept`` and ``merged``: id and name each,
  ``events``, ``lists``: how many of each held the merged one);
- ``recompute``: periods recomputed (``system``, ``period``, ``from``: the first one's
  first day, ``periods``, ``kept``, ``removed``: periods left without events, ``events``,
  ``games``, ``unfinished``).

``concerns`` lists the players a row is about beyond its event's current players (the
two records of a merge, the players a newer version removed): ``db log --player`` finds
them.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from .author import Author

#: The kinds of change, in the order the module docstring gives them.
KINDS = ("import", "replace", "older", "list", "merge", "recompute")


def clock() -> datetime:
    """Now, in UTC (the one clock of the database's records)."""
    return datetime.now(UTC)


def timestamp() -> str:
    """Now as the database records it: UTC, ISO 8601, to the second."""
    return clock().isoformat(timespec="seconds")


def record(conn: sqlite3.Connection, author: Author, kind: str, at: str | None = None, *,
           pool_id: int | None = None, event_id: int | None = None,
           identity: str | None = None, version: int | None = None, path: str | None = None,
           content_hash: str | None = None, details: dict[str, Any] | None = None) -> None:
    """One row of the change log (inside the change's transaction); ``at`` defaults to
    now."""
    conn.execute(
        "INSERT INTO changes (at, user, command, kind, pool_id, event_id, identity, version,"
        " path, content_hash, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (at or timestamp(), author.user, author.command, kind, pool_id, event_id, identity,
         version, path, content_hash,
         json.dumps(details, ensure_ascii=False, separators=(",", ":")) if details else None))
