"""Supergang at an 80 x 24 terminal (issue 15, "Terminal play"): the screen of a decision (the whole map
with its pieces, then the decision and the money), the map's coordinates and shop ids agreeing with the
names in actions and the log, the rules of each decision ('?'), and the two-step menus of long lists.
The generic checks of every game are tests/test_screen.py; these are Supergang's own, worst cases first.
"""

from __future__ import annotations

import random
import re
from typing import Any

from rich.cells import cell_len

from gangland.cli.human import Menu, menu_rows
from gangland.engine import BOARD_ROWS, MENU_ROWS, SCREEN_WIDTH, Decision
from gangland.games.supergang import GAME
from gangland.games.supergang.actions import CHAR0, DEST0, KILL0, VAMP0, action_text
from gangland.games.supergang.board_file import load_board
from gangland.games.supergang.movement import move_options
from gangland.games.supergang.phases import ACT, ARRESTED, MOVE, PHASE_NAMES
from gangland.games.supergang.render_map import MAP_KEY, OWNER_MARK, map_cell, map_lines
from gangland.games.supergang.screen import menu_choice
from gangland.games.supergang.state import SupergangState

from ..scale import many
from .test_fights import at_round
from .test_fights import new as new_alive
from .test_render import contract_view, terminal
from .test_state import new

BOARD = load_board()
NAME = re.compile(r"\b(s\d\d_\d\d|[A-Z]\d)\b")
"""A square (s05_12) or shop id (R1) in an action's name or an event."""


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def fits(text: str, rows: int = BOARD_ROWS, width: int = SCREEN_WIDTH) -> None:
    lines = lines_of(text)
    assert len(lines) <= rows, f"{len(lines)} lines:\n{text}"
    assert all(cell_len(line) <= width for line in lines), text


def crowded_view() -> dict[str, Any]:
    """The worst case: five seats (the police variant), every character and both patrols on the board,
    crowded squares, shops and places, every shop owned or racketed, four-digit money, a long phase."""
    view = contract_view()
    view["players"], view["police_seat"], view["cops_owner"] = 5, 4, None
    shops = sorted(BOARD.shops)
    view["shops"] = {s: {"owner": i % 4, "racket": -1} if i % 3 else {"owner": -1, "racket": i % 4}
                     for i, s in enumerate(shops)}
    spots = ["s25_04", "s25_04", "s25_04", "R1", "R1", "B2", "clinic", "clinic", "clinic", "clinic",
             "clinic", "graveyard"]
    for g, gang in enumerate(view["gangs"]):
        gang["money"] = 1000 + g
        for r, char in enumerate(gang["characters"].values()):
            char["at"] = spots[3 * g + r]
    view["patrols"] = [{"at": "s25_04", "from": None, "die": 6, "returns_with": None},
                       {"at": "B2", "from": None, "die": 5, "returns_with": None}]
    view["phase"], view["actor"], view["to_act"], view["round"] = PHASE_NAMES[ARRESTED], "patrol 2", 1, 188
    view["arrested"] = "⟨s1⟩'s killer"
    return view


def test_the_worst_case_screen_fits_and_keeps_the_whole_map() -> None:
    # Issue 15: "On the screen the map must be there whole (it is the board), with the pieces, plus the
    # few lines the decision needs (whose turn, dice, money)".
    view = crowded_view()
    text = terminal(GAME.screen(view, SCREEN_WIDTH), view)  # as the terminal shows it
    fits(text)
    lines = lines_of(text)
    assert lines[:14] == map_lines(view)  # the header and all 13 rows
    assert len(lines) == 1 + BOARD.height + 2
    assert lines[14] == "Round 188, Seat 2 (you): its killer at R1 is arrested: surrender or rebel?"
    assert "money/shops: 1 $1000/" in lines[15] and "4 $1003/" in lines[15]  # gangs by their digits
    assert map_cell(lines, 25, 4).strip() == "+4"  # three gangsters and a patrol, on the last column
    assert map_cell(lines, 1, 2) == "^+2"  # 2K and 2V in R1, the shop above its yard
    assert map_cell(lines, 16, 2) == "^+2"  # 2D and patrol p in B2
    clinic = [map_cell(lines, x, y) for x, y in ((7, 5), (8, 5), (7, 7), (8, 7))]
    assert clinic == ["v3K", "v3V", "^3d", "^+2"]  # five in the clinic (3d vamped): 4 slots, the last "+2"
    for width in (60, 120):  # other widths: a best effort within the width
        assert all(cell_len(line) <= width for line in lines_of(terminal(GAME.screen(view, width), view)))
    assert len(lines_of(GAME.screen(view, 120))) <= BOARD_ROWS


