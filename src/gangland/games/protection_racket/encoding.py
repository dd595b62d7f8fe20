"""Protection Racket's observation encoding (issue 20): a seat's view as a fixed-size vector of floats.

The layout of a table (players, options) is a list of named segments; docs/rl/protection-racket.md
explains the scheme and holds the table for 4 players. In short:

- **Seat-relative.** Every per-seat quantity lists the observing seat first, then the seats after it
  in turn order (seat + 1, seat + 2, ... mod players), so one policy can play any seat. A seat named
  in the view (who acts, who controls a site, a picked gang) is encoded as how many places after the
  observer it sits. A spectator's view (seat None) is encoded as seat 0's.
- **Sites by index.** The city's sites keep their index (row by row), the one the action space uses
  (SITE0 + s, the deploy ids), so site slot s of every per-site segment is the site of the actions'
  s. A per-site segment of k values per site holds site s at [s * k, s * k + k).
- **Cards as features.** A site's face is its colour, printed revenue, effect kind and parameters
  (amount, count, per, scopes, ...), looked up by the face's name in the site set of the `sites`
  option (public: the same cards for every seat), so a custom site file needs no other layout.
- **Scales from the game's constants**: mobsters / 5 (MOBSTERS), units per deployment / 6, cards /
  the deck's size, printed revenue / the set's highest, effect amounts / the set's largest. Money,
  revenue a site yields now and the turn count have no useful hard maximum: they are saturating,
  x / (x + scale), which is below 1 for every x >= 0 (scales: MONEY_SCALE, the set's highest printed
  revenue, TURN_SCALE).

Left out as presentation or as derivable from what is in: names, labels and texts (the name only
finds the face), the event log, the result (the money and the phase say it), `rounds` (from the
round), `columns`/`rows` (fixed by the layout), the question's wording (phase, sites and picks say it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, cast

from gangland.engine import JSON, Layout, Segment, ViewEncoding

from .actions import GANG0, MAX_REGULARS, MUSCLE_PICK, SITE0
from .mobsters import MOBSTERS, PINK
from .phases import PHASE_NAMES
from .rounds import MAX_EXTRA_ROUNDS, ROUNDS
from .sites import (
    COLOURS,
    COUNTERS,
    EFFECT_KINDS,
    MUSCLE_NAMES,
    NEIGHBOUR_RULES,
    SCOPES,
    Face,
    SiteSet,
    load_sites,
)
from .view import ProtectionRacketView

UNITS: Final = MAX_REGULARS + 1
"""Most units one deployment can place: 5 mobsters and the Hired Muscle."""
MONEY_SCALE: Final = 10
"""Money is encoded m / (m + 10): $10 (about a winner's money after three rounds of random play,
whose median is $9) is 0.5, $30 is 0.75; never 1, since money has no hard maximum."""
TURN_SCALE: Final = 16
"""The turn count (over the whole game) is encoded t / (t + 16): 16 turns (about one round of a
4-player game) is 0.5."""
MAX_PICKS: Final = 3
"""Picks made so far of the action being taken: the longest action (`swap`) takes 4, and the 4th
completes it, which empties the list before any decision is asked (effects.resolve_effect)."""
WHOSE: Final = ("own", "any", "all", "rival")
"""Values of an effect's `whose`: move (own/any), stand_up (own/all), remove (any/rival)."""
TO: Final = ("supply", "hideout", "adjacent", "any")
"""Values of an effect's `to`: lying (supply/hideout), move (adjacent/any)."""
ROUND_SLOTS: Final = ROUNDS + 1
"""Rounds 1, 2, 3 and "an extra round after a tie" (C14)."""

_PHASES: Final = {name: index for index, name in enumerate(PHASE_NAMES)}
_MUSCLES: Final = {name: index for index, name in enumerate(MUSCLE_NAMES)}


def _index(values: tuple[str, ...], value: str) -> int:
    """Where `value` is in `values`, or -1 for "" (a parameter the effect does not have)."""
    return values.index(value) if value else -1


