"""Hard: determinized Monte Carlo search with Normal's rules as the rollout policy.

- **Play**: the legal cards (cards that are interchangeable, with nothing unseen between them,
  count once) are each tried in ``worlds`` sampled deals of the hidden cards; every world is
  finished by the rollout policy (:mod:`hertta.ai.rollout`, Normal's core rules on bitmasks) and
  scored by :func:`hertta.ai.search.round_utility`. Normal's own card is the prior: Hard plays
  something else only when the search says it is better by a margin beyond its noise. While no
  other seat has a point, each card is also tried with this seat going for the moon
  (:mod:`hertta.ai.moon_plan`), and the moon is tried only when it beats the card chosen
  without it by :data:`PLAN_MARGIN` points.
- **Pass**: the candidates are the 3-card subsets of the first cards Normal would pass; each
  world deals the other hands at random, lets the other seats pass by Normal's rules, makes the
  exchange and plays the round out (:mod:`hertta.ai.pass_search`).
- **Moon choice**: when an option ends the match the comparison is exact; otherwise the rest of
  the match is played out in sampled rounds, passes included, and the option that wins it more
  often is taken (:func:`hertta.ai.moon.match_playout_choice`).

The budget is explicit and counts simulated card plays, the unit of work: ``budget`` per play
decision and ``pass_budget`` per pass (the play default 50,000 is about 960 rollouts of a
whole 4-player round). Worlds = budget / (candidates x card plays left in a rollout + the cost of
sampling a world; Cancellation's card plays count double), kept between ``min_worlds`` and
``max_worlds``: so every decision costs about the same, and late decisions, whose rollouts are
short, look at more worlds. ``moon_samples`` sets the moon choice's search. It is an iteration
budget by default, so the same generator state gives the same decisions on any machine; a
``time_budget`` in seconds (with an injected ``clock``) caps a decision by time instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations

from hertta.ai.inference import DEFAULT_NOISE, log_play_likelihood, starting_indices
from hertta.ai.knowledge import Knowledge, knowledge_of
from hertta.ai.lookahead import LOOKAHEAD_COST, play_out_lookahead
from hertta.ai.moon import match_playout_choice
from hertta.ai.moon_plan import (
    kept_stopper,
    moon_plan_open,
    planning_rival,
    play_out_searcher,
)
from hertta.ai.pass_search import pass_world
from hertta.ai.passing import explain_pass, normal_pass, pass_context
from hertta.ai.play_rules import normal_play
from hertta.ai.rollout import EVERYONE, final_points, play_out
from hertta.ai.rollout_moon import EARLY_MOON_LOSERS, MOON_LOSERS
from hertta.ai.rollout_tables import policy_tables
from hertta.ai.sampling import DealSampler
from hertta.ai.search import (
    Collector,
    Evaluation,
    Utility,
    World,
    ending_utility,
    evaluate,
    round_utility,
)
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit
from hertta.errors import ConfigError
from hertta.hearts.compiled import compile_rules
from hertta.hearts.deck import PASS_COUNT, deck_for, hand_size
from hertta.hearts.observation import FastPosition, Observation
from hertta.rng import SplitMix64

DEFAULT_BUDGET = 50_000
"""Twice the 25,000 of 2026-12-01: against xinxin, paired by deal over 150 deals, 0.34 points
per round better, at a CPU p95 of about 165 ms per play (docs/ai.md)."""
DEFAULT_PASS_BUDGET = 31_200
DEFAULT_MOON_SAMPLES = 48
MIN_WORLDS = 12
MAX_WORLDS = 400
WORLD_COST = 40
"""Sampling a world and setting it up costs about as much as this many card plays."""
CANCELLATION_PLAY_COST = 2
"""A card play of Cancellation's two-deck engine costs about two ordinary ones."""
PASS_SHORTLIST = 5
"""Hard's pass is a 3-card subset of the first five cards Normal would pass."""
PRIOR_MARGIN = 0.4
"""Points per round a searched choice must gain over Normal's to replace it..."""
PRIOR_Z = 1.5
"""...and by this many standard errors of the paired difference."""
PLAN_MARGIN = 2.0
"""Points per round a card played for the moon must gain over the card chosen without the plan
(and by ``prior_z`` standard errors). With it, and the planned rollouts half fed and half
blocked, one Hard seat did 0.36 [0.01, 0.71] points per round better than without the plan
against three IS-MCTS-1600 seats (720 rounds, paired) and -0.19 [-0.58, 0.20] against three
Hard seats without it, which block moons (240 rounds; docs/ai.md, 2026-12-06)."""


