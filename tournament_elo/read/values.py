"""The bounds of sane values, and the one reading of a number, points or a birth that every
reader shares: a rating, a count or a year means the same and is refused the same way
whichever file it comes from (TRF, sheet, rating list, FIDE list, crosstable, PGN).

Each reading takes the text of one field and the :class:`~tournament_elo.errors.Place` it
came from; blank is ``None``, anything else that is not a sane value is an
:class:`~tournament_elo.errors.InputError` at that place, naming what was found (shortened
when long) and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Generic, TypeVar

from ..errors import InputError, InputWarning, Place
from ..i18n.message import message
from .headers import fold

T = TypeVar("T")

#: The highest rating a file may give: FIDE's best are near 2900, the per-game systems'
#: top bands start at 3300.
MAX_RATING = 4000
#: The most rated games a career may count: far above anyone's, far below int64.
MAX_GAMES = 1_000_000
#: The largest K a list or sheet may give (FIDE's largest is 40, the per-game systems' 36).
MAX_K = 100
#: The most points one player may declare: a game log of one player a day for 270 years.
MAX_POINTS = 100_000
#: The most rounds an event may have (a game log's rounds are its games: not bounded here).
MAX_ROUND = 999
#: The largest starting number or rank: what TRF's four columns hold.
MAX_START_NUMBER = 9999
#: The longest thinking time per side, in minutes: a day.
MAX_MINUTES = 1440
#: The earliest birth year: the oldest players of historical events were born after 1800.
MIN_BIRTH_YEAR = 1800
#: A whole number of more digits is no rating, count or number in a list: 18 digits fit
#: numpy's int64, and Python's int() is never asked to convert thousands of digits.
MAX_DIGITS = 18
#: The year this module was loaded in: a birth up to it needs no look at the clock.
LOADED_IN = date.today().year
#: How much of a long value a message shows.
SHOWN = 40

#: A whole number as sheets write it: ``12``, and ``12.0`` from a number cell.
WHOLE = re.compile(r"^(\d+)(?:\.0*)?$")
_POINTS = re.compile(r"^\d+(?:\.\d*)?$|^\.\d+$")
#: Birth spellings: a year, a date year first (``1987/05/12``, ``1987/00/00``: the year
#: only) or day first (``12.05.1987``), spaces allowed (``28. 07. 2005``).
_YEAR_FIRST = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2}))?$")
_DAY_FIRST = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$")
#: A birth written as zeros (``0``, ``0000/00/00``) or separators only: unknown.
_UNKNOWN_BIRTH = re.compile(r"^[0./-]*$")
#: The usual spelling, TRF's ``1987/05/12``: read without the general patterns.
_PLAIN_DATE = re.compile(r"(\d{4})/(\d\d)/(\d\d)\Z", re.ASCII)


def shown(text: str) -> str:
    """``text`` quoted for a message, its start only when it is long."""
    if len(text) <= SHOWN:
        return repr(text)
    return message("{}… ({} characters)", repr(text[:SHOWN]), f"{len(text):,}")


def whole_number(text: str) -> int | None:
    """The value of a whole-number text (``12``, ``12.0``) of at most :data:`MAX_DIGITS`
    digits (leading zeros aside), else ``None``."""
    match = WHOLE.match(text)
    if match is None:
        return None
    digits = match.group(1).lstrip("0")
    return int(digits or "0") if len(digits) <= MAX_DIGITS else None


def whole(text: str, place: Place, what: str, high: int, low: int = 0) -> int | None:
    """A whole number from ``low`` to ``high``; blank is ``None``, anything else an error."""
    text = text.strip()
    if text.isdecimal() and len(text) <= MAX_DIGITS:  # the usual field, quickly
        number: int | None = int(text)
    else:
        if not text:
            return None
        number = whole_number(text)
    if number is None or not low <= number <= high:
        raise InputError(message("unreadable {}", what), place, found=shown(text),
                         expected=message("a whole number from {} to {}", low, high))
    return number


#: A rating with the decimals a per-game system keeps (Cờ Đông Sơn prints ``1975.2``).
DECIMAL_RATING = re.compile(r"^(\d{1,4})[.,](\d{1,2})$")


def rating(text: str, place: Place, what: str = "rating") -> float | None:
    """A rating from 0 (unrated) to :data:`MAX_RATING`: a whole number, or one with up
    to two decimals as a per-game system keeps it (whether the event's system keeps
    them is for the rating to say: :func:`~tournament_elo.rating.engine.rate`)."""
    match = None if text.strip().isdecimal() else DECIMAL_RATING.match(text.strip())
    if match is not None and match.group(2).strip("0"):
        value = float(f"{match.group(1)}.{match.group(2)}")
        if value <= MAX_RATING:
            return value
        raise InputError(message("unreadable {}", what), place, found=shown(text),
                         expected=message("a rating from 0 to {}", MAX_RATING))
    return whole(text, place, what, MAX_RATING)


def game_count(text: str, place: Place, what: str = "number of games") -> int | None:
    """A number of rated games, from 0 to :data:`MAX_GAMES`."""
    return whole(text, place, what, MAX_GAMES)


def k_factor(text: str, place: Place, what: str = "K factor") -> int | None:
    """A K factor from 0 (none given) to :data:`MAX_K`."""
    return whole(text, place, what, MAX_K)


def points(text: str, place: Place, what: str = "points") -> int | None:
    """Points in hundredths, from 0 to :data:`MAX_POINTS`: ``4.5``, ``4,5``, ``4½``, ``½``;
    blank is ``None``."""
    text = text.strip()
    if not text:
        return None
    spelled = text.replace("½", ".5").replace(",", ".")
    value = float(spelled) if _POINTS.match(spelled) and len(spelled) <= MAX_DIGITS else -1.0
    if not 0 <= value <= MAX_POINTS:
        raise InputError(message("unreadable {}", what), place, found=shown(text),
                         expected=message("points such as 4.5 or 4,5, from 0 to {}",
                                          f"{MAX_POINTS:,}"))
    return round(value * 100)


def birth(
    text: str, place: Place, what: str = "birth date",
    unknown_spellings: list[InputWarning] | None = None,
) -> tuple[date | None, int | None]:
    """A birth: ``(date, year)``, ``(None, year)`` when only the year is known, or
    ``(None, None)`` when blank or zero; the year from :data:`MIN_BIRTH_YEAR` to this year.

    TRF files from the field spell births in ways the format does not define (JaVaFo's
    manual has ``120242``): given ``unknown_spellings``, such a birth is read as unknown
    and a warning added there.  A year out of range is refused whatever the file."""
    if len(text) == 4 and text.isdecimal() and text != "0000":  # a list's year, quickly
        year, month, day = int(text), 0, 0
    elif (plain := _PLAIN_DATE.match(text)) and plain[1] != "0000":  # a TRF's, quickly
        year, month, day = int(plain[1]), int(plain[2]), int(plain[3])
    else:
        compact = re.sub(r"\s+", "", text)
        if _UNKNOWN_BIRTH.match(compact):
            return None, None
        if match := _YEAR_FIRST.match(compact):
            year, month, day = (int(g or 0) for g in match.groups())
        elif match := _DAY_FIRST.match(compact):
            day, month, year = (int(g) for g in match.groups())
        elif unknown_spellings is not None:
            unknown_spellings.append(InputWarning(
                place, message("{} {} is not a date or a year: read as unknown", what,
                               shown(text.strip()))))
            return None, None
        else:
            raise InputError(message("unreadable {}", what), place, found=shown(text),
                             expected="a year such as 1987, or a date such as 1987/05/12 or "
                             "12.05.1987 (0 or blank when unknown)")
    if year < MIN_BIRTH_YEAR or (year > LOADED_IN and year > date.today().year):
        raise InputError(message("unreadable {}", what), place, found=shown(text),
                         expected=message("a year from {} to {}", MIN_BIRTH_YEAR,
                                          date.today().year))
    if not (month and day):
        return None, year
    try:
        return date(year, month, day), year
    except ValueError:
        raise InputError(message("unreadable {}", what), place, found=shown(text),
                         expected="a real date, or the year alone (1987/00/00)") from None


#: A player's sex as the readers keep it: ``m``, or ``w`` for a woman or a girl (FIDE's
#: lists write ``F``), from the folded spellings of English and Vietnamese.
SEXES = {"m": "m", "male": "m", "man": "m", "nam": "m",
         "w": "w", "f": "w", "female": "w", "woman": "w", "nu": "w"}


def sex(text: str, place: Place) -> str | None:
    """A sex (:data:`SEXES`): ``m``, ``w`` or ``None`` when blank."""
    folded = fold(text)
    if not folded:
        return None
    if folded not in SEXES:
        raise InputError("unreadable sex", place, found=shown(text),
                         expected="m for a man or a boy, f or w for a woman or a girl "
                         "(nam, nữ)")
    return SEXES[folded]


class Distinct(Generic[T]):
    """One field of a long list read by its rule once per distinct text: a list's
    ratings, births, K factors and federations repeat (FIDE's 1.2 million lines spell
    about 2,500 ratings), and a text reads the same on every line that has it.

    ``rule`` reads a text, cleaned by ``clean``, at the :class:`Place` that ``place``
    makes of a line or row number (made only when a text is read for the first time).
    A text the rule refuses is not kept: every line that has it is refused at its own
    place.
    """

    def __init__(self, rule: Callable[[str, Place], T], place: Callable[[int], Place],
                 clean: Callable[[str], str] = str.strip) -> None:
        self._rule = rule
        self._place = place
        self._clean = clean
        self._known: dict[str, T] = {}

    def column(self, texts: Iterable[str], numbers: Iterable[int],
               refused: list[tuple[int, InputError]]) -> list[T | None]:
        """The value of each text (of the line numbered alike), ``None`` where the rule
        refuses it; each refusal is added to ``refused`` with its number."""
        known = self._known
        return [known[text] if text in known else self._first(text, number, refused)
                for text, number in zip(texts, numbers, strict=True)]

    def _first(self, text: str, number: int,
               refused: list[tuple[int, InputError]]) -> T | None:
        try:
            value = self._rule(self._clean(text), self._place(number))
        except InputError as error:
            refused.append((number, error))
            return None
        self._known[text] = value
        return value
