"""FIDE's list formats written (TXT and XML), checked against FIDE's published layout
and read back by the project's readers to the same list.

Published layout and lines (see tests/data/SOURCES.md, "Quoted in the tests"):

- Zinkelburger/Meow-Chess ``research/notes/FIDE.md`` (831889fe): the per-speed list's
  header (``… FOA OCT26 Gms K  B-day Flag``, 136 characters), its columns (rating
  [113,119), Gms [119,123), K [123,126), B-day [126,132), Flag [132,136)), the flags
  (``i`` inactive, ``w`` woman, ``wi`` both), ASCII with CRLF line ends; the XML list's
  ``<playerslist>`` without declaration and its elements' order; and the combined list's
  lines of Carlsen, Ding and Nakamura (Oct 2026), whose first 126 characters (ID to K)
  are laid out as the per-speed list's.
- The January 2023 standard list's header and three of its lines (``A C J John`` with
  ``i``, ``A K, Kalshyan``, ``A-ALI`` with ``w``), quoted in a public project's parser
  self-test (``build_chess_2023_cohorts_v2.py``, "the exact January-2023 layout observed
  locally"); the search index did not name its repository.  Their trailing blanks were
  lost in the quoting: FIDE pads every line to the header's 136 characters.
- StephanRaab/FIDE-Chess-Data ``README.md`` (01c1bae4): December 2019 standard-list
  entries, among them inactive (``i``) players.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_elo.db.fide_lists import FIDE_LIST_COLUMNS
from tournament_elo.errors import InputError
from tournament_elo.read.detect import read_ratings
from tournament_elo.read.fidelist import read_fide_list
from tournament_elo.read.fidelist_xml import read_fide_xml_list
from tournament_elo.write.fide_list import fide_txt, fide_xml, month_word

#: The January 2023 standard list's header, as quoted (136 characters).
JAN23_HEADER = ("ID Number      Name                                                         "
                "Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag")
#: Meow-Chess's per-speed header of October 2026.
OCT26_HEADER = ("ID Number      Name                                                         "
                "Fed Sex Tit  WTit OTit           FOA OCT26 Gms K  B-day Flag")
#: Three lines of the January 2023 standard list, as quoted.
JAN23_LINES = (
    "25121731       A C J John                                                   IND M     "
    "                           1063  0   40 1987  i",
    "5045886        A K, Kalshyan                                                IND M     "
    "                           1671  0   20 1964",
    "4804929        A-ALI, Sali Abbas Abdulzahra                                 IRQ F   WFM"
    "  WFM                     1876  13  20 2001  w",
)
#: Their values, as the database's list gives them (sex m/w, no OTit or FOA).
JAN23_ROWS = (
    dict(fide_id="25121731", name="A C J John", federation="IND", sex="m", rating=1063,
         period_games=0, k=40, birth_year=1987, flag="i"),
    dict(fide_id="5045886", name="A K, Kalshyan", federation="IND", sex="m", rating=1671,
         period_games=0, k=20, birth_year=1964),
    dict(fide_id="4804929", name="A-ALI, Sali Abbas Abdulzahra", federation="IRQ", sex="w",
         title="WFM", women_title="WFM", rating=1876, period_games=13, k=20, birth_year=2001,
         flag="w"),
)
#: Meow-Chess's combined-list lines (Oct 2026): ID to K are the per-speed list's columns.
COMBINED_LINES = (
    ("1503014        Carlsen, Magnus                                              NOR M   "
     "GM                           2823  0   10 2801  12  10 2860  0   10 1990",
     dict(fide_id="1503014", name="Carlsen, Magnus", federation="NOR", sex="m", title="GM",
          rating=2823, period_games=0, k=10, birth_year=1990)),
    ("8603677        Ding, Liren                                                  CHN M   "
     "GM                           2723  11  10 2693  0   10 2736  0   10 1992",
     dict(fide_id="8603677", name="Ding, Liren", federation="CHN", sex="m", title="GM",
          rating=2723, period_games=11, k=10, birth_year=1992)),
    ("2016192        Nakamura, Hikaru                                             USA M   "
     "GM                           2792  0   10 2738  0   10 2800  0   10 1987",
     dict(fide_id="2016192", name="Nakamura, Hikaru", federation="USA", sex="m", title="GM",
          rating=2792, period_games=0, k=10, birth_year=1987)),
)
#: StephanRaab/FIDE-Chess-Data's December 2019 entries with the flag ``i``.
DEC19_INACTIVE = (
    dict(fide_id="35077023", name="A Chakravarthy", federation="IND", sex="m", rating=1151,
         period_games=0, k=40, birth_year=1986, flag="i"),
    dict(fide_id="10207538", name="A E M, Doshtagir", federation="BAN", sex="m", rating=1840,
         period_games=0, k=40, birth_year=1974, flag="i"),
)
JAN_2023 = date(2023, 1, 1)


def table(*rows: dict[str, object]) -> pd.DataFrame:
    """The database's FIDE list of ``rows`` (a field not given: no value)."""
    return pd.DataFrame([{c: row.get(c) for c in FIDE_LIST_COLUMNS} for row in rows],
                        columns=list(FIDE_LIST_COLUMNS))