def interchangeable_groups(obs: Observation, know: Knowledge) -> list[list[Card]]:
    """The legal cards grouped so that cards of one group change nothing if swapped: same
    suit, same points, and every card ranked between them is in this hand or already gone
    (played in an earlier trick). Cancellation's duplicates make every card distinct."""
    legal = sorted(set(obs.legal_plays))
    if obs.rules.cancellation:
        return [[c] for c in legal]
    gone = {c for c in know.played if c not in obs.trick_cards}
    mine = set(obs.hand)
    groups: list[list[Card]] = []
    for card in legal:
        if groups:
            prev = groups[-1][-1]
            if (
                prev.suit is card.suit
                and obs.rules.card_value(prev) == obs.rules.card_value(card)
                and all(
                    c in gone or c in mine
                    for c in deck_for(obs.rules, obs.players)
                    if c.suit is card.suit and prev.rank < c.rank < card.rank
                )
            ):
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups


def _check_options(**counts: object) -> None:
    """Each count is a whole number of at least 1 (a budget of -5 or "x" would search nothing
    or fail deep inside a decision); ConfigError quotes the first that is not."""
    for name, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ConfigError(f"{name} must be a whole number of at least 1, got {value!r}")


class HardPlayer:
    """The searching player (see the module docstring)."""

    name = "hard"

    def __init__(
        self,
        budget: int = DEFAULT_BUDGET,
        pass_budget: int = DEFAULT_PASS_BUDGET,
        moon_samples: int = DEFAULT_MOON_SAMPLES,
        min_worlds: int = MIN_WORLDS,
        max_worlds: int = MAX_WORLDS,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
        play_noise: float | None = DEFAULT_NOISE,
        prior_margin: float = PRIOR_MARGIN,
        prior_z: float = PRIOR_Z,
        lone_blocker: bool = True,
        pass_shortlist: int = PASS_SHORTLIST,
        match_continuation: bool = True,
        moon_plan: bool = True,
        plan_margin: float = PLAN_MARGIN,
        plan_in_budget: bool = False,
        rival_losers: int = EARLY_MOON_LOSERS,
        keep_stopper: bool = False,
        lookahead: bool = False,
        rival_moons: bool = False,
    ) -> None:
        if time_budget is not None and clock is None:
            raise ConfigError("a time budget needs a clock (e.g. time.perf_counter)")
        _check_options(budget=budget, pass_budget=pass_budget, moon_samples=moon_samples,
                       min_worlds=min_worlds, max_worlds=max_worlds, pass_shortlist=pass_shortlist)
        if isinstance(rival_losers, bool) or not isinstance(rival_losers, int) or not (
            0 <= rival_losers <= MOON_LOSERS
        ):
            raise ConfigError(
                f"rival_losers must be a whole number from 0 to {MOON_LOSERS}, got {rival_losers!r}"
            )
        if pass_shortlist < PASS_COUNT:
            raise ConfigError(f"pass_shortlist must be at least {PASS_COUNT}, got {pass_shortlist}")
        if not min_worlds <= max_worlds:
            raise ConfigError(f"min_worlds {min_worlds} is over max_worlds {max_worlds}")
        if play_noise is not None and not (isinstance(play_noise, int | float)
                                           and 0 < play_noise <= 1):
            raise ConfigError(f"play_noise must be above 0 and at most 1, got {play_noise!r}")
        for name, value in (("time_budget", time_budget), ("prior_margin", prior_margin),
                            ("prior_z", prior_z), ("plan_margin", plan_margin)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                                      or not 0 <= value < math.inf):
                raise ConfigError(f"{name} must be a number of 0 or more, got {value!r}")
        self.budget = budget
        self.pass_budget = pass_budget
        self.max_worlds = max_worlds
        self.moon_samples = moon_samples
        self.min_worlds = min_worlds
        self.time_budget = time_budget
        self.clock = clock
        self.play_noise = play_noise
        """How far the other seats' past plays weigh the worlds (see
        :mod:`hertta.ai.inference`); None: every consistent world weighs the same."""
        self.prior_margin = prior_margin
        """Points the search must gain over Normal's choice to replace it..."""
        self.prior_z = prior_z
        """...and by this many standard errors (see :data:`PRIOR_MARGIN`)."""
        self.lone_blocker = lone_blocker
        """In the rollouts only this seat blocks another's moon, while every seat blocks its
        own: it counts on nobody else (see :func:`hertta.ai.rollout.choose_card`)."""
        self.pass_shortlist = pass_shortlist
        """The pass candidates are the 3-card subsets of this many of Normal's first cards."""
        self.utility: Utility = round_utility if match_continuation else ending_utility
        """How a finished round is scored; ``match_continuation=False``: a match that goes on
        is worth 0 (before 2026-12-03, kept for measuring)."""
        self.moon_plan = moon_plan
        """While no other seat has a point, the search also tries each card with this seat
        going for the moon, in rollouts where the other seats feed that moon in every other
        world and block it in the rest (:mod:`hertta.ai.moon_plan`)..."""
        self.plan_margin = plan_margin
        """...and plays a card for the moon only when it beats the card chosen without the plan
        by this many points and ``prior_z`` standard errors."""
        self.plan_in_budget = plan_in_budget
        """The planned rollouts count in ``budget`` (fewer worlds, the same work as without
        the plan) instead of coming on top of it (the same worlds, up to twice the work)."""
        self.rival_losers = rival_losers
        """In the play search's rollouts another seat that alone has taken points shoots with
        up to this many losers from its first point on (see
        :func:`hertta.ai.moon_plan.searcher_moon_state`)."""
        self.keep_stopper = keep_stopper
        """Void in the suit led, never discard the high heart that could stop another seat's
        moon (:func:`hertta.ai.moon_plan.kept_stopper`)."""
        self.lookahead = lookahead
        """In the play search's plain rollouts this seat's next card is searched too (one-deck
        games; :mod:`hertta.ai.lookahead`); a rollout costs :data:`LOOKAHEAD_COST` plain ones."""
        self.rival_moons = rival_moons
        """In every other world of the play search's plain rollouts, another seat that may be
        going for the moon there goes for it (:func:`hertta.ai.moon_plan.planning_rival`)."""
        self.last_worlds = 0
        """Worlds the last searched decision sampled (0 when it needed no search)."""

    # --- budget ---------------------------------------------------------------------------

    def _run(
        self, world: World, candidates: int, budget: int, plays: int, setup: int = 0,
        values: int | None = None,
    ) -> Evaluation:
        """Evaluate ``candidates`` in as many worlds as ``budget`` card plays allow when each
        rollout plays ``plays`` cards and weighing a world replays ``setup`` plays; a world
        scores ``values`` rollouts (by default ``candidates``: the moon plan's come on top)."""
        worlds = budget // (candidates * plays + WORLD_COST + setup)
        worlds = max(self.min_worlds, min(self.max_worlds, worlds))
        if self.time_budget is None or self.clock is None:
            self.last_worlds = worlds
            return evaluate(world, values or candidates, worlds)
        clock = self.clock
        deadline = clock() + self.time_budget
        collector = Collector(values or candidates)
        for _ in range(worlds):
            collector.add(*world())
            if clock() >= deadline:
                break
        self.last_worlds = len(collector.logs)
        return collector.result()

    def wary(self, seat: int) -> int:
        """The ``wary`` seat of this player's rollouts (see
        :func:`hertta.ai.rollout.choose_card`)."""
        return seat if self.lone_blocker else EVERYONE

    # --- play -----------------------------------------------------------------------------

    def choose_play(self, obs: Observation, rng: SplitMix64) -> Card:
        self.last_worlds = 0
        know = knowledge_of(obs)
        prior = normal_play(situation_of(obs, know))
        groups = interchangeable_groups(obs, know)
        stopper = kept_stopper(obs, know) if self.keep_stopper else None
        if stopper is not None:
            groups = [group for group in groups if stopper not in group]
            if prior == stopper:
                # Normal's next choice void: the highest heart left, else the highest card.
                prior = max((c for g in groups for c in g),
                            key=lambda c: (c.suit is Suit.HEARTS, c.rank))
        if len(groups) == 1:
            return prior if prior in groups[0] else groups[0][0]
        picks = [prior if prior in group else group[0] for group in groups]
        prior_index = next(i for i, group in enumerate(groups) if prior in group)
        plans = (False, True) if self.moon_plan and moon_plan_open(obs, know) else (False,)
        lookahead = self.lookahead and not obs.rules.cancellation
        world, weighed = play_world(
            obs, know, picks, rng, self.play_noise, self.utility, self.wary(obs.seat), plans,
            self.rival_losers, lookahead, self.rival_moons and not obs.rules.cancellation,
        )
        # By default as many worlds as without the plan, so the cards without it are judged as
        # before, and the plan's rollouts come on top (only while no other seat has a point).
        result = self._run(
            world,
            len(picks) * (len(plans) if self.plan_in_budget else 1),
            self.budget,
            _play_cost(obs, sum(obs.hand_sizes)) * (LOOKAHEAD_COST if lookahead else 1),
            len(_history(obs)) if weighed else 0,
            len(picks) * len(plans),
        )
        plain = Evaluation(result.values[: len(picks)], result.weights).choose(
            prior_index, self.prior_margin, self.prior_z
        )
        if len(plans) == 1:
            return picks[plain]
        # Every pick without the plan, then every pick with it.
        planned = max(range(len(picks), 2 * len(picks)), key=result.mean)
        gap, error = result.paired_gap(planned, plain)
        if gap > self.plan_margin and gap > self.prior_z * error:
            return picks[planned - len(picks)]
        return picks[plain]

    # --- pass -----------------------------------------------------------------------------

    def pass_candidates(self, obs: Observation) -> list[list[Card]]:
        """Normal's pass first, then the other 3-card subsets of its shortlist."""
        ctx = pass_context(obs)
        first = normal_pass(ctx)
        shortlist = [card for card, _ in explain_pass(ctx, self.pass_shortlist)]
        out = [first]
        for combo in combinations(range(len(shortlist)), PASS_COUNT):
            cards = sorted(shortlist[i] for i in combo)
            if cards not in out:
                out.append(cards)
        return out

    def choose_pass(self, obs: Observation, rng: SplitMix64) -> list[Card]:
        self.last_worlds = 0
        candidates = self.pass_candidates(obs)
        if len(candidates) == 1:
            return candidates[0]
        size = hand_size(obs.rules, obs.players)
        world = pass_world(obs, candidates, rng, self.utility, self.wary(obs.seat))
        result = self._run(
            world, len(candidates), self.pass_budget, _play_cost(obs, size * obs.players)
        )
        return candidates[result.choose(0, self.prior_margin, self.prior_z)]

    # --- moon -----------------------------------------------------------------------------

    def choose_moon(self, obs: Observation, rng: SplitMix64) -> str:
        return match_playout_choice(obs, rng, self.moon_samples)


