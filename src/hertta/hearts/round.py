"""One round of Hearts, immutable, with the one validated move path.

A :class:`RoundState` is fully described by the data of a round record: rules, player count,
dealer, pass direction, the hands as dealt, the passes, the cards played in order and the moon
choice. Every move, from a person, a bot or a replay, goes through :func:`submit_pass`,
:func:`play_card` or :func:`choose_moon`; each returns a new state or raises
:class:`HeartsMoveError` (an :class:`~hertta.errors.IllegalMoveError`) whose ``reason`` is a
machine-readable code from :data:`REASONS` and whose message names the card, the seat and why.

The play rules themselves live in :mod:`hertta.hearts.fast`; a state keeps a private
:class:`~hertta.hearts.fast.FastRound` that is never mutated once the state exists (moves clone
it), and :meth:`RoundState.to_fast` hands search code its own copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from hertta.cards import ALL_CARDS, Card, parse_card
from hertta.errors import ConfigError, quoted
from hertta.hearts.compiled import (
    SUIT_MASKS,
    CompiledRules,
    cancelled_flags,
    compile_rules,
    mask_cards,
)
from hertta.hearts.config import MOON_OPTIONS, RulesConfig
from hertta.hearts.deck import (
    PASS_COUNT,
    PassDirection,
    check_cards,
    check_players,
    deal,
    parse_pass_direction,
    pass_offset,
    shuffled_deck,
)
from hertta.hearts.fast import FastRound
from hertta.hearts.moves import REASONS as REASONS
from hertta.hearts.moves import HeartsMoveError as HeartsMoveError
from hertta.hearts.scoring import RoundScore


class Phase(StrEnum):
    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"
    ROUND_OVER = "round_over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick. ``seats[i]`` played ``cards[i]``; ``cancelled[i]`` marks cards that
    an identical card cancelled (Cancellation). ``winner`` is None when every card was cancelled
    and the trick carried over to the next trick's winner. ``points``: the points of this trick's
    own cards; ``taken_points``: what the winner took with it, counting ``carried_in`` (cards of
    earlier carried tricks) and ``kitty`` (the kitty, when it went with this trick)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    cancelled: tuple[bool, ...]
    winner: int | None
    points: int
    taken_points: int
    carried_in: tuple[Card, ...] = ()
    kitty: tuple[Card, ...] = ()


def _cards(indices: Iterable[int]) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in indices)


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round in progress or finished. Build one with :func:`round_from_hands` or
    :func:`deal_round`, then move with the functions of this module; never construct it
    directly. ``dealt``: hands as dealt (sorted, seat 0 first); ``kitty``: Cancellation's
    leftover cards; ``passes[s]``: the three cards seat ``s`` passed (``()`` when there is no
    pass, None while not chosen yet); ``plays``: every card played, in order."""

    rules: RulesConfig
    players: int
    dealer: int
    pass_direction: PassDirection
    dealt: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    passes: tuple[tuple[Card, ...] | None, ...]
    plays: tuple[Card, ...] = ()
    moon_choice: str | None = None
    tricks: tuple[Trick, ...] = field(default=(), compare=False)
    _engine: FastRound | None = field(default=None, compare=False, repr=False)

    @property
    def compiled(self) -> CompiledRules:
        return compile_rules(self.rules, self.players)

    @property
    def phase(self) -> Phase:
        engine = self._engine
        if engine is None:
            return Phase.PASSING
        if not engine.is_over:
            return Phase.PLAYING
        if (
            self.moon_choice is None
            and self.rules.moon_rule == "choose"
            and (engine.moon_shooter() is not None)
        ):
            return Phase.MOON_CHOICE
        return Phase.ROUND_OVER

    @property
    def pass_offset(self) -> int:
        return pass_offset(self.pass_direction, self.players)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat holds now (during passing: the dealt hand less a chosen pass)."""
        engine = self._engine
        if engine is None:
            return tuple(
                _without(hand, chosen or ())
                for hand, chosen in zip(self.dealt, self.passes, strict=True)
            )
        return tuple(_cards(engine.hand(seat)) for seat in range(self.players))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """What ``seat`` holds now (one seat of :attr:`hands`, cheaper)."""
        engine = self._engine
        if engine is None:
            return _without(self.dealt[seat], self.passes[seat] or ())
        return _cards(engine.hand(seat))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        engine = self._engine
        if engine is None:
            return tuple(
                len(h) - len(p or ()) for h, p in zip(self.dealt, self.passes, strict=True)
            )
        return tuple(
            engine.hands[s].bit_count() + engine.doubles[s].bit_count() for s in range(self.players)
        )

    def received(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` received in the exchange (empty before it and with no pass)."""
        if self._engine is None:
            return ()
        return self.passes[(seat - self.pass_offset) % self.players] or ()

    @property
    def turn(self) -> int | None:
        """The seat to play, or the shooter who must choose; None while passing or when over."""
        phase = self.phase
        if phase is Phase.PLAYING:
            return self._play_engine().turn
        if phase is Phase.MOON_CHOICE:
            return self.moon_shooter
        return None

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Every seat whose decision the round waits for (passing: all who have not passed)."""
        if self.phase is Phase.PASSING:
            return tuple(s for s, chosen in enumerate(self.passes) if chosen is None)
        turn = self.turn
        return () if turn is None else (turn,)

    @property
    def trick_leader(self) -> int | None:
        return None if self._engine is None else self._engine.leader

    @property
    def current_trick(self) -> tuple[Card, ...]:
        return () if self._engine is None else _cards(self._engine.trick)

    @property
    def current_trick_cancelled(self) -> tuple[bool, ...]:
        """Which cards of the current trick are cancelled so far (Cancellation)."""
        if self._engine is None or not self.rules.cancellation:
            return tuple(False for _ in self.current_trick)
        return tuple(cancelled_flags(self._engine.trick))

    @property
    def carried(self) -> tuple[Card, ...]:
        """Cards of all-cancelled tricks waiting on the table for the next trick's winner."""
        return () if self._engine is None else _cards(self._engine.carried)

    @property
    def hearts_broken(self) -> bool:
        return self._engine is not None and self._engine.hearts_broken

    @property
    def first_trick(self) -> bool:
        return self._engine is None or self._engine.first_trick

    @property
    def kitty_taker(self) -> int | None:
        if self._engine is None or self._engine.kitty_taker < 0:
            return None
        return self._engine.kitty_taker

    @property
    def points_taken(self) -> tuple[int, ...]:
        """Points of the cards each seat has taken so far (kitty included), no moon adjustment."""
        if self._engine is None:
            return (0,) * self.players
        return tuple(self._engine.points_taken())

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to move may play (empty unless the phase is playing)."""
        if self.phase is not Phase.PLAYING:
            return ()
        return _cards(mask_cards(self._play_engine().legal_mask()))

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon, once the round is over (None otherwise)."""
        engine = self._engine
        if engine is None or not engine.is_over:
            return None
        return engine.moon_shooter()

    @property
    def score(self) -> RoundScore | None:
        """The round's points once it is over (None before, and while a moon choice waits)."""
        if self.phase is not Phase.ROUND_OVER:
            return None
        return self._play_engine().score(self.moon_choice)

    def moon_outcomes(self) -> dict[str, tuple[int, ...]]:
        """During a moon choice: each option's points, so a player (or bot) can compare."""
        if self.phase is not Phase.MOON_CHOICE:
            return {}
        engine = self._play_engine()
        return {option: engine.score(option).points for option in MOON_OPTIONS}

    def to_fast(self) -> FastRound:
        """A private, mutable copy of the play position for search code (playing phase)."""
        return self._play_engine().clone()

    def _play_engine(self) -> FastRound:
        if self._engine is None:
            raise HeartsMoveError("the cards have not been passed yet", "wrong_phase", -1)
        return self._engine


