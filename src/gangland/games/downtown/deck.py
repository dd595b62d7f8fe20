"""The Downtown stooge deck: load and check `stooges.toml` (docs/rules/downtown.md section 5).

The 27 printed stooge cards are not public, so the project ships an *authored* deck in `stooges.toml`;
an owner of the game may point the engine at a file with the real list in the same format. A file is
read with the standard library's `tomllib` and checked against the hard constraints of section 5.4
(items 1-6 and 8): a file that breaks one raises `DeckError`, whose message names the file, the card (or
the stooge's cards) and the field. The soft constraints (items 9-13) only add strings to
`StoogeDeck.warnings`.

Item 7 (the printed Luigi card is in the deck, with a $52,000 copy) is checked by `check_printed_card`,
and only for the built-in deck (`load_deck()` calls it when the packaged file says it is authored): an
owner's real list must load even if our reading of the printed card were off.

Values are dollars in the file and thousands of dollars in `StoogeCard` (60000 -> 60), like all money
inside the engine. Fronts are numbered from 0 in messages ("front 0" is the first [[front]] table).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gangland.engine.datafile import load_data_file
from gangland.engine.errors import OptionError

FRANKIE: Final = 0
LUIGI: Final = 1
JOE: Final = 2
STOOGE_NAMES: tuple[str, ...] = ("Frankie", "Luigi", "Joe")
MONEY: Final = 0
JEWELLERY: Final = 1
ART: Final = 2
LOOT_NAMES: tuple[str, ...] = ("money", "jewellery", "art")
# gangster kinds, the order of `needs`: 0 lookout, 1 safecracker, 2 spy; supply 26 / 11 / 11
GANGSTER_SUPPLY: tuple[int, int, int] = (26, 11, 11)

SOURCES: Final = ("rulebook", "likely", "authored")
"""The values of a front's `source` field."""
CARDS: Final = 27
CARDS_PER_STOOGE: Final = 9
MAX_NEEDS: Final = 7
"""At most 7 gangsters a job: at most 7 cards are certain to survive the end of a turn (the hand limit)."""
VALUE_UNIT: Final = 4
"""Possible values and backs are multiples of $4,000, so every 1/2, 1/4 and 3/4 payout is whole thousands."""

PRINTED_CARD: Final = (LUIGI, ART, 60, (2, 2, 1), (40, 52, 60))
"""The front printed in both rulebooks; its back there is $52,000 (docs section 5.2, worked example W6)."""
PRINTED_BACK: Final = 52

_NEED_KEYS: Final = ("lookouts", "safecrackers", "spies")
_NEED_WORDS: Final = (("lookout", "lookouts"), ("safecracker", "safecrackers"), ("spy", "spies"))
_FRONT_KEYS: Final = ("stooge", "loot", "promise", "needs", "possible", "backs", "source")
_DECK_KEYS: Final = ("authored", "name", "version")
_LOOT_ALIASES: Final = {"money": MONEY, "jewellery": JEWELLERY, "jewelry": JEWELLERY, "art": ART}
_PACKAGE: Final = "gangland.games.downtown"
_RESOURCE: Final = "stooges.toml"

# Soft constraints (section 5.4 items 11-13).
_GANGSTERS_PER_JOB: Final = (2, 6)
_MAX_PER_KIND: Final = (4, 3, 3)
_PROMISE_PER_GANGSTER: Final = (10, 17)
"""Thousands of promise per gangster needed ("roughly $10,000-$17,000")."""
_DEMAND_TOLERANCE: Final = 0.05
"""How far (as a share of all gangsters needed) each kind's demand may stray from the supply's ratio."""
_VALUE_RANGE: Final = (12, 64)
_SIMILAR: Final = 1.25
"""Joe's and Luigi's mean real value per gangster are "similar": the larger at most this times the other."""


class DeckError(OptionError):
    """A stooge deck file that cannot be used; the message names the file, the card and the field."""


def _dollars(thousands: int) -> str:
    return f"${thousands * 1000:,}"


def _needs_text(needs: tuple[int, int, int]) -> str:
    return ", ".join(f"{n} {_NEED_WORDS[k][n != 1]}" for k, n in enumerate(needs) if n)


