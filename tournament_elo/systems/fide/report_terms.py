"""What FIDE's reports show: the event's rating table as FIDE's rating pages print it
(Rtg, K, W, We, the change unrounded and rounded, the new rating, Ra and Rp)."""

from __future__ import annotations

from ..terms import Figure, ReportTerms
from .edition import FideEdition

POINTS = Figure("points", "points", "points", css="num pts")
GAMES = Figure("games_rated", "games_rated", "int")
#: The figures of a player with a rating before the event (blank for the unrated).
EXPECTED = Figure("expected", "expected", "expected", only="rated")
K = Figure("k", "k", "int", only="rated")
CHANGE = Figure("change", "change", "change", only="rated")
ROUNDED = Figure("change_rounded", "change_rounded", "signed", only="rated")
NEW = Figure("new_rating", "new_rating", "int", only="rated")
RA, DP, RP = (Figure(key, key, "int") for key in ("ra", "dp", "rp"))


def report_terms(edition: FideEdition) -> ReportTerms:
    rating = Figure("rating", "rating", "int")
    return ReportTerms(
        start=rating,
        crosstable=(POINTS, Figure("k", "k", "int"), CHANGE,
                    Figure("new_rating", "new_rating", "int"), RP),
        event_report=(rating, GAMES, Figure("score_rated", "score_rated", "points", css="num pts"),
                      EXPECTED, Figure("w_minus_we", "w_minus_we", "expected"), K, CHANGE,
                      ROUNDED, NEW, RA, RP),
        totals=(Figure("rating", "rating", "start"), POINTS, GAMES,
                Figure("score_rated", "score_rated", "points"), EXPECTED,
                Figure("need", "need", "points", only="rated"), K, CHANGE, ROUNDED, NEW,
                RA, DP, RP, Figure("ru", "ru", "int")),
        game_columns=(
            Figure("opponent_rating", "opponent_rating", "int"),
            Figure("difference", "difference", "relative_difference", only="counted",
                   hint="difference_note"),
            Figure("expected", "expected", "expected"),
            Figure("score", "score", "score"),
            Figure("change", "change", "change", only="counted", formula=True, note=True),
        ),
        terminal=(("rank", "rank"), ("id", "id"), ("name", "name"), ("rating", "rating"),
                  ("points", "points"), ("games_rated", "games_rated"),
                  ("score_rated", "score_rated"), ("expected", "expected"), ("k", "k"),
                  ("change", "change"), ("new_rating", "new_rating"), ("need", "need"),
                  ("ra", "ra"), ("dp", "dp"), ("rp", "rp")),
        published={"Rp": ("rp", 0.5), "K": ("k", 0.0), "rtg+/-": ("change", 0.05)},
    )
