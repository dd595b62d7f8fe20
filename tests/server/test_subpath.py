"""The server under a sub-path (issue 32, "Behind a reverse proxy"; docs/server.md, "Behind a reverse proxy"):
`--public-url https://games.example/gangland` serves the pages at /gangland/..., with and without the prefix
in the request (a proxy may strip it or pass it on), and every link the server writes (pages, API answers,
messages, notices, rules pages, mails) starts with /gangland.

The app runs in-process, reached as http://localhost/gangland (the test client puts the prefix in front of
every request and WebSocket path) or as http://localhost (no prefix, as behind a proxy that strips it).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from gangland.server.app import create_app
from gangland.server.mail import SmtpServer
from gangland.server.subpath import PAGES

from .tables import LocalClient, create, play_people, seated, token_of
from .test_mail import ADDRESS, Inbox, mail_messages, play_until, settled, smtp  # noqa: F401 (a fixture)
from .test_refusals import token_now

ROOT = "/gangland"
PUBLIC = f"https://games.example{ROOT}"
LOCAL = "http://localhost"


@contextmanager
def prefixed(database_url: str, **kwargs: object) -> Iterator[LocalClient]:
    """The app served under ROOT, reached with the prefix (http://localhost/gangland)."""
    with LocalClient(create_app(database_url, address=PUBLIC, **kwargs), base_url=LOCAL + ROOT) as client:
        yield client


class Addresses(HTMLParser):
    """The addresses an HTML page names (href, src, action) and its gangland-root, if it has one."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        """(tag, address) of every attribute that names an address."""
        self.root: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and values.get("name") == "gangland-root":
            self.root = values.get("content")
        for name in ("href", "src", "action"):
            value = values.get(name)
            if value is not None:
                self.links.append((tag, value))


def addresses(html: str) -> Addresses:
    parser = Addresses()
    parser.feed(html)
    return parser


def own(address: str) -> bool:
    """An address on this server (not a data: icon, a fragment, nor another site)."""
    return not address.startswith(("data:", "#", "http:", "https:", "mailto:"))


IMPORT = re.compile(r"""\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']""")


def check_scripts(client: LocalClient, script: str, seen: set[str]) -> None:
    """The module at `script` (an address under ROOT) and every module it imports, recursively: each
    import relative, each resolved under ROOT, each served."""
    if script in seen:
        return
    seen.add(script)
    assert script.startswith(f"{ROOT}/static/"), script
    answer = client.get(LOCAL + script)
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"], script
    for match in IMPORT.finditer(answer.text):
        specifier = match[1] or match[2]
        assert specifier.startswith("./"), f"{script} imports {specifier!r}: not relative to itself"
        check_scripts(client, urlsplit(urljoin(LOCAL + script, specifier)).path, seen)


def test_every_page_links_and_loads_its_scripts_under_the_sub_path(database_url: str) -> None:
    """Every page the server writes (the four pages, the rules pages, the notices) names only addresses
    under /gangland/, each of which answers; the pages' modules import each other relatively, so they too
    load from under it; the pages tell their scripts the root in <meta name="gangland-root">."""
    with prefixed(database_url) as client:
        finished = create(client, "razzia", 2, [None, None])
        playing = create(client, "razzia", 2, [None, None])
        with seated(client, finished["table_id"], token_of(finished["creator_link"])) as anna, \
                seated(client, finished["table_id"], token_of(finished["seats"][1]["link"])) as bea:
            assert play_people({0: anna, 1: bea}, random.Random(32))["over"]
        done, going = finished["table_id"], playing["table_id"]
        pages = {"/": 200, f"/t/{done}": 200, f"/t/{done}/replay": 200, "/mail/stop": 200,
                 "/rules/razzia": 200, "/rules/razzia/decisions": 200,
                 "/t/no-such-table": 404, f"/t/{going}/replay": 409}
        scripts: set[str] = set()
        for path, status in pages.items():
            answer = client.get(path)
            assert answer.status_code == status, (path, answer.text[:200])
            page = addresses(answer.text)
            if path in ("/", f"/t/{done}", f"/t/{done}/replay", "/mail/stop"):
                assert page.root == ROOT, path
            links = [(tag, link) for tag, link in page.links if own(link)]
            assert any(tag == "a" for tag, _ in links) and any(tag == "link" for tag, _ in links), path
            for tag, link in links:
                assert link.startswith(f"{ROOT}/"), f"{path}: <{tag}> names {link!r}, outside {ROOT}/"
                if tag == "script":
                    check_scripts(client, link, scripts)
                else:  # each page, style sheet and link answers (without the fragment a browser keeps)
                    target = client.get(LOCAL + link.split("#")[0])
                    assert target.status_code == 200, (path, link, target.status_code)
        # The lobby, table, replay and mail-stop pages' modules and every one they import.
        assert {f"{ROOT}/static/{name}" for name in ("lobby.js", "table.js", "replay.js", "mail-stop.js",
                                                     "common.js", "people.js", "lobbypush.js")} <= scripts


SERVER_PATH = re.compile(r"""(?<![\w.])["'`]/(?!/)""")
"""A string in a script that starts with an address on the server ("/api/...", `/t/${id}`)."""
ROOTED_CALL = re.compile(r"(?:\bapi|\bserverPath|\bsocketAddress)\(\s*$")
"""What must come right before such a string: a call that puts the root in front of it."""


def test_the_scripts_put_the_root_in_front_of_every_address() -> None:
    """Each address a page's script writes ("/api/...", "/t/...", "/ws/...", "/rules/...") goes through
    common.js's `api`, `serverPath` or `socketAddress`, which put the root in front of it: a bare one would
    leave the sub-path. (The browser test plays at a sub-path too; this finds a rarely taken branch's.)"""
    bare = []
    for script in sorted(PAGES.glob("*.js")):
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            code = line.strip()
            if code.startswith(("//", "*", "/*")):
                continue
            for match in SERVER_PATH.finditer(line):
                before = line[:match.start()]
                if "//" in before.replace("://", ""):  # a comment at the end of the line
                    continue
                if not ROOTED_CALL.search(before):
                    bare.append(f"{script.name}:{number}: {code}")
    assert bare == []


def test_the_api_and_the_messages_link_under_the_sub_path(database_url: str) -> None:
    """The links of API answers (a new table's, a joined seat's, a new link, a rematch) and of messages (an
    invitation's seat_token, the replay of a finished game) start with /gangland; a game is played to its
    end through the prefixed WebSocket address."""
    with prefixed(database_url) as client:
        created = create(client, "razzia", 3, [None, None, None], open_seats=(2,))
        table_id = created["table_id"]
        table = f"{ROOT}/t/{table_id}"
        assert created["table_url"] == table
        assert created["creator_link"].startswith(f"{table}#seat=")
        assert created["spectator_link"].startswith(f"{table}#watch=")
        assert [seat["link"].split("#")[0] for seat in created["seats"]] == [table] * 3
        joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 2})
        assert joined.status_code == 200 and joined.json()["link"].startswith(f"{table}#seat="), joined.text
        host = {"host_token": created["host_token"]}
        renewed = client.post(f"/api/tables/{table_id}/seats/1/link", json=host)
        assert renewed.status_code == 200, renewed.text
        assert renewed.json()["link"].startswith(f"{table}#seat=")
        tokens = {0: token_of(created["creator_link"]), 1: token_of(renewed.json()["link"]),
                  2: token_of(joined.json()["link"])}
        with seated(client, table_id, tokens[0]) as anna, seated(client, table_id, tokens[1]) as bea, \
                seated(client, table_id, tokens[2]) as cleo:
            given = [m for m in map(json.loads, bea.texts) if m["type"] == "seat_token"]
            assert [m["link"] for m in given] == [f"{table}#seat={token_now(bea, tokens[1])}"]
            last = play_people({0: anna, 1: bea, 2: cleo}, random.Random(32))
        assert last["over"] and last["replay"] == f"{table}/replay"
        rematch = client.post(f"/api/tables/{table_id}/rematch", json=host)
        assert rematch.status_code == 200, rematch.text
        assert rematch.json()["table_url"] == f"{ROOT}/t/{rematch.json()['table_id']}"


