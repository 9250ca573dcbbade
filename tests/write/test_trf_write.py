"""Writing TRF16/TRF26 and plain sheets, and reading them back to the same event."""

import dataclasses
import subprocess
import sys
from datetime import date
from pathlib import Path

import numpy as np
import pytest
from event_fields import PAIRING_COLUMNS, pairing_rows, player_fields

from helpers import DATA, make_event
from tournament_elo.errors import InputError
from tournament_elo.model import (
    BLACK,
    NO_COLOR,
    WHITE,
    Event,
    EventType,
    Pairings,
    Player,
    Result,
)
from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import read_event
from tournament_elo.read.trf import parse_trf, read_trf
from tournament_elo.render.json import to_json
from tournament_elo.write.sheets import render_sheets, sheet_paths, write_sheets
from tournament_elo.write.trf import write_trf

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"
PUBLIC_TRFS = sorted(DATA.glob("*.trf"))
VERSIONS = ("trf16", "trf26")
EVENT_FIELDS = ("name", "rounds", "type", "start", "end", "city", "federation",
                "chief_arbiter", "time_control")
#: Public TRFs whose every pairing a sheet can say (no colourless forfeit, no forfeit
#: without an opponent, no bye entered ahead for a round not paired yet).
SHEET_EXACT = ("held_c07_roundrobin6.trf", "held_c07_swiss5.trf", "held_c07_swiss9.trf",
               "javafo_aum_capo_dorso_2012_final.trf",
               "tiebreakserver_swiss_with_many_unplayed_rounds.trf")


def given(fields: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in fields.items() if v is not None}


def trailing_none_stripped(dates: tuple[date | None, ...]) -> list[date | None]:
    kept = list(dates)
    while kept and kept[-1] is None:
        kept.pop()
    return kept


def assert_same_event_header(a: Event, b: Event) -> None:
    for name in EVENT_FIELDS:
        assert getattr(a, name) == getattr(b, name), name
    assert trailing_none_stripped(a.round_dates) == trailing_none_stripped(b.round_dates)


def ratings_json(event: Event) -> list[dict[str, object]]:
    return to_json(rate(event, "fide-2024"))["players"]


# ---------------------------------------------------------------------------- TRF → TRF


def test_the_public_trfs_are_there():
    assert len(PUBLIC_TRFS) == 9


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("path", PUBLIC_TRFS, ids=lambda p: p.name)
def test_public_trf_read_write_read_is_the_same_event(path, version):
    event = read_trf(path)
    losses: list[str] = []
    text = write_trf(event, version, losses)
    back = parse_trf(text, "back.trf")
    assert losses == []
    assert [player_fields(p) for p in back.players] == [player_fields(p) for p in event.players]
    for column in PAIRING_COLUMNS:
        assert np.array_equal(getattr(back.pairings, column), getattr(event.pairings, column)), (
            column)
    assert_same_event_header(event, back)
    assert back.round_dates == event.round_dates
    assert [t for _, t in back.extra_records] == [t for _, t in event.extra_records]
    # Writing what was read back gives the very same text: nothing drifts.
    assert write_trf(back, version) == text
    assert "DAT " not in text  # every field of a TRF player fits his 001 record


def test_the_versions_differ_in_their_round_and_type_records():
    event = read_trf(DATA / "held_c07_roundrobin6.trf")
    trf16 = write_trf(event, "trf16").splitlines()
    trf26 = write_trf(event, "trf26").splitlines()
    assert "XXR 5" in trf16 and not any(x.startswith(("142", "192")) for x in trf16)
    assert "142 5" in trf26 and "192 CUSTOM_ROUNDROBIN" in trf26
    assert not any(x.startswith("XXR") for x in trf26)
    assert "092 Round Robin" in trf16 and "092 Round Robin" in trf26