@dataclass(frozen=True, slots=True)
class StoogeCard:
    """One printed stooge card: its front (what everyone sees) and its back (the real value)."""

    id: int
    """0..26 in file order: fronts in order, copies in the order of `backs`."""
    stooge: int
    """FRANKIE, LUIGI or JOE."""
    loot: int
    """MONEY, JEWELLERY or ART."""
    promise: int
    """Thousands of dollars."""
    needs: tuple[int, int, int]
    """Lookouts, safecrackers, spies."""
    possible: tuple[int, int, int]
    """Thousands, ascending."""
    back: int
    """Thousands, one of `possible`."""
    source: str
    """"rulebook", "likely" or "authored"."""

    @property
    def front(self) -> tuple[int, int, int, tuple[int, int, int], tuple[int, int, int]]:
        """(stooge, loot, promise, needs, possible): what the face-up side shows."""
        return self.stooge, self.loot, self.promise, self.needs, self.possible

    def front_text(self) -> str:
        """E.g. 'Luigi: art worth $60,000, needs 2 lookouts, 2 safecrackers, 1 spy (really $40,000,
        $52,000 or $60,000)'."""
        low, mid, high = (_dollars(v) for v in self.possible)
        return (
            f"{STOOGE_NAMES[self.stooge]}: {LOOT_NAMES[self.loot]} worth {_dollars(self.promise)}, "
            f"needs {_needs_text(self.needs)} (really {low}, {mid} or {high})"
        )


@dataclass(frozen=True, slots=True)
class StoogeDeck:
    """A checked deck of 27 stooge cards."""

    name: str
    authored: bool
    """True for a deck authored for the project; False only for the printed cards."""
    source: str
    """The file path it was read from, or "built-in"."""
    cards: tuple[StoogeCard, ...]
    """27 cards, ids 0..26."""
    warnings: tuple[str, ...]
    """Soft-constraint warnings (section 5.4 items 9-13 that fail)."""


# ---------------------------------------------------------------------------------------------------
# Loading


def load_deck(path: str | None = None) -> StoogeDeck:
    """The stooge deck: None or "" = the packaged stooges.toml (cached); else the file at `path`
    (cached by resolved path and modification time). Raises DeckError.

    The built-in deck, when it says it is authored, must also contain the printed Luigi card
    (`check_printed_card`); a user's file need not.
    """
    return load_data_file(path, _PACKAGE, _RESOURCE, "stooge deck",
                          _parse_builtin if not path else parse_deck, DeckError)


def _parse_builtin(text: str, source: str) -> StoogeDeck:
    deck = parse_deck(text, source)
    if deck.authored:
        check_printed_card(deck)
    return deck


def check_printed_card(deck: StoogeDeck) -> None:
    """Section 5.4 item 7: the printed Luigi card (art, $60,000, 2 lookouts + 2 safecrackers + 1 spy,
    really $40,000 / $52,000 / $60,000) is in the deck, with a copy whose back is $52,000.

    A hard constraint for the built-in (authored) deck only: an owner's real list must load even if our
    reading of the printed card is off. Raises DeckError naming the deck's source, the card and the field.
    """
    stooge, loot, promise, needs, possible = PRINTED_CARD
    name = f"the printed card ({STOOGE_NAMES[stooge]}, {LOOT_NAMES[loot]}, {_dollars(promise)})"
    copies = [card for card in deck.cards if card.front == PRINTED_CARD]
    if not copies:
        close = [c for c in deck.cards if (c.stooge, c.loot, c.promise) == (stooge, loot, promise)]
        if not close:
            raise DeckError(f"{deck.source}: {name}: missing; every authored deck must contain it")
        card = close[0]
        field = "needs" if card.needs != needs else "possible"
        raise DeckError(
            f"{deck.source}: {name}: {field}: the rulebooks print {_needs_text(needs)}, really "
            f"{', '.join(_dollars(v) for v in possible)}; card {card.id} has {card.front_text()}"
        )
    if all(card.back != PRINTED_BACK for card in copies):
        raise DeckError(
            f"{deck.source}: {name}: backs: no copy has the back {_dollars(PRINTED_BACK)} that the "
            f"rulebooks show (\"The actual value of the loot is $52,000\")"
        )


