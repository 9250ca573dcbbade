"""FIDE's published fixed-width TXT rating lists.

The combined list (``players_list_foa.txt``, about 1.1 million lines) has the header
(one line of 162 characters, shown in two; the name column is 61 wide)::

    ID Number      Name  …  Fed Sex Tit  WTit OTit           FOA
    SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag

Older combined lists lack ``FOA``; the per-speed lists (``standard_rating_list.txt`` …)
have one rating column headed by the list's month (``NOV24``, ``SEP19``) followed by
``Gms`` and ``K``; lists from around 2011 read ``ID number Name … TitlFed  Mar11 GamesBorn
Flag`` (two header words run together).  None of these widths is hard-coded: **each field
starts at the column where its header word starts** and runs to the next header word (the
last one to the end of the line).  Header words that ran together (``TitlFed``,
``GamesBorn``) are split into the two known words they are made of.

**Overflow repair.**  FIDE writes a value longer than its slot in full (a long
``OTit`` such as ``SI,FI,LSI,SLI,NA`` in a 15-character slot).  The rule applied, field
by field from the left:

1. A field's text *crosses* into the next field when the last character of its slot and
   the first character of the next field's slot are both non-blank (the text starts
   before the next header's column and continues past it).
2. If the line is longer than the header (the list's fixed width) by ``E`` characters,
   FIDE pushed the rest of the line to the right: the first ``min(E, run)`` characters of
   the non-blank run at the start of the next slot belong to the left field, and every
   later field is read that many columns further right (``E`` is used up as it goes).
   ``…SI,FI,LSI,SLI,NAAFM`` in a 163-character line is ``OTit`` ``SI,FI,LSI,SLI,NA`` and
   ``FOA`` ``AFM``.
3. Otherwise (the line has its normal width, or lost its trailing blanks), the
   continuation overwrote the start of the next slot: the whole non-blank run belongs to
   the left field and the next field is what remains of its own slot after it (usually
   blank).  ``IA,FA,FI,FST,DI,NA`` written over the first characters of ``FOA`` is
   ``OTit`` ``IA,FA,FI,FST,DI,NA`` and ``FOA`` blank.

Where nothing crosses, every field is just its slot, blanks stripped.  The one case the
characters cannot settle: a value that exactly fills its slot, followed without a blank by
a value in the next slot, looks like an overflow and is read as one (rule 3 gives the left
field both).  FIDE's own overflows lengthen the line (rule 2), which keeps them apart.

**What an entry says.**  ``rating`` is the chosen speed's rating, ``0`` when the list
gives none (blank or ``0``: the player is unrated at that speed, and
:func:`~tournament_elo.model.apply_rating_list` makes him unrated).  ``SGm``/``RGm``/``BGm`` is the
number of games rated *in the last rating period*, not a career total, so it does **not**
go into ``games`` (a K rule "fewer than 30 games" would then give K 40 to nearly every
established player); it is kept as ``period_games`` and ``games`` stays ``None`` (the
engine then takes the player as established unless the birth year makes him a junior).
The list's ``SK``/``Rk``/``BK`` is the K FIDE used for the last period: it goes into ``k``
only with ``use_list_k=True`` and is always kept as ``list_k``.  ``ever_2400`` cannot be
known from one list (it needs the player's history) and is left ``None``; the engine
still treats a rating of 2400 or more as "reached 2400".  Inactive players (flag ``i``,
``wi``) are kept: inactivity does not change how a rating is calculated.

**Reading a million lines.**  The file is decoded a megabyte at a time and read a few
hundred lines at a time into columns (a :class:`~tournament_elo.model.RatingList`), each
column's distinct texts read once (:class:`~.values.Distinct`: a million lines spell
fewer than 2,000 ratings and about a hundred birth years).  A problem names its line and
the header word of its column (``line 3, column 'SRtng'``).

**Linear in the file.**  A header line is at most :data:`WIDEST_HEADER` characters (every
line is cut to the header's width, so a wider one is refused first), a header word is
split in two only where both halves can be known words, and a long line is looked at
from its start only when the code page is chosen.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from typing import Any

from ..errors import InputError, Place, Problems
from ..i18n.message import message
from ..model import ListEntry, ListPlaces, RatingList
from . import values
from .text import Readable, decode, read_bytes, read_head

SPEEDS = ("standard", "rapid", "blitz")

#: Header words (lower case) and the field each starts.
_HEADER_WORDS = {
    "id number": "id", "id_number": "id", "idnumber": "id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "tit": "title", "titl": "title",
    "wtit": "women_title",
    "otit": "other_titles",
    "foa": "foa_title",
    "srtng": "standard_rating", "sgm": "standard_games", "sk": "standard_k",
    "rrtng": "rapid_rating", "rgm": "rapid_games", "rk": "rapid_k",
    "brtng": "blitz_rating", "bgm": "blitz_games", "bk": "blitz_k",
    "gms": "games", "games": "games", "gm": "games",
    "k": "k",
    "b-day": "birth", "bday": "birth", "born": "birth",
    "flag": "flag",
}
#: A per-speed list's rating column is headed by the list's month: ``NOV24``, ``Mar11``.
_MONTH = re.compile(r"^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d{2}$")
#: The longest header word known (a month is five letters): no longer word is two known
#: words run together unless both halves are at most this long.
_LONGEST_WORD = max(5, *map(len, _HEADER_WORDS))
#: The widest header read: FIDE's combined list's is 162 characters.  Every line is cut
#: to the header's width, so a header of megabytes would make reading a list quadratic.
WIDEST_HEADER = 1000
#: The fields read from a line, in the order :meth:`_Layout.fields` gives them: each as
#: the layout names it (a speed's ``rating``, ``games``, ``k`` are prefixed by the speed
#: in a combined list) and as an entry does.
READ_FIELDS = (("id", "fide_id"), ("name", "name"), ("federation", "federation"), ("sex", "sex"),
         ("title", "title"), ("women_title", "women_title"),
         ("other_titles", "other_titles"), ("foa_title", "foa_title"), ("rating", "rating"),
         ("games", "period_games"), ("k", "list_k"), ("birth", "birth_year"),
         ("flag", "flag"))
_EXPECTED_HEADER = (
    "a FIDE rating list header: 'ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK "
    "RRtng RGm Rk BRtng BGm BK B-day Flag' (or a per-speed list with a month column such "
    "as 'NOV24 Gms K')"
)
_SPEED_HEADER = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}
_SEX = {"M": "m", "F": "w", "W": "w", "m": "m", "f": "w", "w": "w"}
#: The lines read together, column by column: few enough that the cut lines of a chunk
#: are gone before the garbage collector looks at them twice.
_CHUNK = 256
#: How many bytes are decoded and split into lines at a time.
_PART = 1 << 20
#: The non-blank run of characters at a position (a tab is not blank here: only the
#: blanks FIDE pads with separate fields).
_RUN = re.compile(r"[^ ]*")


@dataclass(frozen=True)
class FideListEntry(ListEntry):
    """A :class:`ListEntry` with what else a FIDE list line says (not merged into players)."""

    sex: str | None = None  # "m" or "w", as the event readers spell it
    title: str | None = None  # Tit: GM, IM, FM, CM, WGM, …
    women_title: str | None = None  # WTit
    other_titles: str | None = None  # OTit: IA, FA, FST, … comma-separated
    foa_title: str | None = None  # FOA: AGM, AIM, AFM, ACM
    flag: str | None = None  # i, w, wi
    period_games: int | None = None  # games rated in the last period at the chosen speed
    list_k: int | None = None  # the K the list gives for the chosen speed

    @property
    def inactive(self) -> bool:
        return self.flag is not None and "i" in self.flag


def _text_or_none(text: str, _: Place) -> str | None:
    return text or None


#: How each field after the name is read from its (distinct) texts.
_RULES: dict[str, Callable[[str, Place], Any]] = {
    "federation": _text_or_none,
    "sex": lambda text, _: _SEX.get(text, text or None),
    "title": _text_or_none,
    "women_title": _text_or_none,
    "other_titles": _text_or_none,
    "foa_title": _text_or_none,
    "rating": lambda text, place: values.rating(text, place) or 0,
    "period_games": values.game_count,
    "list_k": lambda text, place: values.k_factor(text, place, "K") or None,
    "birth_year": lambda text, place: values.birth(text, place, "birth year")[1],
    "flag": _text_or_none,
}


def is_fide_list(path: Readable) -> bool:
    """Whether the file's first line is a FIDE list header (``ID Number …``/``ID_Number …``).

    Only the start of the file is read, so a 200 MB list is recognised at once; a file that
    cannot be read, is no regular file or is too large is an :class:`InputError`.
    """
    for raw in read_head(path).removeprefix(b"\xef\xbb\xbf").splitlines():
        if raw.strip():
            first = raw.lstrip().lower()
            return first.startswith((b"id number", b"id_number")) and not any(
                sep in raw for sep in (b",", b";", b"\t"))
    return False


def read_fide_list(
    path: Readable,
    encoding: str | None = None,
    speed: str = "standard",
    *,
    use_list_k: bool = False,
) -> RatingList:
    """Read FIDE's fixed-width TXT rating list, taking the ``speed`` columns.

    ``speed`` is ``standard``, ``rapid`` or ``blitz`` and picks ``SRtng SGm SK``,
    ``RRtng RGm Rk`` or ``BRtng BGm BK`` of a combined list.  A per-speed list has one
    rating column, which is read whatever ``speed`` says (the file does not name its
    speed).  Entries are :class:`FideListEntry` values; see the module docstring for what
    they hold and for the overflow rule.
    """
    if speed not in SPEEDS:
        raise InputError("unknown speed for the FIDE list", Place(str(path)), found=repr(speed),
                         expected=" or ".join(SPEEDS))
    source = str(path)
    lines = _numbered_lines(path, encoding)
    first = next(((number, line) for number, line in lines if line.strip()), None)
    if first is None:
        raise InputError("the file is empty", Place(source), expected="a FIDE rating list")
    number, header = first
    layout = _Layout.from_header(header, speed, Place(source, line=number))
    reading = FideColumns(ListPlaces(source, None, layout.column_names()), use_list_k)
    while chunk := list(islice(lines, _CHUNK)):
        _add_lines(reading, layout, chunk)
    return reading.result()


def _numbered_lines(path: Readable, encoding: str | None) -> Iterator[tuple[int, str]]:
    """Each line of the file with its number, without its line end (``\n``, ``\r\n`` or
    ``\r``), trailing blanks kept (they carry width).  The bytes are decoded a part at a
    time (each cut after a ``\n``), in one encoding chosen for the whole file: a 200 MB
    list is never held as text, nor as lines, all at once."""
    data = read_bytes(path)
    source = str(path)
    chosen = encoding or _encoding(data, source)
    number = 0
    for start, end in _parts(data):
        if start == 0:  # the encoding's name checked, a binary file refused
            part = decode(data[:end], source, chosen)[0].removeprefix("\ufeff")
        else:
            part = _decoded(data, start, end, chosen, source)
        if "\r" in part:
            part = part.replace("\r\n", "\n").replace("\r", "\n")
        lines = part.split("\n")
        if part.endswith("\n"):
            lines.pop()
        for line in lines:
            number += 1
            yield number, line


def _decoded(data: bytes, start: int, end: int, encoding: str, source: str) -> str:
    """One part of the file as text, a byte the encoding cannot read an error at its line
    (as :func:`~.text.decode` says it of the first part)."""
    try:
        return data[start:end].decode(encoding)
    except UnicodeDecodeError as exc:
        at = start + exc.start
        raise InputError(message("the file is not valid {}", encoding),
                         Place(source, line=data.count(b"\n", 0, at) + 1),
                         found=message("byte {}", f"0x{data[at]:02x}"),
                         expected=message("text in {} (choose another with --encoding)",
                                          encoding)
                         ) from None


def _parts(data: bytes) -> Iterator[tuple[int, int]]:
    """Where the parts of ``data`` start and end: about :data:`_PART` bytes each, cut
    after a ``\n`` (no character of UTF-8 or of a code page spans one)."""
    start = 0
    while start < len(data):
        cut = data.find(b"\n", start + _PART)
        end = len(data) if cut < 0 else cut + 1
        yield start, end
        start = end


def _encoding(data: bytes, source: str) -> str:
    """The file's encoding: UTF-8 when every part decodes as UTF-8 (ASCII does), else the
    code page detected from the lines that need one (detecting on all of a 200 MB list
    would take minutes)."""
    try:
        for start, end in _parts(data):
            data[start:end].decode("utf-8")
    except UnicodeDecodeError:
        # ``^`` keeps the search linear: each line is looked at from its start only.
        sample = b"\n".join(m.group() for _, m in zip(
            range(2000), re.finditer(rb"^[^\n]*[\x80-\xff][^\n]*", data, re.MULTILINE),
            strict=False))
        return decode(sample, source)[1]
    return "utf-8"


class FideColumns:
    """The columns of a FIDE list as its entries are read, and the problems found: each
    entry given as the texts of its fields in :data:`READ_FIELDS` order (cut from a TXT
    line, or the elements of an XML ``<player>``), read by the same rules whatever the
    format."""

    def __init__(self, places: ListPlaces, use_list_k: bool) -> None:
        self.places = places
        self.use_list_k = use_list_k
        self.numbers = array("l")
        self.distinct = {field: values.Distinct(rule, self._place_of(field))
                         for field, rule in _RULES.items()}
        self.columns: dict[str, list[Any]] = {field: [] for field in ("fide_id", "name",
                                                                      *_RULES)}
        self.problems = Problems()

    def _place_of(self, field: str) -> Callable[[int], Place]:
        return lambda number: self.places.at(number, field)

    def add(self, numbers: list[int], cut: list[tuple[str, ...]],
            refused: list[tuple[int, InputError]]) -> None:
        """The entries ``cut`` (texts in :data:`READ_FIELDS` order) of the lines
        ``numbers``, and the problems already found on these lines (``refused``)."""
        if cut:
            fide_ids, names, *others = zip(*cut, strict=True)
            ids = [text.strip() for text in fide_ids]
            for number, fide_id in zip(numbers, ids, strict=True):
                if not (fide_id.isdigit() and fide_id.isascii()):
                    refused.append((number, InputError(
                        "the FIDE id is not a number", self.places.at(number, "fide_id"),
                        found=values.shown(fide_id), expected="the digits of a FIDE id")))
            self.columns["fide_id"] += ids
            self.columns["name"] += (text.strip() or None for text in names)
            for texts, (field, distinct) in zip(others, self.distinct.items(), strict=True):
                self.columns[field] += distinct.column(texts, numbers, refused)
            self.numbers.extend(numbers)
        refused.sort(key=lambda found: found[0])  # a line's problems left to right
        for _, problem in refused:
            self.problems.add(problem)

    def result(self) -> RatingList:
        self.problems.raise_any()
        columns = dict(self.columns)
        if self.use_list_k:
            columns["k"] = columns["list_k"]
        return RatingList(FideListEntry, self.places, self.numbers, columns)


def _add_lines(reading: FideColumns, layout: _Layout, chunk: list[tuple[int, str]]) -> None:
    """The player lines of ``chunk`` cut by ``layout`` into ``reading`` (a line too short
    to cut is a problem of its own; the lines after it are still read)."""
    numbers: list[int] = []
    cut: list[tuple[str, ...]] = []
    refused: list[tuple[int, InputError]] = []
    source = reading.places.source
    for number, line in chunk:
        if line and not line.isspace():
            try:
                cut.append(layout.fields(line, source, number))
                numbers.append(number)
            except InputError as short:
                refused.append((number, short))
    reading.add(numbers, cut, refused)


class _Layout:
    """Where each field of a list is, from its header line, and how to cut a line."""

    def __init__(self, keys: tuple[str, ...], names: tuple[str, ...], starts: tuple[int, ...],
                 width: int, picks: tuple[int, ...]) -> None:
        self.keys = keys  # every header field, left to right
        self.names = names  # the header word of each, as the header writes it
        self.starts = starts  # the column each starts at
        self.width = width  # the header's length: a normal line's width
        self.picks = picks  # for each of READ_FIELDS, its index in keys (-1: not in this list)
        ends = (*starts[1:], None)
        every = [slice(s, e) for s, e in zip(starts, ends, strict=True)]
        #: The fields of READ_FIELDS cut from a line in one call (a field not in the list: "").
        self.cut = itemgetter(*(every[p] if p >= 0 else slice(0, 0) for p in picks))
        # A line (padded to the width) in which no text crosses a boundary between fields:
        # at every boundary, the slot's last character or the next one's first is blank.
        skips, at = [], 0
        for boundary in starts[1:]:
            skips.append(f".{{{boundary - 1 - at}}}(?: .|. )")
            at = boundary + 1
        self.fits = re.compile("(?s)" + "".join(skips)).match

    @classmethod
    def from_header(cls, header: str, speed: str, place: Place) -> _Layout:
        header = header.rstrip()
        words = [(m.group(), m.start()) for m in re.finditer(r"\S+", header)]
        columns: list[tuple[str, str, int]] = []
        i = 0
        while i < len(words):
            word, start = words[i]
            lower = word.lower()
            if lower == "id" and i + 1 < len(words) and words[i + 1][0].lower() == "number":
                end = words[i + 1][1] + len(words[i + 1][0])
                columns.append(("id", header[start:end], start))
                i += 2
                continue
            columns.extend(_header_fields(word, start))
            i += 1
        keys = tuple(k for k, _, _ in columns)
        single = "rating" in keys  # a per-speed list
        if len(keys) < 3 or keys[0] != "id" or "name" not in keys or not (
                single or any(k.endswith("_rating") for k in keys)):
            raise InputError("this is not a FIDE rating list header", place,
                             found=values.shown(header), expected=_EXPECTED_HEADER)
        if len(header) > WIDEST_HEADER:
            raise InputError("the FIDE list header is too wide", place,
                             found=message("{} characters", f"{len(header):,}"),
                             expected=message("at most {} (FIDE's combined list's header is "
                                              "162)", f"{WIDEST_HEADER:,}"))
        prefix = "" if single else f"{speed}_"
        if f"{prefix}rating" not in keys:
            raise InputError(message("the FIDE list has no {} rating column", speed), place,
                             found=" ".join(w for w, _ in words),
                             expected=message("the column {}", _SPEED_HEADER[speed]))
        wanted = [f"{prefix}{key}" if key in ("rating", "games", "k") else key
                  for key, _ in READ_FIELDS]
        picks = tuple(keys.index(key) if key in keys else -1 for key in wanted)
        return cls(keys, tuple(n for _, n, _ in columns), tuple(s for _, _, s in columns),
                   len(header), picks)

    def column_names(self) -> dict[str, str]:
        """Each entry field read, and the header word of its column."""
        return {field: self.names[p] for (_, field), p in zip(READ_FIELDS, self.picks, strict=True)
                if p >= 0}

    def fields(self, line: str, source: str, number: int) -> tuple[str, ...]:
        """The text of each field in :data:`READ_FIELDS` order: a usual line's slots as they are
        (blanks and all), an unusual one's as the overflow rule reads them."""
        size = len(line)
        if self.starts[1] < size <= self.width and self.fits(line.ljust(self.width)):
            return self.cut(line)  # type: ignore[no-any-return]
        if size <= self.starts[1]:
            raise InputError(
                "the line is too short: it ends within the ID column", Place(source, line=number),
                found=message("{} characters ({})", size, repr(line.strip())),
                expected=message("a player line of {} characters, the name from column {}",
                                 self.width, self.starts[1] + 1))
        repaired = self._repaired(line)
        return tuple(repaired[p] if p >= 0 else "" for p in self.picks)

    def _repaired(self, line: str) -> list[str]:
        """Every field's text, with the overflow rule of the module docstring applied."""
        size = len(line)
        excess = max(0, size - self.width)
        starts = self.starts
        texts: list[str] = []
        shift = 0
        pos = starts[0]
        for i in range(len(starts)):
            if i + 1 == len(starts):
                texts.append(line[pos:].strip())
                break
            end = starts[i + 1] + shift
            if pos >= end:  # an earlier field's continuation covered this whole slot
                texts.append("")
                continue
            if end < size and line[end - 1] != " " and line[end] != " ":
                run_end = _RUN.match(line, end).end()  # type: ignore[union-attr]
                if excess:
                    take = min(run_end - end, excess)
                    excess -= take
                    shift += take
                    run_end = end + take
                texts.append(line[pos:run_end].strip())
                pos = run_end
            else:
                texts.append(line[pos:end].strip())
                pos = end
        return texts


def _header_fields(word: str, start: int) -> list[tuple[str, str, int]]:
    """The field(s) a header word starts (key, word as written, column): a known word, a
    month, or two run together."""
    known = _header_key(word.lower())
    if known is not None:
        return [(known, word, start)]
    # Only cuts that leave both halves short enough to be known words are tried.
    for cut in range(max(1, len(word) - _LONGEST_WORD), min(len(word), _LONGEST_WORD + 1)):
        left, right = _header_key(word[:cut].lower()), _header_key(word[cut:].lower())
        if left is not None and right is not None:
            return [(left, word[:cut], start), (right, word[cut:], start + cut)]
    return [("?" + word.lower(), word, start)]  # a column this reader does not use: a boundary


def _header_key(word: str) -> str | None:
    if word in _HEADER_WORDS:
        return _HEADER_WORDS[word]
    return "rating" if _MONTH.match(word) else None