def play_world(
    obs: Observation,
    know: Knowledge,
    picks: Sequence[Card],
    rng: SplitMix64,
    noise: float | None,
    utility: Utility = round_utility,
    wary: int = EVERYONE,
    plans: Sequence[bool] = (False,),
    rival_losers: int = EARLY_MOON_LOSERS,
    lookahead: bool = False,
    rival_moons: bool = False,
) -> tuple[World, bool]:
    """The search of a play decision: a world samples the hidden cards (weighed by how likely
    the other seats' past plays make it, with ``noise``), then plays each of ``picks`` and
    the round out by the rollout policy (``wary``: see :func:`hertta.ai.rollout.choose_card`),
    and scores each by ``utility``: once per entry of ``plans``, without (False) or with
    (True) this seat going for the moon, every pick under the first entry, then under the next
    (with the plan, in every other world the other seats feed this seat's moon and in the
    rest they block it: :mod:`hertta.ai.moon_plan`). With ``lookahead`` the plain rollouts
    search this seat's next card (:mod:`hertta.ai.lookahead`; not in Cancellation); with
    ``rival_moons`` in every other world another seat that may be going for the moon goes for
    it in the plain rollouts (:func:`hertta.ai.moon_plan.planning_rival`). Also says whether
    the worlds are weighed (not in Cancellation, nor before another seat has played)."""
    compiled = compile_rules(obs.rules, obs.players)
    tables = policy_tables(compiled)
    seat = obs.seat
    totals = obs.match_totals
    limit = obs.rules.score_limit
    history = _history(obs)
    weigh = noise is not None and not obs.rules.cancellation and any(s != seat for s, _ in history)

    worlds = 0
    sampler = DealSampler(know)
    position = FastPosition(obs)

    def score(points: list[int]) -> float:
        return utility(points, seat, totals, limit)

    def world() -> tuple[float, list[float]]:
        nonlocal worlds
        worlds += 1
        # Odd worlds feed the planned moon; even ones block it and forecast a rival's moon.
        fed = worlds % 2 == 1
        hands, kitty = sampler.sample_indices(rng)
        log = 0.0
        if weigh:
            assert noise is not None
            start = starting_indices(hands, history, obs.players)
            log += log_play_likelihood(compiled, tables, obs.dealer, start, history, seat, noise)
        base = position.fill(hands, kitty)
        rival = planning_rival(base, seat) if rival_moons and not fed else -1
        values = []
        for shooting in plans:
            for card in picks:
                game = base.clone()
                game.play(card.index)
                if shooting or rival_losers != EARLY_MOON_LOSERS or rival >= 0:
                    play_out_searcher(game, tables, seat, shooting, fed and shooting, wary,
                                      rival_losers, -1 if shooting else rival)
                    points = final_points(game)
                elif lookahead:
                    points = play_out_lookahead(game, tables, seat, wary, score)
                else:
                    play_out(game, tables, wary)
                    points = final_points(game)
                values.append(score(points))
        return log, values

    return world, weigh


def _history(obs: Observation) -> list[tuple[int, Card]]:
    """Every (seat, card) played this round, in order."""
    out: list[tuple[int, Card]] = []
    for trick in obs.tricks:
        out.extend(zip(trick.seats, trick.cards, strict=True))
    out.extend(zip(obs.trick_seats, obs.trick_cards, strict=True))
    return out


def _play_cost(obs: Observation, plays: int) -> int:
    """``plays`` card plays in units of an ordinary one (see :data:`CANCELLATION_PLAY_COST`)."""
    return plays * CANCELLATION_PLAY_COST if obs.rules.cancellation else plays
