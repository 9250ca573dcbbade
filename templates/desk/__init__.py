"""Templates, CSS and script of the arbiter's desk (see tournament_elo.desk)."""