def test_headers_the_event_has_no_field_for_are_written_back():
    text = write_trf(read_trf(DATA / "fide_trf26_example_grandmommys_cup_team.trf"),
                     "trf26")
    lines = text.splitlines()
    for record in ("112 The first Deputy Chief Arbiter", "112 The second Deputy Chief Arbiter",
                   "152 W", "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "222 40/6000+30:900+30"):
        assert record in lines
    # Records that stood before the players stay before them, the team records after.
    players = [i for i, x in enumerate(lines) if x.startswith("001")]
    assert lines.index("152 W") < players[0]
    assert min(i for i, x in enumerate(lines) if x.startswith("310")) > players[-1]


def test_write_trf_rejects_an_unknown_version():
    with pytest.raises(ValueError, match="trf16 or trf26"):
        write_trf(read_trf(DATA / "held_c07_swiss5.trf"), "trf99")


# ---------------------------------------------------------------------------- the 001 layout


def _layout_event() -> Event:
    players = (
        Player(index=0, id=7, name="Nguyen, Thi Mai", rating=2195, sex="w", title="WIM",
               federation="VIE", fide_id="12401234", birth=date(2001, 2, 3), birth_year=2001,
               declared_points=150, declared_rank=2),
        Player(index=1, id=12, name="Berg, Alexander", sex="m", title="g", federation="SWE",
               birth_year=1994),
        Player(index=2, id=3, name="Costa, Julia", rating=1640, sex="w"),
    )
    rows = [  # round, player, opponent, colour, result
        (1, 0, 1, WHITE, Result.WIN), (1, 1, 0, BLACK, Result.LOSS), (1, 2, -1, NO_COLOR,
                                                                      Result.FULL_BYE),
        (2, 0, -1, NO_COLOR, Result.HALF_BYE), (2, 1, 2, WHITE, Result.FORFEIT_LOSS),
        (2, 2, 1, BLACK, Result.FORFEIT_WIN),
        (3, 0, 2, BLACK, Result.UNPLAYED), (3, 1, -1, NO_COLOR, Result.ZERO_BYE),
        (3, 2, 0, WHITE, Result.UNPLAYED),
    ]
    pairings = Pairings.from_columns(list(zip(*rows, strict=True)))
    return Event(name="Layout Open", players=players, pairings=pairings, rounds=5,
                 type=EventType.SWISS, start=date(2025, 6, 14), end=date(2025, 6, 17),
                 round_dates=(date(2025, 6, 14), date(2025, 6, 15), date(2025, 6, 16)))


def test_player_record_columns_against_a_hand_written_line():
    text = write_trf(_layout_event(), "trf16")
    lines = text.splitlines()
    records = [x for x in lines if x.startswith("001")]
    # Columns:  5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 58-68 FIDE id, 70-79 birth, 81-84 points, 86-89 rank, then a cell every 10 from 92.
    assert records == [
        "001    7 wWIM Nguyen, Thi Mai                   2195 VIE    12401234 2001/02/03"
        "  1.5    2    12 w 1  0000 - H     3 b",
        "001   12 m GM Berg, Alexander                        SWE             1994/00/00"
        "  0.0          7 b 0     3 w -  0000 - Z",
        "001    3 w    Costa, Julia                      1640                           "
        "  2.0       0000 - F    12 b +     7 w",
    ]
    first = records[0]
    assert first[4:8] == "   7" and first[9] == "w" and first[10:13] == "WIM"
    assert first[14:47].rstrip() == "Nguyen, Thi Mai" and first[48:52] == "2195"
    assert first[53:56] == "VIE" and first[57:68] == "   12401234"
    assert first[69:79] == "2001/02/03" and first[80:84] == " 1.5" and first[85:89] == "   2"
    assert first[91:99] == "  12 w 1" and first[101:109] == "0000 - H"
    assert first[111:] == "   3 b"  # a game not played yet: no result
    # Declared points are kept (an anomaly survives); otherwise the results' points.
    assert records[2][80:84] == " 2.0"
    assert "132" + " " * 88 + "25/06/14  25/06/15  25/06/16" in lines
    assert lines[:6] == ["012 Layout Open", "022", "032", "042 2025/06/14", "052 2025/06/17",
                         "062 3"]
    assert "072 2" in lines and "092 Swiss System" in lines and "XXR 5" in lines


def test_layout_event_reads_back():
    event = _layout_event()
    back = parse_trf(write_trf(event, "trf26"), "layout.trf")
    assert back.players[1].title == "GM"  # the list letter g is written out
    assert [player_fields(p, ("title", "declared_points"))
            for p in back.players] == [player_fields(p, ("title", "declared_points"))
                                       for p in event.players]
    assert pairing_rows(back) == pairing_rows(event)  # the TRF reader's order: by player
    assert (back.rounds, back.rounds_played, back.round_dates) == (5, 2, event.round_dates)


def test_both_lost_is_written_as_a_double_forfeit_and_said_so():
    event = make_event([1800, 1700, 1600], [(1, 1, 2, "00"), (2, 3, 1, "1")])
    losses: list[str] = []
    back = parse_trf(write_trf(event, "trf16", losses), "both.trf")
    first = (back.pairings.round == 1) & (back.pairings.opponent >= 0)
    assert back.pairings.result[first].tolist() == [Result.FORFEIT_LOSS] * 2
    assert any("0-0" in note and "double forfeit" in note for note in losses)


def test_player_fields_without_room_in_the_001_record_go_to_dat_records():
    long_name = "Nguyễn Hoàng Thị Phương Thảo Ngọc Anh Thư"  # 41 characters
    players = (
        Player(index=0, id="VN-0001", name=long_name, rating=1500, games=12, k=40,
               ever_2400=False, title="Grandmaster"),
        Player(index=1, id="VN-0002", name="Short", federation="VIET"),
        Player(index=2, id="AI-3", name="AI-3", fixed_rating=True),
    )
    rows = [(1, 0, 1, WHITE, Result.WIN), (1, 1, 0, BLACK, Result.LOSS),
            (1, 2, -1, NO_COLOR, Result.ZERO_BYE)]
    event = Event(name="DAT", players=players, rounds=1, type=EventType.SWISS,
                  pairings=Pairings.from_columns(list(zip(*rows, strict=True))))
    text = write_trf(event, "trf26")
    assert "DAT 0001 TE:ID VN-0001" in text and f"DAT 0001 TE:NAME {long_name}" in text
    assert "DAT 0002 TE:FEDERATION VIET" in text and "DAT 0003 TE:FIXED 1" in text
    assert "DAT 0001 TE:TITLE Grandmaster" in text
    back = parse_trf(text, "dat.trf")
    assert [given(player_fields(p, ("declared_points",))) for p in back.players] == [
        given(player_fields(p)) for p in event.players]
    assert back.extra_records == ()  # the DAT records are read, not kept as unknown


def test_dat_records_of_others_are_kept_and_a_bad_one_is_an_error():
    text = (DATA / "held_c07_roundrobin6.trf").read_text()
    event = parse_trf(text + "DAT 0001 EMAIL someone@example.org\nDAT 0002 TE:GAMES 17\n"
                      "DAT 0003 TE:UNKNOWN x\n", "dat.trf")
    assert event.players[1].games == 17
    assert [t for _, t in event.extra_records] == ["DAT 0001 EMAIL someone@example.org",
                                                   "DAT 0003 TE:UNKNOWN x"]
    assert "DAT 0003 TE:UNKNOWN x" in write_trf(event, "trf16").splitlines()
    with pytest.raises(InputError, match="names no player"):
        parse_trf(text + "DAT 0099 TE:K 20\n", "dat.trf")
    with pytest.raises(InputError, match="unreadable K"):
        parse_trf(text + "DAT 0001 TE:K twenty\n", "dat.trf")


# ---------------------------------------------------------------------------- sheets → TRF


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("sample", ["open_2025.xlsx", "club_rapid-games.csv"])
def test_sheet_to_trf_gives_the_same_ratings(sample, version):
    event = read_event(SAMPLES / sample)
    losses: list[str] = []
    back = parse_trf(write_trf(event, version, losses), "sheet.trf")
    assert losses == []
    assert ratings_json(back) == ratings_json(event)
    assert [given(player_fields(p, ("declared_points",))) for p in back.players] == [
        given(player_fields(p, ("declared_points",))) for p in event.players]
    assert pairing_rows(back) == pairing_rows(event)
    assert_same_event_header(event, back)


def test_sheet_ids_survive_a_trf_and_the_losses_are_named():
    event = read_event(SAMPLES / "dong-son_giai-tinh.xlsx")
    losses: list[str] = []
    back = parse_trf(write_trf(event, "trf16", losses), "dong-son.trf")
    assert [p.id for p in back.players] == [p.id for p in event.players]  # CODS-000123 …
    text = "\n".join(losses)
    assert "0-0" in text and "win method" in text and "level=province" in text


# ---------------------------------------------------------------------------- TRF → sheets


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("name", SHEET_EXACT)
def test_trf_to_sheets_is_the_same_event(name, fmt, tmp_path):
    event = read_trf(DATA / name)
    losses: list[str] = []
    written = write_sheets(event, tmp_path / f"out.{fmt}", losses=losses)
    back = read_event(written[0])
    # A sheet has no rank column: the declared ranks are the one thing lost.
    assert [player_fields(p, ("declared_rank",)) for p in back.players] == [
        player_fields(p, ("declared_rank",)) for p in event.players]
    assert pairing_rows(back) == pairing_rows(event)
    assert_same_event_header(event, back)
    assert all("rank" in note or "kept record" in note for note in losses), losses


@pytest.mark.parametrize("name", sorted(set(p.name for p in PUBLIC_TRFS) - set(SHEET_EXACT)))
def test_trf_to_sheets_where_a_sheet_cannot_say_everything(name, tmp_path):
    event = read_trf(DATA / name)
    losses: list[str] = []
    back = read_event(write_sheets(event, tmp_path / "out.xlsx", losses=losses)[0])
    # What differs is named, and changes neither the players, points nor ratings.
    assert any("forfeit" in n or "without a row" in n for n in losses), losses
    assert [player_fields(p, ("declared_rank",)) for p in back.players] == [
        player_fields(p, ("declared_rank",)) for p in event.players]
    assert np.array_equal(back.points(), event.points())
    assert ratings_json(back) == ratings_json(event)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("sample", ["open_2025.xlsx", "club_rapid-games.csv",
                                    "dong-son_giai-tinh.xlsx", "thien-ky-dao_online.csv",
                                    "tuong-ky_co-tuong.csv"])
def test_sheet_to_sheet_keeps_every_column(sample, fmt, tmp_path):
    event = read_event(SAMPLES / sample)
    losses: list[str] = []
    back = read_event(write_sheets(event, tmp_path / f"copy.{fmt}", losses=losses)[0])
    assert losses == []
    assert [player_fields(p) for p in back.players] == [player_fields(p) for p in event.players]
    assert pairing_rows(back) == pairing_rows(event)
    assert_same_event_header(event, back)
    assert (back.pools, back.settings) == (event.pools, event.settings)


def test_csv_names_and_formula_like_cells(tmp_path):
    assert sheet_paths(tmp_path / "club-games.csv") == sheet_paths(tmp_path / "club.csv") == [
        tmp_path / "club-games.csv", tmp_path / "club-players.csv", tmp_path / "club-event.csv"]
    event = make_event([1800, 1700], [(1, 1, 2, "+")])
    named = dataclasses.replace(event.players[0], name='=HYPERLINK("x")')
    event = dataclasses.replace(event, players=(named, *event.players[1:]))
    contents = render_sheets(event, tmp_path / "f.csv")
    games = contents[tmp_path / "f-games.csv"].decode("utf-8-sig")
    assert games.splitlines()[1].startswith("1,1,1,2, +/-,")  # no spreadsheet formula
    assert '1, =HYPERLINK("x"),1800' in contents[tmp_path / "f-players.csv"].decode("utf-8-sig")
    back = read_event(write_sheets(event, tmp_path / "f.csv")[0])
    assert back.players[0].name == '=HYPERLINK("x")'
    assert back.pairings.result.tolist()[:2] == [Result.FORFEIT_WIN, Result.FORFEIT_LOSS]


# ---------------------------------------------------------------------------- the command


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_elo", *args], capture_output=True,
                          text=True, check=False, cwd=cwd)


