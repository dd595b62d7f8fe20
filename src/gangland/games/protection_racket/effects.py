"""The site actions (rulebook "3. Take Action"; docs/rules/protection_racket.md C19, C27-C30 and
section 3.3): whether an action would do something, the choices it asks for one at a time, and what
each effect primitive does."""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .actions import GANG0, MUSCLE_PICK, SITE0, site_name
from .agenda import T_WAR, T_WAR_OFFER
from .city import city_rules
from .control import counter, effect_at, lying_units, muscle_at, parties, scope, standing_units, units
from .decisions import ask
from .decks import draw_card, flipped
from .fields import ProtectionRacketFields
from .mobsters import HIDEOUT, NEUTRAL, NOWHERE
from .phases import PICK
from .sites import MUSCLE_NAMES, Effect
from .war import stand_up

RETURN_KINDS: Final = frozenset({"recall", "reinforce", "lying"})
"""Actions that can bring mobsters back to a hideout ("lying" only with to = "hideout"): each face's
once per round (C30)."""


def effect_available(s: ProtectionRacketFields, effect: Effect, site: int) -> bool:
    """Whether taking the action would do something (an action that cannot is not offered)."""
    seat = s.turn_player
    kind = effect.kind
    if kind == "income":
        return effect.amount * counter(s, effect.per, site, seat) > 0
    if kind == "extort":
        return any(s.money[g] for g in _extorted(s, effect, site, seat))
    if kind == "recruit":
        return s.m_owner == NEUTRAL and s.m_where == site
    if kind in RETURN_KINDS and (kind != "lying" or effect.to == "hideout") and (
            s.city[site] in s.returns_used):
        return False  # once per round, or a round could go on for ever (C30)
    if kind == "reinforce":
        return s.supply[seat] > 0
    saved = s.effect_site, s.picks
    s.effect_site, s.picks = site, []
    try:
        first = legal_pick(s)
    finally:
        s.effect_site, s.picks = saved
    prefilled = _prefilled(s, effect, site)
    return prefilled[0] in first if prefilled else bool(first)


def _prefilled(s: ProtectionRacketFields, effect: Effect, site: int) -> list[int]:
    """Picks implied by the card: a site choice whose scope is the site itself is not asked."""
    scope = effect.origin if effect.kind == "move" else effect.where
    if scope == "here" and effect.kind not in ("income", "extort", "swap_sites"):
        return [SITE0 + site]
    return []


def begin_effect(s: ProtectionRacketFields, site: int) -> None:
    effect = effect_at(s, site)
    s.effect_site = site
    s.picks = _prefilled(s, effect, site)
    s.events.append(f"{SEAT_REFS[s.turn_player]} takes the action of {site_name(s, site)}")
    if effect_complete(s):
        resolve_effect(s)
    else:
        ask(s, PICK, s.turn_player)


def _steps(s: ProtectionRacketFields, effect: Effect) -> int:
    """How many picks an effect takes."""
    kind = effect.kind
    if kind in ("income", "extort", "recruit", "reinforce"):
        return 0
    if kind in ("lay_down", "remove"):
        return 2
    if kind == "move":
        return 3 if effect.whose == "any" else 2
    if kind == "swap":
        return 4
    if kind == "swap_sites":
        return 2 if effect.where == "any" else 1
    return 1


def effect_complete(s: ProtectionRacketFields) -> bool:
    return len(s.picks) >= _steps(s, effect_at(s, s.effect_site))


def _occupied(s: ProtectionRacketFields, site: int, gangs: range | list[int], standing: bool = False) -> bool:
    """Whether any of `gangs` has a mobster (standing, if `standing`) on a site."""
    row_s, row_l = s.stand[site], s.lie[site]
    for g in gangs:
        if row_s[g] or (row_l[g] and not standing):
            return True
    return (s.muscle >= 0 and s.m_where == site and s.m_owner in gangs
            and not (standing and s.m_lying))


