"""C.07's order of last resort for players still tied after every tie-break: the
arbiter's final order (a play-off's outcome, say), then a drawing of lots.

The lots come from a seed, so that the same seed draws the same lots again: the seed
is printed when it is drawn, stored in the JSON (``event.lots_seed``) and written into
a TRF this program writes (``### lots seed N``, read back by :mod:`.io.trf`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Place, Problems
from ..model import Event
from ..read.final_order import final_order
from ..read.text import decode, read_bytes

#: The seeds ``--lots draw`` draws from: six digits, easy to copy from a report.
SEEDS = 1_000_000


def draw_lots(n: int, seed: int) -> npt.NDArray[np.int64]:
    """Each of ``n`` players' lot, 1 to n (1 is drawn first), the same for the same seed
    (Python's Mersenne Twister, whose integer seeding is stable across versions)."""
    import random  # here: its import (hashlib's) is paid only by a drawing of lots

    order = list(range(n))
    random.Random(seed).shuffle(order)
    lots = np.empty(n, dtype=np.int64)
    lots[order] = np.arange(1, n + 1)
    return lots


def lots_seed(lots: int | str) -> int:
    """The seed of ``--lots``: a whole number (or its text), or ``draw`` for a new one
    (:func:`is_draw`: then it must be said)."""
    text = str(lots)
    if is_draw(text):
        import secrets

        return secrets.randbelow(SEEDS)
    if not text.strip().isdigit() or len(text.strip()) > 18:
        raise InputError("bad seed of the drawing of lots", Place("--lots"), found=repr(text),
                         expected="a whole number, or 'draw' for a new one")
    return int(text.strip())


def is_draw(lots: int | str) -> bool:
    """Whether ``--lots`` asks for a new seed."""
    return str(lots).strip().lower() == "draw"


def read_final_order(path: str | Path, event: Event) -> tuple[int | str, ...]:
    """The final order of an ``--order`` file: the players' ids (start numbers in a
    TRF), first placed first, separated by spaces, commas or lines."""
    data = read_bytes(path)
    text = decode(data, str(path), "utf-8-sig")[0] if data.strip() else ""
    index: dict[int | str, int] = {p.id: p.index for p in event.players}
    ids: list[int | str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = [w for w in re.split(r"[,\s]+", line) if w]
        ids += final_order(words, index, Place(str(path), line=number))
    if len(set(ids)) < len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise InputError("a player twice in the final order", Place(str(path)),
                         found=repr(str(twice)), expected="each player once")
    return tuple(ids)


def with_last_resort(event: Event, lots: int | str | None, order: str | Path | None
                     ) -> Event:
    """``event`` with the ``--lots`` seed (drawn now for ``draw``) and the ``--order``
    file's final order, each where given, else as the event file had them."""
    problems = Problems()  # both options' problems at once
    seed: int | None = None
    if lots is not None:
        seed = problems.checked(lambda: lots_seed(lots), seed)
    listed: tuple[int | str, ...] = ()
    if order is not None:
        listed = problems.checked(lambda: read_final_order(order, event), listed)
    problems.raise_any()
    if lots is not None:
        event = replace(event, lots_seed=seed)
    if order is not None:
        event = replace(event, final_order=listed)
    return event
