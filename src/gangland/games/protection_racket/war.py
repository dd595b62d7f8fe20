"""The Mob War (rulebook "2. Mob War"; docs/rules/protection_racket.md C10-C12, C16, C29): declaring
it, the Hired Gun's move, the war itself, what a removed Hired Muscle does, standing up."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import PASS, SITE0, site_name
from .agenda import T_WAR
from .control import controller, muscle_at, parties
from .decisions import ask
from .fields import ProtectionRacketFields
from .mobsters import HIDEOUT, LIMBO, NEUTRAL, NOWHERE, PINK
from .phases import HIRED_GUN
from .sites import M_HIRED_GUN, M_HITMAN, M_SURVIVOR, MUSCLE_NAMES


def declare_war(s: ProtectionRacketFields) -> None:
    """The turn player declares the Mob War offered: it goes on the agenda."""
    s.events.append(f"{SEAT_REFS[s.actor]} declares a Mob War on {site_name(s, s.war_site)}")
    s.agenda.append((T_WAR, s.war_site))


def hired_gun_asks(s: ProtectionRacketFields, site: int) -> bool:
    """"When a Mob War is declared the Hired Gun may move to the Mob War from an adjacent site or
    from the Mob War to an adjacent site": its owner is asked (C11)."""
    if s.muscle != M_HIRED_GUN or s.m_owner == NEUTRAL or s.m_where < 0 or s.m_lying:
        return False  # lying, it is not "deployed" (glossary) and does not move (C11)
    if s.m_where != site and site not in s.adj[s.m_where]:
        return False
    s.war_site = site
    ask(s, HIRED_GUN, s.m_owner)
    return True


def legal_hired_gun(s: ProtectionRacketFields) -> list[int]:
    """The Hired Gun's answers: stay (PASS), or the sites it may move to (into or out of the war)."""
    war = s.war_site
    moves = s.adj[war] if s.m_where == war else (war,)
    return [PASS, *(SITE0 + t for t in moves)]


def move_hired_gun(s: ProtectionRacketFields, target: int) -> None:
    s.events.append(f"{MUSCLE_NAMES[M_HIRED_GUN]} moves from {site_name(s, s.m_where)} to "
                    f"{site_name(s, target)}")
    s.m_where = target


def fight(s: ProtectionRacketFields, site: int) -> tuple[int, bool]:
    """Resolve a declared Mob War: (the seat the war left on the site, or -1; whether the Hired
    Muscle was removed and has yet to go back or join the site's controller)."""
    present = parties(s, site)
    if len(present) < 2:
        # No war is fought, so nobody may stand up "at the end of a Mob War" (C16).
        s.events.append(f"no war on {site_name(s, site)}: only one gang is left there")
        return -1, False
    pending_pink = survivor_back = False
    losses: dict[int, int] = {}
    if s.muscle == M_HITMAN and s.m_owner != NEUTRAL and s.m_where == site and not s.m_lying:
        # "all players with the exception of the player controlling the Hitman must remove one
        # Mobster before the Mob War begins" (the unrecruited pink is no player: C12).
        for gang in present:
            if gang not in (s.m_owner, PINK):
                losses[gang] = 1
                _war_loss(s, site, gang)
        s.events.append(f"{MUSCLE_NAMES[M_HITMAN]}: every rival loses a mobster before the war")
    while True:
        present = parties(s, site)
        if len(present) < 2:
            break
        # "each player involved simultaneously removes one of their Mobsters"
        for gang in present:
            losses[gang] = losses.get(gang, 0) + 1
            lost = _war_loss(s, site, gang)
            pending_pink |= lost == "muscle"
            survivor_back |= lost == "survivor"
    present = parties(s, site)
    left = present[0] if present else -1
    lost_text = ", ".join(f"{'the Hired Muscle' if g == PINK else SEAT_REFS[g]} loses {k}"
                          for g, k in sorted(losses.items()))
    outcome = ("nobody is left" if left < 0 else "the Hired Muscle holds" if left == PINK
               else f"{SEAT_REFS[left]} is left")
    s.events.append(f"Mob War on {site_name(s, site)}: {lost_text}; {outcome}")
    if survivor_back:
        # "if a Mob War includes the Survivor and it is removed, then the Survivor is immediately
        # returned to the site, after the Mob War."
        s.m_where, s.m_lying = site, False
        s.events.append(f"{MUSCLE_NAMES[M_SURVIVOR]} returns to {site_name(s, site)}")
    return (left if left != PINK else -1), pending_pink


def _war_loss(s: ProtectionRacketFields, site: int, gang: int) -> str:
    """Remove one of a party's mobsters in a war, in the order that costs it least (C10): a lying
    mobster, the Survivor (who comes back), a standing mobster, the Hired Muscle."""
    if gang == PINK:
        s.m_where, s.m_lying = LIMBO, False
        return "muscle"
    owns = s.m_owner == gang and s.m_where == site and s.muscle >= 0
    if s.lie[site][gang]:
        s.lie[site][gang] -= 1
        s.supply[gang] += 1
        return "mobster"
    if owns and s.muscle == M_SURVIVOR:
        s.m_where, s.m_lying = NOWHERE, False
        return "survivor"
    if s.stand[site][gang]:
        s.stand[site][gang] -= 1
        s.supply[gang] += 1
        return "mobster"
    s.m_where, s.m_lying = LIMBO, False
    return "muscle"


def muscle_returns(s: ProtectionRacketFields, war_site: int) -> None:
    """A Hired Muscle removed in a war: "If you control the recruiting site after a Mob War then the
    pink meeple is moved to your hideout rather than the supply"; otherwise "it is returned to the
    site from where it can be recruited again" (unrecruited: C9)."""
    home = s.m_home
    s.m_lying = False
    if war_site == home:
        who = controller(s, home)
        if who >= 0 and who != PINK:
            s.m_owner, s.m_where = who, HIDEOUT
            s.events.append(f"{SEAT_REFS[who]} controls {site_name(s, home)}: "
                            f"{MUSCLE_NAMES[s.muscle]} joins its hideout")
            return
    s.m_owner, s.m_where = NEUTRAL, home
    s.events.append(f"{MUSCLE_NAMES[s.muscle]} returns to {site_name(s, home)}")


def stand_up(s: ProtectionRacketFields, site: int, seat: int | None) -> None:
    """Stand up the lying mobsters of a seat (None: of every seat) on a site."""
    for gang in range(s._players) if seat is None else (seat,):
        s.stand[site][gang] += s.lie[site][gang]
        s.lie[site][gang] = 0
    if muscle_at(s, site) and (seat is None or s.m_owner == seat):
        s.m_lying = False
    who = "every" if seat is None else f"{SEAT_REFS[seat]}'s"
    s.events.append(f"{who} lying mobster on {site_name(s, site)} stands up")
