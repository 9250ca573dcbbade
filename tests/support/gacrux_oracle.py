"""Our C.07 tie-breaks against FIDE's reference (``gacrux``) on generated events, to the
digit the reference prints.

Each seed makes one event (:func:`event_of`): a Swiss (three seeds in four) or a round
robin, with every kind of unplayed round (``benchmarks.generate.EVERYTHING``: H, F, U
and Z byes, at most one pairing-allocated bye each, forfeits, double forfeits, games
not rated, unrated players, withdrawals, late entries), dated before or after
1 March 2026 so that the reference applies its 2024 or its 2026 rules (it has no
other edition), with unrated players at 1000 or 1400 (``-u``).  Every code of
:data:`CODES` is computed on both sides and our value, printed with
:func:`tournament_elo.rating.c07.tiebreaks.decimals`, must be the reference's text.

Run as a script for the agreement per code over many events::

    python tests/support/gacrux_oracle.py --events 20000
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for folder in (ROOT, ROOT / "tests" / "support"):  # run as a script: benchmarks, helpers
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import numpy as np  # noqa: E402
from gacrux_reference import reference_printed  # noqa: E402

from benchmarks import generate  # noqa: E402
from tournament_elo.model import Event  # noqa: E402
from tournament_elo.rating.c07.tiebreaks import decimals  # noqa: E402
from tournament_elo.rating.standings import places, standings  # noqa: E402
from tournament_elo.read.trf import parse_trf  # noqa: E402

#: The C.07 codes and modifiers both implement, in runs of the reference: each run
#: starts with PTS (the reference ranks by its list alone).  FB runs alone: the
#: reference's FB changes what later codes of its run see (a player paired in the last
#: round counts as present to the end).  DE runs where the order of a group of equal
#: points is all that both sides mean by it (see :func:`de_disorders`).
RUNS: tuple[tuple[str, ...], ...] = (
    ("BH/C1", "BH", "SB", "BH/C2", "BH/M1", "BH/M2", "SB/C1", "SB/M1", "AOB", "AOB/C1",
     "ABH"),
    ("DE", "KS", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM", "STD"),
    ("ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "TPR", "PTP", "APRO", "APPO", "RTNG"),
    ("WIN", "RTNG/R", "TPN"),
    ("FB", "FB/C1", "FB/M1"),
)
CODES = tuple(dict.fromkeys(code for run in RUNS for code in run))  # each code once
#: The reference's editions and the day each came in (it picks one by the start date).
EDITIONS = (("2024", date(2025, 6, 1)), ("2026", date(2026, 6, 1)))
UNRATED = (1000, 1400)


@dataclass(frozen=True)
class Case:
    seed: int
    text: str  # the TRF file
    rules: str
    unrated: int
    swiss: bool

    @property
    def kind(self) -> str:
        return "swiss" if self.swiss else "round robin"


@dataclass(frozen=True)
class Mismatch:
    case: Case
    start: int  # start number
    code: str  # a code, "rank" or "DE order"
    ours: str
    theirs: str

    def __str__(self) -> str:
        return (f"seed {self.case.seed} ({self.case.kind}, C.07-{self.case.rules}, "
                f"-u {self.case.unrated}) no. {self.start} {self.code}: ours {self.ours}, "
                f"reference {self.theirs}")


def event_of(seed: int) -> Case:
    """The generated event of ``seed``: small (the reference is slow), every kind of round."""
    rules, start = EDITIONS[seed % 2]
    unrated = UNRATED[(seed // 2) % 2]
    if seed % 4 == 3:
        players = 4 + seed % 7  # 4 to 10 players, one or two cycles
        event = generate.generate_round_robin(players, seed=seed, start=start,
                                              rates=generate.EVERYTHING,
                                              cycles=1 + (seed // 4) % 2 * (players < 7))
    else:
        rounds = 3 + seed % 6  # 3 to 8 rounds
        players = 2 * rounds + (seed * 7) % 11
        while True:  # a field the generator cannot pair (rare) gets two more players
            try:
                event = generate.generate_swiss(players, rounds, seed=seed, start=start,
                                                rates=generate.EVERYTHING)
                break
            except RuntimeError:
                players += 2
    return Case(seed, generate.to_trf(event), rules, unrated, seed % 4 != 3)


def printed(value: float, code: str, rounds: int) -> str:
    """Our value as the reference prints it: ``-0`` where it is not defined."""
    if np.isnan(value):
        return "-0"
    return f"{value:.{decimals(code, rounds)}f}"


def same(mine: str, theirs: str) -> bool:
    """Whether our printed value is the reference's; it prints a sum of no values (every
    one cut) as the integer ``0``."""
    return mine == theirs or (theirs == "0" and float(mine) == 0)


def compare(case: Case, runs: Sequence[tuple[str, ...]] = RUNS
            ) -> tuple[Counter[str], list[Mismatch]]:
    """Values compared per code, and every one that differs (``runs``: of the codes)."""
    event = parse_trf(case.text)
    compared: Counter[str] = Counter()
    found: list[Mismatch] = []
    numbers = [int(p.id) for p in event.players]
    for run in runs:
        theirs = reference_printed(case.text, ("PTS", *run), swiss=case.swiss,
                                   unrated_rating=case.unrated)
        if theirs is None:
            found.append(Mismatch(case, 0, "file", "read", "refused"))
            continue
        ours = standings(event, run, case.rules, case.unrated)
        rank = places(ours.points, ours.values)
        for i, start in enumerate(numbers):
            row = theirs[start]
            for code, cell in zip(("PTS", *run), row.cells, strict=True):
                if code == "DE":
                    continue
                value = ours.points[i] / 100 if code == "PTS" else ours.values[code][i]
                mine = printed(float(value), code, event.rounds_played)
                compared[code] += 1
                if not same(mine, cell):
                    found.append(Mismatch(case, start, code, mine, cell))
            if "DE" not in run:
                compared["rank"] += 1
            if "DE" not in run and rank[i] != row.rank:
                found.append(Mismatch(case, start, "rank", str(rank[i]), str(row.rank)))
        if "DE" in run:
            compared["DE"] += len(numbers)
            found += de_disorders(case, event, ours.values["DE"], ours.points,
                                  [theirs[s].cells[run.index("DE") + 1] for s in numbers])
    return compared, found


def de_disorders(case: Case, event: Event, ours: np.ndarray, points: np.ndarray,
                 theirs: Sequence[str]) -> list[Mismatch]:
    """Pairs of players of equal points that DE orders differently on the two sides: the
    reference prints a rank inside the group (0: not separated), ours a place."""
    found = []
    ref = [0.0 if cell == "-0" else float(cell) for cell in theirs]
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            if points[i] == points[j] and np.sign(ours[i] - ours[j]) != np.sign(ref[i] - ref[j]):
                found.append(Mismatch(case, int(event.players[i].id), "DE order",
                                      f"{ours[i]:g} against no. {j + 1}'s {ours[j]:g}",
                                      f"{ref[i]:g} against {ref[j]:g}"))
    return found


def agreement(seeds: range) -> tuple[Counter[str], Counter[str], list[Mismatch]]:
    """Per code, values compared and values that differ, over the events of ``seeds``."""
    compared: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    found: list[Mismatch] = []
    for seed in seeds:
        counts, mismatches = compare(event_of(seed))
        compared.update(counts)
        differ.update(m.code for m in mismatches)
        found += mismatches
    return compared, differ, found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--show", type=int, default=10, help="mismatches to print")
    args = parser.parse_args(argv)
    seeds = range(args.first, args.first + args.events)
    began = time.perf_counter()
    compared, differ, found = agreement(seeds)
    took = time.perf_counter() - began
    print(f"{len(seeds):,} events (seeds {seeds.start}-{seeds.stop - 1}; 3 Swiss in 4, "
          f"C.07-2024 and -2026 alternately) in {took:.1f} s")
    print(f"{'code':<8} {'values':>9} {'equal':>9} {'differ':>7}")
    for code in ("PTS", *CODES, "rank", "DE order", "file"):
        if compared[code] or differ[code]:
            equal = compared[code] - differ[code] if code in compared else 0
            print(f"{code:<8} {compared[code]:>9,} {equal:>9,} {differ[code]:>7,}")
    for mismatch in found[: args.show]:
        print(mismatch)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
