"""How long the report page of a 500-player, 11-round Swiss takes to open in a browser;
with ``--callgrind``, how many instructions writing an event's page takes.

Run from the repository root (Debian's ``chromium`` through Playwright)::

    python benchmarks/bench_report_page.py                       # this tree's page
    python benchmarks/bench_report_page.py --also OTHER/report.html  # beside another

The page is written by ``rate FILE --out DIR`` of this tree (the same generated event as
``bench_startup.py``).  Each figure is the least, over the runs, of the time from the
start of the navigation to the first frame after the load event with the page laid
out (ms, ``performance.now()`` in the page); the pages given with ``--also`` (the same
event written by another tree, say ``main``'s) are opened in turn with this tree's, so
that the machine's load moves them alike.  No assertion: figures only.

``--callgrind`` (Debian's ``valgrind``) counts the instructions of ``render_html`` of
``generate.columnar_event`` events (9 x 5, 30 x 7, 60 x 9, seed 12) rated by ``rate``,
a site's page (``assets="../"``): Python runs N pages and none under callgrind, after a
page written to warm up, and the difference over N is one page's; the hash seed is
fixed (``PYTHONHASHSEED=0``), so the figure is the same from run to run within a few
tenths of a per cent, whatever the machine's load.  ``--against OTHER`` (another
checkout, say ``main``'s, with its ``.venv``) is counted in the same run::

    python benchmarks/bench_report_page.py --callgrind --against ../main
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

from benchmarks.generate import generate_swiss, to_trf  # noqa: E402

#: The flags a sandboxed, network-less machine needs (as tests/conftest.py).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The first frame after the load event, the page laid out, in ms from the navigation.
READY = """() => new Promise(done => requestAnimationFrame(() => {
    document.body.getBoundingClientRect(); done(performance.now()); }))"""


#: The events whose pages ``--callgrind`` counts: (players, rounds, pages counted).
SIZES = ((9, 5, 40), (30, 7, 20), (60, 9, 10))
#: What runs under callgrind: N pages of an event after one to warm up.
PAGES = """import sys
sys.path.insert(0, sys.argv[1])
from benchmarks.generate import columnar_event
from tournament_elo.rating.engine import rate
from tournament_elo.render.html import render_html
pages, players, rounds = (int(a) for a in sys.argv[2:5])
result = rate(columnar_event(players, rounds, seed=12).event)
for _ in range(pages + 1):
    render_html(result, "en", assets="../")
"""


def instructions(tree: Path, players: int, rounds: int, pages: int) -> float:
    """Instructions of one page of ``tree`` (its ``.venv``'s Python, else this one)."""
    python = tree / ".venv" / "bin" / "python"
    command = [str(python if python.exists() else sys.executable), "-c", PAGES, str(tree)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    subprocess.run([*command, "0", str(players), str(rounds)], env=env, check=True)  # .pyc

    def counted(n: int) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               *command, str(n), str(players), str(rounds)], env=env,
                              check=True, capture_output=True, text=True)
        return int(re.findall(r"Collected : (\d+)", done.stderr)[-1])

    return (counted(pages) - counted(0)) / pages


def callgrind(against: Sequence[Path]) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("no valgrind on this machine (Debian package: valgrind)")
    trees = [ROOT, *against]
    print("\ninstructions per page, render_html of columnar_event(P, R, seed=12), callgrind")
    print(f"  {'event':<8}" + "".join(f"{'this tree' if t == ROOT else str(t):>16}" for t in trees))
    for players, rounds, pages in SIZES:
        counts = [instructions(t, players, rounds, pages) for t in trees]
        print(f"  {f'{players} x {rounds}':<8}" + "".join(f"{c / 1e6:14.2f} M" for c in counts))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--also", action="append", default=[], type=Path,
                        help="another report.html to open in turn with this tree's")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--callgrind", action="store_true",
                        help="count the instructions of a page instead (valgrind)")
    parser.add_argument("--against", action="append", default=[], type=Path,
                        help="with --callgrind: another checkout counted in the same run")
    args = parser.parse_args(argv)
    if args.callgrind:
        callgrind([t.resolve() for t in args.against])
        return
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium on this machine (Debian package: chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        event = tmp / "big.trf"
        event.write_text(to_trf(generate_swiss(500, 11, seed=16)), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "tournament_elo", "rate", str(event),
                        "--format", "json", "--out", str(tmp / "out")], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pages = [tmp / "out" / "report.html", *args.also]
        best = dict.fromkeys(pages, float("inf"))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
            for _ in range(args.runs):
                for page_file in pages:
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    page.goto(page_file.resolve().as_uri())
                    best[page_file] = min(best[page_file], float(page.evaluate(READY)))
                    page.close()
            browser.close()
        print(f"\nopening report.html, 500 x 11 (least of {args.runs}, in turn)")
        for page_file, ms in best.items():
            name = "this tree" if page_file == pages[0] else str(page_file)
            size = page_file.stat().st_size / 1e6
            print(f"  {name:<44} {ms:8.0f} ms  {size:.2f} MB")


if __name__ == "__main__":
    main()
