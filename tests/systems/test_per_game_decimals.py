"""The rating officer's path, part 5: per-game systems as their rules say.  A Cờ Đông
Sơn rating keeps its decimal (``1975.2``, as the tool prints it) and is a valid
starting rating in a players sheet, a ``--ratings`` list and the database; FIDE ratings
stay whole.  A fixed-rated reference opponent (AI-3) meets several players in a round."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
DONG_SON = SAMPLES / "dong-son_giai-tinh.xlsx"


def rated(run, *args: str | Path) -> dict[str, dict[str, object]]:
    code, out, err = run("rate", *args, "--format", "json")
    assert code == 0, err
    return {str(p["id"]): p for p in json.loads(out)["players"]}


def with_rating(folder: Path, player: str, value: float) -> Path:
    """The sample workbook with one player's Elo in its players sheet set to ``value``."""
    path = folder / "next-event.xlsx"
    shutil.copy(DONG_SON, path)
    book = openpyxl.load_workbook(path)
    sheet = book["Đấu thủ"]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == player:
            row[2].value = value
    book.save(path)
    return path


def test_a_dong_son_rating_with_its_decimal_starts_the_next_event(run, tmp_path):
    first = rated(run, DONG_SON, "--system", "dong-son")
    # Đỗ Mạnh Cường (CODS-000123): 1985, change -9.8, new rating 1975.2.
    assert first["CODS-000123"]["new_rating"] == 1975.2
    # In the next event's players sheet.
    sheet = with_rating(tmp_path, "CODS-000123", 1975.2)
    assert rated(run, sheet, "--system", "dong-son")["CODS-000123"]["rating"] == 1975.2
    # In a --ratings list, written as the tool prints it.
    (tmp_path / "list.csv").write_text("id,name,rating\nCODS-000123,Đỗ Mạnh Cường,1975.2\n",
                                       encoding="utf-8")
    again = rated(run, DONG_SON, "--system", "dong-son", "--ratings", "list.csv")
    assert again["CODS-000123"]["rating"] == 1975.2
    # And in the database: the list starts him from it.
    assert run("db", "import", sheet, "--system", "dong-son")[0] == 0
    assert run("db", "recompute")[0] == 0
    code, out, err = run("db", "history", "CODS-000123", "--format", "json")
    assert code == 0, err
    (row,) = json.loads(out)
    assert row["rating_before"] == 1975.2


def test_fide_ratings_stay_whole(run, tmp_path):
    sheet = with_rating(tmp_path, "CODS-000123", 1975.2)
    code, out, err = run("rate", sheet, "--system", "fide-2024")
    assert code == 2
    assert err == (f"error: {sheet}, sheet 'Đấu thủ', cell C2: a rating with more decimals "
                   "than fide-2024 keeps; found 1975.2, expected a whole number\n")
    code, out, err = run("rate", sheet, "--system", "fide-2024", "--lang", "vi")
    assert "Elo có nhiều chữ số thập phân hơn fide-2024 giữ" in err
    assert "cần một số nguyên" in err
    sheet = with_rating(tmp_path, "CODS-000123", 1975.25)  # Đông Sơn keeps one decimal
    code, out, err = run("rate", sheet, "--system", "dong-son")
    assert (code, out) == (2, "") and "expected a rating with 1 decimals" in err


def test_a_reference_opponent_meets_two_players_in_one_round(run, tmp_path):
    (tmp_path / "ai.csv").write_text(
        "Vòng,Đi trước,Đi sau,Kết quả,Ngày\n1,tkd_a,AI-3,1-0,2025-06-01\n"
        "1,tkd_b,AI-3,0-1,2025-06-01\n2,tkd_a,tkd_b,1-0,2025-06-02\n", encoding="utf-8")
    (tmp_path / "ai-players.csv").write_text("Mã,Họ tên,Elo\ntkd_a,A Một,1655\n"
                                             "tkd_b,B Hai,1420\n", encoding="utf-8")
    code, out, err = run("rate", "ai.csv", "--system", "thien-ky-dao", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    first_round = [g for g in data["games"] if g["round"] == 1]
    # Both meet Kiện Tướng (AI-3, fixed at 1600): expected 1 / (1 + 10^((1600 - R) / 400)).
    assert [(g["player"], g["opponent"], g["opponent_rating"]) for g in first_round] == [
        ("tkd_a", "AI-3", 1600), ("tkd_b", "AI-3", 1600)]
    for game, own in zip(first_round, (1655, 1420), strict=True):
        assert game["expected"] == pytest.approx(1 / (1 + 10 ** ((1600 - own) / 400)), abs=1e-6)
    assert data["fixed_opponents"] == [{"id": "AI-3", "name": "Kiện Tướng", "rating": 1600,
                                        "games": 2}]
