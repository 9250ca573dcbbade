"""Score-based tie-breaks of FIDE C.07 (editions 2023, 2024, 2026) and the pre-2023 rule.

``compute_tiebreaks(event, ["BH/C1", "SB", "DE"], rules="2026")`` gives one float per
player (in ``event.players`` order) for every code.  Rating-based tie-breaks (ARO, TPR,
PTP, APRO, APPO, RTNG) live in :mod:`.rating_tiebreaks`.

The event is laid out as a dense player × round grid (numpy); all scores are integer
hundredths of a point, Sonneborn-Berger products ten-thousandths, so sums are exact.

Unplayed rounds (C.07-2023 Art. 14, 2024/2026 Art. 16), as the FIDE TEC reference
implementation (TieBreakServer) applies them; the adjusted score, the dummy opponent
and the cuts are :mod:`.buchholz`'s, which the team tie-breaks share:

* A round is a *voluntary unplayed round* (VUR) when the player got no game and no
  win from it: half-point bye, zero-point bye/absence, forfeit loss (and a game both
  lost).  A pairing-allocated bye, a full-point bye and a forfeit win are not VURs.
* **Adjusted score** (the opponent's side, Art. 16.3): a player's rounds after his last
  non-VUR round that had no opponent (byes, absences) count as draws; every other round
  counts as scored.  In a round robin they count as losses.
* **Dummy opponent** (the player's own unplayed rounds, Art. 16.4): in a Swiss, every
  round the player did not play over the board counts as a game against a dummy whose
  score is the player's own final score.  From March 2026 (``rules="2026"``) that score is
  capped: by the adjusted score of the opponent who was paired (a forfeit), otherwise by
  half the number of rounds.  In a round robin, forfeited games count as played and byes
  not at all.
* **Cuts** (C1/C2, M1/M2): the lowest values are cut, a VUR's dummy first.
* A **game log** (:attr:`Event.game_log`) has no rounds, hence no unplayed ones: only
  its games count (a player's opponents' scores, no dummy), under every edition; KS
  takes "half the possible score" of each opponent's own games.
* ``rules="pre2023"``: the virtual opponent of the old C.02: for an unplayed round R of n
  the player scores against Svon = SPR + (1 − SfPR) + ½·(n − R) (SPR: his score before the
  round, SfPR: what the round gave him); opponents' unplayed rounds count as draws;
  cuts take the lowest values, VURs get no priority.  (FB and AOB are 2023 inventions;
  under ``pre2023`` they are computed with these older scores.)

DE gives, for every player, his place in the standings after points, the tie-breaks
listed before DE in ``codes``, and DE itself (1 = best; equal values = still tied).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import InputError, Place, Problems
from ...i18n.message import alternatives, message
from ...model import BLACK, OVER_THE_BOARD, POINTS, Event, EventType, Result
from .buchholz import (
    Entries,
    Rounds,
    adjusted_scores,
    cut_sums,
    dummy_scores,
    entries,
    last_true,
)
from .rating_tiebreaks import RATING_CODES

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

RULES = ("pre2023", "2023", "2024", "2026")
#: The day each C.07 edition came into force (FIDE Council), newest first.
IN_FORCE = (("2026", date(2026, 3, 1)), ("2024", date(2024, 4, 1)), ("2023", date(2023, 9, 1)))


def rules_in_force(start: date | None) -> str:
    """The C.07 edition in force on an event's first day: the newest for an undated event
    (as the FIDE reference does), ``pre2023`` before September 2023."""
    if start is None:
        return IN_FORCE[0][0]
    return next((rules for rules, since in IN_FORCE if start >= since), "pre2023")

#: Tie-breaks of this module (REP is GE; ABH, VUR and NUM are the reference's helpers;
#: TPN, the pairing number, is C.07-2026's last one).
CODES = ("BH", "FB", "SB", "AOB", "ABH", "KS", "PS", "WIN", "WON", "BPG", "BWG", "GE", "REP",
         "VUR", "NUM", "STD", "DE", "TPN")
#: The tie-breaks where the lower value ranks first: DE (a place), TPN (a pairing number)
#: and RTNG/R (the rating ascending; RTNG alone is descending).
LOWER_IS_BETTER = frozenset({"DE", "TPN", "RTNG/R"})
#: Tie-breaks that accept the Cut/Median modifiers.
_CUTTABLE = {"BH", "FB", "SB", "AOB", "PS"}

#: Voluntary unplayed rounds (C.07 Art. 16.2.4–16.2.5).
_VUR = np.zeros(len(Result), dtype=bool)
_VUR[[Result.HALF_BYE, Result.ZERO_BYE, Result.FORFEIT_LOSS, Result.BOTH_LOST]] = True

_CODE = re.compile(r"^(?P<name>[A-Z]+)(?:/(?P<mod>[CM])(?P<k>\d))?$")


class _Grid(NamedTuple):  # not a frozen dataclass: cheaper to build at start-up
    """The event as player × round matrices (column r is round r + 1)."""

    n: int
    rounds: int
    rr: bool
    result: Ints
    opp: Ints  # -1: no opponent
    color: Ints
    pts: Ints  # hundredths
    board: Bools  # a game over the board against an opponent
    has_opp: Bools  # paired against an opponent (games and forfeits)
    pab: Bools
    vur: Bools
    final: bool  # the last column is the tournament's last round (Fore Buchholz applies)
    log: bool = False  # a game log: a round without a game is no round of the player

    @property
    def games_only(self) -> bool:
        """Only games against opponents count: no dummy for a round without a game (a
        round robin's bye, a game log's games of others)."""
        return self.rr or self.log

    @property
    def total(self) -> Ints:
        return np.asarray(self.pts.sum(axis=1), dtype=np.int64)


def _grid(event: Event, current: int | None = None) -> _Grid:
    """The grid of rounds 1 to ``current`` (default: every round of the event)."""
    if current is not None:
        event = event.through(current)
    n, p = len(event.players), event.pairings
    declared = max(int(event.rounds), int(p.round.max()) if len(p) else 0)
    rounds = current if current is not None else declared
    result = np.full((n, rounds), int(Result.ZERO_BYE), dtype=np.int64)
    opp = np.full((n, rounds), -1, dtype=np.int64)
    color = np.zeros((n, rounds), dtype=np.int64)
    if len(p):
        r = p.round - 1
        # A paired game without its result yet counts as nothing (not played, no points).
        result[p.player, r] = p.result
        opp[p.player, r] = p.opponent
        color[p.player, r] = p.color
    has_opp = opp >= 0
    pending = result == Result.UNPLAYED
    board = OVER_THE_BOARD[result] & has_opp
    return _Grid(
        n=n, rounds=rounds, rr=event.type == EventType.ROUND_ROBIN, result=result, opp=opp,
        color=color, pts=POINTS[result], board=board, has_opp=has_opp & ~pending,
        pab=result == Result.PAIRING_BYE, vur=_VUR[result] & (not event.game_log),
        final=rounds >= declared, log=event.game_log,
    )


def _rounds(g: _Grid, fore_last: bool = False) -> Rounds:
    """The grid's rounds as the Buchholz family reads them: a round robin counts its
    forfeits as played; ``fore_last``: so does every paired round of the last round
    (Fore Buchholz)."""
    game = g.board | (g.has_opp & g.rr)
    if fore_last:
        game[:, -1] |= g.has_opp[:, -1]
    return Rounds(opp=g.opp, has_opp=g.has_opp, game=game, vur=g.vur, games_only=g.games_only)


def _adjusted(g: _Grid, rounds: Rounds, pts: Ints, lna: Ints, rules: str) -> Ints:
    """Adjusted score of every player, the score his opponents' tie-breaks see: before
    C.07-2023 every unplayed round as a draw."""
    if rules == "pre2023" and not g.log:
        return np.asarray(np.where(g.board, pts, 50).sum(axis=1), dtype=np.int64)
    return adjusted_scores(rounds, pts, lna, 50)


def _entries(g: _Grid, rules: str, fore: bool) -> Entries:
    pts = g.pts
    lna = last_true(~g.vur)
    last = g.rounds - 1
    fore = fore and g.final and g.rounds > 0
    rounds = _rounds(g, fore)
    if fore:
        # Fore Buchholz: a player paired in the last round (or given the PAB there) is seen
        # with all his rounds as scored, and a last-round game against an opponent as a draw.
        paired_last = g.has_opp[:, last] | g.pab[:, last]
        lna = np.where(paired_last, g.rounds, lna)
        pts = pts.copy()
        pts[g.has_opp[:, last], last] = 50
    adjusted = _adjusted(g, rounds, pts, lna, rules)
    if rules == "pre2023":
        before = np.cumsum(g.pts, axis=1) - g.pts
        rnd = np.arange(1, g.rounds + 1)
        dummy = before + (100 - g.pts) + 50 * (g.rounds - rnd)[None, :]
        rounds = rounds._replace(vur=np.zeros_like(g.vur))  # no priority in the cuts
    else:
        dummy = dummy_scores(rounds, pts.sum(axis=1), adjusted, 50, rules == "2026")
    return entries(rounds, adjusted, dummy, g.pts)


def _buchholz(g: _Grid, name: str, rules: str, low: int, high: int,
              seen: dict[bool, Entries]) -> Ints:
    """BH, FB (hundredths) or SB (ten-thousandths) of every player.  ``seen`` keeps the
    entries (by Fore or not) for the next of BH/C1, BH, SB, AOB of the same call: they are
    the same for all of them, and as costly to build as the sums they give."""
    fore = name == "FB"
    if fore not in seen:
        seen[fore] = _entries(g, rules, fore)
    e = seen[fore]
    return cut_sums(e, e.product if name == "SB" else e.score, low, high)


def aob_decimals(rounds: int) -> int:
    """The decimals AOB is rounded to after ``rounds`` rounds, as the FIDE reference rounds
    it: enough that two different averages never round to one value."""
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


#: Tie-breaks counted in whole numbers (games, wins, places, ratings).
_WHOLE = frozenset({"WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM", "DE", "TPN",
                    *(code.split("/")[0] for code in RATING_CODES)})


def decimals(code: str, rounds: int) -> int:
    """The decimals a tie-break is published with after ``rounds`` rounds, as the FIDE
    reference prints it: counts and ratings whole, points-based sums to the half point's
    tenth, Sonneborn-Berger (a sum of products) to hundredths, AOB by
    :func:`aob_decimals`."""
    base = code.upper().split("/")[0]
    if base in _WHOLE:
        return 0
    if base == "SB":
        return 2
    if base == "AOB":
        return aob_decimals(rounds)
    return 1


def _aob(g: _Grid, rules: str, low: int, high: int, seen: dict[bool, Entries]) -> Floats:
    """Average of the opponents' Buchholz over games played, rounded half up to
    :func:`aob_decimals` places."""
    bh = _buchholz(g, "BH", rules, low, high, seen)  # hundredths
    games = g.board.sum(axis=1)
    total = np.where(g.board, bh[np.maximum(g.opp, 0)], 0).sum(axis=1)
    safe = np.maximum(games, 1)
    scale = 10 ** (aob_decimals(g.rounds) - 2)  # hundredths to the rounding unit
    avg = (2 * total * scale + safe) // (2 * safe)  # half up
    return np.where(games > 0, avg / (100.0 * scale), np.nan)


def _koya(g: _Grid) -> Ints:
    """Points scored against opponents who made at least half the possible score (in a
    game log: of their games)."""
    max_games: int | Ints = g.rounds
    if g.log:
        max_games = g.has_opp.sum(axis=1)[np.maximum(g.opp, 0)]
    elif g.rr:
        if g.n and g.rounds % g.n == 0:
            max_games -= g.rounds // g.n
        max_games -= int((last_true(g.has_opp | g.pab) == 0).sum())
    total = g.total
    strong = total[np.maximum(g.opp, 0)] * 2 >= 100 * np.asarray(max_games)
    return np.asarray(np.where(g.has_opp & strong, g.pts, 0).sum(axis=1), dtype=np.int64)


def _progressive(g: _Grid, low: int) -> Ints:
    return np.asarray(np.cumsum(g.pts, axis=1)[:, low:].sum(axis=1), dtype=np.int64)


def _std(g: _Grid) -> Ints:
    points = np.select([g.pts > 50, g.pts == 50], [100, 50], 0)
    return np.asarray(points.sum(axis=1), dtype=np.int64)


def _direct_encounter(g: _Grid, before: Sequence[Floats]) -> Floats:
    """Place in the standings after points, the earlier tie-breaks and DE (1 = first)."""
    keys = [-g.total.astype(np.float64)] + [np.asarray(b, dtype=np.float64) for b in before]
    order = np.lexsort(tuple(reversed(keys))) if keys else np.arange(g.n)
    groups: list[list[int]] = []
    for p in order:
        if groups and all(k[p] == k[groups[-1][0]] for k in keys):
            groups[-1].append(int(p))
        else:
            groups.append([int(p)])
    rank = np.zeros(g.n, dtype=np.float64)
    ahead = 0
    for group in groups:
        for offset, tied in _de_split(g, group):
            for p in tied:
                rank[p] = ahead + offset + 1
        ahead += len(group)
    return rank


def _de_split(g: _Grid, group: list[int]) -> list[tuple[int, list[int]]]:
    """Split a tied group by direct encounter: (players ahead within the group, tied)."""
    if len(group) == 1:
        return [(0, group)]
    members = set(group)
    counts = g.has_opp if g.rr else g.board
    score: dict[int, float] = {}
    best: dict[int, float] = {}
    met_all = True
    for p in group:
        per_opp: dict[int, list[int]] = {}
        for r in range(g.rounds):
            o = int(g.opp[p, r])
            if counts[p, r] and o in members:
                per_opp.setdefault(o, []).append(int(g.pts[p, r]))
        # A pair that met more than once counts with its average result.
        score[p] = sum(sum(v) / len(v) for v in per_opp.values())
        missing = len(group) - 1 - len(per_opp)
        if not g.rr and missing > 0:
            met_all = False
            best[p] = score[p] + 100 * missing
        else:
            best[p] = score[p]
    ranked = sorted(group, key=lambda p: (-score[p], -best[p]))
    places = [0]
    if met_all:
        for i in range(1, len(ranked)):
            same = score[ranked[i]] == score[ranked[i - 1]]
            places.append(places[-1] if same else i)
    else:
        # Not all have met: a player is ahead only if no one below can still catch him.
        unique = True
        for i in range(1, len(ranked)):
            can_reach = max(best[q] for q in ranked[i:])
            if unique and score[ranked[i - 1]] > can_reach:
                places.append(i)
            else:
                places.append(places[-1])
                unique = False
    out: list[tuple[int, list[int]]] = []
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and places[j] == places[i]:
            j += 1
        tied = ranked[i:j]
        if len(tied) < len(group):
            out += [(places[i] + off, sub) for off, sub in _de_split(g, tied)]
        else:
            out.append((places[i], tied))
        i = j
    return out


def pairing_numbers(event: Event) -> Ints:
    """Each player's pairing number: his start number where it is one, else his row + 1."""
    if all(isinstance(p.id, int) for p in event.players):
        return np.array([p.id for p in event.players], dtype=np.int64)
    return np.arange(1, len(event.players) + 1, dtype=np.int64)


