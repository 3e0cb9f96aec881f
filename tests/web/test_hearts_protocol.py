"""Hearts over the WebSocket, in process: new matches, passing, playing, refusals with the
rules' reason code, the moon choice, bad frames, resuming, statistics."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.hearts import REASONS
from hertta.web.app import create_app
from hertta.web.settings import Settings
from tests.web.conftest import Socket
from tests.web.hearts_helpers import EASY_TABLE, MOON_CODE, decide, greedy_pass, greedy_play


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target


@pytest.fixture
def hearts(client: TestClient) -> Iterator[Socket]:
    with client.websocket_connect("/ws/hearts") as ws:
        wrapped = Socket(ws)
        wrapped.hello()
        yield wrapped


def update(socket: Socket, op: str, **args: Any) -> dict[str, Any]:
    """The reply to ``op`` with the state once the computer players have moved on."""
    return decide(socket, op, **args)


def start(socket: Socket, **args: Any) -> dict[str, Any]:
    args.setdefault("opponents", EASY_TABLE)
    return update(socket, "new", **args)


def test_first_visit_has_no_match(hearts: Socket) -> None:
    assert hearts.hello()["status"] == "none"


def test_new_match_from_the_form(hearts: Socket) -> None:
    reply = start(hearts, players=5, preset="black_lady", score_limit=150, moon_rule="subtract")
    state = reply["state"]
    assert state["players"] == 5 and state["score_limit"] == 150
    assert state["preset"] == "black_lady" and state["moon_rule"] == "subtract"
    # The server dealt this match: its code would reproduce every hand, so it stays hidden.
    assert state["code"] is None
    assert reply["events"][0] == {"type": "new", "code": None}
    assert [s["name"] for s in state["seats"][1:]] == ["Bot1", "Bot2", "Bot3", "Bot4"]
    assert state["status"] == "passing"
    # The bots chose their passes at once; only seat 0's choice is awaited.
    assert state["observation"]["passes_chosen"] == [False, True, True, True, True]


def test_new_match_with_the_variants_options(hearts: Socket) -> None:
    state = start(hearts, players=4, preset="omnibus", bonus_card="JD", queen_breaks_hearts=True)[
        "state"
    ]
    assert state["preset"] == "omnibus"
    assert state["rule_options"] == {"bonus_card": "JD", "queen_breaks_hearts": True}
    plain = start(hearts, players=4, preset="black_lady", ace_of_spades_points=0)["state"]
    assert plain["rule_options"] == {}  # the preset's own value is no option
    assert start(hearts, preset="black_lady", ace_of_spades_points=7)["state"]["rule_options"] == {
        "ace_of_spades_points": 7
    }
    refused = hearts.send("new", players=4, preset="standard", bonus_card="JD")
    assert refused == {**refused, "type": "error", "code": "bad_setting"}
    # Refused before anything changed: the match of before is still the one shown.
    assert hearts.hello()["rule_options"] == {"ace_of_spades_points": 7}


def test_cancellation_needs_five_players(hearts: Socket) -> None:
    reply = hearts.send("new", players=4, preset="cancellation")
    assert reply == {**reply, "type": "error", "code": "bad_setting"}


def test_passing_then_playing(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    hand = state["observation"]["hand"]
    reply = update(hearts, "pass", cards=hand[:3])
    kinds = [e["type"] for e in reply["events"]]
    assert kinds[:2] == ["passed", "exchange"]
    obs = reply["state"]["observation"]
    assert obs["passed"] == sorted(hand[:3]) or set(obs["passed"]) == set(hand[:3])
    assert reply["events"][1]["received"] == obs["received"]
    assert set(obs["received"]) <= set(obs["hand"])
    assert reply["state"]["status"] == "playing" and obs["turn"] == 0
    card = obs["legal_plays"][0]
    after = update(hearts, "play", card=card)
    # ``turn`` says who acts next: the trick's winner when this card completed it, else seat 1.
    own = after["events"][: next(
        (i for i, e in enumerate(after["events"]) if i and e["type"] == "play"),
        len(after["events"]),
    )]
    trick = next((e for e in own if e["type"] == "trick"), None)
    turn = trick["winner"] if trick is not None else 1
    assert after["events"][0] == {"type": "play", "seat": 0, "card": card, "turn": turn}
    if trick is not None:
        assert trick["turn"] == trick["winner"]
    assert card not in after["state"]["observation"]["hand"]


def test_no_pass_round_is_announced(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    assert state["observation"]["pass_direction"] == "left"
    # Round 4 of a 4-player match passes nothing: the match code fixes the cycle.
    for _ in range(3):
        state = finish_round(hearts, state)
        if state["status"] == "match_over":
            pytest.fail("the match ended too early for this test")
        state = update(hearts, "next")["state"]
    assert state["observation"]["pass_direction"] == "none"
    assert state["status"] == "playing"


def finish_round(socket: Socket, state: dict[str, Any]) -> dict[str, Any]:
    """Play the round out with the greedy policy (moon: add)."""
    for _ in range(100):
        obs = state["observation"]
        if state["status"] == "passing":
            state = update(socket, "pass", cards=greedy_pass(obs["hand"]))["state"]
        elif state["status"] == "playing":
            state = update(socket, "play", card=greedy_play(obs["legal_plays"]))["state"]
        elif state["status"] == "moon_choice":
            state = update(socket, "moon", option="add")["state"]
        else:
            return state
    raise AssertionError("the round did not end")


def test_illegal_play_is_refused_with_its_reason(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    state = update(hearts, "pass", cards=state["observation"]["hand"][:3])["state"]
    seen: set[str] = set()
    for _ in range(13):
        obs = state["observation"]
        illegal = [c for c in obs["hand"] if c not in obs["legal_plays"]]
        if illegal:
            reply = update(hearts, "play", card=illegal[0])
            event = reply["events"][0]
            assert event["type"] == "refused" and event["card"] == illegal[0]
            assert event["reason"] in REASONS
            seen.add(event["reason"])
            assert reply["state"]["version"] == state["version"]  # nothing changed
            assert reply["state"]["observation"] == obs  # nothing changed
        if state["status"] != "playing":
            break
        state = update(hearts, "play", card=obs["legal_plays"][0])["state"]
    assert seen, "no illegal card came up in a whole round"
    assert seen <= {"must_follow_suit", "hearts_not_broken", "no_points_first_trick",
                    "must_lead_opening_club"}


def test_not_your_turn_and_wrong_phase(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    card = state["observation"]["hand"][0]
    assert update(hearts, "play", card=card)["events"][0]["reason"] == "wrong_phase"
    reply = hearts.send("next")
    assert reply["type"] == "error" and reply["code"] == "illegal_move"


def test_moon_choice_dialog_data_and_choice(hearts: Socket) -> None:
    state = start(hearts, code=MOON_CODE)["state"]
    for _ in range(100):
        obs = state["observation"]
        if state["status"] == "passing":
            state = update(hearts, "pass", cards=greedy_pass(obs["hand"]))["state"]
        elif state["status"] == "playing":
            state = update(hearts, "play", card=greedy_play(obs["legal_plays"]))["state"]
        else:
            break
    assert state["status"] == "moon_choice"
    options = state["observation"]["moon_options"]
    assert options == {"add": [0, 26, 26, 26], "subtract": [-26, 0, 0, 0]}
    reply = update(hearts, "moon", option="subtract")
    assert reply["events"][0] == {"type": "moon", "seat": 0, "option": "subtract"}
    summary = reply["state"]["summary"]
    assert summary["points"] == [-26, 0, 0, 0] and summary["moon_shooter"] == 0
    assert summary["moon_option"] == "subtract"
    assert reply["state"]["status"] == "round_over"


def test_bad_frames_survive(hearts: Socket) -> None:
    start(hearts, code="HM1-S4-AAAAAAM")
    for frame, code in [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_frame"),
        (json.dumps({"op": "fly"}), "unknown_op"),
        (json.dumps({"op": "pass", "cards": "2C"}), "bad_argument"),
        (json.dumps({"op": "pass", "cards": ["2C"] * 53}), "bad_argument"),
        (json.dumps({"op": "pass", "cards": ["2C", "XX", "3C"]}), "bad_argument"),
        (json.dumps({"op": "play", "card": 7}), "bad_argument"),
        (json.dumps({"op": "moon", "option": "both"}), "bad_argument"),
        (json.dumps({"op": "new", "players": 9}), "bad_argument"),
        (json.dumps({"op": "new", "code": "HM1-nonsense"}), "bad_code"),
        (json.dumps({"op": "new", "opponents": [{"name": "x" * 50}]}), "bad_argument"),
    ]:
        reply = hearts.send_raw(frame)
        assert reply["type"] == "error" and reply["code"] == code, (frame, reply)
    state = hearts.hello()
    assert state["code"] == "HM1-S4-AAAAAAM" and state["status"] == "passing"
    hand = state["observation"]["hand"]
    assert update(hearts, "pass", cards=hand[:3])["state"]["status"] == "playing"


def test_a_pass_of_another_count_than_three_is_refused_by_the_rules(hearts: Socket) -> None:
    """docs/hearts-web.md lists ``wrong_pass_count`` among the refusals: a list of cards of
    another length is a pass the rules refuse, not a malformed frame."""
    hand = start(hearts, code="HM1-S4-AAAAAAM")["state"]["observation"]["hand"]
    for cards in (hand[:1], hand[:2], hand[:4], []):
        reply = update(hearts, "pass", cards=cards)
        assert reply["events"] == [{"type": "refused", "reason": "wrong_pass_count"}], reply
        assert reply["state"]["status"] == "passing"
    assert update(hearts, "pass", cards=hand[:3])["state"]["status"] == "playing"


def test_passing_a_card_not_held_is_refused(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    hand = state["observation"]["hand"]
    missing = next(f"{r}{s}" for s in "CDSH" for r in "23456789TJQKA" if f"{r}{s}" not in hand)
    reply = update(hearts, "pass", cards=[*hand[:2], missing])
    assert reply["events"] == [{"type": "refused", "reason": "not_in_hand"}]


def test_resume_mid_trick_after_a_restart(db_path: str, client: TestClient) -> None:
    with client.websocket_connect("/ws/hearts") as ws:
        socket = Socket(ws)
        socket.hello()
        state = start(socket, code="HM1-S5-AAAABCD")["state"]
        state = update(socket, "pass", cards=state["observation"]["hand"][:3])["state"]
        while not state["observation"]["trick"]["cards"] or state["observation"]["turn"] != 0:
            state = update(socket, "play", card=state["observation"]["legal_plays"][0])["state"]
        assert state["observation"]["trick"]["cards"], "mid-trick"
    cookies = dict(client.cookies)
    app = create_app(Settings(db_path=db_path))
    with TestClient(app, cookies=cookies) as again, again.websocket_connect("/ws/hearts") as ws:
        resumed = Socket(ws).hello()
    for key in ("observation", "code", "seats", "status", "round_index"):
        assert resumed[key] == state[key], key


def test_a_whole_match_counts_in_the_statistics(hearts: Socket, client: TestClient) -> None:
    state = start(hearts, players=3, preset="standard", score_limit=20)["state"]
    for _ in range(30):
        state = finish_round(hearts, state)
        if state["status"] == "match_over":
            break
        state = update(hearts, "next")["state"]
    summary = state["summary"]
    assert summary["match_over"] and max(summary["totals"]) >= 20
    assert summary["winners"] == [s for s, t in enumerate(summary["totals"])
                                  if t == min(summary["totals"])]
    stats = client.get("/api/stats").json()["hearts"]
    assert stats["hearts.stats.played"] == "1"
    assert stats["hearts.stats.won"] == ("1" if 0 in summary["winners"] else "0")
    # Once the match is over its code is shown, and replaying it keeps it shown.
    assert state["code"].startswith("HM2-S3-")  # a secret deal's code: format 2
    assert update(hearts, "replay")["state"]["code"] == state["code"]


def test_an_entered_code_is_shown_and_a_running_match_cannot_be_replayed(hearts: Socket) -> None:
    state = start(hearts, code="hm1-s4-aaaaaam")["state"]
    assert state["code"] == "HM1-S4-AAAAAAM"
    start(hearts, players=4)
    reply = hearts.send("replay")
    assert reply["type"] == "error" and reply["code"] == "illegal_move"


def test_hint_names_a_legal_card(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    hint = update(hearts, "hint")["events"][0]
    assert hint["type"] == "hint" and hint["kind"] == "pass" and len(hint["cards"]) == 3
    assert set(hint["cards"]) <= set(state["observation"]["hand"])


def test_hearts_page_renders_in_both_languages(client: TestClient) -> None:
    page = client.get("/hearts")
    assert page.status_code == 200 and 'id="dialog-new"' in page.text
    assert "Uusi ottelu" in page.text
    client.post("/api/settings", json={"lang": "en"})
    assert "New match" in client.get("/hearts").text


def test_a_round_is_reviewed_once_it_is_over(hearts: Socket) -> None:
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    early = hearts.send("review")
    assert early["type"] == "error" and early["code"] == "illegal_move"
    state = finish_round(hearts, state)
    assert state["status"] in ("round_over", "match_over")
    assert state["rounds"] == []  # round 1 is in the summary until round 2 is dealt
    review = update(hearts, "review")["events"][0]
    assert review["type"] == "review" and review["round"] == 0 and review["seat"] == 0
    kinds = [decision["kind"] for decision in review["decisions"]]
    assert kinds[0] == "pass" and kinds.count("play") == 13
    assert all(d["cost"] >= 0 and d["error"] >= 0 for d in review["decisions"])
    assert [len(hand) for hand in review["after_pass"]] == [13] * 4
    assert update(hearts, "review")["events"][0] == review  # looked over once


def test_a_card_named_for_an_earlier_position_is_stale(hearts: Socket) -> None:
    """A decision may name the table's count of decisions it was made on (another tab's card,
    sent as this one played the turn): one for a position gone by is refused ``stale``, a
    snapshot follows, nothing changes (docs/hearts-web.md)."""
    state = start(hearts, code="HM1-S4-AAAAAAM")["state"]
    passed_at = state["decisions"]
    state = update(hearts, "pass", cards=state["observation"]["hand"][:3],
                   decisions=passed_at)["state"]
    assert state["status"] == "playing" and state["decisions"] > passed_at
    first_turn = state["decisions"]
    state = update(hearts, "play", card=state["observation"]["legal_plays"][0],
                   decisions=first_turn)["state"]
    now = state["decisions"]
    assert state["observation"]["turn"] == 0 and now > first_turn
    card = state["observation"]["legal_plays"][-1]
    reply = hearts.send("play", card=card, decisions=first_turn)
    assert reply["type"] == "error" and reply["code"] == "stale", reply
    snapshot = hearts.receive()
    assert snapshot["type"] == "snapshot" and snapshot["state"]["decisions"] == now
    assert card in snapshot["state"]["observation"]["hand"]
    reply = hearts.send("play", card=card, decisions=now + 1)  # a count not reached
    assert reply["type"] == "error" and reply["code"] == "stale", reply
    hearts.receive()
    after = update(hearts, "play", card=card, decisions=now)
    assert after["events"][0]["card"] == card
