"""FIDE Tournament Report Files (TRF16 and TRF26): reading.

The player records are fixed-width.  Their round cells, and the numeric columns of the
player fields, are cut out of all lines at once as character matrices (numpy), so a
large event costs a few array operations rather than a Python loop per cell; a record
whose numbers are not plainly written is read (and its mistake worded) line by line.
A line is at most :data:`MAX_LINE` characters (a record of the most rounds an event may
have) and the declared number of rounds at most ``MAX_ROUND``, each refused beyond.

Records the :class:`Event` has no field for (unknown codes, and the headers 082, 112,
152–182, 202–222) are kept in :attr:`Event.extra_records`, in file order, so a writer
can give them back.  ``DAT nnnn TE:FIELD value`` records (the Tornelo ``DAT`` per-player
extension, with this program's ``TE:`` types) carry the player fields the ``001``
record has no room for: ``TE:ID`` (the player's id where it is not his starting rank),
``TE:NAME``, ``TE:SEX``, ``TE:TITLE``, ``TE:FEDERATION``, ``TE:FIDE_ID`` (a value
the fixed columns cannot hold as it is), ``TE:GAMES``, ``TE:K``, ``TE:EVER2400`` and
``TE:FIXED`` (1: a rating that never moves, an AI level).  See :mod:`.trf_write`.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Sequence
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import SHOWN_PROBLEMS, InputError, InputWarning, Place, Problems
from ..i18n.message import N_, message
from ..model import (
    NO_COLOR,
    RESULT_BY_TRF_CODE,
    Event,
    EventDraft,
    EventFields,
    Pairings,
    Player,
    Result,
)
from .checks import checked_event
from .common import detect_event_type, event_type_from_text, index_players, parse_date
from .final_order import final_order
from .text import Readable, read_text
from .trf_tiebreaks import declared_tiebreaks
from .values import (
    LOADED_IN,
    MAX_RATING,
    MAX_ROUND,
    MAX_START_NUMBER,
    MIN_BIRTH_YEAR,
    birth,
    game_count,
    k_factor,
    points,
    rating,
    shown,
    whole,
    whole_number,
)

if TYPE_CHECKING:
    from ..team_records import TeamRecords

#: First column (0-based) of round 1's cell; each round takes ten columns.
FIRST_ROUND_COLUMN = 91
#: A player record must reach at least through the points column (81-84).
MIN_PLAYER_RECORD = 84
#: The longest line a TRF file may have: a player record of MAX_ROUND rounds (10,081
#: characters); a longer one is refused with its line, not read (or padded) whole.
MAX_LINE = FIRST_ROUND_COLUMN + 10 * MAX_ROUND

_PLAYED_ONLY = {Result.WIN, Result.DRAW, Result.LOSS, Result.SHORT_WIN, Result.SHORT_DRAW,
                Result.SHORT_LOSS}
_BYES = {Result.HALF_BYE, Result.FULL_BYE, Result.PAIRING_BYE, Result.ZERO_BYE}
#: The same as tables indexed by a :class:`Result` (a lookup, not a search per row).
_IS_PLAYED_ONLY = np.isin(np.arange(len(Result)), list(_PLAYED_ONLY))
_IS_BYE = np.isin(np.arange(len(Result)), list(_BYES))
#: Results compared with whole columns, as plain numbers (numpy takes an enum member slowly).
_UNPLAYED, _ZERO_BYE = int(Result.UNPLAYED), int(Result.ZERO_BYE)

# Lookup from a character's code point to a Result (-2: blank, -3: not a result code).
_RESULT_OF_CHAR = np.full(128, -3, dtype=np.int64)
for _code, _result in RESULT_BY_TRF_CODE.items():
    _RESULT_OF_CHAR[ord(_code)] = _result
    _RESULT_OF_CHAR[ord(_code.lower())] = _result
_RESULT_OF_CHAR[ord(" ")] = -2
_COLOR_OF_CHAR = np.full(128, 9, dtype=np.int64)
_COLOR_OF_CHAR[[ord("w"), ord("W")]] = 1
_COLOR_OF_CHAR[[ord("b"), ord("B")]] = -1
_COLOR_OF_CHAR[[ord("-"), ord(" ")]] = NO_COLOR
#: Each character as a class: blank, digit, ".", "/", other (any non-ASCII one too).
_BLANK, _DIGIT, _DOT, _SLASH, _OTHER = range(5)
_CLASS_OF_CHAR = np.full(128, _OTHER, dtype=np.uint8)
_CLASS_OF_CHAR[ord("0"):ord("9") + 1] = _DIGIT
_CLASS_OF_CHAR[[ord(" "), ord("."), ord("/")]] = [_BLANK, _DOT, _SLASH]
#: The classes of four columns as one number (base 5), a matrix product away; the tables
#: say which of these numbers are spellings read plainly: a number is blanks then digits
#: (a round cell's opponent, a player's starting rank, rating, rank), points also ``d.d``
#: or ``dd.d``.
_BASE5 = np.array([125.0, 25.0, 5.0, 1.0])
#: Four digits' weights (the matrix products are in floating point: exact for these small
#: whole numbers, and a product numpy's library does fast).
_PLACE_VALUES = np.array([1000.0, 100.0, 10.0, 1.0])


def _forms(*spellings: str) -> np.ndarray:
    """A table over the keys of :data:`_BASE5`: true for the spellings given by class
    (``b`` blank, ``d`` digit, ``.``)."""
    table = np.zeros(5**4, dtype=bool)
    for spelling in spellings:
        table[sum(5**(3 - i) * "bd.".index(c) for i, c in enumerate(spelling))] = True
    return table


_WHOLE_FORMS = ("bbbd", "bbdd", "bddd", "dddd")
_NUMBER = _forms(*_WHOLE_FORMS)
_NUMBER_OR_BLANK = _forms("bbbb", *_WHOLE_FORMS)
_POINTS_FORMS = _forms(*_WHOLE_FORMS, "bd.d", "dd.d")


def read_trf(path: Readable, encoding: str | None = None) -> Event:
    """Read a TRF file; the encoding is detected unless given."""
    return parse_trf(read_text(path, encoding), str(path))


def parse_trf(text: str, source: str = "<trf>") -> Event:
    """Parse the text of a TRF16/TRF26 file into an :class:`Event`."""
    return checked_event(trf_draft(text, source))


def trf_draft(text: str, source: str = "<trf>") -> EventDraft:
    """What the text of a TRF16/TRF26 file gives, before the checks."""
    header: dict[str, list[tuple[int, str]]] = {}
    player_lines: list[tuple[int, str]] = []
    extra: list[tuple[int, str]] = []
    own: list[tuple[int, re.Match[str]]] = []
    comments: list[tuple[int, str]] = []
    lines = text.splitlines()
    if max(map(len, lines), default=0) > MAX_LINE:
        number, line = next((n, line) for n, line in enumerate(lines, start=1)
                            if len(line) > MAX_LINE)
        raise InputError(
            "the line is too long for a TRF record", Place(source, line=number),
            found=message("{} characters", f"{len(line):,}"),
            expected=message("at most {} (a player record of {} rounds)", f"{MAX_LINE:,}",
                             MAX_ROUND))
    for number, line in enumerate(lines, start=1):
        code = line[:3]
        if code == "001":
            player_lines.append((number, line))
        elif code == "###":
            comments.append((number, line))
        elif not line or line.isspace():
            continue
        elif code in _HEADER_CODES:
            header.setdefault(code, []).append((number, line[4:].strip()))
        elif code == "DAT" and (match := _OWN_DAT.match(line)) and match["type"] in DAT_FIELDS:
            own.append((number, match))
        else:
            extra.append((number, line))
    if not player_lines:
        raise InputError(
            "no player records", Place(source),
            found="no line starting with 001", expected="a FIDE TRF file with player records",
        )
    warnings: list[InputWarning] = []
    problems = Problems()
    players = _read_players(player_lines, source, warnings, problems)
    problems.raise_any()  # every bad player record at once (the rounds need them all)

    def place_of(row: int) -> Place:
        return Place(source, line=player_lines[row][0])

    index = index_players([p.id for p in players], lambda row: place_of(players[row].index))
    declared_rounds = _declared_rounds(header, source)
    pairings, row_player = _parse_rounds(player_lines, index, source)
    if own:
        players = _apply_own_records(players, index, own, source)
        index_players([p.id for p in players], lambda row: place_of(players[row].index),
                      "player id")
    rounds = max(declared_rounds or 0, int(pairings.round.max()) if len(pairings) else 0)

    def row_place(row: int) -> Place:
        return place_of(int(row_player[row]))

    # What the headers and comments declare is read whole, each problem recorded: they
    # are raised with the checks' own.
    no_last_resort: tuple[int | None, tuple[int | str, ...]] = (None, ())
    lots_seed, ranks_in_order = problems.checked(
        lambda: _last_resort(comments, index, source), no_last_resort)
    final_order = tuple(players[index[rank]].id for rank in ranks_in_order)

    def first(code: str) -> tuple[int, str] | None:
        return header[code][0] if code in header else None

    def date_of(code: str, what: str) -> date | None:
        entry = first(code)
        return problems.checked(
            lambda: parse_date(entry[1], Place(source, line=entry[0]), what), None
        ) if entry else None

    type_text = " ".join(v for c in ("192", "092") for _, v in header.get(c, []))
    event_type = event_type_from_text(type_text) or detect_event_type(
        pairings, len(players), rounds
    )
    no_dates: tuple[date | None, ...] = ()
    round_dates = problems.checked(lambda: _round_dates(first("132"), source), no_dates)
    name_entry = first("012")
    start = date_of("042", "start date")
    end = date_of("052", "end date") or next(
        (d for d in reversed(round_dates) if d is not None), None)
    teams = problems.checked(lambda: _teams(extra, players, source), None)
    return EventDraft(
        EventFields(
            name=name_entry[1] if name_entry and name_entry[1] else Path(source).stem,
            players=tuple(players),
            pairings=pairings,
            rounds=rounds,
            type=event_type,
            start=start,
            end=end,
            city=_value(first("022")),
            federation=_value(first("032")),
            chief_arbiter=_value(first("102")),
            time_control=_value(first("122")),
            round_dates=round_dates,
            source=source,
            source_format="trf",
            extra_records=tuple(extra),
            warnings=tuple(warnings),
            teams=teams,
            lots_seed=lots_seed,
            final_order=final_order,
            # A team event's records declare its teams' tie-breaks, not its players'.
            declared_tiebreaks=declared_tiebreaks(extra, source) if teams is None else None,
            record_file=True,
        ),
        row_place=row_place, fide_id_place=place_of, points_place=place_of,
        problems=problems,
    )


def _teams(extra: list[tuple[int, str]], players: Sequence[Player],
            source: str) -> TeamRecords | None:
    """The file's teams.  Only a file naming teams (records ``013`` or ``310``) imports
    the team reader and the team model: an individual event does not pay for them."""
    if not any(line[:3] in ("013", "310") for _, line in extra):
        return None
    from .trf_teams import read_team_records

    return read_team_records(extra, players, source)


#: The comments this program writes for C.07's order of last resort (see :mod:`.trf_write`).
LOTS_COMMENT = "### lots seed"
ORDER_COMMENT = "### final order"
_LOTS = re.compile(r"^### *lots seed *(?P<value>.*)$", re.IGNORECASE)
_ORDER = re.compile(r"^### *final order *(?P<value>.*)$", re.IGNORECASE)


def _last_resort(comments: list[tuple[int, str]], index: dict[int | str, int], source: str
                 ) -> tuple[int | None, tuple[int | str, ...]]:
    """The seed of the drawing of lots and the arbiter's final order, from the comments
    ``### lots seed 123456`` and ``### final order 5 3 12`` (start numbers)."""
    problems = Problems()
    seed: int | None = None
    order: tuple[int | str, ...] = ()
    for number, line in comments:
        place = Place(source, line=number)
        if lots := _LOTS.match(line):
            value = lots["value"].strip()
            if value.isdigit() and len(value) <= 18:
                seed = int(value)
            else:
                problems.add(InputError("bad seed of the drawing of lots", place,
                                        found=repr(value), expected="a whole number"))
        elif listed := _ORDER.match(line):
            with problems.collect():
                order = final_order(listed["value"].replace(",", " ").split(), index, place)
    problems.raise_any()
    return seed, order


