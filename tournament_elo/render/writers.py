"""Writing files: CSV (UTF-8 with a BOM, formula-like text neutralised), XLSX (text is
never a formula), and atomic writes — a temporary file beside the target, renamed onto
it, so an existing file is never left half-written."""

from __future__ import annotations

import csv
import errno
import hashlib
import io
import json
import os
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError, Place, column_letter

#: Text starting with one of these is read as a formula by spreadsheets (OWASP CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _is_formula_like(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """CSV in UTF-8 with a BOM (so Excel reads Vietnamese names); formula-like text quoted."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_csv_cell(v) for v in row])
    return buffer.getvalue().encode("utf-8-sig")


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "'" + value if _is_formula_like(value) else value


def xlsx_bytes(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]]) -> bytes:
    """A workbook with one sheet per ``(title, header, rows)``: the header bold and frozen
    with a filter over the table, each column as wide as its longest text (at most 45),
    numbers as numbers, booleans as booleans, text never a formula (formula-like text
    quote-prefixed, so that Excel keeps it text when the cell is edited).

    Written here rather than through XlsxWriter: the workbook is one fixed shape (plain
    values, three cell styles), and XlsxWriter's per-cell work (about 4 µs a cell, 0.45 s
    for the 118,000 cells of a 500-player event) was most of ``rate --out``; one string
    per cell is a tenth of that.  The readers' openpyxl reads what is written here
    (``tests/render/test_xlsx_writer.py``).  The parts and their attributes are those XlsxWriter
    wrote, less its theme and document properties (optional parts).
    """
    import zipfile  # only the commands that write a workbook pay for it

    strings = _Strings()
    names = [title for title, _, _ in sheets]
    _check_sheet_names(names)
    parts = [(f"xl/worksheets/sheet{n}.xml",
              _sheet_xml(title, header, rows, strings, first=n == 1))
             for n, (title, header, rows) in enumerate(sheets, start=1)]
    parts += [("xl/styles.xml", _STYLES),
              ("xl/sharedStrings.xml", _shared_strings_xml(strings.index)),
              ("xl/_rels/workbook.xml.rels", _workbook_rels(len(sheets))),
              ("xl/workbook.xml", _workbook_xml(sheets))]
    buffer = io.BytesIO()
    # Level 1: a fifth larger than zlib's default level 6, in a quarter of its time.
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        for name, text in [("[Content_Types].xml", _content_types(len(sheets))),
                           ("_rels/.rels", _ROOT_RELS), *parts]:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            book.writestr(entry, text.encode("utf-8"), zipfile.ZIP_DEFLATED, 1)
    return buffer.getvalue()


