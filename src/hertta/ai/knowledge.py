"""What one seat can infer from its :class:`~hertta.hearts.Observation`, and nothing more.

- ``unseen``: the cards it cannot see (other hands plus a face-down kitty), a sorted multiset;
- ``voids``: suits each seat has shown it no longer holds: it did not follow a led suit, or it
  led a heart before hearts were broken (so it held only hearts), or it discarded a penalty card
  on the first trick (so it held no safe card: no club, no diamond);
- ``known``: cards a seat must still hold: the cards this seat passed to it and it has not
  played yet;
- ``penalty``/``bonus``: the points of the cards each seat has visibly taken this round;
- ``hidden_kitty``: how many kitty cards this seat has not seen (Cancellation); ``kitty``: the
  kitty's cards when it has seen them.

Search samples the hidden hands from exactly this (:mod:`hertta.ai.sampling`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hertta.cards import Card, Suit
from hertta.hearts.config import QUEEN_OF_SPADES, RulesConfig
from hertta.hearts.observation import Observation, played_cards, unseen_cards

_NOT_HEARTS = frozenset((Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES))


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything ``seat`` knows about the hidden cards (see the module docstring)."""

    seat: int
    players: int
    rules: RulesConfig
    hand: tuple[Card, ...]
    unseen: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    hidden_kitty: int
    kitty: tuple[Card, ...]
    voids: tuple[frozenset[Suit], ...]
    known: tuple[tuple[Card, ...], ...]
    penalty: tuple[int, ...]
    bonus: tuple[int, ...]
    played: tuple[Card, ...]

    def unseen_count(self, card: Card) -> int:
        """How many copies of ``card`` are hidden from this seat (0, 1 or 2)."""
        return self.unseen.count(card)

    def unseen_of_suit(self, suit: Suit) -> tuple[Card, ...]:
        return tuple(c for c in self.unseen if c.suit is suit)

    @property
    def queens_out(self) -> int:
        """Copies of the Q♠ neither played nor in this hand (2 decks: up to 2)."""
        return self.unseen.count(QUEEN_OF_SPADES)


def infer_voids(obs: Observation) -> tuple[frozenset[Suit], ...]:
    """Suits each seat is known to be out of (see the module docstring for the three clues)."""
    voids: list[set[Suit]] = [set() for _ in range(obs.players)]
    rules = obs.rules
    broken = False
    plays = [(t.seats, t.cards) for t in obs.tricks]
    if obs.trick_cards:
        plays.append((obs.trick_seats, obs.trick_cards))
    for number, (seats, cards) in enumerate(plays):
        led = cards[0].suit
        if led is Suit.HEARTS and not broken:
            # A heart lead before hearts are broken is legal only from a hand of hearts.
            voids[seats[0]].update(_NOT_HEARTS)
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if card.suit is led:
                continue
            voids[seat].add(led)
            if number == 0 and rules.is_penalty(card):
                # On the first trick a penalty discard means the hand held no safe card.
                voids[seat].update((Suit.CLUBS, Suit.DIAMONDS))
        for card in cards:
            if card.suit is Suit.HEARTS or (rules.queen_breaks_hearts and card is QUEEN_OF_SPADES):
                broken = True
    return tuple(frozenset(v) for v in voids)


def taken_points(obs: Observation) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(penalty, bonus)`` per seat from the cards this seat saw each one take."""
    rules = obs.rules
    penalty = [0] * obs.players
    bonus = [0] * obs.players
    for trick in obs.tricks:
        if trick.winner is None:
            continue
        for card in (*trick.cards, *trick.carried_in, *trick.kitty):
            value = rules.card_value(card)
            if value > 0:
                penalty[trick.winner] += value
            else:
                bonus[trick.winner] += value
    return tuple(penalty), tuple(bonus)


def known_holdings(obs: Observation, unseen: Counter[Card]) -> tuple[tuple[Card, ...], ...]:
    """Cards each seat must still hold: what this seat passed to it, less what it has played
    since (copies counted, so Cancellation's duplicates stay consistent)."""
    known: list[tuple[Card, ...]] = [() for _ in range(obs.players)]
    if obs.pass_to is None or not obs.passed:
        return tuple(known)
    receiver = obs.pass_to
    played_by_receiver: Counter[Card] = Counter()
    for trick in obs.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if seat == receiver:
                played_by_receiver[card] += 1
    for seat, card in zip(obs.trick_seats, obs.trick_cards, strict=True):
        if seat == receiver:
            played_by_receiver[card] += 1
    still = Counter(obs.passed)
    still.subtract(played_by_receiver)
    held = []
    for card, count in sorted(still.items()):
        for _ in range(min(count, unseen[card])):
            held.append(card)
    known[receiver] = tuple(held)
    return tuple(known)


def knowledge_of(obs: Observation) -> Knowledge:
    """What ``obs.seat`` knows (everything comes from the observation)."""
    unseen = unseen_cards(obs)
    penalty, bonus = taken_points(obs)
    hidden_kitty = obs.kitty_size if obs.kitty_size and not obs.kitty else 0
    return Knowledge(
        seat=obs.seat,
        players=obs.players,
        rules=obs.rules,
        hand=obs.hand,
        unseen=unseen,
        hand_sizes=obs.hand_sizes,
        hidden_kitty=hidden_kitty,
        kitty=obs.kitty,
        voids=infer_voids(obs),
        known=known_holdings(obs, Counter(unseen)),
        penalty=penalty,
        bonus=bonus,
        played=played_cards(obs),
    )
