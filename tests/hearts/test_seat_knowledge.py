"""The seat API: an observation from what one seat alone knows equals ``observe()`` on the
full state, hidden cards cannot change it, and impossible knowledge is refused."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import Card, Suit, parse_card
from hertta.errors import HerttaError
from hertta.hearts import (
    SeatKnowledge,
    SeatKnowledgeError,
    knowledge_of,
    observe_knowledge,
)
from hertta.hearts.config import PRESET_NAMES, RulesConfig, preset, with_options
from hertta.hearts.observation import observe
from hertta.hearts.round import (
    Phase,
    RoundState,
    choose_moon,
    deal_round,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.rng import SplitMix64
from tests.hearts.helpers import build_hands, cards, lowest_legal, play_with, start
from tests.hearts.random_rounds import random_states

TABLES = [
    (rules, n)
    for name in PRESET_NAMES
    for rules in (preset(name), with_options(preset(name), moon_rule="choose"))
    for n in rules.player_counts
]


def _table_id(table: tuple[RulesConfig, int]) -> str:
    rules, n = table
    return f"{rules.preset}-{rules.moon_rule}-{n}p"


@pytest.mark.parametrize("table", TABLES, ids=_table_id)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_the_view_from_seat_knowledge_is_the_view_from_the_full_state(
    table: tuple[RulesConfig, int], seed: int
) -> None:
    rules, players = table
    totals = tuple(SplitMix64(seed ^ 1).below(120) for _ in range(players))
    pick = SplitMix64(seed ^ 2)
    checked = 0
    for state in random_states(rules, players, seed):
        # Every state would cost too much; a third of them, and always the last.
        if pick.below(3) and state.phase in (Phase.PASSING, Phase.PLAYING):
            continue
        for seat in range(players):
            knowledge = knowledge_of(state, seat, totals)
            assert observe_knowledge(knowledge) == observe(state, seat, totals)
            checked += 1
    assert checked >= players


def seen_by(state: RoundState, seat: int) -> Counter[Card]:
    """Every copy of a card ``seat`` has seen: its dealt hand, what it received, every card
    played, and the kitty once it took it or the round is over."""
    seen = Counter(state.dealt[seat]) + Counter(state.received(seat)) + Counter(state.plays)
    if state.phase is Phase.ROUND_OVER or state.kitty_taker == seat:
        seen.update(state.kitty)
    return seen


def knowledge_cards(k: SeatKnowledge) -> Counter[Card]:
    mentioned = Counter(k.dealt_hand) + Counter(k.received) + Counter(c for _, c in k.plays)
    mentioned.update(k.kitty or ())
    return mentioned


def swapped_twin(state: RoundState, seat: int) -> RoundState | None:
    """The same round with two cards of one suit (not clubs) swapped between two other seats'
    dealt hands (cards those seats have not passed or played), replayed; None if the replay
    is illegal. ``seat`` sees the same things, but the hidden hands differ."""
    others = [s for s in range(state.players) if s != seat]
    used = Counter(state.plays)
    for chosen in state.passes:
        used.update(chosen or ())
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in state.dealt[a]:
                for y in state.dealt[b]:
                    if x.suit is not y.suit or x == y or used[x] or used[y]:
                        continue
                    if x.suit is Suit.CLUBS:
                        continue  # a club may be the opening lead, which everyone sees
                    if x in state.dealt[b] or y in state.dealt[a]:
                        continue  # Cancellation duplicates: the swap would change nothing
                    dealt = [list(h) for h in state.dealt]
                    dealt[a][dealt[a].index(x)] = y
                    dealt[b][dealt[b].index(y)] = x
                    return _replayed(state, dealt)
    return None


def _replayed(state: RoundState, dealt: list[list[Card]]) -> RoundState | None:
    twin = round_from_hands(state.rules, state.players, state.dealer, state.pass_direction, dealt)
    try:
        for seat, chosen in enumerate(state.passes):
            if chosen and twin.phase is Phase.PASSING:
                twin = submit_pass(twin, seat, chosen)
        for card in state.plays:
            twin = play_card(twin, twin.turn or 0, card)
        if state.moon_choice is not None:
            twin = choose_moon(twin, twin.turn or 0, state.moon_choice)
    except HerttaError:
        return None
    return twin


@pytest.mark.parametrize("table", TABLES[::2], ids=_table_id)
def test_no_hidden_card_can_change_the_seat_knowledge_or_its_view(
    table: tuple[RulesConfig, int],
) -> None:
    rules, players = table
    twins = 0
    for seed in range(3):
        for number, state in enumerate(random_states(rules, players, seed)):
            if number % 7:
                continue
            for seat in range(players):
                knowledge = knowledge_of(state, seat)
                assert not knowledge_cards(knowledge) - seen_by(state, seat)
                twin = swapped_twin(state, seat)
                if twin is None:
                    continue
                assert twin.dealt != state.dealt
                assert knowledge_of(twin, seat) == knowledge
                assert observe(twin, seat) == observe_knowledge(knowledge)
                twins += 1
    assert twins > 10


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), table=st.sampled_from(TABLES))
def test_after_the_first_card_the_dealer_and_opening_leader_only_name_the_dealer(
    seed: int, table: tuple[RulesConfig, int]
) -> None:
    rules, players = table
    states = [s for s in random_states(rules, players, seed) if s.plays]
    state = states[SplitMix64(seed).below(len(states))]
    for seat in range(players):
        full = knowledge_of(state, seat)
        bare = dataclasses.replace(full, dealer=None, opening_leader=None)
        view = observe_knowledge(bare)
        leader = full.plays[0][0]
        assert view.dealer == (leader - 1) % players
        assert dataclasses.replace(view, dealer=state.dealer) == observe(state, seat)


# --- what a seat can work out itself ---------------------------------------------------------

STANDARD = preset("standard")


def test_the_holder_of_the_2c_knows_it_leads_and_so_does_the_seat_that_passed_it() -> None:
    hands = build_hands(STANDARD, 4, {0: "2C 3C 4C", 1: "5C"})
    state = start(STANDARD, 4, hands, dealer=3, direction="left")
    two = parse_card("2C")
    state = submit_pass(state, 0, [two, *[c for c in state.hands[0] if c != two][:2]])
    for seat in (1, 2, 3):
        state = submit_pass(state, seat, state.hands[seat][-3:])
    assert state.turn == 1
    for seat in (0, 1):  # seat 0 passed the 2C to seat 1, which now holds it
        bare = dataclasses.replace(knowledge_of(state, seat), opening_leader=None, dealer=None)
        view = observe_knowledge(bare)
        assert view.turn == 1
        assert view.dealer == 0
        assert view.legal_plays == ((two,) if seat == 1 else ())
    bare = dataclasses.replace(knowledge_of(state, 2), opening_leader=None)
    with pytest.raises(SeatKnowledgeError, match="cannot know who leads the first trick"):
        observe_knowledge(bare)


def test_while_passing_only_the_seats_own_choice_is_known_unless_given() -> None:
    state = deal_round(STANDARD, 4, 2, "across", 7)
    state = submit_pass(state, 1, state.hands[1][:3])
    state = submit_pass(state, 3, state.hands[3][:3])
    full = knowledge_of(state, 3)
    assert full.passes_chosen == (False, True, False, True)
    assert observe_knowledge(full) == observe(state, 3)
    view = observe_knowledge(dataclasses.replace(full, passes_chosen=None))
    assert view.passes_chosen == (False, False, False, True)
    assert view.hand_sizes == (13, 13, 13, 10)
    assert view.hand == observe(state, 3).hand


def test_at_the_end_of_a_cancellation_round_the_kitty_is_the_cards_nobody_played() -> None:
    rules = preset("cancellation")
    state = play_with(deal_round(rules, 5, 1, "none", 11), lowest_legal)
    assert state.phase is Phase.ROUND_OVER
    for seat in range(5):
        full = knowledge_of(state, seat)
        assert full.kitty == state.kitty
        without = dataclasses.replace(full, kitty=None)
        assert observe_knowledge(without) == observe(state, seat)


def test_while_a_cancellation_moon_choice_waits_everyone_sees_the_kitty() -> None:
    # Seat 0 holds both copies of the ten top cards and takes every trick: a moon, and the
    # choice waits with every card played, so the kitty (4C 4C 2H 2H) is the cards nobody
    # played and every seat may see it, as observe() and the seat's own knowledge both say.
    rules = with_options(preset("cancellation"), moon_rule="choose")
    top = ("AC", "KC", "AD", "KD", "AS", "KS", "AH", "KH", "QH", "JH")
    shooter = [c for c in top for _ in range(2)]
    rest = [r + s for s in "CDSH" for r in "23456789TJQKA"] * 2
    for card in [*shooter, "4C", "4C", "2H", "2H"]:
        rest.remove(card)
    hands = [cards(" ".join(shooter))] + [cards(" ".join(rest[i::4])) for i in range(4)]
    state = round_from_hands(rules, 5, 4, "none", hands)
    while state.phase is Phase.PLAYING:
        legal = state.legal_plays
        state = play_card(state, state.turn, legal[-1] if state.turn == 0 else legal[0])
    assert state.phase is Phase.MOON_CHOICE and state.moon_shooter == 0
    assert sorted(c.notation for c in state.kitty) == ["2H", "2H", "4C", "4C"]
    for seat in range(5):
        seen = observe(state, seat)
        assert sorted(c.notation for c in seen.kitty) == ["2H", "2H", "4C", "4C"]
        assert seen.points_taken[0] == sum(state.points_taken)
        assert observe_knowledge(knowledge_of(state, seat)) == seen


# --- what is refused -------------------------------------------------------------------------

SEAT_0_HAND = "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D"


def four_player_knowledge(**changes: object) -> SeatKnowledge:
    """Seat 0 of a no-pass standard round (dealer 3) holding the 2C and clubs up to 8C."""
    fields: dict[str, object] = {
        "rules": STANDARD,
        "players": 4,
        "seat": 0,
        "dealer": 3,
        "dealt_hand": tuple(cards(SEAT_0_HAND)),
        "pass_direction": "none",
    }
    fields.update(changes)
    return SeatKnowledge(**fields)  # type: ignore[arg-type]


def history(text: str) -> tuple[tuple[int, Card], ...]:
    """Plays written ``seat:card``, e.g. ``"0:2C 1:TC"``."""
    out = []
    for item in text.split():
        seat, card = item.split(":")
        out.append((int(seat), parse_card(card)))
    return tuple(out)


BAD_KNOWLEDGE = [
    ({"seat": 4}, "seat must be a seat 0..3 at a 4-player table, got 4"),
    ({"seat": True}, "seat must be a seat 0..3 at a 4-player table, got True"),
    ({"dealer": -1}, "dealer must be a seat 0..3 at a 4-player table, got -1"),
    ({"players": 7}, "standard is for 3, 4, 5, 6 players, not 7"),
    ({"players": 3, "dealer": 0}, "dealt_hand: 2C is not in this game's deck"),
    ({"dealt_hand": tuple(cards("2C 3C"))}, "dealt_hand has 2 cards, expected 13: 2C 3C"),
    (
        {"dealt_hand": tuple(cards("2C " + SEAT_0_HAND[3:].replace("3C", "2C")))},
        "2C appears 2 times in dealt_hand; the deck has 1",
    ),
    ({"dealt_hand": "2C 3C"}, "dealt_hand must be a list of cards, got '2C 3C'"),
    ({"dealt_hand": ["XX"]}, "not a card: 'XX'"),
    ({"passed": tuple(cards("2C 3C 4C"))}, "there is no pass this round, but passed is 2C 3C 4C"),
    (
        {"pass_direction": "left", "passed": tuple(cards("2C 3C AS"))},
        "passed 2C 3C AS is not part of dealt_hand 2C 3C 4C",
    ),
    (
        {"pass_direction": "left", "passed": tuple(cards("2C 3C"))},
        "passed must be 3 cards or none, got 2C 3C",
    ),
    (
        {"pass_direction": "left", "received": tuple(cards("AS KS QS"))},
        "received QS KS AS but passed nothing",
    ),
    (
        {
            "pass_direction": "left",
            "passed": tuple(cards("6C 7C 8C")),
            "received": tuple(cards("2C AS KS")),
        },
        "2C appears 2 times in dealt_hand and received; the deck has 1",
    ),
    (
        {"pass_direction": "left", "plays": history("0:2C")},
        "cards are played only after the exchange: received is empty",
    ),
    ({"pass_direction": "across", "players": 5}, "pass 'across' needs an even number"),
    ({"pass_direction": "sideways"}, "unknown pass direction 'sideways'"),
    (
        {"match_totals": (1, 2, 3)},
        "match_totals must be 4 whole numbers, one per seat, got (1, 2, 3)",
    ),
    ({"plays": ((0, parse_card("2C")), (1,))}, "play 2 must be a (seat, card) pair, got (1,)"),
    ({"plays": ((9, parse_card("2C")),)}, "play 1: the seat must be a seat 0..3"),
    ({"moon_choice": "double"}, "moon_choice must be add or subtract, got 'double'"),
    ({"kitty": tuple(cards("AS"))}, "the kitty has 0 cards, got AS"),
    ({"passes_chosen": (True, False)}, "passes_chosen must be 4 true/false values"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_KNOWLEDGE)
def test_malformed_knowledge_is_refused_with_a_message_that_quotes_it(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(HerttaError) as caught:
        four_player_knowledge(**changes)
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)


TRICK_1 = "0:2C 1:TC 2:JC 3:QC "  # seat 3 wins and leads the second trick
IMPOSSIBLE = [
    ("0:3C", "play 1: seat 0 cannot play 3C: the round opens with 2C"),
    ("1:TC", "seat 1 cannot lead the first trick: it opens with 2C, held by seat 0"),
    (TRICK_1 + "0:3C", "play 5: seat 0 plays 3C, but it is seat 3's turn"),
    (TRICK_1 + "3:KC 0:2D", "play 6: seat 0 cannot play 2D: clubs were led"),
    (TRICK_1 + "3:KC 0:AS", "play 6: seat 0 plays AS, which it does not hold"),
    (
        "0:2C 1:AS 2:JC 3:QC 1:9C",
        "play 2: seat 1 cannot play AS: clubs were led, and it is known to hold 9C",
    ),
    (
        "0:2C 1:3H 2:JC 3:QC 1:AS",
        "play 2: seat 1 cannot play 3H: no penalty card on the first trick while holding "
        "others, and it is known to hold AS",
    ),
    ("0:2C 1:AC 2:KC 3:5C", "5C is held or played 2 times (seat 0, seat 3); the deck has 1"),
    (TRICK_1 + "3:KC 0:3C 1:9C 2:9C", "9C is held or played 2 times (seat 1, seat 2)"),
]


@pytest.mark.parametrize(("plays", "message"), IMPOSSIBLE)
def test_plays_no_real_round_could_make_are_refused(plays: str, message: str) -> None:
    knowledge = four_player_knowledge(plays=history(plays))
    with pytest.raises(SeatKnowledgeError) as caught:
        observe_knowledge(knowledge)
    assert message in str(caught.value)


def test_a_penalty_discard_on_the_first_trick_is_possible_from_a_hand_of_penalty_cards() -> None:
    view = observe_knowledge(four_player_knowledge(plays=history("0:2C 1:3H 2:JC 3:QC 3:4H")))
    assert view.tricks[0].winner == 3
    assert view.points_taken == (0, 0, 0, 1)
    assert view.hearts_broken
    assert view.turn == 0
    assert view.legal_plays == tuple(cards(SEAT_0_HAND)[1:])  # void in hearts: anything


def test_the_kitty_is_refused_unless_the_seat_has_seen_it() -> None:
    rules = preset("cancellation")
    hands = build_hands(
        rules, 5, {1: "2C", 2: "KC", 3: "KC", 4: "5C", 0: "3C"}, kitty="2C AH AH QS"
    )
    state = start(rules, 5, hands)
    for card in cards("2C KC KC 5C 3C"):
        state = play_card(state, state.turn or 0, card)
    assert state.kitty_taker == 4
    taker = knowledge_of(state, 4)
    assert taker.kitty == tuple(sorted(cards("2C AH AH QS")))
    assert observe_knowledge(taker).points_taken[4] == 15
    with pytest.raises(SeatKnowledgeError, match="seat 4 took the kitty and has seen it"):
        observe_knowledge(dataclasses.replace(taker, kitty=None))
    other = dataclasses.replace(knowledge_of(state, 0), kitty=taker.kitty)
    with pytest.raises(SeatKnowledgeError, match="seat 4 took it face down"):
        observe_knowledge(other)


def test_a_moon_choice_is_refused_when_there_is_no_moon_to_choose() -> None:
    state = play_with(deal_round(STANDARD, 4, 0, "none", 5), lowest_legal)
    assert state.phase is Phase.ROUND_OVER and state.moon_shooter is None
    knowledge = dataclasses.replace(knowledge_of(state, 2), moon_choice="add")
    with pytest.raises(SeatKnowledgeError, match="moon_choice 'add', but there is no moon"):
        observe_knowledge(knowledge)


def test_cancellation_opening_lead_follows_the_dealer_when_both_copies_are_held() -> None:
    rules = preset("cancellation")
    hands = build_hands(rules, 5, {1: "2C", 3: "2C"}, kitty="KH KH AH AH")
    for dealer, leader in ((0, 1), (2, 3)):
        state = start(rules, 5, hands, dealer=dealer)
        assert state.turn == leader
        assert observe_knowledge(knowledge_of(state, 3)) == observe(state, 3)
    # Dealer 2: seat 3 holds a 2C and comes before seat 1, so seat 1 cannot open with its 2C.
    knowledge = dataclasses.replace(
        knowledge_of(state, 3), opening_leader=None, plays=((1, parse_card("2C")),)
    )
    with pytest.raises(SeatKnowledgeError, match="seat 3 also holds it and comes first"):
        observe_knowledge(knowledge)
    # Without the dealer that lead is possible (the dealer may be seat 0).
    view = observe_knowledge(dataclasses.replace(knowledge, dealer=None))
    assert view.dealer == 0 and view.turn == 2
