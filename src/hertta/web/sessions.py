"""The game-agnostic WebSocket session layer.

A :class:`GameSession` holds one player's game of one kind (Heart to Heart, Hearts...). The
:class:`Hub` runs the socket loop: it decodes frames, answers the platform's own ops (``hello``,
``ping``, ``view``), passes the rest to the session, and sends the reply to the asking
connection and the same update to the player's other open tabs. One session object exists per
(player, kind) while at least one connection is open, so two tabs never disagree.

A session's ``handle`` must save what needs saving before it returns: the reply, sent after it,
is the acknowledgement.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from hertta.errors import HerttaError
from hertta.web.errors import ProtocolError, error_code
from hertta.web.preferences import Value
from hertta.web.protocol import (
    Intent,
    Message,
    OpSpec,
    boolean,
    client_seq,
    decode_frame,
    encode,
    parse_intent,
)

log = logging.getLogger(__name__)

CLOSE_NO_PLAYER = 4401
"""Close code when a socket comes without a valid player cookie."""

VIEW_ARGS = {"hidden": boolean, "dialog": boolean}
PLATFORM_OPS: dict[str, OpSpec] = {
    "hello": OpSpec(optional=VIEW_ARGS),
    "ping": OpSpec(),
    "view": OpSpec(optional=VIEW_ARGS),
}


class GameSession(Protocol):
    """What a game provides to the platform."""

    kind: ClassVar[str]
    ops: ClassVar[Mapping[str, OpSpec]]

    def snapshot(self) -> dict[str, Any]:
        """This player's view: nothing they may not see (no hidden cards)."""

    def handle(self, intent: Intent) -> list[dict[str, Any]]:
        """Apply an intent; return the events it caused. Raise HerttaError to refuse it (the
        session must then be unchanged)."""

    def set_active(self, active: bool) -> None:
        """Whether someone is looking at the game with no dialog open (timers run only then)."""

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        """The player changed their settings."""

    def close(self) -> None:
        """The last connection closed: save anything not yet saved (e.g. the timer)."""


SessionFactory = Callable[[str], GameSession]
"""Makes (or resumes from the store) the session of a player id."""


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    hidden: bool = False
    dialog: bool = False
    sent: int = 0

    @property
    def active(self) -> bool:
        return not self.hidden and not self.dialog

    async def send(self, message: Message) -> None:
        self.sent += 1
        message["seq"] = self.sent
        if self.websocket.application_state is WebSocketState.CONNECTED:
            await self.websocket.send_text(encode(message))


@dataclass(eq=False)
class _Entry:
    session: GameSession
    connections: list[Connection] = field(default_factory=list)

    def sync_activity(self) -> None:
        self.session.set_active(any(c.active for c in self.connections))


class Hub:
    """Every open game session, by (player id, game kind)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], _Entry] = {}

    def session(self, player_id: str, kind: str) -> GameSession | None:
        entry = self._entries.get((player_id, kind))
        return entry.session if entry else None

    @property
    def open_sessions(self) -> int:
        return len(self._entries)

    async def serve(
        self, websocket: WebSocket, player_id: str, kind: str, factory: SessionFactory
    ) -> None:
        """Run one connection until it closes."""
        await websocket.accept()
        key = (player_id, kind)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry(factory(player_id))
        connection = Connection(websocket)
        entry.connections.append(connection)
        entry.sync_activity()
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                frame = message.get("text")
                if frame is None:
                    frame = message.get("bytes")
                await self._on_frame(entry, connection, frame)
        except WebSocketDisconnect:
            pass
        finally:
            entry.connections.remove(connection)
            if entry.connections:
                entry.sync_activity()
            else:
                self._entries.pop(key, None)
                entry.session.set_active(False)
                entry.session.close()

    async def preferences_changed(
        self, player_id: str, preferences: Mapping[str, Value]
    ) -> None:
        """Apply new settings to the player's open sessions and show every tab the result."""
        for (owner, _kind), entry in list(self._entries.items()):
            if owner == player_id:
                entry.session.apply_preferences(preferences)
                for connection in list(entry.connections):
                    await _send_quietly(
                        connection, _update(entry.session, [{"type": "settings"}], None)
                    )

    async def _on_frame(
        self, entry: _Entry, connection: Connection, frame: str | bytes | None
    ) -> None:
        session = entry.session
        seq: int | None = None
        try:
            decoded = decode_frame(frame)
            seq = client_seq(decoded)
            ops = session.ops if decoded.get("op") not in PLATFORM_OPS else PLATFORM_OPS
            intent = parse_intent(decoded, ops)
            if intent.op == "ping":
                await connection.send({"type": "pong", "re": seq})
                return
            if intent.op in ("hello", "view"):
                connection.hidden = bool(intent.args.get("hidden", connection.hidden))
                connection.dialog = bool(intent.args.get("dialog", connection.dialog))
                entry.sync_activity()
                kind = "snapshot" if intent.op == "hello" else "update"
                reply = _update(session, [], seq)
                reply["type"] = kind
                await connection.send(reply)
                return
            events = session.handle(intent)
        except (ProtocolError, HerttaError) as error:
            await connection.send(_error(error, seq))
            return
        except Exception as error:  # a bug must not end the connection or the game
            log.exception("session %s failed on %r", session.kind, frame)
            await connection.send(_error(error, seq))
            return
        await connection.send(_update(session, events, seq))
        for other in list(entry.connections):
            if other is not connection:
                await _send_quietly(other, _update(session, events, None))


async def _send_quietly(connection: Connection, message: Message) -> None:
    """Send to another tab; if it is closing, its own loop cleans up."""
    try:
        await connection.send(message)
    except Exception:
        log.debug("could not reach a closing connection", exc_info=True)


def _update(session: GameSession, events: list[dict[str, Any]], seq: int | None) -> Message:
    return {"type": "update", "re": seq, "events": events, "state": session.snapshot()}


def _error(error: Exception, seq: int | None) -> Message:
    message: Message = {"type": "error", "re": seq, "code": error_code(error)}
    if isinstance(error, ProtocolError) and error.field is not None:
        message["field"] = error.field
    return message
