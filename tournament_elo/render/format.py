"""How every value is written, in every output: points as chess writes them (``3½``),
rating changes signed with the decimals they have, ratings as the system keeps them.

:data:`STYLES` names the ways a rating system's figures can be written
(:class:`~tournament_elo.systems.terms.Figure.style`); each writes a column's distinct
values at once (with the fields of their records it reads, :data:`READS`), in the
:class:`Writing` of the report (language, decimals, titles).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a FIDE event's report never imports the per-game definitions
    from ..systems.per_game.definition import Title

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
    if type(value) is float:  # the most common case, at once
        return value != value
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
    """A point of the rating chart, to hundredths, six significant digits at most:
    ``2150``, ``2151.6``, ``737.3``, ``12345.7``, ``123457`` (``0``, never ``-0``)."""
    if abs(value) < 1e4:  # at most six digits: the hundredths without trailing zeros
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    # + 0.0: a negative zero is a zero
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


#: A style writes a column's distinct values at once: each a value alone, or, for a
#: style that reads fields of its record beside the value (:data:`READS`), a tuple of
#: the value and those fields, in that order.
Style = Callable[[Sequence[Any], Writing], list[str]]

#: The fields of its record that a style reads beside the value (a style not named here
#: reads none): equal values with equal fields, one text.
READS: dict[str, tuple[str, ...]] = {
    "score": ("result",), "relative_difference": ("opponent_higher",),
    "rating_move": ("new_rating",), "change_sum": ("games_rated",),
}


def _each(write: Callable[[Any], str]) -> Style:
    """The style of a rule that writes a value alone."""
    return lambda values, how: list(map(write, values))


#: How a figure can be written (:attr:`Figure.style`).
STYLES: dict[str, Style] = {
    "int": _each(fmt_int),
    "points": _each(fmt_points),
    "change": _each(fmt_change),
    "signed": _each(fmt_signed),
    "expected": _each(fmt_expected),
    "expected3": lambda values, how: [fmt_expected(v, 3) for v in values],
    "rating": lambda values, how: [fmt_rating(v, how.decimals) for v in values],
    "rating_change": lambda values, how: [fmt_rating_change(v, how.decimals) for v in values],
    "bonus": _each(fmt_bonus),
    "factor": _each(fmt_factor),
    "code": lambda values, how: ["" if missing(v) else str(v or "") for v in values],
    "text": _each(fmt_text),
    "title_name": lambda values, how: list(map(how.title_text, values)),
    # A round not played yet scores nothing yet.
    "score": lambda keys, how: ["" if result == " " else fmt_points(v) for v, result in keys],
    # The difference looked up, negative when the opponent is the higher-rated.
    "relative_difference": lambda keys, how: [
        "" if missing(v) else fmt_signed(-v if higher else v) for v, higher in keys],
    "start": lambda values, how: [how.words[how.start_missing] if missing(v) else fmt_int(v)
                                  for v in values],
    "rating_move": lambda keys, how: [
        f"{fmt_rating(v, how.decimals)} → {fmt_rating(new, how.decimals)}" for v, new in keys],
    "game_change": lambda values, how: [
        "" if missing(v) else "0.00" if v == 0 else f"{v:+.2f}" for v in values],
    "change_sum": lambda keys, how: [
        "" if missing(v) or not games else f"{v:+.2f}" for v, games in keys],
}


def finite(value: Any) -> Any:
    """A float that JSON and spreadsheets can hold: NaN and infinities become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
