"""Each game's rules pages, served beside its table: the short rules in our own words, and the project's
rules decisions.

The short rules live with the game (`games/<game>/rules.md`, shipped in the package). The decisions are
the project's `docs/rules/<game>.md`: a built package (a wheel, `pip install .`) carries a copy of them as
`games/<game>/decisions.md` (setup.py copies them when it builds), and a server run from a checkout (an
editable install, as `scripts/serve` makes) reads them from docs/rules/ itself. A game with neither (one
registered from outside gangland) says where decisions would be. Both are Markdown, turned into HTML with
raw HTML switched off, so a page can hold nothing but text, tables and links.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from xml.sax.saxutils import escape

from markdown_it import MarkdownIt

from gangland.engine import Game

DOCS_RULES = Path(__file__).resolve().parents[3] / "docs" / "rules"
"""The project's rules decisions, when the server runs from a checkout (src/gangland/server -> root)."""
DECISIONS_FILE = "decisions.md"
"""The copy of docs/rules/<game>.md that a built package carries in the game's folder (setup.py)."""


def _folder(game: Game) -> str:
    """The game's package name, which also names its decisions file (protection_racket)."""
    return type(game).__module__.rsplit(".", 1)[-1]


@cache
def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _page(title: str, body: str, links: str) -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>{escape(title)} · Gangland</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header class="site"><a href="/">Gangland</a><span class="sub">{escape(title)}</span></header>
  <main class="rules-page">
    <nav class="panel">{links}</nav>
    <article class="panel rules-text">
{body}
    </article>
  </main>
</body>
</html>
"""


def rules_page(game: Game) -> str:
    """The game's short rules as a page, with a link to the project's decisions."""
    text = resources.files(type(game).__module__).joinpath("rules.md").read_text(encoding="utf-8")
    links = (f'<a href="/rules/{escape(game.id)}/decisions">How this project decided what the rulebook '
             f"leaves open</a> · <a href=\"/\">Lobby</a>")
    return _page(f"Rules of {game.name}", _markdown().render(text), links)


def decisions_text(game: Game) -> str | None:
    """The Markdown of the game's rules decisions: the built package's copy, else the checkout's, or None."""
    shipped = resources.files(type(game).__module__).joinpath(DECISIONS_FILE)
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    source = DOCS_RULES / f"{_folder(game)}.md"
    return source.read_text(encoding="utf-8") if source.is_file() else None


def decisions_page(game: Game) -> str:
    """The project's rules decisions for the game as a page (or where to find them)."""
    text = decisions_text(game)
    if text is not None:
        body = _markdown().render(text)
    else:
        body = (f"<p>The rules decisions would be in <code>docs/rules/{escape(_folder(game))}.md</code> of "
                "Gangland's source; neither this server's package nor a checkout beside it holds them.</p>")
    links = f'<a href="/rules/{escape(game.id)}">Rules of {escape(game.name)}</a> · <a href="/">Lobby</a>'
    return _page(f"{game.name}: rules decisions", body, links)
