"""Downtown in an 80 x 24 terminal (issue 15, "Terminal play"): the board (`screen`), the rules of each
decision ('?', `rules_help`), two-step menus (`menu_choice`), token lists that name seats, and the
display's return at the start of a turn (D10) told in the log.

The generic test (tests/test_screen.py) plays random games; these build the worst cases by hand: four
players, every display full, face-down additions, cash in every note, a hand of stooge cards.
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from gangland.cli.common import shown
from gangland.cli.human import Menu, menu_rows
from gangland.engine import BOARD_ROWS, MENU_ROWS, SCREEN_WIDTH, Decision
from gangland.games.downtown.actions import ADD_NOTE0, DONE, OFFER0, PAY0, ROB0
from gangland.games.downtown.cards import BANK, DOWNTOWN, EAST_SIDE, GHETTO, VILLA, WEST_SIDE
from gangland.games.downtown.phases import HANDLIMIT, LOCATION, PHASE_NAMES, WINDOW
from gangland.games.downtown.render import narrate, render_view
from gangland.games.downtown.state import DowntownState

from .helpers import GAME, begin_turn, give_stooge, play, set_cash, set_display, set_hand, setup, to_phase2
from .test_render import with_secrets_changed

FULL_TABLE = {0: (DOWNTOWN, EAST_SIDE), 1: (WEST_SIDE, BANK), 2: (EAST_SIDE, VILLA), 3: (GHETTO, WEST_SIDE)}


def crowded(edition: str = "current") -> DowntownState:
    """Four players with the Villa rule, every display holding four notes and all three kinds, seat 0
    (to act, in phase 3 after robbing seat 1) with cash in every note and eight stooge cards."""
    s = setup(4, edition, villa=True)
    for seat in range(4):
        set_hand(s, seat, [0, 0, 0])
    for seat in (1, 2, 3):
        set_display(s, seat, [3, 2, 1, 1, 0], [1, 1, 1])
        set_hand(s, seat, [3, 0, 0])
    begin_turn(s, 0, FULL_TABLE)
    set_cash(s, 0, [4, 3, 2, 1, 1])
    set_hand(s, 0, [2, 1, 1])
    for card in (0, 3, 6, 9, 12, 15, 18, 21):
        give_stooge(s, 0, card)
    to_phase2(s)
    play(s, ROB0 + 1)
    assert s.phase == LOCATION and s.to_act == 0
    return s


def terminal(text: str, view: dict[str, object]) -> str:
    """Text of `view` as the terminal shows it: seats named "Seat N" from 1, "(you)" for the view's own."""
    seat = view["seat"]
    return shown(text, len(view["players"]), seat if isinstance(seat, int) else None)  # type: ignore[arg-type]


def check_fits(text: str, width: int = 80, rows: int = BOARD_ROWS) -> list[str]:
    lines = text.splitlines()
    assert len(lines) <= rows, "\n".join(lines)
    assert all(cell_len(line) <= width for line in lines), max(lines, key=cell_len)
    return lines


@pytest.mark.parametrize("edition", ["current", "2013"])
def test_the_crowded_table_fits_and_shows_what_phase_3_needs(edition: str) -> None:
    s = crowded(edition)
    view = s.view(0)
    lines = check_fits(terminal(GAME.screen(view, 80), view))
    text = "\n".join(lines)
    assert lines[0].startswith("phase 3: use a location · turn: Seat 1 (you)")
    for seat in range(4):
        assert re.search(rf"^[>* ] Seat {seat + 1}\b", text, re.MULTILINE), text
    assert re.search(r"^  Seat 3 +East\+Villa +\d+ +0 +\$22,000 +1 +1 +1$", text, re.MULTILINE), text
    assert re.search(r"You: cash \$[\d,]+ \(\$20k \+ \$10k \+ 3 x \$5k \+ 5 x \$2k \+ 6 x \$1k\)", text)
    # seat 0 stands at Downtown and the East Side: the market and the fences come first
    assert "Your stooge cards" in text and "Downtown: " in text and "Fence pile 2: " in text
    # what the screen leaves out is in the whole view ('more')
    assert "Known cards" in render_view(view) or "Fence piles" in render_view(view)


def test_the_screen_keeps_to_other_widths() -> None:
    view = crowded().view(0)
    for width in (60, 100, 132):
        lines = terminal(GAME.screen(view, width), view).splitlines()
        assert all(cell_len(line) <= width for line in lines), (width, max(lines, key=cell_len))
    assert len(GAME.screen(view, 132).splitlines()) <= BOARD_ROWS


def test_the_screen_is_built_from_the_view_only() -> None:
    # Another seat's secrets (its cash, hand kinds, stooge cards, face-down detail) never reach the screen.
    s = crowded()
    for seat in range(4):
        assert GAME.screen(s.view(seat)) == GAME.screen(with_secrets_changed(s, seat).view(seat))


def test_face_down_counts_and_the_window_fit() -> None:
    s = crowded()
    play(s, DONE)  # seat 0 ends phase 3: seats 2 and 3 may add face down (seat 1 is next)
    assert s.phase == WINDOW and s.to_act == 2
    play(s, ADD_NOTE0 + 0, ADD_NOTE0 + 1)
    lines = check_fits(terminal(GAME.screen(s.view(2)), s.view(2)))
    text = " ".join(" ".join(lines).split())
    assert "Face down in displays: Seat 3 (you) 2 notes, 0 cards" in text
    assert "your face-down display $2k + $1k" in text


