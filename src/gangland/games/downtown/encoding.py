"""Downtown's observation encoding (issue 20): a seat's view as a fixed-size vector (docs/rl/downtown.md).

Everything is read from the view dict alone (`build_view` in view.py, also after a JSON round trip), so
two states a seat cannot tell apart give the same vector. Seat-relative: every per-seat segment lists
the observing seat first, then the seats after it in turn order (seat+1, seat+2, ...), so one policy can
play any seat. Scales come from the game's constants (cards.py, deck.py), so each segment's bounds are
hard ones:

- money (cash, display, the buyer's spending, final scores) in units of the $100,000 that ends the game:
  below 1 in every state but the last (a seat holding $100,000, display included, ends the game at once),
  and never above the $515,000 of all 90 notes (`TOTAL_MONEY / WIN_MONEY` = 5.15);
- note counts by denomination over how many notes of it exist (25, 20, 20, 15, 10);
- gangster counts by kind over how many exist (26, 11, 11), totals over 48; the Downtown display over 10
  (it is refilled to at most 10, and never grows otherwise);
- stooge card values (promises, possible values, backs) over the largest value of the deck in use (the
  option `stooge_deck`; $60,000 for the built-in deck), needs over 7 (a job needs at most 7 gangsters);
- pile depths: a stooge pile holds only its stooge's 9 cards; a fence pile holds at most its casino card
  and the 12 fences (current edition: a looked-at fence may go onto any pile) or 5 cards (2013: cards go
  back under the same pile, so no pile ever grows).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gangland.engine import JSON, Layout, Segment, ViewEncoding

from .actions import STOOGE_CARDS
from .cards import (
    DENOMINATIONS,
    DISPLAY_MAX,
    FENCES,
    GANGSTER_COUNTS,
    GANGSTER_KINDS,
    LOCATION_NAMES,
    LOCATIONS,
    NOTE_COUNTS,
    STOOGE_PILES,
    TOTAL_MONEY,
    VILLA_HAND_LIMIT,
    WIN_MONEY,
)
from .deck import CARDS_PER_STOOGE, LOOT_NAMES, MAX_NEEDS, STOOGE_NAMES, load_deck
from .phases import PHASE_NAMES
from .view import FenceView, StoogeCardView, downtown_view

__all__ = ["DowntownEncoding"]

PLAYER_COUNTS: Final = (2, 3, 4)
NOTE_KINDS: Final = len(DENOMINATIONS)
ALL_NOTES: Final = sum(NOTE_COUNTS)
"""90 notes: the bound of any number of notes."""
ALL_GANGSTERS: Final = sum(GANGSTER_COUNTS)
"""48 gangster cards: the bound of any number of gangsters."""
MONEY_HIGH: Final = TOTAL_MONEY / WIN_MONEY
"""5.15: all the money there is, in units of the $100,000 that ends the game."""
MAX_PRICE: Final = 4
"""$4,000: the dearest gangster (one of its kind on display; `cards.price`)."""
CASINO_CARDS: Final = 3
FENCE_CARDS: Final = len(FENCES)
FENCE_DEPTH_CURRENT: Final = FENCE_CARDS + 1
"""Current edition: all 12 fences on one pile, over its casino card."""
FENCE_DEPTH_2013: Final = 5
"""2013: the 4 fences dealt and the casino card; nothing ever moves to another pile."""
LOOT_KINDS: Final = len(LOOT_NAMES)
STOOGE_SLOT: Final = 13
"""A stooge card in a pile: visible, loot (3), promise, needs (3), possible values (3), back known, back."""
FENCE_SLOT: Final = 8
"""A fence pile card: fence face up, casino card, kind (3), takes 1/2, known honest, known cop."""
CARD_BLOCK: Final = 7
"""A stooge card by id: in my hand, offered, out of the game (seen), loot (3), back."""
FENCE_CLASSES: Final = 3
"""Fences of a kind: the one taking 1/2, the two honest ones taking 1/4, the cop (taking 1/4)."""
FENCE_CLASS_SIZE: Final = (1, 2, 1)
OPTION_FLAGS: Final = ("edition=2013", "villa", "villa_victim", "pay_without_move", "casino_skip=active",
                       "turn_limit > 0")

PHASE_INDEX: Final = {name: i for i, name in enumerate(PHASE_NAMES)}
LOCATION_INDEX: Final = {name: i for i, name in enumerate(LOCATION_NAMES)}
LOOT_INDEX: Final = {name: i for i, name in enumerate(LOOT_NAMES)}
NEED_KEYS: Final = ("lookouts", "safecrackers", "spies")
DEALER_KIND: Final = {"money launderer": 0, "jewellery dealer": 1, "art dealer": 2}


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names)


def deck_scale(stooge_deck: str) -> int:
    """The largest value (thousands) on any card of the deck in use: promises and possible values."""
    cards = load_deck(stooge_deck or None).cards
    return max(max(card.promise, card.possible[2]) for card in cards)


class DowntownEncoding(ViewEncoding):
    """Downtown's view as a vector: the table, the seat's own secrets and the decision at hand."""

    def __init__(self) -> None:
        self._layouts: dict[tuple[int, str, str], Layout] = {}
        self._scales: dict[str, int] = {}

    def _scale(self, options: Mapping[str, JSON]) -> int:
        path = str(options["stooge_deck"])
        scale = self._scales.get(path)
        if scale is None:
            scale = self._scales[path] = deck_scale(path)
        return scale

    def layout(self, players: int, options: Mapping[str, JSON]) -> Layout:
        # What the layout depends on: the player count, the edition (fence pile depth) and the deck (scale).
        key = (players, str(options["edition"]), str(options["stooge_deck"]))
        layout = self._layouts.get(key)
        if layout is None:
            layout = self._layouts[key] = self._build(players, options)
        return layout

    def _build(self, players: int, options: Mapping[str, JSON]) -> Layout:
        n = players
        scale = self._scale(options)
        dollars = f"${scale:,},000"
        depth = FENCE_DEPTH_2013 if options["edition"] == "2013" else FENCE_DEPTH_CURRENT
        seats = "per seat from me in turn order (me, seat+1, ...)"
        money = f"/ $100,000 (the goal); at most {MONEY_HIGH:g}, all the money there is"
        notes = "notes by denomination ($1,000 ... $20,000) / 25, 20, 20, 15, 10 (how many exist)"
        kinds = "by kind (lookout, safecracker, spy) / 26, 11, 11 (how many exist)"
        segments = [
            Segment("players", len(PLAYER_COUNTS), "the player count (2, 3, 4), one-hot"),
            Segment("options", len(OPTION_FLAGS), f"rule options, 0/1: {_names(OPTION_FLAGS)}"),
            Segment("phase", len(PHASE_NAMES), "the phase (who is asked what), one-hot in the order of "
                    "phases.py: " + _names(PHASE_NAMES)),
            Segment("to_act", n, f"who is to act, one-hot {seats} (all 0 once the game is over)"),
            Segment("active", n, f"the active player (whose turn it is), one-hot {seats}"),
            Segment("next", n, f"the next player (robbed or paid in phase 2), one-hot {seats}"),
            Segment("first_placer", n, f"who placed tokens first, one-hot {seats}"),
            Segment("starter", n, f"the starting player once known, one-hot {seats}"),
            Segment("tokens", n * LOCATIONS, f"{seats}: 1 where the seat has a token, by location ("
                    f"{_names(LOCATION_NAMES)})"),
            Segment("display_money", n, f"{seats}: money face up in the display {money}", high=MONEY_HIGH),
            Segment("display_notes", n * NOTE_KINDS, f"{seats}: display {notes}"),
            Segment("display_gangsters", n * GANGSTER_KINDS, f"{seats}: display gangsters {kinds}"),
            Segment("face_down", n * 2, f"{seats}: notes / 90 and gangsters / 48 put face down (opening "
                    "bid, additions), not yet turned up"),
            Segment("hand_counts", n * 2, f"{seats}: gangsters / 48 and stooge cards / 27 in hand"),
            Segment("hand_limit", n, f"{seats}: hand limit / 10 (7, or 10 with a Villa token)"),
            Segment("casino_seats", n, f"{seats}: 1 if taking part in the casino visit under way"),
            Segment("casino_bet", n, f"{seats}: 1 if it has put its casino note down"),
            Segment("my_cash", 1, f"my cash {money}", high=MONEY_HIGH),
            Segment("my_cash_notes", NOTE_KINDS, f"my cash {notes}"),
            Segment("my_gangsters", GANGSTER_KINDS, f"gangsters in my hand {kinds}"),
            Segment("my_face_down_notes", NOTE_KINDS, f"my face-down {notes}"),
            Segment("my_face_down_gangsters", GANGSTER_KINDS, f"my face-down gangsters {kinds}"),
            Segment("my_casino_note", NOTE_KINDS, "the note I put down in the casino, one-hot by "
                    "denomination"),
            Segment("my_exchange", 2 * NOTE_KINDS, f"my exchange pending for a secret note: handed, then "
                    f"taken, {notes}"),
            Segment("stooge_cards", STOOGE_CARDS * CARD_BLOCK, f"by card id 0..26 (the ids of the offer "
                    f"and shed actions), 7 each: in my hand, offered for the sale under way, seen out of the "
                    f"game; loot ({_names(LOOT_NAMES)}) and back / {dollars} where one of the three holds"),
            Segment("stooges_out_unseen", 1, "stooge cards out of the game unseen / 27"),
            Segment("downtown", GANGSTER_KINDS, f"gangsters on the Downtown display by kind / {DISPLAY_MAX}"),
            Segment("draw_pile", 1, "gangster draw pile / 48"),
            Segment("discard_pile", GANGSTER_KINDS, f"gangster discard pile {kinds}"),
            Segment("buying", 2 * GANGSTER_KINDS, f"a purchase under way: gangsters bought by kind / "
                    f"{DISPLAY_MAX}, then each kind's fixed price / $4,000"),
            Segment("buying_spent", 1, f"a purchase under way: spent so far {money}", high=MONEY_HIGH),
            Segment("stooge_piles", STOOGE_PILES * (1 + CARDS_PER_STOOGE * STOOGE_SLOT),
                    f"per stooge pile ({_names(STOOGE_NAMES)}): size / 9, then 9 slots from the top, 13 "
                    f"each: seen (the top front, or a card I looked at or saw sold), loot (3), promise / "
                    f"{dollars}, needs by kind / 7, possible values / {dollars}, back known, back / "
                    f"{dollars}"),
            Segment("fence_piles", _fence_piles_size(depth), f"per fence pile (0, 1, 2): size / {depth}, "
                    f"then {depth} slots from the top, 8 each: fence face up (the top, or one seen), casino "
                    f"card, kind (money launderer, jewellery, art), takes 1/2, known honest, known cop"),
            Segment("fences_out", LOOT_KINDS * FENCE_CLASSES, "fences out of the game (current edition), per "
                    "kind (money, jewellery, art): takes 1/2 / 1, honest 1/4 / 2, cop / 1"),
            Segment("look", 2 * STOOGE_PILES, "the pile whose top card the active player looked at and "
                    "now puts back (the view's looking_at): stooge pile one-hot (3), then fence pile one-hot "
                    "(3)"),
            Segment("casinos", 1, "casino cards set aside / 3"),
            Segment("turn_limit", 1, "the turn over the turn limit (0 without one): how near the limit ends "
                    "the game"),
            Segment("bank", NOTE_KINDS, f"the bank's {notes}"),
            Segment("result", 2 * n, f"once the game is over, {seats}: score {money}, then 1 for a winner",
                    high=MONEY_HIGH),
        ]
        return Layout(segments)

    def encode(self, view: Mapping[str, JSON], players: int, options: Mapping[str, JSON]) -> list[float]:
        n = players
        scale = float(self._scale(options))
        layout = self.layout(players, options)
        out = layout.writer()
        v = downtown_view(view)
        me = v["seat"] if v["seat"] is not None else 0
        order = [(me + r) % n for r in range(n)]
        rank = {seat: r for r, seat in enumerate(order)}

        out.one_hot("players", PLAYER_COUNTS.index(n))
        out.put("options", [float(options["edition"] == "2013"), float(bool(options["villa"])),
                            float(bool(options["villa_victim"])), float(bool(options["pay_without_move"])),
                            float(options["casino_skip"] == "active"), float(int(options["turn_limit"]) > 0)])
        out.one_hot("phase", PHASE_INDEX[v["phase"]])
        for name, seat in (("to_act", v["to_act"]), ("active", v["active"]), ("next", v["next"]),
                           ("first_placer", v["first_placer"]), ("starter", v["starter"])):
            out.one_hot(name, None if seat is None else rank[seat])

        entries = [v["players"][seat] for seat in order]
        tokens = [0.0] * (n * LOCATIONS)
        display_money: list[float] = []
        display_notes: list[float] = []
        display_gangsters: list[float] = []
        face_down: list[float] = []
        hand_counts: list[float] = []
        hand_limit: list[float] = []
        for r, entry in enumerate(entries):
            for location in entry["tokens"]:
                if location is not None:
                    tokens[r * LOCATIONS + LOCATION_INDEX[location]] = 1.0
            display = entry["display"]
            display_money.append(display["money"] / (1000 * WIN_MONEY))
            display_notes.extend(_per(display["notes"], NOTE_COUNTS))
            display_gangsters.extend(_per(display["gangsters"], GANGSTER_COUNTS))
            down = entry["face_down"]
            face_down.append(down["notes"] / ALL_NOTES)
            face_down.append(down["gangsters"] / ALL_GANGSTERS)
            hand = entry["hand"]
            hand_counts.append(hand["gangsters"] / ALL_GANGSTERS)
            hand_counts.append(hand["stooge_cards"] / STOOGE_CARDS)
            hand_limit.append(entry["hand_limit"] / VILLA_HAND_LIMIT)
        out.put("tokens", tokens)
        out.put("display_money", display_money)
        out.put("display_notes", display_notes)
        out.put("display_gangsters", display_gangsters)
        out.put("face_down", face_down)
        out.put("hand_counts", hand_counts)
        out.put("hand_limit", hand_limit)
        casino = v.get("casino")
        seats_in = [0.0] * n
        bet = [0.0] * n
        if casino is not None:
            for seat in casino["seats"]:
                seats_in[rank[seat]] = 1.0
            for seat in casino["bet"]:
                bet[rank[seat]] = 1.0
        out.put("casino_seats", seats_in)
        out.put("casino_bet", bet)

        # My secrets: present only in my own entry (a spectator's view has none).
        mine = entries[0]
        cash = mine.get("cash")
        if cash is not None and v["seat"] is not None:
            out.put("my_cash", [cash["money"] / (1000 * WIN_MONEY)])
            out.put("my_cash_notes", _per(cash["notes"], NOTE_COUNTS))
            out.put("my_gangsters", _per(mine["gangsters"], GANGSTER_COUNTS))
            out.put("my_face_down_notes", _per(mine["face_down"]["notes_detail"], NOTE_COUNTS))
            out.put("my_face_down_gangsters", _per(mine["face_down"]["gangsters_detail"], GANGSTER_COUNTS))
            note = mine.get("casino_note")
            out.one_hot("my_casino_note", None if note is None else DENOMINATIONS.index(note // 1000))
            exchange = mine.get("pending_exchange")
            if exchange is None:
                out.put("my_exchange", [0.0] * (2 * NOTE_KINDS))
            else:
                out.put("my_exchange", _per(exchange["handed"], NOTE_COUNTS)
                        + _per(exchange["taken"], NOTE_COUNTS))
            hand_cards = mine["stooge_cards"]
        else:
            for name in ("my_cash", "my_cash_notes", "my_gangsters", "my_face_down_notes",
                         "my_face_down_gangsters", "my_exchange"):
                out.put(name, [0.0] * layout.segment(name).size)
            out.one_hot("my_casino_note", None)
            hand_cards = []

        cards = [0.0] * (STOOGE_CARDS * CARD_BLOCK)
        for where, held in ((0, hand_cards), (1, v.get("offer") or [])):
            for card in held:
                _card_by_id(cards, card, where, scale)
        unseen_out = 0
        out_of_game = v["out_of_game"]
        for gone_card in out_of_game["stooge_cards"]:
            if gone_card is None:
                unseen_out += 1
            else:
                _card_by_id(cards, gone_card, 2, scale)
        out.put("stooge_cards", cards)
        out.put("stooges_out_unseen", [unseen_out / STOOGE_CARDS])

        out.put("downtown", [count / DISPLAY_MAX for count in v["downtown"]["gangsters"]])
        out.put("draw_pile", [v["draw_pile"] / ALL_GANGSTERS])
        out.put("discard_pile", _per(v["discard_pile"], GANGSTER_COUNTS))
        buying = v.get("buying")
        if buying is None:
            out.put("buying", [0.0] * (2 * GANGSTER_KINDS))
            out.put("buying_spent", [0.0])
        else:
            out.put("buying", [count / DISPLAY_MAX for count in buying["bought"]]
                    + [p / (1000 * MAX_PRICE) for p in buying["prices"]])
            out.put("buying_spent", [buying["spent"] / (1000 * WIN_MONEY)])

        piles = [0.0] * layout.segment("stooge_piles").size
        at = 0
        for pile in v["stooge_piles"]:
            piles[at] = pile["size"] / CARDS_PER_STOOGE
            at += 1
            for depth, slot in enumerate(pile["cards"]):
                if slot is not None:
                    _stooge_slot(piles, at + depth * STOOGE_SLOT, slot, scale)
            at += CARDS_PER_STOOGE * STOOGE_SLOT
        out.put("stooge_piles", piles)

        fences = [0.0] * layout.segment("fence_piles").size
        pile_depth = (len(fences) // STOOGE_PILES - 1) // FENCE_SLOT
        at = 0
        for fpile in v["fence_piles"]:
            fences[at] = fpile["size"] / pile_depth
            at += 1
            for depth, fence in enumerate(fpile["cards"]):
                if fence is not None:
                    _fence_slot(fences, at + depth * FENCE_SLOT, fence)
            at += pile_depth * FENCE_SLOT
        out.put("fence_piles", fences)
        gone = [0.0] * (LOOT_KINDS * FENCE_CLASSES)
        for fence in out_of_game["fences"]:
            kind = DEALER_KIND[fence["kind"]]
            klass = 0 if fence["takes"] == "1/2" else 2 if fence["cop"] else 1
            gone[kind * FENCE_CLASSES + klass] += 1.0 / FENCE_CLASS_SIZE[klass]
        out.put("fences_out", gone)

        look = [0.0] * (2 * STOOGE_PILES)
        looking_at = v.get("looking_at")
        if looking_at is not None:
            look[(0 if looking_at["pile"] == "stooge" else STOOGE_PILES) + looking_at["index"]] = 1.0
        out.put("look", look)
        out.put("casinos", [v["casinos"] / CASINO_CARDS])
        out.put("turn_limit", [min(v["turn"] / v["turn_limit"], 1.0) if v["turn_limit"] else 0.0])
        out.put("bank", _per(v["bank"]["notes"], NOTE_COUNTS))
        result = v.get("result")
        scores = [0.0] * (2 * n)
        if result is not None:
            for seat in range(n):
                scores[rank[seat]] = result["scores"][seat] / (1000 * WIN_MONEY)
            for seat in result["winners"]:
                scores[n + rank[seat]] = 1.0
        out.put("result", scores)
        return out.done()


def _fence_piles_size(depth: int) -> int:
    """The fence piles segment's size for piles of at most `depth` cards."""
    return STOOGE_PILES * (1 + depth * FENCE_SLOT)


