"""How long the report page of a 500-player, 11-round Swiss takes to open in a browser.

Run from the repository root (Debian's ``chromium`` through Playwright)::

    python benchmarks/bench_report_page.py                       # this tree's page
    python benchmarks/bench_report_page.py --also OTHER/report.html  # beside another

The page is written by ``rate FILE --out DIR`` of this tree (the same generated event as
``bench_startup.py``).  Each figure is the least, over the runs, of the time from the
start of the navigation to the first frame after the load event with the page laid
out (ms, ``performance.now()`` in the page); the pages given with ``--also`` (the same
event written by another tree, say ``main``'s) are opened in turn with this tree's, so
that the machine's load moves them alike.  No assertion: figures only.
"""

from __future__ import annotations

import argparse
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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--also", action="append", default=[], type=Path,
                        help="another report.html to open in turn with this tree's")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
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
