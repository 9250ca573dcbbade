"""An event's fields as the tests compare them across formats: what the input gave, not where
it stood."""

from __future__ import annotations

import dataclasses

from tournament_elo.model import Event, Player


def player_fields(player: Player, skip: tuple[str, ...] = ()) -> dict[str, object]:
    """Every field the input gave (``line`` and ``rating_place`` say where it stood in the
    file: not data)."""
    fields = dataclasses.asdict(player)
    return {k: v for k, v in fields.items() if k not in ("line", "rating_place", *skip)}


def pairing_rows(event: Event) -> list[tuple[int, ...]]:
    """The pairings as sorted rows, the optional columns included (order-free)."""
    p = event.pairings
    columns = [getattr(p, c) for c in PAIRING_COLUMNS]
    columns += [p.column(c) for c in ("method", "minutes")]
    pools = p.pool.tolist() if p.pool is not None else [-1] * len(p)
    names = [event.pools[c] if c >= 0 else "" for c in pools]
    return sorted(zip(*(c.tolist() for c in columns), names, strict=True))


PAIRING_COLUMNS = ("round", "player", "opponent", "color", "result")
