"""In the game (issue 31): undo and hints where the host allows them and refused where not, the rules of the
decision in front of a seat, the only legal move played for a person, the rematch, and the result's why.

issue 31: "Undo at tables whose host allows it ...: a person may take back their last decision until another
seat has acted or the decision showed anyone something new (a drawn or looked-at card) ... the others see
that a move was taken back." "A hint ...: the move a chosen bot would make from your seat's view (never from
the true state), with its reason where the bot can give one." "The rules for the decision in front of you."
"A single legal move is played for the person after a short visible pause ...; the log says so." "The result
says why the winner won ... every game shows its score breakdown." "Rematch: the host starts a new game with
the same people and bots in one click, and everyone at the finished table is taken there."
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from gangland.agents.ismcts import ISMCTSAgent
from gangland.engine import SEAT_REF, Decision, GameRecord, Result, fill_seats
from gangland.engine.undo import shows_something_new
from gangland.games import all_games, get
from gangland.server.bots import BotRunner
from gangland.server.limits import Limits
from gangland.server.storage import LeaseLost, StepConflict, Storage
from gangland.server.tables import LiveTable

from .tables import Seat, create, play_people, seated, server, token_of
from .test_refusals import barrier, closed, person_turn, refused, token_now

T = TypeVar("T")

# -- helpers -------------------------------------------------------------------------------------------------


def live(client: TestClient, table_id: str) -> LiveTable:
    """The server's live table (the test reads its true state to choose moves, as no client can)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table: LiveTable = hub.live.get(table_id) or hub.recent[table_id]
    return table


@contextmanager
def people(client: TestClient, created: dict[str, Any]) -> Iterator[tuple[dict[int, Seat], Seat]]:
    """Every person's seat of a new table and a spectator, each on a socket of its own."""
    table_id = created["table_id"]
    with ExitStack() as stack:
        seats = {s["seat"]: stack.enter_context(seated(client, table_id, token_of(s["link"])))
                 for s in created["seats"] if s["link"]}
        watcher = stack.enter_context(seated(client, table_id, token_of(created["spectator_link"])))
        yield seats, watcher


def quiet_moves(client: TestClient, table_id: str, state: dict[str, Any]) -> list[int]:
    """The legal actions of the seat to act that show nobody anything new (gangland.engine.undo)."""
    table = live(client, table_id)
    return [a["id"] for a in state["legal"] if shows_something_new(table.state, a["id"], 1) is None]


def moved(seat: Seat, step: int) -> dict[str, Any]:
    """The state after the move at `step` (at step + 1)."""
    return seat.until(step + 1)


def supergang_of_two(client: TestClient, **settings: bool) -> dict[str, Any]:
    """A Supergang table (everything public; a gang's turn is many decisions) of two people and a bot."""
    return create(client, "supergang", 3, [None, None, "heuristic"], options={"turn_limit": 3},
                  listed=False, settings=settings)


def undo(seat: Seat, state: dict[str, Any], code: str, *words: str) -> None:
    """`seat` asks to take back at `state`'s step and is refused with `code` and a sentence of `words`."""
    refused(seat, {"type": "undo", "step": state["step"]}, code, *words)


# -- undo ----------------------------------------------------------------------------------------------------


