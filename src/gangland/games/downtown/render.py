"""Plain-text rendering of a Downtown view for the terminal, and the what-happened line of a step.

Both work only from views (`view.build_view`): a seat's rendering can show nothing its view does not
hold, so never another seat's cash, hand or face-down choices. Money in a view is in dollars.
"""

from __future__ import annotations

from gangland.engine import SEAT_REF, seat_ref, terminal_wrap

from .actions import (
    CASINO_PLAY_TEXT,
    CASINO_SKIP_TEXT,
    DONE_TEXT,
    buy_text,
    look_fence_text,
    look_stooge_text,
)
from .cards import GANGSTER_NAMES, GANGSTER_PLURALS, LOCATION_NAMES, LOCATION_SHORT
from .cards import notes_text as notes
from .phases import (
    AFTER_FENCE_LOOK,
    AFTER_STOOGE_LOOK,
    BID,
    BUYING,
    LOCATION,
    MOVE,
    PAYMOVE,
    PHASE_NAMES,
    REFRESH,
    WINDOW,
)
from .view import DisplayView, DowntownView, FenceView, StoogeCardView

__all__ = ["narrate", "render_view"]

WIDTH = 100
"""The widest line `render_view` aims for."""

_SHORT = dict(zip(LOCATION_NAMES, LOCATION_SHORT, strict=True))
_ORDINALS = ("top", "2nd", "3rd")


def dollars(amount: int) -> str:
    """'$26,000' for 26000.

    >>> dollars(26000), dollars(0)
    ('$26,000', '$0')
    """
    return f"${amount:,}"


def kilo(amount: int) -> str:
    """'$52k' for 52000: the short form used where a line would grow too wide.

    >>> kilo(52000), kilo(1500)
    ('$52k', '$1,500')
    """
    return f"${amount // 1000}k" if amount % 1000 == 0 else dollars(amount)


