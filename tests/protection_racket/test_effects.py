"""Protection Racket: what every city site does, one test per face of the built-in sites.toml.

The rulebook names few sites ("Some actions occur immediately. Some actions are only resolved at the
end of the round"), so each face is checked against its own text in sites.toml (the authored set: see
sites.py); the primitives' semantics are those of sites.py. Faces are grouped by effect kind, one
checker per kind, parametrized over the faces of that kind (test id = the face's name);
`test_every_face_is_checked` makes sure the groups cover all 100 faces.

Positions are built with helpers.set_city. 3 x 3 city (2 players), sites row by row:

    0 1 2
    3 4 5
    6 7 8

4 x 3 city (3-4 players):

    0  1  2  3
    4  5  6  7
    8  9 10 11
"""

from __future__ import annotations

import random

import pytest

from gangland.games.protection_racket.actions import GANG0, MUSCLE_PICK, PASS, SITE0, YES, deploy_action
from gangland.games.protection_racket.control import controller, parties
from gangland.games.protection_racket.mobsters import HIDEOUT, NEUTRAL
from gangland.games.protection_racket.phases import ACTION, DEPLOY, PICK, WAR_OFFER
from gangland.games.protection_racket.rounds import start_round
from gangland.games.protection_racket.sites import Face, load_sites
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import (
    city_with,
    deploy,
    muscle_to,
    new_state,
    pass_all,
    put,
    set_city,
    set_hideouts,
    to_move,
    to_supply,
    units,
)

FACES = load_sites().faces
CENTRE = 4
"""The centre of the 3 x 3 city."""


def faces_of(*kinds: str | None) -> list[Face]:
    return [f for f in FACES if (f.effect.kind if f.effect else None) in kinds]


def by_kind(*kinds: str | None) -> pytest.MarkDecorator:
    """Parametrize a checker over the faces of these effect kinds, each test named after its face."""
    group = faces_of(*kinds)
    return pytest.mark.parametrize("face", group, ids=[f.name for f in group])




def money_change(state: ProtectionRacketState, before: list[int]) -> list[int]:
    return [m - b for m, b in zip(state.money, before, strict=True)]


def last_deploy_revenue(state: ProtectionRacketState, site: int, regulars: int) -> list[int]:
    """The actor deploys its last `regulars` mobsters onto `site`; nobody else has any left, so the
    round ends and the revenue step pays: what each seat got."""
    seat = state.actor
    set_hideouts(state, [regulars if s == seat else 0 for s in range(state.players)])
    before = state.money[:]
    earned = [e["revenue"] for e in state.earned]
    deploy(state, site, regulars)
    pass_all(state)
    assert state.round == 1, "the round ended"
    assert any(e.startswith("revenue step of round 1") for e in state.events)
    paid = money_change(state, before)
    assert paid == [e["revenue"] - b for e, b in zip(state.earned, earned, strict=True)]
    return paid


def take_action(state: ProtectionRacketState, site: int, regulars: int) -> None:
    """The actor deploys onto `site`, declares no war, controls the site and takes its action."""
    seat = state.actor
    deploy(state, site, regulars)
    if state.phase == WAR_OFFER:
        state.apply(PASS)
    assert controller(state, site) == seat
    assert (state.phase, state.actor) == (ACTION, seat), "the controller is offered the action"
    assert state.legal_actions() == [PASS, YES], "the action may be taken or skipped"
    state.apply(YES)


def assert_no_dead_end(state: ProtectionRacketState) -> None:
    """Every sequence of offered picks completes the action (depth-first over copies)."""
    assert state.phase == PICK
    stack = [state.clone()]
    leaves = 0
    while stack:
        s = stack.pop()
        legal = s.legal_actions()
        assert legal, f"dead end after picks {s.picks}"
        for action in legal:
            t = s.clone()
            t.apply(action)
            if t.phase == PICK and t.effect_site == s.effect_site and t.turn == s.turn:
                stack.append(t)
            else:
                leaves += 1
    assert leaves


def pick(state: ProtectionRacketState, *actions: int) -> None:
    """Make picks for the action, each of which must be offered."""
    if actions:
        assert_no_dead_end(state)
    for action in actions:
        assert state.phase == PICK
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action)


def test_every_face_is_checked() -> None:
    # Every kind has a checker below; together they cover all 100 faces of sites.toml.
    kinds = (None, "bonus", "aura", "closed", "income", "extort", "war", "stand_up", "lying",
             "lay_down", "move", "swap", "remove", "recall", "reinforce", "swap_sites", "flip",
             "replace", "recruit")
    assert sorted(f.id for f in faces_of(*kinds)) == list(range(100))


# ---- revenue: light blue (fixed), blue (bonus, aura) -------------------------------------------


@by_kind(None)
def test_fixed_revenue(face: Face) -> None:
    # protection-racket.txt: "Some blue sites yield a fixed amount of revenue."; e.g. "Gambling Den $ 6
    # Gain $6 in the Revenue Step". The face's text: "Gain $N in the Revenue Step."
    assert face.text == f"Gain ${face.revenue} in the Revenue Step."
    state = city_with(2, {CENTRE: face.name})
    put(state, CENTRE, 1, lying=2)  # lying mobsters "cannot collect revenue"
    assert last_deploy_revenue(state, CENTRE, 1) == [face.revenue, 0]


