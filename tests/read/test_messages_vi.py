"""The readers' problems said in Vietnamese on the command line (``--lang vi``), each part
looked up in the catalogue before its values fill it, and a problem's kind (its message's
id) the same whatever the values: the bad files of ``tests/data/bad``.

The lines expected are written by hand from the catalogue's Vietnamese; each of these
problems was said in English under ``--lang vi`` when its text was formatted before it was
looked up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from helpers import DATA
from tournament_elo.cli.commands import main
from tournament_elo.errors import InputError
from tournament_elo.read.detect import read_event, read_ratings

BAD = DATA / "bad"


@pytest.mark.parametrize("args, line", [
    # TRF: a player record's points field, named with its columns.
    (["rate", "trf-points-inf.trf"],
     "lỗi: trf-points-inf.trf, dòng 4: không đọc được điểm (cột 81-84); thấy 'inf', cần "
     "điểm như 4.5 hoặc 4,5, từ 0 đến 100,000"),
    # TRF: a DAT record's games, a message inside a message.
    (["rate", "trf-xxr-999999999.trf"],
     "lỗi: trf-xxr-999999999.trf, dòng 3: không đọc được số vòng (bản ghi XXR); thấy "
     "'999999999', cần một số nguyên từ 0 đến 999"),
    # A sheet: a 50-digit round, shown by its start and its length.
    (["rate", "sheet-round-50-digits.csv"],
     "lỗi: sheet-round-50-digits.csv, dòng 2: vòng không phải số nguyên dương; thấy "
     "'9999999999999999999999999999999999999999'… (50 ký tự), cần 1, 2, 3, … (tối đa 999)"),
    # PGN: a Round tag of 44 digits.
    (["rate", "pgn-round-44-digits.pgn"],
     "lỗi: pgn-round-44-digits.pgn, dòng 2: không đọc được vòng; thấy "
     "'9999999999999999999999999999999999999999'… (44 ký tự), cần một vòng như 3, hoặc 3.1 "
     "cho vòng 3 bàn 1 (tối đa 999); hoặc không ván nào có thẻ Round (nhật ký ván đấu)"),
    # A chess-results crosstable: a round cell whose opponent has 41 digits.
    (["rate", "crosstable-opponent-41-digits.html"],
     "lỗi: crosstable-opponent-41-digits.html, dòng 3: vòng 1: ô kết quả vòng không rõ; thấy "
     "'99999999999999999999999999999999999999999w1', cần một ô vòng như 54b1, 29w½, 3b0, "
     "100w-, 62b+, 13b (chưa đấu), -1, -½ hoặc -0"),
    # A FIDE rating list: a standard rating of 5000.
    (["rate", "../held_c07_swiss5.trf", "--ratings", "fide-list-rating-5000.txt"],
     "lỗi: fide-list-rating-5000.txt, dòng 2, cột 'SRtng': không đọc được Elo; thấy '5000', "
     "cần một số nguyên từ 0 đến 4000"),
    # A CSV's quote never closed: what the csv module refused, at its line.
    (["rate", "list-unterminated-quote.csv"],
     "lỗi: list-unterminated-quote.csv, dòng 2: một ô mở ngoặc kép mà không đóng; thấy một "
     "dấu ngoặc kép kéo dài đến hết tệp (dòng 4), cần dấu ngoặc kép đóng (dấu ngoặc kép "
     "trong ô được viết hai lần: \"\")"),
])
def test_a_bad_file_is_refused_in_vietnamese(args: list[str], line: str,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(BAD)
    assert main([*args, "--lang", "vi"]) == 2
    assert capsys.readouterr().err == line + "\n"


def _refusal(read: Callable[[], Any]) -> InputError:
    with pytest.raises(InputError) as refused:
        read()
    return refused.value


def test_a_trf_refusal_is_of_its_kind_whatever_the_field() -> None:
    # The points (columns 81-84) and the rounds of record XXR: one kind, "unreadable {}".
    points = _refusal(lambda: read_event(BAD / "trf-points-inf.trf"))
    rounds = _refusal(lambda: read_event(BAD / "trf-xxr-999999999.trf"))
    assert points.kind == rounds.kind == "unreadable {}"
    assert (str(points.reason), str(rounds.reason)) == (
        "unreadable points (columns 81-84)", "unreadable number of rounds (record XXR)")


def test_a_sheet_refusal_is_of_its_kind() -> None:
    error = _refusal(lambda: read_event(BAD / "sheet-white-rating-1e308.csv"))
    assert error.kind == "unreadable {}"
    assert getattr(error.expected, "msgid", None) == "a whole number from {} to {}"
    assert str(error.expected) == "a whole number from 0 to 4000"


def test_a_pgn_refusal_is_of_its_kind() -> None:
    error = _refusal(lambda: read_event(BAD / "pgn-round-44-digits.pgn"))
    assert error.kind == "unreadable round"
    assert getattr(error.found, "msgid", None) == "{}… ({} characters)"
    assert getattr(error.expected, "msgid", None) == (
        "a round such as 3, or 3.1 for round 3 board 1 (at most {}); or no Round tag in any "
        "game (a game log)")


def test_a_crosstable_refusal_is_of_its_kind_whatever_its_round() -> None:
    error = _refusal(lambda: read_event(BAD / "crosstable-opponent-41-digits.html"))
    assert error.kind == "round {}: unknown round cell"
    assert str(error.reason) == "round 1: unknown round cell"


def test_a_rating_list_refusal_is_of_its_kind() -> None:
    fide = _refusal(lambda: read_ratings(BAD / "fide-list-rating-5000.txt"))
    assert fide.kind == "unreadable {}"
    csv = _refusal(lambda: read_ratings(BAD / "list-unterminated-quote.csv"))
    assert csv.kind == "a quoted cell is never closed"
    assert getattr(csv.found, "msgid", None) == (
        "a quote that runs on to the end of the file (line {})")
