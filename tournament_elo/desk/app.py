"""The desk as a Starlette application: an event's views, its live updates (server-sent
events), the options form, dropped files and the downloads.

Only the files given on the command line or dropped on the page are ever read: a URL
names an opened event by its number, the options form a system or a rating list by its
name, never a path.  What the page may drop is bounded (:class:`DropBounds`): a dropped
file goes to disk as it comes, never whole in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from ..errors import InputError
from ..render.html import asset
from .pages import READ_ONLY_VIEWS, VIEWS, fragment, page, report_zip, submission_trf
from .state import Desk, DeskEvent, Options, error_lines
from .words import desk_words

#: How long a live page waits in silence before a keep-alive comment (seconds).
KEEP_ALIVE = 15.0
#: The names a page served on loopback is reached by.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
#: A megabyte: the bounds are said in MB.
MB = 1024 * 1024
#: The largest file the page takes (bytes) unless ``serve --max-upload`` says otherwise.
MAX_UPLOAD = 20 * MB
#: How many files the page may drop while the desk runs, unless ``serve --max-dropped``
#: says otherwise: an event folder's files, many times over.
MAX_DROPPED = 100
#: The most the dropped files may weigh together, in largest files.
TOTAL_UPLOADS = 10
#: What a dropped file is: an event, a rating list, a system definition file (.toml), an
#: arbiter's final order or a prize table; each but the event is the field of the options
#: it fills.
DROP_KINDS = ("event", "ratings", "system", "order", "prizes")


class _Refused(Exception):
    """A dropped file past the bounds: what the page says, with its HTTP status."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


