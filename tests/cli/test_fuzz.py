"""The mutation fuzzer (``tests/support/fuzz.py``) as part of the suite: a few hundred seeded
cases over every reader, each exiting 0 or 2 with no traceback, inside 20 s of CPU time
and 1 GB.

The longer run, ``python tests/support/fuzz.py --cases 5000``, is the one the closing notes
quote; the cases it once failed on are kept as files in ``tests/data/bad/`` and run by
``test_bad_input.py``.
"""

from __future__ import annotations

import fuzz  # tests/support/fuzz.py, the script the closing notes run

CASES = 200


def test_every_reader_survives_mutated_input() -> None:
    outcomes = fuzz.fuzz(CASES, seed=20261201)
    failed = [f"case {o.case} ({o.seed}): {o.failed}: {o.message}"
              for o in outcomes if o.failed]
    assert failed == [], "\n".join(failed)
    # Every seed file of every reader was mutated at least a dozen times, and both ways
    # out happened: files still readable (exit 0) and files refused at a place (exit 2).
    seeds = {o.seed for o in outcomes}
    assert len(seeds) == len(fuzz.SEEDS) == 16
    assert {o.code for o in outcomes} == {0, 2}
