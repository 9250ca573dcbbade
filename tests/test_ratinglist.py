"""Rating lists: matching players and what the list changes (K state above all)."""

from datetime import date

import pytest

from helpers import make_event
from tournament_elo.engine import rate
from tournament_elo.errors import InputError
from tournament_elo.io.ratinglist import read_rating_list
from tournament_elo.model import apply_rating_list


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
        ("id,rating\n1,20x0\n", "line 2: unreadable rating"),
        ("id,ever_2400\n1,maybe\n", "line 2: unreadable ever_2400"),
    ],
)
def test_bad_lists(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(InputError, match=words):
        read_rating_list(path)
