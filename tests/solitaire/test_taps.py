"""One test per tap rule of RULES.md ("Taps" and "Settings")."""

from dataclasses import replace

from hertta.solitaire.game import WASTE, Game, Move, Status, new_game, play
from hertta.solitaire.taps import (
    MESSAGE_CARDS_MUST_MATCH,
    Effect,
    TapSettings,
    TapState,
    assist,
    clear_selection,
    new_tap_state,
    restart,
    tap,
    undo,
)

from .helpers import position_from

EXAMPLE = "HH1-N-AAAAAAM"


def taps_of(heart: str, stock: str, waste: str, **settings: bool) -> TapState:
    position = position_from(heart, stock, waste)
    return TapState(Game(None, position, position), TapSettings(**settings))


# Positions 23 and 24 are free once the point is gone; 20-22 are covered by them.
TWO_NINES = "." * 19 + "KQ5" + "99" + "."


def test_tap_free_card_selects_it() -> None:
    result = tap(taps_of(TWO_NINES, "23", "4"), 23)
    assert result.effect is Effect.SELECTED and result.state.selection == 23


def test_tap_waste_top_selects_it() -> None:
    result = tap(taps_of(TWO_NINES, "23", "4"), "waste")
    assert result.effect is Effect.SELECTED and result.state.selection == "waste"


def test_tap_selected_card_deselects() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), 23).state
    result = tap(state, 23)
    assert result.effect is Effect.DESELECTED and result.state.selection is None


def test_equal_ranks_remove_a_heart_pair() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), 23).state
    result = tap(state, 24)
    assert result.effect is Effect.PAIR and result.move == Move.pair(23, 24)
    assert result.state.selection is None
    assert result.state.game.position.score == 20


def test_equal_ranks_remove_a_heart_card_and_the_waste_top() -> None:
    state = tap(taps_of(TWO_NINES, "23", "9"), "waste").state
    result = tap(state, 24)
    assert result.effect is Effect.PAIR and result.move == Move.pair(24, WASTE)
    assert result.state.game.position.score == 10


def test_unequal_ranks_reselect_without_message_by_default() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), 23).state
    result = tap(state, "waste")
    assert result.effect is Effect.RESELECTED
    assert result.state.selection == "waste"
    assert result.state.message is None
    assert result.state.game.position.moves == 0  # not a move


def test_unequal_ranks_with_move_errors_show_the_message() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4", move_errors=True), 23).state
    result = tap(state, "waste")
    assert result.state.message == MESSAGE_CARDS_MUST_MATCH
    assert result.state.selection == "waste"


def test_message_is_transient() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4", move_errors=True), 23).state
    state = tap(state, "waste").state
    assert tap(state, "waste").state.message is None


def test_a_tap_that_does_nothing_leaves_the_message_showing() -> None:
    """RULES.md: a covered card, an empty slot, an empty waste: nothing happens, selection
    unchanged, no message (the message showing stays: the tap is as if it were never made)."""
    state = tap(taps_of(TWO_NINES, "", "4", move_errors=True), 23).state
    state = tap(state, "waste").state
    assert state.message == MESSAGE_CARDS_MUST_MATCH and state.selection == "waste"
    for target in (20, 25):  # covered, empty slot
        result = tap(state, target)
        assert result.effect is Effect.NOTHING and result.state == state
    no_waste = tap(taps_of(TWO_NINES, "", "", move_errors=True), 23).state
    no_waste = replace(no_waste, message=MESSAGE_CARDS_MUST_MATCH)
    for target in ("waste", "stock"):  # an empty waste; an empty stock with nothing to recycle
        result = tap(no_waste, target)
        assert result.effect is Effect.NOTHING and result.state == no_waste


def test_covered_card_does_nothing() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), 23).state
    result = tap(state, 20)
    assert result.effect is Effect.NOTHING
    assert result.state.selection == 23


def test_empty_slot_does_nothing() -> None:
    result = tap(taps_of(TWO_NINES, "23", "4"), 25)
    assert result.effect is Effect.NOTHING and result.state.selection is None


def test_empty_waste_does_nothing() -> None:
    state = taps_of(TWO_NINES, "23", "")
    result = tap(tap(state, 23).state, "waste")
    assert result.effect is Effect.NOTHING and result.state.selection == 23


