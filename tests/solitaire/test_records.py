import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.errors import RecordError
from hertta.solitaire.deal_codes import DEAL_COUNT, format_deal_code
from hertta.solitaire.game import Move, Status, legal_moves, new_game, play, undo
from hertta.solitaire.records import (
    RECORD_FORMAT,
    format_game_record,
    game_record,
    parse_game_record,
)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=DEAL_COUNT - 1),
    st.lists(st.integers(min_value=0, max_value=30), max_size=60),
)
def test_round_trip_after_random_play(number: int, choices: list[int]) -> None:
    code = format_deal_code(number)
    game = new_game(code)
    line: list[Move] = []
    for choice in choices:
        if game.status is not Status.PLAYING:
            break
        if choice == 0 and game.can_undo:
            game = undo(game)
            line.pop()
            continue
        moves = legal_moves(game.position)
        game = play(game, moves[choice % len(moves)])
        line.append(moves[choice % len(moves)])
    text = format_game_record(game_record(code, line))
    again = parse_game_record(text)
    assert again.moves == tuple(line)
    assert again.replay().position == game.position
    assert format_game_record(again) == text


def test_record_shape() -> None:
    first = legal_moves(new_game("HH1-N-AAAAAAM").position)[0]
    assert json.loads(format_game_record(game_record("hh1-n-aaaaaam", [first]))) == {
        "format": RECORD_FORMAT,
        "code": "HH1-N-AAAAAAM",
        "moves": ["F"],
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not JSON"),
        ("[]", "JSON object"),
        ('{"format": "x", "code": "HH1-N-AAAAAAM", "moves": []}', "unknown format"),
        ('{"format": "hertta-h2h-game/1", "code": 5, "moves": []}', "'code'"),
        ('{"format": "hertta-h2h-game/1", "code": "HH1-N-AAAAAAM", "moves": "F"}', "'moves'"),
        ('{"format": "hertta-h2h-game/1", "code": "HH9", "moves": []}', "'HH9'"),
        ('{"format": "hertta-h2h-game/1", "code": "HH1-N-AAAAAAM", "moves": ["1+5"]}', "covered"),
        ('{"format": "hertta-h2h-game/1", "code": "HH1-N-AAAAAAM", "moves": ["Z"]}', "'Z'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_malformed_records(text: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_game_record(text)
    assert words in str(info.value)
