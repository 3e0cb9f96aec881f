"""The statistics page, one section per game."""

from __future__ import annotations

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hertta.web.deps import PlayerDep, PreferencesDep, ServicesDep, language_of, render
from hertta.web.games import StatLine, shown_lines
from hertta.web.services import AppServices

router = APIRouter()


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(
    request: Request, services: ServicesDep, player: PlayerDep, preferences: PreferencesDep
) -> HTMLResponse:
    lines = await anyio.to_thread.run_sync(_stat_lines, services, player)
    lang = language_of(preferences)
    shown = [shown_lines(lang, found) for found in lines]
    sections = list(zip(services.games, shown, strict=True))
    own_page = f"/players/{services.handles.handle_of(player)}"
    return render(request, services, "stats.html", preferences, sections=sections,
                  own_page=own_page)


@router.get("/api/stats")
async def stats_json(services: ServicesDep, player: PlayerDep) -> dict[str, dict[str, str]]:
    lines = await anyio.to_thread.run_sync(_stat_lines, services, player)
    return {game.kind: dict(found) for game, found in zip(services.games, lines, strict=True)}


def _stat_lines(services: AppServices, player: str) -> list[list[StatLine]]:
    return [game.stats(services.store, player) for game in services.games]
