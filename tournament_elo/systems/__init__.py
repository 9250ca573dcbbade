"""Rating systems, each behind one protocol (:mod:`.protocol`): the FIDE editions
(:mod:`.fide`) and the per-game logistic systems defined by files (:mod:`.per_game`),
found by name in :mod:`.registry`; :mod:`.terms` is what their reports show."""
