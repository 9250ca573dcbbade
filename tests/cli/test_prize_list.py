"""The prize list through the command line: ``rate EVENT --prizes TABLE`` on the Prize
Open 2025 (``tests/data/prizes/prize_open_30.trf``: 30 players, 5 rounds, 1-5 July 2025; see
``tests/data/SOURCES.md``) with its table of twelve prizes (``prizes_open.toml``), the
winners derived by hand below for each way of sharing.

The standings the prizes go by (points, then BH/C1, BH, SB), with what the prizes ask
of the players (ages by 2025 minus the birth year, as FIDE counts them):

    rank  no.  pts   who
     1     1   5
     2     2   4
     3    14   4     born 2010: U16
     4     4   3½
     5    11   3½    born 2013: U12 (and U16)
     6     3   3½    born 2011: U16
     7     8   3     born 1975: 50+ (just: 2025 - 1975 = 50)
     8    10   3     born 1976: 49, not 50+
     9     9   3
    10     5   3     born 2012: U16 (13, not U12)
    11    15   3     woman, rated 1776 (under 1800)
    12     7   3     woman, born 1969 (50+)
    13    13   3     woman
    14    19   3     rated 1759 (under 1800), born 1961 (50+)
    15    16   2½    born 2008: 17, not U16; rated 1771
    20    21   2     born 2014: U12; rated 1722
    21    30   2     unrated
    23    27   2     unrated, woman, born 1956
    25    28   1½    unrated, born 2009: U16 (16)

The table, most valuable first (equal amounts in the table's order): 1st 1000 (and a
cup), 2nd 600, 3rd 400, 4th 300, 5th 200, U16 150, U12 120, 6th 100, woman 100, under
1800 100, 50+ 100, unrated 80.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from helpers import DATA

PRIZES = DATA / "prizes"
EVENT = PRIZES / "prize_open_30.trf"
TABLE = PRIZES / "prizes_open.toml"

#: Each prize → (player, amount, the players he shares with), by the tie-breaks:
#: 1st–5th go to ranks 1–5 (no. 14 and no. 11, also U16 and U12, take their place's
#: prize, worth more); the U16 prize to the best U16 without one, no. 3 (rank 6, who
#: would have had the 6th's 100: he takes the 150); U12 to no. 21 (no. 11 has one); the
#: 6th's prize goes down to rank 7, no. 8; the woman's to no. 15 (rank 11, also under
#: 1800: she takes the one given first); under 1800 to no. 19 (no. 15 has one); 50+ to
#: no. 7 (no. 8 has the 6th's, and rank 12 is the next 50+); unrated to no. 30.
BY_TIEBREAK = [
    ("1st", 1, 1000, []), ("2nd", 2, 600, []), ("3rd", 14, 400, []), ("4th", 4, 300, []),
    ("5th", 11, 200, []), ("6th", 8, 100, []), ("Best U16", 3, 150, []),
    ("Best U12", 21, 120, []), ("Best woman", 15, 100, []), ("Best under 1800", 19, 100, []),
    ("Best unrated", 30, 80, []), ("Best 50+", 7, 100, []),
]
#: Shared: nos. 2 and 14 (4 points) occupy 2nd and 3rd, (600 + 400) / 2 = 500 each; nos.
#: 4, 11 and 3 (3½) the 4th, 5th and 6th, (300 + 200 + 100) / 3 = 200 each (more than the
#: U16's and U12's 150 and 120 they are in line for: they stay in the tie).  The U16
#: prize then goes to no. 5 (3 points, the only U16 left on 3), U12 to no. 21.  The three
#: women on 3 points (nos. 15, 7, 13) would share the woman's 100: 33.34, 33.33, 33.33;
#: but no. 15 is first in line for under 1800 too, where she and no. 19 (both on 3)
#: would share 100, 50 each: more, so she leaves the women's tie for it; no. 7 would
#: share 50+ with nos. 8 and 19 (33.33, no more than her 33.33): she stays.  So nos. 7
#: and 13 share the woman's 100, 50 each; nos. 15 and 19 under 1800's, 50 each (no. 19
#: would have 50 of 50+ with no. 8: no more); 50+ to no. 8 alone; the two unrated on 2
#: points (nos. 30, 27) share 80: 40 each.
SPLIT = [
    ("1st", 1, 1000, []), ("2nd", 2, 500, [14]), ("3rd", 14, 500, [2]),
    ("4th", 4, 200, [11, 3]), ("5th", 11, 200, [4, 3]), ("6th", 3, 200, [4, 11]),
    ("Best U16", 5, 150, []), ("Best U12", 21, 120, []),
    ("Best woman", 7, 50, [13]), ("Best woman", 13, 50, [7]),
    ("Best under 1800", 15, 50, [19]), ("Best under 1800", 19, 50, [15]),
    ("Best unrated", 30, 40, [27]), ("Best unrated", 27, 40, [30]), ("Best 50+", 8, 100, []),
]
#: Hort: half of each tie's sum in equal parts, half as the prizes fall by the
#: tie-breaks.  2nd/3rd: 1000 / 2 / 2 = 250 each, plus 600 / 2 and 400 / 2: 550 and 450.
#: 4th–6th: 600 / 2 / 3 = 100 each, plus 150, 100, 50: 250, 200, 150 (no. 3's 150 is no
#: less than the U16's: he stays).  The three women would have 100 / 2 / 3 = 16.666…
#: each, plus 50 to no. 15: 66.67, 16.67, 16.66 to the cent (the 2 cents left to the
#: first two); under 1800 would give no. 15 75 (50 + 25, with no. 19): she leaves for it.
#: Nos. 7 and 13 share the woman's: 25 each, plus 50 to no. 7: 75 and 25 (no. 7 would have
#: 16.67 of 50+); under 1800: 75 to no. 15, 25 to no. 19 (who would have 25 of 50+ behind
#: no. 8: no more).  The unrated: 80 / 2 / 2 = 20 each, plus 40 to no. 30: 60 and 20.
HORT = [
    ("1st", 1, 1000, []), ("2nd", 2, 550, [14]), ("3rd", 14, 450, [2]),
    ("4th", 4, 250, [11, 3]), ("5th", 11, 200, [4, 3]), ("6th", 3, 150, [4, 11]),
    ("Best U16", 5, 150, []), ("Best U12", 21, 120, []),
    ("Best woman", 7, 75, [13]), ("Best woman", 13, 25, [7]),
    ("Best under 1800", 15, 75, [19]), ("Best under 1800", 19, 25, [15]),
    ("Best unrated", 30, 60, [27]), ("Best unrated", 27, 20, [30]), ("Best 50+", 8, 100, []),
]


def _prizes(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(p["prize"], p["player"], p["amount"], p["shared_with"]) for p in data["prizes"]]


def _shared(tmp_path: Path, sharing: str) -> Path:
    table = tmp_path / f"prizes-{sharing}.toml"
    table.write_text(TABLE.read_text(encoding="utf-8").replace(
        'sharing = "tiebreak"', f'sharing = "{sharing}"'), encoding="utf-8")
    return table


@pytest.mark.parametrize(("sharing", "expected"), [
    ("tiebreak", BY_TIEBREAK), ("split", SPLIT), ("hort", HORT)])
def test_the_prizes_of_a_30_player_event_for_each_way_of_sharing(
        run, tmp_path: Path, sharing: str, expected: list[tuple[Any, ...]]) -> None:
    code, out, err = run("rate", EVENT, "--prizes", _shared(tmp_path, sharing),
                         "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    ranks = {p["id"]: (p["rank"], p["points"]) for p in data["players"]}
    # The standings of the module's docstring, which the prizes go by.
    assert [ranks[i] for i in (1, 2, 14, 4, 11, 3, 8, 10, 9, 5, 15, 7, 13, 19, 16, 21, 30,
                               27, 28)] == [
        (1, 5), (2, 4), (3, 4), (4, 3.5), (5, 3.5), (6, 3.5), (7, 3), (8, 3), (9, 3), (10, 3),
        (11, 3), (12, 3), (13, 3), (14, 3), (15, 2.5), (20, 2), (21, 2), (23, 2), (25, 1.5)]
    assert _prizes(data) == expected
    # One prize per player: nobody takes two (shares of one tie are one prize).
    winners = [p["player"] for p in data["prizes"]]
    assert len(winners) == len(set(winners))
    assert data["prizes"][0]["label"] == "Cup"
    if sharing != "tiebreak":  # the money shared is the money of the table, to the cent
        assert round(sum(p["amount"] for p in data["prizes"]), 2) == 3250


def _workbook(tmp_path: Path, run, sheet: str, table: Path) -> Path:
    """The event's own workbook (``convert --to xlsx``) with a prize sheet of ``table``'s
    rows."""
    book = tmp_path / f"open-{sheet}.xlsx"
    code, _, err = run("convert", EVENT, "--to", "xlsx", "-o", book)
    assert code == 0, err
    workbook = load_workbook(book)
    rows = workbook.create_sheet(sheet)
    for line in table.read_text(encoding="utf-8").splitlines():
        rows.append([int(c) if c.isdecimal() else c or None for c in line.split(",")])
    workbook.save(book)
    return book


def test_the_same_table_as_toml_csv_and_a_workbook_sheet_in_english_and_vietnamese(
        run, tmp_path: Path) -> None:
    english, vietnamese = PRIZES / "prizes_open.csv", PRIZES / "prizes_open_vi.csv"
    tables = [TABLE, english, vietnamese]
    given = []
    for table in tables:
        code, out, err = run("rate", EVENT, "--prizes", table, "--format", "json")
        assert code == 0, err
        given.append(json.loads(out))
    # The event's own workbook holds its prize sheet: rated from the workbook, with the
    # prizes of the same workbook, in English ('prizes') and Vietnamese ('Giải thưởng').
    for sheet, table in (("prizes", english), ("Giải thưởng", vietnamese)):
        book = _workbook(tmp_path, run, sheet, table)
        code, out, err = run("rate", book, "--prizes", book, "--format", "json")
        assert code == 0, err
        given.append(json.loads(out))
        assert len(given[-1]["players"]) == 30  # the prize sheet is no players' sheet
    expected = [(player, amount, shared) for _, player, amount, shared in BY_TIEBREAK]
    for data in given:
        assert [(p["player"], p["amount"], p["shared_with"]) for p in data["prizes"]] == \
            expected
    assert [p["prize"] for p in given[2]["prizes"]][:3] == ["Giải Nhất", "Giải Nhì", "Giải Ba"]
    assert given[2]["prizes"][0]["label"] == "Cúp"


BAD_TOML = """\
[[prize]]
name = "1st"
amount = -50
place = 1

