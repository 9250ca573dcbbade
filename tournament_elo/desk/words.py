"""The desk's own words (key → English; every language's from the catalogue), beside the
report's (:mod:`..i18n.labels`)."""

from __future__ import annotations

from functools import cache

from ..i18n.catalog import words
from ..i18n.labels import labels
from ..i18n.message import N_, NC_

DESK_WORDS: dict[str, str] = {
    'desk': N_("Arbiter's desk"),
    'open_hint': N_('Drop event files (TRF, sheet, PGN, chess-results page), '
                     'rating lists, rating systems (.toml) or final orders on '
                     'the page, or choose one:'),
    'open_event': N_('Open an event'),
    'open_list': N_('Add a rating list'),
    'open_system': N_('Add a rating system (.toml)'),
    'wall': N_('Wall'),
    'print': N_('Print'),
    'report_zip': N_('Reports (ZIP)'),
    'trf_submission': N_('TRF for rating submission'),
    'tiebreaks_default': N_('usual'),
    'rules_in_force': N_('in force'),
    'no_list': N_('none'),
    'rating_list': NC_('desk:rating_list', 'Rating list'),
    'language': N_('Language'),
    'apply': N_('Apply'),
    'tiebreak_codes': N_('Tie-breaks'),
    'rules_edition': N_('C.07 edition'),
    'show_round': N_('After round'),
    'after_round_k': N_('Standings after round {k}'),
    'last_round': N_('last played'),
    'event_date': N_('Date (where the file has none)'),
    'lots': N_('Lots'),
    'lots_hint': N_('seed, or draw'),
    'final_order': N_('Final order'),
    'as_in_file': N_('as in the file'),
    'open_order': N_('Add a final order (start numbers)'),
    'norm_event': N_('Norm event'),
    'unrated_rating': N_('Unrated in tie-breaks at'),
    'left_out': N_('left out'),
    'unrated_opponents': N_('Unrated opponents in Ra'),
    'average_rule': N_("Opponents' average"),
    'problems': N_('The file as it is now cannot be read; the last good '
                    'standings stay shown.'),
    'no_good_state': N_('Nothing to show until the file can be read.'),
    'live_rating': N_('Live rating'),
    'still_needed': N_('Still to score'),
    'hold_note': N_('Needs: the score over the games played that keeps the '
                     'rating (We up to a half point); still to score: what is '
                     'missing of it.'),
    'next_round': N_('Pairings of round {k}'),
    'norms_in_reach': N_('Norms in reach'),
    'read_only': N_('Read-only: this page is served to the network.'),
    'dropped_too_large': N_('the file is larger than the upload limit'),
    'dropped_too_many': N_('the desk takes {n} dropped files while it runs '
                            '(serve --max-dropped): this one and the next are '
                            'not kept; give them on the command line'),
    'dropped_too_much': N_('the dropped files would weigh more than {mb} MB '
                            'together (ten times serve --max-upload): this one'
                            ' is not kept'),
    'dropped_kind': N_('a dropped file is an event, a rating list, a rating '
                        'system (.toml) or a final order'),
    'nothing': N_('No event is open yet.'),
}


@cache
def desk_words(lang: str) -> dict[str, str]:
    """The report's words and the desk's, in ``lang``."""
    return {**labels(lang), **words(DESK_WORDS, lang)}
