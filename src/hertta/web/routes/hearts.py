"""Hearts: the game page, its WebSocket, and its statistics section."""

from __future__ import annotations

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import HTMLResponse

from hertta.hearts import PRESET_NAMES
from hertta.store import Store
from hertta.store.hearts_store import KIND, hearts_stats
from hertta.web.deps import PreferencesDep, StateDep, app_state, render
from hertta.web.games import GameInfo, StatLine, register_game
from hertta.web.hearts_session import DEFAULT_NAMES, LEVELS, HeartsSession
from hertta.web.players import COOKIE_NAME
from hertta.web.preferences import player_preferences
from hertta.web.sessions import CLOSE_NO_PLAYER

router = APIRouter()


def hearts_stat_lines(store: Store, player_id: str) -> list[StatLine]:
    stats = hearts_stats(store.results(player_id, KIND))
    average = stats.average_points
    return [
        ("hearts.stats.played", str(stats.played)),
        ("hearts.stats.won", str(stats.won)),
        ("stats.win_percent", f"{stats.win_percent} %"),
        ("hearts.stats.average", "-" if average is None else f"{average:.1f}"),
        ("hearts.stats.moons", str(stats.moons)),
    ]


register_game(GameInfo(KIND, "/hearts", "hearts.title", "hearts.blurb", hearts_stat_lines))


@router.get("/hearts", response_class=HTMLResponse)
async def hearts_page(
    request: Request, state: StateDep, preferences: PreferencesDep
) -> HTMLResponse:
    return render(
        request,
        state.templates,
        "hearts.html",
        preferences,
        presets=PRESET_NAMES,
        levels=LEVELS,
        default_names=DEFAULT_NAMES,
    )


@router.websocket("/ws/hearts")
async def hearts_socket(websocket: WebSocket) -> None:
    state = app_state(websocket)
    player_id = state.cookies.read(websocket.cookies.get(COOKIE_NAME))
    if player_id is None or not state.store.player_exists(player_id):
        await websocket.close(code=CLOSE_NO_PLAYER)
        return

    def make_session(player: str) -> HeartsSession:
        preferences = player_preferences(state.store, player)
        return HeartsSession(state.store, player, preferences, state.rng)

    await state.hub.serve(websocket, player_id, KIND, make_session)
