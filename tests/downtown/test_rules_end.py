"""Downtown rules, the end of a turn: the addition window, phase 4, the hand limit, the next player;
the turn limit; illegal actions; what each seat's view hides.

Each test quotes its passage (downtown-2013-en.txt: edition "2013"; downtown-current-de.txt: edition
"current"); D-numbers and W-numbers refer to docs/rules/downtown.md.
"""

from __future__ import annotations

import pytest

from gangland.engine import IllegalAction
from gangland.games.downtown.actions import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    DISCARD_GANGSTER0,
    DONE,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    NUM_ACTIONS,
    PLACE0,
    PUT_TOP,
    ROB0,
    SHED_STOOGE0,
)
from gangland.games.downtown.cards import (
    BANK,
    DOWNTOWN,
    EAST_SIDE,
    GHETTO,
    LOOKOUT,
    SAFECRACKER,
    SPY,
    VILLA,
    WEST_SIDE,
)
from gangland.games.downtown.deck import LUIGI
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import HANDLIMIT, MOVE, OVER, REFRESH, ROBPAY, WINDOW

from .helpers import (
    GAME,
    begin_turn,
    cash,
    give_stooge,
    new_state,
    phase3,
    play,
    rob,
    set_cash,
    set_display,
    set_hand,
    set_money,
    setup,
    snapshot,
    wealth,
)

EDITIONS = ("current", "2013")
FOUR = {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA), 3: (WEST_SIDE, EAST_SIDE)}


# == The addition window (phase 3) =================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_window_every_seat_but_active_and_next(edition: str) -> None:
    # downtown-2013-en.txt: "While the current player is performing actions in this phase (Phase 3), all
    # other players* may add money and/or gangster cards to their own display area. [...] *with the
    # exception of the next player on turn" (D11: one at a time, clockwise from the active player's left)
    s = setup(4, edition)
    phase3(s, 1, FOUR, 3)
    play(s, DONE)  # the window opens even when no location was used (D11)
    assert s.phase == WINDOW and s.to_act == 2 and s.queue == [2, 0]
    play(s, DONE)
    assert s.to_act == 0
    play(s, DONE)
    assert s.phase == REFRESH and s.to_act == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_window_face_down_counts_only_then_face_up_after_refresh(edition: str) -> None:
    # downtown-2013-en.txt: "Every added bank note and gangster card has to be placed face down first and
    # cannot be taken back afterwards!" / "If other players have placed additional bank notes and/or Gangster
    # cards face down to their display area during Phase 3, these bank notes and Gangster cards must be
    # turned face up now."
    # downtown-current-de.txt: "so werden diese Geldscheine und Gangsterkarten anschließend aufgedeckt"
    # (after the active player's refresh)
    s = setup(4, edition)
    inv = GAME.inventory(s)
    phase3(s, 0, FOUR, 2)
    set_display(s, 1)
    set_display(s, 3)
    set_cash(s, 1, [1, 0, 1, 0, 0])
    set_hand(s, 1, [1, 1, 1])
    play(s, DONE)
    assert s.queue == [1, 3]
    play(s, ADD_NOTE0 + 2, ADD_GANGSTER0 + SPY)
    assert s.down_n[1] == [0, 0, 1, 0, 0] and s.down_g[1] == [0, 0, 1]
    assert cash(s, 1) == 1 and s.hands[1] == [1, 1, 0]
    assert wealth(s, 1) == 6  # face-down money still counts as his
    for other in (0, 2, 3, None):
        seen = s.view(other)["players"][1]
        assert seen["face_down"] == {"notes": 1, "gangsters": 1}
        assert seen["display"] == {"money": 0, "notes": [0] * 5, "gangsters": [0, 0, 0]}
        if other != s.to_act:
            assert GAME.public_action_name(s, ADD_GANGSTER0 + LOOKOUT, other) == "put a gangster face down"
    assert s.view(1)["players"][1]["face_down"]["notes_detail"] == [0, 0, 1, 0, 0]
    play(s, DONE)  # cannot be taken back: seat 1 is not asked again
    assert s.to_act == 3
    play(s, DONE, ADD_NOTE0)  # seat 3 adds nothing; seat 0's refresh, face up
    assert s.disp_n[0] == [1, 0, 0, 0, 0]
    assert s.down_n[1] == [0, 0, 1, 0, 0]  # still face down during the refresh
    play(s, DONE)
    assert s.disp_n[1] == [0, 0, 1, 0, 0] and s.disp_g[1] == [0, 0, 1]
    assert s.down_n[1] == [0] * 5 and s.down_g[1] == [0, 0, 0]
    assert s.view(3)["players"][1]["display"]["money"] == 5000
    assert s.active == 2  # the robbed player's turn
    assert GAME.inventory(s) == inv


