"""``hertta serve``: run the web app under uvicorn.

Start-up problems end in one line naming what is wrong (a bad port or host, an address in use,
a database that cannot be opened) and exit code 2; the socket is bound before the "running at"
line is printed, so that line always tells the truth.
"""

from __future__ import annotations

import gc
import os
import socket
from typing import Any, Final

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

from hertta.errors import ConfigError
from hertta.store.sql import is_postgres_url, redact_url
from hertta.web.app import create_app
from hertta.web.protocol import MAX_FRAME_CHARS
from hertta.web.settings import Settings

MAX_WORKERS: Final = 64
WS_MAX_BYTES: Final = 4 * MAX_FRAME_CHARS
"""uvicorn refuses bigger WebSocket messages before reading them whole (a frame of at most
4096 characters is at most 16 KiB of UTF-8)."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (ConfigError naming the cause when it cannot be)."""
    if isinstance(port, bool) or not 1 <= port <= 65535:
        raise ConfigError(f"--port {port!r}: a port is a number from 1 to 65535")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        cause = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise ConfigError(f"--host {host!r}: {cause}") from None
    family, kind, proto, _name, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


def run(host: str, port: int, db_path: str | None, workers: int = 1) -> None:
    """Serve on ``host:port`` with the database at ``db_path`` (None: settings/env default),
    in ``workers`` processes that share the socket (several need PostgreSQL)."""
    settings = Settings.from_env(db_path=db_path)
    if not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(f"--workers {workers!r}: a number from 1 to {MAX_WORKERS}")
    if workers > 1 and not is_postgres_url(settings.db_path):
        raise ConfigError(
            f"--workers {workers}: several server processes need PostgreSQL "
            "(HERTTA_DATABASE_URL=postgresql://...); on SQLite they would not hear of each "
            "other's moves"
        )
    sock = listening_socket(host, port)
    shown = f"[{host}]" if ":" in host else host
    options: dict[str, Any] = {
        "log_level": "warning", "ws_ping_interval": 20.0, "ws_max_size": WS_MAX_BYTES,
    }
    if workers == 1:
        app = create_app(settings)
        tune_collector()
        announce(shown, port, settings, workers)
        uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[sock])
        return
    # Each process builds its own app from the environment (uvicorn spawns them); the first
    # one migrates an empty database, the others wait for its lock.
    os.environ["HERTTA_DATABASE_URL"] = settings.db_path
    create_app(settings).state.hertta.store.close()  # refuse a bad database before forking
    announce(shown, port, settings, workers)
    config = uvicorn.Config(f"{__name__}:app_from_env", factory=True, workers=workers, **options)
    Multiprocess(config, sockets=[sock]).run()


def app_from_env() -> FastAPI:
    """One server process of ``hertta serve --workers N``."""
    app = create_app(Settings.from_env())
    tune_collector()
    return app


def announce(shown: str, port: int, settings: Settings, workers: int) -> None:
    processes = f", {workers} processes" if workers > 1 else ""
    print(f"Hertta is running at http://{shown}:{port}/ (database: "
          f"{redact_url(settings.db_path)}{processes})", flush=True)


YOUNG_COLLECTION_THRESHOLD = 50_000
"""Allocations (net of frees) between collections of the youngest generation (Python's default
is 700); measured against 10,000 at 200 games: tap p99 8.1 against 10.0 ms, 14 MiB more memory."""


def tune_collector() -> None:
    # What start-up made (modules, the app, the routes) lives as long as the server: frozen,
    # the collector never walks it again. Full collections (a walk of every live game, tens of
    # ms with 200 games, on the event loop) come a thousand times more rarely than by default:
    # the games hold no reference cycles to speak of, and those pauses were the tail of a tap
    # (bench/web_bench.py --think-ms 1000: p99 39 -> 16 ms). The youngest generation too: with
    # 200 sockets it holds thousands of live objects (every socket's pending receive), so each
    # of its collections took 3-10 ms, and at 700 allocations they came many times a second.
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, 10, 10000)
