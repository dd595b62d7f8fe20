"""Razzia! at the terminal (issue 15, "Terminal play"): the screen at a decision (80 x 24, the
board in BOARD_ROWS lines), the round-scoring table sized to the width, the auction's answers so far,
and the rules of each decision ('?')."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.cells import cell_len

from gangland.cli.common import shown
from gangland.cli.human import menu_rows
from gangland.engine import BOARD_ROWS, MENU_ROWS, SCREEN_WIDTH, seat_label
from gangland.games.razzia import GAME, RazziaState
from gangland.games.razzia.actions import COURT, DONE, PASS, bid_action, steal_action
from gangland.games.razzia.cards import (
    BODYGUARD,
    CAR,
    CASINO,
    CHAIN,
    DRIVER,
    FILM,
    GOLD,
    HORSE_RACING,
    NIGHT_CLUB,
    POLICE,
    REAL_ESTATE,
    RESTAURANT,
    RING,
    THIEF,
    TRANSPORTATION,
    TRINKETS,
    WATCH,
)
from gangland.games.razzia.phases import AUCTION, THIEF_USE
from gangland.games.razzia.render import RENDER_WIDTH, render_scores

from ..scale import many
from .helpers import (
    DENNIS,
    ELKE,
    FELIX,
    MIRIAM,
    draw,
    finish_round,
    give,
    new_state,
    play,
    set_cheques,
    set_row,
)


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def terminal(text: str, view: dict[str, Any]) -> str:
    """`text` of `view` as the terminal shows it: seats filled in, "(you)" for the view's seat."""
    return shown(text, view["players"], view["seat"])


def assert_fits(text: str, rows: int, width: int) -> None:
    lines = lines_of(text)
    assert len(lines) <= rows, f"{len(lines)} lines:\n{text}"
    assert text.isascii(), "screen.py measures text by len: one column a character"
    wide = [line for line in lines if cell_len(line) > width]
    assert not wide, f"wider than {width}:\n" + "\n".join(wide)


def finished(players: int, seed: int) -> RazziaState:
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- the round-scoring table ---------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5])
def test_the_round_scoring_table_fits_80_columns(players: int) -> None:
    # Issue 15: "Razzia!'s round-scoring table wraps every row at 80 columns with 4 or 5 players"
    # (columns of 14 for "Seat 2 (you)": 22 + 5 x 14 = 92 columns). Columns are headed by the seats'
    # letters, and a line names them (issue 31: names of any length fit no column).
    for seed in range(many(3, 30)):
        state = finished(players, seed)
        for seat in (None, *range(players)):
            view = state.view(seat)
            table = terminal(render_scores(view, SCREEN_WIDTH), view)
            assert_fits(table, 100, SCREEN_WIDTH)
            # one block: every seat's column side by side, and every scoring line once
            assert sum(line.startswith("TOTAL") for line in lines_of(table)) == 1
            total = next(line for line in lines_of(table) if line.startswith("TOTAL")).split()[1:]
            assert total == [str(score) for score in view["scores"]]
            names = ", ".join(f"{'ABCDE'[s]} {seat_label(s)}" + (" (you)" if s == seat else "")
                              for s in range(players))
            assert f"Columns: {names}" in " ".join(table.split())
            # what 'more' shows in its box on an 80-column terminal
            assert_fits(terminal(GAME.render(view), view), 100, RENDER_WIDTH)


@pytest.mark.parametrize("width", [28, 40, 60])
def test_a_narrow_round_scoring_table_splits_into_blocks_of_seats(width: int) -> None:
    state = finished(5, seed=3)
    view = state.view(2)
    table = terminal(render_scores(view, width), view)
    assert_fits(table, 200, width)
    headings = [line.split() for line in lines_of(table)
                if line.split() and set(line.split()) <= set("ABCDE")]
    seats = [label for heading in headings for label in heading]
    assert seats == ["A", "B", "C", "D", "E"]
    assert "Columns: A Seat 1, B Seat 2, C Seat 3 (you), D Seat 4, E Seat 5" in " ".join(table.split())
    totals = [value for line in lines_of(table) if line.startswith("TOTAL") for value in line.split()[1:]]
    assert totals == [str(score) for score in view["scores"]]
    if width < 50:
        assert len(headings) > 1  # split, not cut


# -- the screen ----------------------------------------------------------------------------------

