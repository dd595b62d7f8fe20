"""The end of a game of Supergang (S37, S39): the last gang standing or the police player's win, checked
after every action; the result: the winner's point, the ranks by shops then money, and how it ended. (The
district win is checked where a shop changes hands, shops.py; the turn limit where a round ends, turn.py.)"""

from __future__ import annotations

from typing import Final

from gangland.engine import Result, rank_by
from gangland.engine.seats import SEAT_REFS

from .constants import EARLY_ROUNDS, GRAVEYARD
from .fields import SupergangFields
from .table import end_game, is_free, shops_owned

ENDINGS: Final = ("and wins", "the police player wins", "the game ends", "(the turn limit)")
"""How the event that ends a game ends (turn.py, shops.py, here): a district owned, the last gang
standing, the police player's win, everyone in the graveyard, the turn limit."""


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
        s.events.append(f"{SEAT_REFS[s.winner]} is the last gang standing and wins")
        end_game(s)


def rank_keys(s: SupergangFields) -> list[tuple[int, ...]]:
    """The winner first; then most shops, then most money (the police player has neither)."""
    keys: list[tuple[int, ...]] = [(int(seat == s.winner), shops_owned(s, seat), s.money[seat])
                                   for seat in range(s.gangs)]
    if s.police_seat >= 0:
        keys.append((int(s.police_seat == s.winner), -1, -1))
    return keys


def ending(s: SupergangFields) -> str:
    """How the game ended (S37), as its last step told it; "" while it goes on."""
    if not s.done:
        return ""
    told = next((e for e in reversed(s.events) if e.endswith(ENDINGS)), "the game is over")
    if s.winner < 0:
        told += "; no gang won by the rules, so the most shops win, then the most money"
    return told


def result(s: SupergangFields) -> Result:
    """One point to the winner (S37): a district owner, the last gang or the police player; at the turn
    limit (not a rule) the gang with most shops, then most money (a tie shares the point). The standing
    shows each gang's shops and money, and the ending what ended the game."""
    ranks = rank_by(rank_keys(s))
    points = tuple(int(r == 1) for r in ranks)
    winners = tuple(seat for seat, r in enumerate(ranks) if r == 1)
    standing = [{"shops": shops_owned(s, g), "money": s.money[g]} for g in range(s.gangs)]
    if s.police_seat >= 0:
        standing.append({})  # the police player has neither
    return Result(points, ranks, winners, tuple({"victory": p} for p in points), tuple(standing),
                  ending(s))
