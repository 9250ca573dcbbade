"""The site's category lists: the active players of each age group (open, and girls or
women), of women, and of each federation, club and region, each a list of its own.

An age group's or a sex's is a :class:`~..db.list_filter.ListFilter` of the list
(:mod:`..db.categories` says who is in an age group); a club or a region is named as the
players' lists spell it most often, and is the same for every spelling that folds alike
(case and accents aside), as ``db ratings --club`` compares them."""

from __future__ import annotations

from collections import Counter
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
    made = []
    for stem, title, kind, only in found:
        players = active[only.keeps(active, year or 0)]
        if len(players):
            made.append(Category(stem, title, kind, players))
    for kind in ("federation", "club", "region"):
        made += _by_name(active, kind)
    return made


def _by_name(active: pd.DataFrame, kind: str) -> list[Category]:
    """The lists of each federation, club or region (``kind``), in folded order: its
    players are those whose name for it folds alike, as ``db ratings --club`` finds them
    (one pass over the list, whatever the number of clubs)."""
    names = active[kind].fillna("").astype(str).str.strip()
    folded = names.map(fold_name)
    made = []
    for key, rows in sorted(folded.groupby(folded, sort=False).indices.items()):
        if key:
            name = Counter(names.iloc[rows]).most_common(1)[0][0]  # its usual spelling
            made.append(Category(f"{kind}-{slug(name)}", name, kind, active.iloc[rows]))
    return made


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