def test_window_three_players_one_seat() -> None:
    # downtown-current-de.txt: "dürfen die Mitspieler* zusätzlich Geld und/oder Gangsterkarten in ihre
    # eigenen Auslagen legen [...] *(Mit Ausnahme desjenigen Spielers, der als nächster Spieler zum Spielzug
    # kommt"
    s = setup(3)
    phase3(s, 2, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    play(s, DONE)
    assert s.phase == WINDOW and s.queue == [0]


def test_window_asks_a_seat_with_nothing_to_add() -> None:
    # D11: "Every eligible seat is asked, even one with nothing to add: whether a seat has money is
    # secret, so skipping it would tell the table." Its only choice is "done".
    s = setup(4)
    phase3(s, 0, FOUR, 2)
    set_money(s, 1, 0)
    set_hand(s, 1, [0, 0, 0])
    play(s, DONE)
    assert s.phase == WINDOW and s.queue == [1, 3]
    assert s.legal_actions() == [DONE]


@pytest.mark.parametrize("edition", EDITIONS)
def test_window_adds_only_money_and_hand_gangsters(edition: str) -> None:
    # downtown-2013-en.txt: "all other players* may add money and/or gangster cards to their own display area"
    s = setup(4, edition)
    phase3(s, 0, FOUR, 2)
    set_display(s, 1)
    set_cash(s, 1, [0, 0, 0, 1, 0])
    set_hand(s, 1, [0, 2, 0])
    give_stooge(s, 1, 10)
    play(s, DONE)
    legal = s.legal_actions()
    assert ADD_GANGSTER0 + SAFECRACKER in legal
    assert ADD_GANGSTER0 + LOOKOUT not in legal and ADD_GANGSTER0 + SPY not in legal
    assert not any(a >= SHED_STOOGE0 for a in legal)  # no stooge card goes into a display
    notes = [a - ADD_NOTE0 for a in legal if ADD_NOTE0 <= a < ADD_GANGSTER0]
    # D1: the notes he holds, and in the current edition ("zu jeder Zeit des Spiels [...] umtauschen")
    # every smaller one he can get for his $10,000 at the bank, face down too (revised: before issue 15
    # a face-down note had to be one he held)
    assert notes == ([0, 1, 2, 3] if edition == "current" else [3])


@pytest.mark.parametrize("edition", EDITIONS)
def test_refresh_notes_by_exchange_in_the_current_edition_only(edition: str) -> None:
    # downtown-current-de.txt: "Die Spieler dürfen zu jeder Zeit des Spiels mit dem Geldvorrat der Bank
    # Geldscheine in kleinere oder größere Scheine umtauschen"; the 2013 text has no such rule (D1: face up,
    # the current edition's player may change notes to put down a note he does not hold).
    s = setup(4, edition)
    phase3(s, 0, FOUR, 2)
    set_cash(s, 0, [0, 0, 0, 1, 0])
    play(s, DONE)
    while s.phase == WINDOW:
        play(s, DONE)
    assert s.phase == REFRESH and s.to_act == 0
    inv = GAME.inventory(s)
    notes = [a - ADD_NOTE0 for a in s.legal_actions() if ADD_NOTE0 <= a < ADD_GANGSTER0]
    assert notes == ([0, 1, 2, 3] if edition == "current" else [3])
    if edition == "current":
        play(s, ADD_NOTE0 + 2)  # $5,000 face up: he changed his $10,000 at the bank
        assert s.disp_n[0] == [0, 0, 1, 0, 0] and value(s.cash[0]) == 5
        assert GAME.inventory(s) == inv


# == Phase 4: refresh ==============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_refresh_any_money_and_gangsters_face_up_or_nothing(edition: str) -> None:
    # downtown-2013-en.txt: "He may then add any amount of money from his money pile and any amount of
    # Gangster cards from his hand to the display area."
    # downtown-current-de.txt: "Der Spieler muss aber nichts auslegen."
    s = setup(3, edition)
    inv = GAME.inventory(s)
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    set_cash(s, 0, [2, 0, 1, 0, 0])
    set_hand(s, 0, [1, 0, 2])
    play(s, DONE, DONE)  # phase 3, the window (seat 2)
    assert s.phase == REFRESH and s.to_act == 0
    play(s, ADD_NOTE0 + 2, ADD_NOTE0, ADD_GANGSTER0 + SPY, ADD_GANGSTER0 + SPY)
    assert s.disp_n[0] == [1, 0, 1, 0, 0] and s.disp_g[0] == [0, 0, 2]
    for seat in (1, 2, None):
        assert s.view(seat)["players"][0]["display"]["gangsters"] == [0, 0, 2]
    play(s, DONE)
    assert s.active == 1
    assert GAME.inventory(s) == inv
    s = setup(3, edition)
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    play(s, DONE, DONE, DONE)  # nothing added
    assert s.disp_n[0] == [0] * 5 and s.disp_g[0] == [0, 0, 0] and s.active == 1


# == The hand limit ================================================================================


def test_2013_hand_limit_discard_or_display() -> None:
    # downtown-2013-en.txt: "Players may never have more than 7 cards in their hand at the end of their turn
    # (Gangster cards and Stoooge cards). If the current player has more than 7 cards, he must reduce them
    # down to 7 cards. Gangster cards can be placed into the player's own display area or on to the Gangster
    # card discard pile."
    s = setup(3, "2013")
    inv = GAME.inventory(s)
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    set_hand(s, 0, [5, 2, 1])
    give_stooge(s, 0, 10)
    play(s, DONE, DONE, DONE)
    assert s.phase == HANDLIMIT and s.to_act == 0
    legal = s.legal_actions()
    assert DONE not in legal
    assert {ADD_GANGSTER0 + k for k in range(3)} | {DISCARD_GANGSTER0 + k for k in range(3)} <= set(legal)
    assert SHED_STOOGE0 + 10 in legal
    discard = s.discard[:]
    play(s, DISCARD_GANGSTER0 + LOOKOUT)
    assert s.discard[LOOKOUT] == discard[LOOKOUT] + 1 and s.phase == HANDLIMIT
    play(s, ADD_GANGSTER0 + SAFECRACKER)
    assert s.disp_g[0] == [0, 1, 0]
    assert sum(s.hands[0]) + len(s.shand[0]) == 7
    assert s.active == 1  # at the limit: the turn ends by itself
    assert GAME.inventory(s) == inv


def test_current_hand_limit_gangsters_into_the_display() -> None:
    # downtown-current-de.txt: "Gangsterkarten dürfen dabei nicht auf den Gangsterkarten-Ablagestapel gelegt
    # werden, sondern müssen in die eigene Auslage gelegt werden."
    s = setup(3, "current")
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    set_hand(s, 0, [6, 2, 1])
    play(s, DONE, DONE, DONE)
    assert s.phase == HANDLIMIT
    legal = s.legal_actions()
    assert legal == [ADD_GANGSTER0 + LOOKOUT, ADD_GANGSTER0 + SAFECRACKER, ADD_GANGSTER0 + SPY]
    with pytest.raises(IllegalAction):
        s.apply(DISCARD_GANGSTER0 + LOOKOUT)
    play(s, ADD_GANGSTER0 + LOOKOUT, ADD_GANGSTER0 + LOOKOUT)
    assert s.disp_g[0] == [2, 0, 0] and s.active == 1


@pytest.mark.parametrize(("edition", "where"), [("2013", "out"), ("current", "under")])
def test_d26_shed_stooge_cards(edition: str, where: str) -> None:
    # downtown-current-de.txt: "Am Ende des eigenen Spielzuges darf der Spieler nicht mehr als 7 Handkarten
    # besitzen. (Gangster und Informanten)." (D26: a shed stooge card goes where sold stooge cards go, its
    # back not shown; a hand can be over the limit with stooge cards only)
    s = setup(3, edition)
    inv = GAME.inventory(s)
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    set_hand(s, 0, [0, 0, 0])
    for c in (9, 10, 11, 12, 13, 14, 15, 16):
        give_stooge(s, 0, c)
    play(s, DONE, DONE, DONE)
    assert s.phase == HANDLIMIT
    assert s.legal_actions() == [SHED_STOOGE0 + c for c in (9, 10, 11, 12, 13, 14, 15, 16)]
    play(s, SHED_STOOGE0 + 11)
    assert s.active == 1 and 11 not in s.shand[0]
    if where == "out":
        assert s.out_s == [11]
        assert s.view(1)["out_of_game"]["stooge_cards"] == [None]
    else:
        assert s.spiles[LUIGI][0] == 11
        assert s.view(1)["stooge_piles"][LUIGI]["cards"][-1] is None
    assert GAME.inventory(s) == inv


@pytest.mark.parametrize("edition", EDITIONS)
def test_villa_hand_limit_10(edition: str) -> None:
    # downtown-2013-en.txt: "A player who has a token at Don Massimo's Villa may - have up to 10 (instead of
    # 7) cards in his hand at the end of the own turn."
    # downtown-current-de.txt: "am Ende des Spielzuges bis zu 10 Handkarten besitzen"
    s = setup(3, edition)
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, GHETTO)}, 1)
    set_hand(s, 0, [6, 2, 1])
    give_stooge(s, 0, 10)
    assert s.view(1)["players"][0]["hand_limit"] == 10
    play(s, DONE, DONE, DONE)
    assert s.active == 1  # 10 cards: no hand limit step
    s = setup(3, edition)
    phase3(s, 0, {0: (DOWNTOWN, VILLA), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, GHETTO)}, 1)
    set_hand(s, 0, [7, 2, 2])
    play(s, DONE, DONE, DONE)
    assert s.phase == HANDLIMIT
    play(s, ADD_GANGSTER0 + LOOKOUT)
    assert s.active == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_hand_limit_only_at_the_end_of_ones_own_turn(edition: str) -> None:
    # downtown-2013-en.txt: "Players may never have more than 7 cards in their hand at the end of their turn"
    s = setup(3, edition)
    phase3(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA)}, 1)
    set_hand(s, 0, [2, 2, 1])
    set_hand(s, 2, [6, 3, 2])
    play(s, DONE, DONE, DONE)
    assert s.active == 1 and sum(s.hands[2]) == 11  # not seat 2's turn: nothing to shed


