"""A reverse proxy from Debian (Caddy: caddy.py, nginx: nginx.py) as a subprocess on free ports of 127.0.0.1
in front of the real server, running the configuration docs/deploy.md shows (deploy/Caddyfile,
deploy/nginx.conf) with its names, ports and certificates filled in; and a WebSocket handshake sent by hand,
to send exactly the Host and Origin a DNS-rebinding page sends.

`ProxyProcess` is a context manager: the process is stopped at the block's end however it ends.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import socket
import ssl
import subprocess
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import NamedTuple, Self, TypeVar

import httpx

from .dbservers import free_port
from .realserver import RealServer, log_tail, stop_process

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
"""The configurations docs/deploy.md shows."""
SUB_PATH = "/gangland"
"""The sub-path the documented configurations serve Gangland under (https://example.org/gangland/)."""
DOCUMENTED_UPSTREAM = "127.0.0.1:8000"
"""Where the documented configurations find Gangland."""
START_SECONDS = 30.0
"""How long a proxy may take to answer over TLS after it is started."""


def fill(path: Path, replacements: list[tuple[str, str, int]]) -> str:
    """The text of `path` with each (regular expression, replacement, count) applied: the expression must
    match exactly `count` times (lines of the file, re.MULTILINE), so that what a test runs is what the
    file says, and a changed file fails the test with a sentence instead of testing something else."""
    text = path.read_text()
    for pattern, replacement, count in replacements:
        text, found = re.subn(pattern, replacement, text, flags=re.MULTILINE)
        assert found == count, (f"{path} has {found} times /{pattern}/, not {count}: the test cannot fill "
                                "it in")
    return text


class ProxyProcess(ABC):
    """A proxy in `folder` (its configuration, certificates and log) in front of 127.0.0.1:`upstream_port`,
    serving https://localhost:PORT/gangland/ (`port`, `base`)."""

    name = "the proxy"

    def __init__(self, folder: Path, upstream_port: int) -> None:
        self.folder = folder
        self.upstream = f"127.0.0.1:{upstream_port}"
        self.port = free_port()
        self.base = f"https://localhost:{self.port}{SUB_PATH}"
        """Where players reach the server through the proxy (the public URL, without a slash at the end)."""
        self.origin = f"https://localhost:{self.port}"
        """The pages' origin (the public URL's)."""
        self.log = folder / "proxy.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    @abstractmethod
    def certificate_authority(self) -> Path:
        """The certificate to trust for the site's (exists once the proxy answers)."""

    @abstractmethod
    def prepare(self) -> list[str]:
        """Write the configuration (and whatever else it needs) into `folder`; the command to run."""

    def environment(self) -> dict[str, str]:
        """The proxy's environment variables."""
        return dict(os.environ)

    def trusting_context(self) -> ssl.SSLContext:
        """A TLS client context that trusts `certificate_authority` and nothing else, and checks the
        certificate's chain and host name."""
        return ssl.create_default_context(cafile=str(self.certificate_authority))

    def start(self) -> None:
        """Start the proxy and wait until its site answers over TLS with a certificate it can vouch for."""
        assert self.process is None, f"{self.name} is already running"
        self.folder.mkdir(parents=True, exist_ok=True)
        command = self.prepare()
        with self.log.open("ab") as out:
            out.write(f"\n=== {' '.join(command)}\n".encode())
            out.flush()
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=self.environment())
        deadline = time.monotonic() + START_SECONDS
        while True:
            code = self.process.poll()
            if code is not None:
                self.process = None
                raise AssertionError(f"{self.name} exited with {code} before answering; its output:\n"
                                     f"{self.output()}")
            with contextlib.suppress(OSError):
                if self.certificate_authority.is_file():
                    with tls_connection(self.port, self.trusting_context()):
                        return
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"{self.name} did not answer over TLS within {START_SECONDS} s; its "
                                     f"output:\n{self.output()}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop the proxy if it runs: SIGTERM, up to 10 s to exit, then SIGKILL."""
        process, self.process = self.process, None
        stop_process(process, 10)

    def output(self) -> str:
        """What the proxy logged so far (the end of it)."""
        return log_tail(self.log)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


Proxy = TypeVar("Proxy", bound=ProxyProcess)


def behind_options(proxy: ProxyProcess) -> tuple[str, ...]:
    """`gangland serve`'s options behind `proxy`, as docs/deploy.md gives them."""
    return ("--public-url", proxy.base, "--trusted-proxy", "127.0.0.1")


@contextlib.contextmanager
def serving_behind(kind: type[Proxy], folder: Path) -> Iterator[tuple[RealServer, Proxy]]:
    """The real server (SQLite in `folder`, --bot-delay 0) behind a proxy of `kind`, both started, and
    both stopped when the block ends, however it ends."""
    with RealServer(f"sqlite:///{folder}/g.db", folder / "server.log") as server, \
            kind(folder / "proxy", server.port) as proxy:
        proxy.start()
        server.start(bot_delay=0, options=behind_options(proxy))
        yield server, proxy