BONUS_CASES: dict[str, tuple[int, int]] = {
    # per: (the site of the face, what the counter comes to in the position `bonus_position` builds)
    "corner": (0, 1),
    "edge": (1, 1),
    "own_here": (CENTRE, 3),
    "adjacent_empty": (CENTRE, 2),
    "adjacent_sites": (CENTRE, 4),
    "alone": (CENTRE, 1),
    "sites_controlled": (CENTRE, 3),
    "adjacent_controlled": (CENTRE, 2),
    "rival_gangs_here": (5, 2),
    "lying_here": (CENTRE, 3),
}


def bonus_position(face: Face) -> tuple[ProtectionRacketState, int, int]:
    """(state, site, mobsters seat 0 deploys there last) for a blue bonus face."""
    assert face.effect is not None
    per = face.effect.per
    site = BONUS_CASES[per][0]
    state = city_with(4 if per == "rival_gangs_here" else 2, {site: face.name})
    regulars = 1
    if per == "own_here":
        put(state, site, 0, standing=1, lying=1)  # 1 + 2 deployed standing; the lying one is not counted
        regulars = 2
    elif per == "adjacent_empty":
        put(state, 1, 1, lying=1)  # a lying rival: not empty
        put(state, 3, 0, standing=1)  # 5 and 7 are empty; 0 (diagonal) is no neighbour
        put(state, 0, 1, standing=1)
    elif per == "sites_controlled":
        put(state, 0, 0, standing=1)
        put(state, 8, 0, standing=2)
        put(state, 2, 1, standing=1)
        put(state, 6, 0, standing=1)
        put(state, 6, 1, standing=1)  # a tie: nobody controls 6
    elif per == "adjacent_controlled":
        put(state, 1, 0, standing=1)
        put(state, 3, 0, standing=2)
        put(state, 3, 1, lying=3)  # lying mobsters do not count for control
        put(state, 5, 1, standing=1)
        put(state, 7, 0, standing=1)
        put(state, 7, 1, standing=1)
    elif per == "rival_gangs_here":
        put(state, site, 1, lying=1)
        put(state, site, 2, lying=1)
        regulars = 2
    elif per == "lying_here":
        put(state, site, 1, lying=2)
        put(state, site, 0, lying=1)
    return state, site, regulars


@by_kind("bonus")
def test_bonus_revenue(face: Face) -> None:
    # protection-racket.txt: "Some blue sites yield a variable amount of revenue dependant on conditions
    # written on the card." The face's text says which condition (sites.COUNTERS).
    assert face.effect is not None
    state, site, regulars = bonus_position(face)
    count = BONUS_CASES[face.effect.per][1]
    paid = last_deploy_revenue(state, site, regulars)
    assert paid[0] == face.revenue + face.effect.amount * count


@pytest.mark.parametrize("per,site,name", [("corner", 1, "Corner Drugstore"),
                                           ("edge", CENTRE, "Lakefront Docks"),
                                           ("adjacent_sites", 0, "Telephone Exchange")])
def test_bonus_revenue_where_the_condition_fails(per: str, site: int, name: str) -> None:
    # "plus $2 more if this site is in a corner of the city" (not on an edge site), "... on the edge of
    # the city" (not in the centre), "for each site adjacent to this one" (a corner has two).
    state = city_with(2, {site: name})
    face = state.faces[state.city[site]]
    assert face.effect is not None and face.effect.per == per
    extra = {"corner": 0, "edge": 0, "adjacent_sites": 2 * face.effect.amount}[per]
    assert last_deploy_revenue(state, site, 1)[0] == face.revenue + extra


@pytest.mark.parametrize("name", ["Private Club", "Bootleg Still"])
def test_alone_bonus_not_paid_with_a_rival_mobster_here(name: str) -> None:
    # "plus $2 more if no rival Mobster is here": a lying rival is still here.
    state = city_with(2, {CENTRE: name})
    put(state, CENTRE, 1, lying=1)
    face = state.faces[state.city[CENTRE]]
    assert last_deploy_revenue(state, CENTRE, 2) == [face.revenue, 0]


@by_kind("aura")
def test_aura_revenue(face: Face) -> None:
    # protection-racket.txt: "Central Park $ 1 Sites adjacent to this site yields additional revenue as
    # shown on the card $ 2"; glossary: "Adjacent - ... orthogonally adjacent, but not diagonally".
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name})
    put(state, 1, 0, standing=1)  # a neighbour (a filler: no revenue of its own)
    put(state, 0, 0, standing=1)  # diagonal: no aura
    put(state, 5, 1, standing=1)  # a neighbour controlled by seat 1
    put(state, 7, 1, lying=1)  # nobody controls 7: no revenue
    paid = last_deploy_revenue(state, CENTRE, 1)
    assert paid == [face.revenue + face.effect.amount, face.effect.amount]


# ---- closed (orange) sites ----------------------------------------------------------------------


