"""One seat's view of a round: everything that plays (UI, bots, a network client) sees only this.

An :class:`Observation` holds the seat's own hand, the public history (every trick, who led,
who played what, who won, the points), the cards this seat passed and received, the scores and,
when it is this seat's turn, its legal plays. It never holds another seat's hand, another
seat's pass or a face-down kitty.

The kitty (Cancellation) goes face down with the first trick's cards to whoever finally takes
them: everyone learns who took it and how many cards it has, only the taker sees its cards
(and counts its points in ``points_taken``); once every card is played (a moon choice, the
round over) it is shown to everyone, because it is the cards nobody played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hertta.cards import Card, Suit
from hertta.errors import ConfigError
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import RulesConfig, rules_to_json
from hertta.hearts.deck import PassDirection, deck_for
from hertta.hearts.fast import FastRound
from hertta.hearts.round import Phase, RoundState


@dataclass(frozen=True, slots=True)
class TrickView:
    """A completed trick as everyone saw it. ``kitty`` is empty unless the viewer may see it;
    ``took_kitty`` is public."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    cancelled: tuple[bool, ...]
    winner: int | None
    points: int
    carried_in: tuple[Card, ...]
    took_kitty: bool
    kitty: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``seat`` knows. Seats are numbered clockwise; ``pass_to``/``pass_from`` are None
    when there is no pass. ``passes_chosen[s]``: seat s has chosen its pass (not which cards).
    ``points_taken``: points of the cards each seat took this round as this seat can see them.
    ``legal_plays`` is empty unless this seat is to play. ``moon_options`` lists each moon
    option's points, only for the shooter while the choice waits. ``round_points``: the final
    points once the round is over."""

    seat: int
    players: int
    rules: RulesConfig
    dealer: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pass_direction: PassDirection
    pass_to: int | None
    pass_from: int | None
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    passes_chosen: tuple[bool, ...]
    trick_leader: int | None
    trick_cards: tuple[Card, ...]
    trick_cancelled: tuple[bool, ...]
    carried: tuple[Card, ...]
    tricks: tuple[TrickView, ...]
    hearts_broken: bool
    first_trick: bool
    points_taken: tuple[int, ...]
    match_totals: tuple[int, ...]
    turn: int | None
    legal_plays: tuple[Card, ...]
    kitty_size: int
    kitty_taker: int | None
    kitty: tuple[Card, ...]
    moon_shooter: int | None
    moon_options: tuple[tuple[str, tuple[int, ...]], ...]
    round_points: tuple[int, ...] | None

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played each card of the current trick."""
        if self.trick_leader is None:
            return ()
        return tuple((self.trick_leader + i) % self.players for i in range(len(self.trick_cards)))


def sees_kitty(state: RoundState, viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat; None: a spectator) may see the kitty and its points: its
    taker, or anyone once every card is played (a moon choice waits, or the round is over),
    since the kitty is then the cards nobody played."""
    if state.phase in (Phase.MOON_CHOICE, Phase.ROUND_OVER):
        return True
    return viewer is not None and viewer == state.kitty_taker


def kitty_points(state: RoundState) -> int:
    """What the kitty's cards are worth to whoever takes them."""
    compiled = state.compiled
    return sum(compiled.penalty[c.index] + compiled.bonus[c.index] for c in state.kitty)