def test_square_names_agree_with_the_coordinates_on_the_edges() -> None:
    # Issue 15: "squares and shops named in the options and the log must be findable on the map
    # (coordinates on the edges ...)": s05_12 is under the column number 05 and beside the row number 12.
    lines = map_lines({})  # the empty board
    header = lines[0]
    for square in BOARD.squares.values():
        x, y = (int(n) for n in re.fullmatch(r"s(\d\d)_(\d\d)", square.id).groups())  # type: ignore[union-attr]
        assert (x, y) == (square.x, square.y)
        assert header[3 + 3 * x:5 + 3 * x].strip() == str(x)
        assert lines[1 + y][:2] == f"{y:02d}"
        assert map_cell(lines, x, y).strip() in (".", "o", "=")  # the cell under both is the square
    assert "s05_12 is column 05" in MAP_KEY[0]


def test_every_square_and_shop_in_the_actions_and_the_log_is_on_the_map() -> None:
    # Issue 15: "... and shop letters on the map (each shop named in actions/log carries an id that is
    # drawn on the map)". Random games: every name an action or an event uses is at its cell.
    for seed in range(many(2, 10)):
        state = GAME.new_game(4, seed, {"turn_limit": 6})
        rng = random.Random(seed)
        while state.to_act is not None:
            view = state.view(state.to_act)
            lines = lines_of(GAME.screen(view))
            texts = [GAME.action_name(state, a) for a in state.legal_actions()] + list(view["events"])
            for name in {n for text in texts for n in NAME.findall(text)}:
                if name in BOARD.shops:
                    shop = BOARD.shops[name]
                    assert map_cell(lines, shop.x, shop.y)[:2] == name
                else:
                    square = BOARD.squares[name]
                    column = lines[0][3 + 3 * square.x:5 + 3 * square.x].strip()
                    assert column == str(int(name[1:3])) and lines[1 + square.y][:2] == name[4:6]
            state.apply(rng.choice(state.legal_actions()))


def test_owners_and_rackets_are_marked_on_the_shops() -> None:
    view = crowded_view()
    lines = map_lines(view)
    for shop_id, info in view["shops"].items():
        shop = BOARD.shops[shop_id]
        mark = map_cell(lines, shop.x, shop.y)[2]
        if info["owner"] >= 0:  # (a gang's digit is its seat counted from 1)
            assert mark == str(info["owner"] + 1).translate(OWNER_MARK)
        else:
            assert mark == "\u2081\u2082\u2083\u2084"[info["racket"]]


def test_the_screen_says_who_moves_with_which_die() -> None:
    s = new()
    s.apply(CHAR0 + 1)  # seat 0's vamp, from the jail
    assert s.phase == MOVE
    decision = terminal(GAME.screen(s.view(0)), s.view(0)).splitlines()[14]
    assert decision.startswith(f"Round 1, Seat 1 (you): its vamp in the jail (die {s.dice[1]}): where")
    money = GAME.screen(s.view(0)).splitlines()[15]
    assert money == "money/shops: 1 $0/0, 2 $0/0, 3 $0/0, 4 $0/0 \u00b7 bank $1320 \u00b7 cops for sale"


