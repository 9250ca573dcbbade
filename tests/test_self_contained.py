"""The repository passes its tests alone: nothing under tests/, benchmarks/ or sample_events/
opens a path outside the checkout, and every data file says where it came from."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"

# Built from pieces so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join([
        # The workplace's collection beside the checkout, its name spelled in hex so that
        # no search for the folder finds this guard itself.
        re.escape(bytes.fromhex("7368617265642f").decode()),
        r"""Path\(\s*['"]/""",                 # an absolute path of one machine
        r"""['"]/(?:work|home|root|tmp)/""",   # the same as a bare string
        r"\.\./\.\./",                         # climbing out by relative steps
    ])
)


def _text_files() -> list[Path]:
    files = []
    for folder in ("tests", "benchmarks", "sample_events"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".md", ".toml", ".csv", ".txt", ".tsv", ".trf"}:
                files.append(path)
    return files


#: ``Path(__file__).parents`` at index N: a folder N + 1 steps above the file.
CLIMB = re.compile(r"parents\[(\d+)\]")


def _climbs_out(path: Path, line: str) -> bool:
    """Whether the line climbs from ``path`` to a folder above the checkout: a file
    ``tests/read/test_x.py`` reaches the checkout two steps up, at index 2."""
    top = len(path.relative_to(ROOT).parts) - 1
    return any(int(steps) > top for steps in CLIMB.findall(line))


def test_no_test_benchmark_or_sample_names_a_path_outside_the_checkout() -> None:
    found = []
    for path in _text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                      .splitlines(), 1):
            if OUTSIDE.search(line) or _climbs_out(path, line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_every_data_file_has_its_source_noted() -> None:
    sources = (DATA / "SOURCES.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`]+)`", sources))
    for stem in list(named):  # `x.{html,tsv}` names both files
        if match := re.fullmatch(r"(.+)\.\{(.+)\}", stem):
            named |= {f"{match[1]}.{ext}" for ext in match[2].split(",")}
    unnoted = [p.name for p in sorted(DATA.iterdir())
               if p.is_file() and p.name != "SOURCES.md" and p.name not in named]
    assert unnoted == []
