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

**Linear in the file.**  A header line is at most :data:`WIDEST_HEADER` characters (every
line is cut to the header's width, so a wider one is refused first), a header word is
split in two only where both halves can be known words, and a long line is looked at
from its start only when the code page is chosen.
"""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass, fields
from operator import itemgetter

from ..errors import InputError, Place, Problems
from ..model import ListEntry
from . import values
from .text import Readable, Source, decode, open_input, read_bytes

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
#: The fields an entry is made of, in the order :meth:`_Layout.cells` returns them.
_READ = ("id", "name", "federation", "sex", "title", "women_title", "other_titles",
         "foa_title", "rating", "games", "k", "birth", "flag")
_EXPECTED_HEADER = (
    "a FIDE rating list header: 'ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK "
    "RRtng RGm Rk BRtng BGm BK B-day Flag' (or a per-speed list with a month column such "
    "as 'NOV24 Gms K')"
)
_SPEED_HEADER = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}
_SEX = {"M": "m", "F": "w", "W": "w", "m": "m", "f": "w", "w": "w"}
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


#: Every field of an entry, which :func:`_entry` is given all of.
_ENTRY_FIELDS = frozenset(f.name for f in fields(FideListEntry))
_new = object.__new__
_set = object.__setattr__


def _entry(values: dict[str, object]) -> FideListEntry:
    """A :class:`FideListEntry` from a value for every field, made four times faster than
    by the frozen dataclass's ``__init__`` (one ``object.__setattr__`` per field), which
    counts for a million lines.  The result is equal to ``FideListEntry(**values)``."""
    entry = _new(FideListEntry)
    _set(entry, "__dict__", values)
    return entry


def is_fide_list(path: Readable) -> bool:
    """Whether the file's first line is a FIDE list header (``ID Number …``/``ID_Number …``).

    Only the start of the file is read, so a 200 MB list is recognised at once; a file that
    cannot be read, is no regular file or is too large is an :class:`InputError`.
    """
    if isinstance(path, Source):
        head = path.data[:4096]
    else:
        with open_input(path) as stream:
            try:
                head = stream.read(4096)
            except OSError:
                return False  # the reader that takes the file then says why
    for raw in head.removeprefix(b"\xef\xbb\xbf").splitlines():
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
) -> list[ListEntry]:
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
    lines = _lines(path, encoding)
    header_at = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_at is None:
        raise InputError("the file is empty", Place(source), expected="a FIDE rating list")
    layout = _Layout.from_header(lines[header_at], speed, Place(source, line=header_at + 1))
    entries: list[ListEntry] = []
    problems = Problems()
    append = entries.append
    width, fits, cut, strip = layout.width, layout.fits, layout.cut, str.strip
    shortest = layout.starts[1]  # a line must reach the name column
    collecting = gc.isenabled()
    gc.disable()  # a million new objects and no cycles: the collector would only cost time
    try:
        for index in range(header_at + 1, len(lines)):
            line = lines[index]
            if not line or line.isspace():
                continue
            try:  # a bad line is recorded, and the lines after it are still read
                if shortest < len(line) <= width and fits(line.ljust(width)):  # the usual line
                    (fide_id, name, federation, sex, title, women_title, other_titles, foa_title,
                     rating, games, k, birth, flag) = map(strip, cut(line))
                else:  # too short, or text crossing into the next field: see the docstring
                    (fide_id, name, federation, sex, title, women_title, other_titles, foa_title,
                     rating, games, k, birth, flag) = layout.cells(line, source, index + 1)
                place = Place(source, line=index + 1)
                if not (fide_id.isdigit() and fide_id.isascii()):
                    raise InputError("the FIDE id is not a number", place,
                                     found=values.shown(fide_id),
                                     expected="the digits of a FIDE id")
                list_k = values.k_factor(k, place, "K") or None
                append(_entry({
                    "place": place,
                    "id": None,
                    "fide_id": fide_id,
                    "name": name or None,
                    "rating": values.rating(rating, place) or 0,
                    "games": None,  # SGm counts the last period only: see the module docstring
                    "birth": None,  # the list gives the year only
                    "birth_year": values.birth(birth, place, "birth year")[1],
                    "ever_2400": None,  # needs the player's history, not one list
                    "k": list_k if use_list_k else None,
                    "federation": federation or None,
                    "sex": _SEX.get(sex, sex or None),
                    "title": title or None,
                    "women_title": women_title or None,
                    "other_titles": other_titles or None,
                    "foa_title": foa_title or None,
                    "flag": flag or None,
                    "period_games": values.game_count(games, place),
                    "list_k": list_k,
                }))
            except InputError as error:
                problems.add(error)
    finally:
        if collecting:
            gc.enable()
    problems.raise_any()
    return entries


def _lines(path: Readable, encoding: str | None) -> list[str]:
    """The file's lines without their line ends, trailing blanks kept (they carry width)."""
    data = read_bytes(path)
    source = str(path)
    if encoding is None and not data.isascii():
        try:
            data.decode("utf-8-sig")
            encoding = "utf-8-sig"  # decoded once more below, without a BOM
        except UnicodeDecodeError:
            # Detect the code page from the lines that need one: detecting on all of a
            # 200 MB list would take minutes.  ``^`` keeps the search linear: each line
            # is looked at from its start only.
            sample = b"\n".join(m.group() for _, m in zip(
                range(2000), re.finditer(rb"^[^\n]*[\x80-\xff][^\n]*", data, re.MULTILINE),
                strict=False))
            encoding = decode(sample, source)[1]
    text = decode(data, source, encoding)[0].removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


class _Layout:
    """Where each field of a list is, from its header line, and how to cut a line."""

    def __init__(self, keys: tuple[str, ...], starts: tuple[int, ...], width: int,
                 picks: tuple[int, ...]) -> None:
        self.keys = keys  # every header field, left to right
        self.starts = starts  # the column each starts at
        self.width = width  # the header's length: a normal line's width
        self.picks = picks  # for each of _READ, its index in keys (-1: not in this list)
        ends = (*starts[1:], None)
        every = [slice(s, e) for s, e in zip(starts, ends, strict=True)]
        #: The fields of _READ cut from a line in one call (a field not in the list: "").
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
        columns: list[tuple[str, int]] = []
        i = 0
        while i < len(words):
            word, start = words[i]
            lower = word.lower()
            if lower == "id" and i + 1 < len(words) and words[i + 1][0].lower() == "number":
                columns.append(("id", start))
                i += 2
                continue
            columns.extend(_header_fields(lower, start))
            i += 1
        keys = tuple(k for k, _ in columns)
        single = "rating" in keys  # a per-speed list
        if len(keys) < 3 or keys[0] != "id" or "name" not in keys or not (
                single or any(k.endswith("_rating") for k in keys)):
            raise InputError("this is not a FIDE rating list header", place,
                             found=values.shown(header), expected=_EXPECTED_HEADER)
        if len(header) > WIDEST_HEADER:
            raise InputError("the FIDE list header is too wide", place,
                             found=f"{len(header):,} characters",
                             expected=f"at most {WIDEST_HEADER:,} (FIDE's combined list's "
                             "header is 162)")
        prefix = "" if single else f"{speed}_"
        if f"{prefix}rating" not in keys:
            raise InputError(f"the FIDE list has no {speed} rating column", place,
                             found=" ".join(w for w, _ in words),
                             expected=f"the column {_SPEED_HEADER[speed]}")
        wanted = [f"{prefix}{name}" if name in ("rating", "games", "k") else name
                  for name in _READ]
        picks = tuple(keys.index(name) if name in keys else -1 for name in wanted)
        return cls(keys, tuple(s for _, s in columns), len(header), picks)

    def cells(self, line: str, source: str, number: int) -> tuple[str, ...]:
        """The text of each field in :data:`_READ` order, blanks stripped."""
        size = len(line)
        if size <= self.starts[1]:
            raise InputError(
                "the line is too short: it ends within the ID column", Place(source, line=number),
                found=f"{size} characters ({line.strip()!r})",
                expected=f"a player line of {self.width} characters, the name from column "
                f"{self.starts[1] + 1}")
        if size <= self.width and self.fits(line.ljust(self.width)):
            return tuple(map(str.strip, self.cut(line)))
        values = self._repaired(line)
        return tuple(values[p] if p >= 0 else "" for p in self.picks)

    def _repaired(self, line: str) -> list[str]:
        """Every field's text, with the overflow rule of the module docstring applied."""
        size = len(line)
        excess = max(0, size - self.width)
        starts = self.starts
        values: list[str] = []
        shift = 0
        pos = starts[0]
        for i in range(len(starts)):
            if i + 1 == len(starts):
                values.append(line[pos:].strip())
                break
            end = starts[i + 1] + shift
            if pos >= end:  # an earlier field's continuation covered this whole slot
                values.append("")
                continue
            if end < size and line[end - 1] != " " and line[end] != " ":
                run_end = _RUN.match(line, end).end()  # type: ignore[union-attr]
                if excess:
                    take = min(run_end - end, excess)
                    excess -= take
                    shift += take
                    run_end = end + take
                values.append(line[pos:run_end].strip())
                pos = run_end
            else:
                values.append(line[pos:end].strip())
                pos = end
        return values


def _header_fields(word: str, start: int) -> list[tuple[str, int]]:
    """The field(s) a header word starts: a known word, a month, or two run together."""
    known = _header_key(word)
    if known is not None:
        return [(known, start)]
    # Only cuts that leave both halves short enough to be known words are tried.
    for cut in range(max(1, len(word) - _LONGEST_WORD), min(len(word), _LONGEST_WORD + 1)):
        left, right = _header_key(word[:cut]), _header_key(word[cut:])
        if left is not None and right is not None:
            return [(left, start), (right, start + cut)]
    return [("?" + word, start)]  # a column this reader does not use: still a boundary


def _header_key(word: str) -> str | None:
    if word in _HEADER_WORDS:
        return _HEADER_WORDS[word]
    return "rating" if _MONTH.match(word) else None
