"""Pieces every game's table drawing is made of, and the contract between a drawing and the page.

A game draws its table as SVG from one seat's view (`Game.svg`), never from the true state. A thing a
player may act on carries `data-act`: the names of the actions it stands for (as
`Game.public_action_name` gives them to the acting seat), joined by `ACT_SEPARATOR`. The drawing does not
know which actions are legal; the page does: it makes a thing clickable when one or more of its names is
a legal action, plays that action on a click, and asks which one when several are legal (a site where a
player may deploy 1 to 5 mobsters). A thing that stands for a piece of the table carries `data-key`, a
name stable from one view to the next, so the page can mark what changed since the seat last looked.

Seats are named in a drawing's text and `<title>`s by their markers (`gangland.engine.seats`), which the
page fills in with names: a drawing leaves room for a name of NAME_CHARS characters and " (you)" wherever
it lays one out (`text_width` measures a marker so), and the page shortens a longer name with an ellipsis.
No attribute holds a marker but `data-act`, whose action names the page matches exactly.

Colours are never the only cue: a seat is drawn with its colour *and* its letter (`seat_letter`), and
every text colour here keeps a contrast of at least 4.5:1 on the light paper the tables are drawn on.

A table is drawn in one of two layouts (`LAYOUTS`): "wide" for a screen of 700 px and more, and "narrow"
for a phone, NARROW_WIDTH units wide, its panels stacked (the shared board, then the seat's own hand,
estate or hideout, then the other seats), each thing to touch at least TARGET units on each side.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import quoteattr

from .seats import SEAT_OPEN, SEAT_REF, fill_seats

ACT_SEPARATOR = "|"
"""Separates the action names of one drawn thing in its `data-act` (no action name contains it)."""
SVG_NS = "http://www.w3.org/2000/svg"
INK = "#1b1b1b"
"""Text on the paper colours below (contrast above 12:1)."""
MUTED = "#555555"
"""Secondary text (contrast 7.5:1 on white, above 6:1 on PAPER)."""
PAPER = "#f7f4ec"
SEAT_COLOURS = ("#c0392b", "#1f6fb2", "#2e7d32", "#8e44ad", "#b35900")
"""A colour per seat, each dark enough for white letters on it (contrast above 4.5:1)."""


LAYOUTS = ("wide", "narrow")
"""The layouts a table is drawn in (`Game.svg`): the first is the default."""
NARROW_WIDTH = 360
"""The width of a narrow drawing: the page shows it as wide as a phone's column (about 372 px at 390 px,
where it bleeds to the edges of its panel), so one unit is about one CSS pixel."""
TARGET = 48
"""The least width and height, in units, of a thing to touch in a narrow drawing: 44 CSS px for a thumb
(WCAG 2.5.5, Apple's and Google's guides) at the 0.92 scale of a 360 px wide phone, and more above."""


def check_layout(layout: str) -> None:
    """Raise ValueError unless `layout` is one of LAYOUTS."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}: a table is drawn {' or '.join(LAYOUTS)}")


DRAWING_ELEMENTS = frozenset({"svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path",
                              "text", "tspan", "title"})
"""The elements a drawing may use: the page refuses a drawing with any other (static/common.js)."""
DRAWING_ATTRIBUTES = frozenset({
    "xmlns", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d",
    "points", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap",
    "stroke-linejoin", "stroke-opacity", "opacity", "font-family", "font-size", "font-weight", "font-style",
    "text-anchor", "dominant-baseline", "transform", "class", "role", "data-act", "data-key", "data-glyph",
})
"""The attributes a drawing may use: the page drops any other."""


