"""The statistics page, one section per game."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hertta.web.deps import PlayerDep, PreferencesDep, StateDep, render
from hertta.web.games import GAMES

router = APIRouter()


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(
    request: Request, state: StateDep, player: PlayerDep, preferences: PreferencesDep
) -> HTMLResponse:
    sections = [(game, game.stats(state.store, player)) for game in GAMES]
    return render(request, state.templates, "stats.html", preferences, sections=sections)


@router.get("/api/stats")
async def stats_json(state: StateDep, player: PlayerDep) -> dict[str, dict[str, str]]:
    return {game.kind: dict(game.stats(state.store, player)) for game in GAMES}
