"""Every error the library raises belongs to its tree (drawn in errors.py's docstring)."""

from __future__ import annotations

import ast
import builtins
import pickle
from pathlib import Path

import tournament_elo
from tournament_elo import errors

PACKAGE = Path(tournament_elo.__file__).parent


def test_the_tree_is_as_drawn() -> None:
    assert issubclass(errors.InputError, errors.TournamentEloError)
    assert issubclass(errors.InputError, ValueError)  # as python-chess's errors are
    assert issubclass(errors.SystemDefinitionError, errors.InputError)
    assert issubclass(errors.EventModelError, errors.TournamentEloError)
    assert issubclass(errors.EventModelError, ValueError)
    doc = errors.__doc__ or ""
    for name in ("TournamentEloError", "InputError", "SystemDefinitionError", "EventModelError"):
        assert name in doc


def test_no_module_raises_a_builtin_exception() -> None:
    """A ``raise ValueError(...)`` (or any built-in) escapes the tree; re-raising a caught
    exception (``raise``) and the tree's own classes are fine, and so is the
    AttributeError a module's ``__getattr__`` must raise for a name it does not have
    (PEP 562: the package imports its public names when first used)."""
    escaped = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        protocol = {id(node) for function in ast.walk(tree)
                    if isinstance(function, ast.FunctionDef) and function.name == "__getattr__"
                    for node in ast.walk(function)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = target.id if isinstance(target, ast.Name) else None
            if name == "AttributeError" and id(node) in protocol:
                continue
            if name and isinstance(getattr(builtins, name, None), type) and issubclass(
                    getattr(builtins, name), BaseException):
                escaped.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {name}")
    assert escaped == []


def test_an_input_error_crosses_a_process_whole() -> None:
    """A worker process's error reaches the command line as it was raised."""
    error = errors.SystemDefinitionError("bad", errors.Place("f.toml", line=3), found="x",
                                         expected="y")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is errors.SystemDefinitionError
    assert str(again) == "f.toml, line 3: bad; found x, expected y"
    assert (again.place, again.reason, again.found, again.expected) == (
        errors.Place("f.toml", line=3), "bad", "x", "y")
