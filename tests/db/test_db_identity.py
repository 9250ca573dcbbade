"""The rating officer's path, part 2: one record per person, and dates from the user.
A list from chess-results meets the players of an event by name; name forms
(``Last, First``, case, accents, Đ) are one person, an id always wins; a record the
matching cannot join is listed as a likely duplicate and merged by hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from pathlib import Path

from db_figures import expected, half_away, write_event
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import DATA, make_event
from tournament_elo.db.store import Database

CROSSTABLE = DATA / "chessresults_british2026_champ_crosstable_final.html"
STARTING_RANK = DATA / "chessresults_british2026_champ_startingrank.html"
UNDATED = DATA / "chessresults_frome2026_open_crosstable.html"


def as_json(run, *args: str) -> list[dict[str, object]]:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_a_starting_rank_list_meets_the_event_players_by_name(run):
    assert run("db", "import", CROSSTABLE)[0] == 0
    code, out, err = run("db", "import-list", STARTING_RANK, "--date", "2026-08-01")
    assert code == 0, err
    # The event page names no FIDE ids: every one of the list's 108 rows finds its player
    # by name ("Royal, Shreyas" is the crosstable's "Royal Shreyas", #3 by start rank).
    assert out == "108 players listed on 2026-08-01: 0 matched by id, 108 by name, 0 new\n"
    assert "Royal, Shreyas is #3 Royal Shreyas" in err
    players = as_json(run, "db", "players")
    assert len(players) == 108
    royal = next(p for p in players if p["id"] == 3)
    assert (royal["name"], royal["fide_id"]) == ("Royal Shreyas", "448869")
    assert as_json(run, "db", "players", "--duplicates") == []
    # The same list again: every row by id now.
    code, out, err = run("db", "import-list", STARTING_RANK, "--date", "2026-08-01")
    assert out == "108 players listed on 2026-08-01: 108 matched by id, 0 by name, 0 new\n"


def test_name_forms_are_one_person_and_a_merge_recomputes(run, tmp_path):
    write_event(tmp_path, "january", date(2025, 1, 15),
         [{"name": "Nguyễn Văn An"}, {"name": "Trần Bình"}, {"name": "Đặng Đức"},
          {"name": "Lê Cường"}],
         [1800, 1900, 1700, 1750], [(1, 1, 2, "0"), (1, 3, 4, "=")])
    write_event(tmp_path, "february", date(2025, 2, 15),
         [{"name": "NGUYEN, Van An"}, {"name": "Dang Duc"}, {"name": "Binh Tran"},
          {"name": "Le Cuong", "fide_id": "12345678"}, {"name": "Le Cuong", "fide_id": "999"}],
         [1800, 1700, 1900, 1750, 1600], [(1, 3, 2, "1"), (1, 1, 4, "=")])
    code, out, err = run("db", "import", "january.trf", "february.trf", "--system",
                         "fide-2024")
    assert code == 0, err
    players = as_json(run, "db", "players")
    # An, Đức and Cường are found again under their other spellings (Cường's FIDE id
    # fills his record); the second "Le Cuong" has another FIDE id: another person.
    # "Binh Tran" (words in another order) is not matched: a record of his own.
    assert [(p["name"], p["fide_id"], p["events"]) for p in players] == [
        ("Nguyễn Văn An", None, 2), ("Trần Bình", None, 1), ("Đặng Đức", None, 2),
        ("Lê Cường", "12345678", 2), ("Binh Tran", None, 1), ("Le Cuong", "999", 1)]
    twins = as_json(run, "db", "players", "--duplicates")
    assert [(t["group"], t["id"], t["name"]) for t in twins] == [
        (1, 2, "Trần Bình"), (1, 5, "Binh Tran")]
    assert run("db", "recompute")[0] == 0
    # Apart: Binh Tran starts February from his file's 1900 and beats Đức (1700).
    (feb,) = as_json(run, "db", "history", "Binh Tran")
    assert (feb["rating_before"], feb["change"]) == (
        1900, half_away(20 * (100 - expected(1900, 1700))))

    code, out, err = run("db", "merge-players", "#2", "Binh Tran")
    assert code == 0, err
    assert out.startswith("merged #5 Binh Tran into #2 Trần Bình\n")
    # One person: January, he beats An (1800): K 20 (game count not known: past 30).
    january = half_away(20 * (100 - expected(1900, 1800)))
    first, second = as_json(run, "db", "history", "#2")
    assert (first["rating_before"], first["change"]) == (1900, january)
    assert (second["rating_before"], second["change"]) == (
        1900 + january, half_away(20 * (100 - expected(1900 + january, 1700))))
    assert second["events"] == "february"
    assert [p["id"] for p in as_json(run, "db", "players")] == [1, 2, 3, 4, 6]
    code, out, err = run("db", "check")
    assert code == 0, out + err
    # An id always wins: two FIDE ids are two people.
    code, out, err = run("db", "merge-players", "12345678", "999")
    assert code == 2
    assert "the two players have different FIDE ids: they are two people" in err


def test_a_merged_player_is_found_by_every_name_and_id_he_had(run, tmp_path):
    """The British Championship's "Royal Shreyas" (#3; FIDE id 448869 from the starting
    rank list) and a weekend event's "Shreyas Royal" (the words in another order: a record
    of his own, #110 after Lê Cường #109) are merged; the merged record's name and id find
    him, through a recomputation, a corrected file and a new player."""
    people = [{"name": "Lê Cường"}, {"name": "Shreyas Royal"}]
    write_event(tmp_path, "weekend", date(2026, 9, 12), people, [2414, 2490], [(1, 2, 1, "1")])
    assert run("db", "import", CROSSTABLE, "weekend.trf")[0] == 0
    assert run("db", "import-list", STARTING_RANK, "--date", "2026-08-01")[0] == 0
    assert run("db", "recompute")[0] == 0
    assert [(t["id"], t["name"]) for t in as_json(run, "db", "players", "--duplicates")] == [
        (3, "Royal Shreyas"), (110, "Shreyas Royal")]
    (apart,) = as_json(run, "db", "history", "Shreyas Royal")
    assert apart["rating_before"] == 2490  # his weekend file's rating: first met there
    # The list this tool writes before the merge: both records, by their ids.
    assert run("db", "ratings", "--format", "csv", "-o", "before-merge.csv")[0] == 0
    code, out, err = run("db", "merge-players", "#3", "#110")
    assert code == 0, err
    assert out.startswith("merged #110 Shreyas Royal into #3 Royal Shreyas\n")

    def found_as_royal(his_change: int) -> None:
        # One person: September from his listed 2514 (the championship, in progress, is
        # in no list), K 10 (listed at 2400 or more), against Lê Cường's 2414.
        # First the starting rank list's line (his 2514, no games), then September's.
        for text in ("Shreyas Royal", "#110", "shreyas royal", "#3", "448869", "SHREYAS"):
            code, out, err = run("db", "history", text, "--format", "csv")
            assert (code, err) == (0, ""), text
            assert out.lstrip("\ufeff").splitlines()[1:] == [
                f"2026-08-01,,,,2514,,0,,,{STARTING_RANK.name}",
                f"2026-10-01,2026-09-01..2026-09-30,fide-2025,2514,{2514 + his_change},"
                f"{his_change},1,1,weekend,"], text
        code, out, err = run("db", "history", "Shreyas Royal")
        assert out.startswith("Royal Shreyas — fide\n")

    # He beat Lê Cường: 100 points apart, expected 0.64.
    found_as_royal(half_away(10 * (100 - expected(2514, 2414))))
    assert run("db", "recompute", "--from", "2026-01-01")[0] == 0
    found_as_royal(half_away(10 * (100 - expected(2514, 2414))))
    # The weekend corrected: a draw.  Its "Shreyas Royal" is the merged record's identity:
    # #3, no new record.
    (tmp_path / "corrected").mkdir()
    write_event(tmp_path / "corrected", "weekend", date(2026, 9, 12), people, [2414, 2490],
         [(1, 2, 1, "=")])
    code, out, err = run("db", "import", tmp_path / "corrected" / "weekend.trf")
    assert (code, out) == (0, "0 imported, 1 replaced, 0 unchanged, 0 failed; 1 games\n")
    assert run("db", "recompute")[0] == 0
    found_as_royal(half_away(10 * (50 - expected(2514, 2414))))
    # A new player takes the next id: #110 stays the merged record's.
    write_event(tmp_path, "club", date(2026, 10, 3), [{"name": "Phạm Minh"}, {"name": "Lê Cường"}],
         [1800, 2414], [(1, 1, 2, "0")])
    assert run("db", "import", "club.trf")[0] == 0
    assert [p["id"] for p in as_json(run, "db", "players")][-3:] == [108, 109, 111]
    assert run("db", "recompute")[0] == 0
    found_as_royal(half_away(10 * (50 - expected(2514, 2414))))
    code, out, err = run("db", "check")
    assert code == 0, out + err
    rating = 2514 + half_away(10 * (50 - expected(2514, 2414)))
    # db diff finds him by the merged record's name (a birth year the records never had),
    # and by each record's id and name in the list written before the merge: every line
    # naming him compares with his one rating; none says he is on one list only.
    (tmp_path / "published.csv").write_text(
        f"name,rating,birth\nShreyas Royal,{rating + 2},2005\n", encoding="utf-8")
    differences = as_json(run, "db", "diff", "published.csv")
    assert [d for d in differences if "Shreyas" in str(d["name"])] == [
        {"player": None, "name": "Shreyas Royal", "published": rating + 2, "computed": rating,
         "difference": -2}]
    before = {d["player"]: d for d in as_json(run, "db", "diff", "before-merge.csv")}
    assert (before["448869"]["published"], before["448869"]["computed"]) == (2514, rating)
    assert (before["110"]["name"], before["110"]["computed"]) == ("Shreyas Royal", rating)
    assert not [d for d in before.values()
                if "Shreyas" in str(d["name"]) and d["published"] is None]
    # The site's search finds him by the merged record's name too.
    assert run("publish", "--out", "site")[0] == 0
    entries = [entry for path in (tmp_path / "site" / "search").glob("*.js")
               if path.name != "index.js" for entry in _shard(path)]
    assert {(term, pid) for term, _, pid, *_ in entries if "shreyas" in term} == {
        ("royal shreyas", 3), ("shreyas royal", 3)}


def _shard(path: Path) -> list[list[object]]:
    """A search script's entries (``tournamentEloShard(key, entries);``)."""
    text = path.read_text(encoding="utf-8")
    found: list[list[object]] = json.loads(text[text.index(",") + 1:text.rindex(")")])
    return found


