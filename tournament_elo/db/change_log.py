"""The change log read back: ``db log`` (every change, or those of an event, of a player,
of a time) and the notes of an event's corrections on the site.  Its rows are written by
:mod:`.changes`; here they are said in the reader's language, their times in the local
time zone."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..errors import InputError, Place
from ..i18n.catalog import say
from ..i18n.message import Message, message
from ..rating_list import LIST_ENTRY
from ..read.headers import fold_name
from .differences import is_correction, said
from .store import Database, unpack

LOG_COLUMNS = ("id", "at", "user", "command", "kind", "pool", "event", "version", "file",
               "sha256", "changes")


@dataclass(frozen=True)
class Change:
    """A row of the change log."""

    id: int
    at: datetime  # in the local time zone
    user: str
    command: str
    kind: str
    pool: str | None
    pool_id: int | None
    event_id: int | None
    identity: str | None
    version: int | None
    path: str | None
    content_hash: str | None
    details: dict[str, Any]


def bound(text: str | None, option: str, upper: bool = False) -> datetime | None:
    """An option's moment: a day (``YYYY-MM-DD``: its start, or for an ``upper`` bound its
    end) or a time (``YYYY-MM-DDTHH:MM[:SS]``), local unless it gives its offset."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InputError("not a date or a time", Place(option), found=repr(text),
                         expected="YYYY-MM-DD or YYYY-MM-DDTHH:MM") from None
    if upper and len(text.strip()) == len("YYYY-MM-DD"):
        moment += timedelta(days=1)
    return moment.astimezone()


def log_rows(db: Database, event: str | None = None, player: str | None = None,
            since: datetime | None = None, until: datetime | None = None) -> list[Change]:
    """The log's rows in the order they were written: those of an ``event`` (every
    version of it: :func:`event_identities`), of a ``player`` (:func:`concerns`), written
    at ``since`` or after, and before ``until``."""
    identities = None if event is None else event_identities(db, event)
    rows = db.query(
        "SELECT c.id, c.at, c.user, c.command, c.kind, p.name, c.pool_id, c.event_id,"
        " c.identity, c.version, c.path, c.content_hash, c.details FROM changes c"
        " LEFT JOIN pools p ON p.id = c.pool_id"
        " WHERE (?1 IS NULL OR c.at >= ?1) AND (?2 IS NULL OR c.at < ?2)"
        " AND (?3 IS NULL OR c.identity IN (SELECT value FROM json_each(?3))) ORDER BY c.id",
        _utc(since), _utc(until), None if identities is None else json.dumps(sorted(identities)))
    found = [Change(id, datetime.fromisoformat(at).astimezone(), user, command, kind, pool,
                    pool_id, event_id, identity, version, path, digest,
                    json.loads(details) if details else {})
             for id, at, user, command, kind, pool, pool_id, event_id, identity, version, path,
             digest, details in rows]
    if player is not None:
        concerned = concerns(db, player)
        found = [change for change in found if concerned(change)]
    return found


def _utc(moment: datetime | None) -> str | None:
    """A moment as the log's times are written (UTC, to the second), to compare with them."""
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def event_identities(db: Database, text: str) -> set[str]:
    """The identities of the events ``text`` names: an event's id (``db events``'s, or a
    version's the log names), a file imported (as given, or its absolute path), else an
    event's name (case and accents aside)."""
    if text.isdigit():
        found = {i for (i,) in db.query(
            "SELECT identity FROM events WHERE id = ?1 UNION"
            " SELECT identity FROM changes WHERE event_id = ?1 AND kind <> 'older'", int(text))}
    else:
        paths = sorted({text, str(Path(text).resolve())})
        found = {i for (i,) in db.query(
            "SELECT identity FROM events WHERE path IN (SELECT value FROM json_each(?1)) UNION"
            " SELECT identity FROM changes WHERE path IN (SELECT value FROM json_each(?1))",
            json.dumps(paths))}
        if not found:
            folded = fold_name(text)
            found = {i for i, name in db.query(
                "SELECT identity, name FROM events UNION SELECT identity,"
                " json_extract(details, '$.name') FROM changes WHERE identity IS NOT NULL")
                     if name and fold_name(name) == folded}
    found.discard(None)
    if not found:
        raise InputError("no such event in the database", Place("--event"), found=repr(text),
                         expected="an event's id (as 'db events' lists it), its file or its "
                         "name")
    return found


