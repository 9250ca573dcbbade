"""Plain pairing and result sheets: a players table and a games table (XLSX or CSV).

This is what clubs and online platforms keep: one row per game (``round, board, white,
black, result``) and, beside it, one row per player.  A workbook holds both as sheets
(plus an optional ``event`` sheet, read by :mod:`.sheet_event`); CSV comes as
``x-games.csv`` with ``x-players.csv`` (and optionally ``x-event.csv`` or ``event.csv``)
beside it, or as ``x.csv`` with ``x-players.csv`` (and ``x-event.csv``).  Without a
players table the players are taken from the games, with the ratings the games carry.
Every problem is an :class:`InputError` naming the file and the line or cell, and the
problems of the event sheet, the players and the games are raised together.

Optional game columns feed the rating systems that need them, and are read in
:mod:`.sheet_per_game`: ``win_method`` (→ :attr:`Pairings.method`), ``pool`` (game
type → :attr:`Pairings.pool`, names in :attr:`Event.pools`), ``time_control`` (minutes
per side → :attr:`Pairings.minutes`) and ``ai_level``; a white or black cell ``AI-3``
(``AI 3``, ``máy 3``) is a game against an AI level, a player with a fixed rating added
after the real players.  A games
table without a round column is a game log (an online platform's): every game is its
own round, in file order or by its date and time.  The event sheet's ``level`` and
``pool`` rows become :attr:`Event.settings`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import N_, message
from ..model import (
    BLACK,
    NO_COLOR,
    WHITE,
    Event,
    EventDraft,
    EventFields,
    EventType,
    Pairings,
    Player,
    Result,
)
from .checks import checked_event
from .common import (
    PairingRows,
    Roster,
    both_readings,
    detect_event_type,
    event_type_from_text,
    index_players,
    parse_date,
)
from .headers import canonical, column_name, fold, in_vietnamese, map_headers, near_miss
from .prize_words import PRIZE_SHEETS
from .sheet_cells import cell_place, cell_text
from .sheet_event import EventInfo, read_event_sheet
from .sheet_files import Companions, companion_files, players_file_name
from .sheet_per_game import AiRoster, GameExtras, event_settings, row_ai
from .sheet_teams import read_sheet_teams
from .sheet_words import (
    BYE_RESULTS,
    BYE_WORDS,
    DASHES,
    GAME_RESULTS,
    SIDES,
    TIME_OF_DAY,
)
from .table import (
    Row,
    Table,
    is_workbook,
    read_csv_rows,
    read_workbook,
    table_from_rows,
)
from .text import Readable, path_of
from .values import (
    MAX_ROUND,
    SEXES,
    birth,
    game_count,
    k_factor,
    points,
    rating,
    shown,
    whole_number,
)

_T = TypeVar("_T")

#: Columns a games table must have (``round`` is optional: without it, a game log).
GAME_COLUMNS = ("white", "black", "result")
#: How far down a sheet of unknown name a header row is looked for.
HEADER_SEARCH_ROWS = 50
#: Folded sheet names of each table in a workbook.
GAMES_SHEETS = ("games", "game", "vandau", "ketqua", "results", "pairings")
PLAYERS_SHEETS = ("players", "player", "dauthu", "danhsach", "danhsachdauthu", "kythu")
EVENT_SHEETS = ("event", "tournament", "giai", "giaidau", "thongtin", "info")


# ---------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class _Sheet:
    """The filled rows of one table: a workbook's sheet, or a CSV file (``sheet`` None)."""

    source: str
    sheet: str | None
    rows: list[Row]


@dataclass(frozen=True)
class _Sources:
    """The tables of one event; each is None where it is absent, or where its file could
    not be read (the problem is recorded)."""

    games: _Sheet | None
    players: _Sheet | None
    event: _Sheet | None
    format: str
    #: A players file is there but could not be read: the players are not the games'.
    players_unreadable: bool = False
    #: A games CSV without its players file beside it: the file's name it would have.
    players_file_missing: str | None = None


@dataclass
class _Reading:
    """What reading one event has found wrong so far: every problem is reported at once."""

    problems: Problems = field(default_factory=Problems)
    warnings: list[InputWarning] = field(default_factory=list)


def read_sheets(path: Readable, encoding: str | None = None) -> Event:
    """Read a games CSV (with its players CSV beside it) or a workbook into an Event."""
    return checked_event(sheets_draft(path, encoding))


def sheets_draft(path: Readable, encoding: str | None = None) -> EventDraft:
    """What a games CSV (with its players CSV beside it) or a workbook gives, before the
    checks."""
    reading = _Reading()
    if is_workbook(path):
        sources = _workbook_sources(path, reading)
    else:
        sources = _csv_sources(path, encoding, reading)
    return _draft(sources, str(path), reading)


