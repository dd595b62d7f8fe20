"""Moving on the board (S6-S10, S25, S27): the stops a character or a patrol may reach with its die, from
the street, a shop, the jail or the clinic, without turning back; and where a path leaves it.

`move_choices` and `arrival_heading` are functions of the board alone, so that the rules (through their
move cache) and the table drawing (from a view) work out the same moves the same way."""

from __future__ import annotations

from .actions import MANHOLE0, STAY, dest_action
from .board import Board, Move, moves, moves_from_jail, step_heading
from .constants import CLINIC, JAIL
from .fields import SupergangFields


def exit_rule(board: Board, here: str, before: str | None, entry: str | None,
              shop_exit: str) -> tuple[str | None, str | None]:
    """(the square before, the entrance) that still bind a move from `here`: the entrance only in a
    shop under S9's "keep" rule; out of a shop with the "free" rule, neither."""
    if shop_exit == "free" or here not in board.shops:
        entry = None
        if here in board.shops:
            before = None
    return before, entry


def move_choices(board: Board, here: str, before: str | None, entry: str | None, die: int,
                 shop_exit: str) -> tuple[Move, ...]:
    """Every move of a piece at `here` with `die` (S6-S10, S25, S27): `before` is the square it entered
    just before `here`, `entry` the entrance it came into a shop by, `shop_exit` the option of that name.
    None where the piece cannot move (no die, off the board)."""
    before, entry = exit_rule(board, here, before, entry, shop_exit)
    if die < 1:
        return ()
    if here == JAIL:
        return moves_from_jail(board, die, die) if die in board.jail_exits else ()
    if here == CLINIC:  # S25: out by one of the clinic's entrance squares, which is the first step
        return tuple(Move((e, *m.path)) for e in board.places[CLINIC].entrances
                     for m in (moves(board, e, None, die - 1) if die > 1 else (Move(()),)))
    if here in board.shops:
        found = moves(board, here, None, die)
        if entry is not None:  # S9 "keep": out by the entrance it came in by, then straight on
            found = tuple(m for m in found if m.path[0] == entry
                          and (len(m.path) == 1 or m.path[1] != before))
        return found
    if here in board.squares:
        return moves(board, here, before, die)
    return ()


def arrival_heading(board: Board, here: str, move: Move) -> int:
    """The heading of the move's last step, which names the side it enters its end by (0 north ... 3
    west); 0 for a one-step move out of the jail or the clinic (no square to head from)."""
    last = move.path[-2] if len(move.path) > 1 else here
    return step_heading(board, last, move.end) if last in board.squares or last in board.shops else 0


def move_options(s: SupergangFields, character: int) -> dict[int, Move]:
    """Destination id -> the move, for the character and its die (S6-S9); for several paths to the
    same end from the same direction, the first path in sorted order."""
    return _move_options(s, s.pos[character], s.prev[character], s.entry[character],
                         s.dice[character])


def patrol_options(s: SupergangFields, p: int) -> dict[int, Move]:
    """The moves of patrol `p` with its die (S27: as a character's)."""
    return _move_options(s, s.ppos[p], s.pprev[p], s.pentry[p], s.pdice[p])


def _move_options(s: SupergangFields, here: str, before: str | None, entry: str | None,
                  die: int) -> dict[int, Move]:
    geo = s.geo
    shop_exit = s.options["shop_exit"]
    # The key holds only what binds the move, so that pieces in the same spot share an entry.
    before, entry = exit_rule(geo.board, here, before, entry, shop_exit)
    key = (here, before, entry, die)
    cached = geo.move_cache.get(key)
    if cached is not None:
        return cached
    options: dict[int, Move] = {}
    for m in move_choices(geo.board, here, before, entry, die, shop_exit):
        options.setdefault(dest_action(geo.place_index[m.end], arrival_heading(geo.board, here, m)), m)
    geo.move_cache[key] = options
    return options


def arrival(s: SupergangFields, start: str, before: str | None,
            path: tuple[str, ...]) -> tuple[str, str | None, str | None]:
    """(where, the square before it, the entrance used) after moving along `path` from `start`."""
    board = s.geo.board
    end = path[-1]
    street_start = start in board.squares
    if end in board.shops:  # S9: it keeps the heading it had on the entrance square
        if len(path) >= 2:
            return end, (path[-3] if len(path) >= 3 else (start if street_start else None)), path[-2]
        return end, (before if street_start else None), start
    if len(path) >= 2:
        return end, path[-2], None
    return end, (start if street_start else None), None  # out of the jail or a shop with a one (L14)


def legal_resurface(s: SupergangFields) -> list[int]:
    """S10: stay on the manhole, or resurface at another one before moving."""
    here = s.pos[s.actor]
    return [STAY] + [MANHOLE0 + m for m, h in enumerate(s.geo.manholes) if h != here]


def legal_move(s: SupergangFields) -> list[int]:
    """S6-S9: where the acting character may stop with its die."""
    return sorted(move_options(s, s.actor))
