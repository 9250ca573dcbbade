"""C.07's order of last resort on the FIDE TEC exercise (``held_c07_swiss5.trf``, C.07-2026):
TPN, RTNG ascending, the arbiter's final order and the drawing of lots, through the
command line."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import DATA, run_cli
from tournament_elo.rating.last_resort import draw_lots

SWISS5 = DATA / "held_c07_swiss5.trf"


def ranks(tmp_path: Path, *args: str, event: Path = SWISS5) -> tuple[dict[int, int], dict]:
    done = run_cli("rate", str(event), "--tiebreak-rules", "2026", *args, "--format", "json",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    return {p["id"]: p["rank"] for p in data["players"]}, data


def test_tpn_and_rtng_ascending_after_the_wins(tmp_path: Path) -> None:
    # The 3.5-point group is nos. 1, 3, 4 (two wins each) and 16 (three): WIN puts 16
    # second behind no. 2 (4 points).  TPN then orders 1, 3, 4 by pairing number (3rd,
    # 4th, 5th); RTNG/R by rating ascending: 4 (2050), 3 (2100), 1 (2200).  In the
    # 2.5-point group (5, 8, 11, two wins each) TPN gives 5, 8, 11 and RTNG/R 11 (1700),
    # 8 (1850), 5 (2000).  FIDE's reference, -t PTS WIN TPN and -t PTS WIN RTNG/R,
    # prints the same ranks.
    by_tpn, data = ranks(tmp_path, "--tiebreaks", "WIN,TPN")
    assert [by_tpn[i] for i in (2, 16, 1, 3, 4, 5, 8, 11)] == [1, 2, 3, 4, 5, 7, 8, 9]
    assert sorted(by_tpn.values()) == list(range(1, 17))  # TPN leaves no tie
    assert {p["id"]: p["tiebreaks"]["TPN"] for p in data["players"]}[16] == 16
    by_rating, _ = ranks(tmp_path, "--tiebreaks", "WIN,RTNG/R")
    assert [by_rating[i] for i in (4, 3, 1, 11, 8, 5)] == [3, 4, 5, 7, 8, 9]


def test_the_same_seed_draws_the_same_lots_and_a_trf_keeps_it(tmp_path: Path) -> None:
    first, data = ranks(tmp_path, "--tiebreaks", "WIN", "--lots", "370273")
    again, _ = ranks(tmp_path, "--tiebreaks", "WIN", "--lots", "370273")
    assert first == again and data["event"]["lots_seed"] == 370273
    assert sorted(first.values()) == list(range(1, 17))  # the lots leave no tie
    # Inside the tied group 1, 3, 4 (3.5 points, two wins) the lower lot goes first.
    lot = dict(zip([1, 3, 4], draw_lots(16, 370273)[[1, 2, 3]].tolist(), strict=True))
    assert sorted((1, 3, 4), key=lambda i: first[i]) == sorted((1, 3, 4), key=lot.__getitem__)
    # Written into a TRF, the seed comes back: the same lots without --lots.
    done = run_cli("convert", str(SWISS5), "--to", "trf16", "--lots", "370273", "-o",
                   "lots.trf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "### lots seed 370273\n" in (tmp_path / "lots.trf").read_text(encoding="utf-8")
    back, data = ranks(tmp_path, "--tiebreaks", "WIN", event=tmp_path / "lots.trf")
    assert back == first and data["event"]["lots_seed"] == 370273


def test_a_drawn_seed_is_printed_and_stored(tmp_path: Path) -> None:
    done = run_cli("rate", str(SWISS5), "--lots", "draw", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    seed = json.loads(done.stdout)["event"]["lots_seed"]
    assert f"lots drawn with seed {seed} (--lots {seed} draws the same again)" in done.stderr


def test_the_final_order_comes_before_the_lots(tmp_path: Path) -> None:
    # The arbiter places 4 before 3 (a play-off, say); 1 is not listed and follows them.
    (tmp_path / "order.txt").write_text("4\n3\n", encoding="utf-8")
    listed, data = ranks(tmp_path, "--tiebreaks", "WIN", "--order", "order.txt",
                         "--lots", "1")
    assert [listed[i] for i in (16, 4, 3, 1)] == [2, 3, 4, 5]
    assert data["event"]["final_order"] == [4, 3]
    done = run_cli("convert", str(SWISS5), "--to", "trf16", "--order", "order.txt", "-o",
                   "order.trf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "### final order 4 3\n" in (tmp_path / "order.trf").read_text(encoding="utf-8")
    back, _ = ranks(tmp_path, "--tiebreaks", "WIN", "--lots", "1",
                    event=tmp_path / "order.trf")
    assert back == listed


def test_a_bad_seed_and_an_unknown_player_at_once(tmp_path: Path) -> None:
    (tmp_path / "order.txt").write_text("4, 99\n", encoding="utf-8")
    done = run_cli("rate", str(SWISS5), "--lots", "x", "--order", "order.txt", "--lang", "vi",
                   cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--lots: hạt giống bốc thăm không hợp lệ; thấy 'x'" in done.stderr
    assert ("order.txt, dòng 1: kỳ thủ không có trong giải ở thứ tự cuối cùng; thấy '99'"
            in done.stderr)
