"""Every page, table and desk page of the events in ``tests/support/report_pages.py``,
byte for byte as the pages written at an earlier commit (``tests/data/pages/``; see
``tests/data/SOURCES.md``): the report's view is computed from the game table's
columns, and writes what the records of every pairing row wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_pages import CASES, DESK_CASES, PAGES, ROOT, desk_pages, stored, written


@pytest.mark.parametrize("name", list(CASES))
def test_page_and_tables_are_as_stored(name: str) -> None:
    files = written(CASES[name])
    assert set(files) == {"page.html", "crosstable.csv", "pairings.csv"}
    for file, data in files.items():
        assert data == stored(name, file).read_bytes(), f"{name}.{file}"


@pytest.mark.parametrize("name", DESK_CASES)
def test_desk_pages_are_as_stored(name: str) -> None:
    for file, data in desk_pages(CASES[name]).items():
        assert data == stored(name, file).read_bytes(), f"{name}.{file}"


def test_the_stored_pages_show_what_the_cases_are_for() -> None:
    # The cases hold what they stand for: the next round's pairings without results
    # (an "in progress" page and the desk's next round), a bye's and a forfeit's marks,
    # the round-robin grid, a per-game system's reference opponent (an AI level).
    assert "Pairings of round 5" in stored("paired_9x5", "desk.html").read_text("utf-8")
    assert "5 (after round 4)" in stored("paired_9x5", "page.html").read_text("utf-8")
    unplayed = stored("unplayed", "pairings.csv").read_text("utf-8")
    assert ",half-point bye," in unplayed and ",pairing-allocated bye," in unplayed
    assert "'+–-" in unplayed  # a forfeit (the CSV quotes a cell that starts with "+")
    assert 'class="rrgrid"' in stored("roundrobin6", "page.html").read_text("utf-8")
    assert "AI level" in stored("thien_ky_dao", "page.html").read_text("utf-8")
    assert len(list(PAGES.glob("*.page.html"))) == len(CASES)


def test_rate_out_writes_the_stored_tables(run, tmp_path: Path) -> None:
    # The user's path: ``rate FILE --out DIR`` writes the tables the stored ones are.
    case = CASES["paired_9x5"]
    code, _, err = run("rate", ROOT / case.file, "--out", tmp_path / "out")
    assert code == 0, err
    for file in ("crosstable.csv", "pairings.csv"):
        assert (tmp_path / "out" / file).read_bytes() == stored("paired_9x5", file).read_bytes()
