"""Plain pairing and result sheets (CSV and XLSX): samples, a TRF round trip, bad input."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xlsx_builder import write_workbook

from tournament_elo.errors import InputError
from tournament_elo.model import BLACK, NO_COLOR, WHITE, Event, EventType, Result
from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import read_event
from tournament_elo.read.sheets import read_sheets
from tournament_elo.read.trf import read_trf
from tournament_elo.render.json import to_json

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "sample_events"
PUBLIC = Path(__file__).resolve().parents[1] / "data"

RATING_FIELDS = (
    "rating", "points", "rank", "games_rated", "score_rated", "expected", "k", "change",
    "change_rounded", "new_rating", "need", "ra", "dp", "rp",
)


def points_by_id(event: Event) -> dict[int | str, float]:
    points = event.points()
    return {p.id: points[p.index] / 100 for p in event.players}


def cell(event: Event, player_id: int | str, rnd: int) -> tuple[int | str | None, int, Result]:
    """(opponent id, colour, result) of one player in one round."""
    index = next(p.index for p in event.players if p.id == player_id)
    pairings = event.pairings
    rows = np.flatnonzero((pairings.player == index) & (pairings.round == rnd))
    assert len(rows) == 1, f"player {player_id} has {len(rows)} rows in round {rnd}"
    row = int(rows[0])
    opponent = int(pairings.opponent[row])
    return (
        event.players[opponent].id if opponent >= 0 else None,
        int(pairings.color[row]),
        Result(int(pairings.result[row])),
    )


def write_csv(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------------ the samples


def test_club_rapid_csv_sample_with_vietnamese_headers() -> None:
    event = read_event(SAMPLES / "club_rapid-games.csv")
    assert event.source_format == "csv"
    assert event.name == "club_rapid"
    assert len(event.players) == 8
    assert event.rounds == 4 and event.rounds_played == 4
    assert event.type == EventType.SWISS
    assert (event.start, event.end) == (date(2025, 3, 8), date(2025, 3, 9))
    # Hand count from club_rapid-games.csv, rounds 1-4:
    #  1: W 1-0 v5, ½ v2, ½ v4, ½ v3            = 2.5
    #  2: W v6, ½ v1, ½-point bye (r3), W v7    = 3
    #  3: ½ v7, W v4, W v5, ½ v1                = 3
    #  4: W v8, L v3, ½ v1, W v5                = 2.5
    #  5: L v1, W v8, L v3, L v4                = 1
    #  6: L v2, forfeit loss v7, absent r3, W v8 = 1
    #  7: ½ v3, forfeit win v6, W v8, L v2      = 2.5
    #  8: loses all four                        = 0
    # Total 15.5 = 4 + 4 + (3 games + ½ bye) + 4.
    assert points_by_id(event) == {1: 2.5, 2: 3, 3: 3, 4: 2.5, 5: 1, 6: 1, 7: 2.5, 8: 0}
    players = {p.id: p for p in event.players}
    assert players[1].name == "Nguyễn Văn Đức"
    assert players[5].name == "Đỗ Thị Hồng Nhung" and players[5].sex == "w"
    assert players[8].rating is None  # the unrated player
    assert players[4].birth_year == 2008 and players[4].federation == "VIE"
    assert cell(event, 7, 2) == (6, WHITE, Result.FORFEIT_WIN)
    assert cell(event, 6, 2) == (7, BLACK, Result.FORFEIT_LOSS)
    assert cell(event, 2, 3) == (None, NO_COLOR, Result.HALF_BYE)
    assert cell(event, 6, 3) == (None, NO_COLOR, Result.ZERO_BYE)  # no row: absent
    assert event.round_dates == (date(2025, 3, 8), date(2025, 3, 8), date(2025, 3, 9),
                                 date(2025, 3, 9))
    # The declared Điểm column agrees with the results; 08/03/2025 and 09/03/2025 read
    # as well 3 August and 3 September, which the one warning names.
    assert [w.message for w in event.warnings] == [
        "the dates read day first as 2025-03-08 – 2025-03-09 and month first as "
        "2025-08-03 – 2025-09-03; read day first (write 2025-03-08 to be sure)"]


def test_open_2025_xlsx_sample() -> None:
    event = read_event(SAMPLES / "open_2025.xlsx")
    assert event.source_format == "xlsx"
    assert event.name == "Da Nang Summer Open 2025"
    assert event.city == "Da Nang"
    assert len(event.players) == 10
    assert event.rounds == 5 and event.rounds_played == 5
    assert event.type == EventType.SWISS
    assert (event.start, event.end) == (date(2025, 6, 14), date(2025, 6, 17))
    # Hand count from the games sheet:
    #  1: W v6, ½ v4, W v7, ½ v2, W v3               = 4
    #  2: W v7, W v5, ½ v3, ½ v1, ½ v4               = 3.5
    #  3: ½ v8, W v6, ½ v2, W v9, L v1               = 3
    #  4: W v9, ½ v1, W v5, W v8, ½ v2               = 4
    #  5: W v10, L v2, L v4, L v7, pairing bye (U)   = 2
    #  6: L v1, L v3, ½ v8, full bye (r4), ½ v9      = 2
    #  7: L v2, W v10, L v1, W v5, W v8              = 3
    #  8: ½ v3, ½ v9, ½ v6, L v4, L v7               = 1.5
    #  9: L v4, ½ v8, W v10, L v3, ½ v6              = 2
    # 10: L v5, L v7, L v9, withdrawn (absent r4-5)  = 0
    # Total 25 = 5 rounds x 5 points.
    assert points_by_id(event) == {1: 4, 2: 3.5, 3: 3, 4: 4, 5: 2, 6: 2, 7: 3, 8: 1.5, 9: 2,
                                   10: 0}
    assert cell(event, 6, 4) == (None, NO_COLOR, Result.FULL_BYE)
    assert cell(event, 5, 5) == (None, NO_COLOR, Result.PAIRING_BYE)
    assert cell(event, 10, 4) == (None, NO_COLOR, Result.ZERO_BYE)
    assert event.warnings == ()
    result = rate(event)
    assert result.system.name in ("fide-2024", "fide-2025")


@pytest.mark.parametrize("name", ["club_rapid-games.csv", "open_2025.xlsx"])
def test_samples_rate_through_the_cli(name: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate", str(SAMPLES / name)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


# ------------------------------------------------------------------ same event as a TRF

_GAME_TEXT = {
    (Result.WIN, Result.LOSS): "1-0",
    (Result.LOSS, Result.WIN): "0-1",
    (Result.DRAW, Result.DRAW): "½-½",
    (Result.FORFEIT_WIN, Result.FORFEIT_LOSS): "+/-",
    (Result.FORFEIT_LOSS, Result.FORFEIT_WIN): "-/+",
    (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS): "-/-",
}
_BYE_TEXT = {Result.HALF_BYE: "½", Result.FULL_BYE: "1", Result.PAIRING_BYE: "U",
             Result.ZERO_BYE: "Z"}


def workbook_from_trf(trf: Event, path: Path) -> Path:
    """The TRF's event as players/games/event sheets; zero byes after round 3 left out."""
    players: list[list[Any]] = [["id", "name", "rating", "federation", "birth", "sex", "points"]]
    for p in trf.players:
        players.append([p.id, p.name, p.rating, p.federation, p.birth, p.sex,
                        (p.declared_points or 0) / 100])
    ids = [p.id for p in trf.players]
    pairings = trf.pairings
    slot = {(int(pairings.player[r]), int(pairings.round[r])): r for r in range(len(pairings))}
    games: list[list[Any]] = [["round", "white", "black", "result"]]
    for r in np.lexsort((pairings.player, pairings.round)):
        rnd, me, opp = int(pairings.round[r]), int(pairings.player[r]), int(pairings.opponent[r])
        mine = Result(int(pairings.result[r]))
        if opp < 0 and not (mine == Result.ZERO_BYE and rnd > 3):
            games.append([rnd, ids[me], "bye", _BYE_TEXT[mine]])
        elif opp >= 0 and pairings.color[r] == WHITE:
            theirs = Result(int(pairings.result[slot[(opp, rnd)]]))
            games.append([rnd, ids[me], ids[opp], _GAME_TEXT[(mine, theirs)]])
    event = [["name", trf.name], ["start", trf.start], ["rounds", trf.rounds]]
    return write_workbook(path, {"players": players, "games": games, "event": event})


