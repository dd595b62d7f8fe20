"""Issue 17: "Each game has a short rules page in our own words (not the publishers' text) reachable from the
table, with a link to the project's rules decisions." The table page links to /rules/GAME (checked in the
browser tests); these check the pages themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gangland.engine import all_games
from gangland.server.rules import decisions_page, rules_page

from .tables import server

GAMES = [game.id for game in all_games()]
DECISIONS = Path(__file__).resolve().parents[2] / "docs" / "rules"
"""The source of the decisions pages (an installed package serves its copy of them)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_rules_page_linking_its_decisions(game_id: str, tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        page = client.get(f"/rules/{game_id}")
        assert page.status_code == 200, page.text
        assert page.headers["content-type"].startswith("text/html")
        html = page.text
        assert re.search(r"<h1>[^<]+</h1>", html), "the rules page has no title"
        words = len(re.sub(r"<[^>]+>", " ", html).split())
        assert words >= 300, f"the rules page has {words} words: too few to teach the game"
        assert f'href="/rules/{game_id}/decisions"' in html
        decisions = client.get(f"/rules/{game_id}/decisions")
        assert decisions.status_code == 200
        # The checkout's docs/rules/<game>.md (or the package's copy of it): its first heading is on the page.
        game = next(g for g in all_games() if g.id == game_id)
        source = (DECISIONS / f"{type(game).__module__.rsplit('.', 1)[-1]}.md").read_text(encoding="utf-8")
        heading = next(line.lstrip("# ").strip() for line in source.splitlines() if line.startswith("#"))
        assert heading.split()[0] in decisions.text
        assert f'href="/rules/{game_id}"' in decisions.text


def test_an_unknown_game_has_no_rules_page(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        for path in ("/rules/chess", "/rules/chess/decisions"):
            answer = client.get(path)
            assert answer.status_code == 404, (path, answer.status_code)
            assert "chess" in answer.json()["detail"]


def test_the_pages_hold_no_raw_html_from_their_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Raw HTML in a rules file is shown as text, never run (markdown-it with html off)."""
    from gangland.server import rules

    game = all_games()[0]
    # Neither a package's copy nor a checkout: the page says where the decisions would be.
    monkeypatch.setattr(rules, "DOCS_RULES", DECISIONS.parent / "no-such-folder")
    monkeypatch.setattr(rules, "DECISIONS_FILE", "no-such-file.md")
    missing = decisions_page(game)
    assert f"docs/rules/{type(game).__module__.rsplit('.', 1)[-1]}.md" in missing
    assert "neither this server's package nor a checkout beside it holds them" in missing

    rendered = rules._markdown().render("# T\n\n<script>alert(1)</script> <b>x</b>")
    assert "<script>" not in rendered and "&lt;script&gt;" in rendered
    assert "<h1>" in rules_page(game)
