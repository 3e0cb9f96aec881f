"""Builders for Hearts tests: explicit hands, policies and random legal play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.config import RulesConfig, preset
from hertta.hearts.deck import deck_for, hand_size
from hertta.hearts.round import Phase, RoundState, play_card, round_from_hands, submit_pass
from hertta.rng import SplitMix64

Policy = Callable[[RoundState], Card]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def build_hands(
    rules: RulesConfig,
    players: int,
    fixed: Mapping[int, Iterable[Card] | str],
    kitty: Iterable[Card] | str = (),
    voids: Mapping[int, Iterable[Suit]] | None = None,
) -> list[list[Card]]:
    """Hands that start with ``fixed`` cards per seat; the rest of the deck (less ``kitty``) is
    dealt in index order to seats still short, skipping suits listed in ``voids`` for a seat."""
    size = hand_size(rules, players)
    left = Counter(deck_for(rules, players))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat, given in fixed.items():
        hands[seat] = cards(given) if isinstance(given, str) else list(given)
        left.subtract(hands[seat])
    kitty_cards = cards(kitty) if isinstance(kitty, str) else list(kitty)
    left.subtract(kitty_cards)
    if any(v < 0 for v in left.values()):
        raise AssertionError(f"a card is used too often: {-left}")
    banned = {seat: set(s) for seat, s in (voids or {}).items()}
    for card in sorted(left.elements()):
        for seat in range(players):
            if len(hands[seat]) < size and card.suit not in banned.get(seat, set()):
                hands[seat].append(card)
                break
        else:
            raise AssertionError(f"no seat can take {card.notation}")
    return hands


def play_with(state: RoundState, policy: Policy, limit: int = 10_000) -> RoundState:
    """Play the round to its end (or a moon choice) with ``policy`` choosing every card."""
    for _ in range(limit):
        if state.phase is not Phase.PLAYING:
            return state
        seat = state.turn
        assert seat is not None
        state = play_card(state, seat, policy(state))
    raise AssertionError("the round did not end")


def lowest_legal(state: RoundState) -> Card:
    return state.legal_plays[0]


def random_policy(rng: SplitMix64) -> Policy:
    return lambda state: rng.choice(state.legal_plays)


def random_passes(state: RoundState, rng: SplitMix64) -> RoundState:
    for seat in range(state.players):
        if state.phase is not Phase.PASSING:
            break
        state = submit_pass(state, seat, rng.shuffle(state.hands[seat])[:3])
    return state


def start(
    rules: RulesConfig | str,
    players: int,
    hands: list[list[Card]],
    dealer: int = 0,
    direction: str = "none",
) -> RoundState:
    if isinstance(rules, str):
        rules = preset(rules)
    return round_from_hands(rules, players, dealer, direction, hands)