def test_convert_writes_trf_next_to_the_user(tmp_path):
    source = SAMPLES / "open_2025.xlsx"
    done = run("convert", str(source), "--to", "trf26", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = tmp_path / "open_2025.trf"
    assert done.stderr.strip() == f"wrote {written.name}"
    assert written.read_bytes().decode("utf-8").startswith("012 Da Nang Summer Open 2025\n")
    assert ratings_json(read_trf(written)) == ratings_json(read_event(source))


def test_convert_to_sheets_and_back(tmp_path):
    trf = DATA / "held_c07_swiss5.trf"
    done = run("convert", str(trf), "--to", "csv", "-o", "held.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".tournament-elo-files.json", "held-event.csv", "held-games.csv", "held-players.csv"]
    assert "warning:" in done.stderr and "rank" in done.stderr
    done = run("convert", "held-games.csv", "--to", "xlsx", "-o", "held.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert ratings_json(read_event(tmp_path / "held.xlsx")) == ratings_json(read_trf(trf))


def test_convert_refuses_to_overwrite_its_input(tmp_path):
    copy = tmp_path / "event.trf"
    copy.write_bytes((DATA / "held_c07_swiss5.trf").read_bytes())
    before = copy.read_bytes()
    for args in (["event.trf", "--to", "trf26"], ["event.trf", "--to", "trf16", "-o",
                                                   str(copy)]):
        done = run("convert", *args, cwd=tmp_path)
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "would overwrite an input file" in lines[0], done.stderr
    assert copy.read_bytes() == before


def test_convert_refuses_to_overwrite_the_players_file_beside_a_games_csv(tmp_path):
    for part in ("games", "players"):
        source = SAMPLES / f"club_rapid-{part}.csv"
        (tmp_path / source.name).write_bytes(source.read_bytes())
    done = run("convert", "club_rapid-games.csv", "--to", "csv", "-o", "club_rapid.csv",
               cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    done = run("convert", "club_rapid-games.csv", "--to", "trf16", "-o",
               "club_rapid-players.csv", cwd=tmp_path)
    assert done.returncode == 2 and "overwrite" in done.stderr


def test_convert_prints_a_trf_on_standard_output(tmp_path):
    source = SAMPLES / "club_rapid-games.csv"
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "convert", str(source), "--to", "trf16", "-o",
         "-"], capture_output=True, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    back = parse_trf(done.stdout.decode("utf-8"), "stdout.trf")
    assert ratings_json(back) == ratings_json(read_event(source))
    assert list(tmp_path.iterdir()) == []
    done = run("convert", str(source), "--to", "xlsx", "-o", "-", cwd=tmp_path)
    assert done.returncode == 2 and "give -o FILE" in done.stderr


def test_convert_to_an_unknown_format_is_a_usage_error(tmp_path):
    done = run("convert", str(DATA / "held_c07_swiss5.trf"), "--to", "pdf",
               cwd=tmp_path)
    assert done.returncode == 2 and "--to" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_convert_help_has_examples(tmp_path):
    done = run("convert", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "Examples:" in done.stdout and "--to" in done.stdout
