"""The bodies of a report's three long tables (crosstable, rating report, starting rank)
written as markup here rather than cell by cell through the template: each distinct text
is escaped once, and a cell is its start tag and its text, without the end tag HTML lets
a cell leave out (the next ``<td>`` or ``</tr>`` closes it).  A 10,000-player report has
some 400,000 such cells.

The crosstable's cells carry no class but the name's, the title's, the federation's and
those of its figures (``num`` left out): which of its columns are numbers and which are
rounds depends on the event, and is said once by the style written beside the table
(:func:`crosstable_style`).  The starting rank's number and rating are its first and
last cells (``report.css``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape


Row = dict[str, Any]


def _escaper() -> Callable[[str], str]:
    """Text to markup, each distinct text escaped once."""
    done: dict[str, str] = {}

    def escaped(text: str) -> str:
        try:
            return done[text]
        except KeyError:
            done[text] = out = str(escape(text))
            return out

    return escaped


def _attributes(cls: str, hint: str, escaped: Callable[[str], str]) -> str:
    return (f' class="{cls}"' if cls else "") + (f' title="{escaped(hint)}"' if hint else "")


def _name(to: str, anchor: str, name: str) -> str:
    """The name cell: a link to the player's section where ``to`` says where it is."""
    if not to:
        return f'<td class="name">{escape(name)}'
    return f'<td class="name"><a href="{escape(to + anchor)}">{escape(name)}</a>'


def _without_num(cls: str) -> str:
    return " ".join(t for t in cls.split() if t != "num")


def crosstable_style(context: Mapping[str, Any]) -> Markup:
    """Where the crosstable's columns are: its numbers right-aligned (rank, number,
    rating and the figures marked ``num`` after the rounds), its round cells centred (on
    paper, kept on one line)."""
    rating = 4 + bool(context["has_titles"])
    first, rounds = rating + 2, len(context["rounds"])
    lines = context["standings"]
    figures = [at for at, c in enumerate(lines[0]["stats"] if lines else (), first + rounds)
               if "num" in c["cls"].split()]
    numbers = ", ".join(f":nth-child({at})" for at in (1, 2, rating, *figures))
    style = f".crosstable td:is({numbers}) {{ text-align: right; }}"
    if rounds:
        cells = f".crosstable td:nth-child(n+{first}):nth-child(-n+{first + rounds - 1})"
        style += (f"\n{cells} {{ text-align: center; min-width: 3.2em; }}\n"
                  f"@media print {{ {cells} {{ min-width: 0; white-space: nowrap; }} }}")
    return Markup(f"<style>{style}</style>")


def crosstable_body(context: Mapping[str, Any], to: str) -> Markup:
    """The crosstable's rows (:func:`~.view.build_context`'s ``standings``); ``to``: where
    a player's link points before his anchor (empty: no link)."""
    escaped = _escaper()
    titles = bool(context["has_titles"])
    lines = []
    for p in context["standings"]:
        cells = [f"<tr><td>{escaped(p['rank'])}<td>{escaped(p['id'])}"]
        if titles:
            cells.append(f'<td class="ttl">{escaped(p["title"])}')
        cells.append(_name(to, p["anchor"], p["name"]))
        cells.append(f"<td>{escaped(p['rating'])}<td class=\"fed\">{escaped(p['federation'])}")
        cells.extend(f"<td>{escaped(c)}" for c in p["cells"])
        cells.extend(f"<td{_attributes(_without_num(c['cls']), c['hint'], escaped)}>"
                     f"{escaped(c['text'])}" for c in p["stats"])
        cells.append("</tr>\n")
        lines.append("".join(cells))
    return Markup("".join(lines))


def event_report_body(rows: Sequence[Row]) -> Markup:
    """The rating report's rows (the view's ``event_report['rows']``)."""
    escaped = _escaper()
    return Markup("".join(
        f"<tr><td>{escaped(r['id'])}{_name('#', r['anchor'], r['name'])}" + "".join(
            f"<td{_attributes(c['cls'], c['hint'], escaped)}>{escaped(c['text'])}"
            for c in r["cells"]) + "</tr>\n" for r in rows))


def starting_rank_body(context: Mapping[str, Any]) -> Markup:
    """The starting rank's rows (number, title, name, federation, FIDE id, rating)."""
    escaped = _escaper()
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
