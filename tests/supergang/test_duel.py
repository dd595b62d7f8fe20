"""The Supergang duel (src/gangland/games/supergang/duel.py; docs/rules/supergang.md S21-S25).

Each test quotes the line of rulebooks/supergang-en-fragment.txt (Lnn) or the decision (Snn) it checks.
Statistical tests run 10,000 seeded duels and allow 4 standard deviations, so they are deterministic
and loose.
"""

from __future__ import annotations

import doctest
import math
import re
from pathlib import Path

import pytest

from gangland.engine.errors import OptionError
from gangland.engine.rng import splitmix64
from gangland.games.supergang import duel as duel_module
from gangland.games.supergang.duel import (
    ATTACKER,
    DEFENDER,
    DuelOptions,
    Fighter,
    KillerBonus,
    Side,
    clinic_kill,
    duel,
    throw_dice,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "supergang.md"
TRIALS = 10_000


def within_4_sigma(successes: int, trials: int, p: float) -> bool:
    return abs(successes - trials * p) <= 4 * math.sqrt(trials * p * (1 - p)) + 1


def test_doctests() -> None:
    assert doctest.testmod(duel_module).failed == 0


def test_option_defaults_are_the_docs_table() -> None:
    # Section 4: `dart_hit` 0.5, `dart_dead` 0.5, `dart_target` "choose", `duel_max_volleys` 50,
    # `killer_bonus` "dice".
    table = {m[1]: m[2] for m in re.finditer(r"^\| `(\w+)` \| `?([^`|]+?)`? \|", DOC.read_text(), re.M)}
    defaults = DuelOptions()
    for name in ("dart_hit", "dart_dead", "dart_target", "duel_max_volleys", "killer_bonus"):
        assert str(getattr(defaults, name)) == table[name].strip("\""), name


def test_from_options_takes_only_duel_keys() -> None:
    options = DuelOptions.from_options({"dart_hit": 0.25, "killer_bonus": "shot", "cop_price": 500})
    assert options == DuelOptions(dart_hit=0.25, killer_bonus="shot")


def test_same_seed_same_duel_and_rng_is_threaded() -> None:
    # S38: the dice and the darts are the randomness; a seeded generator replays them exactly.
    attackers, defenders = Side.of(killer=True, gangsters=1), Side.of(managers=2)
    first = duel(attackers, defenders, DuelOptions(), 12345)
    assert first == duel(attackers, defenders, DuelOptions(), 12345)
    assert first.rng != 12345
    outcomes = {duel(attackers, defenders, DuelOptions(), seed).throws for seed in range(20)}
    assert len(outcomes) > 10


def test_throw_dice_advances_once_per_die() -> None:
    rng = 99
    expected = []
    for _ in range(4):
        rng, value = splitmix64(rng)
        expected.append(1 + value % 6)
    assert throw_dice(99, 4) == (rng, tuple(expected))


def test_dice_per_side() -> None:
    # L68 "throws the number of dices corresponding to their characters"; L51 "one blue dice (basic shop)
    # or two blue dices (shop with initial)"; L59 "a group of cops throws two dices"; S21 one per gangster.
    attackers = Side.of(killer=True, gangsters=2)
    defenders = Side.of(managers=2, patrols=1)
    assert (attackers.dice, defenders.dice) == (3, 4)
    result = duel(attackers, defenders, DuelOptions(), 1)
    for throw in result.throws:
        assert tuple(map(len, throw.dice)) == (3, 4)
        assert all(1 <= face <= 6 for faces in throw.dice for face in faces)
    assert Side.of(patrols=2).dice == 4 and Side.of(managers=1).dice == 1


def test_attacker_throws_first() -> None:
    # L68 "The attacker then the defender throws".
    rng, attacker_dice = throw_dice(5, 2)
    _, defender_dice = throw_dice(rng, 1)
    result = duel(Side.of(gangsters=2), Side.of(managers=1), DuelOptions(), 5)
    assert result.throws[0].dice == (attacker_dice, defender_dice)


def test_equal_totals_are_thrown_again() -> None:
    # S21 (designed): "equal totals are thrown again".
    rethrown = 0
    for seed in range(300):
        result = duel(Side.of(gangsters=1), Side.of(managers=1), DuelOptions(), seed)
        *equal, last = result.throws
        assert all(t.totals[0] == t.totals[1] for t in equal)
        assert last.totals[0] != last.totals[1]
        rethrown += bool(equal)
    assert rethrown > 0


def test_darts_are_the_difference_and_the_higher_fires_first() -> None:
    # L69 "Results are compared." L70 "The highest result is the first gunner, he fires ... as many arrows
    # as points of difference".
    for seed in range(200):
        result = duel(Side.of(killer=True), Side.of(managers=2), DuelOptions(), seed)
        attacker_total, defender_total = result.throws[-1].totals
        assert result.darts == abs(attacker_total - defender_total) >= 1
        assert result.first_gunner == (ATTACKER if attacker_total > defender_total else DEFENDER)
        assert result.darts_fired[0] <= result.darts


def test_killer_bonus_dice_adds_two_points() -> None:
    # L81 "the killer has a bonus of two points on dices"; S23 `killer_bonus = "dice"`.
    attackers, defenders = Side.of(killer=True), Side.of(managers=1)
    with_bonus = duel(attackers, defenders, DuelOptions(killer_bonus="dice"), 8).throws[0]
    without = duel(attackers, defenders, DuelOptions(killer_bonus="none"), 8).throws[0]
    assert with_bonus.dice == without.dice
    assert with_bonus.bonus == (2, 0) and without.bonus == (0, 0)
    assert with_bonus.totals[0] == without.totals[0] + 2
    # A killer on the defending side gets it too (S22 "applies to a killer on either side").
    assert duel(defenders, attackers, DuelOptions(), 8).throws[0].bonus == (0, 2)
    # "shot" gives no dice bonus.
    assert duel(attackers, defenders, DuelOptions(killer_bonus="shot"), 8).throws[0].bonus == (0, 0)


def test_killer_bonus_shot_adds_a_dart_while_he_stands() -> None:
    # S23 `"shot"`: "his side fires one extra dart in each of its volleys"; S22 "A fallen target fires no
    # more" (the extra dart is the killer's own).
    never = DuelOptions(dart_hit=0.0, killer_bonus="shot", duel_max_volleys=4)
    result = duel(Side.of(killer=True), Side.of(managers=1), never, 3)
    own = 1 if result.first_gunner == ATTACKER else 0
    expected = [result.darts + (v % 2 == (0 if own else 1)) for v in range(4)]
    assert list(result.darts_fired) == expected
    # Once the killer is down his side's volleys are back to the difference.
    always = DuelOptions(dart_hit=1.0, dart_dead=1.0, killer_bonus="shot")
    attackers, defenders = Side.of(killer=True, gangsters=1), Side.of(managers=5)
    for seed in range(5000):
        result = duel(attackers, defenders, always, seed)
        if result.first_gunner == ATTACKER and result.darts == 1:
            break
    else:
        pytest.fail("no seed where the attackers fire first with one dart")
    # Killer + 1 = 2 darts, the managers kill the killer with 1, then 1 dart each.
    assert result.darts_fired == (2, 1, 1, 1)
    assert result.winner == DEFENDER


def test_certain_death_fells_the_loser_in_order() -> None:
    # L73 "until all the targets on one side have been shooted down"; L74 "face on the ground are dead"
    # (and L75 "face facing the sky are injuried": dart_dead = 1 leaves none injured);
    # S22 the shooter chooses (default: listing order).
    always = DuelOptions(dart_hit=1.0, dart_dead=1.0)
    for seed in range(200):
        result = duel(Side.of(killer=True, gangsters=2), Side.of(managers=2, gangsters=1), always, seed)
        winner, loser = result.first_gunner, 1 - result.first_gunner
        assert result.winner == winner  # equal sides: the first gunner fells first
        assert result.dead(loser) == (0, 1, 2) and not result.injured(loser)
        assert [h.index for h in result.hits if h.side == loser] == [0, 1, 2]
        fallen = [h.index for h in result.hits if h.side == winner]
        assert fallen == list(range(len(fallen))) and len(fallen) < 3
        assert result.standing(winner) == tuple(range(len(fallen), 3))


def test_aim_order_is_the_shooters_choice() -> None:
    # S22 "each dart aims at one standing opposing target (the shooter chooses, option `dart_target`)".
    always = DuelOptions(dart_hit=1.0, dart_dead=1.0)
    for seed in range(50):
        result = duel(Side.of(gangsters=3), Side.of(gangsters=3), always, seed,
                      attacker_aim=(2, 0, 1), defender_aim=(1, 2, 0))
        loser = 1 - result.first_gunner
        order = (2, 0, 1) if loser == DEFENDER else (1, 2, 0)
        assert tuple(h.index for h in result.hits if h.side == loser) == order


def test_a_dart_fells_one_target_and_a_volley_stops_when_all_are_down() -> None:
    # L76 "only the first shooted down is concerned"; L71 "the second gunner do nothing".
    always = DuelOptions(dart_hit=1.0)
    for seed in range(200):
        result = duel(Side.of(patrols=3), Side.of(managers=1), always, seed)
        for volley, fired in enumerate(result.darts_fired, 1):
            assert len([h for h in result.hits if h.volley == volley]) == fired
        if result.first_gunner == ATTACKER:
            assert result.darts_fired == (1,) and result.winner == ATTACKER


def test_no_hits_until_the_volley_cap() -> None:
    # S22 "Not a rule: after `duel_max_volleys` volleys without result, the duel stops"; L72 "the same
    # number of arrows".
    never = DuelOptions(dart_hit=0.0, duel_max_volleys=7)
    result = duel(Side.of(killer=True, gangsters=2), Side.of(managers=2), never, 42)
    assert result.hits == () and result.winner is None
    assert result.volleys == 7 and result.darts_fired == (result.darts,) * 7
    assert result.standing(ATTACKER) == (0, 1, 2) and result.standing(DEFENDER) == (0, 1)
    assert "7 volleys" in result.events[-1]


def test_random_targets_are_uniform() -> None:
    # S22 option `dart_target = "random"`: each standing target equally likely.
    options = DuelOptions(dart_hit=1.0, dart_target="random", duel_max_volleys=1)
    first = [0, 0, 0]
    for seed in range(TRIALS):
        result = duel(Side.of(gangsters=3), Side.of(gangsters=3), options, seed)
        first[result.hits[0].index] += 1
    assert all(within_4_sigma(count, TRIALS, 1 / 3) for count in first), first


def test_dart_probabilities_over_many_duels() -> None:
    # S22 "hits with probability `dart_hit`; a hit target ... is dead with probability `dart_dead`".
    options = DuelOptions(dart_hit=0.3, dart_dead=0.25, duel_max_volleys=1)
    darts = hits = dead = 0
    for seed in range(TRIALS):
        result = duel(Side.of(gangsters=6), Side.of(managers=6), options, seed)
        darts += sum(result.darts_fired)
        hits += len(result.hits)
        dead += sum(h.dead for h in result.hits)
    assert within_4_sigma(hits, darts, 0.3), (hits, darts)
    assert within_4_sigma(dead, hits, 0.25), (dead, hits)


def test_dice_probabilities_over_many_duels() -> None:
    # S21: fair dice; one die against one die ties 1 time in 6 and each side fires first half the time.
    ties = attacker_first = faces = 0
    for seed in range(TRIALS):
        result = duel(Side.of(gangsters=1), Side.of(gangsters=1), DuelOptions(duel_max_volleys=1), seed)
        ties += len(result.throws) > 1
        attacker_first += result.first_gunner == ATTACKER
        faces += result.throws[0].dice[0][0] == 6
    assert within_4_sigma(ties, TRIALS, 1 / 6)
    assert within_4_sigma(attacker_first, TRIALS, 1 / 2)
    assert within_4_sigma(faces, TRIALS, 1 / 6)


def test_clinic_kill_darts_and_certain_hit() -> None:
    # L83 "The dice throw of the attacker determines the number of arrows ... If the target is shooted
    # down, it implies the death"; S25 "the killer: +2 darts, or +1 with killer_bonus = "shot"".
    for seed in range(30):
        plain = clinic_kill(seed, DuelOptions(dart_hit=0.0))
        assert 1 <= plain.die <= 6 and plain.darts == plain.darts_fired == plain.die and not plain.killed
        bonuses: tuple[tuple[KillerBonus, int], ...] = (("dice", 2), ("shot", 1), ("none", 0))
        for bonus, extra in bonuses:
            options = DuelOptions(dart_hit=0.0, killer_bonus=bonus)
            assert clinic_kill(seed, options, killer=True).darts == plain.die + extra
        certain = clinic_kill(seed, DuelOptions(dart_hit=1.0, dart_dead=0.0))
        assert certain.killed and certain.darts_fired == 1  # any hit kills: dart_dead does not apply


def test_clinic_kill_probability() -> None:
    # S25 "any hit kills": P(killed) = mean over the die of 1 - (1 - dart_hit) ** die.
    p = 0.2
    expected = sum(1 - (1 - p) ** die for die in range(1, 7)) / 6
    killed = sum(clinic_kill(seed, DuelOptions(dart_hit=p)).killed for seed in range(TRIALS))
    assert within_4_sigma(killed, TRIALS, expected)


@pytest.mark.parametrize("kwargs", [
    {"dart_hit": 1.5}, {"dart_hit": -0.1}, {"dart_dead": 2}, {"dart_hit": True}, {"dart_hit": "0.5"},
    {"dart_target": "nearest"}, {"killer_bonus": "dart"}, {"duel_max_volleys": 0},
    {"duel_max_volleys": 1001}, {"duel_max_volleys": 2.5},
])
def test_bad_options_raise_option_error(kwargs: dict[str, object]) -> None:
    # Section 4's table: the values each option takes.
    assert issubclass(OptionError, ValueError)
    with pytest.raises(OptionError):
        DuelOptions(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"gangsters": -1}, {"managers": -2}, {"patrols": -1}, {"gangsters": 1.5}])