# == The next player ===============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_next_player_is_the_one_robbed_or_paid(edition: str) -> None:
    # downtown-current-de.txt: "Anschließend kommt derjenige Spieler zum Spielzug, den der Spieler während
    # Phase 2 entweder abkassiert oder den er bezahlt hat."
    s = setup(4, edition)
    begin_turn(s, 1, FOUR)
    rob(s, 3)
    while s.active == 1:
        s.apply(DONE if DONE in s.legal_actions() else s.legal_actions()[0])
    assert s.active == 3 and s.phase in (MOVE, ROBPAY)


# == Option turn_limit =============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_option_turn_limit(edition: str) -> None:
    # D29: "the rules have no turn limit, and the engine adds none" - the option turn_limit (not a rule of
    # either rulebook) ends the game after that many turns for simulations, the richest winning.
    s = setup(3, edition, turn_limit=2)
    for _ in range(2):
        assert not s.is_over
        rob(s, (s.active + 1) % 3)
        while s.phase not in (MOVE, ROBPAY, OVER):
            s.apply(DONE if DONE in s.legal_actions() else s.legal_actions()[0])
    assert s.phase == OVER and s.turn == 2
    money = [wealth(s, seat) for seat in range(3)]
    assert s.result().winners == tuple(i for i, m in enumerate(money) if m == max(money))
    assert s.legal_actions() == []


