"""The lobby and the seats (issue 16): the games and tables listed, the seats a browser holds, reconnects and
several tabs, the host's bot standing in, the move clock, the replay of a finished game, and the pages.

docs/server.md is the contract: the JSON API's table, the summaries ("public facts only"), and "Tables:
decisions the issue left open".
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gangland.engine import GameRecord, seat_ref
from gangland.games import all_games, get

from .tables import Seat, create, play_people, seated, server, token_of
from .test_refusals import barrier, person_turn, token_now

WAIT_SECONDS = 60.0
"""The bound of every wait for the server to do something by itself (a bot, the clock): reached only when
it never does, and then the test fails saying what it waited for."""


def lobby(client: TestClient) -> dict[str, list[dict[str, Any]]]:
    """GET /api/tables, checked to be a 200."""
    answer = client.get("/api/tables")
    assert answer.status_code == 200, answer.text
    listing: dict[str, list[dict[str, Any]]] = answer.json()
    return listing


def listed_in(client: TestClient, table_id: str) -> tuple[str | None, dict[str, Any] | None]:
    """Which of the lobby's lists holds the table (None: none), and its summary there."""
    found = [(name, entry) for name, entries in lobby(client).items() for entry in entries
             if entry["table_id"] == table_id]
    assert len(found) <= 1, f"table {table_id} is listed twice: {found}"
    return found[0] if found else (None, None)


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    """GET /api/tables/{id}."""
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def wait_for(what: str, check: Any) -> Any:
    """Poll `check()` (every 0.05 s) until it gives something true; fail naming `what` if it never does."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"waited {WAIT_SECONDS:.0f} s for {what}; it never happened")


def states(seat: Seat, since: int) -> list[str]:
    """The state messages (as sent) this socket got after its first `since` messages."""
    return [t for t in seat.texts[since:] if json.loads(t)["type"] == "state"]


# -- games, pages, schema -----------------------------------------------------------------------------------


def test_games_pages_and_schema(tmp_path: Path) -> None:
    """docs/server.md: GET /api/games gives "every game: id, name, version, player counts, rule options (name,
    default, choices, doc, free), bot names"; the pages and /openapi.json answer."""
    with server(f"sqlite:///{tmp_path}/gangland.db") as client:
        games = client.get("/api/games").json()
        assert {g["id"] for g in games} == {game.id for game in all_games()}
        for game in games:
            assert game["name"] and game["version"] and game["players"], game
            assert game["options"], f"{game['id']} lists no options"
            for option in game["options"]:
                assert {"name", "default", "choices", "doc", "free"} <= set(option), option
            assert {"random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard"} <= set(game["bots"])
        razzia = next(g for g in games if g["id"] == "razzia")
        assert razzia["players"] == [2, 3, 4, 5]
        assert "tiebreak" in {o["name"] for o in razzia["options"]}

        for path, kind in [("/", "text/html"), ("/static/table.js", "javascript"),
                           ("/static/lobby.js", "javascript"), ("/static/style.css", "text/css")]:
            page = client.get(path)
            assert page.status_code == 200, (path, page.status_code)
            assert kind in page.headers["content-type"], (path, page.headers["content-type"])
        # issue 31: "an unknown table is a 404 page" (a page that says so and stops, not the table page
        # reconnecting for ever), also for its replay and for an address that is no table id at all.
        for path in ("/t/someid", "/t/someid/replay", "/t/not%20an%20id"):
            page = client.get(path)
            assert page.status_code == 404 and "text/html" in page.headers["content-type"], path
            assert "No such table" in page.text and 'href="/"' in page.text and "<script" not in page.text
        assert "<html" in client.get("/").text.lower()

        schema = client.get("/openapi.json").json()
        paths = set(schema["paths"])
        assert {
            "/api/games", "/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/join",
            "/api/tables/{table_id}/seats/{seat}/controller", "/api/my-seats",
            "/api/tables/{table_id}/record", "/api/tables/{table_id}/replay",
        } <= paths, paths


# -- the lobby's lists --------------------------------------------------------------------------------------