@by_kind("closed")
def test_closed_site(face: Face) -> None:
    # protection-racket.txt: "orange 8 Cannot deploy to this site - affects adjacent sites". The face's
    # text: "No Mobster may be deployed onto this site (card effects may still move Mobsters here)" and
    # what it does to the sites adjacent to it.
    assert face.effect is not None
    rule, amount = face.effect.adjacent, face.effect.amount
    state = city_with(2, {CENTRE: face.name, 1: "Gambling Den"})
    assert state.closed[CENTRE]
    legal = state.legal_actions()
    assert not [a for a in legal if deploy_action(CENTRE, 0, 0) <= a <= deploy_action(CENTRE, 5, 1)]
    assert deploy_action(8, 5, 0) in legal
    if rule == "no_war":
        # "No Mob War may be declared on sites adjacent to this one."
        put(state, 1, 1, standing=1)
        put(state, 8, 1, standing=1)
        deploy(state, 1, 2)
        assert state.phase != WAR_OFFER
        pass_all(state)
        assert units(state, 1) == [(2, 0), (1, 0)]
        to_move(state, 0)
        deploy(state, 8, 2)
        assert state.phase == WAR_OFFER, "a site that is not adjacent is not affected"
    elif rule == "lie_down":
        # "Mobsters deployed onto sites adjacent to this one lie down."
        deploy(state, 1, 2)
        assert units(state, 1) == [(0, 2), (0, 0)]
        pass_all(state)
        deploy(state, 8, 2)
        assert units(state, 8) == [(0, 0), (2, 0)]
    elif rule == "max_deploy":
        # "At most N Mobsters may be deployed onto a site adjacent to this one in one turn."
        onto = [a for a in legal if deploy_action(1, 0, 0) <= a <= deploy_action(1, 5, 1)]
        assert onto == [deploy_action(1, n, 0) for n in range(1, amount + 1)]
        assert deploy_action(1, amount + 1, 0) not in legal
        deploy(state, 1, amount)
        pass_all(state)
        assert state.actor == 1
        deploy(state, 1, amount)  # again next turn, by anybody
        assert units(state, 1) == [(amount, 0), (amount, 0)]
    else:
        # "Sites adjacent to this site yield $N more/less revenue."
        assert rule == "aura"
        assert last_deploy_revenue(state, 1, 1) == [6 + amount, 0]


# ---- immediate revenue: income and extort -------------------------------------------------------

INCOME_CASES: dict[str, tuple[int, int]] = {
    # per: (site of the face, what the counter comes to in `income_position`)
    "deployed": (CENTRE, 3),
    "own_here": (CENTRE, 3),
    "sites_controlled": (CENTRE, 3),
    "alone": (CENTRE, 1),
    "adjacent_sites": (0, 2),
    "lying_here": (CENTRE, 3),
}


@by_kind("income")
def test_income(face: Face) -> None:
    # protection-racket.txt: "Growing the Gang $ 1 Immediately take $1 from the supply for each Mobster
    # deployed."; "d. pink 6 Immediate revenue"; the face's text says what it counts.
    assert face.effect is not None
    per = face.effect.per
    site, count = INCOME_CASES[per]
    state = city_with(2, {site: face.name})
    regulars = 1
    if per == "deployed":
        put(state, site, 0, standing=1)  # already there: not deployed this turn
        regulars = 3
    elif per == "own_here":
        put(state, site, 0, standing=1, lying=1)
        regulars = 2
    elif per == "sites_controlled":
        put(state, 2, 0, standing=1)
        put(state, 6, 0, standing=1)
        put(state, 8, 1, standing=1)
    elif per == "lying_here":
        put(state, site, 1, lying=2)
        put(state, site, 0, lying=1)
    before = state.money[:]
    take_action(state, site, regulars)
    assert money_change(state, before) == [face.effect.amount * count, 0]
    assert state.earned[0]["actions"] == face.effect.amount * count
    assert state.phase == DEPLOY and state.actor == 1


@by_kind("extort")
def test_extort(face: Face) -> None:
    # The face's text: "Each rival gang with a standing Mobster <here | on a site adjacent to this one |
    # anywhere in the city> pays you $N (or all it has)."
    assert face.effect is not None
    where, amount = face.effect.where, face.effect.amount
    site = 5
    state = city_with(4, {site: face.name})
    state.money = [1, 5, 1, 5]
    regulars = 1
    if where == "here":
        put(state, site, 1, standing=1)
        put(state, site, 2, standing=1)
        put(state, site, 3, lying=2)  # only lying here: seat 3 does not pay
        put(state, 0, 3, standing=1)  # elsewhere
        regulars = 3
    elif where == "adjacent":
        put(state, 1, 1, standing=1)
        put(state, 6, 2, standing=1)
        put(state, 9, 3, lying=1)
        put(state, 0, 3, standing=1)  # diagonal
    else:
        put(state, 0, 1, standing=1)
        put(state, 11, 2, standing=1)
        put(state, 3, 3, lying=1)
    before = state.money[:]
    take_action(state, site, regulars)
    one, two = min(amount, 5), min(amount, 1)
    assert money_change(state, before) == [one + two, -one, -two, 0]
    assert state.earned[1]["extorted"] == -one
    assert sum(state.money) == sum(before)


# ---- red: Mob Wars --------------------------------------------------------------------------------


@by_kind("war")
def test_war(face: Face) -> None:
    # protection-racket.txt: "red 6 Starts a Mob War"; "Mob War Start a war on any site whether your
    # Mobsters are involved or not." The face says where: any site, a site adjacent, or this site.
    assert face.effect is not None
    where = face.effect.where
    site = 5
    state = city_with(3, {site: face.name})
    if where == "here":
        put(state, site, 1, standing=1)
        take_action(state, site, 3)
        # no pick: the war is on this site
        assert units(state, site) == [(2, 0), (0, 0), (0, 0)]
        assert state.supply[:2] == [1, 1]
        assert state.phase == DEPLOY and state.actor == 1
        return
    target = 6 if where == "adjacent" else 11
    put(state, target, 1, standing=2)
    put(state, target, 2, standing=1)
    put(state, 10, 1, standing=1)  # one gang only: no war there
    put(state, 2, 1, standing=1)
    put(state, 2, 2, standing=1)  # two gangs, two sites from the face
    take_action(state, site, 1)
    offered = sorted(a - SITE0 for a in state.legal_actions())
    assert offered == ([target] if where == "adjacent" else sorted([2, target]))
    pick(state, SITE0 + target)
    assert units(state, target) == [(0, 0), (1, 0), (0, 0)]
    assert state.supply == [0, 1, 1]
    assert any(e.startswith(f"Mob War on {state.faces[state.city[target]].name}") for e in state.events)
    # "If you have won a Mob War that took place on another player's turn you do not take the
    # associated action": seat 1 now controls the target, and its turn comes next.
    assert state.phase == DEPLOY and state.actor == 1


