"""FIDE's tie-break reference implementation (PyPI ``gacrux``, the TEC's TieBreakServer)
run as its command line is documented::

    python -m gacrux.tiebreakchecker -i FILE.trf -s|-p -b utf-8 -d T -n K -t CODE ... [-u R]

The command runs in this process, stage by stage as its ``common_main`` runs them (its
command line parsed from the same arguments), with the TRF text handed over as its
``jch`` parameter instead of a file: a few milliseconds instead of a Python start-up per
call.  What it would print is the ``str`` of each value, ``-0`` for none.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gacrux.tiebreakchecker import tiebreakchecker


@dataclass(frozen=True)
class ReferenceRow:
    rank: int
    values: dict[str, float | None]  # code → value; None where the reference prints "-0"


@dataclass(frozen=True)
class PrintedRow:
    rank: int
    cells: tuple[str, ...]  # one per code, exactly as the reference prints it ("-0": none)


def reference_printed(text: str, codes: Sequence[str], *, swiss: bool,
                      current_round: int | None = None,
                      unrated_rating: int | None = None) -> dict[int, PrintedRow] | None:
    """What the reference prints for the TRF ``text`` by start number, or None when it
    refuses the file (it would print an error instead of its table)."""
    argv = ["tiebreakchecker", "-s" if swiss else "-p", "-b", "utf-8", "-d", "T",
            "-t", *codes]
    if current_round is not None:
        argv += ["-n", str(current_round)]
    if unrated_rating is not None:
        argv += ["-u", str(unrated_rating)]
    checker = tiebreakchecker()
    saved, sys.argv = sys.argv, argv
    try:
        checker.read_command_line()
    finally:
        sys.argv = saved
    checker.params["jch"] = text
    checker.do_command(checker.read_input_file, 502, "Error when reading file")
    checker.do_command(checker.prepare_tournament, 501, "Invalid parameter")
    checker.do_command(checker.do_checker, 481, "Program error")
    if checker.exit or checker.chessfile.chessjson["status"]["code"] != 0:
        return None
    result = getattr(checker.chessfile, "result", None)
    if not result:
        return None
    return {
        int(c["cid"]): PrintedRow(int(c["rank"]), tuple(
            str(v).replace("None", "-0") for v in c["tiebreakScore"]))
        for c in result["competitors"]
    }


def reference_table(path: Path, codes: Sequence[str], *, swiss: bool,
                    current_round: int | None = None,
                    unrated_rating: int | None = None) -> dict[int, ReferenceRow] | None:
    """The reference's standings of the TRF file at ``path`` by start number, or None
    when it refuses the file."""
    printed = reference_printed(path.read_text(encoding="utf-8"), codes, swiss=swiss,
                                current_round=current_round, unrated_rating=unrated_rating)
    if printed is None:
        return None
    return {
        start: ReferenceRow(row.rank, {
            code: None if cell == "-0" else float(cell)
            for code, cell in zip(codes, row.cells, strict=True)})
        for start, row in printed.items()
    }
