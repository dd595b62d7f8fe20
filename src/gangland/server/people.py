"""Who is at a table: people's display names, bots' names and levels, and the host's house rules.

A name is what a person calls themselves at one table: any script, at most MAX_NAME characters, never
markup (the page shows it as text, the drawing and the log fill it in as text). Bots get a name of their
own and a level a person understands ("Easy", "Hard"); the exact agent is a detail for those who want it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, fields
from typing import Any

from gangland.engine import OptionError

MAX_NAME = 24
"""The most characters a display name may have (after its spaces are tidied)."""
BOT_NAMES = ("Rocco", "Vinnie", "Lefty", "Bugsy", "Dutch")
"""The names bots sit under, one per seat (a table has at most five seats)."""
_SEARCH = "searches {} a move (IS-MCTS), playing games out with the rule-of-thumb bot"
DETAILS = {
    "random": "plays any legal move at random",
    "heuristic": "the game's rule-of-thumb bot: plays at once",
    "heuristic-aggressive": "the rule-of-thumb bot in a bolder style: risks more for more",
    "heuristic-cautious": "the rule-of-thumb bot in a careful style: risks less",
    "heuristic-careless": "the rule-of-thumb bot with lapses: about one move in four is a random legal move",
    "ismcts:easy": _SEARCH.format("0.1 s"),
    "ismcts": _SEARCH.format("0.5 s"),
    "ismcts:medium": _SEARCH.format("0.5 s"),
    "ismcts:hard": _SEARCH.format("2 s"),
}
"""What each bot the lobby names does, for those who want the exact agent."""
LEVEL_ORDER = ("Beginner", "Easy", "Medium", "Hard", "Expert", "Other")
"""Every level a person reads, weakest first (the lobby lists them so)."""
RANKED = LEVEL_ORDER[1:-1]
"""The ranked levels, weakest first: a game's `LADDERS` entry gives the bot of each, as far as it goes."""
LADDERS: dict[str, tuple[str, ...]] = {
    "razzia": ("heuristic", "ismcts:easy", "ismcts", "ismcts:hard"),
    "downtown": ("heuristic", "ismcts:easy", "ismcts", "ismcts:hard"),
    "protection-racket": ("heuristic", "ismcts:easy", "ismcts", "ismcts:hard"),
    "supergang": ("heuristic-careless", "heuristic", "ismcts"),
}
"""Per game, the bot of each `RANKED` level, weakest first. A bot is ranked only where a ladder shows it
above the level before it, head to head with an interval that excludes a tie (docs/strength.md, issue 35):
a level's name is a promise a person can trust, so a game offers fewer levels rather than one not shown
stronger. In Supergang the 0.1 s search plays no better than its bot and the 2 s search is not shown
above the 0.5 s one (its games between searches stall into draws at the safety net), so there the bot is
Medium, the 0.5 s search Hard (as in the other games) and Easy the bot with lapses (`heuristic-careless`),
shown between the random agent and the bot. Bots named here nowhere are "Other"."""
SAME_BOT = {"ismcts:medium": "ismcts"}
"""Names of one bot: the search's default budget is its `medium` level."""
STYLES = frozenset({"heuristic-aggressive", "heuristic-cautious"})
"""The bot's styles, which the lobby puts at the plain bot's level: each plays about as well as the plain
bot or worse (issue 35's measurements, the games' bot modules), and in Supergang, where a level is below
the bot, each is shown above it (docs/strength.md)."""
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories a name drops: control, invisible formatting, surrogates, private use, unassigned."""


def clean_name(text: object) -> str:
    """A display name fit to keep: NFC, spaces tidied, no control or invisible formatting characters (but
    the joiner inside emoji), 1 to MAX_NAME characters; OptionError saying what is wrong otherwise.

    >>> clean_name("  Anna   Maria ")
    'Anna Maria'
    >>> clean_name("Ζωή\\u200b")
    'Ζωή'
    """
    if not isinstance(text, str):
        raise OptionError("a name must be text")
    name = tidy(text)
    if not name:
        raise OptionError("a name needs at least one letter, digit or sign")
    if len(name) > MAX_NAME:
        raise OptionError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    return name


def tidy(text: str) -> str:
    """Text people wrote, fit to keep and show: NFC, no control or invisible formatting characters (but the
    joiner inside emoji), every run of spaces and line breaks one space, none at either end (names, chat).

    >>> tidy(" Hi\\n\\tthere\\u202e ")
    'Hi there'
    """
    words = ("".join(c for c in word if c == "\u200d" or unicodedata.category(c) not in HIDDEN)
             for word in unicodedata.normalize("NFC", text).split())
    return " ".join(word for word in words if word)


def bot_level(bot: str, game: str) -> str:
    """The level a person reads for `bot` at a table of `game` ("Easy", "Hard", ...; "Other" for the rest).

    >>> bot_level("ismcts", "razzia"), bot_level("heuristic", "supergang")
    ('Hard', 'Medium')
    """
    if bot == "random":
        return "Beginner"
    ladder = LADDERS.get(game, ())
    name = "heuristic" if bot in STYLES else SAME_BOT.get(bot, bot)
    return RANKED[ladder.index(name)] if name in ladder else "Other"


def stand_ins(game: str) -> list[dict[str, str]]:
    """The bots a host may hand an away person's seat to: each ranked level of `game`, weakest first, then
    the random bot."""
    return [{"bot": bot, "level": bot_level(bot, game)} for bot in (*LADDERS.get(game, ()), "random")]


def bot_detail(bot: str) -> str:
    """What `bot` is, exactly: its agent name and what it does."""
    known = DETAILS.get(bot)
    return f"{bot}: {known}" if known else bot


def bot_name(seat: int, bot: str, game: str) -> str:
    """The name a bot sits under at `seat` of a table of `game`: its seat's bot name and its level ("Rocco
    (Easy bot)")."""
    return f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({bot_level(bot, game)} bot)"


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The host's house rules for a table, chosen at its creation."""

    undo: bool = False
    """A person may take back their last decision while nothing new was shown and nobody acted since."""
    hint: bool = False
    """A person may ask a bot which move it would make from their seat's view."""
    spectator_chat: bool = False
    """Spectators may write in the chat (they may always read it)."""

    @classmethod
    def of(cls, stored: dict[str, Any] | None) -> TableSettings:
        """The settings as stored (unknown keys, from a newer server, are ignored; missing ones default)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: bool(v) for k, v in (stored or {}).items() if k in known})

    def to_json(self) -> dict[str, bool]:
        """The settings as stored and as the page reads them."""
        return asdict(self)
