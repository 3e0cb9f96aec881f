"""One seat's view: its own cards and the public history, never another seat's hidden cards."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import Card, Suit, parse_card
from hertta.errors import ConfigError
from hertta.hearts.config import PRESET_NAMES, preset
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.observation import (
    observation_to_json,
    observe,
    played_cards,
    revealed_voids,
    unseen_cards,
)
from hertta.hearts.round import Phase, RoundState, deal_round, play_card, submit_pass
from hertta.rng import SplitMix64
from tests.hearts.helpers import build_hands, cards, start

TABLES = [(name, n) for name in PRESET_NAMES for n in preset(name).player_counts]


def hidden_from(state: RoundState, seat: int) -> Counter[Card]:
    """Cards ``seat`` must not see: other hands (less what it passed them) and, unless it took
    it or the round is over, the kitty; minus copies it may see anyway (its own, played ones)."""
    hands = state.hands
    hidden: Counter[Card] = Counter()
    for other, hand in enumerate(hands):
        if other != seat:
            hidden.update(hand)
    if state.phase is Phase.PASSING:
        for other, chosen in enumerate(state.passes):
            if other != seat:
                hidden.update(chosen or ())
    if state.kitty_taker != seat and state.phase is not Phase.ROUND_OVER:
        hidden.update(state.kitty)
    visible = Counter(hands[seat]) + Counter(state.plays) + Counter(state.received(seat))
    visible.update(state.passes[seat] or ())
    if state.kitty_taker == seat:
        visible.update(state.kitty)
    return Counter({c: n for c, n in hidden.items() if n > 0 and visible[c] == 0})


def check_view(state: RoundState) -> None:
    legal = state.legal_plays
    for seat in range(state.players):
        view = observe(state, seat)
        text = json.dumps(observation_to_json(view))
        for card in hidden_from(state, seat):
            assert f'"{card.notation}"' not in text, (seat, card)
        assert view.hand == state.hand(seat)
        assert view.legal_plays == (legal if state.turn == seat else ())


@pytest.mark.parametrize(("name", "players"), TABLES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_an_observation_never_shows_hidden_cards(name: str, players: int, seed: int) -> None:
    rng = SplitMix64(seed)
    direction = PASS_CYCLES[players][seed % 2]  # left or right: there are passes to hide
    state = deal_round(preset(name), players, seed % players, direction, rng.next_u64())
    check_view(state)
    for seat in range(players):
        state = submit_pass(state, seat, rng.shuffle(state.hands[seat])[:3])
        check_view(state)
    while state.phase is Phase.PLAYING:
        state = play_card(state, state.turn or 0, rng.choice(state.legal_plays))
        if rng.below(6) == 0:
            check_view(state)
    check_view(state)


@pytest.mark.parametrize("seat", [-1, -4, 4, True, None, "0"])
def test_only_a_seat_of_the_table_is_observed(seat: object) -> None:
    state = start(preset("standard"), 4, build_hands(preset("standard"), 4, {}))
    with pytest.raises(ConfigError, match=f"no seat {seat!r} at a 4-player table"):
        observe(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="one total per seat"):
        observe(state, 0, [0, 0, 0])


def test_the_view_holds_passes_history_scores_and_turn() -> None:
    rules = preset("standard")
    hands = build_hands(rules, 4, {0: "AC 9D 5H", 1: "2C QS", 2: "3C 8D", 3: "4C 2D"})
    state = start(rules, 4, hands, direction="left")
    for seat in range(4):
        chosen = state.hands[seat][-3:]
        state = submit_pass(state, seat, chosen)
    view = observe(state, 2, match_totals=[10, 20, 30, 40])
    assert view.phase is Phase.PLAYING
    assert view.pass_to == 3 and view.pass_from == 1
    assert view.passed == state.passes[2]
    assert view.received == state.passes[1]
    assert view.match_totals == (10, 20, 30, 40)
    assert view.hand_sizes == (13, 13, 13, 13)
    assert view.turn == 1
    assert view.legal_plays == ()
    leader_view = observe(state, 1)
    assert leader_view.legal_plays == (parse_card("2C"),)
    data = observation_to_json(leader_view)
    assert data["legal_plays"] == ["2C"]
    assert data["phase"] == "playing"
    assert data["trick"] == {"leader": 1, "seats": [], "cards": [], "cancelled": []}


def test_voids_and_unseen_cards_follow_the_history() -> None:
    rules = preset("standard")
    hands = build_hands(rules, 4, {1: "2C", 2: "9D"}, voids={2: [Suit.CLUBS]})
    state = start(rules, 4, hands)
    state = play_card(state, 1, parse_card("2C"))
    state = play_card(state, 2, parse_card("9D"))
    view = observe(state, 0)
    assert revealed_voids(view)[2] == frozenset({Suit.CLUBS})
    assert revealed_voids(view)[1] == frozenset()
    assert played_cards(view) == tuple(cards("2C 9D"))
    unseen = unseen_cards(view)
    assert len(unseen) == 52 - 13 - 2
    assert not set(unseen) & set(view.hand)


def test_the_kitty_is_shown_only_to_its_taker_until_the_round_ends() -> None:
    rules = preset("cancellation")
    hands = build_hands(
        rules, 5, {1: "2C", 2: "KC", 3: "KC", 4: "5C", 0: "3C"}, kitty="2C AH AH QS"
    )
    state = start(rules, 5, hands)
    for card in cards("2C KC KC 5C 3C"):
        state = play_card(state, state.turn or 0, card)
    taker = observe(state, 4)
    other = observe(state, 0)
    assert taker.kitty == tuple(sorted(cards("2C AH AH QS")))
    assert taker.points_taken[4] == 15
    assert other.kitty == () and other.kitty_size == 4 and other.kitty_taker == 4
    assert other.points_taken[4] == 0
    assert other.tricks[0].took_kitty and other.tricks[0].kitty == ()
