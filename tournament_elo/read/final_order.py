"""The arbiter's final order of players still tied (C.07's last resort before the lots), as
a file writes it: start numbers or ids, checked against the event's players.  A TRF file's
``### final order`` comment and an ``--order`` file are read by it alike."""

from __future__ import annotations

from ..errors import InputError, Place


def final_order(words: list[str], index: dict[int | str, int], place: Place
                ) -> tuple[int | str, ...]:
    """The player ids of a final order as written (start numbers or ids), each checked."""
    ids: list[int | str] = []
    for word in words:
        key: int | str = int(word) if word.isdigit() else word
        if key not in index:
            raise InputError("unknown player in the final order", place, found=repr(word),
                             expected="start numbers (or ids) of the event's players")
        if key in ids:
            raise InputError("a player twice in the final order", place, found=repr(word),
                             expected="each player once")
        ids.append(key)
    return tuple(ids)
