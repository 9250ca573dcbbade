"""The database's faults as a user meets them: a full disk, a read-only medium, damaged
pages, another process holding the write lock, two imports at once.  Each ends in one
line naming the file and exit code 2, and nothing the user gave is lost."""

from __future__ import annotations

import os

from helpers import run_cli


def test_a_list_written_to_a_full_disk_says_so_and_leaves_everything(small_db, tmp_path):
    out = tmp_path / "list.csv"
    out.symlink_to("/dev/full")  # every write: ENOSPC, as on a full disk
    done = run_cli("db", "ratings", "--db", str(small_db / "ratings.db"), "--format", "csv",
                   "-o", "list.csv", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: list.csv: cannot write the file: the disk is full (nothing was lost: a file "
        "already there is left as it was); found No space left on device, expected free "
        "space on the disk\n")
    # The link was written through, not replaced by a file; nothing was left beside it.
    assert os.readlink(out) == "/dev/full"
    assert [p.name for p in tmp_path.iterdir()] == ["list.csv"]


def test_a_list_written_through_a_link_replaces_the_file_it_names(small_db, tmp_path):
    (tmp_path / "lists").mkdir()
    real = tmp_path / "lists" / "2025.csv"
    real.write_text("old\n", encoding="utf-8")
    (tmp_path / "latest.csv").symlink_to(real)
    done = run_cli("db", "ratings", "--db", str(small_db / "ratings.db"), "--format", "csv",
                   "-o", "latest.csv", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "wrote latest.csv\n")
    assert (tmp_path / "latest.csv").is_symlink()
    assert real.read_text(encoding="utf-8-sig").startswith("id,fide_id,federation_id,name,")
    assert sorted(p.name for p in (tmp_path / "lists").iterdir()) == ["2025.csv"]
