"""``Event.rounds_played`` against its definition, written out with sets: the last
round with a decided game and no game still to be played (byes count for neither)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament_elo.model import Event, EventType, Pairings, Player, Result

ROW = st.tuples(st.integers(1, 6), st.integers(-1, 3), st.sampled_from(list(Result)))


def _event(rows: list[tuple[int, int, Result]]) -> Event:
    rounds = [r for r, _, _ in rows]
    return Event(name="e", players=tuple(Player(i, i + 1, f"P{i}") for i in range(4)),
                 pairings=Pairings.from_columns([rounds, [0] * len(rows),
                                                 [o for _, o, _ in rows], [0] * len(rows),
                                                 [int(res) for _, _, res in rows]]),
                 rounds=6, type=EventType.SWISS)


@given(st.lists(ROW, max_size=30))
def test_rounds_played_is_the_last_complete_round(rows: list[tuple[int, int, Result]]) -> None:
    decided = {r for r, opponent, res in rows if opponent >= 0 and res != Result.UNPLAYED}
    pending = {r for r, opponent, res in rows if opponent >= 0 and res == Result.UNPLAYED}
    assert _event(rows).rounds_played == max(decided - pending, default=0)


def test_a_round_with_a_board_still_playing_is_not_complete() -> None:
    # Round 1 decided; round 2 has a win and a board still playing; round 3 only a bye.
    rows = [(1, 1, Result.WIN), (2, 1, Result.WIN), (2, 2, Result.UNPLAYED),
            (3, -1, Result.HALF_BYE)]
    assert _event(rows).rounds_played == 1
