"""A throwaway PostgreSQL cluster for the tests: Debian's server binaries (scripts/services installs them),
a cluster made by initdb in a temporary folder, one `postgres` process listening only on 127.0.0.1 on a
free port (no Unix socket), trust authentication from 127.0.0.1 only.

fsync stays on (the tests check durability); the other settings are small ones that suit tests.
`start_postgres` raises `PostgresUnavailable` when there are no binaries (or no `postgres` user to run
them as root) and `PostgresError` when the server would not start or stop in time, with the end of its log.
"""

from __future__ import annotations

import atexit
import glob
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
from psycopg import sql

START_SECONDS = 60.0  # bounded waits: a server that is not up by then is reported with its log tail
STOP_SECONDS = 30.0

# Appended to postgresql.conf, so that the cluster starts the same way by hand (pg_ctl -D DIR/data start).
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "unix_socket_directories": "''",  # TCP on the loopback only
    "fsync": "on",  # kept on: the tests check durability
    "synchronous_commit": "on",
    "max_connections": "50",
    "shared_buffers": "16MB",
    "max_wal_size": "256MB",
    "wal_level": "minimal",  # no replication: less WAL per CREATE DATABASE and table
    "max_wal_senders": "0",
    "jit": "off",
    "logging_collector": "off",  # the log goes to postgres.log through stderr
    "log_min_messages": "warning",
}


class PostgresUnavailable(RuntimeError):
    """PostgreSQL cannot be run here at all (no server binaries, no user to run them as)."""


class PostgresError(RuntimeError):
    """The server would not start or stop in time, or exited; the message ends with its log tail."""


def server_binaries() -> Path:
    """The folder of the newest Debian PostgreSQL server binaries, else the folder of `postgres` on PATH."""
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if found:
        newest = max(found, key=lambda p: int(re.sub(r"\D", "", Path(p).parts[4]) or 0))
        return Path(newest).parent
    on_path = shutil.which("initdb")
    if on_path and shutil.which("postgres"):
        return Path(on_path).resolve().parent
    raise PostgresUnavailable(
        "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb): "
        "run scripts/services, or apt-get install postgresql")


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _tail(path: Path, lines: int = 25) -> str:
    try:
        text = path.read_text(errors="replace").splitlines()[-lines:]
    except OSError as e:
        return f"(no log: {e})"
    return "\n".join("    " + line for line in text) or "    (empty log)"