def _gangs_with(s: ProtectionRacketFields, site: int, gangs: range | list[int],
                standing: bool = False) -> list[int]:
    """Those of `gangs` with a mobster (standing, if `standing`) on a site, Hired Muscle included."""
    row_s, row_l = s.stand[site], s.lie[site]
    owner = (s.m_owner if s.muscle >= 0 and s.m_where == site
             and not (standing and s.m_lying) else NOWHERE)
    if standing:
        return [g for g in gangs if row_s[g] or g == owner]
    return [g for g in gangs if row_s[g] or row_l[g] or g == owner]


def _rivals(s: ProtectionRacketFields, seat: int) -> list[int]:
    return [g for g in range(s._players) if g != seat]


def legal_pick(s: ProtectionRacketFields) -> list[int]:
    """The legal picks of the action being taken, each leading to a complete action."""
    site, seat, picks = s.effect_site, s.turn_player, s.picks
    effect = effect_at(s, site)
    kind, step = effect.kind, len(picks)
    everyone = range(s._players)
    sites = range(len(s.city))
    if kind == "war":
        return [SITE0 + t for t in scope(s, site, effect.where)
                if len(parties(s, t)) >= 2 and not s.no_war[t]]
    if kind in ("stand_up", "lying"):
        own = kind == "stand_up" and effect.whose == "own"
        return [SITE0 + t for t in scope(s, site, effect.where)
                if (s.lie[t][seat] or (s.m_owner == seat and s.m_where == t and s.m_lying))
                or (not own and lying_units(s, t))]
    if kind in ("lay_down", "remove"):
        gangs = _rivals(s, seat) if kind == "lay_down" or effect.whose == "rival" else list(everyone)
        standing = kind == "lay_down"
        if step == 0:
            return [SITE0 + t for t in scope(s, site, effect.where)
                    if _occupied(s, t, gangs, standing)]
        target = picks[0] - SITE0
        if standing:
            return [GANG0 + g for g in _gangs_with(s, target, gangs, True)]
        # "Return any Mobster": one of a seat's own mobsters, or its Hired Muscle (C10)
        row_s, row_l = s.stand[target], s.lie[target]
        acts = [GANG0 + g for g in gangs if row_s[g] or row_l[g]]
        if s.m_where == target and s.m_owner in gangs and s.muscle >= 0:
            acts.append(MUSCLE_PICK)
        return acts
    if kind == "move":
        gangs = [seat] if effect.whose == "own" else list(everyone)
        if step == 0:
            return [SITE0 + t for t in scope(s, site, effect.origin) if _occupied(s, t, gangs)]
        origin = picks[0] - SITE0
        if step == 1 and effect.whose == "any":
            return [GANG0 + g for g in _gangs_with(s, origin, gangs)]
        targets = s.adj[origin] if effect.to == "adjacent" else [t for t in sites if t != origin]
        return [SITE0 + t for t in targets]
    if kind == "swap":
        present = [_gangs_with(s, t, everyone) for t in sites]
        if step == 0:
            return [SITE0 + t for t in sites
                    if any(_swap_partners(present, t, g) for g in present[t])]
        first = picks[0] - SITE0
        if step == 1:
            return [GANG0 + g for g in present[first] if _swap_partners(present, first, g)]
        if step == 2:
            return [SITE0 + t for t in _swap_partners(present, first, picks[1] - GANG0)]
        return [GANG0 + g for g in present[picks[2] - SITE0] if g != picks[1] - GANG0]
    if kind == "recall":
        return [SITE0 + t for t in scope(s, site, effect.where) if units(s, t, seat)]
    if kind == "swap_sites":
        if effect.where == "adjacent":
            return [SITE0 + t for t in s.adj[site]]
        return [SITE0 + t for t in sites if not picks or t != picks[0] - SITE0]
    if kind in ("flip", "replace"):
        return [SITE0 + t for t in scope(s, site, effect.where) if _changeable(s, t)]
    return []


def _swap_partners(present: list[list[int]], site: int, gang: int) -> list[int]:
    """Sites other than `site` with a mobster of a gang other than `gang` (`present`: the seats
    with mobsters on each site)."""
    return [t for t, gangs in enumerate(present) if t != site and any(g != gang for g in gangs)]


