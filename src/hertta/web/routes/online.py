"""Tables people play together: the HTTP API (create, read, the lobby, display names, a
finished match's record) and the table socket (``docs/tables.md``)."""

from __future__ import annotations

import hmac
import time
from typing import Any, Final

import anyio.to_thread
from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse

from hertta.tables.hearts import LEVELS
from hertta.tables.model import StaleTableError, UnknownTableError
from hertta.tables.online import (
    OnlineStatus,
    OnlineTable,
    clean_name,
    may_watch,
    online_table_from_request,
    public_json,
)
from hertta.tables.service import new_invite, new_table_id
from hertta.tables.table_rules import CHOICE_TYPES
from hertta.web import transport
from hertta.web.deps import CLOSE_BAD_ORIGIN, PlayerDep, ServicesDep, app_services, json_body
from hertta.web.errors import BadRequest
from hertta.web.players import COOKIE_NAME
from hertta.web.preferences import player_preferences
from hertta.web.services import AppServices
from hertta.web.table_session import NoName, TableChannel

router = APIRouter()

CLOSE_NO_TABLE = 4404
"""Close code: no such table (or a private one without its invite)."""


def may_see(online: OnlineTable, player: str | None, invite: str | None) -> bool:
    """Public tables are open to anyone; private ones to their host, their seated people and
    whoever holds the invite."""
    if online.public:
        return True
    if player is not None and (player == online.host or online.seat_of(player) is not None):
        return True
    return invite is not None and hmac.compare_digest(invite.encode(), online.invite.encode())


def invite_url(request: Request, online: OnlineTable) -> str:
    return f"{str(request.base_url).rstrip('/')}/t/{online.id}?invite={online.invite}"


async def _current(services: AppServices, table_id: str) -> OnlineTable:
    room = services.rooms.get(table_id)
    if room is not None:
        return room.online
    return await anyio.to_thread.run_sync(services.store.read_online, table_id)


TABLE_REQUEST_TYPES: Final[dict[str, type]] = {
    "game": str, "name": str, "rules": dict, "seats": list, "public": bool,
    "spectators": bool, "clock": int, "rated": bool,
}


COMPUTER_SEAT_TYPES: Final[dict[str, type]] = {"level": str, "name": str}

_JSON_NAMES: Final = {str: "string", int: "integer", bool: "boolean", dict: "object",
                      list: "array"}


def _wrong_types(value: dict[str, Any], types: dict[str, type]) -> list[str]:
    # type(), not isinstance(): True is no integer here, as in the settings' JSON.
    return [
        f"{key!r} must be a JSON {_JSON_NAMES[kind]}, got {value[key]!r:.80}"
        for key, kind in types.items()
        if key in value and type(value[key]) is not kind
    ]


def _check_json_types(body: dict[str, Any]) -> None:
    """A value of the wrong JSON type is a malformed request (400 ``bad_request``, as at
    every endpoint), before its choices are weighed (``bad_setting``)."""
    wrong = _wrong_types(body, TABLE_REQUEST_TYPES)
    rules = body.get("rules")
    if isinstance(rules, dict):
        wrong += _wrong_types(rules, CHOICE_TYPES)
    seats = body.get("seats")
    for index, seat in enumerate(seats if isinstance(seats, list) else []):
        if isinstance(seat, dict):  # a computer player: its name may be null (a default one)
            named = {key: value for key, value in seat.items() if value is not None}
            wrong += [f"seat {index}: {words}"
                      for words in _wrong_types(named, COMPUTER_SEAT_TYPES)]
    if wrong:
        raise BadRequest("; ".join(wrong))


@router.post("/api/tables", status_code=201)
async def create_table(
    request: Request, services: ServicesDep, player: PlayerDep
) -> JSONResponse:
    body = await json_body(request)
    if not isinstance(body, dict):
        raise BadRequest(f"a table request is a JSON object, got {body!r:.80}")
    _check_json_types(body)
    store = services.store
    given = body.pop("name", None)
    if given is not None:
        name = clean_name(given)
    else:
        known = await anyio.to_thread.run_sync(store.names, [player])
        if player not in known:
            raise NoName("choose a display name first (\"name\" in the request)")
        name = known[player]
    online = online_table_from_request(
        body, table_id=new_table_id(), invite=new_invite(),
        host=player, host_name=name, levels=LEVELS,
    )
    if given is not None:  # only once the whole request is good: a refused one changes nothing
        await anyio.to_thread.run_sync(store.set_name, player, name)
    await anyio.to_thread.run_sync(store.insert_online, online)
    room = services.rooms.add(online)
    if online.full:  # the host and computer players only: it starts at once
        await room.change_seating(lambda table: table)
    answer = {"id": online.id, "invite_url": invite_url(request, online),
              "table": {**public_json(room.online), "host_name": name}}
    return JSONResponse(answer, status_code=201)