def text_lines(data: bytes) -> list[str]:
    assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    return data.decode("utf-8").split("\r\n")[:-1]


def starts(header: str) -> list[int]:
    """Where each column starts: at its header word (``ID Number`` is one)."""
    words = [m.start() for m in re.finditer(r"\S+", header)]
    return [0, *words[2:]]


def test_month_word():
    assert [month_word(date(2023, 1, 1)), month_word(date(2026, 10, 1)),
            month_word(date(2009, 12, 31))] == ["JAN23", "OCT26", "DEC09"]


def test_the_header_is_fides():
    lines = text_lines(fide_txt(table(*JAN23_ROWS), JAN_2023))
    assert lines[0] == JAN23_HEADER
    assert len(JAN23_HEADER) == 136
    assert text_lines(fide_txt(table(*JAN23_ROWS), date(2026, 10, 1)))[0] == OCT26_HEADER


def test_real_lines_column_by_column():
    written = text_lines(fide_txt(table(*JAN23_ROWS), JAN_2023))[1:]
    bounds = [*starts(JAN23_HEADER), 136]
    names = JAN23_HEADER.replace("ID Number", "ID_Number").split()
    for ours, theirs in zip(written, JAN23_LINES, strict=True):
        published = theirs.ljust(136)  # FIDE's line, its trailing blanks back
        assert len(ours) == 136
        for name, start, end in zip(names, bounds, bounds[1:], strict=False):
            assert ours[start:end] == published[start:end], (name, ours, published)
        assert ours == published


def test_the_per_speed_columns_are_the_combined_lists_up_to_k():
    written = text_lines(fide_txt(table(*(row for _, row in COMBINED_LINES)), JAN_2023))[1:]
    # Written by name: Carlsen, Ding, Nakamura are already in that order.
    for ours, (theirs, _) in zip(written, COMBINED_LINES, strict=True):
        assert ours[:126] == theirs[:126]
        assert ours[126:].rstrip() == theirs[152:156]  # the birth year, where B-day is


def test_flags_i_w_wi_read_back(tmp_path):
    rows = [*JAN23_ROWS, *DEC19_INACTIVE,
            dict(fide_id="5031605", name="A, Akshaya", federation="IND", sex="w",
                 rating=2014, period_games=0, k=20, birth_year=1994, flag="wi")]
    path = tmp_path / "standard_rating_list.txt"
    path.write_bytes(fide_txt(table(*rows), JAN_2023))
    lines = text_lines(path.read_bytes())
    assert [line[132:].rstrip() for line in lines[1:]] == ["i", "", "w", "i", "i", "wi"]
    entries = list(read_fide_list(path))
    assert [(e.fide_id, e.flag, e.inactive, e.sex) for e in entries] == [
        ("25121731", "i", True, "m"), ("5045886", None, False, "m"),
        ("4804929", "w", False, "w"), ("35077023", "i", True, "m"),
        ("10207538", "i", True, "m"), ("5031605", "wi", True, "w")]


def test_xml_as_fide_publishes_it(tmp_path):
    carlsen = COMBINED_LINES[0][1]
    data = fide_xml(table(carlsen))
    # FIDE's per-speed XML: no declaration, the elements in FIDE's order, empty ones empty.
    assert data.decode() == (
        "<playerslist>\n<player>\n<fideid>1503014</fideid>\n<name>Carlsen, Magnus</name>\n"
        "<country>NOR</country>\n<sex>M</sex>\n<title>GM</title>\n<w_title></w_title>\n"
        "<o_title></o_title>\n<foa_title></foa_title>\n<rating>2823</rating>\n"
        "<games>0</games>\n<k>10</k>\n<birthday>1990</birthday>\n<flag></flag>\n"
        "</player>\n</playerslist>\n")


