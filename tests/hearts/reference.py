"""A second, deliberately naive reading of the rules (RULES.md, "Hearts"), written from the text
and from the public state only, to check the engine against in random games."""

from __future__ import annotations

from collections import Counter

from hertta.cards import Card, Rank, Suit
from hertta.hearts.config import RulesConfig
from hertta.hearts.round import RoundState, Trick

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)


def hearts_broken(state: RoundState) -> bool:
    played = state.plays
    if any(c.suit is Suit.HEARTS for c in played):
        return True
    return state.rules.queen_breaks_hearts and QUEEN_OF_SPADES in played


def legal_plays(state: RoundState) -> set[Card]:
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    trick = state.current_trick
    rules = state.rules
    if not state.plays:
        lowest = min(c for h in state.hands for c in h if c.suit is Suit.CLUBS)
        return {lowest}
    if not trick:
        if not hearts_broken(state):
            others = {c for c in hand if c.suit is not Suit.HEARTS}
            if others:
                return others
        return set(hand)
    led = trick[0].suit
    follow = {c for c in hand if c.suit is led}
    if follow:
        return follow
    if not state.tricks:  # the round's first trick is still on the table
        safe = {c for c in hand if not rules.is_penalty(c)}
        if safe:
            return safe
    return set(hand)


def trick_winner(rules: RulesConfig, trick: Trick, last: bool) -> int | None:
    counts = Counter(trick.cards)
    cancelled = [rules.cancellation and counts[c] > 1 for c in trick.cards]
    led = trick.cards[0].suit
    best: tuple[int, int] | None = None
    for i, card in enumerate(trick.cards):
        if card.suit is led and not cancelled[i] and (best is None or card.rank > best[0]):
            best = (card.rank, i)
    if best is not None:
        return trick.seats[best[1]]
    for i in range(len(trick.cards) - 1, -1, -1):
        if not cancelled[i]:
            return trick.seats[i]
    return trick.leader if last else None


def points_taken(state: RoundState) -> list[int]:
    """Each seat's points from the completed tricks it won (carried cards and kitty included)."""
    rules = state.rules
    points = [0] * state.players
    waiting: list[Card] = []
    kitty_given = False
    for trick in state.tricks:
        if trick.winner is None:
            waiting.extend(trick.cards)
            continue
        taken = [*trick.cards, *waiting]
        waiting = []
        if not kitty_given:
            taken.extend(state.kitty)
            kitty_given = True
        points[trick.winner] += sum(rules.card_value(c) for c in taken)
    return points