#: Header records read into the event (or recomputed from it: 062, 072).  The other
#: tournament records (082, 112, 152 …) go to ``extra_records`` like unknown ones.
_HEADER_CODES = {"012", "022", "032", "042", "052", "062", "072", "092", "102", "122", "132",
                 "142", "192", "XXR"}

#: ``DAT`` record types of this program → the :class:`Player` field each one sets.
DAT_FIELDS = {"ID": "id", "NAME": "name", "SEX": "sex", "TITLE": "title",
              "FEDERATION": "federation", "FIDE_ID": "fide_id", "GAMES": "games", "K": "k",
              "EVER2400": "ever_2400", "FIXED": "fixed_rating"}
#: Prefix of this program's ``DAT`` types (Tornelo's own types have none).
DAT_PREFIX = "TE:"
_OWN_DAT = re.compile(r"^DAT +(?P<rank>\d{1,4}) +TE:(?P<type>[A-Z0-9_]+)(?: (?P<value>.*))?$")
_TRUE, _FALSE = {"1", "yes", "true", "y"}, {"0", "no", "false", "n"}


def _apply_own_records(
    players: list[Player], index: dict[int | str, int], records: list[tuple[int, re.Match[str]]],
    source: str,
) -> list[Player]:
    """Set the player fields that ``DAT nnnn TE:FIELD value`` records carry."""
    changes: dict[int, dict[str, object]] = {}
    for number, match in records:
        place = Place(source, line=number)
        row = index.get(int(match["rank"]))
        if row is None:
            raise InputError(
                "the DAT record names no player of this event", place,
                found=message("starting rank {}", int(match["rank"])),
                expected="the starting rank of a player in the file",
            )
        kind, value = match["type"], (match["value"] or "").strip()
        field = DAT_FIELDS[kind]
        parsed: object
        if field in ("games", "k"):
            parsed = (game_count if field == "games" else k_factor)(
                value, place, message("{} in a DAT record", kind))
            if parsed is None:
                raise InputError(message("empty {} in a DAT record", kind), place,
                                 found="nothing",
                                 expected="a whole number")
        elif field in ("ever_2400", "fixed_rating"):
            if value.lower() not in _TRUE | _FALSE:
                raise InputError(message("unreadable {} in a DAT record", kind), place,
                                 found=shown(value), expected="1 or 0")
            parsed = value.lower() in _TRUE
        elif field == "id":
            if not value:
                raise InputError("empty ID in a DAT record", place, found="nothing",
                                 expected="the player's id")
            as_number = whole_number(value) if value.isascii() else None
            parsed = value if as_number is None else as_number  # too long: an id as text
        elif field == "name" and not value:
            raise InputError("empty NAME in a DAT record", place, found="nothing",
                             expected="the player's name")
        else:
            parsed = unicodedata.normalize("NFC", value) or None
        changes.setdefault(row, {})[field] = parsed
    return [
        dataclasses.replace(p, **changes[p.index]) if p.index in changes else p  # type: ignore[arg-type]
        for p in players
    ]


