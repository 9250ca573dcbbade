"""Throughput of reading and rating events under the FIDE rules.

Run from the repository root::

    python benchmarks/bench_fide.py            # the full sizes (a few minutes)
    python benchmarks/bench_fide.py --quick    # small sizes, a smoke run
    python benchmarks/bench_fide.py --profile  # also cProfile the batch read and rate

Cases (figures only, no assertions):

1. one generated 500-player 11-round Swiss: ``read_trf``, ``rate`` under fide-2024,
   and the command line ``tournament-elo rate FILE [--out DIR]`` as a subprocess,
   split into Python's bare start-up, the import of ``tournament_elo.cli.commands`` and the
   rest (the work);
2. a batch of 2,000 generated 60-player 9-round TRF files: read all, rate all (and
   the columnar core ``rate_event`` alone over the same events, to show the per-event
   overhead of ``rate``);
3. the columnar core alone: ``rate_event`` on a 100,000-player 50-round event built
   directly as arrays (target: at least 5 million rated games/s), with its peak
   memory; the rows' computation (``compute``) on its compiled path (numba, the default
   from 200,000 rows) and its numpy path, beside two baselines on the same games: a
   plain Python loop and a straightforward numpy version (one row per game, int32: the
   capped difference, table 8.1(b), K × Σ(W − We), rounded), the latter and the
   compiled path taking turns; then ``rate_event`` and ``compute`` compiled beside a
   plain numba loop over one row per game (the figures the core gives, per game and per
   player; checked equal to the core's) and beside one read of the columns each reads
   (the memory floor), all taking turns, with the ``tracemalloc`` peak of each beside
   the bytes of the columns it reads; and ``rate`` on a 10,000-player 50-round one.

A "game" is a game played over the board (results 1 = 0), counted once, not once
per player.  Times are ``time.perf_counter`` wall times, best of a few repeats where
a repeat is cheap.
"""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import TypeVar

import numba
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import best_of, best_of_each, mib, ms, rate_of, untimed  # noqa: E402
from benchmarks.generate import (  # noqa: E402
    ColumnarEvent,
    columnar_event,
    generate_swiss,
    to_trf,
    write_batch,
)
from tournament_elo.model import PLAYED, POINTS, Event  # noqa: E402
from tournament_elo.rating.engine import rate  # noqa: E402
from tournament_elo.read.trf import read_trf  # noqa: E402
from tournament_elo.systems.fide import event as fide_event  # noqa: E402
from tournament_elo.systems.fide.edition import FideEdition  # noqa: E402
from tournament_elo.systems.fide.event import Rows, compute, rate_event  # noqa: E402
from tournament_elo.systems.fide.tables import PD_HIGH  # noqa: E402
from tournament_elo.systems.registry import get_edition  # noqa: E402

T = TypeVar("T")
SYSTEM = "fide-2024"
#: Turns taken by the straightforward numpy baseline and the compiled path (each about
#: 0.1 s on the full sizes): more than the other figures, the ratio is the target.
PAIRED_REPEATS = 11
TARGET_CORE_GAMES_PER_S = 5_000_000
#: The core's time at most this many times the plain numba loop's (issue 32).
TARGET_OF_PLAIN_NUMBA = 1.5


@dataclass(frozen=True)
class Sizes:
    swiss_players: int
    swiss_rounds: int
    batch_files: int
    batch_players: int
    batch_rounds: int
    core_players: int
    core_rounds: int
    engine_players: int
    engine_rounds: int
    repeats: int  # repeats of a cheap measurement (best of)
    cli_repeats: int


FULL = Sizes(500, 11, 2000, 60, 9, 100_000, 50, 10_000, 50, 5, 5)
QUICK = Sizes(100, 7, 100, 60, 9, 20_000, 20, 2_000, 20, 2, 2)


FIGURES = figures.Figures(measure_width=44)
record = FIGURES.record


def games_of(event: Event) -> int:
    """Games played over the board, each once (two rows per game)."""
    return int(PLAYED[event.pairings.result].sum()) // 2


# --------------------------------------------------------------------------------------
# Case 1: one big Swiss, library calls and the command line.


