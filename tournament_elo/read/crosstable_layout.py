"""The layout of a crosstable grid: which row is the header, what each column holds, which
rows are players, and the facts of the preamble above (see :mod:`.chessresults` for the
layouts).  Pages and workbooks both come here as rows of cell texts, so one reading serves
them all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import pairwise

from ..errors import InputError, Place, column_letter
from ..i18n.message import message
from ..model import Player
from .common import parse_date
from .headers import fold
from .sheet_cells import cell_text
from .table import Row
from .tiebreak_legend import LEGEND_LINE, is_points_legend
from .values import (
    MAX_DIGITS,
    MAX_RATING,
    MAX_ROUND,
    MAX_START_NUMBER,
    birth,
    points,
    shown,
    whole,
    whole_number,
)

#: Folded header spellings of each player column.
COLUMN_KINDS: dict[str, tuple[str, ...]] = {
    "start": ("no", "sno", "snr", "nr", "startno", "startnr", "stnr", "startingrank"),
    "rank": ("rk", "rank", "pl", "place", "platz", "rang", "rg"),
    "name": ("name", "player", "playername", "spieler", "ten", "hoten"),
    "title": ("title", "tit", "titel"),
    "rating": ("rtgi", "rtg", "elo", "rating", "irtg", "fideelo", "fiderating", "elofide"),
    "federation": ("fed", "federation", "land", "country"),
    "fide_id": ("fideid", "fidenr", "idfide", "fidecode", "fideno"),
    "sex": ("sex", "gender", "geschlecht"),
    "birth": ("bday", "birth", "born", "birthyear", "yob", "geb", "birthdate", "jg"),
    "points": ("pts", "points", "pkt", "punkte", "score"),
}
_KIND_OF = {alias: kind for kind, aliases in COLUMN_KINDS.items() for alias in aliases}
#: The rating column wanted first when a crosstable has several (international first).
_RATING_ORDER = COLUMN_KINDS["rating"]

_ROUND_HEADER = re.compile(r"^(\d{1,3})(?:rd|rnd|round|r|runde|rde|rds)$|"
                           r"^(?:rd|rnd|round|r|runde|rde)(\d{1,3})$")
_GRID_HEADER = re.compile(r"^\d{1,3}$")
_TITLE = re.compile(r"^(?:[WA]?(?:GM|IM|FM|CM|NM))$")
_NUMBER = re.compile(r"^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$")
_DATE_TOKEN = re.compile(r"\d{1,4}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{1,4}")
_LAYOUT_TITLE = re.compile(r"crosstable|kreuztabelle|rangliste|ranking|starting\s*rank|"
                           r"startrang|^last\s*update|^stand\b", re.IGNORECASE)

#: Folded preamble labels → the event field they give.
PREAMBLE_LABELS: dict[str, str] = {
    **dict.fromkeys(("date", "dates", "datum", "period", "zeitraum"), "date"),
    **dict.fromkeys(("numberofrounds", "rounds", "rundenanzahl", "anzahlderrunden",
                     "nrofrounds", "sovong"), "rounds"),
    **dict.fromkeys(("location", "town", "place", "city", "venue", "ort", "spielort"), "city"),
    **dict.fromkeys(("chiefarbiter", "hauptschiedsrichter"), "chief_arbiter"),
    **dict.fromkeys(("timecontrol", "bedenkzeit"), "time_control"),
    **dict.fromkeys(("tournamenttype", "turniertyp", "type"), "type"),
    **dict.fromkeys(("federation", "verband"), "federation"),
    **dict.fromkeys(("organizer", "organiser", "organizers", "veranstalter",
                     "tournamentdirector", "deputychiefarbiter", "arbiter", "arbiters",
                     "fideeventid", "pairingprogram", "ratingcalculation", "lastupdate",
                     "tournamentselection", "links", "parameters", "lists", "boardpairings",
                     "rankinglistafter", "games", "excelandprint", "creator", "email",
                     "homepage"), "other"),
}


# ------------------------------------------------------------------------ the grid


@dataclass
class Cells:
    """Cell texts of a sheet or page, and where each cell is: a page's cells know their
    line (``lines``), a sheet's their cell name (its row ``numbers``, else the position),
    rows of neither their row number."""

    source: str
    sheet: str | None
    cells: list[list[str]]
    lines: Sequence[Sequence[int | None]] | None
    numbers: Sequence[int] | None = None

    @classmethod
    def of_values(cls, source: str, sheet: str | None, rows: Sequence[Sequence[object]],
                  lines: Sequence[Sequence[int | None]] | None = None,
                  numbers: Sequence[int] | None = None) -> Cells:
        """The grid of rows of sheet values or page texts, each read by :func:`cell_text`."""
        return cls(source, sheet, [[cell_text(v) for v in row] for row in rows], lines,
                   numbers)

    @classmethod
    def of_sheet(cls, source: str, sheet: str, rows: Sequence[Row]) -> Cells:
        """The grid of a sheet's filled rows (see :func:`spread`)."""
        grid, numbers = spread(rows)
        return cls.of_values(source, sheet, grid, numbers=numbers)

    def row_number(self, r: int) -> int:
        """The sheet row (or line of rows given alone) of grid row ``r``."""
        return self.numbers[r] if self.numbers is not None else r + 1

    def text(self, r: int, c: int | None) -> str:
        if c is None:
            return ""
        row = self.cells[r]
        return row[c] if c < len(row) else ""

    def place(self, r: int, c: int | None) -> Place:
        if self.lines is not None:
            row_lines = self.lines[r] if r < len(self.lines) else ()
            if c is not None and c < len(row_lines):
                return Place(self.source, line=row_lines[c])
            return Place(self.source, line=row_lines[0] if row_lines else None)
        if self.sheet is None:
            return Place(self.source, line=self.row_number(r))
        if c is None:
            return Place(self.source, sheet=self.sheet, line=self.row_number(r))
        return Place(self.source, sheet=self.sheet, cell=f"{column_letter(c)}{self.row_number(r)}")


