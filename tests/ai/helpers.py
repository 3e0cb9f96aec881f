"""Builders for the computer-player tests: explicit positions and watched rounds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hertta.ai.hard import HardPlayer
from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.compiled import trick_winner_index
from hertta.hearts.config import RulesConfig, preset
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import RoundState, play_card, round_from_hands
from hertta.hearts.seat_knowledge import SeatKnowledge, observe_knowledge
from hertta.rng import SplitMix64
from tests.hearts.helpers import build_hands as fill_hands

__all__ = [
    "STANDARD",
    "card",
    "fill_hands",
    "hard_cards",
    "lone_taker_trick",
    "position",
    "rival_with_one_loser",
    "seat_view",
    "view",
]

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


def hard_cards(obs: Observation, seeds: range, **options: object) -> list[Card]:
    """Hard's card (with ``options``) for each generator seed: the search is Monte Carlo."""
    return [HardPlayer(**options).choose_play(obs, SplitMix64(s)) for s in seeds]  # type: ignore[arg-type]


def lone_taker_trick() -> RoundState:
    """Seat 2 alone has taken points (4 hearts) and wins the J♦ trick it led; seat 3, void in
    diamonds, is to play with the K♥ among three other hearts, clubs and low spades."""
    return position(
        {
            0: "4C 2H 3H",
            1: "2C 4D 5D",
            2: "AC KD QD JD",
            3: "3C 5H 6H 8H KH 7C 8C 9C TC JC 5S 6S 7S",
        },
        "2C AC 3C 4C  KD 5H 3H 4D  QD 6H 2H 5D  JD",
        voids={0: [Suit.DIAMONDS]},
    )


def rival_with_one_loser() -> RoundState:
    """Seat 2 alone has taken 4 points and leads the J♦; of its cards only the 3♦ can lose to
    two cards still out (T♦ 9♦ 8♦ and more). Seat 3, void in diamonds, is to play."""
    return position(
        {
            0: "4C 2H 3H",
            1: "2C 4D 5D TD",
            2: "AC KD QD JD AH KH QH JH TH AS KS AD 3D",
            3: "3C 5H 6H 8H 9H 7C 8C 9C TC JC 5S 6S 7S",
        },
        "2C AC 3C 4C  KD 5H 3H 4D  QD 6H 2H 5D  JD",
        voids={0: [Suit.DIAMONDS]},
    )
