"""FIDE's list formats written: the fixed-width TXT list and the XML list, laid out as
FIDE publishes its per-speed lists (``standard_rating_list.txt``, ``…_xml``), from the
database's list (:func:`~tournament_elo.db.fide_lists.fide_list`).  The readers
(:mod:`~tournament_elo.read.fidelist`, :mod:`~tournament_elo.read.fidelist_xml`) read
either back to the same list: every player's FIDE id, name, federation, sex, titles,
rating, games of the period, K, birth year and flag.

**TXT.**  One header line, then a line per player, each field at the column of its
header word, left-aligned and padded with blanks to the next one, at FIDE's widths: a
line of 136 characters, the ID from column 1, the name from 16, and from column 77 (the
rating column headed by the list's month)::

    Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag
    IRQ F   WFM  WFM                     1876  13  20 2001  w

Sex is ``M`` or ``F``; a value the database does not have is blank (a birth year too).
FIDE's files are ASCII with CRLF line ends and no byte order mark.  This one has the same
line ends, and is UTF-8 with the widths counted in characters (NFC): a Vietnamese name
keeps its letters (``Nguyễn Thị Thanh An`` has no Latin-1 or ASCII spelling short of
dropping its marks), an ASCII list is byte for byte what FIDE's layout gives, and the
project's reader decodes UTF-8 first.  A value too long for FIDE's column (a name past
60 characters, a federation spelled out) widens the column for the whole file, with a
note: the reader takes the columns from the header, so the file still reads back, but a
program with FIDE's columns built in would misread it.

**XML.**  ``<playerslist>`` with a ``<player>`` per player, its fields as elements in
FIDE's order (``fideid``, ``name``, ``country``, ``sex``, ``title``, ``w_title``,
``o_title``, ``foa_title``, ``rating``, ``games``, ``k``, ``birthday``, ``flag``), empty
where there is no value, ``&``, ``<`` and ``>`` escaped; UTF-8, and so, as in FIDE's
files, no XML declaration.

Both formats are lists of FIDE ids and whole ratings: a player without FIDE id is left
out (with a note); a FIDE id that is not a number, a rating with decimals (a per-game
system that keeps them) and a text holding a control character (a line break in a name)
are refused, every one of them named, as neither format can hold them.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Any
from xml.sax.saxutils import escape

import pandas as pd

from ..errors import InputError, Place, Problems
from ..i18n.message import message

#: FIDE's TXT columns: the header word (``None``: the list's month) and the width.
TXT_COLUMNS: tuple[tuple[str | None, int], ...] = (
    ("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5),
    ("OTit", 15), ("FOA", 4), (None, 6), ("Gms", 4), ("K", 3), ("B-day", 6), ("Flag", 4))
#: FIDE's XML elements, in its order.
XML_ELEMENTS = ("fideid", "name", "country", "sex", "title", "w_title", "o_title",
                "foa_title", "rating", "games", "k", "birthday", "flag")
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_SEX = {"m": "M", "w": "F"}
#: A character neither format can hold in a field: a line break, a tab, a control.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What XML escapes in a text.
_MARKUP = re.compile(r"[&<>]")
#: The texts a line's fields are made of, by :data:`TXT_COLUMNS` and
#: :data:`XML_ELEMENTS` alike (``OTit`` and ``FOA``: the database keeps none).
_FIELDS = ("fide_id", "name", "federation", "sex", "title", "women_title", None, None,
           "rating", "period_games", "k", "birth_year", "flag")


def month_word(day: date) -> str:
    """The header of a list's rating column: its month and year, ``JAN23``."""
    return f"{_MONTHS[day.month - 1]}{day.year % 100:02d}"


def fide_txt(table: pd.DataFrame, day: date, notes: list[str] | None = None) -> bytes:
    """The list ``table`` (:data:`~tournament_elo.db.fide_lists.FIDE_LIST_COLUMNS`) dated
    ``day`` as FIDE's TXT list; ``notes`` gets what the reader of the file should know
    (players left out, columns wider than FIDE's)."""
    columns = _columns(table, notes)
    words = [word or month_word(day) for word, _ in TXT_COLUMNS]
    padded = []
    for i, ((_, fide_width), word, texts) in enumerate(zip(TXT_COLUMNS, words, columns,
                                                           strict=True)):
        # A blank after every word and value but the last keeps the columns apart.
        gap = i < len(words) - 1
        longest = max(texts, key=len, default="")
        width = max(fide_width, len(word) + gap, len(longest) + gap)
        if width > fide_width and notes is not None:
            notes.append(message(
                "the {} column is {} characters wide, not FIDE's {}, to hold {}: a program "
                "with FIDE's columns built in would misread the file", word, width,
                fide_width, repr(longest)))
        padded.append([text.ljust(width) for text in [word, *texts]])
    lines = ["".join(line) for line in zip(*padded, strict=True)]
    lines[0] = lines[0].rstrip()
    return ("\r\n".join(lines) + "\r\n").encode()