def _value(entry: tuple[int, str] | None) -> str | None:
    return entry[1] or None if entry else None


def _declared_rounds(header: dict[str, list[tuple[int, str]]], source: str) -> int | None:
    """The number of rounds record 142 (or a pairing program's XXR) gives, first word."""
    for code in ("142", "XXR"):
        for number, value in header.get(code, []):
            rounds = whole(value.split()[0] if value else "", Place(source, line=number),
                           message("{} (record {})", N_("number of rounds"), code), MAX_ROUND)
            if rounds is None:
                raise InputError(
                    message("record {} must give the number of rounds", code),
                    Place(source, line=number), found="nothing", expected="a whole number",
                )
            return rounds
    return None


def _round_dates(entry: tuple[int, str] | None, source: str) -> tuple[date | None, ...]:
    """Round dates of record 132 (YY/MM/DD, one per round from column 92)."""
    if entry is None:
        return ()
    number, value = entry
    place = Place(source, line=number)
    return tuple(parse_date(token, place, "round date") for token in value.split())


#: The one- and two-letter title codes of FIDE's rating lists, as TRF files use them.
_TITLE_CODES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM",
                "wf": "WFM", "wc": "WCM"}


def _title(text: str) -> str | None:
    code = text.strip()
    return _TITLE_CODES.get(code.lower(), code.upper()) if code else None