def _workbook_sources(path: Readable, reading: _Reading) -> _Sources:
    """Find the games, players and event sheets by name, else by their headers (a prize
    sheet, which ``rate --prizes`` reads, is none of them)."""
    source = str(path)
    sheets = {name: rows for name, rows in read_workbook(path).items()
              if fold(name) not in PRIZE_SHEETS}
    games_name = _sheet_named(sheets, GAMES_SHEETS) or _sheet_with(sheets, _games_header)
    if games_name is None and len(sheets) == 1:
        games_name = next(iter(sheets))
    if games_name is None:  # the players and event sheets are still checked
        reading.problems.add(InputError(
            "the workbook has no games sheet", Place(source),
            found=message("sheets {}", ", ".join(repr(s) for s in sheets)),
            expected="a sheet named 'games' (or 'ván đấu', 'kết quả') with the columns "
            "(round,) white, black, result",
        ))
    rest = {k: v for k, v in sheets.items() if k != games_name}
    event_name = _sheet_named(rest, EVENT_SHEETS)
    rest = {k: v for k, v in rest.items() if k != event_name}
    players_name = _sheet_named(rest, PLAYERS_SHEETS) or _sheet_with(rest, _players_header)

    def sheet(name: str | None) -> _Sheet | None:
        return None if name is None else _Sheet(source, name, sheets[name])

    return _Sources(sheet(games_name), sheet(players_name), sheet(event_name), "xlsx")


def _csv_sources(path: Readable, encoding: str | None, reading: _Reading) -> _Sources:
    """The games CSV, and the players and event CSV files found beside it; a file that
    cannot be read is a problem recorded, and the others are still read."""
    file = path_of(path)
    companions = companion_files(file) if file is not None else Companions(None, None)

    def csv_file(of: Readable | None) -> _Sheet | None:
        if of is None:
            return None
        rows = reading.problems.checked(lambda: read_csv_rows(of, encoding), None)
        return None if rows is None else _Sheet(str(of), None, rows)

    event = csv_file(companions.event)
    players = csv_file(companions.players)
    games = csv_file(path)
    missing = (players_file_name(file) if file is not None and companions.players is None
               else None)
    return _Sources(games, players, event, "csv",
                    players_unreadable=companions.players is not None and players is None,
                    players_file_missing=missing)


def _sheet_named(sheets: dict[str, list[Row]], names: Sequence[str]) -> str | None:
    return next((name for name in sheets if fold(name) in names), None)


def _sheet_with(
    sheets: dict[str, list[Row]], is_header: Callable[[set[str]], bool]
) -> str | None:
    """The first sheet with a header row (among its first rows) that ``is_header``."""
    for name, rows in sheets.items():
        if any(is_header(set(map_headers(row.cells))) for row in rows
               if row.number <= HEADER_SEARCH_ROWS):
            return name
    return None


def _games_header(columns: set[str]) -> bool:
    return set(GAME_COLUMNS) <= columns


def _players_header(columns: set[str]) -> bool:
    """A name column beside another player column, and no game columns."""
    return "name" in columns and len(columns) >= 2 and not {"white", "black"} & columns


def _table(
    found: _Sheet, required: Sequence[str], what: str, reading: _Reading,
    alternatives: Sequence[str] = (),
) -> Table | None:
    """The table under the first row naming the required columns (or, failing that, any);
    None, with the problems recorded, where no header row gives them.

    Preferring a full header row lets a preamble cell such as 'Date' sit above it.
    ``alternatives`` may stand in for the required columns (a players table with ids only).
    A header one slip away from a known column (``Eol``) is a problem; other unknown
    columns are named in one warning.  Columns are named in the sheet's own language.
    """
    source, sheet, rows = found.source, found.sheet, found.rows

    def complete(row: list[Any]) -> bool:
        columns = set(map_headers(row))
        return set(required) <= columns or bool(alternatives and set(alternatives) <= columns)

    start = next((at for at, row in enumerate(rows) if complete(row.cells)), None)
    if start is None:
        start = next((at for at, row in enumerate(rows) if map_headers(row.cells)), None)
    if start is None:
        reading.problems.add(_no_header(source, sheet, rows, required, what))
        return None
    table = table_from_rows(source, sheet, rows[start:])
    vietnamese = in_vietnamese(table.raw_headers)

    def names(columns: Sequence[str]) -> str:
        return ", ".join(column_name(c, vietnamese) for c in columns)

    slips = _header_slips(table, vietnamese, reading)
    if complete(table.raw_headers):
        return table
    missing = [c for c in required if c not in table.columns and c not in slips]
    if missing:  # else the slips say what is wrong with the header
        if what == "players":
            reason = message("the players table has no column {}", names(missing))
        elif "name" in table.columns and "white" not in table.columns:
            reason = message("the games table has no column {} (this looks like a players "
                             "table: give the games file or sheet)", names(missing))
        else:
            reason = message("the games table has no column {}", names(missing))
        reading.problems.add(InputError(
            reason, table.header_place,
            found=message("the header row {}",
                          ", ".join(cell_text(h) for h in table.raw_headers if h)),
            expected=message("columns {} (or {})", names(required), names(alternatives))
            if alternatives else message("columns {}", names(required)),
        ))
    return None


