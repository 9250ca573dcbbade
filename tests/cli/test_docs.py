"""The README is the front door and the manual in docs/ holds together: the README's first
two commands stay as they are, its rate commands print ratings, its pictures exist, and
every link of the manual leads to a file and a heading that exist.  (That every example
runs as its page says is ``test_doc_examples.py``.)"""

import doctest
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import tournament_elo

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md")), ROOT / "benchmarks" / "README.md",
         ROOT / "benchmarks" / "results.md"]
#: The README's first two indented lines: ``.ci/run`` runs the second, the first is the
#: newcomer's first command; neither may change.
FIRST_COMMANDS = [
    "    python3 -m venv .venv && . .venv/bin/activate && pip install . && tournament-elo "
    "rate sample_events/held_c07_swiss5.trf --out report/",
    "    python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && pytest -q",
]


def test_package_docstring_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testmod(tournament_elo, verbose=False)
    assert tried >= 3 and failures == 0


def test_the_readmes_first_two_indented_lines_are_its_two_commands():
    indented = [line for line in README.read_text().splitlines() if line.startswith("    ")]
    assert indented[:2] == FIRST_COMMANDS
    assert README.read_text().splitlines()[2:4] == FIRST_COMMANDS  # where .ci/run looks


def test_the_readme_is_a_front_door_of_at_most_150_lines():
    assert len(README.read_text().splitlines()) <= 150


def test_readme_first_command_rates_the_sample(tmp_path):
    # The README's first line, minus the install: rate the sample with a report.
    first = README.read_text().splitlines()[2]
    command = first.split("&& ")[-1].split()
    assert command[:2] == ["tournament-elo", "rate"]
    out = tmp_path / "report"
    args = [sys.executable, "-m", "tournament_elo", *command[1:-1], str(out)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Bruno" in done.stdout and (out / "report.html").exists()


def test_every_readme_rate_command_on_a_sample_prints_the_ratings(tmp_path):
    # Each in a copy of the samples, so that a report folder lands there.
    shutil.copytree(ROOT / "sample_events", tmp_path / "sample_events")
    commands = re.findall(r"^    tournament-elo (rate sample_events/\S+.*)$", README.read_text(),
                          re.M)
    assert len(commands) >= 3
    for command in commands:
        args = [sys.executable, "-m", "tournament_elo", *shlex.split(command)]
        done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, check=False)
        assert done.returncode == 0, (command, done.stderr)
        assert "New rating" in done.stdout


def test_the_readme_has_a_quick_start_and_a_picture_per_user():
    # The arbiter after a round, the federation publishing, the rating officer, the team
    # event: each a section with commands and a screenshot in docs/.
    text = README.read_text()
    sections = re.split(r"^### ", text, flags=re.M)[1:]
    users = {s.splitlines()[0]: s for s in sections}
    for user, command, picture in [
            ("The arbiter, after a round", "tournament-elo serve", "docs/desk.png"),
            ("The federation, publishing an event", "--out report/", "docs/report.png"),
            ("The rating officer", "tournament-elo publish", "docs/site.png"),
            ("The team event", "tournament-elo teams", "docs/teams.png")]:
        assert command in users[user] and f"]({picture})" in users[user], user
        assert (ROOT / picture).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", picture


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _outside_code(text: str) -> list[str]:
    """The lines of a page outside its fenced blocks (a block's `#` is no heading)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def _anchors(page: Path) -> set[str]:
    slugs: set[str] = set()
    for line in _outside_code(page.read_text(encoding="utf-8")):
        heading = re.match(r"^#{1,6} (.*)$", line)
        if heading:
            slug, n = _slug(heading.group(1)), 1
            while slug in slugs:  # GitHub numbers a repeated heading
                slug = f"{_slug(heading.group(1))}-{n}"
                n += 1
            slugs.add(slug)
    return slugs


def _links(page: Path) -> list[str]:
    text = "\n".join(_outside_code(page.read_text(encoding="utf-8")))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans hold no links
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_every_link_of_the_manual_leads_to_a_file_and_heading_that_exist():
    broken = []
    for page in PAGES:
        for link in _links(page):
            if re.match(r"[a-z]+:", link):
                continue  # a web address
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such file)")
            elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_every_page_and_picture_of_the_manual_is_linked():
    linked = {(page.parent / link.partition("#")[0]).resolve()
              for page in PAGES for link in _links(page)}
    orphans = [p.name for p in [*DOCS.glob("*.md"), *DOCS.glob("*.png")]
               if p.resolve() not in linked]
    assert not orphans, orphans


def test_every_benchmark_has_its_figure_and_its_command():
    scripts = sorted(p.name for p in (ROOT / "benchmarks").glob("bench_*.py"))
    results = (ROOT / "benchmarks" / "results.md").read_text()
    how = (ROOT / "benchmarks" / "README.md").read_text()
    assert [s for s in scripts if f"`{s}`" not in results] == []
    assert [s for s in scripts if f"benchmarks/{s}" not in how] == []
