"""One test per tap rule of RULES.md ("Taps" and "Settings")."""

from dataclasses import replace

from hertta.solitaire.game import WASTE, Game, Move, Status, new_game, play
from hertta.solitaire.table import (
    MESSAGE_CARDS_MUST_MATCH,
    Effect,
    Table,
    TableSettings,
    assist,
    clear_selection,
    new_table,
    restart,
    tap,
    undo,
)

from .helpers import position_from

EXAMPLE = "HH1-N-AAAAAAM"


def table_of(heart: str, stock: str, waste: str, **settings: bool) -> Table:
    position = position_from(heart, stock, waste)
    return Table(Game(None, position, position), TableSettings(**settings))


# Positions 23 and 24 are free once the point is gone; 20-22 are covered by them.
TWO_NINES = "." * 19 + "KQ5" + "99" + "."


def test_tap_free_card_selects_it() -> None:
    result = tap(table_of(TWO_NINES, "23", "4"), 23)
    assert result.effect is Effect.SELECTED and result.table.selection == 23


def test_tap_waste_top_selects_it() -> None:
    result = tap(table_of(TWO_NINES, "23", "4"), "waste")
    assert result.effect is Effect.SELECTED and result.table.selection == "waste"


def test_tap_selected_card_deselects() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), 23).table
    result = tap(table, 23)
    assert result.effect is Effect.DESELECTED and result.table.selection is None


def test_equal_ranks_remove_a_heart_pair() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), 23).table
    result = tap(table, 24)
    assert result.effect is Effect.PAIR and result.move == Move.pair(23, 24)
    assert result.table.selection is None
    assert result.table.game.position.score == 20


def test_equal_ranks_remove_a_heart_card_and_the_waste_top() -> None:
    table = tap(table_of(TWO_NINES, "23", "9"), "waste").table
    result = tap(table, 24)
    assert result.effect is Effect.PAIR and result.move == Move.pair(24, WASTE)
    assert result.table.game.position.score == 10


def test_unequal_ranks_reselect_without_message_by_default() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), 23).table
    result = tap(table, "waste")
    assert result.effect is Effect.RESELECTED
    assert result.table.selection == "waste"
    assert result.table.message is None
    assert result.table.game.position.moves == 0  # not a move


def test_unequal_ranks_with_move_errors_show_the_message() -> None:
    table = tap(table_of(TWO_NINES, "23", "4", move_errors=True), 23).table
    result = tap(table, "waste")
    assert result.table.message == MESSAGE_CARDS_MUST_MATCH
    assert result.table.selection == "waste"


def test_message_is_transient() -> None:
    table = tap(table_of(TWO_NINES, "23", "4", move_errors=True), 23).table
    table = tap(table, "waste").table
    assert tap(table, "waste").table.message is None


def test_covered_card_does_nothing() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), 23).table
    result = tap(table, 20)
    assert result.effect is Effect.NOTHING
    assert result.table.selection == 23


def test_empty_slot_does_nothing() -> None:
    result = tap(table_of(TWO_NINES, "23", "4"), 25)
    assert result.effect is Effect.NOTHING and result.table.selection is None


def test_empty_waste_does_nothing() -> None:
    table = table_of(TWO_NINES, "23", "")
    result = tap(tap(table, 23).table, "waste")
    assert result.effect is Effect.NOTHING and result.table.selection == 23


def test_stock_flips_and_keeps_a_heart_selection() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), 23).table
    result = tap(table, "stock")
    assert result.effect is Effect.FLIP and result.move == Move.flip()
    assert result.table.selection == 23
    assert result.table.game.position.moves == 1


def test_stock_flip_drops_a_waste_selection() -> None:
    table = tap(table_of(TWO_NINES, "23", "4"), "waste").table
    result = tap(table, "stock")
    assert result.effect is Effect.FLIP and result.table.selection is None


def test_empty_stock_recycles_the_waste() -> None:
    table = tap(table_of(TWO_NINES, "", "4239"), 24).table
    result = tap(table, "stock")
    assert result.effect is Effect.RECYCLE and result.move == Move.recycle()
    position = result.table.game.position
    assert [c.rank.letter for c in position.stock] == ["4", "2", "3", "9"]
    assert result.table.selection == 24


def test_undo_restart_and_dialogs_clear_selection_and_message() -> None:
    table = new_table(new_game(EXAMPLE), TableSettings(move_errors=True))
    table = tap(table, "stock").table
    table = tap(tap(table, 25).table, "waste").table
    assert table.selection == "waste" and table.message == MESSAGE_CARDS_MUST_MATCH
    for cleared in (undo(table), restart(table), clear_selection(table)):
        assert cleared.selection is None and cleared.message is None


def test_seed_example_taps() -> None:
    table = new_table(new_game(EXAMPLE))
    assert tap(table, 1).effect is Effect.NOTHING  # the covered 10♥ at position 1
    table = tap(table, 25).table  # the point, 4♥
    result = tap(table, "waste")  # the A♥
    assert result.effect is Effect.RESELECTED and result.table.selection == "waste"
    table = result.table
    for _ in range(9):
        table = tap(table, "stock").table
    assert table.selection is None
    table = tap(tap(table, 25).table, "waste").table
    assert table.game.position.moves == 10
    assert table.game.position.free_positions() == [23, 24]


def test_finished_game_ignores_taps() -> None:
    table = table_of("." * 24 + "7", "7", "A")
    table = tap(table, "stock").table
    table = tap(tap(table, 25).table, "waste").table
    assert table.game.status is Status.WON
    assert tap(table, "stock").effect is Effect.NOTHING


def test_assist_circles_free_cards_with_partners_and_the_waste() -> None:
    table = table_of("." * 19 + "KQ5" + "99" + ".", "5", "9")
    shown = assist(table)
    assert shown.circled == {23, 24, "waste"}
    assert shown.darkened == frozenset()


def test_assist_does_not_circle_without_a_partner_now() -> None:
    # the 5 at 22 is covered; the only other 5 is in the stock: no circle, never the stock
    table = table_of("." * 19 + "KQ5" + "9" + "5" + ".", "5", "4")
    assert assist(table).circled == frozenset()


def test_assist_darkens_non_partners_of_the_selection() -> None:
    table = tap(table_of("." * 19 + "KQ9" + "9" + "5" + ".", "5", "9"), 23).table
    shown = assist(table)
    # partners now: the waste 9; the 9 at 22 is covered, so it is darkened like the others
    assert shown.darkened == {20, 21, 22, 24}
    assert 23 not in shown.darkened and "waste" not in shown.darkened


def test_assist_off_shows_nothing() -> None:
    table = table_of(TWO_NINES, "23", "9", layout_assist=False)
    table = tap(table, 23).table
    shown = assist(table)
    assert shown.circled == frozenset() and shown.darkened == frozenset()


def test_assist_with_waste_selected_darkens_unequal_heart_cards() -> None:
    table = tap(table_of(TWO_NINES, "23", "9"), "waste").table
    assert assist(table).darkened == {20, 21, 22}


def test_settings_defaults_follow_the_seed() -> None:
    settings = TableSettings()
    assert settings.move_errors is False and settings.layout_assist is True
    assert replace(settings, move_errors=True).move_errors


def test_pair_from_the_game_api_matches_the_table() -> None:
    game = new_game(EXAMPLE)
    for _ in range(9):
        game = play(game, Move.flip())
    table = tap(tap(new_table(game), "waste").table, 25)
    assert table.effect is Effect.PAIR
    assert table.table.game.position == play(game, Move.pair(25, WASTE)).position
