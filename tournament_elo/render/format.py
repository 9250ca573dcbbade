"""How every value is written, in every output: points as chess writes them (``3½``),
rating changes signed with the decimals they have, ratings as the system keeps them.

:data:`STYLES` names the ways a rating system's figures can be written
(:class:`~tournament_elo.systems.terms.Figure.style`); each takes the value, the record
it belongs to and the :class:`Writing` of the report (language, decimals, titles).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a FIDE event's report never imports the per-game definitions
    from ..systems.per_game.definition import Title

Row = dict[str, Any]

#: TRF title codes as titles are written.
TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
          "wc": "WCM"}
#: Crosstable mark of each TRF result code (W/D/L: a game of less than one move).
MARKS = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "-",
         "H": "½", "F": "1", "U": "1", "Z": "0", " ": ""}
#: Label key describing a result that is not an ordinary game.
KINDS = {"+": "forfeit_win", "-": "forfeit_loss", "W": "short_game", "D": "short_game",
         "L": "short_game", "H": "half_bye", "F": "full_bye", "U": "pairing_bye",
         "Z": "zero_bye"}


def missing(value: Any) -> bool:
    """None, NaN or pandas' NA."""
    if value is None:
        return True
    try:
        return bool(value != value)
    except TypeError:  # pandas' NA compares to NA, and its truth is ambiguous
        return True


def fmt_int(value: Any) -> str:
    return "" if missing(value) else str(int(value))


def fmt_points(value: Any) -> str:
    """Points as chess writes them: ``4``, ``3½``, ``½``."""
    if missing(value):
        return ""
    whole, half = divmod(round(value * 2), 2)
    if whole * 2 + half != value * 2:
        return f"{value:g}"
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def fmt_change(value: Any) -> str:
    """A rating change, signed, with the one or two decimals it has: ``+7.0``, ``-10.65``."""
    if missing(value):
        return ""
    if value == 0:
        return "0.0"
    text = f"{value:+.2f}"
    return text[:-1] if text.endswith("0") else text


def fmt_signed(value: Any) -> str:
    if missing(value):
        return ""
    return f"{int(value):+d}" if value else "0"


def fmt_expected(value: Any, digits: int = 2) -> str:
    return "" if missing(value) else f"{value:.{digits}f}"


def fmt_date(value: date | None, pattern: str) -> str:
    return "" if value is None else value.strftime(pattern)


def fmt_rating(value: Any, decimals: int) -> str:
    """A rating as the system keeps it: ``1621``, ``737.3``."""
    return "" if missing(value) else f"{value:.{decimals}f}"


def fmt_rating_change(value: Any, decimals: int) -> str:
    """A rating's move, signed, as the system keeps ratings: ``-13``, ``+58.7``, ``0``."""
    if missing(value):
        return ""
    return f"{value:+.{decimals}f}" if round(value, decimals) else "0"


def fmt_bonus(value: Any) -> str:
    """R as the rules write it: ``+0.7``, ``-1``, ``0``."""
    return "" if missing(value) else f"{value:+g}" if value else "0"


def fmt_factor(value: Any) -> str:
    """L as the rules write it: ``1``, ``1.2``, ``2``."""
    return "" if missing(value) else f"{value:g}"


def fmt_tiebreak(value: Any, places: int | None = None) -> str:
    """A tie-break value with the decimals it is published with (``12.0``, ``9.25``,
    ``13.40``, ``1650``: :func:`tournament_elo.rating.c07.tiebreaks.decimals`), or as short as it
    goes without ``places`` (``12``, ``9.5``); an undefined one is empty."""
    if missing(value):
        return ""
    return f"{value:g}" if places is None else f"{value:.{places}f}"


def fmt_list_rating(value: Any) -> str:
    """A rating as a list shows it: ``2150``, a per-game system's ``1523.4``; empty when
    unrated (0)."""
    if missing(value) or not value:
        return ""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.1f}"


def fmt_list_change(value: Any) -> str:
    """A list's change, signed: ``+7``, ``-3.5``."""
    if missing(value):
        return ""
    number = float(value)
    text = str(int(number)) if number.is_integer() else f"{number:.1f}"
    return text if number < 0 else f"+{text}"


def fmt_text(value: Any) -> str:
    """A cell's text: empty for None or NaN, ``3`` for ``3.0``."""
    if missing(value):
        return ""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def fmt_chart_rating(value: float) -> str:
    """A point of the rating chart: ``2150``, ``2151.6``, ``737.3`` (``0``, never ``-0``:
    ``+ 0.0`` makes a negative zero a zero)."""
    return f"{round(value, 2) + 0.0:g}" if abs(value) < 1e5 else str(round(value))


