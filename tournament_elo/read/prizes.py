"""Prize tables (``rate --prizes FILE``): a TOML file, a CSV file, or the prize sheet of a
workbook (``prizes`` or ``Giải thưởng``: the event's own workbook may hold it), with
English or Vietnamese keys (:mod:`.prize_words`).

TOML::

    [[prize]]
    name = "1st"
    amount = 100
    place = 1

    [rules]
    sharing = "split"

A CSV file or a sheet: a header row naming the keys (``name, amount, place, age, …``),
one prize a row under it, and the rules above it as key/value rows (``sharing | split``).

Every problem of the table is reported in one run, at its line (a TOML key's, a CSV
record's) or cell; the table is checked whole as well: a list's places run 1, 2, 3 …, no
place twice, one way of sharing per list, amounts in whole units.  Whether the table fits
the event (the start numbers it names, the event's year for an age group) is for
:mod:`tournament_elo.rating.prizes` to say.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any, NamedTuple

from ..errors import InputError, Place, Problems
from ..i18n.message import N_, alternatives, message
from ..prize_table import (
    AgeGroup,
    Eligibility,
    Priority,
    Prize,
    PrizeRules,
    PrizeTable,
    Sharing,
)
from .headers import fold, in_vietnamese, near_miss
from .prize_words import (
    AGE_GROUPS_EXPECTED,
    NO,
    OLDEST_YOUTH,
    PRIORITY_WORDS,
    PRIZE_KEY_NAMES,
    PRIZE_KEYS,
    PRIZE_SHEETS,
    RULE_KEY_NAMES,
    RULE_KEYS,
    SENIOR_GROUPS,
    SHARING_WORDS,
    YES,
    YOUNGEST,
)
from .sheet_cells import cell_place, cell_text
from .table import Row, is_workbook, iter_csv_rows, read_workbook
from .text import Readable, read_source
from .values import MAX_RATING, shown, whole

#: The longest TOML prize table read: a table of a thousand prizes is some 100 KB.
MAX_TOML_BYTES = 1 << 20
#: The most prizes a table may give.
MAX_PRIZES = 1000
#: The highest place a prize may name.
MAX_PLACE = 10_000
#: The longest sum of money written (digits), and how one is written: ``2500.50``.
MAX_AMOUNT_DIGITS = 15
_AMOUNT = re.compile(rf"-?\d{{1,{MAX_AMOUNT_DIGITS}}}(\.\d{{1,6}})?")


class _Given(NamedTuple):
    """A value as the table gives it, and where."""

    value: Any
    place: Place


@dataclass
class _Raw:
    """One prize (or the rules) as read: field → the value given and its place."""

    where: Place
    values: dict[str, _Given] = field(default_factory=dict)
    #: It gives a key not known: what it asks of the players is not known either.
    unknown: bool = False


@dataclass
class _Read:
    """A table's prizes and rules as read, before their values are checked."""

    source: str
    prizes: list[_Raw]
    rules: _Raw


def read_prize_table(path: Readable) -> PrizeTable:
    """The prize table of ``path`` (TOML, CSV or a workbook's prize sheet), every problem
    at once as an :class:`InputError` naming its line or cell."""
    source = read_source(path)
    problems = Problems()
    if is_workbook(source):
        read = _workbook(source, problems)
    else:
        text = source.text()
        read = (_toml(source.name, text, problems) if _is_toml(text)
                else _sheet(source.name, None, iter_csv_rows(source), problems))
    table = _checked(read, problems)
    problems.found.sort(key=_row_of)  # in the table's order, the rules where they are
    problems.raise_any()
    return table


def _row_of(problem: InputError) -> int:
    """The line or row a problem is at (a cell's row), 0 for the file."""
    place = problem.place
    if place.line is not None:
        return place.line
    return int(re.sub(r"\D", "", place.cell or "") or 0)


# --------------------------------------------------------------------------------- TOML

