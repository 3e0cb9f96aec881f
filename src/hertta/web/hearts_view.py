"""What the Hearts page may see of a match, and the events a move causes.

Only seat 0's :class:`~hertta.hearts.Observation` leaves the server, plus public facts (names,
totals, who played what, who took a trick). Events describe each step of what the bots did so
the page can show them one by one; they never name a card before it is played, and the only
hand-related cards they name are the ones seat 0 received.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hertta.hearts import MatchState, Phase, RoundState, observation_to_json, observe


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat at the table: the person (seat 0, level ``person``) or a computer player."""

    name: str
    level: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "level": self.level}


def totals_before_round(match: MatchState) -> tuple[int, ...]:
    """The totals before the current round (``match.totals`` already holds a finished last
    round once the match is over)."""
    if not match.over:
        return match.totals
    last = match.results[-1].points
    return tuple(t - p for t, p in zip(match.totals, last, strict=True))


def summary_json(match: MatchState) -> dict[str, Any] | None:
    """The finished round's points, the moon and the running totals (None mid-round)."""
    state = match.round
    score = state.score
    if score is None:
        return None
    before = totals_before_round(match)
    totals = [t + p for t, p in zip(before, score.points, strict=True)]
    return {
        "points": list(score.points),
        "taken": list(score.taken),
        "moon_shooter": score.shooter,
        "moon_option": score.moon_option,
        "totals": totals,
        "match_over": match.over,
        "winners": list(match.winners) if match.over else [],
        "losers": list(match.losers) if match.over else [],
    }


def hearts_view(
    match: MatchState | None, seats: tuple[SeatInfo, ...], move_errors: bool, code_public: bool
) -> dict[str, Any]:
    """The whole page state for seat 0 (the session adds ``version``). The match code
    reproduces every hand, so it is sent only when ``code_public`` or the match is over."""
    settings = {"move_errors": move_errors}
    if match is None:
        return {"game": "hearts", "status": "none", "settings": settings}
    state = match.round
    if match.over:
        status = "match_over"
    elif state.phase is Phase.ROUND_OVER:
        status = "round_over"
    else:
        status = state.phase.value
    obs = observe(state, 0, totals_before_round(match))
    return {
        "game": "hearts",
        "status": status,
        "code": str(match.code) if code_public or match.over else None,
        "round_index": match.round_index,
        "players": match.players,
        "seats": [seat.to_json() for seat in seats],
        "score_limit": match.rules.score_limit,
        "moon_rule": match.rules.moon_rule,
        "preset": match.rules.preset,
        "observation": observation_to_json(obs),
        "summary": summary_json(match),
        "settings": settings,
    }


def play_events(
    before: RoundState, after: RoundState, seat: int, card: str
) -> list[dict[str, Any]]:
    """The events of one card played: the card, a completed trick, hearts breaking, the end
    of the round. The kitty's cards are never named (only that it went with the trick)."""
    # ``turn``: who acts next once this card is down (the trick's winner after a full trick;
    # None once the tricks are over), so the page never works out the order itself.
    turn = after.turn if after.phase is Phase.PLAYING else None
    events: list[dict[str, Any]] = [{"type": "play", "seat": seat, "card": card, "turn": turn}]
    if not before.hearts_broken and after.hearts_broken:
        events.append({"type": "hearts_broken"})
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        events.append(
            {
                "type": "trick",
                "winner": trick.winner,
                "seats": list(trick.seats),
                "cards": [c.notation for c in trick.cards],
                "cancelled": list(trick.cancelled),
                "points": trick.taken_points,
                "took_kitty": bool(trick.kitty),
                "carried": len(trick.carried_in),
                "turn": turn,
            }
        )
    if after.phase is not Phase.PLAYING:
        events.append(
            {"type": "tricks_done", "moon_shooter": after.moon_shooter, "phase": after.phase.value}
        )
    return events


def exchange_event(state: RoundState) -> dict[str, Any]:
    """The passes were exchanged: seat 0 learns what it received (its own cards now)."""
    return {
        "type": "exchange",
        "direction": state.pass_direction.value,
        "received": [c.notation for c in state.received(0)],
    }


def round_over_event(match: MatchState) -> dict[str, Any]:
    summary = summary_json(match)
    return {"type": "match_over" if match.over else "round_over", "summary": summary}
