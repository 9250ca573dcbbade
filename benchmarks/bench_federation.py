"""A national federation's whole history on one machine, through the command line.

Run from the repository root::

    python benchmarks/bench_federation.py               # 100,000 players, 200,000 events
    python benchmarks/bench_federation.py --scale 0.1   # 10,000 players, 20,000 events
    python benchmarks/bench_federation.py --quick       # a smoke run (scale 0.002)
    python benchmarks/bench_federation.py --keep DIR    # keep the files, databases and sites
    python benchmarks/bench_federation.py --until recompute  # stop after a step

``--until STEP`` stops each scale's run after that step and its baseline (``import``,
``recompute``, ``publish`` or ``month``: the month imported and recomputed); the
checks of the steps run are made, the rest are not run.  With ``--keep`` it makes a
database to profile without the half hour of the full size's publish.

``generate.federation`` makes a federation (seeded): at scale 1, 100,000 players who
join and leave over 20 years, each as active as his weight says, and 200,000 events
over 240 months — Swiss and round robin, 9 to 60 players, late entries, withdrawals,
forfeits, half-point byes, unrated players (newcomers' files give no rating for their
first year), standard (60 %), rapid (25 %) and blitz (15 %) — about 20 M games, and a
starting list per pool (rating list).  The files are written untimed, streamed in two
processes: TRF files under ``history/<pool>/<year>/``, then one more month under
``month/``.

Then the federation's work, each command in a process of its own: ``db import-list``
of each pool's starting list; ``db import`` of each pool's folder (``--pool standard
--system fide``, ``rapid`` with ``fide-rapid``, ``blitz`` with ``fide-blitz``);
``db recompute``; ``publish`` of each pool into ``site/<pool>/``; the month imported,
recomputed and published again into the same folders; and, when ``publish`` has
``--full``, a full publish into new folders, which the incremental one must equal.

Per step: wall time; CPU time (user and system, of the command and every process it
waited for, from ``os.wait4``); peak resident memory (the largest single process of the
step, ``ru_maxrss`` from ``os.wait4``: a step's processes are not summed); the same at a
tenth of the scale, run first, and the growth exponent log(whole / tenth) / log(10) of
wall and CPU time (1.0: linear).  Beside them, baselines measured in the same run, each
in a forked process measured alike: reading every file with ``read_event`` in one
process (nothing stored), beside the imports; writing plainly as many files of the same
sizes as the site has, beside the publishes; and a plain Elo over the same games (K 20,
every game of a month from the ratings before it; numpy, by month), beside the
recomputation.  Figures only, no targets enforced.

Checks (the suite asserts them at scale 0.01, never a time): every file imported, none
failed; the games the recomputations count equal the games generated (played over the
board with a rated result); each pool's site has a page for every player of its events
and every rated player of its starting list; the incremental site equals a full publish
byte for byte (its hidden files, the publisher's own records, left out).  A failed check
prints FAILED and the exit code is 1.
"""

from __future__ import annotations

import argparse
import filecmp
import itertools
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks.figures import mib, print_table, untimed  # noqa: E402
from benchmarks.generate import (  # noqa: E402
    POOLS,
    Federation,
    FederationFiles,
    federation,
    write_federation,
)

#: Full size: players and events over :data:`MONTHS` months.
PLAYERS = 100_000
EVENTS = 200_000
MONTHS = 240
QUICK_SCALE = 0.002
#: The system each pool's events are rated in.
SYSTEMS = {"standard": "fide", "rapid": "fide-rapid", "blitz": "fide-blitz"}
#: The plain Elo baseline's K.
PLAIN_K = 20

_IMPORTED = re.compile(r"(\d+) imported, (\d+) replaced, (\d+) unchanged, (\d+) failed; "
                       r"(\d+) games")
_RECOMPUTED = re.compile(r"^(\S+): (\d+) periods recomputed under \S+ \((\d+) kept\), "
                         r"(\d+) events, (\d+) games; (\d+) rated players", re.MULTILINE)


@dataclass(frozen=True)
class Usage:
    wall: float
    cpu: float
    rss: int  # bytes

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.wall + other.wall, self.cpu + other.cpu, max(self.rss, other.rss))


