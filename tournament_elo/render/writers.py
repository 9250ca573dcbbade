"""Writing files: CSV (UTF-8 with a BOM, formula-like text neutralised), XLSX (text is
never a formula), and atomic writes — a temporary file beside the target, renamed onto
it, so an existing file is never left half-written."""

from __future__ import annotations

import csv
import errno
import hashlib
import io
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InputError, Place, column_letter
from ..i18n.message import message

logger = logging.getLogger(__name__)

#: Text starting with one of these is read as a formula by spreadsheets (OWASP CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _is_formula_like(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """CSV in UTF-8 with a BOM (so Excel reads Vietnamese names); formula-like text quoted."""
    return csv_column_bytes(header, list(zip(*rows, strict=True)))


def csv_column_bytes(header: Sequence[str], columns: Sequence[Sequence[Any]],
                     whole: bool = False) -> bytes:
    """:func:`csv_bytes` of a table given a column at a time (each the same length): a
    column of numbers alone goes to the csv module as it is, the rows joined by it in C.
    ``whole``: whole floats written as integers (:func:`plain_number`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(zip(*(_csv_column(c, whole) for c in columns), strict=True))
    return buffer.getvalue().encode("utf-8-sig")


def _csv_column(column: Sequence[Any], whole: bool) -> Sequence[Any]:
    kinds = set(map(type, column))
    if whole and float in kinds:
        column, kinds = [plain_number(v) for v in column], kinds | {int}
    if kinds <= _NUMBERS:
        return column
    return [_csv_cell(v) for v in column]


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "'" + value if _is_formula_like(value) else value


#: The cells the csv module writes as they are, ``None`` as nothing (a bool is no int
#: here: ``type`` is exact).
_NUMBERS = {int, float, type(None)}


def xlsx_bytes(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]]) -> bytes:
    """A workbook with one sheet per ``(title, header, rows)``, written by XlsxWriter: the
    header bold and frozen with a filter over the table, each column as wide as its
    longest text (at most 45), numbers as numbers, booleans as booleans, text never a
    formula (formula-like text quote-prefixed, so that Excel keeps it text when the cell
    is edited).  Only the header and formula-like text carry a format.

    Not in XlsxWriter's ``constant_memory`` mode: its text is written inline in each
    cell, and openpyxl (this program's reader of workbooks) reads an inline text that
    spells Excel's escape (``_x0041_``) with the escape's escape left in
    (``_x005F_x0041_``); the shared strings it reads back as written.
    """
    import xlsxwriter  # only the commands that write a workbook pay for it

    began = time.perf_counter()
    _check_sheet_names([title for title, _, _ in sheets])
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {
        "in_memory": True, "strings_to_formulas": False, "strings_to_numbers": False,
        "strings_to_urls": False})
    # A report is the same bytes each time it is written (watch and rate --out agree, a
    # re-publish changes nothing): no clock in the document's properties.
    book.set_properties({"created": REPRODUCIBLE_TIME})
    bold, quoted = book.add_format({"bold": True}), book.add_format({"quote_prefix": True})
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        for c, name in enumerate(header):
            sheet.write_string(0, c, _CONTROL_CHARACTERS.sub("", str(name)), bold)
        _write_rows(sheet, title, rows, [max(len(str(h)), 7) for h in header], quoted)
        sheet.freeze_panes(1, 0)
        if header:
            sheet.autofilter(0, 0, len(rows), len(header) - 1)
    book.close()
    logger.debug("a workbook of %s sheets, %s cells, written in %.1f ms", len(sheets),
                 f"{sum(len(header) * (len(rows) + 1) for _, header, rows in sheets):,}",
                 1e3 * (time.perf_counter() - began))
    return buffer.getvalue()


#: The creation time a workbook states: the ZIP format's first day, as its members carry.
REPRODUCIBLE_TIME = datetime(1980, 1, 1, tzinfo=UTC)

#: Characters an XLSX file cannot hold.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _write_rows(sheet: Any, title: str, rows: Sequence[Sequence[Any]], widths: list[int],
                quoted: Any) -> None:
    """The rows below the header, a typed write per cell (the hot loop of a report:
    925,000 cells for 10,000 players × 9 rounds), and the columns' widths (``widths``: the
    header's, each at least the 7 characters the numbers shown need)."""
    write_string, write_number, write_boolean = (
        sheet.write_string, sheet.write_number, sheet.write_boolean)
    # Each text met: cleaned, measured and its format chosen once.
    texts: dict[str, tuple[str, int, Any]] = {}
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row):
            kind = type(value)
            if kind is str or (kind is not bool and isinstance(value, str)):
                text = texts.get(value)
                if text is None:
                    clean = _CONTROL_CHARACTERS.sub("", str(value))
                    text = texts[value] = (clean, len(clean),
                                           quoted if clean.startswith(FORMULA_START) else None)
                if text[1]:  # no cell for a text left empty
                    write_string(r, c, text[0], text[2])
                    if text[1] > widths[c]:
                        widths[c] = text[1]
            elif value is None:
                continue
            elif kind is bool:
                write_boolean(r, c, value)
            else:  # int, float, numpy's and Decimal
                number = value if kind is int or kind is float else float(value)
                try:
                    write_number(r, c, number)
                except TypeError:  # NAN, INF: no cell can hold them
                    raise InputError("a workbook cell cannot hold this number",
                                     Place(sheet=title, cell=f"{column_letter(c)}{r + 1}"),
                                     found=repr(value), expected="a finite number") from None
    for c, width in enumerate(widths):
        sheet.set_column(c, c, min(width + 2, 45))


