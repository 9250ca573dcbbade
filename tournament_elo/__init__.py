"""tournament_elo: rate Swiss and round-robin events exactly as the rating body does.

    >>> import tournament_elo
    >>> event = tournament_elo.read_event("sample_events/held_c07_swiss5.trf")
    >>> result = tournament_elo.rate(event, "fide-2024")
    >>> bruno = tournament_elo.to_json(result)["players"][0]
    >>> bruno["name"], bruno["expected"], bruno["change"], bruno["new_rating"], bruno["rp"]
    ('Bruno', 3.65, 7.0, 2157, 2120)

The command line (``tournament-elo``) is a thin layer over these names.
"""

from .engine import RatingResult, rate
from .errors import (
    EventModelError,
    InputError,
    InputWarning,
    Place,
    SystemDefinitionError,
    TournamentEloError,
)
from .io.detect import detect_format, read_event
from .io.ratinglist import read_rating_list
from .io.trf import parse_trf, read_trf
from .model import Event, EventType, ListEntry, Pairings, Player, Result, apply_rating_list
from .render.json import to_json
from .systems.fide.performance import AverageRule
from .systems.registry import built_in_systems, get_edition, get_system

__all__ = [
    "AverageRule",
    "Event",
    "EventModelError",
    "EventType",
    "InputError",
    "InputWarning",
    "ListEntry",
    "Pairings",
    "Place",
    "Player",
    "RatingResult",
    "Result",
    "SystemDefinitionError",
    "TournamentEloError",
    "apply_rating_list",
    "built_in_systems",
    "detect_format",
    "get_edition",
    "get_system",
    "parse_trf",
    "rate",
    "read_event",
    "read_rating_list",
    "read_trf",
    "to_json",
]
