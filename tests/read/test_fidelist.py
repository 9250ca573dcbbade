"""FIDE's fixed-width TXT rating list: columns from the header, overflow repair, K state."""

import importlib
import json
import re
import subprocess
import sys
import time
from dataclasses import fields
from datetime import date
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest

from helpers import make_event
from tournament_elo.errors import InputError, Place
from tournament_elo.model import apply_rating_list
from tournament_elo.rating.engine import rate
from tournament_elo.rating.request import RateRequest
from tournament_elo.read import fidelist
from tournament_elo.read.detect import read_ratings
from tournament_elo.read.fidelist import FideListEntry, is_fide_list, read_fide_list
from tournament_elo.write.trf import write_trf

ROOT = Path(__file__).resolve().parents[2]

#: The header of players_list_foa.txt, character for character (162 wide).
HEADER = ("ID Number      Name                                                         Fed Sex "
          "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
COLUMNS = ("id", "name", "fed", "sex", "tit", "wtit", "otit", "foa", "srtng", "sgm", "sk",
           "rrtng", "rgm", "rk", "brtng", "bgm", "bk", "bday", "flag")


def _starts(header: str) -> list[int]:
    words = [m.start() for m in re.finditer(r"\S+", header)]
    return [0, *words[2:]] if header.startswith("ID Number") else words


def fide_line(header: str = HEADER, columns: tuple[str, ...] = COLUMNS, **values: object) -> str:
    """A line as FIDE writes it: each value at its header's column, padded with blanks to
    the next one and written in full when longer (the rest of the line moves right)."""
    starts = _starts(header)
    widths = [b - a for a, b in pairwise(starts)]
    widths.append(len(header) - starts[-1])
    assert len(widths) == len(columns)
    return "".join(str(values.get(c, "")).ljust(w) for c, w in zip(columns, widths, strict=True))


def overwritten_line(header: str = HEADER, columns: tuple[str, ...] = COLUMNS,
                     **values: object) -> str:
    """A fixed-width line where a long value is written over the start of the next slot."""
    starts = _starts(header)
    line = [" "] * len(header)
    for column, start in zip(columns, starts, strict=True):
        text = str(values.get(column, ""))
        line[start:start + len(text)] = text
    return "".join(line)


CARLSEN = dict(id=1503014, name="Carlsen, Magnus", fed="NOR", sex="M", tit="GM", srtng=2823,
               sgm=0, sk=10, rrtng=2801, rgm=12, rk=10, brtng=2860, bgm=0, bk=10, bday=1990)


def write_list(tmp_path: Path, lines: list[str], header: str = HEADER,
               name: str = "players_list_foa.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(("\r\n".join([header, *lines]) + "\r\n").encode("ascii"))
    return path


def test_the_real_layout_is_what_the_helper_writes():
    # A line of the real list (Oct 2026 combined list), as published.
    real = ("1503014        Carlsen, Magnus                                              NOR M   "
            "GM                           2823  0   10 2801  12  10 2860  0   10 1990      ")
    assert fide_line(**CARLSEN) == real
    assert len(real) == len(HEADER) == 162


def test_combined_list(tmp_path):
    path = write_list(tmp_path, [
        fide_line(**CARLSEN),
        # A long OTit: FIDE wrote it in full, so the line is one character longer.
        fide_line(id=4100018, name="Arbiter, Busy", fed="ESP", sex="M", otit="SI,FI,LSI,SLI,NA",
                  foa="AFM", srtng=1900, sgm=4, sk=20, bday=1970),
        # Inactive woman: kept.
        fide_line(id=5000017, name="Quiet, Anna", fed="VIE", sex="F", wtit="WFM", srtng=2050,
                  sgm=0, sk=20, bday=1995, flag="wi"),
        # Rapid rating only, standard blank.
        fide_line(id=12345678, name="Quick, Bob", fed="ENG", sex="M", rrtng=1650, rgm=9, rk=40,
                  bday=2011),
        # Unrated at standard (blank SRtng/SGm/SK), birth year unknown (0000).
        fide_line(id=99999999, name="New, Player", fed="USA", sex="M", bday="0000", flag="i"),
    ])
    entries = read_fide_list(path)
    assert all(isinstance(e, FideListEntry) for e in entries)
    carlsen, arbiter, anna, bob, new = entries
    assert (carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.sex, carlsen.title) == (
        "1503014", "Carlsen, Magnus", "NOR", "m", "GM")
    assert (carlsen.rating, carlsen.period_games, carlsen.list_k, carlsen.birth_year) == (
        2823, 0, 10, 1990)
    assert (carlsen.games, carlsen.k, carlsen.ever_2400, carlsen.id) == (None, None, None, None)
    assert carlsen.place.line == 2 and carlsen.place.file == str(path)
    assert (arbiter.other_titles, arbiter.foa_title, arbiter.rating, arbiter.list_k) == (
        "SI,FI,LSI,SLI,NA", "AFM", 1900, 20)
    assert (arbiter.birth_year, arbiter.place.line) == (1970, 3)
    assert (anna.sex, anna.women_title, anna.flag, anna.inactive, anna.rating) == (
        "w", "WFM", "wi", True, 2050)
    assert not carlsen.inactive
    assert (bob.rating, bob.period_games, bob.list_k, bob.birth_year) == (0, None, None, 2011)
    assert (new.rating, new.birth_year, new.inactive) == (0, None, True)
    # What a list says of activity, as every list says it: the flag i (wi) is inactive.
    assert [e.active for e in entries] == [True, True, False, True, False]


def test_speed_picks_the_columns(tmp_path):
    path = write_list(tmp_path, [
        fide_line(**CARLSEN),
        fide_line(id=12345678, name="Quick, Bob", fed="ENG", sex="M", rrtng=1650, rgm=9, rk=40,
                  bday=2011),
    ])
    rapid = read_fide_list(path, speed="rapid")
    assert [(e.rating, e.period_games, e.list_k) for e in rapid] == [(2801, 12, 10),
                                                                     (1650, 9, 40)]
    blitz = read_fide_list(path, speed="blitz", use_list_k=True)
    assert [(e.rating, e.k) for e in blitz] == [(2860, 10), (0, None)]
    with pytest.raises(InputError, match=r"unknown speed.*found 'classical'"):
        read_fide_list(path, speed="classical")


@pytest.mark.parametrize(
    ("line", "otit", "foa", "rating"),
    [
        # FIDE's own overflow: the value in full, the rest of the line pushed right by 1 …
        (fide_line(id=1, name="A", otit="SI,FI,LSI,SLI,NA", foa="AFM", srtng=2000, sgm=3, sk=20),
         "SI,FI,LSI,SLI,NA", "AFM", 2000),
        # … or by 3: without the shift SRtng would read "M 282" and SK land in RRtng.
        (fide_line(id=1, name="A", otit="IA,FA,FI,FST,DI,NA", foa="AIM", srtng=2823, sgm=3,
                   sk=20), "IA,FA,FI,FST,DI,NA", "AIM", 2823),
        # Fixed width kept: the continuation overwrote the start of the FOA slot.
        (overwritten_line(id=1, name="A", otit="IA,FA,FI,FST,DI,NA", srtng=2000, sgm=3, sk=20),
         "IA,FA,FI,FST,DI,NA", None, 2000),
        # The same with the line's trailing blanks cut off.
        (overwritten_line(id=1, name="A", otit="IA,FA,FI,FST,DI,NA", srtng=2000).rstrip(),
         "IA,FA,FI,FST,DI,NA", None, 2000),
        # Nothing crosses: a title and an FOA title side by side with a blank between.
        (fide_line(id=1, name="A", otit="FA,IA,FST,DI", foa="ACM", srtng=2000),
         "FA,IA,FST,DI", "ACM", 2000),
    ],
)
def test_overflow_repair_on_the_real_layout(tmp_path, line, otit, foa, rating):
    (entry,) = read_fide_list(write_list(tmp_path, [line]))
    assert (entry.other_titles, entry.foa_title, entry.rating) == (otit, foa, rating)
    assert entry.name == "A" and entry.fide_id == "1"


#: A list whose OTit slot is narrow: the columns come from this header, not from FIDE's.
NARROW = "ID Number Name            Fed Sex Tit  OTit FOA      SRtng SGm SK B-day Flag"
NARROW_COLUMNS = ("id", "name", "fed", "sex", "tit", "otit", "foa", "srtng", "sgm", "sk",
                  "bday", "flag")


@pytest.mark.parametrize("otit", ["FA,IA,FST,DI", "IA,FA,FI"])
def test_overflow_repair_on_a_narrow_header(tmp_path, otit):
    lines = [
        # Overwritten into FOA (the line keeps its width) …
        overwritten_line(NARROW, NARROW_COLUMNS, id=7, name="Ref, Eree", fed="FRA", sex="M",
                         otit=otit, srtng=1800, sgm=5, sk=20, bday=1980),
        # … and written in full, the rest moved right.
        fide_line(NARROW, NARROW_COLUMNS, id=8, name="Ref, Other", fed="FRA", sex="M",
                  otit=otit, foa="AFM", srtng=1801, sgm=5, sk=20, bday=1981, flag="i"),
    ]
    first, second = read_fide_list(write_list(tmp_path, lines, header=NARROW))
    assert (first.other_titles, first.foa_title, first.rating, first.birth_year) == (
        otit, None, 1800, 1980)
    assert (second.other_titles, second.foa_title, second.rating, second.birth_year) == (
        otit, "AFM", 1801, 1981)
    assert (second.list_k, second.flag, second.federation) == (20, "i", "FRA")


def test_per_speed_list_with_a_month_column(tmp_path):
    header = ("ID Number      Name                                                         Fed Sex "
              "Tit  WTit OTit           FOA NOV24 Gms K  B-day Flag")
    columns = ("id", "name", "fed", "sex", "tit", "wtit", "otit", "foa", "rating", "gms", "k",
               "bday", "flag")
    path = write_list(tmp_path, [fide_line(header, columns, id=8603677, name="Ding, Liren",
                                           fed="CHN", sex="M", tit="GM", rating=2723, gms=11,
                                           k=10, bday=1992)],
                      header=header, name="standard_rating_list.txt")
    (ding,) = read_fide_list(path, speed="rapid")  # one rating column: read whatever speed
    assert (ding.fide_id, ding.rating, ding.period_games, ding.list_k, ding.birth_year) == (
        "8603677", 2723, 11, 10, 1992)


def test_2011_list_with_words_run_together(tmp_path):
    # From a 2011 standard list: "TitlFed" and "GamesBorn" are two columns each.
    header = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
    line = " 5080444  A, Sohita                             IND  1447    0  1995  wi"
    (entry,) = read_fide_list(write_list(tmp_path, [line], header=header))
    assert (entry.fide_id, entry.name, entry.federation, entry.rating, entry.period_games,
            entry.birth_year, entry.flag) == ("5080444", "A, Sohita", "IND", 1447, 0, 1995, "wi")


def test_a_combined_list_before_foa_with_its_inactive_woman(tmp_path):
    # Two real lines of FIDE's combined list before its FOA column (quoted in the tests of
    # CPAN's Chess::FIDE, gitpan/Chess-FIDE t/02-FIDE.t): a woman flagged inactive (wi)
    # with a standard rating and K, and a man with neither flag.
    header = ("ID Number      Name                                                         Fed Sex "
              "Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
    lines = ["5031605        A, Akshaya                                                   IND F   "
             "                         2014  0   20                           1994  wi",
             "1701991        Aaberg, Anton                                                SWE M   "
             "IM                       2393  0   10                           1972"]
    akshaya, anton = read_fide_list(write_list(tmp_path, lines, header=header))
    assert (akshaya.fide_id, akshaya.name, akshaya.federation, akshaya.sex, akshaya.rating,
            akshaya.period_games, akshaya.list_k, akshaya.birth_year, akshaya.flag,
            akshaya.active) == ("5031605", "A, Akshaya", "IND", "w", 2014, 0, 20, 1994, "wi",
                                False)
    assert (anton.fide_id, anton.sex, anton.title, anton.rating, anton.list_k, anton.flag,
            anton.active) == ("1701991", "m", "IM", 2393, 10, None, True)


def _event():
    players = [{"fide_id": "1503014"}, {"fide_id": "5000017"}, {"fide_id": "12345678"},
               {"fide_id": "99999999"}, {}]
    return make_event([2700, 2000, 1600, 1700, 1500],
                      [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 2, 3, "1"), (2, 5, 1, "0")],
                      end=date(2025, 1, 15), players=players)


def _list(tmp_path):
    return write_list(tmp_path, [
        fide_line(**CARLSEN),
        # 2050, 3 games in the last period, K 20 (an established adult).
        fide_line(id=5000017, name="Quiet, Anna", fed="VIE", sex="F", srtng=2050, sgm=3, sk=20,
                  bday=1995, flag="wi"),
        # Born 2011: a junior; the list's K is 40.
        fide_line(id=12345678, name="Quick, Bob", fed="ENG", sex="M", srtng=1650, sgm=9, sk=40,
                  bday=2011),
        # In the event as 1700, unrated at standard in the list.
        fide_line(id=99999999, name="New, Player", fed="USA", sex="M", rrtng=1700, rgm=5, rk=40,
                  bday="0000"),
        # Someone else: not in the event.
        fide_line(id=777, name="Player 5", fed="GER", srtng=1400, sgm=2, sk=40, bday=1960),
    ])


def test_matching_by_fide_id_and_k_state(tmp_path):
    entries = read_fide_list(_list(tmp_path))
    event = apply_rating_list(_event(), entries)
    assert [p.rating for p in event.players] == [2823, 2050, 1650, None, 1400]
    assert [p.games for p in event.players] == [None] * 5  # SGm is not a career total
    assert [p.birth_year for p in event.players] == [1990, 1995, 2011, None, 1960]
    assert [p.federation for p in event.players][:4] == ["NOR", "VIE", "ENG", "USA"]
    result = rate(event, "fide-2024")
    k = result.players["k"].tolist()
    # The engine computes K: 2823 → 10 (2400 reached); Anna 20, although she played only
    # 3 games last period (taking SGm as her career games would have made it 40); Bob is
    # a junior below 2300 → 40.
    assert k[:3] == [10, 20, 40]


def test_list_k_only_when_asked(tmp_path):
    path = _list(tmp_path)
    assert all(e.k is None for e in read_fide_list(path))
    entries = read_fide_list(path, use_list_k=True)
    assert [e.k for e in entries] == [10, 20, 40, None, 40]
    result = rate(_event(), RateRequest(system="fide-2024", ratings=entries))
    assert result.players["k"].tolist()[:3] == [10, 20, 40]
    assert result.players["k"].tolist()[4] == 40  # Player 5, by name: the list's K 40


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["1503014"], r"line 3: the line is too short: it ends within the ID column; found 7 "),
        ([fide_line(id="15O3014", name="X", srtng=2000)],
         r"line 3, column 'ID Number': the FIDE id is not a number; found '15O3014'"),
        ([fide_line(name="No Id", srtng=2000)],
         r"line 3, column 'ID Number': the FIDE id is not a number; found ''"),
        ([fide_line(id=1, name="X", srtng="20x0")],
         r"line 3, column 'SRtng': unreadable rating; found '20x0'"),
        ([fide_line(id=1, name="X", srtng=2000, sgm="n/a")],
         r"line 3, column 'SGm': unreadable number of games"),
        ([fide_line(id=1, name="X", srtng=2000, bday="19")],
         r"line 3, column 'B-day': unreadable birth year"),
    ],
)
def test_bad_lines(tmp_path, lines, words):
    path = write_list(tmp_path, [fide_line(**CARLSEN), *lines])
    with pytest.raises(InputError, match=words):
        read_fide_list(path)