def _nfc(text: str) -> str:
    """``text`` in Unicode's composed form (an ASCII name already is)."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


#: The fields of a player record read as numbers, named with their columns (made once:
#: every record names them).
_START_FIELD, _RATING_FIELD, _POINTS_FIELD, _RANK_FIELD, _BIRTH_FIELD = (
    message("{} (columns {})", what, columns) for what, columns in (
        (N_("starting rank"), "5-8"), (N_("rating"), "49-52"), (N_("points"), "81-84"),
        (N_("rank"), "86-89"), (N_("birth date"), "70-79")))


def player_record(line: str, place: Place, row: int,
                  warnings: list[InputWarning] | None = None) -> Player:
    """The player of a ``001`` record: the rule of what a valid record is, and the words
    of what is wrong with one; a birth the format does not define is warned about in
    ``warnings`` (refused without it)."""
    if len(line.rstrip()) < MIN_PLAYER_RECORD:
        raise InputError(
            "truncated player record", place,
            found=message("{} characters", len(line.rstrip())),
            expected=message("at least {} (through the points column, 81-84)",
                             MIN_PLAYER_RECORD),
        )
    start = whole(line[4:8], place, _START_FIELD, MAX_START_NUMBER)
    if start is None:
        raise InputError("missing starting rank", place, found="blank columns 5-8",
                         expected="a number")
    given = rating(line[48:52], place, _RATING_FIELD)
    declared = points(line[80:84], place, _POINTS_FIELD)
    rank = whole(line[85:89], place, _RANK_FIELD, MAX_START_NUMBER)
    born, birth_year = birth(line[69:79], place, _BIRTH_FIELD, warnings)
    return _player(line, row, place.line, start, given, declared, rank, born, birth_year)


def _player(line: str, row: int, number: int | None, start: int, given: float | None,
            declared: int | None, rank: int | None, born: date | None,
            birth_year: int | None) -> Player:
    """The player of a ``001`` record whose numeric columns are read: its text columns."""
    fide_id = line[57:68].strip()
    sex = line[9].strip().lower()
    title = line[10:13]
    name = line[14:47].strip()
    federation = line[53:56].strip()
    # The fields set without the frozen dataclass's __init__, for every player of every
    # file an import reads: its object.__setattr__ per field takes 3.5 µs a player against
    # 1.1 µs here, and reading a 60-player file with it takes a seventh longer.  A copy of
    # the defaults with the others set costs less than a new dict of all 17.
    fields = _DEFAULTS.copy()
    fields["index"] = row
    fields["id"] = start
    fields["name"] = name if name.isascii() else _nfc(name)
    fields["line"] = number
    if given:
        fields["rating"] = given
    if sex:
        fields["sex"] = "w" if sex == "f" else sex
    fields["title"] = _TITLES[title] if title in _TITLES else _title(title)
    if federation:
        fields["federation"] = federation
    if fide_id.strip("0"):
        fields["fide_id"] = fide_id
    fields["birth"] = born
    fields["birth_year"] = birth_year
    fields["declared_points"] = declared
    fields["declared_rank"] = rank
    player = _new(Player)
    _set(player, "__dict__", fields)
    return player


#: The title columns (11-13) as they are most often written, and their title.
_TITLES = {"   ": None, **{f"{code:<3}": title for code, title in _TITLE_CODES.items()},
           **{f"{code.upper():<3}": title for code, title in _TITLE_CODES.items()},
           **{f"{title:<3}": title for title in _TITLE_CODES.values()}}
_new = object.__new__
_set = object.__setattr__
#: Every :class:`Player` field at its default (None for the three without one, always
#: set), in the class's order.
_DEFAULTS: dict[str, object] = {
    field.name: None if field.default is dataclasses.MISSING else field.default
    for field in dataclasses.fields(Player)}


#: How far the columns :func:`plain_records` cuts at once reach: through the rank, 86-89.
_HEAD_WIDTH = 89
#: The columns (0-based) it reads: starting rank 5-8, rating 49-52, birth 70-79, points
#: 81-84, rank 86-89 (the last of each the digit a number ends on).
_START, _RATING, _BIRTH = range(4, 8), range(48, 52), range(69, 79)
_POINTS, _RANK = range(80, 84), range(85, 89)
_COLUMNS = [*_START, *_RATING, *_BIRTH, *_POINTS, *_RANK]


def _at(columns: Sequence[int]) -> list[int]:
    """Where the record's ``columns`` are among :data:`_COLUMNS`."""
    return [_COLUMNS.index(column) for column in columns]


