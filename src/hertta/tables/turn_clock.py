"""The turn clock of a shared table, as data: which decision people owe now, the one being
timed, and how it is shown to the seats. The room (:mod:`hertta.tables.rooms`) sets and cancels
the timer; what is owed and what is shown is worked out here, from the match alone."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from hertta.hearts.decisions import decision_needed
from hertta.hearts.match import MatchState, is_last_round
from hertta.tables.timers import TimerHandle


@dataclass(eq=False)
class TimedDecision:
    """The decision the turn clock is timing: its table version, kind and seats."""

    version: int
    kind: str
    seats: tuple[int, ...]
    deadline: float
    handle: TimerHandle


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
    left = max(0.0, clock.deadline - now)
    return {"seats": list(clock.seats), "kind": clock.kind, "remaining_ms": int(left * 1000)}
