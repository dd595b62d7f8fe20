"""Helpers for the Protection Racket rules tests: build positions directly and drive them.

A position is made with `new_state` (a real game; seat 0 starts), `set_city` (the city shows exactly
the named faces, nothing on it, every hideout full, seat 0 to deploy) and then `put`, `muscle_to`,
`set_hideouts` ... to place what the test needs. Everything else goes through `state.apply`.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from gangland.games.protection_racket import GAME
from gangland.games.protection_racket.actions import PASS, deploy_action
from gangland.games.protection_racket.city import city_rules, pink_sites, place_muscle
from gangland.games.protection_racket.mobsters import MOBSTERS
from gangland.games.protection_racket.phases import DEPLOY, OVER, PICK
from gangland.games.protection_racket.sites import Face
from gangland.games.protection_racket.state import ProtectionRacketState

FILLERS = ("Mass Move", "Fair Exchange", "Bus Depot", "Streetcar Line", "Rumrunner's Boat",
           "Delivery Truck", "Dearborn Station", "Back Alleys", "Drawbridge", "Bail Bondsman",
           "Crooked Judge", "Jailbreak", "Safe House", "Whack-a-mole")
"""Faces of fourteen different cards (the nine light green cards, then white ones): no revenue, no aura,
nothing passive. They fill the sites a test does not care about; their actions are only offered to a
turn player who deploys onto them and controls them."""


def new_state(players: int = 2, seed: int = 1, **options: Any) -> ProtectionRacketState:
    """A new game; seat 0 starts round one unless told otherwise."""
    options.setdefault("first_seat", "seat0")
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, ProtectionRacketState)
    return state


def face(state: ProtectionRacketState, name: str) -> Face:
    """The face with this name."""
    for f in state.faces:
        if f.name == name:
            return f
    raise AssertionError(f"no face named {name!r}")


def fillers(state: ProtectionRacketState, count: int, avoid: list[str]) -> list[str]:
    """`count` filler face names on cards that none of `avoid` is on."""
    taken = {face(state, n).id // 2 for n in avoid}
    names = [n for n in FILLERS if face(state, n).id // 2 not in taken]
    assert len(names) >= count
    return names[:count]


def set_city(state: ProtectionRacketState, names: list[str | None], *, seat: int = 0) -> None:
    """The city shows exactly these faces (None: a filler), row by row; nothing is on it; every seat has
    its five mobsters in its hideout and $ unchanged; the Hired Muscle is on its card when a pink face
    is in the city (else out of the game); `seat` is to deploy.

    Cards keep their count: the old city's cards go to the set-aside piles, the new city's cards leave
    whatever pile held them.
    """
    size = state.columns * state.rows
    assert len(names) == size, f"a city of {size} sites"
    chosen = [n for n in names if n is not None]
    filled = iter(fillers(state, size - len(chosen), chosen))
    full = [n if n is not None else next(filled) for n in names]
    ids = [face(state, n).id for n in full]
    cards = [i // 2 for i in ids]
    assert len(set(cards)) == size, f"two faces of one card in {full}"
    for old in state.city:
        state.used[state.faces[old].deck - 1].append(old // 2)
    for pile in (*state.draw, *state.used):
        pile[:] = [c for c in pile if c not in cards]
    state.city = ids
    n = state.players
    state.stand = [[0] * n for _ in range(size)]
    state.lie = [[0] * n for _ in range(size)]
    state.hideout = [MOBSTERS] * n
    state.supply = [0] * n
    assert len(pink_sites(state)) <= 1, "never two Hired Muscle cards in a city"
    place_muscle(state)
    city_rules(state)
    state.agenda = []
    state.picks = []
    state.deployed = 0
    state.war_site = state.effect_site = -1
    state.events = []
    to_move(state, seat)


def to_move(state: ProtectionRacketState, seat: int) -> None:
    """`seat` is to deploy (its turn starts now)."""
    state.actor = state.turn_player = seat
    state.phase = DEPLOY
    state.deployed = 0
    state._legal = None


def put(state: ProtectionRacketState, site: int, seat: int, standing: int = 0, lying: int = 0) -> None:
    """Move mobsters of `seat` from its hideout onto `site` (standing and lying)."""
    assert state.hideout[seat] >= standing + lying, "not enough mobsters in the hideout"
    state.hideout[seat] -= standing + lying
    state.stand[site][seat] += standing
    state.lie[site][seat] += lying
    state._legal = None


def to_supply(state: ProtectionRacketState, seat: int, count: int) -> None:
    """Move mobsters of `seat` from its hideout to the supply."""
    assert state.hideout[seat] >= count
    state.hideout[seat] -= count
    state.supply[seat] += count
    state._legal = None


def set_hideouts(state: ProtectionRacketState, counts: list[int]) -> None:
    """Each seat keeps exactly this many mobsters in its hideout; the rest go to the supply."""
    for seat, count in enumerate(counts):
        extra = state.hideout[seat] - count
        assert extra >= 0, "only lowers a hideout"
        to_supply(state, seat, extra)


def muscle_to(state: ProtectionRacketState, owner: int, where: int, lying: bool = False) -> None:
    """The Hired Muscle (which must be in the city) joins `owner`'s gang (NEUTRAL: nobody's) and is at
    `where` (a site, HIDEOUT, or NOWHERE)."""
    assert state.muscle >= 0, "no Hired Muscle card in the city"
    state.m_owner, state.m_where, state.m_lying = owner, where, lying
    state._legal = None


def site_of(state: ProtectionRacketState, name: str) -> int:
    """The site showing this face."""
    return state.city.index(face(state, name).id)


def play(state: ProtectionRacketState, *actions: int) -> None:
    for action in actions:
        state.apply(action)


def deploy(state: ProtectionRacketState, site: int, regulars: int, muscle: int = 0) -> None:
    state.apply(deploy_action(site, regulars, muscle))


def units(state: ProtectionRacketState, site: int) -> list[tuple[int, int]]:
    """(standing, lying) of each seat on a site, the Hired Muscle apart."""
    return [(state.stand[site][g], state.lie[site][g]) for g in range(state.players)]


def everyone(state: ProtectionRacketState, seat: int) -> int:
    """All of a seat's regular mobsters: hideout, supply and on the sites (always five)."""
    return (state.hideout[seat] + state.supply[seat]
            + sum(state.stand[t][seat] + state.lie[t][seat] for t in range(len(state.city))))


