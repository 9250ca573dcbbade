"""Messages that were English in ``--lang vi`` and now come from the catalogue, on the
user's path: the command line run whole, each line as a Vietnamese reader reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import DATA
from tournament_elo.cli.commands import main
from tournament_elo.errors import InputError
from tournament_elo.i18n.messages import LANGUAGE_VARIABLE

SWISS5 = DATA / "held_c07_swiss5.trf"


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    return code, capsys.readouterr().err.splitlines()


def test_an_options_error_of_rate_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    # BH takes /C1, /C2, /M1 or /M2: "C3" is no modifier of C.07's.
    code, err = ran(capsys, "rate", str(SWISS5), "--tiebreaks", "BH/C3", "--lang", "vi")
    assert code == 2
    assert err == ["lỗi: --tiebreaks: C.07 không có biến thể C3; thấy 'BH/C3', cần BH/C1, "
                   "BH/C2, BH/M1 hoặc BH/M2 (Cut-1, Cut-2, Median1, Median2)"]


def test_clicks_usage_error_in_vietnamese(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # Click stops at the unknown option before --lang is read: the language is the
    # environment's.
    monkeypatch.setenv(LANGUAGE_VARIABLE, "vi")
    code, err = ran(capsys, "rate", str(SWISS5), "--no-such")
    assert code == 2
    assert err == ["Cách dùng: tournament-elo rate [OPTIONS] EVENT",
                   "Gõ 'tournament-elo rate --help' để xem hướng dẫn.", "",
                   "lỗi: không có tuỳ chọn '--no-such'."]


@pytest.mark.parametrize(("argv", "line"), [
    # Click says these through ngettext, a form for one and one for more: Vietnamese has
    # the one form.
    (("rate", str(SWISS5), "extra"), "lỗi: thừa đối số (extra)"),
    (("rate", str(SWISS5), "--ra", "foo"),
     "lỗi: giá trị không hợp lệ cho '--ra': 'foo' không phải là một trong 'plain', 'capped'."),
    (("rate", str(SWISS5), "--tiebreak", "BH"),
     "lỗi: không có tuỳ chọn '--tiebreak'. Có phải ý bạn là '--tiebreak-rules', "
     "'--tiebreaks'?"),
])
def test_clicks_messages_with_a_plural_in_vietnamese(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: tuple[str, ...], line: str) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "vi")
    code, err = ran(capsys, *argv)
    assert code == 2
    assert err[-1] == line


def test_clicks_missing_argument_in_english_is_unchanged(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "en")
    code, err = ran(capsys, "rate")
    assert code == 2
    assert err[-1] == "Error: Missing argument 'EVENT'."


def test_a_db_command_without_its_database_in_vietnamese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "vi")
    db = tmp_path / "none.sqlite"
    code, err = ran(capsys, "db", "ratings", "--db", str(db))
    assert code == 2
    assert err == [f"lỗi: {db}: không có cơ sở dữ liệu Elo ở đây, cần một cơ sở dữ liệu tạo "
                   "bằng 'tournament-elo db import'"]


def test_the_logs_lines_of_an_import_in_vietnamese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "vi")
    code, err = ran(capsys, "-v", "db", "import", "--db", str(tmp_path / "r.sqlite"),
                    str(SWISS5))
    assert code == 0
    assert "thông tin: tìm thấy 1 tệp giải" in err  # "%s event files found"
    assert any(line.startswith("thông tin: nhập 1 tệp mất ") and line.endswith(" giây")
               for line in err)  # "the import of %s files took %.2f s"


def test_an_errors_kind_from_the_command_lines_library_call() -> None:
    # What rate calls: the kind is the message's id whatever the values.
    from tournament_elo.rating.engine import check_settings
    from tournament_elo.systems.registry import get_system

    with pytest.raises(InputError) as raised:
        check_settings(get_system("fide-2024"), {"pool": "9"})
    assert raised.value.kind == "{} has no setting {}"
    assert str(raised.value).startswith("--set: fide-2024 has no setting 'pool'")