# ---------------------------------------------------------------------------------------------------
# Parsing


@dataclass(frozen=True, slots=True)
class _Front:
    index: int
    label: str
    stooge: int
    loot: int
    promise: int
    needs: tuple[int, int, int]
    possible: tuple[int, int, int]
    backs: tuple[int, ...]
    source: str

    @property
    def key(self) -> tuple[int, int, int, tuple[int, int, int], tuple[int, int, int]]:
        return self.stooge, self.loot, self.promise, self.needs, self.possible


def parse_deck(text: str, source: str) -> StoogeDeck:
    """Parse and check TOML text read from `source` (a path, or "built-in"). Raises DeckError naming
    `source`, the card (e.g. 'front 3 (Luigi, art, $60,000)') and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{source}: not valid TOML: {exc}") from None
    _check_keys(data, source, "the file", required=("deck", "front"), what="key")
    header = data["deck"]
    if not isinstance(header, dict):
        raise DeckError(f"{source}: deck: must be a table ([deck]), got {_kind(header)}")
    _check_keys(header, source, "[deck]", required=_DECK_KEYS)
    authored = header["authored"]
    if not isinstance(authored, bool):
        raise DeckError(f"{source}: [deck]: authored: must be true or false, got {_show(authored)}")
    name = header["name"]
    if not isinstance(name, str) or not name.strip():
        raise DeckError(f"{source}: [deck]: name: must be a non-empty string, got {_show(name)}")
    version = header["version"]
    if not _is_int(version) or version < 1:
        raise DeckError(f"{source}: [deck]: version: must be a positive integer, got {_show(version)}")
    raw_fronts = data["front"]
    if not isinstance(raw_fronts, list) or not all(isinstance(f, dict) for f in raw_fronts):
        got = "an array of other values" if isinstance(raw_fronts, list) else _kind(raw_fronts)
        raise DeckError(f"{source}: front: must be an array of tables ([[front]]), got {got}")
    fronts = [_parse_front(i, raw, source) for i, raw in enumerate(raw_fronts)]
    for front in fronts:
        _check_stooge_front(front, source)
    _check_counts(fronts, source)
    for stooge in (FRANKIE, LUIGI):
        _check_stooge_backs(stooge, fronts, source)
    cards: list[StoogeCard] = []
    for front in fronts:
        for back in front.backs:
            cards.append(
                StoogeCard(
                    id=len(cards), stooge=front.stooge, loot=front.loot, promise=front.promise,
                    needs=front.needs, possible=front.possible, back=back, source=front.source,
                )
            )
    return StoogeDeck(
        name=name.strip(), authored=authored, source=source, cards=tuple(cards),
        warnings=tuple(_soft_warnings(fronts, cards)),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return {int: "an integer", float: "a float", str: "a string"}.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return repr(value)
    return _kind(value)


def _check_keys(
    table: dict[str, object], source: str, where: str, required: tuple[str, ...], what: str = "field"
) -> None:
    unknown = [key for key in table if key not in required]
    if unknown:
        raise DeckError(
            f"{source}: {where}: {unknown[0]}: unknown {what} (expected {', '.join(required)})"
        )
    missing = [key for key in required if key not in table]
    if missing:
        raise DeckError(f"{source}: {where}: {missing[0]}: missing {what}")


def _label(index: int, raw: dict[str, object]) -> str:
    """'front 3 (Luigi, art, $60,000)', with whatever of the three is readable."""
    parts: list[str] = []
    stooge, loot, promise = raw.get("stooge"), raw.get("loot"), raw.get("promise")
    if isinstance(stooge, str):
        known = {name.lower(): name for name in STOOGE_NAMES}
        parts.append(known.get(stooge.strip().lower(), stooge.strip()))
    if isinstance(loot, str):
        code = _LOOT_ALIASES.get(loot.strip().lower())
        parts.append(loot.strip() if code is None else LOOT_NAMES[code])
    if _is_int(promise):
        assert isinstance(promise, int)
        parts.append(f"${promise:,}")
    return f"front {index} ({', '.join(parts)})" if parts else f"front {index}"


def _parse_front(index: int, raw: dict[str, object], source: str) -> _Front:
    label = _label(index, raw)
    where = f"{source}: {label}"
    _check_keys(raw, source, label, required=_FRONT_KEYS)

    def fail(field: str, problem: str) -> DeckError:
        return DeckError(f"{where}: {field}: {problem}")

    stooge_name = raw["stooge"]
    names = [n.lower() for n in STOOGE_NAMES]
    if not isinstance(stooge_name, str) or stooge_name.strip().lower() not in names:
        raise fail("stooge", f"must be one of {', '.join(STOOGE_NAMES)}, got {_show(stooge_name)}")
    stooge = names.index(stooge_name.strip().lower())

    loot_name = raw["loot"]
    if not isinstance(loot_name, str) or loot_name.strip().lower() not in _LOOT_ALIASES:
        raise fail("loot", f"must be one of {', '.join(LOOT_NAMES)}, got {_show(loot_name)}")
    loot = _LOOT_ALIASES[loot_name.strip().lower()]

    promise_value = raw["promise"]
    if not _is_int(promise_value):
        raise fail("promise", f"must be a whole number of dollars, got {_show(promise_value)}")
    assert isinstance(promise_value, int)
    if promise_value <= 0 or promise_value % 1000:
        raise fail("promise", f"must be a positive whole number of thousands of dollars, got {promise_value}")
    promise = promise_value // 1000

    needs_table = raw["needs"]
    if not isinstance(needs_table, dict):
        raise fail("needs", f"must be a table {{ lookouts = n, safecrackers = n, spies = n }}, got "
                   f"{_kind(needs_table)}")
    _check_keys(needs_table, source, f"{label}: needs", required=_NEED_KEYS)
    counts: list[int] = []
    for kind, key in enumerate(_NEED_KEYS):
        count = needs_table[key]
        if not _is_int(count):
            raise fail(f"needs.{key}", f"must be a whole number, got {_show(count)}")
        assert isinstance(count, int)
        if count < 0 or count > GANGSTER_SUPPLY[kind]:
            supply = GANGSTER_SUPPLY[kind]
            raise fail(f"needs.{key}", f"must be between 0 and {supply} (the supply), got {count}")
        counts.append(count)
    needs = (counts[0], counts[1], counts[2])
    if not 1 <= sum(needs) <= MAX_NEEDS:
        raise fail("needs", f"a job needs 1 to {MAX_NEEDS} gangsters in all (a hand of 7), got {sum(needs)}")

    possible_list = raw["possible"]
    if not isinstance(possible_list, list) or len(possible_list) != 3:
        raise fail("possible", f"must be an array of 3 values, got {_kind(possible_list)}"
                   + (f" of {len(possible_list)}" if isinstance(possible_list, list) else ""))
    values = [_value(v, fail, "possible") for v in possible_list]
    if not values[0] < values[1] < values[2]:
        raise fail("possible", f"the 3 values must be distinct and ascending, got {possible_list}")
    possible = (values[0], values[1], values[2])

    backs_list = raw["backs"]
    if not isinstance(backs_list, list) or not backs_list:
        got = "an empty array" if isinstance(backs_list, list) else _kind(backs_list)
        raise fail("backs", f"must be a non-empty array of values (one per printed copy), got {got}")
    backs = tuple(_value(v, fail, "backs") for v in backs_list)
    for back in backs:
        if back not in possible:
            raise fail("backs", f"{_dollars(back)} is not one of the possible values "
                       f"{', '.join(_dollars(v) for v in possible)}")

    source_name = raw["source"]
    if not isinstance(source_name, str) or source_name.strip().lower() not in SOURCES:
        raise fail("source", f"must be one of {', '.join(SOURCES)}, got {_show(source_name)}")

    return _Front(
        index=index, label=label, stooge=stooge, loot=loot, promise=promise, needs=needs,
        possible=possible, backs=backs, source=source_name.strip().lower(),
    )


def _value(value: object, fail: Callable[[str, str], DeckError], field: str) -> int:
    if not _is_int(value):
        raise fail(field, f"values must be whole numbers of dollars, got {_show(value)}")
    assert isinstance(value, int)
    if value <= 0 or value % (VALUE_UNIT * 1000):
        raise fail(field, f"values must be positive multiples of {_dollars(VALUE_UNIT)}, got {value:,}")
    return value // 1000


def _check_stooge_front(front: _Front, source: str) -> None:
    """Section 5.4 items 4-6, the parts about one front's possible values."""
    where = f"{source}: {front.label}: possible"
    values = ", ".join(_dollars(v) for v in front.possible)
    if front.stooge == FRANKIE and front.possible[-1] > front.promise:
        raise DeckError(f"{where}: Frankie never promises less than there is, but {values} goes above the "
                        f"promise {_dollars(front.promise)}")
    if front.stooge == LUIGI and 3 * front.possible[0] < 2 * front.promise:
        raise DeckError(f"{where}: Luigi is mostly honest: no value may be below 2/3 of the promise "
                        f"{_dollars(front.promise)}, got {values}")
    if front.stooge == JOE and front.possible[0] < front.promise:
        raise DeckError(f"{where}: Joe never promises more than there is, but {values} goes below the "
                        f"promise {_dollars(front.promise)}")