#: ``YYYY/MM/DD`` by class, in columns 70-79.
_DATE_FORM = np.array([_DIGIT] * 4 + [_SLASH] + [_DIGIT] * 2 + [_SLASH] + [_DIGIT] * 2)
_BIRTH_AT = slice(_at(_BIRTH)[0], _at(_BIRTH)[-1] + 1)
_POINT_AT, _RANK_END_AT = _at([82, 88])
#: The four-column fields' spellings as keys (:data:`_BASE5`): starting rank, rating,
#: points, rank.
_KEYS = np.zeros((len(_COLUMNS), 4))
for _field, _columns in enumerate((_START, _RATING, _POINTS, _RANK)):
    _KEYS[_at(_columns), _field] = _BASE5
#: The fields' values as weights of the digits, all read by one matrix product: starting
#: rank, rating, rank, points in hundredths written whole and written with one decimal,
#: and the birth's year, month and day.
_WEIGHTS = np.zeros((len(_COLUMNS), 8))
_WEIGHTED_DIGITS: tuple[tuple[Sequence[int], Sequence[int]], ...] = (
        (_START, (1000, 100, 10, 1)), (_RATING, (1000, 100, 10, 1)), (_RANK, (1000, 100, 10, 1)),
        (_POINTS, (100000, 10000, 1000, 100)), ((80, 81, 83), (1000, 100, 10)),
        (range(69, 73), (1000, 100, 10, 1)), ((74, 75), (10, 1)), ((77, 78), (10, 1)))
