"""What the database commands write: whole numbers as whole numbers in every format,
and the database named once for a whole session by ``TOURNAMENT_ELO_DB``."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import DATA

CAPO = DATA / "javafo_aum_capo_dorso_2012_final.trf"


def no_floats(text: str) -> object:
    """JSON with every number written with a point or an exponent shown as such (a whole
    number written ``13.0`` would otherwise equal 13)."""
    return json.loads(text, parse_float=lambda number: f"written {number}")


def capo_with_a_list(run, folder: Path) -> None:
    """Capo d'Orso 2012 after a list of 1 September 2012 giving Seletsky 2338 and 100
    games; the other players are first met in the event file (no change: not listed)."""
    (folder / "list.csv").write_text("fide_id,name,rating,games\n"
                                     "14112191,Seletsky Grigory,2338,100\n", encoding="utf-8")
    assert run("db", "import", CAPO)[0] == 0
    assert run("db", "import-list", "list.csv", "--date", "2012-09-01")[0] == 0
    assert run("db", "recompute")[0] == 0


def test_every_db_csv_and_json_writes_whole_numbers_whole(run, tmp_path):
    capo_with_a_list(run, tmp_path)
    # Seletsky: born 1978 (his TRF record), 2338 + 13 for 7.5/9 (K 15 under fide-2009, as
    # test_db_versions derives) = 2351 on 1 October; 100 games listed + 9 rated.  Glienke
    # (born 1954) is on no earlier list: no change.  The same figures in every format.
    code, out, err = run("db", "ratings", "--format", "csv")
    assert code == 0, err
    # Both are men (their TRF records' sex, M), with no club or region (no list gives one),
    # and active: they played in the list's period.
    assert out.lstrip("\ufeff").splitlines()[:3] == [
        "id,fide_id,federation_id,name,federation,birth_year,rating,change,games,"
        "period_games,k,title,sex,club,region,active",
        "1,14112191,,Seletsky Grigory,UKR,1978,2351,13,109,9,15,FM,m,,,true",
        "2,4603702,,Glienke Manfred Dr.,GER,1954,2291,,9,9,15,IM,m,,,true"]
    code, out, err = run("db", "ratings", "--format", "json")
    assert no_floats(out)[:2] == [
        {"id": 1, "fide_id": "14112191", "federation_id": None, "name": "Seletsky Grigory",
         "federation": "UKR", "birth_year": 1978, "rating": 2351, "change": 13, "games": 109,
         "period_games": 9, "k": 15, "title": "FM", "sex": "m", "club": None, "region": None,
         "active": True},
        {"id": 2, "fide_id": "4603702", "federation_id": None, "name": "Glienke Manfred Dr.",
         "federation": "GER", "birth_year": 1954, "rating": 2291, "change": None,
         "games": 9, "period_games": 9, "k": 15, "title": "IM", "sex": "m", "club": None,
         "region": None, "active": True}]

    code, out, err = run("db", "players", "--format", "csv")
    assert out.lstrip("\ufeff").splitlines()[:2] == [
        "id,name,fide_id,federation_id,birth_year,events,first_event,last_event",
        "1,Seletsky Grigory,14112191,,1978,1,2012-09-06,2012-09-06"]
    # Ferraro Pelle's record gives no birth year: null, the others' whole.
    ferraro = next(p for p in no_floats(run("db", "players", "--format", "json")[1])
                   if p["name"] == "Ferraro Pelle Giovan")
    assert (ferraro["birth_year"], ferraro["events"]) == (None, 1)

    code, out, err = run("db", "history", "14112191", "--format", "csv")
    assert out.lstrip("\ufeff").splitlines() == [
        "list_date,period,system,rating_before,rating,change,games,period_games,events,list",
        "2012-09-01,,,,2338,,100,,,list.csv",
        "2012-10-01,2012-09-01..2012-09-30,fide-2009,2338,2351,13,109,9,"
        "4° Open Capo D' Orso 2012,"]
    assert no_floats(run("db", "history", "14112191", "--format", "json")[1]) == [
        {"list_date": "2012-09-01", "period": None, "system": None, "rating_before": None,
         "rating": 2338, "change": None, "games": 100, "period_games": None,
         "events": None, "list": "list.csv"},
        {"list_date": "2012-10-01", "period": "2012-09-01..2012-09-30", "system": "fide-2009",
         "rating_before": 2338, "rating": 2351, "change": 13, "games": 109,
         "period_games": 9, "events": "4° Open Capo D' Orso 2012", "list": None}]

    code, out, err = run("db", "events", "--format", "csv")
    assert out.lstrip("\ufeff").splitlines()[1] == (
        f"1,4° Open Capo D' Orso 2012,Palau (SS),2012-02-06,2012-09-06,complete,9,9,1,trf,"
        f"main,{CAPO}")

    # The published list says 2350 for Seletsky: one point below the computed 2351.
    (tmp_path / "published.csv").write_text("fide_id,name,rating\n"
                                            "14112191,Seletsky Grigory,2350\n", encoding="utf-8")
    code, out, err = run("db", "diff", "published.csv", "--format", "csv")
    assert out.lstrip("\ufeff").splitlines()[:2] == [
        "player,name,published,computed,difference", "14112191,Seletsky Grigory,2350,2351,1"]
    assert no_floats(run("db", "diff", "published.csv", "--format", "json")[1])[0] == {
        "player": "14112191", "name": "Seletsky Grigory", "published": 2350,
        "computed": 2351, "difference": 1}


def test_the_database_named_by_the_environment(run, tmp_path, monkeypatch):
    (tmp_path / "office").mkdir()
    assert run("db", "import", CAPO, "--db", "office/federation.db")[0] == 0
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    monkeypatch.setenv("TOURNAMENT_ELO_DB", str(tmp_path / "office" / "federation.db"))
    code, out, err = run("db", "events", "--format", "csv")
    assert (code, err) == (0, "")
    assert out.lstrip("\ufeff").splitlines()[1].startswith("1,4° Open Capo D' Orso 2012,")
    assert not (tmp_path / "elsewhere" / "ratings.db").exists()
    # --db still chooses: here, a folder without one.
    code, out, err = run("db", "events", "--db", "ratings.db")
    assert (code, err) == (2, "error: ratings.db: no rating database here, expected a "
                              "database made by 'tournament-elo db import'\n")
    code, out, err = run("db", "events", "--help")
    assert "[env var: TOURNAMENT_ELO_DB; default: ratings.db]" in " ".join(out.split())
