"""Plain pairing and result sheets: writing (three CSV files, or one XLSX workbook).

The sheets are those :func:`.sheets.read_sheets` reads, with English headers:

* ``games``: ``round, board, white, black, result``, by round (a player is named by
  his id; a bye is ``bye`` in the black column with ``F``, ``H``, ``U`` or ``Z``), then
  ``win_method``, ``pool``, ``time_control`` and ``date`` where the event has them.
  A game log (one game per round, the other players absent: an online platform's
  log) is written without ``round`` and ``board``, as the reader expects a log;
* ``players``: ``id, name, rating, federation, fide_id, birth, sex, title, games, k,
  points`` (AI opponents are not listed: the games name them, ``AI-3``);
* ``event``: ``key, value`` rows (name, start, end, rounds, type, city, federation,
  chief_arbiter, time_control, level, pool).

As CSV, ``x.csv`` (or ``x-games.csv``) becomes ``x-games.csv``, ``x-players.csv`` and
``x-event.csv``, in UTF-8 with a BOM (so a spreadsheet shows accents), in the dialect
the reader reads first: commas, and a cell that holds a delimiter (``,``, ``;``, tab) or
a line break, or starts with a quote, quoted with ``"``, its quotes doubled.  A
text cell that a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is
written after a space, which the reader drops.  As XLSX, one workbook with the three
sheets.

Not kept (``losses`` collects a note for each): the declared rank (no column),
``ever_2400``, a fixed rating other than an AI opponent's, records of a TRF file the
sheets have no place for (:attr:`Event.extra_records`), the published columns of an
export, a game without colours (a TRF forfeit ``-``, a round-robin crosstable: the
first player is written as white), W/D/L games shorter than one move (written as
forfeits, the short draw as a draw), a forfeit without an opponent (written as a
full-point or zero-point bye), the date of a round without rows, and the absence of a
row in a round others played (the reader gives the player a zero-point bye there).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import EventModelError, InputError, Place
from ..i18n.message import N_, message
from ..model import BLACK, NO_COLOR, POINTS, Event, Player, Result, WinMethod
from ..read.sheet_files import input_files

PLAYER_HEADER = ("id", "name", "rating", "federation", "fide_id", "birth", "sex", "title",
                 "games", "k", "points")
SHEET_FORMATS = ("csv", "xlsx")

#: (white's result, black's result) → the result cell.
_GAME_TEXT: dict[tuple[int, int], str] = {
    (Result.WIN, Result.LOSS): "1-0",
    (Result.LOSS, Result.WIN): "0-1",
    (Result.DRAW, Result.DRAW): "1/2-1/2",
    (Result.FORFEIT_WIN, Result.FORFEIT_LOSS): "+/-",
    (Result.FORFEIT_LOSS, Result.FORFEIT_WIN): "-/+",
    (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS): "-/-",
    (Result.BOTH_LOST, Result.BOTH_LOST): "0-0",
    (Result.UNPLAYED, Result.UNPLAYED): "",
}
#: Results the sheets have no spelling for → the nearest one (same points, not rated).
_SHORT_TEXT: dict[tuple[int, int], str] = {
    (Result.SHORT_WIN, Result.SHORT_LOSS): "+/-",
    (Result.SHORT_LOSS, Result.SHORT_WIN): "-/+",
    (Result.SHORT_DRAW, Result.SHORT_DRAW): "1/2-1/2",
}
_BYE_TEXT = {Result.FULL_BYE: "F", Result.HALF_BYE: "H", Result.PAIRING_BYE: "U",
             Result.ZERO_BYE: "Z", Result.UNPLAYED: ""}
_METHOD_TEXT = {int(m): "" if m is WinMethod.UNKNOWN else m.name.lower().replace("_", "-")
                for m in WinMethod}
_AI_ID = re.compile(r"^AI-\d{1,2}$")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: What a CSV cell is quoted for: a delimiter the reader may choose, a line break, or a
#: quote at its start (after spaces, which the reader skips).
_NEEDS_QUOTES = re.compile(r'[,;\t\r\n]|^\s*"')


def sheet_paths(path: str | Path, fmt: str | None = None) -> list[Path]:
    """The files :func:`write_sheets` writes for ``path``: the workbook, or the games,
    players and event CSV files (``x.csv`` and ``x-games.csv`` both give ``x-…``)."""
    target = Path(path)
    if _format(target, fmt) == "xlsx":
        return [target]
    base = re.sub(r"[-_ .]*games$", "", target.stem, flags=re.IGNORECASE) or target.stem
    return [target.with_name(f"{base}-{part}.csv") for part in ("games", "players", "event")]


def render_sheets(
    event: Event, path: str | Path, fmt: str | None = None, losses: list[str] | None = None
) -> dict[Path, bytes]:
    """The contents of every file :func:`write_sheets` would write, by path."""
    notes: list[str] = [] if losses is None else losses
    teams = _team_columns(event)
    if event.teams is not None and (event.teams.byes or event.teams.forfeits):
        notes.append(message("{} team bye(s) and {} forfeited match(es) of the team records: "
                             "a sheet has no cell for them", len(event.teams.byes),
                             len(event.teams.forfeits)))
    tables = [
        ("games", *_games_table(event, notes, teams[1])),
        ("players", PLAYER_HEADER + (("team", "captain") if teams[0] else ()),
         _players_table(event, notes, teams[0])),
        ("event", ("key", "value"), _event_table(event, notes)),
    ]
    paths = sheet_paths(path, fmt)
    if len(paths) == 1:
        from ..render.writers import xlsx_bytes  # numbers as numbers, no formulas

        return {paths[0]: xlsx_bytes([(name, header, rows) for name, header, rows in tables])}
    return {file: _csv_bytes(header, rows)
            for file, (_, header, rows) in zip(paths, tables, strict=True)}


def write_sheets(
    event: Event, path: str | Path, fmt: str | None = None, losses: list[str] | None = None
) -> list[Path]:
    """Write ``event`` as CSV files or an XLSX workbook (``fmt``, else by the suffix);
    every file is rendered first, then each written atomically.  Returns the paths."""
    from ..render.writers import write_files

    contents = render_sheets(event, path, fmt, losses)
    read = input_files(event.source) if event.source else []
    folder = Path(path).parent
    return write_files(folder, {f.name: data for f, data in contents.items()}, N_("the sheets"),
                       read)


def _format(path: Path, fmt: str | None) -> str:
    if fmt is None:
        fmt = "xlsx" if path.suffix.lower() == ".xlsx" else "csv"
    if fmt not in SHEET_FORMATS:
        raise InputError("unknown sheet format", Place("--to"), found=repr(fmt),
                         expected="csv or xlsx")
    return fmt


def _csv_bytes(header: Sequence[str], rows: list[list[Any]]) -> bytes:
    lines = [",".join(_csv_cell(v) for v in row) for row in [list(header), *rows]]
    return ("\n".join(lines) + "\n").encode("utf-8-sig")


def _csv_cell(value: Any) -> str:
    """A CSV cell the reader reads back as it was: text a spreadsheet would take for a
    formula gets a leading space (the reader drops it); a cell that holds a delimiter or
    a line break, or starts with a quote (which would open a quoted cell), is quoted, its
    quotes doubled.  A quote further inside an unquoted cell is plain text to any reader."""
    if value is None:
        return ""
    text = str(value)
    if text.startswith(_FORMULA_START):
        text = " " + text
    if _NEEDS_QUOTES.search(text):
        text = '"' + text.replace('"', '""') + '"'
    return text


# ---------------------------------------------------------------------------- players


def _ai_players(event: Event) -> int:
    """How many players at the end are AI opponents the games name (``AI-3``)."""
    count = 0
    for player in reversed(event.players):
        if not (player.fixed_rating and isinstance(player.id, str) and _AI_ID.match(player.id)
                and player.name == player.id and player.rating is None):
            break
        count += 1
    return count


def _team_columns(event: Event) -> tuple[dict[int, tuple[str, bool]],
                                         dict[tuple[int, int], int]]:
    """A team event's team of each player (and whether he is its captain) and board of
    each (round, player): team and captain columns on the players, the match boards on
    the games (empty for other events)."""
    if event.teams is None:
        return {}, {}
    from ..rating.teams.matches import team_event

    te = team_event(event)
    names = {p: team.name for team in te.teams for p in team.players}
    captains = {team.captain for team in te.teams if team.captain is not None}
    boards = {(m.round, player): board.number for m in te.matches for board in m.boards
              for player in (board.white, board.black) if player is not None}
    return {p: (name, p in captains) for p, name in names.items()}, boards


def _players_table(event: Event, notes: list[str],
                   teams: dict[int, tuple[str, bool]] | None = None) -> list[list[Any]]:
    listed = event.players[:len(event.players) - _ai_players(event)]
    for what, count in (
        (N_("{} declared rank(s): the players sheet has no rank column"),
         sum(p.declared_rank is not None for p in listed)),
        (N_("{} ever-2400 flag(s): the sheets reader does not read them"),
         sum(p.ever_2400 is not None for p in listed)),
        (N_("{} fixed rating(s) of players other than AI opponents"),
         sum(p.fixed_rating for p in listed)),
    ):
        if count:
            notes.append(message(what, count))
    if teams:
        return [[*_player_row(p), *_team_cells(teams.get(p.index))] for p in listed]
    return [_player_row(p) for p in listed]


def _team_cells(team: tuple[str, bool] | None) -> list[Any]:
    return [None, None] if team is None else [team[0], "x" if team[1] else None]


def _player_row(player: Player) -> list[Any]:
    birth: Any = player.birth.isoformat() if player.birth else player.birth_year
    points = None if player.declared_points is None else player.declared_points / 100
    return [player.id, player.name, player.rating, player.federation, player.fide_id, birth,
            player.sex, player.title, player.games, player.k, points]


# ---------------------------------------------------------------------------- games


def _is_log(event: Event) -> bool:
    """A game log: every round is one game and nothing else, and some player sits out.

    The sheets reader reads a games table without a round column that way, and would
    add a zero-point bye for every absent player of every round were rounds written.
    """
    if event.game_log:
        return True
    pairings = event.pairings
    if len(pairings) < 2 or len(event.players) < 3 or (pairings.opponent < 0).any():
        return False
    counts = np.bincount(pairings.round)
    rounds = counts[1:]
    return bool(len(rounds) and (rounds == 2).all() and counts[0] == 0)


def _games_table(event: Event, notes: list[str],
                 team_boards: dict[tuple[int, int], int] | None = None
                 ) -> tuple[list[str], list[list[Any]]]:
    pairings = event.pairings
    log = _is_log(event)
    columns = ["white", "black", "result"] if log else ["round", "board", "white", "black",
                                                        "result"]
    optional = [name for name, present in (
        ("win_method", pairings.method is not None),
        ("pool", pairings.pool is not None),
        ("time_control", pairings.minutes is not None),
        ("date", any(d is not None for d in event.round_dates)),
    ) if present]
    ids = [p.id for p in event.players]
    rounds, players, opponents = (a.tolist() for a in (pairings.round, pairings.player,
                                                       pairings.opponent))
    colours, results = pairings.color.tolist(), pairings.result.tolist()
    row_of = {(r, p): i for i, (r, p) in enumerate(zip(rounds, players, strict=True))}
    boards: dict[int, int] = {}
    done: set[tuple[int, int]] = set()
    counts = {"colourless": 0, "short": 0, "forfeit bye": 0, "dateless": 0}
    rows: list[list[Any]] = []
    for i in np.argsort(pairings.round, kind="stable").tolist():  # by round, else as given
        rnd, me, opponent = rounds[i], players[i], opponents[i]
        if opponent < 0:
            cells = [rnd, (team_boards or {}).get((rnd, me)), ids[me], "bye",
                     _bye_text(results[i], counts)]
            extra_row = i
        else:
            if (rnd, me) in done:
                continue
            j = row_of.get((rnd, opponent), -1)
            if j < 0:  # the reader checked both sides: this cannot happen
                raise EventModelError(f"round {rnd}: player {ids[me]}'s opponent has no row")
            done.add((rnd, opponent))
            white_row, black_row = (j, i) if colours[i] == BLACK else (i, j)
            if colours[i] == NO_COLOR:
                counts["colourless"] += 1
            boards[rnd] = boards.get(rnd, 0) + 1
            board = team_boards[(rnd, me)] if team_boards else boards[rnd]
            cells = [rnd, board, ids[players[white_row]], ids[players[black_row]],
                     _game_text(results[white_row], results[black_row], counts)]
            extra_row = white_row
        if log:
            cells = cells[2:]
        rows.append(cells + [_optional(event, name, extra_row, rnd) for name in optional])
    dated = {r for r, d in enumerate(event.round_dates, start=1) if d is not None}
    counts["dateless"] = len(dated - set(rounds))
    if not log:  # the reader gives every listed player a row in each round that has rows
        listed = len(event.players) - _ai_players(event)
        present = {(r, p) for r, p in zip(rounds, players, strict=True) if p < listed}
        counts["absent"] = len(set(rounds)) * listed - len(present)
    for key, template in (
        ("colourless", N_("{} game(s) without colours (a TRF forfeit, a round-robin crosstable): "
         "the first player is written as white")),
        ("short", N_("{} game(s) shorter than one move (W/D/L): written as forfeits, a short draw "
         "as a draw")),
        ("forfeit bye", N_("{} forfeit(s) without an opponent: written as full-point or zero-point "
         "byes")),
        ("dateless", N_("{} round date(s) of rounds without rows: the sheets date the games")),
        ("absent", N_("{} player round(s) without a row in a round that has rows: read back as "
         "zero-point byes")),
    ):
        if counts.get(key):
            notes.append(message(template, counts[key]))
    return columns + optional, rows


def _game_text(white: int, black: int, counts: dict[str, int]) -> str:
    text = _GAME_TEXT.get((white, black))
    if text is None:
        text = _SHORT_TEXT.get((white, black))
        if text is None:
            raise EventModelError(f"results {Result(white).name} and {Result(black).name} of one "
                             "game do not mirror")
        counts["short"] += 1
    return text


def _bye_text(result: int, counts: dict[str, int]) -> str:
    text = _BYE_TEXT.get(Result(result))
    if text is None:  # a forfeit (or any result) without an opponent: a bye of its points
        counts["forfeit bye"] += 1
        text = {100: "F", 50: "H"}.get(int(POINTS[result]), "Z")
    return text


def _optional(event: Event, name: str, row: int, rnd: int) -> Any:
    pairings = event.pairings
    if name == "win_method":
        return _METHOD_TEXT.get(int(pairings.column("method")[row])) or None
    if name == "pool":
        code = int(pairings.column("pool")[row])
        return event.pools[code] if 0 <= code < len(event.pools) else None
    if name == "time_control":
        return int(pairings.column("minutes")[row]) or None
    day = event.round_dates[rnd - 1] if rnd - 1 < len(event.round_dates) else None
    return day.isoformat() if day else None


# ---------------------------------------------------------------------------- event


def _event_table(event: Event, notes: list[str]) -> list[list[Any]]:
    settings = dict(event.settings)
    values: list[tuple[str, Any]] = [
        ("name", event.name),
        ("start", event.start.isoformat() if event.start else None),
        ("end", event.end.isoformat() if event.end else None),
        ("rounds", event.rounds),
        ("type", event.type.value),
        ("city", event.city),
        ("federation", event.federation),
        ("chief_arbiter", event.chief_arbiter),
        ("time_control", event.time_control),
        ("level", settings.pop("level", None)),
        ("pool", settings.pop("pool", None)),
    ]
    if settings:
        notes.append(message("event settings {}: the event sheet has no row for them",
                             ", ".join(f"{k}={v}" for k, v in settings.items())))
    if event.extra_records:
        notes.append(message("{} kept record(s) of the input the sheets have no place for "
                             "(TRF team records, pairing-program lines, …)",
                             len(event.extra_records)))
    if event.published:
        notes.append(message("published columns ({}) are kept for comparison only: not written",
                             ", ".join(name for name, _ in event.published)))
    return [[key, value] for key, value in values if value not in (None, "", 0)]
