"""Issue 5 reports: tie-break columns, JSON norms, the score chart, rounds, the RR grid."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from norm_events import ALL_HOME_FAILURES, gm_norm_event, home_event
from openpyxl import load_workbook

from helpers import drawn, make_event
from tournament_elo.rating.engine import RatingResult, rate
from tournament_elo.read.detect import read_event
from tournament_elo.render.html import render_html
from tournament_elo.render.json import to_json
from tournament_elo.render.report import write_reports
from tournament_elo.render.view import build_context

ROOT = Path(__file__).resolve().parents[2]
SWISS = ROOT / "sample_events" / "held_c07_swiss5.trf"
ROUND_ROBIN = Path(__file__).resolve().parents[1] / "data" / "held_c07_roundrobin6.trf"
GROS = ROOT / "sample_events" / "javafo_aum_gros_2010_after_r4.trf"
CAPO = Path(__file__).resolve().parents[1] / "data" / "javafo_aum_capo_dorso_2012_final.trf"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def swiss() -> RatingResult:
    return rate(read_event(str(SWISS)))


@pytest.fixture(scope="module")
def html(swiss: RatingResult) -> str:
    return render_html(swiss, "en")


@pytest.fixture(scope="module")
def page(browser: Any, html: str) -> str:
    """The page once its script has drawn the players' sections and the pairings."""
    return drawn(browser, html)


def crosstable_rows(html: str) -> tuple[list[str], list[list[str]]]:
    table = html[html.index('class="crosstable"'):html.index("</table>",
                                                            html.index('class="crosstable"'))]
    head = re.findall(r"<th(?:\s[^>]*)?>([^<]*)</th>", table[:table.index("</thead>")])
    body = table[table.index("<tbody>"):]
    rows = [re.findall(r"<td[^>]*>(?:<a[^>]*>)?([^<]*)", row)
            for row in body.split("</tr>") if "<td" in row]
    return head, rows


# --- 1. tie-break columns ---------------------------------------------------------------


def test_crosstable_has_the_tiebreak_columns_after_the_points(html: str) -> None:
    head, rows = crosstable_rows(html)
    at = head.index("Pts.")
    assert head[at + 1:at + 4] == ["BH/C1", "BH", "SB"]
    bruno = rows[0]
    assert bruno[0] == "1" and bruno[2] == "Bruno"
    # With the decimals FIDE's reference prints: BH to tenths, SB to hundredths.
    assert bruno[at:at + 4] == ["4", "12.0", "13.0", "9.50"]
    names = [r[2] for r in rows if r[at] == "3½"]
    assert names == ["Charline", "David", "Alyx", "Stephan"]
    assert [r[0] for r in rows if r[at] == "3½"] == ["2", "3", "4", "5"]


def test_tied_players_share_the_place_number() -> None:
    result = rate(read_event(str(ROUND_ROBIN)))
    head, rows = crosstable_rows(render_html(result, "en"))
    assert [r[0] for r in rows][:3] == ["1", "2", "2"]  # Bruno and Charline tie
    assert head[head.index("Pts.") + 1:][:4] == list(result.standings.codes)


def test_xlsx_crosstable_has_the_tiebreaks(swiss: RatingResult, tmp_path: Path) -> None:
    write_reports(swiss, tmp_path, "en")
    sheet = load_workbook(tmp_path / "report.xlsx")["Crosstable"]
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    at = rows[0].index("Pts.")
    assert rows[0][at + 1:at + 4] == ["BH/C1", "BH", "SB"]
    assert rows[1][3] == "Bruno" and rows[1][0] == 1 and rows[1][at:at + 4] == [4, 12, 13, 9.5]
    assert [r[3] for r in rows[1:] if r[at] == 3.5] == ["Charline", "David", "Alyx", "Stephan"]


# --- 2. norms ----------------------------------------------------------------------------


def test_json_lists_the_norms_of_players_with_nine_games() -> None:
    data = to_json(rate(gm_norm_event()))
    assert {"player": 1, "title": "GM", "met": True, "games": 9, "performance": 2648,
            "average": 2428, "failed": [], "forecast": None} in data["norms"]
    assert {n["player"] for n in data["norms"]} == {1}  # the others played one game each
    im = next(n for n in data["norms"] if n["title"] == "IM")
    assert im["met"] is True
    json.dumps(data)


