"""Protection Racket's table as SVG, drawn from one seat's view (never the true state).

What the table shows: the round and the turn, what is asked of whom now (a deploy, a Mob War, a site's
action and its choices) with buttons for the answers that have no object, what just happened, the city
grid of site cards (each with its grid reference, name, colour, revenue, text, the gangs' mobsters on
it, standing or lying down, the Hired Muscle and who controls it), and a panel per gang (money,
hideout, supply, its Hired Muscle).

The acting seat's choices are put on the things they are about (`data-act`, see engine/svg.py): every
"deploy N to SITE" on that site's card, a war or an action on its site, a gang's pick on that gang's
mobsters and panel, the Hired Muscle's removal on its token. The names are made by the functions
actions.action_text is made of, from what the view shows; a name that is not legal now is harmless (the
page ignores it), so where the view does not say which wording a card uses (where its lying mobsters go)
each is listed.

The gangs' panels come right under the header, above the city, so that the seat's own (its hideout and
supply) is on the first screen. The narrow layout (a phone's) is NARROW_WIDTH wide: the header's lines
wrapped with its buttons under the status, TARGET high; the seat's own panel; the city one card a line
(each card as wide as the drawing, so its text reads as in the wide one); then the other gangs' panels.
"""

from __future__ import annotations

import textwrap
from typing import Final

from ...engine.seats import seat_ref
from ...engine.svg import (
    INK,
    MUTED,
    NARROW_WIDTH,
    TARGET,
    button,
    check_layout,
    document,
    fit_lines,
    group,
    rect,
    seat_badge,
    seat_colour,
    seat_letter,
    text,
)
from .actions import (
    GANG0,
    HIRED_GUN_STAYS,
    MAX_REGULARS,
    SITE0,
    STAY_LYING,
    declare_war_text,
    deploy_text,
    gang_text,
    hired_gun_text,
    no_war_text,
    pick_answer,
    remove_muscle_text,
    site_text,
    skip_action_text,
    stand_up_text,
    take_action_text,
)
from .mobsters import PINK
from .phases import ACTION, DEPLOY, HIRED_GUN, PHASE_NAMES, PICK, STAND, WAR_OFFER
from .view import ProtectionRacketView, SiteView

MARGIN = 12
GAP = 10
CARD_WIDTHS = {3: 262, 4: 236}
"""A site card's width by the city's columns: the drawing is 800 to 1000 wide."""
BAND = 30
"""Height of a card's coloured band (grid reference, name, revenue)."""
TEXT_SIZE = 12
LINE = 15
CHIP = 24
"""Height of a row of mobster chips."""
NARROW_CHIP = TARGET + 4
"""Height of a row of mobster chips in a narrow drawing: a chip may be touched to choose its gang."""
PANEL_HEIGHT = 114
"""A gang's panel: its name (as long as the page lets a name be), its money, its tags, hideout, supply."""
CHAR = 0.53
"""Rough width of a sans-serif character, in ems (to wrap text before the browser does)."""
BOLD_CHAR = 0.62

SITE_COLOURS = {
    # colour category: (band fill, card fill, band text)
    "light blue": ("#aed8f2", "#eef7fd", INK),
    "blue": ("#5b9bd5", "#e4eef9", INK),
    "dark blue": ("#1f3f73", "#dfe5f0", "#ffffff"),
    "red": ("#b71c1c", "#fbe6e4", "#ffffff"),
    "orange": ("#ef8a2a", "#fdeedd", INK),
    "light yellow": ("#fff3a8", "#fffbe3", INK),
    "yellow": ("#f2c94c", "#fdf4d6", INK),
    "light green": ("#a8dba0", "#edf8ea", INK),
    "light pink": ("#f6c6d8", "#fdf0f5", INK),
    "pink": ("#e75a9b", "#fde6f0", INK),
    "white": ("#ffffff", "#ffffff", INK),
}
UNKNOWN_COLOUR = ("#dddddd", "#f4f4f4", INK)
PINK_FILL = "#e75a9b"
"""The unrecruited Hired Muscle's colour (dark enough for INK, 5:1)."""
TO_ACT_FILL = "#fff3c4"
TO_ACT_STROKE = "#8a6508"
"""Marks the seat to act and the site whose action is taken (white text on it: 5:1)."""
WAR_TAGS = {PHASE_NAMES[WAR_OFFER]: "Mob War?", PHASE_NAMES[HIRED_GUN]: "Mob War: Hired Gun?",
            PHASE_NAMES[STAND]: "after the war"}


