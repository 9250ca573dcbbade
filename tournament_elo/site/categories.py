"""The site's category lists: the active players of each age group (open, and girls or
women), of women, and of each federation, club and region, each a list of its own.

A category is a :class:`~..db.list_filter.ListFilter` of the list (:mod:`..db.categories`
says who is in an age group); a club or a region is named as the players' lists spell it
most often, and is the same for every spelling that folds alike (case and accents aside),
as ``db ratings --club`` compares them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

import pandas as pd

from ..db.categories import AGE_GROUPS
from ..db.list_filter import ListFilter
from ..read.headers import fold_name

#: The kinds of category, in the order the categories' page shows them: each one's
#: ``db ratings`` option, and the word of its section (a key of the site's words).
KINDS = (("age", "section_age"), ("federation", "section_federation"),
         ("club", "section_club"), ("region", "section_region"))


class Category(NamedTuple):
    """One category's list: its page's stem (``category-u16-girls``), its title in the
    site's language, its kind (:data:`KINDS`) and its players, best first."""

    stem: str
    title: str
    kind: str
    players: pd.DataFrame


def categories(active: pd.DataFrame, year: int | None, words: dict[str, str]) -> list[Category]:
    """Every category that has players on the list of ``year`` (None: no list yet, no
    age groups)."""
    found: list[tuple[str, str, str, ListFilter]] = [
        ("category-women", words["women"], "age", ListFilter(sex="w"))]
    if year is not None:
        for group in AGE_GROUPS:
            code = group.code.lower().replace("+", "-plus")
            if group.under is not None:
                open_title = words["under"].format(n=group.under)
                women_title = words["girls_under"].format(n=group.under)
            else:
                open_title = words["over"].format(n=group.over)
                women_title = words["women_over"].format(n=group.over)
            found += [(f"category-{code}", open_title, "age", ListFilter(category=group)),
                      (f"category-{code}-women", women_title, "age",
                       ListFilter(category=group, sex="w"))]
    for kind, of in _BY_NAME.items():
        for name in _names(active[kind]):
            found.append((f"{kind}-{slug(name)}", name, kind, of(name)))
    made = []
    for stem, title, kind, only in found:
        players = active[only.keeps(active, year or 0)]
        if len(players):
            made.append(Category(stem, title, kind, players))
    return made


#: The filter of a federation's, a club's or a region's players.
_BY_NAME: dict[str, Callable[[str], ListFilter]] = {
    "federation": lambda name: ListFilter(federation=name),
    "club": lambda name: ListFilter(club=name),
    "region": lambda name: ListFilter(region=name),
}


def _names(column: pd.Series) -> list[str]:
    """The distinct names of a column, one per folded spelling (its most common one),
    in folded order."""
    spellings: dict[str, Counter[str]] = {}
    for name in column.dropna().astype(str):
        if name.strip():
            spellings.setdefault(fold_name(name), Counter())[name.strip()] += 1
    return [spellings[key].most_common(1)[0][0] for key in sorted(spellings)]


def slug(name: str) -> str:
    """A name as a file's name: folded, words joined by ``-``; a character other than an
    ASCII letter or digit as ``_<hex>_``."""
    return "".join(c if c.isascii() and (c.isalnum() or c == "-") else f"_{ord(c):x}_"
                   for c in "-".join(fold_name(name).split()))


def leaders(found: list[Category]) -> list[dict[str, Any]]:
    """The categories' page rows: each category's count and best player."""
    rows = []
    for category in found:
        best = category.players.iloc[0]
        rows.append({"href": f"{category.stem}.html", "title": category.title,
                     "kind": category.kind, "count": len(category.players),
                     "leader": str(best["name"]), "leader_id": int(best["id"]),
                     "rating": best["rating"]})
    return rows
