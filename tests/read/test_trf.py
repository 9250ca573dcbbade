"""The TRF reader on FIDE's and other public files, and on broken ones."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from helpers import DATA
from tournament_elo.errors import InputError
from tournament_elo.model import EventType, Result
from tournament_elo.read.trf import parse_trf, read_trf

PUBLIC_TRFS = sorted(DATA.glob("*.trf"))


def test_the_public_data_is_there():
    assert len(PUBLIC_TRFS) == 9


@pytest.mark.parametrize("path", PUBLIC_TRFS, ids=lambda p: p.name)
def test_every_public_trf_loads_and_its_points_match(path):
    event = read_trf(path)
    computed = event.points()
    for player in event.players:
        if path.name.startswith("heltour") and player.id == 41:
            continue  # declares 1.0 but scores 0 from results: reported as a warning
        assert player.declared_points == computed[player.index], player


def test_friendship_cup_anomalies_are_warnings():
    event = read_trf(DATA / "heltour_friendship_cup_2024_team.trf")
    text = "\n".join(map(str, event.warnings))
    assert "player 41 (Girvalaki,Nektaria) declares 1 points but the results give 0" in text
    assert "line 60" in text  # player 41's record


def test_double_forfeits_are_warnings_and_score_nothing():
    event = read_trf(DATA / "tiebreakserver_swiss_with_many_unplayed_rounds.trf")
    doubles = [w for w in event.warnings if "double forfeit" in w.message]
    # Player 4 against 11 (round 1) and 13 (round 2), see the file.
    assert [w.message.split(":")[0] for w in doubles] == [
        "double forfeit in round 1 between players 4 and 11",
        "double forfeit in round 2 between players 4 and 13",
    ]


def test_karl_mala_fields():
    event = read_trf(DATA / "fide_trf16_example_karl_mala_2005.trf")
    first = event.players[0]
    assert (first.id, first.name, first.rating, first.title, first.federation) == (
        1, "Vasquez,Rodrigo", 2558, "GM", "CHI")  # the file's one-letter code "g"
    assert event.players[1].title == "IM" and event.players[12].title == "FM"
    assert (first.fide_id, first.birth.isoformat(), first.declared_rank) == (
        "3400042", "1969-12-06", 4)
    assert len(event.players) == 284 and event.rounds == 7
    assert event.start.isoformat() == "2005-07-28" and event.end.isoformat() == "2005-07-31"
    assert event.type is EventType.SWISS
    forfeits = np.isin(event.pairings.result, [Result.FORFEIT_WIN, Result.FORFEIT_LOSS])
    assert forfeits.sum() > 0


def test_round_robin_detected_without_a_type_record():
    assert read_trf(DATA / "held_c07_roundrobin6.trf").type is EventType.ROUND_ROBIN
    assert read_trf(DATA / "held_c07_swiss5.trf").type is EventType.SWISS


def test_live_event_after_round_4_of_9():
    event = read_trf(DATA / "javafo_aum_gros_2010_after_r4.trf")
    assert event.rounds == 9 and event.rounds_played == 4
    # Round 5 is not paired yet: only what was entered ahead has rows (players 22 and
    # 28 announced absences, 43 a half-point bye).
    fifth = event.pairings.round == 5
    entered = zip(event.pairings.player[fifth], event.pairings.result[fifth], strict=True)
    assert [(event.players[i].id, r) for i, r in entered] == [
        (22, Result.ZERO_BYE), (28, Result.ZERO_BYE), (43, Result.HALF_BYE)]


def test_trf26_team_file_with_comments_and_team_records():
    event = read_trf(DATA / "fide_trf26_example_grandmommys_cup_team.trf")
    assert len(event.players) == 249 and event.rounds == 14
    assert any(text.startswith("310") for _, text in event.extra_records)
    assert len(event.round_dates) >= 6 and event.round_dates[0].isoformat() == "2024-01-01"


def test_crlf_and_cp1258_with_detection(tmp_path):
    # cp1258 writes Vietnamese tones as combining marks: "Nguyễn" is N g u y ê ~ n, so
    # the fixed columns count the mark; the reader composes the name afterwards.
    written = "Nguy\u00ea\u0303n V\u0103n \u0110\u01b0\u0301c"  # 17 characters
    text = (DATA / "held_c07_roundrobin6.trf").read_text()
    line = next(x for x in text.splitlines() if "Alyx" in x)
    vietnamese = line[:14] + written.ljust(33) + line[47:]
    path = tmp_path / "vn.trf"
    path.write_bytes(text.replace(line, vietnamese).replace("\n", "\r\n").encode("cp1258"))
    event = read_trf(path)
    assert event.players[0].name == "Nguyễn Văn Đức"
    assert event.players[0].rating == 2200 and event.players[0].declared_points == 350


# A small valid event to break in the tests below (round robin of 6, from FIDE's TEC).
GOOD = (DATA / "held_c07_roundrobin6.trf").read_text()
LINES = GOOD.splitlines()


def _with_line(number: int, new: str) -> str:
    lines = list(LINES)
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def _set(line: str, column: int, text: str) -> str:
    """Overwrite a 1-based column of a line."""
    return line[: column - 1] + text + line[column - 1 + len(text):]


BROKEN = {
    # name: (file text, line named in the message, words in the message)
    "inconsistent result": (_with_line(5, _set(LINES[4], 99, "1")), 5,
                            "do not match; found '1' for player 1 and '=' for player 5"),
    "unknown opponent": (_with_line(5, _set(LINES[4], 92, "  99")), 5, "not a player"),
    "self pairing": (_with_line(5, _set(LINES[4], 92, "   1")), 5, "with himself"),
    "duplicate start number": (_with_line(6, _set(LINES[5], 5, "   1")), 6, "used twice"),
    "colours not opposite": (_with_line(5, _set(LINES[4], 97, "b")), 5, "colours"),
    "unreadable cell": (_with_line(5, _set(LINES[4], 99, "x")), 5, "not readable"),
    # (A cell of any other than ASCII characters takes the reader's other path.)
    "a result not in ASCII": (_with_line(5, _set(LINES[4], 99, "½")), 5,
                              "round 1 cell (columns 92-99) is not readable; found '   5 w ½'"),
    "truncated line": (_with_line(6, LINES[5][:60]), 6, "truncated player record"),
    "played result without opponent": (_with_line(5, _set(LINES[4], 92, "0000")), 5,
                                       "needs an opponent"),
    "bad rating": (_with_line(5, _set(LINES[4], 49, "22x0")), 5, "rating"),
    "bad date": (_with_line(2, "042 2024-13-45"), 2, "start date"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_trf_names_file_and_line(case):
    text, line, words = BROKEN[case]
    with pytest.raises(InputError) as caught:
        parse_trf(text, "broken.trf")
    message = str(caught.value)
    assert message.startswith(f"broken.trf, line {line}: "), message
    assert words in message


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournament_elo", *args], capture_output=True, text=True,
        input=None if stdin is None else stdin.decode(), check=False,
    )


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_trf_on_the_command_line_exits_2_with_one_line(case, tmp_path):
    text, line, _ = BROKEN[case]
    path = tmp_path / "event.trf"
    path.write_text(text)
    done = _run("rate", str(path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}, line {line}: ")


def test_empty_binary_and_wrongly_encoded_files(tmp_path: Path):
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    binary = tmp_path / "binary.trf"
    binary.write_bytes(bytes(range(256)) * 4)
    latin = tmp_path / "latin.trf"
    latin.write_bytes(GOOD.replace("Alyx", "Müll").encode("cp1252"))
    cases = [
        (["rate", str(empty)], f"error: {empty}: the file is empty"),
        (["rate", str(binary)], f"error: {binary}: this is a binary file"),
        (["rate", str(latin), "--encoding", "utf-8"],
         f"error: {latin}, line 5: the file is not valid utf-8; found byte 0xfc"),
    ]
    for args, start in cases:
        done = _run(*args)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(start), done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    assert _run("rate", str(latin)).returncode == 0  # detected as cp1252 without --encoding