#: Characters an XLSX file cannot hold.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
#: Text Excel would read as an escaped character (``_x0041_``): its underscore escaped.
_ESCAPE_LIKE = re.compile(r"(_x[0-9a-fA-F]{4}_)")
_XML = 'version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#: The cell styles: 0 plain, 1 bold (the header), 2 quote-prefixed (formula-like text).
_STYLES = (
    f'<?xml {_XML}<styleSheet xmlns="{_MAIN}"><fonts count="2">'
    '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    '<dxfs count="0"/></styleSheet>')
_ROOT_RELS = (f'<?xml {_XML}<Relationships xmlns="{_RELS}"><Relationship Id="rId1" '
              f'Type="{_DOCUMENT}/officeDocument" Target="xl/workbook.xml"/></Relationships>')


def _check_sheet_names(names: Sequence[str]) -> None:
    """Excel's rules for a sheet's name (XlsxWriter checked the same)."""
    seen: set[str] = set()
    for name in names:
        if not 0 < len(name) <= 31 or re.search(r"[\[\]:*?/\\]", name) \
                or name.startswith("'") or name.endswith("'") or name.lower() in seen:
            raise InputError("not a sheet name Excel accepts (or used twice)", Place(sheet=name),
                             found=repr(name), expected=SHEET_NAME)
        seen.add(name.lower())


#: What Excel accepts as a sheet's name.
SHEET_NAME = "at most 31 characters, none of [ ] : * ? / \\, not in quotes, each name once"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _Strings:
    """The workbook's shared strings (a dict keeps the order of first use: the indexes),
    and for each text met, the end of its cell: cleaned, indexed and styled once."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.cells: dict[str, tuple[str, int]] = {}  # text → (its cell's end, its length)

    def cell(self, text: str, bold: bool = False) -> tuple[str, int]:
        """``' s=".." t="s"><v>INDEX</v></c>'`` (``""`` for a text left empty once
        cleaned: no cell) and the cleaned text's length."""
        clean = _CONTROL_CHARACTERS.sub("", text)
        if not clean:
            return ("", 0)
        number = self.index.setdefault(clean, len(self.index))
        style = ' s="1"' if bold else ' s="2"' if clean.startswith(FORMULA_START) else ""
        return (f'"{style} t="s"><v>{number}</v></c>', len(clean))


#: Integers below this are written as Python writes them, the same digits as ``.16G``.
_EXACT = 10**16


def _sheet_xml(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]],
               strings: _Strings, first: bool) -> str:
    """One worksheet: a ``<row>`` of ``<c>`` per row of values, one string built per
    cell (the hot loop of a report: 118,000 cells for 500 players × 11 rounds)."""
    width = len(header)
    columns = [column_letter(c) for c in range(max(width, 1))]
    starts = [f'<c r="{column}' for column in columns]
    widths = [max(len(str(h)), 7) for h in header]  # 7 fits the numbers shown
    out = ["<row r=\"1\">"]
    for c, name in enumerate(header):
        end = strings.cell(str(name), bold=True)[0]
        out.append(f"{starts[c]}1{end}" if end else f'{starts[c]}1" s="1"/>')
    out.append("</row>")
    known = strings.cells
    for r, row in enumerate(rows, start=2):
        cells = [f'<row r="{r}">']
        append = cells.append
        for c, value in enumerate(row):
            kind = type(value)
            if kind is str:
                cell = known.get(value)
                if cell is None:
                    cell = known[value] = strings.cell(value)
                if cell[0]:
                    append(f"{starts[c]}{r}{cell[0]}")
                    if cell[1] > widths[c]:
                        widths[c] = cell[1]
            elif kind is int and -_EXACT < value < _EXACT:
                append(f'{starts[c]}{r}"><v>{value}</v></c>')
            elif value is None:
                continue
            elif kind is bool:
                append(f'{starts[c]}{r}" t="b"><v>{int(value)}</v></c>')
            elif isinstance(value, str):  # a str subclass (an enum's member)
                end, length = strings.cell(str(value))
                if end:
                    append(f"{starts[c]}{r}{end}")
                    widths[c] = max(widths[c], length)
            else:  # float, a large int, numpy's and Decimal: as XlsxWriter wrote them
                number = f"{float(value):.16G}"
                if number[-1] in "NF":  # NAN, INF: no cell can hold them
                    raise InputError("a workbook cell cannot hold this number",
                                     Place(sheet=title, cell=f"{columns[c]}{r}"),
                                     found=repr(value), expected="a finite number")
                append(f'{starts[c]}{r}"><v>{number}</v></c>')
        append("</row>")
        out.append("".join(cells))
    last = f"{columns[-1]}{len(rows) + 1}"
    view = ' tabSelected="1"' if first else ""
    head = (f'<?xml {_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_DOCUMENT}">'
            f'<dimension ref="A1:{last}"/><sheetViews><sheetView{view} workbookViewId="0">'
            '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection pane="bottomLeft"/></sheetView></sheetViews>'
            '<sheetFormatPr defaultRowHeight="15"/>' + _cols_xml(widths) + "<sheetData>")
    tail = "</sheetData>" + (f'<autoFilter ref="A1:{last}"/>' if width else "") + (
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" '
        'footer="0.3"/></worksheet>')
    return head + "".join(out) + tail


