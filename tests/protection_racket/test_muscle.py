"""Protection Racket: the Hired Muscle (the pink mobster) - recruiting it, deploying it, and the special
rules of the Loner, the Accountant, the Hitman, the Cleaner, the Hired Gun and the Survivor.

Each test quotes its passage of protection-racket.txt (section "Hired Muscle - Pink Mobster" unless said
otherwise) or names the engine's decision (C-numbers in state.py). The 3 x 3 city of two players:

    0 1 2
    3 4 5
    6 7 8

The Hired Muscle card is at site 8 unless said otherwise.
"""

from __future__ import annotations

import pytest

from gangland.games.protection_racket.actions import PASS, SITE0, YES, deploy_action
from gangland.games.protection_racket.control import controller, parties, strength
from gangland.games.protection_racket.mobsters import HIDEOUT, NEUTRAL, PINK
from gangland.games.protection_racket.phases import ACTION, DEPLOY, HIRED_GUN, PICK, STAND, WAR_OFFER
from gangland.games.protection_racket.sites import MUSCLE_NAMES
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import (
    city_with,
    deploy,
    muscle_to,
    pass_all,
    put,
    set_hideouts,
    to_move,
    units,
)

HOME = 8
CENTRE = 4


def muscle_city(muscle: str, placed: dict[int, str] | None = None, players: int = 2,
                seat: int = 0) -> ProtectionRacketState:
    """A new game whose city has the named Hired Muscle card at site 8 (and these faces at these sites,
    fillers without revenue elsewhere); the pink mobster is on its card."""
    state = city_with(players, {HOME: muscle, **(placed or {})}, seat=seat)
    assert (state.m_owner, state.m_where, state.m_home) == (NEUTRAL, HOME, HOME)
    return state


def last_deploy_revenue(state: ProtectionRacketState, site: int, regulars: int, muscle: int = 0) -> list[int]:
    """The actor deploys its last mobsters onto `site`; the round ends: what the revenue step paid."""
    seat = state.actor
    set_hideouts(state, [regulars if s == seat else 0 for s in range(state.players)])
    before = state.money[:]
    deploy(state, site, regulars, muscle)
    pass_all(state)
    assert state.round == 1
    return [m - b for m, b in zip(state.money, before, strict=True)]


def deploys_onto(state: ProtectionRacketState, site: int) -> list[int]:
    """The legal deploy actions onto `site`."""
    return [a for a in state.legal_actions() if deploy_action(site, 0, 0) <= a <= deploy_action(site, 5, 1)]


# ---- recruiting ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("muscle", MUSCLE_NAMES)
def test_recruiting_is_the_controllers_action(muscle: str) -> None:
    # "The Hired Muscle mobster starts deployed on that card. If you control the recruiting site ... the
    # pink meeple is moved to your hideout ... The Hired Muscle becomes a member of your gang"; sites.toml:
    # "Recruit the Hired Muscle: ..."
    state = muscle_city(muscle)
    deploy(state, HOME, 2)
    assert state.phase == WAR_OFFER, "the pink mobster is a rival on its card"
    state.apply(PASS)
    assert controller(state, HOME) == 0  # 2 against the pink's 1
    assert (state.phase, state.actor) == (ACTION, 0)
    state.apply(YES)
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)
    assert f"⟨s0⟩ recruits {muscle} into its hideout" in state.events
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_recruit_may_be_declined() -> None:
    # protection-racket.txt: "If you control the site then you may take the action printed on the card."
    state = muscle_city("The Accountant")
    deploy(state, HOME, 2)
    state.apply(PASS)
    state.apply(PASS)
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_neutral_pink_counts_as_one_mobster_for_control() -> None:
    # "Pink Mobster starts deployed on Hired Muscle card" (the setup picture): a deployed mobster, so one
    # mobster is not "more Mobsters on the site than any other player" (C9, C24: the neutral pink counts 1).
    state = muscle_city("The Accountant")
    deploy(state, HOME, 1)
    state.apply(PASS)
    assert controller(state, HOME) == -1
    assert (state.phase, state.actor) == (DEPLOY, 1), "no recruit without control"
    assert strength(state, HOME, PINK) == 1