def observe(state: RoundState, seat: int, match_totals: Sequence[int] | None = None) -> Observation:
    """``seat``'s view of ``state``; ``match_totals`` are the totals before this round.
    ConfigError for a seat the table does not have (a negative one would index another
    seat's hand from the end) or totals not one per seat."""
    n = state.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ConfigError(f"no seat {seat!r} at a {n}-player table")
    if match_totals is not None and len(match_totals) != n:
        raise ConfigError(f"match_totals must give one total per seat ({n}), got {match_totals!r}")
    offset = state.pass_offset
    taker = state.kitty_taker
    sees = sees_kitty(state, seat)
    points = list(state.points_taken)
    if taker is not None and not sees:
        points[taker] -= kitty_points(state)
    tricks = tuple(
        TrickView(
            leader=t.leader,
            seats=t.seats,
            cards=t.cards,
            cancelled=t.cancelled,
            winner=t.winner,
            points=t.points,
            carried_in=t.carried_in,
            took_kitty=bool(t.kitty),
            kitty=t.kitty if sees else (),
        )
        for t in state.tricks
    )
    shooter = state.moon_shooter
    options: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if state.phase is Phase.MOON_CHOICE and shooter == seat:
        options = tuple(state.moon_outcomes().items())
    score = state.score
    return Observation(
        seat=seat,
        players=n,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        hand=state.hand(seat),
        hand_sizes=state.hand_sizes,
        pass_direction=state.pass_direction,
        pass_to=(seat + offset) % n if offset else None,
        pass_from=(seat - offset) % n if offset else None,
        passed=state.passes[seat] or (),
        received=state.received(seat),
        passes_chosen=tuple(p is not None for p in state.passes),
        trick_leader=state.trick_leader,
        trick_cards=state.current_trick,
        trick_cancelled=state.current_trick_cancelled,
        carried=state.carried,
        tricks=tricks,
        hearts_broken=state.hearts_broken,
        first_trick=state.first_trick,
        points_taken=tuple(points),
        match_totals=tuple(match_totals) if match_totals is not None else (0,) * n,
        turn=state.turn,
        legal_plays=state.legal_plays if state.turn == seat else (),
        kitty_size=len(state.kitty),
        kitty_taker=taker,
        kitty=state.kitty if sees else (),
        moon_shooter=shooter if state.phase in (Phase.MOON_CHOICE, Phase.ROUND_OVER) else None,
        moon_options=options,
        round_points=score.points if score is not None else None,
    )


def _notations(cards: Sequence[Card]) -> list[str]:
    return [c.notation for c in cards]


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """A JSON-ready dict of ``obs`` (cards in notation, e.g. ``"QS"``), for the web layer."""
    return {
        "seat": obs.seat,
        "players": obs.players,
        "rules": rules_to_json(obs.rules),
        "dealer": obs.dealer,
        "phase": obs.phase.value,
        "hand": _notations(obs.hand),
        "hand_sizes": list(obs.hand_sizes),
        "pass_direction": obs.pass_direction.value,
        "pass_to": obs.pass_to,
        "pass_from": obs.pass_from,
        "passed": _notations(obs.passed),
        "received": _notations(obs.received),
        "passes_chosen": list(obs.passes_chosen),
        "trick": {
            "leader": obs.trick_leader,
            "seats": list(obs.trick_seats),
            "cards": _notations(obs.trick_cards),
            "cancelled": list(obs.trick_cancelled),
        },
        "carried": _notations(obs.carried),
        "tricks": [
            {
                "leader": t.leader,
                "seats": list(t.seats),
                "cards": _notations(t.cards),
                "cancelled": list(t.cancelled),
                "winner": t.winner,
                "points": t.points,
                "carried_in": _notations(t.carried_in),
                "took_kitty": t.took_kitty,
                "kitty": _notations(t.kitty),
            }
            for t in obs.tricks
        ],
        "hearts_broken": obs.hearts_broken,
        "first_trick": obs.first_trick,
        "points_taken": list(obs.points_taken),
        "match_totals": list(obs.match_totals),
        "turn": obs.turn,
        "legal_plays": _notations(obs.legal_plays),
        "kitty_size": obs.kitty_size,
        "kitty_taker": obs.kitty_taker,
        "kitty": _notations(obs.kitty),
        "moon_shooter": obs.moon_shooter,
        "moon_options": {option: list(points) for option, points in obs.moon_options},
        "round_points": list(obs.round_points) if obs.round_points is not None else None,
    }


def revealed_voids(obs: Observation) -> tuple[frozenset[Suit], ...]:
    """Suits each seat has shown it holds no more of (it did not follow a led suit). Passes
    received later cannot refill a suit: the exchange happens before the first trick."""
    voids: list[set[Suit]] = [set() for _ in range(obs.players)]
    plays = [(t.seats, t.cards) for t in obs.tricks]
    plays.append((obs.trick_seats, obs.trick_cards))
    for seats, cards in plays:
        if not cards:
            continue
        led = cards[0].suit
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if card.suit is not led:
                voids[seat].add(led)
    return tuple(frozenset(v) for v in voids)