NOTHING = Usage(0.0, 0.0, 0)


class StepFailed(Exception):
    pass


def _finished(pid: int, began: float, what: str) -> Usage:
    """Wait for process ``pid`` (started at ``began``) and measure it and its children."""
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - began
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise StepFailed(f"{what}: exit code {code}")
    rss = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return Usage(wall, usage.ru_utime + usage.ru_stime, rss)


@dataclass
class Runner:
    """Runs the commands of one scale in its folder, each in a process of its own whose
    address space is limited to ``limit`` bytes (a runaway step fails, the machine lives)."""

    folder: Path
    limit: int
    count: int = 0

    def tool(self, *args: str) -> tuple[Usage, str]:
        """``tournament-elo ARGS`` on the scale's database; its usage and standard output."""
        self.count += 1
        out = self.folder / "logs" / f"{self.count:02d}.out"
        err = out.with_suffix(".err")
        out.parent.mkdir(exist_ok=True)
        command = [sys.executable, "-m", "tournament_elo", *args]
        env = {**os.environ, "TOURNAMENT_ELO_LANG": "en"}
        with out.open("wb") as stdout, err.open("wb") as stderr:
            began = time.perf_counter()
            process = subprocess.Popen(command, stdout=stdout, stderr=stderr, cwd=self.folder,
                                       env=env, preexec_fn=self._limit)
            try:
                usage = _finished(process.pid, began, " ".join(args[:2]))
            except StepFailed as failed:
                raise StepFailed(f"{failed}\n{err.read_text(errors='replace')[-3000:]}") \
                    from None
            finally:
                process.returncode = 0  # reaped by os.wait4
        return usage, out.read_text(encoding="utf-8")

    def forked(self, what: str, fn: Callable[[], None]) -> Usage:
        """``fn`` in a forked process, measured as a command is."""
        sys.stdout.flush()
        began = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: run, never return into the parent's code
            code = 1
            try:
                self._limit()
                fn()
                code = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        return _finished(pid, began, what)

    def _limit(self) -> None:
        resource.setrlimit(resource.RLIMIT_AS, (self.limit, self.limit))


# --- the baselines (run in a forked process) ----------------------------------------


def read_all(folder: Path) -> None:
    """Read every event file under ``folder``, storing nothing."""
    from tournament_elo.read.detect import read_event

    for path in sorted(folder.rglob("*.trf")):
        read_event(path)


def write_same_sizes(site: Path, out: Path) -> None:
    """Write plainly as many files as ``site`` holds, each of the same size and name."""
    for path in sorted(site.rglob("*")):
        if path.is_file():
            target = out / path.relative_to(site)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(b"x" * path.stat().st_size)


def plain_elo(games: Path, n_players: int) -> None:
    """A plain Elo of every game in ``games``: K :data:`PLAIN_K`, everyone from 1500,
    every game of a month from the ratings before it, a pool's ratings apart."""
    from benchmarks.generate import GAME_RECORD

    played = np.concatenate([np.zeros(0, dtype=GAME_RECORD),
                             *(np.load(p) for p in sorted(games.glob("*.npy")))])
    played = played[np.argsort(played["month"], kind="stable")]
    size = len(POOLS) * n_players
    rating = np.full(size, 1500.0)
    white = played["pool"].astype(np.int64) * n_players + played["white"]
    black = played["pool"].astype(np.int64) * n_players + played["black"]
    score = played["score"] / 2
    bounds = np.flatnonzero(np.r_[True, np.diff(played["month"]) != 0, True])
    for a, b in itertools.pairwise(bounds.tolist()):
        w, k = white[a:b], black[a:b]
        change = PLAIN_K * (score[a:b] - 1 / (1 + 10 ** ((rating[k] - rating[w]) / 400)))
        rating += np.bincount(w, change, size) - np.bincount(k, change, size)


# --- one scale ----------------------------------------------------------------------


@dataclass
class Measured:
    """A step's figures at one scale (several commands add up), and its baseline's."""

    usage: Usage = NOTHING
    baseline: Usage | None = None
    count: int = 0  # events, games or files: what the rate is of
    unit: str = ""


