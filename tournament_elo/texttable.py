"""Aligned plain-text tables for the terminal: instant for thousands of rows, and a
name is printed as given (no markup is read into it)."""

from __future__ import annotations

from collections.abc import Sequence


def cell_text(value: object) -> str:
    if value is None or value != value:  # None or NaN
        return ""
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    return str(value)


def text_table(header: Sequence[str], rows: Sequence[Sequence[object]],
               left: Sequence[int] = ()) -> list[str]:
    """The lines of a table; columns in ``left`` are left-aligned, the rest right."""
    body = [[cell_text(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in [list(header), *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i in left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *map(line, body)]
