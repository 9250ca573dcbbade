"""Reports of the per-game rating systems (tuong-ky, dong-son, thien-ky-dao) next to FIDE's."""

from __future__ import annotations

import csv
import dataclasses
import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from openpyxl import load_workbook

from helpers import drawn, make_event
from tournament_elo.model import Event, Result, WinMethod
from tournament_elo.rating.engine import RatingResult, rate
from tournament_elo.rating.request import RateRequest
from tournament_elo.render.html import render_html
from tournament_elo.render.json import GAME_FIELDS, PLAYER_FIELDS, to_json
from tournament_elo.render.report import write_reports

ROOT = Path(__file__).resolve().parents[2]
PLAYER_EXTRAS = ["start_rating", "change_sum", "k_last", "pool", "title_before", "title_after"]
GAME_EXTRAS = ["rating_before", "rating_after", "bonus", "multiplier"]


def shown(browser: Any, result: RatingResult, lang: str = "en") -> str:
    """The report page once its script has drawn the players' sections (which the
    readers below read)."""
    return drawn(browser, render_html(result, lang))


def section(html: str, player_id: int | str) -> str:
    """The HTML of one player's rating section."""
    start = html.index(f'id="p-{player_id}"')
    return html[start:html.index("</section>", start)]


def game_row(html: str, player_id: int | str, rnd: int) -> list[str]:
    """The cells of one round in a player's section, tags stripped."""
    body = section(html, player_id)
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                          row, re.S)]
        if cells and cells[0] == str(rnd):
            return cells
    raise AssertionError(f"no round {rnd} for player {player_id}")