@dataclass
class Scale:
    """What one scale's run measured and checked."""

    fraction: float
    steps: dict[str, Measured] = field(default_factory=dict)
    checks: list[tuple[str, bool, str]] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str) -> None:
        self.checks.append((name, ok, detail))
        print(f"  check {name}: {'ok' if ok else 'FAILED'} ({detail})", flush=True)


def _pools_with(files: FederationFiles) -> list[str]:
    return [pool for pool, count in zip(POOLS, files.files, strict=True) if count]


def _site_pages(site: Path) -> tuple[int, int]:
    """The files of a site and their bytes."""
    sizes = [p.stat().st_size for p in site.rglob("*") if p.is_file()]
    return len(sizes), sum(sizes)


def _pages(site: Path) -> list[str]:
    """The site's files, by relative path; a hidden one (the publisher's record of what
    it wrote, which a full rebuild writes anew) is no page."""
    return sorted(str(p.relative_to(site)) for p in site.rglob("*")
                  if p.is_file() and not any(part.startswith(".")
                                             for part in p.relative_to(site).parts))


def _same_tree(one: Path, two: Path) -> tuple[bool, str]:
    """Whether two sites hold the same pages with the same bytes."""
    names, others = _pages(one), _pages(two)
    if names != others:
        extra, missing = set(names) - set(others), set(others) - set(names)
        return False, f"{len(extra)} files only incremental, {len(missing)} only full"
    _, differ, errors = filecmp.cmpfiles(one, two, names, shallow=False)
    if differ or errors:
        return False, f"{len(differ) + len(errors)} of {len(names)} files differ: " \
                      + ", ".join((differ + errors)[:5])
    return True, f"{len(names):,} files byte for byte, hidden files left out"


#: The steps ``--until`` can stop after, in the order they run.
UNTIL = ("import", "recompute", "publish", "month", "all")


def run_scale(fraction: float, folder: Path, seed: int, workers: int, limit: int,
              has_full: bool, until: str = "all") -> Scale:
    """Generate the federation at ``fraction`` of full size into ``folder`` and run it."""
    print(f"\nscale {fraction:g}", flush=True)
    folder.mkdir(parents=True, exist_ok=True)
    fed = federation(max(20, round(PLAYERS * fraction)), max(20, round(EVENTS * fraction)),
                     MONTHS, seed)
    print(f"  {fed.n_players:,} players, {fed.n_events:,} events over {MONTHS} months, then "
          f"{fed.per_month:,} events in a month more", flush=True)
    history = untimed("history written", lambda: write_federation(
        fed, folder / "history", folder / "games", 0, fed.n_events, workers))
    month = untimed("month written", lambda: write_federation(
        fed, folder / "month", folder / "month-games", fed.n_events,
        fed.n_events + fed.per_month, workers))
    print(f"  {sum(history.files):,} files ({history.size / 2**20:,.0f} MiB), "
          f"{sum(history.games):,} games; the month: {sum(month.files):,} files, "
          f"{sum(month.games):,} games", flush=True)
    (folder / "lists").mkdir(exist_ok=True)
    for pool, name in enumerate(POOLS):
        fed.write_list(pool, folder / "lists" / f"{name}.csv")
    scale = Scale(fraction)
    runner = Runner(folder, limit)
    try:
        _pipeline(scale, runner, fed, folder, history, month, has_full, until)
    except StepFailed as failed:
        scale.check("every step ran", False, str(failed).strip().splitlines()[0])
        print(str(failed), flush=True)
    return scale


def _step(scale: Scale, name: str, commands: Sequence[Sequence[str]], runner: Runner,
          count: int = 0, unit: str = "") -> list[str]:
    """Run ``commands`` (tool arguments) as the step ``name``; their outputs."""
    measured = scale.steps.setdefault(name, Measured(count=count, unit=unit))
    outputs = []
    for args in commands:
        usage, out = runner.tool(*args)
        measured.usage += usage
        outputs.append(out)
    u = measured.usage
    print(f"  {name:<32} {u.wall:9.2f} s wall {u.cpu:9.2f} s CPU {mib(u.rss):>10}",
          flush=True)
    return outputs


