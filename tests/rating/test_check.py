"""'check': the published figures against the project's own computation.

The independent reference is what was published: the pages' own columns, the FIDE
exercise's official tie-break values (``held_c07_expected_values.tsv``) and FIDE's
reference implementation (gacrux); the tests state those figures, never the code's.
"""

from pathlib import Path

import pytest
from crosstable_builder import crosstable_rows
from gacrux_reference import reference_table
from xlsx_builder import write_workbook

from helpers import DATA, run_cli
from tournament_elo.rating.check import NotCompared, check_event
from tournament_elo.rating.standings import is_tiebreak_code
from tournament_elo.read.detect import read_event
from tournament_elo.read.tiebreak_legend import read_legend

SWISS5 = DATA / "held_c07_swiss5.trf"
FROME = DATA / "chessresults_frome2026_open_crosstable.html"
USSA = DATA / "chessresults_ussa2026_roundrobin_crosstable.html"
USSA_SB = "Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)"


@pytest.mark.parametrize(("page", "compared", "not_compared"), [
    # 108 players × (points, rank): TB1 is the points ("points (game-points)"), the
    # column the declared points come from.
    ("chessresults_british2026_champ_crosstable_final.html", 216, []),
    # 38 × (points = TB1, rank, TB2 DE, TB3 PS).
    ("chessresults_frome2026_open_crosstable.html", 152, []),
    # 9 × (points, rank, TB1 DE, TB2 WIN, TB4 KS); TB3 is Swiss-Manager's "variable" SB,
    # whose cut the legend does not print.
    ("chessresults_ussa2026_roundrobin_crosstable.html", 45,
     [NotCompared("TB3", "variable", USSA_SB)]),
])
def test_public_pages_agree_with_their_published_points_ranks_and_tiebreaks(
        page, compared, not_compared):
    report = check_event(read_event(DATA / page))
    assert report.disagreements == []
    assert report.compared == compared and report.not_compared == not_compared


def test_friendship_cup_player_41():
    report = check_event(read_event(DATA / "heltour_friendship_cup_2024_team.trf"))
    points = [(d.player, d.published, d.computed) for d in report.disagreements
              if d.what == "points"]
    assert points == [(41, 1.0, 0.0)]  # declares 1.0, scores 0 from results


def test_the_command_prints_each_disagreement(tmp_path):
    text = (DATA / "held_c07_roundrobin6.trf").read_text()
    # Alyx declares 3.5: make it 4.0 (columns 81-84).
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "Alyx" in line)
    lines[row] = lines[row][:80] + " 4.0" + lines[row][84:]
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n")
    done = run_cli("check", str(path), cwd=tmp_path)
    assert done.returncode == 1, done.stderr  # a published figure disagrees (was 0)
    assert done.stdout.splitlines() == [
        "player 1 (Alyx): points published 4.0, computed 3.5",
        "11 of 12 published values agree",
    ]


# ------------------------------------------------------------ FIDE's tie-break exercise

# held_c07_swiss5.trf is FIDE's C.07 exercise as TieBreakServer keeps it: its rank column
# (TRF columns 86-89) repeats each player's starting rank, it is no final standing.  Alyx
# (no. 1, 3.5 points) is "rank 1" above Bruno (no. 2, 4.0 points), so no tie-break list
# can make the ranks agree.  The points all agree (16).
#
# Without tie-breaks the TRF says nothing of them, so a rank agrees when it lies within
# the players on equal points: 4.0 {2} → 1; 3.5 {1, 3, 4, 16} → 2-5; 3.0 {6} → 6;
# 2.5 {5, 8, 11} → 7-9; 2.0 {12, 14, 15} → 10-12; 1.5 {7, 9, 13} → 13-15; 1.0 {10} → 16.
# Starting ranks 3, 4, 6, 8, 12 and 13 fall in their group: 6 of 16 ranks agree.
SWISS5_BY_POINTS = [
    "player 2 (Bruno): rank published 2, computed 1",
    "player 1 (Alyx): rank published 1, computed 2-5",
    "player 16 (Stephan): rank published 16, computed 2-5",
    "player 5 (Helene): rank published 5, computed 7-9",
    "player 11 (Maria): rank published 11, computed 7-9",
    "player 14 (Paul): rank published 14, computed 10-12",
    "player 15 (Reine): rank published 15, computed 10-12",
    "player 7 (Genevieve): rank published 7, computed 13-15",
    "player 9 (Jessica): rank published 9, computed 13-15",
    "player 10 (Lais): rank published 10, computed 16",
    "22 of 32 published values agree",
]

