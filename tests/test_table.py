from tournament_elo.errors import column_letter


def test_column_letters():
    # A..Z, then AA (26), AZ (51), ZZ (26 + 26 × 26 − 1 = 701), AAA (702).
    assert [column_letter(i) for i in (0, 25, 26, 51, 701, 702)] == [
        "A", "Z", "AA", "AZ", "ZZ", "AAA"]


def test_a_quoted_quote_far_down_a_csv(tmp_path):
    from tournament_elo.read.table import read_csv_rows

    rows = ["round,white,black,result"] + [f"1,P{i},Q{i},1-0" for i in range(300)]
    rows.append('2,"Smith, ""Jack""",Q1,0-1')
    path = tmp_path / "games.csv"
    path.write_text("\n".join(rows) + "\n")
    assert read_csv_rows(path)[-1] == (302, ["2", 'Smith, "Jack"', "Q1", "0-1"])
