"""The turn clock of a shared table, as data: which decision people owe now, the one being
timed, and how it is shown to the seats. The room (:mod:`hertta.tables.rooms`) sets and cancels
the timer; what is owed and what is shown is worked out here, from the match alone."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hertta.hearts.decisions import decision_needed
from hertta.hearts.match import MatchState, is_last_round
from hertta.tables.timers import TimerHandle

CARD_SHOWN_S: Final = 0.75
"""How long the table page holds another seat's card before drawing the next, at the default
animation speed (3 x 250 ms: ``cardHoldMs`` in hearts/animate.js)."""
TRICK_SHOWN_S: Final = 1.125
"""How long it holds a completed trick and its taker there (4.5 x 250 ms: ``trickHoldMs``)."""


def showing_allowance_s(kind: str, players: int) -> float:
    """Seconds the clock waits past a decision's deadline before a stand-in makes it: what the
    pages spend showing the plays that made the decision owed before they show it owed. A turn
    comes after the trick before stayed in view and the other seats' cards of this trick were
    each held a moment (3.4 s with four players), and the pages count a person's seconds from
    when their turn appears (at most this much after the state came): with the deadline alone
    the countdown ran while the cards were still being shown, and a 15 s clock showed about 11
    when the turn appeared. A result (``next``, a moon's choice) comes after its last trick
    stayed in view; a pass at once."""
    if kind == "play":
        return (players - 1) * CARD_SHOWN_S + TRICK_SHOWN_S
    if kind == "pass":
        return 0.0
    return TRICK_SHOWN_S


@dataclass(eq=False)
class TimedDecision:
    """The decision the turn clock is timing: its table version, kind and seats; its
    ``deadline`` (the clock's own time, what the seats count down to) and ``allowance`` (how
    much later its timer decides: :func:`showing_allowance_s`)."""

    version: int
    kind: str
    seats: tuple[int, ...]
    deadline: float
    allowance: float
    handle: TimerHandle
    since: float = 0.0
    """When the decision became owed (the row's ``owed_since``; 0 when not known)."""


def owed_by_people(
    match: MatchState, people: Sequence[int], stand_ins: Collection[int], ready: Collection[int]
) -> tuple[str | None, tuple[int, ...]]:
    """The kind of decision the people at ``people`` owe now and their seats (seats a
    computer player stands in for excluded; for ``next``, those not ``ready`` yet)."""
    if match.over:
        return None, ()
    needed = decision_needed(match)
    present = [seat for seat in people if seat not in stand_ins]
    if needed.kind == "next":
        if is_last_round(match):
            return None, ()
        return "next", tuple(seat for seat in present if seat not in ready)
    return needed.kind, tuple(seat for seat in needed.seats if seat in present)


def clock_json(clock: TimedDecision | None, now: float) -> dict[str, Any] | None:
    """What the seats see of the clock (null when nothing is timed)."""
    if clock is None:
        return None
    return timed_json(clock.seats, clock.kind, clock.deadline - now, clock.allowance)


def timed_json(
    seats: Sequence[int], kind: str, left_s: float, allowance_s: float
) -> dict[str, Any]:
    """A timed decision as the seats see it: ``remaining_ms`` to its deadline, and
    ``allowance_ms``, how long after that a stand-in makes it."""
    return {"seats": list(seats), "kind": kind, "remaining_ms": round(max(0.0, left_s) * 1000),
            "allowance_ms": int(allowance_s * 1000)}