def _header_slips(table: Table, vietnamese: bool, reading: _Reading) -> set[str]:
    """The known columns that headers one slip away name (each a problem); the other
    unknown headers in one warning, since a column not read may be a mistake too."""
    slips, unknown = set(), []
    for position, header in enumerate(table.raw_headers):
        text = cell_text(header)
        if not text or canonical(header) is not None:
            continue
        close = near_miss(header, table.columns)
        if close is None:
            unknown.append(repr(text))
            continue
        slips.add(close)
        reading.problems.add(InputError(
            "unknown column name", table.header_cell(position), found=repr(text),
            expected=message("{} (did you mean it?)", repr(column_name(close, vietnamese)))))
    if unknown:
        reading.warnings.append(InputWarning(
            table.header_place, message("columns not read: {}", ", ".join(unknown))))
    return slips


def _no_header(
    source: str, sheet: str | None, rows: list[Row], required: Sequence[str], what: str
) -> InputError:
    first = next((row for row in rows if any(cell_text(c) for c in row.cells)), None)
    if first is None:
        return InputError(N_("the games table is empty") if what == "games"
                          else N_("the players table is empty"),
                          cell_place(source, sheet, 1, 0),
                          expected=message("a header row naming {}, then rows",
                                           ", ".join(required)))
    number, row = first
    column = next(i for i, c in enumerate(row) if cell_text(c))
    return InputError(
        N_("no header row in the games table") if what == "games"
        else N_("no header row in the players table"), cell_place(source, sheet, number, column),
        found=message("the first row {}", ", ".join(cell_text(c) for c in row if cell_text(c))),
        expected=message("a header row naming {} (English or Vietnamese, e.g. {})",
                         ", ".join(required), "Vòng, Trắng, Đen, Kết quả" if what == "games"
                         else "Mã, Họ tên, Elo"),
    )


# ---------------------------------------------------------------------------- cells


def _key(value: Any) -> int | str | None:
    """A player id or a name cell: whole numbers as int (so 7, 7.0 and '7' agree)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = cell_text(value)
    if not text:
        return None
    number = whole_number(text)  # an id of more digits than a number holds stays text
    return text if number is None else number


def _cell(table: Table, row: int, column: str) -> tuple[str, Place]:
    """A cell's text and place, for the readers of :mod:`.values`."""
    return cell_text(table.value(row, column)), table.place(row, column)


def _date(value: Any, place: Place, what: str) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return parse_date(cell_text(value), place, what)


def _result_key(text: str) -> str:
    """Normalise a result's spelling: no spaces, one kind of dash, ½ as 1/2, 0,5 as 0.5."""
    compact = "".join(text.split()).translate(DASHES).lower()
    return compact.replace("½", "1/2").replace("0,5", "0.5")


# ---------------------------------------------------------------------------- players


def _players_from_table(table: Table, problems: Problems) -> list[Player]:
    return [_player(table, row, problems) for row in range(len(table))]


def _player(table: Table, row: int, problems: Problems) -> Player:
    """One players-table row; a missing id column numbers the players 1..n.  A bad cell
    is a problem recorded and read as blank, so the rest of the file is still checked."""
    def read(reader: Callable[[str, Place], _T], column: str, default: _T) -> _T:
        return problems.checked(lambda: reader(*_cell(table, row, column)), default)

    pid: int | str = row + 1
    if "id" in table.columns:
        key = _key(table.value(row, "id"))
        if key is None:
            problems.add(InputError("missing player id", table.place(row, "id"),
                                    found="a blank cell",
                                    expected="a start number, FIDE id or code"))
            key = f"(row {table.row_numbers[row]})"
        pid = key
    name = cell_text(table.value(row, "name")) or str(pid)
    no_birth: tuple[date | None, int | None] = (None, None)
    born, birth_year = read(lambda text, place: birth(text, place), "birth", no_birth)
    fide_id = cell_text(table.value(row, "fide_id"))
    return Player(
        index=row,
        id=pid,
        name=name,
        rating=read(rating, "rating", None) or None,
        rating_place=table.place(row, "rating"),
        sex=_sex(cell_text(table.value(row, "sex"))),
        title=cell_text(table.value(row, "title")) or None,
        federation=cell_text(table.value(row, "federation")).upper() or None,
        fide_id=fide_id if fide_id.strip("0") else None,
        birth=born,
        birth_year=birth_year,
        games=read(game_count, "games", None),
        k=read(k_factor, "k", None) or None,
        declared_points=read(points, "points", None),
        line=table.row_numbers[row],
    )


