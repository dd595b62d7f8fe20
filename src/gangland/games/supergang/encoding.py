"""Supergang's observation encoding (issue 20): a seat's view as a fixed-size vector of floats.

Everything in Supergang is public (S38), so a view holds the whole table but the future dice; the vector
holds what a player decides by, read from the view alone (docs/rl/supergang.md has the scheme and the
layout table; `gangland encoding supergang` prints it):

- seat-relative ("egocentric"): a seat is written by its place in turn order after the observer (0 = the
  observer, 1 = the next seat, ...); a gang by its place among the gangs in the same order (gang0 = the
  observer's own gang; for the police player, gang0 = seat 0). One policy can so play any seat.
- the decision at hand: the phase, the seat to act, the character or patrol acting, the arrested gangster,
  the targets declared (S40),
  what the acting character did at this stop, the price asked for a recruit;
- per gang: money, tokens, pawns bought and unbought, shops owned per district; per character: where it is,
  the headings that bind its next move, its die, whether it moved, its record, unnoticed years, years in
  the jail, turns in the clinic, its vamp and the turns it served; per patrol the same places, its die,
  and whose turn it comes back on; per shop its owner, its racketeer and whether it was stuck up this
  turn; per sidewall section the colour of its traffic pawn.

Scales come from the game's constants: money by the bank's whole sum (BANK: money is conserved, so no gang
and no bank ever holds more), tokens by TOKENS, pawns by PAWNS, the clinic and vamp counts by their
options. Years on a record, unnoticed or left in the jail have no maximum (a character may keep
committing crimes unseen): they saturate at YEAR_SCALE years.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, cast

from gangland.engine.encoding import Layout, LayoutWriter, Segment, ViewEncoding
from gangland.engine.seats import SEAT_REF
from gangland.engine.state import JSON

from .actions import PATROLS, PRICES, ROLES
from .board import Board, step_heading
from .constants import BANK, CLINIC, GRAVEYARD, JAIL, PAWNS, SEWER, TOKENS
from .geometry import geometry
from .phases import PHASE_NAMES
from .view import STOP_FLAGS, CharacterView, PatrolView, SupergangView

YEAR_SCALE: Final = 10
"""Years of a record, of unnoticed crimes or left in the jail that read as 1.0 (more saturate at 1.0)."""
ROUND_SCALE: Final = 20
"""With no turn limit (`turn_limit` 0), the round that reads as 1.0 (later rounds saturate at 1.0); with a
limit the round is divided by the limit, which it never passes (the game ends after the limit's round)."""
EARLY: Final = 3
"""Rounds 1-3 are one-hot in `early_round`: no harm between gangs and no cops then (L6, S12)."""
DIE_FACES: Final = 6
SIDES: Final = 4
"""Headings 0 north, 1 east, 2 south, 3 west (as in the move actions)."""
CHARACTER_PLACES: Final = (JAIL, CLINIC, GRAVEYARD)
"""The places off the street a character may be in, after the board's squares and shops."""
PATROL_PLACES: Final = (JAIL, SEWER)
"""The places off the street a patrol may be in, after the board's squares and shops."""
STOP_DONE: Final = tuple(name for _flag, name in STOP_FLAGS)
"""The view's names of what the acting character did at this stop (view.STOP_FLAGS), in that order."""
MAX_GANGS: Final = max(BANK)
STOCK: Final = ("tokens", "pawn_supply", "pawn_stock")
"""The values of a gang's `stock` segment, in order."""
STATUS: Final = ("moved", "record", "pending", "jail_years", "clinic_turns", "vamp_served", "protected")
"""The values of a character's `status` segment, in order."""


class _Piece:
    """The segment names of one character or patrol, made once per table."""

    __slots__ = ("at", "die", "heading", "shop_heading")

    def __init__(self, prefix: str) -> None:
        self.at = prefix + ".at"
        self.heading = prefix + ".heading"
        self.shop_heading = prefix + ".shop_heading"
        self.die = prefix + ".die"


class _Character(_Piece):
    __slots__ = ("last_victim", "status", "vamped_by")

    def __init__(self, prefix: str) -> None:
        super().__init__(prefix)
        self.status = prefix + ".status"
        self.vamped_by = prefix + ".vamped_by"
        self.last_victim = prefix + ".last_victim"


class _Patrol(_Piece):
    __slots__ = ("returns_with",)

    def __init__(self, prefix: str) -> None:
        super().__init__(prefix)
        self.returns_with = prefix + ".returns_with"


class _Gang:
    __slots__ = ("districts", "money", "stock")

    def __init__(self, prefix: str) -> None:
        self.money = prefix + ".money"
        self.stock = prefix + ".stock"
        self.districts = prefix + ".districts"


class _Table:
    """The layout of one table (player count, police variant, board, scales) and what encoding needs of the
    board: place, shop, section and district indexes."""

    def __init__(self, players: int, police: bool, board_path: str, turn_limit: int, vamp_turns: int,
                 clinic_turns: int) -> None:
        gangs = players - 1 if police else players
        if gangs not in BANK:
            raise ValueError(f"Supergang has 3 or 4 gangs, not {gangs} ({players} players"
                             + (" with the police player)" if police else ")"))
        geo = geometry(board_path)
        self.board: Board = geo.board
        self.players = players
        self.gangs = gangs
        self.police = police
        self.bank = BANK[gangs]
        self.round_scale = turn_limit if turn_limit > 0 else ROUND_SCALE
        self.vamp_turns = vamp_turns
        self.clinic_turns = clinic_turns
        self.place_index: dict[str, int] = dict(geo.place_index)
        self.places = len(geo.places)
        self.shop_index: dict[str, int] = dict(geo.shop_index)
        self.shops = len(geo.shops)
        self.sections: dict[str, int] = {s: i for i, s in enumerate(sorted(self.board.sections))}
        districts = sorted(self.board.districts)
        district_of = {d: i for i, d in enumerate(districts)}
        self.shop_district: list[int] = [district_of[self.board.shops[s].district] for s in geo.shops]
        self.district_size: list[int] = [0] * len(districts)
        for d in self.shop_district:
            self.district_size[d] += 1
        self.gang_names = [_Gang(f"gang{k}") for k in range(gangs)]
        self.characters = [_Character(f"gang{k}.{role}") for k in range(gangs) for role in ROLES]
        self.patrols = [_Patrol(f"patrol{p + 1}") for p in range(PATROLS)]
        self.layout = Layout(self._segments(len(districts), turn_limit))

    def _segments(self, districts: int, turn_limit: int) -> list[Segment]:
        n, g, c = self.players, self.gangs, 3 * self.gangs
        rel = "seat-relative one-hot (0 = the observer, then turn order)"
        gang = "gang-relative one-hot (gang0 = the observer's gang, then turn order)"
        round_doc = (f"round / turn_limit ({turn_limit})" if turn_limit > 0 else
                     f"min(round, {ROUND_SCALE}) / {ROUND_SCALE} (no turn limit: saturates)")
        segments = [
            Segment("me.police", 1, "1 if the observer is the police player (the variant), else 0"),
            Segment("phase", len(PHASE_NAMES),
                    "what the seat to act is asked, one-hot (phases.PHASE_NAMES)"),
            Segment("to_act", n, f"the seat to act, {rel}; all 0 when the game is over"),
            Segment("turn_player", n, f"the gang whose gang turn it is, {rel}"),
            Segment("first", n, f"the seat that begins the current round (S45), {rel}"),
            Segment("round", 1, round_doc),
            Segment("early_round", EARLY,
                    "round 1, 2 or 3, one-hot (no harm, no cops, L6); all 0 from round 4"),
            Segment("over", 1, "1 if the game is over"),
            Segment("winner", n, f"the winning seat, {rel}; all 0 for none"),
            Segment("bank", 1, f"the bank's money / {self.bank} (its whole sum at the start, L84)"),
            Segment("cops_owner", g, f"the gang that bought the cops (S32), {gang}; all 0 for none"),
            Segment("actor", c, "the character moving or acting now, one-hot by gang-relative gang, "
                                "then role (killer, vamp, dealer)"),
            Segment("actor_patrol", PATROLS, "the patrol moving, arresting or being resisted now, one-hot"),
            Segment("arrested", c, "the gangster asked to surrender or rebel, one-hot as `actor`"),
            Segment("aim", c, "the characters the acting one declared it attacks, before it opens fire "
                              "(S40), 0/1 each, ordered as `actor`"),
            Segment("stop_done", len(STOP_DONE),
                    "what the acting character did at this stop (S11), 0/1 each: " + ", ".join(STOP_DONE)),
            Segment("asked_price", len(PRICES), "the price asked for a recruit, one-hot over PRICES "
                                                f"{PRICES}; all 0 for none"),
        ]
        for k, names in enumerate(self.gang_names):
            segments += [
                Segment(names.money, 1, f"gang{k}'s money / {self.bank} (money is conserved: never more)"),
                Segment(names.stock, len(STOCK), f"gang{k}'s tokens in stock / {TOKENS}, traffic pawns not "
                                                 f"yet bought / {PAWNS}, pawns bought, not placed / {PAWNS}"),
                Segment(names.districts, districts, f"gang{k}'s shops owned in each district (sorted by "
                                                    "id) / the district's shops (1 = the district win)"),
            ]
        for i, ch in enumerate(self.characters):
            segments += self._piece_segments(ch, len(CHARACTER_PLACES), "jail, clinic, graveyard")
            segments += [
                Segment(ch.status, len(STATUS),
                        f"1 if it moved this gang turn; min(years, {YEAR_SCALE}) / {YEAR_SCALE} of its "
                        "police record, of its crimes not yet noticed, left in the jail; its turns left in "
                        f"the clinic / clinic_turns ({self.clinic_turns}); the turns it served its vamp / "
                        f"vamp_turns ({self.vamp_turns}); 1 if freed and not moved since (no vamping, L43)"),
                Segment(ch.vamped_by, g, f"the gang whose vamp holds it, {gang}; all 0 for none"),
            ]
            if ROLES[i % 3] == "vamp":  # only vamps vamp (S20)
                segments.append(Segment(ch.last_victim, c, "the character it vamped last, which it may "
                                                           "not vamp next (L42), one-hot as `actor`; all 0 "
                                                           "for none"))
        for pat in self.patrols:
            segments += self._piece_segments(pat, len(PATROL_PLACES), "jail, sewer")
            segments.append(Segment(pat.returns_with, n, f"the seat on whose turn it comes back, {rel}; "
                                                         "all 0 for none"))
        s = self.shops
        segments += [
            Segment("shop.owner", s * g,
                    "per shop (sorted by id), per gang (gang-relative): 1 if it owns it"),
            Segment("shop.racket", s * g, "per shop, per gang: 1 if it has its racket token there"),
            Segment("shop.stuck_up", s, "per shop: 1 if the gang to play stuck it up this turn (L25)"),
            Segment("pawns", len(self.sections) * g,
                    "per sidewall section (sorted by id), per gang: 1 if a pawn of its colour is there"),
        ]
        return segments

    def _piece_segments(self, piece: _Piece, off: int, off_names: str) -> list[Segment]:
        return [
            Segment(piece.at, self.places + off, f"where it is, one-hot: the board's squares then shops "
                                                 f"(sorted by id), then {off_names}"),
            Segment(piece.heading, SIDES,
                    "heading of its last step (on a street: from its previous square; in a shop: from its "
                    "entrance), one-hot N E S W; all 0 for any way"),
            Segment(piece.shop_heading, SIDES,
                    "in a shop: its heading on the entrance square (which it keeps leaving, S9), one-hot "
                    "N E S W; else all 0"),
            Segment(piece.die, DIE_FACES, "its die this gang turn, one-hot 1-6; all 0 for none"),
        ]


_TABLES: Final[dict[tuple[int, bool, str, int, int, int], _Table]] = {}


def _int(value: JSON) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, not {value!r}")
    return int(value)


def _table(players: int, options: Mapping[str, JSON]) -> _Table:
    """The table of `players` with these options; 5 players is only the police variant (4 gangs and the
    police player), so its layout is that one whatever `police_player` says."""
    police = bool(options["police_player"]) or players > MAX_GANGS
    board = options["board"]
    key = (players, police, str(board), _int(options["turn_limit"]), _int(options["vamp_turns"]),
           _int(options["clinic_turns"]))
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _Table(*key)
    return table


def _character(name: str) -> tuple[int, int]:
    """(gang, role) of a character's name in the view: "⟨s1⟩'s vamp" (its gang's seat marker,
    `gangland.engine.seats`)."""
    found = SEAT_REF.match(name)
    role = name[found.end() + len("'s "):] if found is not None else ""
    if found is None or name[found.end():found.end() + len("'s ")] != "'s " or role not in ROLES:
        raise ValueError(f"not a character's name: {name!r}")
    return int(found.group(1)), ROLES.index(role)


class SupergangEncoding(ViewEncoding):
    """A Supergang view as a vector (docs/rl/supergang.md)."""

    def layout(self, players: int, options: Mapping[str, JSON]) -> Layout:
        return _table(players, options).layout

    def encode(self, view: Mapping[str, JSON], players: int, options: Mapping[str, JSON]) -> list[float]:
        return self.encode_view(cast(SupergangView, view), players, options)

    def encode_view(self, view: SupergangView, players: int, options: Mapping[str, JSON]) -> list[float]:
        """`encode` of a view typed as it is built (view.py), so that the type checker checks each key."""
        t = _table(players, options)
        out = t.layout.writer()
        n, gangs = t.players, t.gangs
        seat_value = view["seat"]
        seat = 0 if seat_value is None else _int(seat_value)
        base = seat if seat < gangs else 0  # the police player sees the gangs from seat 0 on

        def rel(value: JSON) -> int | None:
            """A seat (or None / -1 for none) as its place in turn order after the observer."""
            if value is None or value == -1:
                return None
            return (_int(value) - seat) % n

        def gang_slot(g: int) -> int:
            return (g - base) % gangs

        out.put("me.police", [1.0 if t.police and seat == gangs else 0.0])
        out.one_hot("phase", PHASE_NAMES.index(view["phase"]))
        out.one_hot("to_act", rel(view["to_act"]))
        out.one_hot("turn_player", rel(view["turn_player"]))
        out.one_hot("first", rel(view["first"]))
        rnd = _int(view["round"])
        out.put("round", [min(rnd, t.round_scale) / t.round_scale])
        out.one_hot("early_round", rnd - 1 if rnd <= EARLY else None)
        out.put("over", [1.0 if view["over"] else 0.0])
        out.one_hot("winner", rel(view["winner"]))
        out.put("bank", [_int(view["bank"]) / t.bank])
        cops = view["cops_owner"]
        out.one_hot("cops_owner", None if cops is None else gang_slot(_int(cops)))

        actor = view["actor"]
        actor_character: int | None = None
        actor_patrol: int | None = None
        if isinstance(actor, str):
            if actor.startswith("patrol "):
                actor_patrol = int(actor[len("patrol "):]) - 1
            else:
                g, r = _character(actor)
                actor_character = 3 * gang_slot(g) + r
        out.one_hot("actor", actor_character)
        out.one_hot("actor_patrol", actor_patrol)
        arrested = view["arrested"]
        if isinstance(arrested, str):
            g, r = _character(arrested)
            out.one_hot("arrested", 3 * gang_slot(g) + r)
        else:
            out.one_hot("arrested", None)
        aimed = [0.0] * (3 * gangs)
        for target in view["aim"]:
            aimed[3 * gang_slot(_int(target["gang"])) + ROLES.index(str(target["role"]))] = 1.0
        out.put("aim", aimed)
        done = view["stop_done"]
        out.put("stop_done", [1.0 if name in done else 0.0 for name in STOP_DONE])
        price = view["asked_price"]
        out.one_hot("asked_price", None if price is None else PRICES.index(_int(price)))

        shops = view["shops"]
        owned = [[0] * len(t.district_size) for _ in range(gangs)]
        owner_mask = [0.0] * (t.shops * gangs)
        racket_mask = [0.0] * (t.shops * gangs)
        for shop, holders in shops.items():
            i = t.shop_index[shop]
            owner = _int(holders["owner"])
            if owner >= 0:
                k = gang_slot(owner)
                owner_mask[i * gangs + k] = 1.0
                owned[k][t.shop_district[i]] += 1
            racket = _int(holders["racket"])
            if racket >= 0:
                racket_mask[i * gangs + gang_slot(racket)] = 1.0

        gang_views = view["gangs"]
        for g in range(gangs):
            gv = gang_views[g]
            k = gang_slot(g)
            names = t.gang_names[k]
            out.put(names.money, [_int(gv["money"]) / t.bank])
            out.put(names.stock, [_int(gv["tokens"]) / TOKENS, _int(gv["pawn_supply"]) / PAWNS,
                                  _int(gv["pawn_stock"]) / PAWNS])
            out.put(names.districts, [c / size for c, size in zip(owned[k], t.district_size, strict=True)])
            characters = gv["characters"]
            for r, role in enumerate(ROLES):
                cv = characters[role]
                ch = t.characters[3 * k + r]
                self._piece(out, t, ch, cv, CHARACTER_PLACES)
                # clinic turns: set to the option when injured (S25), then counted down; turns served: counted
                # up at the end of each of the captive's moves for its vamp, which it makes only while it has
                # served fewer than vamp_turns (turn.py). Neither passes its option.
                out.put(ch.status, [1.0 if cv["moved"] else 0.0,
                                    min(_int(cv["record"]), YEAR_SCALE) / YEAR_SCALE,
                                    min(_int(cv["pending"]), YEAR_SCALE) / YEAR_SCALE,
                                    min(_int(cv["jail_years"]), YEAR_SCALE) / YEAR_SCALE,
                                    _int(cv["clinic_turns"]) / t.clinic_turns,
                                    _int(cv["vamp_turns_served"]) / t.vamp_turns,
                                    1.0 if cv["protected"] else 0.0])
                vamp = cv["vamped_by"]
                out.one_hot(ch.vamped_by, None if vamp is None else gang_slot(_int(vamp)))
                if role == "vamp":
                    victim = cv["last_victim"]
                    out.one_hot(ch.last_victim, None if victim is None else
                                3 * gang_slot(_int(victim["gang"])) + ROLES.index(victim["role"]))

        patrol_views = view["patrols"]
        for p, pat in enumerate(t.patrols):
            pv = patrol_views[p]
            self._piece(out, t, pat, pv, PATROL_PLACES)
            out.one_hot(pat.returns_with, rel(pv["returns_with"]))

        out.put("shop.owner", owner_mask)
        out.put("shop.racket", racket_mask)
        stuck = [0.0] * t.shops
        for shop in view["stuck_up_this_turn"]:
            stuck[t.shop_index[shop]] = 1.0
        out.put("shop.stuck_up", stuck)
        pawns = [0.0] * (len(t.sections) * gangs)
        pawn_view = view["pawns"]
        for section, colour in pawn_view.items():
            pawns[t.sections[section] * gangs + gang_slot(_int(colour))] = 1.0
        out.put("pawns", pawns)
        return out.done()

    @staticmethod
    def _piece(out: LayoutWriter, t: _Table, piece: _Piece, pv: CharacterView | PatrolView,
               off: tuple[str, ...]) -> None:
        """Where a character or patrol is, the headings that bind its next move, and its die."""
        at: str = pv["at"]
        before = pv["from"]
        entrance = pv["entrance"]
        index = t.place_index.get(at)
        out.one_hot(piece.at, index if index is not None else t.places + off.index(at))
        board = t.board
        heading: int | None = None
        shop_heading: int | None = None
        if at in board.shops:
            if isinstance(entrance, str):
                heading = step_heading(board, entrance, at)
                if isinstance(before, str):
                    shop_heading = step_heading(board, before, entrance)
        elif isinstance(before, str) and at in board.squares:
            heading = step_heading(board, before, at)
        out.one_hot(piece.heading, heading)
        out.one_hot(piece.shop_heading, shop_heading)
        die = _int(pv["die"])
        out.one_hot(piece.die, die - 1 if die > 0 else None)
