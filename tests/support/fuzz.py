"""A seeded mutation fuzzer over every reader, through the command line's entry point.

Each case takes a seed file of one format (a TRF, a CSV pair, a workbook, a chess-results
page, a legacy .xls, a PGN, a system definition, a rating list), mutates it (flipped
bytes, lines dropped or doubled, truncation, extreme numbers, huge fields, other line
ends and encodings, a damaged or huge workbook), and runs ``tournament-elo rate`` on it
in a forked child of a warm process (so a case costs milliseconds, not a start-up),
with 1 GB of memory and 20 s of CPU time at most (``RLIMIT_CPU``: the kernel ends the
child past it, however busy the machine is).  A case passes when it exits 0 or 2 with no
traceback; exit 1 (an internal error), a signal, or the CPU or memory limit fail.  A
case only reads its file and computes, so a case that never ends spends CPU and meets the
CPU limit: no clock is needed.

The test suite runs a few hundred cases (``tests/cli/test_fuzz.py``); a longer run::

    python tests/support/fuzz.py --cases 5000 [--seed N]

prints one line per failure and a summary line.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import zipfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"
DATA = ROOT / "tests" / "data"
MEMORY_LIMIT = 1 << 30
#: The CPU seconds a case may take (a case takes well under one).
CPU_LIMIT_S = 20

PGN_SEED = """[Event "Fuzz Open"]
[Site "Hanoi"]
[Date "2025.03.08"]
[Round "1"]
[White "Nguyen, An"]
[Black "Tran, Binh"]
[WhiteElo "2100"]
[BlackElo "1950"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "Fuzz Open"]
[Site "Hanoi"]
[Date "2025.03.08"]
[Round "1"]
[White "Le, Cuong"]
[Black "Pham, Dung"]
[WhiteElo "1800"]
[BlackElo "1750"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2

[Event "Fuzz Open"]
[Site "Hanoi"]
[Date "2025.03.09"]
[Round "2"]
[White "Tran, Binh"]
[Black "Le, Cuong"]
[WhiteElo "1950"]
[BlackElo "1800"]
[Result "0-1"]

1. c4 e5 0-1
"""
LIST_SEED = "fide_id,name,rating,games,birth,k\n1,Bruno,2150,40,1990-01-01,20\n" \
            "2,Charline,2100,12,2008-05-06,\n3,David,2050,,1985,\n"
FIDE_LIST_SEED = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\n"
    "1              Bruno                                                        FRA M   "
    "                          2150  10  20                        1990\n")
#: Values a mutation puts where a number, a date or a name was.
HOSTILE = ("1e308", "9" * 40, "9" * 10_000, "-1500", "nan", "inf", "-0", "3000", "abc",
           "0x1F", "１２３", "\u202e\u202d", "<script>x</script>", '"><I>', "=1+1", "\x00",
           "\ufeff", "½", "-", "+", "ẞ", "2025-13-45", "99999999999999999999-01-01", "",
           "x" * 200_000)


@dataclass(frozen=True)
class Seed:
    """A file to mutate, the files that go beside it, and how the command reads it."""

    name: str
    path: Path | None  # None: ``text`` is the content
    text: str = ""
    beside: tuple[Path, ...] = ()
    argv: tuple[str, ...] = ("rate", "{file}", "--format", "json")


SEEDS = (
    Seed("trf", DATA / "held_c07_swiss5.trf"),
    Seed("trf-live", SAMPLES / "javafo_aum_gros_2010_after_r4.trf"),
    Seed("trf-rr", DATA / "held_c07_roundrobin6.trf"),
    Seed("csv", SAMPLES / "club_rapid-games.csv", beside=(SAMPLES / "club_rapid-players.csv",)),
    Seed("csv-players", SAMPLES / "club_rapid-players.csv",
         beside=(SAMPLES / "club_rapid-games.csv",),
         argv=("rate", "{dir}/club_rapid-games.csv", "--format", "json")),
    Seed("csv-tuong-ky", SAMPLES / "tuong-ky_co-tuong.csv",
         beside=(SAMPLES / "tuong-ky_co-tuong-players.csv",),
         argv=("rate", "{file}", "--system", "tuong-ky", "--format", "json")),
    Seed("csv-log", SAMPLES / "thien-ky-dao_online.csv",
         beside=(SAMPLES / "thien-ky-dao_online-players.csv",),
         argv=("rate", "{file}", "--system", "thien-ky-dao", "--format", "json")),
    Seed("xlsx", SAMPLES / "open_2025.xlsx"),
    Seed("xlsx-dong-son", SAMPLES / "dong-son_giai-tinh.xlsx",
         argv=("rate", "{file}", "--system", "dong-son", "--format", "json")),
    Seed("html", DATA / "chessresults_frome2026_open_crosstable.html"),
    Seed("xls", DATA / "swiss_manager_crosstable.xls"),
    Seed("pgn", None, PGN_SEED),
    Seed("toml", DATA / "club-k24.toml",
         argv=("rate", str(DATA / "held_c07_swiss5.trf"), "--system", "{file}", "--format",
               "json")),
    Seed("list-csv", None, LIST_SEED,
         argv=("rate", str(DATA / "held_c07_swiss5.trf"), "--ratings", "{file}", "--format",
               "json")),
    Seed("list-fide", None, FIDE_LIST_SEED,
         argv=("rate", str(DATA / "held_c07_swiss5.trf"), "--ratings", "{file}", "--format",
               "json")),
    Seed("list-chessresults", DATA / "chessresults_british2026_champ_startingrank.html",
         argv=("rate", str(DATA / "chessresults_british2026_champ_crosstable_final.html"),
               "--ratings", "{file}", "--format", "json")),
)


# --- mutations --------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [data]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def double_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    return b"".join(lines[:at + 1] + lines[at:at + 1] * rng.choice((1, 2, 50)) + lines[at + 1:])


def swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"".join(lines)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(max(len(data), 1))]


def hostile_token(data: bytes, rng: random.Random) -> bytes:
    """A number, a date or a name replaced by a hostile value."""
    text = data.decode("utf-8", errors="replace")
    tokens = list(re.finditer(r"\d+(?:[.,]\d+)?|[A-Za-zÀ-ỹ]{2,}", text))
    if not tokens:
        return data
    hit = rng.choice(tokens)
    return (text[:hit.start()] + rng.choice(HOSTILE) + text[hit.end():]).encode("utf-8")


def line_ends(data: bytes, rng: random.Random) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", rng.choice((b"\r", b"\r\n", b"\n\n")))


def encoding(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", errors="replace")
    name = rng.choice(("utf-16", "utf-16-le", "utf-32", "cp1258", "latin-1"))
    return text.encode(name, errors="replace")


def long_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines.insert(at, rng.choice((b"001 ", b"XXR ", b"a,b,", b"")) + b"9" * rng.choice(
        (10_000, 200_000, 4_000_000)) + b"\n")
    return b"".join(lines)


TEXT_MUTATIONS: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    flip_bytes, drop_line, double_line, swap_lines, truncate, hostile_token, hostile_token,
    hostile_token, line_ends, encoding, long_line)


def mutate_workbook(data: bytes, rng: random.Random) -> bytes:
    """A member of the zip mutated as text, its dimension made huge, a cell put far away,
    or the zip itself damaged."""
    kind = rng.choice(("member", "member", "dimension", "far cell", "zip"))
    if kind == "zip":
        return rng.choice(TEXT_MUTATIONS[:5])(data, rng)
    try:
        source = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:  # damaged by an earlier mutation: damage it further
        return rng.choice(TEXT_MUTATIONS[:5])(data, rng)
    names = source.namelist()
    if not names:  # an empty archive, made by an earlier mutation: damage it further
        return rng.choice(TEXT_MUTATIONS[:5])(data, rng)
    sheets = [n for n in names if n.startswith("xl/worksheets/")] or names
    target = rng.choice(sheets if kind != "member" else names)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
        for name in names:
            try:
                content = source.read(name)
            except Exception:  # any damage an earlier mutation did
                continue  # that member is left out
            if name == target:
                if kind == "dimension":
                    content = re.sub(rb'<dimension ref="[^"]*"/>',
                                     b'<dimension ref="A1:XFD1048576"/>', content)
                elif kind == "far cell":
                    content = content.replace(
                        b"</sheetData>", b'<row r="1048576"><c r="XFD1048576" t="inlineStr">'
                        b"<is><t>x</t></is></c></row></sheetData>")
                else:
                    content = rng.choice(TEXT_MUTATIONS)(content, rng)
            book.writestr(name, content)
    return out.getvalue()


def mutate(seed: Seed, data: bytes, rng: random.Random) -> bytes:
    if data[:2] == b"PK":
        return mutate_workbook(data, rng)
    return rng.choice(TEXT_MUTATIONS)(data, rng)


# --- running a case ---------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    case: int
    seed: str
    code: int | None  # the exit code; None: killed by a signal
    killed_by: int | None  # the signal that ended it
    cpu_seconds: float
    peak: int  # the child's peak resident memory, bytes
    traceback: bool
    message: str

    @property
    def failed(self) -> str | None:
        """Why the case fails, or None."""
        if self.killed_by == signal.SIGXCPU or self.cpu_seconds > CPU_LIMIT_S:
            return f"more than {CPU_LIMIT_S} s of CPU"
        if self.code is None:
            return f"killed by signal {self.killed_by} (the memory limit?)"
        if self.code not in (0, 2):
            return f"exit {self.code}"
        if self.traceback:
            return "a traceback"
        if self.peak > MEMORY_LIMIT:
            return f"{self.peak >> 20} MiB"
        return None


def _child(argv: Sequence[str], log: Path) -> None:
    """In the forked child: limits, output to ``log``, the command, its exit code."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT + (256 << 20),) * 2)
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT_S, CPU_LIMIT_S + 5))
    handle = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(handle, 1)
    os.dup2(handle, 2)
    sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), encoding="utf-8")
    from tournament_elo.cli.commands import main

    code = main(list(argv))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run_case(number: int, seed: Seed, rng: random.Random, work: Path) -> Outcome:
    folder = work / f"case{number}"
    folder.mkdir()
    for companion in seed.beside:
        shutil.copy(companion, folder / companion.name)
    original = seed.path.read_bytes() if seed.path else seed.text.encode("utf-8")
    name = seed.path.name if seed.path else f"{seed.name}.{'pgn' if seed.name == 'pgn' else 'csv'}"
    file = folder / name
    data = original
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = mutate(seed, data, rng)
    file.write_bytes(data)
    argv = [a.format(file=file, dir=folder) for a in seed.argv]
    log = folder / "output.txt"
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            _child(argv, log)
        finally:
            os._exit(3)
    _, status, usage = os.wait4(pid, 0)
    output = log.read_text(encoding="utf-8", errors="replace")
    code = os.waitstatus_to_exitcode(status)
    shutil.rmtree(folder, ignore_errors=True)
    return Outcome(number, seed.name, None if code < 0 else code, -code if code < 0 else None,
                   usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024,
                   "Traceback (most recent call last)" in output,
                   output.strip().splitlines()[-1][:300] if output.strip() else "")


