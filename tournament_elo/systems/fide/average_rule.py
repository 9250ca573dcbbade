"""The opponents' average Ra of a performance (B.02 8.1(a)): as the ratings are, or
each capped at 400 from the player's own; and whether an unrated opponent counts in it.
Kept apart from :mod:`.performance` so that the command line offers the choices without
importing numpy."""

import enum


class AverageRule(enum.StrEnum):
    PLAIN = "plain"  # opponents' ratings as they are (Swiss-Manager)
    CAPPED = "capped"  # each opponent at most 400 from the player's own rating


class UnratedOpponents(enum.StrEnum):
    EXCLUDE = "exclude"  # rated opponents only (FIDE's rating pages, Vega, Swiss-Manager)
    FLOOR = "floor"  # at the floor if he scored a point (seed 002)


#: The FIDE systems' setting (``--unrated-opponents``, ``--set unrated-opponents=…``).
UNRATED_OPPONENTS_SETTING = "unrated-opponents"