def _ascending(code: str, value: Floats) -> Floats:
    """A tie-break's values as a key that sorts the best first (NaN last)."""
    if code in LOWER_IS_BETTER:
        return np.nan_to_num(value, nan=np.inf)
    return -np.nan_to_num(value, nan=-np.inf)


def parse_code(code: str) -> tuple[str, int, int]:
    """``"BH/C1"`` → ``("BH", 1, 0)``: the tie-break and how many of the lowest and highest
    values it cuts; an unknown code or modifier is an :class:`InputError` at ``--tiebreaks``."""
    match = _CODE.match(code.strip().upper())
    if not match or match["name"] not in CODES:
        raise InputError("unknown tie-break", Place("--tiebreaks"), found=repr(code),
                         expected=message("C.07 codes: {}; rating tie-breaks: {}",
                                          ", ".join(CODES), ", ".join(RATING_CODES)))
    name = match["name"]
    if match["mod"] is None:
        return name, 0, 0
    if match["k"] not in ("1", "2"):
        raise InputError(message("C.07 has no modifier {}", match["mod"] + match["k"]),
                         Place("--tiebreaks"), found=repr(code),
                         expected=message("{} (Cut-1, Cut-2, Median1, Median2)", alternatives(
                             [f"{name}/C1, {name}/C2, {name}/M1", f"{name}/M2"])))
    if name not in _CUTTABLE or (name == "PS" and match["mod"] == "M"):
        raise InputError(message("tie-break {} takes no modifier {}", name,
                                 match["mod"] + match["k"]),
                         Place("--tiebreaks"), found=repr(code),
                         expected=message("{} alone, or a cut of {}", name,
                                          ", ".join(sorted(_CUTTABLE))))
    k = int(match["k"])
    return name, k, k if match["mod"] == "M" else 0


