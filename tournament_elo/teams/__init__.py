"""Team events: teams, the matches their players' games make, team standings and
tie-breaks, board statistics (see :mod:`.model`, :mod:`.standings`, :mod:`.boards`)."""