def test_bad_counts_raise_option_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(OptionError, match=">= 0"):
        Side.of(**kwargs)  # type: ignore[arg-type]


def test_bad_sides_and_aims_raise_option_error() -> None:
    # L67 one target per character; L59-60 cops are a patrol of two.
    with pytest.raises(OptionError):
        Side.of()
    with pytest.raises(OptionError):
        Side((Fighter("cop1", "cop"),))
    with pytest.raises(OptionError):
        Side((Fighter("a", "gangster"), Fighter("a", "gangster")))
    with pytest.raises(OptionError):
        Fighter("m", "manager", killer=True)
    with pytest.raises(OptionError):
        Fighter("x", "vamp")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        duel(Side.of(gangsters=2), Side.of(managers=2), DuelOptions(), 1, attacker_aim=(0, 0))
    with pytest.raises(OptionError):
        Side((Fighter("a", "gangster", held_by=0),))  # a captive held by himself


def test_each_killer_of_a_side_adds_his_two_points() -> None:
    # L81 "the killer has a bonus of two points on dices", for each killer taking part (S41): a side
    # may hold two, e.g. its own killer and a rival's killer its vamp holds (L41, L45).
    for seed in range(20):
        result = duel(Side.of(killers=2, gangsters=1), Side.of(killer=True), DuelOptions(), seed)
        assert all(throw.bonus == (4, 2) for throw in result.throws)
        assert result.throws[-1].totals[ATTACKER] == sum(result.throws[-1].dice[ATTACKER]) + 4
    shot = DuelOptions(killer_bonus="shot", dart_hit=0.0, duel_max_volleys=2)
    result = duel(Side.of(killers=2), Side.of(managers=1), shot, 3)
    # (no dart hits: each volley is the difference, plus one dart per standing killer of the shooter)
    own = result.darts_fired[0 if result.first_gunner == ATTACKER else 1]
    assert own == result.darts + 2


