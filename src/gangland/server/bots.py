"""Bots thinking off the event loop: quick bots in a thread, search bots in a process pool, each with a time
limit after which the game's heuristic bot (or, without one, the random agent) moves instead.

A bot gets a Decision (its seat's view and a determinizer), never the true state. Each decision is seeded
from the table's secret bot seed and the step, so the same game replayed makes the same bot moves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import gangland.rl  # noqa: F401  (adds rl's agents, openspiel-ismcts and policy:PATH, to make_agent)
from gangland.agents import agent_names, make_agent
from gangland.agents.ismcts import parse_name
from gangland.engine import Decision, Game, GameRecord, State, mix_seed
from gangland.games import get

from .people import bot_level

FALLBACK = "heuristic"
"""The bot that moves for a seat whose bot failed, or whose person ran out of time."""


def fallback_bot(game: Game) -> str:
    """The game's heuristic bot where it has one, else the random agent."""
    return FALLBACK if FALLBACK in game.bots else "random"


def is_search_bot(name: str) -> bool:
    """True for bots that search for seconds (IS-MCTS), which think in the process pool."""
    return name.partition(":")[0].partition("+")[0] == "ismcts"


def bot_names(game: Game) -> list[str]:
    """The bots a table of `game` may seat: every name `agent_names` gives (the generic and the game's own
    bots, `heuristic-careless`, the IS-MCTS levels and any added kind that offers itself)."""
    return agent_names(game)


def decide(game: Game, state: State, seat: int, bot: str, seed: int) -> int:
    """The action `bot` chooses for `seat` (to act in `state`), seeded with `seed`."""
    return _decide(game, state, seat, bot, seed, False)[0]


def advise(game: Game, state: State, seat: int, bot: str, seed: int) -> tuple[int, str | None]:
    """`decide`, with the bot's reason for its choice where it can give one (a hint: ingame.py)."""
    return _decide(game, state, seat, bot, seed, True)


def _decide(game: Game, state: State, seat: int, bot: str, seed: int, why: bool) -> tuple[int, str | None]:
    """The action and (asked with `why`) the bot's reason: its `explain(decision, action)`, if it has one.
    The bot gets a Decision (the seat's view and a determinizer), never the state itself."""
    agent = make_agent(bot, game, seed)
    legal = tuple(state.legal_actions())
    if len(legal) == 1:
        return legal[0], "it is the only legal move" if why else None
    decision = Decision(game, state, seat, legal)
    action = agent.act(decision)
    if action not in legal:
        raise RuntimeError(f"bot {bot!r} chose {action}, which is not legal")
    explain = getattr(agent, "explain", None) if why else None
    return action, explain(decision, action) if callable(explain) else None


def _decide_in_worker(record: GameRecord, seat: int, bot: str, seed: int,
                      why: bool) -> tuple[int, str | None]:
    """`_decide` in a worker process, which gets the game's record so far and replays it."""
    game = get(record.game)
    return _decide(game, record.replay(game), seat, bot, seed, why)


class BotRunner:
    """Runs bot decisions without blocking the event loop."""

    def __init__(self, search_workers: int | None = None, slack: float = 5.0) -> None:
        self.search_workers = search_workers or os.cpu_count() or 1
        self.slack = slack
        """Seconds a search bot may run past its own time before it counts as hung."""
        self._pool: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        """One per worker process: a search waits here, not in the pool's queue, so that its time limit
        counts only its own thinking."""

    def _search_pool(self) -> Executor:
        if self._pool is None:
            # spawn: a worker must not inherit the server's event loop, sockets and database connections.
            self._pool = ProcessPoolExecutor(
                self.search_workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def seed(self, bot_seed: int, step: int) -> int:
        """The seed of the bot decision at `step` of a table whose secret bot seed is `bot_seed`."""
        return mix_seed(bot_seed, step)

    async def choose(
        self, game: Game, state: State, record: GameRecord, seat: int, bot: str, bot_seed: int
    ) -> tuple[int, str | None]:
        """(action, note): the bot's action for `seat`; when the bot fails or hangs, the fallback bot's
        action and a note saying so for the log."""
        seed = self.seed(bot_seed, len(record.actions))
        try:
            action, _ = await self._think(game, state, record, seat, bot, seed, why=False)
            return action, None
        except Exception as exc:  # a bot's failure must not stall the table: the fallback moves
            why = "took too long" if isinstance(exc, TimeoutError) else f"failed ({type(exc).__name__})"
            stand_in = fallback_bot(game)
            action = await asyncio.to_thread(decide, game, state.clone(), seat, stand_in, seed)
            return action, f"its bot {why}; the {bot_level(stand_in, game.id)} bot moved instead"

    async def advise(
        self, game: Game, state: State, record: GameRecord, seat: int, bot: str, seed: int
    ) -> tuple[int, str | None]:
        """(action, reason): the move `bot` would make for `seat`, seeded with `seed`, and its reason where
        it gives one (a hint, ingame.py). It thinks as at a seat of its own (a search bot in the pool,
        within its time) but answers as soon as it has chosen; a failure goes on up."""
        return await self._think(game, state, record, seat, bot, seed, why=True)

    async def _think(self, game: Game, state: State, record: GameRecord, seat: int, bot: str, seed: int,
                     why: bool) -> tuple[int, str | None]:
        """`bot`'s action for `seat` (and, with `why`, its reason): a quick bot in a thread, a search bot in
        the pool. A search bot's move for a seat (not `why`) waits out its whole time."""
        loop = asyncio.get_running_loop()
        try:
            if is_search_bot(bot):
                so_far = dataclasses.replace(record, actions=list(record.actions), result=None)
                budget = _search_seconds(bot)
                if self._slots is None:
                    self._slots = asyncio.Semaphore(self.search_workers)
                slots = self._slots
                await slots.acquire()
                started = loop.time()
                try:
                    thinking = loop.run_in_executor(self._search_pool(), _decide_in_worker, so_far, seat, bot,
                                                    seed, why)
                except BaseException:
                    slots.release()
                    raise
                # The slot is its worker's until the search ends, even if this table stops waiting for it
                # (the host took the seat back): a worker cannot drop a search half-way.
                thinking.add_done_callback(lambda _: slots.release())
                async with asyncio.timeout(budget + self.slack):  # not wait_for: see app.send_outbox
                    chosen = await asyncio.shield(thinking)
                if not why:
                    # A search answers at once when it has one choice: waiting out its time keeps how
                    # long it thought from telling the table how many choices its hidden hand left it.
                    await asyncio.sleep(max(0.0, min(budget, 30.0) - (loop.time() - started)))
                return chosen
            if why:
                return await asyncio.to_thread(advise, game, state.clone(), seat, bot, seed)
            return await asyncio.to_thread(decide, game, state.clone(), seat, bot, seed), None
        except (TimeoutError, BrokenProcessPool):  # a worker hung or died: a fresh pool
            self._restart_pool()
            raise

    def _restart_pool(self) -> None:
        # A hung worker keeps its process busy, and a pool whose worker died refuses all work: replace it
        # so that the next search starts fresh.
        if self._pool is not None:
            pool, self._pool = self._pool, None
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
            pool.shutdown(wait=False, cancel_futures=True)


def _search_seconds(bot: str) -> float:
    """The seconds a search bot's name gives it (30 for a budget of iterations)."""
    seconds = parse_name(bot).seconds
    return float(seconds) if seconds is not None else 30.0
