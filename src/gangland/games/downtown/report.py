"""Downtown's facts for a balance report: robberies, sales (to undercover cops), casino visits, how the
game ended.

Counted by replaying the record and reading the events each step tells (the texts of moves.py,
locations.py, casino.py, turns.py and ending.py, which name seats by their markers: `gangland.engine.seats`;
tests/report check that every kind is found in real games). And `inventory`: the counts of every piece the
game conserves.
"""

from __future__ import annotations

import re

from gangland.engine import SEAT_REF, Game, GameFacts, GameRecord, replay_steps

from .cards import CASINO, DENOMINATIONS, GANGSTER_NAMES
from .fields import DowntownFields
from .state import DowntownState

_ROBS = re.compile(f"{SEAT_REF.pattern} robs {SEAT_REF.pattern}")
"""A robbery: "⟨s1⟩ robs ⟨s2⟩" (moves.py), the robber's and the victim's seat."""
_SELLS = re.compile(f"{SEAT_REF.pattern} sells loot worth ")
"""A sale (locations.py), the seller's seat."""


def facts(game: Game, record: GameRecord) -> GameFacts:
    """Decisions and turns; robberies, sales, sales to undercover cops, casino visits and skips; the end;
    per seat: robberies made and suffered, sales, sales to undercover cops."""
    counts = {"robberies": 0.0, "sales": 0.0, "sales to undercover cops": 0.0, "casino visits": 0.0,
              "casinos skipped": 0.0}
    ending = None
    per_seat = [{"robberies": 0.0, "times robbed": 0.0, "sales": 0.0, "sales to undercover cops": 0.0}
                for _ in range(record.players)]
    state: DowntownState | None = None
    for step_state, _actor, _action in replay_steps(game, record):
        assert isinstance(step_state, DowntownState)
        state = step_state
        for seat, text in state.events:
            if seat is not None:
                continue  # a private line repeats a public one for one seat
            robbery = _ROBS.fullmatch(text)
            sale = _SELLS.match(text)
            if robbery:
                counts["robberies"] += 1
                robber, victim = (int(n) for n in robbery.groups())
                per_seat[robber]["robberies"] += 1
                per_seat[victim]["times robbed"] += 1
            elif sale:
                counts["sales"] += 1
                seller = per_seat[int(sale.group(1))]
                seller["sales"] += 1
                if "undercover cop" in text:
                    counts["sales to undercover cops"] += 1
                    seller["sales to undercover cops"] += 1
            elif " at the casino" in text or text.startswith("nobody matched "):
                counts["casino visits"] += 1
            elif text == "the casino is skipped":
                counts["casinos skipped"] += 1
            elif "the turn limit of" in text:
                ending = "turn limit"
            elif "has $100,000" in text:
                ending = "$100,000"
    turns = state.turn if state is not None else 0
    if ending is None and state is not None and state.is_over:
        ending = f"casino card {state.casinos}"  # D27 (2nd card) or, in the 2013 edition, the 3rd
    return GameFacts({"decisions": len(record.actions), "turns": turns}, counts, ending=ending,
                     seat_events=tuple(per_seat))


def inventory(s: DowntownFields) -> dict[str, int]:
    """Every piece the set-up deals, counted wherever it lies now (the invariant tests check that no
    piece is lost or made): gangsters by kind, notes by denomination, stooge, fence and casino cards."""
    counts: dict[str, int] = {}
    for k, name in enumerate(GANGSTER_NAMES):
        counts[f"gangster {name}"] = (s.draw[k] + s.discard[k] + s.downtown[k]
                                      + sum(h[k] for h in s.hands) + sum(d[k] for d in s.disp_g)
                                      + sum(d[k] for d in s.down_g))
    for i, d in enumerate(DENOMINATIONS):
        counts[f"note ${d},000"] = (s.bank[i] + sum(c[i] for c in s.cash) + sum(c[i] for c in s.disp_n)
                                    + sum(c[i] for c in s.down_n) + sum(1 for b in s.bets if b == i)
                                    + sum(p[0][i] for p in s.pend if p is not None))
    stooges = [c for pile in s.spiles for c in pile] + [c for h in s.shand for c in h] + s.out_s + s.offer
    counts["stooge cards"] = len(stooges)
    counts["distinct stooge cards"] = len(set(stooges))
    fences = [f for pile in s.fpiles for f in pile if f != CASINO] + s.out_f
    counts["fence cards"] = len(fences)
    counts["distinct fence cards"] = len(set(fences))
    counts["casino cards"] = s.casinos + sum(pile.count(CASINO) for pile in s.fpiles)
    return counts
