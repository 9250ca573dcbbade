"""The arbiter's desk over HTTP, as a browser or a screen in the hall reaches it: ``serve``
on an ephemeral loopback port (stopped by each test), and ``watch``.  Every wait has a
timeout: a test never hangs and never leaves a server running."""

from __future__ import annotations

import asyncio
import io
import json
import re
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar
from xml.etree import ElementTree

import httpx
import psutil
import pytest
from desk_server import GROS, desk_server, rewrite_until, with_round_5
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import DATA, run_cli
from tournament_elo.desk.state import DROPPED, Desk

T = TypeVar("T")
#: The longest a test waits for the page to follow the file (seconds): a guard against a
#: hang, not a measure (the desk follows within a second; a busy machine may take more).
FOLLOW_TIMEOUT = 120


def _copy(tmp_path: Path, source: Path = GROS, name: str = "gros.trf") -> Path:
    target = tmp_path / name
    target.write_bytes(source.read_bytes())
    return target


def _rows(html: str, table: str) -> list[str]:
    """The text of each body row of the table of class ``table``, cells joined by | (the
    empty cell of a round not played yet too)."""
    body = html.split(f'<table class="{table}', 1)[1].split("<tbody>", 1)[1]
    body = body.split("</tbody>", 1)[0]
    # A cell runs to the next cell's start (the crosstable leaves its end tags out).
    return ["|".join(re.sub(r"<[^>]+>", "", cell).strip()
                     for cell in re.split(r"<td[^>]*>", row)[1:])
            for row in body.split("</tr>") if "<td" in row]


def _wait_for(get: httpx.Client, url: str, text: str) -> str:
    deadline = time.monotonic() + FOLLOW_TIMEOUT
    while time.monotonic() < deadline:
        page = get.get(url).text
        if text in page:
            return page
        time.sleep(0.05)
    raise AssertionError(f"{text!r} never appeared at {url}")