def test_json_norms_say_what_failed(swiss: RatingResult) -> None:
    assert to_json(swiss)["norms"] == []  # 5 rounds: nobody has 9 games
    event = gm_norm_event()
    # Lose the last five games instead: the performance is out of reach, nothing listed.
    games = [(r, 1, r + 1, res) for r, res in enumerate("====00000", start=1)]
    lost = make_event([p.rating for p in event.players], games,
                      players=[{"federation": p.federation, "title": p.title}
                               for p in event.players])
    assert to_json(rate(lost))["norms"] == []
    # Nine opponents of his own federation: in reach, missed on the mix, and said so.
    gm = next(n for n in to_json(rate(home_event()))["norms"] if n["title"] == "GM")
    assert not gm["met"]
    assert gm["failed"] == ALL_HOME_FAILURES


def test_norms_section(swiss: RatingResult) -> None:
    html = render_html(rate(gm_norm_event()), "en")
    norms = html[html.index('id="norms"'):html.index("</section>", html.index('id="norms"'))]
    met = norms[norms.index('class="met"'):norms.index("</ul>", norms.index('class="met"'))]
    assert "Player 1" in met and "<b>GM</b>" in met and "2648" in met
    vi = render_html(rate(gm_norm_event()), "vi")
    assert "Chuẩn danh hiệu" in vi and "Đạt chuẩn" in vi
    assert 'id="norms"' in render_html(swiss, "en")


def test_norms_section_says_by_how_much_a_norm_failed() -> None:
    ratings = [2400] * 4 + [2350] * 4 + [2300]  # test_norms: average 2367, 13 short
    feds = ["GER"] * 3 + ["FRA"] * 3 + ["VIE"] * 3
    titles = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", None]
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t} for f, t in zip(feds, titles, strict=True)]
    games = [(r, 1, r + 1, res) for r, res in enumerate("011111111", start=1)]
    result = rate(make_event([2300, *ratings], games, players=players))
    html = render_html(result, "en")
    missed = html[html.index('class="missed"'):]
    assert "average 2367, needs 2380: 13 short" in missed
    assert "average 2367, needs 2380: 13 short" in next(
        n for n in to_json(result)["norms"] if n["title"] == "GM")["failed"]
    vi = render_html(result, "vi")
    assert "Elo trung bình đối thủ 2367, cần 2380: thiếu 13" in vi


def test_per_game_systems_have_no_norms() -> None:
    result = rate(make_event([1613, 1609], [(1, 1, 2, "0")]), "tuong-ky")
    assert to_json(result)["norms"] == []
    assert 'id="norms"' not in render_html(result, "en")


# --- 3. the score chart -----------------------------------------------------------------


