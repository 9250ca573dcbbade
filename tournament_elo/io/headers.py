"""Column headers of sheets and lists, matched in English or Vietnamese.

Headers are compared folded: lower case, accents removed, Đ/đ turned into d (it has
no Unicode decomposition), spaces, dots, dashes and underscores dropped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=4096)  # a game log folds the same few names and words 100,000 times
def fold(text: str) -> str:
    """Fold text for matching and sorting: ``'Họ tên'`` → ``'hoten'``."""
    return "".join(c for c in _unaccented(text) if c.isalnum())


def fold_name(text: str) -> str:
    """Fold a person's name for searching, keeping its words: ``'Lê Quang Liêm'`` →
    ``'le quang liem'``; punctuation becomes a space."""
    return " ".join("".join(c if c.isalnum() else " " for c in _unaccented(text)).split())


def _unaccented(text: str) -> str:
    text = text.replace("Đ", "D").replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


#: Canonical column name → the folded spellings accepted for it.
ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "ma", "no", "sno", "stt", "startno", "startingrank", "madauthu", "codsid",
           "maso"),
    "name": ("name", "ten", "hoten", "hovaten", "player", "playername", "fullname", "dauthu",
             "kythu"),
    "rating": ("rating", "elo", "heso", "rtg", "rtgi", "diemelo"),
    "federation": ("federation", "fed", "liendoan", "quocgia"),
    "fide_id": ("fideid", "fide", "mafide", "idfide"),
    "birth": ("birth", "born", "birthdate", "birthyear", "yearofbirth", "yob", "namsinh",
              "ngaysinh", "bday"),
    "sex": ("sex", "gender", "gioitinh"),
    "title": ("title", "danhhieu", "tit"),
    "games": ("games", "sovan", "gamesplayed", "sg", "ngames"),
    "k": ("k", "kfactor", "hesok"),
    "ever_2400": ("ever2400", "reached2400", "tungdat2400"),
    "points": ("points", "pts", "diem", "tongdiem"),
    "round": ("round", "rd", "vong", "vongdau"),
    "board": ("board", "ban", "bd"),
    "white": ("white", "whiteplayer", "trang", "bentrang", "thuy", "do", "red", "first",
              "ditruoc", "nguoiditruoc"),
    "black": ("black", "blackplayer", "den", "benden", "son", "second", "disau", "nguoidisau"),
    "result": ("result", "ketqua", "kq", "res"),
    "date": ("date", "ngay", "ngaythidau"),
    "white_rating": ("whiterating", "whiteelo", "elotrang", "hesotrang"),
    "black_rating": ("blackrating", "blackelo", "eloden", "hesoden"),
    "win_method": ("winmethod", "method", "cachthang", "phuongthuc", "phuongthucthang"),
    "pool": ("pool", "gametype", "variant", "loaico", "theloai"),
    "time_control": ("timecontrol", "tc", "thoigian", "minutes", "phut", "thoigianmoiben"),
    "ai_level": ("ailevel", "aicap", "capai", "capdoai", "capmay", "capdomay", "trinhdoai"),
}
_LOOKUP = {alias: name for name, aliases in ALIASES.items() for alias in aliases}


def canonical(header: object) -> str | None:
    """The canonical name of a header cell, or ``None`` if it is not one we know."""
    if header is None:
        return None
    return _LOOKUP.get(fold(str(header)))


def map_headers(headers: Iterable[object]) -> dict[str, int]:
    """Canonical name → column position, first occurrence wins."""
    found: dict[str, int] = {}
    for position, header in enumerate(headers):
        name = canonical(header)
        if name is not None and name not in found:
            found[name] = position
    return found
