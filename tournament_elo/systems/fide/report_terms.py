"""What FIDE's reports show: the event's rating table as FIDE's rating pages print it
(Rtg, K, W, We, the change unrounded and rounded, the new rating, Ra and Rp)."""

from __future__ import annotations

from ..terms import Figure, ReportTerms
from .edition import FideEdition

POINTS = Figure("points", "points", "points", css="num pts")


def report_terms(edition: FideEdition) -> ReportTerms:
    rating = Figure("rating", "rating", "int")
    return ReportTerms(
        start=rating,
        crosstable=(
            POINTS,
            Figure("k", "k", "int"),
            Figure("change", "change", "change", only="rated"),
            Figure("new_rating", "new_rating", "int"),
            Figure("rp", "rp", "int"),
        ),
        event_report=(
            rating,
            Figure("games_rated", "games_rated", "int"),
            Figure("score_rated", "score_rated", "points", css="num pts"),
            Figure("expected", "expected", "expected", only="rated"),
            Figure("w_minus_we", "w_minus_we", "expected"),
            Figure("k", "k", "int", only="rated"),
            Figure("change", "change", "change", only="rated"),
            Figure("change_rounded", "change_rounded", "signed", only="rated"),
            Figure("new_rating", "new_rating", "int", only="rated"),
            Figure("ra", "ra", "int"),
            Figure("rp", "rp", "int"),
        ),
        totals=(
            Figure("rating", "rating", "start"),
            POINTS,
            Figure("games_rated", "games_rated", "int"),
            Figure("score_rated", "score_rated", "points"),
            Figure("expected", "expected", "expected", only="rated"),
            Figure("need", "need", "points", only="rated"),
            Figure("k", "k", "int", only="rated"),
            Figure("change", "change", "change", only="rated"),
            Figure("change_rounded", "change_rounded", "signed", only="rated"),
            Figure("new_rating", "new_rating", "int", only="rated"),
            Figure("ra", "ra", "int"),
            Figure("dp", "dp", "int"),
            Figure("rp", "rp", "int"),
            Figure("ru", "ru", "int"),
        ),
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
