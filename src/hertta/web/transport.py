"""The WebSocket transport: one connection's frames in, its messages out.

Each connection has an outbox (a bounded queue) drained by its own writer task, so a slow
reader never holds up anyone else: a connection whose outbox fills up (:data:`OUTBOX_LIMIT`
messages unread) gets nothing more (its writer is stopped, what it has not received is
dropped), its frames are no longer read, and it is closed with code 1013; its page reconnects
and gets a snapshot. Frames
are handled one at a time per connection, and the loop yields after each one (fair
scheduling): a client that floods its socket only waits for its own answers, its backlog stays
in its own socket buffer, and every other connection keeps being served in between.

A socket is refused before anything is sent when its ``Origin`` is not the app's own (nor in
the allow-list setting); one without a validly signed player cookie is accepted and closed at
once with :data:`CLOSE_NO_PLAYER` (the page then says so and starts afresh).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket, WebSocketState

from hertta.errors import HerttaError
from hertta.store.database import StoreUnavailableError
from hertta.tables.model import StaleTableError
from hertta.web.errors import ProtocolError, error_code, error_detail
from hertta.web.protocol import (
    Intent,
    Message,
    OpSpec,
    boolean,
    client_seq,
    decode_frame,
    encode,
    op_of,
    parse_intent,
)

log = logging.getLogger(__name__)

CLOSE_NO_PLAYER: Final = 4401
"""Close code for a socket without a valid player cookie."""
CLOSE_NO_SPECTATORS: Final = 4409
"""Close code: a shared table that takes no spectators, and this person has no seat at it."""
CLOSE_TOO_MANY: Final = 4429
"""Close code: this player already has :data:`SOCKETS_PER_PLAYER` sockets open here."""
SOCKETS_PER_PLAYER: Final = 32
"""Sockets one player (one cookie) may hold open on one process: a person's tabs of every
game with room to spare; one cookie opening thousands would hold the server's memory."""
CLOSE_TOO_SLOW: Final = 1013
"""Close code for a connection that stopped reading its messages ("try again later")."""
CLOSE_TRY_AGAIN: Final = 1013
"""1013 (try again later) also closes a connection that could not open while the database
was away: the page reconnects, as after a slow link."""
CLOSE_SERVER_ERROR: Final = 1011
OUTBOX_LIMIT: Final = 256
CLOSE_WAIT_S: Final = 10.0
"""How long a connection closed as too slow may take to receive its close frame."""

VIEW_ARGS = {"hidden": boolean, "dialog": boolean}
PLATFORM_OPS: Mapping[str, OpSpec] = {
    "hello": OpSpec(optional=VIEW_ARGS),
    "ping": OpSpec(),
    "view": OpSpec(optional=VIEW_ARGS),
}


@dataclass(eq=False)
class Connection:
    """One open socket: what its page says about itself and its outbox."""

    websocket: WebSocket
    hidden: bool = False
    dialog: bool = False
    sent: int = 0
    closing: bool = False
    outbox: asyncio.Queue[Message] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    writer: asyncio.Task[None] | None = None
    server_close: asyncio.Task[None] | None = None

    @property
    def active(self) -> bool:
        return not self.hidden and not self.dialog

    def push(self, message: Message) -> None:
        """Queue a message (never waits); the connection's ``seq`` numbers them in order."""
        if self.closing:
            return
        self.sent += 1
        try:
            self.outbox.put_nowait({**message, "seq": self.sent})
        except asyncio.QueueFull:
            log.info("closing a connection that stopped reading its messages")
            self.closing = True
            if self.writer is not None:
                self.writer.cancel()  # a write stuck on the full socket goes too
            self.server_close = asyncio.get_running_loop().create_task(
                self._close(CLOSE_TOO_SLOW)
            )

    def close_from_server(self, code: int) -> None:
        """End this connection from the server's side; the page learns why from ``code``."""
        if self.closing:
            return
        self.closing = True
        self.server_close = asyncio.get_running_loop().create_task(self._close(code))

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=code)

    def start_writing(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write_loop())

    async def _write_loop(self) -> None:
        while not self.closing:
            message = await self.outbox.get()
            if self.websocket.application_state is not WebSocketState.CONNECTED:
                continue
            try:
                await self.websocket.send_text(encode(message))
            except UnicodeEncodeError:  # a bug (input is checked): lose one message, say so
                log.error("a %r message could not be sent: not UTF-8 text", message.get("type"))
            except Exception:  # the peer went away: its receive loop ends the connection
                self.closing = True
                return

    def stop_writing(self) -> None:
        self.closing = True
        if self.writer is not None:
            self.writer.cancel()