def _without(hand: Sequence[Card], removed: Sequence[Card]) -> tuple[Card, ...]:
    left = Counter(hand)
    left.subtract(removed)
    return tuple(sorted(left.elements()))


def round_from_hands(
    rules: RulesConfig,
    players: int,
    dealer: int,
    pass_direction: PassDirection | str,
    hands: Sequence[Iterable[Card | str]],
) -> RoundState:
    """A round from explicit dealt hands (seat 0 first; cards or their notation, as
    :func:`play_card` takes them). The hands must together be the deck of ``rules`` for
    ``players`` less the kitty (Cancellation: the cards no hand holds); ConfigError (or
    NotationError for a card that is not one) says what is wrong."""
    check_players(rules, players)
    direction = parse_pass_direction(pass_direction)
    offset = pass_offset(direction, players)
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ConfigError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    dealt = tuple(tuple(sorted(_to_card(card) for card in hand)) for hand in hands)
    kitty = check_cards(rules, players, dealt)
    state = RoundState(
        rules=rules,
        players=players,
        dealer=dealer,
        pass_direction=direction,
        dealt=dealt,
        kitty=kitty,
        passes=(None,) * players if offset else ((),) * players,
    )
    return _start_play(state) if offset == 0 else state


def deal_round(
    rules: RulesConfig, players: int, dealer: int, pass_direction: PassDirection | str, seed: int
) -> RoundState:
    """A round dealt from ``seed`` (see :func:`hertta.hearts.deck.shuffled_deck`)."""
    hands, _kitty = deal(shuffled_deck(rules, players, seed), players, dealer)
    return round_from_hands(rules, players, dealer, pass_direction, hands)