[[prize]]
name = "2nd"
amount = 60
place = 0

[[prize]]
name = "Best U99"
amount = 30
age = "U99"

[[prize]]
name = "Best under 1800"
amount = 30
ratng_below = 1800

[rules]
sharing = "coin"
"""


def test_a_bad_prize_table_exits_2_naming_every_line_and_what_was_expected(
        run, tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(BAD_TOML, encoding="utf-8")
    shutil.copy(EVENT, tmp_path / "open.trf")
    code, out, err = run("rate", "open.trf", "--prizes", "bad.toml")
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "error: bad.toml, line 3: a negative amount; found '-50', expected a sum of money "
        "from 0, such as 100 or 2500.50",
        "error: bad.toml, line 9: unreadable place; found '0', expected a whole number from 1 "
        "to 10000",
        "error: bad.toml, line 14: unknown age group; found 'U99', expected an age group: "
        "U6 … U20, 50+, 60+, 65+ or 75+",
        "error: bad.toml, line 19: unknown key in the prize table; found 'ratng_below' (did "
        "you mean 'rating_below'?), expected one of the keys name, amount, label, place, age, "
        "women, rating_from, rating_below, unrated, federation, club, players, sharing",
        "error: bad.toml, line 22: unknown sharing of tied players; found 'coin', expected "
        "tiebreak or split or hort",
    ]
    code, _, err = run("rate", "open.trf", "--prizes", "bad.toml", "--lang", "vi")
    assert code == 2
    assert err.splitlines() == [
        "lỗi: bad.toml, dòng 3: số tiền âm; thấy '-50', cần một số tiền từ 0, như 100 hoặc "
        "2500.50",
        "lỗi: bad.toml, dòng 9: không đọc được hạng; thấy '0', cần một số nguyên từ 1 đến "
        "10000",
        "lỗi: bad.toml, dòng 14: nhóm tuổi không xác định; thấy 'U99', cần một nhóm tuổi: "
        "U6 … U20, 50+, 60+, 65+ hoặc 75+",
        "lỗi: bad.toml, dòng 19: khoá không xác định trong bảng giải thưởng; thấy "
        "'ratng_below' (có phải ý bạn là 'rating_below'?), cần một trong các mục name, "
        "amount, label, place, age, women, rating_from, rating_below, unrated, federation, "
        "club, players, sharing",
        "lỗi: bad.toml, dòng 22: không rõ cách chia giải cho đấu thủ bằng điểm; thấy 'coin', "
        "cần tiebreak hoặc split hoặc hort",
    ]


def test_a_bad_prize_sheet_names_its_cells_and_a_bad_csv_its_lines(run, tmp_path: Path) -> None:
    shutil.copy(EVENT, tmp_path / "open.trf")
    (tmp_path / "bad.csv").write_text(
        "Chia giải,chia đôi\nTên giải,Số tiền,Hạng,Nhóm tuổi\nNhất,100,1,\nNhì,-5,2,\n"
        ",20,3,\nU16,30,,U17\n", encoding="utf-8")
    code, _, err = run("rate", "open.trf", "--prizes", "bad.csv", "--lang", "vi")
    assert code == 2
    assert err.splitlines() == [
        "lỗi: bad.csv, dòng 1: không rõ cách chia giải cho đấu thủ bằng điểm; thấy "
        "'chia đôi', cần tiebreak hoặc split hoặc hort",
        "lỗi: bad.csv, dòng 4: số tiền âm; thấy '-5', cần một số tiền từ 0, như 100 hoặc "
        "2500.50",
        "lỗi: bad.csv, dòng 5: một giải không có tên, cần tên của giải (name = \"Giải Nhất\", "
        "hoặc một cột Tên giải)",
    ]  # U17 is an age group (under 6 to under 20)
    book = tmp_path / "bad.xlsx"
    workbook = load_workbook(_workbook(tmp_path, run, "prizes", PRIZES / "prizes_open.csv"))
    sheet = workbook["prizes"]
    sheet["B5"] = "lots"  # 1st's amount
    sheet["D8"] = 0  # 4th's place
    workbook.save(book)
    code, _, err = run("rate", book.name, "--prizes", book.name)
    assert code == 2
    assert err.splitlines() == [
        "error: bad.xlsx, sheet 'prizes', cell B5: unreadable amount; found 'lots', expected "
        "a sum of money from 0, such as 100 or 2500.50",
        "error: bad.xlsx, sheet 'prizes', cell D8: unreadable place; found '0', expected a "
        "whole number from 1 to 10000",
    ]


def test_a_table_that_does_not_fit_the_event_exits_2(run, tmp_path: Path) -> None:
    (tmp_path / "p.toml").write_text(
        '[[prize]]\nname = "Local"\namount = 50\nplayers = [3, 31, 99]\n\n'
        '[[prize]]\nname = "U16"\namount = 20\nage = "U16"\n', encoding="utf-8")
    # The event without its dates: an age group cannot be told.
    (tmp_path / "open.trf").write_text("".join(
        line for line in EVENT.read_text(encoding="utf-8").splitlines(keepends=True)
        if not line.startswith(("042", "052", "132"))), encoding="utf-8")
    code, _, err = run("rate", "open.trf", "--prizes", "p.toml")
    assert code == 2
    assert err.splitlines() == [
        "error: p.toml, line 1: prize 'Local': no such player in the event; found 31, 99, "
        "expected the start numbers (ids) of the event's players",
        "error: p.toml, line 6: prize 'U16': an age group needs the event's year; found an "
        "event without dates (open.trf), expected the event's dates in its file, or --date",
    ]
    code, _, err = run("rate", "open.trf", "--prizes", "p.toml", "--date", "2025-07-05",
                         "--format", "json")
    assert code == 2 and "no such player" in err


def test_the_terminal_table_is_followed_by_the_prize_list(run, tmp_path: Path) -> None:
    code, out, err = run("rate", EVENT, "--prizes", _shared(tmp_path, "split"))
    assert code == 0, err
    listed = out[out.index("\nPrizes"):].splitlines()[1:]
    assert listed[0] == "Prizes (one prize per player; tied players share the prizes they occupy)"
    assert listed[1].split() == ["Prize", "Award", "Amount", "No.", "Name", "Pts.", "Shared",
                                 "with"]
    assert re.sub(r" +", " ", listed[3]) == "1st Cup 1 000 1 Horvath, Carlos 5"
    assert re.sub(r" +", " ", listed[4]) == "2nd 500 2 Pham, Duc Anh 4 Lindqvist, Tuan (14)"
    assert re.sub(r" +", " ", listed[6]) == \
        "4th 200 4 Varga, Oskar 3.5 Varga, Goran (11), Ivanov, Pavel (3)"


def _section(html: str, name: str) -> str:
    start = html.index(f'<section id="{name}"')
    return html[start:html.index("</section>", start)]


def _cells(section: str) -> list[list[str]]:
    body = section.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(
        r"<td[^>]*>(.*?)</td>", row)] for row in body.split("</tr>") if "<td" in row]


def test_the_report_set_shows_the_prizes(run, tmp_path: Path) -> None:
    code, _, err = run("rate", EVENT, "--prizes", _shared(tmp_path, "hort"), "--out", "report")
    assert code == 0, err
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    prizes = _section(html, "prizes")
    rows = _cells(prizes)
    assert len(rows) == 15
    assert rows[0] == ["1st", "Cup", "1 000", "1", "Horvath, Carlos", "5", ""]
    assert rows[1] == ["2nd", "", "550", "2", "Pham, Duc Anh", "4", "Lindqvist, Tuan (14)"]
    assert rows[8] == ["Best woman", "", "75", "7", "Lindqvist, Karin", "3",
                       "Pham, Thi Hoa (13)"]
    assert 'href="#p-15"' in prizes  # the winner's section
    assert "Hort system" in prizes
    csv_text = (tmp_path / "report" / "prizes.csv").read_text(encoding="utf-8-sig")
    assert csv_text.splitlines()[:3] == [
        "Prize,Award,Amount,No.,Name,Pts.,Shared with", "1st,Cup,1000,1,\"Horvath, Carlos\",5,",
        "2nd,,550,2,\"Pham, Duc Anh\",4,14"]
    sheet = load_workbook(tmp_path / "report" / "report.xlsx")["Prizes"]
    assert [c.value for c in sheet[10]] == ["Best woman", None, 75, 7, "Lindqvist, Karin", 3,
                                           "13"]
    data = json.loads((tmp_path / "report" / "result.json").read_text(encoding="utf-8"))
    assert _prizes(data) == HORT
    # In Vietnamese, the section and its words.
    code, _, err = run("rate", EVENT, "--prizes", PRIZES / "prizes_open_vi.csv", "--out", "vi",
                       "--lang", "vi")
    assert code == 0, err
    html = (tmp_path / "vi" / "report.html").read_text(encoding="utf-8")
    prizes = _section(html, "prizes")
    assert "<h2>Giải thưởng</h2>" in prizes and "Chia cùng" in prizes
    assert _cells(prizes)[0] == ["Giải Nhất", "Cúp", "1 000", "1", "Horvath, Carlos", "5", ""]


def test_the_bundled_prize_table_is_the_one_the_manual_shows() -> None:
    page = (DATA.parents[1] / "docs" / "prizes.md").read_text(encoding="utf-8")
    shown = page.split("```toml prizes.toml\n", 1)[1].split("```", 1)[0]
    bundled = (DATA.parents[1] / "sample_events" / "club_rapid-prizes.toml").read_text(
        encoding="utf-8")
    assert bundled.split("\n\n", 1)[1] == shown  # after its comment
