"""Templates, CSS and JavaScript of the published web site (see tournament_elo.publish)."""
