"""Every example in the documentation runs and says what it claims."""

import doctest
import re
import subprocess
import sys
from pathlib import Path

import tournament_elo

ROOT = Path(__file__).resolve().parents[2]


def test_package_docstring_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testmod(tournament_elo, verbose=False)
    assert tried >= 3 and failures == 0


def test_readme_python_example(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "Bruno" in printed and "2157" in printed


def test_readme_first_command_rates_the_sample(tmp_path):
    # The README's first line, minus the install: rate the sample with a report.
    first = (ROOT / "README.md").read_text().splitlines()[2]
    command = first.split("&& ")[-1].split()
    assert command[:2] == ["tournament-elo", "rate"]
    out = tmp_path / "report"
    args = [sys.executable, "-m", "tournament_elo", *command[1:-1], str(out)]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Bruno" in done.stdout and (out / "report.html").exists()


def test_every_readme_rate_command_on_a_sample_runs():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^    tournament-elo (rate sample_events/\S+.*)$", readme, re.M)
    assert len(commands) >= 3
    for command in commands:
        args = [sys.executable, "-m", "tournament_elo", *command.split()]
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 0, (command, done.stderr)
        assert "New rating" in done.stdout