# ---- lying mobsters: stand up, lying, lay down ----------------------------------------------------

SCOPE_TARGET = {"here": CENTRE, "adjacent": 1, "any": 8}
"""Where an effect of the face at the centre is tried: the centre, a neighbour, the far corner."""


def effect_target(face: Face) -> int:
    assert face.effect is not None
    scope = face.effect.origin if face.effect.kind == "move" else face.effect.where
    return SCOPE_TARGET[scope]


@by_kind("stand_up")
def test_stand_up(face: Face) -> None:
    # protection-racket.txt: "l. yellow 4 Stand up Mobsters"; glossary: "Stand Up - Mobsters that are
    # lying down may be stood up by certain card effects. They are then treated as any other Mobster."
    assert face.effect is not None
    own = face.effect.whose == "own"
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 0, lying=2)
    put(state, target, 1, lying=1)
    if target != CENTRE:
        put(state, 2 if target == 8 else 8, 0, lying=1)  # out of reach for "adjacent", else a choice
    take_action(state, CENTRE, 1)
    if target != CENTRE:
        offered = [a - SITE0 for a in state.legal_actions()]
        assert target in offered
        if face.effect.where == "adjacent":
            assert offered == [target]
        pick(state, SITE0 + target)
    mine = 2 + (1 if target == CENTRE else 0)
    assert units(state, target) == [(mine, 0), (0, 1) if own else (1, 0)]


@by_kind("lying")
def test_lying_mobsters_leave(face: Face) -> None:
    # protection-racket.txt: "yellow 4 Affects Mobsters on their back". The face's text: "All lying
    # Mobsters on <a site> go to the supply / back to their owners' hideouts."
    assert face.effect is not None
    to = face.effect.to
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 1, standing=1, lying=2)
    put(state, target, 0, lying=1)
    hideout, supply = state.hideout[:], state.supply[:]
    regulars = 3 if target == CENTRE else 1
    take_action(state, CENTRE, regulars)
    if target != CENTRE:
        pick(state, SITE0 + target)
    mine = regulars if target == CENTRE else 0
    assert units(state, target) == [(mine, 0), (1, 0)]
    hideout[0] -= regulars
    went = {"supply": supply, "hideout": hideout}[to]
    went[0] += 1
    went[1] += 2
    assert state.hideout == hideout and state.supply == supply


@by_kind("lay_down")
def test_lay_down(face: Face) -> None:
    # protection-racket.txt glossary: "Lie Down - If a Mobster is lying down then they do not count as
    # being deployed, do not count towards control". The face's text: "Up to N standing Mobsters of one
    # rival gang on <a site> lie down."
    assert face.effect is not None
    count = face.effect.count
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 1, standing=4)
    regulars = 5 if target == CENTRE else 1
    if target != CENTRE:
        put(state, target, 0, standing=1)
    take_action(state, CENTRE, regulars)
    if target != CENTRE:
        pick(state, SITE0 + target)
    assert state.legal_actions() == [GANG0 + 1], "one rival gang; never your own"
    pick(state, GANG0 + 1)
    down = min(count, 4)
    assert units(state, target)[1] == (4 - down, down)


# ---- moving mobsters: move, swap, remove, recall, reinforce ---------------------------------------

MOVE_TARGET = {(CENTRE, "adjacent"): 3, (1, "adjacent"): 0, (8, "adjacent"): 7}
"""Where mobsters moved from an origin go: a neighbour of it for "to adjacent"; site 6 for "to any"."""


