"""The desk (``tournament-elo serve``): from a change of the event file to the updated page.

Run from the repository root::

    python benchmarks/bench_desk.py           # Capo d'Orso 2012 (84 players), then 2,000 x 9
    python benchmarks/bench_desk.py --quick   # 5 changes each

The events: the 84-player, 9-round Capo d'Orso open (``tests/data``), and a generated
2,000-player, 9-round Swiss (``generate.generate_swiss``, seed 3), each copied to a
temporary folder and served on an ephemeral loopback port.  The file is rewritten in
turn as after round 8 and after round 9 (Capo d'Orso's last round's cells blanked, as a
pairing program's export before the results; the generated one written through round
8).  Each time the clock runs from the write until a live page has what a browser does:
the server-sent event of the new version, then the standings part of the page fetched
again (``X-Desk-Fragment``), showing the new round.
Target: under 0.5 s.  Baseline, in the same run: ``tournament-elo rate FILE --out DIR``,
the command an arbiter runs per round without the desk (best of 3), and the in-process
``rate`` + report page that the desk's work amounts to.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from queue import Empty, Queue

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from benchmarks import figures  # noqa: E402
from benchmarks.figures import best_of, ms  # noqa: E402
from benchmarks.generate import generate_swiss, to_trf  # noqa: E402
from tournament_elo.rating.engine import rate  # noqa: E402
from tournament_elo.read.detect import read_event  # noqa: E402
from tournament_elo.render.html import render_html  # noqa: E402

CAPO = ROOT / "tests" / "data" / "javafo_aum_capo_dorso_2012_final.trf"
TARGET_S = 0.5
TIMEOUT_S = 30
FIGURES = figures.Figures(measure_width=44)
record = FIGURES.record


def after_round_8(trf: str) -> str:
    """The file before round 9's results: each player line cut after round 8's cell
    (columns 162-169)."""
    return "\n".join(line[:169] if line.startswith("001 ") else line
                     for line in trf.splitlines()) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    args = figures.parse_arguments(__doc__, "(no profile)", argv)
    changes = 5 if args.quick else 20
    large = generate_swiss(2000, 9, seed=3)
    for case, versions in (
            ("Capo d'Orso 84x9", (after_round_8(CAPO.read_text()), CAPO.read_text())),
            ("generated Swiss 2,000x9", (to_trf(large, through=8), to_trf(large)))):
        print(f"\n{case}: file change to updated page, {changes} changes", flush=True)
        _case(case, versions, changes)
    FIGURES.print_table()


def _case(case: str, versions: tuple[str, str], changes: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        event = work / "event.trf"
        event.write_text(versions[1])
        latencies = _desk_latencies(work, event, versions, changes)
        record(case, "desk: file change → page updated, median", ms(statistics.median(
            latencies)), f"target < {TARGET_S * 1000:.0f} ms: "
            f"{'meets' if statistics.median(latencies) < TARGET_S else 'MISSES'}")
        record(case, "desk: file change → page updated, worst", ms(max(latencies)),
               f"of {changes}")
        t_cli, _ = best_of(3, lambda: subprocess.run(
            [sys.executable, "-m", "tournament_elo", "rate", str(event), "--out",
             str(work / "out"), "--format", "csv"], check=True, capture_output=True))
        record(case, "baseline: rate FILE --out DIR (a new process)", ms(t_cli), "best of 3")
        t_lib, _ = best_of(3, lambda: render_html(rate(read_event(event)), "en"))
        record(case, "baseline: read + rate + report page, in process", ms(t_lib),
               "best of 3")


def _desk_latencies(work: Path, event: Path, versions: tuple[str, str],
                    changes: int) -> list[float]:
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament_elo", "serve", str(event), "--port", "0",
         "--work-dir", str(work / "desk")], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.search(r"http://\S+/", server.stdout.readline())
        assert found, "the server printed no address"
        with httpx.Client(base_url=found.group(0), timeout=TIMEOUT_S) as http:
            news: Queue[int] = Queue()
            listener = threading.Thread(target=_listen, args=(http, news), daemon=True)
            listener.start()
            news.get(timeout=TIMEOUT_S)  # the version the page opened on
            out = []
            for k in range(changes):
                wanted = 8 if k % 2 == 0 else 9
                start = time.perf_counter()
                event.write_text(versions[k % 2])
                _next(news)
                page = http.get("/e/1/", headers={"X-Desk-Fragment": "1"}).text
                out.append(time.perf_counter() - start)
                assert f'data-round="{wanted}"' in page, f"change {k}: not round {wanted}"
                time.sleep(0.2)  # the next change comes later, as rounds do
            return out
    finally:
        server.terminate()
        server.wait(10)


def _listen(http: httpx.Client, news: Queue[int]) -> None:
    with http.stream("GET", "/e/1/stream", timeout=None) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                news.put(int(line[6:]))


def _next(news: Queue[int]) -> int:
    try:
        return news.get(timeout=TIMEOUT_S)
    except Empty:
        raise AssertionError("no new version within the timeout") from None


if __name__ == "__main__":
    main()
