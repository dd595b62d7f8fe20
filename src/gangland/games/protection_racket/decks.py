"""The three decks of site cards (rulebook "Build the City"; docs/rules/protection_racket.md C4, C31):
the state's generator, the shuffle, drawing a card and dealing it flipped at random."""

from __future__ import annotations

from gangland.engine.rng import splitmix64

from .fields import ProtectionRacketFields


def random_below(s: ProtectionRacketFields, bound: int) -> int:
    """A number in 0..bound-1 from the state's generator."""
    s._rng, r = splitmix64(s._rng)
    return r % bound


def shuffled(s: ProtectionRacketFields, items: list[int]) -> list[int]:
    """`items` shuffled in place (Fisher-Yates), taking several indexes from each 64-bit draw (the bias
    is below 2^-40)."""
    pool, room = 0, 1
    for i in range(len(items) - 1, 0, -1):
        if room < 1 << 24:
            s._rng, pool = splitmix64(s._rng)
            room = 1 << 64
        pool, j = divmod(pool, i + 1)
        room //= i + 1
        items[i], items[j] = items[j], items[i]
    return items


def draw_card(s: ProtectionRacketFields, deck: int) -> int:
    """The top card of a deck. When it runs out, its set-aside cards are shuffled in (C4), but not
    last round's sites nor those put away this round ("The protection sites in the city should be
    different each round", C31) unless the deck has no other card left."""
    pile = s.draw[deck]
    if not pile:
        used = s.used[deck]
        recent = {*s.last_sites, *s.put_away}
        back = [c for c in used if c not in recent]
        if back:
            s.used[deck] = [c for c in used if c in recent]
            but = ", not this or last round's sites" if s.used[deck] else ""
            s.events.append(f"deck {deck + 1} runs out: its set-aside cards are shuffled{but}")
        else:
            back, s.used[deck] = used, []
            s.events.append(f"deck {deck + 1} runs out: with no other card left, this and last "
                            "round's sites are shuffled back in")
        pile.extend(shuffled(s, back))
    return pile.pop()


def flipped(s: ProtectionRacketFields, card: int) -> int:
    """A card dealt "flipped at random": one of its two faces."""
    return 2 * card + random_below(s, 2)