@by_kind("move")
def test_move(face: Face) -> None:
    # protection-racket.txt: "l. green 18 Move Mobsters"; "Mass Move Move all Mobsters of one colour from
    # one site to another. You may start a Mob War on that site." The face's text: whose mobsters (yours
    # or any one gang's), how many (all, up to N), from where (this site, a site adjacent, any site), to
    # where (a site adjacent to it, any other site), and whether a war may follow.
    effect = face.effect
    assert effect is not None
    origin = effect_target(face)
    target = MOVE_TARGET.get((origin, effect.to), 6)
    gang = 0 if effect.whose == "own" else 1
    other = 1 - gang
    state = city_with(2, {CENTRE: face.name})
    put(state, target, other, standing=1)
    if origin == CENTRE and gang == 0:
        put(state, origin, 0, standing=2, lying=1)
        regulars = 1
    elif origin == CENTRE:
        put(state, origin, 1, standing=3, lying=1)
        regulars = 4
    else:
        put(state, origin, gang, standing=3, lying=1)
        regulars = 1
    take_action(state, CENTRE, regulars)
    if origin != CENTRE:
        assert SITE0 + origin in state.legal_actions()
        pick(state, SITE0 + origin)
    if effect.whose == "any":
        gangs = state.legal_actions()
        assert GANG0 + 1 in gangs
        pick(state, GANG0 + gang)
    targets = sorted(a - SITE0 for a in state.legal_actions())
    if effect.to == "adjacent":
        assert targets == sorted(state.adj[origin])
    else:
        assert targets == [t for t in range(9) if t != origin]
    pick(state, SITE0 + target)
    moved = 4 if effect.count == 0 else min(effect.count, 4)
    standing, lying = min(moved, 3), moved - min(moved, 3)
    left = (3 - standing, 1 - lying)
    if origin == CENTRE and gang == 1:
        assert units(state, origin) == [(4, 0), left]
    else:
        assert units(state, origin)[gang] == left
    assert units(state, target)[gang] == (standing, lying)
    assert units(state, target)[other] == (1, 0)
    if effect.war:
        # "You may start a Mob War on that site."
        assert (state.phase, state.actor, state.war_site) == (WAR_OFFER, 0, target)
        state.apply(YES)
        assert any(e.startswith("Mob War on") for e in state.events)
        assert len(parties(state, target)) <= 1
    else:
        assert state.phase == DEPLOY and state.actor == 1, "no war is offered"


@by_kind("swap")
def test_swap(face: Face) -> None:
    # protection-racket.txt: "Fair Exchange Swap the positions of any 2 Mobsters. You may declare a Mob
    # War on either or both sites." The face's text: "... any 2 Mobsters of different gangs on different
    # sites".
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name})
    put(state, 0, 1, standing=2)
    put(state, 8, 0, standing=2)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 0)
    assert state.legal_actions() == [GANG0 + 1]
    pick(state, GANG0 + 1)
    # the other site: one with a mobster of another gang
    assert sorted(a - SITE0 for a in state.legal_actions()) == [CENTRE, 8]
    pick(state, SITE0 + 8)
    assert state.legal_actions() == [GANG0 + 0]
    pick(state, GANG0 + 0)
    assert units(state, 0) == [(1, 0), (1, 0)]
    assert units(state, 8) == [(1, 0), (1, 0)]
    if face.effect.war:
        # "on either or both sites": asked for each
        assert (state.phase, state.war_site) == (WAR_OFFER, 0)
        state.apply(PASS)
        assert (state.phase, state.war_site) == (WAR_OFFER, 8)
        state.apply(YES)
        assert units(state, 8) == [(0, 0), (0, 0)]
        assert units(state, 0) == [(1, 0), (1, 0)]
    assert state.phase == DEPLOY and state.actor == 1


@by_kind("remove")
def test_remove(face: Face) -> None:
    # protection-racket.txt: "Whack-a-mole Return any Mobster to the supply." The face's text: "Return
    # <any | a rival> Mobster on <a site> to the supply."
    assert face.effect is not None
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 1, standing=2, lying=1)
    regulars = 3 if target == CENTRE else 1
    if target != CENTRE:
        put(state, target, 0, standing=1)
    take_action(state, CENTRE, regulars)
    if target != CENTRE:
        pick(state, SITE0 + target)
    gangs = state.legal_actions()
    assert gangs == ([GANG0 + 0, GANG0 + 1] if face.effect.whose == "any" else [GANG0 + 1])
    pick(state, GANG0 + 1)
    assert units(state, target)[1] == (1, 1)
    assert state.supply[1] == 1


def test_whack_a_mole_may_send_the_hired_muscle_back() -> None:
    # protection-racket.txt: "Whack-a-mole Return any Mobster to the supply." - any: the user may pick a
    # gang's Hired Muscle rather than one of its mobsters; it goes back to its card, from where "it can be
    # recruited again" (C10).
    state = city_with(2, {CENTRE: "Whack-a-mole", 8: "The Hitman"})
    muscle_to(state, 1, 2)
    put(state, 2, 1, standing=1)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 2)
    assert state.legal_actions() == [GANG0 + 1, MUSCLE_PICK]
    pick(state, MUSCLE_PICK)
    assert (state.m_owner, state.m_where) == (NEUTRAL, 8)
    assert units(state, 2)[1] == (1, 0)
    assert state.supply[1] == 0


def test_whack_a_mole_takes_a_standing_mobster_before_a_lying_one() -> None:
    # C10: of a seat's mobsters the card takes a standing one first (the one that counts for control).
    state = city_with(2, {CENTRE: "Whack-a-mole"})
    put(state, 2, 1, standing=1, lying=1)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 2, GANG0 + 1)
    assert units(state, 2)[1] == (0, 1)


RETURNING = [f for f in FACES if f.effect is not None and (
    f.effect.kind in ("recall", "reinforce") or (f.effect.kind == "lying" and f.effect.to == "hideout"))]


@pytest.mark.parametrize("face", RETURNING, ids=[f.name for f in RETURNING])
def test_actions_that_give_back_mobsters_say_once_per_round(face: Face) -> None:
    # C30: an action that brings mobsters back to a hideout is taken once per round per face, or a round
    # could go on for ever ("Play then alternates, with each player taking turns until all Hideouts are
    # empty"); the card says so.
    assert "Once per round." in face.text


