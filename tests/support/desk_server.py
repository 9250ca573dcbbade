"""The desk (``tournament-elo serve``) as the tests run it: a real server on an ephemeral
loopback port, stopped when the test ends, however it ends; and the Gros event's round 5."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from helpers import DATA

GROS = DATA / "javafo_aum_gros_2010_after_r4.trf"
#: How long a server may take to start (seconds): a guard against a hang, not a measure.
START_TIMEOUT = 300
#: The longest a test waits for the desk to follow a file (seconds): a hang guard.
FOLLOW_TIMEOUT = 120


@contextmanager
def desk_server(*args: str, cwd: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``tournament-elo serve ARGS --port 0`` running; yields its address and process."""
    log = (cwd / "serve.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament_elo", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE, stderr=log, text=True, cwd=cwd)
    try:
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(server.stdout.readline()),
                                  daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(START_TIMEOUT)
        found = re.search(r"http://\S+/", lines[0]) if lines else None
        assert found, f"no address printed: {lines} {(cwd / 'serve.log').read_text()}"
        yield found.group(0), server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
        log.close()


def with_round_5(trf: str, results: bool = True) -> str:
    """The Gros file after round 5, boards by start number: 1 (4 points) – 2 (4 points)
    won by black, every other board (3–4, 5–6, … 51–52) by white.  Each player's points
    (columns 81-84) grow by what he scored; the round-5 half-point bye player 43 had asked
    for (counted in his points) makes way for his game.  Without ``results``: the round's
    pairings only, as a pairing program writes them before the round is played."""
    out = []
    for line in trf.splitlines():
        if not line.startswith("001 "):
            out.append(line)
            continue
        number = int(line[4:8])
        opponent = number + 1 if number % 2 else number - 1
        white = number % 2 == 1
        won = (number == 2) or (white and number != 1)
        asked = 0.5 if line[131:].strip().endswith("H") else 0  # a half-point bye asked for
        points = float(line[80:84]) - asked + (1 if won and results else 0)
        result = ("1" if won else "0") if results else " "
        cell = f"{opponent:>4} {'w' if white else 'b'} {result}"  # columns 132-139
        out.append(f"{line[:80]}{points:4.1f}{line[84:129].ljust(45)}  {cell}")
    return "\n".join(out) + "\n"


def rewrite_until(event: Path, data: bytes, condition: Callable[[], bool]) -> None:
    """Write ``data`` into ``event`` each second until ``condition`` holds: ``watch``
    begins to watch after its first writing, and does not see a change made before it."""
    deadline = time.monotonic() + FOLLOW_TIMEOUT
    while True:
        event.write_bytes(data)
        again = time.monotonic() + 1
        while time.monotonic() < again:
            if condition():
                return
            time.sleep(0.02)
        assert time.monotonic() < deadline, "timed out"
