"""Nothing the user gave is overwritten: no command writes over a file it read, or over a
file it did not write itself (the rule is :class:`tournament_elo.render.writers.OutputFolder`).
Each case runs the command line as a user would."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"
DATA = ROOT / "tests" / "data"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_elo", *args], cwd=cwd,
                          capture_output=True, text=True, check=False)


def _pair(folder: Path) -> tuple[Path, Path]:
    """The club's CSV pair copied into ``folder`` as games.csv and players.csv: the names
    the report set also uses."""
    games, players = folder / "games.csv", folder / "players.csv"
    shutil.copy(SAMPLES / "club_rapid-games.csv", games)
    shutil.copy(SAMPLES / "club_rapid-players.csv", players)
    return games, players


def test_the_report_set_never_replaces_the_event_it_read(tmp_path: Path) -> None:
    games, players = _pair(tmp_path)
    before = games.read_bytes(), players.read_bytes()
    done = run("rate", "games.csv", "--out", ".", cwd=tmp_path)
    assert done.returncode == 2
    # players.csv is the first of the report's files that is also an input (the warning
    # before it is the sample's dates, 08/03/2025, that read both ways).
    assert [line for line in done.stderr.splitlines() if line.startswith("error")] == [
        "error: players.csv: writing the reports would overwrite an input file; "
        "found the file the command reads, expected another output file or folder"]
    assert (games.read_bytes(), players.read_bytes()) == before  # nothing replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "players.csv"]


def test_an_input_named_like_a_report_is_never_replaced(tmp_path: Path) -> None:
    for name in ("report.xlsx", "report.html"):
        folder = tmp_path / name.replace(".", "-")
        folder.mkdir()
        source = SAMPLES / ("open_2025.xlsx" if name.endswith("xlsx") else "held_c07_swiss5.trf")
        shutil.copy(source, folder / name)
        done = run("rate", name, "--out", ".", cwd=folder)
        assert done.returncode == 2, done.stderr
        assert f"error: {name}: writing the reports would overwrite an input file" in done.stderr
        assert (folder / name).read_bytes() == source.read_bytes()


def test_a_file_of_the_users_is_never_replaced(tmp_path: Path) -> None:
    out = tmp_path / "report"
    out.mkdir()
    (out / "players.csv").write_text("my own notes\n")
    done = run("rate", str(SAMPLES / "held_c07_swiss5.trf"), "--out", str(out), cwd=tmp_path)
    assert done.returncode == 2
    assert "players.csv: writing the reports would overwrite a file this tool did not " \
        "write (or one changed since)" in done.stderr
    assert (out / "players.csv").read_text() == "my own notes\n"
    assert sorted(p.name for p in out.iterdir()) == ["players.csv"]  # checked before writing


def test_the_tools_own_report_is_replaced_unless_the_user_changed_it(tmp_path: Path) -> None:
    out = tmp_path / "report"
    event = str(SAMPLES / "held_c07_swiss5.trf")
    assert run("rate", event, "--out", str(out), cwd=tmp_path).returncode == 0
    again = run("rate", event, "--out", str(out), "--lang", "vi", cwd=tmp_path)
    assert again.returncode == 0, again.stderr  # the next round's run: its own files
    assert '<html lang="vi">' in (out / "report.html").read_text(encoding="utf-8")
    (out / "report.html").write_text("my edited copy")
    edited = run("rate", event, "--out", str(out), cwd=tmp_path)
    assert edited.returncode == 2
    assert "report.html: writing the reports would overwrite a file this tool did not " \
        "write (or one changed since)" in edited.stderr
    assert (out / "report.html").read_text() == "my edited copy"


def test_a_list_is_never_written_over_the_database_or_a_users_file(tmp_path: Path) -> None:
    trf = tmp_path / "event.trf"
    shutil.copy(DATA / "held_c07_swiss5.trf", trf)
    assert run("db", "import", "event.trf", cwd=tmp_path).returncode == 0
    assert run("db", "recompute", cwd=tmp_path).returncode == 0
    over_db = run("db", "ratings", "--format", "csv", "-o", "ratings.db", cwd=tmp_path)
    assert over_db.returncode == 2
    assert "ratings.db: writing the table would overwrite an input file" in over_db.stderr
    (tmp_path / "list.csv").write_text("mine\n")
    over_mine = run("db", "ratings", "--format", "csv", "-o", "list.csv", cwd=tmp_path)
    assert over_mine.returncode == 2
    assert "list.csv: writing the table would overwrite a file this tool did not write" \
        in over_mine.stderr
    assert (tmp_path / "list.csv").read_text() == "mine\n"
    fresh = run("db", "ratings", "--format", "csv", "-o", "new.csv", cwd=tmp_path)
    assert fresh.returncode == 0 and (tmp_path / "new.csv").read_text(encoding="utf-8-sig"
                                                                      ).startswith("id,")
    assert run("db", "ratings", "--format", "csv", "-o", "new.csv", cwd=tmp_path
               ).returncode == 0  # its own file again


def test_the_site_is_checked_whole_before_a_page_is_written(tmp_path: Path) -> None:
    shutil.copy(DATA / "held_c07_swiss5.trf", tmp_path / "event.trf")
    assert run("db", "import", "event.trf", cwd=tmp_path).returncode == 0
    assert run("db", "recompute", cwd=tmp_path).returncode == 0
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>our federation's own home page</p>")
    done = run("publish", "--out", "site", cwd=tmp_path)
    assert done.returncode == 2
    assert "site/index.html: writing the site would overwrite a file this tool did not write" \
        in done.stderr
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]
