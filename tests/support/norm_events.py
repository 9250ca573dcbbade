"""Title-norm events built in code, with their numbers by hand, for the norm tests and the
reports that show norms."""

from __future__ import annotations

from dataclasses import replace

from helpers import make_event
from tournament_elo.model import Event


def home_event(settings: dict[str, str] | None = None, federation: str | None = None,
               feds: list[str] | None = None) -> Event:
    """test_gm_norm_met's games (Ra 2428, Rp 2648), the opponents from ``feds``."""
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t}
                for f, t in zip(feds or HOME, GM_TITLES, strict=True)]
    games = [(r, 1, r + 1, res) for r, res in enumerate("====11111", start=1)]
    event = make_event([2300, *MET_RATINGS], games, players=players, settings=settings)
    return replace(event, federation=federation)


ALL_HOME_FAILURES = [
    # 0 foreign federations, 2 needed; 9 of 9 from VIE: at most 3/5 of 9 -> 5 and at
    # most 2/3 of 9 = 6 from any one federation.
    "0 federations other than VIE, needs 2: 2 short",
    "9 of 9 opponents from VIE (3/5), at most 5: 4 too many",
    "9 of 9 opponents from VIE (2/3), at most 6: 3 too many",
]


def gm_norm_event():
    """tests/systems/test_norms.py's test_gm_norm_met: player 1 (VIE) makes a GM norm."""
    ratings = [2500, 2500, 2450, 2450, 2450, 2400, 2400, 2400, 2300]
    feds = ["GER"] * 3 + ["FRA"] * 3 + ["VIE"] * 3
    titles = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", None]
    players: list[dict[str, object]] = [{"federation": "VIE"}]
    players += [{"federation": f, "title": t} for f, t in zip(feds, titles, strict=True)]
    games = [(r, 1, r + 1, res) for r, res in enumerate("====11111", start=1)]
    return make_event([2300, *ratings], games, players=players)


GM_TITLES = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", None]


MET_RATINGS = [2500, 2500, 2450, 2450, 2450, 2400, 2400, 2400, 2300]  # test_gm_norm_met's


HOME = ["VIE"] * 9  # nine opponents from the player's own federation
