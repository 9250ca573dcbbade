"""PGN files: an event from the tags of its games (python-chess reads the headers only).

Each game gives one pairing: White and Black (matched by ``WhiteFideId``/``BlackFideId``
where given, else by the exact name), their ratings (``WhiteElo``/``BlackElo``), titles
(``WhiteTitle``/``BlackTitle``), federations (``WhiteFed``/``BlackFed``), the round
(``Round``: ``3``, or ``3.1`` for round 3, board 1) and the result: ``1-0``, ``0-1``,
``1/2-1/2``, or ``*`` for a game paired but not played yet.  The moves are skipped, never
parsed, so a file of many games reads fast.

Decisions:

* **Start numbers** follow FIDE's convention for starting ranks: rating descending
  (the unrated last), then name, then order of first appearance in the file.
* **A player's rating** is the first non-empty Elo tag he has; a different value in a
  later game is a warning naming that game.
* **Rounds**: a file whose games have no usable ``Round`` tag (``?``, ``-`` or none in
  every game) is a game log, as the sheets read one: each game is its own round, in file
  order.  A file where only some games have a round is an error.
* **One event per file, or per Event tag**: a file with games of several ``Event`` tags
  is an error listing them unless ``event_name`` chooses one (a library option: the
  command line has none yet).  Games without an Event tag (or ``?``) belong to the one
  event of the file; beside a chosen event they are left out, with a warning.
* Players absent from a round that has games get a zero-point bye, as in the sheets;
  PGN cannot express forfeits or byes.

Every problem is an :class:`InputError` naming the file and the line of the tag; the
lines are found by scanning the text, since python-chess's offsets are not line numbers.
"""

from __future__ import annotations

import io
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import partial, reduce
from pathlib import Path

