"""Seats as people read them (issue 31): game text names a seat by a marker every front end fills in
(`gangland.engine.seats`), never by its number counted from 0; the terminal fills the markers in with
"Seat 1", "Seat 2 (you)" in every game alike, and reads back what it shows."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gangland.cli import app
from gangland.cli.common import shown
from gangland.engine import (
    SEAT_REF,
    Game,
    State,
    fill_seats,
    plain_names,
    seat_column,
    seat_label,
    seat_ref,
    terminal_len,
    terminal_wrap,
)
from gangland.engine.svg import LAYOUTS, SVG_NS, fill_drawing, text_width
from gangland.games import all_games

from .seats import LONG_NAMES, bare_seats, counted_from_zero, drawing_texts
from .test_drawings import OPTIONS
from .test_drawings_narrow import Affine, _transform

SVG = f"{{{SVG_NS}}}"

# -- the marker and its filling ------------------------------------------------------------------------


def test_a_marker_is_the_seat_counted_from_0_between_angle_brackets() -> None:
    assert seat_ref(0) == "\u27e8s0\u27e9" and seat_ref(12) == "\u27e8s12\u27e9"
    assert [int(m) for m in SEAT_REF.findall(f"{seat_ref(3)} robs {seat_ref(10)}")] == [3, 10]
    assert seat_label(0) == "Seat 1" and plain_names(2) == ["Seat 1", "Seat 2"]


def test_fill_seats_names_every_marker_and_marks_the_person_looking() -> None:
    text = f"{seat_ref(1)} bids 9; {seat_ref(0)} passes; {seat_ref(1)}'s turn"
    assert fill_seats(text, ["Anna", "Ben"]) == "Ben bids 9; Anna passes; Ben's turn"
    assert fill_seats(text, ["Anna", "Ben"], you=1) == "Ben (you) bids 9; Anna passes; Ben (you)'s turn"
    assert fill_seats(text, ["Anna", "Ben"], you=0) == "Ben bids 9; Anna (you) passes; Ben's turn"
    assert fill_seats(text, plain_names(2)) == "Seat 2 bids 9; Seat 1 passes; Seat 2's turn"
    # Names are text: nothing in one is read as a marker or a pattern.
    assert fill_seats(seat_ref(0), [r"\1 <b>&" + seat_ref(1)]) == r"\1 <b>&" + seat_ref(1)
    # A marker of a seat beyond the names, and text with none, stay as they are.
    assert fill_seats(f"{seat_ref(5)} wins", ["Anna"]) == f"{seat_ref(5)} wins"
    assert fill_seats("seat 2 and s2 and \u27e8x\u27e9", ["A", "B", "C"]) == "seat 2 and s2 and \u27e8x\u27e9"


def test_the_terminal_lays_out_and_wraps_by_the_filled_width() -> None:
    assert terminal_len(f"To act: {seat_ref(1)}") == len("To act: Seat 2")
    assert terminal_len(f"To act: {seat_ref(1)}", you=1) == len("To act: Seat 2 (you)")
    assert shown(seat_column(2, 14, you=2) + "|", 3, you=2) == "Seat 3 (you)  |"
    assert shown(seat_column(0, 14) + "|", 3) == "Seat 1" + " " * 8 + "|"
    text = " ".join(f"{seat_ref(s)} passed" for s in range(5))
    for you in (None, 0, 4):
        lines = terminal_wrap(text, 30, you)
        assert " ".join(lines) == text  # nothing lost, no marker broken
        assert all(len(shown(line, 5, you)) <= 30 for line in lines)


def test_a_drawing_is_filled_in_its_text_and_titles_but_not_its_actions() -> None:
    svg = (f'<svg><g data-act="rob {seat_ref(1)}|pay {seat_ref(1)}"><title>rob {seat_ref(1)}</title>'
           f'<text>{seat_ref(0)} &amp; {seat_ref(1)}</text></g></svg>')
    filled = fill_drawing(svg, ["A<b>", "Ben"], you=0)
    assert filled == (f'<svg><g data-act="rob {seat_ref(1)}|pay {seat_ref(1)}"><title>rob Ben</title>'
                      '<text>A&lt;b&gt; (you) &amp; Ben</text></g></svg>')


# -- every game's text -----------------------------------------------------------------------------------


def first_configurations(game: Game) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each player count of `game` with its first set-up (`Game.configurations`)."""
    seen: set[int] = set()
    for players, options in game.configurations():
        if players not in seen:
            seen.add(players)
            yield players, options