def worst_case(players: int = 5) -> RazziaState:
    """Most players, the longest lot names in a full row, estates holding nearly every kind, three
    police: the fullest screen Razzia! can show."""
    state = new_state(players, seed=5)
    for seat in range(players):
        for kind in (*(t for t in TRINKETS if t != TRINKETS[seat % 5]), BODYGUARD, CAR, DRIVER, THIEF):
            give(state, seat, kind)
        if seat < 4:
            for kind in (CASINO, FILM, REAL_ESTATE, NIGHT_CLUB, RESTAURANT):
                give(state, seat, kind)
    give(state, 0, BODYGUARD, 3)
    give(state, 1, GOLD, 2)
    set_row(state, [TRANSPORTATION] * 3 + [HORSE_RACING] * 3)
    for _ in range(3):  # police auctions nobody bids in: the row stays, the police count grows
        draw(state, POLICE)
        while state.phase == AUCTION:
            state.apply(PASS)
    draw(state, TRANSPORTATION)  # the 7th lot: a full-row auction
    assert state.phase == AUCTION and len(state.row) == 7
    return state


def test_the_fullest_five_player_screen_fits_and_shows_the_table() -> None:
    state = worst_case()
    state.apply(bid_action(state.up[state.to_act][0]))
    state.apply(PASS)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    text = terminal(GAME.screen(view, SCREEN_WIDTH), view)
    assert_fits(text, BOARD_ROWS, SCREEN_WIDTH)
    lines = lines_of(text)
    # the police count, the centre cheque and the cards left
    assert f"police {view['police']}/7" in lines[0] and f"centre cheque {view['centre_cheque']}" in lines[0]
    assert f"cards left {sum(view['piles'])}" in lines[0]
    # the row of lots, every lot named
    lots = " ".join(line for line in lines if "Lots" in line or line.startswith("    "))
    assert all(name in lots for name in ("transportation", "horse racing"))
    assert "Lots 7/7" in text
    # whose auction it is and the answers so far
    assert "Full-row auction" in text
    # one line per player, each with its cheques (open, and won face down in brackets)
    for s, info in enumerate(view["seats"]):
        row = next(line for line in lines if line[2:].startswith(f"{seat_label(s)} "))
        assert " ".join(str(c) for c in info["open_cheques"]) in row
        assert row.startswith(">") == (s == seat)


def test_empty_places_in_the_row_are_shown() -> None:
    # razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal auction":
    # the places left before it matter, so the screen shows them.
    state = new_state()
    set_row(state, [WATCH, CAR])
    assert "Lots 2/7: watch, car, _, _, _, _, _" in GAME.screen(state.view(0))


