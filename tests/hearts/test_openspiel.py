"""Standard 4-player rounds cross-checked against OpenSpiel's independent Hearts engine:
the same deal, passes and plays give the same legal plays at every turn and the same points.
(OpenSpiel is the optional ``bench`` extra; without it this module is skipped.)"""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import Card, Suit
from hertta.hearts.config import preset
from hertta.hearts.deck import PassDirection
from hertta.hearts.records import parse_record
from hertta.hearts.round import Phase, deal_round, play_card, submit_pass
from hertta.rng import SplitMix64

pyspiel = pytest.importorskip("pyspiel")

GAME = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
SPIEL_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
SPIEL_PASS = {
    PassDirection.NONE: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}


def action(card: Card) -> int:
    return (card.rank - 2) * 4 + SPIEL_SUIT[card.suit]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), direction=st.sampled_from(sorted(SPIEL_PASS)))
def test_same_legal_plays_and_points_as_openspiel(seed: int, direction: PassDirection) -> None:
    rng = SplitMix64(seed)
    ours = deal_round(preset("standard"), 4, 0, direction, rng.next_u64())
    spiel = GAME.new_initial_state()
    spiel.apply_action(SPIEL_PASS[direction])
    for k in range(52):  # OpenSpiel deals card k to player k % 4
        spiel.apply_action(action(ours.dealt[k % 4][k // 4]))
    chosen = {seat: rng.shuffle(ours.dealt[seat])[:3] for seat in range(4)}
    if ours.phase is Phase.PASSING:
        for seat in range(4):
            ours = submit_pass(ours, seat, chosen[seat])
        pending = {seat: [action(c) for c in cards] for seat, cards in chosen.items()}
        for _ in range(12):  # OpenSpiel asks each player for its pass cards one at a time
            spiel.apply_action(pending[spiel.current_player()].pop(0))
    while ours.phase is Phase.PLAYING:
        assert spiel.current_player() == ours.turn
        assert sorted(spiel.legal_actions()) == sorted(action(c) for c in ours.legal_plays)
        card = rng.choice(ours.legal_plays)
        ours = play_card(ours, ours.turn or 0, card)
        spiel.apply_action(action(card))
    assert spiel.is_terminal()
    score = ours.score
    assert score is not None
    assert [spiel.points(p) for p in range(4)] == list(score.points)


def test_the_standard_golden_record_scores_the_same_in_openspiel() -> None:
    record = parse_record((Path(__file__).parent / "golden" / "standard_4p.json").read_text())
    spiel = GAME.new_initial_state()
    spiel.apply_action(SPIEL_PASS[record.pass_direction])
    for k in range(52):
        spiel.apply_action(action(record.hands[k % 4][k // 4]))
    pending = {seat: [action(c) for c in cards] for seat, cards in enumerate(record.passes)}
    for _ in range(12 if record.pass_direction is not PassDirection.NONE else 0):
        spiel.apply_action(pending[spiel.current_player()].pop(0))
    for card in record.plays:
        assert action(card) in spiel.legal_actions()
        spiel.apply_action(action(card))
    assert spiel.is_terminal()
    assert [spiel.points(p) for p in range(4)] == [0, 7, 19, 0]