# -- wording ---------------------------------------------------------------------------------------

def seat_name(seat: int) -> str:
    """ "⟨s1⟩ (B)": the seat's marker (the page fills its name in) and the letter the drawing shows."""
    return f"{seat_ref(seat)} ({seat_letter(seat)})"


def site_name(site: SiteView) -> str:
    """A site as the actions name it: "Fair Exchange (A1)"."""
    return site_text(site["name"], site["label"])


def _wrap(content: str, width: float, size: int) -> list[str]:
    return textwrap.wrap(content, max(8, int(width / (size * CHAR)))) or [""]


def _site(site: int | None) -> int:
    """The site a pending decision is about (there is one: the phase says so)."""
    assert site is not None
    return site


def _acting(view: ProtectionRacketView) -> bool:
    """Whether the seat looking is the one to act (only then are choices drawn)."""
    return view["result"] is None and view["seat"] is not None and view["seat"] == view["to_act"]


# -- the actions, worded by actions.py from what the view shows ---------------------------------------

def _deploy_names(view: ProtectionRacketView, site: SiteView) -> list[str]:
    """Every "deploy ..." onto a site the acting seat could make, up to its hideout and the site's cap
    (the page lists those legal now when the card is clicked)."""
    if site["closed"]:
        return []
    seat = view["to_act"]
    assert seat is not None
    muscle = view["muscle"]
    has_muscle = muscle is not None and muscle["owner"] == seat and muscle["in_hideout"]
    cap = site["max_deploy"] or MAX_REGULARS + 1
    names = []
    for hired in ((0, 1) if has_muscle else (0,)):
        for regulars in range(view["hideout"][seat] + 1):
            if regulars + hired < 1 or regulars + hired > cap:
                continue
            name = muscle["name"] if hired and muscle is not None else ""
            names.append(deploy_text(regulars, name, site_name(site), site["lie_down"]))
    return names


CARD_PARAMETERS: Final = tuple((whose, to, where) for whose in ("own", "any") for to in ("hideout", "supply")
                               for where in ("adjacent", "any"))
"""Every (whose, to, where) a card may have where its answers' wording depends on them: the view names a
card's kind only, so the drawing offers the wording of each (a name not legal now is harmless)."""


def _pick_wording(view: ProtectionRacketView) -> tuple[list[str], list[str], int | None]:
    """For the choice of the action being taken: the wordings of a site answer and of a gang answer
    (formats with {x}: actions.pick_answer), and the site whose gangs are chosen from."""
    pending = view["pending"]
    effect_site = pending["effect_site"]
    assert effect_site is not None
    kind = view["city"][effect_site]["effect"]
    if kind is None:
        return [], [], None
    picks = pending["picks"]
    step = len(picks)
    sites: list[str] = []
    gangs: list[str] = []
    for whose, to, where in CARD_PARAMETERS:
        wording, picks_gang = pick_answer(kind, step, whose, to, where)
        found = gangs if picks_gang else sites
        if wording not in found:
            found.append(wording)
    if kind == "swap":  # whose mobster on the site of the pick before
        return sites, gangs, (picks[step - 1] - SITE0 if gangs else None)
    first = picks[0] - SITE0 if picks and picks[0] < GANG0 else None
    return sites, gangs, (first if gangs else None)


def site_actions(view: ProtectionRacketView, site: SiteView) -> list[str]:
    """The names of the acting seat's actions whose object is this site."""
    if not _acting(view):
        return []
    phase = view["phase"]
    pending = view["pending"]
    name = site_name(site)
    here = site["site"]
    if phase == PHASE_NAMES[DEPLOY]:
        return _deploy_names(view, site)
    if phase == PHASE_NAMES[WAR_OFFER] and pending["war_site"] == here:
        return [declare_war_text(name)]
    if phase == PHASE_NAMES[STAND] and pending["war_site"] == here:
        return [stand_up_text(name)]
    if phase == PHASE_NAMES[ACTION] and pending["effect_site"] == here:
        return [take_action_text(name)]
    if phase == PHASE_NAMES[HIRED_GUN]:
        return [hired_gun_text(name)]
    if phase == PHASE_NAMES[PICK]:
        return [wording.format(x=name) for wording in _pick_wording(view)[0]]
    return []