def _start_play(state: RoundState) -> RoundState:
    """Exchange the passes (all chosen) and open the first trick."""
    compiled = state.compiled
    offset = state.pass_offset
    n = state.players
    hands: list[list[Card]] = [list(hand) for hand in state.dealt]
    for seat, chosen in enumerate(state.passes):
        for card in chosen or ():
            hands[seat].remove(card)
            hands[(seat + offset) % n].append(card)
    engine = FastRound.start(
        compiled,
        state.dealer,
        [[card.index for card in hand] for hand in hands],
        [card.index for card in state.kitty],
    )
    return replace(state, _engine=engine)


def submit_pass(state: RoundState, seat: int, cards: Iterable[Card | str]) -> RoundState:
    """Seat ``seat`` chooses the three cards it passes. Passing is simultaneous: the cards move
    only when every seat has chosen, so nobody sees what they receive before choosing."""
    _check_seat(state, seat)
    if state.phase is not Phase.PASSING:
        raise HeartsMoveError(
            f"seat {seat} cannot pass now: the round is {state.phase.value}", "wrong_phase", seat
        )
    if state.passes[seat] is not None:
        raise HeartsMoveError(f"seat {seat} has already passed", "already_passed", seat)
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise HeartsMoveError(
            f"seat {seat} passes a list of cards, not {quoted(cards, 40)}", "wrong_pass_count", seat
        )
    chosen = tuple(_to_card(c) for c in cards)
    names = " ".join(c.notation for c in chosen)
    if len(chosen) != PASS_COUNT:
        raise HeartsMoveError(
            f"seat {seat} must pass {PASS_COUNT} cards, not {len(chosen)} ({names or 'none'})",
            "wrong_pass_count",
            seat,
        )
    missing = Counter(chosen) - Counter(state.dealt[seat])
    if missing:
        card = next(iter(missing))
        held = state.dealt[seat].count(card)
        why = "not in hand" if not held else f"named {chosen.count(card)} times, held {held}"
        raise HeartsMoveError(
            f"seat {seat} cannot pass {card.notation} ({card.display}): {why}",
            "not_in_hand",
            seat,
            card,
        )
    passes = list(state.passes)
    passes[seat] = tuple(sorted(chosen))
    new = replace(state, passes=tuple(passes))
    return _start_play(new) if all(p is not None for p in passes) else new


