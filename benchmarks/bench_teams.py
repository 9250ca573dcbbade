"""Team standings of a generated team Swiss, beside FIDE's reference program on the
same file.

Run from the repository root::

    python benchmarks/bench_teams.py            # 180 teams of 4 boards, 11 rounds
    python benchmarks/bench_teams.py --quick    # 40 teams, 7 rounds: a smoke run
    python benchmarks/bench_teams.py --profile  # also cProfile one team_report() call

One case (figures only, no assertion): an Olympiad-sized event from
``tests/team_events.generate`` (random pairings, a pairing bye when the field is odd,
forfeited matches and boards, reserves), written as TRF16 with ``013`` records and read
back (untimed).  Timed, best of 3: building the matches (``team_event``), the standings
with MP, GP and six team tie-breaks (``team_report``), and the baseline — gacrux's
``tiebreakchecker`` on the same file with the same codes, in this process.
Target: the team report under 0.5 s.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tests" / "support"):  # run as a script: the helpers
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from gacrux_reference import reference_table  # noqa: E402
from team_events import generate  # noqa: E402

from benchmarks import figures  # noqa: E402
from benchmarks.figures import best_of, ms, profile_call, untimed  # noqa: E402
from tournament_elo.rating.teams.matches import team_event  # noqa: E402
from tournament_elo.rating.teams.report import TeamOptions, team_report  # noqa: E402
from tournament_elo.read.trf import parse_trf  # noqa: E402

CODES = ("MPvGP", "BH:MP", "BH:MP/C1", "SB:MP", "EGGSB", "EMGSB")
REFERENCE_CODES = ("MPTS", "GPTS", "MPVGP", "BH:MP", "BH:MP/C1", "SB:MP", "EGGSB", "EMGSB")
TARGET_S = 0.5
REPEATS = 3

FIGURES = figures.Figures(measure_width=44)
record = FIGURES.record


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "also cProfile one team_report() call", argv)
    teams, rounds = (40, 7) if args.quick else (180, 11)
    case = f"team Swiss {teams}x4x{rounds}"
    print(f"\n{case}: team standings with {', '.join(CODES)}", flush=True)
    text = untimed("generated", lambda: generate(2026, teams, 4, rounds, round_robin=False))
    event = untimed("read back", lambda: parse_trf(text))
    record(case, "pairing rows", f"{len(event.pairings):,}", f"{len(event.players)} players")
    t, te = best_of(REPEATS, lambda: team_event(event))
    record(case, "matches built (team_event)", ms(t), f"{len(te.matches):,} matches")
    t, _ = best_of(REPEATS, lambda: team_report(event, TeamOptions(CODES)))
    verdict = "meets" if t < TARGET_S else "MISSES"
    record(case, "team_report (standings, boards, prizes)", ms(t),
           f"best of {REPEATS}; target < {TARGET_S * 1000:.0f} ms: {verdict}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.trf"
        path.write_text(text, encoding="utf-8")
        t_ref, _ = best_of(REPEATS, lambda: reference_table(path, REFERENCE_CODES, swiss=True))
    record(case, "baseline: gacrux tiebreakchecker", ms(t_ref), "same file, same codes")
    if args.profile:
        profile_call("team_report", lambda: team_report(event, TeamOptions(CODES)), top=15)
    FIGURES.print_table()


if __name__ == "__main__":
    main()
