"""The opponents' average Ra of a performance (B.02 8.1(a)): as the ratings are, or
each capped at 400 from the player's own.  Kept apart from :mod:`.performance` so that
the command line offers the choice without importing numpy."""

import enum


class AverageRule(enum.StrEnum):
    PLAIN = "plain"  # opponents' ratings as they are (Swiss-Manager)
    CAPPED = "capped"  # each opponent at most 400 from the player's own rating
