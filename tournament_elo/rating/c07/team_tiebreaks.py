"""C.07's team tie-breaks, on match points (MP) or game points (GP).

Codes: ``MP``/``MPTS``, ``GP``/``GPTS``, ``MPvGP`` (the other score), ``BH`` and ``SB``
with ``:MP`` or ``:GP`` (default: the primary score), ``EMMSB``, ``EMGSB``, ``EGMSB``,
``EGGSB`` (the extended Sonneborn-Berger: the opponent's first-letter score times the
team's own second-letter score in their match), ``SSSC`` (score strength combination),
with the modifiers ``/C1`` … (cut the lowest), ``/M1`` … (median) and ``/P`` (count
unplayed rounds as played).  They follow FIDE's reference implementation (gacrux).

They are the individual tie-breaks' rules over another score: Buchholz, the
Sonneborn-Berger family, their cuts and the scores of unplayed rounds (C.07 Art. 16)
are :mod:`.buchholz`'s, over a team × round grid of match points or of game points —
a Swiss team's unplayed round counts as its own score (at most its opponent's, or a draw
a round, under the 2026 rules), its opponents' late absences as draws.  The scores are
integer hundredths, as the matches keep them, so every sum is exact; the values come
out in points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import InputError
from ...i18n.message import message
from ...rounding import half_up
from ...team_records import ByeKind
from ..teams.matches import TeamEvent
from .buchholz import Entries, Rounds, adjusted_scores, cut_sums, dummy_scores, entries, last_true
from .encounter import ENCOUNTER_CODES, RoundRecord, encounter, encounter_data

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
_CODE = re.compile(
    r"^(?P<name>MPTS|GPTS|MP|GP|MPVGP|GPVMP|BH|SB|EMMSB|EMGSB|EGMSB|EGGSB|SSSC|"
    r"EDEBT|EDEBB|EDEC|EDET|EDEB|EDE|BC|TBR|BBE)"
    r"(?::(?P<points>MP|GP))?(?P<mods>(?:/[A-Z0-9]+)*)$")

#: Team tie-break codes this module computes.
TEAM_CODES = ("MP", "GP", "MPvGP", "GPvMP", "BH", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
              "SSSC", *ENCOUNTER_CODES)


@dataclass(frozen=True)
class TeamTiebreak:
    code: str
    name: str
    points: str | None  # "mp" or "gp" for BH/SB, the letters of an extended SB
    cut_low: int = 0
    cut_high: int = 0
    predetermined: bool = False


def parse_team_tiebreak(code: str) -> TeamTiebreak:
    match = _CODE.match(code.strip().upper())
    if match is None:
        raise InputError("unknown team tie-break", found=repr(code),
                         expected=message("one of: {}", ", ".join(TEAM_CODES)))
    name, points = match["name"], match["points"]
    low = high = 0
    predetermined = False
    for modifier in filter(None, match["mods"].split("/")):
        if re.fullmatch(r"C\d", modifier):
            low = int(modifier[1:])
        elif re.fullmatch(r"M\d", modifier):
            low = high = int(modifier[1:])
        elif modifier == "P":
            predetermined = True
        else:
            raise InputError(message("team tie-break {} takes no modifier {}", name, modifier),
                             found=repr(code), expected="/C1, /C2, /M1, /M2 or /P")
    kind = {"MPTS": "MP", "GPTS": "GP", "GPVMP": "MPVGP"}.get(name, name)
    if kind.startswith("E") and kind.endswith("SB"):
        points = kind[1:3].lower()
    return TeamTiebreak(code, kind, points.lower() if points else None, low, high,
                        predetermined)


def lower_is_better(code: str) -> bool:
    """Direct encounter and the board criteria are ranks (lower first)."""
    return parse_team_tiebreak(code).name in ENCOUNTER_CODES


def round_records(te: TeamEvent, rounds: int) -> list[list[RoundRecord]]:
    """Per team, rounds 1 … ``rounds``: a round without match or bye is absent."""
    absent = RoundRecord(None, 0, 0, False, True)
    table = [[absent] * rounds for _ in te.teams]
    for m in te.matches:
        if m.round > rounds:
            continue
        sides = [(m.white, m.black, m.white_match, m.white_points)]
        if m.black is not None:
            sides.append((m.black, m.white, m.black_match, m.black_points))
        for team, other, mp, gp in sides:
            won = mp == te.records.scoring.win and mp > 0
            if m.bye is not None:
                played = m.bye is ByeKind.PAIRING
                vur = not played and m.bye is not ByeKind.FULL
            else:
                played, vur = m.played, not m.played and not won
            table[team][m.round - 1] = RoundRecord(other, mp, gp, played, vur)
    return table


class _Grid(NamedTuple):
    """The teams × rounds (column r is round r + 1) of :func:`round_records`."""

    points: dict[str, Ints]  # "mp", "gp": hundredths
    opp: Ints  # -1: no opponent (a bye, an absence)
    played: Bools
    vur: Bools


def _grid(records: list[list[RoundRecord]], rounds: int) -> _Grid:
    shape = (len(records), rounds)
    mp, gp = np.zeros(shape, dtype=np.int64), np.zeros(shape, dtype=np.int64)
    opp = np.full(shape, -1, dtype=np.int64)
    played, vur = np.zeros(shape, dtype=bool), np.zeros(shape, dtype=bool)
    for t, recs in enumerate(records):
        for r, rec in enumerate(recs):
            mp[t, r], gp[t, r], played[t, r], vur[t, r] = rec.mp, rec.gp, rec.played, rec.vur
            opp[t, r] = -1 if rec.opponent is None else rec.opponent
    return _Grid({"mp": mp, "gp": gp}, opp, played, vur)


@dataclass(frozen=True)
class _Context:
    records: list[list[RoundRecord]]
    grid: _Grid
    rounds: int
    swiss: bool
    boards: int
    primary: str
    draw: dict[str, int]  # a drawn round in match points and in game points, hundredths
    win_mp: int  # hundredths
    rules_2026: bool
    #: The Buchholz entries by (opponent's score, own score, counted as played), for the
    #: next code of the same list.
    seen: dict[tuple[str, str, bool], Entries] = field(default_factory=dict)


#: Each code's values are integer multiples of this part of a point.
_UNIT = {"BH": 100, "SB": 10_000, "EMMSB": 10_000, "EMGSB": 10_000, "EGMSB": 10_000,
         "EGGSB": 10_000, "BC": 100}


def _unit(name: str) -> int:
    return _UNIT.get(name, 1 if name in ENCOUNTER_CODES else 100)


def team_tiebreaks(te: TeamEvent, codes: Sequence[str], rounds: int, *, swiss: bool,
                   primary: str = "mp", rules_2026: bool = True) -> dict[str, list[float]]:
    """Each code's value for every team after ``rounds``, in points (a Sonneborn-Berger
    in points², the direct encounter family a rank); BH and SB without ``:MP`` or
    ``:GP`` count the ``primary`` score.  The codes are taken in order: the direct
    encounter family ranks the teams the primary score and the codes before it left
    tied (lower is better)."""
    values = team_values(te, codes, rounds, swiss=swiss, primary=primary,
                         rules_2026=rules_2026)
    return {code: in_points(code, v) for code, v in values.items()}


def in_points(code: str, values: Sequence[int]) -> list[float]:
    """The exact values of ``code`` (:func:`team_values`) in points."""
    unit = _unit(parse_team_tiebreak(code).name)
    return [value / unit for value in values]


def team_values(te: TeamEvent, codes: Sequence[str], rounds: int, *, swiss: bool,
                primary: str = "mp", rules_2026: bool = True) -> dict[str, list[int]]:
    """:func:`team_tiebreaks` exact: each value an integer multiple of its unit (a
    hundredth of a point, a ten-thousandth for a Sonneborn-Berger, 1 for a rank), in
    which the standings compare them."""
    parsed = [parse_team_tiebreak(c) for c in codes]
    records = round_records(te, rounds)
    scoring = te.records.scoring
    ctx = _Context(records, _grid(records, rounds), rounds, swiss, te.boards, primary,
                   {"mp": scoring.draw, "gp": 50 * te.boards}, scoring.win, rules_2026)
    n = len(te.teams)
    numbers = [team.number for team in te.teams]
    ranks = _ranked([1] * n, _total(ctx, primary).tolist(), numbers)
    data = None
    values: dict[str, list[int]] = {}
    for tb in parsed:
        if tb.name in ENCOUNTER_CODES:
            data = data or encounter_data(te, ctx.records, rounds, ctx.win_mp)
            values[tb.code] = encounter(data, tb.name, ranks, swiss=swiss,
                                        primary=tb.points or primary,
                                        predetermined=tb.predetermined)
            ranks = _ranked(ranks, [-v for v in values[tb.code]], numbers)
        else:
            values[tb.code] = _value(ctx, tb).tolist()
            ranks = _ranked(ranks, values[tb.code], numbers)
    return values


def _ranked(ranks: Sequence[int], values: Sequence[int], numbers: Sequence[int]) -> list[int]:
    """The ranks after one more criterion (higher first), ties broken no further."""
    order = sorted(range(len(ranks)), key=lambda t: (ranks[t], -values[t], numbers[t]))
    out = list(ranks)
    for position, t in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        same = (previous is not None and ranks[previous] == ranks[t]
                and values[previous] == values[t])
        out[t] = out[previous] if same and previous is not None else position
    return out


def _total(ctx: _Context, kind: str) -> Ints:
    return np.asarray(ctx.grid.points[kind].sum(axis=1), dtype=np.int64)


def _value(ctx: _Context, tb: TeamTiebreak) -> Ints:
    primary = ctx.primary
    if tb.name in ("MP", "GP"):
        return _total(ctx, tb.name.lower())
    if tb.name == "MPVGP":
        return _total(ctx, "gp" if primary == "mp" else "mp")
    if tb.name == "SSSC":
        return _sssc(ctx, tb)
    if tb.name in ("BH", "SB"):
        opponent_kind = own_kind = tb.points or primary
    else:
        assert tb.points is not None
        opponent_kind, own_kind = tb.points[0] + "p", tb.points[1] + "p"
    e = _entries(ctx, opponent_kind, own_kind, tb.predetermined or not ctx.swiss)
    return cut_sums(e, e.score if tb.name == "BH" else e.product, tb.cut_low, tb.cut_high)


def _entries(ctx: _Context, opponent_kind: str, own_kind: str, predetermined: bool
             ) -> Entries:
    """Per round the opponent's adjusted ``opponent_kind`` score (a dummy's where the
    round counts as unplayed: ``predetermined`` counts every round with an opponent as
    played), and its product with the team's own ``own_kind`` score of the match."""
    key = (opponent_kind, own_kind, predetermined)
    if key not in ctx.seen:
        g = ctx.grid
        has_opp = g.opp >= 0
        rounds = Rounds(opp=g.opp, has_opp=has_opp, game=(g.played | predetermined) & has_opp,
                        vur=g.vur, games_only=not ctx.swiss)
        points, draw = g.points[opponent_kind], ctx.draw[opponent_kind]
        adjusted = adjusted_scores(rounds, points, last_true(~g.vur), draw)
        dummy = dummy_scores(rounds, points.sum(axis=1), adjusted, draw, ctx.rules_2026)
        ctx.seen[key] = entries(rounds, adjusted, dummy, g.points[own_kind])
    return ctx.seen[key]


def _sssc(ctx: _Context, tb: TeamTiebreak) -> Ints:
    """Score strength combination: the other score plus the primary score's Buchholz
    over a divisor (on match points: twice the rounds over the boards, whole; on game
    points: the rounds times the boards over two), to hundredths, half up."""
    kind = ctx.primary
    e = _entries(ctx, kind, kind, tb.predetermined or not ctx.swiss)
    dividend = cut_sums(e, e.score, 0, 0)  # hundredths
    if kind == "mp":
        divisor = ctx.win_mp * ctx.rounds // (100 * ctx.boards)
    else:
        divisor = 100 * ctx.rounds * ctx.boards // ctx.win_mp
    if divisor == 0:
        raise InputError("SSSC needs at least as many rounds as half the boards",
                         found=message("{} rounds, {} boards", ctx.rounds, ctx.boards),
                         expected="more rounds")
    other = _total(ctx, "gp" if kind == "mp" else "mp")
    return np.asarray(other + half_up(dividend, divisor), dtype=np.int64)
