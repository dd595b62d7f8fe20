"""Complete games of every game and player count over the server's WebSockets, people and bots together, and
every byte each seat and a spectator received checked against what that seat may see.

issue 16: "create a table of every game and player count, play complete games with bots and scripted people
over the WebSocket, and check that every message a seat receives equals what `view(seat)` allows: plant known
secret values (another seat's hand, a face-down bid, the seed) and search every byte sent to every other seat
and to spectators for them."
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest

from gangland.engine import GameRecord, State
from gangland.games import all_games, get
from gangland.server.tables import drawing

from .tables import Seat, create, drawing_of, play_people, seated, server, token_of

TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "razzia": [(n, {}) for n in get("razzia").player_counts],
    # Random people rarely finish a Downtown job: the turn limit (not a rule) ends their games.
    "downtown": [*((n, {"turn_limit": 12}) for n in get("downtown").player_counts),
                 (3, {"turn_limit": 12, "edition": "2013"})],
    "protection-racket": [(n, {}) for n in get("protection-racket").player_counts],
    "supergang": [(3, {"turn_limit": 6}), (4, {"turn_limit": 6}),
                  (5, {"turn_limit": 6, "police_player": True})],
}
"""The tables of each game: every player count, and the options that keep random play short. A game not
named here is played at every player count with its default options."""
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (game.id, players, options) for game in all_games()
    for players, options in TABLES.get(game.id, [(n, {}) for n in game.player_counts])]


def replayed(record: GameRecord) -> list[State]:
    """The state before each step and after the last, replayed from the record alone."""
    game = get(record.game)
    state = game.new_game(record.players, record.seed, record.options)
    states = [state.clone()]
    for action in record.actions:
        state.apply(action)
        states.append(state.clone())
    return states


def check_messages(record: GameRecord, states: list[State], seat: int | None, texts: list[str],
                   secrets: list[str]) -> int:
    """Every state message `seat` received is what its view at that step allows: the view, its text, the
    public names of its legal actions and the lines of the log, each made again here from the replayed
    states. A message's log is the lines since the connection's last state (the first: the last 100), and
    the log the page holds from them is the last 100 lines; its drawing, sent whole or as lines of the
    connection's last one, is the drawing of the view. No secret string is in any byte. Returns how many
    state messages were checked."""
    game = get(record.game)
    lines: list[str] = []
    for step, action in enumerate(record.actions):
        before, after = states[step], states[step + 1]
        actor = before.to_act
        assert actor is not None
        lines.append(game.narrate(before.view(seat), actor, game.public_action_name(before, action, seat),
                                  after.view(seat)))
    checked = 0
    sent: int | None = None  # the step of the connection's last state, whose log went up to it
    page: list[int] = []  # the steps of the log lines the page holds
    held: str | None = None  # the drawing the page holds
    for text in texts:
        message = json.loads(text)
        for secret in secrets:
            assert secret not in text, f"seat {seat} was sent a secret: {secret!r}"
        if message["type"] != "state":
            continue
        step = message["step"]
        state = states[step]
        view = state.view(seat)
        assert message["seat"] == seat and message["view"] == view, f"step {step}: not view({seat})"
        assert message["text"] == game.render(view)
        if sent is None:  # a connection's first drawing is sent whole
            assert message["svg"] is None or isinstance(message["svg"], str)
        held = drawing_of(message["svg"], held)
        assert held == drawing(game, view)  # the drawing too is made from this view alone
        if seat is not None and state.to_act == seat:
            assert message["legal"] == [{"id": a, "name": game.public_action_name(state, a, seat)}
                                        for a in state.legal_actions()]
        else:
            assert message["legal"] == []
        for entry in message["log"]:
            assert entry["line"] == lines[entry["step"] - 1], f"step {entry['step']}: seat {seat}'s log"
        first = step - 99 if sent is None else max(sent + 1, step - 99)
        assert [e["step"] for e in message["log"]] == list(range(max(1, first), step + 1))
        page = [*page, *(e["step"] for e in message["log"])][-100:]
        assert page == list(range(max(1, step - 99), step + 1))
        sent = step
        assert (message["result"] is None) == (not state.is_over)
        checked += 1
    return checked


def secret_moves(record: GameRecord, states: list[State], seat: int | None) -> list[tuple[int, str]]:
    """(step, true name) of each move another seat chose in secret from `seat` (its public name differs)."""
    game = get(record.game)
    found = []
    for step, action in enumerate(record.actions):
        before = states[step]
        if before.to_act == seat:
            continue
        true_name = game.action_name(before, action)
        if game.public_action_name(before, action, seat) != true_name:
            found.append((step + 1, true_name))
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS,
                         ids=[f"{g}-{n}p{'-' + '-'.join(f'{k}={v}' for k, v in o.items()) if o else ''}"
                              for g, n, o in CONFIGS])
def test_a_whole_game_sends_each_seat_only_its_view(database_url: str, game_id: str, players: int,
                                                    options: dict[str, Any]) -> None:
    rng = random.Random(f"{game_id}{players}{options}")
    people = 2 if players > 2 else 1
    bots: list[str | None] = [None] * people + ["heuristic"] * (players - people)
    with server(database_url) as client:
        created = create(client, game_id, players, bots, options=options, listed=False)
        table_id = created["table_id"]
        tokens = {s["seat"]: token_of(s["link"]) for s in created["seats"] if s["link"]}
        with ExitStack() as stack:
            seats: dict[int, Seat] = {seat: stack.enter_context(seated(client, table_id, token))
                                      for seat, token in tokens.items()}
            watcher = stack.enter_context(seated(client, table_id, token_of(created["spectator_link"])))
            last = play_people(seats, rng)
            while not (watcher.last or {}).get("over"):
                watcher.state()
        table = client.app.state.hub.recent[table_id]  # type: ignore[attr-defined]
        bot_seed = table.record.bot_seed
        answer = client.get(f"/api/tables/{table_id}/record")
        assert answer.status_code == 200
        record = GameRecord.from_json(answer.json())
    states = replayed(record)
    assert states[-1].is_over and last["over"]
    assert last["result"] == states[-1].result().to_json()
    secrets = [created["host_token"], token_of(created["spectator_link"]), *tokens.values(),
               str(record.seed), str(bot_seed)]
    # An invitation link is spent when it is first opened: the seat's own new token goes to its socket alone.
    own = {seat: [m["token"] for m in map(json.loads, socket.texts) if m["type"] == "seat_token"]
           for seat, socket in seats.items()}
    assert all(len(own[seat]) == (0 if seat == created["creator_seat"] else 1) for seat in seats)
    for seat, socket in [*seats.items(), (None, watcher)]:
        others = [token for other, found in own.items() if other != seat for token in found]
        assert check_messages(record, states, seat, socket.texts, secrets + others) > 0
        # A face-down choice of another seat (a bid, a note): its true name is in none of this seat's log.
        logged = {entry["step"]: entry["line"] for text in socket.texts
                  for entry in json.loads(text).get("log", [])}
        for step, true_name in secret_moves(record, states, seat):
            assert true_name not in logged.get(step, ""), f"seat {seat} learnt a secret move at step {step}"


def test_a_search_bot_plays_from_its_process_pool(tmp_path: Any) -> None:
    """A search bot (IS-MCTS) thinks in the process pool and its moves are legal moves of the game."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, "ismcts:easy"], listed=False)
        with seated(client, created["table_id"], token_of(created["creator_link"])) as me:
            last = play_people({0: me}, random.Random(3))
        record = GameRecord.from_json(client.get(f"/api/tables/{created['table_id']}/record").json())
    assert last["over"] and record.seats == ["person", "ismcts:easy"]
    assert record.replay(get("razzia")).is_over
    bot_lines = [e for e in last["log"] if e["seat"] == 1]
    assert bot_lines and all(e["by"] == "bot" for e in bot_lines)
