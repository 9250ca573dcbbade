"""The ``tournament-elo`` program (and ``python -m tournament_elo``): :func:`.cli.main`,
with Python's collector set for a command's start-up before anything is imported, and
left out of the interpreter's teardown."""

import gc
import sys

#: Python's collector runs when this many more objects are made than freed (700 by
#: default).  Start-up (click, numpy, the rating systems) makes some 200,000 objects and
#: frees few, and the collector walked them again and again: 2 % of ``rate --format
#: json``'s instructions, more of its time.  A long command's cycles are still collected.
COLLECT_EVERY = 100_000


def run() -> int:
    gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
    from .cli.commands import main

    code = main()
    # Python's teardown would then look through every object for cycles to free: 6 % of
    # ``rate --format json``'s instructions.  The process is ending and the command has
    # closed what it wrote; the objects are freed with it all the same.
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(run())