@contextlib.contextmanager
def tls_connection(port: int, context: ssl.SSLContext) -> Iterator[ssl.SSLSocket]:
    """A TLS connection to 127.0.0.1:`port` for the name localhost (the handshake done: `context` checked
    the certificate), closed at the block's end."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            context.wrap_socket(raw, server_hostname="localhost") as tls:
        yield tls


class Answer(NamedTuple):
    """An HTTP answer read by hand."""

    status: int
    head: str
    body: str


def handshake(port: int, path: str, host: str, origin: str, tls: ssl.SSLContext | None = None) -> Answer:
    """A WebSocket opening handshake sent by hand to 127.0.0.1:`port` with exactly these Host and Origin
    headers (over TLS with `tls`, for the name localhost), and its answer (a body of at most 64 KiB)."""
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
    with contextlib.ExitStack() as closing:
        if tls is None:
            connection: socket.socket = closing.enter_context(
                socket.create_connection(("127.0.0.1", port), timeout=10))
        else:
            connection = closing.enter_context(tls_connection(port, tls))
        connection.sendall(request.encode())
        answer = b""
        while b"\r\n\r\n" not in answer and len(answer) < 65536:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n", 1)[0].decode(errors="replace")
        assert re.match(r"HTTP/1\.1 \d{3} ", status_line), f"not an HTTP answer: {answer[:200]!r}"
        status = int(status_line.split()[1])
        length = re.search(rb"(?im)^content-length:\s*(\d+)\s*$", head)
        if status != 101:
            wanted = min(int(length.group(1)), 65536) if length else 65536
            with contextlib.suppress(TimeoutError, OSError):
                while len(body) < wanted:
                    chunk = connection.recv(4096)
                    if not chunk:
                        break
                    body += chunk
        return Answer(status, head.decode(errors="replace"), body.decode(errors="replace"))


METRICS_DISGUISES = ("/metrics", "/metrics/", "//metrics", "/%6detrics", "/METRICS", f"{SUB_PATH}/metrics")
"""/metrics under the sub-path as a client may write it to slip past a proxy's rule."""


def check_metrics_kept_behind(proxy: ProxyProcess) -> None:
    """The proxy answers /metrics under the sub-path itself with a 404 (no Content-Security-Policy, which
    the server puts on every answer of its own), and none of its disguises reaches the server's metrics."""
    with httpx.Client(verify=proxy.trusting_context(), trust_env=False, timeout=10) as client:
        for path in METRICS_DISGUISES:
            answer = client.get(proxy.base + path)
            assert answer.status_code == 404 and "# TYPE" not in answer.text, (path, answer.text[:300])
            if path == "/metrics":
                assert "content-security-policy" not in answer.headers, \
                    f"{proxy.name} passed /metrics on to the server: {answer.headers}"


def rebinding_handshake(port: int, path: str, tls: ssl.SSLContext | None = None) -> Answer:
    """The outside probe's handshake, as a DNS-rebinding page at http://evil.example:PORT sends it to
    127.0.0.1:`port`: `Host: evil.example:PORT`, `Origin: http://evil.example:PORT`."""
    return handshake(port, path, f"evil.example:{port}", f"http://evil.example:{port}", tls)


def same_refusal(through: Answer, direct: Answer) -> bool:
    """Is `through` (an answer through a proxy) the server's own refusal `direct` of a foreign host? The
    same status, and the same sentence up to the host it names (a proxy may pass the Host on without its
    port)."""
    before, host, _ = direct.body.partition("evil.example")
    return bool(before and host) and through.status == direct.status \
        and through.body.startswith(before + host)


def check_rebinding_refused(server: RealServer, proxy: ProxyProcess, port: int,
                            tls: ssl.SSLContext | None) -> str:
    """The outside probe's handshake to a new listed table's socket (one person, two bots) is refused by
    the server directly (a 4xx and a sentence naming the host), and through the proxy's `port` (over TLS with
    `tls`) the server's own refusal comes back; the same handshake with the public Host and Origin is
    accepted (101) through the proxy's site and directly. The socket's path."""
    seats = [{"bot": None}, {"bot": "random"}, {"bot": "random"}]
    status, created = server.post("/api/tables", {"game": "razzia", "players": 3, "listed": True,
                                                  "seats": seats})
    assert status == 201, created
    path = f"{SUB_PATH}/ws/{created['table_id']}"
    direct = rebinding_handshake(server.port, path)
    assert 400 <= direct.status < 500 and "evil.example" in direct.body, direct
    through = rebinding_handshake(port, path, tls)
    assert same_refusal(through, direct), (through, direct)
    assert handshake(proxy.port, path, f"localhost:{proxy.port}", proxy.origin,
                     tls=proxy.trusting_context()).status == 101
    # The loopback address is a host the server always answers to.
    assert handshake(server.port, path, f"127.0.0.1:{server.port}", proxy.origin).status == 101
    return path