def spread(rows: Sequence[Row]) -> tuple[list[list[object]], list[int]]:
    """A sheet's filled rows as a grid, each run of blank rows before or between them one
    blank row (a crosstable's player rows end at a blank row: how many does not matter),
    and the sheet row number of every grid row."""
    grid: list[list[object]] = []
    numbers: list[int] = []
    last = 0
    for number, cells in rows:
        if number > last + 1:
            grid.append([])
            numbers.append(last + 1)
        grid.append(cells)
        numbers.append(number)
        last = number
    return grid, numbers


# ------------------------------------------------------------------------ header and columns


def header_kind(text: str) -> str | None:
    """What a header cell names: a :data:`COLUMN_KINDS` key, ``round`` or ``grid``."""
    folded = fold(text)
    if not folded:
        return None
    if _ROUND_HEADER.match(folded):
        return "round"
    if _GRID_HEADER.match(text.strip()):
        return "grid"
    return _KIND_OF.get(folded)


def find_header(grid: Cells) -> int | None:
    """The first row naming a Name column and a No./SNo/Rk./Rank column."""
    for r, row in enumerate(grid.cells):
        kinds = {header_kind(text) for text in row if text}
        if "name" in kinds and kinds & {"start", "rank"}:
            return r
    return None


def no_header(grid: Cells) -> InputError:
    """The error for rows with no header row, naming what was searched."""
    place = Place(grid.source, sheet=grid.sheet) if grid.sheet is not None else Place(grid.source)
    found = (message("no table row naming a Name column and a No., SNo or Rk. column")
             if grid.lines is not None else
             message("no row naming a Name column and a No., SNo or Rk. column (rows 1-{})",
                     grid.row_number(len(grid.cells) - 1)))
    return InputError(
        "no header row", place, found=found,
        expected="a crosstable header such as 'No. | Name | Rtg | FED | 1.Rd | 2.Rd | … | Pts.'",
    )


@dataclass
class Layout:
    """Which column holds what; ``key`` is the column the round cells name opponents by."""

    header: int
    key: int
    key_is_rank: bool
    name: int
    start: int | None = None
    rank: int | None = None
    title: int | None = None
    rating: int | None = None
    federation: int | None = None
    fide_id: int | None = None
    sex: int | None = None
    birth: int | None = None
    points: int | None = None
    rounds: list[tuple[int, int]] = field(default_factory=list)  # (round, first column)
    three_cells: bool = False
    grid: list[tuple[int, int]] = field(default_factory=list)  # (number, column)
    published: list[int] = field(default_factory=list)


