"""Every input mistake caught at once, through the command line, in English and in
Vietnamese (issue 13): each test gives the exit code and the message naming the place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import DATA, run_cli

SAMPLES = DATA.parent.parent / "sample_events"

SWISS5 = SAMPLES / "held_c07_swiss5.trf"
CAPO = DATA / "javafo_aum_capo_dorso_2012_final.trf"


def refused(tmp_path: Path, *args: str) -> list[str]:
    """The error lines of a run that must end with exit code 2."""
    done = run_cli("rate", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr.splitlines()


def sheets(tmp_path: Path, games: str, players: str | None = None) -> str:
    (tmp_path / "club-games.csv").write_text(games, encoding="utf-8")
    if players is not None:
        (tmp_path / "club-players.csv").write_text(players, encoding="utf-8")
    return "club-games.csv"


GAMES = "round,white,black,result\n1,1,2,1-0\n1,3,4,0-1\n"
PLAYERS = "id,name,rating\n1,Anna,2000\n2,Binh,1900\n3,Chi,1800\n4,Dung,1700\n"


# --- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["error: --tiebreaks: C.07 has no modifier C9; found 'BH/C9', expected BH/C1, "
            "BH/C2, BH/M1 or BH/M2 (Cut-1, Cut-2, Median1, Median2)",
            "error: --tiebreaks: tie-break WIN takes no modifier C1; found 'WIN/C1', expected "
            "WIN alone, or a cut of AOB, BH, FB, PS, SB"]),
    ("vi", ["lỗi: --tiebreaks: C.07 không có biến thể C9; thấy 'BH/C9', cần BH/C1, BH/C2, "
            "BH/M1 hoặc BH/M2 (Cut-1, Cut-2, Median1, Median2)",
            "lỗi: --tiebreaks: hệ số phụ WIN không nhận biến thể C1; thấy 'WIN/C1', cần WIN "
            "không kèm biến thể, hoặc bỏ điểm của AOB, BH, FB, PS, SB"]),
])
def test_unknown_tiebreak_modifiers_are_all_refused(tmp_path, lang, lines):
    # C.07 knows Cut-1, Cut-2, Median1 and Median2 only; bh/c9 gave a column of zeros.
    assert refused(tmp_path, str(SWISS5), "--tiebreaks", "bh/c9, WIN/C1", "--lang", lang) == lines


@pytest.mark.parametrize(("lang", "start"), [
    ("en", "error: --tiebreaks: unknown tie-break; found 'XYZ', expected C.07 codes: BH, FB, "),
    ("vi", "lỗi: --tiebreaks: mã hệ số phụ không rõ; thấy 'XYZ', cần các mã C.07: BH, FB, "),
])
def test_an_unknown_tiebreak_lists_the_known_ones(tmp_path, lang, start):
    [line] = refused(tmp_path, str(SWISS5), "--tiebreaks", "BH XYZ", "--lang", lang)
    assert line.startswith(start)
    assert line.endswith("APPO/C1, APPO/C2, APPO/M1, APPO/M2")


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["error: --set: tuong-ky has no setting 'foo'; found 'foo=bar', expected one of: "
            "pool",
            "error: --set pool: unknown pool; found 'go', expected xiangqi or jieqi"]),
    ("vi", ["lỗi: --set: hệ tuong-ky không có thiết lập 'foo'; thấy 'foo=bar', cần một trong: "
            "pool",
            "lỗi: --set pool: không rõ pool; thấy 'go', cần xiangqi hoặc jieqi"]),
])
def test_unknown_settings_are_refused_naming_the_known_ones(tmp_path, lang, lines):
    args = (str(SAMPLES / "tuong-ky_co-tuong.csv"), "--system", "tuong-ky", "--set", "foo=bar",
            "--set", "pool=go", "--lang", lang)
    assert refused(tmp_path, *args) == lines


# --- headers and files -------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: club-players.csv, line 1: unknown column name; found 'Eol', expected 'Elo' "
           "(did you mean it?)"),
    ("vi", "lỗi: club-players.csv, dòng 1: tên cột không rõ; thấy 'Eol', cần 'Elo' (có phải ý "
           "bạn là cột này?)"),
])
def test_a_rating_header_with_a_typo_is_an_error_with_the_suggestion(tmp_path, lang, line):
    # Before: everyone was rated as unrated and the run exited 0 without a word.
    players = "Mã,Họ tên,Eol\n1,Anna,2000\n2,Binh,1900\n3,Chi,1800\n4,Dung,1700\n"
    assert refused(tmp_path, sheets(tmp_path, GAMES, players), "--lang", lang) == [line]


@pytest.mark.parametrize(("lang", "lines"), [
    # The sheet is Vietnamese: the columns are named as it names them, in either language.
    ("en", ["error: club-games.csv, line 1: unknown column name; found 'Trắg', expected "
            "'Trắng' (did you mean it?)"]),
    ("vi", ["lỗi: club-games.csv, dòng 1: tên cột không rõ; thấy 'Trắg', cần 'Trắng' (có phải "
            "ý bạn là cột này?)"]),
])
def test_a_games_header_with_a_typo_names_the_column_in_the_sheets_language(
        tmp_path, lang, lines):
    games = "Vòng,Trắg,Đen,Kết quả\n1,1,2,1-0\n1,3,4,0-1\n"
    assert refused(tmp_path, sheets(tmp_path, games, PLAYERS), "--lang", lang) == lines


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: club-games.csv, line 1: the games table has no column Kết quả; found the "
           "header row Vòng, Trắng, Đen, Điểm, expected columns Trắng, Đen, Kết quả"),
    ("vi", "lỗi: club-games.csv, dòng 1: bảng ván đấu thiếu cột Kết quả; thấy hàng tiêu đề "
           "Vòng, Trắng, Đen, Điểm, cần các cột Trắng, Đen, Kết quả"),
])
def test_a_missing_column_is_named_as_the_sheet_names_columns(tmp_path, lang, line):
    games = "Vòng,Trắng,Đen,Điểm\n1,1,2,1\n"
    assert refused(tmp_path, sheets(tmp_path, games, PLAYERS), "--lang", lang) == [line]


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: club-games.csv, line 1: the games name players by number, and their players "
           "file is missing; found no club-players.csv beside the games file, expected the "
           "players file club-players.csv (id, name, rating) beside it, or names and ratings "
           "in the games"),
    ("vi", "lỗi: club-games.csv, dòng 1: bảng ván đấu ghi đấu thủ bằng số, nhưng thiếu tệp đấu "
           "thủ; thấy không có tệp club-players.csv bên cạnh tệp ván đấu, cần tệp đấu thủ "
           "club-players.csv (mã, họ tên, Elo) bên cạnh, hoặc họ tên và Elo ngay trong bảng "
           "ván đấu"),
])
def test_a_games_file_without_its_players_file_is_an_error(tmp_path, lang, line):
    assert refused(tmp_path, sheets(tmp_path, GAMES), "--lang", lang) == [line]


def test_games_naming_their_players_need_no_players_file_but_nobody_rated_is_a_warning(
        tmp_path):
    games = "round,white,black,result,Ghi chú,Bàn cờ số\n1,Anna,Binh,1-0,,\n"
    (tmp_path / "club.csv").write_text(games, encoding="utf-8")
    done = run_cli("rate", "club.csv", "--out", "report", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[:3] == [
        "warning: club.csv, line 1: columns not read: 'Ghi chú', 'Bàn cờ số'",
        "warning: club.csv: the event has no date: rated under fide-2025",
        "warning: club.csv: no player has a rating under fide-2025: every player is rated as "
        "unrated (give ratings in the file, or a rating list with --ratings)",
    ]
    report = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "no player has a rating under fide-2025" in report
    done = run_cli("rate", "club.csv", "--lang", "vi", cwd=tmp_path)
    assert ("cảnh báo: club.csv: không đấu thủ nào có Elo theo hệ fide-2025: mọi đấu thủ được "
            "tính như chưa có Elo (hãy ghi Elo trong tệp, hoặc đưa danh sách Elo bằng "
            "--ratings)") in done.stderr.splitlines()


# --- every problem in one run --------------------------------------------------------------


THREE = ("round,white,black,result\n1,1,2,1-0\nx,3,4,1-0\n2,1,9,1-0\n2,2,3,1-1\n",
         "id,name,rating\n1,Anna,2000\n2,Binh,abc\n3,Chi,1800\n4,Dung,1700\n")


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["error: club-players.csv, line 3: unreadable rating; found 'abc', expected a whole "
            "number from 0 to 4000",
            "error: club-games.csv, line 3: the round is not a positive whole number; found "
            "'x', expected 1, 2, 3, … (at most 999)",
            "error: club-games.csv, line 4: unknown player '9' as black; found no player with "
            "this id or name, expected the id or exact name of a player in club-players.csv",
            "error: club-games.csv, line 5: unknown result; found '1-1', expected 1-0, 0-1, ½-½ "
            "(0.5-0.5, 1/2-1/2, =), +/- or -/+ (forfeit), -/- (double forfeit), 0-0 (both "
            "declared lost), or blank (not played yet)"]),
    ("vi", ["lỗi: club-players.csv, dòng 3: không đọc được Elo; thấy 'abc', cần một số nguyên "
            "từ 0 đến 4000",
            "lỗi: club-games.csv, dòng 3: vòng không phải số nguyên dương; thấy 'x', cần 1, 2, "
            "3, … (tối đa 999)",
            "lỗi: club-games.csv, dòng 4: không có đấu thủ '9' cầm quân Đen; thấy không đấu "
            "thủ nào có mã hay họ tên này, cần mã hoặc đúng họ tên một đấu thủ trong "
            "club-players.csv",
            "lỗi: club-games.csv, dòng 5: kết quả không rõ; thấy '1-1', cần 1-0, 0-1, ½-½ "
            "(0.5-0.5, 1/2-1/2, =), +/- hoặc -/+ (thắng/thua không đấu), -/- (cả hai không "
            "đấu), 0-0 (cả hai bị xử thua), hoặc để trống (chưa đấu)"]),
])
def test_a_sheet_with_several_mistakes_reports_them_all_in_one_run(tmp_path, lang, lines):
    assert refused(tmp_path, sheets(tmp_path, *THREE), "--lang", lang) == lines


@pytest.mark.parametrize(("players", "lines"), [
    # The players file's rating, at its line; a rating given in the games, at its cell's.
    (PLAYERS.replace("Binh,1900", "Binh,1900.5"),
     ["error: club-players.csv, line 3: a rating with more decimals than fide-2024 keeps; "
      "found 1900.5, expected a whole number"]),
    (None, ["error: club-games.csv, line 2: a rating with more decimals than fide-2024 keeps; "
            "found 1950.25, expected a whole number"]),
])
def test_a_rating_with_decimals_is_blamed_on_the_file_and_line_it_is_in(tmp_path, players,
                                                                        lines):
    games = GAMES if players else ("round,white,black,result,white_rating,black_rating\n"
                                   "1,1,2,1-0,2000,1950.25\n")
    path = sheets(tmp_path, games, players)
    assert refused(tmp_path, path, "--system", "fide", "--date", "2025-01-01") == lines


@pytest.mark.parametrize(("lang", "last"), [("en", "error: and 10 more"),
                                            ("vi", "lỗi: và 10 lỗi khác")])
def test_past_fifty_problems_the_rest_are_counted(tmp_path, lang, last):
    games = "round,white,black,result\n" + "".join(f"{n},1,2,{n}-{n}\n" for n in range(2, 62))
    lines = refused(tmp_path, sheets(tmp_path, games, PLAYERS), "--lang", lang)
    # 60 bad results (2-2 … 61-61, rounds 2-61) on lines 2-61: 50 shown, then the count.
    assert len(lines) == 51 and lines[-1] == last
    assert lines[49].split(",")[1] in (" line 51: unknown result; found '51-51'",
                                       " dòng 51: kết quả không rõ; thấy '51-51'")


@pytest.mark.parametrize(("lang", "count", "summary"), [
    ("en", "and 10 more", "1 imported, 0 replaced, 0 unchanged, 1 failed; 36 games"),
    ("vi", "và 10 lỗi khác", "1 đã nhập, 0 thay thế, 0 không đổi, 1 lỗi; 36 ván")])
def test_an_import_says_whose_problems_past_fifty_it_counts(tmp_path, lang, count, summary):
    # An import reports many files' problems one after another: the count of those not
    # shown names its file.  The 60 bad results of the sheet above, and a good event.
    games = "round,white,black,result\n" + "".join(f"{n},1,2,{n}-{n}\n" for n in range(2, 62))
    events = tmp_path / "events"
    events.mkdir()
    sheets(events, games, PLAYERS)
    (events / "swiss5.trf").write_bytes(SWISS5.read_bytes())
    done = run_cli("db", "import", "events", "--lang", lang, cwd=tmp_path)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 51 and lines[-1] == (
        f"{'error' if lang == 'en' else 'lỗi'}: {events / 'club-games.csv'}: {count}")
    # held_c07_swiss5.trf's pairings with an opponent, each counted once: its 68 cells
    # with a result 1, 0 or = are 34 games, its 4 with + or - are 2 forfeits: 36.
    assert done.stdout == summary + "\n"


def test_every_bad_record_of_a_trf_file_at_once(tmp_path):
    lines = SWISS5.read_text(encoding="utf-8").splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("001")][:2]
    lines[at[0]] = lines[at[0]][:48] + "99x9" + lines[at[0]][52:]  # the rating, columns 49-52
    lines[at[1]] = lines[at[1]][:80] + "zz.z" + lines[at[1]][84:]  # the points, columns 81-84
    (tmp_path / "two.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert refused(tmp_path, "two.trf") == [
        f"error: two.trf, line {at[0] + 1}: unreadable rating (columns 49-52); found '99x9', "
        "expected a whole number from 0 to 4000",
        f"error: two.trf, line {at[1] + 1}: unreadable points (columns 81-84); found 'zz.z', "
        "expected points such as 4.5 or 4,5, from 0 to 100,000",
    ]


def test_a_vietnamese_locale_gives_vietnamese_messages(tmp_path):
    sheets(tmp_path, GAMES)
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate", "club-games.csv"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**env, "LANG": "vi_VN.UTF-8"})
    assert done.returncode == 2
    assert done.stderr.startswith("lỗi: club-games.csv, dòng 1: bảng ván đấu ghi đấu thủ bằng số")


# --- dates and results ---------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "line"), [
    ("en", f"warning: {CAPO}: the event's dates 2012-02-06 – 2012-09-06 span 214 days for 9 "
           "rounds, more than the 70 days they take at a round a week; with day and month "
           "swapped they read 2012-06-02 – 2012-06-09 (8 days): check the dates"),
    ("vi", f"cảnh báo: {CAPO}: ngày của giải 2012-02-06 – 2012-09-06 kéo dài 214 ngày cho 9 vòng, "
           "quá 70 ngày (mỗi tuần một vòng); đổi chỗ ngày và tháng thì là 2012-06-02 – "
           "2012-06-09 (8 ngày): hãy kiểm tra lại ngày"),
])
def test_dates_that_do_not_fit_the_rounds_are_a_warning_with_both_readings(tmp_path, lang, line):
    # Capo d'Orso 2012 (9 rounds) is dated 042 2012-02-06, 052 2012-09-06 in its TRF: 214
    # days (6 Feb – 6 Sep, both counted). A round a week and a week more is 9 × 7 + 7 = 70.
    # Swapped: 2 – 9 June, 8 days.
    done = run_cli("rate", str(CAPO), "--lang", lang, cwd=tmp_path)
    assert done.returncode == 0
    assert line in done.stderr.splitlines()


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: club-games.csv, line 2: round 1: the game Anna (1) – Binh (2) has no result; "
           "found a blank result, expected its result, since round 3 has results"),
    ("vi", "lỗi: club-games.csv, dòng 2: vòng 1: ván Anna (1) – Binh (2) chưa có kết quả; thấy "
           "kết quả để trống, cần kết quả của ván, vì vòng 3 đã có kết quả"),
])
def test_a_blank_result_before_a_played_round_is_an_error(tmp_path, lang, line):
    games = ("round,white,black,result\n1,1,2,\n1,3,4,1-0\n2,1,3,1-0\n2,2,4,0-1\n"
             "3,1,4,=\n3,2,3,1-0\n")
    assert refused(tmp_path, sheets(tmp_path, games, PLAYERS), "--lang", lang) == [line]


def test_a_blank_result_in_the_round_still_being_played_is_an_event_in_progress(tmp_path):
    games = "round,white,black,result\n1,1,2,1-0\n1,3,4,1-0\n2,1,3,1-0\n2,2,4,\n"
    done = run_cli("rate", sheets(tmp_path, games, PLAYERS), "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"rounds_played":1' in done.stdout.replace(" ", "")


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "warning: club-games.csv, line 2: the dates read day first as 2025-03-08 – "
           "2025-03-09 and month first as 2025-08-03 – 2025-09-03; read day first (write "
           "2025-03-08 to be sure)"),
    ("vi", "cảnh báo: club-games.csv, dòng 2: ngày đọc theo ngày trước là 2025-03-08 – "
           "2025-03-09, theo tháng trước là 2025-08-03 – 2025-09-03; đã đọc theo ngày trước "
           "(ghi 2025-03-08 để chắc chắn)"),
])
def test_dates_that_read_both_ways_are_a_warning_naming_both(tmp_path, lang, line):
    # 08/03/2025 and 09/03/2025: 8-9 March day first, 3 August - 3 September month first.
    games = ("round,white,black,result,date\n1,1,2,1-0,08/03/2025\n1,3,4,0-1,08/03/2025\n"
             "2,1,3,=,09/03/2025\n2,2,4,1-0,09/03/2025\n")
    done = run_cli("rate", sheets(tmp_path, games, PLAYERS), "--lang", lang, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert line in done.stderr.splitlines()
    # One cell with a day above 12 settles the reading: no warning.
    settled = games.replace("09/03/2025", "15/03/2025")
    done = run_cli("rate", sheets(tmp_path, settled, PLAYERS), cwd=tmp_path)
    assert "read day first" not in done.stderr


def test_every_wrong_option_at_once(tmp_path):
    assert refused(tmp_path, str(SWISS5), "--tiebreaks", "BH/C3", "--set", "norm-event=x") == [
        "error: --tiebreaks: C.07 has no modifier C3; found 'BH/C3', expected BH/C1, BH/C2, "
        "BH/M1 or BH/M2 (Cut-1, Cut-2, Median1, Median2)",
        "error: --set norm-event: unknown norm-event; found 'x', expected ordinary or "
        "national-championship or national-team-championship or zonal or large-swiss"]


@pytest.mark.parametrize(("name", "line"), [
    # A TRF's field: the column numbers said too.
    ("trf-points-inf.trf", "lỗi: trf-points-inf.trf, dòng 4: không đọc được điểm (cột 81-84); "
     "thấy 'inf', cần điểm như 4.5 hoặc 4,5, từ 0 đến 100,000"),
    ("trf-birth-3000.trf", "lỗi: trf-birth-3000.trf, dòng 4: không đọc được ngày sinh (cột "
     "70-79); thấy '3000/01/01', cần một năm từ 1800 đến "),
])
def test_a_trf_field_in_vietnamese(tmp_path, name, line):
    [said] = refused(tmp_path, str(DATA / "bad" / name), "--lang", "vi")
    assert said.replace(str(DATA / "bad") + "/", "").startswith(line)


PGN = """[Event "Club"]\n[Round "1"]\n[White "Anna"]\n[Black "Binh"]\n[Result "1-0"]\n\n1. e4 1-0
\n[Event "Club"]\n[Round "x"]\n[White "Chi"]\n[Black "Dung"]\n[Result "0-1"]\n\n1. d4 0-1
\n[Event "Club"]\n[Round "2"]\n[White "Anna"]\n[Black "Anna"]\n[Result "1/2-1/2"]\n\n1. c4 1/2-1/2
"""


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["error: club.pgn, line 10: unreadable round; found 'x', expected a round such as "
            "3, or 3.1 for round 3 board 1 (at most 999); or no Round tag in any game (a game "
            "log)",
            "error: club.pgn, line 20: player 1 (Anna) plays himself; found the same player "
            "as White and Black, expected two different players"]),
    ("vi", ["lỗi: club.pgn, dòng 10: không đọc được vòng; thấy 'x', cần một vòng như 3, hoặc "
            "3.1 cho vòng 3 bàn 1 (tối đa 999); hoặc không ván nào có thẻ Round (nhật ký ván "
            "đấu)",
            "lỗi: club.pgn, dòng 20: đấu thủ 1 (Anna) tự đấu với chính mình; thấy cùng một "
            "đấu thủ cầm Trắng và Đen, cần hai đấu thủ khác nhau"]),
])
def test_every_bad_game_of_a_pgn_file_at_once(tmp_path, lang, lines):
    (tmp_path / "club.pgn").write_text(PGN, encoding="utf-8")
    assert refused(tmp_path, "club.pgn", "--lang", lang) == lines


def test_every_unreadable_cell_of_a_crosstable_page_at_once(tmp_path):
    page = ("<!DOCTYPE html><html><body><table>\n"
            "<tr><td>No.</td><td>Name</td><td>Rtg</td><td>1.Rd</td><td>2.Rd</td><td>Pts.</td></tr>\n"
            "<tr><td>1</td><td>Ann</td><td>2000</td><td>2w1</td><td>2b?</td><td>1</td></tr>\n"
            "<tr><td>2</td><td>Bob</td><td>1900</td><td>1b0</td><td>9w1</td><td>1</td></tr>\n"
            "</table></body></html>\n")
    (tmp_path / "page.html").write_text(page, encoding="utf-8")
    lines = refused(tmp_path, "page.html")
    # Ann's round 2 cell is unreadable ('?' is no result), and Bob's names opponent 9.
    assert [line.split(";")[0] for line in lines] == [
        "error: page.html, line 3: round 2: unknown round cell",
        "error: page.html, line 4: round 2: the opponent's starting number 9 is not in the "
        "'No.' column"]


def test_every_bad_row_of_a_rating_list_at_once(tmp_path):
    (tmp_path / "list.csv").write_text("id,rating,k\n1,-1500,20\n2,2000,abc\n3,1900,20\n")
    assert refused(tmp_path, str(SWISS5), "--ratings", "list.csv") == [
        "error: list.csv, line 2, column 'rating': unreadable rating; found '-1500', expected a "
        "whole number from 0 to 4000",
        "error: list.csv, line 3, column 'k': unreadable K factor; found 'abc', expected a "
        "whole number from 0 to 100"]


def test_every_bad_line_of_a_fide_list_at_once(tmp_path):
    header, line = (DATA / "bad" / "fide-list-rating-5000.txt").read_text().splitlines()[:2]
    good = line.replace(" 5000 ", " 2830 ")
    second = good.replace("1503014", "150301x")  # a FIDE id with a letter
    (tmp_path / "list.txt").write_text("\n".join([header, line, good, second]) + "\n")
    lines = refused(tmp_path, str(SWISS5), "--ratings", "list.txt")
    assert [text.split(";")[0] for text in lines] == [
        "error: list.txt, line 2, column 'SRtng': unreadable rating",
        "error: list.txt, line 4, column 'ID Number': the FIDE id is not a number"]


def test_warnings_of_one_kind_are_said_in_one_line(tmp_path):
    # Capo d'Orso spells eleven births DDMMYY (JaVaFo's manual does too), which TRF does
    # not define: one line names them all; the JSON keeps one warning per player.
    done = run_cli("rate", str(CAPO), "--format", "json", cwd=tmp_path)
    births = [line for line in done.stderr.splitlines() if "birth date" in line]
    assert births == [
        f"warning: {CAPO}, lines 56, 72, 80, 81, 82, 89, 93, 94, 95, 96, 97: birth date "
        "(columns 70-79) … is not a date or a year: read as unknown ('120242', '240660', "
        "'220350', '030374', '090756', '310142', '220176', '100365', '201172', '070651', "
        "'291275')"]
    assert sum("birth date" in w for w in json.loads(done.stdout)["warnings"]) == 11


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["Usage: tournament-elo rate [OPTIONS] EVENT",
            "Try 'tournament-elo rate --help' for help.", "",
            "Error: Invalid value for '--round': 'abc' is not a valid integer."]),
    ("vi", ["Cách dùng: tournament-elo rate [OPTIONS] EVENT",
            "Gõ 'tournament-elo rate --help' để xem hướng dẫn.", "",
            "lỗi: giá trị không hợp lệ cho '--round': 'abc' không phải số nguyên."]),
])
def test_a_usage_mistake_in_the_users_language(tmp_path, lang, lines):
    assert refused(tmp_path, str(SWISS5), "--lang", lang, "--round", "abc") == lines