for _field, (_digits, _weights) in enumerate(_WEIGHTED_DIGITS):
    _WEIGHTS[_at(_digits), _field] = _weights


def _read_players(player_lines: list[tuple[int, str]], source: str,
                  warnings: list[InputWarning], problems: Problems) -> list[Player]:
    """The players of the ``001`` records, each bad record's problem in ``problems``: a
    record plainly written is read with the others at once (:func:`plain_records`), any
    other by :func:`player_record`, which alone judges (and words) what is wrong with it,
    so a bad file gives the same messages in the same order."""
    players = []
    for row, ((number, line), player) in enumerate(
            zip(player_lines, plain_records(player_lines), strict=True)):
        if player is None:
            player = problems.checked(
                partial(player_record, line, Place(source, line=number), row, warnings), None)
        if player is not None:
            players.append(player)
    return players


def plain_records(player_lines: list[tuple[int, str]]) -> list[Player | None]:
    """The player of each plainly written ``001`` record (None for any other): the fast
    twin of :func:`player_record`, which gives the same player of it
    (``tests/read/test_trf_records.py``) in half again the time, a tenth and more of an
    import's reading (``benchmarks/bench_trf_records.py``).

    The numeric columns of all records are cut at once as a character matrix (as
    :func:`_parse_rounds` cuts the round cells) and taken as they are where they are
    written plainly: starting rank, rating and rank right-aligned ASCII digits (rating
    and rank may be blank), points right-aligned ``4``, ``4.5`` or ``10.5``, the birth
    ``YYYY/MM/DD`` of a real day or blank.
    """
    heads = "".join([line[:_HEAD_WIDTH].ljust(_HEAD_WIDTH) for _, line in player_lines])
    # (A lone surrogate, which only a caller's own text can hold, is one "?" there.)
    chars = np.frombuffer(heads.encode("utf-32-le", "replace"), dtype=np.uint32)
    chars = chars.reshape(-1, _HEAD_WIDTH)[:, _COLUMNS]
    classes = _CLASS_OF_CHAR[np.minimum(chars, 127)]
    digits = np.where(classes == _DIGIT, chars - 48.0, 0.0)
    start, given, rank, whole_points, one_decimal, year, month, day = (
        digits @ _WEIGHTS).astype(np.int64).T
    keys = (classes @ _KEYS).astype(np.int64).T
    birth_classes = classes[:, _BIRTH_AT]
    dated = ((birth_classes == _DATE_FORM).all(axis=1) & (year >= MIN_BIRTH_YEAR)
             & (year <= LOADED_IN))
    plain = (_NUMBER[keys[0]] & _NUMBER_OR_BLANK[keys[1]] & (given <= MAX_RATING)
             & _POINTS_FORMS[keys[2]] & _NUMBER_OR_BLANK[keys[3]]
             & (dated | (birth_classes == _BLANK).all(axis=1)))
    declared = np.where(classes[:, _POINT_AT] == _DOT, one_decimal, whole_points)

    ranked = classes[:, _RANK_END_AT] == _DIGIT
    players: list[Player | None] = []
    for row, ((line_number, line), ok, start_rank, rated, points_given, rank_given,
              has_birth, y, m, d) in enumerate(zip(
            player_lines, plain.tolist(), start.tolist(), given.tolist(), declared.tolist(),
            np.where(ranked, rank, -1).tolist(), dated.tolist(), year.tolist(), month.tolist(),
            day.tolist(), strict=True)):
        player = None
        if ok:
            try:
                born = date(y, m, d) if has_birth else None
            except ValueError:  # no such day: for player_record to say
                pass
            else:
                player = _player(line, row, line_number, start_rank, rated, points_given,
                                 None if rank_given < 0 else rank_given, born,
                                 y if has_birth else None)
        players.append(player)
    return players


