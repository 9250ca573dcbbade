"""The arbiter's round through the command line: ``rate --round K`` on a complete file,
the norms an event in progress can still bring, undefined tie-breaks as ``null``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from gacrux_reference import reference_table

from helpers import DATA, run_cli
from tournament_elo.rating.c07.tiebreaks import rules_in_force

CAPO = DATA / "javafo_aum_capo_dorso_2012_final.trf"
GROS = DATA / "javafo_aum_gros_2010_after_r4.trf"


def rate_json(tmp_path: Path, *args: str) -> dict:
    done = run_cli("rate", *args, "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_round_k_of_a_complete_file_is_the_standings_after_it(tmp_path: Path) -> None:
    data = rate_json(tmp_path, str(CAPO), "--round", "3", "--tiebreak-rules", "2024")
    # Every player's points and default tie-breaks after round 3 are FIDE's reference's
    # (gacrux -n 3, the 2024 rules it applies to a 2012 event).
    theirs = reference_table(CAPO, ("PTS", "BH/C1", "BH", "SB"), swiss=True, current_round=3)
    assert theirs is not None and len(data["players"]) == len(theirs) == 84
    for p in data["players"]:
        want = theirs[p["id"]]
        assert p["points"] == want.values["PTS"], p["id"]
        assert p["tiebreaks"] == {c: want.values[c] for c in ("BH/C1", "BH", "SB")}, p["id"]
        assert p["rank"] == want.rank, p["id"]
    # Rated on rounds 1-3 only: the leader, Seletsky (2338, K 15), 3 of 3 against
    # expectations 0.74 + 0.89 + 0.69 = 2.32 (table 8.1(b) for his three rating
    # differences): 15 x (3 - 2.32) = +10.2.
    leader = data["players"][0]
    assert (leader["id"], leader["points"], leader["games_rated"]) == (1, 3, 3)
    assert (leader["expected"], leader["k"], leader["change"]) == (2.32, 15, 10.2)
    assert {g["round"] for g in data["games"]} == {1, 2, 3}


def test_a_round_the_event_does_not_have(tmp_path: Path) -> None:
    for k in ("12", "0"):
        done = run_cli("rate", str(CAPO), "--round", k, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.splitlines()[-1] == (
            f"error: --round: no such round; found {k}, expected a round from 1 to 9")


def test_norms_the_rounds_to_come_can_still_bring(tmp_path: Path) -> None:
    data = rate_json(tmp_path, str(GROS))
    # After round 4 of 9 only one norm is still possible: Iglesias (no. 23, 1790, ESP),
    # WIM.  By hand: her opponents 1455, 2087, an unrated one (1400, raised to the WIM
    # floor 1850), 1996: sum 7388, average 1847; 3 of 4.  Nine games need an average of
    # 2030: 2 x (7388 + 5r) >= 4059 x 9 gives r >= 2175.5, so the next five opponents
    # are taken at 2176 (the field's five strongest she has not met average 2318, so
    # they exist).  The final average is then half_up(18268 / 9) = 2030; Rp 2250 needs
    # dp 220, a score of 78 %: 7 of 9 (77.8 %, rounded to 78) - 4 of the 5 to come.
    assert data["norms"] == [{
        "player": 23, "title": "WIM", "met": False, "games": 4, "performance": 2040,
        "average": 1847, "failed": [
            "4 games, needs 9: 5 short", "performance 2040, needs 2250: 210 short",
            "average 1847, needs 2030: 183 short",
            "1 federations other than ESP, needs 2: 1 short",
            "3 of 4 opponents from ESP (3/5), at most 2: 1 too many",
            "3 of 4 opponents from ESP (2/3), at most 2: 1 too many",
            "0 of 4 opponents titled, needs 2 (50 %): 2 short",
            "0 of 4 opponents GM/IM/WGM/WIM, needs 2 (1/3): 2 short"],
        "forecast": {"remaining_rounds": 5, "points_needed": 4.0, "opponents_rating": 2176},
    }]
    # After round 5 of Capo d'Orso nobody can make one: the field's strongest are too
    # weak for the averages (Seletsky, 5 of 5, would need opponents rated 2314 for the
    # IM norm's 2230; the four strongest he has not met average 2262).
    assert rate_json(tmp_path, str(CAPO), "--round", "5")["norms"] == []


def test_the_page_lists_the_forecast_in_both_languages(tmp_path: Path) -> None:
    for lang, heading, text in (
        ("en", "Norms still possible",
         "needs 4 from the 5 rounds to come, against opponents rated 2176 on average"),
        ("vi", "Còn khả năng đạt chuẩn",
         "cần 4 điểm trong 5 ván còn lại, gặp các đối thủ có hệ số trung bình 2176"),
    ):
        done = run_cli("rate", str(GROS), "--out", f"out-{lang}", "--lang", lang,
                       cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        page = (tmp_path / f"out-{lang}" / "report.html").read_text(encoding="utf-8")
        section = page[page.index('id="norms"'):]
        assert heading in section and text in section
        # the conditions the forecast answers for are not listed again as failures
        possible = section[section.index(heading):section.index("</ul>")]
        assert "9: 5" not in possible


def test_a_player_without_games_has_no_rating_tiebreaks(tmp_path: Path) -> None:
    # Player 3 of this sheet never plays: his ARO and TPR are undefined, null in the
    # JSON as the README promises (they were 0); his RTNG is his rating.
    (tmp_path / "club-games.csv").write_text(
        "round,white,black,result\n1,1,2,1-0\n", encoding="utf-8")
    (tmp_path / "club-players.csv").write_text(
        "id,name,rating\n1,An,2000\n2,Binh,1900\n3,Cuong,1800\n", encoding="utf-8")
    data = rate_json(tmp_path, "club-games.csv", "--tiebreaks", "ARO,TPR,RTNG")
    cuong = next(p for p in data["players"] if p["id"] == 3)
    assert cuong["tiebreaks"] == {"ARO": None, "TPR": None, "RTNG": 1800}
    an = next(p for p in data["players"] if p["id"] == 1)
    assert an["tiebreaks"] == {"ARO": 1900, "TPR": 1900 + 800, "RTNG": 2000}


def test_the_edition_in_force_on_the_first_day() -> None:
    from datetime import date

    # C.07 editions: 1 September 2023, 1 April 2024 (FIDE Council), 1 March 2026.
    assert [rules_in_force(d) for d in (
        date(2023, 8, 31), date(2023, 9, 1), date(2024, 3, 31), date(2024, 4, 1),
        date(2026, 2, 28), date(2026, 3, 1), None)] == [
        "pre2023", "2023", "2023", "2024", "2024", "2026", "2026"]


def test_the_default_edition_follows_the_date(tmp_path: Path) -> None:
    # Held's exercise is dated 2024-08-01: the 2024 rules, David (no. 4, a half-point bye
    # in round 2) SB 9.75, the exercise's /V1 answer; under the 2026 cap on the dummy
    # opponent it would be 9.25, the exercise's post-2026 answer.
    shutil.copy(DATA / "held_c07_swiss5.trf", tmp_path / "swiss5.trf")
    for args, sb in (((), 9.75), (("--tiebreak-rules", "2026"), 9.25)):
        data = rate_json(tmp_path, "swiss5.trf", *args)
        david = next(p for p in data["players"] if p["id"] == 4)
        assert david["tiebreaks"]["SB"] == sb


def test_the_gros_sample_on_the_wall_after_round_4(tmp_path: Path) -> None:
    # The bundled sample as an arbiter runs it: FIDE's reference (gacrux -s -n 4 -t BH/C1
    # BH SB) gives the leader, Mirzoev (no. 1, 4/4), "8.0", "10.0" and "10.00" (printed
    # with its decimals, as the table prints them); the header says where.
    sample = DATA.parent.parent / "sample_events" / "javafo_aum_gros_2010_after_r4.trf"
    done = run_cli("rate", str(sample), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    title, header, _, first = done.stdout.splitlines()[:4]
    assert title.endswith("after round 4/9")
    assert header.split()[:8] == ["Rk.", "No.", "Name", "Rtg", "Pts.", "BH/C1", "BH", "SB"]
    # Rank 1, no. 1, "Mirzoev Azer", 2527, then the points and the three tie-breaks.
    assert first.split()[:9] == ["1", "1", "Mirzoev", "Azer", "2527", "4", "8.0", "10.0",
                                 "10.00"]