def test_requests_with_and_without_the_prefix_both_work(database_url: str) -> None:
    """A proxy that strips /gangland and one that passes it on both reach the same server: the API, the
    pages (whose links carry the prefix either way), the files, the sockets and /docs; /gangland itself is
    sent to /gangland/ (its query kept)."""
    with prefixed(database_url) as client:
        assert client.get("/api/games").json() == client.get(f"{LOCAL}/api/games").json()
        for address in (f"{LOCAL}/", f"{LOCAL}{ROOT}/"):
            lobby = client.get(address)
            assert lobby.status_code == 200 and addresses(lobby.text).root == ROOT, address
        for address in (f"{LOCAL}/static/common.js", f"{LOCAL}{ROOT}/static/common.js"):
            assert client.get(address).status_code == 200, address
        for address, location in ((f"{LOCAL}{ROOT}", f"{ROOT}/"), (f"{LOCAL}{ROOT}?x=1", f"{ROOT}/?x=1")):
            moved = client.get(address, follow_redirects=False)
            assert (moved.status_code, moved.headers["location"]) == (308, location), address
        for socket_path in ("ws://localhost/ws/lobby", f"ws://localhost{ROOT}/ws/lobby"):
            with client.websocket_connect(socket_path) as socket:
                socket.send_text('{"type": "ping"}')
                assert socket.receive_json() == {"type": "pong"}, socket_path
        docs = client.get("/docs")
        assert docs.status_code == 200 and f"{ROOT}/openapi.json" in docs.text
        assert "cdn.jsdelivr.net" in docs.headers["content-security-policy"]  # /docs' own policy
        assert client.get("/openapi.json").status_code == 200
        assert client.get(f"{LOCAL}/no/such/page").status_code == 404