def test_xlsx_of_a_trf_rates_like_the_trf(tmp_path: Path) -> None:
    trf = read_trf(PUBLIC / "held_c07_swiss5.trf")
    sheets = read_sheets(workbook_from_trf(trf, tmp_path / "swiss5.xlsx"))
    assert len(sheets.players) == len(trf.players) == 16
    assert sheets.rounds == trf.rounds == 5
    assert points_by_id(sheets) == points_by_id(trf)
    assert (sheets.type, sheets.start, sheets.name) == (trf.type, trf.start, trf.name)
    assert [str(w).split(": ", 1)[1] for w in sheets.warnings] == [
        str(w).split(": ", 1)[1] for w in trf.warnings
    ]
    from_trf, from_sheets = to_json(rate(trf)), to_json(rate(sheets))
    assert from_sheets["event"] == from_trf["event"]
    by_id = {p["id"]: p for p in from_sheets["players"]}
    assert by_id.keys() == {p["id"] for p in from_trf["players"]}
    for expected in from_trf["players"]:
        got = by_id[expected["id"]]
        assert {f: got[f] for f in RATING_FIELDS} == {f: expected[f] for f in RATING_FIELDS}

    def games(json: dict[str, Any]) -> list[dict[str, Any]]:
        return sorted(json["games"], key=lambda g: (g["round"], g["player"]))

    assert games(from_sheets) == games(from_trf)