def test_standings_live_rating_player_page_and_downloads(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        assert get.get("/").headers["location"] == "/e/1/"
        page = get.get("/e/1/").text
        assert "Standings after round 4" in page
        standings = _rows(page, "crosstable")
        assert len(standings) == 52  # every player of the Gros open
        # Rank 1 Mirzoev (no. 1, 2527): 4 points, BH/C1 8, BH 10, SB 10 (tie-breaks with
        # their published decimals: BH to tenths, SB to hundredths), K 10, +3.8
        # (10 × (4 − 3.62)), new rating 2531, Rp 2806: the figures of 'rate'.
        assert standings[0] == ("1|1|GM|Mirzoev Azer|2527|AZE|26w1|13b1|8w1|4b1||4|8.0|10.0|"
                                "10.00|10|+3.8|2531|2806")
        live = {row.split("|")[0]: row.split("|") for row in _rows(page, "eventreport live")}
        # Segovia (12): 3 rated games, W 2, We 2.11: he needs 2½ to keep 1983 (We up to
        # the half point), ½ more than he has; Darrigues (10): W 2, We 2.65 needs 3, 1 to
        # come.
        assert live["12"][-2:] == ["2½", "½"] and live["12"][3:5] == ["3", "2"]  # 3 games, W 2
        assert live["10"][-2:] == ["3", "1"]
        assert live["1"][-2:] == ["4", "0"]  # Mirzoev: 4 of 4, We 3.62 needs 4: none to come
        assert "Iglesias Gonzalez Veronica" in page.split('id="norms"')[1]  # WIM in reach
        # Her page: her games are drawn by the page's script (test_desk_browser.py).
        player = get.get("/e/1/p/p-23").text
        assert re.findall(r'<p class="norm">(.+?)</p>', player) == [
            "<b>WIM</b> · needs 4 from the 5 rounds to come, against opponents rated 2176 on "
            "average"]  # as test_live_round.py derives it by hand
        reports = zipfile.ZipFile(io.BytesIO(get.get("/e/1/report.zip").content))
        assert {"report.html", "report.xlsx", "players.csv", "result.json"} <= set(
            reports.namelist())
        result = json.loads(reports.read("result.json"))
        assert result["players"][0]["new_rating"] == 2531
        trf = get.get("/e/1/event.trf")
        assert trf.headers["content-disposition"] == 'attachment; filename="gros-submission.trf"'
        (tmp_path / "sent.trf").write_bytes(trf.content)
    # The TRF for submission rates as the file does.
    again = run_cli("rate", "sent.trf", "--format", "json", cwd=tmp_path)
    assert json.loads(again.stdout)["players"][0]["new_rating"] == 2531


def test_the_page_follows_the_file_and_keeps_the_last_good_state(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        versions: list[str] = []

        def listen() -> None:
            with get.stream("GET", "/e/1/stream", timeout=FOLLOW_TIMEOUT) as stream:
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        versions.append(line[6:])
                    if len(versions) == 4:
                        return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        _wait_until(lambda: versions == ["1"])
        assert 'id="next-round"' not in get.get("/e/1/").text  # no round 5 pairings yet
        event.write_text(with_round_5(GROS.read_text(), results=False), encoding="utf-8")
        _wait_until(lambda: len(versions) == 2)
        page = get.get("/e/1/").text
        assert "Standings after round 4" in page and "Pairings of round 5" in page
        boards = _rows(page, "pairs next")
        assert len(boards) == 26  # 52 players, two by two
        # Board 1: the two leaders on 4 points, the higher rating first (JaVaFo's order
        # of boards is the report's: points, then rating).
        assert boards[0] == "1|Mirzoev Azer (1)|4|Argandona Riveiro Inigo (2)|4"
        assert re.findall(r'<p class="next-game">([^<]+)</p>', get.get("/e/1/p/p-2").text) == [
            "Pairings of round 5: Mirzoev Azer (1) – Argandona Riveiro Inigo (2)"]
        event.write_text(with_round_5(GROS.read_text()), encoding="utf-8")
        _wait_until(lambda: len(versions) == 3)
        page = get.get("/e/1/", headers={"X-Desk-Fragment": "1"}).text
        assert "<nav" not in page  # the part that changes, not the whole page
        # Argandona won round 5 against Mirzoev with black: 5 points, alone at the top.
        assert _rows(page, "crosstable")[0].startswith("1|2|IM|Argandona Riveiro Inigo")
        assert "Standings after round 5" in page and 'id="next-round"' not in page
        event.write_text("012 Open\n001    1 m    Broken line\n", encoding="utf-8")
        _wait_until(lambda: len(versions) == 4)
        listener.join(FOLLOW_TIMEOUT)
        page = get.get("/e/1/").text
        problems = re.findall(r"<li>([^<]*line 2[^<]*)</li>", page)
        cli = run_cli("rate", str(event), cwd=tmp_path)
        assert cli.returncode == 2
        # The same located message as the command line's, without its "error: ".
        assert problems == [line.removeprefix("error: ") for line in cli.stderr.splitlines()]
        assert problems[0].startswith(f"{event}, line 2: truncated player record")
        assert "Standings after round 5" in page  # the last good state stays
        assert _rows(page, "crosstable")[0].startswith("1|2|IM|Argandona Riveiro Inigo")


def _wait_until(condition: object) -> None:
    deadline = time.monotonic() + FOLLOW_TIMEOUT
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_options_are_chosen_on_the_page_and_kept_per_event(tmp_path: Path) -> None:
    gros, capo = _copy(tmp_path), _copy(tmp_path, DATA / "javafo_aum_capo_dorso_2012_final.trf",
                                        "capo.trf")
    form = {"system": "fide-2024", "tiebreaks": "BH SB", "tiebreak_rules": "2024",
            "ratings": "", "round": "3", "lang": "vi"}
    with desk_server(str(gros), str(capo), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        assert get.post("/e/1/options", data=form).headers["location"] == "/e/1/"
    with desk_server(str(gros), str(capo), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        page = get.get("/e/1/").text
        assert '<html lang="vi">' in page and "Bảng xếp hạng sau vòng 3" in page
        assert "fide-2024" in page and '<option selected>2024</option>' in page
        heads = re.findall(r'<th class="num tb"[^>]*>([^<]+)</th>', page)
        assert heads == ["BH", "SB"]
        other = get.get("/e/2/").text  # the other event keeps its own options
        assert '<html lang="en">' in other and "Standings after round 9" in other
        saved = json.loads((tmp_path / "work" / "settings.json").read_text(encoding="utf-8"))
        # The fields the form left out keep rate's defaults.
        assert saved == {str(gros.resolve()): {
            **form, "round": 3, "date": "", "lots": "", "order": "", "norm_event": "",
            "unrated_rating": "", "unrated_opponents": "", "average_rule": "plain",
            "settings": {}, "prizes": ""}}
        # A code C.07 does not have: said as 'rate --tiebreaks XX' says it, in Vietnamese;
        # the standings under the options before stay shown.
        get.post("/e/1/options", data={**form, "tiebreaks": "XX"})
        page = get.get("/e/1/").text
        assert re.findall(r"<li>(--tiebreaks: [^<]*)</li>", page)[0].startswith(
            "--tiebreaks: mã hệ số phụ không rõ; thấy &#39;XX&#39;, cần các mã C.07: BH, FB")
        assert "Bảng xếp hạng sau vòng 3" in page
        get.post("/e/1/options", data={**form, "tiebreaks": ""})  # emptied: the usual ones
        heads = re.findall(r'<th class="num tb"[^>]*>([^<]+)</th>', get.get("/e/1/").text)
        assert heads == ["BH/C1", "BH", "SB"]


def test_dropped_files_are_kept_apart_size_limited_and_never_written_over(
        tmp_path: Path) -> None:
    event = _copy(tmp_path)
    work = tmp_path / "work"
    with desk_server(str(event), "--work-dir", str(work), "--max-upload", "1",
                     cwd=tmp_path) as (url, _), httpx.Client(base_url=url, timeout=30) as get:
        data = GROS.read_bytes()
        climbing = "/".join(["..", "..", "gros.trf"])  # a name that climbs stays in dropped/
        first = get.post("/open", params={"name": climbing, "kind": "event"}, content=data)
        second = get.post("/open", params={"name": "gros.trf", "kind": "event"}, content=data)
        assert (first.json(), second.json()) == ({"url": "/e/2/"}, {"url": "/e/3/"})
        big = get.post("/open", params={"name": "big.trf"}, content=b"0" * (1024 * 1024 + 1))
        assert big.status_code == 413
        assert big.json() == {"error": "the file is larger than the upload limit (1 MB)"}
        # Another site's page in the arbiter's browser cannot post to the desk, nor reach
        # it under another name (DNS rebinding).
        other = get.post("/open", params={"name": "x.trf"}, content=data,
                         headers={"Origin": "http://example.com"})
        assert other.status_code == 403
        assert get.get("/e/1/", headers={"Host": "example.com"}).status_code == 400
    assert sorted(p.name for p in (work / "dropped").iterdir()) == ["gros-2.trf", "gros.trf"]
    assert event.read_bytes() == GROS.read_bytes()  # the user's file is untouched


#: A system given to the desk, and Mirzoev's (no. 1, 2527) rating under it after round 4:
#: K 24, divisor 480, against 1743, 1973, 2087 and 2222 (his opponents of rounds 1-4),
#: We = 0.97727 + 0.93446 + 0.89193 + 0.81203 = 3.61569, 4 points: 24 × 0.38431 = +9.2,
#: 2536 in whole numbers.  Under fide (the default) he ends on 2531.
CLUB = DATA / "club-k24.toml"


def _mirzoev(page: str) -> str:
    return next(r for r in _rows(page, "crosstable") if "|Mirzoev Azer|" in r)


def test_the_options_name_a_system_or_a_list_the_desk_was_given_never_a_path(
        tmp_path: Path) -> None:
    event = _copy(tmp_path)
    club = _copy(tmp_path, CLUB, "club-k24.toml")
    stray = tmp_path / "elsewhere" / "x.toml"  # a path the desk was not given
    stray.parent.mkdir()
    settings_file = tmp_path / "work" / "settings.json"
    form = {"system": "fide-2024", "tiebreaks": "", "tiebreak_rules": "", "ratings": "",
            "round": "0", "lang": "en"}
    refused = ("system: not a rating system of the desk; found {!r}, expected a system of "
               "'tournament-elo systems', or a definition file given with 'serve --system' "
               "or dropped on the page")
    with desk_server(str(event), "--system", str(club), "--work-dir", "work",
                     cwd=tmp_path) as (url, _), httpx.Client(base_url=url, timeout=30) as get:
        assert "<option>club-k24.toml</option>" in get.get("/e/1/").text  # by its name
        assert get.post("/e/1/options", data=form).status_code == 303
        saved = settings_file.read_bytes()
        missing = get.post("/e/1/options", data={**form, "system": str(stray)})
        stray.write_bytes(CLUB.read_bytes())  # now a good definition is at that path
        present = get.post("/e/1/options", data={**form, "system": str(stray)})
        # The same answer whether the file is there or not: nothing is read, nothing kept.
        assert (missing.status_code, missing.text) == (400, refused.format(str(stray)))
        assert (present.status_code, present.text) == (missing.status_code, missing.text)
        for path in ("../elsewhere/x.toml", str(club), "/etc/hostname.toml"):
            # The given file's own path is no name of it either: the page names it.
            answer = get.post("/e/1/options", data={**form, "system": path})
            assert (answer.status_code, answer.text) == (400, refused.format(path))
        answer = get.post("/e/1/options", data={**form, "ratings": str(club), "lang": "vi"})
        assert (answer.status_code, answer.text) == (400, (
            f"ratings: không phải danh sách hệ số của bàn trọng tài; thấy {str(club)!r}, cần "
            "một danh sách hệ số đưa vào bằng 'serve --ratings' hay thả vào trang"))
        assert settings_file.read_bytes() == saved
        page = get.get("/e/1/").text
        assert '<html lang="en">' in page and _mirzoev(page).endswith("|2531|2806")
        assert get.post("/e/1/options", data={**form, "system": "club-k24.toml"}
                        ).status_code == 303
        assert _mirzoev(get.get("/e/1/").text).endswith("|2536")
    assert json.loads(settings_file.read_text(encoding="utf-8"))[str(event.resolve())][
        "system"] == "club-k24.toml"
    # A settings file naming a path (written by hand, or by an older desk) reads nothing
    # either: the event says why it is not rated, and the page offers the systems.
    settings_file.write_text(json.dumps({str(event.resolve()): {"system": str(stray)}}),
                             encoding="utf-8")
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        page = get.get("/e/1/").text
        assert re.findall(r"<li>(system: [^<]*)</li>", page) == [
            refused.format(str(stray)).replace("'", "&#39;")]
        assert "Nothing to show until the file can be read." in page


def test_serve_takes_only_definition_files_for_its_systems(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    done = run_cli("serve", str(event), "--system", str(event), "--lang", "vi", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        f"lỗi: giá trị không hợp lệ cho '--system': {event}: không phải tệp định nghĩa hệ "
        "(.toml)")


def test_a_system_dropped_on_the_page_rates_the_event(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        as_event = get.post("/open", params={"name": "club-k24.toml", "kind": "event"},
                            content=CLUB.read_bytes())
        assert (as_event.status_code, as_event.json()) == (400, {
            "error": "a dropped file is an event, a rating list, a rating system (.toml), a "
                     "final order or a prize table"})
        dropped = get.post("/open", params={"name": "club-k24.toml", "kind": "system",
                                            "event": "1"}, content=CLUB.read_bytes())
        assert dropped.json() == {"url": "/e/1/"}
        page = get.get("/e/1/").text
        assert "<option selected>club-k24.toml</option>" in page
        assert _mirzoev(page).endswith("|2536")
    assert sorted(p.name for p in (tmp_path / "work" / "dropped").iterdir()) == [
        "club-k24.toml"]


def test_a_thousand_dropped_files_stop_at_the_bound(tmp_path: Path) -> None:
    # The desk takes 100 dropped files while it runs (serve --max-dropped): the 101st
    # and every one after it are refused, and none of them leaves a file.
    event = _copy(tmp_path)
    dropped = tmp_path / "work" / DROPPED
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, server), \
            httpx.Client(base_url=url, timeout=30) as get:
        answers = [get.post("/open", params={"name": f"list-{n}.csv", "kind": "ratings"},
                            content=f"id,name,rating\n{n},Player {n},2000\n".encode())
                   for n in range(1000)]
        assert [a.status_code for a in answers] == [200] * 100 + [429] * 900
        assert {a.json()["url"] for a in answers[:100]} == {"/"}
        assert {a.json()["error"] for a in answers[100:]} == {
            "the desk takes 100 dropped files while it runs (serve --max-dropped): this one "
            "and the next are not kept; give them on the command line"}
        assert server.poll() is None
    kept = sorted(dropped.iterdir(), key=lambda p: int(p.stem.split("-")[1]))
    assert [p.name for p in kept] == [f"list-{n}.csv" for n in range(100)]
    assert kept[99].read_text() == "id,name,rating\n99,Player 99,2000\n"


def _chunks(size: int, chunk: int = 64 * 1024) -> Iterator[bytes]:
    """``size`` bytes in pieces: sent without a declared length (chunked), so the desk
    counts them as they come."""
    for start in range(0, size, chunk):
        yield b"0" * min(chunk, size - start)


def test_dropped_files_past_the_size_bounds_leave_nothing_on_disk(tmp_path: Path) -> None:
    # --max-upload 1: a file of 1 MB at most, 10 MB of dropped files in all.
    event = _copy(tmp_path)
    dropped = tmp_path / "work" / DROPPED
    mb = 1024 * 1024
    with desk_server(str(event), "--work-dir", "work", "--max-upload", "1",
                     cwd=tmp_path) as (url, _), httpx.Client(base_url=url, timeout=30) as get:

        def drop(name: str, content: Any) -> httpx.Response:
            return get.post("/open", params={"name": name, "kind": "ratings"},
                            content=content)

        big = drop("big.csv", _chunks(mb + 1))  # one byte over, said only by its bytes
        assert (big.status_code, big.json()) == (413, {
            "error": "the file is larger than the upload limit (1 MB)"})
        assert not dropped.exists() or list(dropped.iterdir()) == []
        assert [drop(f"full-{n}.csv", b"0" * mb).status_code for n in range(10)] == [200] * 10
        too_much = {"error": "the dropped files would weigh more than 10 MB together (ten "
                             "times serve --max-upload): this one is not kept"}
        declared = drop("declared.csv", b"0")
        streamed = drop("streamed.csv", _chunks(1))
        assert (declared.status_code, declared.json()) == (413, too_much)
        assert (streamed.status_code, streamed.json()) == (413, too_much)
    assert sorted(p.name for p in dropped.iterdir()) == sorted(
        f"full-{n}.csv" for n in range(10))
    assert {p.stat().st_size for p in dropped.iterdir()} == {mb}


def test_a_dropped_file_goes_to_disk_as_it_comes(tmp_path: Path) -> None:
    """A 19 MB file (under the 20 MB bound) is written as it comes: the server's memory at
    its highest while it takes the file is less than 8 MB over what it was before (held
    whole, it would be 19 MB over)."""
    event = _copy(tmp_path)
    size = 19 * 1024 * 1024
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, server), \
            httpx.Client(base_url=url, timeout=60) as get:
        # A first drop starts what every drop uses (the worker threads, the file's opening).
        warm = get.post("/open", params={"name": "warm.csv", "kind": "ratings"}, content=b"0")
        assert warm.status_code == 200
        # Linux's highest resident size (VmHWM) starts again from the present one.
        Path(f"/proc/{server.pid}/clear_refs").write_text("5")
        before = psutil.Process(server.pid).memory_info().rss
        big = get.post("/open", params={"name": "big.csv", "kind": "ratings"},
                       content=b"0" * size)
        assert big.status_code == 200
        status = Path(f"/proc/{server.pid}/status").read_text()
        highest = int(re.findall(r"VmHWM:\s+(\d+) kB", status)[0]) * 1024
    assert (tmp_path / "work" / DROPPED / "big.csv").stat().st_size == size
    assert highest - before < 8 * 1024 * 1024, (before, highest)


def test_every_page_has_its_icon(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    for host in ("127.0.0.1", "0.0.0.0"):  # the arbiter's desk, and the hall's screens
        with desk_server(str(event), "--work-dir", "work", "--host", host,
                         cwd=tmp_path) as (url, _), \
                httpx.Client(base_url=url.replace("0.0.0.0", "127.0.0.1"), timeout=30) as get:
            for path in ("/e/1/", "/e/1/wall"):
                links = re.findall(r'<link rel="icon" href="([^"]+)"', get.get(path).text)
                assert links == ["/favicon.ico"], path
            icon = get.get("/favicon.ico")
            assert (icon.status_code, icon.headers["content-type"]) == (200, "image/svg+xml")
            assert ElementTree.fromstring(icon.content).tag == "{http://www.w3.org/2000/svg}svg"


def test_a_rating_list_dropped_on_the_page_rates_the_event(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        line = next(r for r in _rows(get.get("/e/1/").text, "crosstable") if "|6||" in r)
        assert line.startswith("3|6||Gorrochategui Torres, Eugenio||ESP|")  # unrated
        listed = get.post("/open", params={"name": "list.csv", "kind": "ratings", "event": "1"},
                          content=b'id,name,rating\n6,"Gorrochategui Torres, Eugenio",2100\n')
        assert listed.json() == {"url": "/e/1/"}
        page = get.get("/e/1/").text
        assert '<option selected>list.csv</option>' in page
        # Rated 2100 by the list: 3½ of 4 against We 2.68 with K 15 is +12.3, 2112.
        line = next(r for r in _rows(page, "crosstable") if "|6||" in r)
        assert line.endswith("|3½|9.0|10.5|8.75|15|+12.3|2112|2265")


#: The Prize Open 2025 and its prizes (tests/cli/test_prize_list.py derives the winners).
PRIZE_OPEN = DATA / "prizes" / "prize_open_30.trf"


def test_the_desk_shows_the_prize_list_of_the_table_chosen(tmp_path: Path) -> None:
    event = _copy(tmp_path, PRIZE_OPEN, "open.trf")
    table = _copy(tmp_path, DATA / "prizes" / "prizes_open.toml", "prizes.toml")
    with desk_server(str(event), "--prizes", str(table), "--work-dir", "work",
                     cwd=tmp_path) as (url, _), httpx.Client(base_url=url, timeout=30) as get:
        page = get.get("/e/1/").text
        assert "<option selected>prizes.toml</option>" in page  # the first is chosen
        rows = _rows(page, "prizelist")
        # By the tie-breaks: 1st to no. 1 (and a cup), 3rd to no. 14 (also U16), the U16
        # prize to no. 3 (rank 6: it is worth more than the 6th's), the 6th's to no. 8.
        assert rows[0] == "1st|Cup|1 000|1|Horvath, Carlos|5|"
        assert rows[2] == "3rd||400|14|Lindqvist, Tuan|4|"
        assert rows[5:7] == ["6th||100|8|Zhang, Wei|3|", "Best U16||150|3|Ivanov, Pavel|3½|"]
        assert 'href="/e/1/p/p-14"' in page.split('class="prizelist"', 1)[1]
        assert "Zhang, Wei" in _rows(get.get("/e/1/print").text, "prizelist")[5]
        # A dropped table with the prizes shared: chosen for the page's event.
        shared = table.read_text(encoding="utf-8").replace('"tiebreak"', '"split"')
        dropped = get.post("/open", params={"name": "prizes-split.toml", "kind": "prizes",
                                            "event": "1"}, content=shared.encode())
        assert dropped.json() == {"url": "/e/1/"}
        page = get.get("/e/1/").text
        assert "<option selected>prizes-split.toml</option>" in page
        assert _rows(page, "prizelist")[1] == \
            "2nd||500|2|Pham, Duc Anh|4|Lindqvist, Tuan (14)"
        # No table: no prize list.
        form = {"system": "fide", "prizes": "", "lang": "en", "round": "0"}
        assert get.post("/e/1/options", data=form).status_code == 303
        assert 'class="prizelist"' not in get.get("/e/1/").text
        refused = get.post("/e/1/options", data={**form, "prizes": str(table)})
        assert (refused.status_code, refused.text) == (400, (
            f"prizes: not a prize table of the desk; found {str(table)!r}, expected a prize "
            "table given with 'serve --prizes' or dropped on the page"))


def test_a_server_on_the_network_serves_the_wall_and_standings_read_only(
        tmp_path: Path) -> None:
    event = _copy(tmp_path)
    with desk_server(str(event), "--work-dir", "work", "--host", "0.0.0.0",
                     cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url.replace("0.0.0.0", "127.0.0.1"), timeout=30) as get:
        page = get.get("/e/1/").text
        assert "Read-only" in page and "<form" not in page and 'type="file"' not in page
        assert "/p/p-" not in page  # no links to the players' pages, which are not served
        assert get.get("/e/1/wall").status_code == 200
        for path in ("/e/1/p/p-1", "/e/1/report.zip", "/e/1/event.trf", "/e/1/print"):
            assert get.get(path).status_code == 403, path
        assert get.post("/open", content=b"x").status_code == 403
        assert get.post("/e/1/options", data={"lang": "vi"}).status_code == 403
    log = (tmp_path / "serve.log").read_text()
    assert log.startswith("warning: --host 0.0.0.0 serves the desk to the network: only the "
                          "wall and the standings are shown there, read-only")


def test_in_vietnamese_without_an_event_and_with_a_missing_one(tmp_path: Path) -> None:
    with desk_server("--work-dir", "work", "--host", "0.0.0.0", "--lang", "vi",
                     cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url.replace("0.0.0.0", "127.0.0.1"), timeout=30) as get:
        page = get.get("/").text
        assert '<html lang="vi">' in page and "Chưa mở giải nào." in page
    assert (tmp_path / "serve.log").read_text().splitlines()[0] == (
        "cảnh báo: --host 0.0.0.0 phục vụ bàn trọng tài ra mạng: ở đó chỉ hiển thị màn hình "
        "treo và bảng xếp hạng, chỉ xem")
    done = run_cli("serve", "missing.trf", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        "Error: Invalid value for '[EVENT|FOLDER]...': Path 'missing.trf' does not exist.")


def test_a_folder_opens_its_events_side_by_side(tmp_path: Path) -> None:
    folder = tmp_path / "events"
    folder.mkdir()
    _copy(folder, GROS, "a-gros.trf")
    _copy(folder, DATA / "held_c07_swiss5.trf", "b-swiss.trf")
    (folder / "notes.md").write_text("not an event")
    with desk_server(str(folder), "--work-dir", "work", cwd=tmp_path) as (url, _), \
            httpx.Client(base_url=url, timeout=30) as get:
        nav = get.get("/e/2/").text.split("</nav>")[0]
        assert re.findall(r'<a href="/e/(\d)/"[^>]*>([^<]+)</a>', nav) == [
            ("1", "XX Open Internacional de Gros"), ("2", "FIDE C.07 2023 Tie-Break Exercises")]
        assert get.get("/e/3/").status_code == 404


def test_watch_rewrites_the_report_folder_when_the_file_changes(tmp_path: Path) -> None:
    event = _copy(tmp_path)
    watcher = subprocess.Popen(
        [sys.executable, "-m", "tournament_elo", "watch", str(event), "--out", "live"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    lines: list[str] = []

    def read(stream: object, tag: str) -> None:
        for line in stream:  # type: ignore[attr-defined]
            lines.append(f"{tag}{line.rstrip()}")

    readers = [threading.Thread(target=read, args=(watcher.stdout, ""), daemon=True),
               threading.Thread(target=read, args=(watcher.stderr, "! "), daemon=True)]
    for reader in readers:
        reader.start()
    result = tmp_path / "live" / "result.json"
    try:
        _wait_until(lambda: len(lines) == 1)
        assert lines == ["wrote 10 files to live (after round 4)"]
        assert json.loads(result.read_text())["players"][0]["new_rating"] == 2531
        # The watching begins after the first set is written, and a change made before it
        # is not seen: the file is written again each second until the change is seen.
        round_5 = "wrote 10 files to live (after round 5)"
        rewrite_until(event, with_round_5(GROS.read_text()).encode(), lambda: round_5 in lines)
        assert set(lines[1:]) == {round_5}
        leader = json.loads(result.read_text())["players"][0]  # in standings order
        assert (leader["id"], leader["points"], leader["rank"]) == (2, 5, 1)
        event.write_text("012 Open\n001    1 m    Broken line\n", encoding="utf-8")
        _wait_until(lambda: lines[-1].startswith("! "))
        assert lines[-1] == (f"! error: {event.resolve()}, line 2: truncated player record; "
                             "found 25 characters, expected at least 84 (through the points "
                             "column, 81-84)")
        assert json.loads(result.read_text())["players"][0]["points"] == 5  # kept
    finally:
        watcher.terminate()
        watcher.wait(10)


def test_twenty_wall_viewers_follow_fifty_rewrites(tmp_path: Path) -> None:
    """The hall's screens: 20 viewers of the wall while the file is rewritten 50 times
    (round 4 and round 5 in turn, round 5 last).  Every viewer ends on round 5, no answer
    is an error, and the server's memory after the second 25 rewrites is within 25 MB of
    what it was after the first 25 (the views of old versions are not kept)."""
    event = _copy(tmp_path)
    rounds = (GROS.read_text(), with_round_5(GROS.read_text()))
    with desk_server(str(event), "--work-dir", "work", cwd=tmp_path) as (url, server):
        memory = _in_a_thread_of_its_own(_viewers(url, event, rounds,
                                                  psutil.Process(server.pid)))
    assert memory[1] - memory[0] < 25 * 1024 * 1024, memory


def _in_a_thread_of_its_own(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(work)`` in a new thread: the browser tests' Playwright keeps an event
    loop running in the main thread of the session."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(asyncio.run(work))
        except BaseException as exc:
            failed.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(4 * FOLLOW_TIMEOUT)
    if failed:
        raise failed[0]
    assert done, "the viewers did not finish"
    return done[0]


async def _viewers(url: str, event: Path, rounds: tuple[str, str],
                   server: psutil.Process) -> tuple[int, int]:
    statuses: list[int] = []
    seen: dict[int, tuple[int, str]] = {}  # viewer → the version and wall it shows
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=url, timeout=FOLLOW_TIMEOUT, limits=limits) as http:

        async def viewer(n: int) -> None:
            async with http.stream("GET", "/e/1/stream") as stream:
                statuses.append(stream.status_code)
                async for line in stream.aiter_lines():
                    if line.startswith("data: "):
                        page = await http.get("/e/1/wall", headers={"X-Desk-Fragment": "1"})
                        statuses.append(page.status_code)
                        seen[n] = (int(page.headers["x-desk-version"]), page.text)

        viewers = [asyncio.create_task(viewer(n)) for n in range(20)]
        await _until(lambda: len(seen) == 20)
        memory = []
        for k in range(50):
            event.write_text(rounds[k % 2], encoding="utf-8")
            await asyncio.sleep(0.03)
            if k in (24, 49):
                memory.append(server.memory_info().rss)
        final = await _settled(http)
        await _until(lambda: all(version == final for version, _ in seen.values()))
        for task in viewers:
            task.cancel()
        await asyncio.gather(*viewers, return_exceptions=True)
    assert set(statuses) == {200}
    for _, page in seen.values():
        assert 'data-round="5"' in page
        assert re.search(r'<tr data-id="2"><td class="num">1</td>', page)  # Argandona first
    return memory[0], memory[1]


async def _until(condition: object) -> None:
    deadline = time.monotonic() + FOLLOW_TIMEOUT
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def _settled(http: httpx.AsyncClient) -> int:
    """The event's version once the file has stopped changing (the same for 0.5 s)."""
    versions: list[int] = []
    while len(versions) < 10 or len(set(versions[-10:])) > 1:
        page = await http.get("/e/1/wall", headers={"X-Desk-Fragment": "1"})
        versions.append(int(page.headers["x-desk-version"]))
        await asyncio.sleep(0.05)
    return versions[-1]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.text(min_size=0, max_size=40), min_size=1, max_size=6))
def test_a_dropped_file_stays_in_the_work_folder_and_overwrites_nothing(
        tmp_path_factory: pytest.TempPathFactory, names: list[str]) -> None:
    # Whatever the browser says a file is called (folders, "..", NUL, nothing at all),
    # it is kept as a new file directly in dropped/, with the bytes that came.
    work = tmp_path_factory.mktemp("work")
    desk = Desk(work, "en")
    kept = []
    for n, name in enumerate(names):
        path, out = desk.new_dropped(name)
        with out:
            out.write(f"file {n}".encode())
        kept.append(path)
    assert len(set(kept)) == len(kept)
    for n, path in enumerate(kept):
        assert path.parent == work / DROPPED and path.read_bytes() == f"file {n}".encode()
