"""Renderers read results, they do not compute them: a team event's report and the norm
checks are computed once, by the rating, for every output."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from helpers import DATA
from tournament_elo.cli.commands import main
from tournament_elo.rating.teams import report

RENDER = Path(__file__).resolve().parents[2] / "tournament_elo" / "render"
CUP = DATA / "heltour_friendship_cup_2024_team.trf"
#: What the renderers may not run: the rating's computations, and the norms'.
COMPUTING = ("tournament_elo.rating", "tournament_elo.systems.fide.norms")


def _run_time_imports(source: str) -> list[str]:
    """The modules a renderer's ``source`` imports when it runs (not those under
    ``if TYPE_CHECKING:``), relative ones resolved from ``tournament_elo.render``."""
    package = ["tournament_elo", "render"]
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            found.append(".".join([*base, *filter(None, [node.module])]))
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def _computations(source: str) -> list[str]:
    return [m for m in _run_time_imports(source) if m.startswith(COMPUTING)]


def test_no_renderer_runs_a_computation() -> None:
    # Each renderer reads a RatingResult (its standings, tables, norms, team report and
    # tie-break decimals): the rating's modules and the norms' are imported for their
    # types only.
    modules = sorted(RENDER.glob("*.py"))
    assert len(modules) >= 10
    found = {path.name: _computations(path.read_text(encoding="utf-8")) for path in modules}
    assert {name: m for name, m in found.items() if m} == {}


def test_the_scan_sees_a_computation_imported() -> None:
    # The scan itself: the team report computed while the JSON is written (as json.py
    # did) is caught; the same module imported for a type is not.
    text = (RENDER / "json.py").read_text(encoding="utf-8")
    assert _computations(text) == []
    assert _computations(text + "\n\ndef f():\n    from ..rating.teams.report import "
                         "team_report\n") == ["tournament_elo.rating.teams.report"]
    assert _computations(text + "\n\nif TYPE_CHECKING:\n    from ..rating.teams.report "
                         "import TeamReport\n") == []
    assert _computations("from ..systems.fide.norms import MIN_GAMES\n") == [
        "tournament_elo.systems.fide.norms"]


def test_a_rated_team_event_computes_its_team_report_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    # rate --out DIR --format json writes result.json, the team reports (teams.json …)
    # and the JSON on stdout: all three from one team report.
    calls = []
    computed = report.team_report

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args)
        return computed(*args, **kwargs)

    monkeypatch.setattr(report, "team_report", counted)
    assert main(["rate", str(CUP), "--out", str(tmp_path / "out"), "--format", "json"]) == 0
    rated = json.loads(capsys.readouterr().out)
    assert len(calls) == 1
    written = json.loads((tmp_path / "out" / "teams.json").read_text(encoding="utf-8"))
    result = json.loads((tmp_path / "out" / "result.json").read_text(encoding="utf-8"))
    assert rated["teams"] == written["teams"] == result["teams"]
    # The teams command's defaults are the same computation: the same table, whose
    # first two are the official ones (ΟΑΑΗ 11 MP, 24½ GP; ΟΑΧ 10 MP, 23½ GP).
    assert main(["teams", str(CUP), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["teams"] == rated["teams"]
    assert [(t["name"], t["match_points"], t["game_points"]) for t in rated["teams"][:2]] \
        == [("ΟΑΑΗ", 11, 24.5), ("ΟΑΧ", 10, 23.5)]