def test_a_person_takes_back_a_decision_and_everyone_is_told(database_url: str) -> None:
    with server(database_url) as client:
        created = supergang_of_two(client, undo=True)
        table_id = created["table_id"]
        with people(client, created) as (seats, watcher):
            now = person_turn(seats)
            mover_seat, step = now["to_act"], now["step"]
            mover, other = seats[mover_seat], seats[1 - mover_seat]
            quiet = quiet_moves(client, table_id, now)
            assert len(quiet) >= 2, "a gang's first decision (which character moves) shows nothing"
            name = next(a["name"] for a in now["legal"] if a["id"] == quiet[0])
            mover.send({"type": "act", "action": quiet[0], "step": step})
            after = moved(mover, step)
            assert after["to_act"] == mover_seat  # the same gang goes on: nobody else has moved
            assert after["undo"] == {"move": name}, "the seat that moved is offered the undo"
            assert moved(other, step)["undo"] is None and moved(watcher, step)["undo"] is None

            mover.send({"type": "undo", "step": after["step"]})
            told = {who: next(m for m in iter(seat.receive, None) if m["type"] == "undone")
                    for who, seat in [("mover", mover), ("other", other), ("watcher", watcher)]}
            assert told["mover"] == {"type": "undone", "seat": mover_seat, "move": name, "yours": True}
            assert told["other"]["yours"] is False and told["other"]["seat"] == mover_seat
            assert told["watcher"]["move"] == name  # Supergang is public: everyone reads the same name
            for seat in (mover, other, watcher):
                back = seat.state()
                assert back["step"] == step and back["to_act"] == mover_seat
                assert [entry["step"] for entry in seat.log] == list(range(max(1, step - 99), step + 1))
            assert mover.last is not None and mover.last["legal"] == now["legal"]

            table = live(client, table_id)
            stored = table.hub.storage.load(table_id)
            assert stored is not None and stored.step == step and len(stored.moves) == step
            assert stored.chat[-1].kind == "note" and "took back a move" in stored.chat[-1].text
            # The note is kept as it is read (a chat line, a replay's): the move's seat markers ("move ⟨s0⟩'s
            # killer") filled in with the seats' names, as the table calls them (issue 31).
            assert SEAT_REF.search(name), name
            labels = [facts["label"] for facts in table.seats_info()]
            note = fill_seats(f"{labels[mover_seat]} took back a move: {name}", labels)
            assert stored.chat[-1].text == note
            assert not SEAT_REF.search(stored.chat[-1].text)
            assert client.get(f"/api/tables/{table_id}").json()["step"] == step
            assert table.game_record.undo  # the record says so: such a game is not one to rate

            # The database refuses a take-back from a step it is no longer at, and from another process.
            with pytest.raises(StepConflict):
                table.hub.storage.take_back(table_id, step + 5, step, mover_seat)
            other_process = Storage(database_url)
            try:
                with pytest.raises(LeaseLost):
                    other_process.take_back(table_id, step, 0, mover_seat)
            finally:
                other_process.close()

            # The game goes on from the decision: another choice this time.
            mover.send({"type": "act", "action": quiet[1], "step": step})
            again = moved(mover, step)
            assert again["log"][-1]["step"] == step + 1 and again["log"][-1]["by"] == "person"
            assert live(client, table_id).game_record.actions[step] == quiet[1]


def test_undo_is_refused_where_it_is_off_or_too_late(tmp_path: Path) -> None:
    # away_seconds=0: the host may hand a seat to a bot even while its page is open (away.py), as the end
    # of this test does to make a move by the host's bot.
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(away_seconds=0)) as client:
        # Off: the host did not allow it.
        created = supergang_of_two(client)
        with people(client, created) as (seats, _):
            now = person_turn(seats)
            mover = seats[now["to_act"]]
            mover.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            after = moved(mover, now["step"])
            assert after["undo"] is None
            undo(mover, after, "undo_off", "host", "not allow")

        created = supergang_of_two(client, undo=True)
        table_id = created["table_id"]
        with people(client, created) as (seats, watcher):
            now = person_turn(seats)
            mover_seat = now["to_act"]
            mover, other = seats[mover_seat], seats[1 - mover_seat]
            undo(mover, now, "undo_not_now", "nothing to take back")
            undo(watcher, now, "spectator")
            refused(mover, {"type": "undo", "step": now["step"] + 3}, "stale_step", "step")
            # Another seat moved since: the mover's gang ends its turn (whatever shows), the other plays once.
            current = now
            while current["to_act"] == mover_seat:
                mover.send({"type": "act", "action": current["legal"][-1]["id"], "step": current["step"]})
                current = moved(mover, current["step"])
            now = person_turn(seats)  # the other person's (seats go round: 0, 1, the bot)
            assert now["to_act"] == 1 - mover_seat
            other.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            moved(other, now["step"])
            barrier(mover)
            assert mover.last is not None and mover.last["undo"] is None
            error = refused(mover, {"type": "undo", "step": mover.last["step"]}, "undo_not_now",
                            "another seat has moved since")
            assert not SEAT_REF.search(error["error"]), error  # (the decision's name, filled in)

            # A move made for the seat by the host's bot is not the person's to take back. Seat 0's turn
            # is played by the bot; seat 1 is to act next and has not moved.
            while (now := person_turn(seats))["to_act"] != 0:
                seats[1].send({"type": "act", "action": now["legal"][-1]["id"], "step": now["step"]})
                moved(seats[1], now["step"])
            host = created["host_token"]
            answer = client.post(f"/api/tables/{table_id}/seats/0/controller",
                                 json={"host_token": host, "bot": "heuristic"})
            assert answer.status_code == 200, answer.text
            # Until seat 1, a person, is to act: then nothing moves until the test does. (to_act != 0 was
            # not enough: a decision of seat 0's turn may be the bot seat's to answer, which it then did
            # after the hand-back, and the undo below named a step the table had left.)
            while live(client, table_id).state.to_act != 1:
                seats[0].state()
            client.post(f"/api/tables/{table_id}/seats/0/controller", json={"host_token": host, "bot": None})
            barrier(seats[0])
            last = seats[0].last
            assert last is not None and last["undo"] is None
            undo(seats[0], last, "undo_not_now", "by a bot")
            assert live(client, table_id).record.moves[-1].by == "host"


