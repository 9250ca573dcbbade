"""Words the code shows to people: the reports' and the terminal table's, the published
site's and ``check``'s, as tables of key → English; every language's are the catalogue's
(:mod:`.catalog`).  A word only a page says is in its template
(``render/templates``, through Jinja's i18n extension), in the same catalogue."""

from __future__ import annotations

from functools import cache

from ..errors import InputError, Place
from .catalog import LANGUAGES, words
from .message import N_, NC_, alternatives

#: The words of the reports' tables, figures and facts (HTML, terminal, CSV, XLSX, the
#: page's script): key → English.
REPORT_WORDS: dict[str, str] = {
    'rank': N_('Rk.'),
    'id': N_('No.'),
    'name': N_('Name'),
    'title': N_('Title'),
    'fide_id': N_('FIDE id'),
    'federation': N_('Fed.'),
    'rating': N_('Rtg'),
    'points': N_('Pts.'),
    'games_rated': NC_('labels:games_rated', 'Games'),
    'score_rated': NC_('labels:score_rated', 'W'),
    'expected': N_('We'),
    'k': N_('K'),
    'change': N_('Change'),
    'change_rounded': N_('Change (rounded)'),
    'new_rating': N_('New rating'),
    'need': N_('Needs'),
    'ra': N_('Ra'),
    'p': N_('p %'),
    'dp': N_('dp'),
    'rp': N_('Rp'),
    'ru': N_('First rating'),
    'round': N_('Rd.'),
    'opponent': N_('Opponent'),
    'opponent_rating': N_('Opp. rating'),
    'difference': N_('Diff.'),
    'score': N_('Score'),
    'color': N_('Colour'),
    'rated': N_('Rated'),
    'after_round': N_('after round'),
    'rating_report': N_('Rating report'),
    'system': N_('Rating system'),
    'event': N_('Event'),
    'dates': N_('Dates'),
    'rounds': N_('Rounds'),
    'type': N_('Type'),
    'swiss': N_('Swiss system'),
    'round-robin': N_('Round robin'),
    'players': NC_('labels:players', 'Players'),
    'games': NC_('labels:games', 'Games'),
    'unrated': N_('unrated'),
    'not_rated': N_('not rated'),
    'city': NC_('labels:city', 'Place'),
    'total': N_('Total'),
    'chief_arbiter': N_('Chief arbiter'),
    'time_control': N_('Time control'),
    'date_format': N_('%Y-%m-%d'),
    'bye': NC_('labels:bye', 'bye'),
    'half_bye': N_('half-point bye'),
    'full_bye': N_('full-point bye'),
    'pairing_bye': N_('pairing-allocated bye'),
    'zero_bye': N_('not paired'),
    'forfeit_win': N_('won by forfeit'),
    'forfeit_loss': N_('lost by forfeit'),
    'short_game': N_('game of less than one move'),
    'not_played': N_('not played yet'),
    'for_first_rating': N_('counts for the first rating'),
    'standings': N_('Standings'),
    'back_to_standings': N_('back to the standings'),
    'no_games': N_('no games'),
    'change_formula': N_('K × (score − We)'),
    'difference_note': N_("own rating − opponent's"),
    'rating_before': N_('Rtg before'),
    'rating_after': N_('Rtg after'),
    'pool': N_('Pool'),
    'level': N_('Level'),
    'initial': N_('initial rating'),
    'ai_level': N_('AI level {level}'),
    'change_sum': N_('Σ game changes'),
    'both_lost': N_('both declared lost'),
    'title_before': N_('Title before'),
    'title_after': N_('Title after'),
    'tier_before': N_('Tier before'),
    'tier_after': N_('Tier after'),
    'expected_E': N_('expected score'),
    'expected_P': N_('probability of winning'),
    'k_note': N_('K factor'),
    'score_note': N_('score: win 1, draw ½, loss 0'),
    'bonus_note': N_('result bonus (Tiến Cung win)'),
    'multiplier_note': N_('level factor'),
    'level_by_time': N_("L from each game's thinking time: {below} under "
                         '{minutes} minutes per side, {above} from {minutes}'),
    'tiebreak': N_('tie-break (FIDE C.07)'),
    'tiebreak_rules': N_('Tie-breaks'),
    'tiebreak_edition': N_('FIDE C.07, {}'),
    'rules_2026': N_('as amended from 1 March 2026'),
    'rules_2024': N_('as amended from 1 April 2024'),
    'rules_2023': N_('2023 edition (from 1 September 2023)'),
    'rules_pre2023': N_('before 2023'),
    'score_by_round': N_('Score after each round'),
    'rating_by_game': N_('Rating after each game'),
    'game': N_('Game'),
    'board': N_('Bd.'),
    'white': N_('White'),
    'black': N_('Black'),
    'result': N_('Result'),
    'norm_forecast': N_('needs {points} from the {remaining} rounds to come, '
                         'against opponents rated {rating} on average'),
    'norm_to_come': N_('Still needed'),
    'norm': N_('Norm'),
    'norm_exempt': N_('Federation mix: exempt under B.01 {article} ({event})'),
    'norm_games': N_('{value} games, needs {bound}'),
    'norm_score': N_('score {value}, needs {bound} (35 %)'),
    'norm_performance': N_('performance {value}, needs {bound}'),
    'norm_average': N_('average {value}, needs {bound}'),
    'norm_foreign_federations': N_('{value} federations other than his own, '
                                    'needs {bound}'),
    'norm_own_federation': N_('{value} opponents from his own federation, at '
                               'most {bound} (3/5)'),
    'norm_one_federation': N_('{value} opponents from one federation, at most'
                               ' {bound} (2/3)'),
    'norm_titled': N_('{value} opponents titled, needs {bound} (50 %)'),
    'norm_title_holders': N_('{value} opponents holding the title or better, '
                              'needs {bound} (1/3)'),
    'norm_short': N_('{n} short'),
    'norm_too_many': N_('{n} too many'),
    'w_minus_we': N_('W − We'),
    'white_no': N_('White No.'),
    'black_no': N_('Black No.'),
    'met': N_('Met'),
    'white_rating': N_('White Rtg'),
    'black_rating': N_('Black Rtg'),
    'white_points': N_('White Pts. before'),
    'black_points': N_('Black Pts. before'),
    'failed': N_('Failed conditions'),
    'prizes': N_('Prizes'),
    'prize': N_('Prize'),
    'prize_label': N_('Award'),
    'amount': N_('Amount'),
    'shared_with': N_('Shared with'),
    'nobody': N_('not awarded'),
    'one_per_player': N_('one prize per player'),
    'sharing_tiebreak': N_('ties decided by the tie-breaks'),
    'sharing_split': N_('tied players share the prizes they occupy'),
    'sharing_hort': N_('tied players share half of the prizes they occupy, the other '
                       'half by the tie-breaks (Hort system)'),
    'period_note': N_('{n} events in the rating period {period} ({events}): '
                       'the list counts them together, {before} → {after}'),
}


