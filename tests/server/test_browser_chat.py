"""The table's chat and turn notices in Debian's Chromium against the real server (issue 31, "Tests"):

- "chat delivered between two people and a spectator";
- "names and chat that carry HTML and SVG payloads show literally and run nothing (no dialog, no console
  error)";
- "kept across a server restart and shown in the replay"; and while the server is away the seats do not
  show as connected and the page says it is reconnecting;
- "a notification and the sound fire when the page is hidden and the turn comes (permission granted to the
  test's context)".

The tables are made over the API (the lobby's form has tests of its own); the pages are opened by their
links.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import WEBSOCKET_REFUSED, Progress, Server, Window, play_to_end

HOSTILE_TEXT = '<img src=x onerror="alert(1)"><svg onload=alert(2)><script>alert(3)</script>&amp;'
"""A chat line of markup: shown as these characters, running nothing."""
HOSTILE_NAMES = ("<svg onload=alert(4)>", "<svg onload=alert(5)>")
"""A seat's and a spectator's names of markup (a name has at most 24 characters)."""

WATCH_TURN_NOTICES = """
window.__notes = [];
window.__beeps = 0;
window.__hidden = false;
// The page's own Notification, counted where the page calls it (the real one still shows).
const RealNotification = window.Notification;
if (RealNotification) {
  const Counted = function Notification(title, options) {
    window.__notes.push(String(title));
    return new RealNotification(title, options);
  };
  Object.defineProperty(Counted, "permission", { get: () => RealNotification.permission });
  Counted.requestPermission = (...args) => RealNotification.requestPermission(...args);
  window.Notification = Counted;
}
// Every tone the page's Web Audio sound starts.
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__beeps += 1;
  return start.apply(this, args);
};
// Headless Chromium keeps every page visible: the test hides this one (another tab in front) by this flag.
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => window.__hidden });
Object.defineProperty(Document.prototype, "visibilityState", { configurable: true,
  get: () => (window.__hidden ? "hidden" : "visible") });
"""


def make_table(server: Server, players: list[str | None], **extra: Any) -> dict[str, Any]:
    status, created = server.post("/api/tables", {"game": "razzia", "players": len(players),
                                                  "seats": [{"bot": bot} for bot in players], **extra})
    assert status == 201, created
    return dict(created)


class Guarded(Window):
    """A window that also notes every dialog (alert, confirm, prompt) a page opens."""

    def __init__(self, browser: Any, name: str, seed: int) -> None:
        super().__init__(browser, name, seed)
        self.dialogs: list[str] = []

        def dialog(box: Any) -> None:
            self.dialogs.append(box.message)
            box.dismiss()

        self.page.on("dialog", dialog)

    def open(self, server: Server, link: str) -> None:
        from playwright.sync_api import expect

        self.page.goto(server.base + link)
        expect(self.page.locator("#conn")).to_have_text("connected")
        expect(self.page.locator("#chat-input")).to_be_visible()

    def say(self, text: str) -> None:
        self.page.locator("#chat-input").fill(text)
        self.page.locator("#chat .chat-form button[type=submit]").click()

    def chat(self) -> list[str]:
        """The chat lines the page shows, as text."""
        return [t.strip() for t in self.page.locator("#chat-lines li:not(.muted)").all_inner_texts()]

    def ran_nothing(self) -> None:
        """No dialog, no console error, no element made of people's text (the only SVG is the drawing)."""
        # The one image a page may hold is the QR code of the seat's own link (made by the server).
        made = self.page.evaluate("""() => [
            document.querySelectorAll('body img:not(.qr), body script').length,
            [...document.querySelectorAll('svg')].filter((s) => !s.closest('#drawing')).length]""")
        assert made == [0, 0], f"{self.name}: people's text made elements {made}"
        assert not self.dialogs, f"{self.name}: a dialog opened: {self.dialogs}"
        assert not self.errors, f"{self.name}: {self.errors}"


@pytest.fixture
def guarded(browser: Any, request: pytest.FixtureRequest) -> Iterator[list[Guarded]]:
    """Three windows (contexts of their own), closed after the test."""
    seed = sum(map(ord, request.node.name))
    trio = [Guarded(browser, name, seed + i) for i, name in enumerate(("Anna", "Ben", "spectator"))]
    yield trio
    for w in trio:
        w.context.close()


