"""Waiting for processes a test's child leaves behind, without a clock: the test takes
the orphans of its descendants as their parent (Linux's child subreaper) and waits for
each, so a test ends when they do, however loaded the machine."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterator
from contextlib import contextmanager

#: prctl's option that makes a process the parent of its descendants' orphans.
PR_SET_CHILD_SUBREAPER = 36


def _set_subreaper(on: bool) -> None:
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0):
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


@contextmanager
def orphans_adopted() -> Iterator[None]:
    """Within the block, a process this one starts that dies before its own children
    leaves them to this process (not to init), to be waited for by :func:`wait_for`."""
    _set_subreaper(True)
    try:
        yield
    finally:
        _set_subreaper(False)


def wait_for(pid: int) -> None:
    """Block until ``pid``, a child or an adopted orphan of this process, has ended
    (``pid`` negative: every process of that process group)."""
    while True:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            return
        if pid > 0:
            return
