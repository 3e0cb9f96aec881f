"""Shell pages: home and help; the catalogues as JSON; a health check; what makes Hertta an
installable web app (the manifest, and the service worker that keeps the static files)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from hertta.web.deps import PreferencesDep, ServicesDep, language_of, render
from hertta.web.i18n import LANGUAGES, catalogue, translate

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
        # An address that does not exist, like any other unknown address (not a bad setting).
        raise HTTPException(status_code=404)
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


STATIC_DIR = Path(__file__).resolve().parents[1] / "static"
WORKER_SOURCE = STATIC_DIR / "js" / "service-worker.js"


@cache
def static_files() -> tuple[str, tuple[str, ...]]:
    """A version of the static files (a hash of their paths and contents) and their URLs;
    read once: the files do not change while the server runs."""
    digest = hashlib.sha256()
    paths: list[str] = []
    for path in sorted(p for p in STATIC_DIR.rglob("*") if p.is_file()):
        if path == WORKER_SOURCE:
            continue  # served as /sw.js, never from the cache it fills
        relative = path.relative_to(STATIC_DIR).as_posix()
        digest.update(relative.encode())
        digest.update(path.read_bytes())
        paths.append(f"/static/{relative}")
    return digest.hexdigest()[:16], tuple(paths)


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker at the site's root (its scope is every page), with the version and
    the list of the static files it keeps; never cached itself, so a new version is seen."""
    version, paths = static_files()
    head = f"const VERSION = {json.dumps(version)};\nconst PRECACHE = {json.dumps(list(paths))};\n"
    body = head + WORKER_SOURCE.read_text(encoding="utf-8")
    return Response(body, media_type="text/javascript",
                    headers={"cache-control": "no-cache"})


@router.get("/manifest.webmanifest")
async def manifest(preferences: PreferencesDep) -> JSONResponse:
    """The web app manifest in the person's language: a phone installs Hertta from it."""
    lang = language_of(preferences)
    icons = [
        {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "/static/icons/maskable-512.png", "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
        {"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": translate(lang, "app.name"),
        "short_name": translate(lang, "app.name"),
        "description": translate(lang, "app.tagline"),
        "lang": lang,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#24040e",
        "theme_color": "#4a0a1e",
        "icons": icons,
        "shortcuts": [
            {"name": translate(lang, "h2h.title"), "url": "/h2h"},
            {"name": translate(lang, "hearts.title"), "url": "/hearts"},
        ],
    }
    return JSONResponse(body, media_type="application/manifest+json")
