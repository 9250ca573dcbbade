"""``db ratings --format fide-txt|fide-xml``: the database's list in FIDE's own formats,
through the command line, read back by the project's readers to the same list, found
again by ``db diff`` and by ``db import-list`` into another database.

The event: a four-player round robin of January 2025 (list of 1 February 2025, ``FEB25``)
with a woman holding a women's title, Vietnamese names, a name with ``&`` and ``<``, and a
player without FIDE id.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import make_event
from tournament_elo.read.detect import read_ratings
from tournament_elo.write.trf import write_trf

#: Name, FIDE id, sex, title, federation, birth year, rating of each player.
PLAYERS = (
    ("Nguyễn Thị Thanh An", "12400010", "w", "WFM", "VIE", 2001, 2050),
    ("Lê Quang Liêm", "12401137", "m", "GM", "VIE", 1991, 2700),
    ("O'Brien & <Sons>", "2500012", "m", None, "IRL", 1970, 1900),
    ("Trần Văn Bình", None, "m", None, "VIE", 1985, 1800),
)
#: What FIDE's formats show of each beyond ``db ratings``: sex, title, women's title, flag.
FIDE_EXTRAS = {
    "12400010": ("w", "WFM", "WFM", "w"),
    "12401137": ("m", "GM", None, None),
    "2500012": ("m", None, None, None),
}


@pytest.fixture
def rated(run, tmp_path: Path) -> dict[str, list[str]]:
    """The database with the event rated: ``db ratings --format csv``'s rows by FIDE id."""
    event = make_event([p[-1] for p in PLAYERS], [
        (1, 1, 2, "0"), (1, 3, 4, "="), (2, 1, 3, "1"), (2, 2, 4, "1"),
        (3, 1, 4, "="), (3, 3, 2, "0")], players=[
        dict(fide_id=fide_id, sex=sex, title=title, federation=federation, birth_year=year)
        for _, fide_id, sex, title, federation, year, _ in PLAYERS])
    event = dataclasses.replace(event, players=tuple(
        dataclasses.replace(p, name=row[0]) for p, row in zip(event.players, PLAYERS,
                                                              strict=True)))
    (tmp_path / "event.trf").write_text(write_trf(event), encoding="utf-8")
    assert run("db", "import", "event.trf")[0] == 0
    assert run("db", "recompute")[0] == 0
    code, out, err = run("db", "ratings", "--format", "csv")
    assert code == 0, err
    header, *rows = (line.split(",") for line in out.lstrip("\ufeff").splitlines())
    assert header == ["id", "fide_id", "federation_id", "name", "federation", "birth_year",
                      "rating", "change", "games", "period_games", "k", "title", "sex", "club",
                      "region", "active"]
    assert len(rows) == 4
    return {row[1]: row for row in rows}


def listed(rated: dict[str, list[str]]) -> list[tuple[object, ...]]:
    """The list a FIDE format should hold: the players with a FIDE id, by name, each as
    (FIDE id, name, federation, sex, title, women's title, rating, period games, K, birth
    year, flag)."""
    rows = [row for fide_id, row in rated.items() if fide_id]
    rows.sort(key=lambda row: row[3].casefold())  # Lê, Nguyễn, O'Brien
    return [(row[1], row[3], row[4], *FIDE_EXTRAS[row[1]][:3], int(row[6]), int(row[9]),
             int(row[10]), int(row[5]), FIDE_EXTRAS[row[1]][3]) for row in rows]


def read_back(path: Path) -> list[tuple[object, ...]]:
    return [(e.fide_id, e.name, e.federation, e.sex, e.title, e.women_title, e.rating,
             e.period_games, e.list_k, e.birth_year, e.flag) for e in read_ratings(path)]


