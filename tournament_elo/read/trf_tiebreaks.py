"""The tie-breaks a TRF-2026 file says rank its event: record 202 lists them, 212 gives
the score first (``PTS``) and then them, such as ``202 BH/C1,BH,SB``.  The TRF reader
keeps both records, unread, in :attr:`~tournament_elo.model.Event.extra_records`;
:func:`~tournament_elo.rating.standings.event_tiebreaks` decides whether they rank the event."""

from __future__ import annotations

import re
from typing import NamedTuple

from ..model import Event

#: The two records, by their first three characters.
DECLARED_RECORDS = ("202", "212")


class Declared(NamedTuple):
    """A :data:`DECLARED_RECORDS` record: which, its line, its codes as written (upper
    case; 212's score first)."""

    record: str
    line: int
    codes: tuple[str, ...]


def declared_tiebreaks(event: Event) -> Declared | None:
    """The TRF file's last 202 or 212 record that lists any code (a later one replaces an
    earlier, as FIDE's reference implementation reads them), or None; None for a team
    event too, whose records declare its teams' tie-breaks, not its players'."""
    found = None
    individual = event.source_format == "trf" and event.teams is None
    records = event.extra_records if individual else ()
    for number, text in records:
        if text[:3] in DECLARED_RECORDS and text[3:4] == " ":
            codes = tuple(code.upper() for code in re.split(r"[,\s]+", text[4:]) if code)
            if codes:
                found = Declared(text[:3], number, codes)
    return found
