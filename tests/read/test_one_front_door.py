"""One front door: every reader makes an :class:`~tournament_elo.model.EventDraft`, the
checks every event passes are called from one place (``read.checks.checked_event``), and
nothing past the readers asks which format an event came from.

Both are read from the package's source (its syntax trees), so a module that begins to
compare ``source_format``, or a reader that calls a check itself again, fails here; each
finder is first shown to find what it looks for in a line written for it.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tournament_elo"
READERS = PACKAGE / "read"
#: The checks every event passes (``read/checks.py``).
CHECKS = ("check_unique_fide_ids", "check_pairings", "unplayed_before_played",
          "check_declared_points", "date_warnings")


def modules() -> dict[str, ast.Module]:
    found = {str(path.relative_to(PACKAGE.parent)): ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(PACKAGE.rglob("*.py"))}
    assert len(found) > 100  # the whole package, not an empty folder
    return found


def _mentions_source_format(node: ast.AST) -> bool:
    return any(getattr(n, "attr", getattr(n, "id", getattr(n, "arg", None))) == "source_format"
               for n in ast.walk(node) if isinstance(n, ast.Attribute | ast.Name | ast.arg))


def _tests_source_format(node: ast.AST) -> bool:
    """Whether ``node`` compares or matches ``source_format``, calls a method on it
    (``.startswith``), or is a function that takes it and branches (``if``)."""
    if isinstance(node, ast.Compare | ast.Match):
        return _mentions_source_format(node)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Attribute) and _mentions_source_format(node.func.value)
    if isinstance(node, ast.FunctionDef):
        return _mentions_source_format(node.args) and any(
            isinstance(n, ast.If | ast.IfExp | ast.Match) for n in ast.walk(node))
    return False


def format_tests(tree: ast.Module) -> list[int]:
    """The lines that test ``source_format`` (:func:`_tests_source_format`)."""
    return sorted({node.lineno for node in ast.walk(tree)
                   if isinstance(node, ast.stmt | ast.expr) and _tests_source_format(node)})


def test_the_format_finder_finds_each_way_of_asking():
    written = ("if event.source_format == 'trf':\n    pass\n"
               "x = 'pgn' in (e.source_format,)\n"
               "y = event.source_format.startswith('chess-results')\n"
               "def hint(source_format):\n    return 1 if source_format else 2\n"
               "z = event.source_format or ''\n")
    assert format_tests(ast.parse(written)) == [1, 3, 4, 5]


def test_nothing_past_the_readers_asks_which_format_an_event_came_from():
    asking = {name: lines for name, tree in modules().items()
              if not name.startswith("tournament_elo/read/") and (lines := format_tests(tree))}
    assert asking == {}


def calls(tree: ast.Module, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """(function called, the function that calls it) for each call of one of ``names``."""
    found = []
    for outer in ast.walk(tree):
        if isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(outer):
                if isinstance(node, ast.Call):
                    func = node.func
                    called = func.attr if isinstance(func, ast.Attribute) else getattr(
                        func, "id", None)
                    if called in names:
                        found.append((called, outer.name))
    return found


def test_the_call_finder_finds_a_check_called_in_a_reader():
    written = ("def read_x(text):\n    warnings = check_pairings(p, players, place)\n"
               "    return common.date_warnings(event)\n")
    assert calls(ast.parse(written), CHECKS) == [("check_pairings", "read_x"),
                                                 ("date_warnings", "read_x")]


def test_the_checks_are_called_from_one_place():
    called = {(name, *call) for name, tree in modules().items() for call in calls(tree, CHECKS)}
    assert called == {("tournament_elo/read/checks.py", check, "checked_event")
                      for check in CHECKS}


def test_every_reader_of_events_makes_a_draft_and_the_checks_make_the_event():
    # No module builds an Event of what it read but the checks; the database rebuilds the
    # events it stored (already checked when they were imported).
    building = sorted({name for name, tree in modules().items() for node in ast.walk(tree)
                       if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Event"})
    assert building == ["tournament_elo/db/events.py", "tournament_elo/read/checks.py"]
    drafting = sorted({name for name, tree in modules().items() for node in ast.walk(tree)
                       if isinstance(node, ast.Call)
                       and getattr(node.func, "id", None) == "EventDraft"})
    assert drafting == ["tournament_elo/read/chessresults.py", "tournament_elo/read/pgn.py",
                        "tournament_elo/read/sheets.py", "tournament_elo/read/trf.py"]