def gang_actions(view: ProtectionRacketView, seat: int, site: int | None) -> list[str]:
    """The names of the acting seat's choices of gang `seat`: on its mobsters on `site` (None: on its
    panel, which offers them wherever the chosen mobsters are)."""
    if not _acting(view) or view["phase"] != PHASE_NAMES[PICK]:
        return []
    _, wordings, where = _pick_wording(view)
    if site is not None and site != where:
        return []
    return [wording.format(x=gang_text(seat)) for wording in wordings]


def muscle_actions(view: ProtectionRacketView) -> list[str]:
    """The removal of the Hired Muscle (a "remove" card's choice of whose mobster) and its owner's gang
    choices, where the token stands."""
    muscle = view["muscle"]
    if muscle is None or muscle["site"] is None:
        return []
    names = [] if muscle["owner"] is None else gang_actions(view, muscle["owner"], muscle["site"])
    if names and names[0].startswith("remove one of"):
        names.append(remove_muscle_text(muscle["name"]))
    return names


def button_actions(view: ProtectionRacketView) -> list[tuple[str, str, str]]:
    """(label, action name, hover) of the answers drawn as buttons beside the status line."""
    if not _acting(view):
        return []
    phase, pending, city = view["phase"], view["pending"], view["city"]
    if phase == PHASE_NAMES[WAR_OFFER]:
        war = site_name(city[_site(pending["war_site"])])
        return [("declare war", declare_war_text(war), declare_war_text(war)),
                ("no war", no_war_text(war), f"{no_war_text(war)}: the turn goes on")]
    if phase == PHASE_NAMES[ACTION]:
        where = site_name(city[_site(pending["effect_site"])])
        return [("take action", take_action_text(where), take_action_text(where)),
                ("skip", skip_action_text(where), skip_action_text(where))]
    if phase == PHASE_NAMES[STAND]:
        war = site_name(city[_site(pending["war_site"])])
        return [("stand up", stand_up_text(war), f"your lying mobsters on {war} stand up"),
                ("stay lying", STAY_LYING, "your lying mobsters stay lying down")]
    if phase == PHASE_NAMES[HIRED_GUN]:
        return [("stay", HIRED_GUN_STAYS, "the Hired Gun stays where it is (or click a site)")]
    return []


# -- the header --------------------------------------------------------------------------------------

def _status(view: ProtectionRacketView) -> str:
    result = view["result"]
    if result is not None:
        winners = result["winners"]
        names = " and ".join(seat_name(w) for w in winners)
        return f"Game over: {names} win{'s' if len(winners) == 1 else ''} with ${max(view['money'])}."
    actor = view["to_act"]
    assert actor is not None  # (the game is not over)
    turn = view["turn_player"]
    whose = "" if turn == actor else f" (in the turn of {seat_name(turn)})"
    return f"{seat_name(actor)} to act{whose}: {view['pending']['question']}"


