"""Activity on the rating list (FIDE Rating Regulations 7.2.2 in the 2024 text: inactive
after a one-year period without a rated game, active again on the list after one), through
the command line on a generated 20-year history, and the categories of the list (FIDE's
age groups, sex, federation, club, region), each checked against the rule computed plainly
in the test."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from types import ModuleType

import pytest
from federation_history import LAST_LIST, History, write_history


@pytest.fixture(scope="module")
def history(generate: ModuleType, tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Path, History]:
    """The history's files and its database (monthly periods, the FIDE edition by date)."""
    from helpers import run_cli

    folder = tmp_path_factory.mktemp("twenty-years")
    made = write_history(generate, folder)
    for args in (("db", "import-list", "list.csv", "--date", "2005-01-01"),
                 ("db", "import", "events"), ("db", "recompute")):
        done = run_cli(*args, cwd=folder)
        assert done.returncode == 0, done.stderr
    return folder, made


@pytest.fixture
def db(history: tuple[Path, History], tmp_path: Path) -> History:
    """A copy of the history's database in the test's folder (where ``run`` runs)."""
    shutil.copy(history[0] / "ratings.db", tmp_path / "ratings.db")
    return history[1]


def listed(run, *options: str) -> list[dict[str, object]]:
    code, out, err = run("db", "ratings", "--format", "json", *options)
    assert code == 0, err
    rows: list[dict[str, object]] = json.loads(out)
    return rows


def test_the_inactive_are_those_without_a_rated_game_in_a_year(run, db: History) -> None:
    everyone = listed(run)
    # Every player stays rated (1900-2199, no floor reached): the list is the population.
    assert len(everyone) == len(db.players) == 60
    expected = {p.fide_id for p in db.players if not db.active_on(p.fide_id, LAST_LIST)}
    inactive = {int(str(r["fide_id"])) for r in everyone if r["active"] is False}
    assert inactive == expected
    assert 10 < len(inactive) < 50  # the history has both, in numbers
    # A player whose last event was in December 2023 played in the period of the
    # January 2024 list: a year later, on the list of 1 January 2025, he is inactive;
    # one who played in January 2024 is listed on 1 February 2024, within the year.
    for p in db.players:
        last = max(db.played[p.fide_id], default=date(2004, 12, 1))
        assert (p.fide_id in inactive) == (last < date(2024, 1, 1))


def test_active_and_inactive_lists_make_the_whole_list(run, db: History) -> None:
    everyone = listed(run)
    active, inactive = listed(run, "--active"), listed(run, "--inactive")
    assert {r["id"] for r in active} | {r["id"] for r in inactive} == {r["id"] for r in everyone}
    assert not {r["id"] for r in active} & {r["id"] for r in inactive}
    assert all(r["active"] is True for r in active)
    assert all(r["active"] is False for r in inactive)
    # Each keeps the list's order: best first.
    assert [r["id"] for r in active] == [r["id"] for r in everyone if r["active"]]


@pytest.mark.parametrize("day", [date(2009, 3, 1), date(2014, 8, 1), date(2020, 1, 1),
                                 date(2024, 4, 1)])
def test_activity_at_any_date_follows_the_rule(run, db: History, day: date) -> None:
    # Across the editions (2009, 2014, 2022, 2024) and the one-time raise of 1 March 2024,
    # which changes ratings below 2000 without a game: no one becomes active by it.
    shown = listed(run, "--date", day.isoformat())
    assert {int(str(r["fide_id"])) for r in shown if not r["active"]} == {
        p.fide_id for p in db.players if not db.active_on(p.fide_id, day)}


def test_girls_under_16_and_seniors_over_65(run, db: History) -> None:
    # On the 2025 list: under 16 is born in 2009 or later, 65 and over born in 1960 or
    # earlier (FIDE's youth and senior championships: by the year of birth).
    girls = listed(run, "--category", "U16", "--sex", "f")
    assert {int(str(r["fide_id"])) for r in girls} == {
        p.fide_id for p in db.players if p.birth.year >= 2009 and p.sex == "w"} != set()
    seniors = listed(run, "--category", "65+")
    assert {int(str(r["fide_id"])) for r in seniors} == {
        p.fide_id for p in db.players if p.birth.year <= 1960} != set()
    assert all(r["birth_year"] <= 1960 for r in seniors)  # type: ignore[operator]
    # Combined with --active and a federation: each narrows the one before.
    fed = next(str(r["federation"]) for r in seniors)
    narrowed = listed(run, "--category", "65+", "--active", "--federation", fed.lower())
    assert {r["id"] for r in narrowed} == {r["id"] for r in seniors
                                           if r["active"] and r["federation"] == fed}
    # On an older list the same players are in other groups: in 2015 under 16 is born
    # in 1999 or later.
    past = listed(run, "--date", "2015-01-01", "--category", "U16")
    assert {int(str(r["fide_id"])) for r in past} == {
        p.fide_id for p in db.players if p.birth.year >= 1999}


def test_clubs_and_regions_of_the_list(run, db: History) -> None:
    everyone = listed(run)
    by_id = {int(str(r["fide_id"])): r for r in everyone}
    assert {i: (r["club"] or "", r["region"] or "") for i, r in by_id.items()} == db.clubs
    # "Hà Nội Chess" and "HA NOI CHESS" are one club, case and accents aside.
    for asked in ("ha noi chess", "HÀ NỘI CHESS"):
        assert {int(str(r["fide_id"])) for r in listed(run, "--club", asked)} == {
            i for i, (club, _) in db.clubs.items() if club in ("Hà Nội Chess", "HA NOI CHESS")}
    assert {int(str(r["fide_id"])) for r in listed(run, "--region", "tp. ho chi minh")} == {
        i for i, (_, region) in db.clubs.items() if region == "TP. Hồ Chí Minh"} != set()


