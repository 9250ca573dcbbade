"""The rapid and blitz variants of an edition (B.02 "rapid and blitz" annex): the plain
400-point rule, and from December 2024 a game with a difference of
:data:`BIG_DIFFERENCE` or more is not rated when either player is above
:data:`BIG_DIFFERENCE_ABOVE`.  Kept apart from :mod:`.edition` (and free of numpy) so
that ``tournament-elo systems`` lists the variants without loading the systems."""

from datetime import date

SPEEDS = ("rapid", "blitz")
BIG_DIFFERENCE = 600
BIG_DIFFERENCE_ABOVE = 2600
BIG_DIFFERENCE_FROM = date(2024, 12, 1)


def variant_name(standard: str, speed: str) -> str:
    return f"{standard}-{speed}"


def standard_name(name: str) -> str:
    """The edition a variant's name is of (:func:`variant_name` undone); any other name
    as it is."""
    for speed in SPEEDS:
        if name.endswith(f"-{speed}"):
            return name.removesuffix(f"-{speed}")
    return name


def variant_description(standard: str, speed: str) -> str:
    """A variant's description from the standard edition's."""
    return (f"{standard} ({speed}: plain 400-point rule, "
            f"{BIG_DIFFERENCE}-point rule from {BIG_DIFFERENCE_FROM:%b %Y})")
