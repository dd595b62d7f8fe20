"""The real server as a subprocess: `gangland serve` on a free port of 127.0.0.1, started, SIGKILLed and
started again on the same database and port; and a person's seat played over a real WebSocket.

`RealServer` is a context manager: whatever happens in the block, the process is stopped at its end
(SIGTERM, a bounded wait, then SIGKILL), so that no test leaves a server running.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .dbservers import free_port
from .tables import StateReader

START_SECONDS = 60.0
"""How long a server may take to answer GET /api/games after it is started."""
WAIT_SECONDS = 30.0
"""How long a socket may wait for the message it expects (the table's bots play at --bot-delay 0)."""

# Requests to 127.0.0.1 must never go through a proxy named in the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def gangland_executable() -> Path:
    """The `gangland` command installed next to the Python running the tests (.venv/bin/gangland)."""
    exe = Path(sys.executable).parent / "gangland"
    assert exe.is_file(), f"no gangland command next to {sys.executable}"
    return exe


def stop_process(process: subprocess.Popen[bytes] | None, seconds: float) -> None:
    """Stop `process` if it runs: SIGTERM, up to `seconds` to exit, then SIGKILL (and reap it)."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def log_tail(log: Path) -> str:
    """The end of a subprocess's log file (what it printed so far)."""
    try:
        return log.read_text(errors="replace")[-4000:]
    except OSError:
        return ""


class RealServer:
    """`gangland serve --port PORT --db URL` as a subprocess; its output goes to `log`, and its user data
    folder (XDG_DATA_HOME) is `data` beside `log`, so it never writes into the user's own."""

    def __init__(self, database_url: str, log: Path, port: int | None = None,
                 executable: Path | None = None) -> None:
        self.database_url = database_url
        self.executable = executable or gangland_executable()
        """The `gangland` command to run (by default the one beside the tests' Python)."""
        self.log = log
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    # -- the process ------------------------------------------------------------------------------------

    def start(self, bot_delay: float = 0.0, options: tuple[str, ...] = ()) -> None:
        """Start the server (on the same database and port as before), with `gangland serve`'s `options`
        besides, and wait until it answers."""
        assert self.process is None, "the server is already running"
        command = [str(self.executable), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", self.database_url, "--bot-delay", str(bot_delay), *options]
        env = dict(os.environ, XDG_DATA_HOME=str(self.log.parent / "data"))
        env.pop("GANGLAND_SAVES", None)
        self.starts += 1
        with self.log.open("ab") as out:
            out.write(f"\n=== start {self.starts}: {' '.join(command)}\n".encode())
            out.flush()
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + START_SECONDS
        while True:
            code = self.process.poll()
            if code is not None:
                self.process = None
                raise AssertionError(f"the server exited with {code} before answering; its output:\n"
                                     f"{self.output()}")
            try:
                status, _ = self.get("/api/games", timeout=2.0)
                if status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the server did not answer GET /api/games within {START_SECONDS} s; "
                                     f"its output:\n{self.output()}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL the server (no shutdown of any kind) and reap it."""
        assert self.process is not None, "the server is not running"
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        """Stop the server if it runs: SIGTERM, up to 15 s to exit, then SIGKILL."""
        process, self.process = self.process, None
        stop_process(process, 15)

    def output(self) -> str:
        """What the server printed so far (the end of it)."""
        return log_tail(self.log)

    def __enter__(self) -> RealServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    # -- HTTP -------------------------------------------------------------------------------------------

    def request(self, method: str, path: str, body: Any = None,
                timeout: float = 10.0) -> tuple[int, Any]:
        """(status, JSON answer) of a request to the server."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with _OPENER.open(request, timeout=timeout) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text.decode(errors="replace")

    def get(self, path: str, timeout: float = 10.0) -> tuple[int, Any]:
        return self.request("GET", path, timeout=timeout)

    def page(self, path: str, timeout: float = 10.0) -> tuple[int, str, str]:
        """(status, content type, text) of GET `path`: a page or a file rather than JSON."""
        try:
            with _OPENER.open(self.base + path, timeout=timeout) as answer:
                return answer.status, answer.headers.get("content-type", ""), answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("content-type", ""), error.read().decode(errors="replace")

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        return self.request("POST", path, body)

    def ws_url(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table_id}"


class Person(StateReader):
    """A person's seat played over a real WebSocket: every action sent, and those acknowledged.

    An action sent at step s is acknowledged by a state message whose step is past s and whose log says
    this seat made move s (the log's `step` is s + 1). Nobody else moves a person's seat here (no move
    time limit, no host), so such a move is this action. `seat` None: a spectator's link, which watches.
    An invitation's token is replaced by the seat's own when the server sends it (as the page does)."""

    def __init__(self, server: RealServer, table_id: str, seat: int | None, token: str) -> None:
        self.server = server
        self.table_id = table_id
        self.seat = seat
        self.token = token
        self.socket: ClientConnection | None = None
        self._closing = contextlib.ExitStack()
        self.last: dict[str, Any] | None = None
        self.sent: dict[int, int] = {}
        """step -> the action sent to answer it (the last one, if a step was answered again)."""
        self.acked: dict[int, int] = {}
        """step -> the action acknowledged at it."""
        self.errors: list[dict[str, Any]] = []
        self.connections = 0

    def connect(self) -> dict[str, Any]:
        """A new socket with this seat's token; its first state."""
        self.drop()
        self._closing = contextlib.ExitStack()
        self.socket = self._closing.enter_context(connect(
            self.server.ws_url(self.table_id), proxy=None, open_timeout=10, close_timeout=2, max_size=2**24))
        self.connections += 1
        self.socket.send(json.dumps({"type": "hello", "token": self.token}))
        state = self.state()
        assert state["seat"] == self.seat, state
        self.note_acks(state)
        return state

    def drop(self) -> None:
        """Forget the socket (after the server was killed it is broken anyway)."""
        self.socket = None
        with contextlib.suppress(Exception):
            self._closing.close()

    def receive(self) -> dict[str, Any]:
        """The next message (a state is kept as `last`, an error in `errors`); bounded wait."""
        assert self.socket is not None
        try:
            text = self.socket.recv(timeout=WAIT_SECONDS)
        except TimeoutError:
            raise AssertionError(f"table {self.table_id} seat {self.seat}: no message within "
                                 f"{WAIT_SECONDS} s; last state step {self.last and self.last['step']}; "
                                 f"server output:\n"
                                 f"{self.server.output()}") from None
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            self.last = message
        elif message["type"] == "error":
            self.errors.append(message)
        elif message["type"] == "seat_token":  # an invitation spent: the seat's own link from now on
            self.token = message["token"]
        return message

    def note_acks(self, state: dict[str, Any]) -> None:
        """Count as acknowledged every sent action that `state` shows made (past its step, this seat's move
        in the log)."""
        moved = {line["step"] - 1 for line in state["log"] if line["seat"] == self.seat}
        for step, action in self.sent.items():
            if step not in self.acked and state["step"] > step and step in moved:
                self.acked[step] = action

    def to_turn(self) -> dict[str, Any]:
        """Read until it is this seat's turn or the game is over; that state."""
        assert self.last is not None
        while not (self.last["over"] or self.last["your_turn"]):
            self.state()
        return self.last

    def move(self, rng: Any, wait: bool = True) -> dict[str, Any] | None:
        """Play a random legal action at this seat's turn; with `wait`, read until the state that
        acknowledges it (and return it); without, return at once (the action is in flight)."""
        state = self.to_turn()
        assert not state["over"] and state["your_turn"], state
        step = state["step"]
        action = rng.choice(state["legal"])["id"]
        assert self.socket is not None
        self.sent[step] = action
        self.socket.send(json.dumps({"type": "act", "action": action, "step": step}))
        if not wait:
            return None
        while True:
            message = self.receive()
            if message["type"] == "error":
                raise AssertionError(f"table {self.table_id}: the move {action} at step {step} was refused: "
                                     f"{message}")
            if message["type"] == "state" and message["step"] > step:
                self.note_acks(message)
                assert step in self.acked, (
                    f"step {step} passed without this seat's move: {message['log'][-3:]}")
                return message


__all__ = ["ConnectionClosed", "Person", "RealServer", "free_port", "gangland_executable"]