# --------------------------------------------------------------------- other layouts


def test_games_csv_alone_takes_players_and_ratings_from_the_games(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "blitz.csv", [
        "round,white,black,result,white_rating,black_rating,date",
        "1,Anna,Bao,1-0,1800,1700,2025-01-05",
        "1,Chi,Dung,0-0,1600,,2025-01-05",
        "2,Bao,Chi,1/2-1/2,1700,1600,2025-01-06",
        "2,Dung,Anna,,,1800,2025-01-06",
    ])
    event = read_sheets(path)
    assert [(p.id, p.name, p.rating) for p in event.players] == [
        ("Anna", "Anna", 1800), ("Bao", "Bao", 1700), ("Chi", "Chi", 1600), ("Dung", "Dung", None)
    ]
    assert cell(event, "Chi", 1) == ("Dung", WHITE, Result.BOTH_LOST)  # 0-0: both lost
    assert cell(event, "Dung", 1) == ("Chi", BLACK, Result.BOTH_LOST)
    assert cell(event, "Anna", 2) == ("Dung", BLACK, Result.UNPLAYED)
    # Round 2 still has a game to play (Dung-Anna): the event stands after round 1.
    assert event.rounds_played == 1 and event.name == "blitz"
    assert any("both declared lost in round 1" in str(w) for w in event.warnings)
    assert points_by_id(event) == {"Anna": 1, "Bao": 0.5, "Chi": 0.5, "Dung": 0}


def test_games_only_workbook_with_ratings(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "games.xlsx", {"Kết quả": [
        ["Vòng", "Trắng", "Đen", "Kết quả", "Elo trắng", "Elo đen"],
        [1, "Lan", "Minh", "0.5-0.5", 1900, 2000],
        [2, "Minh", "Lan", "0-1", 2000, 1900],
    ]})
    event = read_sheets(path)
    assert {p.id: p.rating for p in event.players} == {"Lan": 1900, "Minh": 2000}
    assert points_by_id(event) == {"Lan": 1.5, "Minh": 0.5}
    assert event.type == EventType.ROUND_ROBIN  # two players who meet twice