def _cli_command() -> tuple[list[str], str]:
    """How to run ``tournament-elo``: the console script beside this interpreter if any."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        script = folder / "tournament-elo"
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)], str(script)
    return [sys.executable, "-m", "tournament_elo"], f"{sys.executable} -m tournament_elo"


def _run(argv: Sequence[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): "
                           f"{done.stderr.decode(errors='replace')[-500:]}")
    return elapsed


def _best_run(repeats: int, argv: Sequence[str]) -> float:
    return min(_run(argv) for _ in range(max(1, repeats)))


def case_single(sizes: Sizes, work: Path) -> None:
    n, r = sizes.swiss_players, sizes.swiss_rounds
    case = f"1. Swiss {n}x{r}"
    print(f"\n{case}: one generated {n}-player {r}-round Swiss", flush=True)
    swiss = generate_swiss(n, r, seed=2024)
    path = work / f"swiss_{n}x{r}.trf"
    path.write_text(to_trf(swiss), encoding="utf-8")
    t_read, event = best_of(sizes.repeats, lambda: read_trf(path))
    games = games_of(event)
    if event.warnings:
        record(case, "WARNINGS on reading", str(len(event.warnings)), str(event.warnings[0]))
    record(case, "games played over the board", f"{games:,}",
           f"{len(event.pairings):,} pairing rows, {path.stat().st_size:,} bytes")
    record(case, "read_trf", ms(t_read), rate_of(games, t_read))
    t_rate, _ = best_of(sizes.repeats, lambda: rate(event, SYSTEM))
    record(case, f"rate({SYSTEM})", ms(t_rate), rate_of(games, t_rate))

    cli, shown = _cli_command()
    reps = sizes.cli_repeats + 2  # start-up figures are noisy: a few more
    _run([sys.executable, "-c", "import tournament_elo.cli.commands"])  # warm the file cache
    t_bare = _best_run(reps, [sys.executable, "-c", "pass"])
    t_import = _best_run(reps, [sys.executable, "-c", "import tournament_elo.cli.commands"])
    record(case, "python -c pass (bare start-up)", ms(t_bare))
    record(case, "import tournament_elo.cli.commands (minus start-up)", ms(t_import - t_bare))
    for label, extra in (("rate FILE (table to /dev/null)", []),
                         ("rate FILE --format csv", ["--format", "csv"])):
        total = _best_run(sizes.cli_repeats, [*cli, "rate", str(path), "--system", SYSTEM,
                                               *extra])
        record(case, f"CLI {label}: total", ms(total), shown)
        record(case, f"CLI {label}: work", ms(total - t_import),
               "total minus start-up and import; " + rate_of(games, total - t_import))
    out = work / "report"
    try:
        total = _best_run(sizes.cli_repeats, [*cli, "rate", str(path), "--system", SYSTEM,
                                              "--out", str(out)])
    except RuntimeError as exc:  # a failing report set: say so, go on
        record(case, "CLI rate FILE --out DIR", "failed", str(exc).splitlines()[-1][-160:])
    else:
        files = len(list(out.iterdir())) if out.is_dir() else 0
        record(case, "CLI rate FILE --out DIR: total", ms(total), f"{shown}; {files} files")
        record(case, "CLI rate FILE --out DIR: work", ms(total - t_import),
               "total minus start-up and import; " + rate_of(games, total - t_import))


# --------------------------------------------------------------------------------------
# Case 2: many small events.


def _core_only(edition: FideEdition, event: Event) -> None:
    """What ``rate`` must do at the least: the arrays in, ``rate_event``."""
    rating = np.array([p.rating or 0 for p in event.players], dtype=np.int64)
    k = np.where(rating >= 2400, 10, 20).astype(np.int64)
    rate_event(edition, event, rating, k)


def _each(items: Sequence[T], fn: Callable[[T], object]) -> int:
    """Call ``fn`` on every item, keeping no result; return the count."""
    for item in items:
        fn(item)
    return len(items)


def case_batch(sizes: Sizes, work: Path, profile: bool) -> None:
    count, n, r = sizes.batch_files, sizes.batch_players, sizes.batch_rounds
    case = f"2. Batch {count}x({n}x{r})"
    print(f"\n{case}: {count:,} generated {n}-player {r}-round TRF files", flush=True)
    paths = untimed("generated and written",
                    lambda: write_batch(work / "batch", count, n, r, seed=100_000))
    reps = 2 if count <= 200 else 1
    t_read, events = best_of(reps, lambda: [read_trf(p) for p in paths])
    games = sum(games_of(e) for e in events)
    warned = sum(bool(e.warnings) for e in events)
    record(case, "games played over the board", f"{games:,}",
           f"{games / count:.1f} per event; events with warnings: {warned}")
    record(case, "read_trf, all files", ms(t_read),
           f"{rate_of(games, t_read)}; {t_read / count * 1000:.2f} ms/event")
    # Each result is dropped as soon as it is made, as a batch job that writes it out
    # would: keeping 2,000 results alive makes the cyclic GC walk them all, again and
    # again (about +40% on this batch), which is not the engine's cost.
    t_rate, _ = best_of(reps, lambda: _each(events, lambda e: rate(e, SYSTEM)))
    record(case, f"rate({SYSTEM}), all events", ms(t_rate),
           f"{rate_of(games, t_rate)}; {t_rate / count * 1000:.2f} ms/event")
    edition = get_edition(SYSTEM, date(2024, 8, 1))
    t_core, _ = best_of(reps, lambda: _each(events, lambda e: _core_only(edition, e)))
    record(case, "rate_event only (core), all events", ms(t_core),
           f"{rate_of(games, t_core)}; {t_core / count * 1000:.2f} ms/event")
    record(case, "share of rate() outside the core", f"{1 - t_core / t_rate:.0%}",
           "per-event overhead: K, performance, rank, two DataFrames")
    t_both, _ = best_of(reps, lambda: _each(paths, lambda p: rate(read_trf(p), SYSTEM)))
    record(case, "read + rate, one file at a time", ms(t_both),
           f"{rate_of(games, t_both)}; {t_both / count * 1000:.2f} ms/event")
    if profile:
        subset = min(count, 300)
        figures.profile_call(f"rate() over {subset} batch events",
                             lambda: _each(events[:subset], lambda e: rate(e, SYSTEM)), top=25)
        figures.profile_call(f"read_trf() over {subset} batch files",
                             lambda: [read_trf(p) for p in paths[:subset]], top=25)


# --------------------------------------------------------------------------------------
# Case 3: the columnar core on a huge event.


def case_core(sizes: Sizes) -> None:
    n, r = sizes.core_players, sizes.core_rounds
    case = f"3. Core {n:,}x{r}"
    print(f"\n{case}: rate_event on a columnar {n:,}-player {r}-round event", flush=True)
    built = untimed("built", lambda: columnar_event(n, r, seed=7))
    event, rating, k, mirror = built.event, built.rating, built.k, built.mirror
    games = built.games_played
    record(case, "games played over the board", f"{games:,}",
           f"{len(event.pairings):,} pairing rows, {int((rating == 0).sum()):,} unrated")
    for system in (SYSTEM, "fide-2022"):
        edition = get_edition(system, None)
        t_core, rated = best_of(5, partial(rate_event, edition, event, rating, k))
        counts = rated.computed.rated | rated.first.games.counts
        rows = np.flatnonzero(mirror > np.arange(len(mirror)))  # each game once
        rated_games = int((counts[rows] | counts[mirror[rows]]).sum())
        per_s = rated_games / t_core
        verdict = "meets" if per_s >= TARGET_CORE_GAMES_PER_S else "BELOW"
        record(case, f"rate_event({system})", ms(t_core),
               f"{per_s:,.0f} rated games/s ({verdict} the 5M target); "
               f"{rated_games:,} rated games")
    edition = get_edition(SYSTEM, None)
    peak, _ = figures.traced_peak(lambda: rate_event(edition, event, rating, k))
    data = sum(a.nbytes for a in (event.pairings.round, event.pairings.player,
                                  event.pairings.opponent, event.pairings.color,
                                  event.pairings.result))
    record(case, "peak memory in rate_event (tracemalloc)", mib(peak),
           f"{peak / data:.1f}x the pairing arrays ({mib(data)})")
    record(case, "process peak RSS so far (ru_maxrss)", mib(figures.max_rss()))
    measure_core_paths(case, built, sizes.repeats)
    measure_beside_plain_numba(case, built)


#: Times, in a fresh interpreter, importing the compiled loop and its first call.
LOAD_PROBE = """
import time
import numpy as np
start = time.perf_counter()
from tournament_elo.systems.fide.edition import DifferenceRule
from tournament_elo.systems.fide.event_loop import compiled_rows
one = np.zeros(1, dtype=np.int64)
compiled_rows(one, one, one, np.zeros(2, dtype=np.int16), 1, False, DifferenceRule.CAP_400)
print(time.perf_counter() - start)
"""


def _game_rows(built: ColumnarEvent) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each game once: white's player, black's player, white's points (hundredths)."""
    p, mirror = built.event.pairings, built.mirror
    rows = np.flatnonzero((mirror > np.arange(len(mirror))) & PLAYED[p.result])
    return p.player[rows], p.opponent[rows], POINTS[p.result[rows]]


