"""The Supergang city: the authored board.toml, the compact board_compact.toml (S57), the dense
board_dense.toml (S58) and their loader (docs/rules/supergang.md).

The printed board is unknown, so the built-in board is authored; these tests check each known fact
directly on the data of every board, each quoting the sentence of the rules fragment
(supergang-en-fragment.txt) or the RULES-NOTES.md fact it rests on, and that bad files are refused with
a BoardError that names the element and the field.
"""

from __future__ import annotations

import itertools
import random
import re
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from importlib import resources
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path
from typing import Any

import pytest

from gangland.engine.errors import OptionError
from gangland.games import get
from gangland.games.supergang.board import (
    Board,
    BoardError,
    board_svg,
    moves,
    moves_from_jail,
    text_map,
)
from gangland.games.supergang.board_file import load_board, parse_board, reachable

from ..drawn import check_drawn

BOARD_FILES = ("board.toml", "board_compact.toml", "board_dense.toml")
"""The default city and the compact and dense ones of issue 34 (scripts/compact-board): all honour every
fact."""


def builtin_text(resource: str = "board.toml") -> str:
    return resources.files("gangland.games.supergang").joinpath(resource).read_text(encoding="utf-8")


def board_path(resource: str) -> str | None:
    """The `board` option's path for a packaged board file (None: the default)."""
    return None if resource == "board.toml" else \
        str(resources.files("gangland.games.supergang").joinpath(resource))


@pytest.fixture(scope="module", params=BOARD_FILES)
def board(request: pytest.FixtureRequest) -> Board:
    return load_board(board_path(request.param))


@pytest.mark.parametrize("resource", BOARD_FILES)
def test_the_board_is_marked_authored(resource: str) -> None:
    # RULES-NOTES: "Design a board as data ... and mark the game 'reconstructed'."
    text = builtin_text(resource)
    assert "AUTHORED" in text.splitlines()[0]
    assert tomllib.loads(text)["authored"] is True


def test_36_shops_in_5_districts_of_7_or_8(board: Board) -> None:
    # RULES-NOTES: "5 districts of different colours with 7-8 shops each (36 shops)"
    assert len(board.shops) == 36
    assert len(board.districts) == 5
    sizes = Counter(shop.district for shop in board.shops.values())
    assert set(sizes) == set(board.districts)
    assert sorted(sizes.values()) == [7, 7, 7, 7, 8]
    assert len({d.colour for d in board.districts.values()}) == 5


def test_manager_counts_by_kind(board: Board) -> None:
    # "A basic shop is protected by its manager ... A shop with initials (T, V, D or a star) is defended
    # by two managers"; design: each district has one T, one V, one D and one star shop.
    for shop in board.shops.values():
        assert shop.managers == (1 if shop.kind == "basic" else 2)
    for district in board.districts:
        kinds = Counter(s.kind for s in board.shops.values() if s.district == district)
        assert kinds["T"] == kinds["V"] == kinds["D"] == kinds["star"] == 1
    assert sum(s.managers for s in board.shops.values()) == 20 * 2 + 16


def test_five_manholes_linked_to_each_other(board: Board) -> None:
    # "To stop on a manhole allows on the next turn to resurface by any other manhole"
    assert len(board.manholes()) == 5
    assert all(board.squares[m].manhole for m in board.manholes())


def test_no_square_under_a_bridge(board: Board) -> None:
    # L9 "There is no square under the bridges."
    assert board.bridges
    for bridge in board.bridges.values():
        deck = board.squares[bridge.deck]
        for a, b in bridge.under:
            assert frozenset((a, b)) in board.links
            sa, sb = board.squares[a], board.squares[b]
            # the link skips the deck's position: one step covers two units of distance
            assert (sa.x + sb.x, sa.y + sb.y) == (2 * deck.x, 2 * deck.y)
            assert bridge.deck not in board.neighbours(a) and bridge.deck not in board.neighbours(b)
            assert any(m.path == (b,) for m in moves(board, a, None, 1))