#: A TOML line that opens a table (``[rules]``, ``[[prize]]``) or gives a key.
_SECTION = re.compile(r"^\s*(\[\[?)\s*([^\]]*?)\s*\]\]?")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")
#: Where tomllib says a syntax error is.
_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def _is_toml(text: str) -> bool:
    """Whether the first line that says something opens a TOML table or gives a key."""
    for line in text.splitlines():
        stripped = line.strip().lstrip("\ufeff")
        if stripped and not stripped.startswith("#"):
            return bool(_SECTION.match(stripped) or _KEY.match(stripped))
    return False


class _Lines:
    """Where each key of a TOML prize table is: the line of each ``[[prize]]``, of
    ``[rules]``, and of each key in them (the parser does not say)."""

    def __init__(self, text: str) -> None:
        self.prizes: list[int] = []
        self.prize_keys: list[dict[str, int]] = []
        self.rules: int | None = None
        self.rule_keys: dict[str, int] = {}
        self.top_keys: dict[str, int] = {}
        keys: dict[str, int] | None = self.top_keys
        for number, line in enumerate(text.splitlines(), start=1):
            section = _SECTION.match(line)
            if section is not None:
                name = section.group(2).strip("\"'")
                if section.group(1) == "[[" and name == "prize":
                    self.prizes.append(number)
                    self.prize_keys.append({})
                    keys = self.prize_keys[-1]
                elif name == "rules":
                    self.rules = number
                    keys = self.rule_keys
                else:
                    self.top_keys.setdefault(name, number)
                    keys = None
                continue
            key = _KEY.match(line)
            if key is not None and keys is not None:
                keys.setdefault(key.group(1).strip("\"'"), number)