# Em widths of DejaVu Sans (the sans-serif of Debian's chromium, and wider than Arial or Helvetica), by
# groups of characters, each rounded up to its widest; bold is wider by BOLD_WIDTH.
_EM_GROUPS = (
    (0.30, "ijlIJ'"),
    (0.34, " ,.:;|/\\\u00b7"),
    (0.42, "!-()[]frt\""),
    (0.56, "csz?*_`"),
    (0.70, "ABCKRVXZ"),
    (0.79, "DGHNOQU&"),
    (0.84, "#+<=>^~wM"),
    (1.00, "mW%@\u2026\u2014"),
)
_EM = {char: em for em, chars in _EM_GROUPS for char in chars}
DEFAULT_EM = 0.64
"""Digits, '$', most lower-case letters and the other capitals."""
BOLD_WIDTH = 1.12
NAME_CHARS = 12
"""The longest name the page fills into a drawing's seat marker (it shortens a longer one with an
ellipsis): a drawing leaves room for this many characters and " (you)"."""
NAME_EM = NAME_CHARS * 0.72 + sum(_EM.get(char, DEFAULT_EM) for char in " (you)")
"""The width of a filled seat marker, in em: NAME_CHARS characters of a name (capitals and lower case
mixed, erring wide) and " (you)"."""


def escape(content: str) -> str:
    """`content` as XML character data: `&`, `<` and `>` escaped (as `xml.sax.saxutils.escape`, faster).

    >>> escape("A & B <3")
    'A &amp; B &lt;3'
    """
    return content.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


_ATTRIBUTE_SPECIAL = re.compile('[&<>"\n\r\t]').search


def attribute(value: str) -> str:
    """`value` quoted as an XML attribute value: the same text as `xml.sax.saxutils.quoteattr`, with a fast
    path for the usual value that holds nothing to escape.

    >>> print(attribute("bid 8"), attribute('say "hi"'))
    "bid 8" 'say "hi"'
    """
    return quoteattr(value) if _ATTRIBUTE_SPECIAL(value) else f'"{value}"'


def text_width(content: str, size: float, weight: str = "normal") -> float:
    """About how wide `content` is drawn at `size` px, erring wide (see `_EM_GROUPS`): what a drawing
    lays out by, so that its text stays inside its boxes. A seat marker counts as the widest name the
    page fills in (NAME_EM).

    >>> round(text_width("seat 0 (A)", 10))
    51
    >>> text_width("10", 11, "bold") > text_width("10", 11)
    True
    >>> round(text_width("⟨s0⟩ (A)", 10))
    136
    """
    em = 0.0
    if SEAT_OPEN in content:
        content, markers = SEAT_REF.subn("", content)
        em = markers * NAME_EM
    em += sum(_EM.get(char, DEFAULT_EM) for char in content)
    return em * size * (BOLD_WIDTH if weight == "bold" else 1.0)


def fit_lines(units: list[str], width: float, size: float, weight: str = "normal") -> list[str]:
    """`units` (pieces never broken, such as "3 gangsters,") joined by spaces into lines each at most
    `width` wide, as few as may be (a unit wider than `width` alone on its line).

    >>> fit_lines(["face down:", "2 notes,", "3 gangsters"], 120, 11)
    ['face down: 2 notes,', '3 gangsters']
    """
    lines: list[str] = []
    for unit in units:
        joined = f"{lines[-1]} {unit}" if lines else unit
        if lines and text_width(joined, size, weight) <= width:
            lines[-1] = joined
        else:
            lines.append(unit)
    return lines


