"""Shops (S13-S17, S37 (1)): their prices and yields, the traffic sections a dealer may use (S16), the
stick-up for ownership a lack of tokens would block (L85), the recruit a shop offers (S17), a shop
changing hands with its traffic pawns (S15, L32), the district victory, and a recruit's price (L49)."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import ACCEPT, DECLINE, PRICE0, PRICES, REFUSE, character_name
from .constants import EARLY_ROUNDS, F_DUEL, GRAVEYARD, RECRUITS
from .fields import SupergangFields
from .table import end_game, gang_of, patrols_at


def stickup_yield(s: SupergangFields, shop: str) -> int:
    """L20-21: a successful stick-up yields 50 (basic shop) / 100 (shop with initials)."""
    return 50 if s.geo.board.shops[shop].kind == "basic" else 100


def shop_price(s: SupergangFields, shop: str) -> int:
    """L39: purchase 50 (basic) / 100 (other shop)."""
    return 50 if s.geo.board.shops[shop].kind == "basic" else 100


def placeable_sections(s: SupergangFields, character: int) -> list[str]:
    """S16 / L30, L33: the empty sections touching the dealer's square, not lining a shop of another
    gang; in a shop its gang owns, also the empty sections lining it. A vamped dealer places pawns
    of its own colour (L47), so "its gang" is its own."""
    gang, here = character // 3, s.pos[character]
    board, geo = s.geo.board, s.geo
    found: set[str] = set(geo.touching.get(here, ()))
    if here in board.shops and s.owner[geo.shop_index[here]] == gang:
        found.update(board.sections_lining(here))
    out = []
    for sec in sorted(found):
        if sec in s.pawns:
            continue
        if any(s.owner[geo.shop_index[shop]] not in (-1, gang) for shop in board.sections[sec].shops):
            continue
        out.append(sec)
    return out


def could_take_ownership(s: SupergangFields, c: int) -> bool:
    """A stick-up for ownership would be open here but for a token (S15; L85)."""
    here, gang = s.pos[c], gang_of(s, c)
    i = s.geo.shop_index[here]
    owner = s.owner[i]
    return (not s.flags & F_DUEL and owner >= 0 and owner != gang and i not in s.robbed
            and not patrols_at(s, here)
            and (s.round > EARLY_ROUNDS or s.options["early_stickup"]))


def recruitable(s: SupergangFields, character: int) -> int:
    """S17: the dead character of the shop's letter, of the character's gang, if it can be bought."""
    here, gang = s.pos[character], gang_of(s, character)
    shop = s.geo.board.shops[here]
    role = RECRUITS.get(shop.kind)
    if role is None or s.pos[3 * gang + role] != GRAVEYARD:
        return -1
    owner = s.owner[s.geo.shop_index[here]]
    if owner == -1 and s.money[gang] < s.options["recruit_price"]:
        return -1
    return 3 * gang + role


def take_shop(s: SupergangFields, gang: int, shop: str) -> None:
    """The gang's ownership token goes on the shop (a previous owner's token goes back, S15); the
    traffic pawns lining it take the new owner's colour (L32); then the district victory (S37)."""
    i = s.geo.shop_index[shop]
    if s.owner[i] >= 0:
        s.tokens[s.owner[i]] += 1
    s.owner[i] = gang
    s.tokens[gang] -= 1
    for sec in s.geo.board.sections_lining(shop):
        if s.pawns.get(sec, gang) != gang:
            s.pawns[sec] = gang
            s.events.append(f"the traffic pawn on {sec} takes the colour of {SEAT_REFS[gang]}")
    check_district(s, gang, shop)


def check_district(s: SupergangFields, gang: int, shop: str) -> None:
    """S37 (1): a gang owning every shop of one district wins."""
    board, geo = s.geo.board, s.geo
    district = board.shops[shop].district
    if all(s.owner[geo.shop_index[other.id]] == gang
           for other in board.shops.values() if other.district == district):
        s.winner = gang
        s.events.append(f"{SEAT_REFS[gang]} owns every shop of district {district} in round {s.round} "
                        "and wins")
        end_game(s)


def recruit_into(s: SupergangFields, recruit: int, shop: str, how: str) -> None:
    """L48: "Each new recruited is immediately available in the shop"; it moves from the next turn,
    its record clean (L78)."""
    s.pos[recruit] = shop
    s.prev[recruit] = s.entry[recruit] = None
    s.record[recruit] = s.pending[recruit] = 0
    s.moved[recruit] = True
    s.events.append(f"{character_name(recruit)} is recruited at {shop} {how}")


def legal_price(s: SupergangFields) -> list[int]:
    """L49: the owner names one of the prices, or refuses to sell."""
    return [PRICE0 + k for k in range(len(PRICES))] + [REFUSE]


def legal_offer(s: SupergangFields) -> list[int]:
    """L49: the recruiter pays the price asked, if it can, or declines."""
    affordable = s.money[gang_of(s, s.actor)] >= PRICES[s.asked_price]
    return [ACCEPT, DECLINE] if affordable else [DECLINE]
