"""Every example of the manual runs and says what the page says.

The pages (``README.md`` and ``docs/*.md``) give commands in three ways; each page's
commands run in order, in a fresh folder holding a copy of ``sample_events/`` (so a later
command sees what an earlier one wrote, and nothing is written into the repository):

- a ```` ```console ```` block: each ``$ `` line is a command (a line ending in ``\\`` goes
  on); the lines under it, up to the next ``$ ``, are what it prints, standard error and
  standard output in the order a terminal shows them, compared line by line (trailing
  blanks aside), where a line ``...`` stands for any number of lines. A command with
  nothing under it is run but its output is not compared.
- a ```` ```sh ```` block: each line that is not a comment is a command.
- a line indented by four spaces that starts ``tournament-elo`` (the README's style).

A command must exit 0, unless a comment at its end says ``exit N``. ``serve`` and
``watch`` run until they are up (``serve`` on ``--port 0``, its page fetched; ``watch``
once it has written the report set) and are then stopped with Ctrl+C. A
```` ```python ```` block runs in the same folder: as a doctest when it holds ``>>>``
lines, else as a script that must not raise; the page's Python blocks share their names,
as a reader goes on from one to the next. A block whose opening names a file after its
language (```` ```toml my-club.toml ````) is written into the folder under that name, for
the commands after it. Other blocks (``text``, ``toml``, ...) are shown, not run.
"""

from __future__ import annotations

import doctest
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A guard against a command that hangs (seconds), not a measure: every example takes
#: well under a second or two.
DEADLINE = 300
#: The blocks that run, by their language; any other block is shown only.
RUN_LANGUAGES = {"console", "sh", "python"}
#: Languages of shell code that would be shown but not run: a page must not use them.
UNRUN_SHELL = {"bash", "shell", "shell-session", "zsh"}
LONG_RUNNING = {"serve", "watch"}


@dataclass
class Example:
    page: Path
    line: int  # where the command starts on the page (1-based)
    command: str
    expected_exit: int
    output: list[str] | None  # the lines the page shows under it, or None: not compared


@dataclass
class PythonBlock:
    page: Path
    line: int
    code: str


@dataclass
class FileBlock:
    """A block whose opening names a file (```` ```toml my-club.toml ````): the page's
    folder gets that file, for the commands after it to read."""

    name: str
    text: str


def _exit_code(command: str) -> int:
    said = re.search(r"#.*\bexit (\d+)\)?\s*$", command)
    return int(said.group(1)) if said else 0


def _joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Lines ending in a backslash joined to the next, each with its first line number."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for number, text in lines:
        if pending is not None:
            number, text = pending[0], pending[1] + "\n" + text
        if text.endswith("\\"):
            pending = (number, text)
            continue
        pending = None
        out.append((number, text))
    return out


def _console(page: Path, start: int, body: list[str]) -> list[Example]:
    examples: list[Example] = []
    output: list[str] = []
    command: list[tuple[int, str]] = []

    def close() -> None:
        if command:
            ((number, text),) = _joined(command)
            shown = [line.rstrip() for line in output]
            while shown and not shown[-1]:
                shown.pop()
            examples.append(Example(page, number, text, _exit_code(text), shown or None))

    for offset, line in enumerate(body, start + 1):
        if command and command[-1][1].endswith("\\"):
            command.append((offset, line))
        elif line.startswith("$ "):
            close()
            command, output = [(offset, line[2:])], []
        else:
            assert command, f"{page.name}:{offset}: output before any '$ ' command"
            output.append(line)
    close()
    return examples


def _sh(page: Path, start: int, body: list[str]) -> list[Example]:
    lines = [(n, text) for n, text in enumerate(body, start + 1)
             if text.strip() and not text.lstrip().startswith("#")]
    return [Example(page, n, text, _exit_code(text), None) for n, text in _joined(lines)]


