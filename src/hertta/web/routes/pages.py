"""Shell pages: home and help; the catalogues as JSON; a health check."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from hertta.errors import ConfigError
from hertta.web.deps import PreferencesDep, StateDep, render
from hertta.web.games import GAMES
from hertta.web.i18n import LANGUAGES, catalogue

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, state: StateDep, preferences: PreferencesDep) -> HTMLResponse:
    return render(request, state.templates, "home.html", preferences, games=GAMES)


@router.get("/help", response_class=HTMLResponse)
async def help_page(
    request: Request, state: StateDep, preferences: PreferencesDep
) -> HTMLResponse:
    return render(request, state.templates, "help.html", preferences)


@router.get("/i18n/{lang}.json")
async def words(lang: str) -> JSONResponse:
    if lang not in LANGUAGES:
        raise ConfigError(f"no catalogue for language {lang!r} (have {', '.join(LANGUAGES)})")
    return JSONResponse(catalogue(lang))


@router.get("/healthz")
async def health() -> dict[str, str]:
    return {"status": "ok"}