def _header(view: ProtectionRacketView, width: float, narrow: bool = False) -> tuple[list[str], float]:
    """The title, status line, buttons and the last events; and the height they take. Narrow: the round
    under the title, the buttons under the status (TARGET high), three lines of events at most, and no
    room kept (the table under it is moved down as a whole: see `view_svg`)."""
    decks = view["decks"]
    parts = [
        text(MARGIN, 26, "Protection Racket", 18, "bold"),
        text(MARGIN + (0 if narrow else 196), 48 if narrow else 26,
             f"round {view['round']} of {view['rounds']} · turn {view['turn']}", 14),
        group(text(width - MARGIN, 26, "draw piles " + " · ".join(str(d["draw"]) for d in decks), 12,
                   "normal", "end", MUTED),
              title="cards left in the draw piles of decks 1, 2 and 3 (set aside: "
                    + ", ".join(str(d["set_aside"]) for d in decks) + ")", key="decks"),
    ]
    buttons = button_actions(view)
    room = width - 2 * MARGIN - 30 - (0 if narrow else len(buttons) * 118)
    status = fit_lines(_status(view).split(" "), room, 14, "bold")  # (names as long as the page lets them be)
    y = 80.0 if narrow else 56.0
    actor = view["to_act"]
    left = MARGIN
    if view["result"] is None and actor is not None:
        parts.append(seat_badge(MARGIN + 11, y - 5, actor, 11))
        left += 30
    for i, line in enumerate(status):
        parts.append(text(left, y + i * 19, line, 14, "bold"))
    # The status and the events keep room for two lines each whatever they say, so that the city below
    # stays in place from one move to the next (the page marks what changed by comparing drawings).
    kept = 3 if narrow else 2
    if narrow:
        y += 19 * len(status) - 10
    for i, (label, name, hover) in enumerate(buttons):
        if narrow:
            parts.append(button(MARGIN + i * 118, y, 110, label, name, title=hover, height=TARGET))
        else:
            parts.append(button(width - MARGIN - (len(buttons) - i) * 118 + 8, y - 20, 110, label, name,
                                title=hover))
    if narrow:
        y += (TARGET + 8 if buttons else 0) + 14
    else:
        y += 19 * max(len(status), kept) + 2
    events = "; ".join(view["events"])
    shown = []
    if events:
        lines = fit_lines(f"Just now: {events}".split(" "), width - 2 * MARGIN, 12)
        shown = lines[:kept]
        if len(lines) > kept:
            shown[-1] += " …"
        parts.append(group([text(MARGIN, y + 14 * i, line, 12, "normal", "start", MUTED)
                            for i, line in enumerate(shown)], title=events, key="events"))
    y += 14 * (len(shown) if narrow else kept)
    return parts, y + 8


# -- a site card -------------------------------------------------------------------------------------

def _notes(site: SiteView) -> list[str]:
    """What the closed neighbours and the round do to this site, in words."""
    notes = []
    if site["closed"]:
        notes.append("closed: no one may deploy here")
    else:
        if site["lie_down"]:
            notes.append("mobsters deployed here lie down")
        if site["no_war"]:
            notes.append("no Mob War here")
        if site["max_deploy"]:
            notes.append(f"deploy at most {site['max_deploy']} here a turn")
    if site["used_this_round"]:
        notes.append("action used this round")
    return notes


def _chip_width(label: str, size: int = 12) -> float:
    return 30 + len(label) * size * BOLD_CHAR + 6


def _chips(view: ProtectionRacketView, site: SiteView) -> list[tuple[float, str, str, list[str], str]]:
    """(width, label, hover, actions, key) of each gang's mobsters on a site and of the Hired Muscle."""
    here = site["site"]
    chips = []
    for seat, (up, down) in enumerate(zip(site["standing"], site["lying"], strict=True)):
        if not up and not down:
            continue
        label = " + ".join(([str(up)] if up else []) + ([f"{down} lying"] if down else []))
        hover = f"{seat_name(seat)}: {up} standing" + (f", {down} lying down" if down else "")
        acts = gang_actions(view, seat, here)
        if acts:
            hover += " - click to choose them"
        chips.append((_chip_width(label), label, hover, acts, f"site:{site['label']}:seat:{seat}"))
    muscle = view["muscle"]
    if muscle is not None and muscle["site"] == here:
        owner = muscle["owner"]
        label = muscle["name"].removeprefix("The ") + ("" if owner is None else f" {seat_letter(owner)}")
        label += " lying" if muscle["lying"] else ""
        whose = "free to recruit" if owner is None else f"the Hired Muscle of {seat_name(owner)}"
        hover = f"{muscle['name']}, {whose}" + (", lying down" if muscle["lying"] else "")
        acts = muscle_actions(view)
        chips.append((_chip_width(label, 11), label, hover, acts, "muscle"))
    return chips


def _sized_chips(view: ProtectionRacketView, site: SiteView,
                 chip: float) -> list[tuple[float, str, str, list[str], str]]:
    """`_chips`, each at least as wide as its row is high less 4 (a narrow drawing's are TARGET each way)."""
    return [(max(c[0], chip - 4), c[1], c[2], c[3], c[4]) for c in _chips(view, site)]


