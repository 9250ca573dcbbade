"""The desk offers every option of ``rate``, and gives the figures ``rate --format json``
gives with the same option: the arbiter chooses it in the page's options form (served over
HTTP as ``serve`` serves it), the page's standings (ranks, points, tie-break values, K,
changes, new ratings, Rp) are read and compared with ``rate``'s JSON.  Each file is one
where the option changes a figure; the comment says which one and why.  ``watch`` takes
the same options, and writes what ``rate --out`` writes with them."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
from desk_server import FOLLOW_TIMEOUT, GROS, desk_server, rewrite_until
from norm_events import ALL_HOME_FAILURES, home_event

from helpers import DATA, run_cli
from tournament_elo.write.trf import write_trf

ROOT = Path(__file__).resolve().parents[2]
SWISS5 = DATA / "held_c07_swiss5.trf"
#: A chess-results crosstable page without the event's dates.
FROME = DATA / "chessresults_frome2026_open_crosstable.html"
#: A province-level Cờ Đông Sơn event (its sheet's level: L 1.2).
DONG_SON = ROOT / "sample_events" / "dong-son_giai-tinh.xlsx"
#: The page's standings columns and the JSON fields they show (a tie-break column is
#: ``tb CODE``, the JSON's ``tiebreaks[CODE]``).
COLUMNS = {"Rk.": "rank", "No.": "id", "Rtg": "rating", "Rtg before": "start_rating",
           "Pts.": "points", "K": "k", "Change": "change", "New rating": "new_rating",
           "Rp": "rp"}


class _Form(HTMLParser):
    """The options form's fields as a browser posts them: each input's value, each
    select's selected option (else its first)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._inside = False
        self._select: str | None = None
        self._option: dict[str, str | None] | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "form" and given.get("class") == "options":
            self._inside = True
        elif self._inside and tag == "input" and given.get("name"):
            self.fields[str(given["name"])] = given.get("value") or ""
        elif self._inside and tag == "select":
            self._select = str(given["name"])
        elif self._select is not None and tag == "option":
            self._option, self._text = given, ""

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" and self._option is not None and self._select is not None:
            value = self._option.get("value")
            value = self._text.strip() if value is None else value
            if "selected" in self._option or self._select not in self.fields:
                self.fields[self._select] = value
            self._option = None
        elif tag == "select":
            self._select = None
        elif tag == "form":
            self._inside = False


def form_of(page: str) -> dict[str, str]:
    parser = _Form()
    parser.feed(page)
    return parser.fields


def _value(text: str) -> float | None:
    """A figure as the page writes it (``3½``, ``+7.0``, ``9.50``); blank: none."""
    text = re.sub(r"<[^>]+>", "", text).strip()
    return None if not text else float(text.replace("½", ".5").replace("+", ""))


def problems(page: str) -> list[str]:
    """What the page says of its file and options (as the command line says it)."""
    section = page.split('<section class="problems"', 1)[1:]
    return re.findall(r"<li>([^<]*)</li>", section[0].split("</section>")[0]) if section else []


def page_figures(page: str) -> list[dict[str, object]]:
    """The standings of the page, row by row: each figure column by its JSON field."""
    table = page.split('<table class="crosstable', 1)[1].split("</table>", 1)[0]
    head, body = table.split("</thead>", 1)
    keys = []
    for attrs, name in re.findall(r"<th(\s[^>]*)?>(.*?)</th>", head, re.DOTALL):
        keys.append(f"tb {name}" if 'class="num tb"' in attrs else COLUMNS.get(name))
    rows = []
    for row in body.split("</tr>"):
        # A cell runs to the next cell's start (the crosstable leaves its end tags out).
        cells = [cell.removesuffix("</td>") for cell in re.split(r"<td[^>]*>", row)[1:]]
        if cells:
            assert len(cells) == len(keys)
            rows.append({key: re.sub(r"<[^>]+>", "", cell).strip() if key == "id"
                         else _value(cell) for key, cell in zip(keys, cells, strict=True)
                         if key is not None})
    return rows


def json_figures(data: dict, keys: list[str]) -> list[dict[str, object]]:
    """``rate``'s JSON players (in standings order) as :func:`page_figures` reads them."""
    def field(player: dict, key: str) -> object:
        if key == "id":
            return str(player["id"])
        if key == "change" and player["new_rating"] is None:
            return None  # a player left unrated: the page writes no change (the JSON's 0)
        value = player["tiebreaks"][key[3:]] if key.startswith("tb ") else player[key]
        return None if value is None else float(value)

    return [{key: field(p, key) for key in keys} for p in data["players"]]