@router.get("/api/tables/{table_id}")
async def read_table(
    table_id: str, services: ServicesDep, player: PlayerDep, invite: str | None = None
) -> dict[str, Any]:
    online = await _current(services, table_id)
    if not may_see(online, player, invite):
        raise UnknownTableError(f"no table {table_id!r}")
    room = services.rooms.get(table_id)
    shown = public_json(online, None if room is None else room.connected_seats)
    names = await anyio.to_thread.run_sync(services.store.names, [online.host])
    shown["host_name"] = names.get(online.host, "")
    return shown


@router.get("/api/tables/{table_id}/record")
async def table_record(
    table_id: str, services: ServicesDep, player: PlayerDep, invite: str | None = None
) -> dict[str, Any]:
    """A finished match: its code, its seats and every decision (409 before the end)."""
    online = await _current(services, table_id)
    if not may_see(online, player, invite):
        raise UnknownTableError(f"no table {table_id!r}")
    table = await anyio.to_thread.run_sync(services.finished_table, online)
    if table is None:
        raise StaleTableError("the match is not over: its record is shown at its end")
    decisions = await anyio.to_thread.run_sync(services.store.read_decisions, table_id)
    return {
        "id": table_id,
        "code": table.row.setup.get("code"),
        "seats": [seat.name for seat in table.row.seats],
        "decisions": [decision.text for decision in decisions],
    }


LOBBY_QUIET_S: Final = 600.0
"""How long a waiting table with nobody seated connected stays in the lobby after its last
change: long enough for a table made through the API, or a host reloading the page; a table
its people left hours ago is not offered to a newcomer to wait at alone."""


@router.get("/api/lobby")
async def lobby(services: ServicesDep) -> dict[str, Any]:
    store = services.store
    entries = await anyio.to_thread.run_sync(store.lobby)
    connected = await services.rooms.connected_tables()
    quiet_since = time.time() - LOBBY_QUIET_S  # the store stamps rows with the wall clock
    tables = [
        entry.table for entry in entries
        if entry.table.id in connected or entry.updated_at >= quiet_since
    ]
    names = await anyio.to_thread.run_sync(store.names, [t.host for t in tables])
    shown = []
    for online in tables:
        room = services.rooms.get(online.id)
        current = online if room is None else room.online
        if current.status is OnlineStatus.WAITING and current.free_seats:
            shown.append({**public_json(current), "host_name": names.get(online.host, "")})
    return {"tables": shown}


@router.get("/api/profile")
async def read_profile(services: ServicesDep, player: PlayerDep) -> dict[str, Any]:
    names = await anyio.to_thread.run_sync(services.store.names, [player])
    return {"name": names.get(player)}


@router.post("/api/profile")
async def change_profile(
    request: Request, services: ServicesDep, player: PlayerDep
) -> dict[str, Any]:
    body = await json_body(request)
    if not isinstance(body, dict) or set(body) != {"name"}:
        raise BadRequest(f'expected {{"name": "..."}}, got {body!r:.80}')
    wrong = _wrong_types(body, {"name": str})
    if wrong:
        raise BadRequest("; ".join(wrong))
    name = clean_name(body["name"])
    await anyio.to_thread.run_sync(services.store.set_name, player, name)
    await services.rooms.rename(player)
    return {"name": name}


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    services = app_services(websocket)
    if not transport.origin_allowed(websocket, services.settings.allowed_origins):
        await websocket.accept()
        await websocket.close(code=CLOSE_BAD_ORIGIN)
        return
    player = services.cookies.read(websocket.cookies.get(COOKIE_NAME))
    invite = websocket.query_params.get("invite")

    async def open_channel(player_id: str) -> transport.Channel:
        try:
            room = await services.rooms.open(table_id)
        except UnknownTableError:
            raise transport.Refused(CLOSE_NO_TABLE) from None
        online = room.online
        if not may_see(online, player_id, invite):
            raise transport.Refused(CLOSE_NO_TABLE)
        if not may_watch(online, player_id):
            raise transport.Refused(transport.CLOSE_NO_SPECTATORS)
        preferences = await anyio.to_thread.run_sync(
            player_preferences, services.store, player_id
        )
        return TableChannel(services, room, player_id, preferences)

    await transport.serve(websocket, player, open_channel, services.sockets)
