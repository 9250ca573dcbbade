"""The words a prize table may use, in English and Vietnamese: its keys (a TOML table's,
a sheet's column headers), its rules' keys and the values they take.  Keys and values
are compared folded (:func:`.headers.fold`: ``Tên giải`` is ``tengiai``)."""

from __future__ import annotations

from ..i18n.message import N_
from ..prize_table import Priority, Sharing

#: A prize's keys (folded) → field.
PRIZE_KEYS: dict[str, str] = {
    **dict.fromkeys(("name", "prize", "prizename", "ten", "tengiai", "giai", "giaithuong",
                     "tengiaithuong"), "name"),
    **dict.fromkeys(("amount", "money", "cash", "sum", "sotien", "tien", "tienthuong",
                     "tiengiai"), "amount"),
    **dict.fromkeys(("label", "award", "inkind", "phanthuong", "hienvat", "vatpham"), "label"),
    **dict.fromkeys(("place", "rank", "position", "hang", "thuhang", "vitri"), "place"),
    **dict.fromkeys(("age", "agegroup", "nhomtuoi", "luatuoi", "dotuoi", "tuoi"), "age"),
    **dict.fromkeys(("women", "woman", "female", "girls", "nu", "nuky"), "women"),
    **dict.fromkeys(("ratingfrom", "ratingatleast", "minrating", "elotu", "hesotu",
                     "elotoithieu"), "rating_from"),
    **dict.fromkeys(("ratingbelow", "ratingunder", "eloduoi", "hesoduoi", "elonhohon"),
                    "rating_below"),
    **dict.fromkeys(("unrated", "khongelo", "chuacoelo", "khonghesoelo"), "unrated"),
    **dict.fromkeys(("federation", "federations", "fed", "liendoan", "quocgia"),
                    "federation"),
    **dict.fromkeys(("club", "clubs", "team", "clb", "caulacbo", "doi"), "club"),
    **dict.fromkeys(("players", "startnumbers", "numbers", "ids", "danhsach", "madauthu",
                     "kythu"), "players"),
    **dict.fromkeys(("sharing", "chiagiai", "cachchia"), "sharing"),
}
#: A prize's field → how a message names its key in an English and in a Vietnamese table.
PRIZE_KEY_NAMES: dict[str, tuple[str, str]] = {
    "name": ("name", "Tên giải"), "amount": ("amount", "Số tiền"),
    "label": ("label", "Phần thưởng"), "place": ("place", "Hạng"),
    "age": ("age", "Nhóm tuổi"), "women": ("women", "Nữ"),
    "rating_from": ("rating_from", "Elo từ"), "rating_below": ("rating_below", "Elo dưới"),
    "unrated": ("unrated", "Không Elo"), "federation": ("federation", "Liên đoàn"),
    "club": ("club", "CLB"), "players": ("players", "Danh sách"),
    "sharing": ("sharing", "Chia giải"),
}

#: The rules' keys (folded) → field.
RULE_KEYS: dict[str, str] = {
    **dict.fromkeys(("oneperplayer", "oneprizeperplayer", "moinguoimotgiai",
                     "moikythumotgiai"), "one_per_player"),
    **dict.fromkeys(("sharing", "chiagiai", "cachchia"), "sharing"),
    **dict.fromkeys(("priority", "uutien"), "priority"),
    **dict.fromkeys(("unit", "donvichia", "lamtron"), "unit"),
    **dict.fromkeys(("currency", "tiente", "donvitien"), "currency"),
}
#: A rule → how a message names its key in an English and in a Vietnamese table.
RULE_KEY_NAMES: dict[str, tuple[str, str]] = {
    "one_per_player": ("one_per_player", "Mỗi người một giải"),
    "sharing": ("sharing", "Chia giải"), "priority": ("priority", "Ưu tiên"),
    "unit": ("unit", "Đơn vị chia"), "currency": ("currency", "Tiền tệ"),
}

#: The spellings of each way of sharing (folded).
SHARING_WORDS: dict[str, Sharing] = {
    **dict.fromkeys(("tiebreak", "tiebreaks", "hesophu", "chisophu", "theohesophu"),
                    Sharing.TIEBREAK),
    **dict.fromkeys(("split", "shared", "equal", "chiadeu"), Sharing.SPLIT),
    **dict.fromkeys(("hort", "hortsystem", "hethonghort"), Sharing.HORT),
}
#: The spellings of each priority (folded).
PRIORITY_WORDS: dict[str, Priority] = {
    **dict.fromkeys(("amount", "value", "giatri", "sotien"), Priority.AMOUNT),
    **dict.fromkeys(("order", "table", "thutu"), Priority.ORDER),
}
#: Yes and no in a cell (folded): ``x``, ``1``, ``có``; ``0``, ``không``.
YES = frozenset(("true", "yes", "y", "x", "1", "co", "dung"))
NO = frozenset(("false", "no", "n", "0", "khong", "sai"))

#: The names of a workbook's prize sheet (folded): ``prizes``, ``Giải thưởng``.
PRIZE_SHEETS = ("prizes", "prize", "prizelist", "giaithuong", "cocaugiaithuong")

#: The age groups a prize may name: under 6 to under 20 (``U16``: under 16 on 1 January
#: of the event's year), and the seniors' (``50+``: 50 or more by 31 December).
YOUNGEST, OLDEST_YOUTH = 6, 20
SENIOR_GROUPS = (50, 60, 65, 75)
AGE_GROUPS_EXPECTED = N_("an age group: U6 … U20, 50+, 60+, 65+ or 75+")