def test_a_war_on_the_card_sends_the_pink_to_the_winners_hideout() -> None:
    # "If you control the recruiting site after a Mob War then the pink meeple is moved to your hideout
    # rather than the supply."
    state = muscle_city("The Hitman")
    deploy(state, HOME, 2)
    state.apply(YES)
    assert units(state, HOME) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)
    assert state.supply == [1, 0]
    assert (state.phase, state.actor) == (DEPLOY, 1), "already recruited: no action left to take"


def test_the_pink_joins_whoever_controls_the_card_after_the_war() -> None:
    # "If you control the recruiting site after a Mob War": whoever controls it then, not the seat that
    # declared the war (C9).
    state = muscle_city("The Hitman")
    put(state, HOME, 1, standing=2)
    deploy(state, HOME, 1)
    state.apply(YES)
    assert units(state, HOME) == [(0, 0), (1, 0)]
    assert (state.m_owner, state.m_where) == (1, HIDEOUT)
    assert (state.phase, state.actor) == (DEPLOY, 1)
    assert deploy_action(0, 0, 1) in state.legal_actions()


def test_with_nobody_in_control_the_pink_stays_on_its_card() -> None:
    # "If the Hired Muscle is removed in a Mob War then it is returned to the site from where it can be
    # recruited again." (the unrecruited pink: C9)
    state = muscle_city("The Loner")
    deploy(state, HOME, 1)
    state.apply(YES)
    assert units(state, HOME) == [(0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)
    assert "The Loner returns to The Loner (C3)" in state.events
    # it can be recruited again
    to_move(state, 0)
    deploy(state, HOME, 2)
    state.apply(PASS)
    state.apply(YES)
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)


# ---- deploying with the Hired Muscle ----------------------------------------------------------------


def test_deploying_with_the_hired_muscle() -> None:
    # "The Hired Muscle becomes a member of your gang"; "deploy any number of Mobsters. Place one or more
    # Mobsters on to a single site": with the pink or without it, or the pink alone.
    state = muscle_city("The Accountant", {2: "Growing the Gang"})
    muscle_to(state, 0, HIDEOUT)
    legal = state.legal_actions()
    assert legal == [deploy_action(t, n, m) for t in range(9) for n in range(6) for m in (0, 1) if n + m]
    deploy(state, 2, 2, 1)
    assert units(state, 2)[0] == (2, 0)
    assert state.m_where == 2 and state.hideout[0] == 3
    assert strength(state, 2, 0) == 3
    state.apply(YES)
    assert state.money[0] == 1 + 3, "Growing the Gang: $1 for each Mobster deployed, the pink too"


def test_deploying_the_hired_muscle_alone() -> None:
    state = muscle_city("The Hitman")
    muscle_to(state, 0, HIDEOUT)
    deploy(state, 0, 0, 1)
    assert state.m_where == 0 and state.hideout[0] == 5
    assert controller(state, 0) == 0


def test_a_hideout_with_only_the_hired_muscle_still_has_a_turn() -> None:
    # protection-racket.txt: "If a player is unable to deploy a Mobster their turn is skipped": the pink
    # in the hideout can be deployed.
    state = muscle_city("The Survivor")
    muscle_to(state, 0, HIDEOUT)
    set_hideouts(state, [0, 2])
    to_move(state, 1)
    deploy(state, 0, 1)
    pass_all(state)
    assert state.actor == 0
    assert state.legal_actions() == [deploy_action(t, 0, 1) for t in range(9)]