def examples_of(page: Path) -> list[Example | PythonBlock | FileBlock]:
    """The page's examples, in the order they appear."""
    found: list[Example | PythonBlock | FileBlock] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    fence: tuple[int, str, str | None] | None = None
    body: list[str] = []
    for number, line in enumerate(lines, 1):
        opening = re.match(r"^```(\S*)(?:\s+(\S+))?\s*$", line)
        if fence is None and opening:
            fence, body = (number, opening.group(1), opening.group(2)), []
        elif fence is not None and line.startswith("```"):
            start, language, file_name = fence
            assert language not in UNRUN_SHELL, (
                f"{page.name}:{start}: a ```{language} block is not run; use console or sh")
            if language == "console":
                found.extend(_console(page, start, body))
            elif language == "sh":
                found.extend(_sh(page, start, body))
            elif language == "python":
                found.append(PythonBlock(page, start, "\n".join(body) + "\n"))
            elif file_name:
                found.append(FileBlock(file_name, "\n".join(body) + "\n"))
            else:
                assert not any(b.startswith("$ tournament-elo") for b in body), (
                    f"{page.name}:{start}: a ```{language or 'plain'} block shows a command "
                    "that is not run; use console")
            fence = None
        elif fence is not None:
            body.append(line)
        elif line.startswith("    tournament-elo "):
            text = line[4:]
            found.append(Example(page, number, text, _exit_code(text), None))
    assert fence is None, f"{page.name}:{fence[0]}: a block is never closed"
    return found


