"""Starting the desk: the server (uvicorn) with the file watching (watchfiles), and the
``watch`` loop that keeps a report folder up to date."""

from __future__ import annotations

import ipaddress
import os
import socket
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import anyio

from ..errors import TournamentEloError
from ..i18n.message import message
from ..i18n.messages import prefix, say
from .app import Changes, DropBounds, create_app
from .state import Desk, GivenFiles, Options, error_lines, rate_file

#: watchfiles' settings: changes gathered for 50 ms (a pairing program writes a file in
#: several steps), the notifier looked at every 20 ms; and every 0.5 s the watching
#: comes back to see whether a file of a new folder was opened.
DEBOUNCE_MS = 50
STEP_MS = 20
RECHECK_MS = 500


def work_folder() -> Path:
    """The desk's own folder (dropped files, the options of each event)."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "tournament-elo" / "desk"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def follow(desk: Desk, changes: Changes, stop: anyio.Event) -> None:
    """Re-read every event whose file (or rating list, system, final order or prize table)
    changed, then wake the pages."""
    from watchfiles import awatch

    while not stop.is_set():
        folders = desk.folders()
        if not folders:
            with anyio.move_on_after(RECHECK_MS / 1000):
                await stop.wait()
            continue
        async for batch in awatch(*folders, stop_event=stop, debounce=DEBOUNCE_MS,
                                  step=STEP_MS, rust_timeout=RECHECK_MS,
                                  yield_on_timeout=True, recursive=False):
            changed = {Path(name).resolve() for _, name in batch}
            lists = {key for key, path in desk.lists.items() if path in changed}
            systems = {key for key, path in desk.systems.items() if path in changed}
            orders = {key for key, path in desk.orders.items() if path in changed}
            prizes = {key for key, path in desk.prizes.items() if path in changed}
            touched = [e for e in list(desk.events.values()) if e.files & changed
                       or e.options.ratings in lists or e.options.system in systems
                       or e.options.order in orders or e.options.prizes in prizes]
            for event in touched:
                await anyio.to_thread.run_sync(event.load, desk.given)
            if touched:
                changes.notify()
            if desk.folders() != folders:
                break


def serve(targets: Sequence[Path], host: str, port: int, desk: Desk, drops: DropBounds,
          echo: Callable[[str, bool], None]) -> None:
    """Open the events, then serve them until interrupted (``echo(text, err)`` speaks)."""
    import uvicorn

    for target in targets:
        opened = desk.open_folder(target) if target.is_dir() else [desk.open(target)]
        for event in opened:
            for line in event.problems():
                echo(f"{prefix('error', event.options.lang)}: {line}", True)
    readonly = not is_loopback(host)
    app = create_app(desk, readonly, follow, drops)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.create_server((host, port), family=family)
    # An answer's headers and body are two writes: without TCP_NODELAY the body waits for
    # the browser's delayed acknowledgement (40 ms on Linux).  asyncio sets it only on a
    # socket whose protocol number is TCP's, and create_server leaves it 0; the accepted
    # connections take it from the listening socket.
    listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    bound = listening.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=1)
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    echo(say(message("serving {} (Ctrl+C stops)", f"http://{shown}:{bound}/"), desk.lang),
         False)
    uvicorn.Server(config).run(sockets=[listening])


def watch_reports(path: Path, out: Path, options: Options, given: GivenFiles,
                  echo: Callable[[str, bool], None], stop: threading.Event | None = None
                  ) -> None:
    """Write the report set of ``path`` into ``out`` now and after every change of the
    file (or of the rating list, final order or prize table it is rated with); bad input
    is said as ``rate`` says it, and the folder keeps the last good set.  ``given`` names the files
    ``options`` stand for (``options.lots`` is a seed: the lots stay the same at each
    change)."""
    from watchfiles import watch

    from ..read.sheet_files import input_files
    from ..render.report import write_reports

    inputs = [*input_files(path), *given.paths()]
    watched = {p.resolve() for p in inputs}

    def once() -> None:
        try:
            result, _ = rate_file(path, options, given)
            written = write_reports(result, out, options.lang, inputs)
        except (TournamentEloError, OSError) as exc:
            for line in error_lines(exc, options.lang):
                echo(f"{prefix('error', options.lang)}: {line}", True)
            return
        echo(say(message("wrote {} files to {} (after round {})", len(written), out,
                         result.event.rounds_played), options.lang), False)

    once()
    for batch in watch(*{p.parent for p in watched}, debounce=DEBOUNCE_MS, step=STEP_MS,
                       recursive=False, stop_event=stop):
        if {Path(name).resolve() for _, name in batch} & watched:
            once()
