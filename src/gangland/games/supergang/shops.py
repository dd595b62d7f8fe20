"""Shops (S13-S17, S37 (1)): their prices and yields, the traffic sections a dealer may use (S16), the
stick-up for ownership a lack of tokens would block (L85), the recruit a shop offers (S17), a shop
changing hands with its traffic pawns (S15, L32), and the district victory."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .constants import EARLY_ROUNDS, F_DUEL, GRAVEYARD, RECRUITS
from .movement import MovementRules


class ShopRules(MovementRules):
    """What shops cost, yield and offer, and who owns them."""

    __slots__ = ()

    def stickup_yield(self, shop: str) -> int:
        """L20-21: a successful stick-up yields 50 (basic shop) / 100 (shop with initials)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def shop_price(self, shop: str) -> int:
        """L39: purchase 50 (basic) / 100 (other shop)."""
        return 50 if self.geo.board.shops[shop].kind == "basic" else 100

    def placeable_sections(self, character: int) -> list[str]:
        """S16 / L30, L33: the empty sections touching the dealer's square, not lining a shop of another
        gang; in a shop its gang owns, also the empty sections lining it. A vamped dealer places pawns
        of its own colour (L47), so "its gang" is its own."""
        gang, here = character // 3, self.pos[character]
        board, geo = self.geo.board, self.geo
        found: set[str] = set(geo.touching.get(here, ()))
        if here in board.shops and self.owner[geo.shop_index[here]] == gang:
            found.update(board.sections_lining(here))
        out = []
        for sec in sorted(found):
            if sec in self.pawns:
                continue
            if any(self.owner[geo.shop_index[shop]] not in (-1, gang) for shop in board.sections[sec].shops):
                continue
            out.append(sec)
        return out

    def _could_take_ownership(self, c: int) -> bool:
        """A stick-up for ownership would be open here but for a token (S15; L85)."""
        here, gang = self.pos[c], self.gang_of(c)
        i = self.geo.shop_index[here]
        owner = self.owner[i]
        return (not self.flags & F_DUEL and owner >= 0 and owner != gang and i not in self.robbed
                and not self.patrols_at(here)
                and (self.round > EARLY_ROUNDS or self.options["early_stickup"]))

    def _recruitable(self, character: int) -> int:
        """S17: the dead character of the shop's letter, of the character's gang, if it can be bought."""
        here, gang = self.pos[character], self.gang_of(character)
        shop = self.geo.board.shops[here]
        role = RECRUITS.get(shop.kind)
        if role is None or self.pos[3 * gang + role] != GRAVEYARD:
            return -1
        owner = self.owner[self.geo.shop_index[here]]
        if owner == -1 and self.money[gang] < self.options["recruit_price"]:
            return -1
        return 3 * gang + role

    def _take_shop(self, gang: int, shop: str) -> None:
        """The gang's ownership token goes on the shop (a previous owner's token goes back, S15); the
        traffic pawns lining it take the new owner's colour (L32); then the district victory (S37)."""
        i = self.geo.shop_index[shop]
        if self.owner[i] >= 0:
            self.tokens[self.owner[i]] += 1
        self.owner[i] = gang
        self.tokens[gang] -= 1
        for sec in self.geo.board.sections_lining(shop):
            if self.pawns.get(sec, gang) != gang:
                self.pawns[sec] = gang
                self.events.append(f"the traffic pawn on {sec} takes the colour of {SEAT_REFS[gang]}")
        self._check_district(gang, shop)

    def _check_district(self, gang: int, shop: str) -> None:
        """S37 (1): a gang owning every shop of one district wins."""
        board, geo = self.geo.board, self.geo
        district = board.shops[shop].district
        if all(self.owner[geo.shop_index[s.id]] == gang
               for s in board.shops.values() if s.district == district):
            self.winner = gang
            self.events.append(f"{SEAT_REFS[gang]} owns every shop of district {district} and wins")
            self._end_game()

    def _recruit_into(self, recruit: int, shop: str, how: str) -> None:
        """L48: "Each new recruited is immediately available in the shop"; it moves from the next turn,
        its record clean (L78)."""
        self.pos[recruit] = shop
        self.prev[recruit] = self.entry[recruit] = None
        self.record[recruit] = self.pending[recruit] = 0
        self.moved[recruit] = True
        self.events.append(f"{self.character_name(recruit)} is recruited at {shop} {how}")
