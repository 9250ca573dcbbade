"""Every input is bounded before it is read (``tournament_elo.read.text``): a file that is
not a regular file is refused without a byte read, a regular file larger than the bound
is refused from its size, and standard input is read up to the bound and no further.

Each case runs the command in a new process, measured in CPU time and peak memory (what
a busy machine does not change), as an event and as ``--ratings``.
"""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import DATA, measured
from tournament_elo.cli.commands import main
from tournament_elo.read.text import read_bytes

EVENT = DATA / "held_c07_swiss5.trf"
#: A run that refuses its input costs what start-up costs: far under these.
MOST_KIB = 200 * 1024
MOST_CPU_SECONDS = 10
#: The bound by default: 256 MiB.
LIMIT = 268_435_456
#: Standard input past the bound, as a user's mistaken pipe gives it: 2 GiB.
STREAM_BYTES = 2 << 30

NOT_REGULAR = "this is not a regular file; found {}, expected a file (or - for standard input)"
TOO_LARGE = ("the input is larger than the limit; found {}, expected at most 256 MiB "
             "(--max-input-mb raises the limit)")


@pytest.fixture(scope="module")
def odd_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Links to the endless devices, a named pipe no one writes to, and a sparse file of
    1 GiB (its size is known without reading it; reading it would take 1 GiB)."""
    folder = tmp_path_factory.mktemp("odd")
    (folder / "zero.trf").symlink_to("/dev/zero")
    (folder / "urandom.trf").symlink_to("/dev/urandom")
    os.mkfifo(folder / "fifo.trf")
    with (folder / "sparse.trf").open("wb") as sparse:
        sparse.truncate(1 << 30)
    return folder


FILES = [
    ("zero.trf", NOT_REGULAR.format("a character device")),
    ("urandom.trf", NOT_REGULAR.format("a character device")),
    ("fifo.trf", NOT_REGULAR.format("a named pipe")),
    ("sparse.trf", TOO_LARGE.format("1,073,741,824 bytes")),
]


def _within_bounds(run: tuple[int, str, str, int, float], message: str) -> None:
    code, out, err, peak_kib, cpu = run
    assert (code, out, err) == (2, "", f"error: {message}\n")
    assert peak_kib < MOST_KIB, f"{peak_kib} KiB"
    assert cpu < MOST_CPU_SECONDS, f"{cpu:.1f} s of CPU"


@pytest.mark.parametrize(("name", "message"), FILES)
def test_an_odd_file_as_the_event_is_refused_unread(odd_files, name, message):
    _within_bounds(measured("rate", name, cwd=odd_files), f"{name}: {message}")


@pytest.mark.parametrize(("name", "message"), FILES)
def test_an_odd_file_as_the_rating_list_is_refused_unread(odd_files, name, message):
    _within_bounds(measured("rate", EVENT, "--ratings", name, cwd=odd_files),
                   f"{name}: {message}")


@pytest.fixture
def stream() -> Iterator[subprocess.Popen[bytes]]:
    """A pipe of 2 GiB of zero bytes, as ``head -c 2G /dev/zero |`` gives it."""
    writer = subprocess.Popen(["head", "-c", str(STREAM_BYTES), "/dev/zero"],
                              stdout=subprocess.PIPE)
    yield writer
    writer.kill()
    writer.wait()


@pytest.mark.parametrize("args", [("rate", "-"), ("rate", str(EVENT), "--ratings", "-")],
                         ids=["event", "ratings"])
def test_a_stream_on_standard_input_is_read_to_the_bound_only(tmp_path, stream, args):
    # Of the 2 GiB, one chunk past the 256 MiB bound is read; what goes past 16 MiB waits
    # on disk, so the peak stays near start-up's.
    _within_bounds(measured(*args, cwd=tmp_path, stdin=stream.stdout),
                   "<standard input>: " + TOO_LARGE.format("more than 268,435,456 bytes"))


def test_the_endless_device_as_standard_input(tmp_path):
    with open("/dev/zero", "rb") as zero:
        _within_bounds(measured("rate", "-", cwd=tmp_path, stdin=zero),
                       "<standard input>: " + TOO_LARGE.format("more than 268,435,456 bytes"))


def test_a_socket_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind("desk.sock")
        assert main(["rate", EVENT.as_posix(), "--ratings", "desk.sock"]) == 2
    assert capsys.readouterr().err == f"error: desk.sock: {NOT_REGULAR.format('a socket')}\n"


def test_a_folder_is_refused_by_the_reader(tmp_path):
    with pytest.raises(Exception, match="this is a folder, not a file") as info:
        read_bytes(tmp_path)
    assert str(info.value) == (f"{tmp_path}: this is a folder, not a file, expected a file "
                               "(or - for standard input)")


def test_the_refusal_in_vietnamese(odd_files, capsys, monkeypatch):
    monkeypatch.chdir(odd_files)
    assert main(["rate", "sparse.trf", "--lang", "vi"]) == 2
    assert capsys.readouterr().err == (
        "lỗi: sparse.trf: đầu vào lớn hơn giới hạn; thấy 1,073,741,824 byte, cần tối đa "
        "256 MiB (--max-input-mb để nâng giới hạn)\n")


@pytest.fixture
def padded_event(tmp_path: Path) -> Path:
    """The C.07 exercise with 3 MiB of comment lines: 3,145,728 bytes and more."""
    text = EVENT.read_text(encoding="utf-8")
    padding = ("### " + "x" * 1019 + "\n") * 3072  # 3,072 lines of 1,024 bytes
    path = tmp_path / "padded.trf"
    path.write_text(padding + text, encoding="utf-8")
    return path


def test_the_bound_is_set_by_option_and_by_environment(padded_event, capsys, monkeypatch):
    size = padded_event.stat().st_size
    refusal = (f"error: {padded_event}: the input is larger than the limit; found {size:,} "
               "bytes, expected at most 2 MiB (--max-input-mb raises the limit)\n")
    assert main(["rate", str(padded_event), "--max-input-mb", "2"]) == 2
    assert capsys.readouterr().err == refusal
    monkeypatch.setenv("TOURNAMENT_ELO_MAX_INPUT_MB", "2")
    assert main(["rate", str(padded_event)]) == 2
    assert capsys.readouterr().err == refusal
    # Raised past the file's size, the event is read: 16 players, Bruno (2) first on 4.
    assert main(["rate", str(padded_event), "--max-input-mb", "4", "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 17 and rows[1].startswith("2,Bruno,,,NOR,2150,4.0,1,")


def test_one_runs_bound_does_not_stay_for_the_next(padded_event, capsys):
    assert main(["rate", str(padded_event), "--max-input-mb", "1"]) == 2
    assert main(["rate", str(padded_event), "--format", "csv"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 17


def test_standard_input_is_read_once(capsys):
    assert main(["rate", "-", "--ratings", "-"]) == 2
    assert capsys.readouterr().err.endswith(
        "Error: standard input is read once: the event or the rating list may be -, not "
        "both\n")


def test_the_rating_list_from_standard_input(capsys, monkeypatch):
    # Every player of the C.07 exercise at 1800, from a list piped in: Bruno (2), 4 points
    # from 5 games against 1800s, expected 5 × 0.5 = 2.5, gains 20 × (4 - 2.5) = 30.
    listing = "id,rating\n" + "".join(f"{n},1800\n" for n in range(1, 17))
    monkeypatch.setattr("sys.stdin", _Stdin(listing.encode()))
    assert main(["rate", str(EVENT), "--ratings", "-", "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].startswith("2,Bruno,,,NOR,1800,4.0,1,5,4.0,2.5,20,30.0,30,1830,")


class _Stdin:
    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)


def test_the_database_imports_refuse_odd_files_each_by_name(odd_files, tmp_path, capsys,
                                                            monkeypatch):
    # The good event is imported beside them; each odd one is a failed file, named.
    monkeypatch.chdir(tmp_path)
    assert main(["db", "import", str(odd_files / "fifo.trf"), str(odd_files / "sparse.trf"),
                 str(EVENT), "--system", "fide-2024"]) == 2
    out, err = capsys.readouterr()
    assert out == "1 imported, 0 replaced, 0 unchanged, 2 failed; 36 games\n"
    assert err.splitlines() == [
        f"error: {odd_files}/fifo.trf: {NOT_REGULAR.format('a named pipe')}",
        f"error: {odd_files}/sparse.trf: {TOO_LARGE.format('1,073,741,824 bytes')}"]
    assert main(["db", "import-list", str(odd_files / "zero.trf"), "--date",
                 "2024-01-01"]) == 2
    assert capsys.readouterr().err == (
        f"error: {odd_files}/zero.trf: {NOT_REGULAR.format('a character device')}\n")
