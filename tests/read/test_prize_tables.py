"""Reading prize tables (``read.prizes``): the table checked whole, every problem at its
line or cell in one run; the formats' own ways (TOML's lines, a sheet's title and rule
rows)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from xlsx_builder import write_workbook

from tournament_elo.errors import InputError
from tournament_elo.prize_table import AgeGroup, Eligibility, Priority, Sharing
from tournament_elo.read.prizes import read_prize_table


def _read(tmp_path: Path, text: str, name: str = "p.toml") -> list[str]:
    """The problems of a table, one line each (none: it reads)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    try:
        read_prize_table(path)
    except InputError as problem:
        return [line.removeprefix(f"{path}, ").removeprefix(f"{path}: ")
                for line in str(problem).splitlines()]
    return []


def test_a_table_reads_into_lists_of_places(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text(
        '[[prize]]\nname = "1st"\namount = 100.50\nlabel = "Cup"\n'
        '[[prize]]\nname = "Best U16"\namount = 20\nage = "u 16"\n'
        '[[prize]]\nname = "2nd U16"\namount = 10\nage = "U16"\nplace = 2\n'
        '[[prize]]\nname = "Seniors"\namount = 10\nage = "65+"\nwomen = true\n'
        'federation = "vie"\nclub = "CLB Hà Nội"\nplayers = ["3", 4]\nrating_from = 1600\n'
        'sharing = "hort"\n'
        '[rules]\none_per_player = false\npriority = "order"\nunit = 0.5\ncurrency = "EUR"\n',
        encoding="utf-8")
    table = read_prize_table(path)
    first, u16, second, seniors = table.prizes
    assert (first.name, first.amount, first.label, first.place) == (
        "1st", Decimal("100.5"), "Cup", 1)
    assert first.eligible == Eligibility() and first.where.line == 1
    assert u16.eligible == second.eligible == Eligibility(age=AgeGroup("U16", under=16))
    assert (second.place, second.where.line) == (2, 9)
    assert seniors.eligible == Eligibility(
        age=AgeGroup("65+", over=65), women=True, rating_from=1600,
        federations=frozenset({"VIE"}), clubs=frozenset({"clbhanoi"}),
        players=frozenset({"3", "4"}))
    assert table.sharing_of(seniors) is Sharing.HORT
    assert table.sharing_of(first) is Sharing.TIEBREAK  # the rules' default
    rules = table.rules
    assert (rules.one_per_player, rules.priority, rules.unit, rules.currency) == (
        False, Priority.ORDER, Decimal("0.5"), "EUR")
    # 100.25 is not a whole number of the unit 0.5.
    path.write_text(path.read_text(encoding="utf-8").replace("100.50", "100.25"),
                    encoding="utf-8")
    with pytest.raises(InputError, match=r"line 1: an amount not in whole units; found "
                                         r"100.25 \(unit 0.5\)"):
        read_prize_table(path)


def test_the_lists_are_checked_whole(tmp_path: Path) -> None:
    assert _read(tmp_path, (
        '[[prize]]\nname = "1st"\namount = 100\n'                      # line 1
        '[[prize]]\nname = "3rd"\namount = 50\nplace = 3\n'            # line 4
        '[[prize]]\nname = "Also 1st"\namount = 90\nplace = 1\n'       # line 8
        '[[prize]]\nname = "U12"\namount = 9\nage = "U12"\nsharing = "split"\n'   # line 12
        '[[prize]]\nname = "2nd U12"\namount = 8\nage = "U12"\nplace = 2\n'
        'sharing = "hort"\n'                                           # line 17
        '[[prize]]\nname = "Band"\namount = 5\nrating_from = 2000\nrating_below = 1800\n'
        '[[prize]]\nname = "Odd"\namount = 5\nunrated = true\nrating_below = 1800\n'
        '[[prize]]\nname = "Nothing"\nwomen = "x"\n')) == [
        "line 4: place 3 without place 2 for the same players, expected the places of a "
        "list from 1 on, none left out",
        "line 8: a second prize for place 1 of the same players; found 'Also 1st', after "
        "'1st', expected each place of a list once (prizes with the same conditions are one "
        "list)",
        "line 17: two ways of sharing for the same players; found hort, after split, "
        "expected one way for the prizes with the same conditions",
        "line 26: an empty rating band; found from 2000 and below 1800, expected rating_from "
        "below rating_below",
        "line 31: an unrated prize with a rating band, expected a rating band (rated "
        "players) or unrated, not both",
        "line 33: a prize without an amount or a label; found 'Nothing', expected an amount "
        "(amount = 100), a label (label = \"Cup\"), or both",
    ]
    assert _read(tmp_path, '[[prize]]\nname = "W"\namount = 1\nwomen = "maybe"\n') == [
        "line 4: unreadable yes or no; found 'maybe', expected true or false (yes, no, x, 1, "
        "0, có, không)"]


def test_toml_problems_at_their_lines(tmp_path: Path) -> None:
    assert _read(tmp_path, '[[prize]]\nname = "1st"\namount = 1\n[[prize]\n') == [
        "line 4: the prize table is not valid TOML; found Expected ']]' at the end of an "
        "array declaration (at line 4, column 8)"]
    assert _read(tmp_path, 'title = "Open"\n[[prize]]\nname = "1st"\namount = 1\n'
                 'name_of_prize = "x"\n[rules]\nchia = "split"\n') == [
        "line 1: unknown key 'title' in the prize table, expected [[prize]] tables and one "
        "[rules] table",
        "line 5: unknown key in the prize table; found 'name_of_prize', expected one of the "
        "keys name, amount, label, place, age, women, rating_from, rating_below, unrated, "
        "federation, club, players, sharing",
        "line 7: unknown rule in the prize table; found 'chia', expected one of the keys "
        "one_per_player, sharing, priority, unit, currency",
    ]
    assert _read(tmp_path, "# no prizes yet\n[rules]\nsharing = 'split'\n") == [
        "a prize table without prizes, expected one [[prize]] table (or one row under the "
        "header) per prize"]
    # Keys spelled otherwise (folded) are the same keys; twice is a problem.
    assert _read(tmp_path, '[[prize]]\nname = "1st"\nTen_giai = "Nhất"\namount = 1\n') == [
        "line 3: a key given twice in the prize table; found 'Ten_giai', expected each key "
        "once"]


def test_a_sheet_its_title_rules_and_cells(tmp_path: Path) -> None:
    book = write_workbook(tmp_path / "open.xlsx", {
        "games": [["round", "white", "black", "result"], [1, 1, 2, "1-0"]],
        "Giải thưởng": [["Cơ cấu giải thưởng"], ["Chia giải", "chia đều"],
                        ["Tên giải", "Số tiền", "Hạng", "Liên đoàn"],
                        ["Nhất", 100, 1, None], ["Nhì", 50.5, 2, None],
                        ["Việt Nam", 10, None, "VIE, LAO"]]})
    table = read_prize_table(book)
    assert [(p.name, p.amount, p.place) for p in table.prizes] == [
        ("Nhất", 100, 1), ("Nhì", Decimal("50.5"), 2), ("Việt Nam", 10, 1)]
    assert table.rules.sharing is Sharing.SPLIT
    assert table.prizes[2].eligible.federations == {"VIE", "LAO"}
    assert str(table.prizes[1].where) == f"{book}, sheet 'Giải thưởng', row 5"
    bad = write_workbook(tmp_path / "bad.xlsx", {
        "prizes": [["uu tien", "nhat"], ["name", "amount", "Liên đoàn", "Hạng"],
                   ["1st", 100, "Vietnam", 1]]})
    with pytest.raises(InputError) as problems:
        read_prize_table(bad)
    assert [line.removeprefix(f"{bad}, ") for line in str(problems.value).splitlines()] == [
        "sheet 'prizes', cell B1: unknown priority of prizes; found 'nhat', expected amount "
        "or order",
        "sheet 'prizes', cell C3: unreadable federation; found 'Vietnam', expected a "
        "federation's three letters, such as VIE, or several",
    ]
    none = write_workbook(tmp_path / "none.xlsx", {"games": [["round"]]})
    with pytest.raises(InputError, match="the workbook has no prize sheet; found sheets "
                                         "'games', expected a sheet named 'prizes'"):
        read_prize_table(none)


def test_a_csv_without_a_header_row(tmp_path: Path) -> None:
    assert _read(tmp_path, "1st,100\n2nd,50\n", "p.csv") == [
        "no header row; found no row naming two keys of a prize, expected a header row such "
        "as 'name, amount, place' (or 'Tên giải, Số tiền, Hạng')"]