def test_a_card_drawn_cannot_be_taken_back(tmp_path: Path) -> None:
    # Razzia!: drawing turns the deck's top card up for everyone.
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, None], listed=False, settings={"undo": True})
        table_id = created["table_id"]
        rng = random.Random(5)
        with people(client, created) as (seats, _):
            for _ in range(200):
                now = person_turn(seats)
                mover = seats[now["to_act"]]
                names = {a["name"]: a["id"] for a in now["legal"]}
                if "draw a card" in names and len(names) > 1:
                    break
                mover.send({"type": "act", "action": rng.choice(now["legal"])["id"], "step": now["step"]})
                moved(mover, now["step"])
            else:
                raise AssertionError("no decision with a draw among other choices came")
            mover.send({"type": "act", "action": names["draw a card"], "step": now["step"]})
            after = moved(mover, now["step"])
            assert after["undo"] is None
            undo(mover, after, "undo_not_now", "'draw a card' showed", "cannot be unseen")
            assert len(live(client, table_id).record.moves) == now["step"] + 1


# -- the only move, and the rules of the decision ------------------------------------------------------------


def test_the_only_move_is_played_for_the_person_and_the_log_says_so(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "supergang", 3, [None, "heuristic", "heuristic"], options={"turn_limit": 3},
                         listed=False)
        rng = random.Random(2)
        with people(client, created) as (seats, watcher):
            me = seats[0]
            for _ in range(400):
                now = person_turn(seats)
                if len(now["legal"]) == 1:
                    break
                first = now["legal"][0]["id"]
                refused(me, {"type": "act", "action": first, "step": now["step"], "auto": True},
                        "illegal", "only legal move")
                refused(me, {"type": "act", "action": now["legal"][0]["id"], "step": now["step"],
                             "auto": "yes"}, "malformed", "auto")
                me.send({"type": "act", "action": rng.choice(now["legal"])["id"], "step": now["step"]})
                moved(me, now["step"])
            else:
                raise AssertionError("no decision with one legal move came")
            me.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"], "auto": True})
            moved(me, now["step"])
            mine = next(e for e in me.log if e["step"] == now["step"] + 1)
            assert mine["by"] == "auto" and mine["line"].endswith("(your only move, played for you)")
            theirs = next(e for e in watcher.until(now["step"] + 1)["log"] if e["step"] == now["step"] + 1)
            assert theirs["by"] == "auto" and theirs["line"].endswith("(the only move, played for them)")


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_the_rules_of_the_decision_go_to_the_seat_to_act(tmp_path: Path, game_id: str) -> None:
    game = get(game_id)
    players = 3
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, game_id, players, [None, None, "heuristic"], listed=False)
        with people(client, created) as (seats, watcher):
            now = person_turn(seats)
            help_text = game.rules_help(now["view"])
            assert help_text.strip() and now["rules_help"] == help_text  # made from the seat's view alone
            barrier(seats[1 - now["to_act"]])
            barrier(watcher)
            for other in (seats[1 - now["to_act"]], watcher):
                assert other.last is not None and other.last["rules_help"] is None


