"""Dependencies shared by the routers (FastAPI ``Annotated`` aliases), page rendering, and the
game WebSocket entry point."""

from __future__ import annotations

import json
from datetime import date
from typing import Annotated, Any

import anyio.to_thread
from fastapi import Depends, Request, WebSocket
from fastapi.responses import HTMLResponse
from starlette.requests import HTTPConnection

from hertta.web import transport
from hertta.web.errors import BadRequest
from hertta.web.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalogue_json,
    decimal,
    embeddable_json,
    long_date,
    translate,
)
from hertta.web.players import COOKIE_NAME
from hertta.web.preferences import Value, player_preferences
from hertta.web.protocol import check_body_nesting
from hertta.web.services import AppServices


def app_services(connection: HTTPConnection) -> AppServices:
    services = connection.app.state.hertta
    assert isinstance(services, AppServices)
    return services


async def json_body(request: Request) -> Any:
    """A request's JSON body (any JSON value): BadRequest, quoting its start, for a body that
    is not JSON (nor UTF-8) or nests deeper than any of ours."""
    body = await request.body()
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest(f"the body is not JSON: {body[:80]!r}") from None
    check_body_nesting(value)  # before any value of it is quoted in a message
    return value


def get_player(request: Request) -> str:
    player_id = request.state.player_id
    assert isinstance(player_id, str)
    return player_id


async def get_preferences(request: Request) -> dict[str, Value]:
    """The player's settings (Finnish until the person chooses another language)."""
    store = app_services(request).store
    return await anyio.to_thread.run_sync(player_preferences, store, get_player(request))


ServicesDep = Annotated[AppServices, Depends(app_services)]
PlayerDep = Annotated[str, Depends(get_player)]
PreferencesDep = Annotated[dict[str, Value], Depends(get_preferences)]


def language_of(preferences: dict[str, Value]) -> str:
    lang = preferences.get("lang")
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT_LANGUAGE


def script_json(value: object) -> str:
    """JSON to embed in a ``<script type="application/json">`` block (see
    :func:`hertta.web.i18n.embeddable_json`)."""
    return embeddable_json(value)


def render(
    request: Request,
    services: AppServices,
    name: str,
    preferences: dict[str, Value],
    **context: Any,
) -> HTMLResponse:
    """A page in the player's language; templates get ``t(key, **params)`` and the catalogue."""
    lang = language_of(preferences)

    def t(key: str, **params: object) -> str:
        return translate(lang, key, **params)

    def number(value: float, places: int = 2) -> str:
        return decimal(lang, value, places)

    def day_text(day: date | str) -> str:
        """A day (or an ISO date, as the JSON keeps it) as the language writes it."""
        return long_date(lang, date.fromisoformat(day) if isinstance(day, str) else day)

    return services.templates.TemplateResponse(
        request,
        name,
        {
            "lang": lang,
            "t": t,
            "number": number,
            "day_text": day_text,
            "preferences": preferences,
            "catalogue_json": catalogue_json(lang),
            "path": request.url.path,
            # Where the language button comes back to: the page with its query (an invite
            # link's token, a day of /daily), not the bare path; the settings page's own
            # query (where it goes back to) is not carried round again.
            "here": request.url.path + (
                f"?{request.url.query}"
                if request.url.query and request.url.path != "/settings" else ""
            ),
            "games": services.games,
            **context,
        },
    )


CLOSE_BAD_ORIGIN = 4403


async def serve_game_socket(websocket: WebSocket, kind: str) -> None:
    """Run one game WebSocket for the player in the cookie (see :mod:`hertta.web.transport`)."""
    services = app_services(websocket)
    if not transport.origin_allowed(websocket, services.settings.allowed_origins):
        # Accepted only to be closed with a code the page can read (a refused handshake
        # reaches a browser as 1006, like a dropped line); no game data is ever sent.
        await websocket.accept()
        await websocket.close(code=CLOSE_BAD_ORIGIN)
        return
    player = services.cookies.read(websocket.cookies.get(COOKIE_NAME))
    sessions = services.sessions
    assert sessions is not None

    async def open_channel(player_id: str) -> transport.Channel:
        return await sessions.join(player_id, kind)

    await transport.serve(websocket, player, open_channel, services.sockets)
