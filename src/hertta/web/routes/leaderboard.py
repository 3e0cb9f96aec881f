"""The leaderboard and people's pages, and their JSON twins (``docs/ratings.md``)."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from hertta.web.deps import PlayerDep, PreferencesDep, ServicesDep, render
from hertta.web.error_pages import wants_page
from hertta.web.ratings import (
    MIN_RATED_MATCHES,
    leaderboard_rows,
    player_profile,
    shown_rating,
)
from hertta.web.services import AppServices

router = APIRouter()


def _own_line(services: AppServices, player: str) -> dict[str, Any] | None:
    """The viewer's own rating and page (if they have a rating)."""
    rating = services.store.ratings([player]).get(player)
    if rating is None:
        return None
    return {"handle": services.handles.handle_of(player), "rating": shown_rating(rating),
            "matches": rating.matches}


@router.get("/leaderboard", response_class=HTMLResponse)
async def leaderboard_page(
    request: Request, services: ServicesDep, player: PlayerDep, preferences: PreferencesDep
) -> HTMLResponse:
    rows = await anyio.to_thread.run_sync(leaderboard_rows, services)
    own = await anyio.to_thread.run_sync(_own_line, services, player)
    return render(request, services, "leaderboard.html", preferences, rows=rows, own=own,
                  min_matches=MIN_RATED_MATCHES)


@router.get("/api/leaderboard")
async def leaderboard_json(services: ServicesDep, player: PlayerDep) -> dict[str, Any]:
    rows = await anyio.to_thread.run_sync(leaderboard_rows, services)
    # The asking person's own line, as the page shows it above the list: with fewer than
    # ten rated matches it is the only way a client learns its own handle.
    own = await anyio.to_thread.run_sync(_own_line, services, player)
    return {"min_matches": MIN_RATED_MATCHES, "players": [row.to_json() for row in rows],
            "you": own}


@router.get("/players/{handle}", response_class=HTMLResponse)
async def player_page(
    handle: str,
    request: Request,
    services: ServicesDep,
    player: PlayerDep,
    preferences: PreferencesDep,
) -> Response:
    profile = await anyio.to_thread.run_sync(player_profile, services, handle, player)
    if profile is None and not wants_page(request):
        return no_player(handle)  # a client that does not ask for HTML gets the JSON error
    page = render(request, services, "player.html", preferences, profile=profile)
    if profile is None:
        page.status_code = 404
    return page


def no_player(handle: str) -> JSONResponse:
    return JSONResponse({"error": "no_player", "detail": f"no player {handle!r}"},
                        status_code=404)


@router.get("/api/players/{handle}")
async def player_json(handle: str, services: ServicesDep, player: PlayerDep) -> JSONResponse:
    profile = await anyio.to_thread.run_sync(player_profile, services, handle, player)
    if profile is None:
        return no_player(handle)
    return JSONResponse(profile.to_json())
