"""Dependencies shared by the routers (FastAPI ``Annotated`` aliases), page rendering, and the
game WebSocket entry point."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, Request, WebSocket
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.web.app_state import AppState
from hertta.web.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue_json, translate
from hertta.web.players import COOKIE_NAME
from hertta.web.preferences import Value, player_preferences
from hertta.web.sessions import CLOSE_NO_PLAYER, GameSession


def app_state(connection: HTTPConnection) -> AppState:
    state = connection.app.state.hertta
    assert isinstance(state, AppState)
    return state


def get_store(connection: HTTPConnection) -> Store:
    return app_state(connection).store


def get_rng(connection: HTTPConnection) -> SplitMix64:
    return app_state(connection).rng


def get_player(request: Request) -> str:
    player_id = request.state.player_id
    assert isinstance(player_id, str)
    return player_id


def get_preferences(request: Request) -> dict[str, Value]:
    return player_preferences(get_store(request), get_player(request))


StateDep = Annotated[AppState, Depends(app_state)]
StoreDep = Annotated[Store, Depends(get_store)]
PlayerDep = Annotated[str, Depends(get_player)]
PreferencesDep = Annotated[dict[str, Value], Depends(get_preferences)]


def language_of(preferences: dict[str, Value]) -> str:
    lang = preferences.get("lang")
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT_LANGUAGE


def script_json(value: object) -> str:
    """JSON to embed in a ``<script type="application/json">`` block: ``</`` is escaped so no
    string inside can end the element."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def render(
    request: Request,
    templates: Jinja2Templates,
    name: str,
    preferences: dict[str, Value],
    **context: Any,
) -> HTMLResponse:
    """A page in the player's language; templates get ``t(key, **params)`` and the catalogue."""
    lang = language_of(preferences)

    def t(key: str, **params: object) -> str:
        return translate(lang, key, **params)

    return templates.TemplateResponse(
        request,
        name,
        {
            "lang": lang,
            "t": t,
            "preferences": preferences,
            "catalogue_json": catalogue_json(lang),
            "path": request.url.path,
            **context,
        },
    )


GameMaker = Callable[[AppState, str, dict[str, Value]], GameSession]
"""Makes (or resumes from the store) a game session: app state, player id, their preferences."""


async def serve_game_socket(websocket: WebSocket, kind: str, make_game: GameMaker) -> None:
    """Run one game WebSocket for the player in the cookie. Sockets cannot set a cookie, so one
    without a known player is closed with ``CLOSE_NO_PLAYER``: accepted first, because a socket
    refused during the handshake reaches the browser as code 1006, which the page cannot tell
    from a dropped connection (it would reconnect forever)."""
    state = app_state(websocket)
    player_id = state.cookies.read(websocket.cookies.get(COOKIE_NAME))
    if player_id is None or not state.store.player_exists(player_id):
        await websocket.accept()
        await websocket.close(code=CLOSE_NO_PLAYER)
        return

    def make_session(player: str) -> GameSession:
        return make_game(state, player, player_preferences(state.store, player))

    await state.hub.serve(websocket, player_id, kind, make_session)
