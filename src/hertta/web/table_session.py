"""One connection at a table people share (``/ws/tables/{id}``): a seated person, a guest who
may take a seat before the match, or a spectator.

Ops (``docs/tables.md``): ``sit`` {seat?}, ``stand``, ``computer`` {seat, level, name?} and
``remove`` {seat} (the host, before the match), ``leave`` (give up the match), ``pass``
{cards}, ``play`` {card}, ``moon`` {option}, ``next``, ``react`` {reaction}, ``mute`` {seat,
muted}, ``again`` (play again once the match is over). Each connection sees the table as its
own seat may (a spectator: only what is public); every change reaches every connection as an
``update``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, ClassVar

import anyio.to_thread

from hertta.cards import parse_card
from hertta.errors import ConfigError
from hertta.hearts import HeartsMoveError
from hertta.hearts.config import MOON_OPTIONS
from hertta.hearts.decisions import Decision, MoonDecision, NextRound, PassDecision, PlayDecision
from hertta.tables.hearts import LEVELS
from hertta.tables.hearts_view import decision_events
from hertta.tables.model import SeatError
from hertta.tables.online import (
    OnlineStatus,
    may_watch,
    remove,
    seat_computer,
    sit,
)
from hertta.tables.play_again import follow_up
from hertta.tables.reactions import REACTIONS
from hertta.tables.rooms import Room, RoomChange
from hertta.tables.service import new_invite, new_table_id
from hertta.web.errors import ProtocolError
from hertta.web.hearts_session import card_text, choice, pass_cards
from hertta.web.preferences import Value
from hertta.web.protocol import MADE_AT, Intent, Message, OpSpec, boolean, integer, made_at, text
from hertta.web.services import AppServices
from hertta.web.transport import CLOSE_NO_SPECTATORS, Connection

SEAT_ARG = integer(0, 5)
OPS: dict[str, OpSpec] = {
    "sit": OpSpec(optional={"seat": SEAT_ARG}),
    "stand": OpSpec(),
    "computer": OpSpec(required={"seat": SEAT_ARG, "level": text(16)},
                       optional={"name": text(40)}),
    "remove": OpSpec(required={"seat": SEAT_ARG}),
    "leave": OpSpec(),
    "pass": OpSpec(required={"cards": pass_cards}, optional=MADE_AT),
    "play": OpSpec(required={"card": card_text}, optional=MADE_AT),
    "moon": OpSpec(required={"option": choice(MOON_OPTIONS)}, optional=MADE_AT),
    "next": OpSpec(optional=MADE_AT),
    "react": OpSpec(required={"reaction": choice(REACTIONS)}),
    "mute": OpSpec(required={"seat": SEAT_ARG, "muted": boolean}),
    "again": OpSpec(),
}


class NoName(ConfigError):
    """A person without a display name tried to take a seat."""


class TableChannel:
    """What one connection at a shared table talks to."""

    ops: ClassVar[Mapping[str, OpSpec]] = OPS

    def __init__(
        self,
        services: AppServices,
        room: Room,
        player: str,
        preferences: Mapping[str, Value],
    ) -> None:
        self.services = services
        self.room = room
        self.player = player
        self.move_errors = preferences.get("move_errors") is True
        self.seat = self.current_seat
        self.connections: list[Connection] = []
        self.muted: set[int] = set()
        self.version = 0

    # -- the transport's channel -------------------------------------------------------------

    def attach(self, connection: Connection) -> None:
        # The room first: its news of this very connection goes to the person's other tabs,
        # and this one's first frame stays the snapshot its hello asks for.
        self.room.attach(self, self.seat)
        self.connections.append(connection)

    async def detach(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        self.room.detach(self, self.seat)

    def view_changed(self, connection: Connection) -> None:
        """Shared tables have no clock that pauses with the page."""

    @property
    def current_seat(self) -> int | None:
        """The seat the room gives this person now: what they see and may decide for. (The
        host may remove them, another tab or process may seat them; ``seat`` is the one
        their connections count as present at, brought in line by :meth:`_follow_seat`.)
        A person who left the match has none: a stand-in plays the seat on, and its new cards
        are no longer theirs to see (they watch as a spectator, where the table allows one)."""
        online = self.room.online
        seat = online.seat_of(self.player)
        return None if seat is None or online.seats[seat].left else seat

    def view(self) -> dict[str, Any]:
        return {**self.room.view(self.current_seat, self.player, self.move_errors),
                "version": self.version}

    def view_update(self, re: int | None) -> Message:
        return {"type": "update", "re": re, "events": [], "state": self.view()}

    async def hello(self, connection: Connection) -> Message:
        await self.room.catch_up()
        return await self.snapshot()

    async def snapshot(self) -> Message:
        self._follow_seat()
        return {"type": "snapshot", "events": [], "state": self.view()}

    # -- the room's watcher ------------------------------------------------------------------

    def room_changed(self, change: RoomChange) -> None:
        if self.current_seat != self.seat:
            # Presence follows once this news is out: telling it now would start a second
            # broadcast inside this one, and its state would go out before this one's.
            asyncio.get_running_loop().call_soon(self._follow_seat)
        if not may_watch(self.room.online, self.player):
            # The match began with no spectators allowed, and this person has no seat: what
            # they may see ends here, as a new connection would be refused (4409).
            for connection in list(self.connections):
                connection.close_from_server(CLOSE_NO_SPECTATORS)
            return
        self.version += 1
        events = [
            event for event in change.events_for(self.current_seat)
            if not (event["type"] == "reaction" and event["seat"] in self.muted)
        ]
        message = {"type": "update", "re": None, "events": events, "state": self.view()}
        for connection in list(self.connections):
            if connection is not change.origin:
                connection.push(message)

    # -- ops -----------------------------------------------------------------------------------

    async def handle(self, connection: Connection, intent: Intent) -> None:
        args = intent.args
        room = self.room
        events: list[dict[str, Any]] = []
        if intent.op == "sit":
            await self._sit(connection, args.get("seat"))
        elif intent.op == "stand":
            await room.stand(self.player)
            self._follow_seat()
        elif intent.op == "computer":
            levels = tuple(LEVELS)
            name = str(args.get("name", ""))
            await room.change_seating(
                lambda t: seat_computer(t, self.player, int(str(args["seat"])),
                                        str(args["level"]), name, levels),
                origin=connection,
            )
        elif intent.op == "remove":
            await room.change_seating(
                lambda t: remove(t, self.player, int(str(args["seat"]))), origin=connection
            )
        elif intent.op == "leave":
            await room.leave(self.player)
        elif intent.op == "react":
            room.react(self._seated(), self.player, args["reaction"], origin=connection)
            events = [{"type": "reaction", "seat": self.seat, "reaction": args["reaction"]}]
        elif intent.op == "again":
            await self._play_again()
        elif intent.op == "mute":
            seat = int(str(args["seat"]))
            if args["muted"] is True:
                self.muted.add(seat)
            else:
                self.muted.discard(seat)
        else:
            decision = self._decision(intent.op, args)
            try:
                change = await room.decide(
                    self._seated(), decision, origin=connection, made_at=made_at(args)
                )
            except HeartsMoveError as error:
                refused: dict[str, Any] = {"type": "refused", "reason": error.reason}
                if isinstance(decision, PlayDecision):
                    refused["card"] = decision.card.notation
                events = [refused]
            else:
                if change is None:
                    events = [{"type": "ready", "seat": self.seat}]
                else:
                    events = decision_events(
                        change.before.state, change.after.state, decision, self.seat
                    )
        self.version += 1
        connection.push({"type": "update", "re": intent.seq, "events": events,
                         "state": self.view()})

    async def _sit(self, connection: Connection, seat: object) -> None:
        store = self.services.store
        names = await anyio.to_thread.run_sync(store.names, [self.player])
        name = names.get(self.player)
        if name is None:
            raise NoName("choose a display name before taking a seat")
        chosen = None if seat is None else int(str(seat))
        await self.room.change_seating(
            lambda t: sit(t, self.player, name, chosen), origin=connection
        )
        self._follow_seat()

    async def _play_again(self) -> None:
        """The table to play on at after this one's match, as ``next_table`` in the state:
        the first person to ask opens it (:func:`~hertta.tables.online.follow_up`), everyone
        after them is given the same one."""
        room = self.room
        online = room.online
        if online.follow_up is None:
            table = follow_up(online, self.player, new_table_id(), new_invite())
            opened = await anyio.to_thread.run_sync(
                self.services.store.insert_follow_up, online.id, table
            )
            if opened == table.id:
                self.services.rooms.add(table)
        await room.refresh()

    def _moved(self, seat: int | None) -> None:
        """This person's seat changed (sat down, stood up): presence follows."""
        if seat == self.seat:
            return
        # The new seat first: presence news re-enters room_changed, which follows the seat.
        old, self.seat = self.seat, seat
        if old is not None:
            for _ in self.connections:
                self.room.disconnected(old)
        if seat is not None:
            for _ in self.connections:
                self.room.connected(seat)

    def _follow_seat(self) -> None:
        """The seat is the room's to say, not this session's memory: the host may remove the
        person, another tab (or process) may seat them. A removed person must neither see nor
        decide for whoever sits there next. A person who left the match has no seat either:
        their connections no longer count as the seat's (it showed them connected) and they
        may not react for it."""
        self._moved(self.current_seat)

    def _seated(self) -> int:
        self._follow_seat()
        if self.seat is None or self.room.online.status is OnlineStatus.CLOSED:
            raise SeatError("you have no seat at this table")
        return self.seat

    def _decision(self, op: str, args: Mapping[str, object]) -> Decision:
        seat = self._seated()
        if op == "pass":
            cards = args["cards"]
            if not isinstance(cards, list):
                raise ProtocolError("bad_argument", "cards")
            return PassDecision(seat, tuple(parse_card(str(card)) for card in cards))
        if op == "play":
            return PlayDecision(seat, parse_card(str(args["card"])))
        if op == "moon":
            return MoonDecision(seat, str(args["option"]))
        return NextRound()