class _FaceCode:
    """What the encoding says of one face, worked out once per site set."""

    __slots__ = ("adjacent", "amount", "colour", "count", "kind", "origin", "per", "revenue", "to", "war",
                 "where", "whose")

    def __init__(self, face: Face, revenue_scale: int, amount_scale: int) -> None:
        effect = face.effect
        self.colour = COLOURS.index(face.colour)
        self.revenue = face.revenue / revenue_scale
        self.kind = self.per = self.where = self.whose = self.to = self.adjacent = self.origin = -1
        self.amount = self.count = self.war = 0.0
        if effect is not None:
            self.kind = EFFECT_KINDS.index(effect.kind)
            self.amount = effect.amount / amount_scale
            # A move of count 0 moves them all: at most UNITS, the same as a count of 6.
            count = UNITS if effect.kind == "move" and effect.count == 0 else effect.count
            self.count = count / UNITS
            self.per = _index(COUNTERS, effect.per)
            self.where = _index(SCOPES, effect.where)
            self.whose = _index(WHOSE, effect.whose)
            self.to = _index(TO, effect.to)
            self.adjacent = _index(NEIGHBOUR_RULES, effect.adjacent)
            self.origin = _index(SCOPES, effect.origin)
            self.war = 1.0 if effect.war else 0.0


def _each(sites: int, name: str, doc: str, values: tuple[str, ...]) -> Segment:
    """A per-site one-hot of `values`: site s at [s * len(values), (s + 1) * len(values))."""
    return Segment(name, sites * len(values), f"per site, {len(values)} each: {doc}, one-hot: "
                   + ", ".join(values))