def plain_core(built: ColumnarEvent) -> list[int]:
    """The baseline loop: every game in plain Python, per player K × Σ(W − We) rounded."""
    white, black, points = (a.tolist() for a in _game_rows(built))
    rating, k, table = built.rating.tolist(), built.k.tolist(), PD_HIGH.tolist()
    change = [0] * len(rating)
    for w, b, s in zip(white, black, points, strict=True):
        rw, rb = rating[w], rating[b]
        if rw and rb:
            high = table[min(abs(rw - rb), 400)]
            expected = high if rw >= rb else 100 - high
            change[w] += s - expected
            change[b] += expected - s
    return [r + (k_ * c + (50 if c >= 0 else -50)) // 100 if r else 0
            for r, k_, c in zip(rating, k, change, strict=True)]


def numpy_core(built: ColumnarEvent) -> np.ndarray:
    """The baseline in numpy: one row per game, int32."""
    white, black, points = (a.astype(np.int32) for a in _game_rows(built))
    rating = built.rating.astype(np.int32)
    rw, rb = rating[white], rating[black]
    rated = (rw > 0) & (rb > 0)
    high = PD_HIGH.astype(np.int32)[np.minimum(np.abs(rw - rb), 400)]
    delta = np.where(rated, points - np.where(rw >= rb, high, 100 - high), 0)
    n = len(rating)
    change = (np.bincount(white, weights=delta, minlength=n)
              - np.bincount(black, weights=delta, minlength=n)).astype(np.int32)
    k_change = built.k.astype(np.int32) * change
    return np.where(rating > 0, rating + (k_change + np.where(k_change >= 0, 50, -50)) // 100,
                    0)