def test_bad_headers(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("ID Number  Surname  Elo\n1  A  2000\n")
    with pytest.raises(InputError, match=r"line 1: this is not a FIDE rating list header; "
                                         r"found 'ID Number  Surname  Elo', expected a FIDE"):
        read_fide_list(path)
    path.write_text("ID Number      Name      Fed SRtng SGm SK\n"
                    "1              A         X   2000\n")
    with pytest.raises(InputError, match=r"line 1: the FIDE list has no blitz rating column.*"
                                         r"expected the column BRtng"):
        read_fide_list(path, speed="blitz")
    path.write_text("\n\n")
    with pytest.raises(InputError, match="empty"):
        read_fide_list(path)


def test_encodings_and_line_ends(tmp_path):
    line = fide_line(id=4611004, name="Müller, Jörg", fed="GER", sex="M", srtng=2100, bday=1980)
    path = tmp_path / "list.txt"
    path.write_bytes(("\n".join([HEADER, line]) + "\n").encode("cp1252"))
    (entry,) = read_fide_list(path)
    assert (entry.name, entry.rating, entry.federation) == ("Müller, Jörg", 2100, "GER")
    path.write_bytes(("\ufeff" + "\r\n".join([HEADER, line])).encode("utf-8"))
    assert is_fide_list(path)
    assert read_fide_list(path)[0].name == "Müller, Jörg"


def test_entries_made_from_the_columns_equal_ordinary_ones(tmp_path):
    (entry,) = read_fide_list(write_list(tmp_path, [fide_line(**CARLSEN)]))
    values = {f.name: getattr(entry, f.name) for f in fields(FideListEntry)}
    assert entry == FideListEntry(**values)
    assert hash(entry) == hash(FideListEntry(**values))
    with pytest.raises(AttributeError):
        entry.rating = 1  # type: ignore[misc]


def test_read_ratings_recognises_the_list(tmp_path):
    path = _list(tmp_path)
    assert [e.rating for e in read_ratings(path)] == [2823, 2050, 1650, 0, 1400]
    assert [e.rating for e in read_ratings(path, speed="rapid")][:4] == [2801, 0, 0, 1700]
    csv = tmp_path / "list.csv"  # a CSV list whose first header happens to read "ID Number"
    csv.write_text("ID Number,name,rating\n1,Player 1,2000\n")
    assert not is_fide_list(csv)
    assert [e.rating for e in read_ratings(csv)] == [2000]
    old = tmp_path / "old.txt"
    old.write_text("ID_Number Name   TitlFed  Mar11 GamesBorn  Flag\n"
                   "1234567   A, B        USA  2000    5  1990      \n")
    assert is_fide_list(old)
    (entry,) = read_ratings(old)
    assert (entry.fide_id, entry.rating, entry.federation) == ("1234567", 2000, "USA")


def test_cli_rates_with_the_fide_list(tmp_path):
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(_event()), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(trf), "--ratings",
         str(_list(tmp_path)), "--system", "fide-2024", "--format", "json"],
        capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    players = {p["fide_id"]: p for p in json.loads(done.stdout)["players"]}
    assert players["1503014"]["rating"] == 2823
    assert players["5000017"]["rating"] == 2050
    assert players["12345678"]["rating"] == 1650
    assert players["99999999"]["rating"] is None  # unrated at standard in the list
    assert [players[i]["k"] for i in ("1503014", "5000017", "12345678")] == [10, 20, 40]


