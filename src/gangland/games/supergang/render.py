"""Supergang in the terminal and as SVG, built only from a view (everything is public, S38).

The text is the map of `render_map` (the terminal's screen shows the same map) with its key, then the
status block: every gang's money, holdings and characters, the patrols and the events. The SVG is
`drawing`'s table.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from gangland.engine import seat_ref, terminal_wrap

from .render_map import (
    MAP_KEY,
    ROLE_LETTER,
    characters,
    gangs_of,
    glyph,
    map_lines,
    option,
    patrol_glyph,
    patrols_of,
    pieces,
    shop_marks,
    vamping_notes,
    view_board,
)
from .view import CharacterView, GangView, PatrolView, SupergangView

LINE = 78
"""Width of the status block: the map is 80 columns (row labels and 26 cells), the rest fits 78."""
__all__ = ["glyph", "narrate", "pieces", "render_view", "view_board", "view_svg"]
MAX_EVENTS = 6
"""Narration keeps a step to one readable line: a long duel is cut to its first and last events."""


def patrol_name(index: int) -> str:
    """How the status block and the SVG name patrol `index`: 'patrol 1 (P)', as the events say."""
    return f"patrol {index + 1} ({patrol_glyph(index)})"


def shop_kind_lines(view: SupergangView) -> list[str]:
    """Which shops are which kind (the map shows ids only): T, V, D (recruits), star (pawns), basic."""
    board = view_board(view)
    kinds: dict[str, list[str]] = {}
    for shop in sorted(board.shops.values(), key=lambda s: s.id):
        kinds.setdefault(shop.kind, []).append(shop.id)
    order = [k for k in ("T", "V", "D", "star", "basic") if k in kinds] + sorted(
        k for k in kinds if k not in ("T", "V", "D", "star", "basic"))
    text = "shops: " + "; ".join(f"{kind} {' '.join(kinds[kind])}" for kind in order)
    return textwrap.wrap(text, LINE, subsequent_indent="  ")


def crowded_lines(view: SupergangView) -> list[str]:
    """The squares and shops where several pieces stand (the map shows the first and '+', or '+N')."""
    board = view_board(view)
    crowds = [f"{where} {' '.join(glyphs)}" for where, glyphs in sorted(pieces(view).items())
              if len(glyphs) > 1 and (where in board.squares or where in board.shops)]
    return textwrap.wrap("together: " + "; ".join(crowds), LINE, subsequent_indent="  ") if crowds else []


# -- the status block ------------------------------------------------------------------------------


def seat_name(view: SupergangView, seat: int | None) -> str:
    """A seat by its marker (`gangland.engine.seats`: each front end fills its name in, and "(you)"),
    with " (police)" where it holds; "nobody" for None or a negative seat."""
    if seat is None or seat < 0:
        return "nobody"
    police = " (police)" if seat == view.get("police_seat") else ""
    return f"{seat_ref(seat)}{police}"


def whereabouts(char: CharacterView) -> str:
    """Where a character is and what holds it there, e.g. 'jail, 3 years to serve'."""
    at = char.get("at")
    if at == "jail":
        years = char.get("jail_years", 0)
        text = f"jail, {years} year{'s' if years != 1 else ''} to serve" if years else "jail"
    elif at == "clinic":
        turns = char.get("clinic_turns", 0)
        text = f"clinic, {turns} turn{'s' if turns != 1 else ''} to stay" if turns else "clinic"
    elif at == "graveyard":
        text = "graveyard (dead)"
    else:
        text = str(at)
        if char.get("entrance"):
            text += f" (in by {char['entrance']})"
        elif char.get("from"):
            text += f" (from {char['from']})"
    return text


def character_line(view: SupergangView, gang: int, role: str, char: CharacterView) -> str:
    """One character's line of the status block."""
    parts = [f"  {glyph(gang, role)} {role:<6} {whereabouts(char)}"]
    record, pending = char.get("record", 0), char.get("pending", 0)
    if record or pending:
        parts.append(f"record {record}" + (f" (+{pending} unnoticed)" if pending else ""))
    vamp = char.get("vamped_by")
    if vamp is not None:
        served = char.get("vamp_turns_served", 0)
        over = "; free when he next moves" if served >= option(view, "vamp_turns") else ""
        parts.append(f"vamped by {seat_ref(vamp)} ({served} turn{'s' if served != 1 else ''} served{over})")
    parts += vamping_notes(char)
    if char.get("die"):
        parts.append(f"die {char['die']}")
    if char.get("moved"):
        parts.append("moved")
    return ", ".join(parts)


