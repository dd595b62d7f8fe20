"""Regenerate docs/screenshots/: each game's table mid-game, as its person sees it in the browser.

Starts `gangland serve` on a free loopback port with a throwaway SQLite file, opens a table per game (seat
0 Anna; seat 1 Boris, who says hello in the chat and leaves his seat to an Easy bot; the rest heuristic
bots), plays Anna's moves by clicking the drawing (seeded random
choices) until the game is well under way and it is the person's turn again, then saves
docs/screenshots/GAME.png (a 1280x800 window, the whole page), GAME-phone.png (390x844, the first
screen) and GAME-phone-table.png (the whole page at 390 px: the table drawn for a phone). Run by
`scripts/screenshots`.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLES = [
    # (game, players, options, the person's moves before the picture)
    ("razzia", 4, {}, 9),
    ("downtown", 4, {}, 14),
    ("protection-racket", 4, {}, 8),
    ("supergang", 4, {}, 6),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.load(answer))


def wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit("the server stopped while starting")
        try:
            urllib.request.urlopen(base + "/api/games", timeout=2).close()
            return
        except OSError:
            time.sleep(0.2)
    sys.exit("the server did not answer within 60 s")


def say(page: Any, line: str) -> None:
    """Write `line` in the table's chat, and wait until it is there."""
    page.locator("#chat-input").fill(line)
    page.locator("#chat .chat-form button[type=submit]").click()
    page.locator("#chat-lines li", has_text=line).wait_for()


def play(page: Any, moves: int, rng: random.Random) -> None:
    """Make `moves` moves by clicking the drawing, then wait for the person's next turn."""
    made = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if page.locator("#over:not(.hidden)").count():
            sys.exit("a game ended before its picture: lower its move count")
        drawn = page.locator("#drawing .actable")
        if drawn.count():
            if made >= moves:
                return
            thing = drawn.nth(rng.randrange(drawn.count()))
            if thing.locator(".route").count():
                # The hidden routes to a stop widen its box: click the square itself, as a person does.
                thing = thing.locator("xpath=./*[not(contains(@class, 'route'))"
                                      " and not(self::*[local-name()='title'])]").first
            thing.click()
            chooser = page.locator("#chooser button[data-action]")
            if chooser.count():
                chooser.nth(rng.randrange(chooser.count())).click()
            made += 1
            page.wait_for_timeout(150)
        else:
            page.wait_for_timeout(50)
    sys.exit("the table did not come back to the person in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=17, help="seeds the person's clicks")
    parser.add_argument("games", nargs="*", help="only these games (default: all four)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is missing: run scripts/services")
    OUT.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("gangland")), "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", f"sqlite:///{folder}/g.db", "--bot-delay", "0",
             # Boris has just left when the host hands his seat to a bot: no minute's wait for it here.
             "--away-seconds", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_up(base, server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                     args=CHROMIUM_ARGS)
                for game, players, options, moves in TABLES:
                    if args.games and game not in args.games:
                        continue
                    rng = random.Random(f"{args.seed}-{game}")
                    created = post(base, "/api/tables", {
                        "game": game, "players": players, "options": options, "name": "Anna",
                        "seats": [{"bot": None}, {"bot": None}, *[{"bot": "heuristic"}] * (players - 2)]})
                    # Boris takes his seat under his name, says hello in the chat and leaves; the host then
                    # hands his seat to an Easy bot, so that the pictures show names, the chat and a seat
                    # a bot plays for its absent person.
                    friend = browser.new_context(viewport={"width": 1280, "height": 800})
                    friend.add_init_script("localStorage.setItem('gangland.name', 'Boris');")
                    boris = friend.new_page()
                    boris.goto(base + created["seats"][1]["link"])
                    say(boris, "Good luck, Anna!")
                    friend.close()
                    post(base, f"/api/tables/{created['table_id']}/seats/1/controller",
                         {"host_token": created["host_token"], "bot": "heuristic"})
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script("localStorage.setItem('gangland.name', 'Anna');")
                    page = context.new_page()
                    page.goto(base + created["creator_link"])
                    say(page, "Thanks, Boris. Your bot plays well")
                    play(page, moves, rng)
                    page.mouse.move(0, 0)
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(OUT / f"{game}.png"), full_page=True)
                    page.set_viewport_size({"width": 390, "height": 844})
                    # The page asks for the narrow drawing when its width crosses 700 px.
                    page.wait_for_function(
                        "() => document.querySelector('#drawing svg')?.viewBox.baseVal.width === 360")
                    page.wait_for_timeout(200)
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(OUT / f"{game}-phone.png"))
                    page.screenshot(path=str(OUT / f"{game}-phone-table.png"), full_page=True)
                    context.close()
                    print(f"{game}: {OUT / game}.png, -phone.png and -phone-table.png")
                browser.close()
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
