"""Match codes and matches: reproducible deals, pass cycle, dealer rotation, the end."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import ALL_CARDS, parse_card
from hertta.errors import DealCodeError, IllegalMoveError
from hertta.hearts.codes import (
    MATCH_COUNT,
    SECRET_MATCH_COUNT,
    MatchCode,
    format_match_code,
    normalize_match_code,
    parse_match_code,
    random_match_code,
)
from hertta.hearts.config import OPTION_NAMES, PRESET_NAMES, preset, with_options
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.match import (
    MatchState,
    deal_match_round,
    finish_round,
    new_match,
    tied_highest,
    tied_lowest,
    with_round,
)
from hertta.hearts.round import Phase, choose_moon, play_card, round_from_hands, submit_pass
from hertta.rng import SplitMix64, derive_seed
from tests.hearts.helpers import random_passes


def test_format_and_parse() -> None:
    code = MatchCode(preset("standard"), 4, 12)
    assert format_match_code(code) == "HM1-S4-AAAAAAM"
    assert parse_match_code("HM1-S4-AAAAAAM") == code
    assert parse_match_code("  hm1-s4-aaaaaam ") == code
    assert parse_match_code("\u00a0HM1-S4-AAAAAAM\u3000") == code  # pasted from a page
    assert str(code) == "HM1-S4-AAAAAAM"
    for lookalike in ("HM1-S4-AAAAAAı", "hm1-s٤-aaaaaam"):  # upper() / \d would accept them
        with pytest.raises(DealCodeError, match="not a match code"):
            parse_match_code(lookalike)


def test_options_are_written_in_canonical_order() -> None:
    rules = with_options(
        preset("omnibus"),
        moon_rule="choose",
        score_limit=150,
        bonus_card=parse_card("JD"),
        queen_breaks_hearts=True,
    )
    code = MatchCode(rules, 5, MATCH_COUNT - 1)
    text = format_match_code(code)
    assert text == "HM1-O5-ZZZZZZZ-BCJD-MRC-SL150-QB1"
    assert parse_match_code("hm1-o5-zzzzzzz-qb1-sl150-mrc-bcjd") == code
    assert normalize_match_code("hm1-o5-zzzzzzz-qb1-sl150-mrc-bcjd") == text


def test_every_option_round_trips() -> None:
    rules = with_options(
        preset("cancellation"),
        heart_points=2,
        queen_points=0,
        ace_of_spades_points=7,
        bonus_card=parse_card("TD"),
        bonus_points=-5,
        moon_needs_bonus=True,
        moon_rule="subtract",
        score_limit=1,
        queen_breaks_hearts=True,
    )
    text = format_match_code(MatchCode(rules, 6, 0))
    assert text == "HM1-C6-AAAAAAA-HP2-QP0-AP7-BCTD-BP5-MB1-MRS-SL1-QB1"
    assert parse_match_code(text).rules == rules
    assert len(OPTION_NAMES) == 10


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(PRESET_NAMES),
    number=st.integers(0, MATCH_COUNT - 1),
    moon=st.sampled_from(["add", "subtract", "choose"]),
    limit=st.integers(1, 999),
    breaks=st.booleans(),
    data=st.data(),
)
def test_round_trip(
    name: str, number: int, moon: str, limit: int, breaks: bool, data: st.DataObject
) -> None:
    rules = with_options(
        preset(name), moon_rule=moon, score_limit=limit, queen_breaks_hearts=breaks
    )
    players = data.draw(st.sampled_from(rules.player_counts))
    code = MatchCode(rules, players, number)
    assert parse_match_code(format_match_code(code)) == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        "HM1",
        "HM1-S4-AAAAAA",
        "HM1-S7-AAAAAAA",
        "HM1-X4-AAAAAAA",
        "HM2-S4-AAAAAAA",
        "HM1-S4-AAAAAAAAAAAAAA",
        "HM3-S4-AAAAAAA",
        "HM2-S4-AAAAAAAAAAAAA",
        "HM1-S4-AAAAAA1",
        "HM1-S4-AAAAAAA-",
        "HM1-S4-AAAAAAA-ZZ1",
        "HM1-S4-AAAAAAA-MRX",
        "HM1-S4-AAAAAAA-SL0",
        "HM1-S4-AAAAAAA-SL007",
        "HM1-S4-AAAAAAA-MRC-MRA",
        "HM1-C4-AAAAAAA",
        "HM1-S4-AAAAAAA-BCQS",
        "HM1-S4-AAAAAAA-QB2",
        "HM1-S3-AAAAAAA-BC2C",  # a bonus card the deck of 3 leaves out: nobody could take it
        "HM1-S6-AAAAAAA-BC3C",
        "HM1-S4-AAAAAAA-BC TD",  # white space inside a code, which only its ends may have
        "HM1-S4-AAAAAAA-BC\tTD",
        "HM1-S4-AAAAAAA-BC10D",  # a card as the code writes it, two letters
    ],
)
def test_malformed_codes_are_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(DealCodeError) as caught:
        parse_match_code(text)
    assert repr(text) in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(number=st.integers(0, SECRET_MATCH_COUNT - 1))
def test_format_2_round_trips(number: int) -> None:
    code = MatchCode(preset("standard"), 4, number, 2)
    text = format_match_code(code)
    assert text.startswith("HM2-S4-") and len(text.split("-")[2]) == 14
    assert parse_match_code(text.lower()) == code


def test_format_2_deals_by_its_own_recipe() -> None:
    """docs/hearts-match-codes.md: every bit of the 14-letter number goes into the seed."""
    number = SECRET_MATCH_COUNT - 1
    code = parse_match_code("HM2-S4-ZZZZZZZZZZZZZZ")
    assert code == MatchCode(preset("standard"), 4, number, 2)
    mask = (1 << 64) - 1
    order = SplitMix64(derive_seed(0x484D32, number & mask, number >> 64, 1)).shuffle(
        list(ALL_CARDS))
    expected = [sorted(order[i] for i in range(52) if (1 + 1 + i) % 4 == seat)
                for seat in range(4)]
    assert [list(hand) for hand in deal_match_round(code, 1).dealt] == expected
    # Numbers that differ only above the low 64 bits deal differently.
    other = MatchCode(preset("standard"), 4, number - (1 << 64), 2)
    assert deal_match_round(other, 0).dealt != deal_match_round(code, 0).dealt


def test_a_code_always_deals_the_same_rounds() -> None:
    code = parse_match_code("HM1-S4-AAAAAAM")
    first = deal_match_round(code, 0)
    assert first.dealt == deal_match_round(code, 0).dealt
    assert first.dealt != deal_match_round(code, 1).dealt
    # Pinned: format 1's deals never change.
    assert [c.notation for c in first.dealt[0]] == PINNED_SEAT_0
    assert parse_card("2C") in first.dealt[PINNED_TWO_OF_CLUBS_SEAT]


PINNED_SEAT_0 = ["2C", "6C", "7C", "9C", "5D", "9D", "TD", "QD", "2H", "4H", "7H", "9H", "KH"]
PINNED_TWO_OF_CLUBS_SEAT = 0


def test_the_deal_follows_the_documented_recipe() -> None:
    """docs/hearts-match-codes.md, restated with the rng primitives only."""
    order = SplitMix64(derive_seed(0x484D31, 12, 3)).shuffle(list(ALL_CARDS))
    dealer = 3 % 4
    expected = [
        sorted(order[i] for i in range(52) if (dealer + 1 + i) % 4 == seat) for seat in range(4)
    ]
    state = deal_match_round(parse_match_code("HM1-S4-AAAAAAM"), 3)
    assert [list(hand) for hand in state.dealt] == expected


def test_dealer_rotates_and_the_pass_cycles() -> None:
    for players in (3, 4, 5, 6):
        rules = preset("cancellation") if players >= 5 else preset("standard")
        code = MatchCode(rules, players, 77)
        cycle = PASS_CYCLES[players]
        for k in range(2 * len(cycle) + 1):
            state = deal_match_round(code, k)
            assert state.dealer == k % players
            assert state.pass_direction is cycle[k % len(cycle)]


def play_round_randomly(match: MatchState, rng: SplitMix64) -> MatchState:
    state = random_passes(match.round, rng)
    while state.phase is Phase.PLAYING:
        state = play_card(state, state.turn or 0, rng.choice(state.legal_plays))
    if state.phase is Phase.MOON_CHOICE:
        state = choose_moon(state, state.turn or 0, "subtract")
    return with_round(match, state)


@pytest.mark.parametrize("text", ["HM1-S4-AAAAAAB-SL60", "HM1-O3-AAAAAAC-SL40", "HM1-C5-AAAAAAD"])
def test_a_match_runs_to_the_limit(text: str) -> None:
    rng = SplitMix64(3)
    match = new_match(text)
    totals = [0] * match.players
    rounds = 0
    while not match.over:
        assert match.round_index == rounds
        with pytest.raises(IllegalMoveError, match="not over"):
            finish_round(match)
        match = finish_round(play_round_randomly(match, rng))
        score = match.results[-1]
        totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        assert list(match.totals) == totals
        rounds += 1
        assert match.over == (max(totals) >= match.rules.score_limit)
    assert max(match.totals) >= match.rules.score_limit
    assert match.winners == tied_lowest(match.totals)
    assert match.losers == tied_highest(match.totals)
    with pytest.raises(IllegalMoveError, match="over"):
        finish_round(match)


def test_ties_win_and_lose_together_and_totals_may_be_negative() -> None:
    assert tied_lowest((-10, 5, -10, 100)) == (0, 2)
    assert tied_highest((100, 5, -10, 100)) == (0, 3)
    assert tied_lowest((3, 3, 3)) == (0, 1, 2)


def test_with_round_refuses_another_deal() -> None:
    match = new_match("HM1-S4-AAAAAAM")
    other = deal_match_round(parse_match_code("HM1-S4-AAAAAAN"), 0)
    with pytest.raises(IllegalMoveError, match="not round 1"):
        with_round(match, other)


def test_with_round_refuses_a_skipped_pass_and_a_rewind() -> None:
    # Only the deal was compared: the same hands with no pass (round 1 passes left), or an
    # earlier state of the round, were taken as "later states" of it.
    match = new_match("HM1-S4-AAAAAAM")
    first = match.round
    no_pass = round_from_hands(first.rules, 4, first.dealer, "none", first.dealt)
    with pytest.raises(IllegalMoveError, match="not round 1"):
        with_round(match, no_pass)
    rng = SplitMix64(8)
    passed = random_passes(first, rng)
    later = play_card(passed, passed.turn or 0, passed.legal_plays[0])
    moved = with_round(match, later)
    assert moved.round == later
    with pytest.raises(IllegalMoveError, match="not a later state"):
        with_round(moved, passed)  # back before the first card
    with pytest.raises(IllegalMoveError, match="not a later state"):
        with_round(moved, random_passes(first, SplitMix64(9)))  # other passes, another branch


def test_a_seat_must_be_a_seat_number() -> None:
    state = random_passes(new_match("HM1-S4-AAAAAAM").round, SplitMix64(8))
    for seat in (True, 1.0, "1", None, 4, -1):
        with pytest.raises(IllegalMoveError, match=f"no seat {seat!r} at a 4-player table"):
            play_card(state, seat, state.legal_plays[0])  # type: ignore[arg-type]
    fresh = new_match("HM1-S4-AAAAAAM").round
    with pytest.raises(IllegalMoveError, match="no seat True"):
        submit_pass(fresh, True, fresh.hands[1][:3])
    with pytest.raises(IllegalMoveError, match="passes a list of cards, not None"):
        submit_pass(fresh, 0, None)  # type: ignore[arg-type]


def test_random_match_codes_use_the_injected_rng() -> None:
    one = random_match_code(preset("standard"), 4, SplitMix64(5))
    assert one == random_match_code(preset("standard"), 4, SplitMix64(5))
    assert 0 <= one.number < MATCH_COUNT
