"""The words the desk's code says itself, refusing a dropped file (key → English; every
language's from the catalogue); its pages say theirs in their templates."""

from __future__ import annotations

from functools import cache

from ..i18n.catalog import words
from ..i18n.message import N_

DESK_WORDS: dict[str, str] = {
    'dropped_too_large': N_('the file is larger than the upload limit'),
    'dropped_too_many': N_('the desk takes {n} dropped files while it runs '
                            '(serve --max-dropped): this one and the next are '
                            'not kept; give them on the command line'),
    'dropped_too_much': N_('the dropped files would weigh more than {mb} MB '
                            'together (ten times serve --max-upload): this one'
                            ' is not kept'),
    'dropped_kind': N_('a dropped file is an event, a rating list, a rating '
                        'system (.toml), a final order or a prize table'),
}


@cache
def desk_words(lang: str) -> dict[str, str]:
    """The desk's words in ``lang``."""
    return words(DESK_WORDS, lang)
