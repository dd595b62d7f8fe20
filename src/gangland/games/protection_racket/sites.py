"""Protection Racket's city site cards as data: the schema, the loader and its checks.

The designer's card list is not public, so the game ships an *authored* set in `sites.toml`; a user
may point the game at their own file in the same format (option `sites`). Every face is data: a name,
a colour category, a printed revenue and an effect built from the primitives below, with parameters.
The rules (effects.py, control.py, city.py) interpret the primitives; adding a card is adding data.

File format (TOML)::

    authored = true                      # false only for a transcription of the printed cards
    name = "..."
    version = 1

    [city]                               # cards dealt from each deck per round, and the grid
    deal = { 2 = [3, 3, 3], 3 = [4, 4, 4], 4 = [4, 4, 4] }
    grid = { 2 = [3, 3], 3 = [4, 3], 4 = [4, 3] }   # columns, rows; columns x rows = cards dealt

    [[card]]
    deck = 1                             # 1, 2 or 3
    [[card.face]]                        # exactly two faces
    name = "Mom & Pop Shop"
    colour = "light blue"
    revenue = 2                          # dollars paid to the controller in the revenue step
    text = "Gain $2 in the Revenue Step."
    source = "rulebook"                  # "rulebook" (named in the rulebook) or "authored"
    [card.face.effect]                   # none on light blue faces, required on every other
    kind = "income"
    ...

A bad file raises `SiteError` naming the file, the card (0-based, in file order), the face and the
field. docs/rules/protection_racket.md section "Sites as data" documents every primitive.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any, Final, cast

from gangland.engine.datafile import load_data_file
from gangland.engine.errors import OptionError

# ---------------------------------------------------------------------------------------------------
# Vocabulary

COLOURS: Final = ("light blue", "blue", "dark blue", "red", "orange", "light yellow", "yellow",
                  "light green", "light pink", "pink", "white")
"""The eleven colour categories of the rulebook's city table, in its order (its three revenue rows
are the shades of blue: docs/rules/protection_racket.md C2)."""

CATEGORY_FACES: Final = {"light blue": 6, "blue": 18, "dark blue": 6, "red": 6, "orange": 8,
                         "light yellow": 4, "yellow": 4, "light green": 18, "light pink": 6,
                         "pink": 6, "white": 18}
"""Faces per colour in the rulebook's table ("Total no cards"): 100 in all."""

DECK_OF_COLOUR: Final = {"light blue": 1, "blue": 1, "dark blue": 1, "light green": 2,
                         "red": 3, "orange": 3, "light yellow": 3, "yellow": 3, "light pink": 3,
                         "pink": 3, "white": 3}
"""Quick Setup: deck 1 all blue, deck 2 all green, deck 3 red, orange, yellow, pink and white."""

MUSCLES: Final = ("loner", "accountant", "hitman", "cleaner", "hired_gun", "survivor")
"""The six Hired Muscle, one per pink face."""
MUSCLE_NAMES: Final = ("The Loner", "The Accountant", "The Hitman", "The Cleaner", "The Hired Gun",
                       "The Survivor")
M_LONER: Final = 0
M_ACCOUNTANT: Final = 1
M_HITMAN: Final = 2
M_CLEANER: Final = 3
M_HIRED_GUN: Final = 4
M_SURVIVOR: Final = 5
"""Indexes of the Hired Muscle in MUSCLES."""

SCOPES: Final = ("here", "adjacent", "any")
"""Where an effect may reach: the site itself, its orthogonal neighbours, or any site (itself too)."""

COUNTERS: Final = ("deployed", "own_here", "rival_gangs_here", "lying_here", "adjacent_controlled",
                   "adjacent_empty", "adjacent_sites", "sites_controlled", "edge", "corner", "alone")