# -- hints ---------------------------------------------------------------------------------------------------


def test_a_hint_where_allowed_and_refused_where_not(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=False,
                         settings={"hint": True})
        with people(client, created) as (seats, watcher):
            now = person_turn(seats)
            mover, other = seats[now["to_act"]], seats[1 - now["to_act"]]
            mover.send({"type": "hint"})
            answer = next(m for m in iter(mover.receive, None) if m["type"] in ("hint", "error"))
            assert answer["type"] == "hint", answer
            names = {a["id"]: a["name"] for a in now["legal"]}
            assert (answer["step"], answer["bot"], answer["level"]) == (now["step"], "heuristic", "Easy")
            assert answer["action"] in names and answer["name"] == names[answer["action"]]
            assert answer["reason"] is None  # the heuristic bots give none
            mover.send({"type": "hint", "bot": "heuristic"})
            assert next(m for m in iter(mover.receive, None) if m["type"] == "hint") == answer
            assert not [m for m in barrier(other) + barrier(watcher) if m["type"] == "hint"], "told others"
            refused(other, {"type": "hint"}, "hint_not_now", "not yours")
            refused(watcher, {"type": "hint"}, "spectator")
            refused(mover, {"type": "hint", "bot": "grandmaster"}, "hint_bot", "grandmaster", "heuristic")
            refused(mover, {"type": "hint", "bot": 7}, "malformed", "bot")

        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=False)
        with people(client, created) as (seats, _):
            now = person_turn(seats)
            refused(seats[now["to_act"]], {"type": "hint"}, "hint_off", "host", "not allow")