class _Table:
    """The layout of one table (players, site set) and what encoding a view there needs."""

    def __init__(self, players: int, sites: SiteSet) -> None:
        self.players = players
        self.site_set = sites
        columns, rows = sites.grid[players]
        self.sites = n = columns * rows
        self.deck_sizes = [len(deck) for deck in sites.decks]
        # Scales from the site set: its highest printed revenue and its largest effect amount (>= 1).
        self.revenue_scale = max(1, max(face.revenue for face in sites.faces))
        self.amount_scale = max(1, max(abs(face.effect.amount) for face in sites.faces
                                       if face.effect is not None))
        self.faces = {face.name: _FaceCode(face, self.revenue_scale, self.amount_scale)
                      for face in sites.faces}
        p = players
        p, r, a = players, self.revenue_scale, self.amount_scale
        by_seat = f"per site and seat (site s, the seat k places after you, at s*{p}+k):"

        self.layout = Layout([
            # -- the decision at hand and the clock
            Segment("phase", len(PHASE_NAMES), "the phase (what is asked), one-hot: "
                    + ", ".join(PHASE_NAMES)),
            Segment("to_act", p, "who acts, seat-relative (0: you), one-hot; all 0 when the game is over"),
            Segment("turn_player", p, "whose turn it is, seat-relative, one-hot"),
            Segment("first_player", p, "who started this round, seat-relative, one-hot"),
            Segment("round", ROUND_SLOTS, "the round: 1, 2, 3 or an extra round after a tie (C14), one-hot"),
            Segment("extra_rounds", 1, f"extra rounds so far: (round - {ROUNDS}) / {MAX_EXTRA_ROUNDS}, "
                    "0 in rounds 1-3"),
            Segment("turn", 1, f"turns so far in the game, saturating: t / (t + {TURN_SCALE})"),
            Segment("deployed", 1, f"units the turn player deployed this turn / {UNITS} (0 if they lie)"),
            Segment("war_site", n, "per site: 1 at the site of the Mob War asked about (war offer, Hired "
                    "Gun, stand-up)"),
            Segment("effect_site", n, "per site: 1 at the site whose action is offered or being taken"),
            Segment("picks", MAX_PICKS * (n + p + 1), f"the action's picks so far, {MAX_PICKS} slots of "
                    f"{n + p + 1}: a site (0..{n - 1}), a seat ({n} + seat-relative), the Hired Muscle "
                    f"({n + p}); one-hot, an empty slot all 0"),
            # -- the gangs
            Segment("money", p, f"each seat's money, seat-relative, saturating: m / (m + {MONEY_SCALE})"),
            Segment("lead", 1, f"your money minus the best rival's, saturating: d / (abs(d) + {MONEY_SCALE})",
                    low=-1.0),
            Segment("hideout", p, f"mobsters in each seat's hideout / {MOBSTERS}, seat-relative"),
            Segment("supply", p, f"mobsters in each seat's supply / {MOBSTERS}, seat-relative"),
            Segment("deck_draw", 3, "cards left in the draw pile of decks 1-3 / the deck's size ("
                    + ", ".join(map(str, self.deck_sizes)) + ")"),
            Segment("deck_set_aside", 3, "cards set aside of decks 1-3 / the deck's size"),
            # -- the Hired Muscle
            Segment("muscle", len(MUSCLE_NAMES), "the Hired Muscle in this city, one-hot: "
                    + ", ".join(MUSCLE_NAMES) + "; all 0 when the city has none"),
            Segment("muscle_owner", p + 1, f"its gang, seat-relative (0..{p - 1}), or {p}: unrecruited; "
                    "one-hot"),
            Segment("muscle_place", n + 2, f"where it is, one-hot: a site (0..{n - 1}), {n}: its gang's "
                    f"hideout, {n + 1}: removed in a war, its way back not yet settled"),
            Segment("muscle_lying", 1, "1 if it lies down"),
            Segment("muscle_home", n, "per site: 1 at the site of its card"),
            # -- who is where
            Segment("standing", n * p, f"{by_seat} standing mobsters / {MOBSTERS} (Hired Muscle apart)"),
            Segment("lying", n * p, f"{by_seat} lying mobsters / {MOBSTERS} (Hired Muscle apart)"),
            Segment("controller", n * (p + 1), f"per site, {p + 1} each: who controls the site, one-hot: "
                    f"a seat (seat-relative) or {p}: the unrecruited Hired Muscle; all 0: nobody"),
            Segment("revenue_now", n, "per site: what it would pay its controller now, saturating: "
                    f"r / (r + {r})"),
            Segment("closed", n, "per site: 1 if closed (nobody deploys there)"),
            Segment("returns_used", n, "per site: 1 if its once-a-round return action was taken (C30)"),
            Segment("lie_down", n, "per site: 1 if mobsters deployed there lie down (closed neighbour)"),
            Segment("no_war", n, "per site: 1 if no Mob War may be declared there (closed neighbour)"),
            Segment("deploy_cap", n, f"per site: most units one deployment may place there / {UNITS} "
                    "(1: no cap)"),
            # -- the face each site shows
            _each(n, "colour", "the face's colour", COLOURS),
            Segment("revenue", n, f"per site: printed revenue / {r} (the set's highest)"),
            _each(n, "effect", "the effect's kind (all 0: none)", EFFECT_KINDS),
            Segment("amount", n, f"per site: the effect's amount / {a} (the set's largest)", low=-1.0),
            Segment("count", n, f"per site: the effect's count / {UNITS} (a move of all: 1)"),
            _each(n, "per", "what the effect counts (per)", COUNTERS),
            _each(n, "where", "the effect's scope (where)", SCOPES),
            _each(n, "whose", "whose mobsters (whose)", WHOSE),
            _each(n, "to", "where they go (to)", TO),
            _each(n, "adjacent", "a closed site's rule for its neighbours (adjacent)", NEIGHBOUR_RULES),
            _each(n, "from", "a move's origin scope (from)", SCOPES),
            Segment("war", n, "per site: 1 if the move or swap offers a Mob War"),
        ])


def _relative(values: Sequence[JSON], seat: int, scale: float) -> list[float]:
    """Per-seat numbers from `seat` on (seat, seat + 1, ...), each / scale."""
    count = len(values)
    return [int(values[(seat + k) % count]) / scale for k in range(count)]


def _saturating(x: float, scale: float) -> float:
    """x / (x + scale) for x >= 0 (below 1), -|x| / (|x| + scale) for x < 0."""
    return x / (abs(x) + scale)


