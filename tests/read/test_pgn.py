"""PGN events (python-chess headers), and the format detection from the content."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tournament_elo.errors import InputError
from tournament_elo.model import BLACK, NO_COLOR, WHITE, Event, EventType, Result
from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import FORMATS, detect_format, read_event
from tournament_elo.read.pgn import parse_pgn, read_pgn
from tournament_elo.read.trf import parse_trf
from tournament_elo.render.json import to_json

ROOT = Path(__file__).parents[2]
PUBLIC = Path(__file__).resolve().parents[1] / "data"

# A 6-player, 5-round round robin: FIDE C.07's exercise (held_c07_roundrobin6.trf) with
# its one forfeit (round 4, Franck - Helene) played instead: Helene won it.
PLAYERS = {  # name: (rating, start number in the TRF)
    "Alyx": (2200, 1), "Bruno": (2150, 2), "Charline": (2100, 3), "David": (2050, 4),
    "Franck": (1950, 5), "Helene": (2000, 6),
}
GAMES = [  # (round, white, black, result)
    (1, "Alyx", "Franck", "1/2-1/2"), (1, "Bruno", "Helene", "1-0"),
    (1, "Charline", "David", "1-0"),
    (2, "Alyx", "Bruno", "1-0"), (2, "Franck", "David", "1-0"),
    (2, "Helene", "Charline", "0-1"),
    (3, "Charline", "Alyx", "0-1"), (3, "Bruno", "Franck", "1-0"),
    (3, "David", "Helene", "1/2-1/2"),
    (4, "Alyx", "David", "0-1"), (4, "Bruno", "Charline", "1/2-1/2"),
    (4, "Franck", "Helene", "0-1"),
    (5, "Helene", "Alyx", "0-1"), (5, "David", "Bruno", "0-1"),
    (5, "Charline", "Franck", "1-0"),
]
TRF = """\
012 Round robin of six
042 2024-08-01
062 6
XXR 5
001    1 m    Alyx                              2200 NOR           0 1990/01/01  3.5    1     5 w =     2 w 1     3 b 1     4 w 0     6 b 1
001    2 m    Bruno                             2150 NOR           0 1990/01/01  3.5    2     6 w 1     1 b 0     5 w 1     3 w =     4 b 1
001    3 m    Charline                          2100 NOR           0 1990/01/01  3.5    3     4 w 1     6 b 1     1 w 0     2 b =     5 w 1
001    4 m    David                             2050 NOR           0 1990/01/01  1.5    4     3 b 0     5 b 0     6 w =     1 b 1     2 w 0
001    5 m    Franck                            1950 NOR           0 1990/01/01  1.5    5     1 b =     4 w 1     2 b 0     6 w 0     3 b 0
001    6 m    Helene                            2000 NOR           0 1990/01/01  1.5    6     2 b 0     3 w 0     4 b =     5 b 1     1 w 0
"""  # noqa: E501


def pgn_game(**tags: str) -> str:
    """One game: its tags in the order given, a blank line, moves, a blank line."""
    lines = [f'[{tag} "{value}"]' for tag, value in tags.items()]
    result = tags.get("Result", "*")
    return "\n".join(lines) + f"\n\n1. e4 e5 2. Nf3 {{a comment}} Nc6 {result}\n\n"


def event_pgn(games: list[tuple[int, str, str, str]] = GAMES, event: str = "Round robin of six",
              boards: bool = True) -> str:
    """The games as PGN; rounds as 'round.board' when ``boards``."""
    text = []
    board: dict[int, int] = {}
    for rnd, white, black, result in games:
        board[rnd] = board.get(rnd, 0) + 1
        text.append(pgn_game(
            Event=event, Site="Oslo NOR", Date="2024.08.01", EventDate="2024.08.01",
            Round=f"{rnd}.{board[rnd]}" if boards else str(rnd), White=white, Black=black,
            Result=result, WhiteElo=str(PLAYERS[white][0]), BlackElo=str(PLAYERS[black][0]),
            WhiteFed="NOR", BlackFed="NOR"))
    return "".join(text)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def rated(event: Event) -> dict[str, Any]:
    return to_json(rate(event, "fide-2024"))


def by_name(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Players by name without their start numbers (PGN numbers them in rating order)."""
    return {p["name"]: {k: v for k, v in p.items() if k != "id"} for p in data["players"]}


def games_by_name(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    names = {p["id"]: p["name"] for p in data["players"]}
    return sorted(
        (g["round"], names[g["player"]], names.get(g["opponent"]),
         *(v for k, v in g.items() if k not in ("round", "player", "opponent")))
        for g in data["games"])


def line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """The line number of the ``occurrence``-th line containing ``fragment``."""
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if fragment in line]
    return hits[occurrence - 1]


