"""tournament_elo: rate Swiss and round-robin events exactly as the rating body does.

    >>> import tournament_elo
    >>> event = tournament_elo.read_event("sample_events/held_c07_swiss5.trf")
    >>> result = tournament_elo.rate(event, tournament_elo.RateRequest(system="fide-2024"))
    >>> bruno = tournament_elo.to_json(result)["players"][0]
    >>> bruno["name"], bruno["expected"], bruno["change"], bruno["new_rating"], bruno["rp"]
    ('Bruno', 3.65, 7.0, 2157, 2120)

A :class:`RateRequest` holds every choice of ``tournament-elo rate``, by the option's name
(``tiebreaks``, ``after_round`` for ``--round``, ``date``, ``lots``, ``order``, ...); what it
leaves out is ``rate``'s default, and ``rate(event)`` takes them all:

    >>> after_3 = tournament_elo.rate(event, tournament_elo.RateRequest(
    ...     system="fide-2024", tiebreaks="BH", after_round=3))
    >>> after_3.standings.codes, after_3.rounds_played
    (('BH',), 3)

The command line (``tournament-elo``) is a thin layer over these names.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: The package's version (``pyproject.toml`` reads it from here): ``--version`` prints it
#: without ``importlib.metadata``, whose search of the installed packages cost more than
#: the rest of the command.
__version__ = "0.1.0"

if TYPE_CHECKING:
    from .errors import (
        EventModelError,
        InputError,
        InputWarning,
        Place,
        SystemDefinitionError,
        TournamentEloError,
    )
    from .model import Event, EventType, ListEntry, Pairings, Player, Result, apply_rating_list
    from .rating.engine import RatingResult, rate
    from .rating.request import RateRequest
    from .read.detect import detect_format, read_event
    from .read.prizes import read_prize_table
    from .read.ratinglist import read_rating_list
    from .read.trf import parse_trf, read_trf
    from .render.json import to_json
    from .systems.fide.average_rule import AverageRule
    from .systems.registry import built_in_systems, get_edition, get_system

#: Where each public name lives: a name is imported when first used, so that the command
#: line's ``--help`` (which imports this package) does not load numpy and pandas.
_HOMES = {
    "RatingResult": "rating.engine", "rate": "rating.engine", "RateRequest": "rating.request",
    "EventModelError": "errors", "InputError": "errors", "InputWarning": "errors",
    "Place": "errors", "SystemDefinitionError": "errors", "TournamentEloError": "errors",
    "detect_format": "read.detect", "read_event": "read.detect",
    "read_rating_list": "read.ratinglist", "read_prize_table": "read.prizes",
    "parse_trf": "read.trf", "read_trf": "read.trf",
    "Event": "model", "EventType": "model", "ListEntry": "model", "Pairings": "model",
    "Player": "model", "Result": "model", "apply_rating_list": "model",
    "to_json": "render.json",
    "AverageRule": "systems.fide.average_rule",
    "built_in_systems": "systems.registry", "get_edition": "systems.registry",
    "get_system": "systems.registry",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


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
    "RateRequest",
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
    "read_prize_table",
    "read_rating_list",
    "read_trf",
    "to_json",
]
