"""The one catalogue: every message the code and the templates say has its Vietnamese,
each message is looked up by its id before its values fill it, and an error's kind is
its message's id whatever the values."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tournament_elo.errors import InputError, InputWarning, Place
from tournament_elo.i18n.catalog import LOCALE_DIR, say
from tournament_elo.i18n.extract import message_nodes
from tournament_elo.i18n.message import alternatives, message
from tournament_elo.i18n.messages import problem_lines, warning_lines

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tournament_elo"
PO = LOCALE_DIR / "vi" / "LC_MESSAGES" / "tournament_elo.po"


def _method_map() -> list[tuple[str, str]]:
    # babel.cfg's sections, read as pybabel reads them.
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as cfg:
        method_map, _ = parse_mapping_cfg(cfg)
    return method_map


def _extracted() -> dict[tuple[str | None, str], str]:
    found: dict[tuple[str | None, str], str] = {}
    for filename, line, msg, _, context in extract_from_dir(str(ROOT), _method_map()):
        msgid = msg if isinstance(msg, str) else msg[0]
        found.setdefault((context, msgid), f"{filename}:{line}")
    return found


def _entries() -> list[tuple[str | None, tuple[str, ...], str]]:
    """Each entry: its context, its forms (the id, and the plural's where it has one) and
    its Vietnamese (one form: Vietnamese says a count's noun alike)."""
    with PO.open("rb") as po:
        catalogue = read_po(po)
    return [(m.context, m.id if isinstance(m.id, tuple) else (m.id,),
             m.string[0] if isinstance(m.string, tuple) else m.string)
            for m in catalogue if m.id and not m.fuzzy]


def _catalogue() -> dict[tuple[str | None, str], str]:
    return {(context, forms[0]): vi for context, forms, vi in _entries()}


def test_every_message_of_the_code_and_templates_has_its_vietnamese() -> None:
    extracted = _extracted()
    catalogue = _catalogue()
    # The extraction finds the messages of errors, warnings, word tables and templates.
    assert ("labels:games_rated", "Games") in extracted
    assert (None, "unknown tie-break") in extracted
    missing = sorted(f"{where}: {msgid!r}" + (f" (context {context})" if context else "")
                     for (context, msgid), where in extracted.items()
                     if not catalogue.get((context, msgid)))
    assert missing == []


def _holes(template: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]


def test_every_translation_has_the_holes_of_its_message() -> None:
    # Python's brace format: "{} rounds, {} boards" fills its holes in order, "{k}" by name.
    # A message with a plural is filled with the holes of both its forms.
    wrong = [(forms, vi) for _, forms, vi in _entries()
             if (sorted(_holes(forms[0])) != sorted(_holes(vi)) if len(forms) == 1
                 else not set(_holes(vi)) <= {h for form in forms for h in _holes(form)})]
    assert wrong == []


def _formatted_before_lookup(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr) and any(
            isinstance(part, ast.FormattedValue) for part in node.values):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and not isinstance(
            getattr(side, "value", ""), (int, float)) for side in (node.left, node.right))
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format")


def test_no_message_is_formatted_before_it_is_looked_up() -> None:
    # An f-string or a .format() as an error's or a warning's text would be looked up
    # formatted, so found in no catalogue: a message's values go to message(id, *values).
    formatted = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                formatted += [f"{path.relative_to(ROOT)}:{arg.lineno}"
                              for arg in message_nodes(node) if _formatted_before_lookup(arg)]
    assert formatted == []


def test_a_message_is_said_from_its_id_its_values_then_filled() -> None:
    problem = InputError(message("{} has no setting {}", "tuong-ky", "pool"), Place("--set"),
                         found=repr("pool=9"), expected=alternatives(["level", "tier"]))
    assert str(problem) == ("--set: tuong-ky has no setting pool; found 'pool=9', "
                            "expected level or tier")
    assert problem.kind == "{} has no setting {}"
    assert problem_lines(problem, "vi") == [
        "--set: hệ tuong-ky không có thiết lập pool; thấy 'pool=9', cần level hoặc tier"]


def test_an_errors_kind_is_the_same_whatever_its_values() -> None:
    one = InputError(message("a round from 1 to {}", 9))
    other = InputError(message("a round from 1 to {}", 11))
    assert one.kind == other.kind == "a round from 1 to {}"
    assert InputError("no such round").kind == "no such round"


def test_a_value_of_a_message_is_said_in_the_language_too() -> None:
    # "the column {}" with the word "rating" in its hole: both from the catalogue.
    assert say(message("the column {}", "rating"), "vi") == "cột Elo"
    assert say(message("the column {}", "ID Number"), "vi") == "cột ID Number"  # as read


@pytest.mark.parametrize("lang, line", [
    ("en", "e.trf, lines 2, 3, 4, 5: birth date (columns 70-79) … is not a date or a year: "
           "read as unknown ('20101', '30101', '40101', '50101')"),
    ("vi", "e.trf, các dòng 2, 3, 4, 5: ngày sinh (cột 70-79) … không phải ngày hay năm: "
           "coi như không rõ ('20101', '30101', '40101', '50101')"),
])
def test_warnings_of_one_kind_are_said_in_one_line(lang: str, line: str) -> None:
    # Four births of one file the format does not define: the quoted values apart, one
    # message; said once with every line and every value.
    warnings = [InputWarning(Place("e.trf", line=n), message(
        "{} {} is not a date or a year: read as unknown", "birth date (columns 70-79)",
        f"'{n}0101'")) for n in range(2, 6)]
    assert warning_lines(warnings, lang) == [line]
