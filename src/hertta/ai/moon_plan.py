"""A moon planned by the search: Hard's rollouts in which the searching seat goes for the moon.

The rollout policy (:mod:`hertta.ai.rollout`) shoots only with a hand of top cards, and only
after its seat alone has taken points: it never sets out for a moon. Against xinxin (the
program of Sturtevant's thesis, docs/ai.md) that left Hard shooting about one moon in 100
rounds while each xinxin seat shot six, mostly with hands that are not all top cards: a long
suit, high spades, the low hearts passed away, and the other seats' hearts discarded on its
tricks. So in every play decision in which no other seat has a point, Hard's search also plays
each candidate card out with the seat shooting (:func:`play_out_searcher` with ``shooting``):
it leads its top cards, follows high and discards low for as long as nobody else has taken a
point, then plays on by the policy.

Each card is judged twice in the same worlds: by the plain rollouts, as when no plan is
searched, and by the planned ones. Hard chooses its card without the plan first (Normal's
card unless the search clearly beats it); a card played for the moon replaces that choice only
when its planned value beats the choice by ``HardPlayer.plan_margin`` points (2 by default) and
``prior_z`` standard errors. So searching the plan changes nothing in how the other cards are
judged, and a moon is tried only when it is clearly worth trying.

In half the worlds the other seats do not block the searcher's moon (``fed``): they play on as
if no moon were on, and when void they discard their hearts on its tricks as on anyone's, as
xinxin's seats do. In the other half they block it as the rollout policy blocks a moon it sees,
as Hard's own seats (and people) do. Another seat's moon is still blocked by the
searcher alone, as before (``wary``).

History (docs/ai.md): the first plan (2026-12-03) searched every card with fed rollouts only,
plain and planned alike, under the prior's margin alone. Against xinxin and IS-MCTS it shot many
moons for nothing measurable, but one Hard seat without it took 1.59 [0.93, 2.24] points per
round fewer than three Hard seats with it: its fed rollouts made it careless with its own
points, and seats that block a moon made the attempts fail. It was turned off the next day.
On 2026-12-06 the plain cards were judged apart from the plan, behind a margin: with fed
rollouts alone this still lost against Hard's blocking seats (margin 2: -1.67 [-2.57, -0.76];
margin 5: -0.63 [-1.29, 0.04] over 240 rounds); judged half fed and half blocked (margin 2),
-0.19 [-0.58, 0.20] there, and against three IS-MCTS-1600 seats 0.36 [0.01, 0.71] better than
no plan (720 rounds, paired), shooting 13 moons where it suffered 14.
"""

from __future__ import annotations

from hertta.ai.inference import MOON_TRY_LOSERS
from hertta.ai.knowledge import Knowledge
from hertta.ai.rollout import choose_card
from hertta.ai.rollout_moon import EARLY_MOON_LOSERS, moon_losers, moon_state, shoot_card
from hertta.ai.rollout_tables import PolicyTables, out_mask
from hertta.cards import Card, Rank, Suit
from hertta.hearts.fast import FastRound
from hertta.hearts.observation import Observation

PLAN_HONOURS = 3
"""High cards (queens and up) a hand needs, while it has no point, for the search to try a
moon: a cheap filter, since the plan halves the worlds of the other candidates (the threshold
was set by judgement, not tuned)."""
STOPPER_ABOVE = 1
"""Hearts still out above a heart that :func:`kept_stopper` still keeps (set by judgement)."""
NOBODY = -2
"""``moon_state``'s taker when two seats have points: the policy plays as if no moon were on."""


def moon_plan_open(obs: Observation, know: Knowledge) -> bool:
    """Whether a play decision also searches the moon plan: one-deck games, no other seat has
    a point, and the seat has taken points itself or holds :data:`PLAN_HONOURS` high cards."""
    if obs.rules.cancellation:
        return False
    seat = obs.seat
    if any(points for s, points in enumerate(know.penalty) if s != seat):
        return False
    return bool(know.penalty[seat]) or sum(c.rank >= Rank.QUEEN for c in obs.hand) >= PLAN_HONOURS


def searcher_card(
    game: FastRound,
    tables: PolicyTables,
    seat: int,
    moon: tuple[int, bool],
    shooting: bool,
    fed: bool,
    wary: int,
    rival: int = -1,
) -> int:
    """The rollout's card for the seat to move when ``seat`` searches (see
    :func:`play_out_searcher`); ``moon`` is :func:`~hertta.ai.rollout_moon.moon_state` at the start
    of the trick."""
    taker, strong = moon
    turn = game.turn
    if ((turn == seat and shooting) or turn == rival) and taker in (-1, turn):
        mask = game.legal_mask()
        if mask & (mask - 1):
            return shoot_card(game, mask, tables, out_mask(game))
        return mask.bit_length() - 1
    if fed and taker == seat and turn != seat:
        return choose_card(game, tables, NOBODY, False, wary)
    return choose_card(game, tables, taker, strong, wary)