def test_side_against_side_one_die_per_character_attacker_first() -> None:
    # L68 "The attacker then the defender throws the number of dices corresponding to their characters":
    # two gangsters and a manager against a patrol (two dice, L59) and a gangster.
    result = duel(Side.of(gangsters=2, managers=1), Side.of(gangsters=1, patrols=1), DuelOptions(), 5)
    assert [len(dice) for dice in result.throws[0].dice] == [3, 3]
    assert result.events[0].startswith("attackers throw ")  # the attacker first


def _captive_duel(defender_home: int) -> tuple[Side, Side]:
    """A vamp (gang 0) and the gang-1 dealer it holds, against one gangster of `defender_home`."""
    attackers = Side((Fighter("vamp", "gangster", home=0), Fighter("captive", "gangster", home=1, held_by=0)))
    return attackers, Side((Fighter("rival", "gangster", home=defender_home),))


def test_a_fallen_vamps_captive_leaves_a_fight_against_his_own_gang() -> None:
    # L44 "If during an action ..., the vamp is put out of the fight, the vamped recovers immediately his
    # freedom, but he must continue the undertaken action, except against his own gang." (S43)
    left = fought_on = 0
    for seed in range(200):
        for home in (1, 2):
            attackers, defenders = _captive_duel(home)
            result = duel(attackers, defenders, DuelOptions(dart_hit=1.0), seed)
            if not result.hits or (result.hits[0].side, result.hits[0].index) != (ATTACKER, 0):
                continue  # (the duels in which the vamp is the first to fall)
            if home == 1:  # against his own gang: he leaves at once, is no target, and his side is down
                assert result.status[ATTACKER][1] == "freed" and result.winner == DEFENDER
                assert all(hit.index != 1 for hit in result.hits if hit.side == ATTACKER)
                assert any("leaves the fight (L44)" in e for e in result.events)
                left += 1
            else:  # against another gang: free, he fights on to the end
                assert result.status[ATTACKER][1] != "freed"
                assert any("fights on (L44)" in e for e in result.events)
                fought_on += 1
    assert left and fought_on