def test_a_page_without_a_date_takes_one_from_the_user(run):
    code, out, err = run("db", "import", UNDATED)
    assert (code, out) == (2, "0 imported, 0 replaced, 0 unchanged, 1 failed; 0 games\n")
    assert err.endswith("the event has no date: it cannot be placed in a rating period, "
                        "expected a date in the crosstable's header lines, or --date "
                        "YYYY-MM-DD\n")
    assert "TRF" not in err
    code, _, err = run("db", "import", UNDATED, "--date", "2026-05-03")
    assert code == 0, err
    (event,) = as_json(run, "db", "events")
    assert (event["start"], event["end"]) == (None, "2026-05-03")
    code, _, err = run("db", "import", UNDATED, "--date", "3.5.2026")
    assert code == 2 and "--date: not a date; found '3.5.2026', expected YYYY-MM-DD" in err


def test_rate_takes_the_date_a_page_lacks(run):
    code, out, err = run("rate", UNDATED, "--format", "json")
    assert code == 0 and "the event has no date: rated under fide-2025" in err
    # Dated 2012, the page is rated under that year's rules.
    code, out, err = run("rate", UNDATED, "--date", "2012-06-01", "--format", "json")
    assert code == 0, err
    event = json.loads(out)["event"]
    assert (event["system"], event["end"]) == ("fide-2009", "2012-06-01")
    assert "no date" not in err