def gang_lines(view: SupergangView, gang: int, info: GangView) -> list[str]:
    """A gang's money, tokens, pawns, shops and rackets, then one line a character."""
    shops = shop_marks(view)
    owned = sorted(s for s, (o, _) in shops.items() if o == gang)
    rackets = sorted(s for s, (_, r) in shops.items() if r == gang)
    placed = sum(1 for g in (view.get("pawns") or {}).values() if g == gang)
    # "gang 2" is the digit of its pieces and marks on the map (render_map: counted from 1, as seats are)
    head = (f"gang {gang + 1}, {seat_name(view, gang)}: ${info.get('money', 0)}, {info.get('tokens', 0)} "
            f"tokens, pawns {placed} placed/{info.get('pawn_stock', 0)} stock/{info.get('pawn_supply', 0)} "
            "to buy")
    holdings = (f"  shops {len(owned)}: {' '.join(owned) or '-'}; "
                f"rackets {len(rackets)}: {' '.join(rackets) or '-'}")
    you = view.get("seat")
    lines = [*terminal_wrap(head, LINE, you, subsequent_indent="    "),
             *textwrap.wrap(holdings, LINE, subsequent_indent="    ")]
    for role, char in characters(info):
        lines += terminal_wrap(character_line(view, gang, role, char), LINE, you, subsequent_indent="      ")
    return lines


def patrol_text(index: int, patrol: PatrolView) -> str:
    """A patrol's place, die and, when shot down, whose gang turn brings it back."""
    at = patrol.get("at")
    text = f"{patrol_name(index)} {'in the sewers' if at == 'sewer' else 'at ' + str(at)}"
    if patrol.get("die"):
        text += f" (die {patrol['die']})"
    returns_with = patrol.get("returns_with")
    if returns_with is not None:
        text += f" (back in the turn of {seat_ref(returns_with)})"
    return text


def dice_text(view: SupergangView) -> str:
    """The turn player's dice: K4 V2 D6, and a vamped captive's as 2v3 (gang 2's vamp, die 3)."""
    turn = view.get("turn_player")
    dice = view.get("dice")
    parts: list[str] = []
    if isinstance(dice, Mapping):  # the first slice's view: {role: die} of the turn player
        parts = [f"{ROLE_LETTER.get(r, r)}{d}" for r, d in dice.items() if d]
    gangs = gangs_of(view)
    if not parts and isinstance(turn, int) and 0 <= turn < len(gangs):
        parts = [f"{ROLE_LETTER.get(r, r)}{c['die']}" for r, c in characters(gangs[turn]) if c.get("die")]
    for g, gang in enumerate(gangs):
        for role, char in characters(gang):
            if char.get("vamped_by") == turn and turn is not None and char.get("die"):
                parts.append(f"{glyph(g, role, True)}{char['die']}")
    return " ".join(parts) or "-"