CASES = [pytest.param(game, players, options, id=f"{game.id}-{players}p")
         for game in all_games() for players, options in first_configurations(game)]


def view_strings(value: object) -> Iterator[str]:
    """Every string in a view (keys and values, however deep)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from view_strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from view_strings(item)


def game_texts(game: Game, state: State, before: State | None, action: int | None) -> Iterator[str]:
    """Every text the game gives a person about `state` (reached from `before` by `action`): the views'
    strings, the text, the screen, the rules of the decision, the actions' names and menu places, the
    narration of the step, the drawings' texts and titles (wide and narrow); for every seat and a
    spectator."""
    seats: list[int | None] = [*range(state.players), None]
    for seat in seats:
        view = state.view(seat)
        yield from view_strings(view)
        yield game.render(view)
        yield game.screen(view)
        yield game.rules_help(view)
        for layout in LAYOUTS:  # (the wide drawing and the phone's)
            try:
                svg = game.svg(view, layout)
            except Exception:  # a game without a drawing (the default raises OptionError)
                svg = ""
            if svg:
                yield from drawing_texts(svg)
        if before is not None and action is not None:
            actor = before.to_act
            assert actor is not None
            name = game.public_action_name(before, action, seat)
            yield name
            yield game.narrate(before.view(seat), actor, name, view)
    for action_id in state.legal_actions():
        yield game.action_name(state, action_id)
        yield from game.menu_choice(state, action_id) or ()


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_game_text_names_seats_only_by_their_markers(game: Game, players: int,
                                                     options: dict[str, Any]) -> None:
    # Issue 31: "Seats are counted from 1 wherever a person reads them ... let [the engine's narration]
    # name seats in a way every front end can fill in". Over random games: no text says "seat 2" (or "Seat
    # 0") itself, no text says "(you)" (the front end's to add), every marker names a seat of the game, and
    # filled in as the terminal fills it no text says "Seat 0".
    marked = narrated = 0
    for seed in range(2):
        state = game.new_game(players, seed, options)
        rng = random.Random(seed)
        before: State | None = None
        action: int | None = None
        for step in range(400):
            if step % 9 == 0 or state.is_over:
                texts = list(game_texts(game, state, before, action))
                assert not bare_seats(texts), bare_seats(texts)[:3]
                assert not counted_from_zero(texts, players), counted_from_zero(texts, players)[:3]
                assert not [t for t in texts if "(you)" in t], [t for t in texts if "(you)" in t][:3]
                seats = {int(n) for t in texts for n in SEAT_REF.findall(t)}
                assert seats <= set(range(players)), seats
                marked += bool(seats)
                if before is not None and action is not None:
                    actor = before.to_act
                    assert actor is not None
                    line = game.narrate(before.view(actor), actor, game.action_name(before, action),
                                        state.view(actor))
                    assert "\n" not in line and SEAT_REF.search(line), line  # one line, naming a seat
                    narrated += 1
            if state.is_over:
                break
            before = state.clone()
            action = rng.choice(state.legal_actions())
            state.apply(action)
    assert marked and narrated


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_terminal_reads_back_every_action_as_it_shows_it(game: Game, players: int,
                                                             options: dict[str, Any]) -> None:
    # Issue 31: "`Game.parse_action` must still accept what the terminal shows (the filled text)".
    state = game.new_game(players, 3, options)
    rng = random.Random(3)
    checked = 0
    for _ in range(150):
        seat = state.to_act
        if seat is None:
            break
        for action in state.legal_actions():
            name = game.action_name(state, action)
            assert game.parse_action(state, shown(name, players, seat)) == action, name
            if SEAT_REF.search(name):
                assert game.parse_action(state, shown(name, players)) == action, name
                assert game.parse_action(state, name) == action, name  # as the engine writes it
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    if game.id in ("downtown", "protection-racket", "supergang"):
        assert checked, "no action named a seat"


def test_long_names_fill_a_drawing_that_stays_well_formed() -> None:
    for game in all_games():
        state = game.new_game(game.default_players, 1)
        try:
            svg = game.svg(state.view(0))
        except Exception:
            continue
        filled = fill_drawing(svg, LONG_NAMES[:state.players], you=0)
        texts = drawing_texts(filled)
        assert any(LONG_NAMES[0] + " (you)" in t for t in texts), game.id
        assert not any(SEAT_REF.search(t) for t in texts), game.id


def text_spans(svg: str) -> Iterator[tuple[str, float, float, float]]:
    """Each text of a drawing drawn at its own scale (not a Supergang close-up's, which the drawing cuts
    off at its edges): the text, where it begins and ends across as the drawing lays text out
    (`text_width`, which errs wide of Chromium's widths), and the drawing's width."""
    root = ET.fromstring(svg)
    width = float(root.attrib["width"])

    def walk(node: ET.Element, affine: Affine) -> Iterator[tuple[ET.Element, float, float]]:
        if "transform" in node.attrib:
            affine = _transform(node.attrib["transform"], affine)
        if affine[0] == 1.0:
            yield node, affine[1], affine[2]
        for child in node:
            yield from walk(child, affine)

    for node, dx, _ in walk(root, (1.0, 0.0, 0.0)):
        if node.tag == f"{SVG}text" and node.text:
            size, weight = float(node.attrib["font-size"]), node.attrib.get("font-weight", "normal")
            wide, x = text_width(node.text, size, weight), float(node.attrib["x"]) + dx
            anchor = node.attrib.get("text-anchor", "start")
            left = {"start": x, "middle": x - wide / 2, "end": x - wide}[anchor]
            yield node.text, left, left + wide, width


@pytest.mark.parametrize("layout", LAYOUTS)
def test_long_names_keep_every_text_inside_the_drawing(layout: str) -> None:
    # Issue 31 ("a drawing's room for a 12-character name", docs/narration.md), in the phone's narrow layout
    # too: filled in with names of 12 characters (and " (you)"), no text of any game's drawing runs past its
    # edges. (Each game's test_drawing.py checks the panels of its own; Razzia!'s every text.)
    for game in all_games():
        counts = [n for n in game.player_counts if n <= 4]
        for seed in range(3):
            players = counts[seed % len(counts)]
            state = game.new_game(players, seed, OPTIONS.get(game.id, {}))
            rng = random.Random(seed)
            for step in range(240):
                if state.is_over:
                    break
                if step % 8 == 0:
                    seat = state.to_act
                    svg = fill_drawing(game.svg(state.view(seat), layout), LONG_NAMES[:players], seat)
                    for content, left, right, width in text_spans(svg):
                        assert left >= -0.5 and right <= width + 0.5, (game.id, content, left, right)
                state.apply(rng.choice(state.legal_actions()))


# -- the terminal, in every game alike -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_the_terminal_says_seat_n_and_you_in_every_game(game_id: str, tmp_path: Path) -> None:
    # Issue 31: "today Razzia! and Downtown say "(you)", Protection Racket and Supergang do not": the
    # terminal names every seat "Seat N" counted from 1, and the person's own "Seat N (you)", alike.
    result = CliRunner().invoke(app, ["play", game_id, "--seat", "2", "--seed", "4", "--bots", "random",
                                      "--save", str(tmp_path / "game.json")], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You are Seat 2;" in out and "you are Seat 2" in out
    assert "Seat 2 (you)" in out  # on the screen, in the narration or both
    assert re.search(r"\bSeat [13]\b(?! \(you\))", out)  # another seat, named alike
    assert not re.search(r"\b[Ss]eat 0\b", out) and "\u27e8" not in out
    assert not re.search(r"Seat [13] \(you\)", out)