def test_fide_txt_reads_back_to_the_same_list(run, rated, tmp_path):
    code, out, err = run("db", "ratings", "--format", "fide-txt", "-o", "standard.txt")
    assert code == 0, err
    assert err.splitlines() == ["warning: 1 players have no FIDE id: they are not in the "
                                "FIDE list (--format csv lists them)", "wrote standard.txt"]
    path = tmp_path / "standard.txt"
    expected = listed(rated)
    assert [row[0] for row in expected] == ["12401137", "12400010", "2500012"]
    assert read_back(path) == expected
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == ("ID Number      Name                                                 "
                        "        Fed Sex Tit  WTit OTit           FOA FEB25 Gms K  B-day Flag")
    # Nguyễn Thị Thanh An, a WFM: F, WFM under Tit and WTit, flag w, at FIDE's columns.
    an = next(line for line in lines if line.startswith("12400010"))
    row = rated["12400010"]
    assert an == ("12400010".ljust(15) + "Nguyễn Thị Thanh An".ljust(61) + "VIE F   WFM  WFM  "
                  + " " * 19 + row[6].ljust(6) + row[9].ljust(4) + row[10].ljust(3)
                  + "2001  w   ")
    # The same on standard output.
    code, out, _ = run("db", "ratings", "--format", "fide-txt")
    assert code == 0 and out.replace("\r\n", "\n") == path.read_text("utf-8").replace(
        "\r\n", "\n")


def test_fide_xml_reads_back_to_the_same_list(run, rated, tmp_path):
    code, _, err = run("db", "ratings", "--format", "fide-xml", "-o", "standard.xml")
    assert code == 0, err
    path = tmp_path / "standard.xml"
    assert read_back(path) == listed(rated)
    names = [p.findtext("name") for p in ET.parse(path).getroot()]
    assert names == ["Lê Quang Liêm", "Nguyễn Thị Thanh An", "O'Brien & <Sons>"]
    assert b"<name>O'Brien &amp; &lt;Sons&gt;</name>" in path.read_bytes()
    code, out, _ = run("db", "ratings", "--format", "fide-xml")
    assert code == 0 and out == path.read_text("utf-8")


@pytest.mark.parametrize("fmt", ["fide-txt", "fide-xml"])
def test_db_diff_and_import_list_find_the_same_list(run, rated, tmp_path, fmt):
    run("db", "ratings", "--format", fmt, "-o", "list")
    # Only the player the file could not hold differs: rated here, not in the file.
    code, out, err = run("db", "diff", "list", "--format", "csv")
    assert code == 0, err
    bình = rated[""]
    assert out.lstrip("\ufeff").splitlines() == [
        "player,name,published,computed,difference", f"#{bình[0]},Trần Văn Bình,,{bình[6]},"]
    # Imported into another database as its starting list: the same players and ratings.
    code, out, err = run("db", "import-list", "list", "--date", "2025-02-01", "--db", "b.db")
    assert (code, out) == (0, "3 players listed on 2025-02-01: 0 matched by id, 0 by name, "
                              "3 new\n"), err
    assert run("db", "recompute", "--db", "b.db")[0] == 0
    code, out, _ = run("db", "ratings", "--db", "b.db", "--format", "csv")
    again = {row[1]: row for row in (line.split(",") for line in
                                     out.lstrip("\ufeff").splitlines()[1:])}
    assert {i: (r[3], r[4], r[6], r[5]) for i, r in again.items()} == {
        i: (r[3], r[4], r[6], r[5]) for i, r in rated.items() if i}


