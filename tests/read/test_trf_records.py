"""The ``001`` player records of a TRF file, read against a plain reading of their columns.

The reader cuts the numeric columns of all records at once and sends a record it does
not find plainly written to the per-record reading, the rule of a valid record; the two
give the same player of a record both read (checked here record by record), and both
roads are walked here: random
records written in every spelling the format and the field allow (numbers right- or
left-aligned, points ``4.5``/``4,5``/``4½``, births as dates, years or blank), checked
against :func:`by_columns`, a reading of one line written from the column table of the
format (FIDE C.04 Annex 2: starting rank 5-8, sex 10, title 11-13, name 15-47, rating
49-52, federation 54-56, FIDE id 58-68, birth 70-79, points 81-84, rank 86-89); and
records with one numeric cell made unreadable, whose messages are written here from the
columns' rules (what each column holds and its bounds), every bad record in one run, in
file order.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_elo.cli.commands import main
from tournament_elo.errors import InputError, InputErrors, Place
from tournament_elo.model import Player
from tournament_elo.read.trf import parse_trf, plain_records, player_record

DATA = Path(__file__).resolve().parents[1] / "data"

THIS_YEAR = date.today().year
TITLE_LETTERS = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM",
                 "wf": "WFM", "wc": "WCM"}


def by_columns(line: str) -> dict[str, object]:
    """One valid ``001`` record read column by column, as the format's table says."""
    def number(first: int, last: int) -> str:  # 1-based, inclusive, as the table gives them
        return line[first - 1:last].strip()

    rating_text = number(49, 52).replace(",", ".")
    rating = float(rating_text) if rating_text else 0.0
    points_text = number(81, 84).replace("½", ".5").replace(",", ".")
    birth = number(70, 79)
    born: date | None = None
    year: int | None = None
    parts = re.split(r"[./-]", birth)
    if len(parts) == 3:  # YYYY/MM/DD (YYYY/00/00 the year alone, 0000/00/00 unknown), DD.MM.YYYY
        year, month, day = map(int, parts if len(parts[0]) == 4 else reversed(parts))
        born = date(year, month, day) if month and day else None
        year = year or None
    elif birth:
        year = int(birth)
    sex = line[9].strip().lower() or None
    title = number(11, 13)
    fide_id = number(58, 68)
    return {
        "id": int(number(5, 8)),
        "sex": "w" if sex == "f" else sex,
        "title": TITLE_LETTERS.get(title.lower(), title.upper()) if title else None,
        "name": unicodedata.normalize("NFC", number(15, 47)),
        "rating": (int(rating) if rating.is_integer() else rating) or None,
        "federation": number(54, 56) or None,
        "fide_id": fide_id if fide_id.strip("0") else None,
        "birth": born,
        "birth_year": year,
        "declared_points": round(float(points_text) * 100) if points_text else None,
        "declared_rank": int(number(86, 89)) if number(86, 89) else None,
    }


def aligned(text: str, width: int, how: str) -> str:
    return text.rjust(width) if how == "right" else text.ljust(width)


def mostly(usual: st.SearchStrategy[str], *others: str) -> st.SearchStrategy[str]:
    """``usual`` four times in five (as files write a field), else one of ``others``."""
    return st.one_of(usual, usual, usual, usual, st.sampled_from(others))


@st.composite
def record(draw: st.DrawFn, start: int) -> str:
    """A valid ``001`` record of starting rank ``start``: each field mostly as pairing
    programs write it, now and then in another spelling the format or the field allows."""
    sex = draw(st.sampled_from(" mwfMWF"))
    title = draw(st.sampled_from(["   ", " GM", "IM ", "  g", " wg", " WC", "FM "]))
    name = draw(st.sampled_from(["Vasquez,Rodrigo", "Nguyễn, Văn An", "Nguye\u0302\u0303n, Thi",
                                 "Øberg, Åse", "Smith, J.", "X"]))
    federation = draw(st.sampled_from(["   ", "VIE", "GER", "CHI"]))
    fide_id = draw(st.sampled_from(["", "0", "00000000000", "3400042", "12345678901"]))
    start_text = draw(mostly(st.just(f"{start:>4}"), f"{start:<4}", f"{start:04d}"))
    rating = draw(st.integers(0, 4000))
    tenths = f"{rating % 1000 / 10:.1f}"  # a rating with a decimal, as per-game systems keep
    rating_text = draw(mostly(st.sampled_from([f"{rating:>4}", "    "]), f"{rating:<4}",
                              tenths.rjust(4), tenths.ljust(4)))
    day = draw(st.dates(date(1800, 1, 1), date(THIS_YEAR, 12, 31)))
    birth = draw(mostly(st.sampled_from([f"{day:%Y/%m/%d}", ""]), f"{day:%Y}/00/00",
                        "0000/00/00", f"{day:%d.%m.%Y}", f"{day:%Y}", f"  {day:%Y}"))
    rank = draw(st.integers(0, 9999))
    rank_text = draw(mostly(st.sampled_from([f"{rank:>4}", ""]), f"{rank:<4}"))
    whole, half = divmod(draw(st.integers(0, 199)) * 50, 100)  # up to 99.5: four columns
    decimal = f"{whole}.{half // 10}"
    spellings = [f"{whole},{half // 10}".rjust(4), f"{whole}½".rjust(4) if half else f"{whole}."]
    if rank_text:  # (without a rank, the record must reach column 84 with its points)
        spellings += [decimal.ljust(4), f"{whole:<4}" if not half else decimal.ljust(4)]
    points = draw(mostly(st.sampled_from([decimal.rjust(4), f"{whole:>4}" if not half
                                          else decimal.rjust(4)]), *spellings)).rjust(4)
    return (f"001 {start_text} {sex}{title} {name:<33} {rating_text} "
            f"{federation} {fide_id:>11} {birth:<10} {points} {rank_text}")


