"""Play again: the table a finished one's people are asked to play on at, and what each
viewer is told of it (``docs/tables.md``, "Play again"). The store opens it once
(``insert_follow_up``); the socket's ``again`` op asks for it."""

from __future__ import annotations

from dataclasses import replace

from hertta.tables.model import JsonObject, SeatError
from hertta.tables.online import OnlineSeat, OnlineStatus, OnlineTable


def follow_up(table: OnlineTable, player: str, table_id: str, invite: str) -> OnlineTable:
    """The table to play again at once ``table``'s match is over, asked for by ``player``
    (who had a seat there): the same game, rules, clock, visibility, rating and computer
    players in the same seats; ``player`` hosts it from their own seat, and the other people's
    seats are kept for them (a stranger at a public table took one within seconds; the host
    may open a kept seat to anyone, or seat a computer player there)."""
    if table.status is not OnlineStatus.OVER:
        raise SeatError("the match is not over")
    index = table.seat_of(player)
    if index is None:
        raise SeatError("you had no seat at this table")
    seats = tuple(
        replace(seat, left=False) if i == index
        else seat if seat.kind == "computer"
        else OnlineSeat("open", player=seat.player, name=seat.name)  # kept for them
        for i, seat in enumerate(table.seats)
    )
    return replace(table, id=table_id, host=player, seats=seats, invite=invite,
                   status=OnlineStatus.WAITING, version=0, follow_up=None)


def follow_up_json(table: OnlineTable, player: str | None) -> JsonObject | None:
    """What a viewer is told of the table to play again at: its id and invite for the people
    who had a seat here, its id alone for anyone else when the table is public (so is the new
    one), nothing otherwise."""
    follow = table.follow_up
    if follow is None:
        return None
    if player is not None and table.seat_of(player) is not None:
        return {"id": follow.id, "invite": follow.invite}
    return {"id": follow.id} if table.public else None
