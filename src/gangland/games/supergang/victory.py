"""The end of a game of Supergang (S37, S39, S46-S47): the last gang standing or the police player's win,
checked after every action; the result: the winner's point, or at the safety limit (and with every
character dead) a draw shared by the gangs; and how the game ended and what decided it. (The district win
is checked where a shop changes hands, shops.py; the safety limit where a round ends, turn.py; everyone in
the graveyard where a gang turn starts, turn.py.)"""

from __future__ import annotations

from typing import Final

from gangland.engine import Result, rank_by
from gangland.engine.seats import SEAT_REFS

from .actions import ROLES
from .constants import CLINIC, EARLY_ROUNDS, GRAVEYARD, JAIL
from .fields import SupergangFields
from .table import end_game, is_free, shops_owned

DISTRICT: Final = "district"
LAST_GANG: Final = "last gang"
POLICE: Final = "police"
EVERYONE_DEAD: Final = "everyone dead"
SAFETY_LIMIT: Final = "safety limit"
ENDING_KINDS: Final = (DISTRICT, LAST_GANG, POLICE, EVERYONE_DEAD, SAFETY_LIMIT)
"""The ways a game ends (S46): a complete district, the last gang with free characters (S37), the police
player (L91), every character in the graveyard (S26), the safety limit (not a rule, S37)."""
PLACES: Final = {JAIL: "in the jail", CLINIC: "in the clinic", GRAVEYARD: "in the graveyard"}


def check_last_gang(s: SupergangFields) -> None:
    """S37 (2): from round 4, the last gang with a free (or, option, living) character wins; in the
    variant (3) the police player wins when every gangster is in the jail, the clinic or the
    graveyard (L91)."""
    if s.round <= EARLY_ROUNDS:
        return
    if s.police_seat >= 0:
        if not any(is_free(s, c) for c in range(len(s.pos))):
            s.winner = s.police_seat
            s.events.append("every gangster is in the jail, the clinic or the graveyard: "
                            "the police player wins")
            end_game(s)
        return
    alive = s.options["last_gang"] == "alive"
    # "free": on the board and not vamped away from its gang (the conventions of the rules page)
    standing = {c // 3 for c in range(len(s.pos))
                if (s.pos[c] != GRAVEYARD if alive else is_free(s, c) and s.captor[c] < 0)}
    if len(standing) == 1:
        (s.winner,) = standing
        s.events.append(f"{SEAT_REFS[s.winner]} is the last gang with "
                        f"{'a living' if alive else 'a free'} character and wins")
        end_game(s)


def ending_kind(s: SupergangFields) -> str:
    """Which of `ENDING_KINDS` ended the game, read from the final state; "" while it goes on."""
    if not s.done:
        return ""
    if s.winner >= 0:
        if s.winner == s.police_seat:
            return POLICE
        return DISTRICT if completed_district(s, s.winner) else LAST_GANG
    return EVERYONE_DEAD if all(p == GRAVEYARD for p in s.pos) else SAFETY_LIMIT


def completed_district(s: SupergangFields, gang: int) -> str:
    """The district every shop of which `gang` owns, or ""."""
    board, geo = s.geo.board, s.geo
    districts: dict[str, bool] = {}
    for shop in board.shops.values():
        districts[shop.district] = (districts.get(shop.district, True)
                                    and s.owner[geo.shop_index[shop.id]] == gang)
    return next((d for d, owned in districts.items() if owned), "")


def whereabouts(s: SupergangFields, gang: int) -> str:
    """Where the gang's characters are, in words: "killer in the jail, vamp vamped by ⟨s0⟩, dealer free"."""
    parts = []
    for c in range(3 * gang, 3 * gang + 3):
        if s.pos[c] in PLACES:
            where = PLACES[s.pos[c]]
        elif s.captor[c] >= 0:
            where = f"vamped by {SEAT_REFS[s.captor[c] // 3]}"
        else:
            where = "free"
        parts.append(f"{ROLES[c % 3]} {where}")
    return ", ".join(parts)


def ending(s: SupergangFields) -> str:
    """How the game ended and what decided it (S46), in words; "" while it goes on."""
    kind = ending_kind(s)
    at = f"in round {s.round}"
    others = "; ".join(f"{SEAT_REFS[g]}: {whereabouts(s, g)}" for g in range(s.gangs) if g != s.winner)
    if kind == DISTRICT:
        return (f"{SEAT_REFS[s.winner]} owns every shop of district {completed_district(s, s.winner)} "
                f"{at} and wins")
    if kind == LAST_GANG:
        what = "a living" if s.options["last_gang"] == "alive" else "a free"
        return f"{SEAT_REFS[s.winner]} is the last gang with {what} character {at} and wins ({others})"
    if kind == POLICE:
        return (f"every gangster is in the jail, the clinic or the graveyard {at}: the police player "
                f"wins (L91) ({others})")
    if kind == EVERYONE_DEAD:
        return (f"every character is in the graveyard {at}: nobody can recruit again, no gang won by the "
                "rules: a draw shared by the gangs")
    if kind == SAFETY_LIMIT:
        return (f"stopped at the safety limit of {s.options['turn_limit']} rounds (not a rule): no gang "
                "won by the rules, a draw shared by the gangs")
    return ""


def rank_keys(s: SupergangFields) -> list[tuple[int, ...]]:
    """The winner first, the rest by shops, then money (an order only: S37); in a draw (S46) every gang
    first; the police player last unless it won."""
    draw = s.done and s.winner < 0
    keys: list[tuple[int, ...]] = [(1, 0, 0) if draw else (int(seat == s.winner), shops_owned(s, seat),
                                                            s.money[seat]) for seat in range(s.gangs)]
    if s.police_seat >= 0:
        keys.append((int(s.police_seat == s.winner), -1, -1))
    return keys


def result(s: SupergangFields) -> Result:
    """One point to the winner (S37): a district owner, the last gang or the police player; in a draw,
    at the safety limit or with every character dead, one point to every gang (S46). The standing shows
    each gang's shops and money, and the ending how the game ended and what decided it."""
    ranks = rank_by(rank_keys(s))
    points = tuple(int(r == 1) for r in ranks)
    winners = tuple(seat for seat, r in enumerate(ranks) if r == 1)
    standing = [{"shops": shops_owned(s, g), "money": s.money[g]} for g in range(s.gangs)]
    if s.police_seat >= 0:
        standing.append({})  # the police player has neither
    return Result(points, ranks, winners, tuple({"victory": p} for p in points), tuple(standing),
                  ending(s))