def status_lines(view: SupergangView) -> list[str]:
    """Round, turn, phase, dice, bank, cops, patrols, then each gang, then the last events."""
    first = view.get("first")
    you = view.get("seat")
    out = terminal_wrap(f"Supergang - round {view.get('round', '?')}, turn of "
                        f"{seat_name(view, view.get('turn_player'))} (first player: "
                        f"{seat_name(view, first if isinstance(first, int) else None)})", LINE, you)
    if view.get("over"):
        winner = view.get("winner", -1)
        out.append(f"Game over: {seat_name(view, winner)} wins." if isinstance(winner, int) and winner >= 0
                   else "Game over: no gang won by the rules, a draw shared by the gangs (S46).")
    else:
        actor = f"; acting: {view['actor']}" if view.get("actor") else ""
        if view.get("aim"):  # S40: the targets declared before the side opens fire
            actor += "; aiming at " + ", ".join(f"{seat_ref(int(a['gang']))}'s {a['role']}"
                                                for a in view.get("aim") or [])
        out += terminal_wrap(f"{seat_name(view, view.get('to_act'))} to act: {view.get('phase', '?')}{actor}",
                             LINE, you, subsequent_indent="  ")
        price = view.get("asked_price")
        # A recruit in another gang's shop waits on the price its owner named (S17).
        asked = f"; price asked for the recruit: ${price}" if price is not None else ""
        out.append(f"dice: {dice_text(view)}{asked}")
    robbed = view.get("stuck_up_this_turn") or []
    cops = view.get("cops_owner")
    police = view.get("police_seat")
    who = (f"played by {seat_name(view, police)}" if police is not None
           else seat_name(view, cops) if cops is not None else "nobody (for sale)")
    out += terminal_wrap(f"bank ${view.get('bank', 0)}; cops: {who}"
                         + (f"; stuck up this turn: {' '.join(robbed)}" if robbed else ""), LINE, you)
    patrols = patrols_of(view)
    if patrols:
        out += terminal_wrap("patrols: " + "; ".join(patrol_text(i, p) for i, p in enumerate(patrols)),
                             LINE, you, subsequent_indent="  ")
    for g, gang in enumerate(gangs_of(view)):
        out += gang_lines(view, g, gang)
    if police is not None:
        out.append(f"{seat_name(view, police)}: moves both patrols (no money)")
    events = [str(e) for e in view.get("events") or []]
    if events:
        out.append("events:")
        for event in events:
            # Not at hyphens: "s05_04 -> s05_05" must stay whole.
            out += terminal_wrap(event, LINE, you, initial_indent="  ", subsequent_indent="    ",
                                 break_on_hyphens=False)
    return out


def render_view(view: SupergangView) -> str:
    """Plain text of a view: the map with the pieces on it (the screen's), its key, the shops' kinds,
    the crowded cells, then the status block."""
    return "\n".join([*map_lines(view), *MAP_KEY, *shop_kind_lines(view), *crowded_lines(view),
                      *status_lines(view)])


# -- narration -------------------------------------------------------------------------------------


def narrate(before: SupergangView, actor: int, action_text: str, after: SupergangView) -> str:
    """One line of what a step did: the seat and its action, then what followed (the after view's
    events; a long run of them, such as a duel's volleys, keeps its first and last ones)."""
    police = " (police)" if actor == before.get("police_seat") else ""
    line = f"{seat_ref(actor)}{police}: {action_text}"
    events = [" ".join(str(e).split()) for e in after.get("events") or []]
    if len(events) > MAX_EVENTS:
        skipped = len(events) - MAX_EVENTS + 1
        events = [*events[:2], f"... {skipped} more ...", *events[-(MAX_EVENTS - 3):]]
    if events:
        line += " \u2014 " + "; ".join(events)
    return line


# -- SVG -------------------------------------------------------------------------------------------


def view_svg(view: SupergangView, layout: str = "wide") -> str:
    """The table as SVG, drawn from the view alone, in `layout`: see `drawing` (and `drawing_narrow`)."""
    from ...engine.svg import check_layout, without_actions

    check_layout(layout)
    if layout == "narrow":
        from .drawing_narrow import view_svg as narrow

        drawing = narrow(view)
    else:
        from .drawing import view_svg as draw

        drawing = draw(view)
    # The choices of the moment are drawn on their objects for all to see, but a spectator makes none.
    return drawing if view.get("seat") is not None else without_actions(drawing)
