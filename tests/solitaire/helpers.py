"""Builders for hand-made Heart to Heart positions."""

from __future__ import annotations

from hertta.cards import Card, Rank, Suit
from hertta.solitaire.deal_codes import RANK_ORDER
from hertta.solitaire.game import Game, Position, game_from_deck

LETTERS = "A23456789TJQK"


def heart(letter: str) -> Card:
    return Card(RANK_ORDER[LETTERS.index(letter)], Suit.HEARTS)


def deck_from_letters(letters: str) -> list[Card]:
    """A 52-card order from 52 rank letters (d[0] first)."""
    assert len(letters) == 52
    return [heart(ch) for ch in letters]


def game_from_letters(letters: str) -> Game:
    return game_from_deck(deck_from_letters(letters))


def position_from(heart_letters: str, stock: str, waste: str) -> Position:
    """A position from 25 heart letters ('.' = removed), stock top first, waste bottom first."""
    assert len(heart_letters) == 25
    cells = tuple(None if ch == "." else heart(ch) for ch in heart_letters)
    return Position(cells, tuple(heart(c) for c in stock), tuple(heart(c) for c in waste))


def rank(letter: str) -> Rank:
    return heart(letter).rank
