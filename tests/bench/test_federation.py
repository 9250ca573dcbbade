"""The federation benchmark at 1 % (1,000 players, 2,000 events, about 200,000 games)
checks what it produced: every file imported, every generated game rated, a page for
every player, the incremental site equal to a full one.  Its times are not asserted."""

from __future__ import annotations

import re
import subprocess
import sys

from helpers import DATA

ROOT = DATA.parents[1]

#: The benchmark's check lines, at the scale asked (the tenth's come first, alike).
CHECKS = [
    r"check db import: every file imported: ok \(2,000 of 2,000 imported, 0 failed\)",
    r"check db recompute: games rated = games generated: ok \(([\d,]+) rated, \1 generated\)",
    r"check publish: standard player pages = players generated: ok \(([\d,]+) pages, \1 ",
    r"check publish: rapid player pages = players generated: ok \(([\d,]+) pages, \1 ",
    r"check publish: blitz player pages = players generated: ok \(([\d,]+) pages, \1 ",
    r"check db import, a month more: every file imported: ok \((\d+) of \1 imported, 0 failed\)",
    r"check db recompute, a month more: games rated = games generated: ok "
    r"\(([\d,]+) rated, \1 generated\)",
    r"check publish again: standard player pages = players generated: ok",
    r"check incremental site = full site: (ok|skipped)",
    r"checks: (\d+) of \1 passed at scale 0\.01\n",
]


def test_the_federation_at_one_percent_checks_out() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_federation.py"),
                           "--scale", "0.01"], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    whole = done.stdout[done.stdout.index("\nscale 0.01\n"):]
    assert "FAILED" not in done.stdout, done.stdout[-3000:]
    for check in CHECKS:
        assert re.search(check, whole), (check, whole[-3000:])
    # 2,000 events of which 200 a tenth's: both scales ran.
    assert "\nscale 0.001\n" in done.stdout