def test_bad_filters_name_the_option_and_what_is_expected(run, db: History) -> None:
    code, out, err = run("db", "ratings", "--category", "U17", "--sex", "x")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "error: --category: unknown category; found 'U17', expected one of U8, U10, U12, "
        "U14, U16, U18, U20, 50+, 65+",
        "error: --sex: unknown sex; found 'x', expected f (or w) for women and girls, m for "
        "men and boys"]
    code, _, err = run("db", "ratings", "--category", "U17", "--lang", "vi")
    assert code == 2
    assert err == ("lỗi: --category: không có hạng mục này; thấy 'U17', cần một trong U8, U10, "
                   "U12, U14, U16, U18, U20, 50+, 65+\n")


#: A per-speed FIDE list's header (the month's rating column, then Gms, K, B-day, Flag).
FIDE_HEADER = ("ID Number      Name                              Fed Sex Tit  WTit OTit FOA  "
               "JAN24 Gms K  B-day Flag")


def fide_list(rows: list[dict[str, object]]) -> str:
    """A FIDE TXT list: each value at its header word's column."""
    import re

    starts = [0, *[m.start() for m in re.finditer(r"\S+", FIDE_HEADER)][2:]]
    ends = [*starts[1:], len(FIDE_HEADER)]
    keys = ("id", "name", "fed", "sex", "tit", "wtit", "otit", "foa", "rating", "gms", "k",
            "bday", "flag")
    lines = ["".join(str(row.get(key, "")).ljust(end - start)
                     for key, start, end in zip(keys, starts, ends, strict=True))
             for row in rows]
    return "\r\n".join([FIDE_HEADER, *lines]) + "\r\n"


def test_a_fide_lists_flag_says_who_is_inactive_until_he_plays(run, tmp_path, generate):
    """FIDE's list of 1 January 2024 flags Anna (i) and Binh (wi) inactive, Chau and Dung
    not.  Anna and Dung play in March and in December 2024.  On the list of 1 April 2024
    Anna is active again (she played), Binh is still inactive (the list said so, and she
    has not played), Chau is active (the list said so, and a year has not gone by); on the
    list of 1 January 2025 Chau has had a year without a rated game: inactive."""
    from dataclasses import replace

    people = [dict(id=1000001, name="Anna", fed="VIE", sex="M", flag="i"),
              dict(id=1000002, name="Binh", fed="VIE", sex="F", flag="wi"),
              dict(id=1000003, name="Chau", fed="VIE", sex="M"),
              dict(id=1000004, name="Dung", fed="VIE", sex="M")]
    for person in people:
        person.update(rating=2000, gms=0, k=20, bday=1990)
    (tmp_path / "players_list.txt").write_text(fide_list(people), encoding="ascii")
    who = [replace(p, fide_id=int(str(q["id"])), name=str(q["name"]), rating=2000)
           for p, q in zip(generate.population(4, 2), people, strict=True)]
    all_played = generate.Rates(forfeit=0, half_bye=0, withdraw=0, unrated=0)
    for k, start in enumerate((date(2024, 3, 4), date(2024, 12, 2))):
        event = generate.generate_round_robin(2, seed=k, start=start, rates=all_played,
                                              entrants=[who[0], who[3]])
        (tmp_path / f"e{k}.trf").write_text(generate.to_trf(replace(event, name=f"E{k}")),
                                            encoding="utf-8")
    for args in (("db", "import-list", "players_list.txt", "--date", "2024-01-01"),
                 ("db", "import", "e0.trf", "e1.trf"), ("db", "recompute")):
        code, _, err = run(*args)
        assert code == 0, err

    def status(day: str) -> dict[str, object]:
        return {r["name"]: r["active"] for r in listed(run, "--date", day)}

    assert status("2024-04-01") == {"Anna": True, "Binh": False, "Chau": True, "Dung": True}
    assert status("2025-01-01") == {"Anna": True, "Binh": False, "Chau": False, "Dung": True}
    # The list's sex is kept: Binh (F) is a woman.
    assert [r["name"] for r in listed(run, "--sex", "f")] == ["Binh"]


def test_a_vietnamese_systems_players_are_always_active(run, tmp_path):
    """Tượng Kỳ's document says nothing of inactivity: the players of a starting list of
    2010 who never play are active on the list of 2025 (under FIDE they would not be)."""
    sample = Path(__file__).resolve().parents[2] / "sample_events" / "tuong-ky_co-tuong.csv"
    (tmp_path / "list.csv").write_text("name,rating\nOld Master,1800\n", encoding="utf-8")
    for args in (("db", "import-list", "list.csv", "--date", "2010-01-01", "--pool", "xiangqi"),
                 ("db", "import", sample, "--system", "tuong-ky", "--pool", "xiangqi"),
                 ("db", "recompute")):
        code, _, err = run(*args)
        assert code == 0, err
    everyone = listed(run, "--pool", "xiangqi")
    assert "Old Master" in [r["name"] for r in everyone] and len(everyone) > 2
    assert all(r["active"] is True for r in everyone)
    assert listed(run, "--pool", "xiangqi", "--inactive") == []
