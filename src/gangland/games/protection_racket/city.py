"""The city (rulebook "Build the City"; docs/rules/protection_racket.md C3, C5, C6, C8, C31): a new
round's city dealt and everyone's mobsters back in the hideouts, the Hired Muscle placed, and what closed
sites and auras do to their neighbours."""

from __future__ import annotations

from typing import Final

from gangland.engine.rng import splitmix64
from gangland.engine.seats import SEAT_REFS

from .decks import draw_card, flipped, shuffled
from .fields import ProtectionRacketFields
from .mobsters import MOBSTERS, NEUTRAL, NOWHERE
from .sites import MUSCLES

RECOMMENDED_MAX: Final = {"red": 1, "orange": 1, "light yellow": 1, "yellow": 1, "light pink": 1, "pink": 1,
                          "white": 2}
"""The rulebook's recommended most faces of each deck-3 colour in one city (the same for 9 and 12
cards); the blue and green ranges always hold when each deck deals 3 (or 4) cards."""


def new_round(s: ProtectionRacketFields) -> None:
    """A new city, everyone's mobsters back in the hideouts, the next first player (C5, C6); the turn
    player is the one before the first, whose turn has just ended."""
    n = s._players
    s.round += 1
    for face in s.city:
        s.used[s.faces[face].deck - 1].append(face // 2)
    # This round's sites, put away at its end or by `replace`, are not dealt again next round (C31).
    s.last_sites = [f // 2 for f in s.city] + s.put_away
    s.put_away = []
    deal = s.sites.deal[n]
    cards = [draw_card(s, d) for d in range(3) for _ in range(deal[d])]
    s._rng, flips = splitmix64(s._rng)
    # each card "flipped at random": one bit of one draw per card
    s.city = [2 * c + (flips >> k & 1) for k, c in enumerate(shuffled(s, cards))]
    one_hired_muscle(s)
    if s.recommended:
        recommended_city(s)
    size = len(s.city)
    s.stand = [[0] * n for _ in range(size)]
    s.lie = [[0] * n for _ in range(size)]
    s.hideout = [MOBSTERS] * n
    s.supply = [0] * n
    s.returns_used = []
    place_muscle(s)
    city_rules(s)
    s.first = (s.first_seat + s.round) % n
    s.events.append(f"round {s.round + 1}: a new city is dealt; {SEAT_REFS[s.first]} starts")
    s.turn_player = (s.first - 1) % n


def pink_sites(s: ProtectionRacketFields) -> list[int]:
    """The sites showing a Hired Muscle (pink) face."""
    return [i for i, f in enumerate(s.city) if s.faces[f].colour == "pink"]


def one_hired_muscle(s: ProtectionRacketFields) -> None:
    """"If two Hired Muscle cards are drawn into the city then replace one with another card.\""""
    for site in pink_sites(s)[1:]:
        s.used[2].append(s.city[site] // 2)
        face = flipped(s, draw_card(s, 2))
        # A card never has two pink faces (sites.py): turned over, the new card is no second one.
        s.city[site] = face ^ 1 if s.faces[face].colour == "pink" else face


def recommended_city(s: ProtectionRacketFields) -> None:
    """Option city=recommended: no deck-3 colour beyond the rulebook's suggested maximum (C3)."""
    for _ in range(200):
        counts: dict[str, int] = {}
        over = -1
        for site, face in enumerate(s.city):
            colour = s.faces[face].colour
            counts[colour] = counts.get(colour, 0) + 1
            if counts[colour] > RECOMMENDED_MAX.get(colour, 99):
                over = site
        if over < 0:
            return
        face = s.city[over]
        other = s.faces[face ^ 1].colour
        if counts.get(other, 0) < RECOMMENDED_MAX.get(other, 99) and not (
                other == "pink" and counts.get("pink", 0)):
            s.city[over] = face ^ 1
        else:
            s.used[2].append(face // 2)
            s.city[over] = flipped(s, draw_card(s, 2))
            one_hired_muscle(s)


def place_muscle(s: ProtectionRacketFields) -> None:
    """"If a Hired Muscle (pink) card appears in the city then the single pink Mobster is placed on
    that card, otherwise it is not used in the game" (this round: C6)."""
    pinks = pink_sites(s)
    if pinks:
        effect = s.faces[s.city[pinks[0]]].effect
        assert effect is not None
        s.muscle = MUSCLES.index(effect.muscle)
        s.m_home = s.m_where = pinks[0]
    else:
        s.muscle = -1
        s.m_home = s.m_where = NOWHERE
    s.m_owner = NEUTRAL
    s.m_lying = False


def city_rules(s: ProtectionRacketFields) -> None:
    """Recompute what closed sites and auras do to their neighbours (after any change of faces)."""
    size = len(s.city)
    s.closed = [False] * size
    s.no_war = [False] * size
    s.lie_down_at = [False] * size
    s.max_deploy = [0] * size
    s.aura_at = [0] * size
    s.open_sites = [t for t, face in enumerate(s.city)
                    if (effect := s.faces[face].effect) is None or effect.kind != "closed"]
    for site, face in enumerate(s.city):
        effect = s.faces[face].effect
        if effect is None:
            continue
        if effect.kind == "aura":
            for t in s.adj[site]:
                s.aura_at[t] += effect.amount
        elif effect.kind == "closed":
            s.closed[site] = True
            rule = effect.adjacent
            for t in s.adj[site]:
                if rule == "aura":
                    s.aura_at[t] += effect.amount
                elif rule == "no_war":
                    s.no_war[t] = True
                elif rule == "lie_down":
                    s.lie_down_at[t] = True
                elif rule == "max_deploy":
                    cap = s.max_deploy[t]
                    s.max_deploy[t] = effect.amount if not cap else min(cap, effect.amount)