@numba.njit(cache=True)
def _plain_numba_loop(white: np.ndarray, black: np.ndarray, result: np.ndarray,
                      rating: np.ndarray, k: np.ndarray, table: np.ndarray, k_cap: int,
                      floor: int, rated: np.ndarray, difference: np.ndarray,
                      points: np.ndarray, per_player: np.ndarray) -> None:
    """Game after game: W, We (hundredths) and games per player; then per player K (the
    K × n cap), K × Σ(W − We), rounded half away from zero, the new rating."""
    games, w, we = per_player[0], per_player[1], per_player[2]
    for g in range(len(white)):
        a, b = white[g], black[g]
        ra, rb = rating[a], rating[b]
        s = (2 - result[g]) * 50
        points[g] = s
        if ra > 0 and rb > 0:
            d = min(abs(ra - rb), 400)
            high = table[d]
            e = high if ra >= rb else 100 - high
            rated[g], difference[g] = True, d
            games[a] += 1
            games[b] += 1
            w[a] += s
            w[b] += 100 - s
            we[a] += e
            we[b] += 100 - e
        else:
            rated[g], difference[g] = False, 0
    for i in range(len(rating)):
        k_i = k[i] if rating[i] > 0 else 0
        if games[i] * k_i > k_cap:
            k_i = k_cap // games[i]
        change = k_i * (w[i] - we[i])
        rounded = (abs(change) + 50) // 100
        rounded = rounded if change >= 0 else -rounded
        new = rating[i] + rounded
        per_player[3, i], per_player[4, i], per_player[5, i] = k_i, change, rounded
        per_player[6, i] = new if rating[i] > 0 and new >= floor else 0


#: The rows of ``_plain_numba_loop``'s per-player table.
PLAIN_PER_PLAYER = ("games", "score_sum", "expected_sum", "k", "change", "rounded",
                    "new_rating")