def _chip_rows(chips: list[tuple[float, str, str, list[str], str]], card: float) -> list[list[int]]:
    """Chips flowed into rows that fit a card."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, chip in enumerate(chips):
        if rows[-1] and used + chip[0] > card - 16:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += chip[0] + 6
    return rows


def _draw_chip(view: ProtectionRacketView, x: float, y: float,
               chip: tuple[float, str, str, list[str], str], height: float = 20) -> str:
    """A gang's mobsters on a site, or the Hired Muscle: a chip `height` high (TARGET in a narrow drawing,
    its lines centred in it)."""
    width, label, hover, acts, key = chip
    y0, y = y, y + (height - 20) / 2
    if key == "muscle":
        muscle = view["muscle"]
        assert muscle is not None  # (a chip of the Hired Muscle is drawn only where it is)
        owner = muscle["owner"]
        fill = PINK_FILL if owner is None else seat_colour(owner)
        ink = INK if owner is None else "#ffffff"
        dash = ' stroke-dasharray="4 2"' if muscle["lying"] else ""
        body = [rect(x, y0, width, height, fill, "#7a1f4f", 10, f'stroke-width="2"{dash}'),
                text(x + 10, y + 14, "HM", 11, "bold", "start", ink),
                text(x + 32, y + 14, label, 11, "normal", "start", ink)]
        return group(body, title=hover, act=acts, key=key)
    seat = int(key.rsplit(":", 1)[1])
    lying = "lying" in label
    body = [rect(x, y0, width, height, "#ffffff", seat_colour(seat), 10,
                 'stroke-width="2"' + (' stroke-dasharray="5 2"' if lying else "")),
            seat_badge(x + 10, y + 10, seat, 10),
            text(x + 24, y + 15, label, 12, "bold")]
    return group(body, title=hover, act=acts, key=key)


def _card_height(view: ProtectionRacketView, site: SiteView, card: float, chip: float = CHIP) -> float:
    lines = len(_wrap(site["text"], card - 16, TEXT_SIZE))
    # Room for two notes and two rows of chips on every card (one of the taller rows of a narrow drawing,
    # whose cards are wider): a card grows (and its row with it) only when it holds more, so the city
    # rarely moves as mobsters come and go.
    notes = max(len(_notes(site)), 2)
    sized = _sized_chips(view, site, chip)
    chips = max(len(_chip_rows(sized, card)) if sized else 1, 1 if chip > CHIP else 2)
    return BAND + 24 + lines * LINE + notes * 14 + 10 + chips * chip + 6


def _card(view: ProtectionRacketView, site: SiteView, x: float, y: float, card: float, height: float,
          chip: float = CHIP) -> str:
    band, fill, band_ink = SITE_COLOURS.get(site["colour"], UNKNOWN_COLOUR)
    control = site["controller"]
    pending = view["pending"]
    here = site["site"]
    parts: list[str] = []
    # the site's moment: a war on it, its action being taken, a choice already made on it
    picked = [p - SITE0 for p in pending["picks"] if SITE0 <= p < GANG0]
    tag = ""
    if here == pending["war_site"]:
        ring, dash, tag = "#b71c1c", "8 4", WAR_TAGS.get(view["phase"], "Mob War")
    elif here == pending["effect_site"]:
        ring, dash, tag = TO_ACT_STROKE, "", "its action" if view["phase"] == PHASE_NAMES[PICK] else "action?"
    elif here in picked and pending["effect_site"] is not None:
        ring, dash, tag = "#1f6fb2", "3 3", "chosen"
    if tag:
        parts.append(rect(x - 5, y - 5, card + 10, height + 10, "none", ring, 9,
                          'stroke-width="3"' + (f' stroke-dasharray="{dash}"' if dash else "")))
    held = 0 <= control < PINK
    stroke = seat_colour(control) if held else ("#7a1f4f" if control == PINK else "#888888")
    parts.append(rect(x, y, card, height, "#eeeeee" if site["closed"] else fill, stroke, 7,
                      f'stroke-width="{3 if control >= 0 else 1}"'))
    parts.append(rect(x + 1.5, y + 1.5, card - 3, BAND, band, "none", 6))
    parts.append(text(x + 8, y + 20, site["label"], 12, "bold", "start", band_ink))
    size = 14 if len(site["name"]) * 14 * CHAR < card - 90 else 12
    parts.append(text(x + 34, y + 20, site["name"], size, "bold", "start", band_ink))
    if site["revenue"]:
        parts.append(rect(x + card - 44, y + 6, 38, 19, "#fff8dc", "#7a6a4f", 9))
        parts.append(text(x + card - 25, y + 20, f"${site['revenue']}", 13, "bold", "middle"))
    # the colour in words (never the only cue), then who holds the site
    parts.append(text(x + 8, y + BAND + 17, site["colour"], 11, "normal", "start", MUTED))
    if held:
        pays = f" · pays ${site['revenue_now']}" if site["revenue_now"] else ""
        parts.append(seat_badge(x + card - 128, y + BAND + 12, control, 10))
        parts.append(text(x + card - 114, y + BAND + 17, f"holds{pays}", 11, "bold"))
    elif control == PINK:
        parts.append(text(x + card - 8, y + BAND + 17, "held by the free Hired Muscle", 11, "normal",
                          "end", MUTED))
    ty = y + BAND + 24 + 11
    for line in _wrap(site["text"], card - 16, TEXT_SIZE):
        parts.append(text(x + 8, ty, line, TEXT_SIZE))
        ty += LINE
    for note in _notes(site):
        parts.append(text(x + 8, ty, note, 11, "bold" if note.startswith("closed") else "normal", "start",
                          MUTED))
        ty += 14
    chips = _sized_chips(view, site, chip)
    cy = y + height - 6 - len(_chip_rows(chips, card)) * chip if chips else y + height - 6 - chip
    parts.append(f'<line x1="{x + 6:g}" y1="{cy - 3:g}" x2="{x + card - 6:g}" y2="{cy - 3:g}" '
                 'stroke="#bbbbbb"/>')
    if not chips:
        parts.append(text(x + 8, cy + 15, "no mobsters", 11, "normal", "start", MUTED))
    for row in _chip_rows(chips, card) if chips else []:
        cx = x + 8
        for i in row:
            parts.append(_draw_chip(view, cx, cy + 2, chips[i], chip - 4))
            cx += chips[i][0] + 6
        cy += chip
    if tag:
        width = len(tag) * 11 * BOLD_CHAR + 14
        parts.append(rect(x + card - width - 8, y - 12, width, 18, ring, "none", 9))
        parts.append(text(x + card - width / 2 - 8, y + 1, tag, 11, "bold", "middle", "#ffffff"))
    acts = site_actions(view, site)
    holder = ("no one" if control < 0 else "the free Hired Muscle" if control == PINK
              else seat_name(control))
    hover = (f"{site_name(site)}: {view['pending']['question']}" if acts else
             f"{site_name(site)}, {site['colour']}" + (f", ${site['revenue']}" if site["revenue"] else "")
             + f", held by {holder}: {site['text']}")
    return group(parts, title=hover, act=acts, key=f"site:{site['label']}", cls="site")


# -- a gang's panel ----------------------------------------------------------------------------------

def _panel(view: ProtectionRacketView, seat: int, x: float, y: float, width: float) -> str:
    acting = view["result"] is None and view["to_act"] == seat
    winner = view["result"] is not None and seat in view["result"]["winners"]
    parts = [rect(x, y, width, PANEL_HEIGHT, TO_ACT_FILL if acting or winner else "#fbfaf6",
                  TO_ACT_STROKE if acting or winner else "#bbbbbb", 8,
                  f'stroke-width="{3 if acting or winner else 1}"'),
             seat_badge(x + 15, y + 19, seat, 9)]
    # The name on a line of its own: a name of NAME_CHARS characters and " (you)" fits a panel of 4 gangs
    # beside a city of 3 columns. The badge carries the gang's letter.
    parts.append(text(x + 29, y + 24, seat_ref(seat), 12, "bold"))
    parts.append(text(x + 12, y + 46, f"${view['money'][seat]}", 18, "bold"))
    tags = []
    if acting:
        tags.append("to act")
    if winner:
        tags.append("winner")
    if view["result"] is None and view["turn_player"] == seat and not acting:
        tags.append("their turn")
    if view["first"] == seat:
        tags.append("started the round")
    parts.append(text(x + 12, y + 64, " · ".join(tags), 11, "bold" if acting else "normal", "start",
                      INK if acting else MUTED))
    # The frame and the turn tags above change with the turn; the keyed piece is what the gang has, so that
    # the page marks a panel as changed only when that does.
    frame, parts = parts, []
    # the hideout: a pawn per mobster ready to deploy
    parts.append(text(x + 12, y + 84, "hideout", 11, "normal", "start", MUTED))
    hideout = view["hideout"][seat]
    for i in range(hideout):
        parts.append(f'<circle cx="{x + 64 + i * 15:g}" cy="{y + 80:g}" r="6" fill="{seat_colour(seat)}" '
                     'stroke="#222"/>')
    parts.append(text(x + 64 + max(hideout, 1) * 15 - 4, y + 84, str(hideout), 12, "bold"))
    parts.append(text(x + 12, y + 104, f"supply {view['supply'][seat]}", 11, "normal", "start", MUTED))
    muscle = view["muscle"]
    if muscle is not None and muscle["owner"] == seat:
        where = "in the hideout" if muscle["in_hideout"] else "off the table"
        if muscle["site"] is not None:
            where = f"on {view['city'][muscle['site']]['label']}"
        parts.append(text(x + 70, y + 104, f"HM: {muscle['name']} {where}", 11, "bold"))
    hover = (f"{seat_name(seat)}: ${view['money'][seat]}, {hideout} in the hideout, "
             f"{view['supply'][seat]} in the supply")
    acts = gang_actions(view, seat, None)
    if acts:
        hover = f"the mobsters of {seat_name(seat)}: {view['pending']['question']}"
    return group([*frame, group(parts, key=f"seat:{seat}")], title=hover, act=acts, key=f"panel:{seat}",
                 cls="seat")


# -- the whole table ---------------------------------------------------------------------------------

def view_svg(view: ProtectionRacketView, layout: str = "wide") -> str:
    """The table as one seat's view shows it, as SVG, in `layout` (see the module docstring)."""
    check_layout(layout)
    narrow = layout == "narrow"
    columns, rows = view["columns"], view["rows"]
    card = CARD_WIDTHS.get(columns, CARD_WIDTHS[4])
    width = 2 * MARGIN + columns * card + (columns - 1) * GAP
    if narrow:  # one card a line
        width = NARROW_WIDTH
        card = width - 2 * MARGIN
        columns, rows = 1, len(view["city"])
    parts, y = _header(view, width, narrow)
    players = view["players"]
    mine = view["seat"]
    if narrow:  # the rest is drawn from 0 and moved under the header, whose height changes
        header, top = parts, y
        parts, y = [], 0.0
        others = [seat for seat in range(players) if seat != mine]
        if mine is not None:
            parts.append(_panel(view, mine, MARGIN, y, card))
            y += PANEL_HEIGHT + GAP
    else:  # the gangs' panels above the city
        others = []
        panel = (width - 2 * MARGIN - (players - 1) * GAP) / players
        for seat in range(players):
            parts.append(_panel(view, seat, MARGIN + seat * (panel + GAP), y, panel))
        y += PANEL_HEIGHT + GAP
    city = view["city"]
    chip = NARROW_CHIP if narrow else CHIP
    for row in range(rows):
        sites = city[row * columns:(row + 1) * columns]
        height = max(_card_height(view, site, card, chip) for site in sites)
        for col, site in enumerate(sites):
            parts.append(_card(view, site, MARGIN + col * (card + GAP), y + 6, card, height, chip))
        y += height + GAP + 6
    for seat in others:  # a narrow drawing's other gangs, under the city
        parts.append(_panel(view, seat, MARGIN, y, card))
        y += PANEL_HEIGHT + GAP
    height = y + MARGIN - (GAP if others else 0)
    if narrow:
        parts = [*header, f'<g transform="translate(0 {top:g})">', *parts, "</g>"]
        height += top
    who = "a spectator" if view["seat"] is None else seat_name(view["seat"])
    title = f"Protection Racket, round {view['round']}, turn {view['turn']}, as {who} sees it"
    return document(width, height, title, parts)
