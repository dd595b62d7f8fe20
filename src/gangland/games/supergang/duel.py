"""The Supergang duel: dice, darts and the clinic killing (docs/rules/supergang.md, S21-S25).

Pure functions: each takes the generator's state (an int, see `gangland.engine.rng.splitmix64`) and
returns its next state in the result, so a game state can keep the generator as an int and replay a
duel exactly. Quotes "Lnn" are lines of rulebooks/supergang-en-fragment.txt.

Sides are indexed ATTACKER (0) and DEFENDER (1); a side's fighters are its targets (L67), in the order
given. What happens to the fallen afterwards (clinic, graveyard, the patrol's return: S24) is the game
state's business, not this module's.

>>> attackers = Side.of(killer=True)
>>> defenders = Side.of(managers=2)
>>> result = duel(attackers, defenders, DuelOptions(), rng=7)
>>> result == duel(attackers, defenders, DuelOptions(), rng=7)
True
>>> result.darts == abs(result.throws[-1].totals[0] - result.throws[-1].totals[1])
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, Literal, get_args

from gangland.engine.errors import OptionError
from gangland.engine.rng import splitmix64

ATTACKER: Final = 0
DEFENDER: Final = 1
SIDE_NAMES: Final = ("attackers", "defenders")

Kind = Literal["gangster", "manager", "cop"]
Status = Literal["standing", "injured", "dead", "freed"]
"""A fighter's state; "freed" (L44): a captive whose vamp fell and who left the fight rather than fight on
against his own gang."""
DartTarget = Literal["choose", "random"]
KillerBonus = Literal["dice", "shot", "none"]

KILLER_DICE_BONUS: Final = 2  # L81: "a bonus of two points on dices"
KILLER_SHOT_BONUS: Final = 1  # RULES-NOTES.md: "one extra shot"
MAX_VOLLEYS_RANGE: Final = (1, 1000)  # section 4's table

_TWO_64: Final = 1 << 64


@dataclass(frozen=True, slots=True)
class DuelOptions:
    """The duel's rule options, named and defaulted as in section 4's table of the rules analysis.

    `dart_hit`: probability that a dart hits its target (S22). The table gives 0.05-1 as the game
    option's range; this module accepts all of 0..1 (0 is useful in tests), the game's option check may
    be stricter. `dart_dead`: probability that a hit target is dead, else injured (S22, L74-75).
    `dart_target`: "choose" (each side aims by its own priority order, see `duel`) or "random" (each
    dart at a uniformly random standing target). `duel_max_volleys`: not a rule, a cap (S22, S39).
    `killer_bonus`: "dice" (+2 on his side's total, L81), "shot" (one extra dart in each volley of his
    side, from RULES-NOTES.md), or "none" (S23).

    >>> DuelOptions(dart_hit=2.0)
    Traceback (most recent call last):
    ...
    gangland.engine.errors.OptionError: dart_hit must be a probability in 0..1, not 2.0
    """

    dart_hit: float = 0.5
    dart_dead: float = 0.5
    dart_target: DartTarget = "choose"
    duel_max_volleys: int = 50
    killer_bonus: KillerBonus = "dice"

    def __post_init__(self) -> None:
        for name in ("dart_hit", "dart_dead"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                raise OptionError(f"{name} must be a probability in 0..1, not {value!r}")
        if self.dart_target not in get_args(DartTarget):
            raise OptionError(f"dart_target must be one of {get_args(DartTarget)}, not {self.dart_target!r}")
        if self.killer_bonus not in get_args(KillerBonus):
            raise OptionError(
                f"killer_bonus must be one of {get_args(KillerBonus)}, not {self.killer_bonus!r}")
        low, high = MAX_VOLLEYS_RANGE
        volleys = self.duel_max_volleys
        if isinstance(volleys, bool) or not isinstance(volleys, int) or not low <= volleys <= high:
            raise OptionError(f"duel_max_volleys must be an int in {low}..{high}, not {volleys!r}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> DuelOptions:
        """Take the duel's options out of a game's options dict (other keys are ignored).

        >>> DuelOptions.from_options({"dart_hit": 1, "cop_price": 500}).dart_hit
        1
        """
        names = {f.name for f in fields(cls)}
        return cls(**{name: value for name, value in options.items() if name in names})


@dataclass(frozen=True, slots=True)
class Fighter:
    """One target in a duel (L67): a gangster (possibly a killer), a manager or a cop.

    `home`: a gangster's own gang (-1: none given); `held_by`: the index, in the same side, of the vamp
    holding this gangster captive, or -1. Both serve L44 only: when that vamp falls the captive is freed at
    once and leaves the fight if the other side holds a gangster of his own gang (S43).
    """

    name: str
    kind: Kind
    killer: bool = False
    home: int = -1
    held_by: int = -1

    def __post_init__(self) -> None:
        if self.kind not in get_args(Kind):
            raise OptionError(
                f"fighter {self.name!r}: kind must be one of {get_args(Kind)}, not {self.kind!r}")
        if self.killer and self.kind != "gangster":
            raise OptionError(f"fighter {self.name!r}: only a gangster can be the killer")


@dataclass(frozen=True, slots=True)
class Side:
    """The fighters of one side, in the order its opponent aims at them by default.

    Every fighter throws one die: one per gangster (its own die), one blue die per manager (L51), two per
    patrol (L59), a patrol being two cops (L60), so a side's cops come in pairs.

    >>> Side.of(gangsters=1, managers=2, patrols=1).dice
    5
    """

    fighters: tuple[Fighter, ...]

    def __post_init__(self) -> None:
        if not self.fighters:
            raise OptionError("a duel side needs at least one fighter")
        names = [f.name for f in self.fighters]
        if len(set(names)) != len(names):
            raise OptionError(f"a side's fighter names must be distinct: {names}")
        for i, f in enumerate(self.fighters):
            if f.held_by >= len(self.fighters) or f.held_by == i:
                raise OptionError(f"fighter {f.name!r}: held_by must index another fighter of the side")
        if sum(f.kind == "cop" for f in self.fighters) % 2:
            raise OptionError("cops fight in patrols of two (L59-60)")

    @classmethod
    def of(cls, *, killer: bool = False, gangsters: int = 0, managers: int = 0, patrols: int = 0,
           killers: int = 0) -> Side:
        """A side from counts: the killers first (`killers`, or one with `killer`), then other gangsters,
        managers, cops.

        >>> Side.of(killers=2, gangsters=1).killers
        2
        """
        for name, count in (("gangsters", gangsters), ("managers", managers), ("patrols", patrols),
                            ("killers", killers)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise OptionError(f"{name} must be a count >= 0, not {count!r}")
        killers = max(killers, int(killer))
        fighters = [Fighter(f"killer{i + 1}" if killers > 1 else "killer", "gangster", killer=True)
                    for i in range(killers)]
        fighters += [Fighter(f"gangster{i + 1}", "gangster") for i in range(gangsters)]
        fighters += [Fighter(f"manager{i + 1}", "manager") for i in range(managers)]
        fighters += [Fighter(f"cop{i + 1}", "cop") for i in range(2 * patrols)]
        return cls(tuple(fighters))

    @property
    def dice(self) -> int:
        """How many dice the side throws (one per fighter, see the class docstring)."""
        return len(self.fighters)

    @property
    def killers(self) -> int:
        """How many killers the side holds (L81: each brings his bonus; a vamped killer is one, S41)."""
        return sum(f.killer for f in self.fighters)

    def __len__(self) -> int:
        return len(self.fighters)


@dataclass(frozen=True, slots=True)
class Throw:
    """One throw of both sides' dice (attacker first, L68) with each side's killer bonus."""

    dice: tuple[tuple[int, ...], tuple[int, ...]]
    bonus: tuple[int, int]

    @property
    def totals(self) -> tuple[int, int]:
        return sum(self.dice[0]) + self.bonus[0], sum(self.dice[1]) + self.bonus[1]


@dataclass(frozen=True, slots=True)
class Hit:
    """A target shot down: its side and index, dead or injured, and in which volley (1-based)."""

    side: int
    index: int
    dead: bool
    volley: int


@dataclass(frozen=True, slots=True)
class DuelResult:
    """The outcome of `duel`.

    `throws`: every throw, the equal ones that were thrown again and the deciding last one.
    `first_gunner`: the side with the higher total (L70). `darts`: the difference, each side's volley size
    (L70, L72). `darts_fired`: darts actually fired in each volley (a killer's extra shot included; a
    volley stops when nobody is left standing opposite). `hits`: the fallen in order. `status[side][i]`:
    each fighter's end state. `winner`: the side left standing, or None if the volley cap ended the duel.
    `rng`: the generator's next state.
    """

    throws: tuple[Throw, ...]
    first_gunner: int
    darts: int
    darts_fired: tuple[int, ...]
    hits: tuple[Hit, ...]
    status: tuple[tuple[Status, ...], tuple[Status, ...]]
    winner: int | None
    rng: int
    events: tuple[str, ...]

    @property
    def volleys(self) -> int:
        return len(self.darts_fired)

    def dead(self, side: int) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.status[side]) if s == "dead")

    def injured(self, side: int) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.status[side]) if s == "injured")

    def standing(self, side: int) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.status[side]) if s == "standing")


@dataclass(frozen=True, slots=True)
class ClinicResult:
    """The outcome of `clinic_kill`: the attacker's die, the darts it gave, whether the target died."""

    die: int
    darts: int
    darts_fired: int
    killed: bool
    rng: int
    events: tuple[str, ...]