def test_xml_escapes_markup(tmp_path):
    rows = [dict(fide_id="2500012", name="O'Brien & <Sons> \"Ltd\"", federation="IRL",
                 sex="m", rating=1900, period_games=4, k=20, birth_year=1970)]
    data = fide_xml(table(*rows))
    assert b"<name>O'Brien &amp; &lt;Sons&gt; \"Ltd\"</name>" in data
    # Any XML parser reads the name back, and so does the project's reader.
    assert ET.fromstring(data).findtext("player/name") == "O'Brien & <Sons> \"Ltd\""
    path = tmp_path / "list.xml"
    path.write_bytes(data)
    (entry,) = read_fide_xml_list(path)
    assert (entry.name, entry.rating, entry.period_games, entry.list_k) == (
        "O'Brien & <Sons> \"Ltd\"", 1900, 4, 20)
    # The TXT list has no markup: the name as it is.
    txt = tmp_path / "list.txt"
    txt.write_bytes(fide_txt(table(*rows), JAN_2023))
    assert read_fide_list(txt)[0].name == "O'Brien & <Sons> \"Ltd\""


def test_vietnamese_names_keep_their_letters(tmp_path):
    nfc = "Nguyễn Thị Thanh An"
    decomposed = unicodedata.normalize("NFD", "Lê Quang Liêm")
    rows = [dict(fide_id="12400010", name=nfc, federation="VIE", sex="w", title="WFM",
                 women_title="WFM", rating=2050, period_games=9, k=20, birth_year=2001,
                 flag="w"),
            dict(fide_id="12401137", name=decomposed, federation="VIE", sex="m", title="GM",
                 rating=2700, period_games=10, k=10, birth_year=1991)]
    data = fide_txt(table(*rows), JAN_2023)
    lines = text_lines(data)  # UTF-8, decoded whole
    # The widths are in characters, the names in NFC: the federation starts at
    # character 77 of every line, whatever the bytes of the name before it.
    assert [line[76:80] for line in lines] == ["Fed ", "VIE ", "VIE "]
    assert [len(line) for line in lines[1:]] == [136, 136]
    assert len(lines[1].encode()) == 136 + 4  # ễ, ị: three bytes; the others: two
    assert lines[1].startswith("12400010       Nguyễn Thị Thanh An   ")
    assert lines[2][15:28] == "Lê Quang Liêm"
    txt, xml = tmp_path / "list.txt", tmp_path / "list.xml"
    txt.write_bytes(data)
    xml.write_bytes(fide_xml(table(*rows)))
    for entries in (read_fide_list(txt), read_fide_xml_list(xml)):
        assert [(e.name, e.women_title, e.flag) for e in entries] == [
            (nfc, "WFM", "w"), ("Lê Quang Liêm", None, None)]


def test_a_value_too_wide_widens_its_column_and_says_so(tmp_path):
    long_name = "Nguyễn Phạm Hoàng Thị Thanh Thảo Ngọc Bích Trâm Anh Khánh Linh Vy"  # 65
    rows = [dict(fide_id="12400100", name=long_name, federation="Hà Nội", sex="w",
                 rating=1650, period_games=1000, k=40, birth_year=2010, flag="w"),
            dict(fide_id="12400200", name="Short", federation="VIE", sex="m", rating=1500,
                 period_games=5, k=40, birth_year=2009)]
    notes: list[str] = []
    path = tmp_path / "list.txt"
    path.write_bytes(fide_txt(table(*rows), JAN_2023, notes))
    assert notes == [
        "the Name column is 66 characters wide, not FIDE's 61, to hold "
        f"'{long_name}': a program with FIDE's columns built in would misread the file",
        "the Fed column is 7 characters wide, not FIDE's 4, to hold 'Hà Nội': a program with "
        "FIDE's columns built in would misread the file",
        "the Gms column is 5 characters wide, not FIDE's 4, to hold '1000': a program with "
        "FIDE's columns built in would misread the file"]
    header = text_lines(path.read_bytes())[0]
    assert starts(header)[1:4] == [15, 15 + 66, 15 + 66 + 7]
    first, second = read_fide_list(path)
    assert (first.name, first.federation, first.period_games, first.rating) == (
        long_name, "Hà Nội", 1000, 1650)
    assert (second.name, second.federation, second.period_games) == ("Short", "VIE", 5)
    # FIDE's own widths hold FIDE's own lists: no note.
    fide_txt(table(*JAN23_ROWS), JAN_2023, quiet := [])
    assert quiet == []


