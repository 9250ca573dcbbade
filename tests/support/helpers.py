"""Small events built in code, for tests that state their numbers by hand."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import IO, Any, NamedTuple

import numpy as np

from tournament_elo.model import (
    BLACK,
    NO_COLOR,
    RESULT_BY_TRF_CODE,
    WHITE,
    Event,
    EventType,
    Pairings,
    Player,
    Result,
    WinMethod,
)

DATA = Path(__file__).resolve().parents[1] / "data"
#: The repository's own folder (its README and its bundled samples), above tests/.
REPOSITORY = DATA.parent.parent
SAMPLES = REPOSITORY / "sample_events"

def drawn(browser: Any, html: str | Path) -> str:
    """A report page (its text, or the file: a site's page, whose script is a file
    beside it) as the browser holds it once its script has drawn the players' sections
    and the pairings from its data block: the document, serialized (the data block and
    the script gone, as they leave the page)."""
    page = browser.new_page()
    try:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        if isinstance(html, Path):
            page.goto(html.as_uri())
        else:
            page.set_content(html)
        assert not errors, errors
        return str(page.content())
    finally:
        page.close()


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``tournament-elo ARGS`` as a user runs it, in ``cwd``."""
    return subprocess.run([sys.executable, "-m", "tournament_elo", *args], capture_output=True,
                          text=True, cwd=cwd)


#: The command in a new process, which writes its peak memory (KiB, the kernel's VmHWM:
#: the process's own, not the forked test process's that getrusage would count) to the
#: file descriptor its first argument names.
_PEAK = """
import os, sys
from tournament_elo.cli.commands import main
code = main(sys.argv[2:])
with open("/proc/self/status") as status:
    os.write(int(sys.argv[1]), next(l for l in status if l.startswith("VmHWM")).split()[1]
             .encode())
sys.exit(code)
"""


class Measured(NamedTuple):
    """A command's exit code, its output, its peak memory (KiB) and its CPU seconds."""

    code: int
    out: str
    err: str
    peak_kib: int
    cpu_seconds: float


def measured(*args: str | Path, cwd: Path, stdin: IO[bytes] | int | None = None,
             cpu_limit: int = 120, env: dict[str, str] | None = None) -> Measured:
    """``tournament-elo ARGS`` in a new process run from ``cwd``, measured in what does
    not depend on how busy the machine is: its CPU time (bounded by ``cpu_limit`` seconds,
    the kernel ending it past them) and its peak memory.  A process that waits without
    working (a hang) is ended after ten minutes: a guard, not a measure."""
    peak_read, peak_write = os.pipe()

    def bounded() -> None:  # in the child, before the command starts
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _PEAK, str(peak_write), *map(str, args)],
                          stdin=stdin, capture_output=True, cwd=cwd, pass_fds=(peak_write,),
                          preexec_fn=bounded, check=False, timeout=600,
                          env={**os.environ, **(env or {})})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(peak_write)
    with os.fdopen(peak_read) as peak:
        written = peak.read()
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Measured(done.returncode, done.stdout.decode("utf-8", "replace"),
                    done.stderr.decode("utf-8", "replace"), int(written or 0), cpu)


_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def make_event(
    ratings: list[int | None],
    games: list[tuple[int, int, int, str]],
    *,
    end: date | None = date(2025, 1, 15),
    type: EventType = EventType.SWISS,
    players: list[dict[str, object]] | None = None,
    methods: list[WinMethod] | None = None,
    minutes: list[int] | None = None,
    settings: dict[str, str] | None = None,
) -> Event:
    """An event from ratings (player i+1 has ratings[i]) and games.

    ``games`` are ``(round, white, black, white's result)`` with results ``1 = 0 + -``
    and ``00`` (both declared lost); every player without a game in a round is absent
    that round (a zero bye).  ``methods`` and ``minutes`` go with ``games``, one each.
    """
    extra = players or [{} for _ in ratings]
    people = tuple(
        Player(index=i, id=i + 1, name=f"Player {i + 1}", rating=r, **extra[i])  # type: ignore[arg-type]
        for i, r in enumerate(ratings)
    )
    rounds = max((g[0] for g in games), default=0)
    cells: dict[tuple[int, int], tuple[int, int, Result, int, int]] = {}
    for g, (rnd, white, black, code) in enumerate(games):
        method = int(methods[g]) if methods else 0
        time = minutes[g] if minutes else 0
        mine, theirs = (
            (Result.BOTH_LOST, Result.BOTH_LOST) if code == "00"
            else (RESULT_BY_TRF_CODE[code], RESULT_BY_TRF_CODE[_MIRROR[code]])
        )
        cells[(rnd, white - 1)] = (black - 1, WHITE, mine, method, time)
        cells[(rnd, black - 1)] = (white - 1, BLACK, theirs, method, time)
    columns: list[list[int]] = [[], [], [], [], [], [], []]
    for rnd in range(1, rounds + 1):
        for i in range(len(people)):
            cell = cells.get((rnd, i), (-1, NO_COLOR, Result.ZERO_BYE, 0, 0))
            for column, value in zip(columns, (rnd, i, *cell), strict=True):
                column.append(int(value))
    arrays = [np.array(c, dtype=np.int64) for c in columns]
    return Event(
        name="test event",
        players=people,
        pairings=Pairings(*arrays[:5], method=arrays[5], minutes=arrays[6]),
        settings=tuple((settings or {}).items()),
        rounds=rounds,
        type=type,
        start=end,
        end=end,
    )
