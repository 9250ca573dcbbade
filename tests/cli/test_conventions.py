"""The command line's manners, as a shell user expects them: a closed pipe ends the
command quietly (exit 141, as ``SIGPIPE`` ends the shell's own tools, or 0), Ctrl+C ends it
with one line and exit 130, and the options a user repeats come from the environment."""

from __future__ import annotations

import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from helpers import DATA
from tournament_elo.cli.commands import main

ROOT = Path(__file__).resolve().parents[2]
#: A team event whose JSON (228 KB) is more than a pipe holds (64 KiB): the command is
#: still writing when its reader goes.
TEAM_EVENT = ROOT / "sample_events" / "heltour_friendship_cup_2024_team.trf"
#: The number of ``read`` on this machine's system calls.
READ_CALL = {"x86_64": 0, "aarch64": 63}.get(platform.machine())


def command(*args: str, **kwargs: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "tournament_elo", *args],
                            **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs})


@pytest.mark.parametrize("args", [("--format", "json"), ("--format", "json", "--indent", "2"),
                                  ()], ids=["json", "json-indented", "table"])
def test_a_pipe_closed_by_its_reader_ends_the_command_quietly(args):
    # As `tournament-elo rate FILE | head -c 10`: the reader takes ten bytes and goes.
    child = command("rate", str(TEAM_EVENT), *args)
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.read(10)
    child.stdout.close()
    # 141 when a write meets the closed pipe; 0 when the last write had already begun and
    # the system took part of it (Python then drops the rest without an error).  Before,
    # click's own handling ended it with 1.
    assert child.wait(timeout=600) in (0, 141)
    # Standard error holds the event's warnings only (the file's own), no word of the pipe.
    said = child.stderr.read().decode().splitlines()
    assert len(first) == 10 and said and all(line.startswith("warning: ") for line in said)


def _waiting_on_standard_input(pid: int) -> bool:
    """Whether the process is blocked reading its file descriptor 0."""
    try:
        call = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return len(call) > 1 and call[0] == str(READ_CALL) and int(call[1], 16) == 0


@pytest.mark.skipif(READ_CALL is None, reason="the system call's number is not known here")
@pytest.mark.parametrize(("lang", "line"), [("en", "interrupted"), ("vi", "đã ngắt")])
def test_ctrl_c_ends_the_command_with_one_line_and_130(lang, line):
    # `tournament-elo rate -` waits for its standard input, which never comes; Ctrl+C then.
    child = command("rate", "-", stdin=subprocess.PIPE,
                    env={**os.environ, "TOURNAMENT_ELO_LANG": lang})
    deadline = time.monotonic() + 600  # a guard against a hang, not a measure
    while not _waiting_on_standard_input(child.pid):
        assert child.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=600) == 130
    assert child.stderr is not None
    assert [text for text in child.stderr.read().decode().splitlines() if text] == [line]
    assert child.stdin is not None
    child.stdin.close()


def test_the_language_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_ELO_LANG", "vi")
    assert main(["rate", str(DATA / "no-such-file.trf")]) == 2
    assert capsys.readouterr().err == (
        f"lỗi: {DATA}/no-such-file.trf: không đọc được tệp; thấy No such file or directory\n")
    # --lang still chooses, over the environment.
    assert main(["rate", str(DATA / "no-such-file.trf"), "--lang", "en"]) == 2
    assert capsys.readouterr().err == (
        f"error: {DATA}/no-such-file.trf: cannot read the file; found No such file or "
        "directory\n")


def test_the_help_names_the_environment_variables(capsys):
    assert main(["rate", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "[env var: TOURNAMENT_ELO_LANG]" in out
    assert "[env var: TOURNAMENT_ELO_MAX_INPUT_MB; default: 256; 1<=x<=1048576]" in out


def test_a_full_disk_under_standard_output_is_said_in_one_line():
    with open("/dev/full", "wb") as full:
        child = command("rate", str(DATA / "held_c07_swiss5.trf"), "--format", "json",
                        stdout=full)
        assert child.wait(timeout=600) == 2
    assert child.stderr is not None
    assert child.stderr.read() == b"error: No space left on device\n"