def test_the_warning_and_a_refusal_in_vietnamese(run, rated, tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_ELO_LANG", "vi")
    code, _, err = run("db", "ratings", "--format", "fide-txt", "-o", "list.txt")
    assert code == 0
    assert err.splitlines()[0] == ("cảnh báo: 1 đấu thủ không có mã FIDE: không có trong danh "
                                   "sách FIDE (--format csv liệt kê họ)")
    # A FIDE id that is no number (a sheet's or a list's text) cannot go in FIDE's lists.
    (tmp_path / "l.csv").write_text("fide_id,name,rating,games\n12AB,Letters In Id,1800,40\n",
                                    encoding="utf-8")
    assert run("db", "import-list", "l.csv", "--date", "2025-01-01", "--db", "c.db")[0] == 0
    assert run("db", "recompute", "--db", "c.db")[0] == 0
    code, out, err = run("db", "ratings", "--db", "c.db", "--format", "fide-xml", "-o", "x.xml")
    assert (code, out) == (2, "")
    assert err == ("lỗi: Letters In Id (12AB), cột 'fide_id': mã FIDE không phải là số; thấy "
                   "'12AB', cần các chữ số của mã FIDE\n")
    assert not (tmp_path / "x.xml").exists()


def test_a_database_of_a_list_alone_is_dated_by_the_list(run, tmp_path):
    # No period computed yet: the list in force is the imported one, of 1 January 2025.
    # Trần Minh Khôi, born 2012 and rated 1500, is a junior that day: K 40 (fide-2024: 40
    # until the end of the year of the 18th birthday while below 2300), though his 50
    # games are past the first 30.
    (tmp_path / "j.csv").write_text(
        "fide_id,name,federation,rating,games,birth\n"
        "12401137,Lê Quang Liêm,VIE,2700,900,1991\n"
        "12412345,Trần Minh Khôi,VIE,1500,50,2012\n", encoding="utf-8")
    assert run("db", "import-list", "j.csv", "--date", "2025-01-01")[0] == 0
    assert run("db", "recompute")[0] == 0
    code, out, err = run("db", "ratings", "--format", "fide-txt")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith("FOA JAN25 Gms K  B-day Flag")
    assert [(line[:15].strip(), line[113:126].split()) for line in lines[1:]] == [
        ("12401137", ["2700", "0", "10"]), ("12412345", ["1500", "0", "40"])]


def test_the_inactive_are_flagged_i_and_the_filters_hold(run, rated, tmp_path):
    """A woman listed on 1 January 2023 who plays nothing since is inactive on the list of
    1 February 2025 (a year without a rated game): FIDE's flag wi; the event's players,
    who played in January, are not flagged i; --inactive keeps her alone."""
    (tmp_path / "old.csv").write_text('fide_id,name,federation,rating,sex\n'
                                      '3000001,"Cũ, Bà",VIE,1950,f\n', encoding="utf-8")
    assert run("db", "import-list", "old.csv", "--date", "2023-01-01")[0] == 0
    assert run("db", "recompute", "--from", "2025-01-01")[0] == 0
    code, _, err = run("db", "ratings", "--format", "fide-txt", "-o", "all.txt")
    assert code == 0, err
    flags = {e.fide_id: e.flag for e in read_ratings(tmp_path / "all.txt")}
    assert flags == {"3000001": "wi", "12400010": "w", "12401137": None, "2500012": None}
    code, _, err = run("db", "ratings", "--format", "fide-txt", "--inactive", "-o", "i.txt")
    assert code == 0, err
    assert [e.fide_id for e in read_ratings(tmp_path / "i.txt")] == ["3000001"]


def test_an_established_player_of_a_fide_list_keeps_his_k(run, tmp_path):
    """FIDE's list gives a player's games of the last period only, not his career: a
    rated player it brings in is established (Seletsky: K 15 in the list, as in the
    event file's database), not a newcomer with K 25.  Capo d'Orso 2012 rated, its list
    written in FIDE's TXT, imported into a second database for 1 January 2013, and the
    same event held again in September 2013: his change there is what ``rate`` gives the
    event with that list (``--ratings``), K 15 — with K 25 it would be +22, not +13."""
    import json
    import re

    from helpers import DATA

    capo = (DATA / "javafo_aum_capo_dorso_2012_final.trf").read_text(encoding="utf-8")
    (tmp_path / "capo.trf").write_text(capo, encoding="utf-8")
    (tmp_path / "capo13.trf").write_text(re.sub(r"\b2012([/-])", r"2013\1", capo),
                                         encoding="utf-8")
    for args in (("db", "import", "capo.trf", "--db", "a.db"),
                 ("db", "recompute", "--db", "a.db"),
                 ("db", "ratings", "--db", "a.db", "--format", "fide-txt", "-o", "list.txt"),
                 ("db", "import-list", "list.txt", "--date", "2013-01-01", "--db", "b.db"),
                 ("db", "import", "capo13.trf", "--db", "b.db"),
                 ("db", "recompute", "--db", "b.db")):
        code, _, err = run(*args)
        assert code == 0, (args, err)
    assert "14112191       Seletsky Grigory" in (tmp_path / "list.txt").read_text()
    code, out, err = run("db", "history", "14112191", "--db", "b.db", "--format", "json")
    assert code == 0, err
    line = json.loads(out)[-1]  # the event's line, after the list's
    code, out, err = run("rate", "capo13.trf", "--ratings", "list.txt", "--format", "json")
    assert code == 0, err
    seletsky = next(p for p in json.loads(out)["players"] if p["name"] == "Seletsky Grigory")
    assert (seletsky["rating"], seletsky["k"], seletsky["change_rounded"]) == (2351, 15, 13)
    assert (line["rating_before"], line["change"], line["rating"]) == (2351, 13, 2364)