def test_cli_reports_a_bad_list(tmp_path):
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(_event()), encoding="utf-8")
    bad = write_list(tmp_path, [fide_line(**CARLSEN), fide_line(id=1, name="X", srtng="2O00")])
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(trf), "--ratings", str(bad)],
        capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 2
    assert "line 3, column 'SRtng': unreadable rating; found '2O00'" in done.stderr


# ------------------------------------------------------------------ long lines, in linear time


def _counted_header_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every word the header reader looks up, recorded as it is looked up."""
    looked: list[str] = []
    known = fidelist._header_key

    def counting(word: str) -> str | None:
        looked.append(word)
        return known(word)

    monkeypatch.setattr(fidelist, "_header_key", counting)
    return looked


@pytest.mark.parametrize("size", [200_000, 2_000_000])
def test_a_long_header_line_is_refused_at_once(tmp_path, monkeypatch, size):
    looked = _counted_header_words(monkeypatch)
    path = tmp_path / "list.txt"
    path.write_text("ID Number  Name " + "x" * size + "\n1  A  2000\n")
    start = time.process_time()
    with pytest.raises(InputError) as refused:
        read_ratings(path)
    # A hang guard, far above the milliseconds it takes: each cut of the long word made
    # two copies of it, 28 s for 200 KB.
    assert time.process_time() - start < 1
    assert str(refused.value) == (
        f"{path}, line 1: this is not a FIDE rating list header; found 'ID Number  Name "
        f"xxxxxxxxxxxxxxxxxxxxxxxx'… ({size + 16:,} characters), expected a FIDE rating list "
        "header: 'ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng "
        "BGm BK B-day Flag' (or a per-speed list with a month column such as 'NOV24 Gms K')")
    # "ID", "Number" and "Name" are read as one or two words; the long word is looked up
    # once whole, and no cut of it can be two known words (each at most 9 letters).
    assert len(looked) == 2 and len(looked[-1]) == size


def test_a_header_of_many_words_is_read_a_few_lookups_a_word(tmp_path, monkeypatch):
    looked = _counted_header_words(monkeypatch)
    path = tmp_path / "list.txt"
    path.write_text("ID Number  Name  SRtng" + " abcdefghij" * 100_000 + "\n1  A  2000\n")
    with pytest.raises(InputError, match=r"line 1: the FIDE list header is too wide; found "
                                         r"1,100,022 characters, expected at most 1,000 "
                                         r"\(FIDE's combined list's header is 162\)$"):
        read_ratings(path)
    # Name and SRtng, then each ten-letter word whole and its nine cuts into halves of at
    # most nine letters (the longest known word, "id number"), two lookups a cut: a
    # bound on each word, whatever the line's length.
    assert len(looked) == 2 + 100_000 * (1 + 9 * 2)


def test_a_wide_header_is_refused_before_a_line_is_cut_to_it(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("ID Number  Name  SRtng" + " " * 2_000_000 + "Flag\n"
                    + "1          A     2000\n" * 1000)
    with pytest.raises(InputError) as refused:
        read_ratings(path)
    assert str(refused.value) == (
        f"{path}, line 1: the FIDE list header is too wide; found 2,000,026 characters, "
        "expected at most 1,000 (FIDE's combined list's header is 162)")


def test_a_long_line_in_a_code_page_list_is_looked_at_once(tmp_path):
    # The lines with a byte beyond ASCII choose the code page; a search from every
    # position of a 200 KB line before one took minutes.
    path = tmp_path / "list.txt"
    path.write_bytes(b"ID Number  Name " + b"x" * 200_000 + b"\n1  M\xfcller  2000\n")
    start = time.process_time()
    with pytest.raises(InputError, match="this is not a FIDE rating list header"):
        read_ratings(path)
    assert time.process_time() - start < 1  # a hang guard


def test_a_long_value_is_read_whole(tmp_path):
    # Two megabytes of OTit in a line: FIDE's overflow rule takes them all, and the
    # rest of the line moved right by as much.
    line = fide_line(id=7, name="Long, Titles", otit="IA," * 700_000, foa="AFM", srtng=2100,
                     sgm=3, sk=20, bday=1970)
    start = time.process_time()
    (entry,) = read_fide_list(write_list(tmp_path, [line]))
    assert time.process_time() - start < 1  # a hang guard
    assert (entry.other_titles, entry.foa_title, entry.rating, entry.list_k,
            entry.birth_year) == ("IA," * 700_000, "AFM", 2100, 20, 1970)


# ------------------------------------------------------------------ where a problem is


def test_a_list_rating_with_decimals_names_the_header_word(tmp_path):
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(_event()), encoding="utf-8")
    path = write_list(tmp_path, [fide_line(**{**CARLSEN, "srtng": "2823.5", "sgm": ""})])
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(trf), "--ratings", str(path)],
        capture_output=True, text=True, check=False, cwd=ROOT)
    assert (done.returncode, done.stderr) == (2, (
        f"error: {path}, line 2, column 'SRtng': a rating with more decimals than fide-2024 "
        "keeps; found 2823.5, expected a whole number\n"))


def test_every_bad_field_of_a_line_is_named(tmp_path):
    path = write_list(tmp_path, [fide_line(id="15O3014", name="X", srtng="20x0", sgm=3,
                                           sk="K", bday="19")])
    with pytest.raises(InputError) as refused:
        read_fide_list(path, speed="standard")
    assert str(refused.value).splitlines() == [
        f"{path}, line 2, column 'ID Number': the FIDE id is not a number; found '15O3014', "
        "expected the digits of a FIDE id",
        f"{path}, line 2, column 'SRtng': unreadable rating; found '20x0', expected a whole "
        "number from 0 to 4000",
        f"{path}, line 2, column 'SK': unreadable K; found 'K', expected a whole number "
        "from 0 to 100",
        f"{path}, line 2, column 'B-day': unreadable birth year; found '19', expected a year "
        "such as 1987, or a date such as 1987/05/12 or 12.05.1987 (0 or blank when unknown)"]
    # The 2011 header's words run together: each half names its column.
    header = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
    line = " 5080444  A, Sohita                             IND  1447    x  1995  wi"
    with pytest.raises(InputError, match=r"line 2, column 'Games': unreadable number of "
                                         r"games; found 'x'"):
        read_fide_list(write_list(tmp_path, [line], header=header))


def test_a_fide_id_on_two_lines_is_refused_where_a_player_has_it(tmp_path):
    path = write_list(tmp_path, [fide_line(**CARLSEN), fide_line(id=777, name="Player 5"),
                                 fide_line(**{**CARLSEN, "srtng": 2830})])
    with pytest.raises(InputError) as refused:
        apply_rating_list(_event(), read_fide_list(path))
    assert str(refused.value) == (
        f"{path}, line 4, column 'ID Number': the rating list has this player twice; found "
        "'1503014', also on line 2, expected one line per player (a fide_id or id tells "
        "players of one name apart)")


# ------------------------------------------------------------------ a generated full-size list


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """``benchmarks.bench_rating_list``: the list it generates for the benchmark."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("benchmarks.bench_rating_list")