def game_headers(html: str, player_id: int | str) -> list[str]:
    body = section(html, player_id)
    head = body[body.index("<thead>"):body.index("</thead>")]
    return [re.sub(r"<br>.*", "", h, flags=re.S)
            for h in re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", head, re.S)]


def totals(html: str, player_id: int | str) -> dict[str, str]:
    return dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", section(html, player_id)))


def header(html: str) -> dict[str, str]:
    facts = html[:html.index("</header>")]
    return {k: unescape(v) for k, v in re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", facts)}


def with_methods(event: Event, methods: dict[tuple[int, int], WinMethod]) -> Event:
    """``event`` with the win method of some games: ``(round, player number)`` → method,
    set on both players' rows."""
    p = event.pairings
    method = np.zeros(len(p), dtype=np.int64)
    for (rnd, number), how in methods.items():
        row = (p.round == rnd) & (p.player == number - 1)
        method[row | ((p.round == rnd) & (p.player == p.opponent[row][0]))] = int(how)
    return dataclasses.replace(event, pairings=dataclasses.replace(p, method=method))


def both_lost(event: Event, rnd: int, first: int, second: int) -> Event:
    p = event.pairings
    result = p.result.copy()
    result[(p.round == rnd) & np.isin(p.player, [first - 1, second - 1])] = int(Result.BOTH_LOST)
    return dataclasses.replace(event, pairings=dataclasses.replace(p, result=result))


def dong_son_event(settings: tuple[tuple[str, str], ...] = ()) -> Event:
    """Five players; round 1: 1 (Thuỷ, 670) beats 2 (1000) by Tiến Cung; round 2: 3 (Sơn)
    beats 2 by Tiến Cung; round 3: 4 and 2 are both declared lost; 5 never plays."""
    event = make_event([670, 1000, 1660, None, 985], [
        (1, 1, 2, "1"), (1, 3, 4, "1"), (2, 2, 3, "0"), (2, 4, 1, "="),
        (3, 1, 3, "0"), (3, 4, 2, "0")])
    event = with_methods(event, {(1, 1): WinMethod.TIEN_CUNG, (2, 2): WinMethod.TIEN_CUNG})
    return dataclasses.replace(both_lost(event, 3, 4, 2), settings=settings)


@pytest.fixture(scope="module")
def dong_son() -> RatingResult:
    return rate(dong_son_event((("level", "national"),)), "dong-son")


@pytest.fixture(scope="module")
def dong_son_html(browser: Any, dong_son: RatingResult) -> str:
    return shown(browser, dong_son)


@pytest.fixture(scope="module")
def tuong_ky() -> RatingResult:
    # The seed's example: A 1613 loses to B 1609, both with K 25 as the seed supposes.
    event = make_event([1613, 1609], [(1, 1, 2, "0")], players=[{"k": 25}, {"k": 25}])
    return rate(event, "tuong-ky")


@pytest.fixture(scope="module")
def thien_ky_dao() -> RatingResult:
    # 1 (1190) beats the level-3 AI (1600) and then 2 (new, 1000); 2 beats the AI.
    event = make_event([1190, None, None], [(1, 1, 3, "1"), (2, 2, 1, "0"), (3, 3, 2, "0")])
    players = list(event.players)
    players[2] = dataclasses.replace(players[2], id="AI-3", name="Kiện Tướng", fixed_rating=True)
    return rate(dataclasses.replace(event, players=tuple(players)), "thien-ky-dao")


# --- Cờ Đông Sơn ------------------------------------------------------------------------


def test_dong_son_game_shows_every_term_of_its_formula(dong_son_html: str) -> None:
    assert game_headers(dong_son_html, 1) == [
        "Rd.", "Opponent", "Opp. rating", "Rtg before", "P", "K", "S", "R", "L", "Change",
        "Rtg after"]
    assert "R + L × K × (S − P)" in section(dong_son_html, 1)
    # 670 vs 1000: P 0.24 (the seed's example), K 33, Thuỷ wins by Tiến Cung: R +0.7,
    # national L 1.5; 0.7 + 1.5 × 33 × (1 − 0.2403) = +38.31 → 708.3.
    assert game_row(dong_son_html, 1, 1) == [
        "1", "Player 2 (2)", "1000.0", "670.0", "0.240", "33", "1", "+0.7", "1.5", "+38.31",
        "708.3"]
    # the loser: P 0.76, K 30, R −0.7 → 965.1
    assert game_row(dong_son_html, 2, 1) == [
        "1", "Player 1 (1)", "670.0", "1000.0", "0.760", "30", "0", "-0.7", "1.5", "-34.89",
        "965.1"]
    # Sơn (moves second) wins by Tiến Cung: R +1, the loser −1
    assert game_row(dong_son_html, 3, 2)[7] == "+1"
    assert game_row(dong_son_html, 2, 2)[7] == "-1"
    assert game_row(dong_son_html, 1, 2)[7] == "0"  # a draw: no bonus


def test_dong_son_both_declared_lost_is_rated_as_a_loss_for_both(dong_son_html: str) -> None:
    for player in (2, 4):
        row = game_row(dong_son_html, player, 3)
        assert "both declared lost" in row[1]
        assert row[6] == "0" and row[9].startswith("-")


def test_dong_son_totals_and_titles(dong_son: RatingResult, dong_son_html: str) -> None:
    an = totals(dong_son_html, 1)
    assert an["Rtg"] == "670.0 → 704.5"
    assert an["Change"] == "+34.5" and an["Σ game changes"] == "+34.48"
    assert an["Games"] == "3" and an["Score"] == "1½" and an["ΣP"] == "0.82"
    assert an["Title before"] == an["Title after"] == "T2 – Tiên phong Kỳ thủ – Vanguard"
    assert an["Pool"] == "standard"
    for absent in ("Ra", "dp", "Rp", "Needs", "We"):
        assert absent not in an
    dung = totals(dong_son_html, 4)  # new: starts at 660 (T2), falls to T1
    assert dung["Title before"].startswith("T2 – ") and dung["Title after"] == (
        "T1 – Tân binh Kỳ thủ – Rookie")
    assert "Rtg 660.0 (initial rating)" in section(dong_son_html, 4)
    assert "<th>Title</th>" not in dong_son_html  # no event titles: no title column


def test_dong_son_crosstable_columns(dong_son_html: str) -> None:
    table = dong_son_html[dong_son_html.index('class="crosstable"'):
                          dong_son_html.index("</thead>")]
    heads = re.findall(r"<th(?:\s[^>]*)?>([^<]*)</th>", table)
    assert heads[:6] == ["Rk.", "No.", "Name", "Rtg before", "Fed.", "1"]
    # The Swiss default tie-breaks come right after the points (issue 5).
    assert heads[-7:] == ["Pts.", "BH/C1", "BH", "SB", "Change", "New rating", "Title after"]
    start = dong_son_html.index('href="#p-4"', dong_son_html.index('class="crosstable"'))
    row = dong_son_html[start:dong_son_html.index("</tr>", start)]
    assert ">660.0</td>" in row and ">-12.1</td>" in row and ">647.9</td>" in row
    assert '<td class="ttl" title="T1 – Tân binh Kỳ thủ – Rookie">T1</td>' in row


def test_dong_son_header_names_system_pool_and_level(dong_son_html: str) -> None:
    facts = header(dong_son_html)
    assert facts["Rating system"] == "dong-son"
    assert facts["Pool"] == "standard"
    assert facts["Level"] == "national (L = 1.5)"


def test_level_given_to_rate_is_never_misreported() -> None:
    # --set level=province: the result keeps the settings it was rated with.
    result = rate(dong_son_event(), RateRequest(system="dong-son", settings={"level": "province"}))
    assert result.settings["level"] == "province"
    assert header(render_html(result, "en"))["Level"] == "province (L = 1.2)"


def test_training_level_takes_l_from_each_games_time_control(browser: Any) -> None:
    event = dong_son_event((("level", "training"),))
    minutes = np.where(event.pairings.round == 1, 45, 15)
    event = dataclasses.replace(event, pairings=dataclasses.replace(event.pairings,
                                                                    minutes=minutes))
    html = shown(browser, rate(event, "dong-son"))
    assert header(html)["Level"] == (
        "training (L from each game's thinking time: 1 under 33 minutes per side, 2 from 33)")
    assert game_row(html, 1, 1)[8] == "2" and game_row(html, 1, 2)[8] == "1"


# --- Tượng Kỳ and Thiên Kỳ Đạo ----------------------------------------------------------


def test_tuong_ky_seed_example(browser: Any, tuong_ky: RatingResult) -> None:
    html = shown(browser, tuong_ky)
    assert game_headers(html, 1) == ["Rd.", "Opponent", "Opp. rating", "Rtg before", "E", "K",
                                     "S", "Change", "Rtg after"]
    assert "K × (S − E)" in section(html, 1) and "R + " not in html
    assert game_row(html, 1, 1) == ["1", "Player 2 (2)", "1609", "1613", "0.506", "25", "0",
                                    "-12.64", "1600"]
    assert game_row(html, 2, 1) == ["1", "Player 1 (1)", "1613", "1609", "0.494", "25", "1",
                                    "+12.64", "1621"]
    assert totals(html, 1)["Rtg"] == "1613 → 1600" and totals(html, 1)["Change"] == "-13"
    assert totals(html, 2)["Rtg"] == "1609 → 1621" and totals(html, 2)["Change"] == "+12"
    assert "Title before" not in totals(html, 1)  # the seed's titles are lost: none
    assert "Level" not in header(html) and header(html)["Pool"] == "xiangqi"


def test_thien_ky_dao_shows_tiers_and_a_fixed_ai(browser: Any,
                                                 thien_ky_dao: RatingResult) -> None:
    html = shown(browser, thien_ky_dao)
    first = totals(html, 1)
    assert first["Rtg"] == "1190 → 1209"
    assert first["Tier before"] == "Sơ Kỳ – Vào Cửa Học Đạo (10K–20K)"
    assert first["Tier after"] == "Kỳ Sĩ – Tri Âm Luận Cờ (1K–9K)"
    assert '<td class="ttl" title="Kỳ Sĩ – Tri Âm Luận Cờ (1K–9K)">Kỳ Sĩ</td>' in html
    # The AI is a reference opponent, not a participant: no section, no standings line;
    # player 1's game names it, at its fixed rating.  1190 (K 16: a rated player without
    # a game count) v 1600: E = 1 / (1 + 10^(410 / 400)) = 0.086; 16 × 0.914 = +14.62.
    assert 'id="p-AI-3"' not in html and 'href="#p-AI-3"' not in html
    assert game_row(html, 1, 1) == ["1", "AI level 3 — Kiện Tướng (1600)", "1600", "1190",
                                    "0.086", "16", "1", "+14.62", "1205"]


# --- JSON, CSV, XLSX ---------------------------------------------------------------------


def test_json_adds_the_system_fields_after_the_contract(dong_son: RatingResult,
                                                        tuong_ky: RatingResult) -> None:
    data = to_json(dong_son)
    assert list(data["players"][0]) == [*PLAYER_FIELDS, "tiebreaks", *PLAYER_EXTRAS]
    assert list(data["games"][0]) == [*GAME_FIELDS, *GAME_EXTRAS]
    an = next(p for p in data["players"] if p["id"] == 1)  # start number 1
    assert (an["start_rating"], an["pool"], an["title_before"], an["title_after"]) == (
        670.0, "standard", "T2", "T2")
    first = next(g for g in data["games"] if g["player"] == 1 and g["round"] == 1)
    assert (first["rating_before"], first["rating_after"], first["bonus"],
            first["multiplier"]) == (670.0, 708.3, 0.7, 1.5)
    absent = next(g for g in data["games"] if g["player"] == 5)
    assert absent["rating_before"] is None and absent["bonus"] is None
    json.dumps(data, allow_nan=False)  # no NaN anywhere
    # a system that keeps whole ratings writes them whole
    games = to_json(tuong_ky)["games"]
    assert (games[0]["opponent_rating"], games[0]["rating_before"],
            games[0]["rating_after"]) == (1609, 1613, 1600)
    assert all(isinstance(games[0][k], int) for k in ("rating_before", "rating_after"))


def test_fide_json_has_no_system_fields() -> None:
    data = to_json(rate(make_event([2000, 1900], [(1, 1, 2, "1")])))
    assert list(data["players"][0]) == [*PLAYER_FIELDS, "tiebreaks"]
    assert list(data["games"][0]) == list(GAME_FIELDS)


def players_named(result: RatingResult, index: int) -> str:
    """The name of the event's player at ``index`` (the outputs list players by rank)."""
    return result.event.players[index].name


def test_csv_and_xlsx_carry_the_system_columns(dong_son: RatingResult, tmp_path: Path) -> None:
    write_reports(dong_son, tmp_path, "en")
    with open(tmp_path / "games.csv", encoding="utf-8-sig", newline="") as handle:
        games = list(csv.DictReader(handle))
    assert list(games[0]) == [*GAME_FIELDS, *GAME_EXTRAS]
    absent = next(g for g in games if g["player"] == "5")
    assert absent["rating_before"] == absent["bonus"] == absent["expected"] == ""
    assert "nan" not in (tmp_path / "games.csv").read_text(encoding="utf-8-sig").lower()
    with open(tmp_path / "players.csv", encoding="utf-8-sig", newline="") as handle:
        players = list(csv.DictReader(handle))
    # The Swiss default tie-breaks come flattened after the contract's fields.
    tiebreaks = ["tiebreaks.BH/C1", "tiebreaks.BH", "tiebreaks.SB"]
    assert list(players[0]) == [*PLAYER_FIELDS, *tiebreaks, *PLAYER_EXTRAS]
    # start number 4 is new: rated from the 660 floor, no rating before
    new = next(p for p in players if p["name"] == players_named(dong_son, 3))
    assert new["start_rating"] == "660.0" and new["rating"] == ""
    assert new["title_before"] == "T2" and new["title_after"] == "T1"
    book = load_workbook(tmp_path / "report.xlsx")
    assert "Players" not in book.sheetnames and "Games" not in book.sheetnames
    crosstable = [[c.value for c in row] for row in book["Crosstable"].iter_rows()]
    assert crosstable[0][4] == "Rtg before" and crosstable[0][-7:] == [
        "Pts.", "BH/C1", "BH", "SB", "Change", "New rating", "Title after"]
    dung_line = next(r for r in crosstable if r[1] == 4)
    assert dung_line[4] == 660 and dung_line[-3:] == [-12.1, 647.9, "T1"]


# --- Vietnamese -------------------------------------------------------------------------


def test_vietnamese_page_uses_vietnamese_labels(browser: Any, dong_son: RatingResult) -> None:
    written = render_html(dong_son, "vi")
    html = drawn(browser, written)
    facts = header(html)
    assert facts["Hệ thống tính Elo"] == "dong-son"
    assert facts["Bảng xếp hạng Elo"] == "standard"
    assert facts["Cấp độ giải"] == "national (L = 1.5)"
    assert game_headers(html, 1)[2:4] == ["Elo đối thủ", "Elo trước"]
    assert game_headers(html, 1)[-2:] == ["Thay đổi", "Elo sau"]
    an = totals(html, 1)
    assert an["Danh hiệu trước"] == an["Danh hiệu sau"] == "T2 – Tiên phong Kỳ thủ – Vanguard"
    assert "Σ thay đổi các ván" in an
    assert "Elo khởi đầu" in section(html, 4)
    assert "cả hai bị xử thua" in section(html, 4)
    legend = html[html.index('class="legend"'):]
    legend = legend[:legend.index("</p>")]
    for text in ("xác suất thắng", "hệ số K", "hệ số kết quả", "hệ số cấp độ giải"):
        assert text in legend
    for english in ("Rtg before", "Title before", "Pool", "Level", "Σ game changes",
                    "probability", "Opponent"):
        assert english not in html and english not in written  # nor in the data block


def test_vietnamese_tiers(browser: Any, thien_ky_dao: RatingResult) -> None:
    html = shown(browser, thien_ky_dao, "vi")
    first = totals(html, 1)
    assert first["Bậc trước"] == "Sơ Kỳ – Vào Cửa Học Đạo (10K–20K)"
    assert first["Bậc sau"] == "Kỳ Sĩ – Tri Âm Luận Cờ (1K–9K)"
    assert game_row(html, 1, 1)[1] == "AI cấp độ 3 — Kiện Tướng (1600)"


# --- FIDE stays as it was ------------------------------------------------------------------


def test_fide_sections_keep_their_columns(browser: Any) -> None:
    html = shown(browser, rate(make_event([2000, 1900], [(1, 1, 2, "1")])))
    assert game_headers(html, 1) == ["Rd.", "Opponent", "Opp. rating", "Diff.", "We", "Score",
                                     "Change"]
    assert "K × (score − We)" in html and 'class="legend"' not in html
    for label in ("We", "K", "Change (rounded)", "New rating"):
        assert label in totals(html, 1)
    assert "Pool" not in header(html) and "Rtg before" not in html


def test_a_game_log_has_no_round_columns():
    # 70 one-game rounds is an online log, not a tournament: no crosstable round columns.
    from tournament_elo.render.view import CROSSTABLE_MAX_ROUNDS, standings, writing

    event = make_event([1500, 1500], [(r, 1 + r % 2, 2 - r % 2, "1") for r in range(1, 71)])
    result = rate(event, "tuong-ky")
    table = standings(result, writing(result, "en"))
    assert CROSSTABLE_MAX_ROUNDS < 70 and table.rounds == [] and table.cells[1] == []
    assert table.games.counts.tolist() == [70, 70]