def fuzz(cases: int, seed: int = 0,
         report: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Run ``cases`` cases from ``seed``; every seed file in turn, mutations at random."""
    import tournament_elo.cli.commands  # noqa: F401  (warm: every child starts with it imported)

    rng = random.Random(seed)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="tournament-elo-fuzz-") as work:
        for number in range(cases):
            outcome = run_case(number, SEEDS[number % len(SEEDS)],
                               random.Random(rng.getrandbits(64)), Path(work))
            outcomes.append(outcome)
            if report:
                report(outcome)
    return outcomes


def summary(outcomes: Sequence[Outcome]) -> str:
    codes = Counter(o.code for o in outcomes)
    failed = [o for o in outcomes if o.failed]
    slowest = max((o.cpu_seconds for o in outcomes), default=0.0)
    peak = max((o.peak for o in outcomes), default=0)
    return (f"{len(outcomes)} cases over {len({o.seed for o in outcomes})} seed files: "
            f"{codes.get(0, 0)} exit 0, {codes.get(2, 0)} exit 2, {codes.get(1, 0)} exit 1, "
            f"{sum(o.traceback for o in outcomes)} tracebacks, {codes.get(None, 0)} killed; "
            f"most CPU {slowest:.1f} s, largest {peak >> 20} MiB; {len(failed)} failed")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    def report(outcome: Outcome) -> None:
        if outcome.failed:
            print(f"case {outcome.case} ({outcome.seed}): {outcome.failed}: {outcome.message}",
                  flush=True)

    outcomes = fuzz(args.cases, args.seed, report)
    print(summary(outcomes))
    return 1 if any(o.failed for o in outcomes) else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
