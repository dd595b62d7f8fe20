"""Bots at a table: off the event loop, seeded by table and step, and replaced when they fail or hang.

issue 16: "Bots think off the event loop (a process pool for search bots), so a 2-second IS-MCTS move never
delays another table; the table shows "thinking"." Issue 18 (taken early, it is small): "A bot process that
crashes or hangs (a search bot past its time) must not stall its table: the table falls back to the
heuristic bot and says so."
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

import pytest

from gangland.engine import GameRecord
from gangland.games import get
from gangland.server import bots
from gangland.server.bots import BotRunner

from .tables import create, play_people, seated, server, token_of


def a_razzia_game() -> tuple[GameRecord, object]:
    game = get("razzia")
    record = GameRecord.start(game, 3, 11, None, ["heuristic"] * 3)
    return record, record.replay(game)


def test_a_search_bot_thinks_while_the_event_loop_goes_on() -> None:
    record, state = a_razzia_game()
    runner = BotRunner()

    async def race() -> tuple[int, int]:
        search = asyncio.create_task(runner.choose(get("razzia"), state, record, 0, "ismcts:easy", 5))
        ticks = 0
        while not search.done():  # the loop keeps turning while the search runs in its process
            await asyncio.sleep(0.005)
            ticks += 1
        action, note = await search
        assert note is None
        return action, ticks

    try:
        action, ticks = asyncio.run(race())
    finally:
        runner.close()
    assert action in state.legal_actions()  # type: ignore[attr-defined]
    assert ticks >= 5


def test_a_bot_decision_is_the_same_for_the_same_table_and_step() -> None:
    record, state = a_razzia_game()
    runner = BotRunner()
    game = get("razzia")
    first = asyncio.run(runner.choose(game, state, record, 0, "heuristic", 99))
    again = asyncio.run(runner.choose(game, state, record, 0, "heuristic", 99))
    assert first == again and first[1] is None
    assert runner.seed(99, 0) != runner.seed(99, 1) != runner.seed(98, 1)


def test_a_failing_bot_is_replaced_by_the_heuristic_bot_and_the_log_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = bots.decide

    def broken(game, state, seat, bot, seed):  # type: ignore[no-untyped-def]
        if bot == "random":
            raise RuntimeError("the random bot broke")
        return real(game, state, seat, bot, seed)

    monkeypatch.setattr(bots, "decide", broken)
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, "random"], listed=False)
        with seated(client, created["table_id"], token_of(created["creator_link"])) as me:
            last = play_people({0: me}, random.Random(1))
    assert last["over"]
    bot_lines = [entry for entry in last["log"] if entry["seat"] == 1]
    assert bot_lines
    note = "its bot failed (RuntimeError); the Easy bot moved instead"
    assert all(note in entry["line"] for entry in bot_lines)


def test_a_search_bot_past_its_time_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    record, state = a_razzia_game()
    monkeypatch.setattr(bots, "_search_seconds", lambda bot: 0.0)
    runner = BotRunner(slack=0.0)  # no search can answer in no time: it counts as hung
    try:
        action, note = asyncio.run(runner.choose(get("razzia"), state, record, 0, "ismcts:easy", 5))
    finally:
        runner.close()
    assert action in state.legal_actions()  # type: ignore[attr-defined]
    assert note == "its bot took too long; the Easy bot moved instead"


def test_a_search_process_that_dies_is_replaced_and_the_next_search_runs() -> None:
    """issue 18: "A bot process that crashes ... must not stall its table: the table falls back to the
    heuristic bot and says so." A search worker SIGKILLed mid-search: the heuristic bot moves, the log's
    note says why, and the next search runs in a new process (a broken pool is not kept)."""
    record, state = a_razzia_game()
    runner = BotRunner(search_workers=1)

    async def kill_mid_search() -> tuple[int, str | None]:
        choosing = asyncio.create_task(runner.choose(get("razzia"), state, record, 0, "ismcts:hard", 5))
        deadline = asyncio.get_running_loop().time() + 30
        while not (runner._pool and getattr(runner._pool, "_processes", None)):  # the worker is up
            assert asyncio.get_running_loop().time() < deadline, "no search process started"
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)
        for process in list(runner._pool._processes.values()):  # type: ignore[attr-defined]
            os.kill(process.pid, signal.SIGKILL)
        return await choosing

    try:
        action, note = asyncio.run(kill_mid_search())
        assert action in state.legal_actions()  # type: ignore[attr-defined]
        assert note == "its bot failed (BrokenProcessPool); the Easy bot moved instead"
        action, note = asyncio.run(runner.choose(get("razzia"), state, record, 0, "ismcts:easy", 6))
        assert action in state.legal_actions() and note is None, note  # type: ignore[attr-defined]
    finally:
        runner.close()
