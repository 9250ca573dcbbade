"""Standings with six tie-breaks on a big generated Swiss.

Run from the repository root::

    python benchmarks/bench_standings.py            # 2,000 x 11, then 10,000 x 50
    python benchmarks/bench_standings.py --quick    # 300 x 9 and 1,000 x 20, a smoke run
    python benchmarks/bench_standings.py --profile  # also cProfile one standings() call

Two cases (figures only, no assertion):

1. A Swiss from ``generate.generate_swiss`` (forfeits, half-point byes, withdrawals, a
   pairing-allocated bye if the field is odd), written as TRF and read back with
   ``read_trf`` (untimed), then ``standings(event, ("BH/C1", "BH", "SB", "PS", "WIN",
   "DE"), "2026")`` timed, best of 3, and each tie-break alone through
   ``compute_tiebreaks``.  Target: under 0.5 s.
2. The cuts side by side: a 10,000-player 50-round event from
   ``generate.columnar_event``; ``standings`` with ``BH/C1, BH, SB`` against
   ``standings`` with ``BH`` alone, in the same run.  Target (issue 16): under 2x.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import best_of, ms, profile_call, untimed  # noqa: E402
from benchmarks.generate import columnar_event, generate_swiss, to_trf  # noqa: E402
from tournament_elo.rating.c07.tiebreaks import compute_tiebreaks  # noqa: E402
from tournament_elo.rating.standings import standings  # noqa: E402
from tournament_elo.read.trf import parse_trf  # noqa: E402

CODES = ("BH/C1", "BH", "SB", "PS", "WIN", "DE")
CUT_CODES = ("BH/C1", "BH", "SB")
CUT_TARGET = 2.0
RULES = "2026"
TARGET_S = 0.5
REPEATS = 3

FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "also cProfile one standings() call", argv)
    n, r = (300, 9) if args.quick else (2000, 11)
    case = f"Swiss {n}x{r}"
    print(f"\n{case}: standings with {', '.join(CODES)} under C.07-{RULES}", flush=True)
    swiss = untimed("generated", lambda: generate_swiss(n, r, seed=2026))
    event = untimed("written as TRF and read back", lambda: parse_trf(to_trf(swiss)))
    record(case, "pairing rows", f"{len(event.pairings):,}", f"{n} players, {r} rounds")
    t, table = best_of(REPEATS, lambda: standings(event, CODES, RULES))
    verdict = "meets" if t < TARGET_S else "MISSES"
    record(case, f"standings, {len(CODES)} tie-breaks", ms(t),
           f"best of {REPEATS}; target < {TARGET_S * 1000:.0f} ms: {verdict}")
    shared = len(table.rank) - len(set(table.rank.tolist()))
    record(case, "players sharing a place", f"{shared:,}", "after all six tie-breaks")
    for code in CODES:
        # DE alone sorts by points only: it sees bigger tied groups than inside standings.
        t_code, _ = best_of(REPEATS, lambda c=code: compute_tiebreaks(event, [c], RULES))
        record(case, f"compute_tiebreaks {code} alone", ms(t_code))
    if args.profile:
        profile_call("standings", lambda: standings(event, CODES, RULES), top=15)
    cuts(*((1000, 20) if args.quick else (10_000, 50)))
    FIGURES.print_table()


def cuts(n: int, r: int) -> None:
    """Case 2: the standings with a cut beside the standings with BH alone."""
    case = f"columnar {n:,}x{r}"
    print(f"\n{case}: standings with {', '.join(CUT_CODES)} against BH alone", flush=True)
    event = untimed("built", lambda: columnar_event(n, r, seed=16).event)
    t_bh, _ = best_of(REPEATS, lambda: standings(event, ("BH",), RULES))
    t_cut, _ = best_of(REPEATS, lambda: standings(event, CUT_CODES, RULES))
    record(case, "standings, BH alone (baseline)", ms(t_bh), f"best of {REPEATS}")
    ratio = t_cut / t_bh
    verdict = "meets" if ratio < CUT_TARGET else "MISSES"
    record(case, f"standings, {', '.join(CUT_CODES)}", ms(t_cut),
           f"{ratio:.2f}x BH alone; target < {CUT_TARGET:g}x: {verdict}")


if __name__ == "__main__":
    main()