def test_what_a_later_file_tells_of_a_known_player_fills_his_record(run, tmp_path):
    # Twice told the same (the second time looked up without filling), then a third file
    # gives their birth years: the records take them, and the first value seen stays.
    people = [{"name": "Phạm Minh", "fide_id": "12400000"},
              {"name": "Hồ Lan", "fide_id": "12400001"}]
    games = [(1, 1, 2, "1")]
    for name, day in (("one", 10), ("two", 11)):
        write_event(tmp_path, name, date(2025, 3, day), people, [1800, 1700], games)
    write_event(tmp_path, "three", date(2025, 3, 12),
         [{**people[0], "birth_year": 1990}, {**people[1], "sex": "w"}], [1800, 1700], games)
    write_event(tmp_path, "four", date(2025, 3, 13),
         [{**people[0], "birth_year": 1991}, people[1]], [1800, 1700], games)
    code, _, err = run("db", "import", "one.trf", "two.trf", "three.trf", "four.trf")
    assert code == 0, err
    assert [(p["name"], p["fide_id"], p["birth_year"], p["events"])
            for p in as_json(run, "db", "players")] == [
        ("Phạm Minh", "12400000", 1990, 4), ("Hồ Lan", "12400001", None, 4)]
    with Database(tmp_path / "ratings.db") as db:
        assert db.query("SELECT sex FROM players ORDER BY id") == [(None,), ("w",)]


