"""docs/deploy.md shows the configurations of deploy/ as they are (below each file's header comment), so that
what a person copies from the guide is what test_browser_caddy.py and test_nginx.py run."""

from __future__ import annotations

from pathlib import Path

import pytest

from .proxies import DEPLOY

GUIDE = DEPLOY.parent / "docs" / "deploy.md"


def below_header(path: Path) -> str:
    """The file without its first lines of comments and blank lines."""
    lines = path.read_text().splitlines()
    while lines and (not lines[0].strip() or lines[0].startswith("#")):
        lines.pop(0)
    return "\n".join(lines).strip()


@pytest.mark.parametrize("name", ["Caddyfile", "nginx.conf", "gangland.service"])
def test_the_guide_shows_the_file_as_it_is(name: str) -> None:
    shown = below_header(DEPLOY / name)
    assert shown.count("\n") > 5, f"deploy/{name} is nearly empty: {shown!r}"
    assert f"\n{shown}\n```" in GUIDE.read_text(), (
        f"docs/deploy.md does not show deploy/{name} as it is (from its first line after the header comment "
        "to the end of a code block): copy it into the guide again")
