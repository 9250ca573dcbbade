"""The JSON result is written piece by piece (memory follows a chunk of records, not the
event), compact unless ``--indent``, and is always valid JSON: no NaN, no Infinity."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tournament_elo.rating.engine import rate
from tournament_elo.read.detect import read_event
from tournament_elo.render import json as result_json

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"


def _strict(text: str) -> object:
    def refuse(constant: str) -> object:
        raise AssertionError(f"not JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(("sample", "system"), [
    ("held_c07_swiss5.trf", "fide"), ("thien-ky-dao_online.csv", "thien-ky-dao"),
    ("dong-son_giai-tinh.xlsx", "dong-son"), ("club_rapid-games.csv", "fide")])
def test_streamed_json_is_the_json_result_in_every_chunking(
        sample: str, system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    result = rate(read_event(SAMPLES / sample), system)
    whole = result_json.to_json(result)
    for chunk in (1, 3, 7, 10_000):  # records split across chunks at every boundary
        monkeypatch.setattr(result_json, "CHUNK_ROWS", chunk)
        out = io.StringIO()
        result_json.write_json(result, out)
        assert _strict(out.getvalue()) == whole
    indented = io.StringIO()
    result_json.write_json(result, indented, indent=2)
    assert _strict(indented.getvalue()) == whole and "\n  " in indented.getvalue()


def test_an_infinite_value_is_written_as_null() -> None:
    result = rate(read_event(SAMPLES / "held_c07_swiss5.trf"))
    result.player_table["expected"][0] = np.inf  # as a broken system definition once gave
    result.standings.values["BH"][1] = np.inf
    out = io.StringIO()
    result_json.write_json(result, out)
    data = _strict(out.getvalue())
    assert isinstance(data, dict)
    by_name = {p["name"]: p for p in data["players"]}
    # The event's players 0 and 1 are Bruno and Alyx (the file's order).
    assert by_name["Bruno"]["expected"] is None and by_name["Alyx"]["tiebreaks"]["BH"] is None


def test_the_command_line_prints_compact_json_unless_asked_to_indent() -> None:
    def run(*more: str) -> str:
        done = subprocess.run([sys.executable, "-m", "tournament_elo", "rate",
                               str(SAMPLES / "held_c07_swiss5.trf"), "--format", "json", *more],
                              capture_output=True, text=True, check=True)
        return done.stdout
    compact, indented = run(), run("--indent", "2")
    assert compact.count("\n") == 1 and indented.count("\n") > 100
    assert _strict(compact) == _strict(indented)
    bruno = next(p for p in _strict(compact)["players"] if p["name"] == "Bruno")  # type: ignore[index]
    assert (bruno["change"], bruno["new_rating"]) == (7.0, 2157)