def row(event: Event, name: str, rnd: int) -> tuple[str | None, int, Result]:
    """(opponent's name, colour, result) of a player in a round."""
    index = next(p.index for p in event.players if p.name == name)
    pairings = event.pairings
    rows = np.flatnonzero((pairings.player == index) & (pairings.round == rnd))
    assert len(rows) == 1
    at = int(rows[0])
    opponent = int(pairings.opponent[at])
    return (event.players[opponent].name if opponent >= 0 else None, int(pairings.color[at]),
            Result(int(pairings.result[at])))


# ---------------------------------------------------------------------- rates like its TRF


def test_a_pgn_event_rates_exactly_like_its_trf(tmp_path):
    pgn = read_event(write(tmp_path / "rr6.pgn", event_pgn()))
    trf = parse_trf(TRF, "rr6.trf")
    assert pgn.source_format == "pgn" and pgn.name == "Round robin of six"
    assert pgn.rounds == trf.rounds == 5 and pgn.rounds_played == 5
    assert pgn.type == trf.type == EventType.ROUND_ROBIN
    assert pgn.warnings == ()
    from_pgn, from_trf = rated(pgn), rated(trf)
    assert by_name(from_pgn) == by_name(from_trf)
    assert games_by_name(from_pgn) == games_by_name(from_trf)
    assert from_pgn["event"] == {**from_trf["event"], "end": "2024-08-01"}


def test_the_public_round_robin_rates_the_same_from_its_played_games(tmp_path):
    """held_c07_roundrobin6.trf has one forfeit, which PGN cannot say: leave that game out."""
    played = [g for g in GAMES if g[:3] != (4, "Franck", "Helene")]
    pgn = read_pgn(write(tmp_path / "held.pgn", event_pgn(played)))
    assert row(pgn, "Franck", 4) == (None, NO_COLOR, Result.ZERO_BYE)
    from_pgn = by_name(rated(pgn))
    from_trf = by_name(rated(read_event(PUBLIC / "held_c07_roundrobin6.trf")))
    fields = ("rating", "games_rated", "score_rated", "expected", "k", "change",
              "change_rounded", "new_rating", "ra", "dp", "rp")
    for name in PLAYERS:
        assert {f: from_pgn[name][f] for f in fields} == {f: from_trf[name][f] for f in fields}
    assert from_pgn["Helene"]["points"] == from_trf["Helene"]["points"] - 1  # the forfeit win


def test_players_rounds_boards_and_tags(tmp_path):
    event = read_pgn(write(tmp_path / "rr6.pgn", event_pgn()))
    # Start numbers in FIDE's starting-rank order: rating descending.
    assert [(p.id, p.name, p.rating) for p in event.players] == [
        (1, "Alyx", 2200), (2, "Bruno", 2150), (3, "Charline", 2100), (4, "David", 2050),
        (5, "Helene", 2000), (6, "Franck", 1950)]
    assert {p.federation for p in event.players} == {"NOR"}
    assert event.players[0].line == line_of(event_pgn(), '[White "Alyx"]')
    assert row(event, "Alyx", 3) == ("Charline", BLACK, Result.WIN)  # round "3.1"
    assert row(event, "Franck", 2) == ("David", WHITE, Result.WIN)  # round "2.2"
    assert event.city == "Oslo NOR"
    assert event.start == event.end == event.round_dates[0]


def test_unplayed_games_keep_opponent_and_colour(tmp_path):
    live = [(r, w, b, "*" if r == 5 else res) for r, w, b, res in GAMES]
    event = read_pgn(write(tmp_path / "live.pgn", event_pgn(live, boards=False)))
    assert event.rounds == 5 and event.rounds_played == 4
    assert row(event, "Helene", 5) == ("Alyx", WHITE, Result.UNPLAYED)
    assert row(event, "Alyx", 5) == ("Helene", BLACK, Result.UNPLAYED)
    live_trf = "\n".join(
        line[:-1] + " " if line.startswith("001") else line for line in TRF.splitlines())
    assert by_name(rated(event)) == by_name(rated(parse_trf(live_trf)))


def test_ids_ratings_titles_and_a_changed_rating():
    text = (
        pgn_game(Event="E", Round="1", White="Kim, Ann", Black="Lee, Bo", Result="1-0",
                 WhiteFideId="0123", WhiteElo="2300", WhiteTitle="im", BlackElo="?")
        + pgn_game(Event="E", Round="2", White="Lee, Bo", Black="Kim, A.", Result="0-1",
                   BlackFideId="123", BlackElo="2310", WhiteElo="1900")
        + pgn_game(Event="E", Round="3", White="Kim, Ann", Black="Lee, Bo", Result="1/2-1/2"))
    event = parse_pgn(text, "ids.pgn")
    assert [(p.name, p.fide_id, p.rating, p.title) for p in event.players] == [
        ("Kim, Ann", "123", 2300, "IM"), ("Lee, Bo", None, 1900, None)]
    assert len(event.pairings) == 6  # one player by FIDE id despite the other spelling
    [warning] = event.warnings
    assert warning.place.line == line_of(text, '[BlackElo "2310"]')
    assert "rated 2300 in game 1" in warning.message and "2310 in game 2" in warning.message


