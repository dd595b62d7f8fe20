"""Protection Racket in the terminal: the city as a grid, built only from a view.

`render_view` is the whole table (the terminal's 'more', replays): the grid, every site's text with who
holds it and what it pays now, the Hired Muscle, every seat. `grid_lines` is shared with the screen
(screen.py). Names are never cut: the built-in names fit a cell of the 4 x 3 city at 76 columns (a
site file's longer names are cut with CUT and the render's site list has them whole).
"""

from __future__ import annotations

import textwrap

from gangland.engine import seat_ref, terminal_wrap

from .view import ProtectionRacketView, SiteView

GANG_MARKS = "RYGP"
"""One letter per seat's colour (red, yellow, green, purple, as in the box)."""
LINE = 76
"""Width of the rendering: fits the terminal's box (80 columns less its border) for 'more'."""

CUT = "…"
"""Ends a name or a list of mobsters cut to fit a cell; the legend line says where the whole is."""
LEGEND = "[R2]: R controls · +1v: 1 lying down · HM:R: R's Hired Muscle (pink: free)"
"""The grid's notation, shown when there is room (and in '?')."""


def cut_to(text: str, width: int) -> str:
    """`text`, or its first width - 1 characters and CUT when it is longer."""
    return text if len(text) <= width else text[:max(0, width - 1)] + CUT


def mobsters(site: SiteView, view: ProtectionRacketView) -> list[str]:
    """Who is on a site: a seat letter and its standing count, "+Nv" for lying ones; the controller's
    entry first, in brackets; the Hired Muscle as HM:<its gang's letter, or pink>, "v" when lying."""
    control = site["controller"]
    entries: list[tuple[int, str]] = []
    for seat, (up, down) in enumerate(zip(site["standing"], site["lying"], strict=True)):
        if up or down:
            entries.append((seat, f"{GANG_MARKS[seat]}{up}" + (f"+{down}v" if down else "")))
    muscle = view["muscle"]
    if muscle is not None and muscle["site"] == site["site"]:
        owner = muscle["owner"]
        mark = "pink" if owner is None else GANG_MARKS[owner]
        entries.append((4 if owner is None else 10 + owner, f"HM:{mark}{'v' if muscle['lying'] else ''}"))
    if control >= 0:
        # the controller's mobsters, or its Hired Muscle where it holds the site alone
        held = [i for i, (who, _) in enumerate(entries) if who == control] or [
            i for i, (who, _) in enumerate(entries) if who == control + 10]
        for i in held[:1]:
            # first, so that a crowded cell cut short still says who controls it
            entries.insert(0, (control, f"[{entries.pop(i)[1]}]"))
    return [text for _, text in entries]


def _head(site: SiteView) -> str:
    """A cell's label, colour and revenue (or "closed")."""
    tail = " closed" if site["closed"] else (f" ${site['revenue']}" if site["revenue"] else "")
    return f"{site['label']} {site['colour']}{tail}"


def cut_words(text: str, width: int) -> str:
    """`text`, or as many of its words as fit `width` columns with CUT after them."""
    if len(text) <= width:
        return text
    words = text.split(" ")
    while words and len(" ".join(words)) + 2 > width:
        words.pop()
    return (" ".join(words) + " " + CUT) if words else cut_to(text, width)


