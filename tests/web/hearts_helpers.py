"""Seat-0 policies for driving Hearts through its WebSocket protocol, and the search that found
the pinned moon code (kept out of the test run: the code is pinned in MOON_CODE)."""

from __future__ import annotations

from typing import Any

from hertta.ai import make_player
from hertta.cards import parse_card
from hertta.hearts import observe
from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.web.hearts_session import HeartsSession
from hertta.web.hearts_view import SeatInfo
from hertta.web.protocol import Intent

RANKS = "23456789TJQKA"
EASY_TABLE = [{"name": f"Bot{seat}", "level": "easy"} for seat in range(1, 6)]
MOON_CODE = "HM1-S4-AAAAAAK-MRC"
"""Found by :func:`find_moon_code` (the first such code): the greedy seat 0 shoots in round 1."""


def rank(card: str) -> int:
    return RANKS.index(card[0])


def greedy_pass(hand: list[str]) -> list[str]:
    """Keep the high cards (to take every trick): pass the three lowest."""
    return sorted(hand, key=rank)[:3]


def greedy_play(legal: list[str]) -> str:
    """Win everything: the highest legal card (hearts first among equals)."""
    return max(legal, key=lambda c: (rank(c), c[1] == "H"))


def easy_decision(session: HeartsSession, rng: SplitMix64) -> tuple[str, dict[str, Any]]:
    """What an Easy player would do in seat 0 now, as an (op, args) pair."""
    match = session.match
    assert match is not None
    obs = observe(match.round, 0)
    easy = make_player("easy")
    if obs.phase.value == "passing":
        return "pass", {"cards": [c.notation for c in easy.choose_pass(obs, rng)]}
    if obs.phase.value == "moon_choice":
        return "moon", {"option": easy.choose_moon(obs, rng)}
    return "play", {"card": easy.choose_play(obs, rng).notation}


def greedy_shoots(code: str) -> bool:
    """Does the greedy seat 0 shoot the moon in the first round of ``code`` vs Easy bots?"""
    session = HeartsSession(Store(":memory:"), "p", {}, SplitMix64(1))
    session.store.ensure_player("p")
    easy = [SeatInfo(f"Bot{seat}", "easy") for seat in range(1, 6)]
    session.handle(Intent("new", None, {"code": code, "opponents": easy}))
    state = session.snapshot()
    for _ in range(200):
        obs = state["observation"]
        if state["status"] == "passing":
            chosen = greedy_pass(obs["hand"])
            args: dict[str, Any] = {"cards": [parse_card(c).notation for c in chosen]}
            session.handle(Intent("pass", None, args))
        elif state["status"] == "playing":
            session.handle(Intent("play", None, {"card": greedy_play(obs["legal_plays"])}))
        else:
            return bool(state["status"] == "moon_choice")
        state = session.snapshot()
    return False


def find_moon_code(limit: int = 3000) -> str | None:  # pragma: no cover - run by hand
    from hertta.hearts import preset, with_options
    from hertta.hearts.codes import MatchCode, format_match_code

    rules = with_options(preset("standard"), moon_rule="choose")
    for number in range(limit):
        code = format_match_code(MatchCode(rules, 4, number))
        if greedy_shoots(code):
            return code
    return None


if __name__ == "__main__":  # pragma: no cover
    print(find_moon_code())
