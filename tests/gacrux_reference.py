"""FIDE's tie-break reference implementation (PyPI ``gacrux``, the TEC's TieBreakServer)
run as its command line is documented::

    python -m gacrux.tiebreakchecker -i FILE.trf -s|-p -b utf-8 -d T -n K -t CODE ... [-u R]

The command runs in this process (its ``main`` with ``sys.argv`` set), which costs a few
milliseconds instead of a Python start-up per call; its table is read back from ``-o``.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gacrux.tiebreakchecker import tiebreakchecker


@dataclass(frozen=True)
class ReferenceRow:
    rank: int
    values: dict[str, float | None]  # code → value; None where the reference prints "-0"


def reference_table(path: Path, codes: Sequence[str], *, swiss: bool,
                    current_round: int | None = None,
                    unrated_rating: int | None = None) -> dict[int, ReferenceRow] | None:
    """The reference's standings of the TRF file at ``path`` by start number, or None
    when it refuses the file (it prints an error instead of its table)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "table.txt"
        argv = ["tiebreakchecker", "-i", str(path), "-s" if swiss else "-p", "-b", "utf-8",
                "-d", "T", "-o", str(out), "-t", *codes]
        if current_round is not None:
            argv += ["-n", str(current_round)]
        if unrated_rating is not None:
            argv += ["-u", str(unrated_rating)]
        saved, sys.argv = sys.argv, argv
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                status = tiebreakchecker().common_main()
        finally:
            sys.argv = saved
        text = out.read_text(encoding="utf-8") if out.exists() else ""
    lines = [line.split("\t") for line in text.splitlines() if line]
    if status != 0 or not lines or lines[0][:2] != ["StartNo", "Rank"]:
        return None
    head = lines[0][2:]
    return {
        int(row[0]): ReferenceRow(int(row[1]), {
            code: None if cell == "-0" else float(cell)
            for code, cell in zip(head, row[2:], strict=True)})
        for row in lines[1:]
    }
