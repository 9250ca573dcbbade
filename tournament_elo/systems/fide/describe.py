"""A FIDE edition's rules in words, for ``tournament-elo systems NAME``."""

from __future__ import annotations

from .edition import DifferenceRule, FideEdition, JuniorRule, NewPlayerRule


def describe(e: FideEdition) -> str:
    """The edition's rules, one line each, under its name."""
    junior = {
        JuniorRule.NONE: "",
        JuniorRule.UNDER_18: f"; juniors {e.k_new} until their 18th birthday while below "
        f"{e.junior_ceiling}",
        JuniorRule.YEAR_OF_18: f"; juniors {e.k_new} until the end of the year of their 18th "
        f"birthday while below {e.junior_ceiling}",
    }[e.junior]
    difference = {
        DifferenceRule.CAP_400: "a difference of more than 400 counts as 400",
        DifferenceRule.ONCE_PER_EVENT: "a difference of more than 400 counts as 400, for the "
        "higher-rated player only in his game with the largest difference",
        DifferenceRule.CAP_400_BELOW_2650: "a difference of more than 400 counts as 400 for "
        "players rated below 2650",
    }[e.difference]
    first = {
        NewPlayerRule.BONUS_12_5: "Ra + dp; from 50 %, Ra + 12.5 per half point above 50 %",
        NewPlayerRule.PERFORMANCE: "Ra + dp",
        NewPlayerRule.BONUS_20: "Ra + dp; at 50 % Ra; above, Ra + 20 per half point above",
        NewPlayerRule.TWO_DRAWS_1800: "Ra + dp with two hypothetical 1800 opponents drawn",
    }[e.new_player]
    lines = [
        f"{e.name}: {e.description}",
        f"  in force from {e.in_force_from.isoformat()} ({e.speed})",
        "  expected score: FIDE table 8.1(b), in hundredths",
        f"  K: {e.k_new} until {e.k_established_from_games} games{junior}; {e.k_established} "
        f"below 2400; {e.k_top} once 2400 is reached",
        f"  difference rule: {difference}",
        "  change: K × Σ(score − PD) per event, rounded half away from zero",
        f"  rating floor: {e.floor}",
        f"  first ratings: {first}; from {e.new_player_min_games} games against rated "
        f"opponents and {e.new_player_min_points} points",
    ]
    if e.k_times_games_cap:
        lines.insert(5, f"  K × games in a period at most {e.k_times_games_cap}")
    if e.first_rating_cap:
        lines.append(f"  a first rating is at most {e.first_rating_cap}")
    if e.big_difference_unrated_from:
        lines.append("  from " + e.big_difference_unrated_from.isoformat() + ", a game with a "
                     "difference of 600 or more is not rated when either player is above 2600")
    lines.append(f"  {e.activity.describe()}")
    return "\n".join(lines)