def gangsters(counts: list[int]) -> str:
    """'2 lookouts, 1 spy' for [2, 0, 1]; 'none' for none.

    >>> gangsters([2, 0, 1]), gangsters([0, 0, 0])
    ('2 lookouts, 1 spy', 'none')
    """
    parts = [f"{n} {GANGSTER_NAMES[k] if n == 1 else GANGSTER_PLURALS[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "none"


def needs(card: StoogeCardView) -> str:
    """A stooge card's needs (a dict by plural kind name) as text."""
    return gangsters([int(card["needs"].get(plural, 0)) for plural in GANGSTER_PLURALS])


def ordinal(depth: int) -> str:
    """'top', '2nd', '3rd', '4th'... for a depth from the top of a pile (0: the top card).

    >>> [ordinal(d) for d in (0, 1, 2, 3, 10, 20)]
    ['top', '2nd', '3rd', '4th', '11th', '21st']
    """
    if depth < len(_ORDINALS):
        return _ORDINALS[depth]
    n = depth + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def card_front(card: StoogeCardView) -> str:
    """A stooge card's face: 'Luigi's art, promised $60,000 (really $40k/$52k/$60k), needs ...'."""
    possible = "/".join(kilo(v) for v in card["possible"])
    return (f"{card['stooge']}'s {card['loot']}, promised {dollars(card['promise'])} (really {possible}), "
            f"needs {needs(card)}")


def card_known(card: StoogeCardView) -> str:
    """A stooge card whose back is known: 'Luigi's art worth $52,000 (promised $60,000)'."""
    return (f"{card['stooge']}'s {card['loot']} worth {dollars(card['value'])} "
            f"(promised {dollars(card['promise'])})")


def fence_front(fence: FenceView) -> str:
    """'art dealer, takes 1/4'."""
    return f"{fence['kind']}, takes {fence['takes']}"


def fence_known(fence: FenceView) -> str:
    """A fence whose back is known: 'art dealer, takes 1/4: an undercover cop!' or '...: honest'."""
    return fence_front(fence) + (": an UNDERCOVER COP" if fence["cop"] else ": honest")


def _header(view: DowntownView) -> list[str]:
    edition = "2013 English rules" if view["edition"] == "2013" else "current rules"
    lines = [f"Downtown ({edition})   {view['phase']}"]
    if view["phase"] == "game over":
        return lines
    parts = []
    active, following, to_act = view["active"], view["next"], view["to_act"]
    if active is not None:
        parts.append(f"turn of {seat_ref(active)}")
    if following is not None:
        parts.append(f"next: {seat_ref(following)}")
    if to_act is not None:
        parts.append(f"to act: {seat_ref(to_act)}")
    if parts:
        text = "; ".join(parts)
        lines.append(text[0].upper() + text[1:])
    return lines


def _locations(view: DowntownView) -> list[str]:
    """Who has tokens where: 'Downtown ⟨s1⟩; West Side ⟨s0⟩, ⟨s3⟩; East Side none; ...'."""
    holders: dict[str, list[int]] = {name: [] for name in LOCATION_NAMES}
    for seat, player in enumerate(view["players"]):
        for loc in player["tokens"]:
            if loc is not None:
                holders[loc].append(seat)
    parts = [f"{_SHORT[name]} " + (", ".join(seat_ref(s) for s in who) if who else "none")
             for name, who in holders.items()]
    return _wrap("Tokens: " + "; ".join(parts), you=view.get("seat"))


def _market(view: DowntownView) -> list[str]:
    buying = view.get("buying")
    counts = view["downtown"]["gangsters"]
    prices = buying["prices"] if buying is not None else view["downtown"]["prices"]
    offer = [f"{n} {GANGSTER_NAMES[k] if n == 1 else GANGSTER_PLURALS[k]} at {dollars(prices[k] or 0)}"
             for k, n in enumerate(counts) if n]  # (a kind on display has a price)
    lines = ["Downtown: " + ("; ".join(offer) or "no gangsters") + f"   (draw pile {view['draw_pile']})"]
    if buying is not None:
        lines.append(f"  bought so far: {gangsters(buying['bought'])} for {dollars(buying['spent'])} "
                     "(prices as buying began)")
    return lines


_STOOGE_ROW = "  {:<1} {:<8} {:>5}  {:<9}  {:>8}  {:<14}  {}"
_FENCE_ROW = "  {:<9} {:>5}  {:<28}  {}"


def _stooge_piles(view: DowntownView) -> list[str]:
    head = _STOOGE_ROW.format("", "", "cards", "top: loot", "promised", "worth one of", "needs")
    lines = ["Stooge piles " + head[13:]]
    for p, pile in enumerate(view["stooge_piles"]):
        top = pile["cards"][0] if pile["cards"] else None
        if top is None:
            lines.append(_STOOGE_ROW.format(p, pile["stooge"], pile["size"], "(empty)", "", "", ""))
            continue
        possible = " ".join(kilo(v) for v in top["possible"])
        lines.append(_STOOGE_ROW.format(p, pile["stooge"], pile["size"], top["loot"], dollars(top["promise"]),
                                        possible, needs(top)))
    return [line.rstrip() for line in lines]


def _fence_piles(view: DowntownView) -> list[str]:
    head = _FENCE_ROW.format("", "cards", "top fence", "casino card")
    lines = ["Fence piles" + head[11:]]
    for p, pile in enumerate(view["fence_piles"]):
        cards = pile["cards"]
        where = ""
        if "casino" in cards:
            above = cards.index("casino")
            where = f"under {above} card{'s' if above != 1 else ''}"
        top = cards[0] if cards else None
        text = ("(gone)" if top is None else fence_front(top) if isinstance(top, dict)
                else "the casino card")
        lines.append(_FENCE_ROW.format(f"pile {p}", pile["size"], text, where).rstrip())
    casinos = view["casinos"]
    rule = ("the 3rd ends the game after its visit" if view["edition"] == "2013"
            else "the game ends after the turn of the 2nd")
    lines.append(f"  casino cards turned up: {casinos} ({rule})")
    out = view["out_of_game"]
    if out["fences"] or out["stooge_cards"]:
        parts = []
        if out["fences"]:
            parts.append("fences " + ", ".join(fence_known(f) for f in out["fences"]))
        if out["stooge_cards"]:
            known = [card_known(c) for c in out["stooge_cards"] if c is not None]
            unknown = sum(1 for c in out["stooge_cards"] if c is None)
            text = f"{len(out['stooge_cards'])} stooge cards"
            if known:
                text += ": " + ", ".join(known) + (f" and {unknown} unseen" if unknown else "")
            parts.append(text)
        lines.extend(_wrap("Out of the game: " + "; ".join(parts), you=view.get("seat")))
    return lines


def _wrap(text: str, indent: str = "    ", you: int | None = None) -> list[str]:
    """`text` wrapped to WIDTH as the terminal shows it to `you` (seats filled in)."""
    return terminal_wrap(text, WIDTH, you, subsequent_indent=indent, break_on_hyphens=False)


def plural(n: int, word: str, words: str = "") -> str:
    """`n word`, with an s unless n is 1 (or `words`, where the plural is not word + s).

    >>> plural(1, "note"), plural(3, "card"), plural(2, "spy", "spies")
    ('1 note', '3 cards', '2 spies')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


def _players(view: DowntownView) -> list[str]:
    lines = []
    active = view.get("active")
    over = view.get("result") is not None
    for seat, player in enumerate(view["players"]):
        marker = ">" if view.get("to_act") == seat else ("*" if seat == active and not over else " ")
        tokens = ", ".join(_SHORT[t] for t in player["tokens"] if t is not None) or "no tokens"
        hand = player["hand"]
        # (the seat's name, of any length once filled in, has nothing aligned after it)
        lines.append(f"{marker} {seat_ref(seat)}: tokens {tokens}; hand "
                     f"{plural(hand['gangsters'], 'gangster card')}, "
                     f"{plural(hand['stooge_cards'], 'stooge card')} (limit {player['hand_limit']})")
        display = player["display"]
        text = f"    display {dollars(display['money'])}"
        if any(display["gangsters"]):
            text += f" + {gangsters(display['gangsters'])}"
        down = player["face_down"]
        if down["notes"] or down["gangsters"]:
            text += (f"; face down: {plural(down['notes'], 'note')}, "
                     f"{plural(down['gangsters'], 'gangster card')}")
        lines.append(text)
    return lines


def _own(view: DowntownView) -> list[str]:
    seat = view.get("seat")
    if seat is None or "cash" not in view["players"][seat]:
        return []
    me = view["players"][seat]
    cash = me["cash"]
    lines = [f"Your cash: {dollars(cash['money'])}"
             + (f" = {notes(cash['notes'])}" if cash["money"] else "")
             + (f"; casino note {dollars(me['casino_note'])}" if "casino_note" in me else ""),
             f"  gangsters in hand: {gangsters(me['gangsters'])}"]
    down = me["face_down"]
    if down["notes"] or down["gangsters"]:
        lines.extend(_wrap(f"  your face-down display: {notes(down['notes_detail'])}; "
                           f"gangsters: {gangsters(down['gangsters_detail'])}"))
    cards = [card_known(card) for card in me["stooge_cards"]]
    lines.extend(_wrap("  stooge cards: " + ("; ".join(cards) or "none")))
    return lines


def _learnt(view: DowntownView) -> list[str]:
    """Cards in the piles whose backs this seat knows (it looked, or they were shown to everyone)."""
    lines = []
    for pile in view["stooge_piles"]:
        known = [f"{ordinal(depth)}: {card['loot']} {dollars(card['value'])} "
                 f"(promised {kilo(card['promise'])})"
                 for depth, card in enumerate(pile["cards"])
                 if card is not None and "value" in card]
        if known:
            lines.extend(_wrap(f"  {pile['stooge']}'s pile: " + "; ".join(known), "      "))
    for p, fpile in enumerate(view["fence_piles"]):
        fences = [f"{ordinal(depth)}: {fence_known(fence)}"
                  for depth, fence in enumerate(fpile["cards"]) if isinstance(fence, dict) and "cop" in fence]
        if fences:
            lines.extend(_wrap(f"  fence pile {p}: " + "; ".join(fences), "      "))
    return ["Known cards in the piles (you looked, or they were shown):", *lines] if lines else []


def offer_and_casino(view: DowntownView) -> list[str]:
    """The loot offered at the East Side and the casino visit under way, a line each, if any (the
    screen and the whole view both show them)."""
    lines = []
    if view.get("offer"):
        lines.append("Loot offered: " + ", ".join(card_known(card) for card in view["offer"]))
    casino = view.get("casino")
    if casino is not None:
        seats = ", ".join(seat_ref(s) for s in casino["seats"])
        bet = ", ".join(seat_ref(s) for s in casino["bet"]) or "nobody yet"
        lines.append(f"Casino visit: {seats} take part; notes down from: {bet}")
    return lines


def _situation(view: DowntownView) -> list[str]:
    lines = offer_and_casino(view)
    result = view.get("result")
    if result is not None:
        names = " and ".join(seat_ref(s) for s in result["winners"])
        kind = "Shared win" if len(result["winners"]) > 1 else "Winner"
        lines.append(f"Game over. {kind}: {names}")
        for rank, seat, score in sorted(zip(result["ranks"], range(len(result["scores"])), result["scores"],
                                            strict=True)):
            parts = ", ".join(f"{k} {dollars(v)}" for k, v in result["breakdown"][seat].items())
            lines.append(f"  {rank}. {seat_ref(seat)}: {dollars(score)} ({parts})")
    return lines


def render_view(view: DowntownView) -> str:
    """The table as one seat sees it, as plain text lines of at most about 100 columns."""
    lines = _header(view)
    lines.extend(_locations(view))
    lines.extend(_market(view))
    lines.extend(_stooge_piles(view))
    lines.extend(_fence_piles(view))
    lines.extend(_wrap(f"Bank: {dollars(view['bank']['money'])} = {notes(view['bank']['notes'])}   "
                       f"gangster discard pile: {gangsters(view['discard_pile'])}"))
    lines.extend(_players(view))
    lines.extend(_own(view))
    lines.extend(_learnt(view))
    lines.extend(_situation(view))
    return "\n".join(lines)


# -- narration ------------------------------------------------------------------------------------

def _taken(display: DisplayView) -> str:
    """What lies in a display: '$7,000 and 2 lookouts', 'nothing'."""
    parts = []
    if display["money"]:
        parts.append(dollars(display["money"]))
    if any(display["gangsters"]):
        parts.append(gangsters(display["gangsters"]))
    return " and ".join(parts) or "nothing"


def _seat_from(action_text: str, verb: str) -> int | None:
    """The seat in 'rob ⟨s2⟩' / 'pay ⟨s2⟩' (verb 'rob' / 'pay'), else None."""
    prefix = f"{verb} "
    found = SEAT_REF.fullmatch(action_text, len(prefix)) if action_text.startswith(prefix) else None
    return int(found.group(1)) if found else None


_DONE = {
    PHASE_NAMES[BID]: "bids no more",
    PHASE_NAMES[MOVE]: "moves no more tokens",
    PHASE_NAMES[PAYMOVE]: "moves no token",
    PHASE_NAMES[LOCATION]: "ends phase 3",
    PHASE_NAMES[BUYING]: "stops buying",
    PHASE_NAMES[AFTER_STOOGE_LOOK]: "does no job",
    PHASE_NAMES[AFTER_FENCE_LOOK]: "sells nothing",
    PHASE_NAMES[WINDOW]: "adds nothing more face down",
    PHASE_NAMES[REFRESH]: "ends the turn",
}
"""What 'done' means, by the phase it is chosen in."""


def _detail(before: DowntownView, actor: int, action_text: str, after: DowntownView) -> str:
    """What a step's action text leaves out, from public parts of the views (and the viewer's own)."""
    victim = _seat_from(action_text, "rob")
    if victim is not None:
        return f"takes {_taken(before['players'][victim]['display'])}"
    payee = _seat_from(action_text, "pay")
    if payee is not None:
        return f"gives {_taken(before['players'][payee]['display'])}"
    for k in range(len(GANGSTER_NAMES)):
        if action_text == buy_text(k):
            buying = before.get("buying")
            cost = buying["prices"][k] if buying is not None else before["downtown"]["prices"][k]
            if cost:
                return f"at {dollars(cost)}"
    if action_text == DONE_TEXT:
        return _DONE.get(before["phase"], "")
    if actor == after.get("seat") and action_text.startswith("look at "):
        return _looked(action_text, after)
    return ""


def _looked(action_text: str, after: DowntownView) -> str:
    """What the looking seat saw (its own after view holds the card's back)."""
    for p, fences in enumerate(after["fence_piles"]):
        if action_text == look_fence_text(p):
            fence = fences["cards"][0] if fences["cards"] else None
            return f"sees {fence_known(fence)}" if isinstance(fence, dict) and "cop" in fence else ""
    for pile in after["stooge_piles"]:
        if action_text == look_stooge_text(pile["stooge"]) and pile["cards"]:
            card = pile["cards"][0]
            return f"sees {card_known(card)}" if card is not None and "value" in card else ""
    return ""


def _restates(event: str, actor: int, action_text: str) -> bool:
    """Whether an event only says again what the action text says."""
    who = seat_ref(actor)
    for verb, told in (("rob", "robs"), ("pay", "pays")):
        other = _seat_from(action_text, verb)
        if other is not None and event == f"{who} {told} {seat_ref(other)}":
            return True
    if action_text.startswith("put it ") and event.startswith("puts it "):
        return event[len("puts it "):] == action_text[len("put it "):]
    if action_text in (CASINO_PLAY_TEXT, CASINO_SKIP_TEXT):
        return event == f"{who} votes to {action_text}"
    return action_text.startswith("look at ") and event.startswith(f"{who} looks at the top card of ")


def _display_back(before: DowntownView, after: DowntownView) -> list[str]:
    """D10: a turn has begun, and the new active player's display (public) went back to his hand."""
    seat = after.get("active")
    if seat is None or seat == before.get("active") or after.get("result") is not None:
        return []
    display = before["players"][seat]["display"]
    if not display["money"] and not any(display["gangsters"]):
        return []
    return [f"{seat_ref(seat)}'s turn begins: the display ({_taken(display)}) goes back to the hand"]


def narrate(before: DowntownView, actor: int, action_text: str, after: DowntownView) -> str:
    """One line of what a step did, from one seat's views before and after it.

    `action_text` is already the text this seat may read; the after view's events are what happened,
    as this seat may know it. A robbery or payment says what changed hands (the displays were public).
    """
    line = f"{seat_ref(actor)}: {action_text}"
    detail = _detail(before, actor, action_text, after)
    if detail:
        line += f" ({detail})"
    events: list[str] = []
    repeats: list[int] = []
    for event in after["events"]:
        if _restates(event, actor, action_text):
            continue
        if events and events[-1] == event:
            repeats[-1] += 1
        else:
            events.append(event)
            repeats.append(1)
    events = [event + (f" (x{n})" if n > 1 else "") for event, n in zip(events, repeats, strict=True)]
    events.extend(_display_back(before, after))
    if events:
        line += ": " + "; ".join(events)
    return line