def _stooge_fronts(stooge: int, fronts: list[_Front]) -> str:
    indices = [str(f.index) for f in fronts if f.stooge == stooge]
    if not indices:
        return f"{STOOGE_NAMES[stooge]}'s cards (no fronts)"
    return f"{STOOGE_NAMES[stooge]}'s cards (front{'s' if len(indices) > 1 else ''} {', '.join(indices)})"


def _check_counts(fronts: list[_Front], source: str) -> None:
    """Section 5.4 item 1: 27 cards, 9 per stooge."""
    for stooge in (FRANKIE, LUIGI, JOE):
        count = sum(len(f.backs) for f in fronts if f.stooge == stooge)
        if count != CARDS_PER_STOOGE:
            raise DeckError(f"{source}: {_stooge_fronts(stooge, fronts)}: backs: {count} cards (one per "
                            f"back), need exactly {CARDS_PER_STOOGE}")
    total = sum(len(f.backs) for f in fronts)
    if total != CARDS:  # pragma: no cover - implied by 9 per stooge
        raise DeckError(f"{source}: backs: {total} cards in all, need exactly {CARDS}")


def _check_stooge_backs(stooge: int, fronts: list[_Front], source: str) -> None:
    """Section 5.4 items 4 and 5, the parts about a stooge's 9 backs."""
    backs = [(back, f.promise) for f in fronts if f.stooge == stooge for back in f.backs]
    below = sum(back < promise for back, promise in backs)
    where = f"{source}: {_stooge_fronts(stooge, fronts)}: backs"
    if stooge == FRANKIE and below < 6:
        raise DeckError(f"{where}: Frankie is a booster: at least 6 of his 9 backs must be below the "
                        f"promise, got {below}")
    if stooge == LUIGI:
        if len(backs) - below < 5:
            raise DeckError(f"{where}: Luigi usually does not lie: at least 5 of his 9 backs must be at or "
                            f"above the promise, got {len(backs) - below}")
        if below < 1:
            raise DeckError(f"{where}: Luigi sometimes promises more than there is: at least 1 of his 9 "
                            f"backs must be below the promise, got none")


