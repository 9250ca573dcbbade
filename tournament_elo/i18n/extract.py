"""Babel's extraction of the code's messages (``babel.cfg``; ``pybabel extract``).

A message is the English text given where people will read it: the reason, ``found`` and
``expected`` of an :class:`~tournament_elo.errors.InputError` (and of its kinds), the
message of an :class:`~tournament_elo.errors.InputWarning`, the reason of a system
definition's ``fail``, the template of a :func:`~.message.message`, the text said with
:func:`~.catalog.say`, the template of a record of the library's log (``logger.debug``,
``info``, ``warning``, ``error``: ``%s`` holes), and a word table's English marked with
:func:`~.message.N_` or :func:`~.message.NC_`.  Babel's own Python extractor takes
positional arguments only, so this one reads the code's syntax tree.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

#: Callables whose first argument (and ``found``, ``expected``) is a message.
ERRORS = frozenset({"InputError", "InputErrors", "SystemDefinitionError", "UsageError",
                    "BadParameter"})
#: Message texts passed by keyword.
MESSAGE_KEYWORDS = ("found", "expected", "message", "reason")
#: The message's position in each kind of call.
POSITIONS = {"InputWarning": 1, "message": 0, "Message": 0, "N_": 0, "say": 0, "fail": 1}
#: The logger's methods whose first argument is a record's template.
LOG_LEVELS = frozenset({"debug", "info", "warning", "error"})
#: The name the library's modules give their logger.
LOGGER = "logger"

Extracted = tuple[int, str, str | tuple[str, str], list[str]]


def _log_record(call: ast.Call) -> bool:
    """``logger.info(...)``: a record of the library's log."""
    function = call.func
    return (isinstance(function, ast.Attribute) and function.attr in LOG_LEVELS
            and isinstance(function.value, ast.Name) and function.value.id == LOGGER)


def _name(call: ast.Call) -> str | None:
    function = call.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return None


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def message_nodes(call: ast.Call) -> list[ast.expr]:
    """The arguments of ``call`` that are messages (empty for any other call)."""
    name = _name(call)
    if _log_record(call):
        return list(call.args[:1])
    if name in ERRORS:
        position = 0
    elif name in POSITIONS:
        position = POSITIONS[name]
    else:
        return []
    nodes = list(call.args[position:position + 1])
    if name in ERRORS or name in ("InputWarning", "fail"):
        nodes += [k.value for k in call.keywords if k.arg in MESSAGE_KEYWORDS]
    return nodes


def messages_of(tree: ast.AST) -> Iterator[tuple[int, str, str | tuple[str, str]]]:
    """Every message of a module: (line, its gettext function, its id, or (context, id)
    for ``pgettext``, or (singular, plural) for ``ngettext``)."""
    pairs = {"NC_": "pgettext", "NP_": "ngettext"}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        if name in pairs and len(node.args) == 2:
            first, second = _text(node.args[0]), _text(node.args[1])
            if first is not None and second is not None:
                yield node.lineno, pairs[name], (first, second)
            continue
        for argument in message_nodes(node):
            text = _text(argument)
            if text:
                yield argument.lineno, "gettext", text


def extract_messages(fileobj: IO[bytes], keywords: Mapping[str, Any],
                     comment_tags: Collection[str], options: Mapping[str, Any]
                     ) -> Iterator[Extracted]:
    """Babel's extraction method (``tournament_elo.i18n.extract:extract_messages``)."""
    tree = ast.parse(fileobj.read())
    for line, function, found in messages_of(tree):
        yield line, function, found, []
