"""The team records of a TRF file: TRF16 ``013`` and TRF26 ``310``, ``240``, ``300``,
``330`` and ``362``.

The TRF reader keeps every record it has no field for; these are read from there, so
the individual reading is untouched.  Layouts (1-based columns):

- ``013`` team name 5–36, then the players' starting ranks in 5-column fields from 37
  (board order);
- ``310`` team number 5–7, name 9–40, federation 42–46, then players from 74;
- ``240`` bye letter (F, H, Z) at 5, round 7–9, teams in 5-column fields from 11;
- ``300`` round 5–7, team 9–11, its opponent 13–15, then the players in board order
  (0 an empty board) in 5-column fields from 17;
- ``330`` result ``+-`` ``-+`` ``--`` at 5–6, round 8–10, white team 12–14, black 16–18;
- ``320`` the pairing-allocated bye: its match points 5–8 and game points 10–13, then
  per round (4 columns from 15) the team that had it;
- ``352`` the colour sequence of board 1 … n (``WBWB``): its length is the boards a match;
- ``362`` match points: ``TW 2.0   TD 1.0   TL 0.0`` (W, D, L, P for the bye);
- ``802`` a team's rounds as the pairing program scored them: team 5–7, short name
  9–13, then per round (13 columns from 28) the opponent, colour and game points —
  each match's game points must be the sum of its boards.

When a file has ``310`` records its ``013`` records (a TRF16 copy) are not read again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from ..errors import InputError, Place, Problems
from ..i18n.message import message
from ..model import Player
from ..team_records import ByeKind, ForfeitedMatch, Team, TeamBye, TeamRecords, TeamScoring

_TEAM_CODES = ("013", "310", "240", "300", "320", "330", "352", "362", "802")
_FORFEIT_CODES = {"+-": "+-", "-+": "-+", "--": "--", "10": "+-", "01": "-+", "00": "--",
                  "WL": "+-", "LW": "-+", "LL": "--"}


def read_team_records(records: Sequence[tuple[int, str]], players: Sequence[Player],
                      source: str) -> TeamRecords | None:
    """The teams the records name, or None where the file has none; every bad record
    reported at once."""
    lines = [(n, line) for n, line in records if line[:3] in _TEAM_CODES]
    extended = any(line.startswith("310") for _, line in lines)
    team_lines = [(n, line) for n, line in lines if line[:3] == ("310" if extended else "013")]
    if not team_lines:
        return None
    by_rank = {p.id: p.index for p in players}
    problems = Problems()

    def numbers(line: str, start: int, place: Place, what: str) -> list[int]:
        values = []
        for at in range(start, len(line.rstrip()), 5):
            text = line[at:at + 5].strip()
            if not text:
                continue
            if not text.isdigit():
                problems.add(InputError(message("unreadable {}", what), place, found=repr(text),
                                        expected="a number"))
                continue
            values.append(int(text))
        return values

    def player(rank: int, place: Place) -> int | None:
        index = by_rank.get(rank)
        if index is None:
            problems.add(InputError("the team record names no player of this event", place,
                                    found=message("starting rank {}", rank),
                                    expected="the starting rank of a player in the file"))
        return index

    teams: list[Team] = []
    team_number: dict[int, int] = {}
    for n, line in team_lines:
        place = Place(source, line=n)
        if extended:
            number_text = line[4:7].strip()
            number = int(number_text) if number_text.isdigit() else len(teams) + 1
            name, federation, first = line[8:40].strip(), line[41:46].strip() or None, 73
        else:
            number, name, federation, first = len(teams) + 1, line[4:36].strip(), None, 36
        roster = [player(r, place) for r in numbers(line, first, place, "player number")]
        team_number[number] = len(teams)
        teams.append(Team(number, name or str(number), tuple(p for p in roster if p is not None),
                          federation=federation, place=place))

    def team(number_text: str, place: Place) -> int | None:
        text = number_text.strip()
        if text.isdigit() and int(text) in team_number:
            return team_number[int(text)]
        problems.add(InputError("the record names no team of this event", place,
                                found=repr(text), expected="the number of a team"))
        return None

    def round_of(text: str, place: Place) -> int:
        value = text.strip()
        if not value.isdigit() or int(value) < 1:
            problems.add(InputError("unreadable round", place, found=repr(value),
                                    expected="a round number"))
            return 0
        return int(value)

    byes: list[TeamBye] = []
    forfeits: list[ForfeitedMatch] = []
    orders: list[tuple[int, int, tuple[int, ...]]] = []
    scoring = TeamScoring()
    short: dict[int, str | None] = {}
    boards = 0
    declared: list[tuple[int, int, int, Place]] = []
    for n, line in lines:
        place, code = Place(source, line=n), line[:3]
        if code == "240" and extended:
            letter = line[4:5].upper().strip() or "Z"
            kind = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}.get(letter)
            rnd = round_of(line[6:9], place)
            if kind is None:
                problems.add(InputError("unknown bye letter", place, found=repr(letter),
                                        expected="F, H or Z"))
                continue
            for number in numbers(line, 9, place, "team number"):
                t = team(str(number), place)
                if t is not None:
                    byes.append(TeamBye(rnd, t, kind, place))
        elif code == "330":
            result = _FORFEIT_CODES.get(line[4:6].upper())
            white, black = team(line[11:14], place), team(line[15:18], place)
            if result is None:
                problems.add(InputError("unknown forfeited-match result", place,
                                        found=repr(line[4:6]), expected="+-, -+ or --"))
            elif white is not None and black is not None:
                forfeits.append(ForfeitedMatch(round_of(line[7:10], place), white, black,
                                               result, place))
        elif code == "300":
            rnd, own = round_of(line[4:7], place), team(line[8:11], place)
            ranks = numbers(line, 15, place, "player number")
            if own is not None:
                orders.append((rnd, own, tuple(by_rank.get(r, -1) if r else -1
                                               for r in ranks)))
        elif code == "352":
            boards = len(line[4:].strip())
        elif code == "362":
            scoring = replace(_scoring(line, place, problems),
                              pairing_bye=scoring.pairing_bye,
                              pairing_bye_total=scoring.pairing_bye_total)
        elif code == "320":
            scoring = replace(scoring,
                              pairing_bye=_hundredths(line[4:8].strip(), place, problems),
                              pairing_bye_total=_hundredths(line[9:13].strip(), place,
                                                            problems))
            for rnd, at in enumerate(range(14, len(line.rstrip()), 4), start=1):
                if line[at:at + 3].strip():
                    t = team(line[at:at + 3], place)
                    if t is not None:
                        byes.append(TeamBye(rnd, t, ByeKind.PAIRING, place))
        elif code == "802":
            t = team(line[4:7], place)
            if t is None:
                continue
            short[t] = line[8:13].strip() or None
            for rnd, at in enumerate(range(27, len(line.rstrip()), 13), start=1):
                text = line[at + 6:at + 10].strip()
                if text:
                    declared.append((rnd, t, _hundredths(text, place, problems), place))
    problems.raise_any()
    teams = [replace(team, short_name=short.get(t)) for t, team in enumerate(teams)]
    return TeamRecords(tuple(teams), scoring, tuple(byes), tuple(forfeits), boards,
                       tuple(orders), source, tuple(declared))


def _hundredths(text: str, place: Place, problems: Problems) -> int:
    try:
        return int(Decimal(text) * 100)
    except InvalidOperation:
        problems.add(InputError("unreadable game points", place, found=repr(text),
                                expected="a number such as 2.5"))
        return 0


def _scoring(line: str, place: Place, problems: Problems) -> TeamScoring:
    """Record 362's match points: a letter (W D L P) and a number every nine columns."""
    points: dict[str, int] = {}
    for at in range(5, len(line) - 1, 9):
        letter, text = line[at].upper(), line[at + 1:at + 5].strip()
        try:
            points[letter] = int(Decimal(text) * 100)
        except InvalidOperation:
            problems.add(InputError("unreadable match points", place, found=repr(text),
                                    expected="a number such as 2.0"))
    default = TeamScoring()
    return TeamScoring(points.get("W", default.win), points.get("D", default.draw),
                       points.get("L", default.loss), points.get("P", default.pairing_bye))


#: Team records naming players by starting rank: stale once the ranks are renumbered.
PLAYER_NUMBERED = ("013", "310", "300")


def team_record_lines(records: TeamRecords, ranks: Sequence[int], version: str) -> list[str]:
    """The teams as ``013`` records (TRF16) or ``310`` records (TRF26), players by the
    starting ranks ``ranks`` (per player index) in board order."""
    lines = []
    for team in records.teams:
        members = " ".join(f"{ranks[p]:4d}" for p in team.players)
        if version == "trf26":
            federation = (team.federation or team.short_name or "")[:5]
            lines.append(f"310 {team.number:3d} {team.name[:32]:<32} {federation:<5} "
                         f"{'':6} {'':6} {'':6} {'':3}  {members}".rstrip())
        else:
            lines.append(f"013 {team.name[:32]:<32}{members}".rstrip())
    return lines