def concerns(db: Database, text: str) -> Callable[[Change], bool]:
    """Whether a change concerns the player ``text`` names (as ``db history`` finds him):
    a version of an event he plays in, a change that names him (a merge of his records,
    a version that removed him) or a list that holds him."""
    from .queries import find_player

    player = find_player(db, text)
    identities = {i for (i,) in db.query(
        "SELECT DISTINCT e.identity FROM events e JOIN event_players p ON p.event_id = e.id"
        " WHERE p.player_id = ?", player)}
    listed = {(pool, day, digest) for pool, day, digest, entries in db.query(
        "SELECT pool_id, date, content_hash, entries FROM published_lists")
        if bool(np.any(unpack(entries, LIST_ENTRY)["player"] == player))}

    def concerned(change: Change) -> bool:
        return (change.identity in identities or player in change.details.get("concerns", ())
                or (change.kind == "list" and (change.pool_id, change.details["date"],
                                               change.content_hash) in listed))

    return concerned


def describe(change: Change) -> list[Message]:
    """What a change did, a line each (English: said in the reader's language)."""
    d = change.details
    if change.kind in ("import", "replace"):
        done, rounds = d["rounds"]
        lines = [message("{}: {} players, {} games", d["name"], d["players"], d["games"])]
        lines += [message("read with {} (sha256 {})", path, digest)
                  for path, digest in d.get("with", ())]
        if done < rounds:
            lines.append(message("in progress: {} of {} rounds complete", done, rounds))
        lines += [message("looks like the event in {} but its players differ", other)
                  for other in d.get("look_alikes", ())]
        lines += [message("replaces {} (version {})", path, version)
                  for path, _, version in d.get("replaced", ())]
        return lines + (said(d["differences"]) if "differences" in d else [])
    if change.kind == "older":
        done, rounds = d["rounds"]
        path, version, kept_done, kept_rounds = d["kept"]
        return [message("{}: not imported, {} of {} rounds complete: an older version of the "
                        "event in {} (version {}, {} of {} rounds complete)", d["name"], done,
                        rounds, path, version, kept_done, kept_rounds)]
    if change.kind == "list":
        lines = [message("list of {}: {} players, {} matched by id, {} by name, {} new",
                         d["date"], d["players"], d["by_id"], d["by_name"], d["new"])]
        if "replaced" in d:
            lines.append(message("replaces the list of that date from {}", d["replaced"][0]))
        return lines
    if change.kind == "merge":
        return [message("#{} {} merged into #{} {}: {} events, {} lists", *d["merged"],
                        *d["kept"], d["events"], d["lists"])]
    if d["periods"]:
        lines = [message("{}, --period {}: {} periods recomputed from {} ({} kept), {} events, "
                         "{} games", d["system"], d["period"], d["periods"], d["from"],
                         d["kept"], d["events"], d["games"])]
    else:
        lines = [message("{}, --period {}: {} periods removed ({} kept)", d["system"],
                         d["period"], d["removed"], d["kept"])]
    if d["unfinished"]:
        lines.append(message("events in progress rated as they stand"))
    return lines


def log_table(found: list[Change], lang: str) -> pd.DataFrame:
    """``db log``'s table of the changes ``found``, their descriptions in ``lang``."""
    return pd.DataFrame(
        [(c.id, c.at.isoformat(sep=" ", timespec="seconds"), c.user, c.command, c.kind,
          c.pool, c.event_id, c.version, c.path, c.content_hash,
          "; ".join(say(line, lang) for line in describe(c))) for c in found],
        columns=list(LOG_COLUMNS))


@dataclass(frozen=True)
class Correction:
    """A newer version of an event, as its page on the site says it."""

    day: date  # when it was imported (the local day)
    version: int
    corrected: bool  # a result, a player or a pairing changed (else: only more played)
    lines: list[Message]


def corrections(db: Database, pool_id: int) -> dict[str, list[Correction]]:
    """The newer versions of the pool's events, by the event's identity, the latest
    first: what each changed of the version before it."""
    found: dict[str, list[Correction]] = {}
    for at, identity, version, details in db.query(
            "SELECT at, identity, version, details FROM changes WHERE kind = 'replace'"
            " AND pool_id = ? ORDER BY id DESC", pool_id):
        differences = json.loads(details)["differences"]
        found.setdefault(identity, []).append(Correction(
            datetime.fromisoformat(at).astimezone().date(), int(version),
            is_correction(differences), said(differences)))
    return found
