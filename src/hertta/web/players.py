"""Anonymous players: a signed cookie carries the player id.

Every page request gets a player id (a new one when the cookie is missing or its signature is
bad); nothing is written for it until the player saves something (a setting, a game), so a
visit that saves nothing leaves no trace in the database. WebSockets accept only a validly
signed cookie, since they cannot set one. ``/healthz`` and static files get no player at all.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request, Response
from itsdangerous import BadSignature, Signer

COOKIE_NAME = "hertta_player"
COOKIE_MAX_AGE = 10 * 365 * 24 * 3600
UNIDENTIFIED_PATHS = ("/static/", "/healthz")
SIGNER_SALT = "hertta.player"


class PlayerCookies:
    """Signs and reads the player cookie."""

    def __init__(self, secret_key: str, *, secure: bool = False) -> None:
        # A key from the environment that is not UTF-8 (HERTTA_SECRET=$'\xff\xfe') reaches us
        # with its bytes as surrogate escapes, which a plain encode() refuses. We sign with
        # those very bytes rather than refuse them: a key is bytes to the signer, and random
        # bytes make a good one, so nothing is gained by making the operator pick another.
        self._signer = Signer(secret_key.encode("utf-8", "surrogateescape"), salt=SIGNER_SALT)
        self.secure = secure

    def sign(self, player_id: str) -> str:
        return self._signer.sign(player_id).decode("ascii")

    def read(self, cookie: str | None) -> str | None:
        """The player id of a validly signed cookie, else None."""
        if not cookie:
            return None
        try:
            return self._signer.unsign(cookie).decode("ascii")
        except (BadSignature, UnicodeDecodeError):
            return None


def new_player_id() -> str:
    """An unguessable player id (128 bits)."""
    return secrets.token_urlsafe(16)


def install_player_middleware(app: FastAPI, cookies: PlayerCookies) -> None:
    """Give every HTTP request ``request.state.player_id``, setting the cookie when new."""

    @app.middleware("http")
    async def identify_player(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.url.path.startswith(UNIDENTIFIED_PATHS):
            return await call_next(request)
        player_id = cookies.read(request.cookies.get(COOKIE_NAME))
        fresh = player_id is None
        if player_id is None:
            player_id = new_player_id()
        request.state.player_id = player_id
        response = await call_next(request)
        if fresh:
            response.set_cookie(
                COOKIE_NAME,
                cookies.sign(player_id),
                max_age=COOKIE_MAX_AGE,
                httponly=True,
                samesite="lax",
                secure=cookies.secure,
            )
        return response
