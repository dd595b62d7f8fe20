"""Protection Racket on an 80 x 24 terminal: the board at a decision (`screen_view`), the rules of the
decision ('?', `rules_help`) and the two-step menus (`menu_choice`).

The screen is built from a view only. At 80 columns it takes at most BOARD_ROWS lines: what is asked
first, then the city as a grid (each row of cells opens with a rule holding the sites' labels, colours
and revenue; then the full names; then the mobsters), one line per gang, and what room is left for the
notation, the deploying rules and the text of the site whose action is being taken. Every site's text
stays in `render` (the terminal's 'more').
"""

from __future__ import annotations

import textwrap

from gangland.engine import BOARD_ROWS, HELP_ROWS, SCREEN_WIDTH, seat_ref, terminal_len, terminal_wrap

from .actions import DEPLOY0, GANG0, SITE0, action_text, deploy_parts, muscle_name
from .grid import site_labels
from .phases import DEPLOY, PICK
from .render import CUT, GANG_MARKS, LEGEND, cut_to, grid_lines
from .state import ProtectionRacketState
from .view import ProtectionRacketView


def gang_line(view: ProtectionRacketView, seat: int) -> str:
    """One gang: its letter, seat, money, hideout and supply, its Hired Muscle, whether it acts now."""
    text = (f"{GANG_MARKS[seat]} {seat_ref(seat)}: ${view['money'][seat]}, hideout {view['hideout'][seat]}, "
            f"supply {view['supply'][seat]}")
    muscle = view["muscle"]
    if muscle is not None and muscle["owner"] == seat:
        text += f"; {muscle['name']} (HM:{GANG_MARKS[seat]})"
        text += " in the hideout" if muscle["in_hideout"] else ""
    if view["result"] is None and view["to_act"] == seat:
        text += "  ◀ to act"
    return text


def asked(view: ProtectionRacketView) -> str:
    """What is decided now, as a sentence, or the result."""
    result = view["result"]
    if result is not None:
        winners = result["winners"]
        names = " and ".join(seat_ref(w) for w in winners)
        money = ", ".join(f"{seat_ref(s)} ${m}" for s, m in enumerate(view["money"]))
        return f"Game over: {names} win{'s' if len(winners) == 1 else ''} ({money})."
    actor = view["to_act"]
    assert actor is not None  # (the game is not over)
    return f"{seat_ref(actor)}: {view['pending']['question']}"


def deploy_notes(view: ProtectionRacketView) -> str:
    """What closed neighbours do to deploying (lying down, no war, a cap), or ""."""
    city = view["city"]
    parts = []
    lying = [site["label"] for site in city if site["lie_down"] and not site["closed"]]
    if lying:
        parts.append(f"mobsters deployed onto {', '.join(lying)} lie down")
    calm = [site["label"] for site in city if site["no_war"] and not site["closed"]]
    if calm:
        parts.append(f"no Mob War on {', '.join(calm)}")
    parts += [f"at most {site['max_deploy']} onto {site['label']}" for site in city
              if site["max_deploy"] and not site["closed"]]
    return ("Deploying: " + "; ".join(parts) + ".") if parts else ""


def _site_text(view: ProtectionRacketView, site: int) -> str:
    face = view["city"][site]
    return f"{face['label']} {face['name']}: {face['text']}"


def _focus(view: ProtectionRacketView) -> int | None:
    """The site the decision is about: the one whose action is offered or being taken, else the one of
    the war (whose action the war may win)."""
    pending = view["pending"]
    for site in (pending["effect_site"], pending["war_site"]):
        if isinstance(site, int) and site >= 0:
            return site
    return None


