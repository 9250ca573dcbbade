"""Title norms (FIDE Title Regulations B.01, effective 1 January 2024, art. 1.4): GM, IM,
WGM, WIM.

A norm needs, over the games played over the board (forfeits, short games and byes
do not count, 1.4.2c; unrated opponents count at 1400, 1.4.6d):

- at least 9 games; a norm over more than 13 games counts as 13 (``norm_games``, 1.7),
- a score of at least 35 % (1.4.8b),
- Rp = Ra + dp at least 2600 / 2450 / 2400 / 2250 (1.4.8), where Ra is the opponents'
  average rounded half up with no 400 cap (1.4.7), and one opponent, the lowest-rated,
  is raised to the floor 2200 / 2050 / 2000 / 1850 if he is below it (1.4.6b-c),
- that same average Ra at least 2380 / 2230 / 2180 / 2030 (1.4.8a),
- the federation mix: at least 2 federations other than the player's (1.4.3), at most
  3/5 of the opponents from the player's own federation, at most 2/3 from any one
  federation (1.4.4),
- the title mix: at least 50 % title-holders (CM and WCM do not count), and at least
  1/3 holding the norm title or one that B.01 counts for it (1.4.5,
  :data:`NORM_TITLE_HOLDERS`).

Opponents whose federation is not given count as opponents but for no federation; so
do players of ``FID``, which 1.4.2a accepts "but [they] do not count as a foreign
player" (:data:`NO_FEDERATION`).

Exceptions, from the regulation text (B.01 2024 as transcribed from
handbook.fide.com/chapter/B012024 in public norm checkers; fide.md states only the
normal rules):

- 1.4.3a-d exempt some events from the federation mix.  The event says which it is
  by the setting ``norm-event`` (``tournament-elo rate --norm-event``), never guessed
  from its name (:data:`NORM_EVENTS`):

  * ``national-championship`` (1.4.3a): the final stage of a national championship;
    1.4.3a's carve-out for a federation's Zonal year is the arbiter's to apply by
    not choosing it;
  * ``national-team-championship`` (1.4.3b): a national team championship, for the
    players of the federation that registered it only (:attr:`Event.federation`;
    when it is not given, nobody is exempt).  B.01 exempts no other team event;
  * ``zonal`` (1.4.3c): a Zonal or Sub-zonal tournament;
  * ``large-swiss`` (1.4.3d): a Swiss whose participants include in every round at
    least 20 FIDE-rated players not from the host federation (:attr:`Event.federation`),
    from at least 3 federations, at least 10 of them GM, IM, WGM or WIM; a player
    counts only if he missed at most one round, pairing-allocated byes aside.  The
    conditions are checked on the event; when they fail, 1.4.3 and 1.4.4 apply as
    usual and the federation condition's text says why.

  An exemption lifts both 1.4.3 and 1.4.4: 1.4.3e calls the two together "the normal
  foreigner requirement", and 1.4.3d's "otherwise, 1.4.4 applies" ties 1.4.4 to the
  exemption.  The exempted conditions stay in the list, met, their text naming the
  article.  1.4.3e (one norm of a title application must meet the normal requirement)
  concerns the application, not the event.
- 1.4.2b: in a round robin, games against an unrated player who scored zero against
  the rated opponents are not counted (:attr:`NormResult.left_out`).  B.01 sets no
  cap on the number of unrated opponents: they count at 1400 (1.4.6d), and one of
  them can be the opponent raised to the floor (1.4.6b-c), which the rules above
  already do.

Each :class:`NormResult` lists every condition with its value and the bound; a failed
one says by how much it failed, e.g. "average 2364, needs 2380: 16 short" — and the
same in a report's words, as :attr:`Condition.phrases` (each output fills in the words
of its language, :mod:`~tournament_elo.i18n.labels`' ``norm_*``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...errors import InputError, Place
from ...model import PLAYED, POINTS, Event, EventType, Player, Result
from ...rounding import half_up, up_to_half_point
from .norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from .tables import DP

#: B.01 0.31: the titles in order, highest first.  FM ranks above WIM and below WGM.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
#: B.01 1.4.5: title-holders for the 50 % rule: every title except CM and WCM.
TITLE_HOLDERS = frozenset(TITLE_ORDER) - {"CM", "WCM"}
#: B.01 1.4.5: titles that count for the 1/3 rule of each norm: the norm title and the
#: titles above it in TITLE_ORDER, except that FM does not count for a WIM norm (B.01
#: lists "WIMs, WGMs, IMs or GMs" there, although FM ranks above WIM).
NORM_TITLE_HOLDERS: dict[str, frozenset[str]] = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "IM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}
#: The women's norms: not computed for a player given as male.
WOMEN_TITLES = frozenset({"WGM", "WIM"})


class NormLevel(NamedTuple):
    performance: int  # Rp needed
    average: int  # opponents' average needed
    floor: int  # the lowest opponent is raised to this


NORM_LEVELS: dict[str, NormLevel] = {
    "GM": NormLevel(2600, 2380, 2200),
    "IM": NormLevel(2450, 2230, 2050),
    "WGM": NormLevel(2400, 2180, 2000),
    "WIM": NormLevel(2250, 2030, 1850),
}
UNRATED_OPPONENT = 1400
#: B.01 1.4.2a: opponents accepted, but counted for no federation.
NO_FEDERATION = frozenset({"FID"})
#: B.01 1.4.3d: foreign rated players, their federations, and those titled, at least.
LARGE_SWISS = (20, 3, 10)
LARGE_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
#: Results in which a player did not miss the round, for 1.4.3d.
_PRESENT = frozenset({Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN,
                      Result.SHORT_WIN, Result.SHORT_DRAW, Result.SHORT_LOSS,
                      Result.PAIRING_BYE, Result.UNPLAYED})
MIN_GAMES = 9
MAX_NORM_GAMES = 13
MIN_PERCENT = 35


class Phrase(NamedTuple):
    """A part of a sentence in any language: the label of its words and the values of
    their holes (hundredths of a point, written as points, where ``points``)."""

    label: str
    values: tuple[tuple[str, int], ...]
    points: bool = False


#: The conditions bounded from above: a failure is too many, not too few.
_AT_MOST = frozenset({"own federation", "one federation"})


class Condition(NamedTuple):
    name: str  # "games", "score", "performance", "average", "foreign federations", ...
    value: int
    bound: int  # the least (or, for "own federation"/"one federation", the most) allowed
    met: bool
    text: str  # "average 2364, needs 2380: 16 short"

    @property
    def phrases(self) -> tuple[Phrase, ...]:
        """The condition as a report says it: what it counts and needs, then, where it
        failed, by how much ("average 2364, needs 2380", "16 short")."""
        points = self.name == "score"
        said = Phrase(f"norm_{self.name.replace(' ', '_')}",
                      (("value", self.value), ("bound", self.bound)), points)
        if self.met:
            return (said,)
        if self.name in _AT_MOST:
            return said, Phrase("norm_too_many", (("n", self.value - self.bound),))
        return said, Phrase("norm_short", (("n", self.bound - self.value),), points)


class NormForecast(NamedTuple):
    """For an event in progress: what the rounds to come must bring for the norm, the
    next opponents taken to be rated like those so far — or, where their average is still
    short of the title's, at least what brings it up, which the field must hold: no more
    than the strongest players the player has not met yet."""

    remaining: int  # rounds still to play
    points_needed: int  # hundredths, from those rounds
    opponents_rating: int  # the rating taken for each next opponent


#: The conditions a forecast answers for (the others are the mix of opponents so far).
FORECAST_COVERS = frozenset({"games", "score", "performance", "average"})


class NormResult(NamedTuple):
    player: int  # index into event.players
    title: str
    games: int  # games counted
    norm_games: int  # games the norm is worth: at most 13
    points: int  # hundredths, in the games counted
    average: int  # Ra, the lowest opponent raised
    performance: int  # Rp = Ra + dp
    raised: tuple[int, int] | None  # (the lowest opponent's rating, the floor) if raised
    conditions: tuple[Condition, ...]
    left_out: tuple[int, ...] = ()  # opponents whose games 1.4.2b leaves out
    forecast: NormForecast | None = None  # an event in progress, the norm still possible

    @property
    def met(self) -> bool:
        return all(c.met for c in self.conditions)

    @property
    def failures(self) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if not c.met)

    @property
    def open_failures(self) -> tuple[Condition, ...]:
        """The failures the :attr:`forecast` does not answer for (all of them where
        there is none)."""
        return tuple(c for c in self.failures
                     if self.forecast is None or c.name not in FORECAST_COVERS)

    @property
    def listed(self) -> bool:
        """Whether the reports list the check: 9 games or more, or a norm the rounds
        to come can still bring."""
        return self.games >= MIN_GAMES or self.forecast is not None


def _at_least(name: str, value: int, bound: int, what: str, unit: str = "",
              exempt: str | None = None) -> Condition:
    met = value >= bound
    text = f"{what}, needs {bound}{unit}" + _outcome(met, f"{bound - value} short", exempt)
    return Condition(name, value, bound, met or exempt is not None, text)


def _at_most(name: str, value: int, bound: int, what: str,
             exempt: str | None = None) -> Condition:
    met = value <= bound
    text = f"{what}, at most {bound}" + _outcome(met, f"{value - bound} too many", exempt)
    return Condition(name, value, bound, met or exempt is not None, text)


def _outcome(met: bool, miss: str, exempt: str | None) -> str:
    if met:
        return ""
    return f": exempt under {exempt}" if exempt else f": {miss}"


def _points(hundredths: int) -> str:
    return f"{hundredths / 100:g}"


def _least_next(so_far: int, games: int, remaining: int, level: NormLevel) -> int:
    """The least rating of each next opponent that brings the final average (rounded half
    up) to the title's."""
    # half_up((so_far + remaining * r) / total) >= level.average  <=>
    # 2 * (so_far + remaining * r) >= (2 * level.average - 1) * total
    total = games + remaining
    return -(-((2 * level.average - 1) * total - 2 * so_far) // (2 * remaining))


def _forecast(adjusted: list[int], points: int, remaining: int, level: NormLevel,
              strongest_left: int) -> NormForecast | None:
    """The fewest points from the ``remaining`` rounds that make the norm's games, score,
    performance and average (None: none do); ``strongest_left`` is the average rating of
    the strongest ``remaining`` players not met yet."""
    games = len(adjusted)
    total = games + remaining
    if remaining <= 0 or not games or total < MIN_GAMES:
        return None
    least = _least_next(sum(adjusted), games, remaining, level)
    rating = min(max(int(half_up(sum(adjusted), games)), least), strongest_left)
    if rating < least:
        return None  # the field has no opponents strong enough left
    average = int(half_up(sum(adjusted) + remaining * rating, total))
    for half_points in range(2 * remaining + 1):
        final = points + 50 * half_points
        if final >= MIN_PERCENT * total and (
                average + int(DP[int(half_up(final, total))]) >= level.performance):
            return NormForecast(remaining, 50 * half_points, rating)
    return None


def _check(
    event: Event, index: int, title: str, games_of: tuple[list[int], list[int], int],
    exempt: str | None, note: str, left_out: tuple[int, ...], remaining: int = 0,
    strongest_left: int = 0,
) -> NormResult:
    opponents, ratings, points = games_of
    level = NORM_LEVELS[title]
    me = event.players[index]
    games = len(opponents)
    adjusted = list(ratings)
    raised = None
    if adjusted:
        low = int(np.argmin(adjusted))
        if adjusted[low] < level.floor:
            raised = (adjusted[low], level.floor)
            adjusted[low] = level.floor
    average = int(half_up(sum(adjusted), games)) if games else 0
    percent = int(half_up(points, games)) if games else 0
    rp = average + int(DP[percent]) if games else 0

    need_points = int(up_to_half_point(MIN_PERCENT * games))
    conditions = [
        _at_least("games", games, MIN_GAMES, f"{games} games"),
        Condition(
            "score", points, need_points, points >= MIN_PERCENT * games,
            f"score {_points(points)} of {games}, needs {_points(need_points)} ({MIN_PERCENT} %)"
            + ("" if points >= MIN_PERCENT * games
               else f": {_points(need_points - points)} short"),
        ),
        _at_least("performance", rp, level.performance, f"performance {rp}"),
        _at_least("average", average, level.average, f"average {average}"),
    ]

    conditions += _federation_mix(me, [_federation(event.players[o]) for o in opponents],
                                  exempt, note)

    titles = [(event.players[o].title or "").upper() for o in opponents]
    titled = sum(t in TITLE_HOLDERS for t in titles)
    conditions.append(_at_least("titled", titled, -(-games // 2),
                                f"{titled} of {games} opponents titled", " (50 %)"))
    holders = sum(t in NORM_TITLE_HOLDERS[title] for t in titles)
    names = "/".join(t for t in TITLE_ORDER if t in NORM_TITLE_HOLDERS[title])
    conditions.append(_at_least("title holders", holders, -(-games // 3),
                                f"{holders} of {games} opponents {names}", " (1/3)"))
    return NormResult(index, title, games, min(games, MAX_NORM_GAMES), points, average, rp,
                      raised, tuple(conditions), left_out,
                      _forecast(adjusted, points, remaining, level, strongest_left))


def _federation(player: Player) -> str | None:
    fed = (player.federation or "").upper()
    return fed if fed and fed not in NO_FEDERATION else None


def _federation_mix(me: Player, feds: list[str | None], exempt: str | None,
                    note: str) -> list[Condition]:
    """B.01 1.4.3 and 1.4.4, each lifted (met, saying so) when ``exempt`` names the
    exempting article; ``note`` adds why 1.4.3d did not exempt."""
    games = len(feds)
    own = _federation(me)
    foreign = {f for f in feds if f and f != own}
    first = _at_least("foreign federations", len(foreign), 2,
                      f"{len(foreign)} federations other than {own or 'his own'}",
                      exempt=exempt)
    out = [first._replace(text=first.text + note)]
    if own:
        mine = sum(f == own for f in feds)
        out.append(_at_most("own federation", mine, 3 * games // 5,
                            f"{mine} of {games} opponents from {own} (3/5)", exempt))
    counts = Counter(f for f in feds if f)
    if counts:
        fed, most = counts.most_common(1)[0]
        out.append(_at_most("one federation", most, 2 * games // 3,
                            f"{most} of {games} opponents from {fed} (2/3)", exempt))
    return out


def norm_event_of(event: Event, norm_event: str | None = None) -> str:
    """``norm_event``, else the event's ``norm-event`` setting, else "ordinary"."""
    chosen = norm_event or dict(event.settings).get(NORM_EVENT_SETTING, "ordinary")
    if chosen not in NORM_EVENTS:
        raise InputError("no such norm event", Place("--norm-event"), found=repr(chosen),
                         expected=" or ".join(NORM_EVENTS))
    return chosen


def _large_swiss(event: Event) -> tuple[bool, str]:
    """Whether the event meets B.01 1.4.3d, and the counts that say so."""
    host = (event.federation or "").upper()
    if not host:
        return False, "the host federation is not given"
    p = event.pairings
    present = np.isin(p.result, [int(r) for r in _PRESENT])
    rounds_present = np.bincount(p.player[present], minlength=len(event.players))
    counted = [q for q in event.players
               if q.rating and _federation(q) not in (None, host)
               and event.rounds - rounds_present[q.index] <= 1]
    players, feds = len(counted), len({_federation(q) for q in counted})
    titled = sum((q.title or "").upper() in LARGE_SWISS_TITLES for q in counted)
    need_players, need_feds, need_titled = LARGE_SWISS
    text = (f"{players} rated players from outside {host} (needs {need_players}), "
            f"{feds} federations (needs {need_feds}), {titled} GM/IM/WGM/WIM "
            f"(needs {need_titled})")
    return players >= need_players and feds >= need_feds and titled >= need_titled, text


def _exemption(event: Event, norm_event: str) -> tuple[str | None, str]:
    """The event's exemption from the federation mix ("B.01 1.4.3c (zonal)") or None,
    and a note for the federation condition when 1.4.3d was asked for but not met."""
    article = NORM_EVENTS[norm_event]
    if article is None:
        return None, ""
    exempt = f"B.01 {article} ({norm_event})"
    if norm_event == "large-swiss":
        met, counts = _large_swiss(event)
        return (f"{exempt}: {counts}", "") if met else (None, f"; 1.4.3d not met: {counts}")
    return exempt, ""


def _left_out(event: Event) -> frozenset[int]:
    """B.01 1.4.2b: in a round robin, the unrated players who scored zero against the
    rated ones (having played at least one of them)."""
    if event.type != EventType.ROUND_ROBIN:
        return frozenset()
    p = event.pairings
    rated = np.array([bool(q.rating) for q in event.players] + [False])
    against_rated = PLAYED[p.result] & rated[p.opponent]  # opponent -1 reads the False
    n = len(event.players)
    games = np.bincount(p.player[against_rated], minlength=n)
    points = np.bincount(p.player[against_rated], weights=POINTS[p.result[against_rated]],
                         minlength=n)
    return frozenset(q.index for q in event.players
                     if not q.rating and games[q.index] and points[q.index] == 0)


def _holds(player_title: str | None, norm: str) -> bool:
    """Whether a player's title already makes the norm pointless."""
    return (player_title or "").upper() in NORM_TITLE_HOLDERS[norm]


def norms(event: Event, titles: Iterable[str] = ("GM", "IM", "WGM", "WIM"),
          norm_event: str | None = None, in_reach: bool = False) -> list[NormResult]:
    """Every player's norm check for every title he does not already hold (or better).

    ``norm_event`` (a key of :data:`NORM_EVENTS`) says which B.01 1.4.3 exemption the
    event has; by default the event's ``norm-event`` setting, else none.  Women's norms
    are skipped for players whose sex is given as male.  Results come in player order,
    then in the order of ``titles``.

    ``in_reach``: only the norms a player's games bring in reach — at least 9 games and
    the performance the title needs (so a check fails, if at all, on the average, the
    score or the mix of opponents).  Found with numpy first, so that a 100,000-player
    open checks the few who matter, not everyone.

    In an event still in progress (fewer rounds played than it has), each check carries
    a :class:`NormForecast`; in reach, then, are the norms the rounds to come can still
    bring.
    """
    wanted = [t.upper() for t in titles]
    unknown = [t for t in wanted if t not in NORM_LEVELS]
    if unknown:
        raise InputError("no such title norm", Place("titles"), found=", ".join(unknown),
                         expected=" or ".join(NORM_LEVELS))
    kind = norm_event_of(event, norm_event)
    exempt, note = _exemption(event, kind)
    host = (event.federation or "").upper()
    skipped = _left_out(event)
    p = event.pairings
    counted = PLAYED[p.result] & (p.opponent >= 0)
    if skipped:
        counted &= ~np.isin(p.opponent, list(skipped))
    remaining = max(0, event.rounds - event.rounds_played)
    reach = _in_reach(event, counted, wanted, remaining) if in_reach else None
    if reach is not None:
        counted &= np.isin(p.player, np.flatnonzero(reach.any(axis=1)))
    if skipped:  # the rows left out, for the check's record of them
        counted |= PLAYED[p.result] & np.isin(p.opponent, list(skipped))
    games: dict[int, tuple[list[int], list[int], int]] = {}
    left_out: dict[int, list[int]] = {}
    for player, opponent, result in zip(
        p.player[counted].tolist(), p.opponent[counted].tolist(), p.result[counted].tolist(),
        strict=True,
    ):
        if opponent in skipped:
            left_out.setdefault(player, []).append(opponent)
            continue
        opps, ratings, pts = games.get(player, ([], [], 0))
        opps.append(opponent)
        ratings.append(event.players[opponent].rating or UNRATED_OPPONENT)
        games[player] = (opps, ratings, pts + int(POINTS[result]))
    out = []
    for me in event.players:
        mine = games.get(me.index, ([], [], 0))
        # 1.4.3b exempts only the players of the federation that registered the event.
        own = exempt if kind != "national-team-championship" or (
            host and _federation(me) == host) else None
        for column, title in enumerate(wanted):
            if _holds(me.title, title) or (reach is not None and not reach[me.index, column]):
                continue
            if title in WOMEN_TITLES and (me.sex or "").lower() == "m":
                continue
            check = _check(event, me.index, title, mine, own, note,
                           tuple(left_out.get(me.index, ())), remaining,
                           _strongest_left(event, me.index, remaining) if remaining else 0)
            if reach is None or not remaining or check.forecast is not None:
                out.append(check)
    return out


def _ratings(event: Event) -> npt.NDArray[np.int64]:
    """Every player's rating for the norms, the unrated at :data:`UNRATED_OPPONENT`."""
    return np.array([q.rating or UNRATED_OPPONENT for q in event.players], dtype=np.int64)


def _strongest_left(event: Event, index: int, remaining: int) -> int:
    """The average rating (rounded down) of the ``remaining`` strongest players that
    player ``index`` has not been paired with yet: the best the next rounds can bring."""
    p = event.pairings
    met = set(p.opponent[(p.player == index) & (p.opponent >= 0)].tolist()) | {index}
    rating = _ratings(event)
    left = [int(rating[q]) for q in np.argsort(-rating, kind="stable") if q not in met]
    best = left[:remaining]
    return sum(best) // len(best) if best else 0


def _in_reach(event: Event, counted: npt.NDArray[np.bool_], titles: list[str],
              remaining: int) -> npt.NDArray[np.bool_]:
    """Per player and title (a column each): at least :data:`MIN_GAMES` games and the
    title's performance, computed as :func:`_check` does (the lowest opponent raised to
    the title's floor, Ra rounded half up, dp of the score) — with the ``remaining``
    rounds all won against the next opponents :func:`_next_opponents` takes."""
    p = event.pairings
    n = len(event.players)
    rating = _ratings(event)
    who = p.player[counted]
    opponent_rating = rating[p.opponent[counted]]
    games = np.bincount(who, minlength=n)
    total = np.bincount(who, weights=opponent_rating, minlength=n).astype(np.int64)
    points = np.bincount(who, weights=POINTS[p.result[counted]], minlength=n).astype(np.int64)
    lowest = np.full(n, np.iinfo(np.int64).max)
    np.minimum.at(lowest, who, opponent_rating)
    safe = np.maximum(games, 1)
    percent = np.clip(np.asarray(half_up(points, safe)), 0, 100)
    reach = np.zeros((n, len(titles)), dtype=bool)
    final_games = games + remaining
    top = np.sort(rating)[::-1][:remaining]
    strongest = int(top.sum()) // len(top) if remaining and len(top) else 0
    if remaining:
        percent = np.clip(np.asarray(half_up(points + 100 * remaining, safe + remaining)),
                          0, 100)
    for column, title in enumerate(titles):
        level = NORM_LEVELS[title]
        raised = total + np.maximum(level.floor - lowest, 0)
        possible = np.ones(n, dtype=bool)
        if remaining:
            # The next opponents as _forecast takes them, at most the field's strongest
            # (here the strongest of all: a bound that never leaves out a possible norm).
            least = _least_next(raised, safe, remaining, level)  # type: ignore[arg-type]
            rating = np.minimum(np.maximum(np.asarray(half_up(raised, safe)), least), strongest)
            possible = rating >= least
            raised = raised + remaining * rating
        performance = np.asarray(half_up(raised, safe + remaining)) + DP[percent]
        reach[:, column] = ((games > 0) & (final_games >= MIN_GAMES) & possible
                            & (performance >= level.performance))
    return reach
