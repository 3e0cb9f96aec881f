"""Heart to Heart: the game page and its WebSocket."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import HTMLResponse

from hertta.solitaire.layout import COORDINATES, POSITIONS, ROW_XS
from hertta.web.deps import PreferencesDep, StateDep, app_state, render
from hertta.web.players import COOKIE_NAME
from hertta.web.preferences import player_preferences
from hertta.web.sessions import CLOSE_NO_PLAYER
from hertta.web.solitaire_session import KIND, SolitaireSession

router = APIRouter()


def layout_json() -> str:
    """The heart's geometry for the client: (row, x) in half-card units for every position."""
    return json.dumps(
        {
            "positions": {str(p): list(COORDINATES[p]) for p in POSITIONS},
            "rows": len(ROW_XS),
            "min_x": min(min(xs) for xs in ROW_XS),
            "max_x": max(max(xs) for xs in ROW_XS),
        }
    )


@router.get("/h2h", response_class=HTMLResponse)
async def solitaire_page(
    request: Request, state: StateDep, preferences: PreferencesDep
) -> HTMLResponse:
    return render(
        request,
        state.templates,
        "solitaire.html",
        preferences,
        layout_json=layout_json(),
        coordinates=COORDINATES,
    )


@router.websocket("/ws/h2h")
async def solitaire_socket(websocket: WebSocket) -> None:
    state = app_state(websocket)
    player_id = state.cookies.read(websocket.cookies.get(COOKIE_NAME))
    if player_id is None or not state.store.player_exists(player_id):
        await websocket.close(code=CLOSE_NO_PLAYER)
        return

    def make_session(player: str) -> SolitaireSession:
        preferences = player_preferences(state.store, player)
        return SolitaireSession(state.store, player, preferences, state.rng, state.clock)

    await state.hub.serve(websocket, player_id, KIND, make_session)