class ProtectionRacketEncoding(ViewEncoding):
    """Protection Racket's `ViewEncoding` (see the module docstring and docs/rl/protection-racket.md)."""

    def __init__(self) -> None:
        self._tables: dict[tuple[int, str], _Table] = {}

    def _table(self, players: int, options: Mapping[str, JSON]) -> _Table:
        path = str(options.get("sites") or "")
        sites = load_sites(path or None)  # cached by the loader
        key = (players, path)
        table = self._tables.get(key)
        if table is None or table.site_set is not sites:
            table = self._tables[key] = _Table(players, sites)
        return table

    def layout(self, players: int, options: Mapping[str, JSON]) -> Layout:
        return self._table(players, options).layout

    def encode(self, view: Mapping[str, JSON], players: int, options: Mapping[str, JSON]) -> list[float]:
        seen = cast(ProtectionRacketView, view)  # (a ProtectionRacketView: mypy checks the keys read)
        table = self._table(players, options)
        n, p = table.sites, players
        seat_json = seen["seat"]
        me = 0 if seat_json is None else int(seat_json)
        out = table.layout.writer()
        # -- the decision at hand and the clock
        out.one_hot("phase", _PHASES[str(seen["phase"])])
        to_act = seen["to_act"]
        out.one_hot("to_act", None if to_act is None else (int(to_act) - me) % p)
        out.one_hot("turn_player", (int(seen["turn_player"]) - me) % p)
        out.one_hot("first_player", (int(seen["first"]) - me) % p)
        round_number = int(seen["round"])  # 1..ROUNDS + MAX_EXTRA_ROUNDS (C14 ends the game there)
        out.one_hot("round", min(round_number, ROUND_SLOTS) - 1)
        out.put("extra_rounds", [max(0, round_number - ROUNDS) / MAX_EXTRA_ROUNDS])
        out.put("turn", [_saturating(int(seen["turn"]), TURN_SCALE)])
        out.put("deployed", [int(seen["deployed"]) / UNITS])
        pending = seen["pending"]
        war_site = pending["war_site"]
        out.one_hot("war_site", None if war_site is None else int(war_site))
        effect_site = pending["effect_site"]
        out.one_hot("effect_site", None if effect_site is None else int(effect_site))
        picks = pending["picks"]
        if len(picks) > MAX_PICKS:
            raise ValueError(f"{len(picks)} picks: an action is asked at most {MAX_PICKS} times before "
                             "it completes")
        slot = n + p + 1
        picked = [0.0] * (MAX_PICKS * slot)
        for k, action_json in enumerate(picks):
            action = int(action_json)
            if action == MUSCLE_PICK:
                place = n + p
            elif action >= GANG0:
                place = n + (action - GANG0 - me) % p
            else:
                place = action - SITE0
            picked[k * slot + place] = 1.0
        out.put("picks", picked)

        # -- the gangs
        money = seen["money"]
        out.put("money", [_saturating(m, MONEY_SCALE) for m in _relative(money, me, 1.0)])
        mine = int(money[me])
        best_rival = max(int(money[g]) for g in range(p) if g != me)
        out.put("lead", [_saturating(mine - best_rival, MONEY_SCALE)])
        out.put("hideout", _relative(seen["hideout"], me, MOBSTERS))
        out.put("supply", _relative(seen["supply"], me, MOBSTERS))
        decks = seen["decks"]
        sizes = table.deck_sizes
        out.put("deck_draw", [int(decks[d]["draw"]) / sizes[d] for d in range(3)])
        out.put("deck_set_aside", [int(decks[d]["set_aside"]) / sizes[d] for d in range(3)])

        # -- the Hired Muscle
        muscle = seen["muscle"]
        if muscle is None:
            for name in ("muscle", "muscle_owner", "muscle_place", "muscle_home"):
                out.one_hot(name, None)
            out.put("muscle_lying", [0.0])
        else:
            out.one_hot("muscle", _MUSCLES[str(muscle["name"])])
            owner = muscle["owner"]
            out.one_hot("muscle_owner", p if owner is None else (int(owner) - me) % p)
            site = muscle["site"]
            out.one_hot("muscle_place", int(site) if site is not None else n if muscle["in_hideout"]
                        else n + 1)
            out.put("muscle_lying", [1.0 if muscle["lying"] else 0.0])
            home = int(muscle["home"])
            out.one_hot("muscle_home", home if home >= 0 else None)

        # -- the sites
        standing = [0.0] * (n * p)
        lying = [0.0] * (n * p)
        controller = [0.0] * (n * (p + 1))
        revenue_now = [0.0] * n
        closed = [0.0] * n
        returns_used = [0.0] * n
        lie_down = [0.0] * n
        no_war = [0.0] * n
        deploy_cap = [0.0] * n
        colour = [0.0] * (n * len(COLOURS))
        revenue = [0.0] * n
        effect = [0.0] * (n * len(EFFECT_KINDS))
        amount = [0.0] * n
        count = [0.0] * n
        per = [0.0] * (n * len(COUNTERS))
        where = [0.0] * (n * len(SCOPES))
        whose = [0.0] * (n * len(WHOSE))
        to = [0.0] * (n * len(TO))
        adjacent = [0.0] * (n * len(NEIGHBOUR_RULES))
        origin = [0.0] * (n * len(SCOPES))
        war = [0.0] * n
        faces = table.faces
        revenue_scale = table.revenue_scale
        city = seen["city"]
        if len(city) != n:
            raise ValueError(f"a city of {len(city)} sites; the layout of {p} players has {n}")
        for s, site_view in enumerate(city):
            row_s, row_l = site_view["standing"], site_view["lying"]
            for k in range(p):
                standing[s * p + k] = int(row_s[(me + k) % p]) / MOBSTERS
                lying[s * p + k] = int(row_l[(me + k) % p]) / MOBSTERS
            who = int(site_view["controller"])
            if who == PINK:
                controller[s * (p + 1) + p] = 1.0
            elif who >= 0:
                controller[s * (p + 1) + (who - me) % p] = 1.0
            revenue_now[s] = _saturating(int(site_view["revenue_now"]), revenue_scale)
            closed[s] = 1.0 if site_view["closed"] else 0.0
            returns_used[s] = 1.0 if site_view["used_this_round"] else 0.0
            lie_down[s] = 1.0 if site_view["lie_down"] else 0.0
            no_war[s] = 1.0 if site_view["no_war"] else 0.0
            cap = int(site_view["max_deploy"])  # 0: no cap
            deploy_cap[s] = (min(cap, UNITS) if cap > 0 else UNITS) / UNITS
            code = faces[str(site_view["name"])]
            colour[s * len(COLOURS) + code.colour] = 1.0
            revenue[s] = code.revenue
            amount[s] = code.amount
            count[s] = code.count
            war[s] = code.war
            if code.kind >= 0:
                effect[s * len(EFFECT_KINDS) + code.kind] = 1.0
            if code.per >= 0:
                per[s * len(COUNTERS) + code.per] = 1.0
            if code.where >= 0:
                where[s * len(SCOPES) + code.where] = 1.0
            if code.whose >= 0:
                whose[s * len(WHOSE) + code.whose] = 1.0
            if code.to >= 0:
                to[s * len(TO) + code.to] = 1.0
            if code.adjacent >= 0:
                adjacent[s * len(NEIGHBOUR_RULES) + code.adjacent] = 1.0
            if code.origin >= 0:
                origin[s * len(SCOPES) + code.origin] = 1.0
        out.put("standing", standing)
        out.put("lying", lying)
        out.put("controller", controller)
        out.put("revenue_now", revenue_now)
        out.put("closed", closed)
        out.put("returns_used", returns_used)
        out.put("lie_down", lie_down)
        out.put("no_war", no_war)
        out.put("deploy_cap", deploy_cap)
        out.put("colour", colour)
        out.put("revenue", revenue)
        out.put("effect", effect)
        out.put("amount", amount)
        out.put("count", count)
        out.put("per", per)
        out.put("where", where)
        out.put("whose", whose)
        out.put("to", to)
        out.put("adjacent", adjacent)
        out.put("from", origin)
        out.put("war", war)
        return out.done()
