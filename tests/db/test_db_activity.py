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