def _sex(text: str) -> str | None:
    folded = fold(text)
    return SEXES.get(folded, folded or None)


def _players_from_games(
    table: Table, problems: Problems | None
) -> tuple[list[Player], list[Place], list[InputWarning]]:
    """Players named in the games (id = the cell), rated by white_rating/black_rating: a
    bad rating is a problem recorded in ``problems``, or, with ``problems`` None, the
    ratings are not read (the players stand in for those a players table could not give).

    An AI opponent's side of a game names no player here: AI players are added later.
    """
    players: list[Player] = []
    places: list[Place] = []
    seen: dict[int | str, int] = {}
    warnings: list[InputWarning] = []
    for row in range(len(table)):
        ai = row_ai(table, row) if not _no_players(table, row) else None
        for side in SIDES:
            if ai is not None and ai[0] == side:
                continue
            pid = _key(table.value(row, side))
            if pid is None or _is_bye(table.value(row, side)):
                continue
            given = None
            if problems is not None:
                read = partial(rating, *_cell(table, row, f"{side}_rating"), f"{side} rating")
                given = problems.checked(read, None) or None
            if pid not in seen:
                seen[pid] = len(players)
                places.append(table.place(row, side))
                players.append(Player(index=len(players), id=pid, name=str(pid), rating=given,
                                      line=table.row_numbers[row],
                                      rating_place=table.place(row, f"{side}_rating")))
                continue
            known = players[seen[pid]].rating
            if given is not None and known != given:
                warnings.append(InputWarning(
                    table.place(row, f"{side}_rating"),
                    message("player {} is rated {} at {} but {} here; {} is used", pid, known,
                            places[seen[pid]], given, known),
                ))
    return players, places, warnings


class _Roster(Roster):
    """Finds the player a games cell names: by id, else by exact name; ``ai`` keeps the
    AI opponents met so far, numbered after the players."""

    def __init__(self, players: Sequence[Player], origin: str) -> None:
        super().__init__()
        self.players = players
        self.origin = origin
        for p in players:
            self.enter(p.index, p.name, p.id)
        self.ai = AiRoster(self.by_id, len(players))

    def find(self, table: Table, row: int, side: str) -> int:
        value = table.value(row, side)
        key = _key(value)
        if key in self.by_id:
            return self.by_id[key]
        named = self.named(cell_text(value))
        if len(named) == 1:
            return named[0]
        raise self._problem(table, row, side, named)

    def id_of(self, index: int) -> int | str:
        if index < len(self.players):
            return self.players[index].id
        return self.ai.players[index - len(self.players)].id

    def _problem(self, table: Table, row: int, side: str, named: list[int]) -> InputError:
        """Why the cell names nobody: blank, a shared name, or an unknown id or name."""
        text, place = cell_text(table.value(row, side)), table.place(row, side)
        if not text:
            return InputError(message("no {} player", side), place, found="a blank cell",
                              expected=N_("a player's id or name (a bye goes in the black "
                                          "column as 'bye')") if side == "white"
                              else N_("a player's id or name"))
        if named:
            return InputError(
                message("the name {} is shared by players {}", repr(text),
                        " and ".join(str(self.players[i].id) for i in named)), place,
                found="a name", expected="the player's id")
        close = difflib.get_close_matches(text, list(self.by_name), n=1)
        return InputError(
            message("unknown player {} as {}", repr(text), side), place,
            found=message("no player with this id or name (did you mean {}?)", repr(close[0]))
            if close else "no player with this id or name",
            expected=message("the id or exact name of a player in {}", self.origin),
        )


# ---------------------------------------------------------------------------- games


#: Where a games-table pairing row came from: (games row, column), or (player, None) for
#: a row the reader added (an absence).
_Ref = tuple[int, str | None]
_Rows = PairingRows[_Ref]


def _is_bye(value: Any) -> bool:
    text = cell_text(value)
    return text in ("", "-", "–", "—") or (len(text) <= 12 and fold(text) in BYE_WORDS)


def _no_players(table: Table, row: int) -> bool:
    return table.value(row, "white") is None and table.value(row, "black") is None


def _round(table: Table, row: int) -> int:
    text = cell_text(table.value(row, "round"))
    number = whole_number(text)
    if number is None or not 1 <= number <= MAX_ROUND:
        raise InputError("the round is not a positive whole number", table.place(row, "round"),
                         found=shown(text) if text else "a blank cell",
                         expected=message("1, 2, 3, … (at most {})", MAX_ROUND))
    return number