def test_two_people_and_a_spectator_chat_and_markup_runs_nothing(browser_server: Server,
                                                                   guarded: list[Guarded]) -> None:
    from playwright.sync_api import expect

    anna, ben, spectator = guarded
    created = make_table(browser_server, [None, None, "heuristic"], listed=False, name=HOSTILE_NAMES[0],
                         settings={"spectator_chat": True})
    anna.open(browser_server, created["creator_link"])
    ben.open(browser_server, created["seats"][1]["link"])
    spectator.open(browser_server, created["spectator_link"])

    anna.say(HOSTILE_TEXT)
    ben.page.get_by_role("button", name="Good game").click()  # a one-tap message
    spectator.page.locator("#chat-name").fill(HOSTILE_NAMES[1])
    spectator.say("Nice move")
    expected = [f"1{HOSTILE_NAMES[0]}: {HOSTILE_TEXT}", "2Seat 2: Good game",
                f"·{HOSTILE_NAMES[1]}spectator: Nice move"]
    for w in guarded:
        expect(w.page.locator("#chat-lines li")).to_have_count(3)
        shown = [line.replace("\n", "").replace(" (you)", "") for line in w.chat()]
        assert shown == expected, f"{w.name}: {shown}"
    # Each seat's own lines say "(you)"; the name shows as its characters in the seats' list too.
    assert anna.page.locator("#chat-lines li.mine").inner_text().startswith(f"1{HOSTILE_NAMES[0]} (you)")
    assert HOSTILE_NAMES[0] in ben.page.locator("#seats").inner_text()
    # A line the server refuses (the sixth in ten seconds) is said beside the chat, kept to send again.
    # The spectator's chat is out of sight (a short window, scrolled to the top): new lines are counted.
    spectator.page.set_viewport_size({"width": 1280, "height": 360})
    spectator.page.evaluate("window.scrollTo(0, 0)")
    for _ in range(4):
        ben.page.get_by_role("button", name="Thanks").click()
    expect(anna.page.locator("#chat-lines li")).to_have_count(7)
    expect(spectator.page.locator("#chat .unread")).to_have_text("4 new")
    spectator.page.locator("#chat-lines").scroll_into_view_if_needed()
    expect(spectator.page.locator("#chat .unread")).to_be_hidden()
    ben.say("one too many")
    expect(ben.page.locator("#chat .chat-problem")).to_contain_text("wait")
    expect(ben.page.locator("#chat-input")).to_have_value("one too many")
    assert anna.page.locator("#chat-lines li").count() == 7
    for w in guarded:
        w.ran_nothing()


def test_chat_outlives_a_restart_shows_in_the_replay_and_the_page_says_it_reconnects(
        browser_server: Server, guarded: list[Guarded]) -> None:
    from playwright.sync_api import expect

    anna = guarded[0]
    created = make_table(browser_server, [None, "heuristic"], listed=False)
    table_id = created["table_id"]
    anna.open(browser_server, created["creator_link"])
    anna.say("before the restart")
    # The line is kept once the server sends it back: wait for it (a count of one list item would also be
    # met by the empty chat's placeholder, and a kill before the line was kept would lose it).
    expect(anna.page.locator("#chat-lines li:not(.muted)")).to_have_count(1)
    expect(anna.page.locator("#chat-lines li").first).to_contain_text("before the restart")
    expect(anna.page.locator("#seats .dot.on")).to_have_count(1)  # Anna herself

    browser_server.kill()
    expect(anna.page.locator("#conn")).to_contain_text("reconnecting")
    expect(anna.page.locator("#seats .dot.on")).to_have_count(0)
    assert anna.page.locator("#seats .dot").first.get_attribute("aria-label") == "away"  # not "here"
    expect(anna.page.locator("#chat-input")).to_be_disabled()
    browser_server.start(bot_delay=0)
    expect(anna.page.locator("#conn")).to_have_text("connected", timeout=30_000)
    expect(anna.page.locator("#seats .dot.on")).to_have_count(1)
    expect(anna.page.locator("#chat-lines li").first).to_contain_text("before the restart")
    anna.say("after the restart")
    expect(anna.page.locator("#chat-lines li")).to_have_count(2)

    play_to_end([anna])
    anna.page.get_by_role("button", name="Good game").click()  # the chat goes on after the end
    expect(anna.page.locator("#chat-lines li")).to_have_count(3)
    status, frame = browser_server.get(f"/api/tables/{table_id}/replay?step=0")
    assert status == 200, frame
    at_start = [line["text"] for line in frame["chat"]]
    anna.page.goto(f"{browser_server.base}/t/{table_id}/replay")
    expect(anna.page.locator("#step-label")).to_contain_text("move 0 of")
    expect(anna.page.locator("#chat-lines li")).to_have_count(max(1, len(at_start)))
    anna.page.get_by_role("button", name="Last move").click()
    expect(anna.page.locator("#chat-lines li")).to_have_count(3)
    lines = anna.chat()
    assert [line.split(": ", 1)[1] for line in lines] == [
        "before the restart", "after the restart", "Good game"]
    errors = [e for e in anna.errors if not WEBSOCKET_REFUSED.match(e)]
    assert not errors and not anna.dialogs, errors


