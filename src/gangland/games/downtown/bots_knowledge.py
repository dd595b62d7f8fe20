"""What a Downtown bot's seat knows, read into one flat record (`Knowledge`), from a state or a view.

`knowledge_from_state` reads only the fields of a state that the seat's view shows (its own hand, cash,
stooge cards and face-down notes; every display, token, pile size and top; the cards it has seen; the
bank's money and the casino count), `knowledge_from_view` the same from the view itself, so that the bot
(bots.py) decides alike on both paths.

What it knows of the others' money: all money is either in the bank, with a player or on the table, and
the bank's money and every display are public, so the others' total is known exactly; with two players
that is the opponent's money. With three or four, each other seat is estimated as its display plus an
equal share of the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gangland.engine.compiled import mypyc_attr

from .cards import DENOMINATIONS, FENCES, LOCATION_NAMES, TOTAL_MONEY, price
from .deck import LOOT_NAMES, STOOGE_NAMES
from .money import value
from .phases import BUYING, FENCE_BACK, PHASE_NAMES, STOOGE_BACK
from .state import DowntownState
from .turns import hand_limit
from .view import DowntownView, StoogeCardView

_LOOT_INDEX: Final = {name: i for i, name in enumerate(LOOT_NAMES)}
_STOOGE_INDEX: Final = {name: i for i, name in enumerate(STOOGE_NAMES)}
_LOCATION_INDEX: Final = {name: i for i, name in enumerate(LOCATION_NAMES)}
_PHASE_INDEX: Final = {name: i for i, name in enumerate(PHASE_NAMES)}

Front = tuple[int, int, int, tuple[int, int, int], tuple[int, int, int]]
"""(stooge, loot, promise, needs, possible): the face-up side of a stooge card."""


@mypyc_attr(native_class=False)  # compiled, a Python class still: _StateKnowledge reads fields on first use
class Knowledge:
    """Everything the deciding seat knows, in one flat record (money in thousands)."""

    __slots__ = (
        "active", "bank", "bet", "bought", "cash", "cash_notes", "casinos", "disp_g", "disp_m",
        "downtown", "ed2013", "fence_above", "fence_size", "ftop", "gangsters", "hand", "hand_count",
        "hand_limit", "known_fences", "look_pile", "loot_totals", "me", "my_down", "n", "nxt", "offer",
        "others_money",
        "phase", "prices", "seen_backs", "spent", "stooges", "stop", "stop_known", "tokens",
    )

    n: int
    me: int
    ed2013: bool
    phase: int
    active: int
    nxt: int
    tokens: list[list[int]]
    disp_m: list[int]
    disp_g: list[list[int]]
    hand_count: list[int]
    """Cards in each seat's hand, gangsters and stooge cards."""
    gangsters: int
    """Gangster cards held by all seats: hands, displays and face-down additions."""
    hand_limit: int
    hand: list[int]
    cash: int
    cash_notes: list[int]
    my_down: int
    """Money of the seat's own face-down notes."""
    bet: int
    """The seat's casino note (thousands), 0 if none."""
    stooges: list[tuple[int, int, Front]]
    """The seat's stooge cards: (id, back, front)."""
    loot_totals: list[int]
    """The backs of the seat's stooge cards summed by loot kind."""
    downtown: list[int]
    prices: list[int]
    """Each kind's price now (fixed while buying)."""
    bought: list[int]
    spent: int
    stop: list[Front | None]
    """The front of each stooge pile's top card, None for an empty pile."""
    stop_known: list[int]
    """The back of each top stooge card if the seat knows it, else -1."""
    seen_backs: dict[Front, list[int]]
    """Backs the seat knows, by front (for card counting)."""
    ftop: list[int]
    """Each fence pile's top: a fence id if the seat knows it, -2 - 2 * kind - half for an unknown fence
    (kind and share are on its front), -1 for no fence (an empty pile or a casino card on top)."""
    fence_above: list[int]
    """Fences above each pile's casino card (-1: the pile has no casino card any more)."""
    fence_size: list[int]
    known_fences: list[int]
    casinos: int
    bank: int
    others_money: int
    offer: list[tuple[int, int, Front]]
    look_pile: int


