"""A page of the real server reached at another origin: a TCP proxy on 127.0.0.1 and a free port
that passes every connection on to the server, its first request with the server's own
``Host`` (as a reverse proxy set up to pass the upstream's name would). The page's origin is
the proxy's, the host the server sees is its own, so the server takes the page's socket for a
foreign site's and refuses it (close 4403), exactly as it would in the wild."""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
import threading
from typing import Final

HEAD_LIMIT: Final = 64 * 1024
HOST_LINE: Final = re.compile(rb"(?im)^host:[^\r\n]*")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


class HostProxy:
    """Use as a context manager; ``url`` is the other origin."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(64)
        self.port: int = self._socket.getsockname()[1]
        self._loop = asyncio.new_event_loop()
        self._stopped = asyncio.Event()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name=f"host-proxy-{self.port}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        host = f"Host: 127.0.0.1:{self.target_port}".encode()
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        up_writer.write(HOST_LINE.sub(host, head, count=1))
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))

    async def _main(self) -> None:
        server = await asyncio.start_server(self._connection, sock=self._socket,
                                            limit=HEAD_LIMIT)
        async with server:
            await self._stopped.wait()
        # The connections still open are cancelled and awaited, so none is left pending when
        # the loop closes.
        open_connections = asyncio.all_tasks() - {asyncio.current_task()}
        for task in open_connections:
            task.cancel()
        await asyncio.gather(*open_connections, return_exceptions=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        self._loop.close()

    def __enter__(self) -> HostProxy:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout=10)
        assert not self._thread.is_alive(), "the proxy did not stop"
