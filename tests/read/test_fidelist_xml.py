"""FIDE's XML rating list read: the combined list's speeds, the per-speed list, and what a
bad file gets (every problem named by its line and element, never a traceback).

The layout is the one Zinkelburger/Meow-Chess ``research/notes/FIDE.md`` (831889fe)
records of FIDE's ``players_list_xml_foa.xml``: ``<playerslist>`` without an XML
declaration, a ``<player>`` per player with ``fideid, name, country, sex, title, w_title,
o_title, foa_title, rating, games, k, rapid_rating, rapid_games, rapid_k, blitz_rating,
blitz_games, blitz_k, birthday, flag`` in that order, empty elements written
``<title></title>``; Carlsen's values are those of its combined TXT line (Oct 2026).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import make_event
from tournament_elo.errors import InputError, Place
from tournament_elo.read.detect import read_ratings
from tournament_elo.read.fidelist_xml import is_fide_xml_list, read_fide_xml_list
from tournament_elo.write.trf import write_trf

COMBINED_ORDER = ("fideid", "name", "country", "sex", "title", "w_title", "o_title",
                  "foa_title", "rating", "games", "k", "rapid_rating", "rapid_games",
                  "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag")
CARLSEN = dict(fideid="1503014", name="Carlsen, Magnus", country="NOR", sex="M", title="GM",
               rating="2823", games="0", k="10", rapid_rating="2801", rapid_games="12",
               rapid_k="10", blitz_rating="2860", blitz_games="0", blitz_k="10",
               birthday="1990")
QUIET = dict(fideid="5000017", name="Quiet, Anna", country="VIE", sex="F", title="WFM",
             w_title="WFM", o_title="FA,NA", rating="2050", games="0", k="20",
             birthday="1995", flag="wi")


def player(order: tuple[str, ...] = COMBINED_ORDER, **values: str) -> str:
    """A ``<player>`` as FIDE writes it: every element, one a line, empty where unknown."""
    return "<player>\n" + "".join(f"<{e}>{values.get(e, '')}</{e}>\n" for e in order) + \
        "</player>"


def xml_list(tmp_path: Path, *players: str, start: str = "", name: str = "list.xml") -> Path:
    path = tmp_path / name
    path.write_text(start + "<playerslist>\n" + "\n".join(players) + "\n</playerslist>\n",
                    encoding="utf-8")
    return path


def test_the_combined_list_and_its_speeds(tmp_path):
    path = xml_list(tmp_path, player(**CARLSEN), player(**QUIET))
    assert is_fide_xml_list(path)
    carlsen, anna = read_ratings(path)
    assert (carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.sex, carlsen.title) == (
        "1503014", "Carlsen, Magnus", "NOR", "m", "GM")
    assert (carlsen.rating, carlsen.period_games, carlsen.list_k, carlsen.birth_year) == (
        2823, 0, 10, 1990)
    # As from the TXT list: the list's games are the period's, its K is kept aside.
    assert (carlsen.games, carlsen.k, carlsen.flag) == (None, None, None)
    assert carlsen.place == Place(str(path), line=2)
    assert carlsen.rating_place == Place(str(path), line=2, column="rating")
    assert (anna.sex, anna.women_title, anna.other_titles, anna.flag, anna.inactive) == (
        "w", "WFM", "FA,NA", "wi", True)
    assert anna.place.line == 23  # 21 lines a player, and the root's
    assert (anna.rating, read_ratings(path, speed="rapid")[1].rating) == (2050, 0)
    rapid = read_ratings(path, speed="rapid")[0]
    assert (rapid.rating, rapid.period_games, rapid.list_k) == (2801, 12, 10)
    assert rapid.rating_place.column == "rapid_rating"
    blitz = read_fide_xml_list(path, speed="blitz", use_list_k=True)[0]
    assert (blitz.rating, blitz.k) == (2860, 10)


def test_a_per_speed_list_is_read_whatever_the_speed(tmp_path):
    order = tuple(e for e in COMBINED_ORDER if not e.startswith(("rapid_", "blitz_")))
    path = xml_list(tmp_path, player(order, **CARLSEN),
                    start='<?xml version="1.0" encoding="utf-8"?>\n')
    assert [e.rating for e in read_ratings(path, speed="blitz")] == [2823]


def test_a_byte_order_mark_and_a_declared_encoding(tmp_path):
    path = tmp_path / "latin.xml"
    path.write_bytes(b'\xef\xbb\xbf<?xml version="1.0"?><playerslist>' +
                     player(**{**CARLSEN, "name": "Ø"}).encode() + b"</playerslist>")
    assert read_ratings(path)[0].name == "Ø"
    latin = tmp_path / "declared.xml"
    latin.write_bytes(b'<?xml version="1.0" encoding="iso-8859-1"?><playerslist>' +
                      player(**{**CARLSEN, "name": "Ø"}).encode("latin-1") + b"</playerslist>")
    assert read_ratings(latin)[0].name == "Ø"
    # --encoding overrides a file that does not say its own.
    bare = tmp_path / "bare.xml"
    bare.write_bytes(b"<playerslist>" + player(**{**CARLSEN, "name": "Đông"}).encode("cp1258")
                     + b"</playerslist>")
    assert read_ratings(bare, encoding="cp1258")[0].name == "Đông"


def test_every_problem_is_named_by_its_line_and_element(tmp_path):
    path = xml_list(tmp_path, player(**{**CARLSEN, "fideid": "15O3014"}),
                    player(**{**QUIET, "rating": "5000", "birthday": "abc"}))
    with pytest.raises(InputError) as caught:
        read_ratings(path)
    assert [str(p) for p in caught.value.problems] == [  # type: ignore[attr-defined]
        f"{path}, line 2, column 'fideid': the FIDE id is not a number; found '15O3014', "
        "expected the digits of a FIDE id",
        f"{path}, line 23, column 'rating': unreadable rating; found '5000', expected a whole "
        "number from 0 to 4000",
        f"{path}, line 23, column 'birthday': unreadable birth year; found 'abc', expected a "
        "year such as 1987, or a date such as 1987/05/12 or 12.05.1987 (0 or blank when "
        "unknown)"]


def test_a_broken_file_is_named_at_its_line(tmp_path):
    path = tmp_path / "cut.xml"
    path.write_text("<playerslist>\n" + player(**CARLSEN) + "\n<player>\n<fideid>1</fid",
                    encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_ratings(path)
    assert caught.value.place == Place(str(path), line=24)
    assert caught.value.reason == "the XML is not well-formed"
    assert caught.value.expected == "a <playerslist> of <player> elements"


def test_entities_are_not_expanded_and_a_dtd_is_no_fide_list(tmp_path):
    # An entity FIDE's list never declares is an error, not a lookup.
    undeclared = xml_list(tmp_path, player(**{**CARLSEN, "name": "&lol;"}))
    with pytest.raises(InputError, match="the XML is not well-formed"):
        read_ratings(undeclared)
    laughs = tmp_path / "laughs.xml"
    laughs.write_text('<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY lol "lol">'
                      '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
                      "<playerslist>" + player(**{**CARLSEN, "name": "&lol2;"}) +
                      "</playerslist>", encoding="utf-8")
    assert not is_fide_xml_list(laughs)
    with pytest.raises(InputError, match="this is not a FIDE XML rating list"):
        read_fide_xml_list(laughs)


def test_rate_takes_the_xml_list_and_says_its_problems(run, tmp_path):
    event = make_event([None, None], [(1, 1, 2, "1")],
                       players=[dict(fide_id="1503014"), dict(fide_id="5000017")])
    (tmp_path / "event.trf").write_text(write_trf(event), encoding="utf-8")
    xml_list(tmp_path, player(**CARLSEN), player(**QUIET))
    code, out, err = run("rate", "event.trf", "--ratings", "list.xml", "--format", "csv")
    assert code == 0, err
    rows = [line.split(",") for line in out.lstrip("\ufeff").splitlines()]
    rating = rows[0].index("rating")
    assert sorted(row[rating] for row in rows[1:3]) == ["2050", "2823"]
    xml_list(tmp_path, player(**{**CARLSEN, "rating": "28x3"}), name="bad.xml")
    code, out, err = run("rate", "event.trf", "--ratings", "bad.xml")
    assert code == 2
    assert err == ("error: bad.xml, line 2, column 'rating': unreadable rating; found '28x3', "
                   "expected a whole number from 0 to 4000\n")


def test_a_broken_file_said_in_vietnamese(run, tmp_path):
    event = make_event([None, None], [(1, 1, 2, "1")],
                       players=[dict(fide_id="1503014"), dict(fide_id="5000017")])
    (tmp_path / "event.trf").write_text(write_trf(event), encoding="utf-8")
    (tmp_path / "cut.xml").write_text("<playerslist>\n<player>\n<fideid>1</fid",
                                      encoding="utf-8")
    code, _, err = run("rate", "event.trf", "--ratings", "cut.xml", "--lang", "vi")
    assert code == 2
    assert err.startswith("lỗi: cut.xml, dòng 3: tệp XML sai cú pháp; thấy ")
    assert err.endswith(", cần một <playerslist> gồm các phần tử <player>\n")
