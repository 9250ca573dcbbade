"""The rating officer's path, part 4: a list at any date.  A federation starts its
database from old events (Karl-Mala 2005) and brings in an official list of a later month
(January 2012): the players first met after it start from it, the players the database
rates already keep their computed rating (the list is compared: ``db diff``), and
``db recompute`` and ``db history`` say which lists were used."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from datetime import date
from pathlib import Path

import pytest
from db_figures import expected, half_away, write_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import DATA

KARL_MALA = DATA / "fide_trf16_example_karl_mala_2005.trf"
CAPO = DATA / "javafo_aum_capo_dorso_2012_final.trf"
#: Issue 33's list: Seletsky (FIDE 14112191) 2331 with 100 games on 1 January 2012.
LIST = DATA / "list-2012-01.csv"
SELETSKY = "14112191"
#: Karl-Mala's top seed, rated by the database from 2005 on (Capo d'Orso's players are
#: all new to it: no FIDE id of one is in the other).
VASQUEZ = "3400042"
#: Seletsky's nine games at Capo d'Orso (the file's rounds 1-9): his opponents' ratings,
#: each first met there (their file's rating), and his score in hundredths.
CAPO_OPPONENTS = (2005, 2160, 2178, 2210, 2064, 2305, 2162, 2155, 2093)
CAPO_SCORE = 750  # six wins, three draws


def as_json(run, *args: str | Path) -> list[dict[str, object]]:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    found: list[dict[str, object]] = json.loads(out)
    return found


def the_list_and_vasquez(folder: Path, vasquez: int) -> Path:
    """Issue 33's list with Vasquez added at ``vasquez``."""
    path = folder / "list-2012-01-both.csv"
    path.write_text(LIST.read_text(encoding="utf-8")
                    + f"{VASQUEZ},\"Vasquez,Rodrigo\",{vasquez},500\n", encoding="utf-8")
    return path


def seletsky_at_capo(rating: int) -> int:
    """His change at Capo d'Orso from ``rating`` (fide-2009, in force in September 2012):
    K 15 (below 2400, 30 games or more), the expected scores from table 8.1(b), the
    period's change rounded half away from zero."""
    return half_away(15 * (CAPO_SCORE - sum(expected(rating, r) for r in CAPO_OPPONENTS)))


def test_a_list_inside_the_history_starts_a_player_first_met_after_it(run, monkeypatch):
    assert run("db", "import", KARL_MALA, CAPO)[0] == 0
    assert run("db", "recompute")[0] == 0
    # Without the list: the rating his event file gives him (2338), past 30 games.
    (capo,) = as_json(run, "db", "history", SELETSKY)
    assert (capo["rating_before"], capo["change"]) == (2338, seletsky_at_capo(2338)) == (
        2338, 13)
    code, out, err = run("db", "import-list", LIST, "--date", "2012-01-01")
    assert (code, out) == (0, "1 players listed on 2012-01-01: 1 matched by id, 0 by name, "
                              "0 new\n")
    # Its date is inside the history computed: the lists from it on wait for a
    # recomputation, and the queries say so.
    code, out, err = run("db", "history", SELETSKY)
    assert code == 0
    assert err == ("warning: 1 events are not in these lists yet: run 'tournament-elo db "
                   "recompute'\nwarning: 1 imported lists are not in these lists yet: run "
                   "'tournament-elo db recompute'\n")
    # Recomputed from the list on: Karl-Mala's period is kept.
    code, out, err = run("db", "recompute")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("main: 1 periods recomputed under fide (1 kept), 1 events, ")
    assert lines[1:] == ["main: list of 2012-01-01 (list-2012-01.csv): 1 players start from it"]
    # Listed: 2331 with 100 games.  Capo d'Orso, from 2331: 2331 - 2005 = 326 → .87,
    # 171 → .73, 153 → .70, 121 → .66, 267 → .82, 26 → .54, 169 → .72, 176 → .73,
    # 238 → .80: 6.57 expected, 7.5 scored, 15 × 0.93 = 13.95 → +14.
    listed, capo = as_json(run, "db", "history", SELETSKY)
    assert seletsky_at_capo(2331) == 14
    assert listed == {"list_date": "2012-01-01", "period": None, "system": None,
                      "rating_before": None, "rating": 2331, "change": None, "games": 100,
                      "period_games": None, "events": None, "list": "list-2012-01.csv"}
    assert (capo["period"], capo["system"], capo["rating_before"], capo["rating"],
            capo["change"], capo["games"], capo["period_games"], capo["list"]) == (
        "2012-09-01..2012-09-30", "fide-2009", 2331, 2331 + 14, 14, 109, 9, None)
    (row,) = [r for r in as_json(run, "db", "ratings") if r["fide_id"] == SELETSKY]
    assert (row["rating"], row["games"], row["period_games"]) == (2345, 109, 9)
    # On the list of 1 January 2012: the list's entry, new on it, no game rated here.
    (row,) = [r for r in as_json(run, "db", "ratings", "--date", "2012-01-01")
              if r["fide_id"] == SELETSKY]
    assert (row["rating"], row["change"], row["games"], row["period_games"]) == (
        2331, None, 100, 0)
    # --from the list's month: the list is placed again, and said.
    code, out, err = run("db", "recompute", "--from", "2012-01-01")
    assert out.splitlines()[0].startswith("main: 1 periods recomputed under fide (1 kept)")
    assert out.splitlines()[1:] == [
        "main: list of 2012-01-01 (list-2012-01.csv): 1 players start from it"]
    # In Vietnamese too.
    monkeypatch.setenv("TOURNAMENT_ELO_LANG", "vi")
    code, out, err = run("db", "recompute", "--from", "2012-01-01")
    assert out.splitlines()[1:] == [
        "main: danh sách ngày 2012-01-01 (list-2012-01.csv): 1 đấu thủ bắt đầu từ danh sách này"]
    monkeypatch.delenv("TOURNAMENT_ELO_LANG")
    # The same list again changes nothing.
    code, out, err = run("db", "import-list", LIST, "--date", "2012-01-01")
    assert (code, err) == (0, f"unchanged: {LIST} gives the entries of the list of 2012-01-01 "
                              "imported before\n")
    code, out, err = run("db", "recompute")
    assert out.startswith("main: 0 periods recomputed under fide (2 kept)") and "list" not in out
    code, out, err = run("db", "check")
    assert code == 0, out + err


