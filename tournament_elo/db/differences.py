"""What differs between two versions of an event: the players added and removed, the
results changed, the results entered since, the pairings added and removed and the
rounds complete.  Worked out as a newer version replaces an older one (the older one's
rows go), kept in the change log (:mod:`.changes`) and said by ``db log`` and on the
event's page of the site.

A pairing is a round's game between two players (by their database ids, whatever their
numbers in each file), or a player's round without an opponent (a bye); a player absent
from a round, unpaired, has no pairing.  Its result is each player's; an undecided one
(a game not played yet) that is decided now is a result entered, a decided one that
differs is a result changed.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..i18n.message import N_, Message, message
from ..model import BLACK, Result
from .schema import GAME_ROW

#: A player's result as a change says it: points, ``+``/``−`` for a forfeit, ``*`` for a
#: game not decided yet (PGN's mark of a game in progress).
_SAID = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.FORFEIT_WIN: "+",
         Result.FORFEIT_LOSS: "−", Result.SHORT_WIN: "1", Result.SHORT_DRAW: "½",
         Result.SHORT_LOSS: "0", Result.HALF_BYE: "½", Result.FULL_BYE: "1",
         Result.PAIRING_BYE: "1", Result.ZERO_BYE: "0", Result.UNPLAYED: "*",
         Result.BOTH_LOST: "0"}
#: Results changed listed one by one, at most (the others are counted).
LISTED_RESULTS = 10


class Version(NamedTuple):
    """What two versions of an event are compared by."""

    player_ids: list[int]  # the database id of each event player (by his index)
    names: list[str]  # as the file names him
    rows: npt.NDArray[Any]  # GAME_ROW
    complete_rounds: int
    rounds: int


def stored_version(conn: sqlite3.Connection, event_id: int) -> Version:
    """The version of an event the database holds (inside the transaction replacing it)."""
    names = [name for (name,) in conn.execute(
        "SELECT name FROM event_players WHERE event_id = ? ORDER BY idx", (event_id,))]
    player_ids, rows, complete, rounds = conn.execute(
        "SELECT g.player_ids, g.rows, coalesce(e.complete_rounds, e.rounds), e.rounds"
        " FROM games g JOIN events e ON e.id = g.event_id WHERE e.id = ?",
        (event_id,)).fetchone()
    return Version(np.frombuffer(player_ids, dtype=np.int32).tolist(), names,
                   np.frombuffer(rows, dtype=GAME_ROW), int(complete), int(rounds))


#: A pairing: (round, a player's id, his opponent's or -1) → each one's result and
#: colour, the first player's first.
_Pairings = dict[tuple[int, int, int], tuple[int, int, int]]


def _pairings(version: Version) -> _Pairings:
    """The version's pairings, each once (by its lower id first; a bye by its player)."""
    ids = version.player_ids
    rows = version.rows
    result: dict[tuple[int, int], tuple[int, int]] = {}
    pairs = set()
    for rnd, player, opponent, color, outcome in zip(
            rows["round"].tolist(), rows["player"].tolist(), rows["opponent"].tolist(),
            rows["color"].tolist(), rows["result"].tolist(), strict=True):
        if opponent < 0 and outcome == Result.ZERO_BYE:
            continue  # absent: no pairing
        me = ids[player]
        result[rnd, me] = (outcome, color)
        them = ids[opponent] if opponent >= 0 else -1
        pairs.add((rnd, me, them) if them < 0 or me < them else (rnd, them, me))
    found: _Pairings = {}
    unknown = (int(Result.UNPLAYED), 0)  # a row its opponent's file lacks
    for rnd, low, high in pairs:
        mine = result.get((rnd, low), unknown)
        theirs = result.get((rnd, high), unknown)[0] if high >= 0 else -1
        found[rnd, low, high] = (mine[0], theirs, mine[1])
    return found


