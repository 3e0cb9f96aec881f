"""Shell pages: home and help; the catalogues as JSON; a health check."""

from __future__ import annotations

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from hertta.errors import ConfigError
from hertta.web.deps import PreferencesDep, ServicesDep, render
from hertta.web.i18n import LANGUAGES, catalogue

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def home(
    request: Request, services: ServicesDep, preferences: PreferencesDep
) -> HTMLResponse:
    return render(request, services, "home.html", preferences)


@router.get("/help", response_class=HTMLResponse)
async def help_page(
    request: Request, services: ServicesDep, preferences: PreferencesDep
) -> HTMLResponse:
    return render(request, services, "help.html", preferences)


@router.get("/i18n/{lang}.json")
async def words(lang: str) -> JSONResponse:
    if lang not in LANGUAGES:
        raise ConfigError(f"no catalogue for language {lang!r} (have {', '.join(LANGUAGES)})")
    return JSONResponse(catalogue(lang))


@router.get("/healthz")
async def health(services: ServicesDep) -> JSONResponse:
    """Whether the store answers a read (nothing is written, no player is made), and how many
    sockets and tables this process serves."""
    load = {"sockets": len(services.sockets), "tables": len(services.live),
            "changes": services.changes.state}
    try:
        await anyio.to_thread.run_sync(services.store.check)
    except Exception as error:  # any failure of the store is what this reports
        body = {"status": "error", "store": type(error).__name__, **load}
        return JSONResponse(body, status_code=503)
    if services.changes.state == "connecting":
        return JSONResponse({"status": "error", "store": "ok", **load}, status_code=503)
    return JSONResponse({"status": "ok", "store": "ok", **load})
