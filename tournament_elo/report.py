"""The report set of a rated event: HTML (Jinja), XLSX, CSV and JSON.

:func:`write_reports` builds a *context* here — plain lists of dicts and strings,
every number already formatted — and the templates in ``templates/`` only lay it
out.  Every file is written to a temporary file in the output directory and renamed
onto its final name, so an existing report is never left half-written.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import xlsxwriter

from .engine import RatingResult
from .errors import InputError, Place
from .labels import labels
from .result import records, to_json

Row = dict[str, Any]

#: Text starting with one of these is read as a formula by spreadsheets (OWASP CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: TRF title codes as titles are written.
TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
          "wc": "WCM"}
#: Crosstable mark of each TRF result code (W/D/L: a game of less than one move).
MARKS = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "-",
         "H": "½", "F": "1", "U": "1", "Z": "0", " ": ""}
#: Label key describing a result that is not an ordinary game.
KINDS = {"+": "forfeit_win", "-": "forfeit_loss", "W": "short_game", "D": "short_game",
         "L": "short_game", "H": "half_bye", "F": "full_bye", "U": "pairing_bye",
         "Z": "zero_bye"}


def crosstable_cell(result: str, opponent: int | str | None, color: str | None) -> str:
    """One round of a player in the crosstable: ``12w1``, ``5b½``, ``3b+``, ``-½``, ``12w``.

    ``result`` is the TRF result code (``' '``: paired, no result yet); a round
    without opponent (a bye) shows ``-`` and its points.
    """
    if result == " " and opponent is None:
        return ""
    who = "" if opponent is None else str(opponent)
    return f"{who}{color or '-'}{MARKS[result]}"


# --- formatting -----------------------------------------------------------------------


def fmt_int(value: Any) -> str:
    return "" if value is None else str(int(value))


def fmt_points(value: Any) -> str:
    """Points as chess writes them: ``4``, ``3½``, ``½``."""
    if value is None:
        return ""
    whole, half = divmod(round(value * 2), 2)
    if whole * 2 + half != value * 2:
        return f"{value:g}"
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def fmt_change(value: Any) -> str:
    """A rating change, signed, with the one or two decimals it has: ``+7.0``, ``-10.65``."""
    if value is None:
        return ""
    if value == 0:
        return "0.0"
    text = f"{value:+.2f}"
    return text[:-1] if text.endswith("0") else text


def fmt_signed(value: Any) -> str:
    if value is None:
        return ""
    return f"{int(value):+d}" if value else "0"


def fmt_expected(value: Any) -> str:
    return "" if value is None else f"{value:.2f}"


def fmt_date(value: date | None, pattern: str) -> str:
    return "" if value is None else value.strftime(pattern)


def anchor(player_id: int | str) -> str:
    """The HTML id of a player's rating section."""
    return "p-" + "_".join(str(player_id).split())


# --- the context ----------------------------------------------------------------------


def _id_key(player_id: int | str) -> tuple[int, int, str]:
    return (0, player_id, "") if isinstance(player_id, int) else (1, 0, str(player_id))


@dataclass(frozen=True)
class Standings:
    """The player records in standings order, their games and crosstable cells by id."""

    players: list[Row]
    games: dict[Any, list[Row]]
    rounds: list[int]
    cells: dict[Any, list[str]]


def standings(result: RatingResult) -> Standings:
    """Players in standings order (rank, then start number) with their rounds."""
    players = sorted(records(result.players, tuple(result.players.columns)),
                     key=lambda p: (p["rank"] is None, p["rank"] or 0, _id_key(p["id"])))
    rows = sorted(records(result.games, tuple(result.games.columns)), key=lambda g: g["round"])
    # In a round nobody is paired in yet, "Z" means "not paired yet", not "absent": dropped.
    paired = {g["round"] for g in rows if g["opponent"] is not None}
    rows = [g for g in rows if g["round"] in paired or g["result"] != "Z"]
    last = max([result.event.rounds_played, *(g["round"] for g in rows)])
    rounds = list(range(1, last + 1))
    games: dict[Any, list[Row]] = {p["id"]: [] for p in players}
    cells = {p["id"]: dict.fromkeys(rounds, "") for p in players}
    for g in rows:
        games[g["player"]].append(g)
        cells[g["player"]][g["round"]] = crosstable_cell(g["result"], g["opponent"], g["color"])
    return Standings(players, games, rounds,
                     {key: list(row.values()) for key, row in cells.items()})