# ------------------------------------------------------------------------------------------------
# Reading what the seat knows


_Deck = tuple[tuple[Front, ...], tuple[int, ...]]
"""Every stooge card's front and back, by id."""
_DECKS: dict[int, tuple[object, _Deck]] = {}
"""Fronts and backs of each stooge deck met, by the id of its cards tuple (with the tuple itself, so
that a recycled id is not mistaken for it)."""
_SEEN: dict[tuple[int, frozenset[int]], dict[Front, list[int]]] = {}
"""`Knowledge.seen_backs` by (deck id, the stooge cards seen): the same few sets recur decision after
decision (cleared when large)."""
_SEEN_SIZE: Final = 20_000
_HANDS: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, int, Front]], list[int]]] = {}
"""`Knowledge.stooges` and `Knowledge.loot_totals` by (deck id, the seat's stooge cards): a hand stays the
same for many decisions (cleared when large)."""


def loot_totals(stooges: list[tuple[int, int, Front]]) -> list[int]:
    """The backs of stooge cards (id, back, front) summed by loot kind."""
    totals = [0, 0, 0]
    for _, back, front in stooges:
        totals[front[1]] += back
    return totals


def _deck(cards: tuple[Any, ...]) -> _Deck:
    """The fronts and backs of a state's stooge cards (`state.cards`), worked out once per deck."""
    entry = _DECKS.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_DECKS) >= 16:  # forget them all, and what was seen of them (their ids may recur)
            _DECKS.clear()
            _SEEN.clear()
            _HANDS.clear()
        entry = _DECKS[id(cards)] = (cards, (tuple(c.front for c in cards), tuple(c.back for c in cards)))
    return entry[1]


def knowledge_from_state(state: DowntownState, seat: int) -> Knowledge:
    """The seat's knowledge, read from the fields of `state` that its view shows.

    Lists of the state are shared, not copied, and the costlier fields are read on first use
    (`_StateKnowledge`): the record is read, never changed, and lives only while the state does not
    change (one decision)."""
    s = state
    k = _StateKnowledge()
    k._state = s
    k.n = s.players
    k.me = seat
    k.ed2013 = s.ed2013
    phase = k.phase = s.phase
    k.active = s.active
    k.nxt = s.nxt
    k.tokens = s.tokens
    disp_m = k.disp_m = [value(d) for d in s.disp_n]
    k.disp_g = s.disp_g
    k.hand_limit = hand_limit(s, seat)
    k.hand = s.hands[seat]
    cash_notes = k.cash_notes = s.cash[seat]
    cash = k.cash = value(cash_notes)
    my_down = k.my_down = value(s.down_n[seat])
    bet = k.bet = DENOMINATIONS[s.bets[seat]] if s.bets[seat] >= 0 else 0
    downtown = k.downtown = s.downtown
    if phase == BUYING:
        k.prices, k.bought, k.spent = s.prices, s.bought, s.spent
    else:
        k.prices, k.bought, k.spent = [price(x) if x else 0 for x in downtown], [0, 0, 0], 0
    k.casinos = s.casinos
    bank = k.bank = value(s.bank)
    k.others_money = TOTAL_MONEY - bank - cash - disp_m[seat] - my_down - bet
    k.look_pile = s.look_pile if phase in (STOOGE_BACK, FENCE_BACK) else -1
    return k


@mypyc_attr(native_class=False)  # a native class would never call its __getattr__ (fields on first use)
class _StateKnowledge(Knowledge):
    """A `Knowledge` read from a state (`knowledge_from_state`): the fields most decisions need at once, the
    others (hand sizes, stooge cards, fences) on first use, from the state it holds."""

    __slots__ = ("_state",)

    _state: DowntownState

    def __getattr__(self, name: str) -> Any:
        """A field not read yet (a slot not set): read its group from the state."""
        group = _GROUPS.get(name)
        if group is None:
            raise AttributeError(name)
        group(self, self._state)
        return object.__getattribute__(self, name)


