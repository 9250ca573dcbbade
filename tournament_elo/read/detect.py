"""Reading an event from any supported format, detected from the content.

The file name never decides: a TRF may be called ``.txt``, a PGN ``.dat``, and
chess-results serves its "Excel" exports as HTML pages named ``.xls``.

Each reader is imported when its format is met: reading a TRF loads no workbook or
HTML code.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence

from ..errors import InputError, Place
from ..i18n.message import message
from ..model import Event, EventDraft, ListEntry
from .checks import checked_event
from .formats import FORMATS
from .text import Readable, Source, read_source

logger = logging.getLogger(__name__)

_TRF_RECORD = re.compile(r"^(001 |0[1-9]2 |1[0-9]2 |XXR |### )", re.MULTILINE)
#: A PGN game's first tags.
_PGN_TAG = re.compile(r'^[ \t]*\[(Event|White|Site|Date|Round)[ \t]+"', re.MULTILINE)
_HTML_MARK = re.compile(r"<!doctype\s+html|<html[\s>]|<table[\s>]", re.IGNORECASE)
#: An OLE2 compound file: a legacy binary Excel workbook (.xls).
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
#: A zip archive's first bytes: an .xlsx workbook is one (only then is the zip reader loaded).
_ZIP_MAGIC = b"PK\x03\x04"
#: How much of the start of a text file the content checks look at.
_HEAD = 20000


def detect_format(path: Readable, encoding: str | None = None) -> str:
    """Name the format of ``path`` from its content, not its name (one of :data:`FORMATS`)."""
    file = read_source(path)
    source = file.name
    if file.data.startswith(_ZIP_MAGIC) and _is_workbook(file):
        from .chessresults import is_crosstable_workbook

        return "crosstable-xlsx" if is_crosstable_workbook(file) else "xlsx"
    if file.data.startswith(_OLE2_MAGIC):  # Swiss-Manager's own crosstable export
        return "xls"
    head = file.text(encoding)[:_HEAD]
    if head.lstrip("\ufeff \t\r\n").startswith("<") and _HTML_MARK.search(head):
        return "chessresults-html"
    if _TRF_RECORD.search(head):
        return "trf"
    if _PGN_TAG.search("\n".join(head.splitlines()[:50])):
        return "pgn"
    if _HTML_MARK.search(head):  # markup after a line of text
        return "chessresults-html"
    lines = [line for line in head.splitlines()[:50] if line.strip()][:10]
    if any(sep in line for line in lines for sep in ",;\t"):
        return "csv"
    first = lines[0] if lines else ""
    raise InputError(
        "the format of this file is not recognised", Place(source, line=1),
        found=repr(first[:40]),
        expected=message("a FIDE TRF file, a CSV sheet with a header row, an .xlsx or .xls "
                         "workbook, a PGN file or a chess-results HTML page (tried: {})",
                         ", ".join(FORMATS)),
    )


def _is_workbook(file: Source) -> bool:
    from .table import is_workbook

    return is_workbook(file)


def read_event(
    path: Readable, input_format: str | None = None, encoding: str | None = None
) -> Event:
    """Read an event file in any supported format: its bytes are read once, for the
    format's detection and the reader alike; the reader's draft passes the checks every
    event passes."""
    began = time.perf_counter()
    event = checked_event(_draft(read_source(path), input_format, encoding))
    logger.debug("%s read as %s: %s players, %s rounds in %.1f ms", event.source,
                 event.source_format, len(event.players), event.rounds,
                 1e3 * (time.perf_counter() - began))
    return event


def _draft(path: Source, input_format: str | None, encoding: str | None) -> EventDraft:
    fmt = input_format or detect_format(path, encoding)
    if fmt == "trf":
        from .trf import trf_draft

        return trf_draft(path.text(encoding), path.name)
    if fmt in ("csv", "xlsx"):
        from .sheets import sheets_draft

        return sheets_draft(path, encoding)
    if fmt == "pgn":
        from .pgn import pgn_draft

        return pgn_draft(path.text(encoding), path.name)
    if fmt in ("crosstable-xlsx", "xls"):
        from .chessresults import crosstable_workbook_draft

        return crosstable_workbook_draft(path)
    if fmt == "chessresults-html":
        from .chessresults import chessresults_draft

        return chessresults_draft(path, encoding)
    raise InputError("unknown input format", Place(path.name), found=repr(fmt),
                     expected=" or ".join(FORMATS))


def read_ratings(
    path: Readable, encoding: str | None = None, speed: str = "standard"
) -> Sequence[ListEntry]:
    """A rating list for ``--ratings``: a CSV/XLSX list, a chess-results starting-rank
    list (the saved page or its export), or FIDE's fixed-width TXT list (recognised by its
    header line, ``ID Number …`` or ``ID_Number …``) or XML list (``<playerslist>``;
    ``speed`` picks a combined list's columns)."""
    began = time.perf_counter()
    entries = _read_any_list(path, encoding, speed)
    logger.info("the rating list %s: %s entries read in %.2f s",
                path.name if isinstance(path, Source) else path, f"{len(entries):,}",
                time.perf_counter() - began)
    return entries


def _read_any_list(path: Readable, encoding: str | None, speed: str) -> Sequence[ListEntry]:
    from .fidelist import is_fide_list, read_fide_list
    from .fidelist_xml import is_fide_xml_list, read_fide_xml_list

    if is_fide_list(path):  # only the file's start is read: the list is 200 MB
        return read_fide_list(path, encoding, speed)
    if is_fide_xml_list(path):
        return read_fide_xml_list(path, encoding, speed)
    source = read_source(path)
    fmt = detect_format(source, encoding)
    if fmt in ("chessresults-html", "crosstable-xlsx", "xls"):
        from .chessresults import read_chessresults_list

        return read_chessresults_list(source, encoding)
    from .ratinglist import read_rating_list

    return read_rating_list(source, encoding)