def read_layout(grid: Cells, header: int) -> Layout:
    """The layout the header row ``header`` gives; every column it does not place is a
    published one (``Pts.``, ``Rk.``, ``TB1`` …)."""
    row = grid.cells[header]
    kinds = [header_kind(text) for text in row]
    first: dict[str, int] = {}
    ratings: list[int] = []
    for c, kind in enumerate(kinds):
        if kind == "rating":
            ratings.append(c)
        elif kind is not None and kind not in ("round", "grid"):
            first.setdefault(kind, c)
    start, rank = first.get("start"), first.get("rank")
    key_is_rank = start is None or (rank is not None and rank < start)
    key = rank if key_is_rank else start
    assert key is not None  # find_header saw one of them
    layout = Layout(header=header, key=key, key_is_rank=key_is_rank, name=first["name"],
                    start=start, rank=rank)
    for kind in ("title", "federation", "fide_id", "sex", "birth", "points"):
        setattr(layout, kind, first.get(kind))
    if ratings:
        layout.rating = min(ratings, key=lambda c: _RATING_ORDER.index(fold(row[c])))
    _round_columns(grid, layout, kinds)
    used = {c for c in (layout.start, layout.name, layout.title, layout.rating,
                        layout.federation, layout.fide_id, layout.sex, layout.birth)
            if c is not None}
    for _, c in layout.rounds:
        used.update(range(c, c + (3 if layout.three_cells else 1)))
    used.update(c for _, c in layout.grid)
    layout.published = [c for c, text in enumerate(row) if text and c not in used]
    return layout


def _round_columns(grid: Cells, layout: Layout, kinds: list[str | None]) -> None:
    row = grid.cells[layout.header]
    rounds: list[tuple[int, int]] = []
    for c, kind in enumerate(kinds):
        if kind == "round":
            match = _ROUND_HEADER.match(fold(row[c]))
            assert match is not None
            rounds.append((int(match.group(1) or match.group(2)), c))
    if rounds:
        columns = [c for _, c in rounds]
        gaps = {b - a for a, b in pairwise(columns)}
        blanks_after = all(
            c + 2 < len(row) and not row[c + 1] and not row[c + 2] for c in columns
        )
        layout.three_cells = blanks_after and (len(columns) == 1 or gaps == {3})
        for (number, c), expected in zip(rounds, range(1, len(rounds) + 1), strict=True):
            if number != expected:
                raise InputError(
                    "the round columns are not in order", grid.place(layout.header, c),
                    found=repr(row[c]), expected=message("round {}", expected),
                )
        layout.rounds = rounds
        return
    numbers = [(int(row[c].strip()), c) for c, kind in enumerate(kinds) if kind == "grid"]
    if numbers:
        for (number, c), expected in zip(numbers, range(1, len(numbers) + 1), strict=True):
            if number != expected:
                raise InputError(
                    "the grid's columns are not numbered 1, 2, 3 …",
                    grid.place(layout.header, c), found=repr(row[c]), expected=repr(str(expected)),
                )
        layout.grid = numbers


def check_merged(grid: Cells, layout: Layout,
                 merged: Sequence[tuple[int, int, int, int]]) -> None:
    """Merged cells in the header row hide which column a value is in: an error, except a
    round header over its three cells in Swiss-Manager's own layout."""
    round_starts = {c for _, c in layout.rounds}
    header = grid.row_number(layout.header) - 1  # merged ranges are in sheet rows, 0-based
    for r1, c1, r2, c2 in merged:
        if not r1 <= header <= r2:
            continue
        if layout.three_cells and r1 == r2 and c1 in round_starts and c2 == c1 + 2:
            continue
        span = f"{column_letter(c1)}{r1 + 1}:{column_letter(c2)}{r2 + 1}"
        raise InputError(
            "merged header cells", grid.place(layout.header, c1),
            found=message("cells {} merged into one ({})", span, repr(grid.text(r1, c1))),
            expected="one header cell per column (unmerge the header row)",
        )


# ------------------------------------------------------------------------ player rows