def test_every_square_and_shop_reachable_from_the_jail(board: Board) -> None:
    # "The first player puts his three characters in the center (jail) of the gameboard"
    assert reachable(board) == frozenset(board.squares) | frozenset(board.shops)


def test_jail_in_the_centre_clinic_and_graveyard_off_the_street(board: Board) -> None:
    # "puts his three characters in the center (jail) of the gameboard"; RULES-NOTES: "the jail in the
    # centre, a clinic and a graveyard"
    jail = board.places["jail"]
    assert jail.x * 2 + jail.width == board.width and jail.y * 2 + jail.height == board.height
    street = {(s.x, s.y) for s in board.squares.values()}
    for place in board.places.values():
        assert not place.cells() & street


def test_jail_exits_are_picked_by_the_die(board: Board) -> None:
    # "Each character starts straight ahead, in the direction shown by its dice."
    assert sorted(board.jail_exits) == [1, 2, 3, 4, 5, 6]
    for face, exit_ in board.jail_exits.items():
        assert moves_from_jail(board, face, 1)[0].path == (exit_.square,)
        assert moves_from_jail(board, face, 2)[0].path == (exit_.square, exit_.heading)
        for m in moves_from_jail(board, face, 6):
            assert len(m.path) == 6 and m.path[:2] == (exit_.square, exit_.heading)


def test_no_dead_end(board: Board) -> None:
    # RULES-NOTES: "A character never turns back in the street." So from every square, whichever way he
    # came, he can go on.
    for square in board.squares:
        for came_from in board.neighbours(square):
            street = [n for n in board.neighbours(square) if n != came_from]
            assert street, f"{square} is a dead end coming from {came_from}"
            assert moves(board, square, came_from, 6)


@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5, 6])
def test_moves_are_exactly_n_and_never_turn_back(board: Board, steps: int) -> None:
    # L7 "Each gangster must move the number of squares indicated by his dice." L8 "He only acts on the
    # last square he reached." L10 "A character may stop in a shop at the last square of his move."
    for start in list(board.squares)[::7]:
        for came_from in (None, *board.neighbours(start)):
            found = moves(board, start, came_from, steps)
            assert found
            for m in found:
                path = (came_from, start, *m.path)
                assert len(m.path) == steps
                for i in range(2, len(path)):
                    assert path[i] != path[i - 2] or path[i - 2] is None, f"turns back: {path}"
                for here, nxt in itertools.pairwise(path[1:]):
                    if nxt in board.shops:
                        assert nxt == m.end and here in board.shops[nxt].entrances
                    else:
                        assert nxt in board.neighbours(here)


def test_a_shop_is_entered_at_the_last_step(board: Board) -> None:
    # L11 "Access to shop are shown by notches in the sidewall." L10 "A character may stop in a shop at the
    # last square of his move."
    shop = next(iter(board.shops.values()))
    entrance = shop.entrances[0]
    assert any(m.path == (shop.id,) for m in moves(board, entrance, None, 1))
    assert Counter(len(s.entrances) for s in board.shops.values())[0] == 0


def test_leaving_a_shop_never_crosses_it_twice(board: Board) -> None:
    # "But, he may never cross the shop square twice in the same turn." "To go out of a shop with 'one'
    # on the dice enables to choose a direction on the next turn"
    for shop in board.shops.values():
        assert {m.end for m in moves(board, shop.id, None, 1)} == set(shop.entrances)
        for steps in (2, 3):
            assert all(shop.id not in m.path for m in moves(board, shop.id, None, steps))


def test_sections_touch_squares_and_line_shops(board: Board) -> None:
    # "The dealer may put a traffic pawn and only one on each empty section touching the square in which
    # he has stopped. (A section of sidewall is delimited by two white notches). Owner of a shop in which
    # he is, the dealer may put a traffic pawn on each section of sidewall lining the shop, common
    # sections belong to the first occupant."
    for shop in board.shops:
        assert board.sections_lining(shop)
    assert any(len(s.shops) == 2 for s in board.sections.values())  # common sections exist
    assert any(board.sections_touching(sq) for sq in board.squares)


