"""Sheets for the Vietnamese rating systems: win methods, pools, time controls, AI
opponents, 0-0, game logs without rounds, event settings, and the three samples."""

from __future__ import annotations

import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xlsx_builder import write_workbook

from tournament_elo.errors import InputError
from tournament_elo.model import BLACK, NO_COLOR, WHITE, Event, EventType, Result, WinMethod
from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import read_event

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "sample_events"


def write_csv(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def game_rows(event: Event) -> np.ndarray:
    """Pairing rows that are games (an opponent), in pairing order."""
    return np.flatnonzero(event.pairings.opponent >= 0)


def ids(event: Event, column: np.ndarray) -> list[int | str]:
    return [event.players[i].id for i in column]


def read_error(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        read_event(path)
    return str(caught.value)


PLAYERS = ["id,name,rating", "1,An,2000", "2,Bình,1900", "3,Châu,1800", "4,Dũng,1700"]


def csv_event(tmp_path: Path, games: list[str], players: list[str] = PLAYERS) -> Path:
    write_csv(tmp_path / "ev-players.csv", players)
    return write_csv(tmp_path / "ev-games.csv", games)


# ------------------------------------------------------------------ the new columns


def test_win_method_pool_and_time_control_columns(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "Vòng,Trắng,Đen,Kết quả,Cách thắng,Loại cờ,Thời gian",
        "1,1,2,1-0,Tiến Cung,Cờ tướng,15",
        "1,3,4,0-1,chieu-ha,XIANGQI,15+10",
        "2,1,3,1-0,xử thắng,cờ úp,15'",
        "2,2,4,0-1,RESIGN,Jieqi,90 phút",
        "3,1,4,½-½,,Cờ Tướng,",
        "3,2,3,1-0,hết giờ,xiangqi,5 + 3",
        "4,4,1,1-0,Đầu hàng,cờ úp,25.0",
        "4,2,bye,1,,,",
    ])
    event = read_event(path)
    p = event.pairings
    assert p.method is not None and p.minutes is not None and p.pool is not None
    rows = game_rows(event)
    # Two rows per game, the same code on both; the bye row last in round 4.
    assert p.method[rows].tolist() == [
        WinMethod.TIEN_CUNG] * 2 + [WinMethod.CHIEU_HA] * 2 + [WinMethod.ADJUDICATED] * 2 + [
        WinMethod.RESIGN] * 2 + [WinMethod.UNKNOWN] * 2 + [WinMethod.TIME] * 2 + [
        WinMethod.RESIGN] * 2
    assert p.minutes[rows].tolist() == [15, 15, 15, 15, 15, 15, 90, 90, 0, 0, 5, 5, 25, 25]
    assert event.pools == ("xiangqi", "jieqi")
    assert p.pool[rows].tolist() == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1]
    bye = int(np.flatnonzero((p.round == 4) & (p.opponent < 0) & (p.result == Result.FULL_BYE))[0])
    assert (p.method[bye], p.minutes[bye], p.pool[bye]) == (0, 0, -1)  # a bye has no pool
    # Absence rows (player 3 in round 4) carry no method, time or pool either.
    absent = int(np.flatnonzero((p.round == 4) & (p.result == Result.ZERO_BYE))[0])
    assert event.players[p.player[absent]].id == 3
    assert (p.method[absent], p.minutes[absent], p.pool[absent]) == (0, 0, -1)


