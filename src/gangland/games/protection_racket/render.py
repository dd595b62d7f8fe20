"""Protection Racket in the terminal: the city as a grid, built only from a view."""

from __future__ import annotations

import textwrap
from typing import Any

GANG_MARKS = "RYGP"
"""One letter per seat's colour (red, yellow, green, purple, as in the box)."""
LINE = 78
"""Width of the rendering: fits an 80-column terminal."""
CELL_LINES = 4


def _mobsters(site: dict[str, Any], view: dict[str, Any]) -> str:
    """Who is on a site: a seat letter and its standing count, '+Nv' for lying ones (R2+1v)."""
    gangs = []
    for seat, (up, down) in enumerate(zip(site["standing"], site["lying"], strict=True)):
        if up or down:
            gangs.append(f"{GANG_MARKS[seat]}{up}" + (f"+{down}v" if down else ""))
    muscle = view["muscle"]
    if muscle is not None and muscle["site"] == site["site"]:
        owner = "pink" if muscle["owner"] is None else GANG_MARKS[muscle["owner"]]
        gangs.append(f"HM:{owner}{'v' if muscle['lying'] else ''}")
    return " ".join(gangs) or "-"


def _cell(site: dict[str, Any], view: dict[str, Any], width: int) -> list[str]:
    """The lines of one site in the grid (its text is listed under the grid)."""
    revenue = f" ${site['revenue']}" if site["revenue"] else ""
    control = site["controller"]
    held = "" if control < 0 else "held: " + ("pink" if control == 4 else GANG_MARKS[control])
    if site["revenue_now"]:
        held += f" (${site['revenue_now']} now)"
    lines = [f"{site['label']} {site['name']}",
             site["colour"] + (" closed" if site["closed"] else revenue),
             _mobsters(site, view), held]
    return [line[:width].ljust(width) for line in lines]


def render_view(view: dict[str, Any]) -> str:
    """Plain text of a view: the city grid, every site's text, then the seats and whose turn it is.

    In the grid, standing mobsters are a seat letter and a count (R2), lying ones follow as +1v, and
    HM:R is the Hired Muscle with its gang (HM:pink before anyone recruits it); "held: R ($3 now)" says
    who controls a site and what it would pay them in a revenue step now.
    """
    columns = view["columns"]
    width = (LINE - 1) // columns - 3
    out = [f"Protection Racket - round {view['round']} of {view['rounds']}, turn {view['turn']}"]
    rule = "+" + "+".join("-" * (width + 2) for _ in range(columns)) + "+"
    for row in range(view["rows"]):
        cells = [_cell(site, view, width) for site in view["city"][row * columns:(row + 1) * columns]]
        out.append(rule)
        out += ["| " + " | ".join(cell[i] for cell in cells) + " |" for i in range(CELL_LINES)]
    out.append(rule)
    for site in view["city"]:
        revenue = f", ${site['revenue']}" if site["revenue"] else ""
        out += textwrap.wrap(f"{site['label']} {site['name']} ({site['colour']}{revenue}): {site['text']}",
                             LINE, subsequent_indent="    ")
    muscle = view["muscle"]
    if muscle is not None:
        where = "not recruited" if muscle["owner"] is None else f"in seat {muscle['owner']}'s gang"
        if muscle["in_hideout"]:
            where += ", in its hideout"
        elif muscle["site"] is not None:
            lying = " lying down" if muscle["lying"] else ""
            where += f", on {view['city'][muscle['site']]['label']}{lying}"
        out.append(f"Hired Muscle: {muscle['name']}, {where}")
    for seat in range(view["players"]):
        you = " (you)" if view["seat"] == seat else ""
        out.append(f"seat {seat} [{GANG_MARKS[seat]}]{you}: ${view['money'][seat]}, hideout "
                   f"{view['hideout'][seat]}, supply {view['supply'][seat]}")
    if view["result"] is not None:
        winners = view["result"]["winners"]
        names = ", ".join(f"seat {w}" for w in winners)
        out.append(f"Game over: {names} win{'s' if len(winners) == 1 else ''}.")
    else:
        out.append(f"seat {view['to_act']} to act: {view['phase']}")
    return "\n".join(out)


def narrate(before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
    """The step as the table saw it: the action, then what followed (every event is public)."""
    lines = [f"Seat {actor}: {action_text}"]
    lines += [f"  {event}" for event in after["events"]]
    return "\n".join(lines)
