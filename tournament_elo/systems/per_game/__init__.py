"""Per-game logistic rating systems from a definition file (Tượng Kỳ, Cờ Đông Sơn,
Thiên Kỳ Đạo, a club's own):

- :mod:`.definition`: the definition schema;
- :mod:`.games`: which games of an event are rated, with their bonus and multiplier;
- :mod:`.schedule`: the order they are rated in (chunks and waves);
- :mod:`.update`: the update loop;
- :mod:`.figures`, :mod:`.report_terms`, :mod:`.describe`: what the reports show;
- :mod:`.system`: all of it behind the rating-system protocol.
"""