def _per(counts: list[int], totals: tuple[int, ...]) -> list[float]:
    """Each count over how many such things exist."""
    return [counts[i] / totals[i] for i in range(len(totals))]


def _card_by_id(out: list[float], card: StoogeCardView, where: int, scale: float) -> None:
    """A stooge card whose id and back are in the view: where it is, its loot and back."""
    at = card["id"] * CARD_BLOCK
    out[at + where] = 1.0
    out[at + 3 + LOOT_INDEX[card["loot"]]] = 1.0
    out[at + 6] = card["value"] / (1000 * scale)


def _stooge_slot(out: list[float], at: int, card: StoogeCardView, scale: float) -> None:
    """A stooge card seen in a pile: its front, and its back if known."""
    k = 1000 * scale
    out[at] = 1.0
    out[at + 1 + LOOT_INDEX[card["loot"]]] = 1.0
    out[at + 4] = card["promise"] / k
    needs = card["needs"]
    for i in range(GANGSTER_KINDS):
        out[at + 5 + i] = needs[NEED_KEYS[i]] / MAX_NEEDS
    possible = card["possible"]
    for i in range(3):
        out[at + 8 + i] = possible[i] / k
    value = card.get("value")
    if value is not None:
        out[at + 11] = 1.0
        out[at + 12] = value / k


def _fence_slot(out: list[float], at: int, fence: FenceView | str) -> None:
    """A fence pile card: the casino card, or a fence's front, and whether it is a cop if known."""
    if not isinstance(fence, dict):  # "casino"
        out[at + 1] = 1.0
        return
    out[at] = 1.0
    out[at + 2 + DEALER_KIND[fence["kind"]]] = 1.0
    if fence["takes"] == "1/2":
        out[at + 5] = 1.0
    cop = fence.get("cop")
    if cop is not None:
        out[at + (7 if cop else 6)] = 1.0