def test_each_player_section_has_a_score_chart(swiss: RatingResult, page: str) -> None:
    html = page
    start = html.index('id="p-2"')
    head = html[start:html.index("</header>", start)]
    svg = head[head.index("<svg"):head.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    line = root.find(f"{SVG}polyline")
    assert line is not None
    points = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
    context = build_context(swiss, "en")
    assert len(points) == 1 + len(context["rounds"])  # the start, then each round
    ys = [y for _, y in points]
    assert ys == sorted(ys, reverse=True)  # a score never goes down
    # The axes and their titles are drawn once in the page, in the frame the chart uses.
    assert root.find(f"{SVG}use").get("href") == "#frame-score"
    assert frame_texts(html, "score") == ["Rd.", "Pts."]
    assert root.find(f"{SVG}title").text == "Score after each round: 4"
    assert html.count('class="chart score"') == len(swiss.players)
    assert "<script" not in html


def frame_texts(html: str, kind: str) -> list[str | None]:
    """The texts of the page's shared frame of a kind of chart (its axis titles)."""
    start = html.index('<svg class="chart-frames"')
    frames = ET.fromstring(html[start:html.index("</svg>", start) + len("</svg>")])
    frame = next(g for g in frames.iter("g") if g.get("id") == f"frame-{kind}")
    return [t.text for t in frame.iter("text")]


def player_svgs(html: str, player_id: int | str) -> list[ET.Element]:
    """The charts in the header of a player's section."""
    start = html.index(f'id="p-{player_id}"')
    head = html[start:html.index("</header>", start)]
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", head)]


def test_fide_rating_chart_adds_each_games_change(browser: Any, swiss: RatingResult,
                                                  page: str) -> None:
    html = page
    _, rating = player_svgs(html, 2)  # side by side: the score first, then the rating
    assert rating.get("class") == "chart rating" and rating.get("role") == "img"
    assert rating.get("aria-label") == "Rating after each game"
    # Bruno, 2150, K 20: changes 20 × (S − We) = 20 × (1 − .92), (1 − .81), (½ − .43),
    # (1 − .92), (½ − .57) = +1.6, +3.8, +1.4, +1.6, −1.4; summed from 2150:
    assert rating.find(f"{SVG}title").text == (
        "Rating after each game: 2150 → 2151.6 → 2155.4 → 2156.8 → 2158.4 → 2157")
    line = rating.find(f"{SVG}polyline")
    assert line is not None
    points = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
    # The scale: 2150 … 2159 (floor, ceiling) is under 20 points, so it is widened to
    # 2145 … 2165; the plot is x 30 … 192 over 5 games, y 8 … 70 (62 high).
    # 2150: y = 8 + 62 × (1 − 5/20) = 54.5; 2157: y = 8 + 62 × (1 − 12/20) = 32.8.
    assert points[0] == (30.0, 54.5) and points[-1] == (192.0, 32.8) and len(points) == 6
    texts = [t.text for t in rating.iter(f"{SVG}text")]
    assert texts[:2] == ["2145", "2165"] and frame_texts(html, "rating") == ["Game", "Rtg"]
    assert html.count('<g id="frame-rating">') == 1  # drawn once for every player
    assert html.count('class="chart rating"') == 16  # every player of the exercise is rated
    vi_html = drawn(browser, render_html(swiss, "vi"))
    vi = player_svgs(vi_html, 2)[1]
    assert vi.get("aria-label") == "Elo sau mỗi ván"
    assert frame_texts(vi_html, "rating") == ["Ván", "Elo"]


def test_unrated_players_have_no_rating_chart(browser: Any) -> None:
    html = drawn(browser, render_html(rate(read_event(str(GROS))), "en"))
    assert "unrated" in html[html.index('id="p-6"'):html.index("</header>",
                                                               html.index('id="p-6"'))]
    assert [svg.get("class") for svg in player_svgs(html, 6)] == ["chart score"]


def test_per_game_rating_chart_shows_the_rating_after_each_game(browser: Any) -> None:
    result = rate(read_event(str(ROOT / "sample_events" / "tuong-ky_co-tuong.csv")), "tuong-ky")
    rating = player_svgs(drawn(browser, render_html(result, "en")), 5)[1]
    # Player 5 (1432, K 25), E = 1 / (1 + 10^((Ro − R) / 400)), the new rating truncated:
    # r1 loses to 1932: E = .0532, 1432 − 1.33 → 1430; r2 loses to 999: E = .9228,
    # 1430 − 23.07 → 1406; r3 draws 1606: E = .2403, 1406 + 6.49 → 1412; r4 loses to
    # 1600: E = .2531, 1412 − 6.33 → 1405.
    assert rating.find(f"{SVG}title").text == (
        "Rating after each game: 1432 → 1430 → 1406 → 1412 → 1405")


def test_a_game_log_charts_the_rating_and_its_ai_levels_have_no_section(browser: Any) -> None:
    result = rate(read_event(str(ROOT / "sample_events" / "thien-ky-dao_online.csv")),
                  "thien-ky-dao")
    html = drawn(browser, render_html(result, "en"))
    # A game log has no rounds to chart the score by; an AI level has no section at all.
    assert 'id="p-AI-3"' not in html
    assert [svg.get("class") for svg in player_svgs(html, "tkd_baongoc")] == ["chart rating"]


# --- 4. pairings, the starting rank and the round-robin grid ----------------------------


def round_rows(html: str, rnd: int) -> list[list[str]]:
    """The rows of a round's pairings table, each cell's text without its markup."""
    start = html.index(f'id="round-{rnd}"')
    day = html[start:html.index("</table>", start)]
    body = day[day.index("<tbody>"):]
    return [[re.sub(r"<[^>]*>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
            for row in body.split("</tr>") if "<td" in row]


def test_pairings_list_every_game_of_round_one(swiss: RatingResult, page: str) -> None:
    boards = round_rows(page, 1)
    games = swiss.games[(swiss.games["round"] == 1) & (swiss.games["color"] == "w")]
    assert len(boards) == len(games) == 8
    assert {int(b[1]) for b in boards} == set(games["player"])
    # Bd., No., White, Rtg, Pts. before, Result, Pts. before, Rtg, Black, No.  In round 1
    # everybody has 0 points: the boards go by the higher rating of the two, Alyx's 2200
    # first, then Bruno's 2150 (with black against Lais), then Charline's 2100.
    assert boards[:3] == [["1", "1", "Alyx", "2200", "0", "1–0", "0", "1800", "Jessica", "9"],
                          ["2", "10", "Lais", "1750", "0", "0–1", "0", "2150", "Bruno", "2"],
                          ["3", "3", "Charline", "2100", "0", "½–½", "0", "1700", "Maria", "11"]]
    assert "Xếp cặp và kết quả từng vòng" in render_html(swiss, "vi")


def test_pairings_show_the_points_before_each_round(page: str) -> None:
    html = page
    # Points after round 1 (the TRF's first round column): Alyx, Bruno, David, Genevieve,
    # Opal and Paul won (1); Charline, Maria, Irina and Stephan drew (½); the rest lost (0).
    # Round 2 boards by the higher of the two players' points, then the higher rating:
    # 1 point: Opal–Alyx (2200), Bruno–Genevieve (2150), Irina–Paul (1850); ½: Franck–
    # Charline (2100), Maria–Stephan (1700); 0: Reine–Helene (2000), Jessica–Lais (1800).
    # David's "0 - H" is a half-point bye, Nick's "0 - U" a pairing-allocated bye.
    assert round_rows(html, 2) == [
        ["1", "13", "Opal", "1600", "1", "½–½", "1", "2200", "Alyx", "1"],
        ["2", "2", "Bruno", "2150", "1", "1–0", "1", "1900", "Genevieve", "7"],
        ["3", "8", "Irina", "1850", "½", "1–0", "1", "1550", "Paul", "14"],
        ["4", "6", "Franck", "1950", "0", "0–1", "½", "2100", "Charline", "3"],
        ["5", "11", "Maria", "1700", "½", "0–1", "½", "1450", "Stephan", "16"],
        ["6", "15", "Reine", "1500", "0", "1–0", "0", "2000", "Helene", "5"],
        ["7", "9", "Jessica", "1800", "0", "0–1", "0", "1750", "Lais", "10"],
        ["", "4", "David", "2050", "1", "½", "half-point bye"],
        ["", "12", "Nick", "1650", "0", "1", "pairing-allocated bye"]]
    # Before round 5, from rounds 1-4: Bruno 1 + 1 + ½ + 1 = 3½ leads alone; Charline
    # ½ + 1 + 1 + ½ = 3, Alyx 1 + ½ + ½ + 1 = 3, David 1 + ½ (bye) + 1 + ½ = 3; Irina
    # ½ + 1 + 0 + 1 = 2½ and Franck 0 + 0 + 1 (bye) + 1 = 2; Stephan ½ + 1 + 1 + 0 = 2½
    # and Reine 0 + 1 + 1 + 0 = 2 (2½ boards: Franck's 1950 before Reine's 1500).
    assert round_rows(html, 5)[:4] == [
        ["1", "3", "Charline", "2100", "3", "½–½", "3½", "2150", "Bruno", "2"],
        ["2", "1", "Alyx", "2200", "3", "½–½", "3", "2050", "David", "4"],
        ["3", "8", "Irina", "1850", "2½", "0–1", "2", "1950", "Franck", "6"],
        ["4", "16", "Stephan", "1450", "2½", "1–0", "2", "1500", "Reine", "15"]]
    # A forfeit is written as in the crosstable (Maria's "9 w +" in round 4: "+", Jessica
    # "-"); both have ½ before it (Maria ½ + 0 + 0, Jessica 0 + 0 + ½ from her bye).
    assert ["7", "11", "Maria", "1700", "½", "+–-", "½", "1800", "Jessica", "9"] in \
        round_rows(html, 4)


def test_pairings_and_starting_rank_in_vietnamese(browser: Any, swiss: RatingResult) -> None:
    html = drawn(browser, render_html(swiss, "vi"))
    start = html.index('id="round-2"')
    head = html[start:html.index("</thead>", start)]
    assert re.findall(r"<th[^>]*>([^<]*)</th>", head) == [
        "Bàn", "STT", "Trắng", "Elo", "Điểm", "Kết quả", "Điểm", "Elo", "Đen", "STT"]
    assert 'title="điểm trước vòng đấu"' in head
    assert ["", "4", "David", "2050", "1", "½", "nghỉ được ½ điểm"] in round_rows(html, 2)
    assert "<h2>Danh sách xếp hạng ban đầu</h2>" in html


def test_starting_rank_lists_the_players_by_start_number() -> None:
    html = render_html(rate(read_event(str(CAPO))), "en")
    start = html.index('id="starting-rank"')
    table = html[start:html.index("</table>", start)]
    head = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    # A cell's end tag is left out: a cell runs to the next cell's start.
    rows = [[re.sub(r"<[^>]*>", "", c) for c in re.split(r"<td[^>]*>", row)[1:]]
            for row in table[table.index("<tbody>"):].split("</tr>") if "<td" in row]
    assert head == ["No.", "Title", "Name", "Fed.", "FIDE id", "Rtg"]
    assert len(rows) == 84 and [r[0] for r in rows] == [str(n) for n in range(1, 85)]
    # The TRF's first lines: "001    1 M  f Seletsky Grigory  2338 UKR    14112191", ...
    assert rows[:3] == [["1", "FM", "Seletsky Grigory", "UKR", "14112191", "2338"],
                        ["2", "IM", "Glienke Manfred Dr.", "GER", "4603702", "2314"],
                        ["3", "IM", "Messa Roberto", "ITA", "800457", "2305"]]


def test_round_robin_grid() -> None:
    result = rate(read_event(str(ROUND_ROBIN)))
    grid = build_context(result, "en")["grid"]
    assert grid is not None
    n = len(result.players)
    assert len(grid["rows"]) == n and all(len(r["cells"]) == n for r in grid["rows"])
    for i, row in enumerate(grid["rows"]):
        assert row["cells"][i] == "*"
        for j, other in enumerate(grid["rows"]):
            if i != j:
                pair = {row["cells"][j], other["cells"][i]}
                assert pair in ({"1", "0"}, {"½"}, {"+", "-"}), (i, j)
    alyx = grid["rows"][0]
    assert alyx["name"] == "Alyx" and alyx["cells"] == ["*", "1", "1", "1", "½", "0"]
    html = render_html(result, "en")
    assert 'class="rrgrid"' in html and "Round-robin grid" in html
    assert build_context(rate(read_event(str(SWISS))), "en")["grid"] is None


def test_norms_section_names_the_federation_mix_exemption() -> None:
    """A zonal (B.01 1.4.3c) is exempt from the federation mix, and the section says so."""
    from dataclasses import replace

    event = gm_norm_event()
    zonal = replace(event, settings=(*event.settings, ("norm-event", "zonal")))
    assert "Federation mix: exempt under B.01 1.4.3c (zonal)" in render_html(rate(zonal), "en")
    assert "được miễn theo B.01 1.4.3c (zonal)" in render_html(rate(zonal), "vi")
    assert 'class="note exempt"' not in render_html(rate(event), "en")
