"""Every public text format, damaged at random: its parser gives a value or raises a
``HerttaError`` (a ``ValueError`` quoting the input), never another exception; and a damaged
text that still parses formats back to a text that parses to the same value.

Each format's own tests pin its documented errors; these start from a valid text and change it
(characters edited, or a JSON value swapped for another, or a key dropped), which reaches the
checks nobody thought to list."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import format_cards, parse_cards
from hertta.errors import HerttaError
from hertta.hearts import preset
from hertta.hearts.checkpoint import format_match_checkpoint, parse_match_checkpoint
from hertta.hearts.codes import format_match_code, parse_match_code
from hertta.hearts.config import rules_from_json
from hertta.hearts.decisions import format_decisions, parse_decisions
from hertta.hearts.knowledge_json import knowledge_from_json, knowledge_to_json
from hertta.hearts.match import new_match
from hertta.hearts.records import check_record, format_record, parse_record
from hertta.hearts.seat_knowledge import knowledge_of, observe_knowledge
from hertta.solitaire.checkpoint import format_checkpoint, parse_checkpoint
from hertta.solitaire.deal_codes import format_deal_code, parse_deal_code
from hertta.solitaire.game import legal_moves, new_game, play
from hertta.solitaire.records import format_game_record, game_record, parse_game_record
from tests.hearts.random_rounds import random_states

GOLDEN = Path(__file__).parent / "hearts" / "golden"


def _solitaire_game() -> Any:
    game = new_game("HH1-N-AAAAAAM")
    for _ in range(6):
        game = play(game, legal_moves(game.position)[0])
    return game


def _knowledge_text() -> str:
    state = next(s for s in random_states(preset("omnibus"), 4, 7) if len(s.plays) > 9)
    return json.dumps(knowledge_to_json(knowledge_of(state, state.turn or 0, (30, 12, 0, 51))))


def _load(text: str) -> Any:
    """JSON text to a value; these formats are objects inside other texts (the engine's
    request, a table's body), whose readers refuse bad JSON before they are called."""
    try:
        return json.loads(text)
    except ValueError:
        raise HerttaError(f"not JSON: {text[:40]!r}") from None


def _knowledge(text: str) -> Any:
    data = _load(text)
    if not isinstance(data, dict):
        raise HerttaError("not an object")  # the engine's own check, before this function
    knowledge = knowledge_from_json(data)
    observe_knowledge(knowledge)
    return knowledge


def _record(text: str) -> Any:
    record = parse_record(text)
    check_record(record)
    return record


def _rules(text: str) -> Any:
    return rules_from_json(_load(text))


FORMATS: dict[str, tuple[Callable[[], str], Callable[[str], Any], Callable[[Any], str] | None]] = {
    # name: (a valid text, parse, format or None when the value has no text of its own)
    "cards": (lambda: "AS KS 9C 10H q♠", parse_cards, lambda v: " ".join(format_cards(v))),
    "deal code": (lambda: "HH1-N-AAAAAAM", parse_deal_code, format_deal_code),
    "match code": (lambda: "HM1-B6-ABCDEFG", parse_match_code, format_match_code),
    "decisions": (lambda: "P0:AS.KS.9C P1:2H.3H.4H 3:QS M2:subtract N", parse_decisions,
                  format_decisions),
    "solitaire record": (lambda: format_game_record(game_record(
        "HH1-N-AAAAAAM", [legal_moves(new_game("HH1-N-AAAAAAM").position)[0]])),
        parse_game_record, format_game_record),
    "solitaire checkpoint": (lambda: format_checkpoint(_solitaire_game()), parse_checkpoint,
                             format_checkpoint),
    "match checkpoint": (lambda: format_match_checkpoint(new_match("HM1-O5-AAAAAAM")),
                         parse_match_checkpoint, format_match_checkpoint),
    "round record": (lambda: (GOLDEN / "omnibus_moon.json").read_text("utf-8"), _record,
                     format_record),
    "cancellation record": (lambda: (GOLDEN / "cancellation_6p_carry.json").read_text("utf-8"),
                            _record, format_record),
    "rules": (lambda: '{"preset": "black_lady", "moon_rule": "choose", "score_limit": 50}',
              _rules, None),
    "seat knowledge": (_knowledge_text, _knowledge, None),
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["2C", "QS", "TD", "AH", "left", "none", "add", "standard", ""])
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the root included)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*prefix, index)))
    return out


def _replaced(value: Any, path: tuple[Any, ...], new: Any, drop: bool) -> Any:
    """``value`` with the place at ``path`` set to ``new`` (or, with ``drop``, removed)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _replaced(value[head], rest, new, drop)
    return copy


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    """``text`` with a JSON value swapped or dropped (when it is JSON), or characters edited."""
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if value is not None and draw(st.booleans()):
        paths = _paths(value)
        path = draw(st.sampled_from(paths))
        changes = draw(st.integers(1, 2))
        for _ in range(changes):
            value = _replaced(value, path, draw(json_values), drop=bool(path) and draw(
                st.booleans()))
            paths = _paths(value)
            path = draw(st.sampled_from(paths))
        return json.dumps(value)
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(chars)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from(list("0123456789AKQJTCDSHN.:- ,{}[]\"♠x")) | st.characters())
        if kind == "insert" or not chars:
            chars.insert(where, char)
        elif kind == "delete":
            del chars[min(where, len(chars) - 1)]
        else:
            chars[min(where, len(chars) - 1)] = char
    return "".join(chars)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_the_valid_example_parses(name: str) -> None:
    valid, parse, fmt = FORMATS[name]
    value = parse(valid())
    if fmt is not None:
        assert parse(fmt(value)) == value


@pytest.mark.parametrize("name", sorted(FORMATS))
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_damaged_text_parses_or_raises_a_hertta_error(name: str, data: st.DataObject) -> None:
    valid, parse, fmt = FORMATS[name]
    text = data.draw(damaged(valid()), label="text")
    try:
        value = parse(text)
    except HerttaError:
        return
    if fmt is not None:
        assert parse(fmt(value)) == value, text
