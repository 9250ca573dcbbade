"""The FIDE Rating Regulations (B.02), each rule in a file named after it:

- :mod:`.edition`: an edition's rules as data, and K;
- :mod:`.tables`: the two tables, 8.1(a) and 8.1(b);
- :mod:`.rated_games`: which games are rated, and the 400-point rule;
- :mod:`.event`: the computation of rated games (an event, or a period's events);
- :mod:`.period`: a rating period, with the 26-month pool and the 2024 raise;
- :mod:`.first_rating`: an unrated player's first rating;
- :mod:`.performance`: Ra, dp, Rp;
- :mod:`.norms`: title norms (B.01);
- :mod:`.figures`, :mod:`.report_terms`, :mod:`.describe`: what the reports show;
- :mod:`.system`: all of it behind the rating-system protocol.
"""
