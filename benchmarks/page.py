"""What the table page costs the browser for each state it shows: two versions of the page side by side,
interleaved, in Debian's Chromium against the real server.

Run from the repository root (with the test set-up's Playwright and Chromium):

    .venv/bin/python benchmarks/page.py --old REV [--new SRC] [--game ID] [--players P] [--moves M]
                                        [--rounds N]

OLD is a git revision (its `src` is taken out into a temporary folder); NEW a source folder (default: this
checkout's `src`). Each version is served by a `gangland serve` of its own, with its own pages; the server's
bots move at once, as in the browser tests. A round opens, in each version (the first of the pair changing
every round, so a drifting machine slows both alike), a new table of GAME with one person and heuristic bots
in the other seats, in a fresh browser context, and plays M of the person's moves (seeded random clicks on
its action buttons), or to the end of the game. Chromium's own counters (the DevTools Protocol's
Performance.getMetrics) give the page's busy time while it played: all its tasks, and of those its script,
layout and style time. Printed per version: the median over the rounds of each, in milliseconds a state
received, and the ratio of the medians (new / old: below 1 is cheaper). A benchmark prints; it is not a test.

Two things to know when reading the figures. The games are not the same: a table's deal is the server's
secret random one, so each round of each version plays a game of its own, and the medians of a few rounds
carry that spread. And the busy time includes what Playwright runs in the page to drive it (finding and
clicking the buttons, about the same for both versions): it is the page's cost with that added, not alone.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _server import GanglandServer, api, free_port

ROOT = Path(__file__).resolve().parent.parent
METRICS = {"TaskDuration": "all", "ScriptDuration": "script", "LayoutDuration": "layout",
           "RecalcStyleDuration": "style"}
"""Chromium's counters of busy seconds, and the names printed for them."""
BOUND_SECONDS = 600.0
"""The most one round of one version may take: the loop ends then, whatever happens."""


@dataclass
class Round:
    """One version's play of one table: the states its page received, and the busy milliseconds a state."""

    states: int
    per_state: dict[str, float]


def play(server: GanglandServer, browser: Any, game: str, players: int, moves: int, seed: int) -> Round:
    """Open a new table on `server` and play `moves` of the person's moves in a fresh page; its costs."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    seats = [{"bot": None}] + [{"bot": "heuristic"}] * (players - 1)
    created = api(server.port, "POST", "/api/tables", {"game": game, "players": players, "listed": False,
                                                        "seats": seats})
    link = next(s["link"] for s in created["seats"] if s["seat"] == 0)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        states = [0]

        def count(payload: str | bytes) -> None:
            with contextlib.suppress(ValueError, TypeError):
                message = json.loads(payload)
                if isinstance(message, dict) and message.get("type") == "state":
                    states[0] += 1

        page.on("websocket", lambda ws: ws.on("framereceived", count))
        page.goto(f"http://127.0.0.1:{server.port}{link}")
        page.locator("#conn").filter(has_text="connected").wait_for()
        session = context.new_cdp_session(page)
        session.send("Performance.enable")
        before = metrics(session)
        seen_before = states[0]
        rng = random.Random(seed)
        made = 0
        deadline = time.monotonic() + BOUND_SECONDS
        buttons = page.locator("#actions button:not([disabled])")
        while made < moves and time.monotonic() < deadline:
            if page.locator("#over:not(.hidden) table.result").count():
                break
            count_now = buttons.count()
            if not count_now:
                page.wait_for_timeout(15)
                continue
            try:
                buttons.nth(rng.randrange(count_now)).click(timeout=2_000)
            except PlaywrightTimeout:  # a new state re-rendered the buttons meanwhile: choose again
                continue
            made += 1
        page.wait_for_timeout(500)  # the last states' drawing
        after = metrics(session)
        received = states[0] - seen_before
        if received <= 0:
            raise RuntimeError("the page received no state while it played")
        return Round(received, {name: 1000 * (after[key] - before[key]) / received
                                for key, name in METRICS.items()})
    finally:
        context.close()


def metrics(session: Any) -> dict[str, float]:
    """Chromium's busy-time counters of a page, in seconds."""
    answer = session.send("Performance.getMetrics")
    return {m["name"]: float(m["value"]) for m in answer["metrics"] if m["name"] in METRICS}


def take_out(revision: str, into: Path) -> Path:
    """The `src` folder of git `revision`, written into `into`; the folder holding `gangland`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "src"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--old", required=True, help="the git revision whose page is compared")
    parser.add_argument("--new", type=Path, default=ROOT / "src", help="a source folder (default: src)")
    parser.add_argument("--game", default="supergang")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="the person's moves a round (default 40)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("no `chromium` on PATH: scripts/services installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gangland-page-") as temp:
        folder = Path(temp)
        (folder / "old").mkdir()
        sources = {"old": take_out(args.old, folder / "old"), "new": args.new.resolve()}
        servers = {label: GanglandServer(f"sqlite:///{folder}/{label}.db", free_port(),
                                         folder / f"{label}.log", source=source)
                   for label, source in sources.items()}
        results: dict[str, list[Round]] = {label: [] for label in servers}
        playwright = sync_playwright().start()
        try:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            for server in servers.values():
                server.start()
            for n in range(args.rounds):
                order = ["old", "new"] if n % 2 == 0 else ["new", "old"]
                for label in order:
                    done = play(servers[label], browser, args.game, args.players, args.moves, seed=n)
                    results[label].append(done)
                    print(f"round {n + 1} {label}: {done.states} states, "
                          + ", ".join(f"{k} {v:.1f}" for k, v in done.per_state.items()) + " ms a state",
                          flush=True)
            browser.close()
        finally:
            for server in servers.values():
                server.stop()
            playwright.stop()
    print(f"\n{args.game}, {args.players} players, {args.moves} moves of the person a round, {args.rounds} "
          f"rounds: medians, in ms of the page's busy time a state received (old {args.old}, new {args.new})")
    for name in METRICS.values():
        old = statistics.median(r.per_state[name] for r in results["old"])
        new = statistics.median(r.per_state[name] for r in results["new"])
        print(f"  {name:7} old {old:7.2f}  new {new:7.2f}  new/old {new / old:.2f}")


if __name__ == "__main__":
    main()