import chess.pgn

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import N_, message
from ..model import (
    BLACK,
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
from .common import PairingRows, Roster, detect_event_type, event_type_from_text, parse_date
from .text import Readable, read_text
from .values import MAX_ROUND, rating, shown, whole_number

#: Game results of the PGN standard → (white's result, black's result).
RESULTS: dict[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
    "*": (Result.UNPLAYED, Result.UNPLAYED),
}
_RESULTS_EXPECTED = "1-0, 0-1, 1/2-1/2, or * (not played yet)"
#: Tag values that mean "unknown" in PGN files.
_UNKNOWN = frozenset({"", "?", "-", "??"})
_TAG_LINE = re.compile(r'^[ \t]*\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"', re.MULTILINE)
#: The first line of a game that is not a tag, a comment line or blank: its moves.
_MOVES_LINE = re.compile(r"^[ \t]*[^\s\[%;]", re.MULTILINE)
_ROUND = re.compile(r"^(\d+)(?:\.\d+)*$")
_PGN_DATE = re.compile(r"^\d{4}\.\d{2}\.\d{2}$")
SIDES = ("White", "Black")
#: A side's tag missing, and the tag it needs: the tag names are PGN's own, not translated.
_NO_TAG = {"White": N_("no White tag"), "Black": N_("no Black tag")}
_NAME_TAG = {side: f'[{side} "Name"]' for side in SIDES}


def read_pgn(path: Readable, encoding: str | None = None, event_name: str | None = None
             ) -> Event:
    """Read a PGN file into an :class:`Event`; ``event_name`` chooses among its Event tags."""
    return parse_pgn(read_text(path, encoding), str(path), event_name)


def parse_pgn(text: str, source: str = "<pgn>", event_name: str | None = None) -> Event:
    """Parse the text of a PGN file (see the module's notes for the decisions)."""
    return checked_event(pgn_draft(text, source, event_name))


def pgn_draft(text: str, source: str = "<pgn>", event_name: str | None = None) -> EventDraft:
    """What the text of a PGN file gives, before the checks."""
    games = _scan_games(text.replace("\r\n", "\n").replace("\r", "\n"), source)
    if not games:
        raise InputError("no games in the file", Place(source),
                         expected="PGN games with White, Black, Round and Result tags")
    warnings: list[InputWarning] = []
    name, games = _choose_event(games, event_name, source, warnings)
    roster = _Roster(source)
    problems = Problems()  # every bad game reported at once; a bad game is left out
    no_sides: tuple[int, ...] | None = None
    sides = [problems.checked(partial(_sides, roster, game, warnings), no_sides)
             for game in games]
    players, new_index = roster.players()
    rounds_of, log = _rounds(games, source, warnings, problems)
    rows: PairingRows[int] = PairingRows()
    first_seen: dict[tuple[int, int], tuple[_Game, str]] = {}
    for game, both, rnd in zip(games, sides, rounds_of, strict=True):
        if both is None or rnd == 0:
            continue
        with problems.collect():
            _add_game(game, both, rnd, new_index, players, log, first_seen, rows, source)
    problems.raise_any()
    gaps = [] if log else rows.add_absent(len(players), lambda at: players[at].line or 1)
    warnings += [InputWarning(Place(source), message("round {} has no games", r))
                 for r in gaps]
    pairings, lines = rows.pairings(by="round")
    rounds = int(pairings.round.max()) if len(pairings) else 0
    # The dates are read whole, each problem recorded: they are raised with the checks'.
    no_dates: tuple[list[date], tuple[date | None, ...]] = ([], ())
    dates, round_dates = problems.checked(
        lambda: _dates(games, rounds_of, rounds, source), no_dates)
    event_date = problems.checked(lambda: _first_date(games, "EventDate", source), None)

    def player_place(index: int) -> Place:
        return Place(source, line=players[index].line)

    return EventDraft(
        EventFields(
            name=name or Path(source).stem,
            players=tuple(players),
            pairings=pairings,
            rounds=rounds,
            type=_event_type(games, pairings, len(players), rounds, log),
            start=event_date or min(dates, default=None),
            end=max(dates, default=None) or event_date,
            city=_common_value(games, "Site"),
            time_control=_common_value(games, "TimeControl"),
            round_dates=() if log else round_dates,
            source=source,
            source_format="pgn",
            warnings=tuple(warnings),
            game_log=log,
        ),
        row_place=lambda row: Place(source, line=lines[row]), fide_id_place=player_place,
        points_place=player_place, problems=problems, check_left_out_results=not log,
    )


# ---------------------------------------------------------------------------- games


@dataclass(frozen=True)
class _Game:
    """One game's tags and the line of each tag (the last of a repeated tag, as read)."""

    number: int  # 1-based, in file order
    headers: Mapping[str, str]
    line: int  # the game's first line
    tag_lines: dict[str, int]

    def value(self, tag: str) -> str:
        """The tag's value, NFC and stripped; '' where it is absent or unknown ('?', '-')."""
        text = unicodedata.normalize("NFC", self.headers.get(tag, "")).strip()
        return "" if text in _UNKNOWN else text

    def tag_line(self, tag: str) -> int:
        return self.tag_lines.get(tag, self.line)

    def place(self, source: str, tag: str) -> Place:
        return Place(source, line=self.tag_line(tag))


def _scan_games(text: str, source: str) -> list[_Game]:
    """Every game's headers (python-chess) and the lines of its tags (a scan of the text).

    python-chess gives each game's start offset (``tell`` before ``read_headers``); the
    tag lines between that offset and the game's moves are its header.  A tag line after
    the moves means the next game began without the blank line that ends a game: python-
    chess reads it as part of the moves, so the game would be lost; that is an error.
    """
    handle = io.StringIO(text)
    found: list[tuple[int, Mapping[str, str]]] = []
    while True:
        offset = handle.tell()
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        found.append((offset, headers))
    tags = [(m.start(), m.group(1)) for m in _TAG_LINE.finditer(text)]
    tag_offsets = [at for at, _ in tags]
    newlines = [m.start() for m in re.finditer("\n", text)]

    def line_of(offset: int) -> int:
        return bisect_right(newlines, offset - 1) + 1

    games = []
    for number, (offset, game_headers) in enumerate(found, start=1):
        end = found[number][0] if number < len(found) else len(text)
        moves = _MOVES_LINE.search(text, offset, end)
        header_end = moves.start() if moves else end
        lo, mid, hi = (bisect_right(tag_offsets, at - 1) for at in (offset, header_end, end))
        tag_lines = {name: line_of(at) for at, name in tags[lo:mid]}
        for at, name in tags[mid:hi]:
            if name in ("Event", "White", "Black", "Round", "Result"):
                raise InputError(
                    "a game's tags follow the previous game's moves with no blank line",
                    Place(source, line=line_of(at)),
                    found=message("a {} tag after the moves", f"[{name} ...]"),
                    expected="a blank line after each game's moves (before the next tags)")
        first = tags[lo][0] if lo < mid else (moves.start() if moves else offset)
        games.append(_Game(number, game_headers, line_of(first), tag_lines))
    return games


def _choose_event(
    games: list[_Game], event_name: str | None, source: str, warnings: list[InputWarning]
) -> tuple[str | None, list[_Game]]:
    """The event's name and its games: the file's one Event tag, or ``event_name``."""
    names = list(dict.fromkeys(game.value("Event") for game in games if game.value("Event")))
    if event_name is None:
        if len(names) > 1:
            counts = [sum(g.value("Event") == n for g in games) for n in names]
            listed = reduce(partial(message, "{}; {}"), (
                message("{} ({} games)", repr(n), c) for n, c in zip(names, counts, strict=True)))
            raise InputError(
                message("the file holds the games of {} events", len(names)), Place(source),
                found=listed, expected="the games of one event: split the file by its Event "
                "tags (from Python: read_pgn(path, event_name=...))")
        return (names[0] if names else None), games
    chosen = unicodedata.normalize("NFC", event_name).strip()
    if chosen not in names:
        raise InputError(
            message("no event {} in the file", repr(event_name)), Place(source),
            found=message("Event tags {}", ", ".join(repr(n) for n in names) if names
                          else N_("none")),
            expected="one of the file's Event tags")
    unnamed = [g for g in games if not g.value("Event")]
    if unnamed and len(names) > 1:
        warnings.append(InputWarning(
            unnamed[0].place(source, "Event"),
            message("{} game(s) without an Event tag are left out: the file holds {} events",
                    len(unnamed), len(names))))
        return chosen, [g for g in games if g.value("Event") == chosen]
    return chosen, [g for g in games if g.value("Event") in (chosen, "")]


def _result(game: _Game, source: str) -> tuple[Result, Result]:
    text = game.headers.get("Result")
    found = RESULTS.get(text.strip()) if text is not None else None
    if found is None:
        raise InputError(
            "unknown result" if text is not None else "no Result tag",
            game.place(source, "Result"),
            found=repr(text) if text is not None else f"game {game.number} without one",
            expected=_RESULTS_EXPECTED)
    return found


# ---------------------------------------------------------------------------- players


@dataclass
class _Entrant:
    name: str
    line: int
    fide_id: str | None = None
    rating: float | None = None
    rating_game: _Game | None = None
    rating_line: int = 0
    title: str | None = None
    federation: str | None = None


class _Roster(Roster):
    """The players met so far: found by FIDE id where a game gives one, else by name.

    A name first seen without an id takes the id of a later game; two players who share
    a name are told apart only by their ids.
    """

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source
        self.entrants: list[_Entrant] = []

    def find(self, game: _Game, side: str, warnings: list[InputWarning]) -> int:
        name = game.value(side)
        if not name:
            raise InputError(
                message("no {} player", side) if side in game.headers else _NO_TAG[side],
                game.place(self.source, side),
                found=repr(game.headers[side]) if side in game.headers
                else message("game {} without one", game.number), expected=_NAME_TAG[side])
        fide_id = self._fide_id(game, side)
        named = self.named(name)
        if fide_id is not None:
            index = self.by_id.get(fide_id)
            if index is None:
                index = next((i for i in named if self.entrants[i].fide_id is None), None)
            if index is None:
                index = self._add(name, game.tag_line(side))
            entrant = self.entrants[index]
            entrant.fide_id = fide_id
            self.by_id[fide_id] = index
        elif len(named) == 1:
            index, entrant = named[0], self.entrants[named[0]]
        elif named:
            raise InputError(
                message("the name {} is shared by players with FIDE ids {}", repr(name),
                        " and ".join(str(self.entrants[i].fide_id) for i in named)),
                game.place(self.source, side), found=message("no {} tag", f"{side}FideId"),
                expected=message("a {} tag telling them apart", f"{side}FideId"))
        else:
            index = self._add(name, game.tag_line(side))
            entrant = self.entrants[index]
        self._details(entrant, game, side, warnings)
        return index

    def _add(self, name: str, line: int) -> int:
        self.entrants.append(_Entrant(name, line))
        self.enter(len(self.entrants) - 1, name)
        return len(self.entrants) - 1

    def _fide_id(self, game: _Game, side: str) -> str | None:
        text = game.value(f"{side}FideId")
        if not text or not text.strip("0"):
            return None
        if not (text.isascii() and text.isdigit()):
            raise InputError(message("unreadable {}", f"{side}FideId"),
                             game.place(self.source, f"{side}FideId"),
                             found=repr(text), expected="a FIDE id (digits)")
        return text.lstrip("0")

    def _details(self, entrant: _Entrant, game: _Game, side: str,
                 warnings: list[InputWarning]) -> None:
        tag = f"{side}Elo"
        text = game.value(tag)
        given = rating(text, game.place(self.source, tag), tag) or None
        if given is not None:
            first = entrant.rating_game
            if first is None:
                entrant.rating, entrant.rating_game = given, game
                entrant.rating_line = game.tag_line(tag)
            elif given != entrant.rating:
                warnings.append(InputWarning(
                    game.place(self.source, tag),
                    message("{} is rated {} in game {} (line {}) but {} in game {}; {} is used",
                            entrant.name, entrant.rating, first.number, entrant.rating_line,
                            given, game.number, entrant.rating)))
        entrant.title = entrant.title or game.value(f"{side}Title").upper() or None
        entrant.federation = entrant.federation or game.value(f"{side}Fed").upper() or None

    def players(self) -> tuple[list[Player], list[int]]:
        """The players numbered in FIDE's starting-rank order, and each entrant's new index."""
        order = sorted(range(len(self.entrants)), key=lambda i: (
            self.entrants[i].rating is None, -(self.entrants[i].rating or 0),
            self.entrants[i].name.casefold(), i))
        new_index = [0] * len(order)
        players = []
        for index, old in enumerate(order):
            new_index[old] = index
            e = self.entrants[old]
            players.append(Player(index=index, id=index + 1, name=e.name, rating=e.rating,
                                  title=e.title, federation=e.federation, fide_id=e.fide_id,
                                  line=e.line))
        return players, new_index


# ---------------------------------------------------------------------------- rounds



def _sides(roster: _Roster, game: _Game, warnings: list[InputWarning]) -> tuple[int, ...]:
    return tuple(roster.find(game, side, warnings) for side in SIDES)


def _add_game(game: _Game, both: tuple[int, ...], rnd: int, new_index: list[int],
              players: list[Player], log: bool,
              first_seen: dict[tuple[int, int], tuple[_Game, str]], rows: PairingRows[int],
              source: str) -> None:
    """The two pairing rows of one game, added only if the game is right."""
    white, black = new_index[both[0]], new_index[both[1]]
    if white == black:
        raise InputError(
            message("player {} ({}) plays himself", players[white].id, players[white].name),
            game.place(source, "Black"), found="the same player as White and Black",
            expected="two different players")
    if not log:
        for side, who in zip(SIDES, (white, black), strict=True):
            first, first_side = first_seen.setdefault((rnd, who), (game, side))
            if first is not game:
                raise InputError(
                    message("player {} ({}) plays twice in round {}", players[who].id,
                            players[who].name, rnd), game.place(source, side),
                    found=message("a second game for him (the first at line {})",
                                  first.tag_line(first_side)),
                    expected="one game per player per round")
    white_result, black_result = _result(game, source)
    rows.add(rnd, white, black, WHITE, white_result, game.tag_line("White"))
    rows.add(rnd, black, white, BLACK, black_result, game.tag_line("Black"))


def _rounds(games: list[_Game], source: str, warnings: list[InputWarning], problems: Problems
            ) -> tuple[list[int], bool]:
    """Each game's round, and whether the file is a game log (no game has a round); an
    unreadable round is a problem recorded, and the game's round 0."""
    given = [g for g in games if g.value("Round")]
    if not given:
        warnings.append(InputWarning(
            Place(source), "the games have no Round tag: every game is read as its own "
            "round, in file order (a game log)"))
        return list(range(1, len(games) + 1)), True
    rounds = []
    for game in games:
        text = game.value("Round")
        match = _ROUND.match(text)
        number = (whole_number(match.group(1)) if match else None) or 0
        if not 1 <= number <= MAX_ROUND:
            number = 0
            problems.add(InputError(
                "unreadable round" if text else "a game without a round",
                game.place(source, "Round"),
                found=shown(game.headers["Round"]) if "Round" in game.headers
                else message("game {} without a Round tag", game.number),
                expected=message("a round such as 3, or 3.1 for round 3 board 1 (at most {}); "
                                 "or no Round tag in any game (a game log)", MAX_ROUND)))
        rounds.append(number)
    return rounds, False


# ---------------------------------------------------------------------------- event


def _date(game: _Game, tag: str, source: str) -> date | None:
    """A date tag: '2024.08.01' (other spellings as elsewhere); unknown parts ('??') ignored."""
    text = game.value(tag)
    if not text or "?" in text:
        return None
    if _PGN_DATE.match(text):
        text = text.replace(".", "-")
    return parse_date(text, game.place(source, tag), f"{tag} tag")


def _first_date(games: list[_Game], tag: str, source: str) -> date | None:
    return next((d for g in games if (d := _date(g, tag, source)) is not None), None)


def _dates(
    games: list[_Game], rounds_of: list[int], rounds: int, source: str
) -> tuple[list[date], tuple[date | None, ...]]:
    """All game dates, and the first date of each round (empty if no game has a date)."""
    by_round: dict[int, date] = {}
    dates = []
    for game, rnd in zip(games, rounds_of, strict=True):
        day = _date(game, "Date", source)
        if day is None:
            continue
        dates.append(day)
        if rnd not in by_round or day < by_round[rnd]:
            by_round[rnd] = day
    if not by_round:
        return [], ()
    return dates, tuple(by_round.get(r) for r in range(1, rounds + 1))


def _common_value(games: list[_Game], tag: str) -> str | None:
    """The tag's value where every game that gives it agrees (Site, TimeControl); a
    web address (an online game's Site) is none."""
    values = {v for g in games if (v := g.value(tag)) and "://" not in v}
    return values.pop() if len(values) == 1 else None


def _event_type(
    games: list[_Game], pairings: Pairings, n_players: int, rounds: int, log: bool
) -> EventType:
    """The type an EventType tag names ('swiss', 'round robin'), else the one the pairings
    show; a game log is read as Swiss (it has no round-robin schedule)."""
    named = _common_value(games, "EventType")
    found = event_type_from_text(named) if named else None
    if found is not None:
        return found
    return EventType.SWISS if log else detect_event_type(pairings, n_players, rounds)
