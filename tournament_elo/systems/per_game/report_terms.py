"""What a per-game system's reports show: each game's rating before and after, its
expected score, K and change in the system's own symbols (R + L × K × (S − E) where the
system has a bonus and a multiplier), and the titles or tiers it awards."""

from __future__ import annotations

from ..terms import Figure, ReportTerms
from .definition import EloSystem

POINTS = Figure("points", "points", "points", css="num pts")


def report_terms(system: EloSystem) -> ReportTerms:
    symbol = system.expected_symbol
    start = Figure("start_rating", "rating_before", "rating")
    change = Figure("change_rounded", "change", "rating_change", only="moving")
    new = Figure("new_rating", "new_rating", "rating")
    expected_sum = Figure("expected", "Σ" + symbol, "expected", literal=True, only="played")
    titles: tuple[Figure, ...] = ()
    title_totals: tuple[Figure, ...] = ()
    if system.titles:
        kind = system.title_kind
        titles = (Figure("title_after", f"{kind}_after", "code", css="ttl", head_css="",
                         hint="title"),)
        title_totals = tuple(Figure(f"title_{when}", f"{kind}_{when}", "title_name",
                                    only="moving", wide=True) for when in ("before", "after"))
    term = f"K × (S − {symbol})"
    if system.multiplier is not None:
        term = "L × " + term
    extras = []
    legend = [(symbol, f"expected_{symbol}"), ("K", "k_note"), ("S", "score_note")]
    if system.bonuses:
        extras.append(Figure("bonus", "R", "bonus", literal=True, only="moving",
                             hint="bonus_note"))
        legend.append(("R", "bonus_note"))
    if system.multiplier is not None:
        extras.append(Figure("multiplier", "L", "factor", literal=True, only="moving",
                             hint="multiplier_note"))
        legend.append(("L", "multiplier_note"))
    return ReportTerms(
        start=start,
        crosstable=(POINTS, change, new, *titles),
        event_report=(
            start,
            Figure("games_rated", "games_rated", "int"),
            Figure("score_rated", "score", "points", css="num pts"),
            expected_sum, change, new, *titles,
        ),
        totals=(
            Figure("start_rating", "rating", "rating_move"),
            POINTS,
            Figure("games_rated", "games_rated", "int"),
            Figure("score_rated", "score", "points"),
            expected_sum,
            change,
            Figure("change_sum", "change_sum", "change_sum", only="moving"),
            Figure("pool", "pool", "text"),
            *title_totals,
        ),
        game_columns=(
            Figure("opponent_rating", "opponent_rating", "rating"),
            Figure("rating_before", "rating_before", "rating"),
            Figure("expected", symbol, "expected3", literal=True, hint=f"expected_{symbol}"),
            Figure("k", "K", "int", literal=True, only="moving", hint="k_note"),
            Figure("score", "S", "score", literal=True, hint="score_note"),
            *extras,
            Figure("change", "change", "game_change", only="moving", formula=True, note=True),
            Figure("rating_after", "rating_after", "rating", only="moving"),
        ),
        terminal=(("rank", "rank"), ("id", "id"), ("name", "name"),
                  ("start_rating", "rating_before"), ("points", "points"),
                  ("games_rated", "games_rated"), ("score_rated", "score_rated"),
                  ("expected", "expected"), ("k", "k"), ("change_rounded", "change_rounded"),
                  ("new_rating", "new_rating"), ("title_after", f"{system.title_kind}_after")),
        formula="R + " + term if system.bonuses else term,
        legend=tuple(legend),
        decimals=system.decimals,
        expected_symbol=symbol,
        start_missing="initial",
        series="rating_after",
        titles={t.code: t for t in system.titles},
        fixed={key: name for key, (_, name) in system.fixed_opponents.items()},
        pool_fact=True,
        multiplier=system.multiplier,
    )