def player_rows(grid: Cells, layout: Layout) -> list[int]:
    """The rows under the header, up to a blank row or a footer (no number, no name)."""
    data = []
    for r in range(layout.header + 1, len(grid.cells)):
        if not any(grid.cells[r]):
            break
        key_text = grid.text(r, layout.key)
        key = whole_number(key_text)
        if key is None or key > MAX_START_NUMBER:
            if key is None and not grid.text(r, layout.name):
                break
            raise InputError(
                message("unreadable {}", repr(grid.text(layout.header, layout.key))),
                grid.place(r, layout.key), found=shown(key_text),
                expected=message("a whole number from {} to {}", 0, MAX_START_NUMBER),
            )
        if not grid.text(r, layout.name):
            raise InputError("a player without a name", grid.place(r, layout.name),
                             found="a blank name cell", expected="the player's name")
        data.append(r)
    if not data:
        raise InputError("the crosstable has no players", grid.place(layout.header, None),
                         found="a header row and no player rows",
                         expected="a row per player under the header")
    numbered = [c for _, c in layout.grid]
    if numbered and len(numbered) != len(data) and not any(
        grid.text(r, c) == "*" for r in data for c in numbered
    ):
        layout.rounds, layout.grid = layout.grid, []  # rounds headed 1, 2, 3 …, not a grid
    if layout.title is None:
        layout.title = _title_column(grid, layout, data)
    return data


def _title_column(grid: Cells, layout: Layout, data: list[int]) -> int | None:
    """The untitled column whose values are all titles (GM, IM, WFM, …), if any."""
    row = grid.cells[layout.header]
    width = 3 if layout.three_cells else 1
    rounds = {c + k for _, c in layout.rounds for k in range(width)}
    for c in range(len(row)):
        if row[c] or c in rounds:
            continue
        values = [grid.text(r, c) for r in data]
        if any(values) and all(not v or _TITLE.match(v) for v in values):
            return c
    return None


def key_of(grid: Cells, r: int, layout: Layout) -> int:
    """The number that names row ``r``'s player in the round cells."""
    key = whole_number(grid.text(r, layout.key))
    assert key is not None  # player_rows read it
    return key


def player_order(grid: Cells, layout: Layout, data: list[int]) -> list[int]:
    """Players in starting order when the table is in rank order and gives the starting
    numbers; otherwise in the table's order."""
    if not layout.key_is_rank or layout.start is None:
        return list(range(len(data)))
    starts = [int_cell(grid, r, layout.start, grid.text(layout.header, layout.start),
                       MAX_START_NUMBER) for r in data]
    return sorted(range(len(data)), key=lambda i: (starts[i] is None, starts[i] or 0, i))


def int_cell(grid: Cells, r: int, c: int, what: str, high: int) -> int | None:
    """A whole number from 0 to ``high`` (``6``, ``6,0``), ``None`` when blank; ``what``
    names it in errors."""
    return whole(grid.text(r, c).replace(",", "."), grid.place(r, c), what, high)


def published_value(text: str) -> object:
    """A published figure as a :class:`~decimal.Decimal` where it reads as a number
    (``6,5`` → ``Decimal("6.5")``), else text: the decimals printed say how exactly it was
    published (``13,40`` is 13.40 to ±0.005), which a float would lose."""
    if not text:
        return None
    compact = text.replace(" ", "").replace("½", ".5")
    if not _NUMBER.match(compact) or len(compact) > MAX_DIGITS:
        return text
    return Decimal(compact.replace(",", "."))


def read_player(grid: Cells, layout: Layout, r: int, index: int, points_column: int | None,
                has_results: bool) -> Player:
    """The player of row ``r``; ``has_results`` says whether the points column is his score
    (a starting-rank list has none: a points column there is no score)."""
    header = grid.cells[layout.header]
    key = key_of(grid, r, layout)
    start = (int_cell(grid, r, layout.start, header[layout.start], MAX_START_NUMBER)
             if layout.start is not None else None)
    if layout.start is not None and start is None:
        raise InputError(message("missing {}", repr(header[layout.start])),
                         grid.place(r, layout.start),
                         found="a blank cell", expected="the player's starting number")
    rating = (int_cell(grid, r, layout.rating, header[layout.rating], MAX_RATING)
              if layout.rating is not None else None)
    fide_id = grid.text(r, layout.fide_id).removesuffix(".0")
    if fide_id and not fide_id.isdigit():
        raise InputError("unreadable FIDE id", grid.place(r, layout.fide_id),
                         found=repr(fide_id), expected="digits")
    sex = grid.text(r, layout.sex).lower()[:1] or None
    born, birth_year = birth(grid.text(r, layout.birth), grid.place(r, layout.birth))
    declared = (points(grid.text(r, points_column), grid.place(r, points_column))
                if has_results and points_column is not None else None)
    rank = (int_cell(grid, r, layout.rank, header[layout.rank], MAX_START_NUMBER)
            if layout.rank is not None else None)
    title = grid.text(r, layout.title).upper() or None
    return Player(
        index=index,
        id=start if start is not None else key,
        name=grid.text(r, layout.name),
        rating=rating or None,
        sex={"f": "w"}.get(sex or "", sex) if sex in ("m", "w", "f") else None,
        title=title,
        federation=grid.text(r, layout.federation) or None,
        fide_id=fide_id if fide_id.strip("0") else None,
        birth=born,
        birth_year=birth_year,
        declared_points=declared,
        declared_rank=rank,
        line=grid.place(r, None).line,
    )