@pytest.mark.parametrize("speed", ["standard", "blitz"])
def test_a_generated_list_reads_as_it_was_written(bench, tmp_path, speed):
    players = bench.listed_players(2000, seed=5)
    path = tmp_path / "players_list_foa.txt"
    bench.write_fide_list(path, players)
    # The sample holds what makes FIDE's list hard: lines lengthened by a long OTit,
    # names beyond ASCII, unknown births, women's titles.
    assert sum(len(bench.fide_line(p)) > len(bench.HEADER) for p in players) == 3
    assert any(not p.name.isascii() for p in players)
    assert any(p.birth == "0000" for p in players) and any(p.women_title for p in players)
    entries = read_ratings(path, speed=speed)

    def number(text: str) -> int | None:
        return int(text) if text else None

    def written(p: bench.ListedPlayer) -> tuple[object, ...]:
        rating, games, k = getattr(p, speed)
        return (p.fide_id, p.name, p.federation, {"M": "m", "F": "w"}[p.sex], p.title or None,
                p.women_title or None, p.other_titles or None, p.foa_title or None,
                number(rating) or 0, number(games), number(k), None if p.birth == "0000"
                else int(p.birth), p.flag or None)

    assert [(e.fide_id, e.name, e.federation, e.sex, e.title, e.women_title, e.other_titles,
             e.foa_title, e.rating, e.period_games, e.list_k, e.birth_year, e.flag)
            for e in entries] == [written(p) for p in players]
    assert [e.place for e in entries[:2]] == [Place(str(path), line=2), Place(str(path), line=3)]
    assert entries[0].rating_place == Place(str(path), line=2, column=(
        "SRtng" if speed == "standard" else "BRtng"))


def test_the_generated_players_as_a_csv_list_read_as_they_were_written(bench, tmp_path):
    players = bench.listed_players(2000, seed=5)
    path = tmp_path / "ratings.csv"
    bench.write_csv_list(path, players)
    entries = read_ratings(path)
    assert len(entries) == len(players) == 2000

    def number(text: str) -> int | None:
        return int(text) if text else None

    assert [(e.fide_id, e.name, e.federation, e.rating, e.games, e.birth_year, e.k,
             e.place.line) for e in entries] == [
        (p.fide_id, p.name, p.federation, number(p.standard[0]), number(p.standard[1]),
         None if p.birth == "0000" else int(p.birth), number(p.standard[2]), line)
        for line, p in enumerate(players, start=2)]
