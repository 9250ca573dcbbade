"""FIDE Tournament Report Files (TRF16 and TRF26): writing.

:func:`write_trf` turns an :class:`Event` into the text of a TRF file that
:func:`.trf.parse_trf` reads back to the same event.  Layout (1-based columns):

* headers ``012`` name, ``022`` city, ``032`` federation, ``042``/``052`` start and
  end (``YYYY/MM/DD``), ``062`` players, ``072`` rated players, ``092`` type (``Swiss
  System`` or ``Round Robin``), ``102`` chief arbiter, ``122`` time control, ``132``
  round dates (``YY/MM/DD`` at columns 92, 102, …); TRF16 adds ``XXR n`` (the number
  of rounds, as JaVaFo writes it), TRF26 ``142 n`` and ``192`` (``CUSTOM_SWISS`` or
  ``CUSTOM_ROUNDROBIN``: the type code that claims no FIDE pairing system);
* ``001`` per player: starting rank 5–8, sex 10, title 11–13 (spelled out: ``GM``,
  ``WIM``…), name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth 70–79
  (``YYYY/MM/DD``, ``YYYY/00/00`` when only the year is known), points 81–84 (the
  declared points if the input had them, so an anomaly survives; else the results'),
  rank 86–89 (declared), then one ``OOOO c r`` cell per round from column 92, every
  ten columns; a bye is ``0000 - H`` (``F``, ``U``, ``Z``), a game not played yet keeps
  opponent and colour with a blank result;
* ``DAT nnnn TE:FIELD value`` after a player's record for each field the ``001``
  record cannot hold as it is (see :data:`.trf.DAT_FIELDS`): an id that is no
  starting rank (sheet ids such as ``CODS-000123``: players are then numbered in
  order), a name longer than 33 characters, games, K, ever-2400, a fixed rating;
* the records the reader kept (:attr:`Event.extra_records`) in their original
  order: those that stood before the first player record are written before the
  players, the others after them.

What TRF cannot say, and is therefore lost (``losses`` collects a note for each):
a game both players were declared to have lost (:attr:`Result.BOTH_LOST`, ``0-0`` in
a sheet) has no TRF code and is written as a double forfeit ``-``/``-``; a bye whose
value is not entered yet becomes a zero-point bye; win methods, pools and time
controls of single games, and event settings; a player with no row in a round before
the last one played has a zero-point bye there when read back; round dates after an
undated round; the published columns of an export.  A field too wide for its columns
(points from 100.5 up, a rank above 9999) is left blank.  Header records the reader
does not keep (the 092/192 texts, 062 and 072 are written anew from the event) and
``###`` comments are not written back, except this program's own two after the headers:
``### lots seed N`` (:attr:`Event.lots_seed`, so the same lots come out again) and
``### final order 5 3 12`` (:attr:`Event.final_order`, by starting rank).  The text
is meant to be saved as UTF-8.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import numpy as np

from ..errors import InputError, Place
from ..i18n.message import N_, message
from ..model import (
    BLACK,
    NO_COLOR,
    TRF_CODE,
    WHITE,
    Event,
    EventType,
    Player,
    Result,
    WinMethod,
)
from ..read.trf import (
    _HEADER_CODES,
    _OWN_DAT,
    _TITLE_CODES,
    DAT_FIELDS,
    DAT_PREFIX,
    FIRST_ROUND_COLUMN,
    LOTS_COMMENT,
    ORDER_COMMENT,
    player_record,
)
from ..read.trf_teams import PLAYER_NUMBERED, team_record_lines

VERSIONS = ("trf16", "trf26")
#: The largest starting rank, points or rank the four-column fields can hold.
MAX_NUMBER = 9999
_FULL_TITLES = frozenset(_TITLE_CODES.values())
_COLOUR = {WHITE: "w", BLACK: "b", NO_COLOR: "-"}
_TYPE_092 = {EventType.SWISS: "Swiss System", EventType.ROUND_ROBIN: "Round Robin"}
_TYPE_192 = {EventType.SWISS: "CUSTOM_SWISS", EventType.ROUND_ROBIN: "CUSTOM_ROUNDROBIN"}
#: Fields of the ``001`` record that a ``DAT`` record can carry in full.
_DAT_OF_FIELD = {field: kind for kind, field in DAT_FIELDS.items()}
_RECORD_FIELDS = ("name", "sex", "title", "federation", "fide_id")


def write_trf(event: Event, version: str = "trf16", losses: list[str] | None = None) -> str:
    """The text of a TRF16 or TRF26 file of ``event`` (lines end in LF).

    Reading the text back gives the same players (every field the input had: what
    the ``001`` record cannot hold goes into ``DAT … TE:`` records), the same pairings
    (in the same order when they are in the TRF reader's: by player, then round),
    rounds, type, dates, round dates, header values and extra records.  Not kept: a
    game both players lost (``0-0``, :attr:`Result.BOTH_LOST`) has no TRF code, so it
    is written as a double forfeit (``-`` against ``-``); the per-game win method,
    pool and time control.  A note on each such loss is
    appended to ``losses`` when it is given.
    """
    if version not in VERSIONS:
        raise InputError("unknown TRF version", Place("--to"), found=repr(version),
                         expected=" or ".join(VERSIONS))
    notes: list[str] = [] if losses is None else losses
    ranks = _starting_ranks(event)
    renumbered = ranks_renumbered(event)
    records = _extra_records(event, notes)
    if renumbered:  # their player numbers are the old ones
        records = [(n, text) for n, text in records if text[:3] not in PLAYER_NUMBERED]
    first_line = event.players[0].line if event.players else None
    # The kept records that stood before the first player record of a file of records go
    # before the players, the others after them.
    leading = 0
    while (event.record_file and first_line is not None
           and leading < len(records) and records[leading][0] < first_line):
        leading += 1
    extra = [text for _, text in records]
    lines = [*_headers(event, version, notes), *_last_resort(event, ranks), *extra[:leading]]
    cells = _round_cells(event, ranks, notes)
    points = event.points()
    for player in event.players:
        record = _player_record(player, ranks[player.index], int(points[player.index]), notes)
        lines.append((record + cells[player.index]).rstrip())
        lines += _dat_records(player, ranks[player.index], record, renumbered)
    lines += extra[leading:]
    lines += _team_records(event, version, ranks, renumbered, records)
    return "\n".join(lines) + "\n"


def _team_records(event: Event, version: str, ranks: list[int], renumbered: bool,
                  kept: list[tuple[int, str]]) -> list[str]:
    """The teams, where the kept records do not already give them as they are (a sheet's
    teams, or ranks renumbered)."""
    if event.teams is None:
        return []
    if not renumbered and any(text[:3] in PLAYER_NUMBERED for _, text in kept):
        return []
    return team_record_lines(event.teams, ranks, version)


def _extra_records(event: Event, notes: list[str]) -> list[tuple[int, str]]:
    """The kept records that read back as kept records (a line another reader kept
    could look like a player or header record: it is left out, and said so)."""
    kept, dropped = [], 0
    for line, text in event.extra_records:
        code = text[:3]
        if ("\n" in text or "\r" in text or not text.strip() or text.startswith("###")
                or code == "001" or code in _HEADER_CODES or _is_own_dat(text)):
            dropped += 1
        else:
            kept.append((line, text))
    if dropped:
        notes.append(f"{dropped} kept record(s) that would read as TRF player or header "
                     "records are left out")
    if event.published:
        notes.append("published columns (" + ", ".join(name for name, _ in event.published)
                     + ") are kept for comparison only: not written")
    return kept


def _is_own_dat(text: str) -> bool:
    match = _OWN_DAT.match(text)
    return match is not None and match["type"] in DAT_FIELDS


def ranks_renumbered(event: Event) -> bool:
    """Whether the players' ids cannot serve as starting ranks (they are numbered 1…n)."""
    ids = [p.id for p in event.players]
    usable = all(type(i) is int and 1 <= i <= MAX_NUMBER for i in ids)
    return not (usable and len(set(ids)) == len(ids))


def _last_resort(event: Event, ranks: list[int]) -> list[str]:
    """This program's comments for the order of last resort (read by :mod:`.trf`)."""
    lines = [] if event.lots_seed is None else [f"{LOTS_COMMENT} {event.lots_seed}"]
    if event.final_order:
        row = {p.id: p.index for p in event.players}
        lines.append(f"{ORDER_COMMENT} " + " ".join(str(ranks[row[i]]) for i in event.final_order))
    return lines


def _starting_ranks(event: Event) -> list[int]:
    if len(event.players) > MAX_NUMBER:
        raise InputError(
            "too many players for a TRF file", Place(event.source),
            found=message("{} players", len(event.players)),
            expected=message("at most {}", MAX_NUMBER),
        )
    if ranks_renumbered(event):
        return list(range(1, len(event.players) + 1))
    return [int(p.id) for p in event.players]


# ---------------------------------------------------------------------------- headers


def _headers(event: Event, version: str, notes: list[str]) -> list[str]:
    rated = sum(1 for p in event.players if p.rating)
    lines = [
        _header("012", event.name),
        _header("022", event.city),
        _header("032", event.federation),
        _header("042", _date_text(event.start)),
        _header("052", _date_text(event.end)),
        _header("062", str(len(event.players))),
        _header("072", str(rated)),
        _header("092", _TYPE_092[event.type]),
        _header("102", event.chief_arbiter),
        _header("122", event.time_control),
        _round_dates_record(event.round_dates, notes),
    ]
    if version == "trf26":
        lines += [_header("142", str(event.rounds)), _header("192", _TYPE_192[event.type])]
    else:
        lines.append(_header("XXR", str(event.rounds)))
    return lines


def _header(code: str, value: str | None) -> str:
    return f"{code} {' '.join((value or '').splitlines()).strip()}".rstrip()


def _date_text(value: date | None) -> str | None:
    return f"{value.year:04d}/{value.month:02d}/{value.day:02d}" if value else None


def _round_dates_record(dates: tuple[date | None, ...], notes: list[str]) -> str:
    """Record 132: ``YY/MM/DD`` at columns 92, 102, … (the reader reads the dates in order)."""
    known = list(dates)
    while known and known[-1] is None:
        known.pop()
    if None in known:  # the dates are read in order: one after a gap would move up
        notes.append(f"round {known.index(None) + 1} has no date: the round dates after it "
                     "are left out (TRF reads them in order)")
        known = known[:known.index(None)]
    present = [d for d in known if d is not None]
    if not present:
        return "132"
    if all(2000 <= d.year <= 2099 for d in present):
        cells = "".join(f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}".ljust(10) for d in present)
    else:  # a two-digit year would be read as 20YY: full dates, one space apart
        cells = " ".join(_date_text(d) or "" for d in present)
    return ("132".ljust(FIRST_ROUND_COLUMN) + cells).rstrip()


# ---------------------------------------------------------------------------- players


def _player_record(player: Player, rank: int, computed_points: int, notes: list[str]) -> str:
    """Columns 1–91 of the player's ``001`` record (the round cells follow)."""
    declared = player.declared_points
    points = _points_text(declared if declared is not None else computed_points)
    if len(points) > 4:
        notes.append(f"player {player.id}: {points} points do not fit columns 81-84: left blank")
        points = ""
    declared_rank = player.declared_rank
    rank_text = "" if declared_rank is None else str(declared_rank)
    if len(rank_text) > 4:
        notes.append(f"player {player.id}: rank {declared_rank} does not fit columns 86-89")
        rank_text = ""
    rating = "" if not player.rating else str(player.rating)
    if len(rating) > 4 or (player.rating is not None and player.rating < 0):
        notes.append(f"player {player.id}: rating {player.rating} does not fit columns 49-52")
        rating = ""
    name = (player.name or "")[:33]  # a longer name is cut here and kept whole in a DAT record
    return (
        f"001 {rank:>4} {_fit(player.sex, 1):1}{_fit(_title_code(player.title), 3):>3} "
        f"{name:<33} {rating:>4} {_fit(player.federation, 3):<3} "
        f"{_fit(player.fide_id, 11):>11} {_birth_text(player):<10} {points:>4} "
        f"{rank_text:>4}  "
    )


def _fit(value: str | None, width: int) -> str:
    """The value if it fits its columns, else blank (a DAT record keeps it whole)."""
    text = value or ""
    return "" if len(text) > width else text


def _title_code(title: str | None) -> str | None:
    """A title as written: spelled out (``GM``, ``WIM``), list letters too (g → GM)."""
    if title is None:
        return None
    code = title.strip()
    if code.upper() in _FULL_TITLES:
        return code.upper()
    return _TITLE_CODES.get(code.lower(), code)


def _birth_text(player: Player) -> str:
    if player.birth is not None:
        return _date_text(player.birth) or ""
    if player.birth_year is not None:
        return f"{player.birth_year:04d}/00/00"
    return ""


def _points_text(hundredths: int) -> str:
    """Points as the TRF points column writes them: ``4.5``, ``4.0``, ``4.25``."""
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    text = f"{whole}.{part:02d}".rstrip("0")
    text = sign + (text + "0" if text.endswith(".") else text)
    return text[:-2] if len(text) > 4 and text.endswith(".0") else text


def _dat_records(player: Player, rank: int, record: str, renumbered: bool) -> list[str]:
    """``DAT`` records for what the ``001`` record cannot hold of the player."""
    back = player_record(record.rstrip().ljust(84), Place("<trf>"), player.index)
    values: list[tuple[str, object]] = []
    if renumbered:
        values.append(("id", player.id))
    for field in _RECORD_FIELDS:
        value = getattr(player, field)
        if value is not None and not _same(field, value, getattr(back, field)):
            values.append((field, value))
    for field in ("games", "k"):
        if getattr(player, field) is not None:
            values.append((field, getattr(player, field)))
    if player.ever_2400 is not None:
        values.append(("ever_2400", int(player.ever_2400)))
    if player.fixed_rating:
        values.append(("fixed_rating", 1))
    return [f"DAT {rank:04d} {DAT_PREFIX}{_DAT_OF_FIELD[field]} {value}"
            for field, value in values]


def _same(field: str, value: str, back: str | None) -> bool:
    """Whether the 001 record gives the value back, or another spelling of it
    (the title ``g`` is ``GM``, the sex ``f`` is ``w``, as the readers have it)."""
    if field == "title":
        return back == _title_code(value)
    if field == "sex":
        return back == ("w" if value.lower() == "f" else value.lower())
    return back == value


# ---------------------------------------------------------------------------- rounds


def _round_cells(event: Event, ranks: list[int], notes: list[str]) -> list[str]:
    """The round cells of every player's record, from column 92."""
    pairings = event.pairings
    n_players = len(event.players)
    if not len(pairings):
        return [""] * n_players
    n_rounds = int(pairings.round.max())
    if int(pairings.round.min()) < 1:
        raise InputError("a pairing has no round number", Place(event.source),
                         found=message("round {}", int(pairings.round.min())),
                         expected="rounds 1, 2, …")
    slot = (pairings.player * n_rounds + pairings.round - 1).astype(np.int64)
    counts = np.bincount(slot, minlength=n_players * n_rounds)
    if counts.max() > 1:
        at = int(np.argmax(counts))
        player, rnd = event.players[at // n_rounds], at % n_rounds + 1
        raise InputError(
            message("player {} has two rows in round {}", player.id, rnd), Place(event.source),
            found="two games or byes in one round", expected="one per round (TRF has one cell)",
        )
    grid = np.full((n_players, n_rounds), " " * 8, dtype="<U8")
    opponent = np.where(pairings.opponent >= 0, np.asarray(ranks)[pairings.opponent], 0)
    texts = [
        f"{f'{opp:>4}' if opp else '0000'} {_COLOUR.get(colour, '-')} {TRF_CODE[result]}"
        for opp, colour, result in zip(opponent.tolist(), pairings.color.tolist(),
                                       pairings.result.tolist(), strict=True)
    ]
    grid.reshape(-1)[slot] = texts
    _note_losses(event, notes)
    return ["".join(cell + "  " for cell in row).rstrip() for row in grid.tolist()]


def _note_losses(event: Event, notes: list[str]) -> None:
    pairings = event.pairings
    result = pairings.result
    checks: list[tuple[Callable[[], int], str]] = [
        (lambda: int((result == Result.BOTH_LOST).sum()) // 2,
         N_("{} game(s) both players were declared to have lost (0-0) have no TRF code: "
         "written as double forfeits (-/-)")),
        (lambda: int(((result == Result.UNPLAYED) & (pairings.opponent < 0)).sum()),
         N_("{} bye(s) without a value yet are written as zero-point byes")),
        (lambda: int((pairings.column("method") != WinMethod.UNKNOWN).sum()),
         N_("{} row(s) with a win method: TRF has no column for it")),
        (lambda: int((pairings.column("minutes") != 0).sum()),
         N_("{} row(s) with a time control per game: TRF has no column for it")),
        (lambda: int((pairings.pool >= 0).sum()) if pairings.pool is not None else 0,
         N_("{} row(s) with a pool (game type): TRF has no column for it")),
        (lambda: _missing_rows(event),
         N_("{} player round(s) without a row before the last round played: read back as "
         "zero-point byes")),
    ]
    for count, template in checks:
        found = count()
        if found:
            notes.append(message(template, found))
    if event.settings:
        notes.append(message("event settings {}: TRF has no record for them",
                             ", ".join(f"{k}={v}" for k, v in event.settings)))


def _missing_rows(event: Event) -> int:
    """Player rounds with no row, up to the last round with a game result."""
    last = event.rounds_played
    if not last:
        return 0
    pairings = event.pairings
    within = pairings.round <= last
    return len(event.players) * last - int(within.sum())