def rate_json(tmp_path: Path, event: Path, *args: str) -> dict:
    done = run_cli("rate", str(event), *args, "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def by_id(figures: list[dict[str, object]]) -> dict[str, dict[str, object]]:
    return {str(row["id"]): row for row in figures}


def chosen_on_the_desk(tmp_path: Path, event: Path, chosen: dict[str, str],
                       *serve: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """The page's standings before and after ``chosen`` is applied in the options form
    (the form's other fields as the page shows them)."""
    with desk_server(str(event), "--work-dir", "work", *serve, cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        page = get.get("/e/1/").text
        before = page_figures(page)
        form = form_of(page)
        assert set(chosen) <= set(form), set(chosen) - set(form)  # each is a field
        assert get.post("/e/1/options", data={**form, **chosen}).status_code == 303
        page = get.get("/e/1/").text
        assert problems(page) == []
        return before, page_figures(page)


def same_as_rate(tmp_path: Path, event: Path, chosen: dict[str, str], args: tuple[str, ...],
                 *serve: str) -> tuple[dict[str, dict[str, object]], dict[str, dict[str, object]]]:
    """The desk's standings under ``chosen`` are ``rate ARGS``'s; the standings before
    and after, by player id."""
    before, after = chosen_on_the_desk(tmp_path, event, chosen, *serve)
    assert after == json_figures(rate_json(tmp_path, event, *args), list(after[0]))
    return by_id(before), by_id(after)


def test_date(tmp_path: Path) -> None:
    # The Frome page gives no date: 'fide' rates it under the latest edition, K 20 for
    # Murawski (no. 3, 2309; 4½ of 5 against We 3.54): +19.2, 2328.  Dated 2012-06-01 the
    # 2009 edition is in force, K 15 below 2400: 15 × (4.5 − 3.54) = +14.4, 2323.
    event = tmp_path / FROME.name
    event.write_bytes(FROME.read_bytes())
    before, after = same_as_rate(tmp_path, event, {"date": "2012-06-01"},
                                 ("--date", "2012-06-01"))
    assert [before["3"][k] for k in ("k", "change", "new_rating")] == [20, 19.2, 2328]
    assert [after["3"][k] for k in ("k", "change", "new_rating")] == [15, 14.4, 2323]


def test_round(tmp_path: Path) -> None:
    # Mirzoev (no. 1, 2527) after round 3: his opponents 1743, 1973 and 2087 are each
    # more than 400 below him, counted as 400 (the 2009 edition, in force in 2010): We
    # 3 × 0.92 = 2.76, 3 points, K 10: +2.4, 2529 (after round 4: +3.8, 2531).
    before, after = same_as_rate(tmp_path, GROS, {"round": "3"}, ("--round", "3"))
    assert [before["1"][k] for k in ("points", "change", "new_rating")] == [4, 3.8, 2531]
    assert [after["1"][k] for k in ("points", "change", "new_rating")] == [3, 2.4, 2529]


def test_tiebreak_rules(tmp_path: Path) -> None:
    # David (no. 4 of FIDE's exercise) had a half-point bye in round 2 and met 12, 13, 3
    # and 1.  Under the 2024 rules (in force on 2024-08-01) the bye counts his own 3½ and
    # no. 12's absent rounds are draws: BH 3 + 3½ + 1½ + 3½ + 3½ = 15, BH/C1 15 − 3½.
    # Under the rules before 2023 the bye is a virtual opponent of 3 and no. 12's unplayed
    # rounds 2-5 are draws (2): BH 13½, BH/C1 13½ − 1½ = 12, SB 2 + 1½ + 1½ + 1¾ + 1¾
    # = 8½ (tests/rating/test_tiebreaks.py derives both).
    before, after = same_as_rate(tmp_path, SWISS5, {"tiebreak_rules": "pre2023"},
                                 ("--tiebreak-rules", "pre2023"))
    assert [before["4"][f"tb {c}"] for c in ("BH/C1", "BH")] == [11.5, 15]
    assert [after["4"][f"tb {c}"] for c in ("BH/C1", "BH", "SB")] == [12, 13.5, 8.5]


def test_unrated_rating(tmp_path: Path) -> None:
    # Boo Aldanondo (no. 29) lost to Hernandez (2282), beat the unrated Navarro (no. 40)
    # and took two half-point byes: ARO over his rated opponent, 2282; with the unrated
    # at 1800, (2282 + 1800) / 2 = 2041.
    _, after = same_as_rate(tmp_path, GROS, {"tiebreaks": "ARO", "unrated_rating": "1800"},
                            ("--tiebreaks", "ARO", "--unrated-rating", "1800"))
    left_out = rate_json(tmp_path, GROS, "--tiebreaks", "ARO")
    assert by_id(json_figures(left_out, ["id", "tb ARO"]))["29"]["tb ARO"] == 2282
    assert after["29"]["tb ARO"] == 2041


def test_unrated_opponents(tmp_path: Path) -> None:
    # Alpha (no. 1, 2000) beat Bravo (1800), drew the unrated Charlie and beat Delta
    # (1600).  Over his rated opponents: Ra 1700, 2 of 2, Rp 2500.  Charlie scored 1½, so
    # with 'floor' he counts at the 2024 floor, 1400: Ra 1600, 2½ of 3 (dp 273), Rp 1873
    # (tests/rating/test_unrated_opponents.py derives both).
    event = DATA / "oracle" / "unrated_opponent_rr4.trf"
    before, after = same_as_rate(tmp_path, event, {"unrated_opponents": "floor"},
                                 ("--unrated-opponents", "floor"))
    assert (before["1"]["rp"], after["1"]["rp"]) == (2500, 1873)


def test_average_rule(tmp_path: Path) -> None:
    # Mirzoev (2527) met 1743, 1973, 2087 and 2222: Ra 2006, 4 of 4 (dp 800), Rp 2806.
    # Capped at 400 below his own rating, 1743, 1973 and 2087 count 2127: Ra (3 × 2127 +
    # 2222) / 4 = 2150.75, 2151, Rp 2951.
    before, after = same_as_rate(tmp_path, GROS, {"average_rule": "capped"}, ("--ra", "capped"))
    assert (before["1"]["rp"], after["1"]["rp"]) == (2806, 2951)


def test_settings(tmp_path: Path) -> None:
    # The event's sheet says province (L 1.2); level=national is L 1.5: each game's
    # L × K × (S − E) a quarter larger.  Phan Ngọc Ánh (CODS-000633, 880) gains 44.4 at
    # province and 54.8 at national (a little less than 44.4 × 1.25 = 55.5: a game's K is
    # taken at the rating before it, which has grown more by then).
    event = tmp_path / DONG_SON.name
    event.write_bytes(DONG_SON.read_bytes())
    system = {"system": "dong-son"}
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        form = form_of(get.get("/e/1/").text)
        assert get.post("/e/1/options", data={**form, **system}).status_code == 303
        page = get.get("/e/1/").text
        # The form offers the settings dong-son reads, with their values.
        assert re.findall(r'<select name="set:(\w+)">', page) == ["pool", "level"]
        before = by_id(page_figures(page))
        form = form_of(page)
        assert get.post("/e/1/options", data={**form, "set:level": "national"}
                        ).status_code == 303
        page = get.get("/e/1/").text
        assert '<option selected>national</option>' in page
        after = page_figures(page)
    data = rate_json(tmp_path, event, "--system", "dong-son", "--set", "level=national")
    assert after == json_figures(data, list(after[0]))
    assert (before["CODS-000633"]["change"], by_id(after)["CODS-000633"]["change"]) == (
        44.4, 54.8)
    saved = json.loads((tmp_path / "work" / "settings.json").read_text(encoding="utf-8"))
    assert saved[str(event.resolve())]["settings"] == {"level": "national"}


def test_norm_event(tmp_path: Path) -> None:
    # Player 1 (VIE) scores 7 of 9 against nine opponents of his own federation (Rp 2648
    # over Ra 2428: test_gm_norm_met's games): the GM norm fails on the federation mix
    # alone.  A zonal (B.01 1.4.3c) is exempt from it: the norm is met.  The desk's report
    # set (its ZIP) says what 'rate --norm-event zonal' says.
    event = tmp_path / "home.trf"
    event.write_text(write_trf(home_event(), "trf16", []), encoding="utf-8")
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        form = form_of(get.get("/e/1/").text)
        assert get.post("/e/1/options", data={**form, "norm_event": "zonal"}
                        ).status_code == 303
        reports = zipfile.ZipFile(io.BytesIO(get.get("/e/1/report.zip").content))
        result = json.loads(reports.read("result.json"))
    assert result == rate_json(tmp_path, event, "--norm-event", "zonal")
    (gm,) = (n for n in result["norms"] if n["title"] == "GM")
    assert (gm["player"], gm["met"], gm["failed"]) == (1, True, [])
    (before,) = (n for n in rate_json(tmp_path, event)["norms"] if n["title"] == "GM")
    assert (before["met"], before["failed"]) == (False, ALL_HOME_FAILURES)


def test_lots(tmp_path: Path) -> None:
    # By WIN alone nos. 1, 3 and 4 (3½ points, two wins each) share the 3rd place; the
    # lots drawn with seed 370273 order them (tests/rating/test_last_resort.py), and
    # every place is a player's own.
    _, after = same_as_rate(tmp_path, SWISS5, {"tiebreaks": "WIN", "lots": "370273"},
                            ("--tiebreaks", "WIN", "--lots", "370273"))
    tied = by_id(json_figures(rate_json(tmp_path, SWISS5, "--tiebreaks", "WIN"), ["id", "rank"]))
    assert {tied[i]["rank"] for i in ("1", "3", "4")} == {3}
    assert sorted(row["rank"] for row in after.values()) == list(range(1, 17))


def test_lots_drawn_on_the_page_stay_drawn(tmp_path: Path) -> None:
    # 'draw' draws a seed once, when chosen: the form then shows it, the settings file
    # keeps it, and each new reading of the file (the page follows it) draws the same
    # lots, those of 'rate --lots SEED'.
    event = tmp_path / "swiss5.trf"
    event.write_bytes(SWISS5.read_bytes())
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        form = form_of(get.get("/e/1/").text)
        chosen = {**form, "tiebreaks": "WIN", "lots": "draw"}
        assert get.post("/e/1/options", data=chosen).status_code == 303
        page = get.get("/e/1/")
        seed = form_of(page.text)["lots"]
        assert seed.isdigit()
        drawn = page_figures(page.text)
        version = int(page.headers["x-desk-version"])
        deadline = time.monotonic() + FOLLOW_TIMEOUT
        while int(get.get("/e/1/").headers["x-desk-version"]) == version:
            assert time.monotonic() < deadline, "the page never read the file again"
            event.write_bytes(SWISS5.read_bytes())  # the pairing program saves the file
            time.sleep(0.2)
        again = get.get("/e/1/").text
        assert form_of(again)["lots"] == seed and page_figures(again) == drawn
    saved = json.loads((tmp_path / "work" / "settings.json").read_text(encoding="utf-8"))
    assert saved[str(event.resolve())]["lots"] == seed
    data = rate_json(tmp_path, event, "--tiebreaks", "WIN", "--lots", seed)
    assert drawn == json_figures(data, list(drawn[0]))
    assert data["event"]["lots_seed"] == int(seed)


def test_order(tmp_path: Path) -> None:
    # The arbiter places 4 before 3 (a play-off, say); 1, not listed, follows them, and
    # the lots (seed 1) order the rest: 16 second (three wins), then 4, 3, 1
    # (tests/rating/test_last_resort.py).
    order = tmp_path / "order.txt"
    order.write_text("4\n3\n", encoding="utf-8")
    chosen = {"tiebreaks": "WIN", "tiebreak_rules": "2026", "order": "order.txt", "lots": "1"}
    _, after = same_as_rate(
        tmp_path, SWISS5, chosen,
        ("--tiebreaks", "WIN", "--tiebreak-rules", "2026", "--order", "order.txt", "--lots",
         "1"), "--order", str(order))
    assert [after[i]["rank"] for i in ("16", "4", "3", "1")] == [2, 3, 4, 5]


def test_a_final_order_is_a_file_given_or_dropped_never_a_path(tmp_path: Path) -> None:
    order = tmp_path / "elsewhere" / "order.txt"
    order.parent.mkdir()
    order.write_text("4\n3\n", encoding="utf-8")
    refused = ("order: not a final order of the desk; found {!r}, expected a final order "
               "given with 'serve --order' or dropped on the page")
    with desk_server(str(SWISS5), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        chosen = {"tiebreaks": "WIN", "tiebreak_rules": "2026", "lots": "1"}
        form = form_of(get.get("/e/1/").text)
        for path in (str(order), "elsewhere/order.txt", "order.txt"):
            answer = get.post("/e/1/options", data={**form, **chosen, "order": path})
            assert (answer.status_code, answer.text) == (400, refused.format(path))
        dropped = get.post("/open", params={"name": "final-order.txt", "kind": "order",
                                            "event": "1"}, content=order.read_bytes())
        assert dropped.json() == {"url": "/e/1/"}
        page = get.get("/e/1/").text
        assert '<option selected>final-order.txt</option>' in page
        # Chosen for the event, the dropped order places 4 before 3 (with lots seed 1).
        assert get.post("/e/1/options", data={**form_of(page), **chosen}).status_code == 303
        ranks = by_id(page_figures(get.get("/e/1/").text))
        assert [ranks[i]["rank"] for i in ("4", "3", "1")] == [3, 4, 5]
    assert [p.name for p in (tmp_path / "work" / "dropped").iterdir()] == ["final-order.txt"]


def test_wrong_values_are_said_as_rate_says_them(tmp_path: Path) -> None:
    # A date, a rating and a seed that are none: every one said at once, as 'rate' names
    # its options, in the page's language; the last good standings stay.
    with desk_server(str(SWISS5), "--work-dir", "work", "--lang", "vi",
                     cwd=tmp_path) as (url, _), httpx.Client(base_url=url, timeout=30) as get:
        page = get.get("/e/1/").text
        good = page_figures(page)
        wrong = {"date": "3.5.2026", "unrated_rating": "4001", "lots": "x"}
        assert get.post("/e/1/options", data={**form_of(page), **wrong}).status_code == 303
        page = get.get("/e/1/").text
        assert problems(page) == [
            "--date: không phải ngày; thấy &#39;3.5.2026&#39;, cần YYYY-MM-DD",
            "--unrated-rating: không đọc được Elo; thấy &#39;4001&#39;, cần một số nguyên từ "
            "0 đến 4000",
            "--lots: hạt giống bốc thăm không hợp lệ; thấy &#39;x&#39;, cần một số nguyên, "
            "hoặc &#39;draw&#39; để bốc mới"]
        assert page_figures(page) == good


def _watching(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``tournament-elo watch ARGS`` running, and the lines it says as they come (those of
    standard error after ``! ``)."""
    watcher = subprocess.Popen([sys.executable, "-m", "tournament_elo", "watch", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=tmp_path)
    lines: list[str] = []

    def read(stream: Any, tag: str) -> None:
        for line in stream:
            lines.append(f"{tag}{line.rstrip()}")

    for stream, tag in ((watcher.stdout, ""), (watcher.stderr, "! ")):
        threading.Thread(target=read, args=(stream, tag), daemon=True).start()
    return watcher, lines


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + FOLLOW_TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_watch_takes_the_options_of_rate_and_keeps_a_drawn_seed(tmp_path: Path) -> None:
    # The Frome page dated 2012-06-01 (the 2009 edition: Murawski's K 15, 2323, as in
    # test_date) and ranked by WIN, then by lots drawn once: the report folder 'watch'
    # writes is byte for byte the one 'rate --out' writes with the seed it said, and
    # stays so when the file is written again.
    event = tmp_path / FROME.name
    event.write_bytes(FROME.read_bytes())
    options = ("--date", "2012-06-01", "--tiebreaks", "WIN")
    watcher, lines = _watching(tmp_path, str(event), "--out", "live", *options, "--lots",
                               "draw")
    try:
        _until(lambda: any(line.startswith("wrote") for line in lines))
        said = re.fullmatch(r"! lots drawn with seed (\d+) \(--lots \1 draws the same again\)",
                            lines[0])
        assert said, lines
        seed = said.group(1)
        assert lines[1:] == ["wrote 9 files to live (after round 5)"]
        done = run_cli("rate", str(event), *options, "--lots", seed, "--out", "ref",
                       cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert _files(tmp_path / "live") == _files(tmp_path / "ref")
        result = json.loads((tmp_path / "live" / "result.json").read_text(encoding="utf-8"))
        murawski = next(p for p in result["players"] if p["id"] == 3)
        assert (murawski["k"], murawski["new_rating"]) == (15, 2323)
        assert result["event"]["lots_seed"] == int(seed)
        rewrite_until(event, FROME.read_bytes(), lambda: len(lines) == 3)
        assert lines[2] == "wrote 9 files to live (after round 5)"
        assert _files(tmp_path / "live") == _files(tmp_path / "ref")  # the same lots
    finally:
        watcher.terminate()
        watcher.wait(10)


def test_watch_refuses_a_wrong_option_before_it_watches(tmp_path: Path) -> None:
    done = run_cli("watch", str(SWISS5), "--out", "live", "--date", "3.5.2026", "--lots", "x",
                   cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        "error: --date: not a date; found '3.5.2026', expected YYYY-MM-DD",
        "error: --lots: bad seed of the drawing of lots; found 'x', expected a whole number, "
        "or 'draw' for a new one"]
    assert not (tmp_path / "live").exists()
