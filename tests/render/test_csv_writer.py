"""The CSV writer (``writers.csv_bytes``, ``csv_column_bytes``): UTF-8 with a BOM, formula-like
text quote-prefixed, booleans as ``true``/``false``, nothing for ``None``, numbers as Python
writes them (whole floats without ``.0`` when asked)."""

from __future__ import annotations

from tournament_elo.render.writers import csv_bytes, csv_column_bytes

HEADER = ["id", "name", "points", "rated"]
ROWS = [[1, "Đặng", 4.0, True], [2, "=SUM(A1)", 4.5, False], ["AI-3", "-x", None, None]]
# Written by hand: the BOM, CRLF line ends (the csv module's default, as Excel writes),
# "=SUM(A1)" and "-x" behind a quote, a float as Python prints it.
EXPECTED = ("\ufeffid,name,points,rated\r\n1,Đặng,4.0,true\r\n2,'=SUM(A1),4.5,false\r\n"
            "AI-3,'-x,,\r\n").encode()


def test_rows_and_columns_write_the_same_bytes() -> None:
    assert csv_bytes(HEADER, ROWS) == EXPECTED
    assert csv_column_bytes(HEADER, list(zip(*ROWS, strict=True))) == EXPECTED


def test_whole_numbers_lose_their_point_when_asked() -> None:
    columns = [[1, 2], [4.0, 4.5], [-0.0, 1e16]]
    assert csv_column_bytes(["a", "b", "c"], columns, whole=True) == \
        "\ufeffa,b,c\r\n1,4,0\r\n2,4.5,10000000000000000\r\n".encode()


def test_a_header_alone() -> None:
    assert csv_bytes(["a", "b"], []) == "\ufeffa,b\r\n".encode()
    assert csv_column_bytes(["a", "b"], [[], []]) == "\ufeffa,b\r\n".encode()
