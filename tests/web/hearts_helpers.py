"""Driving Hearts through its WebSocket protocol: waiting for the computer players and the
seat-0 policies of the tests."""

from __future__ import annotations

from typing import Any

from hertta.ai import make_player
from hertta.hearts import MatchState, observe
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64
from tests.web.conftest import Socket

RANKS = "23456789TJQKA"
EASY_TABLE = [{"name": f"Bot{seat}", "level": "easy"} for seat in range(1, 6)]
MOON_CODE = "HM1-S4-AAAAAAK-MRC"
"""The first match number of standard rules with the ``choose`` moon rule at which the greedy
seat 0 (below) shoots the moon in round 1 against Easy players (found by trying numbers in
order; ``test_moon_choice_dialog_data_and_choice`` shows it still does)."""


def person_must_act(state: dict[str, Any]) -> bool:
    """Whether the table now waits for the person alone: no computer player owes a decision
    (while passing, the others may still be choosing theirs)."""
    status = state["status"]
    if status in ("none", "match_over"):
        return True
    if status == "round_over":
        # The last round's result ends the match by itself: its end is still to come.
        summary = state["summary"]
        return max(summary["totals"]) < state["score_limit"]
    obs = state["observation"]
    if status == "passing":
        return not obs["passed"] and all(obs["passes_chosen"][1:])
    if status == "playing":
        return bool(obs["turn"] == 0)
    return bool(obs["moon_shooter"] == 0)


def settle(socket: Socket, state: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read the computer players' updates until the person must act; the last state and
    every event that came."""
    events: list[dict[str, Any]] = []
    while not person_must_act(state):
        message = socket.receive()
        assert message["type"] == "update" and message["re"] is None, message
        events.extend(message["events"])
        state = message["state"]
    return state, events


def decide(socket: Socket, op: str, **args: Any) -> dict[str, Any]:
    """Send an op; the reply, with ``state`` once the computer players have moved on and
    ``pushed`` the events they caused."""
    reply = socket.send(op, **args)
    assert reply["type"] == "update", reply
    state, pushed = settle(socket, reply["state"])
    return {**reply, "state": state, "pushed": pushed}


def rank(card: str) -> int:
    return RANKS.index(card[0])


def greedy_pass(hand: list[str]) -> list[str]:
    """Keep the high cards (to take every trick): pass the three lowest."""
    return sorted(hand, key=rank)[:3]


def greedy_play(legal: list[str]) -> str:
    """Win everything: the highest legal card (hearts first among equals)."""
    return max(legal, key=lambda c: (rank(c), c[1] == "H"))


def easy_decision(match: MatchState, rng: SplitMix64) -> tuple[str, dict[str, Any]]:
    """What an Easy player would do in seat 0 now, as an (op, args) pair."""
    obs: Observation = observe(match.round, 0)
    easy = make_player("easy")
    if obs.phase.value == "passing":
        return "pass", {"cards": [c.notation for c in easy.choose_pass(obs, rng)]}
    if obs.phase.value == "moon_choice":
        return "moon", {"option": easy.choose_moon(obs, rng)}
    return "play", {"card": easy.choose_play(obs, rng).notation}