def on_a_loop_of_its_own(work: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(work)` in a thread of its own: a browser test run before in the same process (by the
    same xdist worker) leaves Playwright's event loop running in this thread, where asyncio.run refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_a_hint_is_the_same_for_states_the_seat_cannot_tell_apart(game_id: str) -> None:
    # The bot thinks from the seat's Decision alone: a state with every hidden thing re-drawn (the same
    # view) gets the same hint.
    game = get(game_id)
    runner = BotRunner()
    asked = 0
    for seed in range(8):
        state = game.new_game(3, seed, {"turn_limit": 3} if game_id == "supergang" else None)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 80)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        seat = state.to_act
        if seat is None:
            continue
        twin = state.determinize(seat, random.Random(seed + 100))
        assert twin.view(seat) == state.view(seat)
        record = GameRecord.start(game, 3, seed, None, ["person"] * 3)
        hints = [on_a_loop_of_its_own(runner.advise(game, s, record, seat, "heuristic", 17))
                 for s in (state, twin)]
        assert hints[0] == hints[1]
        asked += 1
    runner.close()
    assert asked >= 4


def test_a_search_bot_gives_its_reason() -> None:
    game = get("razzia")
    state = game.new_game(3, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    agent = ISMCTSAgent(game, 1, iterations=200)
    decision = Decision(game, state, seat, tuple(state.legal_actions()))
    action = agent.act(decision)
    reason = agent.explain(decision, action)
    assert reason is not None and "played 200 games out" in reason and "of the most it could" in reason


# -- the result ----------------------------------------------------------------------------------------------

RESULT_TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "razzia": (3, {}), "downtown": (2, {}), "protection-racket": (2, {}), "supergang": (3, {"turn_limit": 2})}
"""The bots' table of each game whose result is checked (Supergang's short, to end within the round). A game
not named here is played at its default player count with its default options."""
RESULT_GAMES = [(game.id, *RESULT_TABLES.get(game.id, (game.default_players, {}))) for game in all_games()]


def test_every_game_s_result_shows_its_breakdown_and_supergang_why(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        made = {game: create(client, game, n, ["heuristic"] * n, options=options, listed=False)["table_id"]
                for game, n, options in RESULT_GAMES}
        deadline = time.monotonic() + 120
        results = {}
        for game, table_id in made.items():
            while (summary := client.get(f"/api/tables/{table_id}").json())["status"] != "finished":
                assert time.monotonic() < deadline, f"{game}: the bots' game did not end"
                time.sleep(0.05)
            results[game] = summary["result"]
    for game, players, _ in RESULT_GAMES:
        result = results[game]
        assert Result.from_json(result).to_json() == result
        assert len(result["breakdown"]) == players
        for score, parts in zip(result["scores"], result["breakdown"], strict=True):
            assert parts and sum(parts.values()) == score
    supergang = results["supergang"]
    assert [set(s) for s in supergang["standing"]] == [{"shops", "money"}] * 3
    assert "stopped at the safety limit of 2 rounds (not a rule)" in supergang["ending"]
    assert "a draw shared by the gangs" in supergang["ending"]
    assert all("standing" not in results[game] for game in ("razzia", "downtown", "protection-racket"))


# -- rematch -------------------------------------------------------------------------------------------------


def test_a_rematch_takes_everyone_to_a_new_table_with_the_same_people(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "protection-racket", 3, [None, None, "heuristic"], listed=False,
                         name="Anna", settings={"undo": True, "hint": True})
        old_id, host = created["table_id"], created["host_token"]
        with people(client, created) as (seats, watcher):
            early = client.post(f"/api/tables/{old_id}/rematch", json={"host_token": host})
            assert early.status_code == 409 and "not over" in early.json()["detail"]
            last = play_people(seats, random.Random(3))
            assert last["over"]
            tokens = {seat: token_now(socket, token_of(created["seats"][seat]["link"]))
                      for seat, socket in seats.items()}
            undo(seats[0], seats[0].last or last, "undo_not_now", "game is over")

            stranger = client.post(f"/api/tables/{old_id}/rematch", json={"host_token": tokens[0]})
            assert stranger.status_code == 403 and "host" in stranger.json()["detail"]
            first = client.post(f"/api/tables/{old_id}/rematch", json={"host_token": host})
            assert first.status_code == 200, first.text
            new_id = first.json()["table_id"]
            assert new_id != old_id and first.json()["table_url"] == f"/t/{new_id}"
            again = client.post(f"/api/tables/{old_id}/rematch", json={"host_token": host})
            assert again.json()["table_id"] == new_id  # one rematch, however often asked
            # Everyone at the finished table is told, now.
            for socket in [*seats.values(), watcher]:
                told = next(m for m in iter(socket.receive, None) if m["type"] == "rematch")
                assert told == {"type": "rematch", "table_id": new_id, "now": True}

        old, new = (client.get(f"/api/tables/{t}").json() for t in (old_id, new_id))
        assert old["rematch"] == new_id and new["status"] == "playing" and new["rematch"] is None
        for key in ("game", "players", "options", "settings", "listed", "move_seconds"):
            assert new[key] == old[key], key
        assert [(s["kind"], s["bot"], s["name"]) for s in new["seats"]] == \
            [(s["kind"], s["bot"], s["name"]) for s in old["seats"]]
        assert new["seats"][0]["name"] == "Anna" and all(s["joined"] for s in new["seats"])
        # Each person's link opens their seat at the new table; at the old one it says where to go.
        for seat, token in tokens.items():
            with seated(client, new_id, token) as there:
                assert there.last is not None and there.last["seat"] == seat
            with client.websocket_connect(f"/ws/{old_id}") as raw:
                late = Seat(raw)
                late.send({"type": "hello", "token": token})
                assert late.receive() == {"type": "rematch", "table_id": new_id, "now": False}
                assert closed(late) == 1000
        # The host's and the spectators' links open both tables.
        assert client.post(f"/api/tables/{new_id}/seats/1/controller",
                           json={"host_token": host, "bot": None}).status_code == 200
        with seated(client, new_id, token_of(created["spectator_link"])) as looking:
            assert looking.last is not None and looking.last["seat"] is None
        with seated(client, old_id, token_of(created["spectator_link"])) as looking:
            assert looking.last is not None and looking.last["over"]
            assert looking.receive() == {"type": "rematch", "table_id": new_id, "now": False}