def test_the_hired_muscle_fights_alongside_its_gang() -> None:
    # "counts alongside other members when calculating control or during Mob Wars."
    state = muscle_city("The Accountant")
    muscle_to(state, 1, 0)
    put(state, 0, 1, standing=1)
    deploy(state, 0, 2)
    assert controller(state, 0) == -1  # 2 against 1 + the Accountant
    state.apply(YES)
    # round 1: 2-1 and the regular; round 2: 1-1 and the Accountant
    assert units(state, 0) == [(0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)


# ---- the Loner --------------------------------------------------------------------------------------


def test_nobody_deploys_onto_the_loners_site() -> None:
    # "The Loner - no further Mobsters of any colour can be deployed directly to a site upon which the
    # Loner has been deployed."
    state = muscle_city("The Loner")
    muscle_to(state, 0, HIDEOUT)
    assert deploy_action(2, 2, 1) in state.legal_actions(), "the Loner may come with company"
    deploy(state, 2, 2, 1)
    pass_all(state)
    assert state.actor == 1
    assert deploys_onto(state, 2) == []
    assert deploys_onto(state, 1)
    deploy(state, 1, 1)
    pass_all(state)
    assert deploys_onto(state, 2) == [], "its owner neither"


def test_mobsters_may_be_moved_to_the_loners_site() -> None:
    # "Other card affects may allow Mobsters to be moved to this site."
    state = muscle_city("The Loner", {CENTRE: "Bus Depot"})
    muscle_to(state, 1, 2)
    put(state, 0, 0, standing=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    state.apply(SITE0 + 0)
    assert SITE0 + 2 in state.legal_actions()
    state.apply(SITE0 + 2)
    assert units(state, 2)[0] == (2, 0)
    assert state.m_where == 2


# ---- the Accountant -----------------------------------------------------------------------------------


def test_the_accountant_alone_doubles_the_revenue() -> None:
    # "The Accountant - if the Accountant controls any site alone, then any revenue earned from that site
    # is doubled."
    state = muscle_city("The Accountant", {0: "Gambling Den"})
    muscle_to(state, 0, HIDEOUT)
    assert last_deploy_revenue(state, 0, 0, 1) == [12, 0]


def test_the_accountant_doubles_aura_and_bonus_too() -> None:
    # "any revenue earned from that site is doubled": Central Park's $2 on a $6 site, then doubled.
    state = muscle_city("The Accountant", {0: "Gambling Den", 1: "Central Park"})
    muscle_to(state, 0, HIDEOUT)
    assert last_deploy_revenue(state, 0, 0, 1) == [16, 0]


def test_the_accountant_with_company_does_not_double() -> None:
    # "controls any site *alone*"
    state = muscle_city("The Accountant", {0: "Gambling Den"})
    muscle_to(state, 0, HIDEOUT)
    assert last_deploy_revenue(state, 0, 1, 1) == [6, 0]


def test_the_accountant_on_its_own_card_doubles_its_two_dollars() -> None:
    # The setup picture: "The Accountant $ 2"; recruited and deployed back alone on its card.
    state = muscle_city("The Accountant")
    muscle_to(state, 0, HIDEOUT)
    assert last_deploy_revenue(state, HOME, 0, 1) == [4, 0]


def test_the_unrecruited_accountant_pays_nobody() -> None:
    # "special rules ... do not come into play until the pink meeple has joined a gang"; the pink on its
    # card controls it (1 against nobody) and is no player.
    state = muscle_city("The Accountant", {0: "Gambling Den"})
    assert controller(state, HOME) == PINK
    assert last_deploy_revenue(state, 0, 1) == [6, 0]


def test_a_lying_accountant_controls_nothing() -> None:
    # glossary: lying mobsters "do not count towards control of a site and cannot collect revenue"
    state = muscle_city("The Accountant", {0: "Gambling Den", 3: "Cemetery"})
    muscle_to(state, 0, HIDEOUT)
    assert last_deploy_revenue(state, 0, 0, 1) == [0, 0]
    assert state.events[0].endswith("(they lie down)")


# ---- the Hitman -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("muscle", ["The Hitman", "The Cleaner"])
def test_hitman_and_cleaner_count_for_two(muscle: str) -> None:
    # "The Hitman - the Hitman counts for 2 Mobsters when assessing control of a site."; "The Cleaner -
    # the Cleaner counts for 2 Mobsters (as above)"
    state = muscle_city(muscle)
    muscle_to(state, 0, 0)
    for rivals, holder in ((1, 0), (2, -1), (3, 1)):
        state.stand[0][1] = rivals
        assert controller(state, 0) == holder
        assert strength(state, 0, 0) == 2


@pytest.mark.parametrize("muscle", ["The Hitman", "The Cleaner"])
def test_unrecruited_hitman_and_cleaner_count_for_one(muscle: str) -> None:
    # "Each Hired Muscle has special rules detailed on the card, which do not come into play until the
    # pink meeple has joined a gang"
    state = muscle_city(muscle)
    deploy(state, HOME, 2)
    state.apply(PASS)
    assert controller(state, HOME) == 0
    assert state.phase == ACTION


def test_the_hitman_makes_every_rival_lose_one_before_the_war() -> None:
    # "If a Mob War is declared on a site where the Hitman is deployed, all players with the exception of
    # the player controlling the Hitman must remove one Mobster before the Mob War begins."
    state = muscle_city("The Hitman", players=3)
    # the 4 x 3 city: the Hitman card is at 8 here too; site 5 has neighbours 1, 4, 6, 9
    muscle_to(state, 0, 5)
    put(state, 5, 1, standing=1)
    put(state, 5, 2, standing=2)
    deploy(state, 5, 1)
    state.apply(YES)
    assert "The Hitman: every rival loses a mobster before the war" in state.events
    # before: seat 1 0, seat 2 1; round 1: seat 0 loses its regular (C10), seat 2 its last
    assert units(state, 5) == [(0, 0), (0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, 5)
    assert state.supply == [1, 1, 2]
    assert controller(state, 5) == 0


def test_the_hitman_rule_holds_when_a_rival_declares_the_war() -> None:
    # "If a Mob War is declared on a site where the Hitman is deployed" - by anybody.
    state = muscle_city("The Hitman")
    muscle_to(state, 1, 0)
    put(state, 0, 1, standing=1)
    deploy(state, 0, 3)
    state.apply(YES)
    # before: seat 0 3 -> 2; round 1: 2 -> 1, seat 1 loses its regular; round 2: 1 -> 0, the Hitman
    assert units(state, 0) == [(0, 0), (0, 0)]
    assert state.supply == [3, 1]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME), "the Hitman returns to its card"


def test_the_unrecruited_hitman_has_no_such_rule() -> None:
    # "which do not come into play until the pink meeple has joined a gang" (C12)
    state = muscle_city("The Hitman")
    put(state, HOME, 1, standing=1)
    deploy(state, HOME, 2)
    state.apply(YES)
    assert not any("before the war" in e for e in state.events)
    assert state.supply == [1, 1]
    assert units(state, HOME) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)


# ---- the Cleaner ----------------------------------------------------------------------------------------


def test_the_cleaner_is_deployed_alone() -> None:
    # "The Cleaner - ... always works alone. You may not deploy the Cleaner with any other Mobsters in
    # your gang"
    state = muscle_city("The Cleaner")
    muscle_to(state, 0, HIDEOUT)
    put(state, 0, 0, standing=1)  # its own mobsters on site 0
    put(state, 1, 1, standing=2)  # a rival's on site 1
    legal = state.legal_actions()
    with_cleaner = [a for a in legal if a % 2 == 1]
    assert with_cleaner == [deploy_action(t, 0, 1) for t in range(1, 9)]
    assert deploy_action(2, 1, 1) not in legal
    deploy(state, 1, 0, 1)
    assert controller(state, 1) == -1  # 2 against 2
    state.apply(PASS)


def test_nobody_deploys_onto_the_cleaners_site() -> None:
    # "... or deploy Mobsters to a site where the Cleaner is already deployed."
    state = muscle_city("The Cleaner")
    muscle_to(state, 0, 2)
    assert deploys_onto(state, 2) == []
    to_move(state, 1)
    assert deploys_onto(state, 2) == []
    assert deploys_onto(state, 1)


def test_mobsters_may_be_moved_to_the_cleaners_site() -> None:
    # "Other card affects may allow Mobsters to be moved to this site."
    state = muscle_city("The Cleaner", {CENTRE: "Bus Depot"})
    muscle_to(state, 0, 2)
    put(state, 0, 0, standing=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    state.apply(SITE0 + 0)
    state.apply(SITE0 + 2)
    assert units(state, 2)[0] == (2, 0)
    assert strength(state, 2, 0) == 4


def test_the_unrecruited_cleaner_does_not_block_its_card() -> None:
    # "which do not come into play until the pink meeple has joined a gang"
    state = muscle_city("The Cleaner")
    assert deploys_onto(state, HOME) == [deploy_action(HOME, n, 0) for n in range(1, 6)]


def test_the_unrecruited_loner_does_not_block_its_card() -> None:
    state = muscle_city("The Loner")
    assert deploys_onto(state, HOME) == [deploy_action(HOME, n, 0) for n in range(1, 6)]


# ---- the Hired Gun ------------------------------------------------------------------------------------


def hired_gun_war(at: int, seat1_at_war: int = 1) -> ProtectionRacketState:
    """Seat 1's Hired Gun at `at`, seat 1 with mobsters on the centre; seat 0 deploys 2 there and declares
    a war."""
    state = muscle_city("The Hired Gun")
    muscle_to(state, 1, at)
    put(state, CENTRE, 1, standing=seat1_at_war)
    deploy(state, CENTRE, 2)
    state.apply(YES)
    return state


def test_the_hired_gun_may_stay_in_the_war() -> None:
    # "The Hired Gun - when a Mob War is declared the Hired Gun may move to the Mob War from an adjacent
    # site or from the Mob War to an adjacent site." (its owner is asked: C11)
    state = hired_gun_war(CENTRE)
    assert (state.phase, state.actor, state.war_site) == (HIRED_GUN, 1, CENTRE)
    assert state.legal_actions() == [PASS] + [SITE0 + t for t in (1, 3, 5, 7)]
    state.apply(PASS)
    # round 1: 2-1, seat 1's regular; round 2: 1-1, the Hired Gun
    assert units(state, CENTRE) == [(0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_hired_gun_may_leave_the_war() -> None:
    state = hired_gun_war(CENTRE)
    state.apply(SITE0 + 5)
    assert (state.m_owner, state.m_where) == (1, 5)
    assert units(state, CENTRE) == [(1, 0), (0, 0)]
    assert state.supply == [1, 1]
    assert (state.phase, state.actor) == (ACTION, 0), "seat 0 won on its own turn: its action follows"


def test_the_hired_gun_may_join_the_war_from_next_door() -> None:
    state = hired_gun_war(5)
    assert (state.phase, state.actor) == (HIRED_GUN, 1)
    assert state.legal_actions() == [PASS, SITE0 + CENTRE]
    state.apply(SITE0 + CENTRE)
    assert units(state, CENTRE) == [(0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)


def test_the_hired_gun_may_stay_out_of_the_war() -> None:
    state = hired_gun_war(5)
    state.apply(PASS)
    assert units(state, CENTRE) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (1, 5)


@pytest.mark.parametrize("where", [0, HIDEOUT])
def test_the_hired_gun_far_from_the_war_is_not_asked(where: int) -> None:
    # "from an adjacent site": site 0 is diagonal to the centre; in the hideout it is on no site.
    state = hired_gun_war(where)
    assert state.phase != HIRED_GUN
    assert units(state, CENTRE) == [(1, 0), (0, 0)]


def test_the_unrecruited_hired_gun_is_not_asked() -> None:
    # "which do not come into play until the pink meeple has joined a gang"; site 5 is next to its card.
    state = muscle_city("The Hired Gun")
    put(state, 5, 1, standing=1)
    deploy(state, 5, 2)
    state.apply(YES)
    assert state.phase != HIRED_GUN
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)


def test_the_hired_gun_answers_a_war_started_by_a_card() -> None:
    # "when a Mob War is declared" - by a red card too (Mob War: "Start a war on any site").
    state = muscle_city("The Hired Gun", {CENTRE: "Mob War"})
    muscle_to(state, 1, 2)
    put(state, 1, 1, standing=1)
    put(state, 1, 0, standing=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    state.apply(SITE0 + 1)
    assert (state.phase, state.actor, state.legal_actions()) == (HIRED_GUN, 1, [PASS, SITE0 + 1])
    state.apply(SITE0 + 1)
    assert units(state, 1) == [(0, 0), (0, 0)]


# ---- the Survivor -------------------------------------------------------------------------------------


def test_the_survivor_returns_after_the_war() -> None:
    # "The Survivor - if a Mob War includes the Survivor and it is removed, then the Survivor is
    # immediately returned to the site, after the Mob War."
    state = muscle_city("The Survivor")
    muscle_to(state, 1, 0)
    deploy(state, 0, 2)
    state.apply(YES)
    assert "The Survivor returns to Mass Move (A1)" in state.events
    assert (state.m_owner, state.m_where, state.m_lying) == (1, 0, False)
    assert units(state, 0) == [(1, 0), (0, 0)]
    assert controller(state, 0) == -1
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_survivor_returns_to_hold_the_site() -> None:
    state = muscle_city("The Survivor")
    muscle_to(state, 1, 0)
    put(state, 0, 1, standing=1)
    deploy(state, 0, 2)
    state.apply(YES)
    assert units(state, 0) == [(0, 0), (0, 0)]
    assert state.m_where == 0
    assert controller(state, 0) == 1


def test_the_unrecruited_survivor_does_not_come_back() -> None:
    # "which do not come into play until the pink meeple has joined a gang"
    state = muscle_city("The Survivor")
    deploy(state, HOME, 2)
    state.apply(YES)
    # round 1: 2-1 and the pink; the pink joins the winner rather than coming back onto the card
    assert units(state, HOME) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)
    assert parties(state, HOME) == [0]


# ---- the Hired Muscle removed ---------------------------------------------------------------------------


@pytest.mark.parametrize("muscle", ["The Loner", "The Accountant", "The Cleaner", "The Hired Gun"])
def test_a_hired_muscle_removed_in_a_war_returns_to_its_card(muscle: str) -> None:
    # "If the Hired Muscle is removed in a Mob War then it is returned to the site from where it can be
    # recruited again." The war is started by the Mob War card (the Loner's and the Cleaner's site takes
    # no deploys).
    state = muscle_city(muscle, {CENTRE: "Mob War"})
    muscle_to(state, 1, 0)
    put(state, 0, 1, standing=1)
    put(state, 0, 0, standing=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    state.apply(SITE0 + 0)
    if state.phase == HIRED_GUN:
        state.apply(PASS)
    # round 1: 2-1, seat 1's regular; round 2: 1-1, the Hired Muscle
    assert units(state, 0) == [(0, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (NEUTRAL, HOME)
    assert f"{muscle} returns to {muscle} (C3)" in state.events
    # recruited again
    to_move(state, 1)
    deploy(state, HOME, 2)
    state.apply(PASS)
    state.apply(YES)
    assert (state.m_owner, state.m_where) == (1, HIDEOUT)


def test_a_hired_muscle_removed_on_its_own_card_joins_the_winner() -> None:
    # "If you control the recruiting site after a Mob War then the pink meeple is moved to your hideout"
    state = muscle_city("The Hitman")
    muscle_to(state, 1, HOME)
    deploy(state, HOME, 3)
    state.apply(YES)
    # before the war seat 0 loses one (the Hitman's rule); round 1: 2-1 and the Hitman
    assert units(state, HOME) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)


def test_a_removed_hired_muscle_leaves_no_lying_state() -> None:
    # The Hired Muscle lying next to a Cemetery, removed by Whack-a-mole ("Return any Mobster to the
    # supply"): back on its card, standing, nobody's (C10).
    state = muscle_city("The Accountant", {CENTRE: "Whack-a-mole", 0: "Cemetery"})
    muscle_to(state, 1, 1, lying=True)
    deploy(state, CENTRE, 1)
    assert state.phase == ACTION
    state.apply(YES)
    state.apply(SITE0 + 1)
    assert state.phase == PICK
    state.apply(state.legal_actions()[0])
    assert (state.m_owner, state.m_where, state.m_lying) == (NEUTRAL, HOME, False)


def test_stand_up_after_a_war_includes_the_lying_hired_muscle() -> None:
    # glossary: lying mobsters "may be stood up at the end of a Mob War that they are involved in".
    state = muscle_city("The Accountant", {3: "Cemetery"})
    muscle_to(state, 1, 0, lying=True)
    put(state, 0, 1, lying=1)
    deploy(state, 0, 1)
    assert units(state, 0)[0] == (0, 1), "deployed next to the Cemetery: lying"
    state.apply(YES)
    # round 1: seat 0's only mobster; seat 1 a lying regular first (C10): the Accountant is left lying
    assert (state.phase, state.actor) == (STAND, 1)
    state.apply(YES)
    assert not state.m_lying
    assert controller(state, 0) == 1


# ---- standing up when the Hired Muscle comes back after the war ----------------------------------------


def test_the_winner_lying_on_the_hired_muscle_card_may_stand_up_and_recruit() -> None:
    # glossary: lying mobsters "participate in Mob Wars as normal and may be stood up at the end of a Mob
    # War that they are involved in"; C16: "after a war, if exactly one seat is left on the site and it has
    # lying mobsters there ... that seat (whoever's turn it is) chooses"; "If you control the recruiting
    # site after a Mob War then the pink meeple is moved to your hideout" (C9). Seat 0's lying mobsters
    # win the war on the Hitman card (the pink and seat 1's mobster are removed): seat 0 is the one seat
    # left, so it may stand its last one up, and then controls the card.
    state = muscle_city("The Hitman")
    put(state, HOME, 0, lying=2)
    to_move(state, 1)
    deploy(state, HOME, 1)
    state.apply(YES)
    assert units(state, HOME) == [(0, 1), (0, 0)]
    assert (state.phase, state.actor) == (STAND, 0), "the winner is asked to stand up"
    state.apply(YES)
    assert units(state, HOME) == [(1, 0), (0, 0)]
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)


def test_the_war_winner_may_stand_up_when_the_survivor_comes_back() -> None:
    # Glossary: lying Mobsters "may be stood up at the end of a Mob War that they are involved in"; The
    # Survivor: "if it is removed, then the Survivor is immediately returned to the site, after the Mob
    # War" (C16, C29: the seat the war left is asked, though the Survivor is back beside it).
    state = muscle_city("The Survivor")
    muscle_to(state, 1, 0)
    put(state, 0, 0, lying=2)
    deploy(state, 0, 1)
    state.apply(YES)
    # round 1: seat 0 loses a lying mobster (C10), seat 1 the Survivor; the Survivor comes back
    assert units(state, 0) == [(1, 1), (0, 0)]
    assert state.m_where == 0
    assert controller(state, 0) == -1  # one standing mobster against the Survivor
    assert (state.phase, state.actor) == (STAND, 0)
    state.apply(YES)
    assert units(state, 0) == [(2, 0), (0, 0)]
    assert controller(state, 0) == 0


def test_no_stand_up_when_the_hired_gun_leaves_and_no_war_is_fought() -> None:
    # C11: "If fewer than two parties are then left, no war is fought."; C16: "after a war, if exactly
    # one seat is left on the site and it has lying mobsters there ... that seat chooses". The Hired Gun,
    # seat 1's only unit in the war, leaves it: no war, so seat 0's lying mobsters are not offered to
    # stand up (the war step is over; seat 0's action comes next).
    state = muscle_city("The Hired Gun", {CENTRE: "Gambling Den"})
    muscle_to(state, 1, CENTRE)
    put(state, CENTRE, 0, lying=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    assert (state.phase, state.actor) == (HIRED_GUN, 1)
    state.apply(SITE0 + 1)
    assert any(e.startswith("no war on") for e in state.events)
    assert units(state, CENTRE) == [(1, 2), (0, 0)]
    assert state.phase != STAND, "no war was fought: nothing to stand up after"
    assert (state.phase, state.actor) == (DEPLOY, 1)


@pytest.mark.parametrize("case", ["the Survivor comes back", "the pink comes back"])
def test_the_war_report_says_who_is_left(case: str) -> None:
    # The war's event names who is left on the site: not "nobody" while seat 0's mobster is still there
    # (with the returning Survivor; or lying, with the pink back on its card).
    if case == "the Survivor comes back":
        state = muscle_city("The Survivor")
        muscle_to(state, 1, 0)
        deploy(state, 0, 2)
        state.apply(YES)
        assert units(state, 0) == [(1, 0), (0, 0)]
    else:
        state = muscle_city("The Hitman")
        put(state, HOME, 0, lying=2)
        to_move(state, 1)
        deploy(state, HOME, 1)
        state.apply(YES)
        assert units(state, HOME) == [(0, 1), (0, 0)]
    report = next(e for e in state.events if e.startswith("Mob War on"))
    assert "nobody is left" not in report, report


def test_a_hired_muscle_joining_the_gang_gives_back_a_turn() -> None:
    # C22: "Mobsters come back to a hideout through ... a Hired Muscle joining the gang; a skipped seat
    # then plays again." Seat 0 (empty hideout) wins the war on the Hitman card on seat 1's turn.
    state = muscle_city("The Hitman")
    put(state, HOME, 0, standing=2)
    set_hideouts(state, [0, 2])
    to_move(state, 1)
    deploy(state, HOME, 1)
    state.apply(YES)
    assert (state.m_owner, state.m_where) == (0, HIDEOUT)
    assert (state.phase, state.actor) == (DEPLOY, 0)
    assert state.legal_actions() == [deploy_action(t, 0, 1) for t in range(9)]


# ---- a lying Hired Muscle is not deployed ------------------------------------------------------------


@pytest.mark.parametrize("muscle", ["The Loner", "The Cleaner"])
def test_a_lying_loner_or_cleaner_does_not_block_its_site(muscle: str) -> None:
    # Glossary: "Lie Down - If a Mobster is lying down then they do not count as being deployed"; the Loner
    # and the Cleaner block "a site upon which the Loner has been deployed" / "where the Cleaner is already
    # deployed" (C15).
    state = muscle_city(muscle)
    muscle_to(state, 1, 2)
    assert deploys_onto(state, 2) == []
    muscle_to(state, 1, 2, lying=True)
    assert deploy_action(2, 1, 0) in deploys_onto(state, 2)


def test_a_lying_hitman_makes_nobody_lose_a_mobster_before_the_war() -> None:
    # "If a Mob War is declared on a site where the Hitman is deployed" - a lying one is not (glossary, C12).
    state = muscle_city("The Hitman")
    muscle_to(state, 0, 5, lying=True)
    put(state, 5, 1, standing=2)
    deploy(state, 5, 1)
    state.apply(YES)
    assert "The Hitman: every rival loses a mobster before the war" not in state.events
    # round 1: seat 0 loses its regular (before its Hired Muscle), seat 1 one; round 2: the Hitman and
    # seat 1's last go
    assert units(state, 5) == [(0, 0), (0, 0)]
    assert state.supply == [1, 2]


def test_a_lying_hired_gun_is_not_asked() -> None:
    # Glossary: lying Mobsters "do not count as being deployed"; "when a Mob War is declared the Hired Gun
    # may move" - a lying one stays where it lies (C11).
    state = muscle_city("The Hired Gun")
    muscle_to(state, 1, 1, lying=True)
    put(state, CENTRE, 1, standing=1)
    deploy(state, CENTRE, 2)
    state.apply(YES)
    assert state.phase != HIRED_GUN
    assert state.m_where == 1
