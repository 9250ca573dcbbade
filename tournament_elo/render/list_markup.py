"""The rows of the site's rating lists written as markup once per player: a player is on
the active (or inactive) players' list and on every list of his categories — a girl under
8 on fifteen — and his row is the same on each but for his place, so it is written once
and each page joins the rows it shows (each distinct text escaped once, as
:mod:`.markup` writes a report's long tables)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .format import fmt_list_change, fmt_list_rating, fmt_text, missing
from .markup import escaped

#: The columns of a list (``db ratings``' names) a row shows, in the row's order.
_SHOWN = ("id", "name", "rating", "change", "title", "federation", "birth_year", "games",
          "period_games", "k", "fide_id", "federation_id")


class ListRows(NamedTuple):
    """Every player's row of a list, by his position on it: the cells after his place,
    and the cell of his federation id (shown where a list's players have one)."""

    cells: list[str]
    federation_ids: list[str]
    has_federation_id: list[bool]

    def of(self, rows: Sequence[int], first: int) -> list[dict[str, Any]]:
        """The rows at ``rows`` (positions on the list), placed from ``first``."""
        return [{"rank": place, "cells": self.cells[at], "federation_id": self.federation_ids[at]}
                for place, at in enumerate(rows, start=first)]

    def with_federation_ids(self, rows: Sequence[int]) -> bool:
        """Whether any of those players has a federation id: the column is shown."""
        return any(self.has_federation_id[at] for at in rows)


def list_rows(listed: Any) -> ListRows:
    """The rows of ``listed`` (``db ratings``' table), in its order."""
    cells, federation_ids, has_id = [], [], []
    for (pid, name, rating, change, title, federation, born, games, period_games, k, fide_id,
         federation_id) in zip(*(listed[column] for column in _SHOWN), strict=True):
        shown = fmt_list_change(change)
        trend = " down" if shown.startswith("-") else " up" if shown and shown != "+0" else ""
        year, played, in_period, factor = (fmt_text(v) for v in (born, games, period_games, k))
        cells.append(
            f'<td class="name"><a href="players/{int(pid)}.html">{escaped(str(name))}</a></td>\n'
            f'      <td class="num rtg" data-v="{float(rating)}">{fmt_list_rating(rating)}</td>\n'
            f'      <td class="num chg{trend}" data-v="{0.0 if missing(change) else float(change)}"'
            f'>{shown}</td>\n'
            f'      <td class="ttl">{escaped(fmt_text(title))}</td>\n'
            f'      <td>{escaped(fmt_text(federation))}</td>\n'
            f'      <td class="num" data-v="{year or 0}">{year}</td>\n'
            f'      <td class="num" data-v="{played}">{played}</td>\n'
            f'      <td class="num" data-v="{in_period}">{in_period}</td>\n'
            f'      <td class="num" data-v="{factor or 0}">{factor}</td>\n'
            f'      <td class="id">{escaped(fmt_text(fide_id))}</td>')
        text = fmt_text(federation_id)
        federation_ids.append(f'<td class="id">{escaped(text)}</td>')
        has_id.append(bool(text))
    return ListRows(cells, federation_ids, has_id)