def throw_dice(rng: int, count: int) -> tuple[int, tuple[int, ...]]:
    """Throw `count` six-sided dice: (the generator's next state, the faces).

    >>> rng, faces = throw_dice(1, 3)
    >>> len(faces), all(1 <= f <= 6 for f in faces)
    (3, True)
    """
    faces = []
    for _ in range(count):
        rng, value = splitmix64(rng)
        faces.append(1 + value % 6)  # the bias of % 6 on 64 bits is below 1e-18
    return rng, tuple(faces)


def chance(rng: int, probability: float) -> tuple[int, bool]:
    """One draw that is True with `probability`: (the generator's next state, the outcome).

    Exact at the ends: probability 0 is never True and 1 always (a 64-bit value is below 2**64).
    """
    rng, value = splitmix64(rng)
    return rng, value < int(probability * _TWO_64)


def duel(attackers: Side, defenders: Side, options: DuelOptions, rng: int, *,
         attacker_aim: Sequence[int] | None = None,
         defender_aim: Sequence[int] | None = None) -> DuelResult:
    """Fight a duel (S21-S23) and return its result, the generator's next state included.

    With `dart_target = "choose"` the shooter's choice is given beforehand as a priority order: each dart
    of the attackers goes at the first still standing defender in `attacker_aim` (indices into
    `defenders`; default: their listing order), and likewise `defender_aim`. A dart that misses leaves its
    target standing, so the next dart goes at it again. With "random" the aims are ignored.
    """
    sides = (attackers, defenders)
    aims = (_aim_order(attacker_aim, len(defenders), "attacker_aim"),
            _aim_order(defender_aim, len(attackers), "defender_aim"))
    events: list[str] = []

    # S21, L68-70: both sides throw, attacker first; equal totals are thrown again (designed).
    bonus = (_dice_bonus(attackers, options), _dice_bonus(defenders, options))
    throws: list[Throw] = []
    while True:
        rng, attacker_dice = throw_dice(rng, attackers.dice)
        rng, defender_dice = throw_dice(rng, defenders.dice)
        throw = Throw((attacker_dice, defender_dice), bonus)
        throws.append(throw)
        events.append("; ".join(_describe_dice(SIDE_NAMES[s], throw.dice[s], bonus[s]) for s in (0, 1)))
        if throw.totals[ATTACKER] != throw.totals[DEFENDER]:
            break
        events.append("equal totals: both sides throw again")
    first_gunner = ATTACKER if throw.totals[ATTACKER] > throw.totals[DEFENDER] else DEFENDER
    darts = abs(throw.totals[ATTACKER] - throw.totals[DEFENDER])
    events.append(f"{SIDE_NAMES[first_gunner]} fire first, {darts} dart{'s' * (darts != 1)} a volley")

    # S22, L71-73: alternating volleys of the same size until a side is all down, or the cap.
    status: tuple[list[Status], list[Status]] = (["standing"] * len(attackers), ["standing"] * len(defenders))
    hits: list[Hit] = []
    darts_fired: list[int] = []
    winner: int | None = None
    shooter = first_gunner
    while len(darts_fired) < options.duel_max_volleys:
        volley = len(darts_fired) + 1
        target = 1 - shooter
        count = darts
        # "shot": each killer's own extra dart, so only while he stands (a fallen target fires no more).
        if options.killer_bonus == "shot":
            count += KILLER_SHOT_BONUS * sum(f.killer and status[shooter][i] == "standing"
                                             for i, f in enumerate(sides[shooter].fighters))
        rng, fired, notes = _volley(rng, options, sides[target], status[target], aims[shooter], count,
                                    sides[shooter])
        darts_fired.append(fired)
        hits += [Hit(target, index, status[target][index] == "dead", volley) for index in notes.fallen]
        events.append(f"volley {volley}, {SIDE_NAMES[shooter]}: {'; '.join(notes.lines)}")
        if "standing" not in status[target]:
            winner = shooter
            events.append(f"all {SIDE_NAMES[target]} down: the {SIDE_NAMES[shooter]} win")
            break
        shooter = target
    else:
        events.append(f"no result after {options.duel_max_volleys} volleys: the duel stops (the cap)")

    return DuelResult(tuple(throws), first_gunner, darts, tuple(darts_fired), tuple(hits),
                      (tuple(status[0]), tuple(status[1])), winner, rng, tuple(events))


