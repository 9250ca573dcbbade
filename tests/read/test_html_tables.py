"""HTML pages as rows of cells (tournament_elo.read.html_tables): what lxml's tree gives the
crosstable reader, on small pages whose rows are worked out by hand."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tournament_elo.errors import InputError
from tournament_elo.read.chessresults import read_chessresults
from tournament_elo.read.html_tables import Page, parse_page

FROME = Path(__file__).resolve().parents[1] / "data" / "chessresults_frome2026_open_crosstable.html"


def cells(page: Page) -> list[list[str]]:
    return [row for row, _ in page.rows]


def test_entities_and_white_space() -> None:
    # &nbsp; is a no-break space, collapsed like any other; &amp; is '&', &frac12; '½';
    # the line end inside the second cell is white space too.
    page = parse_page("<table><tr><td> a&nbsp;&nbsp;b &amp; c </td><td>6&frac12;\n pts</td>"
                      "</tr></table>")
    assert page.rows == [(["a b & c", "6½ pts"], [1, 1]), ([], [])]


def test_a_colspan_cell_stays_one_cell() -> None:
    # The crosstable reader counts columns as written: "a" spans two, and is one cell.
    page = parse_page('<table><tr><td colspan="2">a</td><td>b</td></tr>'
                      "<tr><td>1</td><td>2</td><td>3</td></tr></table>")
    assert cells(page) == [["a", "b"], ["1", "2", "3"], []]


def test_nested_table_rows_come_in_document_order() -> None:
    # The outer row starts first (its cells are filled as they end), the inner table's row
    # and its end follow; the outer cell keeps only its own text, before and after.
    page = parse_page("<table>\n<tr><td>a<table><tr><td>b</td></tr></table>c</td>\n"
                      "<td>d</td></tr>\n</table>")
    assert page.rows == [(["ac", "d"], [2, 3]), (["b"], [2]), ([], []), ([], [])]


def test_unclosed_tag_soup() -> None:
    # No </td>, </tr> or </table>: each <td> closes the cell before it, each <tr> the row,
    # and the end of the page the table (an empty row); text in a row outside its cells
    # ("junk") is no cell's, and <b> is inside its cell with no space around it.
    page = parse_page("<table><tr><td>a<td>b<tr>junk<td>c<b>bold")
    assert cells(page) == [["a", "b"], ["cbold"], []]


def test_cells_outside_a_row_make_one() -> None:
    # libxml2 leaves <td> directly in <table>: the two cells are a row of their own.
    page = parse_page("<table><td>x</td><td>y</td><tr><td>z</td></tr></table>")
    assert cells(page) == [["x", "y"], ["z"], []]


def test_headings_paragraphs_and_line_breaks() -> None:
    # The heading is the first non-empty <h1>/<h2>, its lines joined; each block gives a
    # row per line (at <br> and at line ends) with the block's line; a heading inside a
    # cell is a row of its own and not the cell's text.  The paragraph's own line end puts
    # the table on line 5.
    page = parse_page("<h1></h1>\n<h2>Club Open<br>2026</h2>\n<p>Round 1\nRound 2</p>\n"
                      "<table><caption>Standings</caption><tr><td>x<h3>note</h3>y</td></tr>"
                      "</table>")
    assert page.heading == "Club Open 2026"
    assert page.rows == [
        (["Club Open"], [2]), (["2026"], [2]), (["Round 1"], [3]), (["Round 2"], [3]),
        (["Standings"], [5]), (["xy"], [5]), (["note"], [5]), ([], []),
    ]


def test_scripts_styles_and_comments_are_not_text() -> None:
    page = parse_page("<html><head><title> Club  Open </title><style>td{}</style></head>"
                      "<body><script>document.write('<td>no</td>')</script><table><tr>"
                      "<td>a<!-- hidden -->b<br/>c</td></tr></table></body></html>")
    assert page.title == "Club Open"
    assert cells(page) == [["ab c"], []]


def test_line_ends_of_every_kind_count_as_lines() -> None:
    # CR LF and a bare CR are one line end each, as an editor shows them.
    page = parse_page("<table>\r\n<tr><td>1</td></tr>\r<tr>\n<td>2</td></tr></table>")
    assert page.rows == [(["1"], [2]), (["2"], [4]), ([], [])]


def test_decoded_text_is_not_decoded_again() -> None:
    # The text is decoded already: neither a <meta charset> nor an XML declaration that
    # names latin-1 may turn "Müller" into mojibake.
    for head in ('<meta charset="iso-8859-1">', '<?xml version="1.0" encoding="iso-8859-1"?>'):
        page = parse_page(f"{head}<table><tr><td>Müller ½</td></tr></table>")
        assert cells(page) == [["Müller ½"], []]


def test_a_page_of_nothing_has_no_rows() -> None:
    assert parse_page("<!-- nothing here -->") == Page()
    assert parse_page("  \n ") == Page()


def test_lines_past_libxml2s_limit_are_exact() -> None:
    # libxml2 counts an HTML element's line in 16 bits; a page's lines are counted in full:
    # 70,000 line ends put the table on line 70,001, the second row one line further, and
    # 140,000 more put the paragraph on line 210,002.
    text = ("\n" * 70000 + "<table><tr><td>a</td></tr>\n<tr><td>b</td><td>c</td></tr></table>"
            + "\n" * 140000 + "<p>end</p>")
    page = parse_page(text)
    assert page.rows == [(["a"], [70001]), (["b", "c"], [70002, 70002]), ([], []),
                         (["end"], [210002])]


def test_past_a_million_lines_a_line_is_unknown_rather_than_wrong() -> None:
    # Sixteen more parses reach line 17 × 65,534 = 1,114,078; the paragraph is on line
    # 1,200,001.
    assert parse_page("\n" * 1_200_000 + "<p>x</p>").rows == [(["x"], [None])]


def test_a_bad_cell_past_line_65535_is_named_at_its_line(tmp_path: Path) -> None:
    text = FROME.read_text(encoding="utf-8").replace(" 21b&frac12;", " 21q&frac12;", 1)
    text = text.replace("<html", "\n" * 70000 + "<html", 1)
    page = tmp_path / "frome.html"
    page.write_text(text, encoding="utf-8")
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "21q" in ln)
    assert line > 70000
    with pytest.raises(InputError) as info:
        read_chessresults(page)
    assert f"line {line}:" in str(info.value) and "'21q½'" in str(info.value)


def test_hostile_pages_cost_time_in_proportion() -> None:
    # 100,000 nested tables, and a row of 200,000 unclosed cells: the walk is not
    # recursive (no RecursionError) and each takes a second or so of CPU, not minutes.
    started = time.process_time()
    deep = parse_page("<table><tr><td>" * 100_000 + "x")
    assert {text for row in cells(deep) for text in row} <= {"", "x"}
    wide = parse_page("<table><tr>" + "<td>x" * 200_000)
    assert cells(wide) == [["x"] * 200_000, []]
    assert time.process_time() - started < 30


def test_the_public_page_reads_as_before() -> None:
    page = parse_page(FROME.read_text(encoding="utf-8"))
    header = next(i for i, (row, _) in enumerate(page.rows) if "1.Rd" in row)
    assert page.rows[header] == (
        ["No.", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd", "4.Rd", "5.Rd", "Rk.", "TB1",
         "TB2", "TB3"],
        [196] * 14)
    assert page.rows[header + 1][0][:6] == ["1", "", "Norris Zack", "2345", "ENG", "-½"]
    assert re.match(r"Chess-Results Server Chess-results\.com - Frome", page.title)