def test_the_estate_line_shows_the_counts_that_score() -> None:
    # razzia.txt, "Scoring for the first two rounds": bodyguards most/fewest, cars only with a
    # driver, trinkets by different kinds, thieves and gold per card; businesses by kind and triples.
    state = new_state()
    give(state, FELIX, RING, 2)
    give(state, FELIX, WATCH)
    give(state, FELIX, CHAIN, 3)
    give(state, FELIX, CAR)
    give(state, FELIX, DRIVER, 3)
    give(state, FELIX, BODYGUARD, 4)
    give(state, FELIX, THIEF, 2)
    give(state, FELIX, GOLD)
    give(state, FELIX, CASINO, 3)
    give(state, FELIX, RESTAURANT, 4)
    text = terminal(GAME.screen(state.view(FELIX)), state.view(FELIX))
    row = next(line for line in lines_of(text) if line[2:].startswith(f"{seat_label(FELIX)} (you) "))
    cells = row[2:].split()
    # seat (you), score, cheques 4 8 11, guard, car, drv, thief, gold, trinkets, businesses, now
    assert cells == ["Seat", "3", "(you)", "0", "4", "8", "11", "4", "1", "3", "2", "1", "RW.C.", "3.....4",
                     "+21"]
    # now: thieves 4 + most bodyguards 5 + car and drivers 4 + three trinkets 5 + gold 3 = 21
    assert "RWBCD ring watch brooch chain diamond" in text
    assert "CTFHENR casino transport film horse racing real estate night club restaurant" in text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_now_is_what_the_round_scores_if_it_ends_now(players: int) -> None:
    # The 'now' column is the scoring of razzia.txt applied to the estates as they lie: the last
    # police card ends the round without changing them, so the round scores exactly that.
    for seed in range(many(3, 20)):
        state = new_state(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(30, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.phase != 0:
            continue
        state.police = state.police_limit - 1
        screen = terminal(GAME.screen(state.view(None)), state.view(None))
        now = [row.split()[-1] for row in lines_of(screen) if row[2:].startswith("Seat ")]
        rounds = len(state.round_scores)
        draw(state, POLICE)
        assert len(state.round_scores) == rounds + 1
        assert now == [f"{sum(points.values()):+d}" for points in state.round_scores[-1]]


def test_the_bids_so_far_are_on_the_screen_and_in_the_view() -> None:
    # razzia.txt: "Miriam, begins the normal auction and offers a 7.000 cheque. Felix passes. Elke
    # offers a 9.000 cheque. Dennis, the last player passes." Bids are made in front of everyone.
    state = new_state()
    set_row(state, [WATCH, CAR, BODYGUARD])
    draw(state, POLICE)
    play(state, bid_action(7), PASS)
    view = state.view(ELKE)
    assert view["auction"]["bids"] == [[MIRIAM, 7]]
    assert view["auction"]["order"] == [MIRIAM, FELIX, ELKE, DENNIS]
    text = " ".join(terminal(GAME.screen(view), view).split())
    assert "Normal auction (Seat 1 drew police): top bid takes the lots and cheque 1" in text
    assert "bids in turn: Seat 2 bid 7, Seat 3 passed, Seat 4 (you) to bid, Seat 1 waiting" in text
    assert "To act: Seat 4 (you), bid above 7 or pass." in text
    more = " ".join(terminal(GAME.render(view), view).split())
    assert "bids in turn: Seat 2 bid 7, Seat 3 passed, Seat 4 (you) to bid, Seat 1 waiting" in more


def test_a_seat_that_cannot_outbid_is_shown_skipped() -> None:
    # docs/rules/razzia.md, "Players who cannot outbid are skipped": the screen says so, not "passed".
    state = new_state()
    set_cheques(state, FELIX, [4])
    draw(state, POLICE)
    state.apply(bid_action(7))  # Miriam; Felix holds nothing above 7 and is not asked
    assert state.to_act == ELKE
    text = " ".join(terminal(GAME.screen(state.view(ELKE)), state.view(ELKE)).split())
    assert "bids in turn: Seat 2 bid 7, Seat 3 can't beat, Seat 4 (you) to bid, Seat 1 waiting" in text


def test_the_court_caller_is_told_he_must_bid() -> None:
    # razzia.txt: "If all previous players pass, the last player to bid (the one that called the
    # auction) must bid."
    state = new_state()
    state.apply(COURT)
    caller = state.a_caller
    while state.to_act != caller:
        state.apply(PASS)
    text = terminal(GAME.screen(state.view(caller)), state.view(caller))
    assert f"Court auction called by {seat_label(caller)} (you)" in text
    assert "all others passed, so the caller must bid (any cheque)" in text
    assert "the caller must bid" in GAME.rules_help(state.view(caller))


def test_the_screen_is_built_from_the_view_only() -> None:
    # What the screen shows comes from the seat's view: the same after a JSON round trip, and the
    # same for every re-deal of the unseen cards.
    for seed in range(many(2, 10)):
        state = new_state(4, seed=seed, cheque_sets="shuffled")
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            text = GAME.screen(view)
            assert GAME.screen(json.loads(json.dumps(view))) == text
            assert GAME.rules_help(json.loads(json.dumps(view))) == GAME.rules_help(view)
            assert GAME.screen(state.determinize(seat, rng).view(seat)) == text
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("width", [40, 60, 100, 132])
def test_other_widths_are_a_best_effort_within_the_width(width: int) -> None:
    state = worst_case()
    view = state.view(state.to_act)
    assert_fits(terminal(GAME.screen(view, width), view), 60, width)


# -- menus -----------------------------------------------------------------------------------------

def test_the_longest_menus_fit_in_one_step() -> None:
    # A turn with a thief and six different kinds in the row, thieves with five kinds left to take,
    # and an auction with four cheques: Razzia!'s menus are short, so none asks in two steps.
    state = new_state(3)
    seat = state.turn
    give(state, seat, THIEF, 2)
    set_row(state, [TRANSPORTATION, HORSE_RACING, REAL_ESTATE, NIGHT_CLUB, RESTAURANT, CASINO])
    menus = [[GAME.action_name(state, a) for a in state.legal_actions()]]
    assert len(menus[0]) == 8
    state.apply(steal_action(CASINO))
    assert state.phase == THIEF_USE
    menus.append([GAME.action_name(state, a) for a in state.legal_actions()])
    assert len(menus[1]) == 6
    state.apply(DONE)
    draw(state, POLICE)
    assert state.phase == AUCTION
    menus.append([GAME.action_name(state, a) for a in state.legal_actions()])
    assert len(menus[2]) == 5  # pass and four cheques
    for names in menus:
        assert menu_rows(names, SCREEN_WIDTH) <= MENU_ROWS, names
    assert all(GAME.menu_choice(state, a) is None for a in state.legal_actions())


# -- rules help ('?') --------------------------------------------------------------------------------

STEAL_THIEF = steal_action(THIEF)


def help_of(state: RazziaState, seat: int | None = None) -> str:
    view = state.view(state.to_act if seat is None else seat)
    text = terminal(GAME.rules_help(view), view)
    assert_fits(text, 12, 80)
    assert text.strip()
    return " ".join(text.split())  # the wrapped lines as one text


def test_rules_help_for_a_turn() -> None:
    # razzia.txt, "Each player chooses 1 of 3 actions": Action A draws, B uses thieves, C calls a
    # court auction; "[If this is the seventh policeman, the round ends immediately.]"
    state = new_state()
    text = help_of(state)
    assert "- draw a card" in text and "- call a court auction" in text and "steal" not in text
    assert "police card 7 ends the round at once" in text
    give(state, state.turn, THIEF)
    assert "steal" not in help_of(state)  # a thief but nothing to take
    set_row(state, [WATCH])
    assert "- steal <card>: a thief from your estate takes that lot" in help_of(state)
    turn = state.view(state.turn)
    assert "draw a card, call a court auction or use a thief." in terminal(GAME.screen(turn), turn)
    strict_thief = new_state(thief_takes_thief=False)
    give(strict_thief, strict_thief.turn, THIEF)
    set_row(strict_thief, [THIEF])
    assert "steal" not in help_of(strict_thief)  # docs/rules/razzia.md, "A thief taking a thief"
    assert STEAL_THIEF not in strict_thief.legal_actions()
    two = new_state(2)
    assert "police card 5 ends the round" in help_of(two)  # "Variant for two players": the fifth
    strict = new_state(court_on_empty_row=False)
    assert "only with lots on the table" in help_of(strict)


@pytest.mark.parametrize(("kind", "if_all_pass"), [
    # razzia.txt: "If all players pass in a normal auction, then all the cards remain lying on the table"
    ("normal", "If all pass, the lots stay on the table."),
    # razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal auction.
    # If no one bids then all the booty cards are discarded to the box."
    ("full row", "If all pass, the lots go to the box."),
    # razzia.txt: "If all previous players pass, the last player to bid ... must bid."
    ("court", "If all pass, the caller must bid."),
])
def test_rules_help_for_each_auction(kind: str, if_all_pass: str) -> None:
    state = new_state()
    if kind == "normal":
        draw(state, POLICE)
    elif kind == "full row":
        set_row(state, [RING] * 4 + [CAR, CAR])
        draw(state, BODYGUARD)
    else:
        state.apply(COURT)
    assert state.view(None)["auction"]["kind"] == kind
    text = help_of(state)
    assert if_all_pass in text
    # razzia.txt: "Whoever bids the highest cheque takes all the booty cards ... takes the current
    # cheque on the table and places it face down"
    assert "- bid N" in text and "centre cheque (1)" in text and "face down" in text
    assert "- pass" in text
    state.apply(bid_action(state.up[state.to_act][0]))
    assert f"above the high bid, {state.a_bid}" in help_of(state)


def test_rules_help_while_using_thieves() -> None:
    # razzia.txt: "If he has several thieves, these may all be used at once. All thieves used this
    # way are discarded."
    state = new_state()
    give(state, state.turn, THIEF, 2)
    set_row(state, [WATCH, CAR])
    state.apply(steal_action(WATCH))
    text = help_of(state)
    assert "1 of those you began the turn with" in text
    assert "- steal <card>: take any lot" in text and "- stop stealing" in text
    assert "any lot but a thief" in help_of(_thief_turn(thief_takes_thief=False))


def _thief_turn(**options: Any) -> RazziaState:
    state = new_state(**options)
    give(state, state.turn, THIEF, 2)
    set_row(state, [WATCH, CAR])
    state.apply(steal_action(WATCH))
    return state


def test_rules_help_at_the_end() -> None:
    state = new_state()
    for _ in range(3):
        finish_round(state)
    assert state.is_over
    assert "the tied player with the highest single cheque wins" in help_of(state, 0)
    assert GAME.screen(state.view(0)).splitlines()[-1] == "The game is over: 'more' shows the scores."
    assert_fits(terminal(GAME.screen(state.view(0)), state.view(0)), BOARD_ROWS, SCREEN_WIDTH)


def test_more_keeps_the_whole_view() -> None:
    # 'more' (render) says in words what the screen abbreviates: every estate card by name, the
    # answers so far, the unseen cards and the last auction.
    state = worst_case()
    state.apply(PASS)
    view = state.view(MIRIAM)
    text = terminal(GAME.render(view), view)
    assert_fits(text, 60, RENDER_WIDTH)
    for name in ("ring", "watch", "chain", "diamond", "casino", "film", "real estate", "night club",
                 "restaurant", "gold coins 2"):
        assert name in text
    assert "bids in turn:" in text and "passed" in text
    assert "Unseen cards:" in text and "police" in text
    assert "Seat 2 (you)" in text
