"""The Game object every game package registers: identity, options, set-up and action text."""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .agent import AgentFactory
from .encoding import ViewEncoding
from .errors import ActionParseError, OptionError, quoted
from .facts import GameFacts
from .record import GameRecord
from .seats import fill_seats, plain_names, seat_ref
from .state import JSON, State


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A rule option: its name, default, the values it may take, and what it means.

    A `free` option (a file path, say) takes any value of its default's type; `choices` then lists
    the values that `Game.configurations` tries.
    """

    name: str
    default: JSON
    choices: tuple[JSON, ...]
    doc: str
    free: bool = False

    def validate(self, value: JSON) -> JSON:
        """Return `value` if it is allowed (a choice, or for a free option any value of its type).

        A true/false option also takes the text "true" or "false" in any case (as typed on a command
        line) and returns the bool.

        >>> spec = OptionSpec("villa", False, (False, True), "The villa variant.")
        >>> spec.validate("TRUE"), spec.validate("False"), spec.validate(True)
        (True, False, True)
        >>> spec.validate("maybe")
        Traceback (most recent call last):
        gangland.engine.errors.OptionError: option 'villa' must be true or false, not 'maybe'
        """
        if type(self.default) is bool:
            if isinstance(value, str) and value.strip().lower() in ("true", "false"):
                value = value.strip().lower() == "true"
            if type(value) is not bool:  # 1 is not True
                raise OptionError(f"option {self.name!r} must be true or false, not {quoted(value)}")
        if self.free:
            if type(self.default) is float and type(value) is int:  # 1 for 1.0, as JSON and typing give it
                value = float(value)
            if type(value) is not type(self.default):
                kind = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}.get(
                    type(self.default), type(self.default).__name__)
                raise OptionError(f"option {self.name!r} must be {kind}, not {quoted(value)}")
            return value
        # bool is an int subclass: compare type and value so that True never passes for 1.
        if not any(type(value) is type(c) and value == c for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} cannot be {quoted(value)}; allowed: {allowed}")
        return value


SCREEN_WIDTH = 80
"""The terminal width every game's `screen` must fit (the classic 80 x 24 terminal)."""
BOARD_ROWS = 16
"""Lines a game's `screen` may take at SCREEN_WIDTH columns: on an 80 x 24 terminal the rest holds a
title, the menu of actions (at most MENU_ROWS lines), the prompt and the last line of the log."""
MENU_ROWS = 5
"""Lines the terminal's menu of actions may take before it asks in two steps (see `menu_choice`)."""
HELP_ROWS = 12
"""The most lines `rules_help` may take (at SCREEN_WIDTH columns)."""