def title_of(code: Any) -> str:
    """A FIDE title as written: ``GM`` for TRF's ``g``."""
    return "" if not code else TITLES.get(str(code).lower(), str(code))


def crosstable_cell(result: str, opponent: int | str | None, color: str | None) -> str:
    """One round of a player in the crosstable: ``12w1``, ``5b½``, ``3b+``, ``-½``, ``12w``.

    ``result`` is the TRF result code (``' '``: paired, no result yet); a round
    without opponent (a bye) shows ``-`` and its points.
    """
    if result == " " and opponent is None:
        return ""
    who = "" if opponent is None else str(opponent)
    return f"{who}{color or '-'}{MARKS[result]}"


@dataclass(frozen=True)
class Writing:
    """What writing a report's values depends on: its words and the system's numbers."""

    words: Mapping[str, str]
    decimals: int = 0
    titles: Mapping[str, Title] = field(default_factory=dict)
    #: The fixed-rated opponents: id (as text) → the system's name for it ("" for none).
    fixed: Mapping[str, str] = field(default_factory=dict)
    start_missing: str = "unrated"
    #: The columns written so far (:func:`~.view.text_codes`): the crosstable, the rating
    #: report and the players' sections write many of the same figures of the same
    #: players.  By what the texts follow from (the figure's key, style and ``only``)
    #: and the records' list, which the entry holds (so that no other list can take its
    #: id); the records are read, never changed, once made.
    written: dict[tuple[str, str, str | None, int],
                  tuple[object, tuple[list[str], list[int]]]] = field(
        default_factory=dict, compare=False, repr=False)

    def title_text(self, code: Any) -> str:
        """A title with its name: ``T2 – Tiên phong Kỳ thủ – Vanguard``."""
        if not code:
            return ""
        title = self.titles.get(code)
        if title is None:
            return str(code)
        text = " – ".join(part for part in (title.code, title.name) if part)
        return f"{text} ({title.note})" if title.note else text


Style = Callable[[Any, Row, Writing], str]


def _score(value: Any, record: Row, how: Writing) -> str:
    return "" if record.get("result") == " " else fmt_points(value)


def _relative_difference(value: Any, record: Row, how: Writing) -> str:
    """The difference looked up, negative when the opponent is the higher-rated
    (``opponent_higher``: :data:`~.view.DERIVED`)."""
    if missing(value):
        return ""
    return fmt_signed(-value if record.get("opponent_higher") else value)


def _start(value: Any, record: Row, how: Writing) -> str:
    return fmt_int(value) if not missing(value) else how.words[how.start_missing]


def _rating_move(value: Any, record: Row, how: Writing) -> str:
    before = fmt_rating(value, how.decimals)
    return f"{before} → {fmt_rating(record.get('new_rating'), how.decimals)}"


def _game_change(value: Any, record: Row, how: Writing) -> str:
    return "" if missing(value) else "0.00" if value == 0 else f"{value:+.2f}"


def _change_sum(value: Any, record: Row, how: Writing) -> str:
    return "" if missing(value) or not record.get("games_rated") else f"{value:+.2f}"


#: How a figure can be written (:attr:`Figure.style`).
STYLES: dict[str, Style] = {
    "int": lambda v, r, h: fmt_int(v),
    "points": lambda v, r, h: fmt_points(v),
    "change": lambda v, r, h: fmt_change(v),
    "signed": lambda v, r, h: fmt_signed(v),
    "expected": lambda v, r, h: fmt_expected(v),
    "expected3": lambda v, r, h: fmt_expected(v, 3),
    "rating": lambda v, r, h: fmt_rating(v, h.decimals),
    "rating_change": lambda v, r, h: fmt_rating_change(v, h.decimals),
    "bonus": lambda v, r, h: fmt_bonus(v),
    "factor": lambda v, r, h: fmt_factor(v),
    "code": lambda v, r, h: "" if missing(v) else str(v or ""),
    "text": lambda v, r, h: fmt_text(v),
    "title_name": lambda v, r, h: h.title_text(v),
    "score": _score,
    "relative_difference": _relative_difference,
    "start": _start,
    "rating_move": _rating_move,
    "game_change": _game_change,
    "change_sum": _change_sum,
}


def finite(value: Any) -> Any:
    """A float that JSON and spreadsheets can hold: NaN and infinities become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
