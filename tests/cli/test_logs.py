"""``-v`` and ``-q`` on the root command: the library's log on standard error, or nothing
but warnings and errors; without them, the output as it always was."""

from __future__ import annotations

import logging
import os
import pty
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import DATA
from tournament_elo.cli.commands import main

#: 16 players, 5 rounds, starting on 1 August 2024 (its 042 record), no end date.
SWISS = DATA / "held_c07_swiss5.trf"
ROOT = Path(__file__).resolve().parents[2]
#: The time a line gives, which no test can know.
TIME = r"\d+\.\d+"


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, list[str]]:
    """The exit code, standard output and standard error's lines of ``main(argv)``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def logged(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("debug: ", "info: "))]


def test_verbose_says_what_rate_did_and_changes_nothing_else(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = ran(capsys, "rate", str(SWISS), "--format", "json")
    assert (code, err) == (0, [])  # the sample warns of nothing
    code, verbose_out, verbose_err = ran(capsys, "-v", "rate", str(SWISS), "--format", "json")
    assert (code, verbose_out) == (0, out)
    assert verbose_err == logged(verbose_err)  # nothing else on standard error
    # The file read (its 001 records and XXR 5), then the edition in force on its only
    # date: FIDE's 2024 regulations run from 1 March 2024 to 30 September 2025.
    assert re.fullmatch(f"debug: {re.escape(str(SWISS))} read as trf: 16 players, 5 rounds "
                        f"in {TIME} ms", verbose_err[0]), verbose_err
    assert "info: the system fide: fide-2024, in force on 2024-08-01" in verbose_err
    assert any(re.fullmatch(f"debug: the standings in {TIME} ms, the ratings in {TIME} ms",
                            line) for line in verbose_err), verbose_err


def test_verbose_speaks_the_users_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = ran(capsys, "-v", "rate", str(SWISS), "--format", "json", "--lang", "vi")
    assert code == 0
    assert "thông tin: hệ fide: fide-2024, có hiệu lực ngày 2024-08-01" in err
    assert re.fullmatch(f"gỡ lỗi: {re.escape(str(SWISS))} đọc theo định dạng trf: 16 đấu thủ, "
                        f"5 vòng trong {TIME} ms", err[0]), err


def event_folder(tmp_path: Path) -> Path:
    """The sample, a copy of it under another name, and a file cut short (its one player
    record 7 characters long)."""
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "a.trf").write_bytes(SWISS.read_bytes())
    (folder / "b.trf").write_bytes(SWISS.read_bytes())
    (folder / "c.trf").write_text("012 X\n001 bad\n", encoding="utf-8")
    return folder


def test_verbose_says_how_the_import_went(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = event_folder(tmp_path)
    db = str(tmp_path / "ratings.db")
    ran(capsys, "db", "import", str(folder), "--db", db)
    code, _, err = ran(capsys, "-v", "db", "import", str(folder), "--db", db)
    assert code == 2  # the short file fails again
    lines = logged(err)
    # Three files; a.trf is unchanged, b.trf a copy of it (said as before), c.trf read
    # again here (fewer than the 8 files worth starting workers for).
    assert lines[:3] == ["info: 3 event files found",
                         f"debug: {folder / 'a.trf'}: unchanged since it was imported, skipped",
                         "debug: the files read in this process"]
    assert re.fullmatch(f"info: the import of 3 files took {TIME} s", lines[-1]), lines
    assert f"skipped: {folder / 'b.trf'} is the same file as {folder / 'a.trf'}" in err


def test_quiet_says_nothing_but_the_errors(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = event_folder(tmp_path)
    code, out, err = ran(capsys, "db", "import", str(folder), "--db", str(tmp_path / "1.db"))
    error = (f"error: {folder / 'c.trf'}, line 2: truncated player record; found 7 "
             "characters, expected at least 84 (through the points column, 81-84)")
    assert (code, err) == (2, [
        f"skipped: {folder / 'b.trf'} is the same file as {folder / 'a.trf'}", error])
    code, quiet_out, quiet_err = ran(capsys, "-q", "db", "import", str(folder), "--db",
                                     str(tmp_path / "2.db"))
    assert (code, quiet_out, quiet_err) == (2, out, [error])
    assert out == "1 imported, 0 replaced, 0 unchanged, 1 copies of imported files skipped, " \
        "1 failed; 36 games\n"


def test_quiet_keeps_the_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The list computed before the second event came: its lists wait for a recomputation.
    db = str(tmp_path / "ratings.db")
    ran(capsys, "db", "import", str(SWISS), "--db", db)
    ran(capsys, "db", "recompute", "--db", db)
    other = tmp_path / "other.trf"
    other.write_text(SWISS.read_text(encoding="utf-8").replace(
        "012 FIDE C.07 2023 Tie-Break Exercises", "012 Another"), encoding="utf-8")
    ran(capsys, "db", "import", str(other), "--db", db)
    default = ran(capsys, "db", "ratings", "--db", db, "--format", "csv")
    assert ran(capsys, "-q", "db", "ratings", "--db", db, "--format", "csv") == default
    assert [line.split(":")[0] for line in default[2]] == ["warning"]


def test_verbose_and_quiet_together_are_refused(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = ran(capsys, "-v", "-q", "rate", str(SWISS))
    assert (code, out) == (2, "")
    assert err[-1] == "Error: --verbose and --quiet cannot be used together"  # click's words
    # Refused before the command's own --lang is read: the environment's language.
    monkeypatch.setenv("TOURNAMENT_ELO_LANG", "vi")
    code, _, err = ran(capsys, "--verbose", "--quiet", "rate", str(SWISS))
    assert (code, err[-1]) == (2, "lỗi: không dùng cùng lúc --verbose và --quiet được")


def test_the_log_is_set_up_for_one_run_only(capsys: pytest.CaptureFixture[str]) -> None:
    library = logging.getLogger("tournament_elo")
    before = (library.level, list(library.handlers))
    assert logged(ran(capsys, "-v", "rate", str(SWISS), "--format", "json")[2])
    assert (library.level, library.handlers) == before
    assert ran(capsys, "rate", str(SWISS), "--format", "json")[2] == []
    assert ran(capsys, "-q", "rate", str(SWISS), "--format", "json")[0] == 0
    assert (library.level, library.handlers) == before


def on_a_terminal(*argv: str) -> bytes:
    """What ``tournament-elo ARGV`` writes to standard error when it is a terminal."""
    terminal, its_end = pty.openpty()
    said = bytearray()

    def read() -> None:
        try:
            while chunk := os.read(terminal, 1 << 16):
                said.extend(chunk)
        except OSError:  # the other end closed: the command ended
            pass

    reader = threading.Thread(target=read)
    reader.start()
    done = subprocess.run([sys.executable, "-m", "tournament_elo", *argv], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=its_end, timeout=600,
                          env={**os.environ, "TERM": "xterm"})
    os.close(its_end)
    reader.join(600)  # a guard against a hang, not a measure
    os.close(terminal)
    assert done.returncode == 0
    return bytes(said)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal (pty)")
def test_quiet_draws_no_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "events"
    folder.mkdir()
    for k in range(3):
        (folder / f"{k}.trf").write_text(SWISS.read_text(encoding="utf-8").replace(
            "012 FIDE C.07 2023 Tie-Break Exercises", f"012 Open {k}"), encoding="utf-8")
    assert b"importing" in on_a_terminal("db", "import", str(folder), "--db",
                                         str(tmp_path / "1.db"))
    assert on_a_terminal("-q", "db", "import", str(folder), "--db", str(tmp_path / "2.db")) == b""