def test_turn_limit_default_none() -> None:
    # D29: no turn limit by default.
    s = setup(2)
    for _ in range(40):
        rob(s, 1 - s.active)
        while s.phase not in (MOVE, ROBPAY):
            s.apply(DONE if DONE in s.legal_actions() else s.legal_actions()[0])
    assert not s.is_over and s.turn == 41


# == Illegal actions ===============================================================================


def _positions() -> list[object]:
    """States at several kinds of step."""
    out = []
    s = new_state(3)
    out.append(s)  # placing
    s = new_state(3)
    play(s, PLACE0 + EAST_SIDE, PLACE0 + GHETTO, PLACE0 + WEST_SIDE, PLACE0 + BANK, PLACE0 + DOWNTOWN,
         PLACE0 + VILLA)
    out.append(s)  # opening bid
    s = setup(3)
    out.append(s)  # phase 2
    s = setup(3)
    phase3(s, 0, {0: (DOWNTOWN, WEST_SIDE), 1: (EAST_SIDE, BANK), 2: (GHETTO, VILLA)}, 1)
    out.append(s)  # phase 3
    s = setup(3)
    phase3(s, 0, {0: (DOWNTOWN, WEST_SIDE), 1: (EAST_SIDE, BANK), 2: (GHETTO, VILLA)}, 1)
    play(s, DONE)
    out.append(s)  # the window
    s = setup(3, "2013", turn_limit=1)
    rob(s, 0)
    while not s.is_over:
        s.apply(DONE if DONE in s.legal_actions() else s.legal_actions()[0])
    out.append(s)  # game over
    return out