class Sockets:
    """The open connections of this process, and the clean-ups of those that closed (run in
    the background, so a closing connection never waits on the store)."""

    def __init__(self) -> None:
        self.open: set[Connection] = set()
        self._cleanups: set[asyncio.Task[None]] = set()
        self._per_player: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self.open)

    def admit(self, player: str) -> bool:
        """Count one more socket of ``player``; False (not counted) when it has its fill."""
        if self._per_player[player] >= SOCKETS_PER_PLAYER:
            return False
        self._per_player[player] += 1
        return True

    def release(self, player: str) -> None:
        self._per_player[player] -= 1
        if self._per_player[player] <= 0:
            del self._per_player[player]

    def clean_up(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._cleanups.add(task)
        task.add_done_callback(self._cleanups.discard)

    async def settle(self) -> None:
        """Wait for every clean-up under way (at shutdown)."""
        if self._cleanups:
            await asyncio.gather(*self._cleanups, return_exceptions=True)


class Refused(Exception):
    """Raised by ``open_channel``: close the connection with ``code`` (after accepting it, so
    the page can read the code) and send nothing."""

    def __init__(self, code: int, reason: str = "") -> None:
        super().__init__(reason or str(code))
        self.code = code


class Channel(Protocol):
    """What a connection talks to: a seat's session (its ops, views and decisions)."""

    @property
    def ops(self) -> Mapping[str, OpSpec]:
        """The game ops it takes, with their argument parsers."""
        ...

    def attach(self, connection: Connection) -> None: ...

    async def detach(self, connection: Connection) -> None: ...

    async def hello(self, connection: Connection) -> Message:
        """The snapshot for a (re)connected page (``type`` ``snapshot``)."""
        ...

    def view_changed(self, connection: Connection) -> None:
        """The page became hidden/visible or opened/closed a dialog."""
        ...

    def view_update(self, re: int | None) -> Message:
        """An ``update`` without events (the answer to ``view``)."""
        ...

    async def handle(self, connection: Connection, intent: Intent) -> None:
        """Carry out a game op and push its answer (``re`` = ``intent.seq``) to the asker."""
        ...

    async def snapshot(self) -> Message: ...


def origin_allowed(connection: HTTPConnection, allowed: Sequence[str]) -> bool:
    """The page's origin must be this app's own (the ``Host`` it was reached at, http or
    https) or listed in ``allowed``. A client that sends no ``Origin`` is not a browser page
    (browsers always send it), so another site cannot be acting through it. Sockets and
    every request that changes something (a POST) are checked alike."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    host = connection.headers.get("host", "")
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc == host


def error_message(error: Exception, seq: int | None) -> Message:
    message: Message = {"type": "error", "re": seq, "code": error_code(error)}
    if isinstance(error, ProtocolError) and error.field is not None:
        message["field"] = error.field
    detail = error_detail(error)
    if detail is not None:
        message["detail"] = detail
    return message


async def serve(
    websocket: WebSocket, player: str | None, open_channel: OpenChannel, sockets: Sockets
) -> None:
    """Run one accepted connection until it closes (``sockets`` holds it meanwhile)."""
    await websocket.accept()
    if player is None:
        await websocket.close(code=CLOSE_NO_PLAYER)
        return
    if not sockets.admit(player):
        await websocket.close(code=CLOSE_TOO_MANY)
        return
    try:
        await _serve_player(websocket, player, open_channel, sockets)
    finally:
        sockets.release(player)


async def _serve_player(
    websocket: WebSocket, player: str, open_channel: OpenChannel, sockets: Sockets
) -> None:
    try:
        channel = await open_channel(player)
    except Refused as refused:
        await websocket.close(code=refused.code)
        return
    except StoreUnavailableError as error:  # the database is away: the page tries again
        log.warning("a connection could not open: %s", error)
        await websocket.close(code=CLOSE_TRY_AGAIN)
        return
    except Exception:  # a bug: closed with a code, never a handshake left hanging
        log.exception("a connection could not open")
        await websocket.close(code=CLOSE_SERVER_ERROR)
        return
    connection = Connection(websocket)
    connection.start_writing()
    sockets.open.add(connection)
    try:
        channel.attach(connection)
        while True:
            try:
                message = await websocket.receive()
            except Exception:  # the peer vanished mid-frame: nothing to answer
                break
            if message["type"] == "websocket.disconnect":
                break
            frame = message.get("text")
            if frame is None:
                frame = message.get("bytes")
            await _on_frame(channel, connection, frame)
            if connection.closing:
                break  # it stopped reading its answers: stop reading its questions too
            await asyncio.sleep(0)  # fair scheduling: let every other connection move too
    finally:
        sockets.open.discard(connection)
        connection.stop_writing()
        sockets.clean_up(_after_close(channel, connection))
    if connection.server_close is not None:
        # Closed by the server (too slow, or no longer allowed in): its close frame waits for
        # the peer to read; the connection must stay until then (or a while), or the peer
        # would see it cut off mid-message.
        await asyncio.wait({connection.server_close}, timeout=CLOSE_WAIT_S)


async def _after_close(channel: Channel, connection: Connection) -> None:
    """The seat forgets the connection (and keeps a paused clock)."""
    try:
        await channel.detach(connection)
    except Exception:  # a clean-up must never take anything else down
        log.exception("cleaning up after a closed connection failed")


OpenChannel = Callable[[str], Awaitable[Channel]]


async def _on_frame(channel: Channel, connection: Connection, frame: str | bytes | None) -> None:
    seq: int | None = None
    try:
        decoded = decode_frame(frame)
        seq = client_seq(decoded)
        op = op_of(decoded)
        if op in PLATFORM_OPS:
            intent = parse_intent(decoded, PLATFORM_OPS)
            if intent.op == "ping":
                connection.push({"type": "pong", "re": seq})
                return
            connection.hidden = bool(intent.args.get("hidden", connection.hidden))
            connection.dialog = bool(intent.args.get("dialog", connection.dialog))
            channel.view_changed(connection)
            if intent.op == "hello":
                connection.push({**await channel.hello(connection), "re": seq})
            else:
                connection.push(channel.view_update(seq))
            return
        await channel.handle(connection, parse_intent(decoded, channel.ops))
    except StaleTableError as error:
        # Another process moved this table: say so, then show what it is now.
        connection.push(error_message(error, seq))
        connection.push({**await channel.snapshot(), "re": None})
    except (ProtocolError, HerttaError) as error:
        connection.push(error_message(error, seq))
    except Exception as error:  # a bug: it must not end the connection or harm the game
        log.exception("a %s frame failed", type(channel).__name__)
        connection.push(error_message(error, seq))