def _baseline(scale: Scale, name: str, runner: Runner, fn: Callable[[], None]) -> None:
    usage = runner.forked(name, fn)
    scale.steps[name].baseline = usage
    print(f"  {'  baseline':<32} {usage.wall:9.2f} s wall {usage.cpu:9.2f} s CPU "
          f"{mib(usage.rss):>10}", flush=True)


def _pipeline(scale: Scale, runner: Runner, fed: Federation, folder: Path,
              history: FederationFiles, month: FederationFiles, has_full: bool,
              until: str) -> None:
    def stop_after(step: str) -> bool:
        return UNTIL.index(until) <= UNTIL.index(step)

    db = ("--db", "ratings.db")
    start = fed.start.isoformat()
    _step(scale, "db import-list", [("db", "import-list", f"lists/{pool}.csv", "--date", start,
                                     "--pool", pool, *db) for pool in POOLS], runner)

    def imports(name: str, where: str, files: FederationFiles) -> None:
        outs = _step(scale, name, [("db", "import", f"{where}/{pool}", "--pool", pool,
                                    "--system", SYSTEMS[pool], *db)
                                   for pool in _pools_with(files)], runner,
                     sum(files.files), "events")
        counts = [[int(x) for x in m.groups()] for m in map(_IMPORTED.search, outs) if m]
        imported = sum(c[0] for c in counts)
        failed = sum(c[3] for c in counts)
        scale.check(f"{name}: every file imported",
                    len(counts) == len(outs) and imported == sum(files.files) and not failed,
                    f"{imported:,} of {sum(files.files):,} imported, {failed} failed")

    def recompute(name: str, files: FederationFiles) -> None:
        out = _step(scale, name, [("db", "recompute", *db)], runner, sum(files.games),
                    "games")[0]
        games = sum(int(m.group(5)) for m in _RECOMPUTED.finditer(out))
        scale.check(f"{name}: games rated = games generated", games == sum(files.games),
                    f"{games:,} rated, {sum(files.games):,} generated")

    def publish(name: str, site: str, *extra: str) -> None:
        _step(scale, name, [("publish", "--out", f"{site}/{pool}", "--pool", pool, *extra, *db)
                            for pool in POOLS], runner)
        pages = [_site_pages(folder / site / pool) for pool in POOLS]
        scale.steps[name].count, scale.steps[name].unit = sum(n for n, _ in pages), "files"
        sizes = sum(size for _, size in pages)
        print(f"  {'':<32} {scale.steps[name].count:,} files, {mib(sizes)}", flush=True)

    def player_pages(name: str, site: str, played: npt.NDArray[np.bool_]) -> None:
        for pool, pool_name in enumerate(POOLS):
            rated_listed = fed.listed[pool] & np.array(
                [fed.rating(pool, i) is not None for i in range(fed.n_players)])
            expected = int(np.count_nonzero(played[pool] | rated_listed))
            pages = sum(1 for _ in (folder / site / pool_name / "players").glob("*.html"))
            scale.check(f"{name}: {pool_name} player pages = players generated",
                        pages == expected, f"{pages:,} pages, {expected:,} players in events "
                        "or rated on the starting list")

    imports("db import", "history", history)
    _baseline(scale, "db import", runner, lambda: read_all(folder / "history"))
    if stop_after("import"):
        return
    recompute("db recompute", history)
    _baseline(scale, "db recompute", runner, lambda: plain_elo(folder / "games", fed.n_players))
    if stop_after("recompute"):
        return
    publish("publish", "site")
    player_pages("publish", "site", history.played)
    _baseline(scale, "publish", runner,
              lambda: write_same_sizes(folder / "site", folder / "plain-site"))
    if stop_after("publish"):
        return
    imports("db import, a month more", "month", month)
    _baseline(scale, "db import, a month more", runner, lambda: read_all(folder / "month"))
    recompute("db recompute, a month more", month)
    if stop_after("month"):
        return
    publish("publish again", "site")
    both = history.played | month.played
    player_pages("publish again", "site", both)
    if has_full:
        publish("publish --full", "site-full", "--full")
        player_pages("publish --full", "site-full", both)
        same, detail = _same_tree(folder / "site", folder / "site-full")
        scale.check("incremental site = full site", same, detail)
        scale.steps["publish again"].baseline = scale.steps["publish --full"].usage
    else:
        print("  check incremental site = full site: skipped (publish has no --full yet)")
        _baseline(scale, "publish again", runner, lambda: write_same_sizes(
            folder / "site", folder / "plain-site-again"))