def _changeable(s: ProtectionRacketFields, site: int) -> bool:
    """Flip and replace never turn a Hired Muscle card away nor bring one in (C8); replace needs a
    card to draw that was not in this or last round's city (C31)."""
    face = s.city[site]
    if "pink" in (s.faces[face].colour, s.faces[face ^ 1].colour):
        return False
    if effect_at(s, s.effect_site).kind == "replace":
        deck = s.faces[face].deck - 1
        return bool(s.draw[deck]) or any(c not in s.last_sites and c not in s.put_away for c in s.used[deck])
    return True


def _extorted(s: ProtectionRacketFields, effect: Effect, site: int, seat: int) -> list[int]:
    reach = scope(s, site, effect.where)
    return [g for g in _rivals(s, seat) if any(standing_units(s, t, g) for t in reach)]


def resolve_effect(s: ProtectionRacketFields) -> None:
    """Carry out the action being taken, with its picks."""
    site, seat = s.effect_site, s.turn_player
    effect = effect_at(s, site)
    kind = effect.kind
    picked = [p - SITE0 if p < GANG0 else p - GANG0 for p in s.picks]
    muscle_picked = MUSCLE_PICK in s.picks
    s.picks = []
    if kind in RETURN_KINDS and (kind != "lying" or effect.to == "hideout"):
        s.returns_used = [*s.returns_used, s.city[site]]
    if kind == "income":
        gain = effect.amount * counter(s, effect.per, site, seat)
        _gain(s, seat, gain, "actions")
        s.events.append(f"{SEAT_REFS[seat]} takes ${gain} from the bank")
    elif kind == "extort":
        for victim in _extorted(s, effect, site, seat):
            paid = min(effect.amount, s.money[victim])
            s.money[victim] -= paid
            s.earned[victim]["extorted"] -= paid
            _gain(s, seat, paid, "actions")
            s.events.append(f"{SEAT_REFS[victim]} pays {SEAT_REFS[seat]} ${paid}")
    elif kind == "recruit":
        s.m_owner, s.m_where, s.m_lying = seat, HIDEOUT, False
        s.events.append(f"{SEAT_REFS[seat]} recruits {MUSCLE_NAMES[s.muscle]} into its hideout")
    elif kind == "reinforce":
        back = min(effect.count, s.supply[seat])
        s.supply[seat] -= back
        s.hideout[seat] += back
        s.events.append(f"{back} of {SEAT_REFS[seat]}'s mobsters return from the supply to its hideout")
    elif kind == "war":
        s.events.append(f"{SEAT_REFS[seat]} starts a Mob War on {site_name(s, picked[0])}")
        s.agenda.append((T_WAR, picked[0]))
    elif kind == "stand_up":
        stand_up(s, picked[0], seat if effect.whose == "own" else None)
    elif kind == "lying":
        _clear_lying(s, picked[0], effect.to)
    elif kind == "lay_down":
        _lay_down(s, picked[0], picked[1], effect.count)
    elif kind == "remove":
        if muscle_picked:
            s.events.append(f"{MUSCLE_NAMES[s.muscle]} on {site_name(s, picked[0])} is sent back")
            _muscle_home(s)
        else:
            _remove_one(s, picked[0], picked[1])
    elif kind == "move":
        origin, target = picked[0], picked[-1]
        gang = picked[1] if effect.whose == "any" else seat
        _move(s, origin, gang, target, effect.count)
        if effect.war:
            s.agenda.append((T_WAR_OFFER, target))
    elif kind == "swap":
        a, ga, b, gb = picked
        _move(s, a, ga, b, 1)
        _move(s, b, gb, a, 1)  # gb is not ga: the mobster that just arrived stays
        if effect.war:
            s.agenda += [(T_WAR_OFFER, b), (T_WAR_OFFER, a)]
    elif kind == "recall":
        _recall(s, picked[0], seat)
    elif kind == "swap_sites":
        other = picked[0] if effect.where == "adjacent" else picked[1]
        _swap_sites(s, site if effect.where == "adjacent" else picked[0], other)
    elif kind == "flip":
        s.city[picked[0]] ^= 1
        s.events.append(f"{site_name(s, picked[0])} is turned over")
        city_rules(s)
    else:  # replace
        target = picked[0]
        old = s.city[target]
        deck = s.faces[old].deck - 1
        s.used[deck].append(old // 2)
        s.put_away = [*s.put_away, old // 2]
        face = flipped(s, draw_card(s, deck))
        if s.faces[face].colour == "pink":
            face ^= 1  # no Hired Muscle card comes in (C8)
        s.city[target] = face
        s.events.append(f"{s.faces[old].name} is replaced by {site_name(s, target)}")
        city_rules(s)


def _gain(s: ProtectionRacketFields, seat: int, amount: int, category: str) -> None:
    s.money[seat] += amount
    s.earned[seat][category] += amount


def _clear_lying(s: ProtectionRacketFields, site: int, to: str) -> None:
    for gang in range(s._players):
        count = s.lie[site][gang]
        s.lie[site][gang] = 0
        if to == "supply":
            s.supply[gang] += count
        else:
            s.hideout[gang] += count
    if muscle_at(s, site) and s.m_lying:
        if to == "hideout" and s.m_owner != NEUTRAL:
            s.m_where, s.m_lying = HIDEOUT, False
        else:
            _muscle_home(s)
    s.events.append(f"the lying mobsters on {site_name(s, site)} go to the {to}")


def _muscle_home(s: ProtectionRacketFields) -> None:
    """The Hired Muscle leaves its gang and returns to its card, "from where it can be recruited"."""
    s.m_owner, s.m_where, s.m_lying = NEUTRAL, s.m_home, False


def _lay_down(s: ProtectionRacketFields, site: int, gang: int, count: int) -> None:
    down = min(count, s.stand[site][gang])
    s.stand[site][gang] -= down
    s.lie[site][gang] += down
    if down < count and s.m_owner == gang and s.m_where == site and not s.m_lying:
        s.m_lying = True
        down += 1
    s.events.append(f"{down} of {SEAT_REFS[gang]}'s mobsters on {site_name(s, site)} lie down")


def _remove_one(s: ProtectionRacketFields, site: int, gang: int) -> None:
    """One of a seat's mobsters to the supply: a standing one if it has one there (C10)."""
    rows = s.stand if s.stand[site][gang] else s.lie
    rows[site][gang] -= 1
    s.supply[gang] += 1
    s.events.append(f"one of {SEAT_REFS[gang]}'s mobsters on {site_name(s, site)} goes to the supply")


def _move(s: ProtectionRacketFields, origin: int, gang: int, target: int, count: int) -> None:
    """Move `count` (0: all) of a seat's mobsters, standing ones first, the Hired Muscle last; lying
    ones stay lying."""
    left = count or 99
    moved = 0
    for rows in (s.stand, s.lie):
        k = min(left, rows[origin][gang])
        rows[origin][gang] -= k
        rows[target][gang] += k
        left -= k
        moved += k
    if left and s.m_owner == gang and s.m_where == origin and s.muscle >= 0:
        s.m_where = target
        moved += 1
    s.events.append(f"{moved} of {SEAT_REFS[gang]}'s mobsters move from {site_name(s, origin)} to "
                       f"{site_name(s, target)}")


def _recall(s: ProtectionRacketFields, site: int, seat: int) -> None:
    count = s.stand[site][seat] + s.lie[site][seat]
    s.stand[site][seat] = s.lie[site][seat] = 0
    s.hideout[seat] += count
    if s.m_owner == seat and s.m_where == site:
        s.m_where, s.m_lying = HIDEOUT, False
        count += 1
    s.events.append(f"{count} of {SEAT_REFS[seat]}'s mobsters return from {site_name(s, site)} to its "
                    "hideout")


def _swap_sites(s: ProtectionRacketFields, a: int, b: int) -> None:
    """Two cards change places, "mobsters travel with their card" (C8)."""
    s.city[a], s.city[b] = s.city[b], s.city[a]
    s.stand[a], s.stand[b] = s.stand[b], s.stand[a]
    s.lie[a], s.lie[b] = s.lie[b], s.lie[a]
    swap = {a: b, b: a}
    s.m_where = swap.get(s.m_where, s.m_where)
    s.m_home = swap.get(s.m_home, s.m_home)
    s.events.append(f"{site_name(s, b)} and {site_name(s, a)} change places")
    city_rules(s)