def build_context(result: RatingResult, lang: str) -> dict[str, Any]:
    """Everything the HTML template shows, as strings in lists of dicts."""
    words = labels(lang)
    event = result.event
    table = standings(result)
    by_id = {p["id"]: p for p in table.players}
    lines = [{
        "rank": fmt_int(p["rank"]), "id": str(p["id"]), "anchor": anchor(p["id"]),
        "title": _title(p["title"]), "name": p["name"], "rating": fmt_int(p["rating"]),
        "federation": p["federation"] or "", "cells": table.cells[p["id"]],
        "points": fmt_points(p["points"]), "k": fmt_int(p["k"]),
        "change": fmt_change(p["change"]) if p["rating"] is not None else "",
        "new_rating": fmt_int(p["new_rating"]), "rp": fmt_int(p["rp"]),
    } for p in table.players]
    pattern = words["date_format"]
    dates = dict.fromkeys(d for d in (fmt_date(event.start, pattern),
                                      fmt_date(event.end, pattern)) if d)
    facts = [
        (words["city"], event.city or ""),
        (words["dates"], " – ".join(dates)),
        (words["rounds"], _rounds_text(event.rounds, event.rounds_played, words)),
        (words["type"], words[event.type.value]),
        (words["system"], result.system.name),
        (words["chief_arbiter"], event.chief_arbiter or ""),
        (words["time_control"], event.time_control or ""),
    ]
    return {
        "lang": lang, "t": words, "title": event.name, "system": result.system.name,
        "facts": [(label, value) for label, value in facts if value],
        "rounds": table.rounds, "standings": lines,
        "has_titles": any(line["title"] for line in lines),
        "players": [_player_section(p, table.games[p["id"]], by_id, words)
                    for p in table.players],
        "warnings": [str(w) for w in result.warnings],
    }


def _title(code: Any) -> str:
    return "" if not code else TITLES.get(str(code).lower(), str(code))


def _rounds_text(rounds: int, played: int, words: dict[str, str]) -> str:
    if played < rounds:
        return f"{rounds} ({words['after_round']} {played})"
    return str(rounds)


def _player_section(p: Row, games: list[Row], by_id: dict[Any, Row],
                    words: dict[str, str]) -> Row:
    rated = p["rating"] is not None
    rows = []
    for g in games:
        opponent = by_id.get(g["opponent"]) if g["opponent"] is not None else None
        counted = g["expected"] is not None
        if g["result"] == " ":
            note = words["not_played"]
        elif counted:
            note = ""
        elif g["rated"]:
            note = words["for_first_rating"]
        else:
            note = words["not_rated"]
        difference = g["difference"]
        if counted and difference is not None and (g["opponent_rating"] or 0) > (p["rating"] or 0):
            difference = -difference
        rows.append({
            "round": str(g["round"]),
            "opponent": opponent["name"] if opponent else "",
            "opponent_id": "" if opponent is None else str(opponent["id"]),
            "opponent_anchor": "" if opponent is None else anchor(opponent["id"]),
            "kind": words[KINDS[g["result"]]] if g["result"] in KINDS else "",
            "opponent_rating": fmt_int(g["opponent_rating"]),
            "difference": fmt_signed(difference) if counted else "",
            "expected": fmt_expected(g["expected"]),
            "score": "" if g["result"] == " " else fmt_points(g["score"]),
            "change": fmt_change(g["change"]) if counted else "",
            "note": note,
        })
    totals: list[tuple[str, str]] = [
        (words["rating"], fmt_int(p["rating"]) if rated else words["unrated"]),
        (words["points"], fmt_points(p["points"])),
        (words["games_rated"], str(p["games_rated"])),
        (words["score_rated"], fmt_points(p["score_rated"])),
    ]
    if rated:
        totals += [
            (words["expected"], fmt_expected(p["expected"])),
            (words["need"], fmt_points(p["need"])),
            (words["k"], fmt_int(p["k"])),
            (words["change"], fmt_change(p["change"])),
            (words["change_rounded"], fmt_signed(p["change_rounded"])),
            (words["new_rating"], fmt_int(p["new_rating"])),
        ]
    totals += [
        (words["ra"], fmt_int(p["ra"])),
        (words["dp"], fmt_int(p["dp"])),
        (words["rp"], fmt_int(p["rp"])),
        (words["ru"], fmt_int(p["ru"])),
    ]
    return {
        "anchor": anchor(p["id"]), "id": str(p["id"]), "name": p["name"],
        "title": _title(p["title"]), "federation": p["federation"] or "",
        "rating": f'{words["rating"]} {p["rating"]}' if rated else words["unrated"],
        "rank": fmt_int(p["rank"]), "games": rows,
        "totals": [(label, value) for label, value in totals if value],
    }