"""What `per` may count (docs "Sites as data"): mobsters deployed this turn (income only); the
controller's standing mobsters here; rival gangs with mobsters here; lying mobsters here; adjacent
sites the controller controls; adjacent sites without mobsters; adjacent sites; sites the controller
controls; 1 on the city's edge; 1 in a corner; 1 when no other party (a rival's mobster or the
unrecruited Hired Muscle) is here."""

NEIGHBOUR_RULES: Final = ("aura", "no_war", "lie_down", "max_deploy")
"""What a closed (orange) site does to its neighbours: their revenue changes by `amount`; no Mob War
may be declared on them; mobsters deployed onto them lie down; at most `amount` mobsters may be
deployed onto them in one turn."""

# kind -> (colours it may appear on, {field: (type, allowed values or None, default or REQUIRED)})
REQUIRED: Final = object()
_EFFECTS: Final[dict[str, tuple[tuple[str, ...], dict[str, tuple[type, tuple[Any, ...] | None, Any]]]]] = {
    # passive: the revenue step and the placement rules
    "bonus": (("blue",), {"amount": (int, None, REQUIRED), "per": (str, COUNTERS, REQUIRED)}),
    "aura": (("blue",), {"amount": (int, None, REQUIRED)}),
    "closed": (("orange",), {"adjacent": (str, NEIGHBOUR_RULES, REQUIRED), "amount": (int, None, 0)}),
    # active: the controller's action on his own turn
    "income": (("dark blue", "white"), {"amount": (int, None, REQUIRED), "per": (str, COUNTERS, REQUIRED)}),
    "extort": (("dark blue", "white"), {"amount": (int, None, REQUIRED), "where": (str, SCOPES, REQUIRED)}),
    "war": (("red",), {"where": (str, SCOPES, REQUIRED)}),
    "stand_up": (("light yellow",), {"where": (str, SCOPES, REQUIRED),
                                     "whose": (str, ("own", "all"), REQUIRED)}),
    "lying": (("yellow",), {"where": (str, SCOPES, REQUIRED), "to": (str, ("supply", "hideout"), REQUIRED)}),
    "lay_down": (("yellow", "white"), {"where": (str, SCOPES, REQUIRED), "count": (int, None, REQUIRED)}),
    "move": (("light green",), {"whose": (str, ("own", "any"), REQUIRED), "count": (int, None, 0),
                                "from": (str, SCOPES, REQUIRED), "to": (str, ("adjacent", "any"), REQUIRED),
                                "war": (bool, None, False)}),
    "swap": (("light green",), {"war": (bool, None, False)}),
    "remove": (("white",), {"where": (str, SCOPES, REQUIRED), "whose": (str, ("any", "rival"), REQUIRED)}),
    "recall": (("white",), {"where": (str, SCOPES, REQUIRED)}),
    "reinforce": (("white",), {"count": (int, None, REQUIRED)}),
    "swap_sites": (("light pink",), {"where": (str, ("adjacent", "any"), REQUIRED)}),
    "flip": (("light pink",), {"where": (str, SCOPES, REQUIRED)}),
    "replace": (("light pink",), {"where": (str, SCOPES, REQUIRED)}),
    "recruit": (("pink",), {"muscle": (str, MUSCLES, REQUIRED)}),
}
EFFECT_KINDS: Final = tuple(_EFFECTS)
PASSIVE_KINDS: Final = frozenset({"bonus", "aura", "closed"})
"""Effects that act by themselves; every other kind is an action the controller may take."""

_ATTRIBUTE: Final = {"from": "origin"}
"""File keys stored under another name in `Effect`."""
SOURCES: Final = ("rulebook", "authored")
_FACE_KEYS: Final = ("name", "colour", "revenue", "text", "source", "effect")
_TOP_KEYS: Final = ("authored", "name", "version", "city", "card")
_PACKAGE: Final = "gangland.games.protection_racket"
_RESOURCE: Final = "sites.toml"
PLAYER_COUNTS: Final = (2, 3, 4)
MAX_SITES: Final = 12
"""The action space has room for 12 sites (the 4 x 3 city)."""


