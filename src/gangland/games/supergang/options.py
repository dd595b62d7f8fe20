"""Supergang's rule options: their defaults, the values each may take, and the check of a set of them
(docs/rules/supergang.md, section 4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from gangland.engine import Game, OptionSpec
from gangland.engine.errors import OptionError

from .duel import DuelOptions

SAFETY_LIMIT_ROUNDS: Final = 100
"""The default `turn_limit` (S37, S39, S47): a safety net, not a rule, beyond all but a few per cent of
the heuristic bots' games (their rules' own ends come at a median round near 40)."""

DEFAULTS: Final[dict[str, Any]] = {
    "police_player": False,
    "first_seat": "dice",
    "round_start": "first",
    "shop_exit": "keep",
    "manhole_move": "then_move",
    "shop_action_required": False,
    "killer_may_buy": True,
    "neutralized_racket": False,
    "early_stickup": True,
    "dart_hit": 0.5,
    "dart_dead": 0.5,
    "dart_target": "choose",
    "duel_max_volleys": 50,
    "killer_bonus": "dice",
    "duel_allies": "square",
    "recruit_price": 50,
    "vamp_turns": 3,
    "clinic_turns": 2,
    "cop_sight": 1,
    "arrest_choice": "surrender_or_rebel",
    "cop_price": 500,
    "last_gang": "free",
    "turn_clock": 0,
    "turn_limit": SAFETY_LIMIT_ROUNDS,
    "board": "",
}
CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "police_player": (False, True),
    "first_seat": ("dice", "seat0"),
    "round_start": ("first", "rotate"),
    "shop_exit": ("keep", "free"),
    "manhole_move": ("then_move", "instead"),
    "shop_action_required": (False, True),
    "killer_may_buy": (True, False),
    "neutralized_racket": (False, True),
    "early_stickup": (True, False),
    "dart_target": ("choose", "random"),
    "killer_bonus": ("dice", "shot", "none"),
    "duel_allies": ("square", "accomplices"),
    "arrest_choice": ("surrender_or_rebel", "surrender"),
    "last_gang": ("free", "alive"),
}
RANGES: Final[dict[str, tuple[int, int]]] = {
    "recruit_price": (0, 500), "vamp_turns": (1, 5), "clinic_turns": (1, 5), "cop_sight": (0, 3),
    "cop_price": (0, 10_000), "turn_clock": (0, 3600), "turn_limit": (0, 10_000),
}
"""Section 4's ranges of the whole-number options."""
MIN_DART_HIT: Final = 0.05
"""Section 4: dart_hit ranges over 0.05-1 (a dart must be able to hit, or no duel ends)."""
SHORT_GAME: Final = 8
"""Rounds of the games `short_configurations` gives (the police plays from round 4)."""


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with defaults filled in; OptionError on an unknown name or value."""
    merged = dict(DEFAULTS)
    for key, value in options.items():
        if key not in DEFAULTS:
            raise OptionError(f"unknown Supergang option {key!r}")
        merged[key] = value
    for key, allowed in CHOICES.items():
        if merged[key] not in allowed or type(merged[key]) is not type(allowed[0]):
            raise OptionError(f"option {key}: {merged[key]!r} is not one of {allowed}")
    for key, (low, high) in RANGES.items():
        value = merged[key]
        if type(value) is not int or not low <= value <= high:
            raise OptionError(f"option {key}: {value!r} must be a whole number in {low}..{high}")
    if not isinstance(merged["board"], str):
        raise OptionError(f"option board: {merged['board']!r} must be empty, 'compact' or a path")
    DuelOptions.from_options(merged)  # dart_dead, duel_max_volleys and dart_hit's 0..1 checked there
    hit = merged["dart_hit"]
    if isinstance(hit, bool) or not isinstance(hit, int | float) or hit < MIN_DART_HIT:
        raise OptionError(f"option dart_hit: {hit!r} must be a probability in {MIN_DART_HIT}..1")
    return merged


def option_spec(name: str, choices: tuple[Any, ...], doc: str, free: bool = False) -> OptionSpec:
    """The spec of option `name`, its default from `DEFAULTS`."""
    return OptionSpec(name, DEFAULTS[name], choices, doc, free=free)


def short_configurations(game: Game) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count the variant allows (3-4 gangs, 4-5 seats with the police player) with the
    defaults, and every other option value with 3 gangs; all over `SHORT_GAME` rounds. Every rule is in
    play from round 4 on, and a random game of 20 rounds is some 700 decisions, too many for the
    all-games invariants, which replay each game many times with every seat's view at every step."""
    defaults = {**game.resolve_options(None), "turn_limit": SHORT_GAME}
    police = {**defaults, "police_player": True}
    yield from ((3, dict(defaults)), (4, dict(defaults)), (4, police), (5, police))
    for spec in game.options:
        if spec.name == "police_player":
            continue
        for choice in spec.choices:
            if choice != spec.default:
                yield 3, {**defaults, spec.name: choice}