@pytest.mark.parametrize("edition", ["current", "2013"])
def test_rules_help_for_every_phase(edition: str) -> None:
    # '?' gives a few lines on the present decision: non-empty, at most 12 lines of 80 columns.
    for name in PHASE_NAMES:
        view = crowded(edition).view(0)
        view["phase"] = name
        help_text = GAME.rules_help(view)
        lines = check_fits(help_text, 80, 12)
        assert lines and all(line.strip() for line in lines)
        exchange = "exchange at the bank" in help_text
        assert exchange == (edition == "current" and name in (
            "opening bid", "adding to displays face down", "phase 4: refresh the display",
            "casino: one note face down")), name
    view = crowded(edition).view(0)
    assert ("2nd casino card" in GAME.rules_help(view)) == (edition == "current")


def check_menu(state: DowntownState) -> dict[str, list[str]]:
    decision = Decision(GAME, state, state.to_act or 0, tuple(state.legal_actions()))
    names = [decision.action_name(a) for a in decision.legal_actions]
    assert menu_rows(names, 80) > MENU_ROWS, names
    groups: dict[str, list[str]] = {}
    for action in decision.legal_actions:
        choice = decision.menu_choice(action)
        assert choice is not None
        groups.setdefault(choice[0], []).append(choice[1])
    assert menu_rows(list(groups), 80) <= MENU_ROWS, list(groups)
    for group, items in groups.items():
        assert len(set(items)) == len(items), (group, items)
        assert menu_rows(items, 80) <= MENU_ROWS, (group, items)
    return groups


def test_phase_3_with_many_stooge_cards_asks_in_two_steps() -> None:
    s = crowded()
    offers = [a for a in s.legal_actions() if OFFER0 <= a < OFFER0 + 27]
    assert len(offers) >= 4
    groups = check_menu(s)
    assert "East Side: offer loot" in groups and "done" in groups
    assert all(re.match(r"(Frankie|Luigi|Joe)'s (money|jewellery|art) \$\d+k \(card \d+\)$", item)
               for item in groups["East Side: offer loot"])


def test_a_short_menu_asks_in_one_step() -> None:
    s = crowded()
    play(s, DONE)
    assert s.phase == WINDOW
    decision = Decision(GAME, s, s.to_act or 0, tuple(s.legal_actions()))
    assert Menu.of(decision, SCREEN_WIDTH).entries == list(decision.legal_actions)  # the terminal decides


def test_the_hand_limit_with_many_stooge_cards_asks_in_two_steps() -> None:
    s = crowded("2013")
    set_hand(s, 0, [3, 3, 3])
    play(s, DONE)
    while s.phase != HANDLIMIT:
        s.apply(DONE)
    groups = check_menu(s)
    assert "put away a stooge card unseen" in groups and "discard a gangster" in groups


def test_phase_1_moves_are_grouped_by_token() -> None:
    s = setup(2, "current")
    begin_turn(s, 0, {0: (DOWNTOWN, VILLA), 1: (GHETTO, GHETTO)})
    s._legal = None
    groups = check_menu(s)  # asserts the menu is too long for one step
    assert "move the token on Villa" in groups and "to West Side" in groups["move the token on Villa"]


def test_token_lists_say_seats() -> None:
    # Issue 15: "token lists say seats, not numbers that read as counts".
    s = crowded()
    text = terminal(render_view(s.view(0)), s.view(0))
    tokens = " ".join(text[text.index("Tokens:"):text.index("\nDowntown:")].split())
    assert "Downtown Seat 1 (you);" in tokens and "West Side Seat 2, Seat 4;" in tokens
    assert "Villa Seat 3" in tokens
    assert not re.search(r"\d,\d", tokens)
    screen = terminal(GAME.screen(s.view(0)), s.view(0))
    assert re.search(r"^  Seat 4 +Ghetto\+West ", screen, re.MULTILINE), screen


def test_the_display_going_back_to_the_hand_is_told() -> None:
    # D10: "at the start of each turn, the engine returns the active player's whole display to his money
    # and hand" -- the log says so, from the views before and after (issue 15).
    s = setup(2, "current")
    set_display(s, 1, [0, 0, 1, 0, 0], [0, 1, 0])
    begin_turn(s, 0, {0: (DOWNTOWN, GHETTO), 1: (WEST_SIDE, BANK)})
    set_cash(s, 0, [0, 0, 2, 0, 0])
    set_hand(s, 0, [1, 1, 0])
    to_phase2(s)
    play(s, PAY0 + 1)  # seat 1 is next, and his display stays where it is
    lines = []
    while s.active == 0:
        for seat in (0, 1):
            before = s.view(seat)
            actor = s.to_act
            assert actor is not None
            text = GAME.public_action_name(s, DONE, seat)
            after_state = s.clone()
            after_state.apply(DONE)
            lines.append((seat, shown(narrate(before, actor, text, after_state.view(seat)), 2)))
        s.apply(DONE)
    told = "Seat 2's turn begins: the display ($5,000 and 1 safecracker) goes back to the hand"
    assert [seat for seat, line in lines if line.endswith(told)] == [0, 1], lines
    assert s.cash[1][2] >= 1 and s.disp_n[1] == [0, 0, 0, 0, 0]
