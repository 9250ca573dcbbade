"""FIDE's published XML rating lists (``players_list_xml_foa.xml``,
``standard_rating_list.xml`` …).

The root ``<playerslist>`` (FIDE writes no XML declaration before it; one is accepted)
holds a ``<player>`` per player, each field a child element, empty where FIDE has no
value::

    <player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country>
    <sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title>
    <foa_title></foa_title><rating>2823</rating><games>0</games><k>10</k>
    <birthday>1990</birthday><flag></flag></player>

A per-speed list has ``rating``, ``games`` and ``k`` alone; the combined list adds
``rapid_rating``, ``rapid_games``, ``rapid_k`` and the same for blitz, which ``speed``
picks (the first player says which kind of list the file is).  Each field is read by the
rules of the TXT list (:class:`~.fidelist.FideColumns`): the same entries, the same
problems, each at the line of its ``<player>`` and named by its element (``line 7,
column 'rating'``).

The file is parsed a player at a time (the combined list is 856 MB) by lxml, with no DTD
loaded, no entity resolved and nothing fetched: a file whose root is not
``<playerslist>`` (a document type declaration before it, say) is no FIDE list.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from itertools import chain

from ..errors import InputError, Place
from ..model import ListPlaces, RatingList
from . import fidelist
from .text import Readable, decode, read_bytes, read_head

#: The element of each field of :data:`~.fidelist.READ_FIELDS` that has one element at
#: every speed; the rating, games and K are :data:`_SPEED_ELEMENTS`'.
_ELEMENTS = {"id": "fideid", "name": "name", "federation": "country", "sex": "sex",
             "title": "title", "women_title": "w_title", "other_titles": "o_title",
             "foa_title": "foa_title", "birth": "birthday", "flag": "flag"}
_SPEED_ELEMENTS = {
    "standard": {"rating": "rating", "games": "games", "k": "k"},
    "rapid": {"rating": "rapid_rating", "games": "rapid_games", "k": "rapid_k"},
    "blitz": {"rating": "blitz_rating", "games": "blitz_games", "k": "blitz_k"},
}
#: The start of a FIDE XML list: a byte order mark, an XML declaration, the root.
_START = re.compile(rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?<playerslist[\s>/]")
#: The players read together, as the TXT reader reads its lines.
_CHUNK = 256


def is_fide_xml_list(path: Readable) -> bool:
    """Whether the file starts as FIDE's XML list does (``<playerslist>``, perhaps after
    an XML declaration); only its start is read."""
    return _START.match(read_head(path)) is not None


def read_fide_xml_list(
    path: Readable,
    encoding: str | None = None,
    speed: str = "standard",
    *,
    use_list_k: bool = False,
) -> RatingList:
    """Read FIDE's XML rating list, taking the ``speed`` elements of a combined list
    (a per-speed list's ``rating`` is read whatever ``speed`` says, as the TXT reader
    reads its month column).  Entries are :class:`~.fidelist.FideListEntry` values;
    ``encoding`` (a Python codec name) overrides the file's own: its declaration's, else
    UTF-8."""
    if speed not in fidelist.SPEEDS:
        raise InputError("unknown speed for the FIDE list", Place(str(path)), found=repr(speed),
                         expected=" or ".join(fidelist.SPEEDS))
    source = str(path)
    data = read_bytes(path)
    if _START.match(data) is None:
        raise InputError("this is not a FIDE XML rating list", Place(source, line=1),
                         expected="a <playerslist> of <player> elements")
    if encoding is not None:  # the file's bytes read as the user says, parsed as UTF-8
        data = decode(data, source, encoding)[0].encode()
    players = _players(data, source, "utf-8" if encoding else None)
    first = next(players, None)
    combined = first is not None and any(tag.startswith(("rapid_", "blitz_"))
                                         for tag in first[1])
    elements = {**_ELEMENTS, **_SPEED_ELEMENTS[speed if combined else "standard"]}
    order = [elements[key] for key, _ in fidelist.READ_FIELDS]
    reading = fidelist.FideColumns(
        ListPlaces(source, None, {field: elements[key] for key, field in fidelist.READ_FIELDS}),
        use_list_k)
    numbers: list[int] = []
    cut: list[tuple[str, ...]] = []
    for number, texts in chain([first] if first else [], players):
        numbers.append(number)
        cut.append(tuple(texts.get(element, "") for element in order))
        if len(cut) == _CHUNK:
            reading.add(numbers, cut, [])
            numbers, cut = [], []
    reading.add(numbers, cut, [])
    return reading.result()


def _players(data: bytes, source: str, encoding: str | None
             ) -> Iterator[tuple[int, dict[str, str]]]:
    """Each ``<player>``'s line and the text of each of its elements, the document parsed
    as it goes (a player's elements are dropped once read)."""
    from lxml import etree

    parsed = etree.iterparse(io.BytesIO(data), events=("end",), tag="player",
                             encoding=encoding, resolve_entities=False, load_dtd=False,
                             no_network=True)
    try:
        for _, player in parsed:
            yield player.sourceline or 0, {child.tag: (child.text or "") for child in player
                                           if isinstance(child.tag, str)}
            player.clear()
            while player.getprevious() is not None:
                del player.getparent()[0]  # type: ignore[union-attr]
    except etree.XMLSyntaxError as error:
        raise InputError("the XML is not well-formed", Place(source, line=error.lineno),
                         found=error.msg, expected="a <playerslist> of <player> elements"
                         ) from None