def test_an_import_sees_players_merged_by_another_process_meanwhile(tmp_path):
    """An importing connection keeps the players it read; once another connection has
    merged two of them, its next event meets the merged record, never the removed one."""
    from tournament_elo.db.importer import import_events
    from tournament_elo.db.players import merge_players

    capo = DATA / "javafo_aum_capo_dorso_2012_final.trf"
    text = capo.read_text()
    # The second record without its FIDE id (columns 58-68): a record of its own, which
    # the officer merges into the first.
    second = next(line for line in text.splitlines() if line.startswith("001    2 "))
    text = text.replace(second, second[:57] + " " * 11 + second[68:])
    (tmp_path / "first.trf").write_text(text)
    # The same players in another event (another name, so another identity).
    (tmp_path / "second.trf").write_text(
        text.replace("012 4° Open Capo D' Orso 2012", "012 Capo D' Orso Rapid 2012"))
    with Database(tmp_path / "r.db") as importing:
        import_events(importing, [tmp_path / "first.trf"])
        kept, gone = (row[0] for row in importing.query(
            "SELECT player_id FROM event_players WHERE idx IN (0, 1) ORDER BY idx"))
        with Database(tmp_path / "r.db") as other:
            merge_players(other, kept, gone)
        import_events(importing, [tmp_path / "second.trf"])
        assert importing.query("PRAGMA foreign_key_check") == []
        # The first two records are one player now, in both events.
        assert importing.query(
            "SELECT e.name, p.idx, p.player_id FROM event_players p JOIN events e"
            " ON e.id = p.event_id WHERE p.idx IN (0, 1) ORDER BY e.id, p.idx") == [
            ("4° Open Capo D' Orso 2012", 0, kept), ("4° Open Capo D' Orso 2012", 1, kept),
            ("Capo D' Orso Rapid 2012", 0, kept), ("Capo D' Orso Rapid 2012", 1, kept)]


_PEOPLE = st.fixed_dictionaries({
    "name": st.sampled_from(["Nguyễn Văn An", "NGUYEN, Van An", "Trần Bình", "Lê Cường"]),
    "fide_id": st.sampled_from([None, "100", "200"]),
    "federation": st.sampled_from([None, "VIE"]),
    "title": st.sampled_from([None, "FM"]),
    "birth_year": st.sampled_from([None, 1990, 2001]),
    "id": st.sampled_from([1, "VN01", "VN02"]),  # a text id is a federation id
})


@contextmanager
def _shortcut(on: bool) -> Iterator[None]:
    """:meth:`Database.player_ids_of`'s shortcut for players known as told, on or off."""
    from tournament_elo.db import store

    real = store._known_as_told
    if not on:
        store._known_as_told = lambda knowns, players: None
    try:
        yield
    finally:
        store._known_as_told = real


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_PEOPLE, min_size=1, max_size=4), min_size=1, max_size=6))
def test_players_known_as_told_get_the_ids_the_player_by_player_lookup_gives(
        tmp_path_factory, events):
    """``player_ids_of`` takes the players all known by their keys with nothing new in a
    few whole-list comparisons: event after event, the ids, how each was matched and the
    records it leaves are those of its player-by-player lookup alone (the shortcut off)."""
    from tournament_elo.db.store import who

    folder = tmp_path_factory.mktemp("identity")
    outcomes = []
    for on in (True, False):
        with Database(folder / f"shortcut-{on}.db") as db, _shortcut(on):
            seen = []
            for people in events:
                matched: list[str] = []
                players = tuple(replace(player, **fields) for player, fields in zip(
                    make_event([None] * len(people), []).players, people, strict=True))
                with db.transaction():
                    ids = db.player_ids_of(who(players), matched).tolist()
                seen.append((ids, matched))
            records = db.query("SELECT * FROM players ORDER BY id")
            keys = db.query("SELECT * FROM player_keys ORDER BY key")
        outcomes.append((seen, records, keys))
    assert outcomes[0] == outcomes[1]


def test_a_merge_keeps_what_the_lists_say_of_the_kept_record(run, tmp_path):
    """A list names Trần Bình (club A, inactive) and Binh Tran (club B) apart; merged,
    the one player keeps Trần Bình's club and his inactivity, and the database stays
    sound (the list's inactive players name only players who exist)."""
    (tmp_path / "list.csv").write_text("name,rating,club,active\nTrần Bình,1900,CLB A,no\n"
                                       "Binh Tran,1900,CLB B,yes\nAn,1800,,yes\n",
                                       encoding="utf-8")
    write_event(tmp_path, "january", date(2025, 1, 15), [{"name": "An"}, {"name": "Lê"}],
         [1800, 1700], [(1, 1, 2, "=")])
    for args in (("db", "import-list", "list.csv", "--date", "2025-01-01"),
                 ("db", "import", "january.trf"), ("db", "recompute")):
        code, _, err = run(*args)
        assert code == 0, err
    before = {r["name"]: (r["club"], r["active"]) for r in as_json(run, "db", "ratings")}
    assert (before["Trần Bình"], before["Binh Tran"]) == (("CLB A", False), ("CLB B", True))
    code, _, err = run("db", "merge-players", "Trần Bình", "Binh Tran")
    assert code == 0, err
    after = {r["name"]: (r["club"], r["active"]) for r in as_json(run, "db", "ratings")}
    assert "Binh Tran" not in after and after["Trần Bình"] == ("CLB A", False)
    code, out, err = run("db", "check")
    assert code == 0, out + err
