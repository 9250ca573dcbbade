"""The tie-breaks a TRF-2026 file says rank its event: record 202 lists them, 212 gives
the score first (``PTS``) and then them, such as ``202 BH/C1,BH,SB``.  The TRF reader
keeps both records in :attr:`~tournament_elo.model.Event.extra_records` (a writer gives
them back) and declares what they say in
:attr:`~tournament_elo.model.Event.declared_tiebreaks`, which the standings rank by."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import Place
from ..i18n.message import message
from ..model import DeclaredTiebreaks

#: The two records, by their first three characters.
DECLARED_RECORDS = ("202", "212")


def declared_tiebreaks(records: Iterable[tuple[int, str]], source: str | None
                       ) -> DeclaredTiebreaks | None:
    """What the file's last 202 or 212 record that lists any code declares (a later one
    replaces an earlier, as FIDE's reference implementation reads them), or None;
    ``records`` are (line, text) in file order."""
    found = None
    for number, text in records:
        if text[:3] in DECLARED_RECORDS and text[3:4] == " ":
            found = declared_record(number, text, source) or found
    return found


def declared_record(number: int, text: str, source: str | None) -> DeclaredTiebreaks | None:
    """What a 202 or 212 record ``text`` on line ``number`` declares (None: no code):
    its codes upper case, the score that ranks first anyway (212's ``PTS``, or the same
    written in a 202) not among them."""
    codes = tuple(code.upper() for code in re.split(r"[,\s]+", text[4:]) if code)
    if not codes:
        return None
    return DeclaredTiebreaks(codes[1:] if codes[0] == "PTS" else codes,
                             Place(source, line=number), message("record {}", text[:3]),
                             f"{text[:3]} {' '.join(codes)}")
