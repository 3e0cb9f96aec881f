"""Head to head in OpenSpiel's Hearts: our players against OpenSpiel's IS-MCTS, measured from
outside (``bench/ai_bench.py --openspiel``).

OpenSpiel's ``hearts`` (4 players, ``qs_breaks_hearts=False``: our standard rules) is the
referee: every card, ours or IS-MCTS's, goes through its ``apply_action``, and the round's
points come from OpenSpiel's own ``points``. Our seat sees only what a player at that seat
knows: :func:`seat_observation` hands the seat API its dealt hand, its pass and every card
played, and nothing else.

Duplicate deals: deal ``i`` (cards and pass direction drawn from our generator, directions in
the standard cycle) is played once per rotation, the seat of the lone player moving 0, 1, 2, 3,
so card luck cancels between the two kinds of player.

IS-MCTS (OpenSpiel's C++ ``ISMCTSBot``, random-rollout evaluator, UCT c = 2, max visit count)
also chooses its passes by search. OpenSpiel 2.0.2 crashes when it resamples a state in which
another player has already passed, so each IS-MCTS pass is searched in a copy of the deal
turned so that its seat is player 0, the first to pass; a seat's pass does not depend on the
others', so nothing changes but the numbering.

Repeatable: IS-MCTS searches in :mod:`ismcts_server` (a forked child of an unchanging process,
address randomisation off, a seed per decision) and our seat gets a generator per decision, so
two runs of the same player replay every round card for card, and two versions of ours part only
where one of their own decisions differs (``bench/duel_report.py`` counts where runs part).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hertta.ai.protocol import Player
from hertta.ai.tournament import ratio_interval
from hertta.cards import ALL_CARDS, Card, Suit
from hertta.hearts.config import preset
from hertta.hearts.deck import PASS_CYCLES, PassDirection
from hertta.hearts.observation import Observation
from hertta.hearts.seat_knowledge import SeatKnowledge, observe_knowledge
from hertta.rng import SplitMix64, derive_seed
from ismcts_server import IsmctsServer

PLAYERS = 4
DUEL_SALT = 0x4455454C  # "DUEL"
SPIEL_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
OFFSETS = {
    PassDirection.NONE: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
"""Seats clockwise from the passer to the receiver (OpenSpiel's numbering is clockwise too)."""
SPIEL_PASS = {
    PassDirection.NONE: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
STANDARD = preset("standard")


def spiel_action(card: Card) -> int:
    return (card.rank - 2) * 4 + SPIEL_SUIT[card.suit]


SPIEL_CARD = {spiel_action(c): c for c in ALL_CARDS}


@dataclass(frozen=True, slots=True)
class Deal:
    direction: PassDirection
    hands: tuple[tuple[Card, ...], ...]


def make_deal(seed: int, index: int) -> Deal:
    rng = SplitMix64(derive_seed(DUEL_SALT, seed, index))
    cards = rng.shuffle(list(ALL_CARDS))
    hands = tuple(tuple(sorted(cards[k::PLAYERS])) for k in range(PLAYERS))
    cycle = PASS_CYCLES[PLAYERS]
    return Deal(cycle[index % len(cycle)], hands)


@dataclass
class History:
    """What happened so far in one round, as every seat may know it (plus the deal, which the
    bridge shows each seat only its own part of)."""

    deal: Deal
    passes: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    plays: list[tuple[int, Card]] = field(default_factory=list)


ObservationBuilder = Callable[[History, int], Observation]


def seat_observation(history: History, seat: int) -> Observation:
    """``seat``'s observation through the seat API (:mod:`hertta.hearts.seat_knowledge`):
    only its dealt hand, the pass direction, its own three cards out and in once every seat
    has chosen, and every (seat, card) played. No other hand reaches our player."""
    deal = history.deal
    offset = OFFSETS[deal.direction]
    exchanged = offset and all(history.passes)
    knowledge = SeatKnowledge(
        rules=STANDARD,
        players=PLAYERS,
        seat=seat,
        dealt_hand=deal.hands[seat],
        pass_direction=deal.direction,
        passed=tuple(history.passes[seat]) if exchanged else (),
        received=tuple(history.passes[(seat - offset) % PLAYERS]) if exchanged else (),
        plays=tuple(history.plays),
    )
    return observe_knowledge(knowledge)


class IsmctsSeat:
    """OpenSpiel's IS-MCTS for one seat in one round, searched by an :class:`IsmctsServer`
    (repeatable: the same position and seed give the same card in every run). Each decision
    has its own seed, derived from the seat's round seed and the decision's number."""

    def __init__(self, server: IsmctsServer, simulations: int, seed: int) -> None:
        self.server = server
        self.simulations = simulations
        self.seed = seed
        self.decisions = 0
        self.cpu = 0.0
        """CPU seconds of the last search, spent in the server's child."""

    def _search(self, actions: Sequence[int], steps: int) -> list[int]:
        seed = derive_seed(self.seed, self.decisions)
        self.decisions += 1
        chosen, self.cpu = self.server.search(actions, steps, self.simulations, seed)
        return chosen

    def choose_pass(self, deal: Deal, seat: int) -> list[Card]:
        actions = [SPIEL_PASS[deal.direction]]
        for k in range(52):  # OpenSpiel deals card k to player k % 4; our seat becomes 0
            actions.append(spiel_action(deal.hands[(seat + k) % PLAYERS][k // PLAYERS]))
        return [SPIEL_CARD[a] for a in self._search(actions, 3)]

    def choose_play(self, state: Any) -> Card:
        return SPIEL_CARD[self._search(state.history(), 1)[0]]


@dataclass
class RoundResult:
    deal: int
    rotation: int
    lone_seat: int
    points: tuple[int, ...]
    shooter: int | None
    passes: tuple[tuple[str, ...], ...] = ()
    """Each seat's three cards passed (none on a hold round), as card codes."""
    plays: tuple[tuple[int, str], ...] = ()
    """Every (seat, card) played, in order: with the deal, the round's transcript."""


@dataclass
class DuelStats:
    results: list[RoundResult] = field(default_factory=list)
    our_times: list[float] = field(default_factory=list)
    their_times: list[float] = field(default_factory=list)
    our_cpu: list[float] = field(default_factory=list)
    """CPU seconds of each of our decisions (the machine is shared: wall time includes
    waiting for a core)."""
    their_cpu: list[float] = field(default_factory=list)
    repeatable: bool = False
    """Whether IS-MCTS searched repeatably (:mod:`ismcts_server`: needs ``setarch -R``)."""


class _Clock:
    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.thread_time()

    def record(self, wall: list[float], cpu: list[float], elsewhere: float | None = None) -> None:
        """``elsewhere``: the CPU seconds of a decision searched in another process (IS-MCTS
        in the server's child), which this thread's clock does not see."""
        wall.append(time.perf_counter() - self.wall)
        cpu.append(time.thread_time() - self.cpu if elsewhere is None else elsewhere)


def play_round(
    game: Any,
    server: IsmctsServer,
    deal: Deal,
    kinds: Sequence[str],
    ours: Callable[[], Player],
    simulations: int,
    seed: int,
    stats: DuelStats,
    build: ObservationBuilder = seat_observation,
    transcript: History | None = None,
) -> tuple[tuple[int, ...], int | None]:
    """Play ``deal`` with ``kinds[s]`` (``"ours"`` / ``"ismcts"``) in seat ``s``; returns each
    seat's points (OpenSpiel's) and the moon shooter. ``transcript``, when given, receives the
    passes and plays."""
    players: list[Player | IsmctsSeat] = []
    seat_seeds = []
    for s, kind in enumerate(kinds):
        sub = derive_seed(seed, s)
        players.append(ours() if kind == "ours" else IsmctsSeat(server, simulations, sub))
        seat_seeds.append(sub)
    decisions = [0] * PLAYERS

    def generator(seat: int) -> SplitMix64:
        # A generator per decision: two versions of our player that differ in one decision
        # (a larger pass budget, say) draw the same worlds in every other one.
        decisions[seat] += 1
        return SplitMix64(derive_seed(seat_seeds[seat], decisions[seat]))

    history = transcript if transcript is not None else History(deal)
    state = game.new_initial_state()
    state.apply_action(SPIEL_PASS[deal.direction])
    for k in range(52):
        state.apply_action(spiel_action(deal.hands[k % PLAYERS][k // PLAYERS]))
    if deal.direction is not PassDirection.NONE:
        chosen: list[list[Card]] = []
        for s, player in enumerate(players):
            clock = _Clock()
            if isinstance(player, IsmctsSeat):
                cards = player.choose_pass(deal, s)
                clock.record(stats.their_times, stats.their_cpu, player.cpu)
            else:
                cards = player.choose_pass(build(history, s), generator(s))
                clock.record(stats.our_times, stats.our_cpu)
            chosen.append(sorted(cards))
        for s in range(PLAYERS):
            history.passes[s] = chosen[s]
        given = [0] * PLAYERS
        for _ in range(12):  # OpenSpiel asks for the pass cards one at a time
            s = state.current_player()
            state.apply_action(spiel_action(chosen[s][given[s]]))
            given[s] += 1
    while not state.is_terminal():
        s = state.current_player()
        player = players[s]
        clock = _Clock()
        if isinstance(player, IsmctsSeat):
            card = player.choose_play(state)
            clock.record(stats.their_times, stats.their_cpu, player.cpu)
        else:
            card = player.choose_play(build(history, s), generator(s))
            clock.record(stats.our_times, stats.our_cpu)
        action = spiel_action(card)
        if action not in state.legal_actions():
            raise RuntimeError(f"seat {s} chose {card}, illegal in OpenSpiel's state")
        state.apply_action(action)
        history.plays.append((s, card))
    points = tuple(int(state.points(p)) for p in range(PLAYERS))
    shooter = next((p for p in range(PLAYERS) if points[p] == 0 and sum(points) == 78), None)
    return points, shooter


def run_duel(
    level: str,
    make_ours: Callable[[], Player],
    lone: str,
    deals: int,
    simulations: int,
    seed: int,
    progress: Callable[[str], None],
    build: ObservationBuilder = seat_observation,
) -> DuelStats:
    """``lone`` = ``"ours"``: one of our seats among three IS-MCTS; ``"ismcts"``: the reverse.
    Every deal is played in all four rotations."""
    import pyspiel

    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    stats = DuelStats()
    other = "ismcts" if lone == "ours" else "ours"
    start = time.perf_counter()
    with IsmctsServer() as server:
        stats.repeatable = server.repeatable
        for index in range(deals):
            deal = make_deal(seed, index)
            for rotation in range(PLAYERS):
                kinds = [other] * PLAYERS
                kinds[rotation] = lone
                history = History(deal)
                points, shooter = play_round(
                    game,
                    server,
                    deal,
                    kinds,
                    make_ours,
                    simulations,
                    derive_seed(DUEL_SALT, seed, index, rotation, simulations),
                    stats,
                    build,
                    history,
                )
                passes = tuple(tuple(str(c) for c in cards) for cards in history.passes)
                plays = tuple((s, str(c)) for s, c in history.plays)
                stats.results.append(
                    RoundResult(index, rotation, rotation, points, shooter, passes, plays)
                )
            done = index + 1
            elapsed = time.perf_counter() - start
            left = elapsed / done * (deals - done)
            progress(
                f"  [{level} {'alone' if lone == 'ours' else 'x3'} vs IS-MCTS-{simulations}] deal "
                f"{done}/{deals}, {elapsed:.0f} s, about {left:.0f} s left"
            )
    return stats


@dataclass(frozen=True, slots=True)
class Summary:
    rounds: int
    ours: tuple[float, float, float]
    theirs: tuple[float, float, float]
    gap: tuple[float, float, float]
    """IS-MCTS mean minus ours (positive: ours take fewer points), with its 95% interval."""
    ours_shot: int
    ours_suffered: int
    our_seat_rounds: int
    theirs_shot: int
    """Rounds in which an IS-MCTS seat shot the moon."""


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval: the tournaments' :func:`ratio_interval` with one value
    per cluster (Student's t for ``len(values) - 1`` degrees of freedom)."""
    return ratio_interval([(value, 1.0) for value in values])


def summarize(stats: DuelStats, lone: str) -> Summary:
    """Per deal (its four rotations are one cluster): our seats' mean, the IS-MCTS seats'
    mean and their difference; intervals from the spread over deals."""
    by_deal: dict[int, list[RoundResult]] = {}
    for r in stats.results:
        by_deal.setdefault(r.deal, []).append(r)
    ours_d, theirs_d, gaps = [], [], []
    shot = suffered = seat_rounds = 0
    theirs_shot = 0
    for rounds in by_deal.values():
        for r in rounds:
            if r.shooter is not None and (r.shooter == r.lone_seat) != (lone == "ours"):
                theirs_shot += 1
        ours_pts: list[int] = []
        theirs_pts: list[int] = []
        for r in rounds:
            for s, p in enumerate(r.points):
                mine = (s == r.lone_seat) == (lone == "ours")
                (ours_pts if mine else theirs_pts).append(p)
                if mine:
                    seat_rounds += 1
                    if r.shooter == s:
                        shot += 1
                    elif r.shooter is not None and (r.shooter == r.lone_seat) != (lone == "ours"):
                        # Only moons of the other side count: with three of our seats, one of
                        # ours shooting is not a moon IS-MCTS made.
                        suffered += 1
        o = sum(ours_pts) / len(ours_pts)
        t = sum(theirs_pts) / len(theirs_pts)
        ours_d.append(o)
        theirs_d.append(t)
        gaps.append(t - o)
    return Summary(
        rounds=len(stats.results),
        ours=mean_ci(ours_d),
        theirs=mean_ci(theirs_d),
        gap=mean_ci(gaps),
        ours_shot=shot,
        ours_suffered=suffered,
        our_seat_rounds=seat_rounds,
        theirs_shot=theirs_shot,
    )