def test_stock_flips_and_keeps_a_heart_selection() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), 23).state
    result = tap(state, "stock")
    assert result.effect is Effect.FLIP and result.move == Move.flip()
    assert result.state.selection == 23
    assert result.state.game.position.moves == 1


def test_stock_flip_drops_a_waste_selection() -> None:
    state = tap(taps_of(TWO_NINES, "23", "4"), "waste").state
    result = tap(state, "stock")
    assert result.effect is Effect.FLIP and result.state.selection is None


def test_empty_stock_recycles_the_waste() -> None:
    state = tap(taps_of(TWO_NINES, "", "4239"), 24).state
    result = tap(state, "stock")
    assert result.effect is Effect.RECYCLE and result.move == Move.recycle()
    position = result.state.game.position
    assert [c.rank.letter for c in position.stock] == ["4", "2", "3", "9"]
    assert result.state.selection == 24


def test_undo_restart_and_dialogs_clear_selection_and_message() -> None:
    state = new_tap_state(new_game(EXAMPLE), TapSettings(move_errors=True))
    state = tap(state, "stock").state
    state = tap(tap(state, 25).state, "waste").state
    assert state.selection == "waste" and state.message == MESSAGE_CARDS_MUST_MATCH
    for cleared in (undo(state), restart(state), clear_selection(state)):
        assert cleared.selection is None and cleared.message is None


def test_seed_example_taps() -> None:
    state = new_tap_state(new_game(EXAMPLE))
    assert tap(state, 1).effect is Effect.NOTHING  # the covered 10♥ at position 1
    state = tap(state, 25).state  # the point, 4♥
    result = tap(state, "waste")  # the A♥
    assert result.effect is Effect.RESELECTED and result.state.selection == "waste"
    state = result.state
    for _ in range(9):
        state = tap(state, "stock").state
    assert state.selection is None
    state = tap(tap(state, 25).state, "waste").state
    assert state.game.position.moves == 10
    assert state.game.position.free_positions() == [23, 24]


def test_finished_game_ignores_taps() -> None:
    state = taps_of("." * 24 + "7", "7", "A")
    state = tap(state, "stock").state
    state = tap(tap(state, 25).state, "waste").state
    assert state.game.status is Status.WON
    assert tap(state, "stock").effect is Effect.NOTHING


def test_assist_circles_free_cards_with_partners_and_the_waste() -> None:
    state = taps_of("." * 19 + "KQ5" + "99" + ".", "5", "9")
    shown = assist(state)
    assert shown.circled == {23, 24, "waste"}
    assert shown.darkened == frozenset()


def test_assist_does_not_circle_without_a_partner_now() -> None:
    # the 5 at 22 is covered; the only other 5 is in the stock: no circle, never the stock
    state = taps_of("." * 19 + "KQ5" + "9" + "5" + ".", "5", "4")
    assert assist(state).circled == frozenset()


def test_assist_darkens_non_partners_of_the_selection() -> None:
    state = tap(taps_of("." * 19 + "KQ9" + "9" + "5" + ".", "5", "9"), 23).state
    shown = assist(state)
    # partners now: the waste 9; the 9 at 22 is covered, so it is darkened like the others
    assert shown.darkened == {20, 21, 22, 24}
    assert 23 not in shown.darkened and "waste" not in shown.darkened


def test_assist_off_shows_nothing() -> None:
    state = taps_of(TWO_NINES, "23", "9", layout_assist=False)
    state = tap(state, 23).state
    shown = assist(state)
    assert shown.circled == frozenset() and shown.darkened == frozenset()


def test_assist_with_waste_selected_darkens_unequal_heart_cards() -> None:
    state = tap(taps_of(TWO_NINES, "23", "9"), "waste").state
    assert assist(state).darkened == {20, 21, 22}


def test_settings_defaults_follow_the_seed() -> None:
    settings = TapSettings()
    assert settings.move_errors is False and settings.layout_assist is True
    assert replace(settings, move_errors=True).move_errors


def test_pair_from_the_game_api_matches_the_table() -> None:
    game = new_game(EXAMPLE)
    for _ in range(9):
        game = play(game, Move.flip())
    state = tap(tap(new_tap_state(game), "waste").state, 25)
    assert state.effect is Effect.PAIR
    assert state.state.game.position == play(game, Move.pair(25, WASTE)).position