@pytest.mark.parametrize("period", ["quarter", "event"])
def test_the_list_counts_from_the_first_period_after_it_whatever_the_periods(run, period):
    assert run("db", "import", KARL_MALA, CAPO)[0] == 0
    assert run("db", "import-list", LIST, "--date", "2012-01-01")[0] == 0
    code, out, err = run("db", "recompute", "--period", period)
    assert code == 0, err
    assert out.splitlines()[1:] == [
        "main: list of 2012-01-01 (list-2012-01.csv): 1 players start from it"]
    listed, capo = as_json(run, "db", "history", SELETSKY, "--period", period)
    assert (listed["list"], capo["rating_before"], capo["change"]) == (
        "list-2012-01.csv", 2331, 14)


def test_a_list_that_disagrees_with_a_player_the_database_rates_shows_in_diff(run, tmp_path):
    assert run("db", "import", KARL_MALA, CAPO)[0] == 0
    assert run("db", "recompute")[0] == 0
    (karl_mala,) = as_json(run, "db", "history", VASQUEZ)
    computed = karl_mala["rating"]
    # The official list gives him 13 more than the database computed from 2005.
    both = the_list_and_vasquez(tmp_path, computed + 13)
    assert run("db", "import-list", both, "--date", "2012-01-01")[0] == 0
    code, out, err = run("db", "recompute")
    assert out.splitlines()[1:] == [
        "main: list of 2012-01-01 (list-2012-01-both.csv): 1 players start from it; 1 rated "
        "here already keep their computed rating, 1 of them listed otherwise (db diff "
        "list-2012-01-both.csv --date 2012-01-01)"]
    # He keeps the database's figure: no line of the list in his history.
    assert as_json(run, "db", "history", VASQUEZ) == [karl_mala]
    # The command the summary gives lists him; Seletsky took the list's figure.  (The
    # others rated in 2005 are on the database's list only: a list of two players.)
    code, out, err = run("db", "diff", "list-2012-01-both.csv", "--date", "2012-01-01",
                         "--format", "csv")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))[1:]
    assert [row for row in rows if row[2]] == [
        [VASQUEZ, "Vasquez,Rodrigo", str(computed + 13), str(computed), "-13"]]
    assert (code, err) == (0, f"{len(rows)} differences\n")
    assert SELETSKY not in {row[0] for row in rows}


def _outcome(run, db: Path) -> dict[str, object]:
    """What the user reads: the lists on three dates (each player by FIDE id, else by
    name: database ids depend on the order of arrival) and three histories."""
    found: dict[str, object] = {
        day: sorted((r["fide_id"] or r["name"], r["rating"], r["change"], r["games"],
                     r["period_games"], r["k"])
                    for r in as_json(run, "db", "ratings", "--date", day, "--db", db))
        for day in ("2005-08-01", "2012-01-01", "2012-10-01")}
    found["history"] = [as_json(run, "db", "history", who, "--db", db)
                        for who in (SELETSKY, VASQUEZ, "Ebert Christian")]
    return found


@pytest.fixture
def built_with_the_list(run, tmp_path) -> dict[str, object]:
    """The database built with the list from the start."""
    both = the_list_and_vasquez(tmp_path, 2570)
    db = tmp_path / "reference.db"
    assert run("db", "import", KARL_MALA, CAPO, "--db", db)[0] == 0
    assert run("db", "import-list", both, "--date", "2012-01-01", "--db", db)[0] == 0
    assert run("db", "recompute", "--db", db)[0] == 0
    return _outcome(run, db)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=st.permutations([KARL_MALA, CAPO]), list_at=st.integers(0, 2),
       recomputed=st.lists(st.booleans(), min_size=3, max_size=3))
