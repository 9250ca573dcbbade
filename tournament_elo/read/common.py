"""What every reader shares: dates, the event type, the players' ids, the pairing rows.

A reader turns its format into players and pairing columns, an
:class:`~tournament_elo.model.EventDraft`; :mod:`.checks` then verifies what every event
must be, so the same mistake gets the same message whichever format it came in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from datetime import date
from functools import lru_cache
from typing import Generic, Literal, TypeVar

import numpy as np

from ..errors import InputError, Place
from ..i18n.message import message
from ..model import NO_COLOR, EventType, Pairings, Result

#: What a reader names a pairing row's place by (a line, a cell, a games row and column).
Ref = TypeVar("Ref")

_ISO = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$")
_DAY_FIRST = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$")
_SHORT_YEAR = re.compile(r"^(\d{2})[-/.](\d{1,2})[-/.](\d{1,2})$")


def parse_date(text: str, place: Place, what: str = "date") -> date | None:
    """Read the date spellings seen in real files; blank is ``None``, junk an error.

    Accepted: ``2024/11/23``, ``2024-11-23``, ``2024.11.23``, ``23.11.2024``,
    ``23/11/2024`` (day first, as European pairing programs write it),
    ``28. 07. 2005`` and the TRF round-date form ``24/11/23`` (year first).
    """
    compact = "".join(text.split())  # every whitespace character out, as \s matches them
    if not compact:
        return None
    read = _read_date(compact)
    if read is None:
        raise InputError(
            message("unreadable {}", what), place, found=repr(text.strip()),
            expected="a date such as 2024/11/23, 2024-11-23 or 23.11.2024",
        )
    return read


@lru_cache(maxsize=4096)  # an import reads the same few hundred days again and again
def _read_date(compact: str) -> date | None:
    """:func:`parse_date` of text without blanks; None: not a date."""
    for pattern, year_first in ((_ISO, True), (_DAY_FIRST, False), (_SHORT_YEAR, True)):
        match = pattern.match(compact)
        if not match:
            continue
        first, month, last = map(int, match.groups())
        year, day = (first, last) if year_first else (last, first)
        try:
            return date(year + 2000 if year < 100 else year, month, day)
        except ValueError:
            return None
    return None


def both_readings(texts: Sequence[str]) -> tuple[list[date], list[date]] | None:
    """The day-first and the month-first readings of date cells such as ``08/03/2025``,
    when every day-first cell reads both ways and the readings differ; ``None`` when one
    cell settles it (``15/03/2025``) or no cell is written day first."""
    day_first, month_first = [], []
    for text in texts:
        match = _DAY_FIRST.match(re.sub(r"\s+", "", text.split(" ")[0]))
        if not match:
            continue
        d, m, y = (int(g) for g in match.groups())
        if d > 12 or m > 12:
            return None
        try:
            day_first.append(date(y, m, d))
            month_first.append(date(y, d, m))
        except ValueError:
            return None
    return (day_first, month_first) if day_first != month_first else None


_ROUND_ROBIN_WORDS = ("robin", "rundenturnier", "vong tron", "vòng tròn", "berger", "scheveningen")
_SWISS_WORDS = ("swiss", "schweizer", "dutch", "dubov", "burstein", "lim", "monrad", "thụy sĩ")


def event_type_from_text(text: str) -> EventType | None:
    """The event type named in a TRF 092/192 record or a sheet, if it names one."""
    lowered = text.lower().replace("_", " ").replace("-", " ")
    if any(word in lowered for word in _ROUND_ROBIN_WORDS) or "roundrobin" in lowered:
        return EventType.ROUND_ROBIN
    if any(word in lowered for word in _SWISS_WORDS):
        return EventType.SWISS
    return None


def detect_event_type(pairings: Pairings, n_players: int, rounds: int) -> EventType:
    """Round robin when every pair of players meets equally often, once or twice.

    A live round robin (fewer rounds played) is recognised by its round count: the
    schedule needs n − 1 rounds for an even field, n for an odd one.
    """
    if n_players < 2:
        return EventType.SWISS
    needed = n_players - 1 if n_players % 2 == 0 else n_players
    if rounds not in (needed, 2 * needed):
        return EventType.SWISS
    met = pairings.opponent >= 0
    pairs = np.unique(pairings.player[met] * n_players + pairings.opponent[met])
    return EventType.ROUND_ROBIN if len(pairs) <= n_players * (n_players - 1) else EventType.SWISS


def index_players(
    ids: Sequence[int | str], place_of: Callable[[int], Place], what: str = "starting rank"
) -> dict[int | str, int]:
    """Map each player id to his row; a repeated id is an error at its second place
    (``place_of(row)``: asked only then)."""
    index: dict[int | str, int] = {}
    for row, pid in enumerate(ids):
        if pid in index:
            raise InputError(
                message("{} {} is used twice", what, pid), place_of(row),
                found=message("a second player with {} {} (the first at {})", what, pid,
                              place_of(index[pid])),
                expected=message("each {} once", what),
            )
        index[pid] = row
    return index


class Roster:
    """The players a reader finds by what a file calls them: an id (a FIDE id, a start
    number), else the exact name, which two players may share (then their ids alone tell
    them apart).  Each reader says which it looks at first, and what a name shared or
    unknown means."""

    def __init__(self) -> None:
        self.by_id: dict[int | str, int] = {}
        self.by_name: dict[str, list[int]] = {}

    def enter(self, index: int, name: str, key: int | str | None = None) -> None:
        """Player ``index``, found by ``name`` and, where given, by ``key``."""
        self.by_name.setdefault(name, []).append(index)
        if key is not None:
            self.by_id[key] = index

    def named(self, name: str) -> list[int]:
        """The players of this exact name, in the order entered."""
        return self.by_name.get(name, [])


class PairingRows(Generic[Ref]):
    """Pairing rows as a reader meets them, one per player per round, each with what names
    its place (``refs``: a line, a cell), turned into :class:`Pairings` once at the end;
    the per-game columns (a win method, thinking minutes, a pool) where a reader gives them.
    """

    def __init__(self) -> None:
        self.round: list[int] = []
        self.player: list[int] = []
        self.opponent: list[int] = []
        self.color: list[int] = []
        self.result: list[int] = []
        self.refs: list[Ref] = []
        self.method: list[int] = []
        self.minutes: list[int] = []
        self.pool: list[int] = []

    def add(self, rnd: int, player: int, opponent: int, color: int, result: int, ref: Ref,
            method: int = 0, minutes: int = 0, pool: int = -1) -> None:
        """One row; ``method`` a :class:`WinMethod`, ``minutes`` 0 where not known,
        ``pool`` -1 for none."""
        self.round.append(rnd)
        self.player.append(player)
        self.opponent.append(opponent)
        self.color.append(color)
        self.result.append(int(result))
        self.refs.append(ref)
        self.method.append(method)
        self.minutes.append(minutes)
        self.pool.append(pool)

    def add_absent(self, n_players: int, ref_of: Callable[[int], Ref]) -> list[int]:
        """A zero-point bye for each of the first ``n_players`` with no row in a round that
        has rows (``ref_of(player)`` names its place); the rounds below the last one that
        have no rows at all."""
        rounds = sorted(set(self.round))
        present = set(zip(self.round, self.player, strict=True))
        for rnd in rounds:
            for player in range(n_players):
                if (rnd, player) not in present:
                    self.add(rnd, player, -1, NO_COLOR, Result.ZERO_BYE, ref_of(player))
        last = rounds[-1] if rounds else 0
        return [r for r in range(1, last) if r not in rounds]

    def pairings(self, by: Literal["round", "player"] | None = None,
                 per_game: Collection[str] = ()) -> tuple[Pairings, list[Ref]]:
        """The pairings, with the per-game columns named in ``per_game`` (``method``,
        ``minutes``, ``pool``), and each row's ref: the rows as added, or sorted (stably)
        by round then player (``by="round"``) or by player then round (``"player"``)."""
        columns = [np.asarray(c, dtype=np.int64)
                   for c in (self.round, self.player, self.opponent, self.color, self.result)]
        extras = {name: np.asarray(getattr(self, name), dtype=np.int64) for name in per_game}
        refs = self.refs
        if by is not None:
            first, second = (columns[0], columns[1]) if by == "round" else (columns[1],
                                                                             columns[0])
            order = np.lexsort((second, first))
            columns = [c[order] for c in columns]
            extras = {name: c[order] for name, c in extras.items()}
            refs = [refs[i] for i in order.tolist()]
        return Pairings(*columns, **extras), refs
