"""Standings: points, then the event's tie-breaks in order, then the order of last resort
(the arbiter's final order, then the drawing of lots, where the event has them); ties
still unbroken share a place.

Only participants have a place: a fixed-rated reference opponent (an AI level) has
points and tie-break values (his opponents' tie-breaks count them) but no place.

Score-based tie-breaks come from :mod:`.tiebreaks` (C.07, by rule edition), rating-based
ones from :mod:`.tiebreaks_rating`.  Every value is higher-is-better except DE, which is
a place (1 = best).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..errors import InputError, InputWarning, Place
from ..i18n.message import message
from ..model import Event, EventType, Standings
from .c07.rating_tiebreaks import RATING_CODES, rating_tiebreaks
from .c07.tiebreaks import (
    LOWER_IS_BETTER,
    RULES,
    check_codes,
    compute_tiebreaks,
    parse_code,
    rules_in_force,
)
from .last_resort import draw_lots

#: Defaults when the event does not choose: C.07's usual lists.
DEFAULT_TIEBREAKS = {
    EventType.SWISS: ("BH/C1", "BH", "SB"),
    EventType.ROUND_ROBIN: ("DE", "SB", "WIN", "KS"),
}


def tiebreak_codes(text: str | None, event: Event) -> tuple[str, ...]:
    """The codes of ``--tiebreaks "BH/C1,BH,SB"`` (or ``"BH/C1 BH SB"``: commas, spaces or
    both), or the event's own (:func:`event_tiebreaks`) — none for a game log, whose
    players meet whoever is online, not a schedule."""
    if text is None:
        return () if event.game_log else event_tiebreaks(event)[0]
    codes = tuple(code.strip().upper() for code in re.split(r"[,\s]+", text) if code.strip())
    check_codes(codes)
    return codes


def event_tiebreaks(event: Event) -> tuple[tuple[str, ...], InputWarning | None]:
    """The tie-breaks an individual event's file declares (as the arbiter's pairing
    program ranked it), else the defaults for its type; with a warning where the declared
    ones include a code the standings do not compute (then the defaults rank it)."""
    defaults = DEFAULT_TIEBREAKS[event.type]
    declared = event.declared_tiebreaks
    if declared is None:
        return defaults, None
    unknown = [code for code in declared.codes if not is_tiebreak_code(code)]
    if not unknown:
        return declared.codes, None
    return defaults, InputWarning(
        declared.place,
        message("{} declares tie-breaks not computed here: {}; ranked by {} (choose with "
                "--tiebreaks)", declared.declared_by, ", ".join(unknown), ", ".join(defaults)))


def is_tiebreak_code(code: str) -> bool:
    """Whether the standings compute ``code`` (``"BH/C1"``, ``"ARO"``): what a legend that
    names a code may be taken at its word for."""
    if code in RATING_CODES:
        return True
    try:
        parse_code(code)
    except InputError:
        return False
    return True


def standings(
    event: Event,
    codes: Sequence[str],
    rules: str | None = None,
    unrated_rating: int | None = None,
    current_round: int | None = None,
) -> Standings:
    """The standings after ``current_round`` (default: the last round played,
    :attr:`Event.rounds_played`): points and tie-breaks count rounds 1 to it only — the
    rounds not played yet are not unplayed rounds, and byes entered ahead do not count.
    ``rules``: the C.07 edition (default: the one in force on the event's first day)."""
    rules = rules_in_force(event.start) if rules is None else rules
    if rules not in RULES:
        raise InputError("unknown tie-break rules", Place("--tiebreak-rules"),
                         found=repr(rules), expected=" or ".join(RULES))
    current = event.rounds_played if current_round is None else current_round
    so_far = event.through(current)
    rating_codes = [c for c in codes if c in RATING_CODES]
    rated = rating_tiebreaks(so_far, rating_codes, unrated_rating) if rating_codes else {}
    ordered = compute_tiebreaks(so_far, codes, rules, current, given=rated)
    points = so_far.points()
    rank = np.zeros(len(points), dtype=np.int64)
    ranked = event.participants()
    last: list[npt.NDArray[np.float64]] = []
    if event.final_order:  # listed players first, in the list's order; the others after
        row = {p.id: p.index for p in event.players}
        position = np.full(len(points), len(event.final_order), dtype=np.float64)
        position[[row[i] for i in event.final_order]] = np.arange(len(event.final_order))
        last.append(position)
    lots = None if event.lots_seed is None else draw_lots(len(points), event.lots_seed)
    if lots is not None:
        last.append(lots.astype(np.float64))
    rank[ranked] = places(points, ordered, ranked, last)
    return Standings(tuple(codes), ordered, rank, points, current, rules, lots,
                     event.lots_seed, event.final_order)


def standing_order(rank: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The rows of the players with a place, in the standings' order: place, then row
    (start number)."""
    rows = np.flatnonzero(rank > 0)
    return rows[np.lexsort((rows, rank[rows]))].astype(np.int64)


def places(points: npt.NDArray[np.int64], values: dict[str, npt.NDArray[np.float64]],
           ranked: npt.NDArray[np.bool_] | None = None,
           last: Sequence[npt.NDArray[np.float64]] = ()) -> npt.NDArray[np.int64]:
    """Per ``ranked`` player (default every one), 1 + the number of them strictly ahead
    (points first, then each value in order, then the ``last`` keys, lower first)."""
    if ranked is None:
        ranked = np.ones(len(points), dtype=bool)
    keys = [points[ranked].astype(np.float64)]
    for code, value in values.items():
        clean = np.nan_to_num(value[ranked], nan=-np.inf)
        keys.append(-clean if code in LOWER_IS_BETTER else clean)
    keys += [-key[ranked] for key in last]
    table = np.column_stack(keys)  # higher is better in every column
    order = np.lexsort(tuple(-table[:, i] for i in reversed(range(table.shape[1]))))
    in_order = table[order]
    new_group = np.r_[True, (in_order[1:] != in_order[:-1]).any(axis=1)]
    first_position = np.maximum.accumulate(np.where(new_group, np.arange(len(order)), 0))
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = first_position + 1
    return rank
