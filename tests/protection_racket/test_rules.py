"""Protection Racket rules: set-up, the turn (deploy, Mob War, action), control, lying mobsters, the end
of a round and the revenue step, rounds and the end of the game.

Each test quotes its passage of protection-racket.txt (or of the Protection Racket section of
RULES-NOTES.md), or names the engine's decision (C-numbers in state.py) where the rulebook is silent.
Sites are numbered row by row; the 3 x 3 city of two players:

    0 1 2
    3 4 5
    6 7 8
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gangland.engine import IllegalAction, seat_ref
from gangland.games.protection_racket.actions import PASS, SITE0, YES, deploy_action
from gangland.games.protection_racket.city import RECOMMENDED_MAX, one_hired_muscle
from gangland.games.protection_racket.control import controller, parties, site_revenue
from gangland.games.protection_racket.grid import grid_geometry
from gangland.games.protection_racket.mobsters import HIDEOUT, NEUTRAL, NOWHERE
from gangland.games.protection_racket.phases import ACTION, DEPLOY, OVER, STAND, WAR_OFFER
from gangland.games.protection_racket.rounds import MAX_EXTRA_ROUNDS, ROUNDS
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import (
    GAME,
    city_with,
    deploy,
    everyone,
    muscle_to,
    new_state,
    pass_all,
    put,
    set_city,
    set_hideouts,
    snapshot,
    to_move,
    to_supply,
    units,
)

CENTRE = 4




def pinks(state: ProtectionRacketState) -> list[int]:
    return [t for t, f in enumerate(state.city) if state.faces[f].colour == "pink"]


def check_city(state: ProtectionRacketState) -> None:
    """The city of a round: its size, 3 (or 4) cards of each deck, distinct cards, at most one Hired
    Muscle card with the pink mobster on it."""
    n = state.players
    per_deck = 3 if n == 2 else 4
    assert (state.columns, state.rows) == ((3, 3) if n == 2 else (4, 3))
    assert len(state.city) == 3 * per_deck
    assert len({f // 2 for f in state.city}) == len(state.city)
    assert Counter(state.faces[f].deck for f in state.city) == {1: per_deck, 2: per_deck, 3: per_deck}
    pink = pinks(state)
    assert len(pink) <= 1
    if pink:
        assert state.m_home == pink[0]
        assert state.m_owner == NEUTRAL
    else:
        assert state.muscle == -1
        assert state.m_where == state.m_home == NOWHERE


def quiet(state: ProtectionRacketState) -> None:
    """The city of this round shows faces without revenue; the actor keeps the move."""
    set_city(state, [None] * len(state.city), seat=state.actor)


def end_round(state: ProtectionRacketState) -> None:
    """End the round: the actor deploys its last mobster onto a site nobody else is on and declines
    everything; every other hideout is empty."""
    seat = state.actor
    set_hideouts(state, [1 if s == seat else 0 for s in range(state.players)])
    legal = state.legal_actions()
    site = next(t for t in range(len(state.city))
                if not parties(state, t) and deploy_action(t, 1, 0) in legal)
    round_ = state.round
    deploy(state, site, 1)
    pass_all(state)
    assert state.round == round_ + 1 or state.phase == OVER


# ---- set-up ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    # protection-racket.txt: "2 players - 3 cards from each deck, shuffled and arranged in a 3 x 3 grid of
    # 9 cards. 3/4 players - 4 cards from each deck shuffled and arranged in a 4 x 3 grid of 12 cards.";
    # "Each player takes 1 money and 5 Mobsters of one colour."
    for seed in range(300):
        state = new_state(players, seed)
        check_city(state)
        assert state.money == [1] * players
        assert state.hideout == [5] * players
        assert state.supply == [0] * players
        assert all(not any(row) for row in state.stand + state.lie)
        assert state.round == 0
        assert (state.phase, state.actor, state.turn_player, state.first) == (DEPLOY, 0, 0, 0)


def test_the_pink_mobster_starts_on_the_hired_muscle_card() -> None:
    # protection-racket.txt: "If a Hired Muscle (pink) card appears in the city then the single pink
    # Mobster is placed on that card, otherwise it is not used in the game."; "If two Hired Muscle cards
    # are drawn into the city then replace one with another card."
    seen = Counter()
    for players in (2, 3, 4):
        for seed in range(400):
            state = new_state(players, seed)
            pink = pinks(state)
            assert len(pink) <= 1, f"seed {seed}: two Hired Muscle cards"
            seen[len(pink)] += 1
            if pink:
                effect = state.faces[state.city[pink[0]]].effect
                assert effect is not None
                assert state.m_where == state.m_home == pink[0]
                assert state.m_owner == NEUTRAL and not state.m_lying
                assert parties(state, pink[0]) == [4]  # PINK: the neutral pink mobster
            else:
                assert state.m_where == NOWHERE and state.muscle == -1
    assert seen[0] and seen[1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_round_deals_a_proper_city(players: int) -> None:
    # protection-racket.txt: "between rounds the card, should be shuffled and 'flipped' at random"; "a
    # new arrangement of 4x3 (or 3x3 in a 2 player game) city site cards are dealt out from the remaining
    # deck to form a new city"; "If two Hired Muscle cards are drawn into the city then replace one".
    for seed in range(25):
        state = new_state(players, seed)
        rng = random.Random(seed)
        rounds = 0
        while not state.is_over:
            if state.round == rounds:
                check_city(state)
                assert state.hideout == [5] * players
                rounds += 1
            state.apply(rng.choice(state.legal_actions()))
            if not state.is_over:
                assert len(pinks(state)) <= 1
        assert rounds >= ROUNDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_recommended_city_keeps_the_suggested_distribution(players: int) -> None:
    # protection-racket.txt, the table "Recommended 2 player (9 cards) / 3-4 player (12 cards)": red, orange,
    # l. yellow, yellow, l. pink, pink "0 to 1", white "0 to 2"; option city=recommended (C3).
    for seed in range(300):
        state = new_state(players, seed, city="recommended")
        check_city(state)
        counts = Counter(state.faces[f].colour for f in state.city)
        for colour, most in RECOMMENDED_MAX.items():
            assert counts[colour] <= most, f"seed {seed}: {counts[colour]} {colour}"
        # light green "2 to 4" (9 cards) / "3 to 5" (12 cards): the deck deals 3 or 4
        assert counts["light green"] == (3 if players == 2 else 4)
    for seed in range(15):
        state = new_state(players, seed, city="recommended")
        rng = random.Random(seed)
        last = -1
        while not state.is_over:
            if state.round != last:
                last = state.round
                counts = Counter(state.faces[f].colour for f in state.city)
                assert all(counts[c] <= m for c, m in RECOMMENDED_MAX.items()), (seed, last, counts)
            state.apply(rng.choice(state.legal_actions()))


def test_first_seat_option() -> None:
    # protection-racket.txt: "The player who has most recently taken a bribe takes the first turn in round
    # one." (C5: seat 0, or a seat drawn at random)
    starters = {new_state(4, seed, first_seat="random").actor for seed in range(60)}
    assert starters == {0, 1, 2, 3}
    assert {new_state(3, seed).actor for seed in range(20)} == {0}


def test_adjacency_is_orthogonal() -> None:
    # protection-racket.txt glossary: "Adjacent - cards/sites considered to be adjacent are those which
    # are orthogonally adjacent, but not diagonally adjacent. A site can be adjacent to no more than 4
    # other sites."
    adj, edge, corner = grid_geometry(3, 3)
    assert adj[4] == (1, 3, 5, 7)
    assert adj[0] == (1, 3)
    assert adj[8] == (5, 7)
    assert adj[1] == (0, 2, 4)
    assert [t for t in range(9) if not edge[t]] == [4]
    assert [t for t in range(9) if corner[t]] == [0, 2, 6, 8]
    adj, edge, corner = grid_geometry(4, 3)
    assert adj[5] == (1, 4, 6, 9)
    assert adj[3] == (2, 7)
    assert adj[11] == (7, 10)
    assert adj[4] == (0, 5, 8)
    assert [t for t in range(12) if not edge[t]] == [5, 6]
    assert [t for t in range(12) if corner[t]] == [0, 3, 8, 11]
    for columns, rows in ((3, 3), (4, 3)):
        adj = grid_geometry(columns, rows)[0]
        for a, near in enumerate(adj):
            assert len(near) <= 4
            for b in near:
                assert a in adj[b]
                (ra, ca), (rb, cb) = divmod(a, columns), divmod(b, columns)
                assert abs(ra - rb) + abs(ca - cb) == 1
    assert new_state(2).adj == grid_geometry(3, 3)[0]
    assert new_state(4).adj == grid_geometry(4, 3)[0]


# ---- deploying ------------------------------------------------------------------------------------


def test_deploy_any_number_onto_one_site() -> None:
    # protection-racket.txt: "When you deploy, you can deploy any number of Mobsters. Place one or more
    # Mobsters on to a single site in the city."
    state = city_with(2, {2: "Gambling Den"})
    assert state.legal_actions() == [deploy_action(t, n, 0) for t in range(9) for n in range(1, 6)]
    deploy(state, 2, 3)
    assert units(state, 2) == [(3, 0), (0, 0)]
    assert state.hideout == [2, 5]
    assert (state.phase, state.actor) == (DEPLOY, 1)
    assert state.legal_actions() == [deploy_action(t, n, 0) for t in range(9) for n in range(1, 6)]
    deploy(state, 2, 5)  # "on a site where other players have Mobsters deployed"
    pass_all(state)
    assert state.actor == 0
    legal = state.legal_actions()
    assert max(n for t in range(9) for n in range(1, 6) if deploy_action(t, n, 0) in legal) == 2
    deploy(state, 2, 2)  # "on a site where you already have Mobsters"
    assert units(state, 2)[0] == (5, 0)


def illegal(state: ProtectionRacketState, action: object, words: str) -> None:
    """The action is refused with an IllegalAction whose message says `words`; nothing changes."""
    before = snapshot(state)
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)  # type: ignore[arg-type]
    assert words in str(refused.value)
    assert snapshot(state) == before
    assert state.legal_actions() == legal


def test_illegal_deploys_are_refused_and_change_nothing() -> None:
    # protection-racket.txt: "Place one or more Mobsters on to a single site" (not none, not two sites,
    # not more than the hideout holds); orange: "Cannot deploy to this site".
    state = city_with(2, {CENTRE: "Police Station"})
    set_hideouts(state, [2, 5])
    illegal(state, deploy_action(0, 0, 0), "is not legal now: Seat 1 is asked to deploy mobsters")
    illegal(state, deploy_action(0, 3, 0), "is not legal now")
    illegal(state, deploy_action(CENTRE, 1, 0), "deploy 1 to Police Station (B2)")
    illegal(state, deploy_action(0, 1, 1), "is not legal now")  # no Hired Muscle in this city
    illegal(state, SITE0 + 0, "is not legal now")
    illegal(state, YES, "is not legal now")
    illegal(state, True, "is not a Protection Racket action id")
    illegal(state, 10_000, "is not a Protection Racket action id")
    illegal(state, "deploy", "is not a Protection Racket action id")
    deploy(state, 0, 1)
    pass_all(state)
    # one site a turn: seat 0's turn is over, its last mobster stays in the hideout
    assert (state.phase, state.actor, state.hideout[0]) == (DEPLOY, 1, 1)


# ---- the Mob War ----------------------------------------------------------------------------------


def test_mob_war_is_optional() -> None:
    # protection-racket.txt: "if Mobsters from two or more rival gangs are present on the site then you
    # may declare a Mob War. You are not required to declare a Mob War."
    state = city_with(2, {})
    put(state, 0, 1, standing=2)
    deploy(state, 0, 1)
    assert (state.phase, state.actor, state.war_site) == (WAR_OFFER, 0, 0)
    assert state.legal_actions() == [PASS, YES]
    state.apply(PASS)
    assert units(state, 0) == [(1, 0), (2, 0)]
    assert state.supply == [0, 0]
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_no_war_without_a_rival_gang() -> None:
    # protection-racket.txt: "if Mobsters from two or more rival gangs are present on the site".
    state = city_with(2, {0: "Gambling Den", 2: "Mom & Pop Shop"})
    put(state, 0, 0, standing=1)
    put(state, 1, 1, standing=1)
    deploy(state, 0, 2)  # onto its own
    assert (state.phase, state.actor) == (DEPLOY, 1)
    deploy(state, 2, 2)  # onto an empty site
    assert (state.phase, state.actor) == (DEPLOY, 0)


def test_war_can_be_declared_when_outnumbered() -> None:
    # protection-racket.txt: "You may declare a Mob War whether or not you have more Mobsters on the site
    # than your opponents."
    state = city_with(2, {})
    put(state, 0, 1, standing=3)
    deploy(state, 0, 1)
    state.apply(YES)
    assert units(state, 0) == [(0, 0), (2, 0)]
    assert state.supply == [1, 1]


def test_mob_war_with_three_gangs() -> None:
    # protection-racket.txt: "each player involved simultaneously removes one of their Mobsters from the
    # site, repeating this until Mobsters from only a single gang remain."; RULES-NOTES: "removed mobsters
    # go to the supply".
    state = city_with(3, {})
    put(state, 5, 1, standing=3)
    put(state, 5, 2, standing=1)
    deploy(state, 5, 2)
    state.apply(YES)
    # round 1: 2-1, 3-1, 1-1 (seat 2 is out); round 2: 1-1, 2-1 (seat 0 is out)
    assert units(state, 5) == [(0, 0), (1, 0), (0, 0)]
    assert state.supply == [2, 2, 1]
    assert state.hideout == [3, 2, 4]
    assert "Mob War on" in state.events[-1] and "⟨s1⟩ is left" in state.events[-1]
    assert controller(state, 5) == 1
    assert all(everyone(state, s) == 5 for s in range(3))


def test_mob_war_can_remove_everybody() -> None:
    # protection-racket.txt: "A Mob War always continues until only one player has Mobsters remaining on
    # the site or all Mobsters have been removed."
    state = city_with(3, {})
    put(state, 5, 1, standing=2)
    put(state, 5, 2, standing=2)
    deploy(state, 5, 2)
    state.apply(YES)
    assert units(state, 5) == [(0, 0)] * 3
    assert state.supply == [2, 2, 2]
    assert controller(state, 5) == -1
    assert "nobody is left" in state.events[-1]
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_war_declared_by_a_card_on_another_site_gives_the_winner_no_action() -> None:
    # protection-racket.txt: "If you have won a Mob War that took place on another player's turn you do
    # not take the associated action." Mob War: "Start a war on any site whether your Mobsters are
    # involved or not."
    state = city_with(2, {CENTRE: "Mob War", 8: "Slot Machines"})
    put(state, 8, 1, standing=2)
    put(state, 8, 0, standing=1)
    before = state.money[:]
    deploy(state, CENTRE, 1)
    state.apply(YES)
    assert state.legal_actions() == [SITE0 + 8]
    state.apply(SITE0 + 8)
    assert units(state, 8) == [(0, 0), (1, 0)]
    assert controller(state, 8) == 1
    assert (state.phase, state.actor) == (DEPLOY, 1), "seat 1 is not offered Slot Machines"
    assert state.money == before


def test_winning_a_war_on_anothers_turn_gives_no_action() -> None:
    # protection-racket.txt: "If you have won a Mob War that took place on another player's turn you do
    # not take the associated action."
    state = city_with(2, {CENTRE: "Slot Machines"})
    put(state, CENTRE, 1, standing=2)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    assert controller(state, CENTRE) == 1
    assert (state.phase, state.actor) == (DEPLOY, 1)
    assert state.money == [1, 1]


# ---- control and the action -----------------------------------------------------------------------


def test_control_is_more_mobsters_than_any_other_player() -> None:
    # protection-racket.txt: "If ... you have more Mobsters on the site than any other player, then you
    # control the site."; RULES-NOTES: "the controller (strict majority)".
    state = city_with(3, {5: "Slot Machines"})
    put(state, 5, 1, standing=1)
    put(state, 5, 2, standing=1)
    deploy(state, 5, 2)
    state.apply(PASS)
    assert controller(state, 5) == 0  # 2 against 1 and 1: more than any other player
    assert (state.phase, state.actor) == (ACTION, 0)


def test_a_tie_controls_nothing() -> None:
    # protection-racket.txt: "more Mobsters on the site than any other player".
    state = city_with(3, {5: "Slot Machines"})
    put(state, 5, 1, standing=2)
    put(state, 5, 2, standing=1)
    deploy(state, 5, 2)
    state.apply(PASS)
    assert controller(state, 5) == -1
    assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_controller_may_take_the_action_or_not() -> None:
    # protection-racket.txt: "If you control the site then you *may* take the action printed on the card."
    for answer, gain in ((PASS, 0), (YES, 4)):
        state = city_with(2, {CENTRE: "Slot Machines"})
        deploy(state, CENTRE, 1)
        assert (state.phase, state.actor, state.legal_actions()) == (ACTION, 0, [PASS, YES])
        state.apply(answer)
        assert state.money == [1 + gain, 1]
        assert (state.phase, state.actor) == (DEPLOY, 1)


def test_the_action_follows_the_war() -> None:
    # protection-racket.txt: "After the war, if you control the site, then you may carry out the action".
    state = city_with(2, {CENTRE: "Slot Machines"})
    put(state, CENTRE, 1, standing=2)
    deploy(state, CENTRE, 3)
    state.apply(YES)
    assert units(state, CENTRE) == [(1, 0), (0, 0)]
    assert (state.phase, state.actor) == (ACTION, 0)


# ---- lying mobsters -------------------------------------------------------------------------------


def test_lying_mobsters_do_not_count_for_control() -> None:
    # protection-racket.txt glossary: "If a Mobster is lying down then they do not count as being
    # deployed, do not count towards control of a site"
    state = city_with(2, {CENTRE: "Slot Machines"})
    put(state, CENTRE, 1, lying=3)
    deploy(state, CENTRE, 1)
    assert state.phase == WAR_OFFER, "lying mobsters are still a rival gang on the site"
    state.apply(PASS)
    assert controller(state, CENTRE) == 0
    assert (state.phase, state.actor) == (ACTION, 0)


def test_only_lying_mobsters_control_nothing_and_collect_no_revenue() -> None:
    # protection-racket.txt glossary: lying mobsters "do not count towards control of a site and cannot
    # collect revenue at the end of a round".
    state = city_with(2, {0: "Gambling Den", 1: "Mom & Pop Shop"})
    put(state, 0, 0, lying=3)
    set_hideouts(state, [1, 0])
    deploy(state, 1, 1)
    assert state.round == 1
    assert state.events[0] == "⟨s0⟩ deploys 1 mobster to Mom & Pop Shop (B1)"
    assert "revenue step of round 1: ⟨s0⟩ +$2, ⟨s1⟩ +$0" in state.events
    assert state.money == [3, 1]


def test_lying_mobsters_fight_and_may_stand_up_after_the_war() -> None:
    # protection-racket.txt glossary: lying mobsters "participate in Mob Wars as normal and may be stood
    # up at the end of a Mob War that they are involved in."
    for answer in (YES, PASS):
        state = city_with(2, {CENTRE: "Slot Machines"})
        put(state, CENTRE, 1, lying=3)
        deploy(state, CENTRE, 1)
        state.apply(YES)
        assert units(state, CENTRE) == [(0, 0), (0, 2)]
        assert state.supply == [1, 1]
        # the survivor of the war, not the turn player, is asked
        assert (state.phase, state.actor, state.legal_actions()) == (STAND, 1, [PASS, YES])
        state.apply(answer)
        assert units(state, CENTRE)[1] == ((2, 0) if answer == YES else (0, 2))
        assert controller(state, CENTRE) == (1 if answer == YES else -1)
        assert (state.phase, state.actor, state.turn_player) == (DEPLOY, 1, 1)


def test_the_winner_of_the_war_stands_up_and_takes_the_action() -> None:
    # glossary "may be stood up at the end of a Mob War"; "After the war, if you control the site, then
    # you may carry out the action"
    state = city_with(2, {CENTRE: "Slot Machines"})
    put(state, CENTRE, 0, lying=3)
    put(state, CENTRE, 1, standing=1)
    deploy(state, CENTRE, 1)
    state.apply(YES)
    # seat 0 loses a lying mobster first (C10), seat 1 its only one
    assert units(state, CENTRE) == [(1, 2), (0, 0)]
    assert (state.phase, state.actor) == (STAND, 0)
    state.apply(YES)
    assert units(state, CENTRE)[0] == (3, 0)
    assert (state.phase, state.actor) == (ACTION, 0)


# ---- turns -------------------------------------------------------------------------------------------


def test_play_passes_clockwise() -> None:
    # protection-racket.txt: "Play then alternates, with each player taking turns until all Hideouts are
    # empty".
    state = city_with(4, {})
    order = []
    for _ in range(8):
        order.append(state.actor)
        deploy(state, len(order) % 12, 1)
        pass_all(state)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_player_with_an_empty_hideout_is_skipped() -> None:
    # protection-racket.txt: "If a player is unable to deploy a Mobster their turn is skipped".
    state = city_with(3, {})
    set_hideouts(state, [3, 0, 2])
    order = []
    for site in range(4):
        order.append(state.actor)
        deploy(state, site, 1)
        pass_all(state)
    assert order == [0, 2, 0, 2]
    assert state.actor == 0, "seat 2 is empty now"
    assert state.round == 0


def test_a_skipped_player_comes_back_when_mobsters_return() -> None:
    # protection-racket.txt: "their turn is skipped, but they may take a turn later if mobsters are
    # returned to their hideout." Ambulance Depot: "All lying Mobsters on a site adjacent to this one go
    # back to their owners' hideouts."
    state = city_with(2, {CENTRE: "Ambulance Depot"})
    put(state, 1, 0, lying=2)
    set_hideouts(state, [0, 3])
    to_move(state, 1)
    deploy(state, 8, 1)
    pass_all(state)
    assert state.actor == 1, "seat 0 is skipped"
    deploy(state, CENTRE, 1)
    state.apply(YES)
    state.apply(SITE0 + 1)
    assert state.hideout == [2, 1]
    assert (state.phase, state.actor) == (DEPLOY, 0)


def test_reinforcement_gives_back_a_turn() -> None:
    # protection-racket.txt: "they may take a turn later if mobsters are returned to their hideout";
    # Bail Bondsman: "Return up to 2 of your Mobsters from the supply to your hideout."
    state = city_with(2, {CENTRE: "Bail Bondsman"})
    set_hideouts(state, [1, 0])
    deploy(state, CENTRE, 1)
    assert state.phase == ACTION
    state.apply(YES)
    assert (state.hideout, state.supply) == ([2, 0], [2, 5])
    assert (state.phase, state.actor, state.round) == (DEPLOY, 0, 0)


def test_the_round_ends_when_nobody_can_deploy() -> None:
    # protection-racket.txt: "If no player can make another turn, the round ends and the Revenue step
    # takes place."
    state = city_with(2, {0: "Gambling Den"})
    set_hideouts(state, [1, 1])
    deploy(state, 0, 1)
    assert (state.round, state.actor) == (0, 1)
    deploy(state, 8, 1)
    pass_all(state)
    assert state.round == 1
    assert "revenue step of round 1: ⟨s0⟩ +$6, ⟨s1⟩ +$0" in state.events


def test_the_round_ends_when_every_site_left_is_closed_to_the_last_mobsters() -> None:
    # "If a player is unable to deploy a Mobster their turn is skipped"; "If no player can make another
    # turn, the round ends": a mobster left in a hideout with nowhere to go does not keep the round open.
    state = city_with(2, dict(enumerate(["Prohibition Bureau", "Cemetery", "Tax Collector",
                                         "Cathedral", "Newspaper Office", "Police Station", "Railroad Yards",
                                         "Courthouse", "The Loner"])))
    muscle_to(state, 0, HIDEOUT)
    set_hideouts(state, [0, 2])
    assert state.legal_actions() == [deploy_action(8, 0, 1)]
    deploy(state, 8, 0, 1)
    assert state.round == 1, "seat 1 has two mobsters and nowhere to deploy them"


# ---- the revenue step ---------------------------------------------------------------------------


def test_revenue_step_pays_every_controller() -> None:
    # protection-racket.txt: "In the Revenue step, each city site is checked to see if it yields any
    # revenue to the Mobsters controlling that site."; "Revenue (unless stated) is taken from the Bank."
    state = city_with(2, {0: "Gambling Den", 1: "Central Park", 2: "Mom & Pop Shop", 3: "Union Hall",
                          5: "Brewery", 8: "Lunch Counter", 6: "Prohibition Bureau"})
    put(state, 0, 0, standing=1)  # Gambling Den 6 + Central Park's 2
    put(state, 1, 1, standing=1)  # Central Park 1
    put(state, 2, 1, standing=2)  # Mom & Pop 2 + Central Park's 2 to seat 1
    put(state, 3, 0, standing=2)  # Union Hall $2 a standing mobster; Prohibition Bureau takes $1
    put(state, 5, 1, lying=1)  # Brewery: only lying, nobody
    put(state, 8, 0, standing=1)
    put(state, 8, 1, standing=1)  # Lunch Counter: tied, nobody
    set_hideouts(state, [1, 0])
    deploy(state, 7, 1)
    pass_all(state)
    assert "revenue step of round 1: ⟨s0⟩ +$11, ⟨s1⟩ +$5" in state.events
    assert state.money == [12, 6]
    assert [e["revenue"] for e in state.earned] == [11, 5]


def test_revenue_site_values() -> None:
    # state.site_revenue is what the view shows and what the revenue step pays.
    state = city_with(2, {0: "Gambling Den", 1: "Central Park"})
    put(state, 0, 0, standing=1)
    assert site_revenue(state, 0) == (0, 8)
    assert site_revenue(state, 1) == (-1, 0)
    assert state.view(None)["city"][0]["revenue_now"] == 8


# ---- rounds and the end of the game ---------------------------------------------------------------


def test_three_rounds_with_the_first_player_rotating_clockwise() -> None:
    # protection-racket.txt: "In following rounds the first player rotates clockwise."; "If you have not
    # played three rounds, then play another round, with the next player clockwise taking the first
    # turn."; "between rounds ... a new arrangement ... to form a new city".
    state = new_state(3, 5)
    for round_ in range(ROUNDS):
        assert state.round == round_
        assert state.first == round_ % 3
        assert (state.phase, state.actor, state.turn_player) == (DEPLOY, round_ % 3, round_ % 3)
        assert state.hideout == [5, 5, 5] and state.supply == [0, 0, 0]
        assert all(not any(row) for row in state.stand + state.lie)
        check_city(state)
        old = {f // 2 for f in state.city}
        state.money = [100, 0, 0]  # seat 0 leads: no tie
        put(state, 0, 1, standing=2)  # left on the city at the end of the round
        to_supply(state, 2, 3)
        end_round(state)
        if round_ < ROUNDS - 1:
            starter = seat_ref((round_ + 1) % 3)
            assert f"round {round_ + 2}: a new city is dealt; {starter} starts" in state.events
            if round_ == 0:
                # "dealt out from the remaining deck"
                assert not old & {f // 2 for f in state.city}
                assert old <= {c for pile in state.used for c in pile}
    assert state.phase == OVER and state.is_over and state.to_act is None
    assert state.legal_actions() == []
    result = state.result()
    assert result.winners == (0,)


def test_most_money_wins() -> None:
    # protection-racket.txt: "If you have accumulated the most money at the end of 3 rounds then you win
    # the game."
    state = city_with(3, {})
    state.round = ROUNDS - 1
    state.money = [4, 9, 7]
    end_round(state)
    assert state.phase == OVER
    result = state.result()
    assert result.scores == (4, 9, 7)
    assert result.winners == (1,)
    assert result.ranks == (3, 1, 2)
    assert "the game is over: ⟨s0⟩ $4, ⟨s1⟩ $9, ⟨s2⟩ $7" in state.events


def test_a_tie_plays_another_round() -> None:
    # protection-racket.txt: "If there is a tie then play another round."
    state = city_with(3, {})
    state.round = ROUNDS - 1
    state.money = [6, 6, 2]
    end_round(state)
    assert state.phase == DEPLOY
    assert state.round == ROUNDS
    assert any("a tie for the most money: another round" in e for e in state.events)
    assert state.first == state.actor == (ROUNDS % 3)
    assert state.hideout == [5, 5, 5]
    check_city(state)
    quiet(state)
    state.money = [7, 6, 2]
    end_round(state)
    assert state.phase == OVER
    assert state.result().winners == (0,)


def test_a_tie_behind_the_leader_plays_no_more_rounds() -> None:
    # "If you have accumulated the most money ... you win": only a tie for the most money matters.
    state = city_with(3, {})
    state.round = ROUNDS - 1
    state.money = [8, 5, 5]
    end_round(state)
    assert state.phase == OVER
    assert state.result().ranks == (1, 2, 2)


def test_extra_rounds_are_capped() -> None:
    # MAX_EXTRA_ROUNDS (C14): "ties play another round (rulebook), at most this many times; then the tied
    # share the win".
    state = city_with(2, {})
    state.round = ROUNDS + MAX_EXTRA_ROUNDS - 2
    state.money = [3, 3]
    end_round(state)
    assert state.phase == DEPLOY and state.round == ROUNDS + MAX_EXTRA_ROUNDS - 1
    quiet(state)
    end_round(state)
    assert state.phase == OVER
    result = state.result()
    assert result.winners == (0, 1)
    assert result.ranks == (1, 1)


def test_result_breakdown_sums_to_the_score() -> None:
    # engine contract (Result): "its values sum to scores[seat]"; the score is the money.
    for seed in range(60):
        players = 2 + seed % 3
        state = new_state(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        assert result.scores == tuple(state.money)
        for seat in range(players):
            assert sum(result.breakdown[seat].values()) == result.scores[seat]
            assert result.breakdown[seat]["start"] == 1
        best = max(state.money)
        assert result.winners == tuple(s for s, m in enumerate(state.money) if m == best)
        assert len(result.winners) == 1 or state.round == ROUNDS + MAX_EXTRA_ROUNDS - 1


def test_new_game_via_the_registry() -> None:
    state = GAME.new_game(2, 7, {"first_seat": "seat0"})
    assert isinstance(state, ProtectionRacketState)
    assert state.players == 2 and state.to_act == 0


def test_the_hired_muscle_leaves_its_gang_at_the_end_of_the_round() -> None:
    # protection-racket.txt: "If a Hired Muscle (pink) card appears in the city then the single pink
    # Mobster is placed on that card, otherwise it is not used in the game" - each round's city (C6).
    state = city_with(2, {8: "The Hitman"})
    muscle_to(state, 0, 2)
    end_round(state)
    assert state.round == 1
    check_city(state)
    assert state.m_owner == NEUTRAL


def test_a_second_hired_muscle_card_is_replaced() -> None:
    # protection-racket.txt: "If two Hired Muscle cards are drawn into the city then replace one with
    # another card." C23: "the first pink site in row order stays; every later one is set aside and
    # replaced by a card from deck 3 at a random face, turned over if pink".
    for seed in range(20):
        state = new_state(2, seed)
        set_city(state, [None, None, "The Loner", None, None, None, None, None, None])
        # a second Hired Muscle card dealt at site 6 (set_city never deals two)
        cleaner = next(f.id for f in state.faces if f.name == "The Cleaner")
        for pile in (*state.draw, *state.used):
            if cleaner // 2 in pile:
                pile.remove(cleaner // 2)
        state.used[state.faces[state.city[6]].deck - 1].append(state.city[6] // 2)
        state.city[6] = cleaner
        one_hired_muscle(state)
        assert state.faces[state.city[2]].name == "The Loner"
        new = state.faces[state.city[6]]
        assert new.deck == 3 and new.colour != "pink"
        assert new.id // 2 != cleaner // 2
        assert cleaner // 2 in state.used[2]
        assert len({f // 2 for f in state.city}) == 9