def grid_lines(view: ProtectionRacketView, width: int, spare: int) -> tuple[list[str], bool]:
    """The city as a grid `width` columns wide, and whether anything was cut short. Each row of cells
    opens with a rule holding the sites' labels, colours and revenue ("closed" for a closed site), then
    their full names, then who is on them (`mobsters`): on one line, or on more where they do not fit,
    taking at most `spare` more lines in all (row by row); what still does not fit ends in CUT."""
    columns = view["columns"]
    cell = max(4, (width - (columns - 1)) // columns)
    lines: list[str] = []
    cut = False
    for row in range(view["rows"]):
        sites = view["city"][row * columns:(row + 1) * columns]
        heads = [cut_to(_head(site), cell) for site in sites]
        join = "┬" if row == 0 else "┼"
        lines.append(join.join(h + (" " if len(h) < cell else "") + "─" * (cell - len(h) - 1) for h in heads))
        lines.append("│".join(cut_to(site["name"], cell).ljust(cell) for site in sites).rstrip())
        cut |= any(len(site["name"]) > cell for site in sites)
        parts = [textwrap.wrap(" ".join(mobsters(site, view)) or "-", cell) for site in sites]
        depth = min(max(len(p) for p in parts), 1 + spare)
        spare -= depth - 1
        for p in parts:
            if len(p) > depth:
                p[depth - 1:] = [cut_words(" ".join(p[depth - 1:]), cell)]
                cut = True
        for i in range(depth):
            lines.append("│".join((p[i] if i < len(p) else "").ljust(cell) for p in parts).rstrip())
    return lines, cut


def render_view(view: ProtectionRacketView) -> str:
    """Plain text of a view: the city grid (`grid_lines`), every site's text with who holds it and
    what it would pay in a revenue step now, the Hired Muscle, a row per seat, and what is asked of
    whom (or who won)."""
    out = [f"Protection Racket - round {view['round']} of {view['rounds']}, turn {view['turn']}"]
    out += grid_lines(view, LINE, spare=99)[0]
    out.append(LEGEND)
    for site in view["city"]:
        facts = [site["colour"]]
        if site["revenue"]:
            facts.append(f"${site['revenue']}")
        if site["closed"]:
            facts.append("closed")
        control = site["controller"]
        if control >= 0:
            held = "held by " + ("the free Hired Muscle" if control == 4 else GANG_MARKS[control])
            facts.append(held + (f", pays ${site['revenue_now']} now" if site["revenue_now"] else ""))
        out += textwrap.wrap(f"{site['label']} {site['name']} ({', '.join(facts)}): {site['text']}",
                             LINE, subsequent_indent="    ")
    muscle = view["muscle"]
    if muscle is not None:
        where = "not recruited" if muscle["owner"] is None else f"in the gang of {seat_ref(muscle['owner'])}"
        if muscle["in_hideout"]:
            where += ", in its hideout"
        elif muscle["site"] is not None:
            lying = " lying down" if muscle["lying"] else ""
            where += f", on {view['city'][muscle['site']]['label']}{lying}"
        out.append(f"Hired Muscle: {muscle['name']}, {where}")
    for seat in range(view["players"]):
        out.append(f"[{GANG_MARKS[seat]}] {seat_ref(seat)}: ${view['money'][seat]}, hideout "
                   f"{view['hideout'][seat]}, supply {view['supply'][seat]}")
    if view["result"] is not None:
        winners = view["result"]["winners"]
        names = ", ".join(seat_ref(w) for w in winners)
        out.append(f"Game over: {names} win{'s' if len(winners) == 1 else ''}.")
    else:
        actor = view["to_act"]
        assert actor is not None  # (the game is not over)
        out += terminal_wrap(f"{seat_ref(actor)} to act: {view['pending']['question']}", LINE,
                             view["seat"])
    return "\n".join(out)


RESTATED = {"deploy mobsters": "{actor} deploys ", "declare a Mob War?": "{actor} declares ",
            "take the site's action?": "{actor} takes the action of ",
            "stand up after the war?": "{actor}'s lying mobster",
            "the Hired Gun: join or leave the war?": "The Hired Gun moves from "}
"""By the phase decided: how the step's first event begins when it tells the decision itself (a deploy,
a war declared, an action taken, a stand-up, the Hired Gun moved). Saying no to a question tells
nothing of the kind."""


def narrate(before: ProtectionRacketView, actor: int, action_text: str, after: ProtectionRacketView) -> str:
    """The step as the table saw it (every event is public), on one line as every game's narration:
    the decision, then what followed, each once, a sentence each, joined by "; ". Where the step's
    first event tells the decision itself ("⟨s2⟩ deploys 1 mobster to ...") it is the head, with what
    the seat has left in its hideout after a deploy (unless the round ended: the hideouts are full
    again); else the head is the action's text. A sentence that would repeat one before it says
    "again"."""
    events = list(after["events"])
    start = RESTATED.get(before["phase"], "\0").format(actor=seat_ref(actor))
    if events and events[0].startswith(start):
        head = events.pop(0)
        if before["phase"] == "deploy mobsters" and after["round"] == before["round"]:
            head += f", {after['hideout'][actor]} left in the hideout"
    else:
        head = f"{seat_ref(actor)}: {action_text}"
    told = [head]
    for event in events:
        told.append(event + " again" if event in told else event)
    return "; ".join(told)
