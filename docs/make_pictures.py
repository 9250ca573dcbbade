"""The manual's pictures (``docs/*.png``), taken in Debian's headless Chromium from what the
README's quick starts write on the bundled samples:

    python docs/make_pictures.py            # every picture, into docs/
    python docs/make_pictures.py report     # only those named: report site teams desk wall

Each command runs as a user types it, in a temporary copy of ``sample_events/``, and the
page it wrote (or the desk it serves) is opened at a fixed window size. Nothing else is
drawn: a picture shows exactly what the command gives.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (the browser the tests use)

#: How long the desk may take to print its address (seconds): a guard against a hang.
START_TIMEOUT = 120


def tournament_elo(*args: str, cwd: Path) -> None:
    """``tournament-elo ARGS`` in ``cwd``; a failure stops the script with its message."""
    done = subprocess.run([sys.executable, "-m", "tournament_elo", *args], cwd=cwd,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"tournament-elo {' '.join(args)}: exit {done.returncode}\n{done.stderr}")


@contextmanager
def desk(event: str, cwd: Path) -> Iterator[str]:
    """``tournament-elo serve EVENT --port 0`` running; yields the address it prints."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tournament_elo", "serve", event, "--port", "0",
         "--work-dir", str(cwd / "desk")],
        cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        found = re.search(r"http://\S+/", first)
        if not found:
            sys.exit(f"serve printed no address: {first!r}")
        yield found.group(0)
    finally:
        server.terminate()
        server.wait(START_TIMEOUT)


def shoot(browser: Any, url: str, picture: str, width: int, height: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(url, wait_until="load")
        page.screenshot(path=str(DOCS / picture))
    finally:
        page.close()
    print(f"docs/{picture} ← {url}")


def report(browser: Any, work: Path) -> None:
    """The federation's report of one event: ``rate … --out report/``."""
    tournament_elo("rate", "sample_events/open_2025.xlsx", "--out", "report/", cwd=work)
    shoot(browser, (work / "report" / "report.html").as_uri(), "report.png", 1240, 760)


def site(browser: Any, work: Path) -> None:
    """The rating officer's site: three events imported, recomputed and published."""
    tournament_elo("db", "import", "sample_events/held_c07_swiss5.trf",
                   "sample_events/club_rapid-games.csv", "sample_events/open_2025.xlsx",
                   cwd=work)
    tournament_elo("db", "recompute", cwd=work)
    tournament_elo("publish", "--out", "site/", "--title", "Rating list",
                   "--federation", "Chess Federation", cwd=work)
    shoot(browser, (work / "site" / "index.html").as_uri(), "site.png", 1240, 760)


def teams(browser: Any, work: Path) -> None:
    """A team event's report: ``teams … --out teams/``."""
    tournament_elo("teams", "sample_events/heltour_friendship_cup_2024_team.trf",
                   "--out", "teams/", cwd=work)
    shoot(browser, (work / "teams" / "teams.html").as_uri(), "teams.png", 1240, 760)


def desk_page(browser: Any, work: Path) -> None:
    """The arbiter's desk on the Gros open after round 4."""
    with desk("sample_events/javafo_aum_gros_2010_after_r4.trf", work) as address:
        shoot(browser, address + "e/1/", "desk.png", 1240, 760)


def wall(browser: Any, work: Path) -> None:
    """The desk's wall view, for a screen in the playing hall."""
    with desk("sample_events/javafo_aum_gros_2010_after_r4.trf", work) as address:
        shoot(browser, address + "e/1/wall", "desk-wall.png", 1280, 720)


PICTURES: dict[str, Callable[[Any, Path], None]] = {
    "report": report, "site": site, "teams": teams, "desk": desk_page, "wall": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"the pictures to make: {', '.join(PICTURES)} (default: all)")
    names = parser.parse_args().names or list(PICTURES)
    unknown = sorted(set(names) - set(PICTURES))
    if unknown:
        parser.error(f"no picture named {', '.join(unknown)}; known: {', '.join(PICTURES)}")
    if CHROMIUM is None:
        sys.exit("no chromium on this machine (Debian package: chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for name in names:
            work = Path(folder) / name
            work.mkdir()
            shutil.copytree(ROOT / "sample_events", work / "sample_events")
            PICTURES[name](browser, work)
        browser.close()


if __name__ == "__main__":
    main()
