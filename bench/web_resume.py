"""``bench/web_bench.py --scenario resume``: a Heart to Heart game of ``--moves`` moves is
written through the table service, then resumed: reading it (checkpoint + the moves after it) in
this process, and a page's first snapshot from a freshly started server; the baseline is
replaying every move."""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from itsdangerous import Signer
from websockets.asyncio.client import connect

from hertta.solitaire.game import Move, new_game, play
from hertta.store import Store
from hertta.tables.h2h import HeartToHeartTables, setup_for, solo_seats
from hertta.tables.service import TableService
from web_measure import line, percentile


def run_resume(
    args: argparse.Namespace,
    free_port: Callable[[], int],
    start_server: Callable[[int, str], subprocess.Popen[bytes]],
) -> None:
    """A game of ``--moves`` moves read back (checkpoint and the moves after it) against the
    baseline of replaying every move, then a fresh server's first snapshot of it."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "resume.db")
        store = Store(db)
        service = TableService(store, [HeartToHeartTables()])
        player = "resume-player"
        code = "HH1-N-AAAAAAM"
        table = service.start_alone(player, "h2h", setup_for(code), solo_seats(player))
        moves = []
        with store.transaction():  # one commit for the whole game: only the reading is timed
            for _ in range(args.moves):
                move = Move.flip() if table.state.position.stock else Move.recycle()
                table = service.decide(table, 0, move)
                moves.append(move)
        loads = []
        for _ in range(20):
            start = time.perf_counter()
            loaded = service.load(table.id)
            loads.append(time.perf_counter() - start)
        assert loaded.state == table.state
        replays = []
        for _ in range(3):
            start = time.perf_counter()
            game = new_game(code)
            for move in moves:
                game = play(game, move)
            replays.append(time.perf_counter() - start)
        key = store.secret_key()
        store.close()
        print(f"a game of {args.moves} moves; resuming replays {loaded.replayed} of them")
        print(line("read checkpoint + the rest", loads))
        print(line("baseline: replay every move", replays))
        print(f"ratio: {percentile(replays, 0.5) / percentile(loads, 0.5):.0f}x "
              "faster (goal: resume <= 50 ms)")
        cookie = "hertta_player=" + Signer(key, salt="hertta.player").sign(player).decode()
        port = free_port()
        server = start_server(port, db)
        try:
            async def first_snapshot() -> float:
                url = f"ws://127.0.0.1:{port}/ws/h2h"
                start = time.perf_counter()
                async with connect(url, additional_headers={"Cookie": cookie}) as ws:
                    await ws.send(json.dumps({"op": "hello", "seq": 1}))
                    state = json.loads(await ws.recv())["state"]
                assert state["moves"] == loaded.state.position.moves
                return time.perf_counter() - start

            times = [asyncio.run(first_snapshot())]
            print(line("a fresh server's first page", times))
        finally:
            server.terminate()
            server.wait(timeout=10)
