"""Protection Racket's observation encoding says what the view says (docs/rl/protection-racket.md).

The generic checks (size, bounds, equal views give equal vectors) are in tests/test_encoding.py; here
hand-built positions are encoded and particular segments decoded (`layout.span(name)`) and compared with
the view: money, mobsters, control, the face's card, the decision at hand, the Hired Muscle, and the
seat-relative order (seat 0's vector against seat 2's).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gangland.engine import Layout
from gangland.games.protection_racket import GAME
from gangland.games.protection_racket.actions import GANG0, MUSCLE_PICK, PASS, SITE0, YES
from gangland.games.protection_racket.city import city_rules
from gangland.games.protection_racket.encoding import MONEY_SCALE, ProtectionRacketEncoding
from gangland.games.protection_racket.mobsters import HIDEOUT, NEUTRAL
from gangland.games.protection_racket.phases import ACTION, PHASE_NAMES, PICK, WAR_OFFER
from gangland.games.protection_racket.sites import (
    COLOURS,
    COUNTERS,
    EFFECT_KINDS,
    MUSCLE_NAMES,
    NEIGHBOUR_RULES,
    SCOPES,
)
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import city_with, deploy, muscle_to, new_state, put, set_hideouts


def the_encoding() -> ProtectionRacketEncoding:
    encoding = GAME.encoding
    assert isinstance(encoding, ProtectionRacketEncoding), "Game.encoding is the game's encoding"
    return encoding


ENCODING = the_encoding()
OPTIONS = GAME.resolve_options(None)


def layout(players: int) -> Layout:
    return ENCODING.layout(players, OPTIONS)


def encoded(state: ProtectionRacketState, seat: int | None) -> dict[str, list[float]]:
    """Seat's view of the state, encoded, as {segment: its values}."""
    vector = ENCODING.encode(state.view(seat), state.players, OPTIONS)
    lay = layout(state.players)
    return {s.name: vector[lay.span(s.name)] for s in lay.segments}


def one(values: list[float]) -> int | None:
    """The index of a one-hot's 1 (None when all 0); fails on anything else."""
    ones = [i for i, v in enumerate(values) if v == 1.0]
    assert all(v in (0.0, 1.0) for v in values) and len(ones) <= 1, values
    return ones[0] if ones else None


def per_site(values: list[float], sites: int) -> list[list[float]]:
    """A per-site segment cut into its sites' slices."""
    size = len(values) // sites
    assert size * sites == len(values)
    return [values[s * size:(s + 1) * size] for s in range(sites)]


def sat(x: int, scale: int) -> float:
    return x / (abs(x) + scale)