def test_lobby_lists_and_replay(database_url: str) -> None:
    """docs/server.md: GET /api/tables gives "{waiting, playing, finished} of listed tables (summaries)";
    "The creator's seat is taken at creation"; a private table is never listed; a summary holds "public
    facts only" (issue 16: the seed leaves the server only once the game is over, and never in a summary);
    the replay of a finished game is the record's replay as each seat saw it."""
    with server(database_url) as client:
        created = create(client, "razzia", 2, [None, None], open_seats=(1,), listed=True)
        private = create(client, "razzia", 2, [None, None], listed=False)
        table_id = created["table_id"]
        tokens = [token_of(s["link"]) for s in created["seats"]]
        secrets = {created["host_token"], token_of(created["spectator_link"]), *tokens}
        texts = []  # every lobby and summary answer, searched for secrets at the end

        # Waiting: seat 1 is open; the creator's seat 0 is not, though nobody has connected yet.
        where, entry = listed_in(client, table_id)
        assert where == "waiting" and entry is not None
        assert entry["open_seats"] == [1], entry
        assert [s["joined"] for s in entry["seats"]] == [True, False]
        assert not any(s["connected"] for s in entry["seats"])
        assert listed_in(client, private["table_id"]) == (None, None)
        texts += [client.get("/api/tables").text, client.get(f"/api/tables/{table_id}").text]

        with seated(client, table_id, tokens[1]) as one:  # the other person opens their link
            where, entry = listed_in(client, table_id)
            assert where == "playing" and entry is not None and entry["open_seats"] == [], entry
            with seated(client, table_id, tokens[0]) as zero:
                assert listed_in(client, table_id)[0] == "playing"
                texts += [client.get("/api/tables").text, client.get(f"/api/tables/{table_id}").text]
                people = {0: zero, 1: one}
                for seat, socket in people.items():  # a seat's own token, if the server gave one
                    secrets.add(token_now(socket, tokens[seat]))
                last = play_people(people, random.Random(7))
                assert last["over"]
                for socket in people.values():
                    barrier(socket)

        assert listed_in(client, private["table_id"]) == (None, None)
        where, entry = listed_in(client, table_id)
        assert where == "finished" and entry is not None, lobby(client)
        assert entry["status"] == "finished" and entry["step"] == last["step"]
        assert entry["result"] == last["result"] and entry["result"]["scores"], entry
        texts += [client.get("/api/tables").text, client.get(f"/api/tables/{table_id}").text]

        record = client.get(f"/api/tables/{table_id}/record").json()
        seed = str(record["seed"])
        for text in texts:
            assert seed not in text, "a summary holds the seed"
            for secret in secrets:
                assert secret not in text, "a summary holds a token"

        # The replay: step 0 and the last step, as each seat and as a spectator saw them.
        game = get("razzia")
        replayed = GameRecord.from_json(record)
        total = len(record["actions"])
        assert total == last["step"]
        for seat in (0, 1, None):
            for step in (0, total // 2, total):
                query = f"?step={step}" + ("" if seat is None else f"&seat={seat}")
                frame = client.get(f"/api/tables/{table_id}/replay{query}")
                assert frame.status_code == 200, frame.text
                frame_data = frame.json()
                assert frame_data["step"] == step and frame_data["seat"] == seat
                assert frame_data["total"] == total
                view = replayed.replay(game, upto=step).view(seat)
                assert frame_data["view"] == view, (seat, step)
                assert frame_data["svg"] == game.svg(view), (seat, step)  # the drawing of that view
                assert frame_data["result"] == (record["result"] if step == total else None), (seat, step)
                assert len(frame_data["log"]) == min(step, 100)
                assert seed not in json.dumps(frame_data)
        assert client.get(f"/api/tables/{table_id}/replay?step=0&seat=2").status_code == 404


# -- the seats a browser holds ------------------------------------------------------------------------------


def test_my_seats(database_url: str) -> None:
    """docs/server.md: POST /api/my-seats answers "for each token, null (unknown) or {table_id, seat, game,
    your_turn, over, step}"."""
    with server(database_url) as client:
        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=False)
        table_id = created["table_id"]
        tokens = [token_of(s["link"]) for s in created["seats"][:2]]
        with seated(client, table_id, tokens[0]) as zero, seated(client, table_id, tokens[1]) as one:
            people = {0: zero, 1: one}
            tokens = [token_now(zero, tokens[0]), token_now(one, tokens[1])]
            now = person_turn(people)
            mover = now["to_act"]
            answer = client.post("/api/my-seats", json={"tokens": [tokens[mover], tokens[1 - mover],
                                                                   "no-such-token", created["host_token"]]})
            assert answer.status_code == 200, answer.text
            mine, theirs, unknown, host = answer.json()
            assert mine is not None and theirs is not None
            assert (mine["table_id"], mine["seat"], mine["game"]) == (table_id, mover, "razzia")
            assert (mine["your_turn"], mine["over"], mine["step"]) == (True, False, now["step"])
            assert (theirs["seat"], theirs["your_turn"], theirs["step"]) == (1 - mover, False, now["step"])
            assert unknown is None and host is None
            assert client.post("/api/my-seats", json={"tokens": []}).json() == []