# With the C.07 Swiss default BH/C1, BH, SB the standing is exact.  From the exercise's
# official values (BH/C1; BH; SB): 3.5 points: Charline 13.0, David 11.5, Alyx and
# Stephan 11.0, 12.5 both, SB 8.00 over 7.25 → 3, 4, 1, 16 take places 2-5; 2.5: Maria
# and Irina 12.0, 13.5 both, SB 5.75 over 5.25, Helene 7.5 → 11, 8, 5 take 7-9; 2.0:
# Reine 11.0, Nick 9.5, Paul 9.0 → 10-12; 1.5: Genevieve 12.5, Opal 12.0, Jessica 7.5 →
# 13-15.  Only Franck (6th) and Irina (8th) stand at their starting rank: 18 of 32.
SWISS5_PLACES = {2: 1, 3: 2, 4: 3, 1: 4, 16: 5, 6: 6, 11: 7, 8: 8, 5: 9, 15: 10, 12: 11,
                 14: 12, 7: 13, 13: 14, 9: 15, 10: 16}


def test_exercise_ranks_within_points_groups_without_tiebreaks(tmp_path):
    done = run_cli("check", str(SWISS5), cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == SWISS5_BY_POINTS


def test_exercise_ranks_with_its_tiebreaks(tmp_path):
    # FIDE's reference implementation ranks the file the same way.
    reference = reference_table(SWISS5, ["PTS", "BH/C1", "BH", "SB"], swiss=True)
    assert reference is not None
    assert {start: row.rank for start, row in reference.items()} == SWISS5_PLACES
    event = read_event(SWISS5)
    names = {p.id: p.name for p in event.players}
    done = run_cli("check", str(SWISS5), "--tiebreaks", "BH/C1 BH SB", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    wrong = [f"player {p.id} ({names[p.id]}): rank published {p.id}, "
             f"computed {SWISS5_PLACES[p.id]}"
             for p in event.players if SWISS5_PLACES[p.id] != p.id]
    assert done.stdout.splitlines() == [
        *wrong,
        "18 of 32 published values agree",
        "ranks compared with the tie-breaks BH/C1, BH, SB",
    ]


# ------------------------------------------------------------ chess-results pages


def test_a_page_whose_tiebreaks_all_agree(tmp_path):
    # Frome: TB1 the points, TB2 Direct Encounter (0 for all: no tie it splits), TB3
    # progressive score.  The ranks are compared after DE and PS: where both tie, the
    # players share the place and Swiss-Manager's order among them agrees.
    done = run_cli("check", str(FROME), cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "152 of 152 published values agree",
        "ranks compared with the tie-breaks DE, PS",
    ]


def frome_with_norris_ps(tmp_path: Path, value: str) -> Path:
    """The Frome page with Norris Zack's (no. 1) TB3 changed from the published 10,5
    (½ bye, ½, 1, 1, 1: 0.5 + 1 + 2 + 3 + 4) to ``value``."""
    html = FROME.read_text(encoding="utf-8")
    published = ('<td class="CRc">4</td><td class="CRc">0</td><td class="CRc">10,5</td></tr>'
                 '\n<tr class="CRg1 ENG"><td class="CRc">2</td>')
    assert html.count(published) == 1
    path = tmp_path / "frome-changed.html"
    path.write_text(html.replace(published, published.replace("10,5", value)),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("value", [
    "11,5",
    # A sum of half points is exact, whatever the page prints: "10" or "11" is no 10.5
    # rounded (the page prints 10,5 for it), so neither agrees within ±0.5.
    "10", "11",
])
def test_a_tiebreak_changed_by_hand(tmp_path, value):
    done = run_cli("check", str(frome_with_norris_ps(tmp_path, value)), cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    shown = value.replace(",", ".")
    assert done.stdout.splitlines() == [
        f"player 1 (Norris Zack): TB3 (PS) published {shown}, computed 10.5",
        "151 of 152 published values agree",
        "ranks compared with the tie-breaks DE, PS",
    ]


def test_vietnamese(tmp_path):
    done = run_cli("check", str(frome_with_norris_ps(tmp_path, "11,5")), "--lang", "vi",
                   cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "đấu thủ 1 (Norris Zack): TB3 (PS) công bố 11.5, tính được 10.5",
        "151/152 giá trị công bố khớp với kết quả tính",
        "hạng được so sánh theo các hệ số phụ DE, PS",
    ]


def test_an_unread_legend_is_named_not_guessed(tmp_path):
    # USSA: the legend's TB3 is Swiss-Manager's variable SB without its parameter.  The
    # ranks are compared after TB1 and TB2 only (DE, WIN), the tie-breaks before it.
    done = run_cli("check", str(USSA), cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "45 of 45 published values agree",
        "ranks compared with the tie-breaks DE, WIN",
        "not compared:",
        f'  TB3 "{USSA_SB}": the legend does not say which results are cut; give --tiebreaks',
    ]


def test_an_unread_legend_in_vietnamese(tmp_path):
    done = run_cli("check", str(USSA), "--lang", "vi", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "45/45 giá trị công bố khớp với kết quả tính",
        "hạng được so sánh theo các hệ số phụ DE, WIN",
        "không so sánh:",
        f'  TB3 "{USSA_SB}": chú thích không nói bỏ bớt kết quả nào; hãy chỉ rõ bằng '
        "--tiebreaks",
    ]


def test_tiebreaks_option_overrides_the_legend(tmp_path):
    # Given as plain SB, TB3 is compared: player 2 won his game against player 8 (2.5
    # points) by forfeit.  Swiss-Manager printed 20; C.07 (and FIDE's reference) count the
    # forfeit against the real opponent: 17.5 (see test_published_tiebreaks.py).
    done = run_cli("check", str(USSA), "--tiebreaks", "DE,WIN,SB,KS", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "player 2 (Shoba, Lundi): TB3 (SB) published 20, computed 17.5",
        "53 of 54 published values agree",
        "ranks compared with the tie-breaks DE, WIN, SB, KS",
    ]


@pytest.mark.parametrize(("args", "message"), [
    (["bad/crosstable-points-1e308.html"],
     "line 3: unreadable points; found '1e308', expected points such as 4.5 or 4,5, "
     "from 0 to 100,000"),
    (["held_c07_swiss5.trf", "--tiebreaks", "BH XYZ"],
     "error: --tiebreaks: unknown tie-break; found 'XYZ'"),
])
def test_bad_input_exits_2(tmp_path, args, message):
    done = run_cli("check", str(DATA / args[0]), *args[1:], cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(("words", "code", "unread"), [
    # Swiss-Manager's legends as chess-results prints them (the pages in tests/data) …
    ("points (game-points)", "PTS", None),
    ("Direct Encounter (DE)", "DE", None),
    ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN", None),
    ('Koya System (KS) (Gamepoints/Limit 50")', "KS", None),
    ("Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints)", "PS", None),
    (USSA_SB, None, "variable"),
    # … and ones these pages do not have: the cut of a variable Buchholz is not printed;
    # match points are a team event's; a code in parentheses is taken at its word.
    ("Buchholz Tie-Breaks (variabel with parameter)", None, "variable"),
    ("Number of wins including byes (WIN) (Matchpoints, Forfeited games count)", None,
     "unknown"),
    ("Buchholz Tie-Breaks, Cut 1 (BH/C1)", "BH/C1", None),
    ("Fide Tie-Break", None, "unknown"),
])
def test_legend_words(words, code, unread):
    legend = read_legend(words, is_tiebreak_code)
    assert (legend.code, legend.unread) == (code, unread)


# The exercise's official AOB (held_c07_expected_values.tsv, C.07-2023; the 2024 edition
# in force on 2024-08-01 gives the same) printed to one decimal, half up, as a program
# printing fewer decimals than C.07's two would: 13.38 → 13,4, 13.25 → 13,3, 13.00 → 13.
SWISS5_AOB_ONE_DECIMAL = {1: "12,6", 2: "13,6", 3: "13,4", 4: "13,4", 5: "13,4", 6: "13,3",
                          7: "11,9", 8: "13", 9: "12,8", 10: "10,9", 11: "12,8", 12: "15",
                          13: "12,1", 14: "13,2", 15: "12,2", 16: "13,3"}


@pytest.mark.parametrize(("david", "wrong"), [
    ("13,4", []),  # 13.38 within ±0.05 of every value the column prints
    ("13,5", ["player 4 (David): TB1 (AOB) published 13.5, computed 13.38"]),
])
def test_an_average_agrees_to_the_decimals_its_column_prints(tmp_path, david, wrong):
    rows = crosstable_rows(read_event(SWISS5), "start")
    header = next(i for i, row in enumerate(rows) if "TB1" in row)
    for row in rows[header + 1:]:
        row[-1] = david if row[0] == 4 else SWISS5_AOB_ONE_DECIMAL[row[0]]
    rows.append(["Tie Break1: Average Buchholz of Opponents (AOB)"])
    path = write_workbook(tmp_path / "aob.xlsx", {"Crosstable": rows})
    done = run_cli("check", str(path), cwd=tmp_path)
    assert done.stderr == ""
    assert [line for line in done.stdout.splitlines() if "TB1" in line] == wrong