def test_a_turn_that_comes_while_the_page_is_hidden_rings_and_notifies(browser_server: Server,
                                                                       browser: Any) -> None:
    from playwright.sync_api import expect

    created = make_table(browser_server, [None, None], listed=False)
    anna, ben = Window(browser, "Anna", 31), Window(browser, "Ben", 32)
    try:
        anna.context.grant_permissions(["notifications"], origin=browser_server.base)
        anna.context.add_init_script(WATCH_TURN_NOTICES)
        anna.page.goto(browser_server.base + created["creator_link"])
        anna.wait_seated(0)
        ben.page.goto(browser_server.base + created["seats"][1]["link"])
        ben.wait_seated(1)
        page = anna.page
        # Granted already: no button asks; the sound is on by default.
        expect(page.locator("#notify")).to_contain_text("Sound on")
        assert not page.get_by_role("button", name="Notify me when it's my turn").count()
        page.locator("#who").click()  # a touch: the browser lets the page make sound from now on
        # Anna's lobby, open in another tab of hers: "Your tables" is pushed by /ws/lobby, not polled.
        lobby = anna.context.new_page()
        pushed: list[Any] = []
        polled: list[str] = []
        lobby.on("websocket", lambda ws: ws.on("framereceived", lambda text: pushed.append(json.loads(text))))
        lobby.on("request", lambda request: polled.append(request.url) if "my-seats" in request.url else None)
        lobby.goto(browser_server.base + "/")
        expect(lobby.locator("#mine li")).to_have_count(1)

        # Anna plays her turns; once it is not her turn, her page is hidden and Ben plays until it comes.
        progress = Progress([anna, ben], "no notification")
        hidden = False
        while True:
            progress.check()
            notes, moves, turn = page.evaluate("""() => [window.__notes.length,
                document.querySelectorAll('#actions button:not([disabled])').length,
                document.getElementById('turn').textContent]""")
            if notes:
                break
            if moves:  # her turn goes on from before she was hidden: she plays it
                anna.try_move(drawing_share=0)
            elif not hidden and anna.last_step >= 0 and "Your turn" not in turn:
                page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
                hidden = True
            elif not (hidden and ben.try_move(drawing_share=0)):
                page.wait_for_timeout(15)
        assert page.evaluate("window.__notes") == ["Your turn"]
        assert page.evaluate("window.__beeps") >= 1, "the turn came with no sound"
        assert page.title().startswith("● Your turn · Razzia!"), page.title()
        page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
        expect(page).to_have_title("Your turn · Razzia! · Gangland")
        expect(lobby.locator("#mine li.your-turn")).to_have_count(1)
        turns = [m["seats"][0]["your_turn"] for m in pushed if m.get("type") == "my_seats"]
        assert turns[-1] is True and False in turns, f"the lobby was not pushed the turn: {turns}"
        assert len(polled) <= 1, f"the lobby polled its seats while its socket was open: {polled}"

        # Ben never granted: a button asks, at his press only; a refusal is remembered (the button goes).
        ask = ben.page.get_by_role("button", name="Notify me when it's my turn")
        expect(ask).to_be_visible()
        ask.click()
        expect(ask).to_have_count(0)
        ben.page.reload()
        ben.wait_seated(1)
        expect(ben.page.locator("#notify")).to_contain_text("Sound")
        assert not ask.count()
        # Sound off is remembered by the browser.
        ben.page.get_by_role("button", name="Sound on").click()
        ben.page.reload()
        expect(ben.page.get_by_role("button", name="Sound off")).to_be_visible()
        for w in (anna, ben):
            assert not w.errors, f"{w.name}: {w.errors}"
    finally:
        anna.context.close()
        ben.context.close()