#: A ``<player>`` of FIDE's XML list, its elements' texts to fill in.
_PLAYER = "".join(f"<{element}>{{}}</{element}>\n" for element in XML_ELEMENTS)


def fide_xml(table: pd.DataFrame, notes: list[str] | None = None) -> bytes:
    """The list ``table`` as FIDE's XML list (``notes`` as :func:`fide_txt`'s)."""
    columns = [[escape(text) if _MARKUP.search(text) else text for text in texts]
               for texts in _columns(table, notes)]
    players = "".join(f"<player>\n{_PLAYER.format(*row)}</player>\n"
                      for row in zip(*columns, strict=True))
    return f"<playerslist>\n{players}</playerslist>\n".encode()


def _columns(table: pd.DataFrame, notes: list[str] | None) -> list[list[str]]:
    """Each field's texts, one per listed player, in :data:`_FIELDS` order; the players
    without FIDE id left out (a note says how many), every value neither format can hold
    refused at once, by player and field.  A column's values are made text once per
    distinct value (a list of a million players spells a few thousand ratings)."""
    columns = {field: table[field].tolist() for field in _FIELDS if field is not None}
    kept = [i for i, fide_id in enumerate(columns["fide_id"]) if not _blank(fide_id)]
    refused: list[tuple[int, int, InputError]] = []
    texts = [[""] * len(kept) if field is None else
             _column(field, [columns[field][i] for i in kept], position, refused)
             for position, field in enumerate(_FIELDS)]
    problems = Problems()
    for row, _, error in sorted(refused, key=lambda found: found[:2]):
        # The player as a problem names him: a control character in his name escaped.
        who = _CONTROL.sub(lambda found: repr(found.group())[1:-1],
                           f"{columns['name'][kept[row]]} ({columns['fide_id'][kept[row]]})")
        problems.add(InputError(error.reason, Place(who, column=error.place.column),
                                found=error.found, expected=error.expected))
    problems.raise_any()
    left_out = len(columns["fide_id"]) - len(kept)
    if left_out and notes is not None:
        notes.append(message("{} players have no FIDE id: they are not in the FIDE list "
                             "(--format csv lists them)", left_out))
    return texts


def _column(field: str, values: list[Any], position: int,
            refused: list[tuple[int, int, InputError]]) -> list[str]:
    """The texts of one field's ``values``; a value refused is added to ``refused`` with
    its row and the field's ``position``."""
    known: dict[Any, str] = {}
    texts = []
    for row, value in enumerate(values):
        if _blank(value):
            texts.append("")
            continue
        text = known.get(value)
        if text is None:
            try:
                text = known[value] = _text(field, value)
            except InputError as error:
                refused.append((row, position, error))
                text = ""
        texts.append(text)
    return texts


def _text(field: str, value: object) -> str:
    """A field's value as FIDE's formats write it (an :class:`InputError` naming the
    field when they cannot)."""
    if field == "fide_id":
        fide_id = str(value)
        if not (fide_id.isdigit() and fide_id.isascii()):
            raise InputError("the FIDE id is not a number", Place(column=field),
                             found=repr(fide_id), expected="the digits of a FIDE id")
        return fide_id
    if field == "sex":
        return _SEX.get(str(value), str(value))
    if isinstance(value, str):
        if _CONTROL.search(value):
            raise InputError("a FIDE list cannot hold this text", Place(column=field),
                             found=repr(value), expected="text without line breaks, tabs or "
                             "control characters")
        return value if value.isascii() else unicodedata.normalize("NFC", value)
    if float(value) % 1:  # type: ignore[arg-type]
        raise InputError("FIDE's list formats hold whole ratings", Place(column=field),
                         found=str(value), expected="a whole number (--format csv, json or "
                         "xlsx keep the decimals)")
    return str(int(value))  # type: ignore[call-overload]


def _blank(value: object) -> bool:
    """No value: none, a missing number, or a text of blanks."""
    return (value is None or value is pd.NA or (isinstance(value, float) and value != value)
            or (isinstance(value, str) and not value.strip()))
