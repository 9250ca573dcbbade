"""C.07's team tie-breaks, on match points (MP) or game points (GP).

Codes: ``MP``/``MPTS``, ``GP``/``GPTS``, ``MPvGP`` (the other score), ``BH`` and ``SB``
with ``:MP`` or ``:GP`` (default: the primary score), ``EMMSB``, ``EMGSB``, ``EGMSB``,
``EGGSB`` (the extended Sonneborn-Berger: the opponent's first-letter score times the
team's own second-letter score in their match), ``SSSC`` (score strength combination),
with the modifiers ``/C1`` … (cut the lowest), ``/M1`` … (median) and ``/P`` (count
unplayed rounds as played).  They follow FIDE's reference implementation (gacrux):
unplayed rounds are adjusted as C.07 (2026) article 16 says — a Swiss team's unplayed
round counts as its own score (at most its opponent's, or a draw a round, under the
2026 rules), its opponents' late absences as draws.

Values are :class:`~decimal.Decimal`, exact.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ...errors import InputError
from ...team_records import ByeKind
from ..teams.matches import TeamEvent
from .encounter import ENCOUNTER_CODES, RoundRecord, encounter, encounter_data

_HUNDRED = Decimal(100)
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
                         expected="one of: " + ", ".join(TEAM_CODES))
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
            raise InputError(f"team tie-break {name} takes no modifier {modifier}",
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
    absent = RoundRecord(None, Decimal(0), Decimal(0), False, True)
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
            table[team][m.round - 1] = RoundRecord(
                other, Decimal(mp) / _HUNDRED, Decimal(gp) / _HUNDRED, played, vur)
    return table


@dataclass(frozen=True)
class _Context:
    records: list[list[RoundRecord]]
    rounds: int
    swiss: bool
    boards: int
    primary: str
    draw_mp: Decimal
    draw_gp: Decimal
    win_mp: Decimal
    rules_2026: bool


def team_tiebreaks(te: TeamEvent, codes: Sequence[str], rounds: int, *, swiss: bool,
                   primary: str = "mp", rules_2026: bool = True) -> dict[str, list[Decimal]]:
    """Each code's value for every team after ``rounds``; BH and SB without ``:MP`` or
    ``:GP`` count the ``primary`` score.  The codes are taken in order: the direct
    encounter family ranks the teams the primary score and the codes before it left
    tied (lower is better)."""
    parsed = [parse_team_tiebreak(c) for c in codes]
    ctx = _Context(round_records(te, rounds), rounds, swiss, te.boards, primary,
                   Decimal(te.records.scoring.draw) / _HUNDRED,
                   Decimal(te.boards) / 2,
                   Decimal(te.records.scoring.win) / _HUNDRED, rules_2026)
    n = len(te.teams)
    numbers = [team.number for team in te.teams]
    ranks = _ranked([1] * n, [_total(ctx, t, primary) for t in range(n)], numbers)
    data = None
    values: dict[str, list[Decimal]] = {}
    for tb in parsed:
        if tb.name in ENCOUNTER_CODES:
            data = data or encounter_data(te, ctx.records, rounds, ctx.win_mp)
            values[tb.code] = encounter(data, tb.name, ranks, swiss=swiss,
                                        primary=tb.points or primary,
                                        predetermined=tb.predetermined)
            ranks = _ranked(ranks, [-v for v in values[tb.code]], numbers)
        else:
            values[tb.code] = [_value(ctx, tb, t) for t in range(n)]
            ranks = _ranked(ranks, values[tb.code], numbers)
    return values


def _ranked(ranks: Sequence[int], values: Sequence[Decimal], numbers: Sequence[int]) -> list[int]:
    """The ranks after one more criterion (higher first), ties broken no further."""
    order = sorted(range(len(ranks)), key=lambda t: (ranks[t], -values[t], numbers[t]))
    out = list(ranks)
    for position, t in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        same = (previous is not None and ranks[previous] == ranks[t]
                and values[previous] == values[t])
        out[t] = out[previous] if same and previous is not None else position
    return out


def _score(rec: RoundRecord, kind: str) -> Decimal:
    return rec.mp if kind == "mp" else rec.gp


def _total(ctx: _Context, team: int, kind: str) -> Decimal:
    return sum((_score(r, kind) for r in ctx.records[team]), Decimal(0))


def _adjusted(ctx: _Context, team: int, kind: str) -> Decimal:
    """The team's score as its opponents' Buchholz counts it: rounds after its last
    round present (C.07 16.3) as draws in a Swiss event, nothing in a round robin."""
    recs = ctx.records[team]
    last_present = max((r + 1 for r, rec in enumerate(recs) if not rec.vur), default=0)
    draw = (ctx.draw_mp if kind == "mp" else ctx.draw_gp) if ctx.swiss else Decimal(0)
    return sum((_score(rec, kind) if rnd <= last_present or rec.opponent is not None else draw
                for rnd, rec in enumerate(recs, start=1)), Decimal(0))


def _value(ctx: _Context, tb: TeamTiebreak, team: int) -> Decimal:
    primary = ctx.primary
    if tb.name in ("MP", "GP"):
        return _total(ctx, team, tb.name.lower())
    if tb.name == "MPVGP":
        return _total(ctx, team, "gp" if primary == "mp" else "mp")
    if tb.name == "SSSC":
        return _sssc(ctx, tb, team)
    if tb.name in ("BH", "SB"):
        opponent_kind = own_kind = tb.points or primary
    else:
        assert tb.points is not None
        opponent_kind, own_kind = tb.points[0] + "p", tb.points[1] + "p"
    return _buchholz(ctx, tb, team, opponent_kind, own_kind if tb.name != "BH" else None)


def _buchholz(ctx: _Context, tb: TeamTiebreak, team: int, opponent_kind: str,
              own_kind: str | None) -> Decimal:
    """Buchholz (``own_kind`` None) or a Sonneborn-Berger: per round the opponent's
    adjusted score (times the team's own score in the match), cuts applied."""
    rr = not ctx.swiss
    predetermined = tb.predetermined or rr
    own_total = _total(ctx, team, opponent_kind)
    draw = ctx.draw_mp if opponent_kind == "mp" else ctx.draw_gp
    values: list[tuple[bool, Decimal, Decimal]] = []  # (vur, tbvalue, score)
    for rec in ctx.records[team]:
        vur = rec.vur
        if (predetermined or rec.played) and rec.opponent is not None:
            vur = False
            score = _adjusted(ctx, rec.opponent, opponent_kind)
        elif not rr:
            score = own_total
            if ctx.rules_2026:
                score = min(score, _adjusted(ctx, rec.opponent, opponent_kind)
                            if rec.opponent is not None else draw * ctx.rounds)
        else:
            score = Decimal(0)
        value = score * _score(rec, own_kind) if own_kind is not None else score
        if rec.opponent is not None or not rr:
            values.append((vur, value, score))
    low = min(tb.cut_low, ctx.rounds)
    high = min(tb.cut_high, ctx.rounds - low)
    for _ in range(low):
        if not values:
            break
        by_score = sorted(values, key=lambda v: (v[2], v[1]))
        by_vur = sorted(values, key=lambda v: (-v[0], v[1], v[2]))
        drop = by_score[0] if not by_vur[0][0] or by_score[0][1] > by_vur[0][1] else by_vur[0]
        values.remove(drop)
    for _ in range(high):
        if not values:
            break
        values.remove(sorted(values, key=lambda v: (-v[2], -v[1]))[0])
    return sum((v[1] for v in values), Decimal(0))


def _sssc(ctx: _Context, tb: TeamTiebreak, team: int) -> Decimal:
    """Score strength combination: the other score plus the primary score's Buchholz
    over a divisor (on match points: twice the rounds over the boards, whole; on game
    points: the rounds times the boards over two), to hundredths."""
    kind = ctx.primary
    dividend = _buchholz(ctx, TeamTiebreak("BH", "BH", kind, predetermined=tb.predetermined),
                         team, kind, None)
    if kind == "mp":
        divisor = math.floor(ctx.win_mp * ctx.rounds / ctx.boards)
    else:
        divisor = math.floor(ctx.rounds * ctx.boards / ctx.win_mp)
    if divisor == 0:
        raise InputError("SSSC needs at least as many rounds as half the boards",
                         found=f"{ctx.rounds} rounds, {ctx.boards} boards",
                         expected="more rounds")
    other = _total(ctx, team, "gp" if kind == "mp" else "mp")
    return (other + dividend / divisor).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
