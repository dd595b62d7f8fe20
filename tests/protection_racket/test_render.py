"""Protection Racket's terminal rendering and narration, from views of real games and of set positions.

The rendering is the city grid (3 x 3 for two players, 4 x 3 for three or four): each row of cells opens
with a rule holding each site's label, colour and revenue, then the sites' full names (issue 15: "no
site name cut short"), then who is on them, the controller in brackets; then the notation, every site's
text with its holder and what it pays now, the Hired Muscle's whereabouts, a row per seat (money,
hideout, supply; "(you)" for the viewer) and what is asked of whom, or who won. It is built from the view
alone: a view sent through JSON renders the same, and a spectator's view renders too.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gangland.cli.common import shown
from gangland.engine import seat_ref
from gangland.games import get
from gangland.games.protection_racket import ProtectionRacketState
from gangland.games.protection_racket.mobsters import HIDEOUT, NEUTRAL
from gangland.games.protection_racket.phases import OVER, PICK
from gangland.games.protection_racket.render import GANG_MARKS, LEGEND, narrate, render_view

GAME = get("protection-racket")
WIDTH = 76
"""The rendering fits the terminal's box for 'more' (80 columns less its border)."""
GRID = {2: (3, 3), 3: (4, 3), 4: (4, 3)}
"""Columns and rows of the city by player count."""

Step = tuple[ProtectionRacketState, int, int, ProtectionRacketState]
"""(state before, actor, action, state after)."""


def new(players: int, seed: int = 1, **options: Any) -> ProtectionRacketState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, ProtectionRacketState)
    return state


def play(players: int, seed: int, **options: Any) -> Iterator[Step]:
    """The steps of one game of random play, each with clones of the states before and after it."""
    state = new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        before = state.clone()
        actor = state.to_act
        assert actor is not None
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, actor, action, state.clone()


def grid(text: str) -> list[list[list[str]]]:
    """The grid's cells: rows of cells, each the list of its lines (stripped): the rule's label, colour
    and revenue, the name, then the mobsters (one line, or two where they do not fit)."""
    rows: list[list[list[str]]] = []
    for line in text.splitlines()[1:]:
        if "┬" in line or "┼" in line:
            rows.append([[head.rstrip("─").strip()] for head in re.split("[┬┼]", line)])
        elif "│" in line and rows:
            parts = line.split("│")
            assert len(parts) == len(rows[-1]), line
            for cell, part in zip(rows[-1], parts, strict=True):
                cell.append(part.strip())
        elif rows:
            break
    return rows


def cell_of(text: str, view: dict[str, Any], site: int) -> list[str]:
    row, col = divmod(site, view["columns"])
    return grid(text)[row][col]


def seat_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\[[RYGP]\] Seat \d", line)]


def terminal(text: str, view: dict[str, Any]) -> str:
    """`text` of `view` as the terminal shows it: seats named "Seat N" from 1, "(you)" for the view's own."""
    return shown(text, view["players"], view["seat"])