@dataclass
class DropBounds:
    """The bounds of what the page may drop while the desk runs, and what it has taken.

    A file's place and its bytes are counted as they come, so that files dropped at
    the same time stay within the bounds together.
    """

    file_bytes: int = MAX_UPLOAD
    files: int = MAX_DROPPED
    total_bytes: int = TOTAL_UPLOADS * MAX_UPLOAD
    taken_files: int = 0
    taken_bytes: int = 0

    def admit(self, declared: int, words: dict[str, str]) -> None:
        """Take a place for a file of ``declared`` bytes (0: not said), or refuse it
        before a byte of it is read."""
        if self.taken_files >= self.files:
            raise _Refused(429, words["dropped_too_many"].format(n=self.files))
        self._check(declared, self.taken_bytes + declared, words)
        self.taken_files += 1

    def count(self, size: int, chunk: int, words: dict[str, str]) -> None:
        """Count the ``chunk`` bytes that make the file ``size`` bytes so far."""
        self.taken_bytes += chunk
        self._check(size, self.taken_bytes, words)

    def give_back(self, size: int) -> None:
        """The place and the ``size`` bytes of a file that was not kept."""
        self.taken_files -= 1
        self.taken_bytes -= size

    def _check(self, size: int, total: int, words: dict[str, str]) -> None:
        if size > self.file_bytes:
            raise _Refused(413, f"{words['dropped_too_large']} ({self.file_bytes // MB} MB)")
        if total > self.total_bytes:
            raise _Refused(413, words["dropped_too_much"].format(mb=self.total_bytes // MB))


class Changes:
    """Wakes every live page when an event has a new version."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)


Watcher = Callable[[Desk, Changes, anyio.Event], Coroutine[Any, Any, None]]


def create_app(desk: Desk, readonly: bool = False, watcher: Watcher | None = None,
               drops: DropBounds | None = None) -> Starlette:
    """The application over ``desk``; ``readonly`` (served to the network) shows the
    standings and the wall only; ``watcher`` follows the files while the app runs;
    ``drops`` bounds the dropped files."""
    changes = Changes()
    bounds = drops or DropBounds()

    def opened(request: Request) -> DeskEvent:
        event = desk.events.get(request.path_params["key"])
        if event is None:
            raise _NotFound
        return event

    async def index(request: Request) -> Response:
        if desk.events:
            return RedirectResponse(f"/e/{next(iter(desk.events))}/", status_code=303)
        return HTMLResponse(await anyio.to_thread.run_sync(page, desk, None, "", "", readonly))

    async def view(request: Request) -> Response:
        name = request.path_params.get("view", "")
        player = request.path_params.get("player", "")
        if player:
            name = "player"
        if name not in VIEWS:
            return PlainTextResponse("no such page", status_code=404)
        if readonly and name not in READ_ONLY_VIEWS:
            return PlainTextResponse("read-only: served to the network", status_code=403)
        event = opened(request)
        if request.headers.get("x-desk-fragment"):
            text = await anyio.to_thread.run_sync(fragment, event, name, player, readonly)
        else:
            text = await anyio.to_thread.run_sync(page, desk, event, name, player, readonly)
        return HTMLResponse(text, headers={"X-Desk-Version": str(event.version),
                                           "Cache-Control": "no-store"})

    async def stream(request: Request) -> Response:
        event = opened(request)

        async def versions() -> AsyncIterator[str]:
            sent = -1
            while True:
                if event.version != sent:
                    sent = event.version
                    yield f"data: {sent}\n\n"
                else:
                    yield ": still here\n\n"
                await changes.wait(KEEP_ALIVE)

        return StreamingResponse(versions(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    def writable(handler: Callable[[Request], Awaitable[Response]]
                 ) -> Callable[[Request], Awaitable[Response]]:
        async def guarded(request: Request) -> Response:
            if readonly:
                return PlainTextResponse("read-only: served to the network", status_code=403)
            origin = request.headers.get("origin")
            if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
                # Another site's page posting to the desk in the arbiter's browser.
                return PlainTextResponse("not from the desk's own page", status_code=403)
            return await handler(request)
        return guarded

    async def choose(request: Request) -> Response:
        event = opened(request)
        body = (await request.body()).decode("utf-8", errors="replace")
        # A field left empty is the default ("usual" tie-breaks): it must reach the options.
        form = {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}
        options = Options.from_mapping(form, event.options)
        try:
            await anyio.to_thread.run_sync(desk.choose, event, options)
        except InputError as exc:  # a file the desk was not given
            return PlainTextResponse("\n".join(error_lines(exc, options.lang)),
                                     status_code=400)
        changes.notify()
        return RedirectResponse(f"/e/{event.key}/", status_code=303)

    async def drop(request: Request) -> Response:
        """A file dropped on the page: kept in the work folder, then opened (an event) or
        chosen for the page's event (a rating list, a system, a final order, a prize
        table)."""
        words = desk_words(desk.lang)
        kind = request.query_params.get("kind", "event")
        name = request.query_params.get("name", "event")
        toml = name.lower().endswith(".toml")  # a system's, or a prize table's
        if kind not in DROP_KINDS or (kind == "system" and not toml) or (
                toml and kind not in ("system", "prizes")):
            return JSONResponse({"error": words["dropped_kind"]}, status_code=400)
        try:
            path = await _receive(request, desk, name, bounds, words)
        except _Refused as refused:
            return JSONResponse({"error": str(refused)}, status_code=refused.status)
        except OSError as exc:  # the work folder cannot be written (full, not permitted)
            return JSONResponse({"error": error_lines(exc, desk.lang)[0]}, status_code=507)
        if kind == "event":
            event = await anyio.to_thread.run_sync(desk.open, path)
            changes.notify()
            return JSONResponse({"url": f"/e/{event.key}/"})
        add = {"ratings": desk.add_list, "system": desk.add_system, "order": desk.add_order,
               "prizes": desk.add_prizes}
        listed = add[kind](path)
        shown = desk.events.get(request.query_params.get("event", ""))  # the page's event
        if shown is None:
            return JSONResponse({"url": "/"})
        options = Options.from_mapping({kind: listed}, shown.options)
        try:
            await anyio.to_thread.run_sync(desk.choose, shown, options)
        except InputError as exc:  # the event's other option names a file no longer given
            return JSONResponse({"error": "\n".join(error_lines(exc, shown.options.lang))},
                                status_code=400)
        changes.notify()
        return JSONResponse({"url": f"/e/{shown.key}/"})

    async def favicon(request: Request) -> Response:
        return Response(asset("desk/favicon.svg"), media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=86400"})

    async def reports(request: Request) -> Response:
        return await _download(opened(request), report_zip, "application/zip",
                               "-reports.zip")

    async def trf(request: Request) -> Response:
        return await _download(opened(request), submission_trf, "text/plain; charset=utf-8",
                               "-submission.trf")

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("no such event", status_code=404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if watcher is None:
            yield
            return
        stop = anyio.Event()
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(watcher, desk, changes, stop)
            try:
                yield
            finally:
                stop.set()

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/open", writable(drop), methods=["POST"]),
        Route("/e/{key}/", view),
        Route("/e/{key}/stream", stream),
        Route("/e/{key}/options", writable(choose), methods=["POST"]),
        Route("/e/{key}/report.zip", writable(reports)),
        Route("/e/{key}/event.trf", writable(trf)),
        Route("/e/{key}/p/{player}", view),
        Route("/e/{key}/{view}", view),
    ]
    # On loopback, a request naming another host is a web page's trick (DNS rebinding).
    hosts = ["*"] if readonly else list(LOOPBACK_NAMES)
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)],
                     exception_handlers={_NotFound: not_found})


class _NotFound(Exception):
    """A URL naming no opened event."""


async def _receive(request: Request, desk: Desk, name: str, bounds: DropBounds,
                   words: dict[str, str]) -> Path:
    """The request's body in a new file of the work folder, written chunk by chunk as it
    comes; past the bounds, :class:`_Refused` with nothing left on disk."""
    declared = request.headers.get("content-length", "")
    bounds.admit(int(declared) if declared.isdigit() else 0, words)
    size = 0
    try:
        path, out = await anyio.to_thread.run_sync(desk.new_dropped, name)
        try:
            async with anyio.wrap_file(out) as file:
                async for chunk in request.stream():
                    size += len(chunk)
                    bounds.count(size, len(chunk), words)
                    await file.write(chunk)
        except BaseException:  # refused, cut off or not writable: no part of it stays
            path.unlink(missing_ok=True)  # at once, even when the request is cancelled
            raise
    except BaseException:
        bounds.give_back(size)
        raise
    return path


async def _download(event: DeskEvent, make: Callable[[DeskEvent], bytes], media: str,
                    ending: str) -> Response:
    """A file made from the event's last good result, named after the event's file."""
    if event.result is None:
        return PlainTextResponse("\n".join(event.problems()), status_code=409)
    data = await anyio.to_thread.run_sync(make, event)
    return Response(data, media_type=media, headers={
        "Content-Disposition": f'attachment; filename="{event.path.stem}{ending}"'})
