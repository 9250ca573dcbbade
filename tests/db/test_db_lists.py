"""The rating officer's path, part 3: lists that round-trip.  The tool's own list,
edited by hand, compared with the database reports exactly the edits; lists and
histories count the games rated in the period and in total."""

from __future__ import annotations

import csv
import io
import json

from helpers import DATA

CAPO = DATA / "javafo_aum_capo_dorso_2012_final.trf"


def test_the_tools_own_list_edited_reports_exactly_the_edits(run, tmp_path):
    assert run("db", "import", CAPO)[0] == 0
    assert run("db", "recompute")[0] == 0
    assert run("db", "ratings", "--format", "csv", "-o", "list.csv")[0] == 0
    text = (tmp_path / "list.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 84
    code, out, err = run("db", "diff", "list.csv", "--format", "json")
    assert (code, json.loads(out), err) == (0, [], "0 differences\n")
    # Barato (no FIDE id: keyed by the tool's id 42) moved by 5; three rows removed:
    # Glienke (FIDE 4603702), Ferraro Pelle (no FIDE id) and Karsenty, the last.
    by_name = {r["name"]: r for r in rows}
    barato = int(by_name["Barato Giuseppe"]["rating"])
    by_name["Barato Giuseppe"]["rating"] = str(barato + 5)
    removed = ["Glienke Manfred Dr.", "Ferraro Pelle Giovan", "Karsenty Madeleine"]
    kept = [r for r in rows if r["name"] not in removed]
    with (tmp_path / "edited.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(kept)
    code, out, err = run("db", "diff", "edited.csv", "--format", "json")
    assert code == 0 and err == "4 differences\n"
    found = {(d["name"], d["published"], d["computed"], d["difference"])
             for d in json.loads(out)}
    assert found == {("Barato Giuseppe", barato + 5, barato, -5),
                     *((name, None, int(by_name[name]["rating"]), None) for name in removed)}
    # A list that knows Barato's FIDE id (the database does not) still finds him by name.
    by_name["Barato Giuseppe"]["fide_id"] = "9999999"
    by_name["Barato Giuseppe"]["id"] = ""
    with (tmp_path / "with-id.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    code, out, err = run("db", "diff", "with-id.csv", "--format", "json")
    assert (code, err) == (0, "1 differences\n")
    assert [d["name"] for d in json.loads(out)] == ["Barato Giuseppe"]


def test_lists_and_histories_count_the_games(run, tmp_path):
    assert run("db", "import", CAPO)[0] == 0
    assert run("db", "recompute")[0] == 0
    code, out, err = run("db", "ratings", "--format", "json")
    assert code == 0, err
    listed = {r["name"]: r for r in json.loads(out)}
    # Nine rounds: Seletsky played all nine; Carosielli three, then left; Ghencea seven
    # and a pairing bye.
    assert [(listed[n]["games"], listed[n]["period_games"]) for n in (
        "Seletsky Grigory", "Carosielli Giovanna", "Ghencea Ioan")] == [(9, 9), (3, 3), (7, 7)]
    code, out, err = run("db", "history", "14112191", "--format", "json")
    assert code == 0, err
    (row,) = json.loads(out)
    assert (row["games"], row["period_games"]) == (9, 9)