def _read_counts(k: Knowledge, s: DowntownState) -> None:
    in_hands = list(map(sum, s.hands))
    shand = s.shand
    k.hand_count = [in_hands[w] + len(shand[w]) for w in range(k.n)]
    k.gangsters = sum(in_hands) + sum(map(sum, s.disp_g)) + sum(map(sum, s.down_g))


def _read_cards(k: Knowledge, s: DowntownState) -> None:
    cards = s.cards
    fronts, backs = _deck(cards)
    mine = s.shand[k.me]
    hand_key = (id(cards), tuple(mine))
    hand = _HANDS.get(hand_key)
    if hand is None:
        if len(_HANDS) >= _SEEN_SIZE:
            _HANDS.clear()
        stooges = [(c, backs[c], fronts[c]) for c in mine]
        hand = _HANDS[hand_key] = stooges, loot_totals(stooges)
    k.stooges, k.loot_totals = hand
    seen = frozenset((*mine, *s.known_s[k.me], *s.pub_s, *s.offer))
    key = (id(cards), seen)
    seen_backs = _SEEN.get(key)
    if seen_backs is None:
        seen_backs = {}
        for c in sorted(seen):
            seen_backs.setdefault(fronts[c], []).append(backs[c])
        if len(_SEEN) >= _SEEN_SIZE:
            _SEEN.clear()
        _SEEN[key] = seen_backs
    k.seen_backs = seen_backs
    k.stop = [fronts[p[-1]] if p else None for p in s.spiles]
    k.stop_known = [backs[p[-1]] if p and p[-1] in seen else -1 for p in s.spiles]
    k.offer = [(c, backs[c], fronts[c]) for c in s.offer]


def _read_fences(k: Knowledge, s: DowntownState) -> None:
    known_f = s.pub_f | s.known_f[k.me] | set(s.out_f)
    k.known_fences = sorted(known_f)
    k.ftop, k.fence_above, k.fence_size = [], [], []
    for pile in s.fpiles:
        k.fence_size.append(len(pile))
        k.fence_above.append(len(pile) - 1 - pile.index(-1) if -1 in pile else -1)
        if not pile or pile[-1] < 0:
            k.ftop.append(-1)
        elif pile[-1] in known_f:
            k.ftop.append(pile[-1])
        else:
            kind, half, _ = FENCES[pile[-1]]
            k.ftop.append(-2 - 2 * kind - half)


_GROUPS: Final[dict[str, Callable[[Knowledge, DowntownState], None]]] = {
    **dict.fromkeys(("hand_count", "gangsters"), _read_counts),
    **dict.fromkeys(("stooges", "loot_totals", "seen_backs", "stop", "stop_known", "offer"), _read_cards),
    **dict.fromkeys(("known_fences", "ftop", "fence_above", "fence_size"), _read_fences),
}
"""The fields `_StateKnowledge` reads on first use, and the function that reads each one's group."""


