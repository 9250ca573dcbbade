"""The words a plain sheet may use: result spellings, win methods, pools, levels, event
keys, AI cells and time controls, in English and Vietnamese.  Kept apart from the reader
so the vocabulary can grow without touching it; the bounds of sane numbers are in
:mod:`.values`, which every reader shares."""

from __future__ import annotations

import re

from ..i18n.message import N_
from ..model import Result, WinMethod

#: Keys of the event sheet (folded) → field.
EVENT_KEYS: dict[str, str] = {
    **dict.fromkeys(("name", "event", "eventname", "tournament", "ten", "tengiai", "giai",
                     "tengiaidau"), "name"),
    **dict.fromkeys(("start", "startdate", "from", "batdau", "ngaybatdau", "tungay"), "start"),
    **dict.fromkeys(("end", "enddate", "to", "ketthuc", "ngayketthuc", "denngay"), "end"),
    **dict.fromkeys(("rounds", "numberofrounds", "nrounds", "sovong"), "rounds"),
    **dict.fromkeys(("type", "eventtype", "system", "pairingsystem", "thethuc", "hinhthuc"),
                    "type"),
    **dict.fromkeys(("city", "place", "location", "venue", "site", "diadiem", "thanhpho"),
                    "city"),
    **dict.fromkeys(("federation", "fed", "liendoan"), "federation"),
    **dict.fromkeys(("chiefarbiter", "arbiter", "trongtai", "trongtaichinh"), "chief_arbiter"),
    **dict.fromkeys(("timecontrol", "tc", "thoigian", "thoigianthidau"), "time_control"),
    **dict.fromkeys(("fideeventid", "eventid", "fideevent", "magiaifide"), "fide_event_id"),
    **dict.fromkeys(("level", "capdo", "capgiai", "capdogiai"), "level"),
    **dict.fromkeys(("pool", "loaico", "theloai", "gametype"), "pool"),
}
#: Field of the event sheet → how a message names its key in an English and in a
#: Vietnamese sheet (each spelling is one of :data:`EVENT_KEYS`).
EVENT_KEY_NAMES: dict[str, tuple[str, str]] = {
    "name": ("name", "Tên giải"), "start": ("start", "Bắt đầu"), "end": ("end", "Kết thúc"),
    "rounds": ("rounds", "Số vòng"), "type": ("type", "Thể thức"),
    "city": ("city", "Địa điểm"), "federation": ("federation", "Liên đoàn"),
    "chief_arbiter": ("chief_arbiter", "Trọng tài chính"),
    "time_control": ("time_control", "Thời gian"),
    "fide_event_id": ("fide_event_id", "Mã giải FIDE"), "level": ("level", "Cấp giải"),
    "pool": ("pool", "Loại cờ"),
}
#: The second cell of the header row above an event sheet's key/value rows (folded):
#: ``key | value``, ``Thông tin | Giá trị``.
VALUE_HEADERS = frozenset(("value", "values", "giatri"))

