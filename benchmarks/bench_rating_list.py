"""Large rating lists: FIDE's full list read, and matched to an event on the command line.

Run from the repository root::

    python benchmarks/bench_rating_list.py            # 1,200,000 rows (about 4 minutes)
    python benchmarks/bench_rating_list.py --quick    # 100,000 rows: a smoke run
    python benchmarks/bench_rating_list.py --only 1   # one case
    python benchmarks/bench_rating_list.py --profile  # also cProfile rate --ratings in-process

Case 1: FIDE's combined TXT list (the layout of ``players_list_foa.txt``, header and
columns character for character) of 1.2 million players, generated from a seed by
:func:`listed_players` and :func:`fide_line` (untimed; written into a temporary folder,
never kept).  Baseline, in the same run: a plain line-slicing loop over the same file
(each line cut at its header's columns, every field stripped, the numbers made ints,
one tuple kept per line).  Then ``read_fide_list``, and the command line
``tournament-elo rate EVENT --ratings LIST --format json`` with a 500-player 9-round Swiss
whose players are drawn from the list (matched by FIDE id), beside the same command
without ``--ratings``.  Case 2: the same players as a CSV list (``fide_id, name,
federation, rating, games, birth, k``); the baseline is a plain ``csv``-module loop.

Each figure is measured in a child process of its own, so that its peak resident memory
(``ru_maxrss``, the interpreter's own 10-40 MiB included) is its own; the readings and
their baseline take turns (:data:`REPEATS` times, the least wall time kept, with its CPU
time).  Targets: the list
read and the event rated with it in under 10 s and under 1 GB.  Figures only, no
assertions; the reading's correctness on a generated list is checked by
``tests/read/test_fidelist.py`` and ``tests/read/test_ratinglist.py``.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import NamedTuple

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import mib, profile_call, untimed  # noqa: E402

FULL_ROWS = 1_200_000
QUICK_ROWS = 100_000
REPEATS = 3
TARGET_SECONDS = 10.0
TARGET_BYTES = 1 << 30
FIGURES = figures.Figures(measure_width=46)
record = FIGURES.record

#: The header of FIDE's combined list (``players_list_foa.txt``), 162 characters.
HEADER = ("ID Number      Name                                                         Fed Sex "
          "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
#: Where each field starts in :data:`HEADER` (``ID Number`` is one field).
STARTS = (0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152,
          158)
WIDTHS = tuple(b - a for a, b in zip(STARTS, (*STARTS[1:], len(HEADER)), strict=True))

_SURNAMES = (
    "Kumar", "Sharma", "Singh", "Patel", "Nguyen", "Tran", "Le", "Pham", "Garcia",
    "Martinez", "Rodriguez", "Lopez", "Muller", "Schmidt", "Schneider", "Fischer", "Weber",
    "Ivanov", "Petrov", "Smirnov", "Kuznetsov", "Popov", "Rossi", "Russo", "Ferrari",
    "Bianchi", "Martin", "Bernard", "Dubois", "Thomas", "Kowalski", "Nowak", "Wisniewski",
    "Horvath", "Nagy", "Kovacs", "Johansson", "Andersson", "Hansen", "Jensen", "Smith",
    "Jones", "Brown", "Wilson", "Yilmaz", "Kaya", "Demir", "Ahmadi", "Hosseini", "Wang",
    "Li", "Zhang", "Liu", "Chen", "Silva", "Santos", "Oliveira", "Kim", "Park", "Cohen",
    "Al-Mansouri", "Van der Berg", "De la Cruz Fernandez", "Papadopoulos", "Mikhailovsky",
    "Gonzalez", "Hernandez", "Das", "Reddy", "Iyer", "Ramachandran", "Krishnamurthy",
)
#: FIDE writes most names in plain ASCII; a few keep their letters.
_ACCENTED_SURNAMES = ("Müller", "Jäger", "Pérez", "Sánchez", "Lindström", "Dvořák",
                      "Łukasiewicz", "Nguyễn")
_GIVEN = (
    "Aarav", "Vivaan", "Aditya", "Arjun", "Anh", "Minh", "Van Anh", "Quang Liem", "Thi Mai",
    "Carlos", "Jose", "Maria", "Ana", "Lukas", "Jonas", "Anna", "Sophie", "Ivan", "Dmitry",
    "Olga", "Elena", "Marco", "Luca", "Giulia", "Pierre", "Louis", "Camille", "Piotr",
    "Jakub", "Zsofia", "Bence", "Erik", "Lars", "Ingrid", "John", "James", "Emma", "Mehmet",
    "Ali", "Reza", "Wei", "Jing", "Hao", "Joao", "Pedro", "Min-jun", "Seo-yeon", "David",
    "Mohammed bin Khalid", "Alexander Sebastian",
)
#: Federations and their weight: India, Germany, Russia, Spain, France … as the list
#: counts them, then a long tail.
_FEDERATIONS = (
    ("IND", 30), ("GER", 9), ("RUS", 8), ("ESP", 6), ("FRA", 6), ("ITA", 4), ("POL", 4),
    ("TUR", 5), ("IRI", 3), ("USA", 3), ("BRA", 2), ("ARG", 2), ("VIE", 2), ("ENG", 2),
    ("NED", 1), ("HUN", 1), ("CZE", 2), ("GRE", 1), ("SRB", 1), ("UKR", 2), ("KAZ", 1),
    ("COL", 1), ("MEX", 1), ("PHI", 1), ("CHN", 1), ("SWE", 1), ("NOR", 1), ("FID", 1),
)
_OTHER_TITLES = ("FA", "IA", "NA", "FI", "FT", "DI", "FST", "IA,FA", "FA,FI", "NA,FT")
#: Long enough to overflow OTit's 15 characters: FIDE then lengthens the line.
_LONG_OTHER_TITLES = ("IA,FA,FI,FST,DI,NA", "SI,FI,LSI,SLI,NA")
_FOA_TITLES = ("AFM", "ACM", "AIM", "AGM")
#: The list's date: whose juniors have K 40.
LIST_YEAR = 2026


class ListedPlayer(NamedTuple):
    """One generated line of FIDE's list, as its fields' texts ("" when blank)."""

    fide_id: str
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    other_titles: str
    foa_title: str
    standard: tuple[str, str, str]  # SRtng, SGm, SK
    rapid: tuple[str, str, str]
    blitz: tuple[str, str, str]
    birth: str
    flag: str


def listed_players(n: int, seed: int = 0) -> list[ListedPlayer]:
    """``n`` players of a FIDE-like list (deterministic per seed), sorted by FIDE id:
    India's share and a long tail of federations, 14% women, a third rated at standard
    and fewer at rapid and blitz, titles that follow the rating, 1.5% other titles (a few
    too long for their slot), most players inactive, 2% births unknown (``0000``), 1% of
    the names with letters beyond ASCII."""
    rng = np.random.default_rng(seed)
    ids = np.sort(rng.choice(700_000_000 - 100_000, n, replace=False)) + 100_000
    codes = [code for code, _ in _FEDERATIONS]
    weights = np.array([w for _, w in _FEDERATIONS], dtype=float)
    federations = rng.choice(len(codes), n, p=weights / weights.sum())
    women = rng.random(n) < 0.14
    surnames = rng.integers(0, len(_SURNAMES), n)
    accented = np.where(rng.random(n) < 0.01, rng.integers(0, len(_ACCENTED_SURNAMES), n), -1)
    given = rng.integers(0, len(_GIVEN), n)
    births = np.clip(rng.normal(1996, 17, n).astype(int), 1925, LIST_YEAR - 6)
    unknown_birth = rng.random(n) < 0.02
    inactive = rng.random(n) < 0.55
    speeds = []
    for share, mean in ((0.35, 1650), (0.30, 1600), (0.28, 1580)):
        rated = rng.random(n) < share
        ratings = np.clip(rng.normal(mean, 260, n), 1400, 2850).astype(int)
        games = np.where(rng.random(n) < 0.2, rng.poisson(5, n) + 1, 0)
        speeds.append((rated, ratings, games))
    other = rng.random(n)
    other_pick = rng.integers(0, len(_OTHER_TITLES), n)
    foa = rng.random(n) < 0.003
    foa_pick = rng.integers(0, len(_FOA_TITLES), n)
    chance = rng.random(n)
    players = []
    for i in range(n):
        woman = bool(women[i])
        best = max((int(r[i]) for rated, r, _ in speeds if rated[i]), default=0)
        title, women_title = _titles(best, float(chance[i]), woman)
        surname = _ACCENTED_SURNAMES[accented[i]] if accented[i] >= 0 else _SURNAMES[surnames[i]]
        year = int(births[i])
        junior = year >= LIST_YEAR - 18
        cells = []
        for rated, ratings, games in speeds:
            if not rated[i]:
                cells.append(("", "", ""))
                continue
            rating = int(ratings[i])
            k = 40 if junior and rating < 2300 else 10 if rating >= 2400 else 20
            cells.append((str(rating), str(int(games[i])), str(k)))
        players.append(ListedPlayer(
            fide_id=str(int(ids[i])),
            name=f"{surname}, {_GIVEN[given[i]]}",
            federation=codes[federations[i]],
            sex="F" if woman else "M",
            title=title,
            women_title=women_title,
            other_titles=(_LONG_OTHER_TITLES[i % 2] if other[i] < 0.0005
                          else _OTHER_TITLES[other_pick[i]] if other[i] < 0.015 else ""),
            foa_title=_FOA_TITLES[foa_pick[i]] if foa[i] else "",
            standard=cells[0], rapid=cells[1], blitz=cells[2],
            birth="0000" if unknown_birth[i] else str(year),
            flag=("w" if woman else "") + ("i" if inactive[i] else ""),
        ))
    return players


#: The open titles' and the women's titles' rating floors, and the share of players
#: above a floor who hold the title.
_OPEN_TITLES = ((2500, "GM", 0.8), (2400, "IM", 0.6), (2300, "FM", 0.5), (2200, "CM", 0.3))
_WOMEN_TITLES = ((2300, "WGM", 0.6), (2200, "WIM", 0.5), (2100, "WFM", 0.4),
                 (2000, "WCM", 0.3))


def _titles(rating: int, chance: float, woman: bool) -> tuple[str, str]:
    """A player's open title and women's title (each "" when none)."""
    open_title = next((t for floor, t, share in _OPEN_TITLES if rating >= floor
                       and chance < share), "")
    if not woman:
        return open_title, ""
    women_title = next((t for floor, t, share in _WOMEN_TITLES if rating >= floor
                        and chance < share), "")
    return (open_title if chance < 0.2 else ""), women_title


def fide_line(player: ListedPlayer) -> str:
    """The player's line as FIDE writes it: each value from its header's column, padded
    with blanks to the next; a value longer than its slot written in full, the rest of
    the line moved right."""
    texts = (player.fide_id, player.name, player.federation, player.sex, player.title,
             player.women_title, player.other_titles, player.foa_title, *player.standard,
             *player.rapid, *player.blitz, player.birth, player.flag)
    return "".join(text.ljust(width) for text, width in zip(texts, WIDTHS, strict=True))


def write_fide_list(path: Path, players: Sequence[ListedPlayer]) -> None:
    """The players as FIDE's combined TXT list, in UTF-8 with CRLF line ends."""
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(HEADER + "\r\n")
        out.writelines(fide_line(p) + "\r\n" for p in players)