def test_safe_house_works_once_per_round() -> None:
    # C30, and the face's text: "Return all your Mobsters on one site to your hideout. ... Once per round."
    state = city_with(2, {CENTRE: "Safe House"})
    put(state, 0, 0, standing=2)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 0)
    assert state.hideout[0] == 5 - 1
    deploy(state, 2, 1)
    pass_all(state)
    assert (state.phase, state.actor) == (DEPLOY, 0)
    deploy(state, CENTRE, 1)
    pass_all(state)
    assert controller(state, CENTRE) == 0
    assert (state.phase, state.actor) == (DEPLOY, 1), "not offered again this round"
    assert state.returns_used == [state.city[CENTRE]]
    start_round(state)
    assert state.returns_used == [], "a new round, a new city: every card may be used again"


@by_kind("recall")
def test_recall(face: Face) -> None:
    # The face's text: "Return all your Mobsters on <a site> to your hideout. You may deploy them again
    # later this round." (protection-racket.txt: "they may take a turn later if mobsters are returned to
    # their hideout")
    assert face.effect is not None
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 0, standing=2, lying=1)
    put(state, target, 1, standing=1)
    set_hideouts(state, [1, 4])
    take_action(state, CENTRE, 1)
    if target != CENTRE:
        pick(state, SITE0 + target)
    assert units(state, target)[0] == (0, 0)
    assert state.hideout[0] == 3 + (1 if target == CENTRE else 0)
    assert state.phase == DEPLOY and state.actor == 1
    pass_all(state)
    deploy(state, 2, 1)
    pass_all(state)
    assert state.actor == 0, "seat 0 deploys again"


@by_kind("reinforce")
def test_reinforce(face: Face) -> None:
    # The face's text: "Return up to N of your Mobsters from the supply to your hideout."
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name})
    to_supply(state, 0, 2)
    to_supply(state, 1, 1)
    take_action(state, CENTRE, 3)
    back = min(face.effect.count, 2)
    assert state.hideout == [back, 5 - 1]
    assert state.supply == [2 - back, 1]


# ---- site placement: swap sites, flip, replace ----------------------------------------------------


@by_kind("swap_sites")
def test_swap_sites(face: Face) -> None:
    # protection-racket.txt: "l. pink 6 Affects site placement". The face's text: "Swap <this site with
    # an adjacent site | the places of any two sites>. Mobsters travel with their cards."
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name, 1: "Gambling Den", 8: "Mom & Pop Shop"})
    put(state, 1, 1, standing=2)
    put(state, 8, 1, lying=1)
    city = state.city[:]
    take_action(state, CENTRE, 1)
    if face.effect.where == "adjacent":
        assert sorted(a - SITE0 for a in state.legal_actions()) == [1, 3, 5, 7]
        pick(state, SITE0 + 1)
        a, b = CENTRE, 1
    else:
        assert len(state.legal_actions()) == 9
        pick(state, SITE0 + 1)
        assert SITE0 + 1 not in state.legal_actions()
        pick(state, SITE0 + 8)
        a, b = 1, 8
    expected = city[:]
    expected[a], expected[b] = city[b], city[a]
    assert state.city == expected
    if face.effect.where == "adjacent":
        assert units(state, 1) == [(1, 0), (0, 0)]
        assert units(state, CENTRE) == [(0, 0), (2, 0)]
    else:
        assert units(state, 8) == [(0, 0), (2, 0)]
        assert units(state, 1) == [(0, 0), (0, 1)]


@by_kind("flip")
def test_flip(face: Face) -> None:
    # protection-racket.txt: "The city cards are double-sided"; the face's text: "Turn <this site | a
    # site adjacent to this one> over to its other side. Mobsters stay where they are."
    assert face.effect is not None
    target = effect_target(face)
    state = city_with(2, {CENTRE: face.name})
    put(state, target, 1, lying=2)
    city = state.city[:]
    take_action(state, CENTRE, 1)
    if target != CENTRE:
        assert sorted(a - SITE0 for a in state.legal_actions()) == [1, 3, 5, 7]
        pick(state, SITE0 + target)
    assert state.city[target] == city[target] ^ 1
    others = [t for t in range(9) if t != target]
    assert [state.city[t] for t in others] == [city[t] for t in others]
    assert units(state, target)[1] == (0, 2)


@by_kind("replace")
def test_replace(face: Face) -> None:
    # protection-racket.txt: "at the end of the round the sites in the city can be placed to one side";
    # the face's text: "Put the card of <any one site | a site adjacent> away and deal a new card from the
    # same deck in its place. Mobsters stay where they are."
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name, 1: "Gambling Den"})
    put(state, 1, 1, standing=2)
    old = state.city[1]
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 1)
    new = state.city[1]
    assert new // 2 != old // 2
    assert state.faces[new].deck == 1
    assert old // 2 in state.used[0]
    assert state.put_away == [old // 2]  # not dealt again next round (C31)
    assert new // 2 not in state.draw[0]
    assert units(state, 1) == [(0, 0), (2, 0)]


# ---- pink: recruit the Hired Muscle ----------------------------------------------------------------


@by_kind("recruit")
def test_recruit(face: Face) -> None:
    # protection-racket.txt: "pink 6 Recruit Hired Muscle"; "If you control the recruiting site ... the
    # pink meeple is moved to your hideout ... The Hired Muscle becomes a member of your gang".
    assert face.effect is not None
    state = city_with(2, {CENTRE: face.name})
    assert (state.m_owner, state.m_where) == (NEUTRAL, CENTRE)
    take_action(state, CENTRE, 2)  # 2 against the pink's 1
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)
    assert state.phase == DEPLOY and state.actor == 1
    pass_all(state)
    deploy(state, 8, 1)
    pass_all(state)
    assert deploy_action(2, 0, 1) in state.legal_actions()