def plain_numba_core(columns: tuple[np.ndarray, np.ndarray, np.ndarray], rating: np.ndarray,
                     k: np.ndarray, k_cap: int, floor: int,
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The plain numba loop over one row per game (white, black, white's result code):
    per game rated, difference and white's points; per player :data:`PLAIN_PER_PLAYER`."""
    white, black, result = columns
    count = len(white)
    rated = np.empty(count, dtype=np.bool_)
    difference = np.empty(count, dtype=np.int16)
    points = np.empty(count, dtype=np.int8)
    per_player = np.zeros((len(PLAIN_PER_PLAYER), len(rating)), dtype=np.int64)
    _plain_numba_loop(white, black, result, rating, k, PD_HIGH[:401].copy(), k_cap, floor,
                      rated, difference, points, per_player)
    return rated, difference, points, per_player


@numba.njit(cache=True)
def _read_once(columns: tuple[np.ndarray, ...]) -> int:
    """Every value of the columns read once (the memory floor of a loop over them)."""
    total = 0
    for column in columns:
        for i in range(len(column)):
            total ^= column[i]
    return total


def measure_beside_plain_numba(case: str, built: ColumnarEvent) -> None:
    """``rate_event`` and ``compute`` (compiled) beside the plain numba loop over one row
    per game and one read of the columns each reads, taking turns; the same figures; the
    ``tracemalloc`` peak of each beside the bytes of its input columns."""
    edition = get_edition(SYSTEM, None)
    event, rating, k = built.event, built.rating, built.k
    p = event.pairings
    rows = Rows(p.player, p.opponent, p.result)
    first_rows = np.flatnonzero((built.mirror > np.arange(len(built.mirror)))
                                & PLAYED[p.result])  # each game once, from white's row
    games = (p.player[first_rows], p.opponent[first_rows], p.result[first_rows])
    cap = edition.k_times_games_cap
    assert cap is not None  # fide-2024: K × n ≤ 700

    def plain() -> object:
        return plain_numba_core(games, rating, k, cap, edition.floor)

    def core() -> object:
        return rate_event(edition, event, rating, k)

    def rows_only() -> object:
        return compute(edition, rows, rating, k, event.end)

    pairing_columns = (p.player, p.opponent, p.result)
    floor_rows = partial(_read_once, pairing_columns)
    floor_games = partial(_read_once, games)
    for fn in (plain, core, rows_only, floor_rows, floor_games):
        fn()  # compiled code loaded, pages touched
    t_plain, t_core, t_rows, t_floor_rows, t_floor_games = best_of_each(
        PAIRED_REPEATS, (plain, core, rows_only, floor_rows, floor_games))
    rated, difference, points, per_player = plain_numba_core(games, rating, k, cap,
                                                             edition.floor)
    got = rate_event(edition, event, rating, k).computed
    same = (all(np.array_equal(getattr(got, name), per_player[j])
                for j, name in enumerate(PLAIN_PER_PLAYER))
            and np.array_equal(got.rated[first_rows], rated)
            and np.array_equal(got.difference[first_rows], difference)
            and np.array_equal(got.score[first_rows], points)
            and np.array_equal(got.rated[built.mirror[first_rows]], rated))
    count = len(first_rows)
    record(case, "plain numba loop, one row per game (baseline)", ms(t_plain),
           f"{rate_of(count, t_plain)}; in: {count:,} game rows (white, black, result); "
           "out: per game rated, difference, points, per player games, W, We, K, change, "
           f"rounded, new rating, figures {'equal to' if same else 'DIFFER from'} "
           "rate_event's")
    record(case, "one read of the game rows' columns (its floor)", ms(t_floor_games),
           f"the plain loop at {t_plain / t_floor_games:.1f}x it")
    record(case, "one read of the pairing columns (core's floor)", ms(t_floor_rows),
           "player, opponent, result: two rows a game")
    for label, t in ((f"rate_event({SYSTEM}), compiled", t_core),
                     (f"compute({SYSTEM}), compiled", t_rows)):
        ratio = t / t_plain
        verdict = "meets" if ratio <= TARGET_OF_PLAIN_NUMBA else "ABOVE"
        record(case, label, ms(t),
               f"{ratio:.2f}x the plain numba loop ({verdict} the {TARGET_OF_PLAIN_NUMBA}x "
               f"target), {t / t_floor_rows:.1f}x one read of its columns; in: "
               f"{len(p.player):,} pairing rows (each game from both sides); out: the "
               "same figures, and the games toward a first rating")
    data_games = sum(a.nbytes for a in games) + rating.nbytes + k.nbytes
    data_rows = sum(a.nbytes for a in pairing_columns) + rating.nbytes + k.nbytes
    for label, fn, data in (("plain numba loop", plain, data_games),
                            ("rate_event, compiled", core, data_rows)):
        peak, _ = figures.traced_peak(fn)
        record(case, f"peak memory, {label} (tracemalloc)", mib(peak),
               f"{peak / data:.2f}x the columns it reads ({mib(data)})")


def measure_core_paths(case: str, built: ColumnarEvent, repeats: int) -> None:
    """``compute`` on both paths beside the two baselines, in games per second.  The
    straightforward numpy baseline and the compiled path take turns (best of
    :data:`PAIRED_REPEATS` each), so that their ratio is measured under the same load."""
    edition = get_edition(SYSTEM, None)
    event, rating, k = built.event, built.rating, built.k
    p = event.pairings
    rows = Rows(p.player, p.opponent, p.result)
    games = len(_game_rows(built)[0])
    t_plain, _ = best_of(1, lambda: plain_core(built))
    record(case, "plain Python loop (baseline)", ms(t_plain), rate_of(games, t_plain))
    load = subprocess.run([sys.executable, "-c", LOAD_PROBE], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    record(case, "compiled loop: import and first call", ms(float(load.stdout)),
           "in a new process, from the on-disk cache (once per process)")
    fast, _ = compute(edition, rows, rating, k, event.end)  # the compiled path, warm
    t_numpy_base, t_fast = best_of_each(
        max(repeats, PAIRED_REPEATS),
        (lambda: numpy_core(built), lambda: compute(edition, rows, rating, k, event.end)))
    record(case, "straightforward numpy (baseline)", ms(t_numpy_base),
           rate_of(games, t_numpy_base))
    saved = fide_event.COMPILED_FROM
    fide_event.COMPILED_FROM = len(p.player) + 1
    try:
        t_slow, (slow, _) = best_of(repeats, lambda: compute(edition, rows, rating, k,
                                                             event.end))
    finally:
        fide_event.COMPILED_FROM = saved
    same = all(np.array_equal(getattr(fast, f), getattr(slow, f))
               for f in fast._fields)
    record(case, f"compute({SYSTEM}), numpy path", ms(t_slow), rate_of(games, t_slow))
    record(case, f"compute({SYSTEM}), compiled", ms(t_fast),
           f"{rate_of(games, t_fast)}; {t_plain / t_fast:.0f}x the plain loop (target "
           f">= 20x), {t_numpy_base / t_fast:.1f}x straightforward numpy (target >= 2x); "
           f"both paths {'alike' if same else 'DIFFER'}")


def case_engine(sizes: Sizes) -> None:
    n, r = sizes.engine_players, sizes.engine_rounds
    case = f"3b. Engine {n:,}x{r}"
    print(f"\n{case}: the whole rate() on a columnar {n:,}-player {r}-round event", flush=True)
    built = columnar_event(n, r, seed=8)
    games = built.games_played
    t_core, _ = best_of(3, lambda: rate_event(get_edition(SYSTEM, None), built.event,
                                              built.rating, built.k))
    t_rate, _ = best_of(3, lambda: rate(built.event, SYSTEM))
    record(case, "games played over the board", f"{games:,}")
    record(case, "rate_event (core)", ms(t_core), rate_of(games, t_core))
    record(case, f"rate({SYSTEM})", ms(t_rate), rate_of(games, t_rate))
    peak, _ = figures.traced_peak(lambda: rate(built.event, SYSTEM))
    record(case, "peak memory in rate (tracemalloc)", mib(peak))


# --------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    args = figures.parse_arguments(
        __doc__, "cProfile rate() and read_trf() over part of the batch", argv)
    sizes = QUICK if args.quick else FULL
    cases = set(args.only or ("1", "2", "3"))
    work = Path(tempfile.mkdtemp(prefix="bench-fide-"))
    try:
        if "1" in cases:
            case_single(sizes, work)
        if "2" in cases:
            case_batch(sizes, work, args.profile)
        if "3" in cases:
            case_core(sizes)
            gc.collect()
            case_engine(sizes)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    FIGURES.print_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