def _toml(source: str, text: str, problems: Problems) -> _Read:
    if len(text.encode("utf-8")) > MAX_TOML_BYTES:
        raise InputError("the prize table is too long", Place(source),
                         found=message("more than {} bytes", f"{MAX_TOML_BYTES:,}"),
                         expected="a table of a few kilobytes")
    try:
        data = tomllib.loads(text.lstrip("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        at = _AT_LINE.search(str(exc))
        raise InputError("the prize table is not valid TOML",
                         Place(source, line=int(at.group(1)) if at else None),
                         found=str(exc)) from None
    except (RecursionError, ValueError):  # nesting the parser recurses into; a huge number
        raise InputError("the prize table is not valid TOML", Place(source),
                         found="arrays nested too deeply or a number too long",
                         expected="a prize table as documented") from None
    lines = _Lines(text)
    prizes: list[_Raw] = []
    rules = _Raw(Place(source, line=lines.rules))
    for key, value in data.items():
        if key == "prize" and isinstance(value, list) and all(
                isinstance(item, dict) for item in value):
            for n, item in enumerate(value):
                line = lines.prizes[n] if n < len(lines.prizes) else None
                keys = lines.prize_keys[n] if n < len(lines.prize_keys) else {}
                prizes.append(_toml_table(source, item, line, keys, PRIZE_KEYS, problems))
        elif key == "rules" and isinstance(value, dict):
            rules = _toml_table(source, value, lines.rules, lines.rule_keys, RULE_KEYS,
                                problems)
        else:
            problems.add(InputError(
                message("unknown key {} in the prize table", repr(key)),
                Place(source, line=lines.top_keys.get(key)),
                expected="[[prize]] tables and one [rules] table"))
    return _Read(source, prizes, rules)


def _toml_table(source: str, table: dict[str, Any], line: int | None,
                lines: Mapping[str, int], keys: Mapping[str, str], problems: Problems) -> _Raw:
    """A ``[[prize]]`` or the ``[rules]`` table's values by field; an unknown key is a
    problem at its line."""
    raw = _Raw(Place(source, line=line))
    for key, value in table.items():
        place = Place(source, line=lines.get(key, line))
        known = keys.get(fold(key))
        if known is None:
            problems.add(_unknown_key(key, place, keys, vietnamese=False))
            raw.unknown = True
        elif known in raw.values:
            problems.add(InputError("a key given twice in the prize table", place,
                                    found=repr(key), expected="each key once"))
        else:
            raw.values[known] = _Given(value, place)
    return raw


# -------------------------------------------------------------------------------- sheets


def _workbook(source: Any, problems: Problems) -> _Read:
    sheets = read_workbook(source)
    name = next((name for name in sheets if fold(name) in PRIZE_SHEETS), None)
    if name is None:
        raise InputError("the workbook has no prize sheet", Place(source.name),
                         found=message("sheets {}", ", ".join(repr(s) for s in sheets)),
                         expected="a sheet named 'prizes' (or 'Giải thưởng')")
    return _sheet(source.name, name, sheets[name], problems)


def _sheet(source: str, sheet: str | None, rows: Iterable[Row], problems: Problems) -> _Read:
    """A CSV file's or a sheet's prizes: the rules' key/value rows, the header row, one
    prize a row."""
    rules = _Raw(Place(source, sheet=sheet))
    header: dict[int, str] | None = None
    prizes: list[_Raw] = []
    for row in rows:
        cells = [(at, value) for at, value in enumerate(row.cells) if cell_text(value)]
        if not cells:
            continue
        if header is None:
            if sum(fold(cell_text(v)) in PRIZE_KEYS for _, v in cells) >= 2:
                header = _header(source, sheet, row.number, cells,
                                 in_vietnamese(v for _, v in cells), problems)
            else:
                _rule_row(source, sheet, row.number, cells, rules, problems)
            continue
        prize = _Raw(Place(source, sheet=sheet, line=row.number))
        for at, value in cells:
            if at in header:
                prize.values[header[at]] = _Given(value, cell_place(source, sheet,
                                                                    row.number, at))
            else:
                prize.unknown = True
        prizes.append(prize)
    if header is None:
        raise InputError("no header row", Place(source, sheet=sheet),
                         found="no row naming two keys of a prize",
                         expected="a header row such as 'name, amount, place' (or 'Tên giải,"
                         " Số tiền, Hạng')")
    return _Read(source, prizes, rules)


def _header(source: str, sheet: str | None, number: int, cells: list[tuple[int, Any]],
            vietnamese: bool, problems: Problems) -> dict[int, str]:
    """The header row's columns (position → field); an unknown header or one given twice
    is a problem at its cell."""
    columns: dict[int, str] = {}
    for at, value in cells:
        text = cell_text(value)
        place = cell_place(source, sheet, number, at)
        known = PRIZE_KEYS.get(fold(text))
        if known is None:
            problems.add(_unknown_key(text, place, PRIZE_KEYS, vietnamese))
        elif known in columns.values():
            problems.add(InputError("a column given twice in the prize table", place,
                                    found=repr(text), expected="each key once"))
        else:
            columns[at] = known
    return columns


def _rule_row(source: str, sheet: str | None, number: int, cells: list[tuple[int, Any]],
              rules: _Raw, problems: Problems) -> None:
    """A ``key | value`` row above the header: one of the rules."""
    (at, key), *values = cells
    text = cell_text(key)
    place = cell_place(source, sheet, number, at)
    known = RULE_KEYS.get(fold(text))
    if known is None and not values and near_miss(text, (), RULE_KEYS) is None:
        return  # a title above the table ("Prize list"), not a rule
    if known is None:
        problems.add(_unknown_key(text, place, RULE_KEYS, in_vietnamese([text])))
        return
    if not values:
        problems.add(InputError(message("the rule {} has no value", repr(text)), place,
                                expected="its value in the next cell"))
        return
    value_at, value = values[0]
    rules.values[known] = _Given(value, cell_place(source, sheet, number, value_at))


def _unknown_key(text: str, place: Place, keys: Mapping[str, str],
                 vietnamese: bool) -> InputError:
    names = PRIZE_KEY_NAMES if keys is PRIZE_KEYS else RULE_KEY_NAMES
    language = 1 if vietnamese else 0
    close = near_miss(text, (), keys)
    found = repr(text) if close is None else message(
        "{} (did you mean {}?)", repr(text), repr(names[close][language]))
    expected = message("one of the keys {}", ", ".join(n[language] for n in names.values()))
    if keys is PRIZE_KEYS:
        return InputError("unknown key in the prize table", place, found=found,
                          expected=expected)
    return InputError("unknown rule in the prize table", place, found=found,
                      expected=expected)


# ------------------------------------------------------------------------------- values


def _text(given: _Given) -> str:
    return given.value if isinstance(given.value, str) else cell_text(given.value)


def _name(given: _Given) -> str:
    text = cell_text(given.value) if not isinstance(given.value, (list, dict)) else ""
    if not text:
        raise InputError("unreadable name of a prize", given.place, found=repr(given.value),
                         expected="a name such as '1st' or 'Best woman'")
    return text


def _amount(given: _Given) -> Decimal:
    value = given.value
    expected = N_("a sum of money from 0, such as 100 or 2500.50")
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise InputError("unreadable amount", given.place, found=repr(value),
                         expected=expected)
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError("unreadable amount", given.place, found=repr(value),
                         expected=expected)
    text = repr(value) if isinstance(value, float) else cell_text(value)
    spelled = text.replace(" ", "").replace("\u00a0", "")
    if not _AMOUNT.fullmatch(spelled):
        raise InputError("unreadable amount", given.place, found=shown(text),
                         expected=expected)
    try:
        amount = Decimal(spelled)
    except InvalidOperation:  # the pattern above lets none through; kept as a guard
        raise InputError("unreadable amount", given.place, found=shown(text),
                         expected=expected) from None
    if amount < 0:
        raise InputError("a negative amount", given.place, found=shown(text),
                         expected=expected)
    return amount


def _whole(given: _Given, what: str, low: int, high: int) -> int:
    value = given.value
    if isinstance(value, (bool, list, dict)):
        raise InputError(message("unreadable {}", what), given.place, found=repr(value),
                         expected=message("a whole number from {} to {}", low, high))
    number = whole(cell_text(value), given.place, what, high, low)
    if number is None:
        raise InputError(message("unreadable {}", what), given.place, found=repr(value),
                         expected=message("a whole number from {} to {}", low, high))
    return number


def _yes(given: _Given) -> bool:
    value = given.value
    if isinstance(value, bool):
        return value
    text = fold(cell_text(value))
    if text in YES:
        return True
    if text in NO:
        return False
    raise InputError("unreadable yes or no", given.place, found=repr(value),
                     expected="true or false (yes, no, x, 1, 0, có, không)")


def _age(given: _Given) -> AgeGroup:
    text = _text(given).strip()
    spelled = text.upper().replace(" ", "")
    under = re.fullmatch(r"U(\d{1,2})", spelled)
    over = re.fullmatch(r"(\d{2})\+", spelled)
    if under and YOUNGEST <= int(under.group(1)) <= OLDEST_YOUTH:
        return AgeGroup(f"U{int(under.group(1))}", under=int(under.group(1)))
    if over and int(over.group(1)) in SENIOR_GROUPS:
        return AgeGroup(f"{int(over.group(1))}+", over=int(over.group(1)))
    raise InputError("unknown age group", given.place, found=shown(text) if text else
                     repr(given.value), expected=AGE_GROUPS_EXPECTED)


def _words(given: _Given, separators: str) -> list[str]:
    """A list's items: a TOML array's, or a cell's split on ``separators``."""
    value = given.value
    if isinstance(value, list):
        items = [cell_text(v) for v in value if not isinstance(v, (list, dict, bool))]
        if len(items) != len(value):
            raise InputError("unreadable list", given.place, found=repr(value),
                             expected="a list of names or start numbers")
    else:
        items = re.split(f"[{separators}]", cell_text(value))
    return [item.strip() for item in items if item.strip()]


def _federations(given: _Given) -> frozenset[str]:
    items = _words(given, ",;\\s")
    bad = [item for item in items if not re.fullmatch(r"[A-Za-z]{3}", item)]
    if bad or not items:
        raise InputError("unreadable federation", given.place, found=shown(", ".join(bad))
                         if bad else repr(given.value),
                         expected="a federation's three letters, such as VIE, or several")
    return frozenset(item.upper() for item in items)


def _clubs(given: _Given) -> frozenset[str]:
    items = _words(given, ";")
    if not items:
        raise InputError("unreadable club", given.place, found=repr(given.value),
                         expected="a club's name, or several separated by ;")
    return frozenset(fold(item) for item in items)


def _players(given: _Given) -> frozenset[str]:
    items = _words(given, ",;\\s")
    if not items:
        raise InputError("unreadable list of players", given.place, found=repr(given.value),
                         expected="start numbers such as 3, 8, 12")
    return frozenset(items)


def _choice(given: _Given, words: Mapping[str, Any], what: str, choices: Iterable[str]
            ) -> Any:
    text = _text(given)
    chosen = words.get(fold(text))
    if chosen is None:
        raise InputError(message("unknown {}", what), given.place, found=shown(text),
                         expected=alternatives(choices))
    return chosen


def _sharing(given: _Given) -> Sharing:
    chosen: Sharing = _choice(given, SHARING_WORDS, N_("sharing of tied players"),
                              list(Sharing))
    return chosen


def _label(given: _Given) -> str:
    text = cell_text(given.value) if not isinstance(given.value, (list, dict, bool)) else ""
    if not text:
        raise InputError("unreadable label of a prize", given.place, found=repr(given.value),
                         expected="what the prize is, such as 'Cup' or 'Book'")
    return text


def _rating(what: str) -> Callable[[_Given], int]:
    return lambda given: _whole(given, what, 0, MAX_RATING)


#: A prize's fields and how each is read (the name, the amount and the label apart).
_CONDITIONS: dict[str, Callable[[_Given], Any]] = {
    "age": _age, "women": _yes, "rating_from": _rating("rating_from"),
    "rating_below": _rating("rating_below"), "unrated": _yes, "federation": _federations,
    "club": _clubs, "players": _players,
}


# ---------------------------------------------------------------------------- the table


def _prize(raw: _Raw, index: int, problems: Problems) -> tuple[Prize, bool]:
    """One prize, its values checked (every problem recorded), and whether its place and
    conditions are read (its list is known, to be checked with the others)."""
    values = raw.values
    name = problems.checked(lambda: _name(values["name"]), "") if "name" in values else ""
    if "name" not in values:
        problems.add(InputError("a prize without a name", raw.where,
                                expected="its name (name = \"1st\", or a name column)"))
    amount = problems.checked(lambda: _amount(values["amount"]), None) \
        if "amount" in values else None
    label = problems.checked(lambda: _label(values["label"]), None) \
        if "label" in values else None
    if "amount" not in values and "label" not in values:
        problems.add(InputError("a prize without an amount or a label", raw.where,
                                found=repr(name) if name else None,
                                expected="an amount (amount = 100), a label (label = "
                                "\"Cup\"), or both"))
    found = _count(problems)
    place = problems.checked(lambda: _whole(values["place"], N_("place"), 1, MAX_PLACE), 1) \
        if "place" in values else 1
    sharing = problems.checked(lambda: _sharing(values["sharing"]), None) \
        if "sharing" in values else None
    conditions: dict[str, Any] = {key: problems.checked(partial(read, values[key]), None)
                                  for key, read in _CONDITIONS.items() if key in values}
    eligible = Eligibility(
        age=conditions.get("age"), women=bool(conditions.get("women")),
        rating_from=conditions.get("rating_from"), rating_below=conditions.get("rating_below"),
        unrated=bool(conditions.get("unrated")),
        federations=conditions.get("federation") or frozenset(),
        clubs=conditions.get("club") or frozenset(),
        players=conditions.get("players") or frozenset())
    listed = _count(problems) == found and not raw.unknown  # its list is known
    low, high = eligible.rating_from, eligible.rating_below
    if low is not None and high is not None and low >= high:
        problems.add(InputError("an empty rating band", values["rating_from"].place,
                                found=message("from {} and below {}", low, high),
                                expected="rating_from below rating_below"))
    if eligible.unrated and (low is not None or high is not None):
        problems.add(InputError("an unrated prize with a rating band", values["unrated"].place,
                                expected="a rating band (rated players) or unrated, not both"))
    return Prize(index, name, place, eligible, raw.where, amount, label, sharing), listed


def _count(problems: Problems) -> int:
    return len(problems.found) + problems.more


def _rules(raw: _Raw, problems: Problems) -> PrizeRules:
    values = raw.values
    rules = PrizeRules()
    one = problems.checked(lambda: _yes(values["one_per_player"]), rules.one_per_player) \
        if "one_per_player" in values else rules.one_per_player
    sharing = problems.checked(lambda: _sharing(values["sharing"]), rules.sharing) \
        if "sharing" in values else rules.sharing
    priority = problems.checked(lambda: _choice(values["priority"], PRIORITY_WORDS,
                                                N_("priority of prizes"), list(Priority)),
                                rules.priority) if "priority" in values else rules.priority
    unit = rules.unit
    if "unit" in values:
        unit = problems.checked(lambda: _amount(values["unit"]), unit)
        if unit <= 0:
            problems.add(InputError("a unit of zero", values["unit"].place, found=str(unit),
                                    expected="the smallest sum paid, such as 0.01 or 1000"))
            unit = rules.unit
    currency = _text(values["currency"]).strip() or None if "currency" in values else None
    return PrizeRules(one, sharing, priority, unit, currency)


def _checked(read: _Read, problems: Problems) -> PrizeTable:
    """The table, its values and its lists checked (every problem in ``problems``)."""
    if not read.prizes:
        problems.add(InputError("a prize table without prizes", Place(read.source),
                                expected="one [[prize]] table (or one row under the header) "
                                "per prize"))
    if len(read.prizes) > MAX_PRIZES:
        raise InputError("too many prizes", read.prizes[MAX_PRIZES].where,
                         found=message("{} prizes", f"{len(read.prizes):,}"),
                         expected=message("at most {}", MAX_PRIZES))
    rules = _rules(read.rules, problems)
    read_prizes = [_prize(raw, index, problems) for index, raw in enumerate(read.prizes)]
    prizes = [prize for prize, listed in read_prizes if listed]
    # A place left out is told only when every prize's list and place are known.
    whole = len(prizes) == len(read_prizes)
    return PrizeTable(read.source, tuple(_lists_checked(prizes, rules, problems, whole)),
                      rules)


def _lists_checked(prizes: list[Prize], rules: PrizeRules, problems: Problems,
                   whole: bool) -> list[Prize]:
    """Each list's places run 1, 2, 3 … once each (none left out: checked where the
    prizes are ``whole``, each one's list and place known); its prizes share in one way
    (the one a prize of it gives, on all of them); every amount is a whole number of
    units."""
    lists: dict[Eligibility, list[Prize]] = {}
    for prize in prizes:
        lists.setdefault(prize.eligible, []).append(prize)
    sharing_of: dict[Eligibility, Sharing] = {}
    for eligible, members in lists.items():
        taken: dict[int, Prize] = {}
        for prize in members:
            if prize.place in taken:
                problems.add(InputError(
                    message("a second prize for place {} of the same players", prize.place),
                    prize.where, found=message("{}, after {}", repr(prize.name),
                                               repr(taken[prize.place].name)),
                    expected="each place of a list once (prizes with the same conditions "
                    "are one list)"))
            taken.setdefault(prize.place, prize)
        for place in sorted(taken) if whole else ():
            if place > 1 and place - 1 not in taken:
                problems.add(InputError(
                    message("place {} without place {} for the same players", place,
                            place - 1), taken[place].where,
                    expected="the places of a list from 1 on, none left out"))
        given = [p for p in members if p.sharing is not None]
        if given:
            sharing_of[eligible] = given[0].sharing  # type: ignore[assignment]
            for prize in given[1:]:
                if prize.sharing != given[0].sharing:
                    problems.add(InputError(
                        "two ways of sharing for the same players", prize.where,
                        found=message("{}, after {}", prize.sharing, given[0].sharing),
                        expected="one way for the prizes with the same conditions"))
    for prize in prizes:
        if prize.amount is not None and prize.amount % rules.unit:
            problems.add(InputError(
                "an amount not in whole units", prize.where,
                found=message("{} (unit {})", prize.amount, rules.unit),
                expected="a whole number of units (the rule unit: the smallest sum paid)"))
    return [Prize(p.index, p.name, p.place, p.eligible, p.where, p.amount, p.label,
                  sharing_of.get(p.eligible)) for p in prizes]