def test_same_name_told_apart_by_fide_id():
    text = (pgn_game(Round="1", White="Nguyen, An", Black="Tran, Binh", Result="1-0",
                     WhiteFideId="111")
            + pgn_game(Round="1", White="Pham, Cuong", Black="Nguyen, An", Result="0-1",
                       BlackFideId="222"))
    event = parse_pgn(text)
    assert sorted((p.name, p.fide_id) for p in event.players) == [
        ("Nguyen, An", "111"), ("Nguyen, An", "222"), ("Pham, Cuong", None),
        ("Tran, Binh", None)]
    ambiguous = text + pgn_game(Round="2", White="Nguyen, An", Black="Tran, Binh",
                                Result="1-0")
    with pytest.raises(InputError, match="shared by players with FIDE ids 111 and 222") as err:
        parse_pgn(ambiguous)
    assert err.value.place.line == line_of(ambiguous, '[White "Nguyen, An"]', 2)


def test_a_file_without_rounds_is_a_game_log():
    text = "".join(pgn_game(Event="Blitz", White=w, Black=b, Result=r, Round="?")
                   for w, b, r in (("A", "B", "1-0"), ("A", "B", "0-1"), ("B", "C", "1-0")))
    event = parse_pgn(text, "log.pgn")
    assert event.rounds == 3 and event.type == EventType.SWISS
    assert len(event.pairings) == 6  # no absences in a log
    assert any("game log" in w.message for w in event.warnings)


# ---------------------------------------------------------------------- several events


TWO_EVENTS = (
    pgn_game(Event="Open A", Round="1", White="Ann", Black="Bo", Result="1-0")
    + pgn_game(Event="Open B", Round="1", White="Cy", Black="Di", Result="0-1")
    + pgn_game(Event="Open A", Round="2", White="Bo", Black="Ann", Result="1/2-1/2")
    + pgn_game(Event="?", Round="2", White="Cy", Black="Di", Result="0-1")
)


def test_several_events_must_be_chosen(tmp_path):
    path = write(tmp_path / "two.pgn", TWO_EVENTS)
    with pytest.raises(InputError, match="games of 2 events") as err:
        read_pgn(path)
    assert "'Open A' (2 games); 'Open B' (1 games)" in str(err.value)
    assert "event_name" in str(err.value)
    event = read_pgn(path, event_name="Open B")
    assert event.name == "Open B" and [p.name for p in event.players] == ["Cy", "Di"]
    assert any("without an Event tag are left out" in w.message for w in event.warnings)
    assert read_pgn(path, event_name="Open A").rounds == 2
    with pytest.raises(InputError, match="no event 'Open C'"):
        read_pgn(path, event_name="Open C")


def test_games_without_an_event_tag_belong_to_the_one_event():
    text = (pgn_game(Event="Club", Round="1", White="Ann", Black="Bo", Result="1-0")
            + pgn_game(Round="2", White="Bo", Black="Ann", Result="1-0"))
    event = parse_pgn(text, "club.pgn")
    assert event.name == "Club" and event.rounds == 2 and event.warnings == ()


# ---------------------------------------------------------------------- bad input


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        parse_pgn(text, "bad.pgn")
    return err.value


def test_an_unknown_result_names_the_line_of_its_tag():
    text = (pgn_game(Round="1", White="Ann", Black="Bo", Result="1-0")
            + pgn_game(Round="2", White="Bo", Black="Ann", Result="2-0"))
    error = error_of(text)
    assert error.reason == "unknown result" and error.found == "'2-0'"
    assert error.place.file == "bad.pgn"
    assert error.place.line == line_of(text, '[Result "2-0"]') == 11
    assert "1/2-1/2" in str(error)


def test_a_missing_white_tag():
    text = (pgn_game(Round="1", White="Ann", Black="Bo", Result="1-0")
            + pgn_game(Event="E", Round="2", Black="Ann", Result="0-1"))
    error = error_of(text)
    assert error.reason == "no White tag" and error.found == "game 2 without one"
    assert error.place.line == line_of(text, '[Event "E"]')  # the game's first line
    unknown = error_of(pgn_game(Round="1", White="?", Black="Bo", Result="0-1"))
    assert unknown.reason == "no White player" and unknown.place.line == 2


