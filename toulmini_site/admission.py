"""A few slots per web process for the database work of requests that come in crowds.

When a whole class sends a coach turn at the same moment, each turn's start (the session
locked, the message saved, the turn counted) runs in a thread of its own under ASGI and asks
the connection pool for a connection. Sixty of them at once in one process took every pooled
connection and kept sixty threads runnable: a page or ``/healthz`` asked meanwhile waited in
the pool's queue behind them, and for the interpreter's lock, for up to a second
(``benchmarks/serve_stream.py``).

So such a view is marked ``@gated``, and ``AdmissionGate`` (around the ASGI application) lets
at most ``WEB_GATE_SLOTS`` of its requests per process into Django at once; the others wait
on the event loop, which costs neither a thread nor a connection. A request gives its slot
back when its response starts (a stream's wait on the model holds no slot) or when it ends.
The coach's stream takes a slot again (``slot()``) for its database trips before and after
the model's answer. Pages, the API's other views and ``/healthz`` are never gated: they go
straight in, to a pool with connections to spare.

Only views whose gated part is short database work may be marked: a view that waits on
something slow before its response starts would hold its slot all that time.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from django.conf import settings
from django.urls import Resolver404, resolve

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
# Any ASGI application (Django's handler is typed with its own scope and message types).
ASGIApp = Callable[..., Awaitable[None]]

_MARK = "admission_gated"
# One semaphore per event loop (a process has one; tests run several, one after another).
_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def gated[V: Callable[..., Any]](view: V) -> V:
    """Mark ``view`` (the outermost decorator) as one whose requests take a slot."""
    setattr(view, _MARK, True)
    return view


def is_gated(path: str) -> bool:
    """Whether the view at ``path`` is marked ``@gated`` (False for no view)."""
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return bool(getattr(match.func, _MARK, False))


def _gate() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(settings.WEB_GATE_SLOTS)
    return gate


@asynccontextmanager
async def slot() -> AsyncIterator[None]:
    """Hold one of this process's slots (waiting on the event loop for it)."""
    async with _gate():
        yield


class AdmissionGate:
    """ASGI middleware: a request for a ``@gated`` view waits for a slot before Django sees
    it and gives the slot back as its response starts (or when it ends, whichever is first).
    Every other request passes straight through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_gated(_path_info(scope)):
            await self.app(scope, receive, send)
            return
        gate = _gate()
        await gate.acquire()
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                gate.release()

        async def send_and_give_back(message: Message) -> None:
            if message["type"] == "http.response.start":
                give_back()
            await send(message)

        try:
            await self.app(scope, receive, send_and_give_back)
        finally:
            give_back()


def _path_info(scope: Scope) -> str:
    """The path Django resolves: the request's path without the mount point (root_path)."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    return path[len(root) :] if root and path.startswith(root) else path
