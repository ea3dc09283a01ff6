"""The server's front door: an ASGI middleware that every request and WebSocket passes first.

- **Host.** A request must name the server by an IP address, ``localhost`` or a name of
  `ServerSettings.allowed_hosts`. A page on another site that points its own name at 127.0.0.1
  (DNS rebinding) sends its own name and is refused (400 ``host_not_allowed``).
- **Origin.** A request that can change something (any method but GET, HEAD, OPTIONS) and every
  WebSocket handshake from a browser must come from the server's own origin or one of
  `ServerSettings.allowed_origins` (403 ``forbidden_origin``; a refused handshake is closed before
  it opens). Without an ``Origin`` header the ``Referer``'s origin is used; a client that sends
  neither is not a browser page, and no other site can make a browser send a request like that.
- **Rate.** Each client address may make `ServerSettings.request_rate` requests a second (bursts
  of `ServerSettings.request_burst`); past that, 429 with ``Retry-After``.
- **Headers.** Every answer carries a Content-Security-Policy without inline script (and
  ``frame-ancestors 'none'``), ``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: no-referrer`` (a table link holds a seat's token), and API answers
  ``Cache-Control: no-store``.

Examples:
    >>> host_allowed("127.0.0.1:8000", ()), host_allowed("[::1]:8000", ())
    (True, True)
    >>> host_allowed("evil.example:8000", ()), host_allowed("games.example", ("games.example",))
    (False, True)
    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("http://evil.example", "127.0.0.1:8000", ())
    False
"""

from __future__ import annotations

import ipaddress
import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from tablefeast.server.budget import Buckets
from tablefeast.server.settings import ServerSettings

__all__ = ["SECURITY_HEADERS", "Guard", "client_address", "host_allowed", "origin_allowed"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
"""Sent with every HTTP answer."""

_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def _hostname(host: str) -> str:
    # "127.0.0.1:8000" -> "127.0.0.1", "[::1]:8000" -> "::1", "Name" -> "name"
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a request's ``Host`` names this server.

    An IP address is always allowed (a rebinding page sends its own name, never an address), and
    so is ``localhost``; any other name only if it is in `allowed` (or `allowed` has ``"*"``).

    Args:
        host: the ``Host`` header.
        allowed: `ServerSettings.allowed_hosts`.
    """
    name = _hostname(host)
    if not name or len(host) > 300:
        return False
    if "*" in allowed or name == "localhost" or name in allowed:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a page of `origin` may act on this server (reached as `host`).

    Args:
        origin: the ``Origin`` header (or the ``Referer``'s origin).
        host: the request's ``Host`` header.
        allowed: `ServerSettings.allowed_origins`.
    """
    origin = origin.strip().lower()
    if "*" in allowed or origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == host.lower()


def client_address(scope: Scope) -> str:
    """The client's address (as the ASGI server saw it, or behind a trusted proxy, as it said).

    Args:
        scope: the ASGI scope.
    """
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _aborter(send: Send) -> Callable[[], None]:
    # How to drop a connection at once, buffers and all: a client that never reads would keep a
    # closing connection open forever (its unsent data never drains). Under uvicorn, `send` is
    # bound to the protocol, whose transport can be aborted; elsewhere this does nothing and the
    # server's own close stands.
    transport = getattr(getattr(send, "__self__", None), "transport", None)

    def abort() -> None:
        if transport is not None and hasattr(transport, "abort"):
            transport.abort()

    return abort


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class Guard:
    """The checks above, around the app.

    Args:
        app: the ASGI app it guards.
        settings: the server's settings (hosts, origins, request rate).
    """

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings
        self.requests = Buckets(
            settings.request_rate, settings.request_burst, settings.max_addresses
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host") or ""
        refusal = self._refusal(scope, host)
        if refusal is not None:
            await _refuse(scope, send, *refusal)
            return
        if scope["type"] == "websocket":
            scope["tablefeast.abort"] = _aborter(send)
            await self.app(scope, receive, send)
            return
        no_store = scope.get("path", "").startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                headers.extend(SECURITY_HEADERS)
                if no_store:
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _refusal(self, scope: Scope, host: str) -> tuple[int, str, str, float] | None:
        settings = self.settings
        if not host_allowed(host, settings.allowed_hosts):
            return 400, "host_not_allowed", "this server does not answer to that host name", 0.0
        wait = self.requests.take(client_address(scope))
        if wait:
            return 429, "rate_limited", "too many requests: slow down", wait
        unsafe = scope["type"] == "websocket" or scope.get("method", "GET") not in _SAFE_METHODS
        if unsafe:
            origin = _header(scope, b"origin")
            if origin is None and scope["type"] == "http":
                referer = _header(scope, b"referer")
                if referer:
                    parts = urlsplit(referer)
                    origin = f"{parts.scheme}://{parts.netloc}"
            if origin is not None and not origin_allowed(origin, host, settings.allowed_origins):
                return 403, "forbidden_origin", "requests from other sites are refused", 0.0
        return None


async def _refuse(  # noqa: PLR0917 - a refusal, field by field
    scope: Scope, send: Send, status: int, code: str, why: str, wait: float
) -> None:
    if scope["type"] == "websocket":  # closed before it opens: the client sees HTTP 403
        await send({"type": "websocket.close", "code": 1008, "reason": code})
        return
    body = json.dumps({"error": code, "message": why}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if wait:
        headers.append((b"retry-after", str(max(1, math.ceil(wait))).encode()))
    headers.extend(SECURITY_HEADERS)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