def kept_stopper(obs: Observation, know: Knowledge) -> Card | None:
    """The heart a seat that is void in the suit led keeps against another seat's moon: its
    highest heart, when at most one heart still out ranks above it and no other card of this
    hand is interchangeable with it, while another seat could still take every point (nobody
    but one other seat has a point) in a one-deck game; None when nothing is kept. Normal
    throws its highest heart there, and in 18 of the 37 moons Expert suffered on deals
    1000-1199 it had thrown a high heart or the Q♠ on the shooter's trick before the tenth;
    keeping it back (``HardPlayer(keep_stopper=True)``) measured -0.09 [-0.43, 0.24] points per
    round for Expert, paired over deals 1000-1079: not kept (docs/ai.md, 2026-12-06, late
    night)."""
    if obs.rules.cancellation or not obs.trick_cards:
        return None
    led = obs.trick_cards[0].suit
    if any(c.suit is led for c in obs.hand):
        return None
    takers = [s for s, points in enumerate(know.penalty) if points]
    if obs.seat in takers or len(takers) > 1:
        return None
    hearts = sorted((c for c in obs.hand if c.suit is Suit.HEARTS), key=lambda c: c.rank)
    if not hearts:
        return None
    top = hearts[-1]
    above = [c for c in know.unseen if c.suit is Suit.HEARTS and c.rank > top.rank]
    if len(above) > STOPPER_ABOVE:
        return None
    if len(hearts) > 1 and not any(
        c.suit is Suit.HEARTS and hearts[-2].rank < c.rank < top.rank for c in know.unseen
    ):
        return None  # the next heart down is as good a stopper
    if all(c == top for c in obs.legal_plays):
        return None
    return top


def searcher_moon_state(
    game: FastRound, tables: PolicyTables, seat: int, rival_losers: int
) -> tuple[int, bool]:
    """:func:`~hertta.ai.rollout_moon.moon_state` as ``seat``'s search forecasts it: another seat
    that alone has taken points shoots with up to ``rival_losers`` losers from its first point
    on (the policy's own shooters wait for none until they have 30% of the points), so the
    searcher blocks it in earnest earlier; ``seat``'s own moon is judged as always."""
    state = moon_state(game, tables, rival_losers)
    if state[0] == seat and rival_losers != EARLY_MOON_LOSERS:
        return moon_state(game, tables)
    return state


def play_out_searcher(
    game: FastRound,
    tables: PolicyTables,
    seat: int,
    shooting: bool,
    fed: bool = True,
    wary: int | None = None,
    rival_losers: int = EARLY_MOON_LOSERS,
    rival: int = -1,
) -> None:
    """Play the round to its end with the rollout policy, ``seat`` being the searcher: its own
    moon is not blocked when ``fed``, and with ``shooting`` it goes for the moon while no other
    seat has a point. Another seat's moon is blocked as ``wary`` says (by default ``seat``:
    by the searcher alone; see :func:`hertta.ai.rollout.choose_card`), and forecast with
    ``rival_losers`` (see :func:`searcher_moon_state`). The seat ``rival`` (-1: none) goes for
    the moon as a shooting searcher does, while nobody else has a point (see
    :func:`planning_rival`)."""
    if wary is None:
        wary = seat
    play = game.play
    moon = searcher_moon_state(game, tables, seat, rival_losers)
    while game.tricks_left:
        play(searcher_card(game, tables, seat, moon, shooting, fed, wary, rival))
        if not game.trick and moon[0] != NOBODY:
            moon = searcher_moon_state(game, tables, seat, rival_losers)


def planning_rival(game: FastRound, seat: int) -> int:
    """The other seat that may be going for the moon in this world, as the world weights judge
    it (:mod:`hertta.ai.inference`): nobody but it has a point and its hand has at most
    :data:`~hertta.ai.inference.MOON_TRY_LOSERS` losers (judged on the hands, the trick in
    progress left out; of several such seats, the one with the fewest, the first on a tie);
    -1 when no seat is. A seat of Hard's plans a moon from hands the rollout policy does not
    shoot (it shoots only with top cards), so without this ``seat``'s rollouts forecast such
    moons late (``HardPlayer(rival_moons=True)``, off by default: against three Hard seats,
    paired over deals 1000-1199, Expert +0.12 [-0.06, 0.30] points per round and Hard -0.26
    [-0.44, -0.07]; docs/ai.md, "2026-12-07, morning"). It sees such moons late, not early:
    of the 37 moons Hard seats shot against Expert on those deals, 1 came from a hand with at
    most 3 losers at the first trick ("2026-12-07, midday")."""
    takers = [s for s, points in enumerate(game.penalty) if points]
    if len(takers) > 1 or seat in takers:
        return -1
    candidates = takers or [s for s in range(game.n) if s != seat]
    best, fewest = -1, MOON_TRY_LOSERS + 1
    for rival in candidates:
        losers = moon_losers(game.hands[rival], game.others(rival))
        if losers < fewest:
            best, fewest = rival, losers
    return best