@st.composite
def records(draw: st.DrawFn) -> list[str]:
    starts = draw(st.lists(st.integers(1, 9999), min_size=1, max_size=12, unique=True))
    return [draw(record(start)) for start in starts]


def trf(lines: list[str]) -> str:
    return "012 Records\n" + "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(records())
def test_every_record_reads_as_its_columns_say(lines):
    event = parse_trf(trf(lines), "records.trf")
    assert len(event.players) == len(lines)
    for row, (player, line) in enumerate(zip(event.players, lines, strict=True)):
        assert (player.index, player.line) == (row, row + 2)
        read = {field: getattr(player, field) for field in by_columns(line)}
        assert read == by_columns(line), line
        # The same types too: a whole rating is an int, a rating with decimals a float.
        assert type(player.rating) is type(by_columns(line)["rating"])
        # A plainly written record's player is made without Player.__init__: it holds
        # every field of the dataclass, and equals and hashes as Player(...) of them.
        built = Player(**{f.name: getattr(player, f.name) for f in dataclasses.fields(Player)})
        assert vars(player) == vars(built) and player == built and hash(player) == hash(built)


@settings(max_examples=300, deadline=None)
@given(records())
def test_a_record_read_with_the_others_at_once_is_the_one_the_rule_reads(lines):
    numbered = list(enumerate(lines, start=2))
    for row, ((number, line), at_once) in enumerate(zip(numbered, plain_records(numbered),
                                                        strict=True)):
        if at_once is None:  # not plainly written: read by the rule alone
            continue
        by_rule = player_record(line, Place("records.trf", line=number), row, [])
        assert vars(at_once) == vars(by_rule), line
        assert [type(v) for v in vars(at_once).values()] == [
            type(v) for v in vars(by_rule).values()], line


def test_plainly_written_records_are_read_at_once_and_others_by_the_rule():
    # The 16 records of FIDE's tie-break exercise are written as FIDE's table says (numbers
    # right-aligned, births YYYY/MM/DD): each is read with the others at once.  The same
    # record with its points as 6,0 (a decimal comma) or its birth day first, which the
    # rule reads, is left to the rule; JaVaFo's 84 records give births as a year alone.
    def records(name: str) -> list[tuple[int, str]]:
        text = (DATA / name).read_text(encoding="utf-8")
        return [(number, line) for number, line in enumerate(text.splitlines(), start=1)
                if line.startswith("001")]

    lines = records("held_c07_swiss9.trf")
    assert len(lines) == 16 and None not in plain_records(lines)
    first = lines[0][1]
    assert first[80:84] == " 6.0" and first[69:79] == "1990/01/01"
    comma, day_first = first[:80] + " 6,0" + first[84:], first[:69] + "01.01.1990" + first[79:]
    assert plain_records([(1, comma), (2, day_first)]) == [None, None]
    number = lines[0][0]
    by_rule = [player_record(line, Place("x.trf", line=number), 0) for line in (comma, day_first)]
    assert by_rule[0] == by_rule[1] == plain_records(lines[:1])[0]
    javafo = records("javafo_aum_capo_dorso_2012_final.trf")
    assert len(javafo) == 84 and plain_records(javafo) == [None] * 84


def test_by_columns_reads_fides_own_example_record():
    # The first record of FIDE's Karl Mala example (tests/data), through column 89: no sex
    # given, the title as the list's letter, the birth year first with points (1969.12.06).
    line = ("001    1    g Vasquez,Rodrigo                   2558 CHI     3400042 1969.12.06"
            "  6.0    4")
    assert by_columns(line) == {
        "id": 1, "sex": None, "title": "GM", "name": "Vasquez,Rodrigo", "rating": 2558,
        "federation": "CHI", "fide_id": "3400042", "birth": date(1969, 12, 6),
        "birth_year": 1969, "declared_points": 600, "declared_rank": 4}
    player = parse_trf(trf([line])).players[0]
    assert {field: getattr(player, field) for field in by_columns(line)} == by_columns(line)