def clinic_kill(rng: int, options: DuelOptions, *, killer: bool = False) -> ClinicResult:
    """Shoot at an injured character in the clinic (S25, L83).

    The attacker throws his die: that many darts (the killer: +2 with killer_bonus "dice", +1 with
    "shot"); the target cannot defend, each dart hits with `dart_hit` and any hit kills (`dart_dead` does
    not apply). Firing stops at the first hit.

    >>> clinic_kill(3, DuelOptions(dart_hit=1.0)).killed
    True
    """
    rng, (die,) = throw_dice(rng, 1)
    bonus = {"dice": KILLER_DICE_BONUS, "shot": KILLER_SHOT_BONUS, "none": 0}[options.killer_bonus]
    darts = die + (bonus if killer else 0)
    events = [f"the attacker throws {die}: {darts} dart{'s' * (darts != 1)}"]
    fired = 0
    killed = False
    while fired < darts and not killed:
        fired += 1
        rng, killed = chance(rng, options.dart_hit)
    events.append(f"dart {fired} hits: the target is dead" if killed else "every dart misses")
    return ClinicResult(die, darts, fired, killed, rng, tuple(events))


@dataclass(slots=True)
class _VolleyNotes:
    fallen: list[int]
    lines: list[str]


def _volley(rng: int, options: DuelOptions, targets: Side, status: list[Status], aim: tuple[int, ...],
            count: int, shooters: Side) -> tuple[int, int, _VolleyNotes]:
    """Fire `count` darts at `targets`, updating `status` in place: (rng, darts fired, notes)."""
    notes = _VolleyNotes([], [])
    fired = 0
    for _ in range(count):
        if options.dart_target == "random":
            standing = [i for i, s in enumerate(status) if s == "standing"]
        else:
            standing = [i for i in aim if status[i] == "standing"]
        if not standing:
            break  # L71: nobody left to shoot at; the remaining darts are not fired
        if options.dart_target == "random":
            rng, value = splitmix64(rng)
            index = standing[value % len(standing)]
        else:
            index = standing[0]
        fired += 1
        name = targets.fighters[index].name
        rng, hit = chance(rng, options.dart_hit)
        if not hit:
            notes.lines.append(f"miss {name}")
            continue
        # L74-76: one target per dart, face down dead, face up injured.
        rng, dead = chance(rng, options.dart_dead)
        status[index] = "dead" if dead else "injured"
        notes.fallen.append(index)
        notes.lines.append(f"hit {name} ({status[index]})")
        notes.lines += _free_captives(targets, status, shooters, index)
    if not notes.lines:
        notes.lines.append("no dart")
    return rng, fired, notes