class Game(ABC):
    """A registered game: the factory of its states and the dictionary of its actions."""

    id: str
    """Registry key, e.g. "razzia"."""
    name: str
    """Display name."""
    version: str
    """Rules-engine version; a game record replays only on the version that wrote it."""
    player_counts: tuple[int, ...]
    num_actions: int
    """Size of the fixed action space: every action id is in range(num_actions)."""
    options: tuple[OptionSpec, ...] = ()
    bots: Mapping[str, AgentFactory] = {}
    """The game's own agents by name (e.g. "heuristic")."""
    encoding: ViewEncoding | None = None
    """How a seat's view becomes a vector of numbers for learning agents (`gangland.rl`), if the game
    has one."""

    @property
    def default_players(self) -> int:
        """The player count used when none is given: the smallest count of 3 or more, else the largest."""
        counts = sorted(self.player_counts)
        return next((n for n in counts if n >= 3), counts[-1])

    def resolve_options(self, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """All options with defaults filled in; OptionError for an unknown name or bad value."""
        given = dict(options or {})
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(f"{self.id} has no option {quoted(unknown[0])}; its options: {known}")
        return {name: spec.validate(given.get(name, spec.default)) for name, spec in specs.items()}

    def check_players(self, players: int) -> None:
        """OptionError unless `players` is a supported player count."""
        if type(players) is not int or players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise OptionError(f"{self.name} is for {counts} players, not {quoted(players)}")

    def new_game(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> State:
        """Set up a new game; OptionError for a bad player count or option."""
        self.check_players(players)
        if type(seed) is not int:
            raise OptionError(f"seed must be an int, not {quoted(seed)}")
        return self._new_game(players, seed, self.resolve_options(options))

    @abstractmethod
    def _new_game(self, players: int, seed: int, options: dict[str, JSON]) -> State:
        """Set up a game from validated arguments."""

    @abstractmethod
    def action_name(self, state: State, action: int) -> str:
        """Readable text for an action id in this state (it need not be legal)."""

    def public_action_name(self, state: State, action: int, seat: int | None) -> str:
        """Text of an action that `seat` (None: a spectator) may read, for logs and narration.

        The same as `action_name` unless the game has secret choices (a face-down bid): then a game
        overrides this to hide what only the acting seat may know. Front ends show this, never
        `action_name`, to anyone but the actor.
        """
        return self.action_name(state, action)

    def parse_action(self, state: State, text: str) -> int:
        """The legal action whose name matches `text` (case and spacing ignored, or a unique prefix).

        A name that names a seat matches as the engine writes it ("rob ⟨s2⟩") and as the terminal
        shows it ("rob Seat 3", and "Seat 2 (you)" for the seat to act: see `gangland.engine.seats`).
        Raises ActionParseError naming the text and the legal choices (as the terminal shows them).
        """
        wanted = " ".join(text.lower().split())
        shown = plain_names(state.players)
        names: dict[int, tuple[str, ...]] = {}
        for action in state.legal_actions():
            name = self.action_name(state, action)
            forms = (name, fill_seats(name, shown), fill_seats(name, shown, state.to_act))
            names[action] = tuple(dict.fromkeys(" ".join(form.lower().split()) for form in forms))
        exact = [a for a, forms in names.items() if wanted in forms]
        if exact:
            return exact[0]
        prefixed = [a for a, forms in names.items() if wanted and any(f.startswith(wanted) for f in forms)]
        if len(prefixed) == 1:
            return prefixed[0]
        choices = "; ".join(forms[1] if len(forms) > 1 else forms[0]
                            for forms in names.values()) or "none (the game is over)"
        reason = "is ambiguous" if prefixed else "is not a legal action"
        raise ActionParseError(f"{text!r} {reason}; legal now: {choices}")

    @abstractmethod
    def inventory(self, state: State) -> dict[str, int]:
        """Counts of everything the game conserves (cards by kind, cheques, money), wherever it lies.

        The counts never change during a game: nothing is created or lost. Tested for every game.
        """

    @abstractmethod
    def render(self, view: dict[str, JSON]) -> str:
        """Plain text of a view, for the terminal."""

    def screen(self, view: dict[str, JSON], width: int = SCREEN_WIDTH) -> str:
        """The board as the terminal shows it at a decision: lines of at most `width` columns, and at
        most BOARD_ROWS lines when `width` is SCREEN_WIDTH or more, what the decision needs first.

        `render` stays the whole view (the person types 'more' to see it). The default is `render`,
        for games whose whole view fits.
        """
        return self.render(view)

    def rules_help(self, view: dict[str, JSON]) -> str:
        """The rules that apply to the decision `view` shows, in a few lines (the terminal's '?').

        Built from the view only. The default says nothing game-specific.
        """
        return ""

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        """Where a long menu puts `action` when it asks in two steps: (group, item), e.g.
        ("B2 Dance Hall", "deploy 3"), so the person picks the group, then the item in it.

        Only called for the acting seat's legal actions; None (the default) keeps the action in a
        one-step menu. A game may give (group, item) for any legal action, however short the menu:
        the terminal's `Menu.of` alone measures the menu and decides whether it needs two steps.
        """
        return None

    def svg(self, view: dict[str, JSON], layout: str = "wide") -> str:
        """An SVG drawing of a view's board (`gangland render GAME --svg FILE`), in one of
        `svg.LAYOUTS`: "wide" (the default) or "narrow" (a phone's, NARROW_WIDTH units wide: see
        `gangland.engine.svg`); ValueError for another.

        Games without a board drawing keep this default, which raises OptionError: asking for a
        drawing the game does not have is a bad command-line choice, not a crash.
        """
        raise OptionError(f"{self.id} has no SVG drawing")

    def narrate(self, before: dict[str, JSON], actor: int, action_text: str,
                after: dict[str, JSON]) -> str:
        """One line saying what a step did, from one seat's views before and after it.

        Built only from views, so it can never tell a seat more than it may know. Seats are named by
        their markers (`gangland.engine.seats`), which each front end fills in.
        """
        return f"{seat_ref(actor)}: {action_text}"

    def configurations(self) -> Iterator[tuple[int, dict[str, JSON]]]:
        """(players, options) pairs that together exercise every player count and every option value.

        Each player count with the defaults, and each non-default option value alone.
        """
        defaults = self.resolve_options(None)
        for players, spec in itertools.product(self.player_counts, (None, *self.options)):
            if spec is None:
                yield players, dict(defaults)
                continue
            for choice in spec.choices:
                if choice != spec.default:
                    yield players, {**defaults, spec.name: choice}

    def facts(self, record: GameRecord) -> GameFacts:
        """What a balance report reads from a finished game's record (`gangland report`): its length
        and the events that matter. The default knows only the number of decisions; a game overrides
        this (in its report.py) to replay the record and count its own events."""
        return GameFacts({"decisions": len(record.actions)})

    def describe(self) -> dict[str, Any]:
        """Id, name, version, player counts and options, as JSON-ready data."""
        return {
            "id": self.id, "name": self.name, "version": self.version,
            "players": list(self.player_counts),
            "options": [{"name": s.name, "default": s.default, "choices": list(s.choices), "doc": s.doc,
                         "free": s.free, "type": type(s.default).__name__}
                        for s in self.options],
        }