def play_card(state: RoundState, seat: int, card: Card | str) -> RoundState:
    """Seat ``seat`` plays ``card``: the new state, or HeartsMoveError naming the reason."""
    _check_seat(state, seat)
    played = _to_card(card)
    if state.phase is not Phase.PLAYING:
        raise HeartsMoveError(
            f"seat {seat} cannot play {played.notation}: the round is {state.phase.value}",
            "wrong_phase",
            seat,
            played,
        )
    engine = state._play_engine()
    if seat != engine.turn:
        raise HeartsMoveError(
            f"seat {seat} cannot play {played.notation} ({played.display}): "
            f"it is seat {engine.turn}'s turn",
            "not_your_turn",
            seat,
            played,
        )
    bit = 1 << played.index
    if not engine.hands[seat] & bit:
        raise HeartsMoveError(
            f"seat {seat} cannot play {played.notation} ({played.display}): not in hand",
            "not_in_hand",
            seat,
            played,
        )
    if not engine.legal_mask() & bit:
        reason, why = _why_illegal(engine)
        raise HeartsMoveError(
            f"seat {seat} cannot play {played.notation} ({played.display}): {why}",
            reason,
            seat,
            played,
        )
    after = engine.clone()
    after.play(played.index)
    tricks = state.tricks
    if not after.trick:
        tricks = (*tricks, _completed_trick(state.compiled, engine, after, played))
    # The constructor, not dataclasses.replace: this is the hot path of replays and bots.
    return RoundState(
        state.rules,
        state.players,
        state.dealer,
        state.pass_direction,
        state.dealt,
        state.kitty,
        state.passes,
        (*state.plays, played),
        state.moon_choice,
        tricks,
        after,
    )


def choose_moon(state: RoundState, seat: int, option: str) -> RoundState:
    """The shooter picks ``"add"`` or ``"subtract"`` (only when the moon rule is ``choose``)."""
    if state.phase is not Phase.MOON_CHOICE:
        raise HeartsMoveError(
            f"seat {seat} cannot choose a moon option: the round is {state.phase.value}",
            "wrong_phase",
            seat,
        )
    if seat != state.moon_shooter:
        raise HeartsMoveError(
            f"seat {seat} cannot choose: seat {state.moon_shooter} shot the moon",
            "not_your_turn",
            seat,
        )
    if option not in MOON_OPTIONS:
        raise HeartsMoveError(
            f"seat {seat}: unknown moon option {option!r} (expected add or subtract)",
            "unknown_moon_option",
            seat,
        )
    return replace(state, moon_choice=option)


def _to_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def _check_seat(state: RoundState, seat: int) -> None:
    # bool is an int to Python: True would be seat 1.
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise HeartsMoveError(
            f"no seat {quoted(seat, 40)} at a {state.players}-player table", "not_your_turn", -1
        )


_SUIT_NAMES = ("clubs ♣", "diamonds ♦", "spades ♠", "hearts ♥")


def _why_illegal(engine: FastRound) -> tuple[str, str]:
    """Reason code and words for a card in hand that legal_mask() refuses."""
    if not engine.trick:
        if engine.opening >= 0:
            opening = ALL_CARDS[engine.opening]
            return (
                "must_lead_opening_club",
                f"the round opens with {opening.notation} ({opening.display})",
            )
        return "hearts_not_broken", "hearts are not broken (lead another suit)"
    suit = engine.trick[0] // 13
    if engine.hands[engine.turn] & SUIT_MASKS[suit]:
        return "must_follow_suit", f"must follow suit ({_SUIT_NAMES[suit]} was led)"
    return "no_points_first_trick", "no penalty cards on the first trick while holding others"


def _completed_trick(
    rules: CompiledRules, before: FastRound, after: FastRound, played: Card
) -> Trick:
    indices = [*before.trick, played.index]
    n = rules.players
    winner = None if after.last_winner < 0 else after.last_winner
    flags = cancelled_flags(indices) if rules.cancellation else [False] * len(indices)
    own = sum(rules.penalty[c] + rules.bonus[c] for c in indices)
    carried: list[int] = []
    kitty: list[int] = []
    if winner is not None:
        carried = before.carried
        if before.kitty_taker < 0 and after.kitty_taker >= 0:
            kitty = list(after.kitty)
    taken = own + sum(rules.penalty[c] + rules.bonus[c] for c in carried + kitty)
    return Trick(
        leader=before.leader,
        seats=tuple((before.leader + i) % n for i in range(len(indices))),
        cards=_cards(indices),
        cancelled=tuple(flags),
        winner=winner,
        points=own,
        taken_points=taken if winner is not None else 0,
        carried_in=_cards(carried),
        kitty=_cards(sorted(kitty)),
    )
