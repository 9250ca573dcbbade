"""A per-game system's rules in words, for ``tournament-elo systems NAME``."""

from __future__ import annotations

from .definition import EloSystem, Rounding


def describe(s: EloSystem) -> str:
    """The system's rules, one line each, under its name."""
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
        f"{s.name}: {s.description}",
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
    lines.append(f"  {s.activity.describe()}")
    if s.source:
        lines.append(f"  source: {s.source}")
    return "\n".join(lines)
