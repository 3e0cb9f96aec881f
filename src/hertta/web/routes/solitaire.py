"""Heart to Heart: the game page and its WebSocket."""

from __future__ import annotations

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import HTMLResponse

from hertta.solitaire.layout import COORDINATES, POSITIONS, ROW_XS
from hertta.tables.h2h import KIND
from hertta.web.deps import (
    PreferencesDep,
    ServicesDep,
    language_of,
    render,
    script_json,
    serve_game_socket,
)

router = APIRouter()


def layout() -> dict[str, object]:
    """The heart's geometry for the client: (row, x) in half-card units for every position."""
    return {
        "positions": {str(p): list(COORDINATES[p]) for p in POSITIONS},
        "rows": len(ROW_XS),
        "min_x": min(min(xs) for xs in ROW_XS),
        "max_x": max(max(xs) for xs in ROW_XS),
    }


@router.get("/h2h", response_class=HTMLResponse)
async def solitaire_page(
    request: Request, services: ServicesDep, preferences: PreferencesDep
) -> HTMLResponse:
    config = {
        "layout": layout(),
        "animationMs": preferences["animation_ms"],
        "lang": language_of(preferences),
        "socket": "/ws/h2h",
    }
    return render(
        request,
        services,
        "solitaire.html",
        preferences,
        config_json=script_json(config),
        coordinates=COORDINATES,
    )


@router.websocket("/ws/h2h")
async def solitaire_socket(websocket: WebSocket) -> None:
    await serve_game_socket(websocket, KIND)
