"""The table page's turn-mail form and the host ending a game, in Debian's Chromium (issue 31): the form
shows only on a server that sends mails, keeps the address its seat gave (and shows a refusal in the form),
and no other seat's page ever holds it; the host ends the game from the page, and every page then says so
in place of a result, as does the lobby. The mails themselves are tested at the server (test_mail.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gangland.server.mail import SmtpServer

from .browser import Server, Window
from .test_browser import open_table
from .test_mail import Inbox, smtp  # noqa: F401 - the local SMTP server fixture

ADDRESS = "bea.turns@example.org"


@pytest.fixture
def mailing_browser_server(tmp_path: Path, smtp: tuple[Inbox, SmtpServer]) -> Iterator[Server]:  # noqa: F811
    """`gangland serve --smtp` (to the local SMTP server) of this test's own."""
    _inbox, mail = smtp
    with Server(f"sqlite:///{tmp_path}/g.db", tmp_path / "server.log") as running:
        running.start(bot_delay=0, options=("--smtp", f"smtp://{mail.host}:{mail.port}",
                                            "--mail-from", "gangland@example.org"))
        yield running


def test_the_mail_form_and_the_host_ending_the_game(mailing_browser_server: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    anna, bea = Window(browser, "anna", 31, person="Anna"), Window(browser, "bea", 32, person="Bea")
    try:
        table_id = open_table(mailing_browser_server, anna, bea, "razzia", 2, {})
        form = bea.page.locator("#mail-panel")
        expect(form).to_be_visible()
        expect(anna.page.locator("#mail-panel")).to_be_visible()
        bea.page.fill("#mail-address", "bea@example")  # the browser takes it; the server does not
        bea.page.click("#mail-send")
        expect(bea.page.locator("#mail-error")).to_contain_text("not an e-mail address")
        bea.page.fill("#mail-address", ADDRESS)
        bea.page.click("#mail-send")
        expect(form).to_contain_text(f"A mail goes to {ADDRESS}")
        # A mail's link is the table's plain address: in her browser (which holds her seat's link) it opens
        # her seat, and the server tells the new connection where the seat's mails go.
        bea.page.goto(f"{mailing_browser_server.base}/t/{table_id}")
        bea.wait_seated(1)
        assert "#seat=" in bea.page.url
        expect(bea.page.locator("#mail-panel")).to_contain_text(f"A mail goes to {ADDRESS}")
        expect(anna.page.locator("#mail-address")).to_be_visible()  # Anna's own form, empty

        anna.page.get_by_role("button", name="End this game…").click()
        anna.page.get_by_role("button", name="Yes, end it").click()
        for window in (anna, bea):
            expect(window.page.locator("#over")).to_contain_text("The host ended this game")
            expect(window.page.locator("#result table")).to_have_count(0)
        expect(anna.page.locator("#host-end button")).to_have_count(0)
        expect(bea.page.locator("#mail-panel")).to_be_hidden()  # no turn is left to mail about
        assert ADDRESS not in anna.page.content() and "bea.turns" not in anna.page.content()
        anna.page.goto(mailing_browser_server.base + "/")
        expect(anna.page.locator("#finished")).to_contain_text("ended by the host")
        for window in (anna, bea):
            assert window.errors == [], window.errors
    finally:
        for window in (anna, bea):
            window.context.close()