def _moment(table: Table, row: int) -> datetime | None:
    """A date cell as a date and time: '2025-03-01', '2025-03-01 14:05', '01/03/2025 9:30:05'."""
    value = table.value(row, "date")
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    text, place = cell_text(value), table.place(row, "date")
    try:  # the usual ISO spelling, quickly: '2025-03-01 14:05:33', '2025-03-01T14:05Z'
        moment = datetime.fromisoformat(text)
    except ValueError:
        pass
    else:
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        return moment
    day_text, _, clock = text.replace("T", " ").rpartition(" ")
    match = TIME_OF_DAY.match(clock.rstrip("Z")) if day_text else None
    if match is None:
        day_text, hour, minute, second = text, 0, 0, 0
    else:
        hour, minute, second = (int(g or 0) for g in match.groups())
    day = parse_date(day_text, place, "date")
    if day is None or hour > 23 or minute > 59 or second > 59:
        raise InputError("unreadable date", place, found=shown(text),
                         expected="a date such as 2025-03-01 or 01.03.2025, optionally with a "
                         "time such as 14:05")
    return datetime(day.year, day.month, day.day, hour, minute, second)


@dataclass(frozen=True)
class _Order:
    """The games-table rows to read, in rating order, with their rounds and dates."""

    rows: list[int]
    rounds: list[int]
    moments: list[datetime | None]
    log: bool  # no round column: every game is its own round


def _game_order(table: Table, reading: _Reading) -> _Order:
    """Rows with players in file order and their rounds; a log sorted by date if it can be.
    A row of an unreadable round or date is a problem recorded, and left out."""
    warnings, problems = reading.warnings, reading.problems
    rows = [row for row in range(len(table)) if not _no_players(table, row)]
    dated = "date" in table.columns
    moments: list[datetime | None] = [None] * len(rows)
    rounds = [0] * len(rows)
    bad = set()
    for at, row in enumerate(rows):
        try:
            moments[at] = _moment(table, row) if dated else None
            rounds[at] = _round(table, row) if "round" in table.columns else at + 1
        except InputError as error:
            problems.add(error)
            bad.add(at)
    if bad:
        kept = [at for at in range(len(rows)) if at not in bad]
        rows, rounds = [rows[at] for at in kept], [rounds[at] for at in kept]
        moments = [moments[at] for at in kept]
    if "round" in table.columns:
        return _Order(rows, rounds, moments, log=False)
    if "board" in table.columns:
        warnings.append(InputWarning(
            table.header_place, "the games table has no round column: every game is read as "
            "its own round, in order (a game log)"))
    if dated and rows:
        blank = next((at for at, moment in enumerate(moments) if moment is None), None)
        if blank is None:  # sort by date and time; the same moment keeps file order
            known = [moment for moment in moments if moment is not None]
            order = sorted(range(len(rows)), key=known.__getitem__)
            rows, moments = [rows[i] for i in order], [known[i] for i in order]
        elif any(moment is not None for moment in moments):
            warnings.append(InputWarning(
                table.place(rows[blank], "date"),
                "a game of the log has no date, so the log is rated in file order"))
    return _Order(rows, list(range(1, len(rows) + 1)), moments, log=True)


def _read_games(table: Table, roster: _Roster, order: _Order, extras: GameExtras,
                problems: Problems) -> _Rows:
    """Two pairing rows per game, one per bye; checks each player once per round.  A bad
    row is a problem recorded, and the rows after it are still checked."""
    rows: _Rows = PairingRows()
    first_seen: dict[tuple[int, int], tuple[int, str]] = {}
    for row, rnd in zip(order.rows, order.rounds, strict=True):
        try:  # not problems.collect(): a context manager per row costs a tenth of the read
            _read_game(table, roster, order, extras, rows, first_seen, row, rnd)
        except InputError as error:
            problems.add(error)
    return rows


