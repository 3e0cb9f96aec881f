"""The app factory: ``create_app(settings)`` wires the store, players, routers and pages."""

from __future__ import annotations

import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.web.app_state import AppState
from hertta.web.errors import install_error_handlers
from hertta.web.players import PlayerCookies, install_player_middleware
from hertta.web.routes import bench, examples, hearts, pages, settings, solitaire, stats
from hertta.web.sessions import Hub
from hertta.web.settings import Settings
from hertta.web.timer import Clock

WEB_DIR = Path(__file__).parent


def create_app(config: Settings, *, clock: Clock = time.monotonic) -> FastAPI:
    """The web app on ``config.db_path``. ``clock`` (seconds, monotonic) drives game timers."""
    store = Store(config.db_path)
    secret = config.secret_key or store.secret_key()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(title="Hertta", lifespan=lifespan, docs_url=None, redoc_url=None)
    cookies = PlayerCookies(secret, secure=config.cookie_secure)
    templates = Jinja2Templates(directory=str(WEB_DIR / "templates"))
    app.state.hertta = AppState(
        settings=config,
        store=store,
        cookies=cookies,
        hub=Hub(),
        templates=templates,
        rng=SplitMix64(secrets.randbits(64)),
        clock=clock,
    )
    install_error_handlers(app)
    install_player_middleware(app, store, cookies)
    app.mount("/static", StaticFiles(directory=str(WEB_DIR / "static")), name="static")
    routers = (pages.router, settings.router, stats.router, solitaire.router, examples.router)
    for router in (*routers, hearts.router):
        app.include_router(router)
    if config.bench_echo:
        app.include_router(bench.router)
    return app