class PostgresServer:
    """One cluster and its server process. `.url` is the `gangland` database's SQLAlchemy URL."""

    def __init__(self, bindir: Path, root: Path, user: str | None, port: int) -> None:
        self.bindir = bindir
        self.root = root  # holds data/ and postgres.log
        self.data = root / "data"
        self.log = root / "postgres.log"
        self.user = user  # the system user the server runs as (None: this process's own)
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return self.url_of("gangland")

    def url_of(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        """A plain psycopg connection in autocommit mode (CREATE/DROP DATABASE need it)."""
        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=database,
                               connect_timeout=5, autocommit=True)

    def new_database(self, name: str) -> str:
        """CREATE DATABASE name (lower-case letters, digits and _), and its URL."""
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
            raise ValueError(f"database name {name!r}: use lower-case letters, digits and _ (at most 63)")
        with self.connect() as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url_of(name)

    def drop_database(self, name: str) -> None:
        """DROP DATABASE name, closing whatever connections to it are still open."""
        with self.connect() as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    # The server process.

    def _run(self, args: list[str], what: str) -> None:
        """Run a server program (as self.user), its output appended to the log; PostgresError if it fails."""
        with self.log.open("ab") as log:
            done = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  user=self.user, cwd=self.root, timeout=START_SECONDS, check=False)
        if done.returncode != 0:
            raise PostgresError(f"{what} failed (exit {done.returncode}); "
                                f"end of {self.log}:\n{_tail(self.log)}")

    def initdb(self) -> None:
        self._run([str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                   "--encoding=UTF8", "--no-locale", "--no-instructions"], "initdb")
        # Trust on 127.0.0.1 only: no Unix socket, no ::1, no replication connections.
        (self.data / "pg_hba.conf").write_text("# tests/dbservers.py\nhost all all 127.0.0.1/32 trust\n")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n# tests/dbservers.py\n")
            for key, value in {**SETTINGS, "port": str(self.port)}.items():
                conf.write(f"{key} = {value}\n")

    def start(self) -> None:
        """Start the server and wait until it accepts connections (PostgresError after START_SECONDS)."""
        if self.process is not None and self.process.poll() is None:
            raise PostgresError(f"the server on port {self.port} is already running")
        log = self.log.open("ab")
        try:
            self.process = subprocess.Popen([str(self.bindir / "postgres"), "-D", str(self.data)],
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            user=self.user, cwd=self.root, start_new_session=True)
        finally:
            log.close()
        # Ready when postmaster.pid says so (as pg_ctl waits), then a connection confirms it: connecting
        # first could reach whatever else holds the port and hang there.
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise PostgresError(f"postgres exited at start (exit {self.process.returncode}); "
                                    f"end of {self.log}:\n{_tail(self.log)}")
            if self._status() == "ready":
                break
            time.sleep(0.02)
        else:
            self._kill()
            raise PostgresError(f"postgres was not ready within {START_SECONDS:.0f} s; "
                                f"end of {self.log}:\n{_tail(self.log)}")
        try:
            with self.connect() as conn:
                conn.execute("SELECT 1")
        except psycopg.OperationalError as e:
            self._kill()
            raise PostgresError(f"postgres is ready but refused a connection on 127.0.0.1:{self.port} ({e}); "
                                f"end of {self.log}:\n{_tail(self.log)}") from None

    def _status(self) -> str:
        """Our server's status in postmaster.pid ('starting', 'ready', ...); '' before it has one."""
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return ""
        ours = self.process is not None and lines[:1] == [str(self.process.pid)]
        return lines[7].strip() if ours and len(lines) > 7 else ""

    def stop(self) -> None:
        """Fast shutdown (SIGINT: open transactions roll back, committed data stays); waits for it."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise PostgresError(f"postgres did not stop within {STOP_SECONDS:.0f} s (killed); "
                                f"end of {self.log}:\n{_tail(self.log)}") from None

    def restart(self) -> None:
        """Stop, then start again on the same port with the same data."""
        self.stop()
        self.start()

    def _kill(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    def close(self) -> None:
        """Stop the server and remove the cluster's folder."""
        try:
            self.stop()
        finally:
            self._kill()
            shutil.rmtree(self.root, ignore_errors=True)


def _cluster_folder(tmpdir: Path, user: str | None) -> Path:
    """A new folder for the cluster inside tmpdir, or, when the server's user cannot reach tmpdir (pytest's
    temporary folders are private to root), inside the system temporary folder; owned by that user."""
    tmpdir.mkdir(parents=True, exist_ok=True)
    if user is None:
        return Path(tempfile.mkdtemp(prefix="postgres-", dir=tmpdir))
    reachable = subprocess.run(["test", "-w", str(tmpdir), "-a", "-x", str(tmpdir)], user=user,
                               check=False).returncode == 0
    root = Path(tempfile.mkdtemp(prefix="gangland-postgres-", dir=tmpdir if reachable else None))
    shutil.chown(root, user)
    if not reachable:
        (tmpdir / "postgres-cluster").write_text(f"{root}\n")  # where to look when a test run needs it
    return root


def start_postgres(tmpdir: Path) -> PostgresServer:
    """initdb a new cluster (as the `postgres` system user when running as root, since PostgreSQL refuses
    root), start it on a free port of 127.0.0.1, and create the `gangland` database. Call .close() at the end
    (it is also called at interpreter exit)."""
    bindir = server_binaries()
    user = None
    if os.geteuid() == 0:
        try:
            import pwd
            pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable("running as root, which PostgreSQL refuses, and there is no "
                                      "`postgres` system user to run it as") from None
        user = "postgres"
    root = _cluster_folder(Path(tmpdir), user)
    for attempt in range(3):
        server = PostgresServer(bindir, root, user, free_port())
        if attempt == 0:
            server.initdb()
        else:  # the port was taken between choosing it and binding it: choose another
            conf = server.data / "postgresql.conf"
            conf.write_text(re.sub(r"(?m)^port = \d+$", f"port = {server.port}", conf.read_text()))
        try:
            server.start()
        except PostgresError:
            if attempt < 2 and "Address already in use" in _tail(server.log, 10):
                continue
            raise  # the cluster's folder stays, for its log
        break
    atexit.register(server.close)
    server.new_database("gangland")
    return server
