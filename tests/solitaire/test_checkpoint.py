"""Heart to Heart checkpoints: a game written out and read back is the same game, and a
damaged checkpoint is refused rather than trusted."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.errors import RecordError
from hertta.solitaire.checkpoint import format_checkpoint, parse_checkpoint
from hertta.solitaire.deal_codes import DEAL_COUNT, format_deal_code
from hertta.solitaire.game import Game, Move, Status, game_from_deck, legal_moves, new_game, play
from hertta.solitaire.game import undo as undo_move


def random_game(number: int, choices: list[int]) -> Game:
    game = new_game(format_deal_code(number))
    for choice in choices:
        if game.status is not Status.PLAYING:
            break
        if choice == 0 and game.can_undo:
            game = undo_move(game)
            continue
        moves = legal_moves(game.position)
        game = play(game, moves[choice % len(moves)])
    return game


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=DEAL_COUNT - 1),
    st.lists(st.integers(min_value=0, max_value=30), max_size=250),
)
def test_round_trip(number: int, choices: list[int]) -> None:
    game = random_game(number, choices)
    text = format_checkpoint(game)
    again = parse_checkpoint(text)
    assert again == game
    assert again.status is game.status
    assert format_checkpoint(again) == text


def test_a_restored_game_undoes_like_the_original() -> None:
    game = new_game("HH1-N-AAAAAAM")
    for _ in range(150):
        game = play(game, Move.flip() if game.position.stock else Move.recycle())
    restored = parse_checkpoint(format_checkpoint(game))
    for _ in range(100):
        game, restored = undo_move(game), undo_move(restored)
        assert restored == game
    assert not restored.can_undo and restored.played == 50


def damaged(change: str) -> str:
    game = play(new_game("HH1-N-AAAAAAM"), Move.flip())
    data = json.loads(format_checkpoint(game))
    position = data["position"]
    if change == "card moved":
        cards = position["heart"].split()
        cards[0], cards[1] = cards[1], cards[0]
        position["heart"] = " ".join(cards)
    elif change == "score":
        position["score"] = 30
    elif change == "foreign card":
        position["stock"] += " KH KH KH KH KH"
    elif change == "short heart":
        position["heart"] = "TH"
    elif change == "format":
        data["format"] = "something/9"
    elif change == "recent":
        data["recent"] = "F F"
    elif change == "played":
        data["played"] = -1
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    ["card moved", "score", "foreign card", "short heart", "format", "recent", "played"],
)
def test_a_damaged_checkpoint_is_refused(change: str) -> None:
    with pytest.raises(RecordError, match="checkpoint"):
        parse_checkpoint(damaged(change))


@pytest.mark.parametrize("text", ["", "not json", "[]", "[" * 50_000, '{"format": 1}'])
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="checkpoint"):
        parse_checkpoint(text)


def test_a_game_without_a_code_has_no_checkpoint() -> None:
    game = new_game("HH1-N-AAAAAAM")
    deck = [*game.start.heart, *game.start.stock, *game.start.waste]
    with pytest.raises(RecordError):
        format_checkpoint(game_from_deck(deck))  # type: ignore[arg-type]
