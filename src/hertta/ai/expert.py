"""Expert: Hard's search with eight times its work per decision (about 1 s here).

The same determinized Monte Carlo search as :class:`~hertta.ai.hard.HardPlayer` (moon-aware
rollouts, worlds weighed by the other seats' past plays), given a larger deterministic budget:
more worlds per decision, so the comparison between candidates is sharper and the search
overrides Normal's rule prior more often where it is wrong (the same prior rule as Hard's); and
with those worlds it can weigh them more sharply by the other seats' plays (noise 0.4, not 0.6).
The budget counts simulated card plays, never time, so the same generator state gives the same
decisions on any machine; the figures were calibrated with ``bench/ai_bench.py`` to about 1 s
per decision on the project's machines (see docs/ai.md).
"""

from __future__ import annotations

from collections.abc import Callable

from hertta.ai.hard import (
    DEFAULT_BUDGET,
    DEFAULT_MOON_SAMPLES,
    DEFAULT_PASS_BUDGET,
    PASS_SHORTLIST,
    PLAN_MARGIN,
    PRIOR_MARGIN,
    PRIOR_Z,
    HardPlayer,
)
from hertta.ai.rollout_moon import EARLY_MOON_LOSERS

EXPERT_WORK_FACTOR = 8
"""Expert's work per decision as a multiple of Hard's (about 1 s of CPU per play here)."""
EXPERT_BUDGET = DEFAULT_BUDGET * EXPERT_WORK_FACTOR
"""Card plays per play decision (400,000)."""
EXPERT_PASS_BUDGET = DEFAULT_PASS_BUDGET * EXPERT_WORK_FACTOR
"""Card plays per pass decision (249,600)."""
EXPERT_MOON_SAMPLES = DEFAULT_MOON_SAMPLES * 4
EXPERT_MAX_WORLDS = 3200
EXPERT_PLAY_NOISE = 0.4
"""How far Expert's worlds trust the other seats' past plays (Hard's is 0.6: see
:mod:`hertta.ai.inference`). Sharper weights leave fewer effective worlds, which Expert's
eight times Hard's worlds can afford: against Hard, single duplicate rounds paired by deal,
0.35 [-0.13, 0.84] points per round better than 0.6 over 80 deals (docs/ai.md)."""
EXPERT_MOON_PLAN = False
"""Expert does not plan moons (Hard does). Against three Hard seats that plan them, single
duplicate rounds paired by deal: without the plan +0.34 [-0.09, 0.77] points per round better
than with it over deals 1000-1079 (+0.61 [0.08, 1.13] on 1000-1049), and its slowest decisions
back at about 1 s (the plan's rollouts came on top of its work: CPU p95 1.43 s, without them
0.98 s); the plan counted in the budget (``plan_in_budget``) was between the two, +0.20 [-0.47,
0.87] over deals 1000-1099 (docs/ai.md, 2026-12-06 evening)."""

EXPERT_LONE_BLOCKER = False
"""In Expert's rollouts every seat blocks another's moon as the policy blocks one it sees (Hard
counts on nobody but itself: ``HardPlayer.lone_blocker``). Against three Hard seats, which do
block, single duplicate rounds paired by deal against Expert counting on nobody: +0.58 [0.20,
0.96] points per round over deals 1000-1199 (+0.72 on 1000-1099, +0.43 on 1100-1199), and
against Hard +0.50 [0.07, 0.94] (counting on nobody: -0.07) at the same CPU (docs/ai.md,
2026-12-07, evening); on the 150 fresh deals 1200-1349 about +0.53 (2026-12-07, night).
Against seats that feed each other's moons (xinxin's) counting on nobody was the better guess
for Hard (2026-12-02); Expert's choice was not measured against them."""

EXPERT_RIVAL_LOSERS = EARLY_MOON_LOSERS
"""Expert's rollouts forecast another seat's moon as Hard's do (``HardPlayer.rival_losers``):
1 and 2 were measured against today's Hard, paired by deal, +0.00 [-0.30, 0.31] over deals
1000-1079 and -0.09 [-0.60, 0.42] over 1000-1049 (docs/ai.md, 2026-12-06, late night)."""


class ExpertPlayer(HardPlayer):
    """Hard's search with :data:`EXPERT_BUDGET` and :data:`EXPERT_PASS_BUDGET`, and Hard's rule
    prior (until 2026-12-03 Expert had the looser 0.15 and 1.0 at half today's budget, which
    measured worse against Hard at 50,000: docs/ai.md)."""

    name = "expert"

    def __init__(
        self,
        budget: int = EXPERT_BUDGET,
        pass_budget: int = EXPERT_PASS_BUDGET,
        moon_samples: int = EXPERT_MOON_SAMPLES,
        min_worlds: int = 24,
        max_worlds: int = EXPERT_MAX_WORLDS,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
        play_noise: float | None = EXPERT_PLAY_NOISE,
        prior_margin: float = PRIOR_MARGIN,
        prior_z: float = PRIOR_Z,
        lone_blocker: bool = EXPERT_LONE_BLOCKER,
        pass_shortlist: int = PASS_SHORTLIST,
        match_continuation: bool = True,
        moon_plan: bool = EXPERT_MOON_PLAN,
        plan_margin: float = PLAN_MARGIN,
        plan_in_budget: bool = False,
        rival_losers: int = EXPERT_RIVAL_LOSERS,
        keep_stopper: bool = False,
        lookahead: bool = False,
        rival_moons: bool = False,
    ) -> None:
        super().__init__(
            budget=budget,
            pass_budget=pass_budget,
            moon_samples=moon_samples,
            min_worlds=min_worlds,
            max_worlds=max_worlds,
            time_budget=time_budget,
            clock=clock,
            play_noise=play_noise,
            prior_margin=prior_margin,
            prior_z=prior_z,
            lone_blocker=lone_blocker,
            pass_shortlist=pass_shortlist,
            match_continuation=match_continuation,
            moon_plan=moon_plan,
            plan_margin=plan_margin,
            plan_in_budget=plan_in_budget,
            rival_losers=rival_losers,
            keep_stopper=keep_stopper,
            lookahead=lookahead,
            rival_moons=rival_moons,
        )
