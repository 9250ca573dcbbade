"""Reading an event from any supported format, detected from the content."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError, Place
from ..model import Event
from .table import is_workbook
from .text import decode, read_bytes

FORMATS = ("trf", "csv", "xlsx")
_TRF_RECORD = re.compile(r"^(001 |0[1-9]2 |1[0-9]2 |XXR |### )", re.MULTILINE)


def detect_format(path: str | Path, encoding: str | None = None) -> str:
    """Name the format of ``path`` from its content, not its name."""
    source = str(path)
    data = read_bytes(path)
    if is_workbook(path):
        return "xlsx"
    text, _ = decode(data, source, encoding)
    if _TRF_RECORD.search(text[:20000]):
        return "trf"
    head = [line for line in text.splitlines()[:50] if line.strip()][:10]
    if any(sep in line for line in head for sep in ",;\t"):
        return "csv"
    first = head[0] if head else ""
    raise InputError(
        "the format of this file is not recognised", Place(source, line=1),
        found=repr(first[:40]),
        expected="a FIDE TRF file, a CSV sheet with a header row, or an .xlsx workbook "
        "(tried: " + ", ".join(FORMATS) + ")",
    )


def read_event(
    path: str | Path, input_format: str | None = None, encoding: str | None = None
) -> Event:
    """Read an event file in any supported format."""
    fmt = input_format or detect_format(path, encoding)
    if fmt == "trf":
        from .trf import read_trf

        return read_trf(path, encoding)
    if fmt in ("csv", "xlsx"):
        from .sheets import read_sheets

        return read_sheets(path, encoding)
    raise InputError("unknown input format", Place(str(path)), found=repr(fmt),
                     expected=" or ".join(FORMATS))
