"""Rating lists: matching players, what the list changes (K state above all), and where
a list's problem is."""

import json
import time
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from helpers import make_event
from tournament_elo.errors import InputError
from tournament_elo.model import apply_rating_list
from tournament_elo.rating.engine import rate
from tournament_elo.read.ratinglist import read_rating_list
from tournament_elo.write.trf import write_trf


def _event():
    players = [{"fide_id": "100"}, {}, {}]
    event = make_event([2000, 2000, 2000], [(1, 1, 2, "="), (2, 2, 3, "=")],
                       end=date(2025, 1, 15), players=players)
    return event


def test_matching_by_fide_id_then_start_number_then_name(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text(
        "fide_id,id,name,rating,games,birth,ever_2400\n"
        "100,,,2100,10,,\n"  # player 1 by FIDE id: new player (10 games) → K 40
        ",2,,2050,200,2010,\n"  # player 2 by start number: junior (born 2010) → K 40
        ",,Player 3,2300,300,,yes\n",  # player 3 by name: once 2400 → K 10
        encoding="utf-8",
    )
    event = apply_rating_list(_event(), read_rating_list(path))
    assert [p.rating for p in event.players] == [2100, 2050, 2300]
    result = rate(event, "fide-2024")
    assert result.players["k"].tolist() == [40, 40, 10]


def test_xlsx_list_with_vietnamese_headers(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Mã", "Họ tên", "Hệ số", "Số ván", "K"])
    sheet.append([1, "Player 1", 1990, 5, None])
    sheet.append([3, "Player 3", 2010, 100, 15])
    book.save(tmp_path / "list.xlsx")
    event = apply_rating_list(_event(), read_rating_list(tmp_path / "list.xlsx"))
    result = rate(event, "fide-2024")
    assert [p.rating for p in event.players] == [1990, 2000, 2010]
    assert result.players["k"].tolist() == [40, 20, 15]  # 5 games → 40; explicit 15


def test_unknown_history_means_established():
    assert rate(_event(), "fide-2024").players["k"].tolist() == [20, 20, 20]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("id,name\n1,A\n", "none of the columns"),
        ("rating,games\n2000,3\n", "cannot be matched"),
        ("id,rating\n1,20x0\n", "line 2, column 'rating': unreadable rating"),
        ("id,ever_2400\n1,maybe\n", "line 2, column 'ever_2400': unreadable ever_2400"),
    ],
)
def test_bad_lists(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(InputError, match=words):
        read_rating_list(path)


# ------------------------------------------------------------------ where a problem is


def _write_event(folder: Path) -> None:
    """``ev.trf``: Pham, Son (1) beat Le, Anh (2); neither has a FIDE id."""
    event = make_event([1800, 1900], [(1, 1, 2, "1")])
    named = tuple(replace(p, name=n) for p, n in zip(event.players, ("Pham, Son", "Le, Anh"),
                                                      strict=True))
    (folder / "ev.trf").write_text(write_trf(replace(event, players=named)), encoding="utf-8")


def test_a_list_rating_with_more_decimals_than_kept_is_refused_at_its_cell(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "l_dec.csv").write_text('name,rating\n"Pham, Son",1857.5\n', encoding="utf-8")
    assert run("rate", "ev.trf", "--ratings", "l_dec.csv") == (
        2, "", "error: l_dec.csv, line 2, column 'rating': a rating with more decimals than "
        "fide-2024 keeps; found 1857.5, expected a whole number\n")
    assert run("rate", "ev.trf", "--ratings", "l_dec.csv", "--lang", "vi") == (
        2, "", "lỗi: l_dec.csv, dòng 2, cột 'rating': Elo có nhiều chữ số thập phân hơn "
        "fide-2024 giữ; thấy 1857.5, cần một số nguyên\n")
    # A workbook names the sheet and the cell.
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "ratings"
    sheet.append(["id", "rating"])
    sheet.append([2, 1901.25])
    book.save(tmp_path / "l_dec.xlsx")
    assert run("rate", "ev.trf", "--ratings", "l_dec.xlsx") == (
        2, "", "error: l_dec.xlsx, sheet 'ratings', cell B2: a rating with more decimals than "
        "fide-2024 keeps; found 1901.25, expected a whole number\n")
    # A per-game system keeps the decimal: the list's 1857.5 is Pham's rating.
    code, out, err = run("rate", "ev.trf", "--ratings", "l_dec.csv", "--system", "dong-son",
                         "--format", "json")
    assert code == 0, err
    assert [p["rating"] for p in json.loads(out)["players"]] == [1857.5, 1900]


def test_every_problem_of_a_csv_list_names_its_line_and_column(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "list.csv").write_text(
        "id,fide_id,name,rating,games,birth,ever_2400,k\n"
        "1,,Pham Son,20x0,-1,1987,maybe,200\n"  # four bad cells: each is named
        "2,,Le Anh,1900,5,3000,yes,20\n"
        ",0,,2000,,,,\n",  # no id, a FIDE id of zeros, no name: whose line is it?
        encoding="utf-8")
    code, out, err = run("rate", "ev.trf", "--ratings", "list.csv")
    year = date.today().year
    assert (code, out, err.splitlines()) == (2, "", [
        "error: list.csv, line 2, column 'rating': unreadable rating; found '20x0', expected a "
        "whole number from 0 to 4000",
        "error: list.csv, line 2, column 'games': unreadable number of games; found '-1', "
        "expected a whole number from 0 to 1000000",
        "error: list.csv, line 2, column 'ever_2400': unreadable ever_2400; found 'maybe', "
        "expected yes/no, 1/0 or true/false",
        "error: list.csv, line 2, column 'k': unreadable K factor; found '200', expected a "
        "whole number from 0 to 100",
        "error: list.csv, line 3, column 'birth': unreadable birth date; found '3000', "
        f"expected a year from 1800 to {year}",
        "error: list.csv, line 4: a list entry names no player, expected a fide_id, id or name"])


def test_a_column_is_named_as_the_list_writes_it_in_either_language(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "list.csv").write_text("Mã,Họ tên,Hệ số\n1,Pham Son,20x0\n", encoding="utf-8")
    assert run("rate", "ev.trf", "--ratings", "list.csv", "--lang", "vi") == (
        2, "", "lỗi: list.csv, dòng 2, cột 'Hệ số': không đọc được Elo; thấy '20x0', cần một "
        "số nguyên từ 0 đến 4000\n")


def test_every_problem_of_a_workbook_list_names_its_cell(run, tmp_path):
    from openpyxl import Workbook

    _write_event(tmp_path)
    book = Workbook()
    book.active.title = "notes"
    sheet = book.create_sheet("ratings")  # the sheet named like a list is read
    sheet.append(["id", "name", "rating", "k", "birth"])
    sheet.append([1, "Pham Son", "20x0", 20, 1987])
    sheet.append([2, "Le Anh", 1900, 500, "abc"])
    sheet.append([None, None, 2000])
    book.save(tmp_path / "list.xlsx")
    code, out, err = run("rate", "ev.trf", "--ratings", "list.xlsx")
    assert (code, out, err.splitlines()) == (2, "", [
        "error: list.xlsx, sheet 'ratings', cell C2: unreadable rating; found '20x0', "
        "expected a whole number from 0 to 4000",
        "error: list.xlsx, sheet 'ratings', cell D3: unreadable K factor; found '500', "
        "expected a whole number from 0 to 100",
        "error: list.xlsx, sheet 'ratings', cell E3: unreadable birth date; found 'abc', "
        "expected a year such as 1987, or a date such as 1987/05/12 or 12.05.1987 (0 or "
        "blank when unknown)",
        "error: list.xlsx, sheet 'ratings', row 4: a list entry names no player, expected a "
        "fide_id, id or name"])


def test_a_player_on_two_lines_of_the_list_is_refused(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "ids.csv").write_text("id,rating\n1,2000\n2,1900\n1,2100\n", encoding="utf-8")
    assert run("rate", "ev.trf", "--ratings", "ids.csv") == (
        2, "", "error: ids.csv, line 4, column 'id': the rating list has this player twice; "
        "found '1', also on line 2, expected one line per player (a fide_id or id tells "
        "players of one name apart)\n")
    (tmp_path / "names.csv").write_text('name,rating\n"Le, Anh",2000\n"Le, Anh",2010\n',
                                        encoding="utf-8")
    assert run("rate", "ev.trf", "--ratings", "names.csv", "--lang", "vi") == (
        2, "", "lỗi: names.csv, dòng 3, cột 'name': danh sách Elo có đấu thủ này hai lần; "
        "thấy 'Le, Anh', cũng ở dòng 2, cần mỗi đấu thủ một dòng (fide_id hoặc id phân biệt "
        "các đấu thủ trùng tên)\n")
    # A name twice that no player is found by is no problem; nor is one found by his id.
    (tmp_path / "others.csv").write_text(
        'id,name,rating\n,Someone Else,1500\n,Someone Else,1600\n2,"Le, Anh",2000\n'
        ',"Le, Anh",2010\n', encoding="utf-8")
    code, out, err = run("rate", "ev.trf", "--ratings", "others.csv", "--format", "json")
    assert code == 0, err
    assert [p["rating"] for p in json.loads(out)["players"]] == [1800, 2000]


def test_a_long_header_row_is_read_once_and_shown_short(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "wide.csv").write_text("id," + "x," * 1_000_000 + "\n1\n", encoding="utf-8")
    start = time.process_time()
    assert run("rate", "ev.trf", "--ratings", "wide.csv") == (
        # The row's first 100 characters: "id, " and 32 times "x, ".
        2, "", "error: wide.csv, line 1: the rating list has none of the columns it is read "
        f"for; found id, {'x, ' * 32}… (1,000,002 headers), expected any of rating, games, "
        "birth, ever_2400, k (with id, fide_id or name)\n")
    assert time.process_time() - start < 5  # a hang guard: two megabytes, read once


def test_a_chess_results_list_names_the_line_of_its_cell(run, tmp_path):
    _write_event(tmp_path)
    (tmp_path / "page.html").write_text(
        "<html><body><table>\n"
        "<tr><th>No.</th><th>Name</th><th>FideID</th><th>FED</th><th>Rtg</th></tr>\n"
        "<tr><td>1</td><td>Pham, Son</td><td>12345</td><td>VIE</td><td>1850</td></tr>\n"
        "<tr><td>2</td><td>Le, Anh</td><td>12346</td><td>VIE</td><td>2x00</td></tr>\n"
        "</table></body></html>\n", encoding="utf-8")
    assert run("rate", "ev.trf", "--ratings", "page.html") == (
        2, "", "error: page.html, line 4: unreadable rating; found '2x00', expected a whole "
        "number from 0 to 4000\n")


def test_a_list_gives_sex_club_region_and_activity(tmp_path):
    # The columns as a Vietnamese federation's list heads them: Giới tính, CLB, Tỉnh,
    # Hoạt động; "HCM" and "Hà Nội" as written, "nữ" a woman, "không" not active.
    path = tmp_path / "list.csv"
    path.write_text("Họ tên,Elo,Năm sinh,Giới tính,CLB,Tỉnh,Hoạt động\n"
                    "An,1800,2010,nữ,Cờ Hà Nội,Hà Nội,có\n"
                    "Bình,1700,1950,M,,HCM,không\n"
                    "Châu,1650,1990,,,,\n", encoding="utf-8")
    found = [(e.name, e.sex, e.club, e.region, e.active) for e in read_rating_list(path)]
    assert found == [("An", "w", "Cờ Hà Nội", "Hà Nội", True),
                     ("Bình", "m", None, "HCM", False),
                     ("Châu", None, None, None, None)]


def test_an_unknown_sex_or_activity_is_refused_at_its_cell(run, tmp_path):
    (tmp_path / "list.csv").write_text("name,rating,sex,active\nAn,1800,x,maybe\n",
                                       encoding="utf-8")
    code, _, err = run("db", "import-list", "list.csv", "--date", "2024-01-01")
    assert code == 2
    assert err.splitlines() == [
        "error: list.csv, line 2, column 'sex': unreadable sex; found 'x', expected m for a "
        "man or a boy, f or w for a woman or a girl (nam, nữ)",
        "error: list.csv, line 2, column 'active': unreadable active; found 'maybe', "
        "expected yes/no, 1/0 or true/false"]
