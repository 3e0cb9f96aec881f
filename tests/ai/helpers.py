"""Builders for the computer-player tests: explicit positions and watched rounds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.config import RulesConfig, preset
from hertta.hearts.deck import deck_for, hand_size
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import RoundState, play_card, round_from_hands

STANDARD = preset("standard")


def fill_hands(
    rules: RulesConfig,
    players: int,
    fixed: Mapping[int, str],
    kitty: str = "",
    voids: Mapping[int, Iterable[Suit]] | None = None,
) -> list[list[Card]]:
    """Hands starting with ``fixed`` cards; the rest of the deck (less ``kitty``) goes in index
    order to seats still short, skipping suits listed in ``voids`` for a seat."""
    size = hand_size(rules, players)
    left = Counter(deck_for(rules, players))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat, text in fixed.items():
        hands[seat] = parse_cards(text)
        left.subtract(hands[seat])
    left.subtract(parse_cards(kitty))
    assert all(v >= 0 for v in left.values()), f"a card is used too often: {-left}"
    banned = {seat: set(s) for seat, s in (voids or {}).items()}
    for card in sorted(left.elements()):
        for seat in range(players):
            if len(hands[seat]) < size and card.suit not in banned.get(seat, set()):
                hands[seat].append(card)
                break
        else:
            raise AssertionError(f"no seat can take {card.notation}")
    return hands


def position(
    fixed: Mapping[int, str],
    plays: str = "",
    rules: RulesConfig = STANDARD,
    players: int = 4,
    dealer: int = 0,
    voids: Mapping[int, Iterable[Suit]] | None = None,
    kitty: str = "",
) -> RoundState:
    """A round with no pass from the given hands, after ``plays`` (cards in play order)."""
    hands = fill_hands(rules, players, fixed, kitty, voids)
    state = round_from_hands(rules, players, dealer, "none", hands)
    for card in parse_cards(plays):
        seat = state.turn
        assert seat is not None
        state = play_card(state, seat, card)
    return state


def view(state: RoundState, totals: Sequence[int] | None = None) -> Observation:
    """The observation of the seat to move."""
    seat = state.turn
    assert seat is not None
    return observe(state, seat, totals)


def card(text: str) -> Card:
    return parse_cards(text)[0]
