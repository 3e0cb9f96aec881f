"""What a Hearts page is told of a trick that took Cancellation's face-down kitty: its taker
sees the kitty's points in the trick's points, everyone else (seats and spectators) only the
points of the cards they saw, until every card is played. An outside check read a kitty's Q♠
from a clubs trick worth 13."""

from __future__ import annotations

from dataclasses import replace

from hertta.cards import parse_card
from hertta.hearts import Phase, RoundState, play_card, preset, round_from_hands
from hertta.hearts.decisions import PlayDecision
from hertta.hearts.match import new_match
from hertta.tables.hearts_view import decision_events, hearts_view

KITTY = ["4C", "4C", "QS", "2H"]  # 13 + 1 points, face down


def kitty_round() -> RoundState:
    """Cancellation, 5 players, dealer 4: the kitty holds the Q♠ and a heart."""
    deck = [r + s for s in "CDSH" for r in "23456789TJQKA"] * 2
    for card in KITTY:
        deck.remove(card)
    hands = [[parse_card(c) for c in deck[i::5]] for i in range(5)]
    return round_from_hands(preset("cancellation"), 5, 4, "none", hands)


def test_a_face_down_kittys_points_are_told_to_its_taker_only() -> None:
    state = kitty_round()
    match = replace(new_match("HM1-C5-AAAAAAA"), round=state)
    while not state.tricks:
        before_match = match
        seat = state.turn
        assert seat is not None
        card = state.legal_plays[0]
        state = play_card(state, seat, card)
        match = replace(match, round=state)
    [trick] = state.tricks
    taker = state.kitty_taker
    assert taker is not None and trick.kitty and state.phase is Phase.PLAYING
    decision = PlayDecision(seat, card)
    for viewer in (*range(5), None):
        [told] = [e for e in decision_events(before_match, match, decision, viewer)
                  if e["type"] == "trick"]
        expected = trick.taken_points if viewer == taker else trick.points
        assert told["points"] == expected, (viewer, told, trick)
    assert trick.taken_points - trick.points == 14 + 0  # the kitty's Q♠ and heart
    spectator = hearts_view(match, {"code": "x", "code_public": False}, (), None)
    assert spectator["table"]["tricks"][0]["points"] == trick.points
    # A seat's state says the same of the trick as its event did (the page's "last trick"
    # said 0 points where the event had said 14).
    for viewer in range(5):
        seen = hearts_view(match, {"code": "x", "code_public": False}, (), viewer)
        [shown] = seen["observation"]["tricks"]
        expected = trick.taken_points if viewer == taker else trick.points
        assert seen["taken_points"] == [expected] and shown["points"] == trick.points
