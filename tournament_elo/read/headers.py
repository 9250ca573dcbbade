"""Column headers of sheets and lists, matched in English or Vietnamese.

Headers are compared folded: lower case, accents removed, Đ/đ turned into d (it has
no Unicode decomposition), spaces, dots, dashes and underscores dropped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache


@lru_cache(maxsize=4096)  # a game log folds the same few names and words 100,000 times
def fold(text: str) -> str:
    """Fold text for matching and sorting: ``'Họ tên'`` → ``'hoten'``."""
    return "".join(c for c in _unaccented(text) if c.isalnum())


@lru_cache(maxsize=1 << 16)  # an import folds each known player's name once per event
def fold_name(text: str) -> str:
    """Fold a person's name for searching, keeping its words: ``'Lê Quang Liêm'`` →
    ``'le quang liem'``; punctuation becomes a space."""
    return " ".join("".join(c if c.isalnum() else " " for c in _unaccented(text)).split())


def _unaccented(text: str) -> str:
    if text.isascii():  # most names: nothing to decompose
        return text.lower()
    text = text.replace("Đ", "D").replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


#: Canonical column name → the folded spellings accepted for it.
ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "ma", "no", "sno", "stt", "startno", "startingrank", "madauthu", "codsid",
           "maso"),
    "name": ("name", "ten", "hoten", "hovaten", "player", "playername", "fullname", "dauthu",
             "kythu"),
    "rating": ("rating", "elo", "heso", "rtg", "rtgi", "diemelo", "elofide", "fideelo",
               "fiderating"),
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
    "team": ("team", "doi", "club", "clb", "teamname", "tendoi"),
    "captain": ("captain", "doitruong"),
    "region": ("region", "province", "state", "tinh", "tinhthanh", "tinhthanhpho", "khuvuc",
               "diaphuong"),
    "active": ("active", "hoatdong", "danghoatdong"),
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


#: Folded spellings that are Vietnamese only: a sheet using one is written in Vietnamese.
VIETNAMESE_ALIASES = frozenset((
    "ma", "stt", "madauthu", "maso", "ten", "hoten", "hovaten", "dauthu", "kythu", "heso",
    "diemelo", "liendoan", "quocgia", "mafide", "idfide", "namsinh", "ngaysinh", "gioitinh",
    "danhhieu", "sovan", "hesok", "tungdat2400", "diem", "tongdiem", "vong", "vongdau", "ban",
    "trang", "bentrang", "thuy", "do", "ditruoc", "nguoiditruoc", "den", "benden", "son",
    "disau", "nguoidisau", "ketqua", "kq", "ngay", "ngaythidau", "elotrang", "hesotrang",
    "eloden", "hesoden", "cachthang", "phuongthuc", "phuongthucthang", "loaico", "theloai",
    "thoigian", "phut", "thoigianmoiben", "aicap", "capai", "capdoai", "capmay", "capdomay",
    "trinhdoai", "doi", "tendoi", "doitruong", "tinh", "tinhthanh", "tinhthanhpho", "khuvuc",
    "diaphuong", "hoatdong", "danghoatdong",
))

#: Canonical column → how a message names it in an English and in a Vietnamese sheet.
COLUMN_NAMES: dict[str, tuple[str, str]] = {
    "id": ("id", "Mã"), "name": ("name", "Họ tên"), "rating": ("rating", "Elo"),
    "federation": ("federation", "Liên đoàn"), "fide_id": ("fide_id", "Mã FIDE"),
    "birth": ("birth", "Năm sinh"), "sex": ("sex", "Giới tính"), "title": ("title", "Danh hiệu"),
    "games": ("games", "Số ván"), "k": ("k", "Hệ số K"),
    "ever_2400": ("ever_2400", "Từng đạt 2400"),
    "points": ("points", "Điểm"), "round": ("round", "Vòng"), "board": ("board", "Bàn"),
    "white": ("white", "Trắng"), "black": ("black", "Đen"), "result": ("result", "Kết quả"),
    "date": ("date", "Ngày"), "white_rating": ("white_rating", "Elo trắng"),
    "black_rating": ("black_rating", "Elo đen"), "win_method": ("win_method", "Cách thắng"),
    "pool": ("pool", "Loại cờ"), "time_control": ("time_control", "Thời gian"),
    "ai_level": ("ai_level", "Cấp AI"), "team": ("team", "Đội"),
    "captain": ("captain", "Đội trưởng"), "region": ("region", "Tỉnh/thành"),
    "active": ("active", "Hoạt động"),
}


def in_vietnamese(headers: Iterable[object]) -> bool:
    """Whether a header row is written in Vietnamese: a Vietnamese-only column name, or a
    letter with a Vietnamese accent."""
    for header in headers:
        text = "" if header is None else str(header)
        if fold(text) in VIETNAMESE_ALIASES or any(not c.isascii() and c.isalpha() for c in text):
            return True
    return False


def column_name(column: str, vietnamese: bool) -> str:
    """How a message names a canonical column, in the sheet's own language."""
    return COLUMN_NAMES[column][1 if vietnamese else 0]


def near_miss(
    header: object, present: Iterable[str], names: Mapping[str, str] = _LOOKUP
) -> str | None:
    """The known column an unknown header is one slip away from (a letter left out, added,
    changed, or two swapped: ``Eol`` → rating, ``Trắg`` → white), unless the table already
    has that column; ``None`` for a header that is simply another column.  ``names`` (folded
    spelling → name) are the names known instead of the columns: an event sheet's keys."""
    folded = fold("" if header is None else str(header))
    if len(folded) < 3 or folded in names:
        return None
    taken = set(present)
    for alias, name in names.items():
        if len(alias) >= 3 and name not in taken and _one_slip(folded, alias):
            return name
    return None


def _one_slip(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one insertion, deletion, substitution or swap."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))
