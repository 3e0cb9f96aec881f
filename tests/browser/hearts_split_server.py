"""A stand-in for the Hearts socket that speaks the protocol of the coming server, where the
computer players think off the event loop: the reply to the person's decision carries only that
decision's events, and each computer player's decision follows as its own pushed update
(``re: null``) with its events and the full state after it. Built in-process on the real rules,
bots and views (``HeartsSession``, ``hearts_view``); only the message split is the emulator's.

The pushed updates are held until the test releases them (``release``), or sent right behind
the reply (``burst=True``), so a test can look at the page in between or flood its queue."""

from __future__ import annotations

import json
from typing import Any

from hertta.store.hearts_store import replay_match
from hertta.web.hearts_view import hearts_view
from playwright.sync_api import WebSocketRoute

from hertta.errors import HerttaError
from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.web.errors import ProtocolError, error_code
from hertta.web.hearts_session import HeartsSession
from hertta.web.protocol import decode_frame, parse_intent

PLAYER = "split-player"
PERSON_TOKENS = ("P0:", "0:", "M0:")
BOT_DECISIONS = ("play", "passed", "moon")


def by_a_bot(token: str) -> bool:
    return token != "N" and not token.startswith(PERSON_TOKENS)


def decision_groups(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events cut where a computer player's decision starts (its play, pass or moon
    choice); what follows a decision (a trick, the exchange, the round's end) stays with it."""
    groups: list[list[dict[str, Any]]] = [[]]
    for event in events:
        starts = event["type"] in BOT_DECISIONS and event.get("seat", 0) != 0
        if starts and groups[-1]:
            groups.append([])
        groups[-1].append(event)
    return groups


class SplitHeartsServer:
    def __init__(self, *, burst: bool = False, hold_hints: bool = False) -> None:
        store = Store(":memory:")
        store.ensure_player(PLAYER)
        self.session = HeartsSession(store, PLAYER, {}, SplitMix64(20240607))
        self.burst = burst
        self.hold_hints = hold_hints
        self.socket: WebSocketRoute | None = None
        self.sent = 0
        self.version = 0
        self.held: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.last_sent: dict[str, Any] = {}
        """The last state sent to the page."""

    # -- the page's side --------------------------------------------------------------------

    def attach(self, socket: WebSocketRoute) -> None:
        """The handler for ``page.route_web_socket``: no real server behind it."""
        self.socket = socket
        self.held.clear()
        socket.on_message(self.on_frame)

    def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        self.sent += 1
        self.messages.append(message)
        if "state" in message:
            self.last_sent = message["state"]
        self.socket.send(json.dumps({**message, "seq": self.sent}))

    def state(self, view: dict[str, Any] | None = None) -> dict[str, Any]:
        self.version += 1
        return {**(view if view is not None else self.session.snapshot()), "version": self.version}

    def on_frame(self, frame: str | bytes) -> None:
        decoded = decode_frame(frame)
        self.frames.append(decoded)
        seq = decoded.get("seq")
        op = decoded.get("op")
        if op == "ping":
            self.send({"type": "pong", "re": seq})
            return
        if op == "view" and self.last_sent:
            # Nothing changes: the state as the page last had it (the held ones come later).
            self.send({"type": "update", "re": seq, "events": [], "state": self.last_sent})
            return
        if op in ("hello", "view"):
            self.release()
            kind = "snapshot" if op == "hello" else "update"
            self.send({"type": kind, "re": seq, "events": [], "state": self.state()})
            return
        # Order is kept as a real server keeps it: what was held goes out before a new reply.
        self.release()
        intent = parse_intent(decoded, self.session.ops)
        before = list(self.session.tokens)
        try:
            events = self.session.handle(intent)
        except (ProtocolError, HerttaError) as error:
            self.send({"type": "error", "re": seq, "code": error_code(error)})
            return
        messages = self.split(intent.op, before, events)
        first, *pushed = messages
        reply = {"type": "update", "re": seq, **first}
        if op == "hint" and self.hold_hints:
            self.held.append(reply)
            return
        self.send(reply)
        self.held.extend({"type": "update", "re": None, **m} for m in pushed)
        if self.burst:
            self.release()

    def split(
        self, op: str, before: list[str], events: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """One message per decision: its events and the state right after it."""
        groups = decision_groups(events)
        tokens = self.session.tokens
        base = 0 if op in ("new", "replay") else len(before)
        bot_at = [i for i in range(base, len(tokens)) if by_a_bot(tokens[i])]
        assert len(bot_at) == len(groups) - 1, (groups, tokens[base:])
        match = self.session.match
        assert match is not None
        messages = []
        for i, group in enumerate(groups):
            if i == len(groups) - 1:
                view = None  # the last decision's state is the session's own
            else:
                upto = replay_match(str(match.code), tokens[: bot_at[i]])
                view = hearts_view(upto, self.session.seats, self.session.move_errors,
                                   self.session.code_public)
            messages.append({"events": group, "state": self.state(view)})
        return messages

    # -- the test's side --------------------------------------------------------------------

    def release(self, count: int | None = None) -> int:
        """Send held updates (all, or the first ``count``); returns how many went."""
        going = self.held if count is None else self.held[:count]
        self.held = self.held[len(going):]
        for message in going:
            self.send(message)
        return len(going)

    def changed_elsewhere(self, op: str, args: dict[str, Any]) -> None:
        """Another tab (or server process) made a decision: the page gets ``stale`` and a
        snapshot, as the coming server sends them. The version starts again, lower, as after a
        server restart: a snapshot wins anyway."""
        self.release()
        intent = parse_intent({"op": op, **args}, self.session.ops)
        self.session.handle(intent)
        self.send({"type": "error", "re": None, "code": "stale"})
        self.version = 0
        self.send({"type": "snapshot", "re": None, "events": [], "state": self.state()})
