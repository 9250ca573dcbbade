"""The workbook writer (``writers.xlsx_bytes``), read back by openpyxl: every value with
its type, text never a formula, the header bold and frozen, the filter and the widths."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from tournament_elo.errors import InputError, Place
from tournament_elo.i18n.messages import problem_lines
from tournament_elo.render.writers import FORMULA_START, xlsx_bytes

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def read(data: bytes) -> Any:
    return load_workbook(io.BytesIO(data))


def expected(value: Any) -> Any:
    """What openpyxl reads from a cell written from ``value``: text without the control
    characters an XLSX cannot hold (no cell when nothing is left), a carriage return as
    Excel's escape ``_x000D_`` (XML would read it as a newline; Excel decodes the escape,
    openpyxl leaves it); a number as its 16 significant digits, read back as an int when
    they have no point or exponent (openpyxl's rule for ``<v>``)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return CONTROL.sub("", value).replace("\r", "_x000D_") or None
    digits = f"{value:.16G}"
    return float(digits) if "." in digits or "E" in digits else int(digits)


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12) | \
    st.sampled_from(['=HYPERLINK("http://x","y")', "+1", "-0", "@x", "\tx", "a\rb",
                     "_x0041_", "a & <b>", " lead", "trail ", "\x01", ""])
VALUE = st.none() | st.booleans() | TEXT | st.integers(-10**20, 10**20) | \
    st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=60, deadline=None)
@example(first=[[None, None, "\r"], ["\x01=x", "_x0041_", 10**17], [4.0, 0.1, -0.0]],
         second=[["\x01", True]])
@given(st.lists(st.lists(VALUE, min_size=3, max_size=3), max_size=8),
       st.lists(st.lists(VALUE, min_size=2, max_size=2), max_size=4))
def test_every_value_reads_back_as_written(first: list[list[Any]],
                                           second: list[list[Any]]) -> None:
    book = read(xlsx_bytes([("One", ["a", "b", "c"], first), ("Two & more", ["x", "y"], second)]))
    assert book.sheetnames == ["One", "Two & more"]
    for sheet, rows in zip(book.worksheets, (first, second), strict=True):
        cells = {(c.row, c.column): c for line in sheet.iter_rows() for c in line}
        for r, row in enumerate(rows, start=2):
            for c, value in enumerate(row, start=1):
                cell = cells.get((r, c))
                got = None if cell is None else cell.value
                assert got == expected(value) and type(got) is type(expected(value))
                if cell is not None and isinstance(got, str):
                    assert cell.data_type == "s"  # text, never a formula
                    clean = CONTROL.sub("", value)
                    assert bool(cell.quotePrefix) == clean.startswith(FORMULA_START)


def test_layout_header_panes_filter_and_widths() -> None:
    name = "Nguyễn Thị Minh Khai-Long"  # 25 characters
    book = read(xlsx_bytes([("Players", ["id", "name", "rating"], [[1, name, 2338],
                                                                     [2, "Bo", None]]),
                            ("Rating report", ["id"], [])]))
    players, report = book["Players"], book["Rating report"]
    assert [c.value for c in players[1]] == ["id", "name", "rating"]
    assert all(c.font.b for c in players[1]) and not players["B2"].font.b
    assert players.freeze_panes == "A2" and report.freeze_panes == "A2"
    # A filter over the header alone (no rows) is over its one cell, written as the cell.
    assert players.auto_filter.ref == "A1:C3" and report.auto_filter.ref == "A1"
    # Excel's stored width for w characters of Calibri 11: 7w + 5 pixels, in 256ths of
    # the 7-pixel digit, floored: a column is max(7, longest text) + 2 wide, at most 45.
    # "id" → 9 → 68 px → 2486/256 = 9.7109375; the name 25 + 2 = 27 → 194 px → 7094/256.
    assert players.column_dimensions["A"].width == 9.7109375
    assert players.column_dimensions["B"].width == 7094 / 256 == 27.7109375
    assert players["C2"].value == 2338 and players["C3"].value is None


def test_a_column_is_at_most_45_wide() -> None:
    book = read(xlsx_bytes([("S", ["t"], [["y" * 80]])]))
    # 45 → 320 px → 81920 // 7 = 11702 → 11702 / 256 = 45.7109375
    assert book["S"].column_dimensions["A"].width == 45.7109375


def test_the_zip_holds_the_parts_excel_needs() -> None:
    # The package's parts (ECMA-376 part 1): its content types and relationships, the
    # workbook, its styles, each sheet, and the shared strings that hold the sheets' text.
    names = zipfile.ZipFile(io.BytesIO(xlsx_bytes([("S", ["a"], [["x"]]),
                                                   ("T", ["b"], [[1]])]))).namelist()
    assert {"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml",
            "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/sharedStrings.xml",
            "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"} <= set(names)


@pytest.mark.parametrize("titles", [["a" * 32], ["a/b"], ["Same", "same"], [""], ["'q'"]])
def test_a_sheet_name_excel_refuses_is_refused(titles: list[str]) -> None:
    with pytest.raises(InputError, match="not a sheet name Excel accepts") as caught:
        xlsx_bytes([(title, ["a"], []) for title in titles])
    assert caught.value.place == Place(sheet=titles[-1])
    assert problem_lines(caught.value, "vi") == [
        f"<đầu vào>, trang {titles[-1]!r}: tên trang Excel không nhận (hoặc dùng hai lần); "
        f"thấy {titles[-1]!r}, cần tối đa 31 ký tự, không có [ ] : * ? / \\, không trong "
        "dấu nháy, mỗi tên một lần"]


@pytest.mark.parametrize("number", [float("nan"), float("inf"), float("-inf")])
def test_no_cell_holds_nan_or_infinity(number: float) -> None:
    with pytest.raises(InputError, match="cannot hold this number") as caught:
        xlsx_bytes([("S", ["a", "b"], [[1, 2], [3, number]])])
    assert caught.value.place == Place(sheet="S", cell="B3")
    assert problem_lines(caught.value, "vi") == [
        f"<đầu vào>, trang 'S', ô B3: ô của bảng tính không chứa được số này; thấy "
        f"{number!r}, cần một số hữu hạn"]
