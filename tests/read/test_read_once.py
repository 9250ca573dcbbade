"""Each input file is read once: format detection, the reader and the database share its
bytes (:class:`tournament_elo.read.text.Source`)."""

from __future__ import annotations

import builtins
import io
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tournament_elo.db.importer import import_events
from tournament_elo.db.store import Database
from tournament_elo.read.detect import read_event

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SAMPLES = ROOT / "sample_events"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often each file was opened, by its name."""
    counts: Counter[str] = Counter()
    real_open, real_os_open = io.open, os.open

    def counting(file: object, *args: object, **kwargs: object) -> object:
        if isinstance(file, str | Path):
            counts[Path(file).name] += 1
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    def counting_os(file: str | Path, *args: Any, **kwargs: Any) -> int:
        counts[Path(file).name] += 1
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", counting)  # pathlib's
    monkeypatch.setattr(builtins, "open", counting)  # everyone else's
    monkeypatch.setattr(os, "open", counting_os)  # the bounded reading's (io.text)
    yield counts


@pytest.mark.parametrize("path", [
    DATA / "held_c07_swiss5.trf",                               # TRF
    SAMPLES / "open_2025.xlsx",                                 # a workbook
    DATA / "chessresults_frome2026_open_crosstable.html",       # a chess-results page
    DATA / "swiss_manager_crosstable.xls",                      # a legacy workbook
], ids=lambda p: p.suffix)
def test_an_event_file_is_read_once(path: Path, opened: Counter[str]) -> None:
    read_event(path)
    assert opened[path.name] == 1


def test_a_csv_pair_reads_each_of_its_files_once(opened: Counter[str]) -> None:
    read_event(SAMPLES / "club_rapid-games.csv")
    assert opened["club_rapid-games.csv"] == 1
    assert opened["club_rapid-players.csv"] == 1


def test_an_import_reads_each_file_once(opened: Counter[str], tmp_path: Path) -> None:
    """The digest, the reader and the stored copy all come from one read."""
    with Database(tmp_path / "ratings.db") as db:
        report = import_events(db, [DATA / "javafo_aum_capo_dorso_2012_final.trf"],
                               workers=1)
    assert report.imported and not report.failed
    assert opened["javafo_aum_capo_dorso_2012_final.trf"] == 1