def test_players_without_fide_id_are_left_out_with_a_note():
    notes: list[str] = []
    rows = [JAN23_ROWS[0], dict(name="Trần Văn Bình", rating=1800, k=20),
            dict(fide_id="", name="Blank Id", rating=1700)]
    lines = text_lines(fide_txt(table(*rows), JAN_2023, notes))
    assert len(lines) == 2 and lines[1].startswith("25121731")
    assert notes == ["2 players have no FIDE id: they are not in the FIDE list (--format csv "
                     "lists them)"]
    assert fide_xml(table(*rows)).count(b"<player>") == 1


def test_what_neither_format_can_hold_is_refused_every_one_named():
    rows = [dict(fide_id="12AB", name="Letters, In Id", rating=1800),
            dict(fide_id="100", name="Line\nBreak", rating=1800),
            dict(fide_id="101", name="Decimals", rating=1975.2),
            dict(fide_id="102", name="Fine", rating=1975.0)]
    for write in (lambda t: fide_txt(t, JAN_2023), fide_xml):
        with pytest.raises(InputError) as caught:
            write(table(*rows))
        assert str(caught.value).splitlines() == [
            "Letters, In Id (12AB), column 'fide_id': the FIDE id is not a number; found "
            "'12AB', expected the digits of a FIDE id",
            "Line\\nBreak (100), column 'name': a FIDE list cannot hold this text; found "
            "'Line\\nBreak', expected text without line breaks, tabs or control characters",
            "Decimals (101), column 'rating': FIDE's list formats hold whole ratings; found "
            "1975.2, expected a whole number (--format csv, json or xlsx keep the decimals)"]


#: Texts a list's fields may hold: letters of many scripts, Vietnamese marks, markup.
_TEXT = st.text(st.sampled_from("aAzZ ,.'-&<>\"ĐđễịươăâêôÁÀẢÃẠ日本é"), min_size=1,
                max_size=70).map(str.strip).filter(bool)
_ROW = st.fixed_dictionaries({
    "fide_id": st.integers(1, 10**9).map(str),
    "name": _TEXT,
    "federation": st.one_of(st.none(), st.sampled_from(["VIE", "NOR", "Hà Nội", "TP.HCM"])),
    "sex": st.sampled_from([None, "m", "w"]),
    "title": st.sampled_from([None, "GM", "IM", "WFM", "WGM", "T1", "DSL"]),
    "women_title": st.sampled_from([None, "WGM", "WIM", "WFM", "WCM"]),
    "rating": st.integers(1, 4000),
    "period_games": st.one_of(st.none(), st.integers(0, 100_000)),
    "k": st.one_of(st.none(), st.integers(1, 100)),
    "birth_year": st.one_of(st.none(), st.integers(1900, 2020)),
    "flag": st.sampled_from([None, "i", "w", "wi"]),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(rows=st.lists(_ROW, min_size=1, max_size=12), day=st.dates(date(2001, 1, 1),
                                                                  date(2030, 12, 31)))
def test_both_formats_read_back_to_the_same_list(tmp_path, rows, day):
    expected = [(r["fide_id"], unicodedata.normalize("NFC", r["name"]), r["federation"],
                 r["sex"], r["title"], r["women_title"], r["rating"], r["period_games"],
                 r["k"], r["birth_year"], r["flag"]) for r in rows]
    for name, data in (("list.txt", fide_txt(table(*rows), day)),
                       ("list.xml", fide_xml(table(*rows)))):
        path = Path(tmp_path) / name
        path.write_bytes(data)
        read = [(e.fide_id, e.name, e.federation, e.sex, e.title, e.women_title, e.rating,
                 e.period_games, e.list_k, e.birth_year, e.flag) for e in read_ratings(path)]
        assert read == expected, name
