"""Standings after every round k against FIDE's tie-break reference implementation.

Every individual TRF of ``tests/data`` and 200 generated Swiss events (byes of every
kind, forfeits, absences, withdrawals, unrated players) are cut after each round k:
our standings of the full file with ``current_round=k``, and of the file as a pairing
program writes it after round k, must equal ``gacrux`` run on the file with ``-n k``,
for the default lists and every C.07 code both implement.

What the reference does that a comparison must know (``references.md``):

* **Edition.** It picks the rules by the event's start date: the 2026 edition from
  1 March 2026 (and for an undated file), the 2024 one before; it has no pre-2023 rule.
  Ours follows C.07 by date too but applies the old virtual opponent before September
  2023, so older files are compared under ``"2024"`` explicitly.
* **Unrated players.** Unless ``-u`` gives them a rating it leaves every rating
  tie-break empty for everyone; ours leaves the unrated out.  Files with unrated
  players are compared with ``-u 1000`` on both sides.
* **DE.** It prints 0 for a group DE cannot separate and a rank inside the group
  otherwise; ours gives a place in the standings.  What both mean is the order they
  put each group of equal points in, so that is what is compared.
* **Modifiers read differently.** APRO and APPO with a cut (it cuts inside each
  opponent's TPR, ours leaves out the opponent with the lowest one: see
  :mod:`tournament_elo.rating.c07.rating_tiebreaks` and ``test_gacrux_oracle.py``) and the Koya
  limits are left out.
* **Files it refuses** (a forfeit written with ``-`` as the colour; the heltour team
  file) cannot be compared: the test asserts that it still refuses them, so that the
  day it reads them they join the comparison.  Team events are issue 18.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from gacrux_reference import ReferenceRow, reference_table

from helpers import DATA
from tournament_elo.model import Event, EventType
from tournament_elo.rating.standings import DEFAULT_TIEBREAKS, standings
from tournament_elo.read.trf import read_trf

#: Every C.07 code (with its modifiers) that both implement; DE first, so that its groups
#: are the groups of equal points on both sides (the reference is given "PTS" before it).
#: FB comes last: the reference's FB changes the state later codes of the same run read
#: (a player paired in the last round is then seen as present to the end), so that
#: ``-t FB SB`` gives another SB than ``-t SB``.
CODES = (
    "DE", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/M1", "AOB", "AOB/C1",
    "ABH", "KS", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "GE", "REP", "VUR", "NUM", "STD",
    "ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "TPR", "PTP", "APRO", "APPO", "RTNG",
    "FB", "FB/C1", "FB/M1",
)
UNRATED = 1000
REFUSED = {
    "fide_trf16_example_karl_mala_2005.trf": "a forfeit written with '-' as the colour",
    "heltour_friendship_cup_2024_team.trf": "the heltour team file",
}
TEAM_FILES = {"fide_trf26_example_grandmommys_cup_team.trf"}  # issue 18


def reference_rules(event: Event) -> str:
    """The edition the reference applies to ``event`` (see the module's docstring)."""
    return "2026" if event.start is None or event.start >= date(2026, 3, 1) else "2024"


def disagreements(event: Event, path: Path, k: int, *, live: Event | None = None
                  ) -> list[str]:
    """Where our standings of ``event`` after round ``k`` (and of ``live``, the file as
    it stood after round k) differ from the reference's ``-n k``."""
    swiss = event.type is EventType.SWISS
    unrated = UNRATED if any(p.rating is None for p in event.players) else None
    rules = reference_rules(event)
    default = DEFAULT_TIEBREAKS[event.type]
    # The reference ranks by its list alone: points ("PTS") come first in it.
    theirs = reference_table(path, ("PTS", *CODES), swiss=swiss, current_round=k,
                             unrated_rating=unrated)
    ranked = reference_table(path, ("PTS", *default), swiss=swiss, current_round=k,
                             unrated_rating=unrated)
    assert theirs is not None and ranked is not None, f"the reference refused {path.name}"
    number = [int(p.id) for p in event.players]
    found: list[str] = []
    cuts = [("--round", event, k)] + ([("after round k", live, None)] if live else [])
    for how, source, current in cuts:
        assert source is not None
        ours = standings(source, CODES, rules, unrated, current)
        table = standings(source, default, rules, unrated, current)
        assert ours.current_round == k, (how, ours.current_round)
        for i, start in enumerate(number):
            row: ReferenceRow = theirs[start]
            if ours.points[i] != 100 * row.values["PTS"]:
                found.append(f"{path.name} ({how}) round {k}, no. {start}, points: ours "
                             f"{ours.points[i] / 100}, reference {row.values['PTS']}")
            for code in CODES[1:]:
                mine = float(ours.values[code][i])
                want = row.values[code]
                if (want is None) != np.isnan(mine) or (want is not None and mine != want):
                    found.append(f"{path.name} ({how}) round {k}, no. {start}, {code}: "
                                 f"ours {mine}, reference {want}")
            if table.rank[i] != ranked[start].rank:
                found.append(f"{path.name} ({how}) round {k}, no. {start}, rank: ours "
                             f"{table.rank[i]}, reference {ranked[start].rank}")
        found += _direct_encounter_order(ours.values["DE"], ours.points,
                                         [theirs[s].values["DE"] for s in number],
                                         f"{path.name} ({how}) round {k}")
        if event.type is EventType.ROUND_ROBIN:  # DE leads the default list there
            found += _direct_encounter_order(table.values["DE"], table.points,
                                             [ranked[s].values["DE"] for s in number],
                                             f"{path.name} ({how}) round {k}, default")
    return found


def _direct_encounter_order(ours: np.ndarray, points: np.ndarray,
                            theirs: list[float | None], where: str) -> list[str]:
    """Pairs of players with equal points that DE orders differently on the two sides."""
    found = []
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            if points[i] != points[j]:
                continue
            a, b = theirs[i] or 0.0, theirs[j] or 0.0
            if np.sign(ours[i] - ours[j]) != np.sign(a - b):
                found.append(f"{where}, DE of players {i + 1} and {j + 1}: ours "
                             f"{ours[i]:g} and {ours[j]:g}, reference {a:g} and {b:g}")
    return found


def _data_files() -> list[Path]:
    return sorted(p for p in DATA.glob("*.trf") if p.name not in {*REFUSED, *TEAM_FILES})


@pytest.mark.parametrize("path", _data_files(), ids=lambda p: p.stem)
def test_every_file_of_the_data_after_every_round(path: Path) -> None:
    event = read_trf(path)
    rounds = event.rounds_played
    assert rounds >= 4
    found = [line for k in range(1, rounds + 1) for line in disagreements(event, path, k)]
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_files_the_reference_refuses(name: str) -> None:
    event = read_trf(DATA / name)  # ours reads them
    assert reference_table(DATA / name, ["BH"], swiss=event.type is EventType.SWISS) is None


def test_the_gros_leader_after_round_4() -> None:
    # FIDE's reference: python -m gacrux.tiebreakchecker -i FILE -s -n 4 -t BH/C1 BH SB
    # gives the leader (no. 1) 8, 10, 10; the five rounds to come are not unplayed.
    event = read_trf(DATA / "javafo_aum_gros_2010_after_r4.trf")
    table = standings(event, ("BH/C1", "BH", "SB"))
    leader = int(np.argmin(table.rank))
    assert event.players[leader].id == 1 and table.current_round == 4
    assert [table.values[c][leader] for c in ("BH/C1", "BH", "SB")] == [8, 10, 10]


GENERATED = 200


@pytest.mark.parametrize("batch", range(10))
def test_generated_swiss_events_after_every_round(batch: int, generate: ModuleType,
                                                  tmp_path: Path) -> None:
    found: list[str] = []
    for seed in range(batch * GENERATED // 10, (batch + 1) * GENERATED // 10):
        rounds = 3 + seed % 7  # 3 to 9 rounds
        players = 2 * rounds + (seed * 7) % 30  # from 6 to 47
        # Half under the 2024 edition, half under 2026's cap on the dummy opponent.
        start = date(2025, 6, 1) if seed % 2 else date(2026, 6, 1)
        swiss = generate.generate_swiss(players, rounds, seed=seed, start=start,
                                        rates=generate.TURBULENT)
        path = tmp_path / f"swiss{seed}.trf"
        path.write_text(generate.to_trf(swiss), encoding="utf-8")
        event = read_trf(path)
        for k in range(1, rounds + 1):
            live_path = tmp_path / f"swiss{seed}-r{k}.trf"
            live_path.write_text(generate.to_trf(swiss, through=k), encoding="utf-8")
            found += disagreements(event, path, k, live=read_trf(live_path))
    assert found == [], "\n".join(found[:40])
