"""A report printed by the browser, read back: its pages and their size."""

from __future__ import annotations

import re

MEDIABOX_LANDSCAPE = b"/MediaBox [0 0 841.91998 594.95996]"  # A4 in points, on its side


def pdf_pages(pdf: bytes) -> list[bytes]:
    """The MediaBox of each page of a PDF, in order (a page object's own box)."""
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == len(
        re.findall(rb"/MediaBox", pdf))
    return re.findall(rb"/MediaBox \[[^\]]*\]", pdf)