def check_rendering(state: ProtectionRacketState, seat: int | None) -> str:
    """Render `seat`'s view and check what every rendering shows (as the terminal shows it)."""
    view = state.view(seat)
    text = terminal(render_view(view), view)
    lines = text.splitlines()
    assert lines[0] == f"Protection Racket - round {view['round']} of {view['rounds']}, turn {view['turn']}"
    assert view["rounds"] == max(3, view["round"])  # a tie plays another round
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    columns, rows = GRID[state.players]
    # The grid: a rule opening each of `rows` rows of `columns` cells.
    rules = [line for line in lines if "┬" in line or "┼" in line]
    assert len(rules) == rows and all(len(re.findall("[┬┼]", rule)) == columns - 1 for rule in rules)
    assert lines[1] == rules[0]
    cells = grid(text)
    assert len(cells) == rows and all(len(row) == columns for row in cells)
    listed = " ".join(text.split())
    assert LEGEND in lines
    for site in view["city"]:
        cell = cells[site["site"] // columns][site["site"] % columns]
        tail = " closed" if site["closed"] else (f" ${site['revenue']}" if site["revenue"] else "")
        assert cell[0] == f"{site['label']} {site['colour']}{tail}"
        assert cell[1] == site["name"]  # whole: issue 15, "no site name cut short"
        # Every site's label, full name, colour and text below the grid.
        assert f"{site['label']} {site['name']} ({site['colour']}" in listed
        assert " ".join(site["text"].split()) in listed
        # Mobsters: a seat letter and its standing count, '+Nv' for lying ones; the controller's in brackets.
        marks = " ".join(cell[2:]).replace("[", "").replace("]", "").split()
        for gang, (up, down) in enumerate(zip(site["standing"], site["lying"], strict=True)):
            mark = f"{GANG_MARKS[gang]}{up}" + (f"+{down}v" if down else "")
            if up or down:
                assert mark in marks, (mark, cell)
            else:
                assert not any(m.startswith(GANG_MARKS[gang]) for m in marks), cell
        control = site["controller"]
        bracketed = re.findall(r"\[([^]]+)\]", " ".join(cell[2:]))
        if control < 0:
            assert not bracketed, cell
        else:
            assert len(bracketed) == 1 and bracketed[0].startswith(
                "HM:pink" if control == 4 else (GANG_MARKS[control], f"HM:{GANG_MARKS[control]}")), cell
            assert f"held by {'the free Hired Muscle' if control == 4 else GANG_MARKS[control]}" in listed
    # The seats: money, hideout, supply; "(you)" for the viewer only.
    seats = seat_rows(text)
    assert len(seats) == state.players
    for s, row in enumerate(seats):
        you = " (you)" if s == seat else ""
        assert row == (f"[{GANG_MARKS[s]}] Seat {s + 1}{you}: ${view['money'][s]}, "
                       f"hideout {view['hideout'][s]}, supply {view['supply'][s]}")
    assert ("(you)" in text) == (seat is not None)
    if state.is_over:
        assert lines[-1].startswith("Game over: ")
    else:
        to_act = view["to_act"]
        you = " (you)" if to_act == seat else ""
        assert listed.endswith(f"Seat {to_act + 1}{you} to act: {view['pending']['question']}")
    return text


# -- every view of real games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("city", ["random", "recommended"])
def test_every_view_of_every_seat_renders(players: int, city: str) -> None:
    steps = 0
    for before, actor, action, after in play(players, players * 10 + len(city), city=city):
        steps += 1
        for seat in (*range(players), None):
            check_rendering(after, seat)
        line = narrate(before.view(actor), actor, GAME.action_name(before, action), after.view(actor))
        assert line.startswith(seat_ref(actor))
    assert after.is_over and steps > 10
    text = terminal(render_view(after.view(None)), after.view(None))
    winners = after.result().winners
    names = ", ".join(f"Seat {w + 1}" for w in winners)
    assert text.splitlines()[-1] == f"Game over: {names} win{'s' if len(winners) == 1 else ''}."


def test_the_grid_is_three_by_three_for_two_players_and_four_by_three_for_more() -> None:
    for players, (columns, rows) in GRID.items():
        text = render_view(new(players).view(0))
        cells = grid(text)
        assert [len(row) for row in cells] == [columns] * rows
        labels = [cell[0].split()[0] for row in cells for cell in row]
        assert labels == [f"{'ABCD'[c]}{r + 1}" for r in range(rows) for c in range(columns)]


def test_render_is_built_from_the_view_alone() -> None:
    for *_, after in play(3, 5):
        if after.turn % 4:
            continue
        for seat in (0, 1, 2, None):
            view = after.view(seat)
            # A view sent over the wire (JSON) renders the same: nothing comes from the state.
            assert render_view(json.loads(json.dumps(view))) == render_view(view)
        # Everything is public: a seat's rendering is the spectator's but for "(you)" (where the terminal
        # fills it in: its lines may break elsewhere for it).
        spectator = render_view(after.view(None))
        mine = terminal(render_view(after.view(1)), after.view(1)).replace(" (you)", "")
        assert mine.split() == terminal(spectator, after.view(None)).split()
        # The hidden order of the draw piles changes nothing on the screen.
        twin = after.clone()
        for pile in twin.draw:
            pile.reverse()
        assert render_view(twin.view(None)) == spectator


# -- set positions ---------------------------------------------------------------------------------------


def test_mobster_counts_per_gang_and_lying_marks() -> None:
    state = new(3, 1)
    site = next(s for s in range(12) if not state.closed[s])
    state.stand[site][0], state.lie[site][0] = 2, 1
    state.stand[site][2] = 3
    state.lie[site][1] = 2
    state.hideout = [2, 3, 2]
    text = check_rendering(state, 0)
    cell = cell_of(text, state.view(0), site)
    assert cell[2].split() == ["[G3]", "R2+1v", "Y0+2v"]  # G controls: its entry first, in brackets


def test_a_held_site_says_what_it_pays_now() -> None:
    state = new(2, 1)
    site = next(s for s, f in enumerate(state.city) if state.faces[f].revenue and not state.closed[s])
    state.stand[site][1] = 1
    state.hideout[1] -= 1
    view = state.view(0)
    pays = view["city"][site]["revenue_now"]
    assert pays > 0
    text = render_view(view)
    assert cell_of(text, view, site)[2] == "[Y1]"
    name = view["city"][site]["name"]
    assert f"{view['city'][site]['label']} {name} (" in text
    assert f", held by Y, pays ${pays} now): " in " ".join(text.split())


def test_closed_sites_are_marked() -> None:
    for seed in range(40):
        state = new(4, seed)
        if any(state.closed):
            break
    view = state.view(2)
    text = check_rendering(state, 2)
    for site in view["city"]:
        assert cell_of(text, view, site["site"])[0] == f"{site['label']} {site['colour']}" + (
            " closed" if site["closed"] else (f" ${site['revenue']}" if site["revenue"] else ""))
    assert sum(site["closed"] for site in view["city"]) >= 1


def _with_muscle(players: int) -> ProtectionRacketState:
    for seed in range(100):
        state = new(players, seed)
        if state.muscle >= 0:
            return state
    raise AssertionError("no city with a Hired Muscle")


def test_the_hired_muscle_and_its_owner() -> None:
    state = _with_muscle(4)
    home = state.m_home
    name = terminal(GAME.render(state.view(None)), state.view(None))
    muscle = state.view(None)["muscle"]
    assert muscle is not None
    label = state.view(None)["city"][home]["label"]
    # Not recruited: on its card, pink.
    text = check_rendering(state, None)
    assert "[HM:pink]" in cell_of(text, state.view(None), home)[2].split()  # alone, it holds its card
    assert f"Hired Muscle: {muscle['name']}, not recruited, on {label}" in text.splitlines()
    assert name == text
    # Recruited by seat 3, in its hideout.
    state.m_owner, state.m_where = 3, HIDEOUT
    text = check_rendering(state, 3)
    assert not any("HM:" in " ".join(cell[2:]) for row in grid(text) for cell in row)
    assert f"Hired Muscle: {muscle['name']}, in the gang of Seat 4 (you), in its hideout" in text.splitlines()
    # Deployed by seat 3 onto another site, standing, then lying down.
    target = next(s for s in range(12) if s != home and not state.closed[s])
    target_label = state.view(None)["city"][target]["label"]
    state.m_where = target
    text = check_rendering(state, None)
    assert "[HM:P]" in cell_of(text, state.view(None), target)[2].split()
    assert f"Hired Muscle: {muscle['name']}, in the gang of Seat 4, on {target_label}" in text.splitlines()
    state.m_lying = True
    text = check_rendering(state, None)
    assert "HM:Pv" in cell_of(text, state.view(None), target)[2].split()  # lying, it holds nothing
    assert (f"Hired Muscle: {muscle['name']}, in the gang of Seat 4, on {target_label} lying down"
            in text.splitlines())
    # Gone from the table (removed in a war, before it is put back): no line about a site.
    state.m_owner, state.m_where, state.m_lying = NEUTRAL, -1, False
    text = render_view(state.view(None))
    assert not any("HM:" in " ".join(cell[2:]) for row in grid(text) for cell in row)


def test_no_hired_muscle_line_without_one() -> None:
    for seed in range(100):
        state = new(2, seed)
        if state.muscle < 0:
            break
    assert state.muscle < 0
    assert not any(line.startswith("Hired Muscle") for line in render_view(state.view(0)).splitlines())


def test_the_viewer_is_marked_and_a_spectator_is_nobody() -> None:
    state = new(4, 3)
    # Issue 31: the game writes no "(you)"; the terminal adds it to the seat of the person looking.
    for seat in range(4):
        rows = seat_rows(terminal(render_view(state.view(seat)), state.view(seat)))
        assert [row for row in rows if "(you)" in row] == [rows[seat]]
        assert rows[seat].startswith(f"[{GANG_MARKS[seat]}] Seat {seat + 1} (you): ")
        assert "(you)" not in render_view(state.view(seat))
    assert "(you)" not in terminal(render_view(state.view(None)), state.view(None))


def test_money_hideout_and_supply_rows() -> None:
    state = new(3, 2)
    state.money = [7, 0, 12]
    state.hideout = [1, 5, 0]
    state.supply = [2, 0, 3]
    rows = seat_rows(terminal(render_view(state.view(1)), state.view(1)))
    assert rows == ["[R] Seat 1: $7, hideout 1, supply 2",
                    "[Y] Seat 2 (you): $0, hideout 5, supply 0",
                    "[G] Seat 3: $12, hideout 0, supply 3"]


def test_game_over_line() -> None:
    state = new(3, 4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == OVER
    text = terminal(render_view(state.view(None)), state.view(None))
    winners = state.result().winners
    names = ", ".join(f"Seat {w + 1}" for w in winners)
    assert text.splitlines()[-1] == f"Game over: {names} win{'s' if len(winners) == 1 else ''}."
    assert "to act" not in text
    # A shared win reads "win", one winner "wins".
    view = state.view(None)
    view["result"] = {**view["result"], "winners": [0, 2]}
    assert terminal(render_view(view), view).splitlines()[-1] == "Game over: Seat 1, Seat 3 win."
    view["result"] = {**view["result"], "winners": [1]}
    assert terminal(render_view(view), view).splitlines()[-1] == "Game over: Seat 2 wins."


# -- narration -------------------------------------------------------------------------------------


def told(head: str, events: list[str]) -> str:
    """The narration of a step whose head is `head` and whose other events are `events`: one line, a
    sentence each, a sentence that repeats one before it saying "again"."""
    sentences = [head]
    for event in events:
        sentences.append(event + " again" if event in sentences else event)
    return "; ".join(sentences)


def test_narrate_tells_each_step_once() -> None:
    # Issue 15, "Protection Racket: no log line twice, no empty log line ("Seat 0: seat 0"), every choice
    # says what is being chosen": the step's own event ("⟨s0⟩ deploys ...") is the head, not a second
    # sentence after "⟨s0⟩: deploy ...".
    told_steps = 0
    events: list[str] = []
    heads: list[str] = []
    for players in (2, 3, 4):
        for before, actor, action, after in play(players, 30 + players):
            name = GAME.action_name(before, action)
            for seat in (actor, (actor + 1) % players, None):
                text = GAME.narrate(before.view(seat), actor, GAME.public_action_name(before, action, seat),
                                    after.view(seat))
                assert text == narrate(before.view(seat), actor, name, after.view(seat))
                # Every event of the step is told, after the head or as it.
                plain = f"{seat_ref(actor)}: {name}"
                if text == plain or text.startswith(plain + "; "):
                    assert text == told(plain, after.events)
                    head = plain
                else:
                    head = after.events[0]
                    if before.view(None)["phase"] == "deploy mobsters" and after.round == before.round:
                        head += f", {after.hideout[actor]} left in the hideout"
                    assert text == told(head, after.events[1:])
                # A choice is never a bare seat or site: it says what it is for.
                assert not re.fullmatch(r"⟨s\d⟩: (⟨s\d⟩|site .*)", head), head
                # What the head says is not said again after it (before: "Seat 0: deploy 1 to Bus Depot
                # (D1)" and then "seat 0 deploys 1 mobster to Bus Depot (D1)").
                sentences = text.split("; ")
                for words in ("deploy", "the action of", "declare", "stand up", "stands up", "Hired Gun"):
                    assert sum(words in sentence for sentence in sentences) <= 1, text
            heads.append(text.split("; ")[0])
            told_steps += 1
            events += after.events
    assert told_steps > 100
    # No two steps in a row read the same (two deploys of one mobster onto one site say what is left).
    assert not [a for a, b in itertools.pairwise(heads) if a == b]
    # Deploys, actions, the revenue steps, the new rounds and the end of the game were all told.
    text = "\n".join(events)
    for words in ("deploys", "takes the action of", "revenue step of round 1", "round 2: a new city",
                  "the game is over"):
        assert words in text, words


def test_a_log_line_keeps_its_sentences_apart() -> None:
    # Issue 31: "Protection Racket's last log line runs two sentences together". The page shows each
    # step's narration as one line of text (whitespace collapsed, as HTML shows it); the narration was
    # lines, which ran into each other there ("... 4 left in the hideout   seat 1 takes ..."). It is one
    # line now, as every game's, its sentences apart.
    steps = 0
    for players in (2, 4):
        for before, actor, action, after in play(players, 50 + players):
            line = GAME.narrate(before.view(None), actor, GAME.public_action_name(before, action, None),
                                after.view(None))
            assert "\n" not in line and line == " ".join(line.split()), line
            if len(after.events) > 1:
                steps += 1
                # each event after the first begins a sentence of its own, after "; "
                for event in after.events[1:]:
                    assert f"; {event}" in line, (line, after.events)
    assert steps > 10


def test_narrate_a_deploy() -> None:
    state = new(2, 6, first_seat="seat0")
    before = state.clone()
    action = state.legal_actions()[0]
    state.apply(action)
    text = shown(narrate(before.view(1), 0, GAME.action_name(before, action), state.view(1)), 2, 1)
    assert re.fullmatch(r"Seat 1 deploys 1 mobster to .+ \([A-C][1-3]\), 4 left in the hideout", text)


def test_narrate_an_action_and_its_choices() -> None:
    # "Seat 0: seat 0" said nothing of what was chosen; each pick now names its purpose.
    state = new(3, 4)
    rng = random.Random(4)
    picks: list[str] = []
    while not state.is_over and len(picks) < 40:
        before = state.clone()
        actor = before.to_act
        assert actor is not None
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if before.phase == PICK:
            picks.append(narrate(before.view(actor), actor, GAME.action_name(before, action),
                                 state.view(actor)).split("; ")[0])
    assert picks
    purposes = ("move from ", "move to ", "move \u27e8s", "swap ", "for one of \u27e8s", "recall from ",
                "remove ", "lay down ", "stand up on ", "Mob War on ", "turn over ", "replace ",
                "change places with ", "move the card of ", "send the lying ones on ")
    for line in picks:
        assert line.split(": ", 1)[1].startswith(purposes), line
