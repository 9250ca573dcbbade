"""The reports of a team event: team standings, the team crosstable, each round's
matches board by board, the board statistics and prizes — as tables (terminal, CSV,
XLSX, HTML) and as JSON (``teams``, ``matches``, ``boards``, ``board_prizes``).

The tables are built once, as header and rows of plain values, and every format
writes the same rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n.catalog import words
from ..i18n.message import N_, NC_
from ..model import TRF_CODE
from .writers import csv_bytes, write_files, xlsx_bytes

if TYPE_CHECKING:
    from ..rating.teams.matches import Board, Match
    from ..rating.teams.report import TeamReport

_LABELS: dict[str, str] = {
    'standings': N_('Team standings'),
    'crosstable': N_('Team crosstable'),
    'grid': N_('Round-robin table'),
    'matches': NC_('teams:matches', 'Matches'),
    'boards': N_('Board statistics'),
    'prizes': N_('Board prizes'),
    'rank': N_('Rank'),
    'team': N_('Team'),
    'short': N_('Short'),
    'matches_n': NC_('teams:matches_n', 'Matches'),
    'wins': NC_('teams:wins', 'W'),
    'draws': N_('D'),
    'losses': N_('L'),
    'mp': N_('MP'),
    'gp': N_('GP'),
    'average': N_('Avg rating'),
    'round': N_('Round'),
    'board': N_('Board'),
    'white': N_('White'),
    'black': N_('Black'),
    'result': N_('Result'),
    'player': N_('Player'),
    'games': NC_('teams:games', 'Games'),
    'points': N_('Points'),
    'performance': N_('Performance'),
    'place': NC_('teams:place', 'Place'),
    'opponents': N_("Opponents' avg"),
    'bye': NC_('teams:bye', 'bye'),
    'absent': N_('absent'),
    'reserve': N_('reserve'),
    'white_team': N_('White team'),
    'black_team': N_('Black team'),
}


@dataclass(frozen=True)
class TeamTable:
    file: str  # CSV name; the XLSX sheet and HTML section take the title
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


def _number(value: float) -> float | int:
    """A JSON/CSV number: whole values as int."""
    return int(value) if value.is_integer() else value


def _points(hundredths: int) -> float | int:
    """Hundredths of a point as a JSON/CSV number."""
    whole, part = divmod(hundredths, 100)
    return hundredths / 100 if part else whole


def _result_text(board: Board, white_side: bool) -> str:
    result = board.white_result if white_side else board.black_result
    return "" if result < 0 else str(TRF_CODE[result])


def board_text(board: Board) -> str:
    """'1-0', '½-½', '+/-' … as the board's two sides scored."""
    marks = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "-", "W": "1", "D": "½", "L": "0",
             "": "-"}
    white, black = _result_text(board, True), _result_text(board, False)
    return f"{marks.get(white, '-')}–{marks.get(black, '-')}"


def _name(report: TeamReport, player: int | None) -> str:
    return "" if player is None else report.te.event.players[player].name


def tables(report: TeamReport, lang: str) -> list[TeamTable]:
    t = words(_LABELS, lang)
    te = report.te
    codes = [c for c, _ in report.standings[0].tiebreaks] if report.standings else []
    rank_of = {s.team: s.rank for s in report.standings}
    standings = TeamTable("team_standings.csv", t["standings"], (
        t["rank"], t["team"], t["matches_n"], t["wins"], t["draws"], t["losses"], t["mp"],
        t["gp"], *codes, t["average"]), tuple(
        (s.rank, te.teams[s.team].name, s.matches, s.wins, s.draws, s.losses,
         _points(s.match_points), _points(s.game_points),
         *(_number(v) for _, v in s.tiebreaks), s.average_rating)
        for s in report.standings))
    rounds = max((m.round for m in te.matches), default=0)
    cells: dict[tuple[int, int], str] = {}
    for m in te.matches:
        if m.black is None:
            cells[(m.white, m.round)] = f"{t['bye'] if m.bye != 'Z' else t['absent']} " \
                                        f"{_points(m.white_points)}"
            continue
        cells[(m.white, m.round)] = f"{rank_of[m.black]}w {_points(m.white_points)}"
        cells[(m.black, m.round)] = f"{rank_of[m.white]}b {_points(m.black_points)}"
    crosstable = TeamTable("team_crosstable.csv", t["crosstable"], (
        t["rank"], t["team"], *(str(r) for r in range(1, rounds + 1)), t["mp"], t["gp"]),
        tuple((s.rank, te.teams[s.team].name,
               *(cells.get((s.team, r), "") for r in range(1, rounds + 1)),
               _points(s.match_points), _points(s.game_points))
              for s in report.standings))
    grid = [_grid(report, t)] if te.round_robin else []
    match_rows: list[tuple[Any, ...]] = []
    for m in te.matches:
        if m.black is None:
            match_rows.append((m.round, "", te.teams[m.white].name, "", "", "",
                               t["bye"] if m.bye != "Z" else t["absent"]))
            continue
        match_rows.append((m.round, "", te.teams[m.white].name, "",
                           f"{_points(m.white_points)}–{_points(m.black_points)}", "",
                           te.teams[m.black].name))
        match_rows += [(m.round, b.number, "", _name(report, b.white), board_text(b),
                        _name(report, b.black), "") for b in m.boards]
    matches = TeamTable("matches.csv", t["matches"], (
        t["round"], t["board"], t["white_team"], t["white"], t["result"], t["black"],
        t["black_team"]), tuple(match_rows))
    boards = TeamTable("boards.csv", t["boards"], (
        t["board"], t["player"], t["team"], t["games"], t["points"], t["opponents"],
        t["performance"]), tuple(
        (b.board, _name(report, b.player), te.teams[b.team].name, b.games,
         _points(b.points), b.opponents_average, b.performance) for b in report.boards))
    prizes = TeamTable("board_prizes.csv", t["prizes"], (
        t["board"], t["place"], t["player"], t["team"], t["games"], t["points"],
        t["performance"]), tuple(
        (p.board if p.board <= te.boards else t["reserve"], p.place, _name(report, p.player),
         te.teams[p.team].name, p.games, _points(p.points), p.performance)
        for p in report.prizes))
    return [standings, crosstable, *grid, matches, boards, prizes]