def seat_letter(seat: int) -> str:
    """The letter that marks seat `seat` wherever its colour does (A for seat 0)."""
    return chr(ord("A") + seat)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text(x: float, y: float, content: object, size: int = 13, weight: str = "normal",
         anchor: str = "start", fill: str = INK) -> str:
    """One line of text at (x, y), its baseline at y."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(content if type(content) is str else str(content))}</text>')


def rect(x: float, y: float, width: float, height: float, fill: str, stroke: str = "#555",
         radius: float = 5, extra: str = "") -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="{radius:g}" fill="{fill}" '
            f'stroke="{stroke}"{" " + extra if extra else ""}/>')


def acts(names: Iterable[str]) -> str:
    """The `data-act` value of a thing that stands for each of `names`."""
    listed = list(names)
    for name in listed:
        if ACT_SEPARATOR in name:
            raise ValueError(f"an action name may not contain {ACT_SEPARATOR!r}: {name!r}")
    return ACT_SEPARATOR.join(listed)


def group(inner: Iterable[str] | str, *, title: str = "", act: Iterable[str] | str = (), key: str = "",
          cls: str = "") -> str:
    """A `<g>` holding `inner`: with a hover title, the actions it stands for and its `data-key`."""
    head = "<g"
    if cls:
        head += f" class={attribute(cls)}"
    if isinstance(act, str):  # one name (an empty one too: the thing is marked as acting on nothing)
        if ACT_SEPARATOR in act:
            acts([act])  # raises, naming it
        head += f" data-act={attribute(act)}"
    else:
        names = list(act)
        if names:
            head += f" data-act={attribute(acts(names))}"
    if key:
        head += f" data-key={attribute(key)}"
    body = inner if isinstance(inner, str) else "".join(inner)
    if title:
        return f"{head}><title>{escape(title)}</title>{body}</g>"
    return f"{head}>{body}</g>"


def button(x: float, y: float, width: float, label: str, act: Iterable[str] | str, note: str = "",
           title: str = "", height: float = 0) -> str:
    """A thing to press: a rounded box with its label (and a second, smaller line) acting as `act`;
    `height` (default: 44 with a note, else 28) makes it taller, its lines centred in it (TARGET for a
    narrow drawing)."""
    height = max(height, 44 if note else 28)
    top = y + (height - (44 if note else 28)) / 2
    lines = text(x + width / 2, top + 18, label, 13, "bold", "middle")
    if note:
        lines += text(x + width / 2, top + 36, note, 12, "normal", "middle")
    hover = title or (f"{label} ({note})" if note else label)
    return group([rect(x, y, width, height, "#e8e2d0", radius=6), lines], title=hover, act=act, cls="button")


def seat_badge(cx: float, cy: float, seat: int, radius: float = 9, label: str = "") -> str:
    """A seat's disc: its colour with its letter (or `label`) in white, so colour is never the only cue."""
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{seat_colour(seat)}" stroke="#222"/>'
            + text(cx, cy + radius * 0.45, label or seat_letter(seat), max(9, int(radius * 1.2)), "bold",
                   "middle", "#ffffff"))


def document(width: float, height: float, title: str, body: Iterable[str], background: str = PAPER) -> str:
    """A whole drawing: the `<svg>` element, its title (what a screen reader says) and its paper."""
    return "\n".join([
        f'<svg xmlns="{SVG_NS}" width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
        f'font-family="sans-serif" role="img">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="{background}"/>',
        *body,
        "</svg>",
    ]) + "\n"


_ACT_ATTRIBUTE = re.compile("""( data-act=(?:"[^"]*"|'[^']*'))""")
"""A `data-act` attribute as `group` writes it (`attribute` quotes it)."""


def without_actions(svg: str) -> str:
    """A drawing with nothing offered to click: what a spectator, who has no legal actions, is shown by a
    drawing that draws the choices of the moment whoever looks.

    >>> without_actions('<g data-act="pass" data-key="turn"><title>pass</title></g>')
    '<g data-key="turn"><title>pass</title></g>'
    """
    return _ACT_ATTRIBUTE.sub("", svg)


def fill_drawing(svg: str, names: Sequence[str], you: int | None = None) -> str:
    """A drawing with its seat markers filled in (`gangland.engine.seats.fill_seats`) with `names`, which
    are escaped as XML text, in its text and titles; its `data-act` attributes keep the action names as
    they are (a page matches them against the legal actions' names, markers and all). What the page does
    in the browser, for a drawing saved to a file (`gangland render --svg`) and for tests of the layout.

    >>> fill_drawing('<g data-act="rob ⟨s1⟩"><title>rob ⟨s1⟩</title></g>', ["A&B", "Cy"], you=1)
    '<g data-act="rob ⟨s1⟩"><title>rob Cy (you)</title></g>'
    """
    if SEAT_OPEN not in svg:
        return svg
    escaped = [escape(name) for name in names]
    parts = _ACT_ATTRIBUTE.split(svg)  # the attributes at the odd places
    return "".join(part if i % 2 else fill_seats(part, escaped, you) for i, part in enumerate(parts))


def drawn_actions(svg: str) -> set[str]:
    """Every action name a drawing offers (what its `data-act` attributes list)."""
    names: set[str] = set()
    for node in ET.fromstring(svg).iter():
        value = node.attrib.get("data-act")
        if value:
            names.update(value.split(ACT_SEPARATOR))
    return names