# ---------------------------------------------------------------------------------------------------
# Soft constraints (section 5.4 items 9-13): warnings, never errors


def _soft_warnings(fronts: list[_Front], cards: list[StoogeCard]) -> list[str]:
    out: list[str] = []
    # 9. Each front printed three times, once with each possible value as its back.
    by_front: dict[tuple[int, int, int, tuple[int, int, int], tuple[int, int, int]], list[_Front]] = {}
    for front in fronts:
        by_front.setdefault(front.key, []).append(front)
    for group in by_front.values():
        backs = sorted(back for f in group for back in f.backs)
        if backs != list(group[0].possible):
            out.append(
                f"{group[0].label}: backs: {', '.join(_dollars(b) for b in backs)} is not one copy per "
                f"possible value, so the list gives away more about the backs than the front does (5.3)"
            )
    # 10. Each stooge has 3 cards of each loot kind.
    for stooge in (FRANKIE, LUIGI, JOE):
        mine = [c for c in cards if c.stooge == stooge]
        per_loot = [sum(c.loot == loot for c in mine) for loot in (MONEY, JEWELLERY, ART)]
        if per_loot != [3, 3, 3]:
            shown = ", ".join(f"{n} {LOOT_NAMES[k]}" for k, n in enumerate(per_loot))
            out.append(f"{STOOGE_NAMES[stooge]}'s cards: loot: {shown}; 3 of each kind is the aim")
    # 11. Bigger promises need more gangsters; job sizes.
    low, high = _PROMISE_PER_GANGSTER
    for front in fronts:
        total = sum(front.needs)
        if not _GANGSTERS_PER_JOB[0] <= total <= _GANGSTERS_PER_JOB[1]:
            out.append(f"{front.label}: needs: {total} gangsters; {_GANGSTERS_PER_JOB[0]} to "
                       f"{_GANGSTERS_PER_JOB[1]} a job is the aim")
        for kind, count in enumerate(front.needs):
            if count > _MAX_PER_KIND[kind]:
                out.append(f"{front.label}: needs.{_NEED_KEYS[kind]}: {count}; at most {_MAX_PER_KIND[kind]} "
                           f"in one job is the aim")
        if not low * total <= front.promise <= high * total:
            out.append(f"{front.label}: needs: {_dollars(front.promise)} for {total} gangsters is "
                       f"{_k(front.promise / total)} a gangster; {_dollars(low)} to {_dollars(high)} is the "
                       f"aim")
    # 12. Gangster demand across the deck roughly in the supply's ratio.
    demand = [sum(c.needs[k] for c in cards) for k in range(3)]
    if sum(demand):
        for kind in range(3):
            share, supply = demand[kind] / sum(demand), GANGSTER_SUPPLY[kind] / sum(GANGSTER_SUPPLY)
            if abs(share - supply) > _DEMAND_TOLERANCE:
                out.append(f"the deck: needs.{_NEED_KEYS[kind]}: {share:.0%} of all gangsters needed; the "
                           f"supply has {supply:.0%}")
    # 13. Values in range; real value per gangster: Frankie lowest, Joe and Luigi similar; Frankie's
    # promise per gangster the most tempting.
    lo, hi = _VALUE_RANGE
    for front in fronts:
        for field, values in (("promise", (front.promise,)), ("possible", front.possible)):
            if any(not lo <= v <= hi for v in values):
                out.append(f"{front.label}: {field}: values outside {_dollars(lo)} to {_dollars(hi)}")
    real = [_mean([c.back / sum(c.needs) for c in cards if c.stooge == s]) for s in (FRANKIE, LUIGI, JOE)]
    told = [_mean([c.promise / sum(c.needs) for c in cards if c.stooge == s]) for s in (FRANKIE, LUIGI, JOE)]
    if not real[FRANKIE] < min(real[LUIGI], real[JOE]):
        out.append(f"the deck: backs: Frankie's mean real value per gangster ({_k(real[FRANKIE])}) should be "
                   f"the lowest (Luigi {_k(real[LUIGI])}, Joe {_k(real[JOE])})")
    if max(real[LUIGI], real[JOE]) > _SIMILAR * min(real[LUIGI], real[JOE]):
        out.append(f"the deck: backs: Luigi's and Joe's mean real value per gangster should be similar "
                   f"(Luigi {_k(real[LUIGI])}, Joe {_k(real[JOE])})")
    if not told[FRANKIE] > max(told[LUIGI], told[JOE]):
        out.append(f"the deck: promise: Frankie's mean promise per gangster ({_k(told[FRANKIE])}) should be "
                   f"the most tempting (Luigi {_k(told[LUIGI])}, Joe {_k(told[JOE])})")
    return out


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _k(thousands: float) -> str:
    return f"${thousands * 1000:,.0f}"