def screen_view(view: ProtectionRacketView, width: int = SCREEN_WIDTH) -> str:
    """The board for a decision (module docstring): at most BOARD_ROWS lines of at most `width`
    columns when `width` is SCREEN_WIDTH or more."""
    width = max(20, width)
    status = f"Round {view['round']} of {view['rounds']}, turn {view['turn']}"
    question = asked(view)
    you = view["seat"]
    top = terminal_wrap(f"{status} · {question}", width, you)
    # (a gang's line cut to the width as the terminal shows it: its name filled in)
    gangs = [cut_to(line, width - (terminal_len(line, you) - len(line)))
             for line in (gang_line(view, seat) for seat in range(view["players"]))]
    room = BOARD_ROWS - len(top) - len(gangs) - 3 * view["rows"] if width >= SCREEN_WIDTH else 99
    grid, cut = grid_lines(view, width, spare=max(0, room))
    if cut and room > 0:  # leave a line to say what CUT means
        grid, cut = grid_lines(view, width, spare=room - 1)
    lines = [*top, *grid, *gangs]
    # What else helps the decision, most useful first: each block whole, or its shorter stand-in.
    blocks: list[list[list[str]]] = []
    if cut:
        blocks.append([[cut_to(f"{CUT} cut short: 'more' shows every site and its mobsters whole", width)]])
    focus = _focus(view)
    if focus is not None:
        blocks.append([textwrap.wrap(_site_text(view, focus), width),
                       [cut_to(f"'?' shows what {view['city'][focus]['name']} does", width)]])
    if view["phase"] == "deploy mobsters" and (notes := deploy_notes(view)):
        blocks.append([textwrap.wrap(notes, width)])
    if len(LEGEND) <= width:
        blocks.append([[LEGEND]])
    for choices in blocks:
        block = next((b for b in choices if len(lines) + len(b) <= BOARD_ROWS), [])
        lines += block
    return "\n".join(lines)


HELP = {
    "deploy mobsters": (
        "Deploy: put any number of the mobsters in your hideout (and your Hired Muscle, if it is there) "
        "onto one site that is not closed. If another gang is there you may then declare a Mob War; if "
        "you then control the site (more standing mobsters than any other gang; the Hitman and the "
        "Cleaner count 2) you may take its action. A seat that cannot deploy is skipped; when nobody "
        "can, the round ends and every site pays its revenue to the gang controlling it. Most money "
        "after 3 rounds wins."),
    "declare a Mob War?": (
        "Mob War: every gang on the site removes one mobster at a time, all at once (lying ones "
        "first), until one gang or none is left; removed mobsters go to the supply for the rest of the "
        "round. The gang left may stand its lying mobsters up. Say no and nothing happens; then, if "
        "you control the site, you may take its action."),
    "the Hired Gun: join or leave the war?": (
        "The Hired Gun may move into the Mob War from a neighbouring site, or out of it to a "
        "neighbouring site, before the war is fought. Where it stands it fights (and counts 1)."),
    "stand up after the war?": (
        "Your gang is left on the site after the Mob War: stand your lying mobsters up (they count for "
        "control and revenue again), or leave them lying."),
    "take the site's action?": (
        "You control the site you deployed onto: take its action (below), or skip it and end your "
        "turn."),
    "choose for the action": (
        "Choose, one step at a time, what the action works on; every choice offered leads to a "
        "complete action."),
}


def rules_help(view: ProtectionRacketView) -> str:
    """The rules of the decision the view shows, in at most HELP_ROWS lines of at most SCREEN_WIDTH
    columns."""
    width = SCREEN_WIDTH
    you = view["seat"]
    if view["result"] is not None:
        return "\n".join(terminal_wrap(
            asked(view) + " Most money after 3 rounds wins; a tie plays another round (at most 7 more, "
            "then the tied share the win).", width, you))
    lines = terminal_wrap(asked(view), width, you)
    lines += textwrap.wrap(HELP[view["phase"]], width)
    focus = _focus(view)
    if view["phase"] == "deploy mobsters":
        lines += textwrap.wrap(deploy_notes(view), width)
    elif focus is not None:
        lines += textwrap.wrap(_site_text(view, focus), width)
    if len(lines) < HELP_ROWS:
        lines.append(LEGEND)
    return "\n".join(lines[:HELP_ROWS])


def menu_choice(state: ProtectionRacketState, action: int) -> tuple[str, str] | None:
    """Two steps for the long menus: deploying is the site (its label and full name), then how many;
    choosing a site for an action is a row of the city, then the site."""
    if state.phase == DEPLOY and DEPLOY0 <= action < SITE0:
        site, regulars, muscle = deploy_parts(action)
        group = f"{site_labels(state.columns)[site]} {state.faces[state.city[site]].name}"
        count = f"{regulars} mobster{'s' if regulars != 1 else ''}"
        if muscle:
            name = muscle_name(state)
            count = f"{regulars} + {name}" if regulars else f"{name} alone"
        return group, count
    if state.phase == PICK:
        if SITE0 <= action < GANG0:
            row = (action - SITE0) // state.columns
            labels = [site_labels(state.columns)[a - SITE0] for a in state.legal_actions()
                      if SITE0 <= a < GANG0 and (a - SITE0) // state.columns == row]
            return f"row {row + 1}: {' '.join(labels)}", action_text(state, action)
        return "a gang", action_text(state, action)
    return None