def test_absent_columns_stay_none_and_no_settings(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result", "1,1,2,1-0", "1,3,4,0-1"])
    event = read_event(path)
    assert (event.pairings.method, event.pairings.minutes, event.pairings.pool) == (
        None, None, None)
    assert (event.pools, event.settings) == ((), ())


def test_all_blank_pool_column_counts_as_absent(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result,pool", "1,1,2,1-0,", "1,3,4,0-1,"])
    event = read_event(path)
    assert event.pairings.pool is None and event.pools == ()


def test_english_pool_names_are_lower_cased_as_written(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "round,white,black,result,game type", "1,1,2,1-0,Go", "1,3,4,0-1,Rapid",
        "2,1,3,1-0,cờ vây", "2,2,4,1-0,Cờ Caro", "3,1,4,1-0,Cờ lật", "3,2,3,1-0,Cờ nhanh",
        "4,1,2,1-0,Tiêu chuẩn", "4,3,4,1-0,my-pool_2",
    ])
    event = read_event(path)
    assert event.pools == ("go", "rapid", "gomoku", "othello", "standard", "my-pool_2")
    p = event.pairings
    assert p.pool is not None
    assert p.pool[game_rows(event)][::2].tolist() == [0, 1, 0, 2, 3, 1, 4, 5]


# ------------------------------------------------------------------ 0-0 and -/-


def test_zero_zero_is_both_lost_and_warned_double_forfeit_stays(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result", "1,1,2,0-0", "1,3,4,-/-"])
    event = read_event(path)
    assert event.pairings.result.tolist() == [
        Result.BOTH_LOST, Result.BOTH_LOST, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS]
    messages = [str(w) for w in event.warnings]
    assert messages == [
        f"{path}, line 2: both declared lost in round 1 between players 1 and 2: no points, "
        "rated as two losses only where the rating system says so",
        f"{path}, line 3: double forfeit in round 1 between players 3 and 4: no points, "
        "rated for neither",
    ]
    assert event.points().tolist() == [0, 0, 0, 0]


# ------------------------------------------------------------------ AI opponents


def test_ai_cells_and_ai_level_column_make_each_level_once(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "round,white,black,result,ai_level",
        "1,1,AI-3,1-0,",          # named in the black cell
        "1,ai 5,2,1-0,",          # in white, another spelling
        "2,Máy 3,1,0-1,",         # 'máy 3' is AI-3 again
        "2,2,,0-1,2",             # the ai_level column, the AI's side blank
        "3,AI,3,1-0,5",           # the column, the AI's side says 'AI'
        "3,1,2,½-½,",
    ])
    event = read_event(path)
    assert [(p.index, p.id, p.name, p.rating, p.fixed_rating) for p in event.players[4:]] == [
        (4, "AI-3", "AI-3", None, True), (5, "AI-5", "AI-5", None, True),
        (6, "AI-2", "AI-2", None, True),
    ]
    assert not any(p.fixed_rating for p in event.players[:4])
    p = event.pairings
    rows = game_rows(event)
    assert list(zip(p.round[rows].tolist(), ids(event, p.player[rows]),
                    ids(event, p.opponent[rows]), p.color[rows].tolist(), strict=True)) == [
        (1, 1, "AI-3", WHITE), (1, "AI-3", 1, BLACK), (1, "AI-5", 2, WHITE),
        (1, 2, "AI-5", BLACK), (2, "AI-3", 1, WHITE), (2, 1, "AI-3", BLACK),
        (2, 2, "AI-2", WHITE), (2, "AI-2", 2, BLACK), (3, "AI-5", 3, WHITE),
        (3, 3, "AI-5", BLACK), (3, 1, 2, WHITE), (3, 2, 1, BLACK),
    ]
    # Absence rows for the real players only: player 3 in rounds 1 and 2, 4 in all three.
    absent = p.result == Result.ZERO_BYE
    assert sorted(zip(p.round[absent].tolist(), ids(event, p.player[absent]), strict=True)) == [
        (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    assert not (absent & (p.player >= 4)).any()


def test_ai_games_rated_against_the_system_s_fixed_rating(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result", "1,1,AI-3,0-1"],
                     players=["id,name,rating,games", "1,An,1600,40"])
    games = rate(read_event(path), "thien-ky-dao").games
    # 1600 v AI-3 (1600): E = 0.5, K = 16 (40 games), a loss: 1600 - 8 = 1592; AI stays.
    assert games[["player", "expected", "k", "rating_after"]].values.tolist()[0] == [
        1, 0.5, 16, 1592]
    assert games["rating_after"].tolist()[1] == 1600


def test_ai_players_without_a_players_table(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "log.csv", [
        "white,black,result,white_rating,black_rating",
        "Lan,AI-1,1-0,1500,", "AI-1,Minh,0-1,,1450", "Lan,Minh,0-1,1500,1450",
    ])
    event = read_event(path)
    assert [(p.id, p.rating, p.fixed_rating) for p in event.players] == [
        ("Lan", 1500, False), ("Minh", 1450, False), ("AI-1", None, True)]


def test_an_ai_level_the_players_table_lists_is_fixed_rated(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result", "1,1,AI-3,1-0"],
                     ["id,name,rating", "1,Lan,1500", "AI-3,Kiện Tướng,"])
    event = read_event(path)
    assert [(p.id, p.fixed_rating) for p in event.players] == [(1, False), ("AI-3", True)]
    assert rate(event, "thien-ky-dao").standings.rank.tolist() == [1, 0]  # AI-3: no place


# ------------------------------------------------------------------ game logs


def test_log_without_rounds_one_round_per_game_in_file_order(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "white,black,result", "1,2,1-0", "3,4,0-1", "1,3,1-0", "2,AI-4,0-1", "1,2,0-1",
    ])
    event = read_event(path)
    p = event.pairings
    assert p.round.tolist() == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert ids(event, p.player) == [1, 2, 3, 4, 1, 3, 2, "AI-4", 1, 2]
    assert (p.opponent >= 0).all()  # no absence rows
    assert event.rounds == 5 and event.type == EventType.SWISS
    assert event.warnings == ()


def test_log_sorted_by_date_and_time_stably(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "date,white,black,result",
        "2025-06-02 09:00,1,2,1-0",
        "2025-06-01T21:30:15,3,4,0-1",
        "2025-06-02 09:00,1,3,1-0",      # the same moment as the first: stays after it
        "01/06/2025 20:05,2,4,0-1",      # day first
        "2025-06-01,1,4,0-1",            # a date alone is midnight
    ])
    event = read_event(path)
    p = event.pairings
    white = p.color == WHITE
    assert list(zip(p.round[white].tolist(), ids(event, p.player[white]),
                    ids(event, p.opponent[white]), strict=True)) == [
        (1, 1, 4), (2, 2, 4), (3, 3, 4), (4, 1, 2), (5, 1, 3)]
    assert event.round_dates == (date(2025, 6, 1),) * 3 + (date(2025, 6, 2),) * 2
    assert (event.start, event.end) == (date(2025, 6, 1), date(2025, 6, 2))


def test_log_with_some_dates_missing_keeps_file_order_and_warns(tmp_path: Path) -> None:
    path = csv_event(tmp_path, [
        "date,board,white,black,result", "2025-06-02,1,1,2,1-0", ",1,3,4,0-1",
        "2025-06-01,1,1,3,1-0"])
    event = read_event(path)
    assert ids(event, event.pairings.player[event.pairings.color == WHITE]) == [1, 3, 1]
    assert [str(w) for w in event.warnings] == [
        f"{path}, line 1: the games table has no round column: every game is read as its own "
        "round, in order (a game log)",
        f"{path}, line 3: a game of the log has no date, so the log is rated in file order",
    ]


def test_big_log_reads_quickly_without_absence_rows(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    n_games, n_players = 20_000, 400
    white = rng.integers(0, n_players, n_games)
    black = (white + rng.integers(1, n_players, n_games)) % n_players
    lines = ["date,white,black,result,pool,time_control,win_method"]
    lines += [f"2025-03-{1 + g // 1000:02d} {g % 24:02d}:{g % 60:02d},u{w},u{b},"
              f"{'1-0' if g % 2 else '0-1'},go,15+10,resign"
              for g, (w, b) in enumerate(zip(white, black, strict=True))]
    path = write_csv(tmp_path / "big.csv", lines)
    started = time.process_time()  # CPU time: a busy machine does not change it
    event = read_event(path)
    elapsed = time.process_time() - started
    assert len(event.pairings) == 2 * n_games and event.rounds == n_games
    assert (event.pairings.opponent >= 0).all()
    assert elapsed < 10  # about 0.3 s of CPU; 100,000 rows take about 1.6 s


# ------------------------------------------------------------------ event settings


def test_event_csv_level_and_pool_become_settings(tmp_path: Path) -> None:
    write_csv(tmp_path / "ev-event.csv", ["Tên giải;Cúp Đông Sơn", "Cấp giải;Tỉnh",
                                          "Loại cờ;Cờ nhanh"])
    path = csv_event(tmp_path, ["round,white,black,result,pool", "1,1,2,1-0,",
                                "1,3,4,0-1,rapid"])
    event = read_event(path)
    assert event.settings == (("level", "province"), ("pool", "rapid"))
    # A blank pool cell takes the event's pool (a column blank throughout is no column).
    assert event.pools == ("rapid",)
    assert event.pairings.pool is not None
    assert event.pairings.pool[game_rows(event)].tolist() == [0, 0, 0, 0]


def test_workbook_event_sheet_settings_as_written(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "ds.xlsx", {
        "event": [["name", "Giải"], ["level", "National"], ["pool", "standard"]],
        "players": [["id", "name"], ["CODS-000001", "An"], ["CODS-000002", "Bình"]],
        "games": [["round", "white", "black", "result"], [1, "CODS-000001", "CODS-000002", "1-0"]],
    })
    assert read_event(path).settings == (("level", "national"), ("pool", "standard"))


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("column", "cell", "message"), [
    ("win_method", "tien cong", "line 3: unknown win method; found 'tien cong', expected "
     "tien-cung (Tiến Cung), chieu-ha (Chiếu hạ)"),
    ("pool", "cờ chớp", "line 3: unknown pool name; found 'cờ chớp', expected a pool name "
     "such as xiangqi"),
    ("time_control", "mười lăm", "line 3: bad time control; found 'mười lăm', expected "
     "minutes per side from 1 to 1440, such as 15, 15+10 or 15'"),
    ("time_control", "0+5", "line 3: bad time control; found '0+5'"),
    ("ai_level", "6", "line 3: bad AI level; found '6', expected a level from 1 to 5"),
])
def test_bad_cell_in_a_csv_names_the_line(
    tmp_path: Path, column: str, cell: str, message: str
) -> None:
    ok = {"win_method": "resign", "pool": "xiangqi", "time_control": "15", "ai_level": ""}
    path = csv_event(tmp_path, [
        f"round,white,black,result,{column}", f"1,1,2,1-0,{ok[column]}", f"2,1,,1-0,{cell}"])
    assert f"ev-games.csv, {message}" in read_error(path)


@pytest.mark.parametrize(("white", "black", "extra", "message"), [
    ("1", "AI-7", None, "cell C2: bad AI level 7; found 'AI-7', expected AI-1 … AI-5"),
    ("máy 0", "1", None, "cell B2: bad AI level 0; found 'máy 0'"),
    ("1", "AI", None, "cell C2: an AI opponent without a level; found 'AI'"),
    ("AI-1", "AI-2", None, "cell C2: a game between two AI opponents; found 'AI-1' against "
     "'AI-2'"),
    ("1", "2", 3, "cell E2: ai_level 3 is given but both sides name players; found '1' and "
     "'2'"),
    ("AI", None, 3, "cell B2: ai_level 3 is given but no player"),
    ("1", "AI-2", 3, "cell C2: the AI level of the cell and of the ai_level column differ; "
     "found 'AI-2' and ai_level 3"),
])
def test_bad_ai_opponent_in_a_workbook_names_the_cell(
    tmp_path: Path, white: Any, black: Any, extra: Any, message: str
) -> None:
    path = write_workbook(tmp_path / "ai.xlsx", {
        "players": [["id", "name"], [1, "An"], [2, "Bình"]],
        "games": [["round", "white", "black", "result", "ai_level"],
                  [1, white, black, "1-0", extra]],
    })
    assert f"ai.xlsx, sheet 'games', {message}" in read_error(path)


def test_unknown_pool_in_a_workbook_and_blank_pool_without_event_pool(tmp_path: Path) -> None:
    def book(pool: Any) -> Path:
        return write_workbook(tmp_path / "p.xlsx", {
            "players": [["id", "name"], [1, "An"], [2, "Bình"]],
            "games": [["Vòng", "Trắng", "Đen", "Kết quả", "Thể loại"], [1, 1, 2, "1-0", "go"],
                      [2, 2, 1, "1-0", pool]],
        })
    assert ("p.xlsx, sheet 'games', cell E3: unknown pool name; found 'Cờ chớp 3 phút'"
            in read_error(book("Cờ chớp 3 phút")))
    assert ("p.xlsx, sheet 'games', cell E3: no pool for this game; found a blank cell"
            in read_error(book(None)))


def test_bad_event_settings_name_the_event_cell(tmp_path: Path) -> None:
    def book(key: str, value: str) -> Path:
        return write_workbook(tmp_path / "e.xlsx", {
            "event": [["name", "X"], [key, value]],
            "players": [["id", "name"], [1, "An"], [2, "Bình"]],
            "games": [["round", "white", "black", "result"], [1, 1, 2, "1-0"]],
        })
    assert ("e.xlsx, sheet 'event', cell B2: unknown level; found 'cấp huyện'"
            in read_error(book("Cấp độ", "cấp huyện")))
    assert ("e.xlsx, sheet 'event', cell B2: unknown pool name; found 'cờ chớp'"
            in read_error(book("Loại cờ", "cờ chớp")))


def test_unreadable_date_time_in_a_log(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["date,white,black,result", "2025-06-01 25:00,1,2,1-0"])
    assert "ev-games.csv, line 2: unreadable date; found '2025-06-01 25:00'" in read_error(path)


def test_bad_ai_level_through_the_cli_is_one_line_exit_2(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result", "1,1,AI-9,1-0"])
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate", str(path),
                           "--system", "thien-ky-dao"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "ev-games.csv, line 2: bad AI level 9" in done.stderr


# ------------------------------------------------------------------ the samples


def per_player(games: Any, player: int | str) -> Any:
    return games[games["player"] == player]


def test_tuong_ky_sample() -> None:
    event = read_event(SAMPLES / "tuong-ky_co-tuong.csv")
    assert len(event.players) == 6 and event.rounds == 4 and event.pools == ("xiangqi",)
    assert event.players[5].name == "Võ Đình Khoa" and event.players[5].rating is None
    games = rate(event, "tuong-ky").games
    first = games[games["round"] == 1].iloc[:2]
    # Round 1, board 1: Đặng Văn Hùng (2085, K 15: 2000-2399) beats Lê Minh Đức (1615,
    # K 20: 1600-1999) with Red.  E = 1 / (1 + 10^((1615 - 2085) / 400)) = 1 / (1 +
    # 10^-1.175) = 1 / 1.066834 = 0.937353; Đức 0.062647.
    # Hùng: 15 × (1 - 0.937353) = +0.9397 → 2085.94, truncated 2085 (no gain at all).
    # Đức:  20 × (0 - 0.062647) = -1.2529 → 1613.75, truncated 1613 (nearest would be 1614).
    assert first["expected"].tolist() == pytest.approx([0.937353, 0.062647], abs=1e-6)
    assert first["k"].tolist() == [15, 20]
    assert first["change"].tolist() == pytest.approx([0.939711, -1.252948], abs=1e-6)
    assert first["rating_after"].tolist() == [2085, 1613]
    # The new player Võ Đình Khoa starts at 1000 (K 25) and loses to Trần Quốc Bảo (1760):
    # E = 1 / (1 + 10^(760 / 400)) = 1 / (1 + 79.4328) = 0.012433; 25 × -0.012433 =
    # -0.3108 → 999.69, truncated 999.
    khoa = per_player(games, 6).iloc[0]
    assert (khoa["rating_before"], khoa["k"], khoa["rating_after"]) == (1000, 25, 999)
    assert khoa["expected"] == pytest.approx(0.012433, abs=1e-6)


def test_dong_son_sample() -> None:
    event = read_event(SAMPLES / "dong-son_giai-tinh.xlsx")
    assert event.settings == (("level", "province"), ("pool", "standard"))
    assert len(event.players) == 8 and event.players[0].id == "CODS-000123"
    methods = event.pairings.method
    assert methods is not None
    white = event.pairings.color == WHITE
    assert methods[white].tolist() == [1, 2, 0, 1, 0, 3, 4, 5, 2, 1, 0, 0, 4, 0, 2, 1]
    assert (event.pairings.result == Result.BOTH_LOST).sum() == 2
    games = rate(event, "dong-son").games
    r1 = games[games["round"] == 1]
    # Round 1, board 1: Đỗ Mạnh Cường (1985, K 21) wins by Tiến Cung with Thuỷ against
    # Lý Hải Đăng (1050, K 30); L = 1.2 (level province).
    # P = 1 / (1 + 10^((1050 - 1985) / 660)) = 1 / (1 + 10^-1.416667) = 1 / 1.038312
    #   = 0.963102 (inside [0.01, 0.99]); Đăng 0.036898.
    # Cường: R + L×K×(S - P) = 0.7 + 1.2 × 21 × 0.036898 = 0.7 + 0.929835 = 1.629835
    #        → 1986.629835 → 1986.6.
    # Đăng: -0.7 + 1.2 × 30 × (0 - 0.036898) = -0.7 - 1.328336 = -2.028336
    #        → 1047.971664 → 1048.0.
    cuong, dang = r1.iloc[0], r1.iloc[1]
    assert (cuong["player"], dang["player"]) == ("CODS-000123", "CODS-000517")
    assert (cuong["bonus"], dang["bonus"], cuong["multiplier"]) == (0.7, -0.7, 1.2)
    assert (cuong["k"], dang["k"]) == (21, 30)
    assert cuong["expected"] == pytest.approx(0.963102, abs=1e-6)
    assert cuong["change"] == pytest.approx(1.629835, abs=1e-6)
    assert dang["change"] == pytest.approx(-2.028336, abs=1e-6)
    assert (cuong["rating_after"], dang["rating_after"]) == (1986.6, 1048.0)
    # Round 1, board 4: Đinh Công Tráng (612, K 36) wins by Tiến Cung with Sơn against
    # the new Vũ Minh Đạt (660, K 33): P(Đạt) = 1 / (1 + 10^(-48 / 660)) = 0.541768.
    # Đạt: -1 + 1.2 × 33 × (0 - 0.541768) = -22.454 → 637.5;
    # Tráng: +1 + 1.2 × 36 × (1 - 0.458232) = +24.404 → 636.4.
    dat, trang = r1.iloc[6], r1.iloc[7]
    assert (dat["rating_before"], dat["bonus"], trang["bonus"]) == (660, -1.0, 1.0)
    assert (dat["rating_after"], trang["rating_after"]) == (637.5, 636.4)
    # Round 2, board 1, 0-0: both lose points, S = 0 for each.  Cường 1986.6 (K 21) v
    # Hoàng Thị Mai 1715.1 (K 24): P = 1 / (1 + 10^(-271.5 / 660)) = 0.720552.
    # Cường: 1.2 × 21 × -0.720552 = -18.158 → 1968.4; Mai: 1.2 × 24 × -0.279448 = -8.048
    # → 1707.052 → 1707.1.
    both = games[(games["round"] == 2)].iloc[:2]
    assert both["rating_before"].tolist() == [1986.6, 1715.1]
    assert both["rating_after"].tolist() == [1968.4, 1707.1]


def test_thien_ky_dao_sample() -> None:
    event = read_event(SAMPLES / "thien-ky-dao_online.csv")
    assert event.pools == ("go",) and event.rounds == 45
    assert (event.pairings.opponent >= 0).all()  # a log: no absence rows
    ai = [p for p in event.players if p.fixed_rating]
    assert sorted(p.id for p in ai) == ["AI-1", "AI-2", "AI-3", "AI-4", "AI-5"]
    assert all(p.index >= 7 for p in ai)
    games = rate(event, "thien-ky-dao").games
    # Game 1: Đào Diệu Linh (1655, 29 games before: K 32) beats AI-3 (fixed 1600).
    # E = 1 / (1 + 10^((1600 - 1655) / 400)) = 1 / (1 + 10^-0.1375) = 1 / 1.728618 = 0.578497;
    # 32 × (1 - 0.578497) = 13.4881 → 1668.49 → 1668.  AI-3 stays 1600.
    linh = per_player(games, "tkd_dieulinh")
    assert linh.iloc[0]["expected"] == pytest.approx(0.578497, abs=1e-6)
    assert (linh.iloc[0]["k"], linh.iloc[0]["rating_after"]) == (32, 1668)
    assert per_player(games, "AI-3")["rating_after"].tolist() == [1600] * 3
    # Game 3, her 31st: 30 games before it, so K 16.  She beats Kiều Bảo Ngọc (1905):
    # E = 1 / (1 + 10^(237 / 400)) = 1 / (1 + 3.913) = 0.203545; 16 × 0.796455 = 12.743
    # → 1680.74 → 1681.
    assert linh["k"].tolist() == [32] + [16] * (len(linh) - 1)
    assert (linh.iloc[1]["round"], linh.iloc[1]["rating_after"]) == (3, 1681)
    # Trịnh Minh Khôi had 28 games: K 32 for two more, then 16.
    khoi = per_player(games, "tkd_minhkhoi")
    assert khoi["k"].tolist()[:3] == [32, 32, 16]


@pytest.mark.parametrize(("sample", "system"), [
    ("tuong-ky_co-tuong.csv", "tuong-ky"),
    ("dong-son_giai-tinh.xlsx", "dong-son"),
    ("thien-ky-dao_online.csv", "thien-ky-dao"),
])
def test_samples_rate_from_the_command_line(sample: str, system: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", f"sample_events/{sample}",
         "--system", system], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_no_color_rows_only_for_byes_and_absences(tmp_path: Path) -> None:
    path = csv_event(tmp_path, ["round,white,black,result,ai_level", "1,1,,1-0,4",
                                "1,2,bye,1,"])
    event = read_event(path)
    p = event.pairings
    assert (p.color[p.opponent < 0] == NO_COLOR).all()
    assert ids(event, p.opponent[p.player == 0]) == ["AI-4"]
