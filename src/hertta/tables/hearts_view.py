"""What one seat (or a spectator) may see of a Hearts table, and the events a decision causes.

A seat gets its own :class:`~hertta.hearts.Observation` plus public facts (names, totals, who
played what, who took a trick); a spectator gets only the public facts. Events describe each
step so a page can show them one by one: they never name a card before it is played, a seat's
passed cards go only to that seat, and received cards only to the receiver. The match code
(which reproduces every hand) is in the view only when :func:`code_is_public`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hertta.hearts import MatchState, Phase, RoundState, Trick, observation_to_json, observe
from hertta.hearts.decisions import Decision, MoonDecision, NextRound, PassDecision, PlayDecision
from hertta.hearts.match import is_last_round, totals_after_round, totals_before_round
from hertta.hearts.observation import kitty_points, sees_kitty
from hertta.tables.hearts import code_is_public
from hertta.tables.model import JsonObject, Seat
from hertta.tables.table_rules import rule_options_json

PERSON = "person"


def seats_json(seats: Sequence[Seat]) -> list[dict[str, str]]:
    return [{"name": seat.name, "level": seat.level or PERSON} for seat in seats]


def status_of(match: MatchState) -> str:
    if match.over:
        return "match_over"
    return match.round.phase.value


def summary_json(match: MatchState) -> dict[str, Any] | None:
    """The finished round's points, the moon and the running totals (None mid-round)."""
    score = match.round.score
    totals = totals_after_round(match)
    if score is None or totals is None:
        return None
    return {
        "points": list(score.points),
        "taken": list(score.taken),
        "moon_shooter": score.shooter,
        "moon_option": score.moon_option,
        "totals": list(totals),
        "match_over": match.over,
        "winners": list(match.winners) if match.over else [],
        "losers": list(match.losers) if match.over else [],
    }


def public_round_json(state: RoundState) -> dict[str, Any]:
    """What everyone at the table sees of a round: no hand, no pass."""
    return {
        "phase": state.phase.value,
        "dealer": state.dealer,
        "pass_direction": state.pass_direction.value,
        "hand_sizes": list(state.hand_sizes),
        "passes_chosen": [p is not None for p in state.passes],
        "trick": {
            "leader": state.trick_leader,
            "cards": [c.notation for c in state.current_trick],
            "cancelled": list(state.current_trick_cancelled),
        },
        "hearts_broken": state.hearts_broken,
        "turn": state.turn,
    }


def reveal_json(state: RoundState) -> dict[str, Any]:
    """A finished round laid open: the hands as dealt, the passes, the kitty."""
    return {
        "hands": [[card.notation for card in hand] for hand in state.dealt],
        "passes": [[card.notation for card in chosen or ()] for chosen in state.passes],
        "kitty": [card.notation for card in state.kitty],
    }


def shown_points(trick: Trick, state: RoundState, viewer: int | None) -> int:
    """The points ``viewer`` may be told ``trick`` took: while cards are still to be played a
    face-down kitty's points are left out for everyone but its taker (they would tell what is
    in it: a clubs trick worth 13 holds the Q♠ in its kitty), as the seat's own ``Observation``
    leaves them out of ``points_taken``. Once every card is played the kitty is no secret."""
    if not trick.kitty or sees_kitty(state, viewer):
        return trick.taken_points
    return trick.taken_points - kitty_points(state)


def public_trick_json(
    trick: Trick, state: RoundState | None = None, viewer: int | None = None
) -> dict[str, Any]:
    """A completed trick as everyone sees it (``state``: the round it is shown in, so a
    kitty's points stay hidden while it is face down; None: a finished round)."""
    return {
        "leader": trick.leader,
        "seats": list(trick.seats),
        "cards": [card.notation for card in trick.cards],
        "cancelled": list(trick.cancelled),
        "winner": trick.winner,
        "points": trick.taken_points if state is None else shown_points(trick, state, viewer),
        "took_kitty": bool(trick.kitty),
    }