def test_names_codes_event_csv_and_bye_spellings(tmp_path: Path) -> None:
    write_csv(tmp_path / "club-players.csv", [
        "Họ tên;Elo;Mã FIDE", "Ngô Bảo Châu;2010;12345678", "Lý Thường Kiệt;1950;0",
        "Đinh Bộ Lĩnh;;",
    ])
    write_csv(tmp_path / "club-event.csv", [
        "Tên giải;Cúp Đông Sơn", "Thể thức;Vòng tròn", "Số vòng;3", "Bắt đầu;01.02.2025",
    ])
    path = write_csv(tmp_path / "club-games.csv", [
        "Vòng;Trắng;Đen;Kết quả",
        "1;1;2;1 - 0", "1;3;bye;H",
        "2;Đinh Bộ Lĩnh;Ngô Bảo Châu;-/+", "2;Lý Thường Kiệt;-;U",
        "3;2;3;½:½", "3;1;BYE;0",
    ])
    event = read_sheets(path)
    assert [p.id for p in event.players] == [1, 2, 3]  # no id column: 1..n in row order
    assert event.players[0].fide_id == "12345678" and event.players[1].fide_id is None
    assert (event.name, event.type, event.rounds) == ("Cúp Đông Sơn", EventType.ROUND_ROBIN, 3)
    assert event.start == date(2025, 2, 1)
    assert cell(event, 3, 1) == (None, NO_COLOR, Result.HALF_BYE)
    assert cell(event, 1, 2) == (3, BLACK, Result.FORFEIT_WIN)
    assert cell(event, 2, 2) == (None, NO_COLOR, Result.PAIRING_BYE)
    assert cell(event, 1, 3) == (None, NO_COLOR, Result.ZERO_BYE)
    assert points_by_id(event) == {1: 2, 2: 1.5, 3: 1}


def test_string_ids_and_declared_points_warning(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "cods.xlsx", {
        "Đấu thủ": [["ID", "Name", "Rating", "Points"], ["VN-001", "An", 2000, 1],
                    ["VN-002", "Binh", 1900, "½"]],
        "Ván đấu": [["Round", "White", "Black", "Result"], [1, "VN-001", "Binh", "1-0"]],
    })
    event = read_sheets(path)
    assert [p.id for p in event.players] == ["VN-001", "VN-002"]
    assert points_by_id(event) == {"VN-001": 1, "VN-002": 0}
    (warning,) = event.warnings
    assert "cell D3" in str(warning) and "declares 0.5 points" in str(warning)


# --------------------------------------------------------------------------- bad input

GAMES_HEADER = ["round", "board", "white", "black", "result"]
PLAYERS = [["id", "name", "rating"], [1, "An", 2000], [2, "Binh", 1900], [3, "Chau", 1800],
           [4, "Dung", 1700]]


def bad_workbook(tmp_path: Path, games: list[list[Any]]) -> Path:
    return write_workbook(tmp_path / "bad.xlsx",
                          {"players": PLAYERS, "games": [GAMES_HEADER, *games]})


def bad_csv(tmp_path: Path, games: list[str], players: list[str] | None = None) -> Path:
    write_csv(tmp_path / "bad-players.csv", players or ["id,name", "1,An", "2,Binh", "3,Chau"])
    return write_csv(tmp_path / "bad-games.csv", games)


def test_unknown_player(tmp_path: Path) -> None:
    path = bad_workbook(tmp_path, [[1, 1, 1, 2, "1-0"], [1, 2, 3, 99, "0-1"]])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad.xlsx" in message and "sheet 'games', cell D3" in message
    assert "unknown player '99' as black" in message


def test_unknown_player_name_suggests_the_close_one(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["round,white,black,result", "1,An,Bính,1-0"])
    with pytest.raises(InputError, match=r"bad-games\.csv, line 2: unknown player 'Bính'.*"
                                         r"did you mean 'Binh'"):
        read_sheets(path)


def test_player_paired_twice_in_a_round(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["round,white,black,result", "1,1,2,1-0", "1,3,2,0-1"])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad-games.csv, line 3" in message
    assert "player 2 is paired twice in round 1" in message and "line 2" in message


def test_self_pairing(tmp_path: Path) -> None:
    path = bad_workbook(tmp_path, [[1, 1, 1, "An", "1-0"]])
    with pytest.raises(InputError, match=r"bad\.xlsx, sheet 'games', cell D2: player 1 plays "
                                         r"himself in round 1"):
        read_sheets(path)


def test_unknown_result_text_says_what_is_accepted(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["round,white,black,result", "1,1,2,1-0", "2,2,1,2-0"])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad-games.csv, line 3: unknown result; found '2-0'" in message
    assert "1-0, 0-1, ½-½" in message and "+/-" in message