def labels(lang: str) -> dict[str, str]:
    """The reports' words in ``lang``."""
    return _in(REPORT_WORDS, lang)


#: The words of the published site that its code says (the title, the chart, an event's
#: type, a page not made): key → English.  Its event pages are reports.
_SITE: dict[str, str] = {
    'site': NC_('site:site', 'Rating list'),
    'chart': N_('Rating by list date'),
    'chart_of': N_('Rating history of'),
    'published_list': N_('Published list'),
    'not_rated_yet': N_('it was imported after the lists were computed: run '
                         "'tournament-elo db recompute'"),
    'swiss': N_('Swiss'),
    'round-robin': N_('Round robin'),
    'inactive_players': N_('Inactive players'),
    'women': N_('Women'),
    'under': N_('Under {n}'),
    'girls_under': N_('Girls under {n}'),
    'over': N_('{n} and over'),
    'women_over': N_('Women {n} and over'),
    'section_age': N_('Age and sex'),
    'section_federation': N_('Federations'),
    'section_club': N_('Clubs'),
    'section_region': N_('Regions'),
    'male': N_('male'),
    'female': N_('female'),
}

#: The words of ``tournament-elo check``: key → English.
_CHECK: dict[str, str] = {
    'disagreement': N_('player {player} ({name}): {what} published '
                        '{published}, computed {computed}'),
    'points': N_('points'),
    'rank': N_('rank'),
    'summary': N_('{agree} of {compared} published values agree'),
    'ranked_by': N_('ranks compared with the tie-breaks {codes}'),
    'not_compared': N_('not compared:'),
    'variable': N_('the legend does not say which results are cut; give '
                    '--tiebreaks'),
    'unknown': N_('not a tie-break this version computes; give --tiebreaks if'
                   ' it is one'),
    'no_legend': N_('no legend names it; give --tiebreaks'),
    'not_given': N_('--tiebreaks gives no tie-break for it'),
    'after_unknown': N_('DE counts the tie-breaks before it, and one of them '
                         'is not known'),
    'de_split': N_('{values} values where DE splits a tie (what Swiss-Manager'
                    ' prints there is not known)'),
    'not_computed': N_('not computed by this version'),
}


def site_labels(lang: str) -> dict[str, str]:
    return _in(_SITE, lang)


def check_labels(lang: str) -> dict[str, str]:
    return _in(_CHECK, lang)


def _in(table: dict[str, str], lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise InputError("unknown language", Place("--lang"), found=repr(lang),
                         expected=alternatives(LANGUAGES))
    return _cached(id(table), lang)


@cache
def _cached(table: int, lang: str) -> dict[str, str]:
    return words(_TABLES[table], lang)


_TABLES = {id(table): table for table in (REPORT_WORDS, _SITE, _CHECK)}
