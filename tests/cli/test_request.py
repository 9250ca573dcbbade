"""The commands build one request (``RateRequest``) from their options: ``db import``
rates an imported event as ``rate`` rates it with the same ``--system`` and ``--date``, and
the library takes the same request."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import tournament_elo
from helpers import DATA, run_cli

#: A chess-results crosstable page without the event's dates.
FROME = DATA / "chessresults_frome2026_open_crosstable.html"


def test_db_import_dates_an_undated_event_as_rate_does(tmp_path: Path) -> None:
    # Dated 2012-06-01 the page is rated under the 2009 edition, K 15 below 2400:
    # Murawski (no. 3, 2309; 4½ of 5 against We 3.54) ends on 2323, not the 2328 of the
    # latest edition's K 20.  One event in one period, no list: the database's ratings
    # are the new ratings of 'rate' with the same date.
    for command in (("db", "import", str(FROME), "--date", "2012-06-01"),
                    ("db", "recompute")):
        done = run_cli(*command, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    listed = run_cli("db", "ratings", "--format", "json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    in_db = {p["name"]: p["rating"] for p in json.loads(listed.stdout)}
    done = run_cli("rate", str(FROME), "--date", "2012-06-01", "--format", "json",
                   cwd=tmp_path)
    rated = {p["name"]: p["new_rating"] for p in json.loads(done.stdout)["players"]
             if p["new_rating"] is not None}
    assert in_db == rated and in_db["Murawski Jan"] == 2323
    undated = run_cli("rate", str(FROME), "--format", "json", cwd=tmp_path)
    assert {p["name"]: p["new_rating"] for p in json.loads(undated.stdout)["players"]}[
        "Murawski Jan"] == 2328


def test_the_library_takes_the_request_the_command_line_builds(tmp_path: Path) -> None:
    # rate(event, RateRequest(...)) is 'rate' with the same options: Murawski's 2323
    # dated 2012-06-01, 2328 undated (the latest edition), and a plain rate(event) is
    # 'rate' without options.
    event = tournament_elo.read_event(FROME)
    dated = tournament_elo.rate(event, tournament_elo.RateRequest(date=date(2012, 6, 1)))
    plain = tournament_elo.rate(event)
    done = run_cli("rate", str(FROME), "--date", "2012-06-01", "--format", "json",
                   cwd=tmp_path)
    assert tournament_elo.to_json(dated) == json.loads(done.stdout)
    done = run_cli("rate", str(FROME), "--format", "json", cwd=tmp_path)
    assert tournament_elo.to_json(plain) == json.loads(done.stdout)
    assert [next(p["new_rating"] for p in tournament_elo.to_json(r)["players"] if p["id"] == 3)
            for r in (dated, plain)] == [2323, 2328]
    assert event.end is None and event.start is None  # the event given is left as it was

