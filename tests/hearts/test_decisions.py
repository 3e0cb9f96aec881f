"""Hearts decisions: the text format round-trips, bad text is refused with a quote, and a
whole match played through ``apply_decision`` agrees with the round and match functions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hertta.cards import ALL_CARDS, parse_card, parse_cards
from hertta.errors import RecordError
from hertta.hearts.codes import MatchCode
from hertta.hearts.config import preset, with_options
from hertta.hearts.decisions import (
    Decision,
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    apply_decision,
    decision_needed,
    decision_seat,
    format_decision,
    format_decisions,
    parse_decision,
    parse_decisions,
    replay_decisions,
)
from hertta.hearts.match import is_last_round, new_match, totals_after_round, totals_before_round
from hertta.hearts.round import HeartsMoveError, Phase
from hertta.rng import SplitMix64

seats = st.integers(min_value=0, max_value=5)
cards = st.sampled_from(ALL_CARDS)
decisions: st.SearchStrategy[Decision] = st.one_of(
    st.builds(PassDecision, seats, st.tuples(cards, cards, cards)),
    st.builds(PlayDecision, seats, cards),
    st.builds(MoonDecision, seats, st.sampled_from(["add", "subtract"])),
    st.just(NextRound()),
)


@given(decisions)
def test_format_then_parse_gives_the_decision_back(decision: Decision) -> None:
    text = format_decision(decision)
    assert parse_decision(text) == decision
    assert format_decision(parse_decision(text)) == text


@given(st.lists(decisions, max_size=30))
def test_a_list_round_trips(items: list[Decision]) -> None:
    assert parse_decisions(format_decisions(items)) == items


def test_the_documented_examples() -> None:
    assert parse_decision("P0:AS.KS.9C") == PassDecision(0, tuple(parse_cards("AS KS 9C")))
    assert parse_decision("3:QS") == PlayDecision(3, parse_card("QS"))
    assert parse_decision("M2:subtract") == MoonDecision(2, "subtract")
    assert parse_decision("N") == NextRound()
    assert decision_seat(parse_decision("N")) is None
    assert decision_seat(parse_decision("4:2C")) == 4


@pytest.mark.parametrize(
    "text",
    ["", "n", "P0:AS.KS", "P6:AS.KS.9C", "0:QQ", "0:qs", "7:QS", "M0:both", "M0:Add", " N",
     "0:QS ", "P0:AS,KS,9C", "00:QS", "-1:QS"],
)
def test_malformed_text_is_refused_with_a_quote(text: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_decision(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("text", ["N  N", " N", "N ", "3:2C\tN", "3:2C\nN", "N N "])
def test_a_list_is_single_spaces_exactly(text: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_decisions(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    "decision",
    [PlayDecision(9, parse_card("AS")), MoonDecision(0, "choose"),
     PassDecision(0, tuple(parse_cards("AS KS")))],
)
def test_what_no_text_can_hold_is_not_written(decision: Decision) -> None:
    with pytest.raises(RecordError, match="not a decision that can be written"):
        format_decision(decision)


def test_a_non_string_is_refused() -> None:
    with pytest.raises(RecordError):
        parse_decision(["N"])  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, "0:QS", 5, "N"])
def test_what_is_not_a_decision_is_not_written_as_the_next_round(value: object) -> None:
    with pytest.raises(RecordError, match="not a Hearts decision"):
        format_decision(value)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="not a Hearts decision"):
        format_decisions([PlayDecision(0, parse_card("QS")), value])  # type: ignore[list-item]


def random_decision(match_state, rng: SplitMix64) -> Decision:  # type: ignore[no-untyped-def]
    needed = decision_needed(match_state)
    state = match_state.round
    if needed.kind == "pass":
        seat = needed.seats[0]
        hand = list(state.hand(seat))
        picks = [hand.pop(rng.below(len(hand))) for _ in range(3)]
        return PassDecision(seat, tuple(picks))
    if needed.kind == "play":
        legal = state.legal_plays
        return PlayDecision(needed.seats[0], legal[rng.below(len(legal))])
    if needed.kind == "moon":
        return MoonDecision(needed.seats[0], "subtract" if rng.below(2) else "add")
    assert needed.kind == "next"
    return NextRound()


@pytest.mark.parametrize(("name", "players"), [("standard", 4), ("cancellation", 5),
                                               ("omnibus", 3), ("black_lady", 6)])
def test_a_whole_match_through_decisions_replays_exactly(name: str, players: int) -> None:
    rules = with_options(preset(name), score_limit=40, moon_rule="choose")
    code = str(MatchCode(rules, players, 12345))
    match = new_match(code)
    rng = SplitMix64(7)
    log: list[Decision] = []
    while decision_needed(match).kind is not None:
        decision = random_decision(match, rng)
        if isinstance(decision, NextRound):
            assert match.round.phase is Phase.ROUND_OVER
            before = totals_before_round(match)
            after = totals_after_round(match)
            assert after is not None and before == match.totals
            last = is_last_round(match)
            match = apply_decision(match, decision)
            assert match.over is last
            assert match.totals == after
            if match.over:
                assert totals_before_round(match) == before
        else:
            assert totals_after_round(match) is None
            assert not is_last_round(match)
            match = apply_decision(match, decision)
        log.append(decision)
    assert match.over
    again = replay_decisions(code, parse_decisions(format_decisions(log)))
    assert again == match


def test_a_refused_decision_names_its_reason_and_leaves_the_match() -> None:
    match = new_match("HM1-S4-AAAAAAM")
    assert decision_needed(match).kind == "pass"
    assert decision_needed(match).seats == (0, 1, 2, 3)
    not_mine = next(c for c in ALL_CARDS if c not in match.round.hand(0))
    with pytest.raises(HeartsMoveError) as caught:
        apply_decision(match, PassDecision(0, (not_mine, not_mine, not_mine)))
    assert caught.value.reason == "not_in_hand"
    with pytest.raises(HeartsMoveError) as caught:
        apply_decision(match, PlayDecision(0, match.round.hand(0)[0]))
    assert caught.value.reason == "wrong_phase"
