from tournament_elo.io.table import column_letter


def test_column_letters():
    # A..Z, then AA (26), AZ (51), ZZ (26 + 26 × 26 − 1 = 701), AAA (702).
    assert [column_letter(i) for i in (0, 25, 26, 51, 701, 702)] == [
        "A", "Z", "AA", "AZ", "ZZ", "AAA"]