def snapshot(state: ProtectionRacketState) -> tuple[Any, ...]:
    """Every slot but the legal-action cache and each seat's view."""
    fields = {name: copy.deepcopy(getattr(state, name))
              for name in ProtectionRacketState.__slots__ if name != "_legal"}
    views = [state.view(s) for s in [None, *range(state.players)]]
    return fields, views


def random_playout(state: ProtectionRacketState, rng: random.Random, limit: int = 5000) -> int:
    """Random legal actions until the game ends; every position reached offers some action. Returns the
    number of actions taken."""
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        state.apply(rng.choice(legal))
        steps += 1
        assert steps < limit
    return steps


def pass_all(state: ProtectionRacketState) -> None:
    """Say no to every question (no war, no action, the Hired Gun stays, stay lying) until a seat is
    to deploy or the game is over."""
    while state.phase not in (DEPLOY, OVER):
        assert state.phase != PICK, "pass_all does not make picks"
        state.apply(PASS)


def city_with(players: int, placed: dict[int, str], seat: int = 0) -> ProtectionRacketState:
    """A new game whose city shows these faces at these sites (faces without revenue elsewhere)."""
    state = new_state(players)
    names: list[str | None] = [None] * (state.columns * state.rows)
    for site, name in placed.items():
        names[site] = name
    set_city(state, names, seat=seat)
    return state