# -- reconnects and tabs ------------------------------------------------------------------------------------


def test_tabs_and_reconnect(database_url: str) -> None:
    """issue 16: "Reconnect: a browser that drops and returns gets the present state; several open tabs of
    one seat all stay current"."""
    with server(database_url) as client:
        created = create(client, "razzia", 3, [None, "heuristic", "random"], listed=False)
        table_id = created["table_id"]
        token = token_of(created["creator_link"])
        with seated(client, table_id, token) as first:
            with seated(client, table_id, token_now(first, token)) as second:
                person_turn({0: first})
                barrier(second)
                marks = len(first.texts), len(second.texts)
                for _ in range(3):  # three of seat 0's moves, from the first tab, the bots' in between
                    now = person_turn({0: first})
                    first.send({"type": "act", "action": now["legal"][-1]["id"], "step": now["step"]})
                    first.until(now["step"] + 1)
                person_turn({0: first})
                barrier(second)
                got_first, got_second = states(first, marks[0]), states(second, marks[1])
                assert len(got_first) >= 3  # at least seat 0's three moves
                assert got_first == got_second, "the two tabs of one seat were not sent the same states"
                steps = [json.loads(t)["step"] for t in got_second]
                assert set(range(steps[0], steps[-1] + 1)) <= set(steps), f"a tab missed a step: {steps}"

            # One tab closed; the other plays on; a third tab opened later gets the present state.
            now = person_turn({0: first})
            first.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            first.until(now["step"] + 1)
            present = person_turn({0: first})
            with seated(client, table_id, token_now(first, token)) as third:
                assert third.last is not None
                for key in ("step", "to_act", "view", "legal", "log", "your_turn"):
                    assert third.last[key] == present[key], key
                third.send({"type": "act", "action": present["legal"][0]["id"], "step": present["step"]})
                assert third.until(present["step"] + 1)["step"] == present["step"] + 1
                assert first.until(present["step"] + 1)["step"] == present["step"] + 1


# -- the host's bot ------------------------------------------------------------------------------------------


