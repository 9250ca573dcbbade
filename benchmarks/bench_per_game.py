"""Throughput of the per-game Elo engine (``run_games``) on online-platform logs.

Run from the repository root::

    python benchmarks/bench_per_game.py            # the full sizes (about a minute)
    python benchmarks/bench_per_game.py --quick    # small sizes, a smoke run
    python benchmarks/bench_per_game.py --profile  # also cProfile run_games on case 1

Cases (figures only, no assertions):

1. an online platform's log: 1,000,000 games among 100,000 players, each game its own
   round, about 3% of them against the five fixed AI levels, rated by ``run_games``
   under thien-ky-dao (target: at least 1 million games/s), then under tuong-ky and
   dong-son on the same log;
2. the same 1,000,000 games among 10,000 players: each player plays ten times as
   often, so fewer games share no player and the chunks are smaller;
3. a Swiss-shaped event: 200 players, 11 rounds (chunks are rounds).

The logs are generated with numpy, seeded, untimed.  Activity is skewed: each player's
share of the games is drawn from a lognormal (sigma 1.5), so a few players play
thousands of games and the median player a handful.  Results are drawn from the
logistic expectation between hidden true strengths, with no draws (go, komi).  The
AI levels AI-1..AI-5 are five extra players marked ``fixed`` with ratings 800, 1200,
1600, 2000 and 2400 (thien-ky-dao's own; the other two systems have no AI levels but
are timed on the same log, the five rows still fixed).  Everybody else starts at the
system's initial rating with no games played.

Case 1 is rated on both of ``run_games``' paths — numpy's waves (``compiled=False``)
and the compiled loop (``compiled=True``, numba; the default from 20,000 games), whose
first call, loading the cached machine code (or compiling it, the very first time),
is timed apart — beside a plain Python loop over the same games (the baseline; the
formulas of ``tests/systems/test_per_game_engine.py``'s reference, one game a round),
and the compiled path beside a plain numba loop making the same columns (per game the
ratings before and after, E, K and the change of both sides; the final ratings and game
counts; checked equal) and one read of the games' columns (the memory floor), taking
turns, with the ``tracemalloc`` peak of each beside the bytes of the columns it reads.

``chunk_starts`` and ``waves`` are timed and reported on their own (``run_games``
does the same work inside): a *chunk* is a run of consecutive rounds in which no
moving player plays twice; a *wave* is a batch of games ``run_games`` rates at once,
each game one wave after the latest of its players' earlier games.  Times
are ``time.perf_counter`` wall times, best of a few repeats.  Peak memory is the
``tracemalloc`` peak of one ``run_games`` call (numpy's buffers included).
"""

from __future__ import annotations

