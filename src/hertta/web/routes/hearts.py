"""Hearts: the game page and its WebSocket."""

from __future__ import annotations

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import HTMLResponse

from hertta.hearts import PRESET_NAMES
from hertta.tables.hearts import KIND
from hertta.web.deps import (
    PreferencesDep,
    ServicesDep,
    language_of,
    render,
    script_json,
    serve_game_socket,
)
from hertta.web.hearts_session import hearts_limits

router = APIRouter()


@router.get("/hearts", response_class=HTMLResponse)
async def hearts_page(
    request: Request, services: ServicesDep, preferences: PreferencesDep
) -> HTMLResponse:
    limits = hearts_limits()
    config = {
        "animationMs": preferences["animation_ms"],
        "trickPause": preferences["trick_pause"],
        "lang": language_of(preferences),
        "socket": "/ws/hearts",
        "limits": limits,
    }
    return render(
        request,
        services,
        "hearts.html",
        preferences,
        presets=PRESET_NAMES,
        limits=limits,
        config_json=script_json(config),
    )


@router.websocket("/ws/hearts")
async def hearts_socket(websocket: WebSocket) -> None:
    await serve_game_socket(websocket, KIND)