def _environment(folder: Path) -> dict[str, str]:
    """The environment of a newcomer's shell: English, no setting of this tool's, a home
    of its own (the desk's work folder lives there), Python's output unbuffered so that
    standard error and standard output arrive in the order they are written."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TOURNAMENT_ELO_", "LC_")) and k not in ("LANGUAGE", "LANG")}
    env.update(LANG="C.UTF-8", HOME=str(folder / "home"), PYTHONUNBUFFERED="1",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]))
    env.pop("XDG_DATA_HOME", None)
    return env


#: The command line as the installed ``tournament-elo`` runs it, whatever the PATH holds.
PRELUDE = f'tournament-elo() {{ "{sys.executable}" -m tournament_elo "$@"; }}\n'


def _matches(shown: list[str], printed: list[str]) -> bool:
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + "\n"
                      for line in shown)
    return re.fullmatch(pattern, "".join(line + "\n" for line in printed)) is not None


def _long_running(command: str) -> str | None:
    words = command.split()
    return words[1] if len(words) > 1 and words[0] == "tournament-elo" \
        and words[1] in LONG_RUNNING else None


def _run_long(example: Example, folder: Path, env: dict[str, str]) -> tuple[int, str]:
    """``serve`` until it prints its address and answers it, or ``watch`` until its
    report is written; then Ctrl+C. (exit code, what it printed)."""
    words = shlex.split(example.command, comments=True)
    serving = words[1] == "serve"
    if serving:
        ports = [i for i, word in enumerate(words) if word == "--port"]
        words = [w for i, w in enumerate(words) if i not in ports and i - 1 not in ports]
        words += ["--port", "0"]
    report = folder / words[words.index("--out") + 1] / "report.html" if not serving else None
    process = subprocess.Popen([sys.executable, "-m", "tournament_elo", *words[1:]],
                               cwd=folder, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str | None] = queue.Queue()  # None: the output has ended

    def read(stream: IO[str]) -> None:
        for line in iter(stream.readline, ""):
            lines.put(line)
        lines.put(None)

    assert process.stdout is not None
    reader = threading.Thread(target=read, args=(process.stdout,), daemon=True)
    reader.start()
    printed: list[str] = []
    try:
        while (line := lines.get(timeout=DEADLINE)) is not None:
            printed.append(line)
            address = re.search(r"http://\S+/", line)
            if serving and address:
                with urllib.request.urlopen(address.group(0), timeout=DEADLINE) as answer:
                    assert answer.status == 200, (example, answer.status)
                break
            if report is not None and report.exists():
                break
        process.send_signal(signal.SIGINT)
        process.wait(DEADLINE)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(DEADLINE)
    reader.join(DEADLINE)
    while not lines.empty() and (rest := lines.get()) is not None:
        printed.append(rest)
    return process.returncode, "".join(printed)


def _named(page: Path) -> str:
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else page.name


def run_example(example: Example, folder: Path) -> None:
    env = _environment(folder)
    if _long_running(example.command):
        code, printed = _run_long(example, folder, env)
    else:
        done = subprocess.run(["bash", "-c", PRELUDE + example.command], cwd=folder, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=DEADLINE, check=False)
        code, printed = done.returncode, done.stdout
    where = f"{_named(example.page)}:{example.line}: $ {example.command}"
    if code != example.expected_exit:
        pytest.fail(f"{where}\nexit {code}, the page says {example.expected_exit}\n{printed}",
                    pytrace=False)
    if example.output is not None:
        lines = [line.rstrip() for line in printed.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        if not _matches(example.output, lines):
            pytest.fail(f"{where}\nthe page shows:\n" + "\n".join(example.output)
                        + "\nit printed:\n" + "\n".join(lines), pytrace=False)


def run_python(block: PythonBlock, names: dict[str, object], folder: Path,
               monkeypatch: pytest.MonkeyPatch) -> None:
    """The block in ``names``, the namespace the page's blocks share (as a reader goes on
    from one block to the next)."""
    monkeypatch.chdir(folder)
    name = f"{_named(block.page)}:{block.line}"
    if ">>> " in block.code:
        test = doctest.DocTestParser().get_doctest(block.code, names, name, str(block.page),
                                                   block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, clear_globs=False)
        names.update(test.globs)  # the test ran in a copy
        assert runner.failures == 0, f"{name}: {runner.failures} of {runner.tries} failed"
    else:
        exec(compile(block.code, name, "exec"), names)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_of_the_page_runs_as_it_says(
        page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "sample_events", tmp_path / "sample_events")
    (tmp_path / "home").mkdir()
    names: dict[str, object] = {"__name__": "__docs__"}
    for example in examples_of(page):
        if isinstance(example, FileBlock):
            (tmp_path / example.name).write_text(example.text, encoding="utf-8")
        elif isinstance(example, PythonBlock):
            run_python(example, names, tmp_path, monkeypatch)
        else:
            run_example(example, tmp_path)


# ------------------------------------------------------------------ the runner itself


def _page(tmp_path: Path, text: str) -> list[Example | PythonBlock | FileBlock]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return examples_of(page)


def test_a_page_is_read_into_commands_outputs_and_exit_codes(tmp_path: Path) -> None:
    examples = _page(tmp_path, (
        "Text.\n\n    tournament-elo systems\n\n```console\n$ printf 'a\\nb\\n'\na\n...\n"
        "$ false   # then: exit 1\n$ echo one \\\n  two\n```\n\n```sh\n# a comment\ntrue\n```\n"
        "\n```text\nnot run\n```\n"))
    assert [(e.line, e.command, e.expected_exit, e.output) for e in examples
            if isinstance(e, Example)] == [
        (3, "tournament-elo systems", 0, None),
        (6, "printf 'a\\nb\\n'", 0, ["a", "..."]),
        (9, "false   # then: exit 1", 1, None),
        (10, "echo one \\\n  two", 0, None),
        (16, "true", 0, None)]


@pytest.mark.parametrize("text", [
    "```console\n$ echo one\ntwo\n```\n",          # another output
    "```console\n$ printf 'a\\nb\\n'\na\n```\n",  # a line more than shown
    "```console\n$ false\n```\n",                   # exit 1, the page says 0
    "```sh\ntrue   # exit 2\n```\n",                # exit 0, the page says 2
])
def test_a_page_that_says_what_its_command_does_not_do_fails(tmp_path: Path, text: str) -> None:
    (example,) = _page(tmp_path, text)
    assert isinstance(example, Example)
    (tmp_path / "home").mkdir()
    with pytest.raises(pytest.fail.Exception):
        run_example(example, tmp_path)


def test_a_page_that_says_what_its_command_does_passes(tmp_path: Path) -> None:
    (tmp_path / "home").mkdir()
    text = ("```console\n$ printf 'a\\nb\\nc\\n'\na\n...\nc\n$ false   # exit 1\n"
            "$ echo 'é'\né\n```\n")
    for example in _page(tmp_path, text):
        assert isinstance(example, Example)
        run_example(example, tmp_path)
