"""What one seat alone knows of a round, and that seat's :class:`Observation` built from it.

:func:`~hertta.hearts.observation.observe` needs the full :class:`RoundState`, every hand
included. A network client, a replay of one seat's log, another engine (OpenSpiel, a bridge)
or a test knows only what one seat knows: the rules, its dealt hand, the pass, its own three
cards out and three in, every card played with its seat, the match totals and, when this seat
has seen it, the kitty. :class:`SeatKnowledge` holds exactly that and
:func:`observe_knowledge` turns it into the same :class:`Observation` that ``observe()`` gives,
with no placeholder cards and no guessed deal: the public history is replayed through the one
set of play rules (:class:`~hertta.hearts.fast.FastRound`), with every other seat holding only
the cards it is known to hold (the cards it plays, and the cards this seat passed to it).

Facts that are public at a table but are not in the seat's own cards:

- ``dealer`` (optional): it matters only for Cancellation's opening lead, where two copies of
  the lowest club go to the first holder clockwise from the dealer's left. When it is not given,
  the observation reports the seat to the right of the opening leader (the one dealer under
  which that lead needs no tie-break), or, before the opening leader is known (passing), the
  seat to this seat's right.
- ``opening_leader`` (optional): who leads the first trick. After the first card it is that
  card's seat; before it, the seat can often work it out (it holds the opening club, or passed
  it); otherwise it must be given (everyone at a table sees who leads).
- ``passes_chosen`` (optional, passing only): which seats have chosen their pass; without it
  only this seat's own choice is known and the others count as not chosen yet.

What is checked (:class:`SeatKnowledgeError`, messages quote the input): sizes, cards that are
not in the deck or too many copies of one, a seat out of range, plays out of turn, this seat
playing a card it does not hold or may not play, and plays no hand could have made (another
seat not following suit while it is known to hold that suit, a wrong opening card, a card held
twice in a one-deck game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from hertta.cards import ALL_CARDS, Card
from hertta.hearts.compiled import cancelled_flags, compile_rules, mask_cards
from hertta.hearts.config import MOON_OPTIONS, RulesConfig
from hertta.hearts.deck import (
    PASS_COUNT,
    PassDirection,
    check_players,
    deck_for,
    hand_size,
    kitty_size,
    parse_pass_direction,
    pass_offset,
)
from hertta.hearts.fast import FastRound
from hertta.hearts.observation import Observation, TrickView, sees_kitty
from hertta.hearts.round import Phase, RoundState
from hertta.hearts.scoring import find_shooter, score_round
from hertta.hearts.seat_checks import (
    SeatKnowledgeError,
    card_names,
    cards_without,
    check_copies,
    check_seat,
    checked_plays,
    checked_totals,
    known_hands,
    opening_lead,
    pass_ends,
    sorted_cards,
    why_impossible,
)

__all__ = ["SeatKnowledge", "SeatKnowledgeError", "knowledge_of", "observe_knowledge"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatKnowledge:
    """Everything ``seat`` knows of the round (see the module docstring for the optional
    fields). ``dealt_hand``: the cards it was dealt; ``passed``/``received``: its three cards
    out and in (``()`` before the exchange, and with no pass; ``passed`` may be set while the
    others still choose); ``plays``: every card played so far, in order, with its seat;
    ``match_totals``: the totals before this round (``()`` for all zero); ``kitty``: the
    kitty's cards once this seat has seen them (it took them, or the round is over: then they
    are the cards nobody played and may be left out); ``moon_choice``: the shooter's pick under
    the ``choose`` rule. Card lists are kept sorted; construction checks shapes and the deck."""

    rules: RulesConfig
    players: int
    seat: int
    dealer: int | None = None
    dealt_hand: tuple[Card, ...]
    pass_direction: PassDirection
    passed: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    plays: tuple[tuple[int, Card], ...] = ()
    match_totals: tuple[int, ...] = ()
    opening_leader: int | None = None
    passes_chosen: tuple[bool, ...] | None = None
    kitty: tuple[Card, ...] | None = None
    moon_choice: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RulesConfig):
            raise SeatKnowledgeError(f"rules must be a RulesConfig, got {self.rules!r}")
        check_players(self.rules, self.players)
        n = self.players
        check_seat(self.seat, n, "seat")
        for name in ("dealer", "opening_leader"):
            value = getattr(self, name)
            if value is not None:
                check_seat(value, n, name)
        direction = parse_pass_direction(self.pass_direction)
        offset = pass_offset(direction, n)
        object.__setattr__(self, "pass_direction", direction)
        deck = Counter(deck_for(self.rules, n))
        size = hand_size(self.rules, n)
        dealt = sorted_cards(self.dealt_hand, "dealt_hand", deck)
        if len(dealt) != size:
            raise SeatKnowledgeError(
                f"dealt_hand has {len(dealt)} cards, expected {size}: {card_names(dealt)}"
            )
        check_copies(Counter(dealt), deck, "dealt_hand")
        passed = sorted_cards(self.passed, "passed", deck)
        received = sorted_cards(self.received, "received", deck)
        for name, cards in (("passed", passed), ("received", received)):
            if len(cards) not in (0, PASS_COUNT):
                raise SeatKnowledgeError(
                    f"{name} must be {PASS_COUNT} cards or none, got {card_names(cards)}"
                )
            if offset == 0 and cards:
                raise SeatKnowledgeError(
                    f"there is no pass this round, but {name} is {card_names(cards)}"
                )
        if Counter(passed) - Counter(dealt):
            raise SeatKnowledgeError(
                f"passed {card_names(passed)} is not part of dealt_hand {card_names(dealt)}"
            )
        if received and not passed:
            raise SeatKnowledgeError(f"received {card_names(received)} but passed nothing")
        check_copies(Counter(dealt) + Counter(received), deck, "dealt_hand and received")
        object.__setattr__(self, "dealt_hand", dealt)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "received", received)
        object.__setattr__(self, "plays", checked_plays(self.plays, n, size, deck))
        if self.plays and offset and not received:
            raise SeatKnowledgeError("cards are played only after the exchange: received is empty")
        object.__setattr__(self, "match_totals", checked_totals(self.match_totals, n))
        if self.passes_chosen is not None:
            raw: object = self.passes_chosen
            chosen = tuple(raw) if isinstance(raw, Sequence) and not isinstance(raw, str) else ()
            if len(chosen) != n or not all(isinstance(c, bool) for c in chosen):
                raise SeatKnowledgeError(
                    f"passes_chosen must be {n} true/false values, got {self.passes_chosen!r}"
                )
            object.__setattr__(self, "passes_chosen", chosen)
        if self.kitty is not None:
            kitty = sorted_cards(self.kitty, "kitty", deck)
            if len(kitty) != kitty_size(self.rules, n):
                raise SeatKnowledgeError(
                    f"the kitty has {kitty_size(self.rules, n)} cards, got {card_names(kitty)}"
                )
            object.__setattr__(self, "kitty", kitty)
        if self.moon_choice is not None and self.moon_choice not in MOON_OPTIONS:
            raise SeatKnowledgeError(
                f"moon_choice must be add or subtract, got {self.moon_choice!r}"
            )

    @property
    def pass_offset(self) -> int:
        return pass_offset(self.pass_direction, self.players)


# --- the observation ----------------------------------------------------------------------


def observe_knowledge(knowledge: SeatKnowledge) -> Observation:
    """The seat's :class:`Observation`, equal to ``observe()`` on any full round state the
    knowledge is true of; SeatKnowledgeError when no real round fits it."""
    k = knowledge
    if k.pass_offset and not k.received:
        return _passing_view(k)
    return _play_view(k)


def _passing_view(k: SeatKnowledge) -> Observation:
    n = k.players
    chosen = k.passes_chosen
    if chosen is None:
        chosen = tuple(s == k.seat and bool(k.passed) for s in range(n))
    elif chosen[k.seat] != bool(k.passed):
        raise SeatKnowledgeError(
            f"passes_chosen says seat {k.seat} has{'' if chosen[k.seat] else ' not'} chosen, "
            f"but passed is {card_names(k.passed)}"
        )
    if k.kitty is not None:
        raise SeatKnowledgeError(f"nobody has seen the kitty while passing: {card_names(k.kitty)}")
    if k.moon_choice is not None:
        raise SeatKnowledgeError(f"moon_choice {k.moon_choice!r} before any card is played")
    size = hand_size(k.rules, n)
    pass_to, pass_from = pass_ends(k)
    return Observation(
        seat=k.seat,
        players=n,
        rules=k.rules,
        dealer=k.dealer if k.dealer is not None else (k.seat - 1) % n,
        phase=Phase.PASSING,
        hand=cards_without(k.dealt_hand, k.passed),
        hand_sizes=tuple(size - PASS_COUNT if c else size for c in chosen),
        pass_direction=k.pass_direction,
        pass_to=pass_to,
        pass_from=pass_from,
        passed=k.passed,
        received=(),
        passes_chosen=chosen,
        trick_leader=None,
        trick_cards=(),
        trick_cancelled=(),
        carried=(),
        tricks=(),
        hearts_broken=False,
        first_trick=True,
        points_taken=(0,) * n,
        match_totals=k.match_totals,
        turn=None,
        legal_plays=(),
        kitty_size=kitty_size(k.rules, n),
        kitty_taker=None,
        kitty=(),
        moon_shooter=None,
        moon_options=(),
        round_points=None,
    )


@dataclass(frozen=True, slots=True)
class _Replay:
    """The public history replayed: the engine after the last play (this seat's hand is
    exact, the others' only what they are known to hold) and the tricks as everyone saw them
    (kitty cards not filled in yet)."""

    engine: FastRound
    tricks: tuple[TrickView, ...]
    kitty_taker: int | None


def _replay(
    k: SeatKnowledge, known: list[Counter[Card]], dealer: int, leader: int, opening: int
) -> _Replay:
    compiled = compile_rules(k.rules, k.players)
    n = k.players
    # Another seat holds here only the cards it is known to hold, a part of its real hand.
    # Every rule that allows a card from a hand allows it from any part of that hand which
    # holds the card, so a refusal proves the play impossible, never merely unlikely.
    engine = FastRound.restore(
        compiled,
        dealer=dealer,
        hands=[[c.index for c in sorted(hand.elements())] for hand in known],
        leader=leader,
        trick=[],
        hearts_broken=False,
        first_trick=True,
        opening=opening,
        tricks_left=compiled.hand_size,
        penalty=[0] * n,
        bonus=[0] * n,
    )
    has_kitty = kitty_size(k.rules, n) > 0
    taker: int | None = None
    tricks: list[TrickView] = []
    for number, (seat, card) in enumerate(k.plays, 1):
        if seat != engine.turn:
            raise SeatKnowledgeError(
                f"play {number}: seat {seat} plays {card.notation}, but it is seat "
                f"{engine.turn}'s turn"
            )
        bit = 1 << card.index
        if not engine.hands[seat] & bit:
            raise SeatKnowledgeError(
                f"play {number}: seat {seat} plays {card.notation}, which it does not hold"
            )
        if not engine.legal_mask() & bit:
            raise SeatKnowledgeError(
                f"play {number}: seat {seat} cannot play {card.notation}: "
                + why_impossible(engine, seat, k.seat)
            )
        before_leader = engine.leader
        before_trick = [*engine.trick, card.index]
        before_carried = engine.carried[:]
        engine.play(card.index)
        if engine.trick:
            continue
        winner = None if engine.last_winner < 0 else engine.last_winner
        took_kitty = has_kitty and taker is None and winner is not None
        if took_kitty:
            taker = winner
        tricks.append(
            TrickView(
                leader=before_leader,
                seats=tuple((before_leader + i) % n for i in range(len(before_trick))),
                cards=tuple(ALL_CARDS[c] for c in before_trick),
                cancelled=tuple(
                    cancelled_flags(before_trick)
                    if compiled.cancellation
                    else [False] * len(before_trick)
                ),
                winner=winner,
                points=sum(compiled.penalty[c] + compiled.bonus[c] for c in before_trick),
                carried_in=tuple(ALL_CARDS[c] for c in before_carried)
                if winner is not None
                else (),
                took_kitty=took_kitty,
                kitty=(),
            )
        )
    return _Replay(engine, tuple(tricks), taker)


def _play_view(k: SeatKnowledge) -> Observation:
    n = k.players
    if k.passes_chosen is not None and not all(k.passes_chosen):
        raise SeatKnowledgeError(
            f"every seat has passed once cards are exchanged, but passes_chosen is "
            f"{list(k.passes_chosen)}"
        )
    known = known_hands(k)
    leader, opening = opening_lead(k, known)
    dealer = k.dealer if k.dealer is not None else (leader - 1) % n
    replay = _replay(k, known, dealer, leader, opening)
    engine = replay.engine
    compiled = engine.rules
    over = engine.is_over
    taker = replay.kitty_taker
    kitty = k.kitty
    if over:
        left = Counter(deck_for(k.rules, n))
        left.subtract(card for _, card in k.plays)
        unplayed = tuple(sorted(left.elements()))
        if kitty is not None and kitty != unplayed:
            raise SeatKnowledgeError(
                f"the kitty is the {len(unplayed)} cards nobody played ({card_names(unplayed)}), "
                f"not {card_names(kitty)}"
            )
        kitty = unplayed
    elif kitty is not None and taker != k.seat:
        raise SeatKnowledgeError(
            f"seat {k.seat} cannot have seen the kitty {card_names(kitty)}: "
            + ("nobody has taken it yet" if taker is None else f"seat {taker} took it face down")
        )
    elif kitty is None and taker == k.seat:
        raise SeatKnowledgeError(
            f"seat {k.seat} took the kitty and has seen it: give its {kitty_size(k.rules, n)} cards"
        )
    seen_kitty = kitty or ()
    penalty = engine.penalty[:]
    bonus = engine.bonus[:]
    if taker is not None:
        penalty[taker] += sum(compiled.penalty[c.index] for c in seen_kitty)
        bonus[taker] += sum(compiled.bonus[c.index] for c in seen_kitty)
    tricks = tuple(
        TrickView(
            leader=t.leader,
            seats=t.seats,
            cards=t.cards,
            cancelled=t.cancelled,
            winner=t.winner,
            points=t.points,
            carried_in=t.carried_in,
            took_kitty=t.took_kitty,
            kitty=seen_kitty if t.took_kitty else (),
        )
        for t in replay.tricks
    )
    phase = Phase.PLAYING
    shooter = find_shooter(compiled, penalty, bonus) if over else None
    if over:
        phase = Phase.ROUND_OVER
        if shooter is not None and k.rules.moon_rule == "choose" and k.moon_choice is None:
            phase = Phase.MOON_CHOICE
    if k.moon_choice is not None and (shooter is None or k.rules.moon_rule != "choose"):
        raise SeatKnowledgeError(
            f"moon_choice {k.moon_choice!r}, but there is no moon to choose for "
            + ("(the round is not over)" if not over else f"(moon rule {k.rules.moon_rule})")
        )
    turn: int | None = None
    if phase is Phase.PLAYING:
        turn = engine.turn
    elif phase is Phase.MOON_CHOICE:
        turn = shooter
    options: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if phase is Phase.MOON_CHOICE and shooter == k.seat:
        options = tuple(
            (option, score_round(compiled, penalty, bonus, option).points)
            for option in MOON_OPTIONS
        )
    played_by = Counter(seat for seat, _ in k.plays)
    size = compiled.hand_size
    pass_to, pass_from = pass_ends(k)
    return Observation(
        seat=k.seat,
        players=n,
        rules=k.rules,
        dealer=dealer,
        phase=phase,
        hand=tuple(ALL_CARDS[c] for c in engine.hand(k.seat)),
        hand_sizes=tuple(size - played_by[s] for s in range(n)),
        pass_direction=k.pass_direction,
        pass_to=pass_to,
        pass_from=pass_from,
        passed=k.passed,
        received=k.received,
        passes_chosen=(True,) * n,
        trick_leader=engine.leader,
        trick_cards=tuple(ALL_CARDS[c] for c in engine.trick),
        trick_cancelled=tuple(
            cancelled_flags(engine.trick) if compiled.cancellation else [False] * len(engine.trick)
        ),
        carried=tuple(ALL_CARDS[c] for c in engine.carried),
        tricks=tricks,
        hearts_broken=engine.hearts_broken,
        first_trick=engine.first_trick,
        points_taken=tuple(p + b for p, b in zip(penalty, bonus, strict=True)),
        match_totals=k.match_totals,
        turn=turn,
        legal_plays=(
            tuple(ALL_CARDS[c] for c in mask_cards(engine.legal_mask()))
            if turn == k.seat and phase is Phase.PLAYING
            else ()
        ),
        kitty_size=kitty_size(k.rules, n),
        kitty_taker=taker,
        kitty=seen_kitty,
        moon_shooter=shooter,
        moon_options=options,
        round_points=(
            score_round(compiled, penalty, bonus, k.moon_choice).points
            if phase is Phase.ROUND_OVER
            else None
        ),
    )


# --- from a full state (tests, tools) -------------------------------------------------------


def knowledge_of(
    state: RoundState, seat: int, totals: Sequence[int] | None = None
) -> SeatKnowledge:
    """What ``seat`` knows of ``state`` (``totals``: the match totals before this round).
    The dealer, the opening leader and, while passing, who has chosen are filled in: they are
    public at the table. The kitty is included once this seat has seen it."""
    n = state.players
    plays: list[tuple[int, Card]] = []
    for trick in state.tricks:
        plays.extend(zip(trick.seats, trick.cards, strict=True))
    leader = state.trick_leader
    if leader is not None:
        plays.extend(((leader + i) % n, c) for i, c in enumerate(state.current_trick))
    phase = state.phase
    opening: int | None = None
    if plays:
        opening = plays[0][0]
    elif phase is Phase.PLAYING:
        opening = state.turn
    return SeatKnowledge(
        rules=state.rules,
        players=n,
        seat=seat,
        dealer=state.dealer,
        dealt_hand=state.dealt[seat],
        pass_direction=state.pass_direction,
        passed=state.passes[seat] or (),
        received=state.received(seat),
        plays=tuple(plays),
        match_totals=tuple(totals) if totals is not None else (),
        opening_leader=opening,
        passes_chosen=(
            tuple(p is not None for p in state.passes) if phase is Phase.PASSING else None
        ),
        kitty=state.kitty if sees_kitty(state, seat) and state.kitty else None,
        moon_choice=state.moon_choice,
    )