# --- the report ---------------------------------------------------------------------


_BASELINES = {"db import": "reading the files alone", "db recompute": "plain Elo by month",
              "publish": "writing as many files of the same sizes",
              "db import, a month more": "reading the files alone",
              "publish again": "publish --full (a fresh site)"}


def _growth(whole: float, tenth: float) -> str:
    if whole <= 0 or tenth <= 0:
        return "–"
    return f"{math.log(whole / tenth) / math.log(10):.2f}"


def _rate(m: Measured) -> str:
    if not m.count or not m.usage.wall:
        return ""
    return f"{m.count / m.usage.wall:,.0f} {m.unit}/s"


def report(tenth: Scale, whole: Scale, has_full: bool) -> None:
    header = ("step", "wall", "CPU", "peak RSS", "rate", "tenth: wall / CPU",
              "growth wall / CPU", "baseline", "baseline wall / CPU / RSS", "step / baseline")
    rows = []
    for name, m in whole.steps.items():
        t = tenth.steps.get(name, Measured())
        u = m.usage
        base = m.baseline
        label = _BASELINES.get(name, "") if base else ""
        if name == "publish again" and not has_full:
            label = "writing as many files of the same sizes"
        rows.append((
            name, f"{u.wall:.2f} s", f"{u.cpu:.2f} s", mib(u.rss), _rate(m),
            f"{t.usage.wall:.2f} s / {t.usage.cpu:.2f} s",
            f"{_growth(u.wall, t.usage.wall)} / {_growth(u.cpu, t.usage.cpu)}", label,
            f"{base.wall:.2f} s / {base.cpu:.2f} s / {mib(base.rss)}" if base else "",
            f"{u.wall / base.wall:.2f}x wall, {u.cpu / base.cpu:.2f}x CPU"
            if base and base.wall and base.cpu else ""))
    print_table(header, rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="fraction of the full size (1.0: 100,000 players, 200,000 events)")
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run (scale {QUICK_SCALE})")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep the generated files, databases and sites in DIR")
    parser.add_argument("--until", choices=UNTIL, default="all",
                        help="stop each scale after this step (month: the month imported "
                             "and recomputed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes writing the generated files")
    parser.add_argument("--memory-limit", type=float, default=8.0, metavar="GIB",
                        help="address space allowed to each step's processes")
    args = parser.parse_args(argv)
    fraction = QUICK_SCALE if args.quick else args.scale
    limit = int(args.memory_limit * 2**30)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        if any(args.keep.iterdir()):
            parser.error(f"--keep {args.keep}: the folder is not empty")
        folder = args.keep
    else:
        folder = Path(tempfile.mkdtemp(prefix="bench_federation-"))
    # Outside the repository, as the steps run: ``-m`` looks in the working folder first.
    has_full = "--full" in subprocess.run(
        [sys.executable, "-m", "tournament_elo", "publish", "--help"], capture_output=True,
        text=True, check=True, cwd=folder).stdout
    try:
        tenth = run_scale(fraction / 10, folder / "tenth", args.seed, args.workers, limit,
                          has_full, args.until)
        whole = run_scale(fraction, folder / "whole", args.seed, args.workers, limit, has_full,
                          args.until)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    report(tenth, whole, has_full)
    failed = [name for name, ok, _ in whole.checks + tenth.checks if not ok]
    print(f"\nchecks: {len(whole.checks) - sum(not ok for _, ok, _ in whole.checks)} of "
          f"{len(whole.checks)} passed at scale {fraction:g}"
          + (f"; FAILED: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
