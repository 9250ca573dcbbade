"""Python's cyclic garbage collector paused while a report is built.

A report's view model and tables are trees of fresh dicts and lists without cycles (a
10,000-player report makes some two million of them); each pass of the collector walks
every one made so far again, and frees none.  Reference counting frees them as before;
the collector runs again once the report is built.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def without_collector(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` run with the cyclic collector paused (if it is running: calls nest)."""
    @functools.wraps(fn)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused
