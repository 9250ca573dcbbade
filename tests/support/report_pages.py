"""The events whose pages ``tests/render/test_page_bytes.py`` compares, byte for byte,
with the pages written at an earlier commit (``tests/data/pages/``, written by
``tests/data/pages/make_pages.py``): what each case reads, and what it writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "data" / "pages"


class Case(NamedTuple):
    """An event file (from the repository's root), how it is rated, and in which language."""

    file: str
    request: dict[str, Any]
    lang: str = "en"


CASES = {
    "swiss_9x5": Case("tests/data/pages/swiss_9x5.trf", {}),
    "swiss_30x7": Case("tests/data/pages/swiss_30x7.trf", {}),
    "swiss_60x9": Case("tests/data/pages/swiss_60x9.trf", {}, "vi"),
    "colourless_9x5": Case("tests/data/pages/colourless_9x5.trf", {}),
    "paired_9x5": Case("tests/data/pages/paired_9x5.trf", {}),
    "after_round_3": Case("tests/data/pages/swiss_9x5.trf", {"after_round": 3}),
    "roundrobin6": Case("tests/data/held_c07_roundrobin6.trf", {}),
    "unplayed": Case("tests/data/tiebreakserver_swiss_with_many_unplayed_rounds.trf", {}),
    "gros_after_r4": Case("sample_events/javafo_aum_gros_2010_after_r4.trf", {}),
    "tuong_ky": Case("sample_events/tuong-ky_co-tuong.csv", {"system": "tuong-ky"}, "vi"),
    "dong_son": Case("sample_events/dong-son_giai-tinh.xlsx", {"system": "dong-son"}, "vi"),
    "thien_ky_dao": Case("sample_events/thien-ky-dao_online.csv", {"system": "thien-ky-dao"}),
}
#: The cases whose desk pages are compared too: the standings (with the next round's
#: pairings where it is paired) and the first player's page.
DESK_CASES = ("paired_9x5", "tuong_ky", "swiss_30x7")
#: The tables written beside each page.
TABLES = ("crosstable.csv", "pairings.csv")


#: What stands for the checkout's folder in a stored page: a warning names its file by
#: the absolute path it was read from, which differs from checkout to checkout.
CHECKOUT = b"CHECKOUT"


def _placed(data: bytes) -> bytes:
    return data.replace(str(ROOT).encode("utf-8"), CHECKOUT)


def rated(case: Case) -> Any:
    from tournament_elo import RateRequest, rate, read_event

    return rate(read_event(ROOT / case.file), RateRequest(**case.request))


def written(case: Case) -> dict[str, bytes]:
    """What the case writes: its page as a site's (``assets="../"``), and its tables."""
    from tournament_elo.render.html import render_html
    from tournament_elo.render.tables import report_tables, table_csv_bytes

    result = rated(case)
    files = {"page.html": render_html(result, case.lang, assets="../").encode("utf-8")}
    for table in report_tables(result, case.lang):
        if table.file in TABLES:
            files[table.file] = table_csv_bytes(table)
    return {name: _placed(data) for name, data in files.items()}


def desk_pages(case: Case) -> dict[str, bytes]:
    """The desk's standings and its page of the first player in the standings."""
    from tournament_elo.desk.pages import fragment
    from tournament_elo.desk.state import DeskEvent, GivenFiles, Options

    options = Options(system=case.request.get("system", "fide"), lang=case.lang)
    event = DeskEvent("e", ROOT / case.file, options)
    event.load(GivenFiles({}, {}, {}))
    assert event.result is not None, event.problems()
    first = f"p-{event.result.player_table.values('id', event.result.standing_rows)[0]}"
    return {"desk.html": _placed(fragment(event, "").encode("utf-8")),
            "desk-player.html": _placed(fragment(event, "player", first).encode("utf-8"))}


def stored(name: str, file: str) -> Path:
    return PAGES / f"{name}.{file}"
