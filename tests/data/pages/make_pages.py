"""Write the pages ``tests/render/test_page_bytes.py`` compares with (run once, by hand,
with the checkout whose pages they are: ``/path/to/that/checkout/.venv/bin/python
tests/data/pages/make_pages.py`` from this repository's root; ``tournament_elo`` is
imported from wherever that interpreter has it)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "support"))

from report_pages import CASES, DESK_CASES, desk_pages, stored, written

import tournament_elo

print("tournament_elo from", Path(tournament_elo.__file__).parent)
for name, case in CASES.items():
    files = written(case) | (desk_pages(case) if name in DESK_CASES else {})
    for file, data in files.items():
        stored(name, file).write_bytes(data)
        print(f"{stored(name, file).name}: {len(data)} bytes")