#: The columns of the CSV list.
CSV_COLUMNS = ("fide_id", "name", "federation", "rating", "games", "birth", "k")


def write_csv_list(path: Path, players: Sequence[ListedPlayer]) -> None:
    """The players' standard ratings as a CSV list (:data:`CSV_COLUMNS`; the games are
    the list's last period's)."""
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        writer.writerows((p.fide_id, p.name, p.federation, p.standard[0], p.standard[1],
                          p.birth, p.standard[2]) for p in players)


def write_event(path: Path, players: Sequence[ListedPlayer], size: int) -> dict[str, int]:
    """A Swiss of ``size`` players drawn from the list's rated ones, as TRF, each with a
    rating one point above the list's; returns the list's rating of each (by FIDE id)."""
    from benchmarks.generate import SyntheticPlayer, generate_swiss, to_trf

    rated = [p for p in players[::max(1, len(players) // (4 * size))] if p.standard[0]]
    entrants = [SyntheticPlayer(
        start_rank=0, name=p.name, sex="w" if p.sex == "F" else "m", title="",
        rating=int(p.standard[0]) + 1, federation=p.federation, fide_id=int(p.fide_id),
        birth=date(int(p.birth) if p.birth != "0000" else 1990, 1, 1)) for p in rated]
    swiss = generate_swiss(size, 9, seed=5, entrants=entrants, name="Open drawn from the list")
    path.write_text(to_trf(swiss), encoding="utf-8")
    return {str(p.fide_id): (p.rating or 0) - 1 for p in swiss.players}


# ------------------------------------------------------------------------ the readings


def plain_fide_reading(path: str) -> int:
    """The baseline: every line cut at the header's columns, every field stripped, the
    numbers made ints (no overflow repair, no checks), one tuple kept per line; the count
    of lines kept."""
    slots = [slice(a, b) for a, b in zip(STARTS, (*STARTS[1:], None), strict=True)]
    kept = []
    with open(path, encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            fields = [line[slot].strip() for slot in slots]
            kept.append(tuple(int(text) if text.isdigit() else text for text in fields))
    return len(kept)


def plain_csv_reading(path: str) -> int:
    """The baseline: ``csv.reader`` over the file, the numbers made ints, one tuple kept
    per row; the count of rows kept."""
    kept = []
    with open(path, encoding="utf-8", newline="") as rows:
        reader = csv.reader(rows)
        next(reader)
        for fide_id, name, federation, rating, games, birth, k in reader:
            kept.append((fide_id, name, federation, int(rating) if rating else None,
                         int(games) if games else None, int(birth), int(k) if k else None))
    return len(kept)


def project_reading(path: str) -> int:
    """What ``--ratings`` reads: the list, recognised by its content."""
    from tournament_elo.read.detect import read_ratings

    return len(read_ratings(path))


#: Runs one call of this module's functions, printing its wall and CPU seconds and its
#: result.
_CALL = """
import json, sys, time
sys.path.insert(0, {root!r})
from benchmarks.bench_rating_list import {function} as call
start, cpu = time.perf_counter(), time.process_time()
result = call({path!r})
print(json.dumps([time.perf_counter() - start, time.process_time() - cpu, result]))
"""
#: Runs a command (its arguments after the first) and prints what it printed (when the
#: first argument is ``keep``), its CPU seconds and its peak resident memory in KiB.  The
#: command is this small process's child: a process forked from the benchmark, which
#: holds the generated list, would inherit the benchmark's peak.
_WRAPPER = ("import json, resource, subprocess, sys; "
            "done = subprocess.run(sys.argv[2:], text=True, check=True, stdout=subprocess.PIPE "
            "if sys.argv[1] == 'keep' else subprocess.DEVNULL); "
            "usage = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "print(json.dumps([done.stdout, usage.ru_utime + usage.ru_stime, usage.ru_maxrss]))")


class Measured(NamedTuple):
    seconds: float
    cpu: float
    result: object
    peak: int  # bytes


def _wrapped(keep: bool, command: Sequence[str]) -> tuple[float, str, float, int]:
    """Wall seconds, what the command printed, its CPU seconds and peak bytes."""
    import time

    # One BLAS thread, as the command line sets it: numpy's spinning threads would add CPU.
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAPPER, "keep" if keep else "drop",
                           *command], capture_output=True, text=True, check=True, cwd=ROOT,
                          env=env)
    seconds = time.perf_counter() - start
    printed, cpu, peak = json.loads(done.stdout.splitlines()[-1])
    return seconds, printed or "", cpu, peak * 1024


def measured_call(function: str, path: Path) -> Measured:
    """One call of this module's ``function`` on ``path``, in a process of its own."""
    code = _CALL.format(root=str(ROOT), function=function, path=str(path))
    _, printed, _, peak = _wrapped(True, [sys.executable, "-c", code])
    seconds, cpu, result = json.loads(printed.splitlines()[-1])
    return Measured(seconds, cpu, result, peak)


def measured_command(args: Sequence[str]) -> Measured:
    """One run of the command line, in a process of its own."""
    seconds, _, cpu, peak = _wrapped(False, [sys.executable, "-m", "tournament_elo", *args])
    return Measured(seconds, cpu, None, peak)


def best(runs: list[Measured]) -> Measured:
    """The run of least wall time (its CPU time and memory with it)."""
    return min(runs, key=lambda run: run.seconds)


def _verdict(run: Measured) -> str:
    fast = "meets" if run.seconds < TARGET_SECONDS else "MISSES"
    small = "meets" if run.peak < TARGET_BYTES else "MISSES"
    return f"< {TARGET_SECONDS:.0f} s: {fast}; < 1 GiB: {small}"


def case_list(case: str, path: Path, baseline: str, baseline_label: str, event: Path,
              players: int) -> None:
    """The list's reading beside its baseline, then the command line with the list."""
    runs: dict[str, list[Measured]] = {baseline: [], "project_reading": []}
    for _ in range(REPEATS):
        for function in runs:
            runs[function].append(measured_call(function, path))
    plain, ours = best(runs[baseline]), best(runs["project_reading"])
    record(case, f"{baseline_label} (baseline)", f"{plain.seconds:.2f} s",
           f"CPU {plain.cpu:.2f} s; peak {mib(plain.peak)}; {plain.result:,} rows; best of "
           f"{REPEATS}")
    record(case, "read_ratings (the list, as --ratings reads it)", f"{ours.seconds:.2f} s",
           f"CPU {ours.cpu:.2f} s; peak {mib(ours.peak)}; {ours.result:,} entries; "
           f"{plain.seconds / ours.seconds:.2f}x the baseline's speed")
    alone = best([measured_command(["rate", str(event), "--format", "json"])
                  for _ in range(REPEATS)])
    listed = best([measured_command(["rate", str(event), "--ratings", str(path), "--format",
                                     "json"]) for _ in range(REPEATS)])
    record(case, f"rate {players}x9 --format json, no list", f"{alone.seconds:.2f} s",
           f"CPU {alone.cpu:.2f} s; peak {mib(alone.peak)}")
    record(case, f"rate {players}x9 --ratings LIST --format json", f"{listed.seconds:.2f} s",
           f"CPU {listed.cpu:.2f} s; peak {mib(listed.peak)}; {_verdict(listed)}")


def _found_in_list(event: Path, path: Path, listed: dict[str, int]) -> str:
    """How many of the event's players take the list's rating (a sanity check)."""
    done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate", str(event),
                           "--ratings", str(path), "--format", "json"], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    rated = json.loads(done.stdout)["players"]
    return f"{sum(p['rating'] == listed[p['fide_id']] for p in rated)} of {len(rated)}"


def _profile(event: Path, path: Path) -> None:
    import contextlib
    import io

    from tournament_elo.cli.commands import main as cli

    def run() -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            cli(["rate", str(event), "--ratings", str(path), "--format", "json"])

    profile_call(f"rate --ratings {path.name}", run, top=15)


class Case(NamedTuple):
    name: str  # with {rows}
    file: str
    write: Callable[[Path, Sequence[ListedPlayer]], None]
    baseline: str  # the function of this module
    baseline_label: str


CASES = {
    "1": Case("FIDE TXT list, {rows:,} lines", "players_list_foa.txt", write_fide_list,
              "plain_fide_reading", "plain line-slicing loop"),
    "2": Case("CSV list, {rows:,} rows", "ratings.csv", write_csv_list, "plain_csv_reading",
              "plain csv-module loop"),
}


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "also cProfile rate --ratings in-process", argv)
    rows = QUICK_ROWS if args.quick else FULL_ROWS
    with tempfile.TemporaryDirectory() as folder:
        players = untimed(f"{rows:,} players generated", lambda: listed_players(rows, seed=1))
        event = Path(folder) / "open.trf"
        listed = untimed("the event drawn from them", lambda: write_event(event, players, 500))
        longer = sum(len(fide_line(p)) > len(HEADER) for p in players)
        for key, chosen in CASES.items():
            if args.only and key not in args.only:
                continue
            case = chosen.name.format(rows=rows)
            print(f"\n{case}", flush=True)
            path = Path(folder) / chosen.file
            untimed("written", lambda: chosen.write(path, players))  # noqa: B023
            record(case, "file size", mib(path.stat().st_size), "" if key == "2" else
                   f"{longer:,} lines longer than the header (an overflowing OTit)")
            record(case, "the event's players rated as the list says",
                   _found_in_list(event, path, listed))
            case_list(case, path, chosen.baseline, chosen.baseline_label, event, len(listed))
            if args.profile:
                _profile(event, path)
    FIGURES.print_table()


if __name__ == "__main__":
    main()
