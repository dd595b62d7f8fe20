"""Debian's nginx in front of the real server, running deploy/nginx.conf (the one docs/deploy.md shows) with
a self-signed certificate for localhost instead of Let's Encrypt's (proxies.py has the rest).

The documented file is a site of /etc/nginx/sites-enabled, which Debian's nginx.conf includes inside its
`http` block; here a small nginx.conf of the test's own does that, with every file nginx writes (pid, logs,
buffers) in the test's folder.
"""

from __future__ import annotations

import datetime
import os
import pwd
import re
import shutil
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from .dbservers import free_port
from .proxies import DEPLOY, DOCUMENTED_UPSTREAM, ProxyProcess, fill
from .realserver import log_tail

NGINX_SITE = DEPLOY / "nginx.conf"
"""The documented nginx site: example.org on ports 80 and 443, in front of Gangland on 127.0.0.1:8000."""


class Nginx(ProxyProcess):
    """`nginx` with the documented site at https://localhost:PORT (`port`) and http://localhost:HTTP
    (`http_port`), on 127.0.0.1 only (the documented [::] lines are left out)."""

    name = "nginx"

    def __init__(self, folder: Path, upstream_port: int) -> None:
        super().__init__(folder, upstream_port)
        self.http_port = free_port()

    @property
    def certificate_authority(self) -> Path:
        """The self-signed certificate nginx serves."""
        return self.folder / "localhost.crt"

    def output(self) -> str:
        """What nginx logged (its errors and notices), then its access log's end: one line an answer,
        with its status."""
        return f"{super().output()}\n--- access log:\n{log_tail(self.folder / 'access.log')}"

    def site(self, key: Path) -> str:
        """The documented site for localhost on this test's ports, certificate and server."""
        return fill(NGINX_SITE, [
            (r"^    server_name example\.org;$", "    server_name localhost;", 2),
            (r"^    listen 80;$", f"    listen 127.0.0.1:{self.http_port};", 1),
            (r"^    listen 443 ssl http2;$", f"    listen 127.0.0.1:{self.port} ssl http2;", 1),
            (r"^    listen \[::\]:(80|443 ssl http2);$", "", 2),
            (r"/etc/letsencrypt/live/example\.org/fullchain\.pem", str(self.certificate_authority), 1),
            (r"/etc/letsencrypt/live/example\.org/privkey\.pem", str(key), 1),
            (rf"(?<=proxy_pass http://){re.escape(DOCUMENTED_UPSTREAM)};$", f"{self.upstream};", 1),
        ])

    def prepare(self) -> list[str]:
        nginx = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
        assert nginx is not None, ("nginx is not installed (no `nginx` on PATH or in /usr/sbin): "
                                   "`scripts/services` installs Debian's nginx, which this test puts in "
                                   "front of the server")
        key = self.folder / "localhost.key"
        write_self_signed(self.certificate_authority, key)
        temp = self.folder / "temp"
        temp.mkdir(exist_ok=True)
        config = self.folder / "nginx.conf"
        # As root, the workers run as this user too (else as nobody, who may not write into the test's
        # folder); as anyone else, nginx ignores `user` with a warning.
        config.write_text("\n".join([
            "daemon off;",
            f"user {pwd.getpwuid(os.getuid()).pw_name};",
            "worker_processes 1;",
            f"pid {self.folder / 'nginx.pid'};",
            "error_log stderr notice;",
            "events { worker_connections 256; }",
            "http {",
            # The combined format and how long each answer took, and nginx's wait on the server (a stall
            # behind the proxy shows in the failure's report: conftest.py).
            "    log_format timed '$remote_addr [$time_local] \"$request\" $status $body_bytes_sent "
            "$request_time s, server: connect $upstream_connect_time s, head $upstream_header_time s';",
            f"    access_log {self.folder / 'access.log'} timed;",
            *(f"    {kind}_temp_path {temp / kind};"
              for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")),
            self.site(key),
            "}",
        ]))
        return [nginx, "-p", str(self.folder), "-e", "stderr", "-c", str(config)]


def write_self_signed(certificate: Path, key: Path) -> None:
    """A self-signed certificate for localhost (valid for a day) and its key, as PEM files."""
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    signed = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(private.public_key())
              .serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(minutes=5))
              .not_valid_after(now + datetime.timedelta(days=1))
              .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
              .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
              .sign(private, hashes.SHA256()))
    certificate.write_bytes(signed.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    key.chmod(0o600)