@pytest.mark.parametrize("public_url", ["https://games.example/t", "https://games.example/api/v1",
                                        "https://games.example/static", "https://games.example/a%20b",
                                        "https://games.example/../up", "https://games.example/x?y=1"])
def test_a_path_that_cannot_be_a_sub_path_is_refused(public_url: str, tmp_path: Path) -> None:
    """A public URL whose path begins like the server's own addresses (/t/abc would be ambiguous) or holds
    odd characters is refused with a sentence, before anything is served."""
    with pytest.raises(ValueError, match="public URL"):
        create_app(f"sqlite:///{tmp_path}/g.db", address=public_url)


def test_the_turn_mails_link_under_the_sub_path(database_url: str, smtp: tuple[Inbox, SmtpServer]) -> None:  # noqa: F811
    """A turn mail's links (the table, the stop link) are the public URL's, sub-path and all."""
    inbox, mail = smtp
    with prefixed(database_url, mail=mail) as client:
        turn_mails = client.app.state.hub.mail  # type: ignore[attr-defined]
        turn_mails.grace, turn_mails.retry_delays = 0.0, (0.01, 0.01)
        created = create(client, "razzia", 2, [None, None])
        table_id = created["table_id"]
        rng = random.Random(32)
        with seated(client, table_id, token_of(created["creator_link"])) as anna:
            with seated(client, table_id, token_of(created["seats"][1]["link"])) as bea:
                bea.send({"type": "mail", "email": ADDRESS})
                assert mail_messages(bea)[-1]["email"] == ADDRESS
                play_until({0: anna, 1: bea}, anna, 0, rng)
            play_until({0: anna}, anna, 1, rng)  # her turn comes when she has gone: a mail
            settled(client)
        assert len(inbox.mails) == 1
        body = inbox.mails[0][1].get_content()
        assert f"{PUBLIC}/t/{table_id}\n" in body.replace("\r\n", "\n")
        assert f"{PUBLIC}/mail/stop#" in body