def _parse_rounds(
    player_lines: list[tuple[int, str]], index: dict[int | str, int], source: str
) -> tuple[Pairings, np.ndarray]:
    """Cut every round cell out of all player lines at once and check each cell.

    The cells of all lines are laid end to end (a line's last cell padded to ten
    characters), so a long line costs its own length, not every line's; the rounds are
    then spread to one row per player per round up to the last round used.
    """
    tails = [line[FIRST_ROUND_COLUMN:] for _, line in player_lines]
    flat = "".join([tail + " " * (-len(tail) % 10) for tail in tails])
    counts = -(-np.fromiter(map(len, tails), dtype=np.int64, count=len(tails)) // 10)
    if flat.isascii():  # the cells as they mostly are: a byte each
        chars = np.frombuffer(flat.encode("ascii"), dtype=np.uint8).reshape(-1, 10)
    else:  # any non-ASCII character in a cell is simply invalid
        chars = np.minimum(np.frombuffer(flat.encode("utf-32-le"), dtype=np.uint32), 127
                           ).reshape(-1, 10)
    owner = np.repeat(np.arange(len(tails)), counts)  # each cell's player line
    cell_round = np.arange(len(chars)) - np.repeat(np.cumsum(counts) - counts, counts)
    opp_chars, colour_chars, result_chars = chars[:, :4], chars[:, 5], chars[:, 7]

    opp_classes = _CLASS_OF_CHAR[opp_chars]
    opp_key = (opp_classes @ _BASE5).astype(np.int64)
    opp_ok = _NUMBER_OR_BLANK[opp_key]
    opponent_no = (np.where(opp_classes == _DIGIT, opp_chars - 48.0, 0.0)
                   @ _PLACE_VALUES).astype(np.int64)
    colour = _COLOR_OF_CHAR[colour_chars]
    result = _RESULT_OF_CHAR[result_chars]
    empty = (opp_key == 0) & (colour_chars == 32) & (result_chars == 32)

    used = ~empty
    last_round = int(cell_round[used].max()) + 1 if used.any() else 0
    problems = used & (~opp_ok | (colour == 9) | (result == -3) | (chars[:, 4] != 32)
                       | (chars[:, 6] != 32))
    found = Problems()
    bad = np.flatnonzero(problems)
    found.count(max(0, len(bad) - SHOWN_PROBLEMS))
    for at in bad[:SHOWN_PROBLEMS]:
        number, line = player_lines[int(owner[at])]
        first = FIRST_ROUND_COLUMN + 10 * int(cell_round[at])
        found.add(InputError(
            message("round {} cell (columns {}) is not readable", int(cell_round[at]) + 1,
                    f"{first + 1}-{first + 8}"), Place(source, line=number),
            found=repr(line[first:first + 8]),
            expected="'NNNN c r': opponent number, colour w/b/-, result 1 = 0 + - W D L H F U Z",
        ))
    found.raise_any()

    # One row per player per round up to the last round used; a round a line does not
    # reach is a blank cell.
    rows = np.arange(len(tails) * last_round)
    rows_player, rows_round = rows // max(last_round, 1), rows % max(last_round, 1)
    within = cell_round < last_round
    slot = owner[within] * last_round + cell_round[within]
    in_place = bool((counts == last_round).all())  # each line that many cells: the rows

    def spread(values: np.ndarray, fill: int) -> np.ndarray:
        if in_place:
            return values
        out = np.full(len(rows_player), fill, dtype=values.dtype)
        out[slot] = values[within]
        return out

    opp_no, res, col = spread(opponent_no, 0), spread(result, -2), spread(colour, NO_COLOR)
    empty = spread(empty, True)
    has_opponent = opp_no > 0
    # A cell left blank (or only its opponent number 0000) is a zero-point absence; an
    # opponent with a colour but no result is a game not played yet.
    blank = res == -2
    res = np.where(blank, np.where(has_opponent, _UNPLAYED, _ZERO_BYE), res)
    known = np.fromiter(index, dtype=np.int64, count=len(index))  # starting ranks here
    lookup = np.full(max(int(known.max()), int(opp_no.max(initial=0))) + 1, -1, dtype=np.int64)
    lookup[known] = np.fromiter(index.values(), dtype=np.int64, count=len(index))
    opponent = np.where(has_opponent, lookup[opp_no], -1)
    for mask, problem, expected in (
        (has_opponent & (opponent < 0), N_("the opponent number is not a player of this event"),
         N_("the starting rank of a player in the file")),
        (~has_opponent & _IS_PLAYED_ONLY[res], N_("a played result needs an opponent"),
         N_("an opponent's starting rank in columns 1-4 of the cell")),
        (has_opponent & _IS_BYE[res], N_("a bye cannot have an opponent"),
         N_("opponent 0000 for H, F, U and Z")),
        (has_opponent & (res == _UNPLAYED) & (col == NO_COLOR),
         N_("the cell names an opponent but gives neither colour nor result"),
         N_("'NNNN w', 'NNNN b' or a full cell 'NNNN c r'")),
    ):
        if not mask.any():
            continue
        bad = np.flatnonzero(mask)
        found.count(max(0, len(bad) - SHOWN_PROBLEMS))
        for at in bad[:SHOWN_PROBLEMS]:
            number, line = player_lines[int(rows_player[at])]
            rnd = int(rows_round[at])
            first = FIRST_ROUND_COLUMN + 10 * rnd
            found.add(InputError(
                message("round {}: {}", rnd + 1, problem), Place(source, line=number),
                found=repr(line[first:first + 8]), expected=expected,
            ))
    found.raise_any()
    # Blank cells after the last round with a result are rounds not paired yet, not
    # absences: a live event has no rows for them (a bye entered ahead keeps its row).
    decided = has_opponent & ~blank
    last_decided = int(rows_round[decided].max()) + 1 if decided.any() else 0
    keep = ~(empty & (rows_round + 1 > last_decided))
    pairings = Pairings(
        round=rows_round[keep] + 1,
        player=rows_player[keep],
        opponent=opponent[keep],
        color=col[keep].astype(np.int64, copy=False),
        result=res[keep].astype(np.int64, copy=False),
    )
    return pairings, rows_player[keep]
