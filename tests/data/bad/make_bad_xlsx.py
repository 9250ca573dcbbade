"""Write the ``xlsx-*.xlsx`` workbooks beside this script: one games sheet each, its XML
written by hand (``tests/xlsx_builder.write_sheet_xml``).  Run once, by hand:

    python tests/data/bad/make_bad_xlsx.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from xlsx_builder import inline_row, write_sheet_xml  # noqa: E402

#: A games table: Ann (player 1) beats Bob (player 2) in round 1.
TABLE = (inline_row(1, [("A", "round"), ("B", "white"), ("C", "black"), ("D", "result")])
         + inline_row(2, [("A", 1), ("B", 1), ("C", 2), ("D", "1-0")]))


def main() -> None:
    # The table and one cell at the sheet's far corner, the size declared to match.
    write_sheet_xml(HERE / "xlsx-cell-at-XFD1048576.xlsx",
                    TABLE + inline_row(1048576, [("XFD", "x")]), "A1:XFD1048576")
    # A game log (no round column), its second game's white a million rows down, its
    # black missing.
    write_sheet_xml(HERE / "xlsx-cell-at-A1048576.xlsx",
                    inline_row(1, [("A", "white"), ("B", "black"), ("C", "result")])
                    + inline_row(2, [("A", "Ann"), ("B", "Bob"), ("C", "1-0")])
                    + inline_row(1048576, [("A", "Ann")]), "A1:C1048576")
    # The sheet's XML cut short inside a row.
    write_sheet_xml(HERE / "xlsx-damaged-xml.xlsx", TABLE + '<row r="3"><c r="A3"', "A1:D3")
    # A cell naming shared string 99 of a workbook that has none.
    write_sheet_xml(HERE / "xlsx-no-such-shared-string.xlsx",
                    TABLE + '<row r="3"><c r="A3" t="s"><v>99</v></c></row>', "A1:D3")


if __name__ == "__main__":
    main()