def test_the_table_decides_the_layout_the_state_does_not() -> None:
    # 2 players have a 3 x 3 city, 3 and 4 players a 4 x 3 city (sites.toml [city]): per-site segments
    # follow; per-seat segments follow the player count.
    assert [layout(p).size for p in (2, 3, 4)] == [792, 1084, 1130]
    assert [layout(p).segment("closed").size for p in (2, 3, 4)] == [9, 12, 12]
    assert [layout(p).segment("money").size for p in (2, 3, 4)] == [2, 3, 4]
    assert layout(4) is layout(4), "a table's layout is made once"
    state = new_state(4, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    assert len(ENCODING.encode(state.view(1), 4, OPTIONS)) == layout(4).size


def test_money_hideout_and_supply_are_seat_relative() -> None:
    # Seat 0 sees itself first, then seats 1, 2, 3; seat 2 sees 2, 3, 0, 1.
    state = new_state(4)
    state.money = [3, 0, 7, 12]
    set_hideouts(state, [5, 4, 2, 0])
    seat0, seat2 = encoded(state, 0), encoded(state, 2)
    assert seat0["money"] == [sat(m, MONEY_SCALE) for m in (3, 0, 7, 12)]
    assert seat2["money"] == [sat(m, MONEY_SCALE) for m in (7, 12, 3, 0)]
    assert seat0["lead"] == [sat(3 - 12, MONEY_SCALE)] and seat0["lead"][0] < 0
    assert seat2["lead"] == [sat(7 - 12, MONEY_SCALE)]
    assert seat0["hideout"] == [1.0, 0.8, 0.4, 0.0]
    assert seat2["hideout"] == [0.4, 0.0, 1.0, 0.8]
    assert seat0["supply"] == [0.0, 0.2, 0.6, 1.0]
    assert seat2["supply"] == [0.6, 1.0, 0.0, 0.2]
    # The leader's lead is positive, and money saturates below 1 however much there is.
    state.money = [3, 0, 10_000, 12]
    assert 0.99 < encoded(state, 2)["lead"][0] < 1.0
    assert max(encoded(state, 0)["money"]) < 1.0


def test_mobsters_on_sites_by_site_index_and_seat_relative() -> None:
    state = city_with(4, {})
    put(state, 0, 1, standing=2)
    put(state, 5, 2, standing=1, lying=3)
    put(state, 11, 0, lying=1)
    n = 12
    for seat in (0, 2):
        code = encoded(state, seat)
        standing = per_site(code["standing"], n)
        lying = per_site(code["lying"], n)
        view = state.view(seat)
        for s in range(n):
            for k in range(4):
                owner = (seat + k) % 4
                assert standing[s][k] == view["city"][s]["standing"][owner] / 5
                assert lying[s][k] == view["city"][s]["lying"][owner] / 5
    # seat 2 sees its own mobsters on site 5 in its own (first) slot, seat 0 sees them two places on
    assert per_site(encoded(state, 2)["lying"], n)[5] == [0.6, 0.0, 0.0, 0.0]
    assert per_site(encoded(state, 0)["lying"], n)[5] == [0.0, 0.0, 0.6, 0.0]
    assert per_site(encoded(state, 0)["standing"], n)[0] == [0.0, 0.4, 0.0, 0.0]


def test_control_and_what_a_site_pays_now() -> None:
    # Gambling Den pays $6 (the set's highest printed revenue: the saturating scale); seat 1 controls it.
    state = city_with(4, {0: "Gambling Den", 6: "The Accountant"})
    put(state, 0, 1, standing=2)
    put(state, 0, 3, standing=1)
    assert state.view(0)["city"][0]["controller"] == 1
    assert state.view(0)["city"][0]["revenue_now"] == 6
    for seat, rel in ((0, 1), (2, 3), (1, 0)):
        code = encoded(state, seat)
        controller = per_site(code["controller"], 12)
        assert one(controller[0]) == rel
        assert one(controller[6]) == 4, "the unrecruited Hired Muscle holds its card: the last slot"
        assert one(controller[1]) is None, "nobody controls an empty site"
        assert code["revenue_now"][0] == 6 / (6 + 6)
        assert code["revenue_now"][1] == 0.0


def test_the_card_a_site_shows() -> None:
    state = city_with(2, {0: "Gambling Den", 4: "Mass Move", 8: "Railroad Yards"})
    code = encoded(state, 0)
    colour = per_site(code["colour"], 9)
    effect = per_site(code["effect"], 9)
    # Gambling Den: light blue, $6, no effect
    assert one(colour[0]) == COLOURS.index("light blue")
    assert code["revenue"][0] == 1.0 and one(effect[0]) is None
    # Mass Move: move any gang's mobsters, all of them, from any site to any site, then a war offer
    assert one(colour[4]) == COLOURS.index("light green")
    assert one(effect[4]) == EFFECT_KINDS.index("move")
    assert one(per_site(code["whose"], 9)[4]) == 1  # "any" in (own, any, all, rival)
    assert code["count"][4] == 1.0, "a move of all counts as the most there can be"
    assert one(per_site(code["from"], 9)[4]) == SCOPES.index("any")
    assert one(per_site(code["to"], 9)[4]) == 3  # "any" in (supply, hideout, adjacent, any)
    assert code["war"][4] == 1.0
    assert one(per_site(code["per"], 9)[4]) is None
    # Railroad Yards: closed, at most 1 mobster deployed onto each neighbour (sites 5 and 7)
    assert one(effect[8]) == EFFECT_KINDS.index("closed")
    assert one(per_site(code["adjacent"], 9)[8]) == NEIGHBOUR_RULES.index("max_deploy")
    assert code["amount"][8] == 1 / 3, "amounts / the set's largest ($3)"
    assert code["closed"][8] == 1.0 and sum(code["closed"]) == 1.0
    assert [s for s in range(9) if code["deploy_cap"][s] < 1.0] == [5, 7]
    assert code["deploy_cap"][5] == 1 / 6


def test_the_counter_of_a_bonus_and_the_neighbours_rules() -> None:
    state = city_with(2, {4: "Cemetery", 0: "Police Station"})
    bonus = next(f for f in state.faces if f.effect is not None and f.effect.kind == "bonus"
                 and f.effect.per == "adjacent_empty")
    assert bonus.effect is not None
    state.city[8] = bonus.id
    city_rules(state)
    code = encoded(state, 1)
    assert one(per_site(code["per"], 9)[8]) == COUNTERS.index("adjacent_empty")
    assert code["amount"][8] == bonus.effect.amount / 3
    assert [s for s in range(9) if code["lie_down"][s]] == [1, 3, 5, 7], "the Cemetery's neighbours"
    assert [s for s in range(9) if code["no_war"][s]] == [1, 3], "the Police Station's neighbours"


def test_a_war_offer_names_its_site_and_who_decides() -> None:
    state = city_with(4, {}, seat=1)
    put(state, 7, 3, standing=1)
    deploy(state, 7, 2)
    assert state.phase == WAR_OFFER
    for seat in (0, 1, 3):
        code = encoded(state, seat)
        assert one(code["phase"]) == PHASE_NAMES.index("declare a Mob War?")
        assert one(code["war_site"]) == 7
        assert one(code["effect_site"]) is None
        assert one(code["to_act"]) == (1 - seat) % 4
        assert one(code["turn_player"]) == (1 - seat) % 4
        assert code["deployed"] == [2 / 6]
    assert one(encoded(state, 1)["to_act"]) == 0, "the seat to decide sees itself asked"


def test_the_picks_of_an_action_being_taken() -> None:
    # Fair Exchange (swap) at the centre: site 0 (seat 1's mobster), seat 1, site 8 (seat 0's): the
    # picks so far are decoded as a site, a seat seat-relative, a site.
    state = city_with(2, {4: "Fair Exchange"})
    put(state, 0, 1, standing=2)
    put(state, 8, 0, standing=2)
    deploy(state, 4, 1)
    assert state.phase == ACTION
    assert one(encoded(state, 0)["effect_site"]) == 4
    assert one(encoded(state, 0)["phase"]) == PHASE_NAMES.index("take the site's action?")
    state.apply(YES)
    for action in (SITE0 + 0, GANG0 + 1, SITE0 + 8):
        state.apply(action)
    assert state.phase == PICK and state.view(0)["pending"]["picks"] == [SITE0, GANG0 + 1, SITE0 + 8]
    slot = 9 + 2 + 1
    for seat, gang in ((0, 1), (1, 0)):
        picks = encoded(state, seat)["picks"]
        assert [one(picks[k * slot:(k + 1) * slot]) for k in range(3)] == [0, 9 + gang, 8]
        assert one(encoded(state, seat)["phase"]) == PHASE_NAMES.index("choose for the action")
    state.apply(GANG0 + 0)
    while state.phase == WAR_OFFER:
        state.apply(PASS)
    assert sum(encoded(state, 0)["picks"]) == 0.0, "no action being taken: no picks"


def test_picking_the_hired_muscle_has_its_own_place() -> None:
    view: dict[str, Any] = new_state(2).view(0)
    view["phase"], view["pending"]["picks"] = "choose for the action", [SITE0 + 2, MUSCLE_PICK]
    vector = ENCODING.encode(view, 2, OPTIONS)
    picks = vector[layout(2).span("picks")]
    assert [one(picks[k * 12:(k + 1) * 12]) for k in range(3)] == [2, 11, None]


def test_the_hired_muscle() -> None:
    state = city_with(4, {6: "The Hitman"})
    code = encoded(state, 0)
    assert one(code["muscle"]) == MUSCLE_NAMES.index("The Hitman")
    assert one(code["muscle_owner"]) == 4, "unrecruited"
    assert one(code["muscle_place"]) == 6 and one(code["muscle_home"]) == 6
    muscle_to(state, 2, HIDEOUT)
    assert one(encoded(state, 0)["muscle_owner"]) == 2
    assert one(encoded(state, 2)["muscle_owner"]) == 0
    assert one(encoded(state, 3)["muscle_owner"]) == 3
    assert one(encoded(state, 0)["muscle_place"]) == 12, "in its gang's hideout"
    muscle_to(state, 2, 9, lying=True)
    code = encoded(state, 1)
    assert one(code["muscle_place"]) == 9 and code["muscle_lying"] == [1.0]
    muscle_to(state, NEUTRAL, 6)
    assert encoded(state, 0)["muscle_lying"] == [0.0]
    # a city without a pink card has no Hired Muscle: its segments are all 0
    code = encoded(city_with(4, {}), 0)
    assert not any(code["muscle"] + code["muscle_owner"] + code["muscle_place"] + code["muscle_home"])


def test_round_turn_and_decks_from_a_played_game() -> None:
    state = new_state(3, seed=11)
    rng = random.Random(11)
    seen_rounds = set()
    while not state.is_over:
        view = state.view(2)
        code = encoded(state, 2)
        number = view["round"]
        seen_rounds.add(number)
        assert one(code["round"]) == min(number, 4) - 1
        assert code["extra_rounds"] == [max(0, number - 3) / 7]
        assert code["turn"] == [view["turn"] / (view["turn"] + 16)]
        assert code["deck_draw"] == [d["draw"] / size for d, size in zip(view["decks"], (15, 9, 26),
                                                                          strict=True)]
        assert code["deck_set_aside"] == [d["set_aside"] / size for d, size in zip(view["decks"],
                                                                                   (15, 9, 26),
                                                                                   strict=True)]
        assert one(code["first_player"]) == (view["first"] - 2) % 3
        state.apply(rng.choice(state.legal_actions()))
    assert {1, 2, 3} <= seen_rounds
    code = encoded(state, 2)
    assert one(code["phase"]) == PHASE_NAMES.index("game over")
    assert one(code["to_act"]) is None


def test_a_spectator_sees_what_seat_0_sees() -> None:
    state = new_state(3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    assert encoded(state, None) == encoded(state, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rotating_the_seats_rotates_the_vector(players: int) -> None:
    # The same position seen from seat 0 and from seat 2 (seat 1 for 2 players): every per-seat value
    # is the other's moved by the distance between the seats, every other value is equal.
    state = city_with(players, {0: "Gambling Den", 1: "The Loner"}, seat=players - 1)
    state.money = [2 * g + 1 for g in range(players)]
    for g in range(players):
        put(state, g, g, standing=g + 1)
        put(state, 3, g, lying=1)
    other = 1 if players == 2 else 2
    a, b = encoded(state, 0), encoded(state, other)
    for name in ("money", "hideout", "supply", "to_act", "turn_player", "first_player"):
        assert b[name] == a[name][other:] + a[name][:other]
    n = layout(players).segment("closed").size
    for name in ("standing", "lying"):
        for row_a, row_b in zip(per_site(a[name], n), per_site(b[name], n), strict=True):
            assert row_b == row_a[other:] + row_a[:other]
    for row_a, row_b in zip(per_site(a["controller"], n), per_site(b["controller"], n), strict=True):
        assert row_b == row_a[other:players] + row_a[:other] + row_a[players:], "the pink slot stays last"
    assert a["standing"] != b["standing"] and a["money"] != b["money"], "the position tells seats apart"
    for name in ("phase", "round", "colour", "effect", "closed", "revenue_now", "muscle", "muscle_place"):
        assert a[name] == b[name]
