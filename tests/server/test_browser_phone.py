"""Issue 31, "A page that fits", in Debian's Chromium against the real server:

"At a phone's 390 px each game's table is laid out for the narrow screen ...: your own hand, estate or
hideout and the moves are reachable without sideways scrolling, and every target is at least 44 px for a
thumb." "At 1280x800 a status line (whose turn, your turn, the clock) stays in view while the table
scrolls, and your own cards are on the first screen." And two of the newcomer's findings: "The chooser
glues its key number to its text ("1stop at B6")" and "A seat handed to a bot reads "Seat 0: a person
(heuristic bot standing in) (you)away: bot heuristic"".

Everything is checked from the boxes Chromium lays out (getBoundingClientRect), at the size shown.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Progress, Server, Window
from .test_browser import GAMES, open_table

PHONE = {"width": 390, "height": 844}
THUMB = 44
"""The least width and height of a thing to touch, in CSS px."""
OWN = {"razzia": "seat:0", "downtown": "cash:0", "protection-racket": "panel:0", "supergang": "seat:0"}
"""A piece of seat 0's own hand, estate or hideout on the drawing (Downtown's: its first note)."""
OWN_DEFAULT = "seat:0"
"""For a game not in `OWN`: the convention that a seat's panel is the piece keyed `seat:{n}` (`data-key`),
n the seat's number from 0, as Razzia and Supergang draw it."""

MEASURE = """() => {
    const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                         width: r.right - r.left, height: r.bottom - r.top});
    // A thing drawn to touch: the box of what it is drawn with, not of its hidden routes (shown on hover).
    const drawn = (node) => {
        const rects = [...node.children]
            .filter((c) => c.localName !== 'title' && !c.classList.contains('route'))
            .map((c) => c.getBoundingClientRect()).filter((r) => r.width || r.height);
        const most = (side, pick) => pick(...rects.map((r) => r[side]));
        return box({left: most('left', Math.min), top: most('top', Math.min),
                    right: most('right', Math.max), bottom: most('bottom', Math.max)});
    };
    const shown = (node) => node.getClientRects().length > 0
        && getComputedStyle(node).visibility !== 'hidden';
    const named = (n) => (n.textContent || n.getAttribute('aria-label') || n.localName).trim().slice(0, 40);
    const things = 'main button, main a[href], main summary, main input, header a[href]';
    const page = [...document.querySelectorAll(things)].filter(shown)
        .map((n) => ({what: named(n), ...box(n.getBoundingClientRect())}));
    const actable = [...document.querySelectorAll('#drawing .actable')]
        .map((n) => ({what: (n.getAttribute('aria-label') || '').slice(0, 40), ...drawn(n)}));
    const svg = document.querySelector('#drawing svg');
    return {
        scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth,
        drawing: svg ? box(svg.getBoundingClientRect()) : null,
        viewBox: svg ? svg.viewBox.baseVal.width : null,
        page, actable,
        moves: [...document.querySelectorAll('#actions button')].map((n) => box(n.getBoundingClientRect())),
    };
}"""


def own_box(page: Any, key: str) -> dict[str, float]:
    """The box of the drawn piece with `key` (its shapes'), in CSS px of the window."""
    found = page.evaluate("""(key) => {
        const node = document.querySelector(`#drawing [data-key="${key}"]`);
        if (!node) return null;
        const r = node.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    }""", key)
    assert found is not None, f"no {key} on the drawing"
    return dict(found)


def check_phone(page: Any, game: str) -> int:
    """At 390 px: no sideways scrolling, the narrow drawing within the window, the own panel and the move
    buttons within its width, and every thing to touch (on the page, on the drawing, a move) 44 px or more
    each way. How many things to touch the drawing offered."""
    seen = page.evaluate(MEASURE)
    width = seen["innerWidth"]
    assert seen["scrollWidth"] <= width, f"{game}: the page scrolls sideways ({seen['scrollWidth']} px)"
    drawing = seen["drawing"]
    assert seen["viewBox"] == 360, f"{game}: not the narrow drawing ({seen['viewBox']} wide)"
    assert drawing["left"] >= 0 and drawing["right"] <= width, (game, drawing)
    own = own_box(page, OWN.get(game, OWN_DEFAULT))
    assert own["left"] >= 0 and own["right"] <= width, (game, own)
    for move in seen["moves"]:
        assert move["left"] >= 0 and move["right"] <= width, (game, "a move button off the screen", move)
        assert move["width"] >= THUMB and move["height"] >= THUMB, (game, "a move button", move)
    for thing in seen["page"]:
        assert thing["width"] >= THUMB - 0.5 and thing["height"] >= THUMB - 0.5, (game, "on the page", thing)
        assert thing["left"] >= 0 and thing["right"] <= width, (game, "on the page", thing)
    for thing in seen["actable"]:
        assert thing["width"] >= THUMB and thing["height"] >= THUMB, (game, "on the drawing", thing)
        assert thing["left"] >= -0.5 and thing["right"] <= width + 0.5, (game, "on the drawing", thing)
    return len(seen["actable"])