def _free_captives(side: Side, status: list[Status], other: Side, fallen: int) -> list[str]:
    """L44: a captive whose vamp (index `fallen`) has just fallen is free at once, before the next dart;
    he fights on, except against his own gang: if the other side holds a gangster of his gang he leaves
    the fight ("freed": no longer a target, no longer shooting). Returns the volley's words for it."""
    lines = []
    homes = {f.home for f in other.fighters if f.home >= 0}
    for i, f in enumerate(side.fighters):
        if f.held_by == fallen and status[i] == "standing":
            if f.home in homes:
                status[i] = "freed"
                lines.append(f"{f.name} is free and leaves the fight (L44)")
            else:
                lines.append(f"{f.name} is free and fights on (L44)")
    return lines


def _dice_bonus(side: Side, options: DuelOptions) -> int:
    """L81: each killer of the side adds his two points (S41)."""
    return KILLER_DICE_BONUS * side.killers if options.killer_bonus == "dice" else 0


def _describe_dice(name: str, dice: tuple[int, ...], bonus: int) -> str:
    text = "+".join(map(str, dice))
    if bonus:
        text += f" +{bonus} (killer{'s' * (bonus > KILLER_DICE_BONUS)})"
    return f"{name} throw {text} = {sum(dice) + bonus}"


def _aim_order(aim: Sequence[int] | None, size: int, name: str) -> tuple[int, ...]:
    if aim is None:
        return tuple(range(size))
    order = tuple(aim)
    if sorted(order) != list(range(size)):
        raise OptionError(f"{name} must order the opposing fighters 0..{size - 1}, not {list(order)}")
    return order