def played_cards(obs: Observation) -> tuple[Card, ...]:
    """Every card played so far this round, in order."""
    out: list[Card] = []
    for t in obs.tricks:
        out.extend(t.cards)
    out.extend(obs.trick_cards)
    return tuple(out)


def unseen_cards(obs: Observation) -> tuple[Card, ...]:
    """The cards ``obs.seat`` cannot see: other hands plus a kitty it has not seen (sorted,
    duplicates listed twice). The cards it passed are included while unplayed (the receiver
    holds them; ``obs.passed``/``pass_to`` tell where)."""
    left = Counter(deck_for(obs.rules, obs.players))
    left.subtract(obs.hand)
    left.subtract(played_cards(obs))
    left.subtract(obs.kitty)
    return tuple(sorted(left.elements()))


def fast_round_from_observation(
    obs: Observation, hands: Sequence[Sequence[Card]], kitty: Sequence[Card] = ()
) -> FastRound:
    """A :class:`FastRound` at ``obs``'s position once the hidden cards are filled in:
    ``hands`` are every seat's current holding (``hands[obs.seat]`` should be ``obs.hand``),
    ``kitty`` the whole kitty (Cancellation; a guess when the viewer has not seen it). For
    Monte Carlo search over determinized deals; nothing is checked."""
    return FastPosition(obs).fill(
        [[c.index for c in hand] for hand in hands], [c.index for c in kitty]
    )


class FastPosition:
    """:func:`fast_round_from_observation` for many fillings of the same observation: the
    points taken, the trick and the turn are worked out once, and :meth:`fill` makes each
    round from card indices."""

    def __init__(self, obs: Observation) -> None:
        rules = compile_rules(obs.rules, obs.players)
        n = obs.players
        penalty = [0] * n
        bonus = [0] * n
        # The kitty (a guess while hidden) counts for the winner of the trick that took it.
        self.kitty_winner = -1
        for t in obs.tricks:
            if t.winner is None:
                continue
            taken = [c.index for c in (*t.cards, *t.carried_in)]
            if t.took_kitty:
                self.kitty_winner = t.winner
            penalty[t.winner] += sum(rules.penalty[c] for c in taken)
            bonus[t.winner] += sum(rules.bonus[c] for c in taken)
        self.rules = rules
        self.obs = obs
        self.penalty = penalty
        self.bonus = bonus
        self.leader = obs.trick_leader if obs.trick_leader is not None else (obs.dealer + 1) % n
        self.trick = [c.index for c in obs.trick_cards]
        self.turn = (self.leader + len(self.trick)) % n
        self.opening_open = not obs.tricks and not self.trick
        self.carried = [c.index for c in obs.carried]

    def fill(self, hands: Sequence[Sequence[int]], kitty: Sequence[int] = ()) -> FastRound:
        """The round with every seat's current holding ``hands`` and the whole ``kitty``, as
        card indices (in any order)."""
        rules = self.rules
        obs = self.obs
        penalty = self.penalty
        bonus = self.bonus
        if self.kitty_winner >= 0:
            penalty = penalty[:]
            bonus = bonus[:]
            penalty[self.kitty_winner] += sum(rules.penalty[c] for c in kitty)
            bonus[self.kitty_winner] += sum(rules.bonus[c] for c in kitty)
        opening = -1
        if self.opening_open:
            clubs = [c for hand in hands for c in hand if c < 13]
            opening = min(clubs) if clubs else -1
        return FastRound.restore(
            rules,
            dealer=obs.dealer,
            hands=hands,
            leader=self.leader,
            trick=self.trick,
            hearts_broken=obs.hearts_broken,
            first_trick=obs.first_trick,
            opening=opening,
            tricks_left=len(hands[self.turn]),
            penalty=penalty,
            bonus=bonus,
            carried=self.carried,
            kitty=kitty,
            kitty_taker=obs.kitty_taker if obs.kitty_taker is not None else -1,
        )