@pytest.mark.parametrize("index", range(6))
def test_illegal_action_raises_and_changes_nothing(index: int) -> None:
    # Every step offers only the actions its rule allows; anything else is refused and changes nothing.
    s = _positions()[index]
    before, inv = snapshot(s), GAME.inventory(s)
    legal = set(s.legal_actions())
    bad = [*[a for a in range(NUM_ACTIONS) if a not in legal][:40], -1, NUM_ACTIONS, 10**6]
    for action in [*bad, True, 1.0, "done", None]:
        with pytest.raises(IllegalAction):
            s.apply(action)  # type: ignore[arg-type]
        assert snapshot(s) == before
    assert GAME.inventory(s) == inv


def test_illegal_wrong_seat_steps() -> None:
    # downtown-2013-en.txt: "Each player, except the starting player, places $1,000 to $3,000" - the starter
    # has no bid to make; bids are notes, not token moves.
    s = new_state(3)
    play(s, PLACE0 + EAST_SIDE, PLACE0 + GHETTO, PLACE0 + WEST_SIDE, PLACE0 + BANK, PLACE0 + DOWNTOWN,
         PLACE0 + VILLA)
    before = snapshot(s)
    for action in (PLACE0 + DOWNTOWN, ROB0 + 1, LOOK_STOOGE0, LOOK_FENCE0, PUT_TOP):
        with pytest.raises(IllegalAction):
            s.apply(action)
    assert snapshot(s) == before


# == What a view hides =============================================================================


@pytest.mark.parametrize("edition", EDITIONS)
def test_views_hide_other_seats_secrets(edition: str) -> None:
    # downtown-2013-en.txt: "Players keep their money secret from the other players." / "However players need
    # not give information about the kind of Gangster and Stoooge cards [...] they have." / "look at one of
    # the topmost Fence cards" / "glance at one of the topmost Stooge cards" (D30, 3.2)
    s = setup(4, edition)
    give_stooge(s, 1, 10)
    phase3(s, 0, {0: (EAST_SIDE, VILLA), 1: (DOWNTOWN, GHETTO), 2: (WEST_SIDE, BANK), 3: (DOWNTOWN, BANK)},
           2)
    play(s, LOOK_FENCE0 + 1, PUT_TOP if edition == "2013" else 59 + 1, DONE)  # a Villa look, no sale
    top = s.fpiles[1][-1]
    set_cash(s, 1, [2, 0, 1, 0, 0])
    set_hand(s, 1, [1, 1, 1])
    play(s, ADD_NOTE0 + 2, ADD_GANGSTER0 + SPY)  # seat 1 in the window
    for seat in (2, 3, None):
        view = s.view(seat)
        for other in (0, 1):
            p = view["players"][other]
            assert "cash" not in p and "gangsters" not in p and "stooge_cards" not in p
            assert "notes_detail" not in p["face_down"] and "gangsters_detail" not in p["face_down"]
        assert view["players"][1]["hand"] == {"gangsters": 2, "stooge_cards": 1}
        assert view["players"][1]["face_down"] == {"notes": 1, "gangsters": 1}
        shown = view["fence_piles"][1]["cards"][0]
        assert "cop" not in shown and "id" not in shown
        assert all(c is None for c in view["fence_piles"][1]["cards"][1:] if c != "casino")
        for pile in view["stooge_piles"]:
            assert "value" not in pile["cards"][0]
            assert all(c is None for c in pile["cards"][1:])
    own = s.view(1)["players"][1]
    assert own["cash"] == {"money": 2000, "notes": [2, 0, 0, 0, 0]}
    assert own["gangsters"] == [1, 1, 0]
    assert own["stooge_cards"][0]["value"] == 52000
    assert own["face_down"]["notes_detail"] == [0, 0, 1, 0, 0]
    assert s.view(0)["fence_piles"][1]["cards"][0]["id"] == top
    assert value(s.bank) * 1000 == s.view(2)["bank"]["money"]