def test_a_player_twice_in_a_round():
    text = (pgn_game(Round="1.1", White="Ann", Black="Bo", Result="1-0")
            + pgn_game(Round="1.2", White="Cy", Black="Ann", Result="0-1"))
    error = error_of(text)
    assert "plays twice in round 1" in error.reason
    assert error.place.line == line_of(text, '[Black "Ann"]')
    assert error.found == "a second game for him (the first at line 2)"


def test_other_bad_tags():
    assert error_of(pgn_game(Round="1", White="Ann", Black="Ann", Result="1-0")
                    ).reason.endswith("plays himself")
    mixed = (pgn_game(Round="1", White="Ann", Black="Bo", Result="1-0")
             + pgn_game(Round="?", White="Bo", Black="Ann", Result="1-0"))
    error = error_of(mixed)
    assert error.reason == "a game without a round" and error.found == "'?'"
    assert error.place.line == line_of(mixed, '[Round "?"]')
    assert error_of(mixed.replace('"?"', '"R3"')).reason == "unreadable round"
    assert error_of(pgn_game(Round="1", White="A", Black="B", Result="1-0", WhiteElo="21o0")
                    ).reason == "unreadable WhiteElo"
    no_result = error_of(pgn_game(Round="1", White="A", Black="B") .replace("*\n", "\n"))
    assert no_result.reason == "no Result tag"
    assert error_of("").reason == "no games in the file"


def test_a_game_run_into_the_previous_ones_moves():
    text = ('[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n'
            '[Round "1"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. d4 0-1\n')
    error = error_of(text)
    assert "no blank line" in error.reason and error.place.line == 7


def test_crlf_and_latin1(tmp_path):
    text = pgn_game(Round="1", White="Müller", Black="Ødegård", Result="1-0",
                    Date="2024.??.??").replace("\n", "\r\n")
    path = tmp_path / "latin.pgn"
    path.write_bytes(text.encode("latin-1"))
    event = read_event(path)
    assert [p.name for p in event.players] == ["Müller", "Ødegård"] and event.end is None
    bad = text.replace("1-0", "1:0")
    path.write_bytes(bad.encode("latin-1"))
    with pytest.raises(InputError) as err:
        read_event(path)
    assert err.value.place.line == 4


# ---------------------------------------------------------------------- detection


def test_detection_from_the_content_not_the_name(tmp_path):
    trf = write(tmp_path / "event.txt", TRF)
    assert detect_format(trf) == "trf" and read_event(trf).rounds == 5
    pgn = write(tmp_path / "games.dat", event_pgn())
    assert detect_format(pgn) == "pgn" and read_event(pgn).source_format == "pgn"
    csv = write(tmp_path / "games.pgn", "round,white,black,result\n1,A,B,1-0\n")
    assert detect_format(csv) == "csv"
    assert read_event(write(tmp_path / "x.csv", event_pgn()), "pgn").rounds == 5  # override
    assert FORMATS == ("trf", "csv", "xlsx", "pgn", "crosstable-xlsx", "xls",
                       "chessresults-html")


HTML = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">
<html><head><meta charset="utf-8"></head><body>
<table><tr><td>No.</td><td>Name</td><td>Rtg</td></tr></table></body></html>
"""


def test_an_xls_that_is_html_goes_to_the_chessresults_reader(tmp_path):
    path = write(tmp_path / "crosstable.xls", HTML)
    assert detect_format(path) == "chessresults-html"
    assert detect_format(write(tmp_path / "t.html", "<table>\n<tr><td>1</td></tr>")) == (
        "chessresults-html")


def test_a_legacy_xls_and_an_unknown_file(tmp_path):
    xls = tmp_path / "old.xls"
    xls.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    assert detect_format(xls) == "xls"
    with pytest.raises(InputError, match=r"old\.xls"):
        read_event(xls)  # not a real workbook: the reader says so, with the file
    with pytest.raises(InputError) as err:
        detect_format(write(tmp_path / "notes.txt", "just some words\nand more\n"))
    assert "tried: trf, csv, xlsx, pgn, crosstable-xlsx, xls, chessresults-html" in str(err.value)


def test_the_command_line_rates_a_pgn(tmp_path):
    path = write(tmp_path / "game.pgn", event_pgn())
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(path), "--format", "json"],
        capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert '"round-robin"' in done.stdout
    bad = write(tmp_path / "bad.pgn", event_pgn().replace('"0-1"', '"0-2"', 1))
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(bad), "--input-format", "pgn"],
        capture_output=True, text=True, check=False, cwd=ROOT)
    line = line_of(event_pgn(), '[Result "0-1"]')
    assert done.returncode == 2 and "unknown result" in done.stderr
    assert f"bad.pgn, line {line}: unknown result" in done.stderr
