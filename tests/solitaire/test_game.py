import pytest

from hertta.errors import IllegalMoveError, NotationError
from hertta.solitaire.game import (
    UNDO_DEPTH,
    WASTE,
    Move,
    Status,
    apply_move,
    deal_position,
    format_moves,
    is_dead_end,
    legal_moves,
    new_game,
    parse_move,
    parse_moves,
    play,
    replay,
    restart,
    undo,
)

from .helpers import deck_from_letters, game_from_letters, position_from

EXAMPLE = "HH1-N-AAAAAAM"


def nine_flips_then_pair() -> list[Move]:
    return [Move.flip()] * 9 + [Move.pair(25, WASTE)]


def test_deal_places_cards_as_rules_say() -> None:
    letters = "T72JJ6937T239J4QKQ5827A64T553Q6874T9A849KA58KK3J26QA"
    position = deal_position(deck_from_letters(letters))
    assert "".join(c.rank.letter for c in position.heart if c) == letters[:25]
    assert "".join(c.rank.letter for c in position.stock) == letters[25:51]
    assert [c.rank.letter for c in position.waste] == ["A"]
    assert position.moves == 0 and position.score == 0


def test_example_deal_pair_on_move_ten() -> None:
    game = new_game(EXAMPLE)
    for move in nine_flips_then_pair()[:9]:
        game = play(game, move)
    assert game.position.waste_top is not None
    assert game.position.waste_top.display == "4♥"
    assert game.position.moves == 9
    game = play(game, Move.pair(25, WASTE))
    assert game.position.moves == 10
    assert game.position.score == 10  # a waste pair scores only the heart card
    assert game.position.free_positions() == [23, 24]


def test_heart_pair_scores_twenty() -> None:
    position = position_from("." * 21 + "5" + "99" + ".", "KQ", "J")
    # positions 23 and 24 hold 9s and are free (the point is gone)
    after = apply_move(position, Move.pair(23, 24))
    assert after.score == 20 and after.moves == 1
    assert after.heart[22] is None and after.heart[23] is None


def test_flip_and_recycle_are_moves_and_keep_order() -> None:
    position = position_from("." * 24 + "3", "23", "4")
    position = apply_move(position, Move.flip())
    position = apply_move(position, Move.flip())
    assert [c.rank.letter for c in position.waste] == ["4", "2", "3"]
    assert legal_moves(position) == [Move.pair(25, WASTE), Move.recycle()]
    position = apply_move(position, Move.recycle())
    assert [c.rank.letter for c in position.stock] == ["4", "2", "3"]
    assert position.waste == () and position.moves == 3
    position = apply_move(position, Move.flip())
    assert position.waste_top is not None and position.waste_top.rank.letter == "4"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move.pair(1, 25), "covered"),
        (Move.pair(25, WASTE), "differ in rank"),
        (Move.recycle(), "not empty"),
    ],
)
def test_illegal_moves_are_refused(move: Move, reason: str) -> None:
    game = new_game(EXAMPLE)
    with pytest.raises(IllegalMoveError) as info:
        play(game, move)
    assert reason in str(info.value)
    assert move.notation in str(info.value)


def test_win_with_cards_left_in_stock() -> None:
    position = position_from("." * 24 + "7", "7KQ", "A")
    position = apply_move(position, Move.flip())
    position = apply_move(position, Move.pair(25, WASTE))
    assert position.score == 10
    game = game_from_letters("T72JJ6937T239J4QKQ5827A64T553Q6874T9A849KA58KK3J26QA")
    assert game.status is Status.PLAYING
    assert legal_moves(position) == []


def test_dead_end_definition() -> None:
    # the free 5 has no partner in the heart, the stock or the waste
    assert is_dead_end(position_from("." * 24 + "5", "23", "4"))
    # a partner deep in the waste (reachable by recycling) keeps the game alive
    assert not is_dead_end(position_from("." * 24 + "5", "", "546"))
    assert not is_dead_end(position_from("." * 24 + "5", "235", "4"))
    # a partner covered in the heart does not count
    assert is_dead_end(position_from("." * 22 + "5." + "5", "2", "3"))


def test_dead_end_refuses_moves_but_allows_undo() -> None:
    game = game_from_letters("T72JJ6937T239J4QKQ5827A64T553Q6874T9A849KA58KK3J26QA")
    assert game.status is Status.PLAYING
    dead = new_game(EXAMPLE)
    dead = play(dead, Move.flip())
    assert undo(dead).position == new_game(EXAMPLE).position


def test_undo_restores_exactly_and_counts_down() -> None:
    game = new_game(EXAMPLE)
    states = [game.position]
    for move in nine_flips_then_pair():
        game = play(game, move)
        states.append(game.position)
    for expected in reversed(states[:-1]):
        game = undo(game)
        assert game.position == expected
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        undo(game)


def test_undo_depth_is_one_hundred() -> None:
    game = new_game(EXAMPLE)
    for _ in range(UNDO_DEPTH + 20):
        game = play(game, legal_moves(game.position)[-1])  # flips and recycles
    for _ in range(UNDO_DEPTH):
        game = undo(game)
    assert game.position.moves == 20
    assert not game.can_undo
    with pytest.raises(IllegalMoveError):
        undo(game)


def test_no_undo_after_a_win() -> None:
    position = position_from("." * 24 + "7", "7", "A")
    game = new_game(EXAMPLE)
    won = type(game)(None, position, position)
    won = play(won, Move.flip())
    won = play(won, Move.pair(25, WASTE))
    assert won.status is Status.WON
    assert not won.can_undo
    with pytest.raises(IllegalMoveError, match="won"):
        undo(won)
    with pytest.raises(IllegalMoveError, match="won"):
        play(won, Move.flip())


def test_restart_and_replay() -> None:
    moves = nine_flips_then_pair()
    game = replay(EXAMPLE, moves)
    assert game.recent == tuple(moves) and game.played == len(moves)
    assert restart(game).position == new_game(EXAMPLE).position
    assert replay(EXAMPLE, parse_moves(format_moves(moves))).position == game.position


@pytest.mark.parametrize("text", ["F", "R", "23+24", "25+W", "1+5"])
def test_move_notation_round_trip(text: str) -> None:
    assert parse_move(text).notation == text


def test_pair_notation_orders_positions() -> None:
    assert parse_move("24+23").notation == "23+24"
    assert parse_move("w+25".replace("w+25", "25+w")).notation == "25+W"


@pytest.mark.parametrize(
    "text", ["", "X", "0+1", "26+1", "3+3", "W+W", "1-2", "F F", "2٣+24", "ｆ"]
)
def test_bad_move_notation(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert repr(text) in str(info.value)


def test_legal_moves_at_the_start_of_the_example() -> None:
    assert legal_moves(new_game(EXAMPLE).position) == [Move.flip()]


def test_memory_stays_bounded_over_a_long_game() -> None:
    """Thousands of stock taps keep only what undo needs: 100 positions and 100 moves."""
    game = new_game(EXAMPLE)
    for _ in range(2_000):
        game = play(game, Move.flip() if game.position.stock else Move.recycle())
    assert game.played == 2_000
    assert len(game.history) == len(game.recent) == 100
    for _ in range(100):
        game = undo(game)
    assert game.played == 1_900 and not game.can_undo
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        undo(game)