def test_rules_help_for_every_decision() -> None:
    # "'?' or 'help' shows the rules summary for the present decision": at most 12 lines of 80 columns,
    # the decision's own rules first, the map's key last; values from the view's options.
    view = contract_view()
    for phase in PHASE_NAMES:
        text = GAME.rules_help({**view, "phase": phase})
        fits(text, rows=12)
        assert lines_of(text)[-len(MAP_KEY):] == list(MAP_KEY)
        assert len(lines_of(text)) > len(MAP_KEY)
    act = GAME.rules_help({**view, "phase": PHASE_NAMES[ACT], "options": {"recruit_price": 0}})
    act = " ".join(act.split())
    assert "stick up" in act and "($0 to the bank" in act and "for 3 turns" in act
    cops = GAME.rules_help({**view, "phase": "buy the cops?", "options": {"cop_price": 200}})
    assert cops.startswith("Price: $200.")


def long_move() -> SupergangState:
    """A killer on a crossing with a die of 6: 18 stops, too many for a five-line menu."""
    s = new()
    s.pos[0], s.prev[0], s.dice[0] = "s15_08", None, 6
    s._legal = None
    s.apply(CHAR0)
    assert s.phase == MOVE
    return s


def test_a_long_move_asks_the_place_then_the_side() -> None:
    # Issue 15: "Choose in two steps where a list gets long (... Supergang: character, then square)":
    # the character is its own decision; its stops group by place, then the side entered from.
    s = long_move()
    legal = s.legal_actions()
    names = [action_text(s, a) for a in legal]
    assert menu_rows(names, SCREEN_WIDTH) > MENU_ROWS
    groups: dict[str, list[str]] = {}
    for action in legal:
        choice = GAME.menu_choice(s, action)
        assert choice is not None
        assert action_text(s, action) == f"stop at {choice[0]} {choice[1]}"
        groups.setdefault(choice[0], []).append(choice[1])
    assert menu_rows(list(groups), SCREEN_WIDTH) <= MENU_ROWS
    assert any(len(items) > 1 for items in groups.values())
    for items in groups.values():
        assert len(set(items)) == len(items) and all(i.startswith("from the ") for i in items)
    assert all(a >= DEST0 for a in legal)


def test_a_short_menu_is_one_step() -> None:
    # The game gives groups for any legal action (Game.menu_choice); the terminal's Menu.of alone
    # decides that a menu fitting MENU_ROWS lines needs no second step.
    s = new()
    legal = s.legal_actions()
    assert all(menu_choice(s, a) is not None for a in legal) and s.to_act is not None
    menu = Menu.of(Decision(GAME, s, s.to_act, tuple(legal)), SCREEN_WIDTH)
    assert menu.entries == list(legal)  # three characters to pick, in one step


def test_a_crowded_stop_groups_attacks_and_vamping() -> None:
    # Four gangs on one square in round 4: the killer... and the vamp may attack or vamp any of nine.
    s = at_round(new_alive(), 4)
    for c in range(12):
        s.pos[c] = "s02_04"
    s.pos[1] = "s01_04"
    s.dice[1], s.prev[1], s._legal = 1, None, None
    s.apply(CHAR0 + 1)
    s.apply(next(a for a, m in move_options(s, 1).items() if m.end == "s02_04"))
    assert s.phase == ACT
    legal = s.legal_actions()
    decision = Decision(GAME, s, 0, tuple(legal))
    assert menu_rows([decision.action_name(a) for a in legal], SCREEN_WIDTH) > MENU_ROWS
    choices = {a: GAME.menu_choice(s, a) for a in legal}
    assert choices[KILL0 + 3] == ("attack", "⟨s1⟩'s killer")
    assert choices[VAMP0 + 5] == ("vamp", "⟨s1⟩'s dealer")
    groups = {c[0] for c in choices.values() if c is not None}
    assert {"attack", "vamp", "done", "coward attack"} <= groups
    assert menu_rows(sorted(groups), SCREEN_WIDTH) <= MENU_ROWS
