"""Issue 31's "Done when", for the people at the table, in Debian's Chromium against the real server:

"two friends with names, one of them on a phone, play a Downtown game against two bots, chat, ... and one of
them moves from the phone to a laptop mid-game; a stranger in the lobby cannot take an invited seat". Also
"a re-issued link", the page of an invitation opened again on another device, and the pages of an unknown
table and of a cut-off seat link. (The background tab's sound and notification are tested in
test_browser_chat.py; the phone's layout in test_browser_phone.py.)
"""

from __future__ import annotations

import re
import time
from typing import Any

from .browser import Server, Window

PHONE = {"width": 390, "height": 844}
MOVES_EACH = 2
"""Moves each device of the friend makes (the phone, then the laptop) before the next part."""
BOUND_SECONDS = 60.0


def moves(window: Window, count: int, others: list[Window]) -> None:
    """`window` makes `count` moves, the other windows moving whenever their page offers one (bounded)."""
    target = len(window.sent) + count
    deadline = time.monotonic() + BOUND_SECONDS
    while len(window.sent) < target:
        assert time.monotonic() < deadline, f"{window.name}: {count} moves not made, step {window.last_step}"
        moved = window.try_move(drawing_share=0.0)
        for other in others:
            moved = other.try_move(drawing_share=0.0) or moved
        if not moved:
            window.page.wait_for_timeout(20)