def _grid(report: TeamReport, t: dict[str, str]) -> TeamTable:
    """A round robin's crosstable as a grid: a row and a column per team in the
    standings' order, each cell the row team's game points against the column team
    (every meeting, in round order, in a double round robin)."""
    te = report.te
    met: dict[tuple[int, int], list[float | int]] = {}
    for m in sorted(te.matches, key=lambda m: m.round):
        if m.black is not None:
            met.setdefault((m.white, m.black), []).append(_points(m.white_points))
            met.setdefault((m.black, m.white), []).append(_points(m.black_points))

    def cell(row: int, col: int) -> float | int | str:
        if row == col:
            return "×"
        points = met.get((row, col), [])
        return points[0] if len(points) == 1 else " ".join(str(p) for p in points)
    return TeamTable("team_grid.csv", t["grid"], (
        t["rank"], t["team"], *(str(n) for n in range(1, len(report.standings) + 1)), t["mp"],
        t["gp"]), tuple(
        (s.rank, te.teams[s.team].name,
         *(cell(s.team, o.team) for o in report.standings),
         _points(s.match_points), _points(s.game_points))
        for s in report.standings))


def _board_record(report: TeamReport, board: Board) -> dict[str, Any]:
    players = report.te.event.players
    return {
        "board": board.number,
        "white": None if board.white is None else players[board.white].id,
        "black": None if board.black is None else players[board.black].id,
        "white_result": _result_text(board, True) or None,
        "black_result": _result_text(board, False) or None,
    }


def _match_record(report: TeamReport, m: Match) -> dict[str, Any]:
    teams = report.te.teams
    return {
        "round": m.round,
        "white": teams[m.white].number,
        "black": None if m.black is None else teams[m.black].number,
        "bye": None if m.bye is None else m.bye.value,
        "white_game_points": _points(m.white_points),
        "black_game_points": None if m.black is None else _points(m.black_points),
        "white_match_points": _points(m.white_match),
        "black_match_points": None if m.black is None else _points(m.black_match),
        "played": m.played,
        "boards": [_board_record(report, b) for b in m.boards],
    }


def team_json(report: TeamReport) -> dict[str, Any]:
    """The ``teams`` (standings order), ``matches``, ``boards`` and ``board_prizes``."""
    te = report.te
    players = te.event.players
    return {
        "teams": [{
            "number": te.teams[s.team].number,
            "name": te.teams[s.team].name,
            "short_name": te.teams[s.team].short_name,
            "rank": s.rank,
            "players": [players[p].id for p in te.teams[s.team].players],
            "captain": None if te.teams[s.team].captain is None
            else players[te.teams[s.team].captain].id,  # type: ignore[index]
            "matches": s.matches, "wins": s.wins, "draws": s.draws, "losses": s.losses,
            "match_points": _points(s.match_points), "game_points": _points(s.game_points),
            "tiebreaks": {c: _number(v) for c, v in s.tiebreaks},
            "average_rating": s.average_rating,
        } for s in report.standings],
        "matches": [_match_record(report, m) for m in te.matches],
        "boards": [{"board": b.board, "player": players[b.player].id,
                    "team": te.teams[b.team].number, "games": b.games,
                    "points": _points(b.points), "opponents_average": b.opponents_average,
                    "performance": b.performance} for b in report.boards],
        "board_prizes": [{"board": p.board, "place": p.place, "player": players[p.player].id,
                          "team": te.teams[p.team].number, "games": p.games,
                          "points": _points(p.points), "performance": p.performance}
                         for p in report.prizes],
    }


def team_html(report: TeamReport, lang: str) -> str:
    from .html import render

    return render("teams.html.j2", {"lang": lang, "title": report.te.event.name,
                                    "tables": tables(report, lang)})


def team_report_files(report: TeamReport, lang: str) -> dict[str, bytes]:
    """teams.html, teams.xlsx, a CSV per table and teams.json, by file name."""
    import json

    built = tables(report, lang)
    return {
        "teams.html": team_html(report, lang).encode("utf-8"),
        "teams.xlsx": xlsx_bytes([(tb.title[:31], tb.header, tb.rows) for tb in built]),
        **{tb.file: csv_bytes(tb.header, tb.rows) for tb in built},
        "teams.json": (json.dumps(team_json(report), ensure_ascii=False, allow_nan=False)
                       + "\n").encode("utf-8"),
    }


def write_team_reports(report: TeamReport, out_dir: Path, lang: str,
                       inputs: Iterable[Path] = ()) -> list[Path]:
    """The team report files into ``out_dir``; nothing written over the inputs or a
    file this tool did not write."""
    return write_files(out_dir, team_report_files(report, lang), N_("the team reports"),
                       inputs)
