"""The checks every event passes, whichever format it came in, run once on a reader's
:class:`~tournament_elo.model.EventDraft` by :func:`checked_event`, which makes the
:class:`~tournament_elo.model.Event`: what FIDE's TRF rules (and common sense) demand of
any event, so the same mistake gets the same message from every reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

import numpy as np

from ..errors import InputError, InputWarning, Place, Problems
from ..i18n.message import N_, message
from ..model import (
    MIRROR,
    NO_COLOR,
    TRF_CODE,
    WHITE,
    Event,
    EventDraft,
    Pairings,
    Player,
    Result,
)

#: Results compared with whole columns, as plain numbers (numpy takes an enum member slowly).
_UNPLAYED, _FORFEIT_LOSS, _BOTH_LOST = (int(r) for r in (Result.UNPLAYED, Result.FORFEIT_LOSS,
                                                         Result.BOTH_LOST))


def checked_event(draft: EventDraft) -> Event:
    """The event of ``draft`` once it passes the checks, or every problem found.

    The pairings must mirror each other (the first that does not is raised at once: the
    other checks read the games through them); then the reader's problems and every
    result left out are raised together.  The warnings are the reader's, then the
    checks' (a FIDE id given twice, a double forfeit, declared points that disagree
    with the results), then the reader's about the event as a whole, then the dates'.
    """
    found = draft.fields
    players, pairings = found.players, found.pairings
    warnings = [*found.warnings, *check_unique_fide_ids(players, draft.fide_id_place)]
    warnings += check_pairings(pairings, players, draft.row_place)
    problems = Problems(list(draft.problems.found), draft.problems.more)
    if draft.check_left_out_results:
        for problem in unplayed_before_played(pairings, players, draft.row_place):
            problems.add(problem)
    problems.raise_any()
    warnings += check_declared_points(pairings, players, draft.points_place)
    warnings += draft.later_warnings
    event = Event(**{**vars(found), "warnings": tuple(warnings)})
    dated = date_warnings(event)
    return replace(event, warnings=(*event.warnings, *dated)) if dated else event


def check_unique_fide_ids(
    players: Sequence[Player], place_of: Callable[[int], Place]
) -> list[InputWarning]:
    """Warn where two entries carry one FIDE id (real team files do: one person, two teams)."""
    seen: dict[str, Player] = {}
    warnings = []
    for player in players:
        if not player.fide_id:
            continue
        first = seen.setdefault(player.fide_id, player)
        if first is not player:
            warnings.append(InputWarning(
                place_of(player.index),
                message("FIDE id {} is given to two players: {} (player {}) and {} (player {})",
                        player.fide_id, repr(first.name), first.id, repr(player.name),
                        player.id),
            ))
    return warnings


def longest_span(rounds: int) -> int:
    """The most days an event of ``rounds`` rounds is taken to last: a round a week, and a
    week more."""
    return 7 * rounds + 7


def date_warnings(event: Event) -> list[InputWarning]:
    """An event whose dates span far more than its rounds take (day and month swapped in
    the source, most often): a warning naming the dates read and the swapped reading,
    since the dates choose the rating regulations and the K factors."""
    start, end, rounds = event.start, event.end, max(event.rounds, event.rounds_played)
    if start is None or end is None or rounds == 0:
        return []
    days = (end - start).days + 1
    if days <= longest_span(rounds):
        return []
    text = message("the event's dates {} – {} span {} days for {} rounds, more than the {} "
                   "days they take at a round a week", start, end, days, rounds,
                   longest_span(rounds))
    swapped = [_swapped(day) for day in (start, end)]
    if swapped[0] is not None and swapped[1] is not None:
        other = (swapped[1] - swapped[0]).days + 1
        if 0 < other <= longest_span(rounds):
            text = message("the event's dates {} – {} span {} days for {} rounds, more than "
                           "the {} days they take at a round a week; with day and month "
                           "swapped they read {} – {} ({} days): check the dates", start, end,
                           days, rounds, longest_span(rounds), swapped[0], swapped[1], other)
    return [InputWarning(Place(event.source), text)]


def _swapped(day: date) -> date | None:
    try:
        return date(day.year, day.day, day.month)
    except ValueError:
        return None


def unplayed_before_played(
    pairings: Pairings, players: Sequence[Player], place_of_row: Callable[[int], Place],
) -> list[InputError]:
    """A game without a result in a round before one with results: a result left out
    (the standings would silently stop at that round).  One problem per game."""
    games = pairings.opponent >= 0
    unplayed = pairings.result == _UNPLAYED
    decided = games & ~unplayed
    if not decided.any():
        return []
    last = int(pairings.round[decided].max())
    blank = games & unplayed & (pairings.round < last)
    if not blank.any():
        return []
    first_side = np.where(pairings.color == NO_COLOR, pairings.player < pairings.opponent,
                          pairings.color == WHITE)
    blank = np.flatnonzero(blank & first_side)

    def named(index: int) -> str:
        player = players[index]
        return player.name if player.name == str(player.id) else f"{player.name} ({player.id})"

    return [InputError(
        message("round {}: the game {} – {} has no result", pairings.round[row],
                named(pairings.player[row]), named(pairings.opponent[row])),
        place_of_row(int(row)), found="a blank result",
        expected=message("its result, since round {} has results", last))
        for row in blank]


def check_pairings(
    pairings: Pairings,
    players: Sequence[Player],
    place_of_row: Callable[[int], Place],
) -> list[InputWarning]:
    """Check that each pairing is mirrored on both sides; return the warnings.

    Errors (raised): self-pairing, an opponent who has another opponent that round,
    colours that are not opposite, results that do not mirror.  Warnings: double
    forfeits and games both players were declared to have lost (legal, but worth a look).

    The row of (player, round) is looked up in the sorted keys, not in a players ×
    rounds matrix: a game log has as many rounds as games.  The keys go player by player,
    the order most readers make the rows in (sorted already, they sort fast).
    """
    width = int(pairings.round.max(initial=0)) + 1
    keys = pairings.player * width + pairings.round
    by_key = np.argsort(keys, kind="stable")
    sorted_keys = np.concatenate(([-1], keys[by_key]))  # a sentinel: 0 matches no key
    rows = np.concatenate(([-1], by_key))

    def slot(player: Any, rnd: Any) -> Any:
        """The (last) row of each (player, round), -1 where there is none."""
        wanted = np.asarray(player) * width + np.asarray(rnd)
        at = np.searchsorted(sorted_keys, wanted, side="right") - 1
        return np.where(sorted_keys[at] == wanted, rows[at], -1)

    paired = np.flatnonzero(pairings.opponent >= 0)
    selfish = paired[pairings.opponent[paired] == pairings.player[paired]]
    if len(selfish):
        row = int(selfish[0])
        raise InputError(
            message("player {} is paired with himself in round {}",
                    players[pairings.player[row]].id, pairings.round[row]), place_of_row(row),
            found="his own number as opponent", expected="another player's number",
        )
    # A fixed-rated reference opponent (an AI level) may meet many players in a round:
    # his games are mirrored by the reader that made his rows, one per game row.
    fixed = [p.fixed_rating for p in players]
    if any(fixed):
        free = ~np.array(fixed, dtype=bool)
        paired = paired[free[pairings.player[paired]] & free[pairings.opponent[paired]]]
    back = slot(pairings.opponent[paired], pairings.round[paired])
    their_opponent = np.where(back >= 0, pairings.opponent[np.maximum(back, 0)], -1)
    bad = paired[their_opponent != pairings.player[paired]]
    if len(bad):
        row = int(bad[0])
        me, opp, rnd = _who(pairings, players, row)
        back_row = int(slot(pairings.opponent[row], rnd))
        other = N_("no opponent") if back_row < 0 or pairings.opponent[back_row] < 0 else (
            message("player {}", players[pairings.opponent[back_row]].id)
        )
        raise InputError(
            message("player {} is paired with player {} in round {}, but player {} has {} there",
                    me, opp, rnd, opp, other), place_of_row(row),
            found=message("round {} of player {}: {}", rnd, opp, other),
            expected=message("player {}", me),
        )
    mine, theirs = pairings.result[paired], pairings.result[back]
    double_forfeit = (mine == _FORFEIT_LOSS) & (theirs == _FORFEIT_LOSS)
    mirrored = (MIRROR[mine] == theirs) | double_forfeit
    colours_ok = pairings.color[paired] == -pairings.color[back]
    for problem, what in ((~mirrored, "results"), (~colours_ok, "colours")):
        if problem.any():
            row = int(paired[np.argmax(problem)])
            mate = int(slot(pairings.opponent[row], pairings.round[row]))
            me, opp, rnd = _who(pairings, players, row)
            expected: str
            if what == "results":
                found = message("{} for player {} and {} for player {}",
                                repr(str(TRF_CODE[pairings.result[row]])), me,
                                repr(str(TRF_CODE[pairings.result[mate]])), opp)
                expected = message("{} for player {}",
                                   repr(str(TRF_CODE[MIRROR[pairings.result[row]]])), opp)
                mismatch = message("the results of players {} and {} in round {} do not match",
                                   me, opp, rnd)
            else:
                colour = {1: "w", -1: "b", 0: "-"}
                found = message("{} for player {} and {} for player {}",
                                repr(colour[int(pairings.color[row])]), me,
                                repr(colour[int(pairings.color[mate])]), opp)
                expected = "opposite colours"
                mismatch = message("the colours of players {} and {} in round {} do not match",
                                   me, opp, rnd)
            raise InputError(
                mismatch, place_of_row(row), found=found, expected=expected,
            )
    warnings = []
    both_lost = (mine == _BOTH_LOST) & (theirs == _BOTH_LOST)
    for row in paired[double_forfeit | both_lost]:
        me, opp, rnd = _who(pairings, players, int(row))
        if players[pairings.player[row]].index < players[pairings.opponent[row]].index:
            if pairings.result[row] == Result.BOTH_LOST:
                kind, effect = (N_("both declared lost"), N_(
                    "no points, rated as two losses only where the rating system says so"))
            else:
                kind, effect = N_("double forfeit"), N_("no points, rated for neither")
            warnings.append(InputWarning(
                place_of_row(int(row)),
                message("{} in round {} between players {} and {}: {}", kind, rnd, me, opp,
                        effect),
            ))
    return warnings


def _who(
    pairings: Pairings, players: Sequence[Player], row: int
) -> tuple[int | str, int | str, int]:
    return (
        players[pairings.player[row]].id,
        players[pairings.opponent[row]].id,
        int(pairings.round[row]),
    )


def check_declared_points(
    pairings: Pairings, players: Sequence[Player], place_of: Callable[[int], Place]
) -> list[InputWarning]:
    """Warn, with both numbers, where a declared points column disagrees with results."""
    computed = pairings.points(len(players)).tolist()
    warnings = []
    for player in players:
        declared = player.declared_points
        if declared is not None and declared != computed[player.index]:
            warnings.append(InputWarning(
                place_of(player.index),
                message("player {} ({}) declares {} points but the results give {}",
                        player.id, player.name, f"{declared / 100:g}",
                        f"{computed[player.index] / 100:g}"),
            ))
    return warnings
