"""Plain ASGI middleware: a request body limit and the security headers of every response.

The body limit is enforced while the body arrives, before the app reads it: a request that
announces more than :data:`MAX_BODY_BYTES` in ``Content-Length`` is answered 413 at once, and
one that streams more is cut off with 413 as soon as it passes the limit (nothing more of it is
read or kept).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from hertta.web.transport import origin_allowed

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES: Final = 16 * 1024
"""Our forms and JSON bodies are a few hundred bytes; 16 KiB leaves room and nothing more."""

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""No inline script anywhere (the pages' JSON blocks are data, not script); inline styles
stay allowed for the cards' positions. ``connect-src 'self'`` covers the page's own WebSocket."""

SECURITY_HEADERS: Final = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)


class BodyLimit:
    """Reads the body (at most ``limit`` bytes) before the app sees the request."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit
        self._too_large = f"the request body is over {limit} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    shown = value.decode("latin-1")
                    await _error(send, 400, "bad_request", f"bad Content-Length {shown!r}")
                    return
                if announced > self.limit:
                    await _error(send, 413, "too_large", self._too_large)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _error(send, 413, "too_large", self._too_large)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def buffered_receive() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, buffered_receive, send)


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0] not in _NAMES]
                message["headers"] = [*headers, *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


_NAMES = frozenset(name for name, _ in SECURITY_HEADERS)


class HeadAsGet:
    """HEAD is answered as GET is, without the body (HTTP: a resource that answers GET answers
    HEAD); the routes are declared for GET only, which refused HEAD with 405."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        # A copy: the server keeps its own scope, and so knows to send no body either.
        await self.app({**scope, "method": "GET"}, receive, without_body)


async def _error(send: Send, status: int, code: str, detail: str) -> None:
    """An error answer in the form of every other (``{"error", "detail"}``), sent before the
    app has seen the request."""
    text = json.dumps({"error": code, "detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(text)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": text})


SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def install_origin_check(app: FastAPI, allowed: Sequence[str]) -> None:
    """Refuse (403 ``bad_origin``) a request that changes something when a browser sends it
    from another page origin: another site, or another port or subdomain of this one, which
    the cookie's SameSite=Lax lets through. The sockets check the same rule
    (:func:`hertta.web.transport.origin_allowed`); clients that send no Origin are no pages."""

    @app.middleware("http")
    async def same_origin_writes(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.method not in SAFE_METHODS and not origin_allowed(request, allowed):
            return JSONResponse(
                {"error": "bad_origin",
                 "detail": "a request from another site's page is refused"},
                status_code=403,
            )
        return await call_next(request)