def _template_loader() -> jinja2.BaseLoader:
    """The top-level templates/ is installed as the package tournament_elo.templates.

    Run from a source checkout (``python -m tournament_elo`` in the repository), the
    package found first is the checkout's, which has templates/ beside it instead.
    """
    try:
        return jinja2.PackageLoader("tournament_elo.templates", ".")
    except ModuleNotFoundError:
        return jinja2.FileSystemLoader(Path(__file__).resolve().parents[1] / "templates")


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=_template_loader(),
        autoescape=True, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )


def render_html(result: RatingResult, lang: str) -> str:
    return _environment().get_template("report.html.j2").render(build_context(result, lang))


# --- spreadsheets ---------------------------------------------------------------------


def _is_formula_like(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def _table(rows: list[Row]) -> tuple[list[str], list[list[Any]]]:
    """Header and rows of JSON records; a nested ``tiebreaks`` becomes ``tiebreaks.CODE``."""
    header: list[str] = []
    for row in rows:
        for key, value in row.items():
            names = [f"{key}.{code}" for code in value] if isinstance(value, dict) else [key]
            header += [n for n in names if n not in header]
    flat = []
    for row in rows:
        cells = dict(row)
        for key, value in row.items():
            if isinstance(value, dict):
                cells.update({f"{key}.{code}": v for code, v in value.items()})
        flat.append([cells.get(name) for name in header])
    return header, flat


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
    """A workbook with one sheet per ``(title, header, rows)``; text is never a formula.

    XlsxWriter streams cells about three times faster than openpyxl (which the
    readers keep using), and with ``strings_to_formulas`` off a name such as
    ``=HYPERLINK(...)`` can only be stored as text.
    """
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {
        "in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
        "strings_to_numbers": False,
    })
    bold = book.add_format({"bold": True})
    quoted = book.add_format({"quote_prefix": True})  # Excel keeps it text when edited
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        widths = [max(len(str(h)), 7) for h in header]  # 7 fits the numbers shown
        sheet.write_row(0, 0, list(header), bold)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, str):
                    value = _CONTROL_CHARACTERS.sub("", value)
                    sheet.write_string(r, c, value, quoted if _is_formula_like(value) else None)
                    widths[c] = max(widths[c], len(value))
                elif isinstance(value, bool):
                    sheet.write_boolean(r, c, value)
                else:
                    sheet.write_number(r, c, value)
        for c, width in enumerate(widths):
            sheet.set_column(c, c, min(width + 2, 45))
        sheet.freeze_panes(1, 0)
        sheet.autofilter(0, 0, len(rows), len(header) - 1)
    book.close()
    return buffer.getvalue()


#: Characters an XLSX file cannot hold.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _crosstable_sheet(result: RatingResult,
                      words: dict[str, str]) -> tuple[list[str], list[list[Any]]]:
    table = standings(result)
    header = [words[k] for k in ("rank", "id", "title", "name", "rating", "federation")]
    header += [str(n) for n in table.rounds]
    header += [words[k] for k in ("points", "k", "change", "new_rating", "rp")]
    rows = [[p["rank"], p["id"], _title(p["title"]) or None, p["name"], p["rating"],
             p["federation"], *(cell or None for cell in table.cells[p["id"]]),
             p["points"], p["k"], p["change"] if p["rating"] is not None else None,
             p["new_rating"], p["rp"]] for p in table.players]
    return header, rows


# --- writing --------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file beside ``path``, then rename it onto ``path``."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    # O_EXCL: never reuse a file; mode 0o666 lets the umask decide, as for open().
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_reports(result: RatingResult, out_dir: Path, lang: str) -> list[Path]:
    """Write report.html, report.xlsx, players.csv, games.csv and result.json into ``out_dir``.

    Everything is rendered before the first file is written, so a failure leaves
    the directory as it was.  Returns the paths written.
    """
    data = to_json(result)
    players = _table(data["players"])
    games = _table(data["games"])
    contents = {
        "report.html": render_html(result, lang).encode("utf-8"),
        "report.xlsx": xlsx_bytes([("Players", *players), ("Games", *games),
                                   ("Crosstable", *_crosstable_sheet(result, labels(lang)))]),
        "players.csv": csv_bytes(*players),
        "games.csv": csv_bytes(*games),
        # Compact: Python's C encoder is skipped whenever an indent is asked for.
        "result.json": (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8"),
    }
    written = []
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for name, content in contents.items():
            write_atomic(out_dir / name, content)
            written.append(out_dir / name)
    except OSError as exc:
        raise InputError("cannot write the reports", Place(str(out_dir)),
                         found=exc.strerror or str(exc),
                         expected="a directory that can be written") from exc
    return written