def test_text_map_renders(board: Board) -> None:
    text = text_map(board)
    lines = text.splitlines()
    assert max(len(line) for line in lines) >= 3 * board.width  # three columns a cell
    assert len(re.findall(r"[RBGYP][TVD*.]", text)) >= 36
    assert text.count(" o ") + text.count(" o\n") >= 5
    assert " j " in text and " c " in text and " g " in text


def test_svg_parses(board: Board) -> None:
    root = ET.fromstring(board_svg(board))
    assert root.tag.endswith("svg")
    rects = root.findall("{http://www.w3.org/2000/svg}rect")
    assert len(rects) >= len(board.squares) + len(board.shops)
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) >= 5


def test_load_board_is_cached_and_is_an_option_error(tmp_path: Path) -> None:
    assert load_board() is load_board()
    assert issubclass(BoardError, OptionError)
    path = tmp_path / "copy.toml"
    path.write_text(builtin_text(), encoding="utf-8")
    assert len(load_board(str(path)).shops) == 36
    with pytest.raises(BoardError, match=r"nope\.toml: cannot read"):
        load_board(str(tmp_path / "nope.toml"))


def _replace(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return edit


def _drop_line(pattern: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        lines = text.splitlines(keepends=True)
        index = next(i for i, line in enumerate(lines) if re.search(pattern, line))
        return "".join(lines[:index] + lines[index + 1:])
    return edit


MUTATIONS: list[tuple[str, Callable[[str], str], str]] = [
    ("not authored", _replace("authored = true", "authored = false"), r"board: authored: must be true"),
    ("sixth manhole", _replace('x = 1, y = 0 }', 'x = 1, y = 0, manhole = true }'),
     r"square: manhole: 6 manholes"),
    ("bad coordinate", _replace('{ id = "s01_00", x = 1,', '{ id = "s01_00", x = "one",'),
     r"square s01_00: x: must be an integer"),
    ("square under a bridge", _replace('under = [["s20_03", "s20_05"]]', 'under = [["s20_03", "s20_04"]]'),
     r"bridge north-bridge: under: .*no square under a bridge"),
    ("dead end", _drop_line(r'\["s00_00", "s01_00"\]'), r"square s00_00: links: a dead end"),
    ("shop kind", _replace('kind = "T"', 'kind = "X"'), r"shop R1: kind: must be one of"),
    ("shop entrance", _replace('entrances = ["s01_00", "s00_01"]', 'entrances = ["s03_00"]'),
     r"shop R1: entrances: s03_00 is not beside the shop"),
    ("shop district", _replace('district = "R", kind = "T"', 'district = "Q", kind = "T"'),
     r"shop R1: district: 'Q' is not a district"),
    ("37th shop", _replace('shop = [\n', 'shop = [\n  { id = "X1", district = "R", kind = "basic", x = 2, '
                           'y = 2, entrances = ["s02_00"] },\n'), r"shop X1: entrances|shop: 37 shops"),
    ("district too big", _replace('district = "B", kind = "T"', 'district = "R", kind = "T"'),
     r"district (R|B): shops: (9|6) shops"),
    ("jail exit face", _replace("face = 6", "face = 5"), r"jail_exit 5: face: face 5 picks two exits"),
    ("jail exit heading", _replace('heading = "s11_04"', 'heading = "s11_05"'),
     r"jail_exit 1: heading: 's11_05' is not"),
    ("section shop", _replace('shops = ["R1"]', 'shops = ["R9"]'),
     r"section w\w+: shops: 'R9' is not a shop"),
    ("unknown field", _replace("version = 1", "version = 1\ncolour = 3"), r"board: colour: unknown field"),
    ("missing clinic", _replace('id = "clinic"', 'id = "jail"'), r"place jail: id: 'jail' is used twice"),
]


@pytest.mark.parametrize(("name", "edit", "message"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_bad_files_name_element_and_field(tmp_path: Path, name: str, edit: Callable[[str], str],
                                          message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(edit(builtin_text()), encoding="utf-8")
    with pytest.raises(BoardError, match=r"bad\.toml: (" + message + ")"):
        load_board(str(path))


def test_not_toml_is_refused() -> None:
    with pytest.raises(BoardError, match=r"^here: not valid TOML"):
        parse_board("square = [", "here")


def test_parse_builtin_matches_data() -> None:
    data: dict[str, Any] = tomllib.loads(builtin_text())
    board = parse_board(builtin_text(), "x")
    assert len(board.squares) == len(data["square"])
    assert len(board.links) == len(data["link"])


COMPACT = "board_compact.toml"
DENSE = "board_dense.toml"


def test_the_compact_board_is_denser() -> None:
    # issue 34's experiment: the same facts on far fewer street squares, so characters meet more often;
    # every cell of a block touches a street (shops packed along the streets on both sides).
    compact, default = load_board(board_path(COMPACT)), load_board()
    assert len(compact.squares) <= len(default.squares) // 2
    assert load_board("compact").squares == compact.squares  # the `board` option's name for it
    assert_every_shop_beside_a_street(compact)


def test_the_dense_board_is_denser_still() -> None:
    # issue 34's experiment (S58): 40-55 street squares, fewer than the compact city's; every cell of the
    # city touches a street, so shops line the streets on both sides, and the two bridges stand where a
    # north-south street crosses an east-west one (L9: it passes under in one link).
    dense, compact = load_board(board_path(DENSE)), load_board(board_path(COMPACT))
    assert 40 <= len(dense.squares) <= 55 < len(compact.squares)
    assert_every_shop_beside_a_street(dense)
    street = {(s.x, s.y) for s in dense.squares.values()}
    for place in dense.places.values():
        assert all(any((x + dx, y + dy) in street for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                   for x, y in place.cells())
    assert len(dense.bridges) == 2


def assert_every_shop_beside_a_street(board: Board) -> None:
    street = {(s.x, s.y) for s in board.squares.values()}
    for shop in board.shops.values():
        assert any((shop.x + dx, shop.y + dy) in street for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


@pytest.mark.parametrize(("resource", "arguments"), [(COMPACT, ()), (DENSE, ("--dense",))])
def test_the_denser_boards_are_written_by_their_script(resource: str, arguments: tuple[str, ...]) -> None:
    # scripts/compact-board makes board_compact.toml and, with --dense, board_dense.toml; each file must be
    # what the script writes now.
    script = Path(__file__).resolve().parents[2] / "scripts" / "compact-board"
    loader = SourceFileLoader("compact_board", str(script))
    spec = spec_from_loader("compact_board", loader)
    assert spec is not None
    module = module_from_spec(spec)
    loader.exec_module(module)
    city = module.dense_city() if arguments else None
    assert module.board_text(city) == builtin_text(resource)


@pytest.mark.parametrize(("resource", "last_column"), [(COMPACT, "12"), (DENSE, "7")])
@pytest.mark.parametrize("players", [3, 4])
def test_games_on_the_denser_boards_play_to_an_end(players: int, resource: str, last_column: str) -> None:
    # L3-L4: the characters leave the jail by the exit their die picks; L7: they move their die's count.
    # Random games through the `board` option end without error, and the drawings (wide and narrow), the
    # text render and the screen show the city with every legal action on the drawing.
    game = get("supergang")
    rng = random.Random(players)
    for seed in range(3):
        state = game.new_game(players, seed, {"board": board_path(resource) or "", "first_seat": "seat0"})
        steps = 0
        while not state.is_over:
            if steps % 97 == 0:
                for layout in ("wide", "narrow"):
                    check_drawn(game, state, layout, salt=seed)
                view = state.view(state.to_act)
                columns = game.render(view).splitlines()[0].split()
                assert columns[-1] == last_column and game.screen(view)  # the city's last column
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < 20_000, f"a random game on {resource} did not end"
