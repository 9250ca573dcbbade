"""The bodies of a report's three long tables (crosstable, rating report, starting rank)
written as markup here rather than cell by cell through the template: each distinct text
is escaped once, and a cell is its start tag and its text, without the end tag HTML lets
a cell leave out (the next ``<td>`` or ``</tr>`` closes it).  A 10,000-player report has
some 400,000 such cells.

The crosstable's cells carry no class but the name's, the title's and those of its
figures that its style does not say (:data:`BY_COLUMN`): which of its columns are
numbers and which are rounds depends on the event, and is said once by the style
written beside the table (:func:`crosstable_style`).  The starting rank's number and
rating are its first and last cells (``report.css``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

Row = dict[str, Any]


@lru_cache(maxsize=1 << 16)
def escaped(text: str) -> str:
    """Text as markup: a table's cells repeat few texts, within a page and across the
    pages of a site."""
    return str(escape(text))


@lru_cache(maxsize=1 << 16)
def _cell(cls: str, hint: str, text: str) -> str:
    """A cell's start tag (its class and hint) and its text."""
    return ("<td" + (f' class="{cls}"' if cls else "") +
            (f' title="{escaped(hint)}"' if hint else "") + f">{escaped(text)}")


def _name(to: str, anchor: str, name: str) -> str:
    """The name cell: a link to the player's section where ``to`` says where it is."""
    if not to:
        return f'<td class="name">{escaped(name)}'
    return f'<td class="name"><a href="{escaped(to + anchor)}">{escaped(name)}</a>'


#: The classes of the crosstable's figures that its style says by column (the figures
#: after the rounds): numbers right-aligned, the points in bold; tie-breaks are numbers.
BY_COLUMN = {"num": "text-align: right", "pts": "font-weight: 700", "tb": ""}


@lru_cache(maxsize=256)
def _left_to_cell(cls: str) -> str:
    """A crosstable cell's classes but those its style says by column (:data:`BY_COLUMN`)."""
    return " ".join(t for t in cls.split() if t not in BY_COLUMN)


def crosstable_style(context: Mapping[str, Any]) -> Markup:
    """Where the crosstable's columns are: its numbers right-aligned (rank, number,
    rating and the figures marked ``num`` after the rounds), its points in bold, its
    round cells centred (on paper, kept on one line)."""
    rating = 4 + bool(context["has_titles"])
    first, rounds = rating + 2, len(context["rounds"])
    lines = context["standings"]
    figures = list(enumerate((c["cls"].split() for c in lines[0]["stats"]) if lines else (),
                             first + rounds))
    rules = []
    for cls, declaration in BY_COLUMN.items():
        at = [k for k, classes in figures if cls in classes]
        if cls == "num":
            at = [1, 2, rating, *at]
        if declaration and at:
            rules.append(f".crosstable td:is({', '.join(f':nth-child({k})' for k in at)})"
                         f" {{ {declaration}; }}")
    if rounds:
        cells = f".crosstable td:nth-child(n+{first}):nth-child(-n+{first + rounds - 1})"
        rules += [f"{cells} {{ text-align: center; min-width: 3.2em; }}",
                  f"@media print {{ {cells} {{ min-width: 0; white-space: nowrap; }} }}"]
    return Markup("<style>" + "\n".join(rules) + "</style>")


def crosstable_body(context: Mapping[str, Any], to: str) -> Markup:
    """The crosstable's rows (:func:`~.view.build_context`'s ``standings``); ``to``: where
    a player's link points before his anchor (empty: no link)."""
    titles = bool(context["has_titles"])
    lines = []
    for p in context["standings"]:
        cells = [f"<tr><td>{escaped(p['rank'])}<td>{escaped(p['id'])}"]
        if titles:
            cells.append(f'<td class="ttl">{escaped(p["title"])}')
        cells.append(_name(to, p["anchor"], p["name"]))
        cells.append(f"<td>{escaped(p['rating'])}<td>{escaped(p['federation'])}")
        if p["cells"]:  # the rounds' cells: no class, no hint
            cells.append("<td>" + "<td>".join(map(escaped, p["cells"])))
        cells.extend(_cell(_left_to_cell(c["cls"]), c["hint"], c["text"]) for c in p["stats"])
        cells.append("</tr>\n")
        lines.append("".join(cells))
    return Markup("".join(lines))


def event_report_body(rows: Sequence[Row]) -> Markup:
    """The rating report's rows (the view's ``event_report['rows']``)."""
    return Markup("".join(
        f"<tr><td>{escaped(r['id'])}{_name('#', r['anchor'], r['name'])}" + "".join(
            _cell(c["cls"], c["hint"], c["text"]) for c in r["cells"]) + "</tr>\n" for r in rows))


def starting_rank_body(context: Mapping[str, Any]) -> Markup:
    """The starting rank's rows (number, title, name, federation, FIDE id, rating)."""
    titles, fide_ids = context["has_titles"], context["has_fide_ids"]
    lines = []
    for r in context["starting_rank"]:
        cells = [f"<tr><td>{escaped(r['id'])}"]
        if titles:
            cells.append(f'<td class="ttl">{escaped(r["title"])}')
        cells.append(_name("#", r["anchor"], r["name"]))
        cells.append(f"<td>{escaped(r['federation'])}")
        if fide_ids:
            cells.append(f'<td class="num">{escaped(str(r["fide_id"] or ""))}')
        cells.append(f"<td>{escaped(r['rating_text'])}</tr>\n")
        lines.append("".join(cells))
    return Markup("".join(lines))