def _cols_xml(widths: Sequence[int]) -> str:
    """Column widths in Excel's stored unit (characters of Calibri 11 with its padding:
    ``w`` characters are ``7w + 5`` pixels, stored in 256ths of a 7-pixel digit), equal
    neighbours in one ``<col>``."""
    if not widths:
        return ""
    stored = [int((min(w + 2, 45) * 7 + 5) * 256 // 7) / 256 for w in widths]
    out, start = ["<cols>"], 0
    for c in range(1, len(stored) + 1):
        if c == len(stored) or stored[c] != stored[start]:
            out.append(f'<col min="{start + 1}" max="{c}" width="{stored[start]:.16g}" '
                       'customWidth="1"/>')
            start = c
    return "".join(out) + "</cols>"


def _shared_strings_xml(strings: dict[str, int]) -> str:
    out = [f'<?xml {_XML}<sst xmlns="{_MAIN}" uniqueCount="{len(strings)}">']
    for text in strings:  # a dict keeps the order of first use: the indexes
        text = _ESCAPE_LIKE.sub(r"_x005F\1", text).replace("\r", "_x000D_")
        text = _escape(text).replace("\ufffe", "_xFFFE_").replace("\uffff", "_xFFFF_")
        space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() else ""
        out.append(f"<si><t{space}>{text}</t></si>")
    return "".join(out) + "</sst>"


def _workbook_xml(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]]) -> str:
    """The sheets in order, and each table's filter range (Excel's hidden name for it)."""
    listed, filters = [], []
    for n, (title, header, rows) in enumerate(sheets, start=1):
        name = _escape(title).replace('"', "&quot;")
        listed.append(f'<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>')
        if header:
            quoted = _escape("'" + title.replace("'", "''") + "'")
            last = f"${column_letter(len(header) - 1)}${len(rows) + 1}"
            filters.append(f'<definedName name="_xlnm._FilterDatabase" localSheetId="{n - 1}" '
                           f'hidden="1">{quoted}!$A$1:{last}</definedName>')
    names = f"<definedNames>{''.join(filters)}</definedNames>" if filters else ""
    return (f'<?xml {_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_DOCUMENT}">'
            '<workbookPr/><bookViews><workbookView/></bookViews>'
            f'<sheets>{"".join(listed)}</sheets>{names}<calcPr calcId="124519" '
            'fullCalcOnLoad="1"/></workbook>')


def _workbook_rels(count: int) -> str:
    sheets = "".join(f'<Relationship Id="rId{n}" Type="{_DOCUMENT}/worksheet" '
                     f'Target="worksheets/sheet{n}.xml"/>' for n in range(1, count + 1))
    return (f'<?xml {_XML}<Relationships xmlns="{_RELS}">{sheets}'
            f'<Relationship Id="rId{count + 1}" Type="{_DOCUMENT}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId{count + 2}" Type="{_DOCUMENT}/sharedStrings" '
            'Target="sharedStrings.xml"/></Relationships>')


def _content_types(count: int) -> str:
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    sheets = "".join(f'<Override PartName="/xl/worksheets/sheet{n}.xml" '
                     f'ContentType="{kind}.worksheet+xml"/>' for n in range(1, count + 1))
    return (f'<?xml {_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/'
            'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
            f'ContentType="{kind}.sheet.main+xml"/><Override PartName="/xl/styles.xml" '
            f'ContentType="{kind}.styles+xml"/>{sheets}<Override '
            f'PartName="/xl/sharedStrings.xml" ContentType="{kind}.sharedStrings+xml"/></Types>')


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
                raise InputError(f"writing {self.what} would overwrite an input file",
                                 Place(str(path)), found="the file the command reads",
                                 expected="another output file or folder")
            if path.exists() and not path.is_file() and not path.is_dir():
                continue  # a device or a pipe (/dev/stdout) is written into, not replaced
            if path.exists() and (path.is_dir() or self.record.get(name) != _digest(path)):
                raise InputError(
                    f"writing {self.what} would overwrite a file this tool did not write "
                    "(or one changed since)", Place(str(path)),
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
            raise write_error(f"cannot write {self.what}", path, exc) from None
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
            raise write_error(f"cannot write {self.what}", self.folder, exc) from None


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
        return InputError(f"{what}: the disk is full (nothing was lost: a file already "
                          "there is left as it was)", Place(str(path)),
                          found=error.strerror, expected="free space on the disk")
    return InputError(what, Place(str(path)), found=error.strerror or str(error),
                      expected="a folder that can be written")
