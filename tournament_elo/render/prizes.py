"""The prize list of a rated event as the reports show it: the HTML page's and the desk's
rows, the sheet of report.xlsx (``prizes.csv``), the terminal's lines.  The prizes are
given by :mod:`tournament_elo.rating.prizes`; this only writes them."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..i18n.labels import labels
from .format import fmt_points
from .terminal import text_table
from .view import anchor

if TYPE_CHECKING:
    from ..rating.engine import RatingResult
    from ..rating.prizes import PrizeList

Row = dict[str, Any]


def amount_number(amount: Decimal | None) -> int | float | None:
    """An amount as a number of the JSON and the sheets: whole sums as integers (the text
    of a float of a few decimals is those decimals: 33.34)."""
    if amount is None:
        return None
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def _decimals(prizes: PrizeList) -> int:
    """The decimals every amount of the list is written with: none where all are whole."""
    exponents = [a.amount.normalize().as_tuple().exponent for a in prizes.awards
                 if a.amount is not None]
    return max((-e for e in exponents if isinstance(e, int) and e < 0), default=0)


def amount_text(amount: Decimal | None, decimals: int, currency: str | None) -> str:
    """``1 000``, ``33.34``, ``5 000 000 VND``: thousands apart by a space (read alike in
    English and Vietnamese), the list's decimals."""
    if amount is None:
        return ""
    text = f"{amount:,.{decimals}f}".replace(",", " ")
    return f"{text} {currency}" if currency else text


def _note(result: RatingResult, prizes: PrizeList, words: dict[str, str]) -> str:
    """The rules in a line; for an event in progress, the round the standings are of."""
    rules = prizes.table.rules
    note = words[f"sharing_{rules.sharing.value}"]
    if rules.one_per_player:
        note = f"{words['one_per_player']}; {note}"
    event = result.event
    if event.rounds_played < event.rounds:
        note += f"; {words['after_round']} {event.rounds_played}/{event.rounds}"
    return note


def prize_rows(result: RatingResult, lang: str) -> Row | None:
    """The prize list of the HTML page and the desk (``None`` without a prize table): a
    row per prize given (or not), the player's number, name, section and points, and
    those who share with him."""
    prizes = result.prizes
    if prizes is None:
        return None
    words = labels(lang)
    players = result.event.players
    points = result.standings.points
    decimals = _decimals(prizes)
    currency = prizes.table.rules.currency
    rows = []
    for award in prizes.awards:
        row: Row = {"prize": award.prize.name, "label": award.prize.label or "",
                    "amount": amount_text(award.amount, decimals, currency),
                    "id": "", "name": words["nobody"], "anchor": "", "points": "",
                    "score": None,
                    "shared": ", ".join(f"{players[i].name} ({players[i].id})"
                                        for i in award.shared_with)}
        if award.player is not None:
            player = players[award.player]
            row |= {"id": str(player.id), "name": player.name, "anchor": anchor(player.id),
                    "points": fmt_points(int(points[award.player]) / 100),
                    "score": int(points[award.player]) / 100}
        rows.append(row)
    return {"rows": rows, "note": _note(result, prizes, words),
            "has_labels": any(r["label"] for r in rows)}


def prize_sheet(result: RatingResult, lang: str) -> tuple[list[str], list[list[Any]]] | None:
    """The prize list as a sheet of report.xlsx and ``prizes.csv``: amounts as numbers,
    the players who share by number (``None`` without a prize table)."""
    prizes = result.prizes
    if prizes is None:
        return None
    words = labels(lang)
    players = result.event.players
    points = result.standings.points
    header = [words["prize"], words["prize_label"], words["amount"], words["id"],
              words["name"], words["points"], words["shared_with"]]
    rows = [[a.prize.name, a.prize.label, amount_number(a.amount),
             None if a.player is None else players[a.player].id,
             None if a.player is None else players[a.player].name,
             None if a.player is None else int(points[a.player]) / 100,
             ", ".join(str(players[i].id) for i in a.shared_with) or None]
            for a in prizes.awards]
    return header, rows


def prize_lines(result: RatingResult, lang: str) -> list[str]:
    """The prize list under the terminal's table (nothing without a prize table)."""
    shown = prize_rows(result, lang)
    if shown is None:
        return []
    words = labels(lang)
    header = [words["prize"], words["amount"], words["id"], words["name"], words["points"],
              words["shared_with"]]
    keys = ["prize", "amount", "id", "name", "score", "shared"]  # points as the table has them
    if shown["has_labels"]:
        header.insert(1, words["prize_label"])
        keys.insert(1, "label")
    rows = [[r[k] for k in keys] for r in shown["rows"]]
    left = [keys.index(k) for k in ("prize", "label", "name", "shared") if k in keys]
    return ["", f"{words['prizes']} ({shown['note']})", *text_table(header, rows, left=left)]