def _read_game(table: Table, roster: _Roster, order: _Order, extras: GameExtras, rows: _Rows,
               first_seen: dict[tuple[int, int], tuple[int, str]], row: int, rnd: int) -> None:
    """The pairing rows of one games-table row, added to ``rows`` only if it is right."""
    ai = row_ai(table, row)
    if ai is None:
        if table.value(row, "white") is not None and _is_bye(table.value(row, "white")):
            raise InputError("a bye in the white column", table.place(row, "white"),
                             found=repr(cell_text(table.value(row, "white"))),
                             expected="the player in white, and 'bye' in the black column")
        white = roster.find(table, row, "white")
        bye = _is_bye(table.value(row, "black"))
        black = -1 if bye else roster.find(table, row, "black")
    else:
        ai_side, level = ai
        other = "black" if ai_side == "white" else "white"
        player = roster.find(table, row, other)
        machine = roster.ai.index(level, table, row, ai_side)
        white, black = (machine, player) if ai_side == "white" else (player, machine)
        bye = False
    if white == black:
        raise InputError(
            message("player {} plays himself in round {}", roster.id_of(white), rnd),
            table.place(row, "black"), found="the same player as white and black",
            expected="two different players")
    if not order.log:
        for side, who in (("white", white), ("black", black)):
            # A fixed-rated reference opponent (an AI level) plays many games at once.
            if who < 0 or (ai is not None and who == machine):
                continue
            first = first_seen.setdefault((rnd, who), (row, side))
            if first != (row, side):
                raise InputError(
                    message("player {} is paired twice in round {}", roster.id_of(who), rnd),
                    table.place(row, side),
                    found=message("a second row for him (the first at {})",
                                  table.place(*first)),
                    expected="one row per player per round")
    extra = extras.of(row, bye=bye)
    text = cell_text(table.value(row, "result"))
    if bye:
        rows.add(rnd, white, -1, NO_COLOR, _bye_result(table, row, text), (row, "white"),
                 *extra)
        return
    white_result, black_result = _game_result(table, row, text)
    rows.add(rnd, white, black, WHITE, white_result, (row, "white"), *extra)
    rows.add(rnd, black, white, BLACK, black_result, (row, "black"), *extra)


def _game_result(table: Table, row: int, text: str) -> tuple[Result, Result]:
    """The (white, black) results of a game row; blank is a game not played yet.

    ``0-0`` (both declared lost) is BOTH_LOST for both: no points, rated as two losses
    only by a system that says so (Cờ Đông Sơn), and reported as a warning like ``-/-``
    (a double forfeit, rated for nobody).
    """
    return _spelled(GAME_RESULTS, table, row, text, "unknown result",
                    "1-0, 0-1, ½-½ (0.5-0.5, 1/2-1/2, =), +/- or -/+ (forfeit), "
                    "-/- (double forfeit), 0-0 (both declared lost), or blank (not played yet)")


def _bye_result(table: Table, row: int, text: str) -> Result:
    """The bye a bye row gives; blank is a bye whose value is not entered yet (UNPLAYED)."""
    return _spelled(BYE_RESULTS, table, row, text, "unknown result for a bye",
                    "1, + or F (full-point bye), ½, 0.5 or H (half-point bye), "
                    "U (pairing bye), 0 or Z (zero-point bye)")


def _spelled(spellings: Mapping[str, _T], table: Table, row: int, text: str, problem: str,
             expected: str) -> _T:
    """What a result cell's spelling means, or an error naming the cell."""
    found = spellings.get(_result_key(text))
    if found is None:
        raise InputError(problem, table.place(row, "result"), found=shown(text),
                         expected=expected)
    return found


# ---------------------------------------------------------------------------- event


@dataclass(frozen=True)
class _Declared:
    """What the event sheet declares, read at once: a bad cell is a problem recorded, and
    read as not given, so that the games and players are still checked."""

    start: date | None
    end: date | None
    rounds: int | None
    settings: tuple[tuple[str, str], ...]
    #: The pool of the games that name none; an unreadable pool row's text as written, so
    #: that those games are not each called poolless (the row's problem says it).
    pool: str | None


def _declared(info: EventInfo, problems: Problems) -> _Declared:
    no_settings: tuple[tuple[str, str], ...] = ()
    level = problems.checked(lambda: event_settings(info.given("level"), None), no_settings)
    pool = problems.checked(lambda: event_settings(None, info.given("pool")), None)
    return _Declared(
        start=problems.checked(lambda: _info_date(info, "start"), None),
        end=problems.checked(lambda: _info_date(info, "end"), None),
        rounds=problems.checked(lambda: _info_rounds(info), None),
        settings=(*level, *(pool or ())),
        pool=info.text("pool") if pool is None else dict(pool).get("pool"),
    )


def _info_date(info: EventInfo, key: str) -> date | None:
    if key not in info.values:
        return None
    return _date(info.values[key], info.places[key], f"{key} date")


def _info_rounds(info: EventInfo) -> int | None:
    text = info.text("rounds")
    if text is None:
        return None
    number = whole_number(text)
    if number is None or not 1 <= number <= MAX_ROUND:
        raise InputError("the number of rounds is not a positive whole number",
                         info.places["rounds"], found=shown(text),
                         expected=message("1, 2, 3, … (at most {})", MAX_ROUND))
    return number