def test_recomputing_after_the_lists_import_equals_a_database_built_with_it(
        run, tmp_path, built_with_the_list, events, list_at, recomputed):
    """Full = incremental: the list arriving before the events, between them or after
    them, each step recomputed or not, gives the database built with it from the start."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    db = folder / "ratings.db"
    steps: list[tuple[str | Path, ...]] = [("import", path) for path in events]
    steps.insert(list_at, ("import-list", tmp_path / "list-2012-01-both.csv", "--date",
                           "2012-01-01"))
    for step, recompute in zip(steps, recomputed, strict=True):
        assert run("db", *step, "--db", db)[0] == 0
        if recompute:
            assert run("db", "recompute", "--db", db)[0] == 0
    assert run("db", "recompute", "--db", db)[0] == 0
    found = _outcome(run, db)
    assert found == built_with_the_list
    assert len(found["2012-10-01"]) > len(found["2012-01-01"]) > 100  # type: ignore[arg-type]


def test_a_list_after_the_raise_of_march_2024_is_not_raised_again(run, tmp_path):
    """FIDE's list of 1 March 2024 already holds the one-time raise; the database's
    players cross it when their next period starts, before the list is placed."""
    q = {"name": "Quang", "fide_id": "30000001"}
    r = {"name": "Rosa", "fide_id": "30000002"}
    p = {"name": "Phong", "fide_id": "30000003"}
    write_event(tmp_path, "february", date(2024, 2, 10), [q, r], [1600, 1700], [(1, 1, 2, "1")])
    # Phong's file says 1450: he is listed, so his list entry counts.
    write_event(tmp_path, "april", date(2024, 4, 6), [p, q], [1450, 1768], [(1, 1, 2, "=")])
    (tmp_path / "list-2024-03.csv").write_text(
        "fide_id,name,rating,games\n30000003,Phong,1500,50\n30000001,Quang,1800,40\n",
        encoding="utf-8")
    assert run("db", "import", "february.trf", "april.trf")[0] == 0
    assert run("db", "import-list", "list-2024-03.csv", "--date", "2024-03-01")[0] == 0
    code, out, err = run("db", "recompute")
    assert code == 0, err
    assert out.splitlines()[1:] == [
        "main: list of 2024-03-01 (list-2024-03.csv): 1 players start from it; 1 rated here "
        "already keep their computed rating, 1 of them listed otherwise (db diff "
        "list-2024-03.csv --date 2024-03-01)"]
    # February (fide-2022, K 20: past 30 games, his count not known): Quang beats Rosa,
    # 100 apart: 20 × (1 - .36) = 12.8 → +13, 1613.  The raise: + 0.40 × (2000 - 1613) =
    # 154.8 → 155: 1768.  Phong starts from the list's 1500, not raised again.
    february = half_away(20 * (100 - expected(1600, 1700)))
    raised = 1600 + february + half_away(40 * (2000 - 1600 - february))
    assert (february, raised) == (13, 1768)
    # April (fide-2024, K 20 each): a draw, 268 apart: .17 for Phong, .83 for Quang.
    (april_p,) = [h for h in as_json(run, "db", "history", "30000003") if h["list"] is None]
    assert (april_p["rating_before"], april_p["change"]) == (
        1500, half_away(20 * (50 - expected(1500, raised)))) == (1500, 7)
    quang = as_json(run, "db", "history", "30000001")
    assert [h["list"] for h in quang] == [None, None]  # the list's 1800 is compared only
    # His April line starts from the list of 1 March, raised.
    assert (quang[1]["rating_before"], quang[1]["change"]) == (
        raised, half_away(20 * (50 - expected(raised, 1500)))) == (1768, -7)


def test_a_list_imported_again_for_its_date_with_other_entries_replaces_it(run):
    assert run("db", "import", KARL_MALA, CAPO)[0] == 0
    assert run("db", "import-list", LIST, "--date", "2012-01-01")[0] == 0
    assert run("db", "recompute")[0] == 0
    Path("corrected.csv").write_text("fide_id,name,rating,games\n"
                                     f"{SELETSKY},Seletsky Grigory,2320,100\n", encoding="utf-8")
    code, out, err = run("db", "import-list", "corrected.csv", "--date", "2012-01-01")
    assert (code, err) == (0, "")
    code, out, err = run("db", "recompute")
    assert out.splitlines()[1:] == [
        "main: list of 2012-01-01 (corrected.csv): 1 players start from it"]
    listed, capo = as_json(run, "db", "history", SELETSKY)
    # From 2320: 2320 - 2005 = 315 → .86, 160 → .71, 142 → .69, 110 → .65, 256 → .81,
    # 15 → .52, 158 → .71, 165 → .72, 227 → .79: 6.46 expected, 15 × 1.04 = 15.6 → +16.
    assert (listed["rating"], capo["rating_before"], capo["change"]) == (
        2320, 2320, seletsky_at_capo(2320)) == (2320, 2320, 16)
    code, out, err = run("db", "check")
    assert code == 0, out + err