# ---- actions that cannot do anything are not offered ----------------------------------------------


@pytest.mark.parametrize("name,setup", [
    ("Flophouse", "nobody lies here"),
    ("Counterfeiter", "a rival lies here"),
    ("Shakedown", "the rival here is broke"),
    ("Bootleg Tax", "rivals only lie"),
    ("Bail Bondsman", "nothing in the supply"),
    ("Turkish Bath", "nobody lies here"),
    ("City Morgue", "nobody lies anywhere"),
    ("Mob War", "no site with two gangs"),
    ("Gang Showdown", "the only site next door with two gangs is next to the Police Station"),
    ("Cement Shoes", "no rival here"),
    ("Sucker Punch", "rivals next door only lie"),
    ("Tear Gas", "no standing rival here"),
    ("Back-Alley Doctor", "only rivals lie"),
    ("The Hitman", "the pink was recruited by seat 1"),
])
def test_an_action_that_cannot_do_anything_is_not_offered(name: str, setup: str) -> None:
    # The engine's rule (state.py _effect_available): "an action that cannot [do something] is not
    # offered"; the rulebook: "If you control the site then you may take the action printed on the card."
    placed = {CENTRE: name, 1: "Mom & Pop Shop"}
    if name == "Gang Showdown":
        placed[0] = "Police Station"
    state = city_with(2, placed)
    if name == "Counterfeiter":
        put(state, CENTRE, 1, lying=1)
    elif name == "Shakedown":
        put(state, CENTRE, 1, standing=1)
        state.money[1] = 0
    elif name == "Bootleg Tax":
        put(state, 8, 1, lying=2)
    elif name == "Gang Showdown":
        put(state, 1, 0, standing=1)
        put(state, 1, 1, standing=1)  # two gangs, next to the Police Station (site 0)
        put(state, 5, 1, lying=1)  # one gang
    elif name == "Tear Gas":
        put(state, CENTRE, 1, lying=1)
    elif name == "Sucker Punch":
        put(state, 1, 1, lying=1)
        put(state, 5, 1, lying=2)
    elif name == "Back-Alley Doctor":
        put(state, 8, 1, lying=2)
    elif name == "The Hitman":
        muscle_to(state, 1, HIDEOUT)
    deploy(state, CENTRE, 3)
    if state.phase == WAR_OFFER:
        state.apply(PASS)
    assert controller(state, CENTRE) == 0
    assert state.phase == DEPLOY and state.actor == 1, f"no action offered ({setup})"


def test_growing_the_gang_does_not_pay_for_mobsters_that_lie_down() -> None:
    # glossary: "If a Mobster is lying down then they do not count as being deployed"; Growing the Gang:
    # "Immediately take $1 from the bank for each Mobster deployed". Deployed next to the Cemetery, they
    # lie down: nothing to take, and no control either.
    state = city_with(2, {CENTRE: "Growing the Gang", 1: "Cemetery"})
    put(state, CENTRE, 0, standing=1)
    deploy(state, CENTRE, 3)
    assert units(state, CENTRE)[0] == (1, 3)
    assert controller(state, CENTRE) == 0
    assert (state.phase, state.actor) == (DEPLOY, 1), "the action would pay $0: not offered"


def test_the_action_is_offered_only_to_the_controller() -> None:
    # protection-racket.txt: "If you have more Mobsters on the site than any other player, then you
    # control the site. If you control the site then you may take the action printed on the card."
    state = city_with(2, {CENTRE: "Slot Machines"})
    put(state, CENTRE, 1, standing=2)
    deploy(state, CENTRE, 2)
    state.apply(PASS)  # no war: 2 against 2, nobody controls
    assert state.phase == DEPLOY and state.actor == 1


# ---- the picks never dead-end --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_picks_always_complete_the_action(players: int) -> None:
    # Every position of a game offers some action until the game is over; every action begun with
    # random picks completes (over many seeds).
    picks_seen = 0
    for seed in range(60):
        state = new_state(players, seed, first_seat="random")
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, f"seed {seed}: no legal action in phase {state.phase} (picks {state.picks})"
            if state.phase == PICK:
                picks_seen += 1
            state.apply(rng.choice(legal))
            steps += 1
            assert steps < 5000
    assert picks_seen > 50


