"""Builders for the computer-player tests: explicit positions and watched rounds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.compiled import trick_winner_index
from hertta.hearts.config import RulesConfig, preset
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import RoundState, play_card, round_from_hands
from hertta.hearts.seat_knowledge import SeatKnowledge, observe_knowledge
from tests.hearts.helpers import build_hands as fill_hands

__all__ = ["STANDARD", "card", "fill_hands", "position", "seat_view", "view"]

STANDARD = preset("standard")


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


def seat_view(
    dealt: str,
    leader: int,
    plays: str,
    seat: int = 0,
    rules: RulesConfig = STANDARD,
    players: int = 4,
    totals: Sequence[int] = (),
) -> Observation:
    """``seat``'s observation built with the seat API from what it alone knows: its dealt
    hand (no pass) and the cards played, in order, from the first trick led by ``leader``
    (each trick's winner leads the next)."""
    pairs: list[tuple[int, Card]] = []
    trick: list[Card] = []
    turn = leader
    for played in parse_cards(plays):
        pairs.append((turn, played))
        trick.append(played)
        if len(trick) == players:
            turn = (turn + 1 + trick_winner_index([c.index for c in trick], False)) % players
            trick = []
        else:
            turn = (turn + 1) % players
    knowledge = SeatKnowledge(
        rules=rules,
        players=players,
        seat=seat,
        dealt_hand=tuple(parse_cards(dealt)),
        pass_direction="none",
        plays=tuple(pairs),
        match_totals=tuple(totals),
    )
    return observe_knowledge(knowledge)