def check_codes(codes: Sequence[str]) -> None:
    """Refuse every unknown code or modifier of a list at once (a wrong code would give
    a column of zeros and every player a shared place)."""
    problems = Problems()
    for code in codes:
        if code not in RATING_CODES:
            with problems.collect():
                parse_code(code)
    problems.raise_any()


def compute_tiebreaks(
    event: Event, codes: Sequence[str], rules: str = "2026", current_round: int | None = None,
    given: Mapping[str, Floats] | None = None,
) -> dict[str, Floats]:
    """Every tie-break of ``codes`` (e.g. ``"BH/C1"``) as one float per player.

    ``rules`` is ``"2023"``, ``"2024"``, ``"2026"`` (the March 2026 dummy-opponent cap) or
    ``"pre2023"`` (the virtual opponent).  Values are in points (SB in points², AOB rounded
    as :func:`aob_decimals` says); AOB is NaN for a player without a game; DE is a place (1 = best).
    ``current_round``: the standings after that round (the rounds after it are not
    played yet, so they are not unplayed rounds either); default every round.
    """
    if rules not in RULES:
        raise InputError("unknown tie-break rules", Place("--tiebreak-rules"),
                         found=repr(rules), expected=" or ".join(RULES))
    g = _grid(event, current_round)
    out: dict[str, Floats] = {}
    seen: dict[bool, Entries] = {}
    for code in codes:
        if given and code in given:
            out[code] = given[code]
            continue
        name, low, high = parse_code(code)
        value: Floats
        if name in ("BH", "FB"):
            value = _buchholz(g, name, rules, low, high, seen) / 100.0
        elif name == "SB":
            value = _buchholz(g, name, rules, low, high, seen) / 10000.0
        elif name == "AOB":
            value = _aob(g, rules, low, high, seen)
        elif name == "ABH":
            value = _adjusted(g, _rounds(g), g.pts, last_true(~g.vur), rules) / 100.0
        elif name == "KS":
            value = _koya(g) / 100.0
        elif name == "PS":
            value = _progressive(g, low) / 100.0
        elif name == "STD":
            value = _std(g) / 100.0
        elif name == "WIN":
            value = (g.pts == 100).sum(axis=1).astype(np.float64)
        elif name == "WON":
            value = ((g.pts == 100) & g.board).sum(axis=1).astype(np.float64)
        elif name == "BPG":
            value = (g.board & (g.color == BLACK)).sum(axis=1).astype(np.float64)
        elif name == "BWG":
            value = (g.board & (g.color == BLACK) & (g.pts == 100)).sum(axis=1).astype(np.float64)
        elif name in ("GE", "REP"):
            value = (g.board | g.pab | (g.pts == 100)).sum(axis=1).astype(np.float64)
        elif name == "VUR":
            value = g.vur.sum(axis=1).astype(np.float64)
        elif name == "NUM":
            value = g.board.sum(axis=1).astype(np.float64)
        elif name == "TPN":
            value = pairing_numbers(event).astype(np.float64)
        else:  # DE
            earlier = codes[: list(codes).index(code)]
            value = _direct_encounter(g, [_ascending(c, out[c]) for c in earlier])
        out[code] = value
    return out