def test_random_playouts_keep_every_mobster() -> None:
    # protection-racket.txt: "5 Mobster meeples in red, yellow, green and purple"; "Supply - Mobsters
    # that are not deployed and not in players hideouts' are in the supply."
    for seed in range(40):
        state = new_state(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(state.players):
                on = sum(state.stand[t][seat] + state.lie[t][seat] for t in range(len(state.city)))
                assert state.hideout[seat] + state.supply[seat] + on == 5
            state.apply(rng.choice(state.legal_actions()))


# ---- closed sites and their neighbours -----------------------------------------------------------


def test_two_deploy_limits_the_smaller_holds() -> None:
    # Newspaper Office "At most 2 Mobsters" and Railroad Yards "At most 1 Mobster ... onto a site
    # adjacent to this one": a site next to both takes one.
    state = city_with(2, {0: "Newspaper Office", 2: "Railroad Yards"})
    onto = [a for a in state.legal_actions() if deploy_action(1, 0, 0) <= a <= deploy_action(1, 5, 1)]
    assert onto == [deploy_action(1, 1, 0)]
    assert state.max_deploy[3] == 2


def test_the_deploy_limit_counts_the_hired_muscle() -> None:
    # "At most 1 Mobster may be deployed onto a site adjacent to this one in one turn": the Hired Muscle
    # is a Mobster ("counts alongside other members").
    state = city_with(2, {CENTRE: "Railroad Yards", 8: "The Hitman"})
    muscle_to(state, 0, HIDEOUT)
    onto = [a for a in state.legal_actions() if deploy_action(1, 0, 0) <= a <= deploy_action(1, 5, 1)]
    assert onto == [deploy_action(1, 0, 1), deploy_action(1, 1, 0)]


def test_the_hired_muscle_deployed_next_to_the_cemetery_lies_down() -> None:
    # Cemetery: "Mobsters deployed onto sites adjacent to this one lie down."
    state = city_with(2, {CENTRE: "Cemetery", 8: "The Hitman"})
    muscle_to(state, 0, HIDEOUT)
    deploy(state, 1, 1, 1)
    assert state.m_lying and state.m_where == 1
    assert units(state, 1)[0] == (0, 1)
    assert controller(state, 1) == -1


def test_mobsters_moved_next_to_the_cemetery_stay_standing() -> None:
    # Cemetery: "Mobsters *deployed* onto sites adjacent to this one lie down" (moved ones do not).
    state = city_with(2, {0: "Cemetery", CENTRE: "Bus Depot"})
    put(state, 8, 0, standing=2)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 8, SITE0 + 1)
    assert units(state, 1)[0] == (2, 0)


def test_closed_aura_revenue_never_below_zero() -> None:
    # Tax Collector: "Sites adjacent to this site yield $2 less revenue"; Prohibition Bureau
    # "$1 less": a $2 site next to both yields nothing, not less than nothing.
    state = city_with(2, {0: "Tax Collector", 1: "Mom & Pop Shop", 2: "Prohibition Bureau"})
    assert last_deploy_revenue(state, 1, 1) == [0, 0]


def test_auras_add_up() -> None:
    # Central Park "+$2" and Cathedral "an additional $1": a $6 site between both yields $9.
    state = city_with(2, {0: "Central Park", 1: "Gambling Den", 2: "Cathedral"})
    assert last_deploy_revenue(state, 1, 1) == [9, 0]


def test_no_war_next_to_the_police_station_even_by_card() -> None:
    # Police Station: "No Mob War may be declared on sites adjacent to this one": not by a red card either.
    state = city_with(2, {0: "Police Station", CENTRE: "Mob War"})
    put(state, 1, 1, standing=1)
    put(state, 1, 0, standing=1)
    put(state, 8, 1, standing=1)
    put(state, 8, 0, standing=1)
    take_action(state, CENTRE, 1)
    assert state.legal_actions() == [SITE0 + 8]


def test_moving_mobsters_onto_a_closed_site() -> None:
    # "No Mobster may be deployed onto this site (card effects may still move Mobsters here)."
    state = city_with(2, {0: "Police Station", CENTRE: "Bus Depot"})
    put(state, 8, 0, standing=2)
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 8)
    assert SITE0 + 0 in state.legal_actions()
    pick(state, SITE0 + 0)
    assert units(state, 0)[0] == (2, 0)
    assert controller(state, 0) == 0


# ---- site placement and the Hired Muscle card ----------------------------------------------------


def test_swapping_sites_carries_the_pink_with_its_card() -> None:
    # Real Estate Office: "Swap the places of any two sites in the city. Mobsters travel with their
    # cards." The Hired Muscle card is a site like any other; the pink mobster on it travels too.
    state = city_with(2, {CENTRE: "Real Estate Office", 8: "The Hitman"})
    take_action(state, CENTRE, 1)
    pick(state, SITE0 + 8, SITE0 + 0)
    assert state.faces[state.city[0]].name == "The Hitman"
    assert (state.m_home, state.m_where, state.m_owner) == (0, 0, NEUTRAL)
    assert parties(state, 0) == [4]


def test_flip_never_turns_a_hired_muscle_card_over() -> None:
    # C8: "Flip and replace never turn a Hired Muscle card away nor bring one in". Arson Job's neighbours:
    # the Hitman card (away) and Lookout Post (the Loner on its back: in).
    state = city_with(2, {CENTRE: "Arson Job", 1: "The Hitman", 3: "Lookout Post"})
    take_action(state, CENTRE, 1)
    assert sorted(a - SITE0 for a in state.legal_actions()) == [5, 7]


def test_replace_never_deals_a_hired_muscle_card() -> None:
    # C8: a card dealt by Wrecking Crew with a Hired Muscle face up is turned over.
    for seed in range(30):
        state = new_state(2, seed)
        set_city(state, [None, None, None, None, "Wrecking Crew", None, None, None, None])
        take_action(state, CENTRE, 1)
        pick(state, SITE0 + 0)
        assert state.faces[state.city[0]].colour != "pink"
        assert state.muscle == -1


def test_replace_never_takes_a_card_with_a_hired_muscle_face() -> None:
    # C8: "`flip` and `replace` never choose a card with a pink face on either side". Wrecking Crew ("Put
    # the card of any one site away") skips the Hitman card and Lookout Post (the Loner on its back).
    state = city_with(2, {CENTRE: "Wrecking Crew", 7: "Lookout Post", 2: "The Hitman"})
    take_action(state, CENTRE, 1)
    assert sorted(a - SITE0 for a in state.legal_actions()) == [0, 1, 3, 4, 5, 6, 8]