def _game_dates(order: _Order, rounds: int) -> tuple[list[date], tuple[date | None, ...]]:
    """All game dates, and the first date of each round (empty if the sheet has none)."""
    by_round: dict[int, date] = {}
    for rnd, moment in zip(order.rounds, order.moments, strict=True):
        if moment is not None and (rnd not in by_round or moment.date() < by_round[rnd]):
            by_round[rnd] = moment.date()
    if not by_round:
        return [], ()
    return list(by_round.values()), tuple(by_round.get(r) for r in range(1, rounds + 1))


def _ambiguous_dates(games: Table, order: _Order, info: EventInfo) -> list[InputWarning]:
    """A warning naming both readings when the sheet's dates (``08/03/2025``) read as well
    day first as month first: they are read day first, as Vietnamese and European sheets
    write them, but the reading decides the regulations and the K factors."""
    texts = [text for key in ("start", "end") if isinstance(text := info.values.get(key), str)]
    first = next((info.places[k] for k in ("start", "end") if isinstance(info.values.get(k), str)),
                 None)
    if "date" in games.columns:
        for row in order.rows:
            value = games.value(row, "date")
            if isinstance(value, str):
                first = first or games.place(row, "date")
                texts.append(value)
    readings = both_readings(texts)
    if readings is None:
        return []
    day_first, month_first = readings

    def span(days: list[date]) -> str:
        start, last = min(days), max(days)
        return str(start) if start == last else f"{start} – {last}"

    return [InputWarning(first or games.header_place,
                         message("the dates read day first as {} and month first as {}; read "
                                 "day first (write 2025-03-08 to be sure)", span(day_first),
                                 span(month_first)))]


def _event_name(info: EventInfo, source: str) -> str:
    """The event sheet's name, else the file stem without its 'games' part."""
    name = info.text("name")
    if name:
        return name
    stem = Path(source).stem
    return re.sub(r"[-_ .]*(games|van[-_ ]?dau)$", "", stem, flags=re.IGNORECASE) or stem


@dataclass(frozen=True)
class _Players:
    """The players and where each came from (for messages and warnings)."""

    players: list[Player]
    places: list[Place]
    id_places: list[Place]
    origin: str
    warnings: list[InputWarning]


def _listed_players(table: Table, problems: Problems) -> _Players:
    """The players table's players (a bad cell is a problem recorded, read as blank);
    there must be some, and each id once."""
    players = _players_from_table(table, problems)
    found = _Players(
        players, [table.place(p.index, None) for p in players],
        [table.place(p.index, "id") for p in players],
        message("{}, sheet {}", table.source, repr(table.sheet)) if table.sheet
        else table.source, [],
    )
    _check_players(found, table.header_place)
    return found


def _named_in_games(games: Table, problems: Problems | None) -> _Players:
    """The players the games name, where there is no players table (see
    :func:`_players_from_games` for ``problems``)."""
    players, places, warnings = _players_from_games(games, problems)
    found = _Players(players, places, places, N_("the games (there is no players table)"),
                     warnings)
    _check_players(found, games.header_place)
    return found


def _check_players(found: _Players, where: Place) -> None:
    if not found.players:
        raise InputError("the event has no players", where, found="a header row and no rows",
                         expected="a row per player (or per game)")
    index_players([p.id for p in found.players], found.id_places.__getitem__, "player id")


def _check_names_players(games: Table, players_file: str) -> None:
    """A games CSV that names players by number only, without ratings, means its players
    file is missing: rating it would make everyone an unrated player called '5'."""
    if {"white_rating", "black_rating"} & set(games.columns):
        return
    named = [games.value(row, side) for row in range(len(games)) for side in SIDES]
    keys = [_key(value) for value in named if value is not None and not _is_bye(value)]
    if not keys or not all(isinstance(key, int) for key in keys):
        return
    raise InputError(
        "the games name players by number, and their players file is missing",
        games.header_place, found=message("no {} beside the games file", players_file),
        expected=message("the players file {} (id, name, rating) beside it, or names and "
                         "ratings in the games", players_file))


def _rounds(info: EventInfo, declared: int | None, rows: _Rows,
            warnings: list[InputWarning]) -> int:
    """The declared number of rounds, or the last round played if that is more (warned)."""
    last_round = max(rows.round, default=0)
    if declared is not None and declared < last_round:
        warnings.append(InputWarning(
            info.places["rounds"],
            message("the event declares {} rounds but the games go to round {}", declared,
                    last_round),
        ))
    return max(declared or 0, last_round)


def _problem_count(problems: Problems) -> int:
    return len(problems.found) + problems.more


