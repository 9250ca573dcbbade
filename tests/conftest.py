"""Shared fixtures: the generated federation history the database tests import."""

from __future__ import annotations

import csv
import importlib
import os
import random
import shutil
import sys
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent / "support"))  # the helpers the tests share

ROOT = Path(__file__).resolve().parents[1]
HISTORY_START = date(2023, 1, 1)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags a sandboxed, network-less machine needs (see the env notes).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium through Playwright.  Without Chromium the browser tests
    are skipped, saying so; on CI (``CI`` set, as ``.ci/run`` does) they fail instead."""
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium for the browser tests (.ci/run installs it)")
        pytest.skip("no chromium on this machine (Debian package: chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def generate() -> ModuleType:
    """``benchmarks.generate``, importable whether or not the repository root is on the path."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("benchmarks.generate")


def write_history(generate: ModuleType, folder: Path) -> None:
    """300 players (5 % unrated), 100 Swiss events, one a week from January 2023."""
    people = generate.population(300, 1)
    rng = random.Random(5)
    with (folder / "list.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["fide_id", "name", "rating", "games", "birth"])
        for p in people:
            writer.writerow([p.fide_id, p.name, p.rating or "",
                             rng.randint(0, 80) if p.rating else 0, p.birth.isoformat()])
    events = folder / "events"
    events.mkdir()
    for k in range(100):
        swiss = generate.generate_swiss(rng.choice([20, 30, 40]), rng.choice([5, 7, 9]), seed=k,
                                        start=HISTORY_START + timedelta(days=7 * k),
                                        entrants=people, name=f"Event {k}")
        (events / f"e{k:03d}.trf").write_text(generate.to_trf(swiss), encoding="utf-8")


@pytest.fixture(scope="session")
def history_files(generate: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The history's files (read-only: copy them to change one)."""
    folder = tmp_path_factory.mktemp("history")
    write_history(generate, folder)
    return folder


@pytest.fixture(scope="module")
def small_db(history_files: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ten events of the generated history (``events/``) and their database
    (``ratings.db``, with the starting list, recomputed)."""
    from helpers import run_cli

    folder = tmp_path_factory.mktemp("small")
    (folder / "events").mkdir()
    for path in sorted((history_files / "events").iterdir())[:10]:
        (folder / "events" / path.name).write_bytes(path.read_bytes())
    for args in (("db", "import", "events", "--system", "fide-2024"),
                 ("db", "import-list", str(history_files / "list.csv"), "--date", "2023-01-01"),
                 ("db", "recompute")):
        assert run_cli(*args, cwd=folder).returncode == 0
    return folder


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """``tournament-elo ARGS`` run in this process in a fresh folder, as a user types it:
    (exit code, stdout, stderr)."""
    from tournament_elo.cli.commands import main

    monkeypatch.chdir(tmp_path)

    def call(*args: str | Path) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return call


@pytest.fixture
def ok(run):
    """``run`` for a command that must succeed."""

    def call(*args: str | Path) -> tuple[int, str, str]:
        code, out, err = run(*args)
        assert code == 0, err
        return code, out, err

    return call


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The database's clock, set by the test (``clock(moment)``: the changes recorded from
    then on are made at ``moment``), the local time zone Hà Nội's (UTC+7, as a POSIX rule:
    no tzdata needed) and the login name ``ratings``."""
    import getpass
    import time

    from tournament_elo.db import changes

    now: list[datetime] = []
    monkeypatch.setattr(changes, "clock", lambda: now[-1])
    monkeypatch.setattr(getpass, "getuser", lambda: "ratings")
    monkeypatch.setenv("TZ", "ICT-7")
    time.tzset()
    yield now.append
    monkeypatch.undo()
    time.tzset()