# ------------------------------------------------------------------------ preamble


@dataclass
class Preamble:
    """The event facts above the header, with the place each was read at."""

    name: str | None = None
    start: date | None = None
    end: date | None = None
    rounds: int | None = None
    city: str | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    time_control: str | None = None
    type: str | None = None
    places: dict[str, Place] = field(default_factory=dict)


def _label(text: str) -> str | None:
    """The field a preamble label gives, 'other' for a known label that gives none."""
    bare = re.sub(r"\([^)]*\)", "", text).strip().rstrip(":").strip()
    return PREAMBLE_LABELS.get(fold(bare))


def read_preamble(grid: Cells, header: int, title: str | None) -> Preamble:
    """Read the rows above the header; ``title``, when given, is the event name."""
    info = Preamble(name=title.strip() if title and title.strip() else None)
    for r in range(header):
        cells = [(c, text) for c, text in enumerate(grid.cells[r]) if text]
        if not cells:
            continue
        label: str | None = None
        value_text, value_col = "", cells[0][0]
        first = cells[0][1]
        if len(cells) >= 2:
            label = _label(first)
            value_col = cells[1][0]
            value_text = " ".join(text for _, text in cells[1:])
        elif ":" in first:
            head, _, tail = first.partition(":")
            label = _label(head)
            value_text = tail.strip()
        if label is None and len(cells) == 1 and info.name is None \
                and not _LAYOUT_TITLE.search(first):
            info.name = first
            continue
        if label is None or label == "other" or not value_text:
            continue
        place = grid.place(r, value_col)
        _take(info, label, value_text, place)
    return info


def _take(info: Preamble, label: str, value: str, place: Place) -> None:
    if label in info.places:
        return
    info.places[label] = place
    if label == "date":
        tokens = _DATE_TOKEN.findall(value)
        if not tokens:
            raise InputError("unreadable date", place, found=repr(value),
                             expected="a date such as 2026/08/01 or 01.08.2026")
        info.start = parse_date(tokens[0], place, "start date")
        info.end = parse_date(tokens[-1], place, "end date")
    elif label == "rounds":
        match = re.match(r"\d+", value)
        info.rounds = whole(match.group() if match else value, place, "number of rounds",
                            MAX_ROUND)
    elif label == "federation":
        code = re.search(r"\(\s*([A-Z]{3})\s*\)", value)
        info.federation = code.group(1) if code else value
    else:
        setattr(info, label, value)


def tie_break_notes(grid: Cells, header: int, data: list[int]) -> list[tuple[int, str]]:
    """The tie-break annotation lines (``Tie Break1: points (game-points)``), with their
    line (page) or row (sheet)."""
    found = []
    last = data[-1] if data else header
    for r in [*range(0, header), *range(last + 1, len(grid.cells))]:
        for text in grid.cells[r]:
            for part in re.split(r"(?=Tie\s*Break\s*\d)", text, flags=re.IGNORECASE):
                if LEGEND_LINE.match(part.strip()):
                    found.append((grid.place(r, None).line or r + 1, part.strip()))
    return found


def points_tie_break(grid: Cells, layout: Layout,
                     annotations: list[tuple[int, str]]) -> int | None:
    """The tie-break column the annotation calls the points, when there is no Pts. column."""
    for _, text in annotations:
        match = LEGEND_LINE.match(text)
        assert match is not None
        if is_points_legend(match.group(2)):
            wanted = f"tb{match.group(1)}"
            for c in layout.published:
                if fold(grid.text(layout.header, c)) == wanted:
                    return c
    return None


def round_label(grid: Cells, c: int) -> str:
    """The round number heading column ``c``, for error messages (``?`` if none does)."""
    for r in range(len(grid.cells)):
        match = _ROUND_HEADER.match(fold(grid.text(r, c)))
        if match:
            return match.group(1) or match.group(2)
    return "?"