# "at 390 px no sideways scrolling and the moves and own cards within reach (checked from element boxes)":
# each game at a phone's size, over its first decisions, each move made by touching the drawing.
@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_fits_a_phone(browser_server: Server, browser: Any, game: str, players: int,
                                 options: dict[str, str]) -> None:
    phone = Window(browser, "phone", 391, viewport=PHONE, person="Pat")
    try:
        open_table(browser_server, phone, None, game, players, options)
        progress = Progress([phone], "6 moves were not made")
        touched = 0
        while len(phone.sent) < 6 and not phone.is_over():
            progress.check()
            if phone.page.locator("#drawing .actable").count() and not phone.page.locator("#chooser").count():
                touched += check_phone(phone.page, game)
            if not phone.try_move(drawing_share=1.0):
                phone.page.wait_for_timeout(15)
        assert touched, "the drawing offered nothing to touch"
        assert phone.drawn_clicks == len(phone.sent) >= 6
        # The size of a narrow drawing is not a choice: it is made for the screen.
        assert not phone.page.locator("#zoom").is_visible()
        assert not phone.errors, phone.errors
    finally:
        phone.context.close()


def status_in_view(page: Any) -> bool:
    return bool(page.evaluate("""() => {
        const r = document.querySelector('.status-panel').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
    }"""))


# "At 1280x800 a status line (whose turn, your turn, the clock) stays in view while the table scrolls, and
# your own cards are on the first screen (today Downtown and Protection Racket push them below the fold)."
@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_at_1280x800_the_status_stays_and_the_own_cards_are_on_the_first_screen(
        browser_server: Server, browser: Any, game: str, players: int, options: dict[str, str]) -> None:
    from playwright.sync_api import expect

    laptop = Window(browser, "laptop", 1280, person="Pat")
    try:
        open_table(browser_server, laptop, None, game, players, options)
        page = laptop.page
        page.locator("#drawing svg").wait_for()
        assert page.evaluate("document.querySelector('#drawing svg').viewBox.baseVal.width") > 360
        page.evaluate("window.scrollTo(0, 0)")
        own = own_box(page, OWN.get(game, OWN_DEFAULT))
        assert own["bottom"] <= 800, f"{game}: the own cards end at {own['bottom']:.0f} px, below the fold"
        expect(page.locator("#turn")).not_to_be_empty()
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 100")
        assert status_in_view(page), "the status line scrolled away"
        assert page.locator("#turn").is_visible() and page.locator("#conn").is_visible()
        assert not laptop.errors, laptop.errors
    finally:
        laptop.context.close()


# The newcomer's findings: a chooser's number apart from its text (for the eye, a screen reader and a
# copy), and the seat list of a seat handed to a bot in clean parts.
def test_the_chooser_and_the_seat_list_read_cleanly(browser_server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    phone = Window(browser, "phone", 392, viewport=PHONE, person="Pat")
    try:
        open_table(browser_server, phone, None, "protection-racket", 2, {})
        page = phone.page
        site = page.locator("#drawing .actable[data-act*='deploy 2 to']").first
        site.click()
        chooser = page.locator("#chooser")
        expect(chooser).to_be_visible()
        choices = chooser.locator("button[data-action]")
        first = choices.first
        name = first.get_attribute("title") or ""
        assert name.startswith("deploy ")
        assert first.text_content() == f"1 {name}"  # copied: "1 deploy 1 to ...", not "1deploy 1 to ..."
        assert first.get_attribute("aria-keyshortcuts") == "1"
        assert first.locator(".key").get_attribute("aria-hidden") == "true"
        expect(chooser.get_by_role("button", name=name, exact=True)).to_have_count(1)  # read: the name
        gap = first.evaluate("""(button) => {  // from the number to the first line of the text
            const key = button.querySelector('.key').getBoundingClientRect();
            return button.querySelector('.name').getClientRects()[0].left - key.right;
        }""")
        assert gap >= 4, f"the number touches the text ({gap:.1f} px apart)"
        for box in [b.bounding_box() for b in chooser.locator("button").all()]:
            assert box and box["width"] >= THUMB and box["height"] >= THUMB, box
        page.keyboard.press("Escape")

        # The host hands their own seat to a bot: the seat list says so in clean parts.
        page.get_by_role("button", name="Hand seat 1 to the chosen bot").click()
        mine = page.locator("#seats li").first
        expect(mine.locator(".seat-tags")).to_contain_text("away")
        words = f"{mine.locator('.seat-name').text_content()}{mine.locator('.seat-tags').text_content()}"
        assert re.fullmatch(r"Pat \(you\), away: Easy bot plays(, your turn)?", words), words
        assert "(you)away" not in (mine.inner_text() or "")
        assert not phone.errors, phone.errors
    finally:
        phone.context.close()
