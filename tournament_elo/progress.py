"""Progress bars for long work: shown on a terminal, silent in pipes and files, and
when the command line is asked to be quiet (``-q``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

#: Whether the command line says nothing but warnings and errors (``-q``): no progress
#: bars, no notes.
quiet: ContextVar[bool] = ContextVar("quiet", default=False)


@dataclass
class Progress:
    """What long-running library functions call: ``total(n)`` once it knows how much
    work there is, then ``advance(k)`` as it goes."""

    total: Callable[[int], None]
    advance: Callable[[int], None]


def _nothing(_: int) -> None:
    return None


@contextmanager
def progress_bar(label: str, enabled: bool | None = None) -> Iterator[Progress]:
    """A rich progress bar on standard error when it is a terminal, unless :data:`quiet`
    (or if ``enabled``)."""
    if enabled is None:
        enabled = sys.stderr.isatty() and not quiet.get()
    if not enabled:
        yield Progress(_nothing, _nothing)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as RichProgress

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    with RichProgress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None)
        yield Progress(lambda n: bar.update(task, total=n),
                       lambda k: bar.advance(task, k))