def test_unknown_bye_result(tmp_path: Path) -> None:
    path = bad_workbook(tmp_path, [[1, None, 1, "bye", "0-1"]])
    with pytest.raises(InputError, match=r"cell E2: unknown result for a bye.*H \(half-point"):
        read_sheets(path)


@pytest.mark.parametrize("bad_round", [0, -1, 1.5, "first", None])
def test_round_not_a_positive_whole_number(tmp_path: Path, bad_round: Any) -> None:
    path = bad_workbook(tmp_path, [[1, 1, 1, 2, "1-0"], [bad_round, 2, 3, 4, "0-1"]])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad.xlsx, sheet 'games', cell A3: the round is not a positive whole number" in message


def test_duplicate_player_id(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["round,white,black,result", "1,1,2,1-0"],
                   players=["id,name", "1,An", "2,Binh", "1,Chau"])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad-players.csv, line 4: player id 1 is used twice" in message
    assert "line 2" in message  # where the first one is


def test_missing_column_names_the_header_row(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["Giải cờ nhanh", "Vòng,Trắng,Đen,Ghi chú", "1,1,2,"])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    # The sheet is written in Vietnamese: the columns are named as it names them.
    assert "bad-games.csv, line 2: the games table has no column Kết quả" in message
    assert "Vòng, Trắng, Đen, Ghi chú" in message


def test_missing_column_in_a_workbook(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "bad.xlsx", {
        "players": PLAYERS, "games": [["round", "white", "black"], [1, 1, 2]]})
    with pytest.raises(InputError, match=r"sheet 'games', row 1: the games table has no "
                                         r"column result"):
        read_sheets(path)


def test_no_header_row(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["", "a,b,c", "1,2,3"])
    with pytest.raises(InputError) as caught:
        read_sheets(path)
    message = str(caught.value)
    assert "bad-games.csv, line 2: no header row in the games table" in message
    assert "found the first row a, b, c" in message


def test_no_header_row_in_a_workbook(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "bad.xlsx", {"games": [[None, "x", "y"], [None, 1, 2]]})
    with pytest.raises(InputError, match=r"bad\.xlsx, sheet 'games', cell B1: no header row"):
        read_sheets(path)


def test_players_file_given_instead_of_games(tmp_path: Path) -> None:
    bad_csv(tmp_path, ["round,white,black,result", "1,1,2,1-0"])
    with pytest.raises(InputError, match="this looks like a players table"):
        read_sheets(tmp_path / "bad-players.csv")


def test_bad_event_sheet_rounds(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "bad.xlsx", {
        "players": PLAYERS, "games": [GAMES_HEADER, [1, 1, 1, 2, "1-0"]],
        "event": [["name", "X"], ["rounds", "five"]]})
    with pytest.raises(InputError, match=r"sheet 'event', cell B2: the number of rounds"):
        read_sheets(path)


def test_bad_input_through_the_cli_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = bad_csv(tmp_path, ["round,white,black,result", "1,1,7,1-0"])
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "bad-games.csv, line 2" in lines[0] and "unknown player '7'" in lines[0]


def test_no_players_at_all(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "none.csv", ["round,white,black,result"])
    with pytest.raises(InputError, match=r"none\.csv, line 1: the event has no players"):
        read_sheets(path)


def test_event_sheet_header_row_rounds_and_gaps_warn(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "gaps.xlsx", {
        "event": [["Name", "Value"], ["Name", "Gap Cup"], ["Rounds", 2], ["Type", "knockout"]],
        "players": PLAYERS,
        "games": [GAMES_HEADER, [1, 1, 1, 2, "1-0"], [3, 1, 3, 4, "0-1"]],
    })
    event = read_sheets(path)
    # 4 players over 3 rounds is a round-robin schedule, which is what detection says
    assert (event.name, event.rounds, event.type) == ("Gap Cup", 3, EventType.ROUND_ROBIN)
    messages = [str(w) for w in event.warnings]
    assert any("cell B3: the event declares 2 rounds but the games go to round 3" in m
               for m in messages)
    assert any("round 2 has no games" in m for m in messages)
    assert any("cell B4: event type 'knockout' is not recognised" in m for m in messages)
    assert cell(event, 4, 1) == (None, NO_COLOR, Result.ZERO_BYE)  # absent in round 1
