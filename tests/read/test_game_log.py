"""A game log (no rounds) through the command line: its standings have no tie-breaks
unless asked, and the AI levels it was played against are opponents, not participants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl

from helpers import drawn, run_cli

ROOT = Path(__file__).resolve().parents[2]

#: Four games without rounds: A–B 1-0, B–C 1-0, A–C 0-1, A–B 1-0.
#: Points: A 2 (3 games), B 1 (3 games), C 1 (2 games).
SMALL_LOG = "white,black,result\nA,B,1-0\nB,C,1-0\nA,C,0-1\nA,B,1-0\n"


def rated_json(*args: str, cwd: Path) -> dict[str, Any]:
    done = run_cli("rate", *args, "--format", "json", cwd=cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def small_log(tmp_path: Path) -> Path:
    path = tmp_path / "log-games.csv"
    path.write_text(SMALL_LOG, encoding="utf-8")
    return path


def test_a_game_log_has_no_tiebreaks_by_default(tmp_path: Path) -> None:
    small_log(tmp_path)
    players = rated_json("log-games.csv", cwd=tmp_path)["players"]
    # B and C have a point each and nothing else breaks the tie: they share place 2.
    assert [(p["id"], p["points"], p["rank"], p["tiebreaks"]) for p in players] == [
        ("A", 2.0, 1, {}), ("B", 1.0, 2, {}), ("C", 1.0, 2, {})]
    table = run_cli("rate", "log-games.csv", cwd=tmp_path).stdout.splitlines()
    assert table[1].split() == ["Rk.", "No.", "Name", "Rtg", "Pts.", "Games", "W", "We", "K",
                                "Change", "New", "rating", "Needs", "Ra", "dp", "Rp"]


def test_a_game_log_counts_only_its_games_in_the_tiebreaks_asked(tmp_path: Path) -> None:
    small_log(tmp_path)
    players = rated_json("log-games.csv", "--tiebreaks", "BH,SB,KS", cwd=tmp_path)["players"]
    # A log has no rounds, so no unplayed ones and no dummy opponent (a Swiss would give
    # A a dummy worth his own 2 points for "round 2", the game of B and C: BH 5).
    # BH: A met B, C, B: 1 + 1 + 1 = 3; B met A, C, A: 2 + 1 + 2 = 5; C met B, A: 1 + 2 = 3.
    # SB: A beat B twice: 1 + 1 = 2; B beat C: 1; C beat A: 2.
    # KS (opponents with at least half the score of their own games): A 2 of 3 and C 1
    # of 2 are, B 1 of 3 is not.  A: 0 against C; B: 1 (beat C); C: 1 (beat A).
    assert [(p["id"], p["rank"], p["tiebreaks"]) for p in players] == [
        ("A", 1, {"BH": 3, "SB": 2, "KS": 0}),
        ("B", 2, {"BH": 5, "SB": 1, "KS": 1}),
        ("C", 3, {"BH": 3, "SB": 2, "KS": 1})]


# --- the Thiên Kỳ Đạo sample: 45 go games, 13 against the AI levels -------------------------

SAMPLE = "sample_events/thien-ky-dao_online.csv"
HUMANS = ["tkd_dieulinh", "tkd_minhkhoi", "tkd_quanghuy", "tkd_baongoc", "tkd_vanthanh",
          "tkd_hoaian", "tkd_ducanh"]


def sample_json(*args: str) -> dict[str, Any]:
    return rated_json(SAMPLE, "--system", "thien-ky-dao", *args, cwd=ROOT)


def test_the_sample_ranks_its_seven_players_and_no_ai_level() -> None:
    data = sample_json()
    # Without tie-breaks, equal points share a place (two on 7, three on 6).
    assert [(p["id"], p["points"], p["rank"], p["tiebreaks"]) for p in data["players"]] == [
        ("tkd_quanghuy", 7.0, 1, {}), ("tkd_baongoc", 7.0, 1, {}),
        ("tkd_dieulinh", 6.0, 3, {}), ("tkd_minhkhoi", 6.0, 3, {}),
        ("tkd_ducanh", 6.0, 3, {}), ("tkd_vanthanh", 5.0, 6, {}), ("tkd_hoaian", 3.0, 7, {})]
    # The AI levels are the reference opponents met, at the spec's fixed ratings.
    assert data["fixed_opponents"] == [
        {"id": "AI-3", "name": "Kiện Tướng", "rating": 1600, "games": 3},
        {"id": "AI-2", "name": "Kỳ Thủ", "rating": 1200, "games": 3},
        {"id": "AI-1", "name": "Nhập Môn", "rating": 800, "games": 1},
        {"id": "AI-5", "name": "Quốc Thủ", "rating": 2400, "games": 4},
        {"id": "AI-4", "name": "Đại Sư", "rating": 2000, "games": 2}]
    # 45 games, two rows each, less the AI's side of the 13 against an AI.
    games = data["games"]
    assert len(games) == 2 * 45 - 13 and {g["player"] for g in games} == set(HUMANS)
    ai_games = [g for g in games if str(g["opponent"]).startswith("AI-")]
    assert len(ai_games) == 13
    fixed = {"AI-1": 800, "AI-2": 1200, "AI-3": 1600, "AI-4": 2000, "AI-5": 2400}
    assert all(g["opponent_rating"] == fixed[g["opponent"]] for g in ai_games)


def test_a_players_ratings_game_by_game_from_the_spec() -> None:
    data = sample_json()
    khoi = [g for g in data["games"] if g["player"] == "tkd_minhkhoi"]
    # Trịnh Minh Khôi: 1420 with 28 go games before the log.  E = 1 / (1 + 10^((Ro − R)
    # / 400)); K 32 while fewer than 30 games before the game, then 16; the new rating
    # rounded half up after every game, the next game's base.
    #  game 2 v AI level 2 (fixed 1200), lost, K 32 (28 games): E = 1 / (1 + 10^-0.55)
    #    = 0.780130; 32 × (0 − 0.780130) = −24.964 → 1395.04 → 1395
    #  game 9 v Kiều Bảo Ngọc (1895 then), won, K 32 (29): E = 1 / (1 + 10^1.25) = 0.053240;
    #    +32 × 0.946760 = +30.296 → 1425
    #  game 14 v AI level 2 (1200), won, K 16 (30): E = 1 / (1 + 10^-0.5625) = 0.785027;
    #    +16 × 0.214973 = +3.440 → 1428.44 → 1428
    #  game 21 v 1629 won: E 0.239204, +12.173 → 1440;  game 35 v 1540 won: E 0.359935,
    #  +10.241 → 1450;  game 36 v 1317 won: E 0.682570, +5.079 → 1455;  game 40 v 1307
    #  lost: E 0.700977, −11.216 → 1444;  game 42 v 1591 lost: E 0.300231, −4.804 → 1439;
    #  game 44 v 1596 won: E 0.288277, +11.388 → 1450.
    assert [g["round"] for g in khoi] == [2, 9, 14, 21, 35, 36, 40, 42, 44]
    assert [g["opponent"] for g in khoi][:3] == ["AI-2", "tkd_baongoc", "AI-2"]
    assert [g["opponent_rating"] for g in khoi] == [1200, 1895, 1200, 1629, 1540, 1317,
                                                   1307, 1591, 1596]
    assert [g["k"] for g in khoi] == [32, 32] + [16] * 7
    assert [round(g["expected"], 6) for g in khoi] == [
        0.78013, 0.05324, 0.785027, 0.239204, 0.359935, 0.68257, 0.700977, 0.300231, 0.288277]
    assert [g["rating_after"] for g in khoi] == [1395, 1425, 1428, 1440, 1450, 1455, 1444,
                                                1439, 1450]
    player = next(p for p in data["players"] if p["id"] == "tkd_minhkhoi")
    # 6 of 9; ΣE = the nine E above = 4.189591; 1450 − 1420 = +30.
    assert (player["games_rated"], player["score_rated"], player["expected"],
            player["new_rating"], player["change_rounded"], player["rank"]) == (
        9, 6.0, 4.189591, 1450, 30, 3)


def test_tiebreaks_are_shown_only_when_asked(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run_cli("rate", SAMPLE, "--system", "thien-ky-dao", "--out", str(out), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["Rk.", "No.", "Name", "Rtg", "before", "Pts.", "Games", "W",
                                "We", "K", "Change", "(rounded)", "New", "rating", "Tier",
                                "after"]
    assert len(lines) == 3 + 7 and not any("AI-" in line for line in lines)
    crosstable = (out / "crosstable.csv").read_text(encoding="utf-8-sig").splitlines()
    assert crosstable[0] == "Rk.,No.,Title,Name,Rtg before,Fed.,Pts.,Change,New rating,Tier after"
    assert [row.split(",")[0] for row in crosstable[1:]] == ["1", "1", "3", "3", "3", "6", "7"]
    players_csv = (out / "players.csv").read_text(encoding="utf-8-sig").splitlines()
    assert "tiebreaks" not in players_csv[0] and len(players_csv) == 1 + 7
    html = drawn(browser, (out / "report.html").read_text(encoding="utf-8"))
    assert 'class="num tb"' not in html and 'id="p-AI-' not in html
    # The AI levels are named in the games against them, at their fixed rating.
    assert html.count("AI level 3 — Kiện Tướng (1600)") == 3
    assert html.count("AI level 5 — Quốc Thủ (2400)") == 4
    assert [line.split(",")[0] for line in players_csv[1:]] == [
        "tkd_quanghuy", "tkd_baongoc", "tkd_dieulinh", "tkd_minhkhoi", "tkd_ducanh",
        "tkd_vanthanh", "tkd_hoaian"]
    assert len((out / "games.csv").read_text(encoding="utf-8-sig").splitlines()) == \
        1 + 2 * 45 - 13
    book = openpyxl.load_workbook(out / "report.xlsx", read_only=True)
    sheets = {ws.title: list(ws.values) for ws in book.worksheets}
    assert [row[0] for row in sheets["Crosstable"][1:]] == [1, 1, 3, 3, 3, 6, 7]
    assert not any(str(h).startswith("BH") for h in sheets["Crosstable"][0])

    asked = run_cli("rate", SAMPLE, "--system", "thien-ky-dao", "--tiebreaks", "BH,SB",
                    "--out", str(out), cwd=ROOT)
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.splitlines()[1].split()[5:8] == ["Pts.", "BH", "SB"]
    crosstable = (out / "crosstable.csv").read_text(encoding="utf-8-sig").splitlines()
    assert crosstable[0].startswith("Rk.,No.,Title,Name,Rtg before,Fed.,Pts.,BH,SB,")
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count('<th class="num tb"') == 2


def test_a_log_asked_for_buchholz_sums_the_opponents_it_met() -> None:
    players = {p["id"]: p for p in sample_json("--tiebreaks", "BH")["players"]}
    # Trịnh Minh Khôi met AI-2 twice (2 points in the log), Kiều Bảo Ngọc (7), Đào Diệu
    # Linh three times (6), Đồng Đức Anh (6) and Tạ Hoài An twice (3): 2 + 2 + 7 + 18 + 6
    # + 6 = 41 — no dummy opponents for the 36 games of others.
    assert players["tkd_minhkhoi"]["tiebreaks"] == {"BH": 41}
    # Kiều Bảo Ngọc and Lương Quang Huy tie on 7 points; BH splits them.
    assert [(p["id"], p["rank"]) for p in players.values()][:2] == [
        ("tkd_baongoc", 1), ("tkd_quanghuy", 2)]


def test_vietnamese_report_names_the_ai_levels(browser: Any, tmp_path: Path) -> None:
    done = run_cli("rate", SAMPLE, "--system", "thien-ky-dao", "--lang", "vi", "--out",
                   str(tmp_path), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["Hạng", "STT", "Họ", "tên", "Elo", "trước", "Điểm", "Số", "ván",
                                "W", "We", "K", "Thay", "đổi", "(làm", "tròn)", "Elo", "mới",
                                "Bậc", "sau"]
    assert len(lines) == 3 + 7
    written = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "AI level" not in written  # nor in the page's data block
    html = drawn(browser, written)
    assert html.count("AI cấp độ 3 — Kiện Tướng (1600)") == 3
    assert "AI level" not in html and 'class="num tb"' not in html


def test_publish_makes_no_page_for_an_ai_level(browser: Any, tmp_path: Path) -> None:
    for args in (("db", "import", str(ROOT / SAMPLE), "--system", "thien-ky-dao",
                  "--pool", "go"), ("db", "recompute"), ("publish", "--out", "site")):
        done = run_cli(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    ratings = run_cli("db", "ratings", "--pool", "go", "--format", "csv", cwd=tmp_path)
    assert "AI-" not in ratings.stdout and len(ratings.stdout.splitlines()) == 1 + 7
    site = tmp_path / "site"
    assert len(list((site / "players").glob("*.html"))) == 7
    assert "AI-" not in (site / "index.html").read_text(encoding="utf-8")
    event = drawn(browser, site / "events" / "1.html")
    assert 'id="p-AI-' not in event and event.count("AI level 3 — Kiện Tướng (1600)") == 3
    assert 'class="num tb"' not in event  # still a log without tie-breaks
    assert '<td class="num" data-v="7">7</td>' in (site / "events.html").read_text(
        encoding="utf-8")  # 7 players
