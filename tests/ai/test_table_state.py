"""Reading a shared table's state as one seat (``hertta.ai.table_state``): the knowledge built
from a seat's view gives back exactly that view's observation, at every step of whole matches
of every preset and player count; what a seat owes; the decisions; the result."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hertta.ai import make_player
from hertta.ai.engine import respond
from hertta.ai.table_state import (
    MatchResult,
    decide,
    engine_knowledge,
    match_result,
    owed,
)
from hertta.cli.join import format_result
from hertta.hearts import MatchCode, new_match, observation_to_json, observe_knowledge
from hertta.hearts.config import preset, with_options
from hertta.hearts.decisions import (
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    apply_decision,
    decision_needed,
)
from hertta.hearts.knowledge_json import knowledge_from_json
from hertta.hearts.match import MatchState, is_last_round
from hertta.hearts.round import Phase, choose_moon
from hertta.tables.hearts_view import hearts_view
from hertta.tables.model import Seat
from tests.hearts.helpers import build_hands, play_with, start
from tests.hearts.test_scoring import SHOOTER, dump_policy

# Score limits that end each match after a round or two (a round gives out 26 points or more).
CASES = [
    ("standard", 4, "choose", 30),
    ("standard", 3, "add", 20),
    ("standard", 5, "subtract", 20),
    ("omnibus", 4, "add", 20),
    ("black_lady", 6, "add", 30),
    ("jack_of_diamonds", 4, "choose", 20),
    ("cancellation", 5, "add", 30),
    ("cancellation", 6, "choose", 30),
]


def view(match: MatchState, seat: int | None, ready: tuple[int, ...] = ()) -> dict[str, Any]:
    """The table socket's state for ``seat``, as the server builds its game part."""
    seats = [Seat(level="easy", name=f"Bot{s}") for s in range(match.players)]
    game = hearts_view(match, {"code": str(match.code), "code_public": False}, seats, seat)
    table = {"you": seat, "ready": list(ready), "status": "playing", "decisions": 0}
    return {"version": 1, "table": table, "game": game}


def rebuilt(state: dict[str, Any]) -> dict[str, Any]:
    knowledge = knowledge_from_json(engine_knowledge(state["game"]))
    return observation_to_json(observe_knowledge(knowledge))


def check_every_seat(match: MatchState) -> list[dict[str, Any]]:
    """Every seat's state, each checked to rebuild its own observation."""
    states = [view(match, seat) for seat in range(match.players)]
    for seat, state in enumerate(states):
        assert rebuilt(state) == state["game"]["observation"], (seat, match.round.phase)
    return states


@pytest.mark.parametrize(("name", "players", "moon_rule", "limit"), CASES)
def test_the_view_rebuilds_its_observation_through_a_whole_match(
    name: str, players: int, moon_rule: str, limit: int
) -> None:
    rules = with_options(preset(name), moon_rule=moon_rule, score_limit=limit)
    match = new_match(MatchCode(rules, players, 1000 + players))
    players_by_seat = [make_player("easy") for _ in range(players)]
    rounds = 0
    for _ in range(5000):
        states = check_every_seat(match)
        if match.over:
            break
        needed = decision_needed(match)
        owing = [(s, owed(state)) for s, state in enumerate(states)]
        if needed.kind == "next":
            everyone = [] if is_last_round(match) else list(range(players))
            assert owing == [(s, "next" if everyone else None) for s in range(players)]
            match = apply_decision(match, NextRound())
            rounds += 1
            continue
        assert owing == [(s, needed.kind if s in needed.seats else None) for s in range(players)]
        for seat in needed.seats:
            chosen = decide(states[seat], players_by_seat[seat], seed=seat)
            assert chosen is not None and chosen[0] == needed.kind
            op, args = chosen
            if op == "pass":
                decision: Any = PassDecision(seat, tuple(_cards(args["cards"])))
            elif op == "play":
                decision = PlayDecision(seat, _cards([args["card"]])[0])
            else:
                decision = MoonDecision(seat, args["option"])
            match = apply_decision(match, decision)
    assert match.over and rounds >= 1
    result = match_result(view(match, 0))
    assert result is not None
    assert result.totals == match.totals
    assert (result.winners, result.losers) == (match.winners, match.losers)
    assert match_result(view(match, None)) is None  # a spectator has no seat to report


def _cards(texts: list[str]) -> list[Any]:
    from hertta.cards import parse_card

    return [parse_card(t) for t in texts]


def test_a_moon_to_choose_is_owed_by_the_shooter_alone() -> None:
    rules = with_options(preset("standard"), moon_rule="choose")
    state = play_with(start(rules, 4, build_hands(rules, 4, {0: SHOOTER})), dump_policy(rules))
    assert state.phase is Phase.MOON_CHOICE
    match = MatchState(MatchCode(rules, 4, 7), 0, state, (), (0, 0, 0, 0))
    check_every_seat(match)
    assert [owed(view(match, s)) for s in range(4)] == ["moon", None, None, None]
    chosen = decide(view(match, 0), make_player("normal"), seed=0)
    assert chosen is not None and chosen[0] == "moon"
    after = MatchState(match.code, 0, choose_moon(state, 0, chosen[1]["option"]), (), (0,) * 4)
    check_every_seat(after)  # the round's result, the moon choice made
    assert [owed(view(after, s)) for s in range(4)] == ["next"] * 4
    assert owed(view(after, 2, ready=(2,))) is None  # said next already


def test_a_decision_is_the_engines_answer_to_the_same_request() -> None:
    match = new_match(MatchCode(preset("standard"), 4, 77))
    for seat in range(4):
        match = apply_decision(match, PassDecision(seat, match.round.hand(seat)[:3]))
    seat = match.round.turn
    assert seat is not None
    state = view(match, seat)
    hard = make_player("hard")
    line = json.dumps({**engine_knowledge(state["game"]), "decision": "play"})
    for seed in (0, 5):
        answer = json.loads(respond(line, hard, seed))
        assert decide(state, hard, seed) == ("play", {"card": answer["card"]})


def test_nobody_owes_anything_before_the_match_or_as_a_guest() -> None:
    waiting = {"version": 0, "table": {"you": 1, "ready": []}, "game": None}
    assert owed(waiting) is None and decide(waiting, make_player("easy"), 0) is None
    match = new_match(MatchCode(preset("standard"), 4, 3))
    assert owed(view(match, None)) is None


def test_the_plain_report_names_every_seat() -> None:
    result = MatchResult(seat=1, names=("Aino", "Bot-hard", "Eero"), totals=(31, 12, 40),
                         winners=(1,), losers=(2,))
    assert format_result(result).splitlines() == [
        "seat 0  Aino        31",
        "seat 1  Bot-hard    12  (winner, this client)",
        "seat 2  Eero        40  (loser)",
        "winners: Bot-hard (seat 1)",
        "losers: Eero (seat 2)",
    ]
    assert result.to_json() == {"seat": 1, "totals": [31, 12, 40], "winners": [1],
                                "losers": [2]}
