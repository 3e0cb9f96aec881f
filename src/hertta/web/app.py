"""The app factory: ``create_app(settings)`` wires the store, the tables, the worker pool, the
games' routers and the pages."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.store.database import Database
from hertta.tables.bots import BotRunner, ProcessBotRunner
from hertta.tables.clock import Clock
from hertta.tables.leases import LeaseKeeper
from hertta.tables.live import Leases, LiveTables, StoreThread
from hertta.tables.rooms import GRACE_S, MatchOver, Rooms, RoomServices
from hertta.tables.service import TableService
from hertta.tables.timers import LoopTimers, Timers
from hertta.web.changes import change_feed
from hertta.web.daily import Today, finland_today
from hertta.web.error_pages import install_error_pages
from hertta.web.errors import install_error_handlers
from hertta.web.examples import Examples
from hertta.web.games import GameInfo, default_games
from hertta.web.handles import PlayerHandles
from hertta.web.middleware import BodyLimit, HeadAsGet, SecurityHeaders, install_origin_check
from hertta.web.players import PlayerCookies, install_player_middleware
from hertta.web.ratings import rating_hook
from hertta.web.routes import (
    bench,
    daily,
    examples,
    leaderboard,
    online,
    pages,
    settings,
    stats,
    table_pages,
)
from hertta.web.seats import SoloSessions
from hertta.web.services import AppServices
from hertta.web.settings import Settings

WEB_DIR = Path(__file__).parent
DEAL_SECRET = "deal_key"


def create_app(
    config: Settings,
    *,
    clock: Clock = time.monotonic,
    games: Sequence[GameInfo] | None = None,
    runner: BotRunner | None = None,
    grace_s: float | None = None,
    match_over: MatchOver | None = None,
    timers: Timers | None = None,
    today: Today = finland_today,
) -> FastAPI:
    """The web app on ``config.db_path``. ``clock`` (seconds, monotonic) drives game timers;
    ``runner`` is where computer players think (default: a process per core); ``grace_s``
    how long a person away from a shared table keeps the seat (default: the settings', else
    60 s); ``match_over`` is called when
    a shared table's match ends (default: rate it if it is rated); ``timers`` drive turn clocks
    and grace periods (default: the event loop on ``clock``); ``today`` is the daily deal's
    date (default: Finland's date now)."""
    store = Store(config.db_path)
    listed = tuple(default_games() if games is None else games)
    cookie_key = config.secret_key or store.secret_key()
    tables = TableService(store, [game.tables for game in listed])
    runner = runner if runner is not None else ProcessBotRunner(config.workers)
    # On SQLite this process is alone; on PostgreSQL others may serve the same tables, and a
    # table's computer players and clock run where its lease is (this process: ``owner``).
    database = store.database
    alone = database.dialect == "sqlite"
    # One decision is saved on the event loop when SQLite can take it at once (no thread
    # hop); PostgreSQL is a network round trip away: always the thread.
    store_thread = StoreThread(database.at_once if isinstance(database, Database) else None)
    owner = secrets.token_hex(8)
    leases = None if alone else Leases(store, owner)
    live = LiveTables(tables, runner, store_thread, leases=leases, save=store_thread.save)
    deal_secret = store.secret(DEAL_SECRET)
    rooms = Rooms(
        RoomServices(tables, store, live, runner, timers or LoopTimers(clock), deal_secret,
                     grace_s=_grace(grace_s, config), alone=alone,
                     coordination=None if alone else store,
                     owner=owner,
                     match_over=match_over if match_over is not None else rating_hook(store))
    )
    keeper = None if alone else LeaseKeeper(live, rooms, store, owner)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        background = [asyncio.create_task(services.changes.run())]
        if keeper is not None:
            background.append(asyncio.create_task(keeper.run()))
        yield
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        if keeper is not None:
            await keeper.close()
        await services.sockets.settle()
        await services.rooms.close()
        await live.close()
        runner.close()
        store_thread.close()
        store.close()

    app = FastAPI(title="Hertta", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    services = AppServices(
        settings=config,
        store=store,
        cookies=PlayerCookies(cookie_key, secure=config.cookie_secure),
        templates=Jinja2Templates(directory=str(WEB_DIR / "templates")),
        tables=tables,
        live=live,
        runner=runner,
        clock=clock,
        deal_secret=deal_secret,
        rng=SplitMix64(secrets.randbits(64)),
        examples=Examples(runner),
        rooms=rooms,
        handles=PlayerHandles(store),
        today=today,
        store_thread=store_thread,
        games=listed,
    )
    services.sessions = SoloSessions(services, {game.kind: game.sessions for game in listed})
    services.changes = change_feed(services, config.db_path)
    app.state.hertta = services
    install_error_handlers(app)
    install_error_pages(app)
    install_player_middleware(app, services.cookies)
    install_origin_check(app, services.settings.allowed_origins)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit)
    app.add_middleware(HeadAsGet)
    app.mount("/static", StaticFiles(directory=str(WEB_DIR / "static")), name="static")
    for router in (pages.router, settings.router, stats.router, examples.router, online.router,
                   leaderboard.router, daily.router, table_pages.router):
        app.include_router(router)
    for game in listed:
        app.include_router(game.router)
    if config.bench_echo:
        app.include_router(bench.router)
    return app


def _grace(grace_s: float | None, config: Settings) -> float:
    """How long an away person keeps a shared table's seat: the caller's, else the settings'."""
    if grace_s is not None:
        return grace_s
    return float(config.away_grace_s) if config.away_grace_s is not None else GRACE_S