DRAW = (Result.DRAW, Result.DRAW)
DOUBLE_FORFEIT = (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
#: Result of a game row (spelling normalised by :func:`_result_key`) → (white, black).
GAME_RESULTS: dict[str, tuple[Result, Result]] = {
    **dict.fromkeys(("1-0", "1:0"), (Result.WIN, Result.LOSS)),
    **dict.fromkeys(("0-1", "0:1"), (Result.LOSS, Result.WIN)),
    **dict.fromkeys(("1/2-1/2", "1/2:1/2", "0.5-0.5", "0.5:0.5", "=", "=-="), DRAW),
    **dict.fromkeys(("+/-", "+:-", "+-"), (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)),
    **dict.fromkeys(("-/+", "-:+", "-+"), (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)),
    **dict.fromkeys(("-/-", "-:-"), DOUBLE_FORFEIT),
    # Both declared lost: no points; rated as two losses where the system says so.
    **dict.fromkeys(("0-0", "0:0"), (Result.BOTH_LOST, Result.BOTH_LOST)),
    "": (Result.UNPLAYED, Result.UNPLAYED),
}
#: Result of a bye row (black blank or 'bye') → the bye.  A blank result is a bye
#: whose value is not entered yet: it counts nothing until it is.
BYE_RESULTS: dict[str, Result] = {
    **dict.fromkeys(("1", "1-0", "1:0", "+", "f"), Result.FULL_BYE),
    **dict.fromkeys(("1/2", "0.5", "h", "1/2-0", "0.5-0"), Result.HALF_BYE),
    "u": Result.PAIRING_BYE,
    **dict.fromkeys(("0", "z", "0-0", "0:0"), Result.ZERO_BYE),
    "": Result.UNPLAYED,
}
BYE_WORDS = {"bye", "mien", "miendau"}
DASHES = str.maketrans({"–": "-", "—": "-", "−": "-"})

#: Win methods (folded spellings, English or Vietnamese) → :class:`WinMethod`.
WIN_METHODS: dict[str, WinMethod] = {
    **dict.fromkeys(("", "unknown"), WinMethod.UNKNOWN),
    **dict.fromkeys(("tiencung",), WinMethod.TIEN_CUNG),
    **dict.fromkeys(("chieuha", "checkmate", "mate"), WinMethod.CHIEU_HA),
    **dict.fromkeys(("adjudicated", "adjudication", "xuthang"), WinMethod.ADJUDICATED),
    **dict.fromkeys(("resign", "resigned", "resignation", "dauhang"), WinMethod.RESIGN),
    **dict.fromkeys(("time", "timeout", "hetgio"), WinMethod.TIME),
}
WIN_METHODS_EXPECTED = N_("tien-cung (Tiến Cung), chieu-ha (Chiếu hạ), adjudicated (xử thắng), "
                          "resign (đầu hàng), time (hết giờ), or blank")
#: Pool (game type) names other than the systems' own (folded) → the pool.
POOL_NAMES: dict[str, str] = {
    **dict.fromkeys(("cotuong", "chinesechess"), "xiangqi"),
    **dict.fromkeys(("covay", "weiqi", "baduk"), "go"),
    **dict.fromkeys(("cocaro", "caro"), "gomoku"),
    **dict.fromkeys(("colat", "reversi"), "othello"),
    "coup": "jieqi",
    "conhanh": "rapid",
    "tieuchuan": "standard",
}
POOLS_EXPECTED = N_("a pool name such as xiangqi, jieqi, go, gomoku, othello, standard or rapid "
                    "(or cờ tướng, cờ úp, cờ vây, cờ caro, cờ lật, tiêu chuẩn, cờ nhanh)")
#: Event levels in Vietnamese (folded) → the level setting (Cờ Đông Sơn's L).
LEVEL_NAMES: dict[str, str] = {
    **dict.fromkeys(("caulacbo", "clb", "capclb", "capcaulacbo"), "club"),
    **dict.fromkeys(("giaohuu", "tudo"), "friendly"),
    **dict.fromkeys(("tinh", "captinh"), "province"),
    **dict.fromkeys(("thanhpho", "capthanhpho"), "city"),
    **dict.fromkeys(("quocgia", "toanquoc", "capquocgia"), "national"),
    **dict.fromkeys(("chauluc", "capchauluc"), "continental"),
    **dict.fromkeys(("thegioi", "capthegioi"), "world"),
    **dict.fromkeys(("tapluyen", "luyentap", "diemtapluyen"), "training"),
}
LEVELS_EXPECTED = N_("a level such as club, friendly, province, city, national, continental, "
                     "world or training (or câu lạc bộ, giao hữu, tỉnh, thành phố, quốc gia, "
                     "châu lục, thế giới, tập luyện)")
#: A plain setting value as a rating-system definition spells it.
SETTING_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
#: The player columns of a game row.
SIDES = ("white", "black")
#: An AI opponent's cell: 'AI-3', 'ai 3', 'AI3', 'máy 3', 'AI level 3'; a bare 'AI'/'máy'.
AI_CELL = re.compile(r"^(?:ai|máy)(?:[\s._-]*(?:level|lv|cấp)?[\s._-]*(\d{1,2}))?$")
AI_LEVELS = range(1, 6)
#: A time of day after a date in a date cell: '14:05', '14:05:33', '14:05:33.120'.
TIME_OF_DAY = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?$")
#: Minutes per side: '15', '15.0', "15'", '15 phút', '15 min', '15+10', "15'+10''".
MINUTES = re.compile(
    r"^(\d+)(?:\.0*)?\s*(?:'|′|’|m|min|mins|minutes|p|ph|phut|phút)?"
    r"(?:\s*\+\s*\d+(?:\.\d+)?\s*(?:\"|''|″|s|sec|giây|giay)?)?$"
)
