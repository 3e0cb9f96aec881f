"""``bench/web_bench.py --scenario shared``: shared Hearts tables under load.

``--people-tables`` tables of four simulated people each, and ``--bot-tables`` tables of one
simulated person and three Hard computer players, play at once through the public HTTP API
and table socket. Each simulated person answers a decision after a random think time (uniform
0..2 x ``--think-ms``). Measured while they play (``--seconds``): the round trip of every
person's decision (op sent to its answer), a bystander's ping on its own socket every 50 ms,
the computer players' decisions per second, and the server's CPU and peak memory. The same
bystander ping is first measured on the idle server: that is the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import urllib.request
from http.cookies import SimpleCookie
from typing import Any

from websockets.asyncio.client import connect

from web_measure import bystander, line, percentile

RANKS = "23456789TJQKA"


def new_person(base: str, name: str) -> str:
    with urllib.request.urlopen(f"{base}/", timeout=60) as reply:
        cookie = SimpleCookie()
        cookie.load(reply.headers.get("set-cookie", ""))
    header = f"hertta_player={cookie['hertta_player'].value}"
    post(base, "/api/profile", {"name": name}, header)
    return header


def post(base: str, path: str, body: Any, cookie: str) -> Any:
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(),
                                     headers={"Cookie": cookie,
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read())


def owed(state: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    table, game = state["table"], state.get("game")
    seat = table["you"]
    if not game or seat is None:
        return None
    status, obs = game["status"], game["observation"]
    if status == "passing" and not obs["passed"]:
        return "pass", {"cards": sorted(obs["hand"], key=lambda c: RANKS.index(c[0]))[-3:]}
    if status == "playing" and obs["turn"] == seat:
        return "play", {"card": obs["legal_plays"][0]}
    if status == "moon_choice" and obs["moon_shooter"] == seat:
        return "moon", {"option": "add"}
    last = status == "round_over" and max(game["summary"]["totals"]) >= game["score_limit"]
    if status == "round_over" and seat not in table["ready"] and not last:
        return "next", {}
    return None


class Stats:
    def __init__(self) -> None:
        self.decisions: list[float] = []
        self.computer = 0


async def person(url: str, cookie: str, sit: bool, stop: float, think_ms: float,
                 seed: int, stats: Stats, ready: asyncio.Event) -> None:
    """One simulated person at a table: sits (unless hosting) and decides when it owes one."""
    state: dict[str, Any] = {}
    seq = 0
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None) as ws:
        await ws.send(json.dumps({"op": "hello", "seq": 0}))
        if sit:
            await ws.send(json.dumps({"op": "sit", "seq": 1}))
        await ready.wait()
        pending: tuple[int, float] | None = None
        rng = seed
        while time.perf_counter() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                message = {}
            if "state" in message:
                state = message["state"]
                seats = state["table"]["seats"]
                stats.computer += sum(
                    e["type"] in ("play", "passed") and e.get("seat") is not None
                    and seats[e["seat"]]["kind"] == "computer"
                    for e in message.get("events", [])
                )
            if pending is not None and message.get("re") == pending[0]:
                stats.decisions.append(time.perf_counter() - pending[1])
                pending = None
            if pending is None and state and (choice := owed(state)) is not None:
                rng = (rng * 6364136223846793005 + 1442695040888963407) % 2**64
                await asyncio.sleep((rng >> 33) % max(1, int(2 * think_ms)) / 1000)
                seq += 1
                pending = (seq + 10, time.perf_counter())
                await ws.send(json.dumps({"op": choice[0], "seq": seq + 10, **choice[1]}))


def seat_tables(base: str, ws_base: str, people_tables: int, bot_tables: int,
                level: str) -> list[tuple[str, str, bool]]:
    """Tables of four people and tables of one person and three computer players of
    ``level``: for each person, the table socket's URL, their cookie and whether they sit."""
    seatings: list[tuple[str, str, bool]] = []
    for index in range(people_tables):
        cookies = [new_person(base, f"P{index}-{seat}") for seat in range(4)]
        table = post(base, "/api/tables", {
            "rules": {"preset": "standard", "players": 4, "score_limit": 100},
            "seats": ["host", "open", "open", "open"], "clock": 0}, cookies[0])
        url = f"{ws_base}/ws/tables/{table['id']}?invite={table['invite_url'].split('invite=')[1]}"
        seatings += [(url, cookies[0], False)] + [(url, c, True) for c in cookies[1:]]
    for index in range(bot_tables):
        cookie = new_person(base, f"B{index}")
        table = post(base, "/api/tables", {
            "rules": {"preset": "standard", "players": 4, "score_limit": 100},
            "seats": ["host", *[{"level": level}] * 3], "clock": 0}, cookie)
        url = f"{ws_base}/ws/tables/{table['id']}?invite={table['invite_url'].split('invite=')[1]}"
        seatings.append((url, cookie, False))
    return seatings


async def run_shared(args: argparse.Namespace, port: int, cpu: Any) -> None:
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    watcher = new_person(base, "Watcher")
    stop = time.perf_counter() + min(20.0, args.seconds)
    idle = await bystander(f"{ws_base}/ws/h2h", watcher, stop)
    print(line("idle: bystander ping", idle, 34))
    started = time.perf_counter()
    seatings = seat_tables(base, ws_base, args.people_tables, args.bot_tables, "hard")
    print(f"{args.people_tables} tables of four people and {args.bot_tables} tables of one "
          f"person and three Hard players set up in {time.perf_counter() - started:.1f} s "
          f"({len(seatings)} sockets)")
    stats = Stats()
    ready = asyncio.Event()
    cpu_before = cpu()
    stop = time.perf_counter() + args.seconds + 10
    tasks = [asyncio.ensure_future(person(url, cookie, sits, stop, args.think_ms, i, stats, ready))
             for i, (url, cookie, sits) in enumerate(seatings)]
    await asyncio.sleep(10)  # every socket connected and seated before measuring
    ready.set()
    measured_from = time.perf_counter()
    pings = await bystander(f"{ws_base}/ws/h2h", watcher, stop)
    await asyncio.gather(*tasks, return_exceptions=True)
    seconds = time.perf_counter() - measured_from
    print(line("people's decisions (round trip)", stats.decisions, 34))
    print(line("busy: bystander ping", pings, 34))
    print(f"ratio busy/idle ping p99: {percentile(pings, 0.99) / percentile(idle, 0.99):.1f}x; "
          f"people's decisions {len(stats.decisions) / seconds:.0f}/s, computer players' "
          f"{stats.computer / seconds:.0f}/s; web process CPU {cpu() - cpu_before:.0f} s "
          f"in {seconds:.0f} s")
