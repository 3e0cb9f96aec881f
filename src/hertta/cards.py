"""Suits, ranks and cards, with the text notation used by every format.

Notation: rank letter then suit letter, ``"QS"`` (queen of spades), ``"TH"`` (ten of hearts),
``"2C"``. Parsing also accepts ``"10H"`` and lower case; formatting always gives the canonical
two-letter form. Display strings use the suit symbol: ``"10♥"``, ``"Q♠"``.

Cards are interned: ``Card(Rank.QUEEN, Suit.SPADES) is Card(Rank.QUEEN, Suit.SPADES)``, hashing
is the card's index 0..51 and they sort by suit, then rank. That keeps them cheap as dict keys
and set members in the game engines and search code.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Any

from hertta.errors import NotationError, quoted


class Suit(IntEnum):
    """The four suits; the order (clubs, diamonds, spades, hearts) is how hands are sorted."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♠♥"[self]


class Rank(IntEnum):
    """Ranks in trick-taking order: the ace is high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """The rank as a person reads it: ``"10"`` rather than ``"T"``."""
        return "10" if self is Rank.TEN else self.letter


_RANK_BY_TEXT = {r.letter: r for r in Rank} | {"10": Rank.TEN}
_SUIT_BY_TEXT = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}


class Card:
    """A playing card. Instances are interned, so ``==`` is identity and hashing is cheap."""

    __slots__ = ("index", "notation", "rank", "suit")
    rank: Rank
    suit: Suit
    index: int
    notation: str
    """Canonical two-letter notation, e.g. ``"QS"`` (made once: every view a server sends
    spells out dozens of cards)."""

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if not (isinstance(rank, int) and isinstance(suit, int)) or not (
            2 <= rank <= 14 and 0 <= suit <= 3
        ):
            raise NotationError(f"no such card: rank {rank!r}, suit {suit!r}")
        return _CARDS[int(suit) * 13 + int(rank) - 2]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", int(suit) * 13 + int(rank) - 2)
        object.__setattr__(card, "notation", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (int(self.rank), int(self.suit)))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __repr__(self) -> str:
        return f"Card({self.notation!r})"

    def __str__(self) -> str:
        return self.notation

    @property
    def display(self) -> str:
        """Human display with the suit symbol, e.g. ``"10♥"``."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise NotationError(f"no card has index {index!r}")
        return _CARDS[index]


_CARDS: tuple[Card, ...] = tuple(Card._make(rank, suit) for suit in Suit for rank in Rank)

ALL_CARDS: tuple[Card, ...] = _CARDS
"""The 52 cards in index order: clubs 2..A, diamonds, spades, hearts."""


def parse_card(text: str) -> Card:
    """Read one card in notation (``"QS"``, ``"th"``, ``"10H"``, ``"Q♠"``)."""
    if not isinstance(text, str):
        raise NotationError(f"a card must be written as text like 'QS', got {quoted(text, 60)}")
    cleaned = text.strip()
    # Only ASCII is upper-cased: str.upper() turns a few other letters into ASCII ones ("ſ" ->
    # "S"), and the suit symbols have no case.
    cleaned = "".join(ch.upper() if ch.isascii() else ch for ch in cleaned)
    rank = _RANK_BY_TEXT.get(cleaned[:-1])
    suit = _SUIT_BY_TEXT.get(cleaned[-1:])
    if rank is None or suit is None:
        raise NotationError(
            f"not a card: {quoted(text, 60)} (expected rank 2-9/T/J/Q/K/A and suit C/D/S/H, "
            "e.g. 'QS')"
        )
    return Card(rank, suit)


def format_card(card: Card) -> str:
    """The canonical notation of ``card``; ``parse_card(format_card(c)) is c``."""
    return card.notation


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several cards: a list of notations, or one string separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [c.notation for c in cards]


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Sort by suit (clubs, diamonds, spades, hearts), then by rank, low first."""
    return sorted(cards)
