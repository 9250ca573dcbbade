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
from collections.abc import Iterator
from datetime import date
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
    rows = _rows(table, notes)
    words = [word or month_word(day) for word, _ in TXT_COLUMNS]
    widths = []
    for i, ((_, fide_width), word) in enumerate(zip(TXT_COLUMNS, words, strict=True)):
        # A blank after every word and value but the last keeps the columns apart.
        gap = i < len(words) - 1
        width = max(fide_width, len(word) + gap, *(len(row[i]) + gap for row in rows))
        if width > fide_width and notes is not None:
            notes.append(message(
                "the {} column is {} characters wide, not FIDE's {}, to hold {}: a program "
                "with FIDE's columns built in would misread the file", word, width,
                fide_width, repr(max((row[i] for row in rows), key=len))))
        widths.append(width)
    lines = ["".join(word.ljust(width) for word, width in zip(words, widths, strict=True))
             .rstrip()]
    lines += ("".join(text.ljust(width) for text, width in zip(row, widths, strict=True))
              for row in rows)
    return ("\r\n".join(lines) + "\r\n").encode()


def fide_xml(table: pd.DataFrame, notes: list[str] | None = None) -> bytes:
    """The list ``table`` as FIDE's XML list (``notes`` as :func:`fide_txt`'s)."""
    parts = ["<playerslist>"]
    for row in _rows(table, notes):
        parts.append("<player>")
        parts += (f"<{element}>{escape(text)}</{element}>"
                  for element, text in zip(XML_ELEMENTS, row, strict=True))
        parts.append("</player>")
    parts.append("</playerslist>")
    return ("\n".join(parts) + "\n").encode()


def _rows(table: pd.DataFrame, notes: list[str] | None) -> list[tuple[str, ...]]:
    """Each listed player's fields as text, in :data:`_FIELDS` order; the players without
    FIDE id left out (a note says how many), a value neither format can hold refused."""
    problems = Problems()
    rows = []
    left_out = 0
    names = [field for field in _FIELDS if field is not None]
    for values in zip(*(table[name].tolist() for name in names), strict=True):
        fields = dict(zip(names, values, strict=True))
        if _blank(fields["fide_id"]):
            left_out += 1
            continue
        with problems.collect():
            rows.append(tuple(_texts(fields)))
    problems.raise_any()
    if left_out and notes is not None:
        notes.append(message("{} players have no FIDE id: they are not in the FIDE list "
                             "(--format csv lists them)", left_out))
    return rows


def _texts(fields: dict[str, object]) -> Iterator[str]:
    # The player as a problem names him: a control character in his name shown escaped.
    who = _CONTROL.sub(lambda found: repr(found.group())[1:-1],
                       f"{fields['name']} ({fields['fide_id']})")
    fide_id = str(fields["fide_id"])
    if not (fide_id.isdigit() and fide_id.isascii()):
        raise InputError("the FIDE id is not a number", Place(who, column="fide_id"),
                         found=repr(fide_id), expected="the digits of a FIDE id")
    for field in _FIELDS:
        value = None if field is None else fields[field]
        if _blank(value):
            yield ""
        elif field == "sex":
            yield _SEX.get(str(value), str(value))
        elif isinstance(value, str):
            if _CONTROL.search(value):
                raise InputError("a FIDE list cannot hold this text", Place(who, column=field),
                                 found=repr(value), expected="text without line breaks, "
                                 "tabs or control characters")
            yield value if value.isascii() else unicodedata.normalize("NFC", value)
        elif float(value) % 1:  # type: ignore[arg-type]
            raise InputError(
                "FIDE's list formats hold whole ratings", Place(who, column=field),
                found=str(value), expected="a whole number (--format csv, json or xlsx "
                "keep the decimals)")
        else:
            yield str(int(value))  # type: ignore[call-overload]


def _blank(value: object) -> bool:
    """No value: none, a missing number, or a text of blanks."""
    return (value is None or value is pd.NA or (isinstance(value, float) and value != value)
            or (isinstance(value, str) and not value.strip()))