def test_host_hands_a_seat_to_a_bot_and_takes_it_back(database_url: str) -> None:
    """issue 16: "The table's creator can hand an absent person's seat to a bot and take it back";
    docs/server.md: the log's `by` is "host", the summary's `away` names the bot."""
    with server(database_url) as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        table_id, host = created["table_id"], created["host_token"]
        absent = token_of(created["seats"][1]["link"])
        url = f"/api/tables/{table_id}/seats/1/controller"
        with seated(client, table_id, token_of(created["creator_link"])) as zero:
            handed = client.post(url, json={"host_token": host, "bot": "heuristic"})
            assert handed.status_code == 200, handed.text
            assert handed.json()["seats"][1]["away"] == "heuristic"
            assert summary(client, table_id)["seats"][1]["away"] == "heuristic"

            # The bot plays seat 1: seat 0 moves until a line of seat 1's shows the host's bot made it.
            for _ in range(200):
                now = person_turn({0: zero})
                if any(line["seat"] == 1 for line in now["log"]):
                    break
                zero.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
                zero.until(now["step"] + 1)
            else:
                raise AssertionError("seat 1 never moved while the host's bot stood in")
            assert {line["by"] for line in now["log"] if line["seat"] == 1} == {"host"}, now["log"]
            assert now["seats"][1]["away"] == "heuristic"

            # Taken back: seat 1's next turn waits for its person.
            back = client.post(url, json={"host_token": host, "bot": None})
            assert back.status_code == 200, back.text
            assert back.json()["seats"][1]["away"] is None
            for _ in range(200):
                barrier(zero)
                now = zero.last
                assert now is not None and not now["over"]
                if now["to_act"] == 1:
                    break
                zero.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
                zero.until(now["step"] + 1)
            else:
                raise AssertionError("seat 1 was never to act")
            waiting = client.post("/api/my-seats", json={"tokens": [absent]}).json()[0]
            assert waiting is not None and waiting["your_turn"] and waiting["step"] == now["step"]
            assert now["thinking"] is None and now["seats"][1]["away"] is None
            barrier(zero)
            assert zero.last is not None and zero.last["step"] == now["step"]
            assert summary(client, table_id)["step"] == now["step"]
            # Its person comes back and moves.
            with seated(client, table_id, absent) as one:
                assert one.last is not None and one.last["your_turn"] and one.last["step"] == now["step"]
                one.send({"type": "act", "action": one.last["legal"][0]["id"], "step": now["step"]})
                assert one.until(now["step"] + 1)["step"] == now["step"] + 1
                assert zero.until(now["step"] + 1)["log"][-1]["by"] == "person"


# -- the move clock -----------------------------------------------------------------------------------------


def test_move_time_limit(database_url: str) -> None:
    """issue 16: "If a move time limit runs out, the game's heuristic bot moves for that seat and the log says
    so"; docs/server.md: the move's `by` is "timeout", its line says "time ran out", and "a seat nobody has
    taken never loses moves to the clock"."""
    with server(database_url) as client:
        client.app.state.hub.move_seconds_range = (1, 3600)  # type: ignore[attr-defined]
        created = create(client, "razzia", 2, [None, None], open_seats=(1,), listed=True, move_seconds=1)
        table_id = created["table_id"]
        with seated(client, table_id, token_of(created["creator_link"])) as zero:
            # Seat 0 (the creator's, taken) never moves: the clock moves for it, until seat 1 is to act.
            def seat_one_to_act() -> bool:
                return bool(summary(client, table_id)["to_act"] == 1)

            wait_for("seat 1 to be to act (seat 0's clock moving for it)", seat_one_to_act)
            barrier(zero)
            now = zero.last
            assert now is not None and now["to_act"] == 1
            for line in now["log"]:  # every move so far was the clock's, for seat 0
                assert line["seat"] == 0 and line["by"] == "timeout", line
                assert "time ran out" in line["line"], line
                # The seat by its marker, as game text names seats: the page fills its name in (issue 31).
                assert line["line"].endswith(f"bot moved for {seat_ref(0)})"), line

            # Seat 1, which nobody has opened, has no clock running: the game waits for it.
            assert now["clock"] is None
            time.sleep(2.5)  # more than twice its move time: no move may come meanwhile
            barrier(zero)
            assert zero.last is not None and zero.last["step"] == now["step"] and zero.last["clock"] is None
            assert summary(client, table_id)["step"] == now["step"]

            # Seat 1 taken from the lobby and left idle: now its clock runs out and the bot moves for it.
            joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
            assert joined.status_code == 200, joined.text
            wait_for("the clock to move for seat 1", lambda: summary(client, table_id)["step"] > now["step"])
            moved = zero.until(now["step"] + 1)
            line = moved["log"][-1]
            assert (line["step"], line["seat"], line["by"]) == (now["step"] + 1, 1, "timeout"), line
            assert "time ran out" in line["line"], line
