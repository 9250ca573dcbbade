"""The event model: players, the pairings of every round as columns, and rating-list
entries with how they meet an event's players.

Players are a handful of frozen dataclasses.  The pairings are kept columnar (one
numpy array per field, one row per player per round) because every computation
downstream — points, ratings, performance — is a group-by over those rows, and a
200,000-row event must not become 200,000 Python objects.

Scores are integer hundredths of a point (a draw is 50) so that sums are exact.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, overload

import numpy as np
import numpy.typing as npt

from .errors import EventModelError, InputError, InputWarning, Place, Problems
from .i18n.message import message

if TYPE_CHECKING:
    from .team_records import TeamRecords

IntArray = npt.NDArray[np.int64]


class Result(enum.IntEnum):
    """What one round meant for one player (TRF result codes in brackets)."""

    WIN = 0  # '1' played win
    DRAW = 1  # '=' played draw
    LOSS = 2  # '0' played loss
    FORFEIT_WIN = 3  # '+'
    FORFEIT_LOSS = 4  # '-' (against '-': a double forfeit)
    SHORT_WIN = 5  # 'W' game shorter than one move
    SHORT_DRAW = 6  # 'D'
    SHORT_LOSS = 7  # 'L'
    HALF_BYE = 8  # 'H'
    FULL_BYE = 9  # 'F'
    PAIRING_BYE = 10  # 'U' pairing-allocated bye
    ZERO_BYE = 11  # 'Z' or blank: absent, not paired
    UNPLAYED = 12  # paired, no result yet (a live event)
    BOTH_LOST = 13  # '0-0': a game both players were declared to have lost


#: TRF result character of each :class:`Result`, indexed by its value.  TRF has no
#: code for a game both lost; FIDE treats it as a double forfeit, so it is written '-'.
TRF_CODE = np.array(list("1=0+-WDLHFUZ -"), dtype="<U1")
#: Points (hundredths) of each :class:`Result` under standard 1-½-0 scoring.
POINTS = np.array([100, 50, 0, 100, 0, 100, 50, 0, 50, 100, 100, 0, 0, 0], dtype=np.int64)
#: Results of a game played over the board (the only ones that can be rated).
PLAYED = np.zeros(len(Result), dtype=bool)
PLAYED[[Result.WIN, Result.DRAW, Result.LOSS]] = True
#: Results of a game played over the board, rated or not (TRF ``1 = 0 W D L``): what C.07
#: counts as a played game; forfeits and byes are its unplayed rounds (Art. 16).
OVER_THE_BOARD = PLAYED.copy()
OVER_THE_BOARD[[Result.SHORT_WIN, Result.SHORT_DRAW, Result.SHORT_LOSS]] = True
#: The result the opponent must have: the mirror of each result.
MIRROR = np.array(
    [
        Result.LOSS,
        Result.DRAW,
        Result.WIN,
        Result.FORFEIT_LOSS,
        Result.FORFEIT_WIN,
        Result.SHORT_LOSS,
        Result.SHORT_DRAW,
        Result.SHORT_WIN,
        -1,
        -1,
        -1,
        -1,
        Result.UNPLAYED,
        Result.BOTH_LOST,
    ],
    dtype=np.int64,
)

RESULT_BY_TRF_CODE: dict[str, Result] = {
    "1": Result.WIN,
    "=": Result.DRAW,
    "0": Result.LOSS,
    "+": Result.FORFEIT_WIN,
    "-": Result.FORFEIT_LOSS,
    "W": Result.SHORT_WIN,
    "D": Result.SHORT_DRAW,
    "L": Result.SHORT_LOSS,
    "H": Result.HALF_BYE,
    "F": Result.FULL_BYE,
    "U": Result.PAIRING_BYE,
    "Z": Result.ZERO_BYE,
}


class WinMethod(enum.IntEnum):
    """How a game was won, where a rating system cares (Cờ Đông Sơn's Tiến Cung)."""

    UNKNOWN = 0
    TIEN_CUNG = 1  # offering the "Sính lễ"
    CHIEU_HA = 2  # a checkmate-type win
    ADJUDICATED = 3  # "xử thắng"
    RESIGN = 4
    TIME = 5


WIN_METHOD_NAMES = {m.name.lower().replace("_", "-"): m for m in WinMethod}


class EventType(enum.StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


#: Colour codes in :attr:`Pairings.color`.
WHITE, BLACK, NO_COLOR = 1, -1, 0


@dataclass(frozen=True)
class Player:
    """One player as the event file gives him; ``index`` is his row in the event."""

    index: int
    id: int | str
    name: str
    rating: float | None = None
    sex: str | None = None
    title: str | None = None
    federation: str | None = None
    fide_id: str | None = None
    birth: date | None = None
    birth_year: int | None = None
    games: int | None = None
    ever_2400: bool | None = None
    k: int | None = None
    declared_points: int | None = None
    declared_rank: int | None = None
    line: int | None = None
    #: Where the reader found the rating (a sheet's cell, a CSV's line), for a check of
    #: the rating made after reading; None: the file's own place says it.
    rating_place: Place | None = None
    #: A reference opponent of fixed rating (an AI level): his rating never moves, and he
    #: is no participant — his games count for his opponents, he has no place.
    fixed_rating: bool = False


@dataclass(frozen=True, eq=False)
class Pairings:
    """One row per player per round; ``opponent`` is a player index or -1.

    The optional columns matter to some rating systems only: ``method`` (a
    :class:`WinMethod`), ``minutes`` (thinking time per side, 0 unknown) and ``pool``
    (an index into :attr:`Event.pools`).
    """

    round: IntArray
    player: IntArray
    opponent: IntArray
    color: IntArray
    result: IntArray
    method: IntArray | None = None
    minutes: IntArray | None = None
    pool: IntArray | None = None

    def __post_init__(self) -> None:
        columns = (self.round, self.player, self.opponent, self.color, self.result,
                   self.method, self.minutes, self.pool)
        if len({len(a) for a in columns if a is not None}) > 1:
            raise EventModelError("pairing columns differ in length")

    def column(self, name: str) -> IntArray:
        """An optional column, zeros where the input did not give it."""
        values: IntArray | None = getattr(self, name)
        return np.zeros(len(self), dtype=np.int64) if values is None else values

    def __len__(self) -> int:
        return len(self.round)

    @classmethod
    def from_columns(cls, columns: Sequence[Sequence[int]]) -> Pairings:
        arrays = [np.asarray(c, dtype=np.int64) for c in columns]
        return cls(*arrays)

    def points(self, n_players: int) -> IntArray:
        """Tournament points (hundredths) of every player, byes included."""
        return np.bincount(self.player, weights=POINTS[self.result], minlength=n_players).astype(
            np.int64
        )


class DeclaredTiebreaks(NamedTuple):
    """The tie-breaks an event's file says rank it, and where it says so."""

    codes: tuple[str, ...]  # in order, as written (upper case), the score not among them
    place: Place
    declared_by: str  # what declares them, as messages name it: "record 202"
    text: str  # the declaration as the file writes it (its codes upper case), kept as is


@dataclass(frozen=True, eq=False)
class EventFields:
    """What an event is: who played, who met whom in which round, what came of it, and what
    its file declares.  A reader finds them (an :class:`EventDraft`); an :class:`Event`
    holds them once they pass the checks every event passes."""

    name: str
    players: tuple[Player, ...]
    pairings: Pairings
    rounds: int
    type: EventType
    start: date | None = None
    end: date | None = None
    city: str | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    time_control: str | None = None
    round_dates: tuple[date | None, ...] = ()
    source: str | None = None
    #: The format the file was read as, for the database and the reports to say: what the
    #: event means is in its other fields, whichever format gave them.
    source_format: str | None = None
    extra_records: tuple[tuple[int, str], ...] = ()
    warnings: tuple[InputWarning, ...] = field(default=())
    pools: tuple[str, ...] = ()  # names of the pool codes in Pairings.pool
    settings: tuple[tuple[str, str], ...] = ()  # event-level settings, e.g. ("level", "national")
    #: A game log (an online platform's) has no rounds: each game is read as its own
    #: round, so a player has no unplayed rounds and the standings no default tie-breaks.
    game_log: bool = False
    #: Columns an export published beside the results, kept for comparison only: (header as
    #: written, e.g. "Pts.", "Rk.", "TB1", "Rp", "K", "rtg+/-") → one value per player, in
    #: player order (a number, a text, or None where the cell was blank).
    published: tuple[tuple[str, tuple[object, ...]], ...] = ()
    #: The event's id at FIDE (an event sheet's ``fide_event_id``): who the event is across
    #: its files, before its name, place and start day.
    fide_event_id: str | None = None
    #: A team event's teams and team records (None: an individual event).  The games
    #: stay the players' own and are rated as in any event.
    teams: TeamRecords | None = None
    #: The seed of the drawing of lots that orders players still tied after every
    #: tie-break (C.07's last resort); None: no lots, tied players share the place.
    lots_seed: int | None = None
    #: The arbiter's final order of players still tied (their ids, first placed first):
    #: a play-off's outcome, say; it comes before the lots.
    final_order: tuple[int | str, ...] = ()
    #: The tie-breaks the file declares its players ranked by (None: it declares none).
    declared_tiebreaks: DeclaredTiebreaks | None = None
    #: Whether the source is a file of records, one a line, each player's on his line
    #: (:attr:`Player.line`) and the kept records (:attr:`extra_records`) numbered alike:
    #: a player is then named at his line, and a writer of records keeps the records that
    #: stood before the players before them.
    record_file: bool = False


class Event(EventFields):
    """A tournament: who played, who met whom in which round, and what came of it; its
    fields have passed the checks every event passes (an :class:`EventDraft`'s become
    one in :func:`tournament_elo.read.checks.checked_event`).  No dataclass of its own: it
    adds no field, and a dataclass's generated methods cost its import time."""

    @cached_property
    def rounds_played(self) -> int:
        """The last complete round: one with game results and no game still to be played
        ("after round k" of an event in progress).  Found once per event (the reports
        ask for it often).

        Byes do not count: a half-point bye for a later round is often entered early; nor
        does a round whose first results are in while other boards still play.
        """
        p = self.pairings
        if not len(p):
            return 0
        games = p.opponent >= 0
        unplayed = p.result == Result.UNPLAYED
        # Rounds are small whole numbers: counted per round, not sorted (a db import
        # asks it of every event).
        size = int(p.round.max()) + 1
        decided = np.bincount(p.round[games & ~unplayed], minlength=size)
        pending = np.bincount(p.round[games & unplayed], minlength=size)
        complete = np.flatnonzero((decided > 0) & (pending == 0))
        return int(complete[-1]) if len(complete) else 0

    def points(self) -> IntArray:
        return self.pairings.points(len(self.players))

    def participants(self) -> npt.NDArray[np.bool_]:
        """Per player, whether he takes part in the standings: all but the fixed-rated
        reference opponents (:attr:`Player.fixed_rating`)."""
        return np.array([not p.fixed_rating for p in self.players], dtype=bool)

    def through(self, last_round: int) -> Event:
        """The event as it stood after ``last_round``: the rows of later rounds (pairings
        made ahead, byes entered ahead) left out; the number of rounds stays."""
        p = self.pairings
        if not len(p) or int(p.round.max()) <= last_round:
            return self
        keep = p.round <= last_round

        def cut(column: IntArray | None) -> IntArray | None:
            return None if column is None else column[keep]

        return replace(self, pairings=Pairings(
            p.round[keep], p.player[keep], p.opponent[keep], p.color[keep], p.result[keep],
            cut(p.method), cut(p.minutes), cut(p.pool)))

    def ratings(self) -> npt.NDArray[np.float64]:
        """Pre-event ratings as floats, NaN for the unrated."""
        return np.array(
            [np.nan if p.rating is None else float(p.rating) for p in self.players],
            dtype=np.float64,
        )


class EventDraft(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """An event as a reader found it in its file, before the checks every event passes
    (:func:`tournament_elo.read.checks.checked_event` makes the :class:`Event`): its
    fields (their ``warnings`` the reader's own), and where each thing the checks name
    was read."""

    fields: EventFields
    #: Where each pairing row was read (its index in ``fields.pairings``).
    row_place: Callable[[int], Place]
    #: Where each player's FIDE id, and his declared points, were read (his index).
    fide_id_place: Callable[[int], Place]
    points_place: Callable[[int], Place]
    #: Problems found while reading that did not stop it: raised with the checks' own.
    problems: Problems
    #: Whether a game without a result before a round with results is refused as a
    #: result left out: not where the rounds are no order of play (a game log's, a
    #: crosstable's as its export holds them), nor where a games row was left out.
    check_left_out_results: bool = True
    #: The reader's warnings about the event as a whole, after the checks' warnings.
    later_warnings: tuple[InputWarning, ...] = ()


class Standings(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """An event's standings by C.07, after its current round (made by
    :func:`~tournament_elo.rating.standings.standings`): what the systems' tables show of
    the score and the place, and what the reports rank by."""

    codes: tuple[str, ...]
    values: dict[str, npt.NDArray[np.float64]]  # code → one value per player
    rank: npt.NDArray[np.int64]  # shared places where points and every value tie; 0: none
    points: npt.NDArray[np.int64]  # hundredths, after ``current_round``
    current_round: int
    rules: str  # the C.07 edition the tie-breaks follow
    lots: npt.NDArray[np.int64] | None = None  # each player's lot (1 = first), if drawn
    lots_seed: int | None = None
    final_order: tuple[int | str, ...] = ()  # the arbiter's order of players still tied


@dataclass(frozen=True)
class ListEntry:
    """One player's line of a rating list: who he is and his rating and K state;
    ``place`` is the line (or row), ``rating_place`` the rating's column on it."""

    place: Place
    id: str | None = None
    fide_id: str | None = None
    name: str | None = None
    rating: float | None = None
    games: int | None = None
    birth: date | None = None
    birth_year: int | None = None
    ever_2400: bool | None = None
    k: int | None = None
    federation: str | None = None
    rating_place: Place | None = None
    sex: str | None = None  # "m" or "w", as the event readers spell it
    club: str | None = None
    region: str | None = None  # a province, state or city
    active: bool | None = None  # None: the list does not say


class ListPlaces(NamedTuple):
    """How a rating list names where a value is: the file, the sheet (of a workbook),
    and each field's column as a place names it (a text file's header word as written, a
    sheet's column letter)."""

    source: str
    sheet: str | None
    columns: Mapping[str, str]

    def at(self, number: int, field: str | None = None) -> Place:
        """The line (a sheet's row) ``number``, or its cell of ``field``."""
        column = None if field is None else self.columns.get(field)
        if column is None:
            return Place(self.source, line=number, sheet=self.sheet)
        if self.sheet is None:
            return Place(self.source, line=number, column=column)
        return Place(self.source, sheet=self.sheet, cell=f"{column}{number}")


class RatingList(Sequence[ListEntry]):
    """A rating list as read: each field a column of one value per entry, and each
    entry's line (or row) ``numbers``; an entry is made when it is asked for.

    FIDE's list has 1.2 million lines and an event a few hundred players: a column holds
    each value once per line (the readers share one value object among the lines that
    spell it alike), and matching players looks at the key columns alone.  A field the
    list does not give has no column (``None`` for every entry).
    """

    def __init__(self, kind: type[ListEntry], places: ListPlaces, numbers: Sequence[int],
                 columns: Mapping[str, Sequence[Any]]) -> None:
        if any(len(values) != len(numbers) for values in columns.values()):
            raise EventModelError("rating list columns differ in length")
        self.kind = kind
        self.places = places
        self.numbers = numbers
        self.columns = columns

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> ListEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[ListEntry]: ...

    def __getitem__(self, index: int | slice) -> ListEntry | list[ListEntry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        number = self.numbers[index]
        return self.kind(place=self.places.at(number),
                         rating_place=self.places.at(number, "rating"),
                         **{name: values[index] for name, values in self.columns.items()})

    def __iter__(self) -> Iterator[ListEntry]:
        return (self[i] for i in range(len(self)))

    def column(self, field: str) -> Sequence[Any] | None:
        """Every entry's ``field``, or ``None`` when the list does not give it."""
        return self.columns.get(field)

    def place(self, row: int, field: str | None = None) -> Place:
        """Where entry ``row`` is: its line, or the cell of its ``field``."""
        return self.places.at(self.numbers[row], field)


#: The fields a player is looked up by in a rating list, in the order they are tried,
#: and each one's value for a player: his FIDE id, his id (a start number, or the event's
#: own id), his exact name.
_LIST_KEYS: tuple[tuple[str, Callable[[Player], str | None]], ...] = (
    ("fide_id", lambda player: player.fide_id),
    ("id", lambda player: str(player.id)),
    ("name", lambda player: player.name),
)


def listed_entries(players: Sequence[Player],
                   entries: Sequence[ListEntry]) -> list[ListEntry | None]:
    """Each player's entry in the list (``None``: not in it): the entry with his FIDE id,
    else with his id, else with his exact name.  The key columns are each read once,
    whatever the list's length; a key the list gives on two lines, where it is the one
    a player is found by, is an error (either line could be his).
    """
    rows: list[int | None] = [None] * len(players)
    problems = Problems()
    for key_field, key_of in _LIST_KEYS:
        column = entries.column(key_field) if isinstance(entries, RatingList) else [
            getattr(entry, key_field) for entry in entries]
        wanted = {key_of(players[i]) for i, row in enumerate(rows) if row is None} - {None, ""}
        if column is None or not wanted:
            continue
        found: dict[str, list[int]] = {}
        for row, key in enumerate(column):
            if key in wanted:
                found.setdefault(key, []).append(row)
        for i, player in enumerate(players):
            key = key_of(player)
            if rows[i] is None and key in found:
                lines = found[key]
                rows[i] = lines[0]
                if len(lines) > 1:
                    problems.add(_twice(entries, key_field, key, lines))
    problems.raise_any()
    return [None if row is None else entries[row] for row in rows]


def _twice(entries: Sequence[ListEntry], field: str, key: str | None,
           rows: list[int]) -> InputError:
    """The error for the key a player is found by, given on two lines of the list."""
    if isinstance(entries, RatingList):
        here, other = entries.place(rows[1], field), entries.place(rows[0])
    else:
        here, other = entries[rows[1]].place, entries[rows[0]].place
    also = (message("{}, also on row {}", repr(key), other.line) if here.sheet is not None
            else message("{}, also on line {}", repr(key), other.line))
    return InputError("the rating list has this player twice", here, found=also,
                      expected="one line per player (a fide_id or id tells players of one "
                      "name apart)")


def apply_rating_list(event: Event, entries: Sequence[ListEntry]) -> Event:
    """The event with each player found in the list (:func:`listed_entries`) taking his
    rating and K state from it: what the list says replaces what the event file said,
    and a listed rating of 0 makes him unrated."""
    return with_entries(event, listed_entries(event.players, entries))


def with_entries(event: Event, entries: Sequence[ListEntry | None]) -> Event:
    """The event with each player taking what his entry (if any) says."""
    return replace(event, players=tuple(
        player if entry is None else _merge(player, entry)
        for player, entry in zip(event.players, entries, strict=True)))


def _merge(player: Player, entry: ListEntry) -> Player:
    changes: dict[str, object] = {
        key: getattr(entry, key)
        for key in ("rating", "games", "ever_2400", "k", "federation", "fide_id")
        if getattr(entry, key) is not None
    }
    if entry.birth_year is not None:
        changes.update(birth=entry.birth, birth_year=entry.birth_year)
    if changes.get("rating") == 0:
        changes["rating"] = None
    return replace(player, **changes)  # type: ignore[arg-type]