def _check_sheet_names(names: Sequence[str]) -> None:
    """Excel's rules for a sheet's name (XlsxWriter checks the same, without the place)."""
    seen: set[str] = set()
    for name in names:
        if not 0 < len(name) <= 31 or re.search(r"[\[\]:*?/\\]", name) \
                or name.startswith("'") or name.endswith("'") or name.lower() in seen:
            raise InputError("not a sheet name Excel accepts (or used twice)", Place(sheet=name),
                             found=repr(name), expected=SHEET_NAME)
        seen.add(name.lower())


#: What Excel accepts as a sheet's name.
SHEET_NAME = "at most 31 characters, none of [ ] : * ? / \\, not in quotes, each name once"


def plain_number(value: Any) -> Any:
    """A whole float as an integer (``4.0`` → ``4``), so that a CSV says ``4`` and ``4.5``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file beside ``path``, then rename it onto ``path``.  A
    symbolic link is followed (the file it names is replaced, the link stays); a device
    or a pipe (``/dev/stdout``) is written into: renaming onto it would replace it."""
    if path.exists() and not path.is_file():
        with path.open("wb") as stream:
            stream.write(data)
        return
    target = Path(os.path.realpath(path))
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    # O_EXCL: never reuse a file; mode 0o666 lets the umask decide, as for open().
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


#: A folder's record of the files this tool wrote into it (name → sha256 of the bytes
#: written): a later run may replace those, as long as nobody changed them, and nothing else.
MANIFEST = ".tournament-elo-files.json"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class OutputFolder:
    """Where a command writes its files: each written atomically, and never over a file
    it did not write itself — an input, a file of the user's, or one of its own files the
    user has changed since.  Such a file is refused (an :class:`InputError` naming it)
    before anything is written: check every name first (:meth:`check`), then write.
    """

    def __init__(self, folder: Path, what: str, inputs: Iterable[Path] = ()) -> None:
        self.folder = folder
        self.what = what
        self.inputs = [Path(p) for p in inputs]
        self.record: dict[str, str] = {}
        try:
            loaded = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
            self.record = {str(k): str(v) for k, v in loaded.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            pass  # no record (a new folder), or an unreadable one: nothing counts as ours
        self.written: list[Path] = []

    def __enter__(self) -> OutputFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check(self, names: Iterable[str]) -> None:
        """Refuse, before anything is written, a name that would replace what is not ours."""
        for name in names:
            path = self.folder / name
            if any(_same_file(path, given) for given in self.inputs):
                raise InputError(message("writing {} would overwrite an input file", self.what),
                                 Place(str(path)), found="the file the command reads",
                                 expected="another output file or folder")
            if path.exists() and not path.is_file() and not path.is_dir():
                continue  # a device or a pipe (/dev/stdout) is written into, not replaced
            if path.exists() and (path.is_dir() or self.record.get(name) != _digest(path)):
                raise InputError(
                    message("writing {} would overwrite a file this tool did not write (or one "
                            "changed since)", self.what), Place(str(path)),
                    found="an existing file", expected="another output folder or file "
                    "name, or remove the file first")

    def write(self, name: str, data: bytes) -> Path:
        """Write one file (after :meth:`check`-ing it), atomically."""
        self.check([name])
        path = self.folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        except OSError as exc:
            raise write_error(message("cannot write {}", self.what), path, exc) from None
        self.record[name] = hashlib.sha256(data).hexdigest()
        self.written.append(path)
        return path

    def close(self) -> None:
        """Keep the record of what was written (atomically, as every file)."""
        if not self.written:
            return
        record = {"files": dict(sorted(self.record.items()))}
        try:
            write_atomic(self.folder / MANIFEST, (json.dumps(record, indent=1) + "\n").encode())
        except OSError as exc:
            raise write_error(message("cannot write {}", self.what), self.folder,
                              exc) from None


def _same_file(path: Path, other: Path) -> bool:
    try:
        return path.exists() and other.exists() and os.path.samefile(path, other)
    except OSError:
        return False


def write_files(out_dir: Path, contents: Mapping[str, bytes], what: str,
                inputs: Iterable[Path] = ()) -> list[Path]:
    """Write every file of ``contents`` (name → bytes) into ``out_dir`` (see
    :class:`OutputFolder`): all are checked before the first is written.  Returns the
    paths written."""
    with OutputFolder(out_dir, what, inputs) as folder:
        folder.check(contents)
        for name, content in contents.items():
            folder.write(name, content)
    return folder.written


def write_file(path: Path, data: bytes, what: str, inputs: Iterable[Path] = ()) -> Path:
    """Write one file by its path (see :class:`OutputFolder`)."""
    return write_files(path.parent, {path.name: data}, what, inputs)[0]


def write_error(what: str, path: Path, error: OSError) -> InputError:
    """What a failed write says: on a full disk, that nothing was lost (a file is written
    beside its name and renamed onto it only once it is whole)."""
    if error.errno == errno.ENOSPC:
        return InputError(message("{}: the disk is full (nothing was lost: a file already "
                                  "there is left as it was)", what), Place(str(path)),
                          found=error.strerror, expected="free space on the disk")
    return InputError(what, Place(str(path)), found=error.strerror or str(error),
                      expected="a folder that can be written")