class SiteError(OptionError):
    """A site file that cannot be used; the message names the file, the card, the face and the field."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive with its parameters (unused parameters hold their defaults)."""

    kind: str
    amount: int = 0
    per: str = ""
    where: str = ""
    whose: str = ""
    to: str = ""
    count: int = 0
    adjacent: str = ""
    origin: str = ""
    """The file's `from` (a Python keyword)."""
    war: bool = False
    muscle: str = ""

    @property
    def passive(self) -> bool:
        """True when the effect acts by itself rather than as the controller's action."""
        return self.kind in PASSIVE_KINDS


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a city card."""

    id: int
    """Index in `SiteSet.faces`: card c has faces 2c and 2c + 1."""
    name: str
    colour: str
    revenue: int
    text: str
    source: str
    effect: Effect | None

    @property
    def deck(self) -> int:
        """The deck (1, 2 or 3) the face's colour belongs to."""
        return DECK_OF_COLOUR[self.colour]


@dataclass(frozen=True, slots=True)
class SiteSet:
    """A checked set of city cards."""

    name: str
    authored: bool
    source: str
    """The file it was read from, or "built-in"."""
    faces: tuple[Face, ...]
    """Card c's faces are 2c and 2c + 1."""
    decks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """The card ids of decks 1, 2 and 3."""
    deal: dict[int, tuple[int, int, int]]
    """Player count -> cards dealt from decks 1, 2, 3 each round."""
    grid: dict[int, tuple[int, int]]
    """Player count -> (columns, rows)."""

    @property
    def cards(self) -> int:
        """How many double-sided cards there are."""
        return len(self.faces) // 2


def load_sites(path: str | None = None) -> SiteSet:
    """The site cards: None or "" = the packaged sites.toml; else the file at `path`. Raises SiteError."""
    return load_data_file(path, _PACKAGE, _RESOURCE, "site", parse_sites, SiteError)


# ---------------------------------------------------------------------------------------------------
# Parsing