def differences(old: Version, new: Version) -> dict[str, Any]:
    """What ``new`` changes of ``old``, as JSON values; only what differs is there:
    ``players_added`` and ``players_removed`` ([id, name] each), ``results`` ([round, id,
    name, opponent's id or None, his name or None, the results before, after] each: the
    results said as points, white's first when the colours are known), ``new_results``,
    ``pairings_added`` and ``pairings_removed`` ([round, how many] each), and
    ``rounds_complete`` and ``rounds`` ([before, after])."""
    name = dict(zip(old.player_ids, old.names, strict=True))
    name.update(zip(new.player_ids, new.names, strict=True))
    found: dict[str, Any] = {}
    before, after = set(old.player_ids), set(new.player_ids)
    if after - before:
        found["players_added"] = [[pid, name[pid]] for pid in new.player_ids
                                  if pid not in before]
    if before - after:
        found["players_removed"] = [[pid, name[pid]] for pid in old.player_ids
                                    if pid not in after]
    was, now = _pairings(old), _pairings(new)
    results = []
    entered: Counter[int] = Counter()
    for key in sorted(was.keys() & now.keys()):
        (a_was, b_was, _), (a_now, b_now, color) = was[key], now[key]
        if (a_was, b_was) == (a_now, b_now):
            continue
        if Result.UNPLAYED in (a_was, b_was) and Result.UNPLAYED not in (a_now, b_now):
            entered[key[0]] += 1
            continue
        rnd, low, high = key
        first, second = (high, low) if high >= 0 and color == BLACK else (low, high)
        flip = first != low
        results.append([rnd, first, name[first], *((second, name[second]) if second >= 0
                                                   else (None, None)),
                        _pair(a_was, b_was, flip), _pair(a_now, b_now, flip)])
    if results:
        found["results"] = results
    for field, counted in (("new_results", entered),
                           ("pairings_added", Counter(k[0] for k in now.keys() - was.keys())),
                           ("pairings_removed", Counter(k[0] for k in was.keys() - now.keys()))):
        if counted:
            found[field] = sorted(map(list, counted.items()))
    if old.complete_rounds != new.complete_rounds:
        found["rounds_complete"] = [old.complete_rounds, new.complete_rounds]
    if old.rounds != new.rounds:
        found["rounds"] = [old.rounds, new.rounds]
    return found


def _pair(first: int, second: int, flip: bool) -> str:
    """A pairing's result (``1–0``; a bye's alone: ``½``), its players in the order said."""
    if second < 0:
        return _SAID[Result(first)]
    if flip:
        first, second = second, first
    return f"{_SAID[Result(first)]}–{_SAID[Result(second)]}"


def is_correction(found: dict[str, Any]) -> bool:
    """Whether the newer version corrects the older one (a result, a player or a pairing
    changed), rather than only adding what was played since."""
    return any(key in found for key in ("results", "players_added", "players_removed",
                                        "pairings_removed", "rounds"))


def said(found: dict[str, Any]) -> list[Message]:
    """:func:`differences`' findings, a line each (English: said in the reader's language)."""
    lines = []
    for key, words in (("players_added", N_("players added: {}")),
                       ("players_removed", N_("players removed: {}"))):
        if key in found:
            lines.append(message(words, ", ".join(name for _, name in found[key])))
    if "rounds" in found:
        lines.append(message("rounds announced: {} → {}", *found["rounds"]))
    if "rounds_complete" in found:
        lines.append(message("rounds complete: {} → {}", *found["rounds_complete"]))
    results = found.get("results", [])
    for rnd, _, first, _, second, was, now in results[:LISTED_RESULTS]:
        if second is None:
            lines.append(message("round {}: {} (no opponent) {} → {}", rnd, first, was, now))
        else:
            lines.append(message("round {}: {} – {} {} → {}", rnd, first, second, was, now))
    if len(results) > LISTED_RESULTS:
        lines.append(message("and {} more results changed", len(results) - LISTED_RESULTS))
    for key, words in (("new_results", N_("round {}: {} results entered")),
                       ("pairings_added", N_("round {}: {} pairings added")),
                       ("pairings_removed", N_("round {}: {} pairings removed"))):
        lines.extend(message(words, rnd, count) for rnd, count in found.get(key, []))
    return lines or [message("no change in players or results")]