def hearts_view(
    match: MatchState,
    setup: JsonObject,
    seats: Sequence[Seat],
    seat: int | None,
    move_errors: bool = False,
) -> dict[str, Any]:
    """The page state for ``seat`` (None: a spectator). The caller adds ``version``."""
    view: dict[str, Any] = {
        "game": "hearts",
        "status": status_of(match),
        "code": str(match.code) if code_is_public(setup, match) else None,
        "round_index": match.round_index,
        "players": match.players,
        "seats": seats_json(seats),
        "score_limit": match.rules.score_limit,
        "moon_rule": match.rules.moon_rule,
        "preset": match.rules.preset,
        "rule_options": rule_options_json(match.rules),
        "summary": summary_json(match),
        # Every finished round's points, for the score sheet (public: everyone saw them scored).
        "rounds": [list(score.points) for score in match.results],
        "settings": {"move_errors": move_errors},
    }
    if match.round.phase is Phase.ROUND_OVER:
        # Every card of the round has been played: its hands, passes and kitty are no secret
        # any more, so everyone at the table may look the round over.
        view["reveal"] = reveal_json(match.round)
    if seat is None:
        totals = list(totals_before_round(match))
        view["table"] = {
            **public_round_json(match.round),
            "totals": totals,
            "tricks": [public_trick_json(t, match.round) for t in match.round.tricks],
        }
    else:
        obs = observe(match.round, seat, totals_before_round(match))
        view["seat"] = seat
        view["observation"] = observation_to_json(obs)
        # An observation's trick has its own cards' points; the page says what its winner
        # took (carried cards and a kitty it may see included), as the trick's event did.
        # Beside the observation, which stays exactly the Observation format.
        view["taken_points"] = [shown_points(t, match.round, seat) for t in match.round.tricks]
    return view


def play_events(
    before: RoundState, after: RoundState, seat: int, card: str, viewer: int | None = None
) -> list[dict[str, Any]]:
    """The events of one card played: the card, hearts breaking, a completed trick, the end
    of the tricks. The kitty's cards are never named (only that it went with the trick)."""
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
                "points": shown_points(trick, after, viewer),
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


def exchange_event(state: RoundState, seat: int | None) -> dict[str, Any]:
    """The passes were exchanged: a seat learns what it received (its own cards now)."""
    received = [] if seat is None else [c.notation for c in state.received(seat)]
    return {"type": "exchange", "direction": state.pass_direction.value, "received": received}


def round_event(match: MatchState) -> dict[str, Any]:
    state = match.round
    return {
        "type": "round",
        "index": match.round_index,
        "direction": state.pass_direction.value,
        "dealer": state.dealer,
    }


def round_over_event(match: MatchState) -> dict[str, Any]:
    return {"type": "match_over" if match.over else "round_over", "summary": summary_json(match)}


def decision_events(
    before: MatchState, after: MatchState, decision: Decision, viewer: int | None
) -> list[dict[str, Any]]:
    """What ``viewer`` (a seat, or None for a spectator) is told about one decision."""
    events: list[dict[str, Any]] = []
    if isinstance(decision, PassDecision):
        passed: dict[str, Any] = {"type": "passed", "seat": decision.seat}
        if viewer == decision.seat:
            passed["cards"] = [card.notation for card in decision.cards]
        events.append(passed)
        if after.round.phase is not Phase.PASSING:
            events.append(exchange_event(after.round, viewer))
    elif isinstance(decision, PlayDecision):
        events.extend(play_events(before.round, after.round, decision.seat,
                                  decision.card.notation, viewer))
    elif isinstance(decision, MoonDecision):
        events.append({"type": "moon", "seat": decision.seat, "option": decision.option})
    elif isinstance(decision, NextRound):
        events.append(round_over_event(after) if after.over else round_event(after))
        return events
    if after.round.phase is Phase.ROUND_OVER and not is_last_round(after):
        # The last round's result comes with the match's end (the table's own next decision).
        events.append(round_over_event(after))
    return events


def start_events(match: MatchState, setup: JsonObject) -> list[dict[str, Any]]:
    """A new table: its code (when public) and its first round."""
    code = str(match.code) if code_is_public(setup, match) else None
    return [{"type": "new", "code": code}, round_event(match)]
