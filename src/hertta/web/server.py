"""``hertta serve``: run the web app under uvicorn.

Start-up problems end in one line naming what is wrong (a bad port or host, an address in use,
a database that cannot be opened) and exit code 2; the socket is bound before the "running at"
line is printed, so that line always tells the truth.
"""

from __future__ import annotations

import gc
import socket
from typing import Final

import uvicorn

from hertta.errors import ConfigError
from hertta.store.sql import redact_url
from hertta.web.app import create_app
from hertta.web.protocol import MAX_FRAME_CHARS
from hertta.web.settings import Settings

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


def run(host: str, port: int, db_path: str | None) -> None:
    """Serve on ``host:port`` with the database at ``db_path`` (None: settings/env default)."""
    settings = Settings.from_env(db_path=db_path)
    sock = listening_socket(host, port)
    app = create_app(settings)
    # What start-up made (modules, the app, the routes) lives as long as the server: frozen,
    # the collector never walks it again. Full collections (a walk of every live game, tens of
    # ms with 200 games, on the event loop) come a thousand times more rarely than by default:
    # the games hold no reference cycles to speak of, and those pauses were the tail of a tap
    # (bench/web_bench.py --think-ms 1000: p99 39 -> 16 ms).
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 10000)
    shown = f"[{host}]" if ":" in host else host
    print(f"Hertta is running at http://{shown}:{port}/ (database: {redact_url(settings.db_path)})",
          flush=True)
    config = uvicorn.Config(
        app, log_level="warning", ws_ping_interval=20.0, ws_max_size=WS_MAX_BYTES
    )
    uvicorn.Server(config).run(sockets=[sock])
