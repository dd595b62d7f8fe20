"""Protection Racket in the terminal: the city as a grid, built only from a view."""

from __future__ import annotations

import textwrap
from typing import Any

GANG_MARKS = "RYGP"
"""One letter per seat's colour (red, yellow, green, purple, as in the box)."""


def _cell(site: dict[str, Any], view: dict[str, Any], width: int) -> list[str]:
    """The lines of one site card."""
    name = f"{site['label']} {site['name']}"
    money = f"${site['revenue']}" if site["revenue"] else ""
    head = name[: width - len(money) - 1].ljust(width - len(money)) + money
    lines = [head, f"[{site['colour']}]" + (" closed" if site["closed"] else "")]
    gangs = []
    for seat, (up, down) in enumerate(zip(site["standing"], site["lying"], strict=True)):
        if up or down:
            gangs.append(f"{GANG_MARKS[seat]}{up}" + (f"+{down}v" if down else ""))
    muscle = view["muscle"]
    if muscle is not None and muscle["site"] == site["site"]:
        owner = "pink" if muscle["owner"] is None else GANG_MARKS[muscle["owner"]]
        gangs.append(f"{muscle['name'].removeprefix('The ')}({owner}{', down' if muscle['lying'] else ''})")
    lines.append(" ".join(gangs) or "-")
    control = site["controller"]
    lines.append("held by " + ("pink" if control == 4 else GANG_MARKS[control]) if control >= 0 else "")
    lines += textwrap.wrap(site["text"], width)[:3]
    return [line[:width].ljust(width) for line in lines] + [" " * width] * (7 - len(lines))


def render_view(view: dict[str, Any]) -> str:
    """Plain text of a view: the city grid, then hideouts, supply, money and whose turn it is.

    Standing mobsters are a seat letter and a count (R2); lying ones follow with 'v' (R2+1v).
    """
    width = 24
    columns = view["columns"]
    out = [f"Protection Racket - round {view['round']} of {view['rounds']}, turn {view['turn']}"]
    rule = "+" + "+".join("-" * (width + 2) for _ in range(columns)) + "+"
    for row in range(view["rows"]):
        cells = [_cell(site, view, width) for site in view["city"][row * columns:(row + 1) * columns]]
        out.append(rule)
        for i in range(7):
            out.append("| " + " | ".join(cell[i] for cell in cells) + " |")
    out.append(rule)
    for seat in range(view["players"]):
        mark = GANG_MARKS[seat]
        you = " (you)" if view["seat"] == seat else ""
        muscle = view["muscle"]
        extra = (f" + {muscle['name']}" if muscle is not None and muscle["owner"] == seat
                 and muscle["in_hideout"] else "")
        out.append(f"seat {seat} [{mark}]{you}: ${view['money'][seat]}, hideout {view['hideout'][seat]}"
                   f"{extra}, supply {view['supply'][seat]}")
    if view["result"] is not None:
        winners = ", ".join(f"seat {w}" for w in view["result"]["winners"])
        out.append(f"Game over: {winners} win{'s' if len(view['result']['winners']) == 1 else ''}.")
    else:
        out.append(f"seat {view['to_act']} to act: {view['phase']}")
    return "\n".join(out)


def narrate(before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
    """The step as the table saw it: the action, then what followed (every event is public)."""
    lines = [f"Seat {actor}: {action_text}"]
    lines += [f"  {event}" for event in after["events"]]
    return "\n".join(lines)
