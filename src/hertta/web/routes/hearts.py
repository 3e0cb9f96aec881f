"""Hearts: the game page, its WebSocket, and its statistics section."""

from __future__ import annotations

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import HTMLResponse

from hertta.hearts import PRESET_NAMES
from hertta.store import Store
from hertta.store.hearts_store import KIND, hearts_stats
from hertta.web.app_state import AppState
from hertta.web.deps import (
    PreferencesDep,
    StateDep,
    language_of,
    render,
    script_json,
    serve_game_socket,
)
from hertta.web.games import GameInfo, StatLine, register_game
from hertta.web.hearts_session import HeartsSession, hearts_limits
from hertta.web.preferences import Value

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
    limits = hearts_limits()
    config = {
        "animationMs": preferences["animation_ms"],
        "lang": language_of(preferences),
        "socket": "/ws/hearts",
        "limits": limits,
    }
    return render(
        request,
        state.templates,
        "hearts.html",
        preferences,
        presets=PRESET_NAMES,
        limits=limits,
        config_json=script_json(config),
    )


def make_hearts(state: AppState, player: str, preferences: dict[str, Value]) -> HeartsSession:
    return HeartsSession(state.store, player, preferences, state.rng)


@router.websocket("/ws/hearts")
async def hearts_socket(websocket: WebSocket) -> None:
    await serve_game_socket(websocket, KIND, make_hearts)