def _draft(sources: _Sources, source: str, reading: _Reading) -> EventDraft:
    """Read the event sheet, the players and the games, in that order, each problem of each
    recorded (the draft's problems, raised with the checks').

    Where the players cannot be read (a header without its columns or with a slip, no
    rows, an id twice) their rows are still checked, and the games too, against the
    players they name, so that no games cell is called an unknown player for it; the
    checks across rows (a result left out before a round with results, the teams'
    matches) wait until every games row and player is read, and are not made where one
    could not be.
    """
    problems, warnings = reading.problems, reading.warnings
    info = EventInfo()
    if sources.event is not None:
        info = read_event_sheet(sources.event.rows, sources.event.source, sources.event.sheet,
                                problems, warnings)
    declared = _declared(info, problems)
    players_table = found = None
    header_read = True
    if sources.players is not None:
        before_players = _problem_count(problems)
        players_table = _table(sources.players, ("name",), "players", reading, ("id",))
        header_read = _problem_count(problems) == before_players
    if players_table is not None:
        table = players_table
        found = problems.checked(lambda: _listed_players(table, problems), None)
        if not header_read:  # a column one slip away is not read: the players may be wrong
            found = None
    before_games = _problem_count(problems)
    games = _table(sources.games, GAME_COLUMNS, "games", reading) if sources.games else None
    if games is None:  # the problem saying why is recorded: the players' are said with it
        problems.raise_any()
    assert games is not None
    if sources.players is None and not sources.players_unreadable:
        if sources.players_file_missing is not None:
            with problems.collect():
                _check_names_players(games, sources.players_file_missing)
        found = problems.checked(lambda: _named_in_games(games, problems), None)
    listed = found is not None
    if found is None:
        found = _named_in_games(games, None)
    warnings += found.warnings
    roster = _Roster(found.players, found.origin)
    order = _game_order(games, reading)
    extras = GameExtras(games, order.rows, declared.pool)
    rows = _read_games(games, roster, order, extras, problems)
    players = [replace(p, fixed_rating=True) if p.index in roster.ai.listed else p
               for p in found.players] + roster.ai.players
    places = [*found.places, *roster.ai.places]
    # A log has no rounds to be absent from; AI opponents are never absent.
    gaps = [] if order.log else rows.add_absent(len(found.players), lambda at: (at, None))
    per_game = {name for name, column in _PER_GAME_COLUMNS if column in games.columns}
    if not extras.pool_names:
        per_game.discard("pool")
    pairings, refs = rows.pairings(per_game=per_game)

    def place_of_row(row: int) -> Place:
        at, column = refs[row]
        return places[at] if column is None else games.place(at, column)

    teams = None
    # The checks across rows read every games row: not where one was left out.
    complete = listed and _problem_count(problems) == before_games
    if complete:
        teams = read_sheet_teams(players_table, games, players, pairings, refs, problems)
    rounds = _rounds(info, declared.rounds, rows, warnings)
    warnings += [InputWarning(games.header_place, message("round {} has no games", r))
                 for r in gaps]
    later = _ambiguous_dates(games, order, info)
    event_type = _event_type(info, pairings, len(players), rounds, later, order.log)
    dates, round_dates = _game_dates(order, rounds)
    points_place = places.__getitem__ if players_table is None else partial(
        players_table.place, column="points")
    return EventDraft(
        EventFields(
            name=_event_name(info, source),
            players=tuple(players),
            pairings=pairings,
            rounds=rounds,
            type=event_type,
            start=declared.start or min(dates, default=None),
            end=declared.end or max(dates, default=None),
            city=info.text("city"),
            federation=info.text("federation"),
            chief_arbiter=info.text("chief_arbiter"),
            time_control=info.text("time_control"),
            fide_event_id=info.text("fide_event_id"),
            round_dates=round_dates,
            source=source,
            source_format=sources.format,
            warnings=tuple(warnings),
            pools=tuple(extras.pool_names),
            settings=declared.settings,
            game_log=order.log,
            teams=teams,
        ),
        row_place=place_of_row, fide_id_place=places.__getitem__, points_place=points_place,
        problems=problems, check_left_out_results=complete and not order.log,
        later_warnings=tuple(later),
    )


#: The per-game pairing columns, each given where the games table has its column.
_PER_GAME_COLUMNS = (("method", "win_method"), ("minutes", "time_control"), ("pool", "pool"))


def _event_type(
    info: EventInfo, pairings: Pairings, n_players: int, rounds: int,
    warnings: list[InputWarning], log: bool = False,
) -> EventType:
    """The type the event sheet names, else the one the pairings show (a game log, whose
    rounds are single games, is read as Swiss: it has no round-robin schedule)."""
    text = info.text("type")
    named = event_type_from_text(text) if text else None
    if named is not None:
        return named
    detected = EventType.SWISS if log else detect_event_type(pairings, n_players, rounds)
    if text:
        warnings.append(InputWarning(
            info.places["type"], message("event type {} is not recognised; read as {}",
                                         repr(text), detected.value),
        ))
    return detected