import gc
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numba
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks``, ``tournament_elo`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks import figures  # noqa: E402
from benchmarks.figures import best_of, best_of_each, mib, ms, rate_of, untimed  # noqa: E402
from tournament_elo.systems.per_game.definition import EloSystem  # noqa: E402
from tournament_elo.systems.per_game.games import Games  # noqa: E402
from tournament_elo.systems.per_game.schedule import chunk_starts, waves  # noqa: E402
from tournament_elo.systems.per_game.update import PER_GAME, Outcome, run_games  # noqa: E402
from tournament_elo.systems.registry import get_definition  # noqa: E402

MAIN_SYSTEM = "thien-ky-dao"
OTHER_SYSTEMS = ("tuong-ky", "dong-son")
TARGET_GAMES_PER_S = 1_000_000
AI_RATINGS = (800.0, 1200.0, 1600.0, 2000.0, 2400.0)  # AI-1..AI-5
AI_SHARE = 0.03
ACTIVITY_SIGMA = 1.5
#: The compiled path's time at most this many times the plain numba loop's (issue 32).
TARGET_OF_PLAIN_NUMBA = 1.5
#: Turns taken by the compiled path, the plain numba loop and the floor.
PAIRED_REPEATS = 11


@dataclass(frozen=True)
class Sizes:
    online_games: int
    online_players: int
    dense_players: int  # case 2: the same games among fewer players
    swiss_players: int
    swiss_rounds: int
    repeats: int  # best of


FULL = Sizes(1_000_000, 100_000, 10_000, 200, 11, 3)
QUICK = Sizes(100_000, 10_000, 1_000, 200, 11, 2)


FIGURES = figures.Figures(measure_width=40)
record = FIGURES.record


# --------------------------------------------------------------------------------------
# The logs.


@dataclass(frozen=True)
class Log:
    """Games to rate, with the players' fixed flags; the last five players are the AI."""

    games: Games
    players: int  # humans and AI levels
    fixed: np.ndarray


def _games(round_: np.ndarray, white: np.ndarray, black: np.ndarray,
           score: np.ndarray) -> Games:
    count = len(round_)
    return Games(round=round_.astype(np.int64), white=white.astype(np.int64),
                 black=black.astype(np.int64), score=score.astype(np.int64),
                 both_lost=np.zeros(count, dtype=bool), bonus_white=np.zeros(count),
                 bonus_black=np.zeros(count), multiplier=np.ones(count))


def _results(rng: np.random.Generator, strength_white: np.ndarray,
             strength_black: np.ndarray) -> np.ndarray:
    """White's score in hundredths, won with the logistic chance of the true strengths."""
    chance = 1.0 / (1.0 + 10.0 ** ((strength_black - strength_white) / 400.0))
    return np.where(rng.random(len(chance)) < chance, 100, 0)


def online_log(n_players: int, n_games: int, seed: int) -> Log:
    """``n_games`` one-game rounds among ``n_players`` humans of skewed activity, about
    3% of them against one of the five AI levels (players ``n_players`` + 0..4)."""
    rng = np.random.default_rng(seed)
    activity = rng.lognormal(0.0, ACTIVITY_SIGMA, n_players)
    weights = activity / activity.sum()
    strength = np.concatenate([np.clip(rng.normal(1500, 350, n_players), 500, 2900),
                               AI_RATINGS])
    white = rng.choice(n_players, n_games, p=weights)
    black = rng.choice(n_players, n_games, p=weights)
    against_ai = rng.random(n_games) < AI_SHARE
    black[against_ai] = n_players + rng.integers(0, len(AI_RATINGS), int(against_ai.sum()))
    while (clash := white == black).any():  # nobody plays themself
        white[clash] = rng.choice(n_players, int(clash.sum()), p=weights)
    ai_white = against_ai & (rng.random(n_games) < 0.5)  # the AI takes either colour
    white[ai_white], black[ai_white] = black[ai_white], white[ai_white]
    score = _results(rng, strength[white], strength[black])
    fixed = np.zeros(n_players + len(AI_RATINGS), dtype=bool)
    fixed[n_players:] = True
    return Log(_games(np.arange(n_games), white, black, score), len(fixed), fixed)


def swiss_log(n_players: int, n_rounds: int, seed: int) -> Log:
    """A Swiss-shaped event: each round the field sorted by points (ties at random),
    neighbours paired, colours at random, no draws."""
    rng = np.random.default_rng(seed)
    strength = np.clip(rng.normal(1500, 350, n_players), 500, 2900)
    points = np.zeros(n_players)
    parts: list[tuple[np.ndarray, ...]] = []
    for number in range(1, n_rounds + 1):
        order = np.lexsort((rng.random(n_players), -points))
        top, bottom = order[0:-1:2], order[1::2]
        swap = rng.random(len(top)) < 0.5
        white, black = np.where(swap, bottom, top), np.where(swap, top, bottom)
        score = _results(rng, strength[white], strength[black])
        points[white] += score / 100
        points[black] += 1 - score / 100
        parts.append((np.full(len(white), number), white, black, score))
    round_, white, black, score = (np.concatenate(column) for column in zip(*parts,
                                                                               strict=True))
    return Log(_games(round_, white, black, score), n_players,
               np.zeros(n_players, dtype=bool))


def start_of(system: EloSystem, log: Log) -> tuple[np.ndarray, np.ndarray]:
    """Everybody at the initial rating with no games; the AI levels at their ratings."""
    rating = np.full(log.players, float(system.initial_rating))
    fixed_ratings = [rating for rating, _ in system.fixed_opponents.values()] or AI_RATINGS
    if log.fixed.any():
        rating[log.fixed] = np.asarray(fixed_ratings, dtype=float)[:int(log.fixed.sum())]
    return rating, np.zeros(log.players, dtype=np.int64)


def describe_log(case: str, log: Log) -> None:
    g = log.games
    count = len(g.round)
    humans = ~log.fixed
    games_per = np.bincount(np.concatenate([g.white, g.black]), minlength=log.players)[humans]
    active = games_per[games_per > 0]
    top = np.sort(games_per)[::-1][:max(1, len(games_per) // 100)]
    ai_games = int((log.fixed[g.white] | log.fixed[g.black]).sum())
    rounds = int((np.diff(g.round) != 0).sum()) + 1 if count else 0
    record(case, "games", f"{count:,}",
           f"{rounds:,} rounds; {ai_games:,} against an AI level ({ai_games / count:.1%})")
    record(case, "players (humans + AI levels)", f"{log.players:,}",
           f"{len(active):,} played; games per player: median {np.median(active):.0f}, "
           f"most {active.max():,}; the top 1% play {top.sum() / games_per.sum():.0%} "
           "of the human sides")


# --------------------------------------------------------------------------------------
# The measurements.


def measure_chunks(case: str, log: Log, repeats: int) -> None:
    t_chunks, (starts, repeat) = best_of(repeats, lambda: chunk_starts(log.games, log.fixed,
                                                                       False))
    count = len(log.games.round)
    sizes = np.diff(np.r_[starts, count])
    record(case, "chunk_starts (alone)", ms(t_chunks),
           f"{len(starts):,} chunks, {count / len(starts):,.1f} games per chunk on average "
           f"(median {np.median(sizes):.0f}, largest {sizes.max():,}); "
           f"{int(repeat.sum()):,} games repeat a player in a round")
    t_waves, wave = best_of(repeats, lambda: waves(log.games, log.fixed, False))
    sizes = np.bincount(wave)[1:]
    record(case, "waves (alone)", ms(t_waves),
           f"{len(sizes):,} waves (run_games' batches), {count / len(sizes):,.1f} games per "
           f"wave on average (median {np.median(sizes):.0f}, largest {sizes.max():,})")


def measure_run(case: str, system_name: str, log: Log, repeats: int,
                target: int | None = None, compiled: bool | None = None) -> Outcome:
    system = get_definition(system_name)
    rating, played = start_of(system, log)
    count = len(log.games.round)
    t_run, outcome = best_of(repeats, lambda: run_games(system, log.games, rating, played,
                                                        log.fixed, compiled=compiled))
    note = rate_of(count, t_run)
    if target is not None:
        verdict = "meets" if count / t_run >= target else "BELOW"
        note += f" ({verdict} the {target / 1e6:g}M target)"
    path = {None: "", False: ", numpy", True: ", compiled"}[compiled]
    record(case, f"run_games({system_name}{path})", ms(t_run), note)
    return outcome


def plain_loop(system: EloSystem, games: Games, rating: np.ndarray, played: np.ndarray,
               fixed: np.ndarray) -> list[float]:
    """The baseline: game after game in plain Python floats (one game a round, K by
    rating or games from the system's bands, truncated or rounded as it says)."""
    ratings, counts, steady = rating.tolist(), played.tolist(), fixed.tolist()
    bands = [(b.below if b.below is not None else float("inf"), float(b.value))
             for b in system.k_bands]
    cap = system.difference_cap if system.difference_cap is not None else float("inf")
    low, high, divisor = system.expected_min, system.expected_max, system.divisor
    scale, by_rating = 10.0**system.decimals, system.k_by == "rating"
    truncate = system.rounding.value == "truncate"
    for white, black, score in zip(games.white.tolist(), games.black.tolist(),
                                   (games.score / 100).tolist(), strict=True):
        new = []
        for me, opponent, points in ((white, black, score), (black, white, 1.0 - score)):
            own = ratings[me]
            expected = 1.0 / (1.0 + 10.0 ** (min(max(ratings[opponent] - own, -cap), cap)
                                               / divisor))
            expected = min(max(expected, low), high)
            basis = own if by_rating else counts[me]
            k = next(value for top, value in bands if basis < top)
            value = (own + k * (points - expected)) * scale
            new.append(math.floor(value + 1e-7 if truncate else value + 0.5 + 1e-7) / scale)
        for me, value in zip((white, black), new, strict=True):
            if not steady[me]:
                ratings[me] = value
                counts[me] += 1
    return ratings


@numba.njit(cache=True)
def _plain_numba_loop(white: np.ndarray, black: np.ndarray, score: np.ndarray,
                      rating: np.ndarray, played: np.ndarray, fixed: np.ndarray,
                      tops: np.ndarray, values: np.ndarray, by_rating: bool, cap: float,
                      divisor: float, low: float, high: float, truncate: bool, scale: float,
                      out: np.ndarray) -> None:
    """Game after game (one a round): both sides from the ratings before it, each
    moving side's rating rounded and stored; ``out`` per game: before, E, K, change
    (white, black), then the ratings after."""
    for g in range(len(white)):
        w, b = white[g], black[g]
        before = (rating[w], rating[b])
        for side in range(2):
            me = w if side == 0 else b
            own, opponent = before[side], before[1 - side]
            points = score[g] / 100.0 if side == 0 else 1.0 - score[g] / 100.0
            difference = min(max(opponent - own, -cap), cap)
            expected = min(max(1.0 / (1.0 + 10.0 ** (difference / divisor)), low), high)
            basis = own if by_rating else float(played[me])
            band = 0
            while basis >= tops[band]:
                band += 1
            k = values[band]
            change = k * (points - expected)
            out[g, side], out[g, 2 + side] = own, expected
            out[g, 4 + side], out[g, 6 + side] = k, change
            if not fixed[me]:
                value = (own + change) * scale
                rating[me] = np.floor(value + (1e-7 if truncate else 0.5 + 1e-7)) / scale
                played[me] += 1
        out[g, 8], out[g, 9] = rating[w], rating[b]


def plain_numba(system: EloSystem, games: Games, rating: np.ndarray, played: np.ndarray,
                fixed: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The plain numba loop's columns (games × 10, in :data:`PER_GAME`'s order), final
    ratings and game counts."""
    rating, played = rating.astype(np.float64), played.astype(np.int64)
    tops = np.array([np.inf if b.below is None else b.below for b in system.k_bands])
    values = np.array([float(b.value) for b in system.k_bands])
    cap = np.inf if system.difference_cap is None else float(system.difference_cap)
    out = np.empty((len(games.white), 10))
    _plain_numba_loop(games.white, games.black, games.score, rating, played, fixed, tops,
                      values, system.k_by == "rating", cap, float(system.divisor),
                      system.expected_min, system.expected_max,
                      system.rounding.value == "truncate", 10.0**system.decimals, out)
    return out, rating, played


@numba.njit(cache=True)
def _read_once(columns: tuple[np.ndarray, ...]) -> int:
    """Every value of the columns read once (the memory floor of a loop over them)."""
    total = 0
    for column in columns:
        for i in range(len(column)):
            total ^= column[i]
    return total


def measure_beside_plain_numba(case: str, log: Log) -> None:
    """The compiled path beside the plain numba loop and one read of the columns the
    loop reads, taking turns; the same figures; each one's ``tracemalloc`` peak."""
    system = get_definition(MAIN_SYSTEM)
    assert system.rounding.value in ("truncate", "half-up")  # the plain loop's two
    rating, played = start_of(system, log)
    g = log.games
    count = len(g.round)

    def plain() -> object:
        return plain_numba(system, g, rating, played, log.fixed)

    def kernel() -> object:
        return run_games(system, g, rating, played, log.fixed, compiled=True)

    columns = (g.white, g.black, g.score)
    floor = partial(_read_once, columns)
    for fn in (plain, kernel, floor):
        fn()  # compiled code loaded, pages touched
    t_plain, t_kernel, t_floor = best_of_each(PAIRED_REPEATS, (plain, kernel, floor))
    out, final, counts = plain_numba(system, g, rating, played, log.fixed)
    got = kernel()
    assert isinstance(got, Outcome)
    same = (all(np.array_equal(getattr(got, name), out[:, j])
                for j, name in enumerate(PER_GAME))
            and np.array_equal(got.final, final) and np.array_equal(got.games_played, counts))
    record(case, "plain numba loop, same columns (baseline)", ms(t_plain),
           f"{rate_of(count, t_plain)}; figures {'equal to' if same else 'DIFFER from'} "
           "run_games'")
    record(case, "one read of white, black, score (floor)", ms(t_floor),
           f"the plain loop at {t_plain / t_floor:.1f}x it")
    ratio = t_kernel / t_plain
    verdict = "meets" if ratio <= TARGET_OF_PLAIN_NUMBA else "ABOVE"
    record(case, f"run_games({MAIN_SYSTEM}, compiled)", ms(t_kernel),
           f"{ratio:.2f}x the plain numba loop ({verdict} the {TARGET_OF_PLAIN_NUMBA}x "
           f"target), {t_kernel / t_floor:.1f}x one read of the columns")
    data = sum(a.nbytes for a in columns) + rating.nbytes + played.nbytes + log.fixed.nbytes
    for label, fn in (("plain numba loop", plain), ("run_games, compiled", kernel)):
        peak, _ = figures.traced_peak(fn)
        record(case, f"peak memory, {label} (tracemalloc)", mib(peak),
               f"{peak / data:.1f}x the columns it reads ({mib(data)}); its ten per-game "
               f"columns are {mib(count * 10 * 8)}")


def measure_paths(case: str, log: Log, repeats: int) -> None:
    """Both paths of ``run_games`` beside the plain loop, on the same log."""
    system = get_definition(MAIN_SYSTEM)
    rating, played = start_of(system, log)
    count = len(log.games.round)
    t_plain, plain = best_of(1, lambda: plain_loop(system, log.games, rating, played,
                                                   log.fixed))
    record(case, "plain Python loop (baseline)", ms(t_plain), rate_of(count, t_plain))
    few = Games(*(getattr(log.games, f)[:10] for f in log.games.__dataclass_fields__))
    t_load, _ = best_of(1, lambda: run_games(system, few, rating, played, log.fixed,
                                             compiled=True))
    record(case, "compiled loop: first call (load/compile)", ms(t_load),
           "once per process; cached on disk after the first compile")
    numpy_path = measure_run(case, MAIN_SYSTEM, log, repeats, compiled=False)
    t_fast, fast = best_of(repeats, lambda: run_games(system, log.games, rating, played,
                                                      log.fixed, compiled=True))
    same = (np.allclose(fast.final, numpy_path.final, rtol=0, atol=1e-9)
            and np.allclose(fast.final, plain, rtol=0, atol=1e-9))
    record(case, f"run_games({MAIN_SYSTEM}, compiled)", ms(t_fast),
           f"{rate_of(count, t_fast)}; {t_plain / t_fast:.1f}x the plain loop (target "
           f">= 10x); final ratings {'equal' if same else 'DIFFER'} on all three")


def measure_memory(case: str, system_name: str, log: Log) -> None:
    system = get_definition(system_name)
    rating, played = start_of(system, log)
    g = log.games
    data = sum(getattr(g, name).nbytes for name in g.__dataclass_fields__)
    peak, outcome = figures.traced_peak(lambda: run_games(system, g, rating, played, log.fixed))
    kept = sum(a.nbytes for a in vars(outcome).values())
    record(case, f"peak memory in run_games ({system_name})", mib(peak),
           f"tracemalloc; {peak / data:.1f}x the Games arrays ({mib(data)}); "
           f"the Outcome itself is {mib(kept)}")
    record(case, "process peak RSS so far (ru_maxrss)", mib(figures.max_rss()))


def sanity(case: str, outcome: Outcome, log: Log, system_name: str) -> None:
    """Ratings stay finite, the AI levels do not move, every human game is counted."""
    system = get_definition(system_name)
    start, _ = start_of(system, log)
    g = log.games
    moved = np.bincount(np.concatenate([g.white, g.black]), minlength=log.players)
    ok = (np.isfinite(outcome.final).all()
          and np.array_equal(outcome.final[log.fixed], start[log.fixed])
          and np.array_equal(outcome.games_played[~log.fixed], moved[~log.fixed]))
    humans = outcome.final[~log.fixed]
    record(case, f"final ratings ({system_name})",
           "ok" if ok else "WRONG",
           f"humans {humans.min():,.0f}..{humans.max():,.0f}, mean {humans.mean():,.1f}")


def case_online(sizes: Sizes, profile: bool) -> None:
    n, m = sizes.online_players, sizes.online_games
    case = f"1. Online {m // 1000:,}k/{n // 1000:,}k"
    print(f"\n{case}: {m:,} games among {n:,} players, one game a round", flush=True)
    log = untimed("generated", lambda: online_log(n, m, seed=3))
    describe_log(case, log)
    measure_chunks(case, log, sizes.repeats)
    measure_paths(case, log, sizes.repeats)
    measure_beside_plain_numba(case, log)
    outcome = measure_run(case, MAIN_SYSTEM, log, sizes.repeats, TARGET_GAMES_PER_S)
    sanity(case, outcome, log, MAIN_SYSTEM)
    del outcome
    measure_memory(case, MAIN_SYSTEM, log)
    for name in OTHER_SYSTEMS:
        outcome = measure_run(case, name, log, sizes.repeats)
        sanity(case, outcome, log, name)
        del outcome
    if profile:
        system = get_definition(MAIN_SYSTEM)
        rating, played = start_of(system, log)
        figures.profile_call(f"run_games({MAIN_SYSTEM}) on case 1",
                             lambda: run_games(system, log.games, rating, played, log.fixed),
                             top=20)


def case_dense(sizes: Sizes) -> None:
    n, m = sizes.dense_players, sizes.online_games
    case = f"2. Online {m // 1000:,}k/{n // 1000:,}k"
    print(f"\n{case}: the same {m:,} games among {n:,} players", flush=True)
    log = online_log(n, m, seed=4)
    describe_log(case, log)
    measure_chunks(case, log, sizes.repeats)
    outcome = measure_run(case, MAIN_SYSTEM, log, sizes.repeats)
    sanity(case, outcome, log, MAIN_SYSTEM)
    del outcome
    measure_memory(case, MAIN_SYSTEM, log)


def case_swiss(sizes: Sizes) -> None:
    n, r = sizes.swiss_players, sizes.swiss_rounds
    case = f"3. Swiss {n}x{r}"
    print(f"\n{case}: a {n}-player {r}-round Swiss-shaped event", flush=True)
    log = swiss_log(n, r, seed=5)
    describe_log(case, log)
    repeats = 20 * sizes.repeats  # a few milliseconds: more repeats
    measure_chunks(case, log, repeats)
    for name in (MAIN_SYSTEM, *OTHER_SYSTEMS):
        outcome = measure_run(case, name, log, repeats)
        sanity(case, outcome, log, name)


# --------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    args = figures.parse_arguments(__doc__, "cProfile run_games on case 1", argv)
    sizes = QUICK if args.quick else FULL
    cases = set(args.only or ("1", "2", "3"))
    if "1" in cases:
        case_online(sizes, args.profile)
        gc.collect()
    if "2" in cases:
        case_dense(sizes)
        gc.collect()
    if "3" in cases:
        case_swiss(sizes)
    FIGURES.print_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