def _front(card: StoogeCardView) -> Front:
    needs = card["needs"]
    possible = card["possible"]
    return (_STOOGE_INDEX[card["stooge"]], _LOOT_INDEX[card["loot"]], card["promise"] // 1000,
            (needs["lookouts"] // 1, needs["safecrackers"] // 1, needs["spies"] // 1),
            (possible[0] // 1000, possible[1] // 1000, possible[2] // 1000))


def knowledge_from_view(view: DowntownView) -> Knowledge:
    """The seat's knowledge, read from its view (build_view in view.py)."""
    k = Knowledge()
    players = view["players"]
    k.n = len(players)
    me = view["seat"]
    if me is None:
        raise ValueError("a bot reads its seat's view, not a spectator's")
    k.me = me
    k.ed2013 = view["edition"] == "2013"
    k.phase = _PHASE_INDEX[view["phase"]]
    k.active = -1 if view["active"] is None else view["active"]
    k.nxt = -1 if view["next"] is None else view["next"]
    k.tokens = [[-1 if loc is None else _LOCATION_INDEX[loc] for loc in p["tokens"]] for p in players]
    k.disp_m = [p["display"]["money"] // 1000 for p in players]
    k.disp_g = [list(p["display"]["gangsters"]) for p in players]
    k.hand_count = [p["hand"]["gangsters"] + p["hand"]["stooge_cards"] for p in players]
    k.gangsters = sum(p["hand"]["gangsters"] + sum(p["display"]["gangsters"]) + p["face_down"]["gangsters"]
                      for p in players)
    mine = players[me]
    k.hand_limit = mine["hand_limit"]
    k.hand = list(mine["gangsters"])
    k.cash_notes = list(mine["cash"]["notes"])
    k.cash = mine["cash"]["money"] // 1000
    k.my_down = value(list(mine["face_down"]["notes_detail"]))
    k.bet = mine.get("casino_note", 0) // 1000
    k.stooges = [(c["id"], c["value"] // 1000, _front(c)) for c in mine["stooge_cards"]]
    k.loot_totals = loot_totals(k.stooges)
    k.downtown = list(view["downtown"]["gangsters"])
    buying = view.get("buying")
    if buying is not None:
        k.prices = [p // 1000 for p in buying["prices"]]
        k.bought = list(buying["bought"])
        k.spent = buying["spent"] // 1000
    else:
        k.prices, k.bought, k.spent = [price(x) if x else 0 for x in k.downtown], [0, 0, 0], 0
    seen: dict[int, tuple[int, Front]] = {}

    def note(card: StoogeCardView | None) -> None:
        if card is not None and "id" in card:
            seen[card["id"]] = (card["value"] // 1000, _front(card))

    for pile in view["stooge_piles"]:
        for card in pile["cards"]:
            note(card)
    for card in view["out_of_game"]["stooge_cards"]:
        note(card)
    for card in mine["stooge_cards"]:
        note(card)
    offer = view.get("offer", [])
    for card in offer:
        note(card)
    k.seen_backs = {}
    for c in sorted(seen):
        back, front = seen[c]
        k.seen_backs.setdefault(front, []).append(back)
    k.stop, k.stop_known = [], []
    for pile in view["stooge_piles"]:
        top = pile["cards"][0] if pile["cards"] else None
        k.stop.append(_front(top) if top is not None else None)
        k.stop_known.append(top["value"] // 1000 if top is not None and "id" in top else -1)
    known_f: set[int] = {f["id"] for f in view["out_of_game"]["fences"]}
    k.ftop, k.fence_above, k.fence_size = [], [], []
    for fences in view["fence_piles"]:
        slots = fences["cards"]
        for slot in slots:
            if isinstance(slot, dict) and "id" in slot:
                known_f.add(slot["id"])
        k.fence_size.append(fences["size"])
        k.fence_above.append(slots.index("casino") if "casino" in slots else -1)
        fence = slots[0] if slots else None
        if not isinstance(fence, dict):
            k.ftop.append(-1)
        elif "id" in fence:
            k.ftop.append(fence["id"])
        else:
            k.ftop.append(-2 - 2 * _LOOT_INDEX[fence["buys"]] - (fence["takes"] == "1/2"))
    k.known_fences = sorted(known_f)
    k.casinos = view["casinos"]
    k.bank = view["bank"]["money"] // 1000
    k.others_money = TOTAL_MONEY - k.bank - k.cash - k.disp_m[me] - k.my_down - k.bet
    k.offer = [(c["id"], c["value"] // 1000, _front(c)) for c in offer]
    looking_at = view.get("looking_at")
    k.look_pile = looking_at["index"] if looking_at is not None else -1
    return k
