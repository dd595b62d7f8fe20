"""Debian's Caddy in front of the real server, running deploy/Caddyfile (the one docs/deploy.md shows) with
its internal certificate authority instead of a public one (proxies.py has the rest).

Caddy keeps its data (the authority's root certificate and key, the site's certificate) and its config in the
test's folder (XDG_DATA_HOME, XDG_CONFIG_HOME, HOME): nothing goes into the system's trust store
(`skip_install_trust`) or the user's folders, and its admin endpoint is off.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .dbservers import free_port
from .proxies import DEPLOY, DOCUMENTED_UPSTREAM, ProxyProcess, fill

CADDYFILE = DEPLOY / "Caddyfile"
"""The documented Caddyfile: one site, `example.org`, in front of Gangland on 127.0.0.1:8000."""


class Caddy(ProxyProcess):
    """`caddy run` with the documented site twice:

    - at https://localhost:PORT (`port`), with a certificate of Caddy's internal authority (`local_certs`,
      which is `tls internal` for every site): the site players use;
    - at http://127.0.0.1:CATCH_ALL (`catch_all_port`) with no host name, so answering every Host header
      and passing it on, as a proxy's catch-all site does: the way a DNS-rebinding page's foreign Host
      reaches the server through a proxy.
    """

    name = "Caddy"

    def __init__(self, folder: Path, upstream_port: int) -> None:
        super().__init__(folder, upstream_port)
        self.http_port = free_port()
        self.catch_all_port = free_port()

    @property
    def certificate_authority(self) -> Path:
        """The internal authority's root certificate (made at Caddy's first start)."""
        return self.folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def site(self, address: str) -> str:
        """The documented site at `address` in front of this test's server."""
        return fill(CADDYFILE, [(r"^example\.org \{$", f"{address} {{", 1),
                                (rf"(?<=reverse_proxy ){re.escape(DOCUMENTED_UPSTREAM)}$", self.upstream, 1)])

    def prepare(self) -> list[str]:
        """The test's global options (its own ports on 127.0.0.1, the internal authority, no trust store, no
        admin endpoint), then the documented site at both addresses."""
        caddy = shutil.which("caddy")
        assert caddy is not None, ("Caddy is not installed (no `caddy` on PATH): `scripts/services` installs "
                                   "Debian's caddy, which this test puts in front of the server")
        config = self.folder / "Caddyfile"
        config.write_text("\n".join([
            "{",
            "\tadmin off",
            "\tlocal_certs",
            "\tskip_install_trust",
            "\tdefault_bind 127.0.0.1",
            f"\thttp_port {self.http_port}",
            f"\thttps_port {self.port}",
            "}",
            "",
            self.site(f"localhost:{self.port}"),
            self.site(f"http://:{self.catch_all_port}"),
        ]))
        return [caddy, "run", "--config", str(config), "--adapter", "caddyfile"]

    def environment(self) -> dict[str, str]:
        return dict(super().environment(), HOME=str(self.folder), XDG_DATA_HOME=str(self.folder / "data"),
                    XDG_CONFIG_HOME=str(self.folder / "config"))
