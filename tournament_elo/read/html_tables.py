"""A saved HTML page as rows of cell texts, each cell with its line in the file.

lxml (libxml2's HTML parser) reads the page, tag soup included, and bounds what a hostile
page can cost: nesting deeper than 256 elements is cut off, entities are not expanded into
more markup and nothing is fetched.  This module only decides which text makes which row,
in one pass over the tree, so its work grows with the page and no faster.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import lxml.html
from lxml import etree

#: One row: its cells' texts and the line of each cell (``None`` where it is not known).
Row = tuple[list[str], list[int | None]]

#: Elements whose text stands apart, a one-cell row per line, even inside a table cell.
_BLOCKS = frozenset({"h1", "h2", "h3", "h4", "p", "caption"})
_CELLS = frozenset({"td", "th"})
#: Elements whose text is not shown on the page (the title is kept apart).
_HIDDEN = ("script", "style", "title")
#: libxml2's HTML parser keeps a line number in 16 bits: an element further down says 65535.
_LINE_LIMIT = 65535
#: Parses spent finding the lines past the limit (each finds 65,534 more lines): a page of
#: over a million lines, far beyond any crosstable, keeps the rest unknown.
_REPARSES = 16


@dataclass
class Page:
    """A page's text as rows of cells, in document order.

    Every ``<tr>`` of a table is a row (cells of a table outside any ``<tr>`` make one too);
    each heading, paragraph and caption gives a one-cell row per line of its text (lines
    end at ``<br>`` and at the file's line ends), all with the block's own line; the end of
    a table is an empty row.  Text belongs to the innermost cell or block around it (a block
    inside a block is part of it); text in a table but in none of its cells is dropped.
    Cells are as written: a ``colspan`` cell is one cell.
    """

    title: str = ""
    heading: str = ""  # the first non-empty <h1> or <h2>
    rows: list[Row] = field(default_factory=list)


def parse_page(text: str) -> Page:
    """The rows of an HTML page (see :class:`Page`)."""
    # Saved pages mix CR LF with bare CR line ends; count lines as an editor shows them.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    root = _parse(text)
    if root is None:
        return Page()
    late = _late_lines(text, root)

    def line_of(element: lxml.html.HtmlElement) -> int | None:
        line = element.sourceline
        return late.get(element) if line is not None and line >= _LINE_LIMIT else line

    title = clean("".join(part for el in root.iter("title") for part in el.itertext()))
    etree.strip_elements(root, *_HIDDEN, with_tail=False)
    page = Page(title=title)
    _read_rows(root, page, line_of)
    return page


def clean(text: str) -> str:
    """Cell text as a reader sees it: white space (no-break spaces too) collapsed."""
    return " ".join(text.split())


def _parse(text: str) -> lxml.html.HtmlElement | None:
    """The page's tree; ``None`` for a page of nothing but white space and comments.

    The text goes in as UTF-8 bytes: it is decoded already, so a ``<meta charset>`` must
    not decode it again, and lxml refuses a string that declares an encoding.
    """
    parser = lxml.html.HTMLParser(encoding="utf-8", remove_comments=True, remove_pis=True)
    try:
        return lxml.html.document_fromstring(text.encode("utf-8"), parser=parser)
    except etree.ParserError:
        return None


def _late_lines(text: str, root: lxml.html.HtmlElement) -> dict[lxml.html.HtmlElement, int]:
    """The lines of the elements past libxml2's line limit.

    A newline is white space to HTML, so the text with its first ``k`` newlines blanked
    parses to the same elements, in the same order, counted from line ``k + 1``.
    """
    if text.count("\n") < _LINE_LIMIT - 1:
        return {}
    elements = list(root.iter())
    late = [i for i, el in enumerate(elements) if (el.sourceline or 0) >= _LINE_LIMIT]
    found: dict[lxml.html.HtmlElement, int] = {}
    blanked = 0
    for _ in range(_REPARSES):
        if not late:
            break
        blanked += _LINE_LIMIT - 1
        again = _parse(text.replace("\n", " ", blanked))
        twins = list(again.iter()) if again is not None else []
        if len(twins) != len(elements):  # not the same tree: no line is better than a wrong one
            break
        for i in late:
            line = twins[i].sourceline
            if line is not None and line < _LINE_LIMIT:
                found[elements[i]] = line + blanked
        late = [i for i in late if elements[i] not in found]
    return found


@dataclass
class _Holder:
    """An open cell, block or table, and the text it holds so far."""

    element: lxml.html.HtmlElement
    parts: list[str] = field(default_factory=list)
    row: Row | None = None  # a cell's row


def _read_rows(root: lxml.html.HtmlElement, page: Page,
               line_of: Callable[[lxml.html.HtmlElement], int | None]) -> None:
    """Fill ``page.rows`` (and the heading) in one walk over the tree."""
    rows = page.rows
    open_rows: list[Row | None] = []  # the open row of each open table, innermost last
    holders: list[_Holder] = []
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag
        if event == "start":
            if tag == "table":
                open_rows.append(None)
                holders.append(_Holder(el))
            elif tag == "tr" and open_rows:
                rows.append(([], []))
                open_rows[-1] = rows[-1]
            elif tag in _CELLS and open_rows:
                row = open_rows[-1]
                if row is None:  # a cell outside any <tr> starts a row of its own
                    rows.append(([], []))
                    row = open_rows[-1] = rows[-1]
                row[1].append(line_of(el))
                holders.append(_Holder(el, row=row))
            elif tag in _BLOCKS and not (holders and holders[-1].element.tag in _BLOCKS):
                holders.append(_Holder(el))
            elif tag == "br" and holders:
                holders[-1].parts.append("\n")
            if holders and el.text:
                holders[-1].parts.append(el.text)
            continue
        if holders and holders[-1].element is el:
            _close(holders.pop(), page, line_of(el))
        if tag == "table" and open_rows:
            open_rows.pop()
            rows.append(([], []))
        elif tag == "tr" and open_rows:
            open_rows[-1] = None
        if holders and el.tail:
            holders[-1].parts.append(el.tail)


def _close(holder: _Holder, page: Page, line: int | None) -> None:
    text = "".join(holder.parts)
    if holder.row is not None:
        holder.row[0].append(clean(text))
    elif holder.element.tag in _BLOCKS:
        lines = [clean(part) for part in text.split("\n")]
        if holder.element.tag in ("h1", "h2") and not page.heading and lines[0]:
            page.heading = " ".join(x for x in lines if x)
        page.rows.extend(([x], [line]) for x in lines if x)
