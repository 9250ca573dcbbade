"""The report's data block (render/sections.py): its columns of texts and numbers."""

from tournament_elo.render.sections import DIGITS, column, index_column, text_column


def test_the_digits_need_no_escaping_in_json_or_a_script_element() -> None:
    # Printable ASCII from "#" (35) to "~" (126) but \ < > &: 92 - 4 characters.
    assert len(DIGITS) == 88 and DIGITS[0] == "#" and DIGITS[1] == "$" and DIGITS[-1] == "~"
    assert not set(DIGITS) & set('"\\<>&')


def test_numbers_take_as_many_digits_as_the_largest_needs() -> None:
    # Base 88, most significant digit first: 87 is "~"; 88 = 1·88 + 0 is "$#";
    # 7743 = 87·88 + 87 is "~~"; 7744 = 1·88² is "$##"; 681473 = 88³ + 1 is "$##$".
    assert index_column([0, 1, 87]) == [1, "#$~"]
    assert index_column([0, 88, 7743]) == [2, "##$#~~"]
    assert index_column([7744, 0]) == [3, "$#####"]
    assert index_column([681473]) == [4, "$##$"]
    assert index_column([]) == [1, ""]


def test_a_column_holds_each_distinct_text_once() -> None:
    assert text_column(["2150", "", "2150", "1980"]) == [["2150", "", "1980"], 1, "#$#%"]
    assert text_column(["x", "x"]) == [["x"]]  # one text for every row
    assert column((["a", "b"], [1, 1, 0])) == [["a", "b"], 1, "$$#"]