def parse_sites(text: str, source: str) -> SiteSet:
    """Parse and check the text of a site file; SiteError (naming `source`) when it is bad."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SiteError(f"{source}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - set(_TOP_KEYS))
    if unknown:
        raise SiteError(f"{source}: unknown key {unknown[0]!r}; allowed: {', '.join(_TOP_KEYS)}")
    if "authored" not in data:
        raise SiteError(f"{source}: authored: missing (true for an authored set, false for printed cards)")
    authored = data["authored"]
    if type(authored) is not bool:
        raise SiteError(f"{source}: authored: must be true or false, not {authored!r}")
    name = data.get("name", "")
    if type(name) is not str:
        raise SiteError(f"{source}: name: must be text, not {name!r}")
    version = data.get("version", 1)
    if type(version) is not int:
        raise SiteError(f"{source}: version: must be a whole number, not {version!r}")
    deal, grid = _parse_city(data.get("city"), source)
    cards = data.get("card")
    if type(cards) is not list or not cards:
        raise SiteError(f"{source}: card: there must be [[card]] tables")
    faces: list[Face] = []
    decks: tuple[list[int], list[int], list[int]] = ([], [], [])
    for c, card in enumerate(cards):
        where = f"{source}: card {c}"
        if type(card) is not dict:
            raise SiteError(f"{where}: must be a table")
        extra = sorted(set(card) - {"deck", "face"})
        if extra:
            raise SiteError(f"{where}: unknown key {extra[0]!r}; allowed: deck, face")
        deck = card.get("deck")
        if type(deck) is not int or deck not in (1, 2, 3):
            raise SiteError(f"{where}: deck: must be 1, 2 or 3, not {deck!r}")
        sides = card.get("face")
        if type(sides) is not list or len(sides) != 2:
            raise SiteError(f"{where}: face: a card has exactly two [[card.face]] tables")
        for side, raw in enumerate(sides):
            face = _parse_face(raw, len(faces), f"{where} face {side}")
            if face.deck != deck:
                raise SiteError(f"{where} face {side} ({face.name}): colour: {face.colour} belongs in "
                                f"deck {face.deck}, but the card is in deck {deck}")
            faces.append(face)
        if faces[-1].colour == faces[-2].colour == "pink":
            raise SiteError(f"{where}: face: both faces are pink; a city may hold only one Hired Muscle "
                            f"card, so a pink face must be turnable to a non-pink one")
        decks[deck - 1].append(c)
    seen: dict[str, int] = {}
    for face in faces:
        if face.name.lower() in seen:
            raise SiteError(f"{source}: card {face.id // 2} face {face.id % 2}: name: {face.name!r} is "
                            f"already the name of card {seen[face.name.lower()] // 2}")
        seen[face.name.lower()] = face.id
    for players in PLAYER_COUNTS:
        for d, wanted in enumerate(deal[players]):
            # A round needs `wanted` cards; a deck with fewer could never deal a city.
            if len(decks[d]) < wanted:
                raise SiteError(f"{source}: city: deal: {players} players need {wanted} cards of deck "
                                f"{d + 1} each round, and it has {len(decks[d])}")
    return SiteSet(name=name, authored=authored, source=source, faces=tuple(faces),
                   decks=(tuple(decks[0]), tuple(decks[1]), tuple(decks[2])), deal=deal, grid=grid)


def _parse_city(city: object,
                source: str) -> tuple[dict[int, tuple[int, int, int]], dict[int, tuple[int, int]]]:
    if type(city) is not dict:
        raise SiteError(f"{source}: city: there must be a [city] table with deal and grid")
    extra = sorted(set(city) - {"deal", "grid"})
    if extra:
        raise SiteError(f"{source}: city: unknown key {extra[0]!r}; allowed: deal, grid")
    deal: dict[int, tuple[int, int, int]] = {}
    grid: dict[int, tuple[int, int]] = {}
    for key, size, out in (("deal", 3, deal), ("grid", 2, grid)):
        table = city.get(key)
        if type(table) is not dict:
            raise SiteError(f"{source}: city: {key}: must be a table of player count -> list")
        extra_counts = sorted(set(table) - {str(n) for n in PLAYER_COUNTS})
        if extra_counts:
            raise SiteError(f"{source}: city: {key}: {extra_counts[0]!r} is not a player count "
                            f"({', '.join(map(str, PLAYER_COUNTS))})")
        for players in PLAYER_COUNTS:
            value = table.get(str(players))
            if (type(value) is not list or len(value) != size
                    or any(type(v) is not int or v < 1 for v in value)):
                raise SiteError(f"{source}: city: {key}: {players} players: must be a list of {size} "
                                f"positive whole numbers, not {value!r}")
            out[players] = tuple(value)
    for players in PLAYER_COUNTS:
        columns, rows = grid[players]
        if columns * rows != sum(deal[players]) or columns * rows > MAX_SITES:
            raise SiteError(f"{source}: city: {players} players: a {columns} x {rows} grid needs "
                            f"{columns * rows} cards (at most {MAX_SITES}), and deal gives "
                            f"{sum(deal[players])}")
    return deal, grid


def _parse_face(raw: object, face_id: int, where: str) -> Face:
    if type(raw) is not dict:
        raise SiteError(f"{where}: must be a table")
    extra = sorted(set(raw) - set(_FACE_KEYS))
    if extra:
        raise SiteError(f"{where}: unknown key {extra[0]!r}; allowed: {', '.join(_FACE_KEYS)}")
    name = raw.get("name")
    if type(name) is not str or not name.strip():
        raise SiteError(f"{where}: name: must be non-empty text, not {name!r}")
    where = f"{where} ({name})"
    colour = raw.get("colour")
    if colour not in COLOURS:
        raise SiteError(f"{where}: colour: {colour!r} is not one of {', '.join(COLOURS)}")
    revenue = raw.get("revenue", 0)
    if type(revenue) is not int or not 0 <= revenue <= 20:
        raise SiteError(f"{where}: revenue: must be a whole number of dollars 0-20, not {revenue!r}")
    text = raw.get("text")
    if type(text) is not str or not text.strip():
        raise SiteError(f"{where}: text: must be the card's text, not {text!r}")
    source = raw.get("source")
    if source not in SOURCES:
        raise SiteError(f"{where}: source: must be one of {', '.join(SOURCES)}, not {source!r}")
    effect = _parse_effect(raw.get("effect"), colour, where)
    if effect is None and colour != "light blue":
        raise SiteError(f"{where}: effect: a {colour} face needs an effect")
    return Face(id=face_id, name=name, colour=colour, revenue=revenue, text=text, source=source,
                effect=effect)


def _parse_effect(raw: object, colour: str, where: str) -> Effect | None:
    if raw is None:
        return None
    if type(raw) is not dict:
        raise SiteError(f"{where}: effect: must be a table")
    kind = raw.get("kind")
    if kind not in _EFFECTS:
        raise SiteError(f"{where}: effect: kind: {kind!r} is not one of {', '.join(EFFECT_KINDS)}")
    colours, fields = _EFFECTS[kind]
    if colour not in colours:
        raise SiteError(f"{where}: effect: kind: {kind!r} belongs on {' or '.join(colours)} faces, not "
                        f"{colour}")
    extra = sorted(set(raw) - set(fields) - {"kind"})
    if extra:
        allowed = ", ".join(("kind", *fields))
        raise SiteError(f"{where}: effect: unknown key {extra[0]!r} for {kind}; allowed: {allowed}")
    values: dict[str, Any] = {"kind": kind}
    for field, (typ, allowed_values, default) in fields.items():
        if field not in raw:
            if default is REQUIRED:
                raise SiteError(f"{where}: effect: {field}: required for {kind}")
            values[_ATTRIBUTE.get(field, field)] = default
            continue
        value: Any = raw[field]
        if type(value) is not typ:
            raise SiteError(f"{where}: effect: {field}: must be {typ.__name__}, not {value!r}")
        if allowed_values is not None and value not in allowed_values:
            raise SiteError(f"{where}: effect: {field}: {value!r} is not one of "
                            f"{', '.join(map(str, allowed_values))}")
        if field == "count" and not 0 <= cast(int, value) <= 6:
            raise SiteError(f"{where}: effect: count: must be 0-6, not {value!r}")
        if field == "amount" and not -10 <= cast(int, value) <= 10:
            raise SiteError(f"{where}: effect: amount: must be -10 to 10, not {value!r}")
        values[_ATTRIBUTE.get(field, field)] = value
    if kind == "income" and values["per"] == "deployed":
        pass  # "deployed" counts only for income, the one kind taken in the turn of the deployment
    elif values.get("per") == "deployed":
        raise SiteError(f"{where}: effect: per: 'deployed' is only for income")
    if kind == "closed" and values["adjacent"] == "aura" and values["amount"] == 0:
        raise SiteError(f"{where}: effect: amount: required (not 0) for a closed site's aura")
    if kind == "closed" and values["adjacent"] == "max_deploy" and values["amount"] < 1:
        raise SiteError(f"{where}: effect: amount: a closed site's max_deploy must be at least 1")
    if kind in ("income", "extort", "bonus") and values["amount"] < 1:
        raise SiteError(f"{where}: effect: amount: must be at least 1 for {kind}")
    if kind == "closed" and values["adjacent"] in ("no_war", "lie_down") and values["amount"]:
        raise SiteError(f"{where}: effect: amount: a closed site's {values['adjacent']} takes no amount")
    if kind in ("lay_down", "reinforce") and values["count"] < 1:
        raise SiteError(f"{where}: effect: count: must be at least 1 for {kind}")
    return Effect(**values)