#: Each numeric column: (first, last) columns 1-based, its name in messages, and what the
#: format and the program's bounds allow there (the expected part of the message).
COLUMNS = {
    "start": (5, 8, "starting rank (columns 5-8)", "a whole number from 0 to 9999"),
    "rating": (49, 52, "rating (columns 49-52)", "a whole number from 0 to 4000"),
    "points": (81, 84, "points (columns 81-84)", "points such as 4.5 or 4,5, from 0 to 100,000"),
    "rank": (86, 89, "rank (columns 86-89)", "a whole number from 0 to 9999"),
}
#: Cell texts no number is spelled as (a letter, a sign, two points, a stray slash).
UNREADABLE = st.sampled_from(["x", "12a", "-1", "+5", "1.2.", "4/5", "1e3", "#", "o", "N/A"])


@st.composite
def corruption(draw: st.DrawFn, line: str) -> tuple[str, str]:
    """``line`` with one numeric cell made unreadable, and the message its place gets:
    the text found (stripped, as the reader shows it) and what the column expects."""
    kind = draw(st.sampled_from([*COLUMNS, "rating-high", "birth-year", "birth-day",
                                 "truncated"]))
    if kind == "truncated":
        cut = line[:draw(st.integers(4, 83))]
        return cut, (f"truncated player record; found {len(cut.rstrip())} characters, expected "
                     "at least 84 (through the points column, 81-84)")
    if kind.startswith("birth"):
        year = draw(st.one_of(st.integers(1000, 1799), st.integers(THIS_YEAR + 1, 9999)))
        text = f"{year}/05/12" if kind == "birth-year" else draw(st.sampled_from(
            ["1987/02/30", "1987/13/12", "2001/02/29", "1990/04/31"]))
        expected = (f"a year from 1800 to {THIS_YEAR}" if kind == "birth-year"
                    else "a real date, or the year alone (1987/00/00)")
        return (line[:69] + text + line[79:],
                f"unreadable birth date (columns 70-79); found {text!r}, expected {expected}")
    if kind == "rating-high":
        kind, text = "rating", str(draw(st.integers(4001, 9999)))
    else:
        text = draw(UNREADABLE.filter(lambda t: len(t) <= 4))
    first, last, what, expected = COLUMNS[kind]
    # (Points left-aligned before a blank rank would leave the record short of column 84.)
    ends_record = kind == "points" and not line[85:89].strip()
    cell = aligned(text, last - first + 1,
                   "right" if ends_record else draw(st.sampled_from(["right", "left"])))
    return (line[:first - 1] + cell + line[last:],
            f"unreadable {what}; found {text!r}, expected {expected}")


@st.composite
def damaged(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Records, some of them damaged, and the messages expected, in file order."""
    lines = draw(records())
    bad = draw(st.lists(st.integers(0, len(lines) - 1), min_size=1, max_size=5, unique=True))
    messages = []
    for row in sorted(bad):
        lines[row], message = draw(corruption(lines[row]))
        messages.append(f"records.trf, line {row + 2}: {message}")
    return lines, messages


@settings(max_examples=300, deadline=None)
@given(damaged())
def test_every_unreadable_cell_is_reported_with_its_columns_rule(case):
    lines, messages = case
    with pytest.raises(InputError) as raised:
        parse_trf(trf(lines), "records.trf")
    error = raised.value
    problems = error.problems if isinstance(error, InputErrors) else [error]
    assert [str(problem) for problem in problems] == messages


def test_bad_records_through_the_command_line(tmp_path, capsys, monkeypatch):
    # Two good records and three bad ones, plainly written cells among them: each bad one
    # is named once, in file order, the good ones not at all.
    good = ("001    1 m    Ann                               1900 VIE             1987/05/12"
            "  1.0    1")
    lines = [
        good,
        good.replace("   1 m", "   2 m").replace("1900", "19x0"),
        good.replace("   1 m", "   3 m").replace("1987/05/12", "1987/02/30"),
        good.replace("   1 m", "   4 m"),
        good.replace("   1 m", "   5 m").replace(" 1.0", "1..0"),
    ]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.trf").write_text(trf(lines))
    assert main(["rate", "club.trf"]) == 2
    assert capsys.readouterr().err == (
        "error: club.trf, line 3: unreadable rating (columns 49-52); found '19x0', expected a "
        "whole number from 0 to 4000\n"
        "error: club.trf, line 4: unreadable birth date (columns 70-79); found '1987/02/30', "
        "expected a real date, or the year alone (1987/00/00)\n"
        "error: club.trf, line 6: unreadable points (columns 81-84); found '1..0', expected "
        "points such as 4.5 or 4,5, from 0 to 100,000\n")


def test_a_name_holding_a_lone_surrogate_is_read_as_given():
    # Only a caller's own text can hold one (a file's bytes never decode to it): the
    # record is read all the same, its columns where they were.
    name = "A\ud800nn"
    line = f"001    7 w    {name:<33} 1900 VIE             1987/05/12  1.0    1"
    player = parse_trf(trf([line])).players[0]
    assert (player.id, player.name, player.rating, player.birth) == (
        7, "A\ud800nn", 1900, date(1987, 5, 12))
