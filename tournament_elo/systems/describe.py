"""A rating system's rules in words, for ``tournament-elo systems NAME``."""

from __future__ import annotations

from .definition import EloSystem, Rounding
from .fide import DifferenceRule, FideEdition, JuniorRule, NewPlayerRule


def describe(system: FideEdition | EloSystem) -> str:
    lines = [f"{system.name}: {system.description}"]
    lines += _fide(system) if isinstance(system, FideEdition) else _elo(system)
    return "\n".join(lines)


def _fide(e: FideEdition) -> list[str]:
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
        lines.insert(4, f"  K × games in a period at most {e.k_times_games_cap}")
    if e.first_rating_cap:
        lines.append(f"  a first rating is at most {e.first_rating_cap}")
    if e.big_difference_unrated_from:
        lines.append("  from " + e.big_difference_unrated_from.isoformat() + ", a game with a "
                     "difference of 600 or more is not rated when either player is above 2600")
    return lines


def _elo(s: EloSystem) -> list[str]:
    def band_text(value: object, below: float | None, previous: float | None) -> str:
        if below is None:
            return f"{value} from {previous:g}" if previous is not None else f"{value}"
        return f"{value} below {below:g}"

    bands, previous = [], None
    for band in s.k_bands:
        bands.append(band_text(band.value, band.below, previous))
        previous = band.below
    basis = "rating before the game" if s.k_by == "rating" else "games played in the pool"
    rounding = "kept as computed" if s.rounding is Rounding.NONE else (
        f"{s.rounding.value} to {s.decimals} decimal{'s' if s.decimals != 1 else ''}")
    clamp = "" if (s.expected_min, s.expected_max) == (0.0, 1.0) else (
        f", kept within [{s.expected_min:g}, {s.expected_max:g}]")
    lines = [
        f"  pools: {', '.join(s.pools)}; initial rating {s.initial_rating:g}",
        f"  expected score: 1 / (1 + 10^((opponent − own) / {s.divisor:g})){clamp}",
        f"  K by {basis}: {'; '.join(bands)}",
        f"  update: {s.timing.value}; new rating {rounding}",
    ]
    formula = "R + L × K × (S − E)" if (s.bonuses or s.multiplier) else "K × (S − E)"
    lines.append(f"  change per game: {formula}")
    for bonus in s.bonuses:
        lines.append(f"  R: a {bonus.method.name.lower().replace('_', '-')} win with "
                     f"{bonus.side}: winner {bonus.winner:+g}, loser {bonus.loser:+g}")
    if s.multiplier:
        m = s.multiplier
        values = ", ".join(f"{k} {v:g}" for k, v in m.values.items())
        lines.append(f"  L from --set {m.setting}= (default {m.default}): {values}")
        if m.by_time_control:
            lines.append(f"  {m.setting}={m.by_time_control}: L {m.below:g} under "
                         f"{m.minutes_threshold} minutes per side, {m.from_threshold:g} from it")
    if s.both_lost_rated:
        lines.append("  a game both players lost (0-0) is rated as a loss for both")
    if s.pools_without_draws:
        lines.append(f"  no draws in: {', '.join(s.pools_without_draws)}")
    for key, (rating, name) in s.fixed_opponents.items():
        lines.append(f"  fixed opponent {key} ({name}): rating {rating:g}, never changes")
    for title in s.titles:
        bound = f"below {title.below:g}" if title.below is not None else "the top"
        note = f" ({title.note})" if title.note else ""
        lines.append(f"  title {title.code}: {title.name}{note}, {bound}")
    if s.source:
        lines.append(f"  source: {s.source}")
    return lines
