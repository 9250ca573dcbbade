"""Small events built in code, for tests that state their numbers by hand."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from tournament_elo.model import (
    BLACK,
    NO_COLOR,
    RESULT_BY_TRF_CODE,
    WHITE,
    Event,
    EventType,
    Pairings,
    Player,
    Result,
)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "public"

_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def make_event(
    ratings: list[int | None],
    games: list[tuple[int, int, int, str]],
    *,
    end: date | None = date(2025, 1, 15),
    type: EventType = EventType.SWISS,
    players: list[dict[str, object]] | None = None,
) -> Event:
    """An event from ratings (player i+1 has ratings[i]) and games.

    ``games`` are ``(round, white, black, white's result)`` with results ``1 = 0 + -``;
    every player without a game in a round is absent that round (a zero bye).
    """
    extra = players or [{} for _ in ratings]
    people = tuple(
        Player(index=i, id=i + 1, name=f"Player {i + 1}", rating=r, **extra[i])  # type: ignore[arg-type]
        for i, r in enumerate(ratings)
    )
    rounds = max((g[0] for g in games), default=0)
    cells: dict[tuple[int, int], tuple[int, int, Result]] = {}
    for rnd, white, black, code in games:
        cells[(rnd, white - 1)] = (black - 1, WHITE, RESULT_BY_TRF_CODE[code])
        cells[(rnd, black - 1)] = (white - 1, BLACK, RESULT_BY_TRF_CODE[_MIRROR[code]])
    columns: list[list[int]] = [[], [], [], [], []]
    for rnd in range(1, rounds + 1):
        for i in range(len(people)):
            opponent, color, result = cells.get((rnd, i), (-1, NO_COLOR, Result.ZERO_BYE))
            for column, value in zip(columns, (rnd, i, opponent, color, result), strict=True):
                column.append(int(value))
    return Event(
        name="test event",
        players=people,
        pairings=Pairings.from_columns(columns),
        rounds=rounds,
        type=type,
        start=end,
        end=end,
    )