def own_link(window: Window) -> str:
    """The seat's own link, as its page shows it under "Play from another device"."""
    from playwright.sync_api import expect

    page = window.page
    box = page.locator("#my-link")
    if not box.evaluate("box => box.open"):
        box.locator("summary").click()
    field = page.get_by_label("Your seat's link")
    expect(field).to_have_value(re.compile(r"/t/[\w-]+#seat=[\w-]{32}$"))
    # The QR code of the same link, drawn (an image that loaded).
    expect(page.locator("#my-link img.qr")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    assert page.locator("#my-link img.qr").evaluate("img => img.complete && img.naturalWidth > 0")
    return str(field.input_value())


def test_two_friends_a_phone_a_laptop_and_a_stranger(browser_server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    anna = Window(browser, "Anna", 3101, person="Anna")
    phone = Window(browser, "Boris's phone", 3102, viewport=PHONE)  # no name yet: the page asks for one
    laptop = Window(browser, "Boris's laptop", 3103, person="Boris on the laptop")
    stranger = Window(browser, "a stranger", 3104, person="Stranger")
    try:
        # Anna makes a listed Downtown table in the lobby: her seat, Boris's invited seat, two Easy bots.
        page = anna.page
        page.goto(browser_server.base + "/")
        expect(page.locator("#game option[value='downtown']")).to_be_attached()
        # Supergang ranks three (issue 35): its bot with lapses is Easy, so its bot reads Medium there.
        page.select_option("#game", "supergang")
        expect(page.locator("#seat-2 optgroup[label='Bots'] option")).to_have_text(
            ["Beginner bot", "Easy bot", "Medium bot", "Hard bot"])
        expect(page.locator("#seat-2 option[value='heuristic-careless']")).to_have_text("Easy bot")
        expect(page.locator("#seat-2 option[value='heuristic']")).to_have_text("Medium bot")
        page.select_option("#game", "downtown")
        page.select_option("#players", "4")
        page.select_option("#seat-1", "")  # a person (invited)
        page.select_option("#seat-2", "heuristic")
        page.select_option("#seat-3", "heuristic")
        expect(page.locator("#seat-2 option[value='heuristic']")).to_have_text("Easy bot")
        # The levels read weakest first, one bot each (Downtown ranks four: server/people.py LADDERS).
        expect(page.locator("#seat-2 optgroup[label='Bots'] option")).to_have_text(
            ["Beginner bot", "Easy bot", "Medium bot", "Hard bot", "Expert bot"])
        page.select_option("#options [data-option='edition']", '"2013"')
        page.check("#allow-undo")
        page.click("#create")
        created = page.locator("#created")
        expect(created).to_be_visible()
        invitation = created.get_by_label("Seat 2 invitation link").input_value()
        created.get_by_role("link", name="Open your seat").click()
        expect(page.locator("#who")).to_have_text("You are Anna · seat 1")
        table_id = page.url.split("/t/", 1)[1].split("#", 1)[0]
        # The drawing has room for a name of 12 characters: a bot's is given there without its level
        # ("Lefty (Easy…" said neither), which the seat list and the hover titles say; a longer name is cut
        # with an ellipsis.
        drawn = page.locator("#drawing svg")
        expect(drawn).to_contain_text("Lefty (bot)")
        shown = drawn.evaluate("svg => [...svg.querySelectorAll('text')].map((t) => t.textContent).join(' ')")
        assert "Lefty (bot)" in shown and "Easy bot" not in shown and "\u2026" not in shown, shown
        assert any("Lefty (Easy bot)" in title for title in drawn.locator("title").all_text_contents())
        expect(page.locator("#seats li").nth(2)).to_contain_text("Lefty (Easy bot)")
        # (A person's name is only cut, whatever it says: "(... bot)" at its end makes no bot of it.)
        short = page.evaluate("""async () => {
            const { shortName } = await import('/static/common.js');
            return [['Vinnie (Expert bot)', true], ['Maximiliano Long (Easy bot)', true],
                    ['Alexandra Petrova', false], ['Anna (bot)', false], ['Ann (not a bot)', false]]
                .map(([name, bot]) => shortName(name, 12, bot));
        }""")
        assert short == ["Vinnie (bot)", "Maximiliano\u2026", "Alexandra P\u2026", "Anna (bot)",
                         "Ann (not a \u2026"]
        # The table's rules in plain words, the decisions behind a link: what differs from the game's own.
        rules = page.locator("#table-rules")
        expect(rules).to_contain_text("Edition: 2013 · moves may be taken back")
        assert rules.get_by_role("link").get_attribute("href") == "/rules/downtown/decisions"

        # A stranger in the lobby sees the table being played, but no Join for Boris's invited seat, and
        # the API refuses it.
        stranger.page.goto(browser_server.base + "/")
        listed = stranger.page.locator("#waiting li, #playing li", has_text="Anna")
        expect(listed).to_have_count(1)
        assert not listed.get_by_role("button", name=re.compile("Join")).count()
        status, answer = browser_server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Stranger"})
        assert status == 409 and "invited" in answer["detail"], answer

        # Boris opens the invitation on his phone, gives his name, and plays from there.
        phone.page.goto(invitation)
        phone.page.get_by_label("Your name at this table").fill("Boris")
        phone.page.get_by_role("button", name="Save").click()
        expect(phone.page.locator("#who")).to_have_text("You are Boris · seat 2")
        expect(page.locator("#seats li").nth(1)).to_contain_text("Boris")
        link = own_link(phone)
        assert link.split("#seat=")[1] != invitation.split("#seat=")[1]  # the invitation was spent
        moves(phone, MOVES_EACH, [anna])

        # ... then moves to his laptop mid-game with the seat's own link: both devices hold the seat, and
        # the laptop keeps the seat's name (its browser's own remembered name is not forced on it).
        laptop.page.goto(link)
        expect(laptop.page.locator("#who")).to_have_text("You are Boris · seat 2")
        expect(phone.page.locator("#conn")).to_have_text("connected")
        moves(laptop, MOVES_EACH, [anna])

        # They chat.
        laptop.page.locator("#chat-input").fill("Hi Anna, I moved to my laptop")
        laptop.page.locator("#chat .chat-form button[type=submit]").click()
        expect(page.locator("#chat-lines li").last).to_contain_text("Boris: Hi Anna, I moved to my laptop")
        expect(phone.page.locator("#chat-lines li").last).to_contain_text("I moved to my laptop")

        # The invitation opened again on another device says what happened and who can help, and stops.
        stranger.page.goto(invitation)
        expect(stranger.page.locator("h1")).to_have_text("This link no longer works")
        expect(stranger.page.locator("main")).to_contain_text("already used")
        expect(stranger.page.locator("main")).to_contain_text("host")
        assert stranger.page.locator("#conn").count() == 0  # no table, no reconnecting

        # Anna, the host, makes a new link for Boris: his devices are told, his old link stops.
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Make a new link for seat 2").click()
        fresh = page.get_by_label("New link for Boris").input_value()
        for device in (phone, laptop):
            expect(device.page.locator("h1")).to_have_text("This link no longer works")
            expect(device.page.locator("main")).to_contain_text("host made a new link")
        laptop.page.goto(fresh)
        expect(laptop.page.locator("#who")).to_have_text("You are Boris · seat 2")
        moves(laptop, 1, [anna])

        # Links that open nothing: an unknown table is a 404 page, a cut-off seat link is not opened as a
        # spectator.
        assert not stranger.errors, stranger.errors
        response = stranger.page.goto(f"{browser_server.base}/t/nosuchtable")
        # (Chromium logs the 404 answer itself as a console error: that one, and only it, is expected.)
        assert [e for e in stranger.errors if "404" not in e] == [], stranger.errors
        stranger.errors.clear()
        assert response is not None and response.status == 404
        expect(stranger.page.locator("h1")).to_have_text("No such table")
        stranger.page.goto(f"{browser_server.base}/t/{table_id}#seat=abc")
        expect(stranger.page.locator("h1")).to_have_text("This seat was not recognised")
        # The stopped page stays stopped when the window crosses the narrow line (a phone turned): nothing
        # left behind by the table it replaced runs (each did, and failed on the page's missing parts).
        stranger.page.set_viewport_size(PHONE)
        expect(stranger.page.locator("h1")).to_have_text("This seat was not recognised")

        for w in (anna, laptop, stranger):
            assert not w.errors, f"{w.name}: {w.errors}"
        # The phone's page logged its refused socket only after its link was replaced.
        assert all("WebSocket" in e for e in phone.errors), phone.errors
    finally:
        for w in (anna, phone, laptop, stranger):
            w.context.close()
