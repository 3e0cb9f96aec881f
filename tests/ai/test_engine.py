"""The engine protocol in-process: requests and answers round-trip, every line gets exactly
one answer line and never an exception, answers depend only on the seed and the request."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.ai.engine import (
    EngineRequest,
    EngineRequestError,
    ErrorAnswer,
    MoonAnswer,
    PassAnswer,
    PlayAnswer,
    answer_request,
    format_answer,
    format_request,
    parse_answer,
    parse_request,
    request_observation,
    request_seed,
    respond,
)
from hertta.ai.hard import HardPlayer
from hertta.ai.normal import NormalPlayer
from hertta.cards import parse_cards
from hertta.hearts import knowledge_of, observe
from hertta.hearts.config import PRESET_NAMES, preset, with_options
from hertta.hearts.knowledge_json import knowledge_from_json, knowledge_to_json
from hertta.hearts.round import Phase, RoundState
from hertta.rng import SplitMix64
from tests.hearts.random_rounds import random_states

TABLES = [(name, n) for name in PRESET_NAMES for n in preset(name).player_counts]
NORMAL = NormalPlayer()


def decision_of(state: RoundState) -> tuple[int, str] | None:
    """A seat that has a decision to make in ``state`` and its kind."""
    if state.phase is Phase.PASSING:
        return state.waiting_for[0], "pass"
    if state.phase is Phase.PLAYING:
        return state.turn or 0, "play"
    if state.phase is Phase.MOON_CHOICE:
        return state.turn or 0, "moon"
    return None


@pytest.mark.parametrize(("name", "players"), TABLES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_knowledge_and_requests_round_trip_through_json(name: str, players: int, seed: int) -> None:
    rules = with_options(preset(name), moon_rule="choose", score_limit=150)
    for number, state in enumerate(random_states(rules, players, seed)):
        if number % 9:
            continue
        for seat in range(players):
            knowledge = knowledge_of(state, seat, tuple(range(players)))
            data = knowledge_to_json(knowledge)
            assert knowledge_from_json(json.loads(json.dumps(data))) == knowledge
            request = EngineRequest({"n": number}, knowledge, "play")
            line = format_request(request)
            assert "\n" not in line
            assert parse_request(line) == request
            assert format_request(parse_request(line)) == line


ANSWERS = [
    PassAnswer(1, tuple(parse_cards("9C KS AS"))),
    PlayAnswer("a", parse_cards("QS")[0]),
    MoonAnswer(None, "subtract"),
    ErrorAnswer([1, {"x": 2}], 'bad "input"'),
]


@pytest.mark.parametrize("answer", ANSWERS, ids=lambda a: type(a).__name__)
def test_answers_round_trip(answer: PassAnswer | PlayAnswer | MoonAnswer | ErrorAnswer) -> None:
    line = format_answer(answer)
    assert parse_answer(line) == answer
    assert json.loads(line)["id"] == answer.id


def test_the_documented_answer_lines_parse() -> None:
    assert parse_answer('{"id": 7, "cards": ["AS", "KS", "9C"]}') == PassAnswer(
        7, tuple(parse_cards("AS KS 9C"))
    )
    assert parse_answer('{"id": 7, "card": "QS"}') == PlayAnswer(7, parse_cards("QS")[0])
    assert parse_answer('{"id": 7, "option": "add"}') == MoonAnswer(7, "add")
    with pytest.raises(EngineRequestError, match="not an engine answer"):
        parse_answer('{"id": 7, "option": "double"}')


def test_normal_through_the_protocol_decides_as_normal_does_on_the_full_state() -> None:
    rules = preset("omnibus")
    asked = set()
    for state in random_states(rules, 4, 4):  # seed 4: a pass to the left
        found = decision_of(state)
        if found is None:
            continue
        seat, kind = found
        request = EngineRequest(0, knowledge_of(state, seat), kind)
        answer = answer_request(request, NORMAL, seed=0)
        obs = observe(state, seat)
        if kind == "pass":
            assert answer == PassAnswer(0, tuple(sorted(NORMAL.choose_pass(obs, SplitMix64(0)))))
        else:
            assert answer == PlayAnswer(0, NORMAL.choose_play(obs, SplitMix64(0)))
        asked.add(kind)
    assert asked == {"pass", "play"}


def test_the_seed_of_a_request_ignores_its_id_but_not_the_seed_or_the_position() -> None:
    states = list(random_states(preset("standard"), 4, 8))
    state = states[10]
    seat, kind = decision_of(state) or (0, "")
    request = EngineRequest(1, knowledge_of(state, seat), kind)
    assert request_seed(request, 5) == request_seed(dataclasses.replace(request, id="x"), 5)
    assert request_seed(request, 5) != request_seed(request, 6)
    later = states[11]
    seat, kind = decision_of(later) or (0, "")
    assert request_seed(request, 5) != request_seed(
        EngineRequest(1, knowledge_of(later, seat), kind), 5
    )


def test_a_request_naming_the_dealer_the_engine_assumes_is_the_same_request() -> None:
    # Leaving "dealer" out means "the seat to the right of the opening leader": a program that
    # sends that seat explicitly asks the same question and must get the same answer.
    states = [
        *random_states(preset("standard"), 4, 6),
        *random_states(preset("cancellation"), 5, 6),
    ]
    compared = 0
    for state in states[::7]:
        found = decision_of(state)
        if found is None:
            continue
        seat, kind = found
        knowledge = dataclasses.replace(knowledge_of(state, seat), dealer=None)
        unnamed = EngineRequest(1, knowledge, kind)
        assumed = request_observation(unnamed).dealer
        named = EngineRequest(1, dataclasses.replace(unnamed.knowledge, dealer=assumed), kind)
        assert request_seed(named, 5) == request_seed(unnamed, 5)
        compared += 1
    assert compared >= 10


def test_a_pass_does_not_depend_on_who_else_has_chosen_yet() -> None:
    # A client joined to a table asks for its pass whenever its view comes: before or after
    # the others chose theirs. With one seed it must pass the same cards either way.
    state = next(s for s in random_states(preset("standard"), 4, 4) if s.phase is Phase.PASSING
                 and all(p is None for p in s.passes))
    knowledge = knowledge_of(state, 2)
    hard = HardPlayer(budget=2_000, pass_budget=2_000, min_worlds=4, prior_margin=0.0, prior_z=0.0)
    answers = set()
    for chosen in ((False,) * 4, (True, True, False, True), None):
        request = EngineRequest(1, dataclasses.replace(knowledge, passes_chosen=chosen), "pass")
        answers.add(respond(format_request(request), hard, 3))
    assert len(answers) == 1, answers


def test_hard_answers_depend_only_on_the_seed_and_the_request() -> None:
    # No rule prior to keep: the search's own pick, which a small budget leaves to chance.
    hard = HardPlayer(budget=2_000, pass_budget=2_000, min_worlds=4, prior_margin=0.0, prior_z=0.0)
    lines = []
    for state in list(random_states(preset("standard"), 4, 21))[4:40:6]:
        seat, kind = decision_of(state) or (0, "")
        lines.append(format_request(EngineRequest(len(lines), knowledge_of(state, seat), kind)))
    first = [respond(line, hard, 9) for line in lines]
    again = [respond(line, hard, 9) for line in reversed(lines)][::-1]
    assert first == again
    assert all("card" in json.loads(answer) for answer in first)
    other_seed = [respond(line, hard, 10) for line in lines]
    assert len(set(first + other_seed)) > len(set(first))  # some answer depends on the seed


VALID = json.loads(
    format_request(
        EngineRequest(
            5, knowledge_of(next(iter(random_states(preset("standard"), 4, 1))), 0), "pass"
        )
    )
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(sorted(VALID)) | st.text(max_size=10),
    value=json_values,
    drop=st.booleans(),
)
def test_any_damaged_request_gets_one_answer_line_and_never_an_exception(
    key: str, value: Any, drop: bool
) -> None:
    data = dict(VALID)
    if drop:
        data.pop(key, None)
    else:
        data[key] = value
    line = json.dumps(data)
    answer = respond(line, NORMAL, 0)
    assert "\n" not in answer
    parsed = parse_answer(answer)
    assert isinstance(parsed, ErrorAnswer | PassAnswer)
    if isinstance(parsed, ErrorAnswer):
        assert not parsed.error.startswith("internal error"), (line, parsed.error)
        assert parsed.id in (5, data.get("id"), None)


@settings(max_examples=200, deadline=None)
@given(line=st.text(max_size=200) | st.binary(max_size=100).map(lambda b: b.decode("latin-1")))
def test_any_text_line_gets_an_error_answer(line: str) -> None:
    parsed = parse_answer(respond(line, NORMAL, 0))
    assert isinstance(parsed, ErrorAnswer)
    assert not parsed.error.startswith("internal error")


def test_a_decision_the_seat_does_not_have_gets_an_error_that_says_why() -> None:
    state = next(s for s in random_states(preset("standard"), 4, 2) if s.phase is Phase.PLAYING)
    turn = state.turn or 0
    other = (turn + 1) % 4
    lines = {
        "pass": EngineRequest(1, knowledge_of(state, turn), "pass"),
        "wrong seat": EngineRequest(2, knowledge_of(state, other), "play"),
        "moon": EngineRequest(3, knowledge_of(state, turn), "moon"),
    }
    answers = {k: parse_answer(respond(format_request(r), NORMAL, 0)) for k, r in lines.items()}
    assert answers["pass"] == ErrorAnswer(1, f"seat {turn} cannot pass: the round is playing")
    assert answers["wrong seat"] == ErrorAnswer(
        2,
        f"seat {other} has no play decision to make: the round is playing, waiting for seat {turn}",
    )
    assert answers["moon"] == ErrorAnswer(
        3,
        f"seat {turn} has no moon decision to make: the round is playing, waiting for seat {turn}",
    )


def test_point_options_beyond_a_million_are_refused_by_name_and_a_million_is_played() -> None:
    # Hard's paired spread squares point differences: a Q♠ of 10**201 points overflowed a
    # float and came back as "internal error: OverflowError" while Easy and Normal answered.
    hard = HardPlayer(budget=2_000, pass_budget=2_000, min_worlds=4)
    state = next(s for s in random_states(preset("standard"), 4, 3) if s.phase is Phase.PLAYING)
    turn = state.turn or 0
    request = json.loads(format_request(EngineRequest(7, knowledge_of(state, turn), "play")))
    answers = []
    for points in (10**201, 10**6):
        request["rules"] = {**request["rules"], "queen_points": points, "heart_points": points}
        answers.append(json.loads(respond(json.dumps(request), hard, 0)))
    refused, played = answers
    assert set(refused) == {"id", "error"} and set(played) == {"id", "card"}, answers
    assert refused["error"].startswith("heart_points must be at most 1,000,000 in size, got 1000")
