"""The names of the input formats, apart from their readers: the command line lists
them in its help without importing a reader; and where each format gives an event's
dates, for a message that asks for one."""

from __future__ import annotations

from ..i18n.message import N_, message

FORMATS = ("trf", "csv", "xlsx", "pgn", "crosstable-xlsx", "xls", "chessresults-html")


def where_dates_are(source_format: str | None) -> str:
    """Where a date would be, in the file's own format, and how to give one instead."""
    kind = source_format or ""
    if kind == "trf":
        where = N_("a start or end date (TRF records 042, 052)")
    elif kind == "pgn":
        where = N_("a Date tag")
    elif kind.startswith(("chess-results", "crosstable")):
        where = N_("a date in the crosstable's header lines")
    else:
        where = N_("a start or end date in the event sheet, or a date column")
    return message("{}, or --date YYYY-MM-DD", where)
