"""The fields of a game of Protection Racket: who is on which site, the city and its decks, the Hired
Muscle, the money, and what the turn is doing. The rules are functions of them (the rule modules)."""

from __future__ import annotations

from typing import Any, ClassVar

from gangland.engine import PhaseState

from .sites import Face, SiteSet


class ProtectionRacketFields(PhaseState):
    """Every slot of a Protection Racket state (the phase and the players are PhaseState's)."""

    __slots__ = (
        "_rng", "actor", "adj", "agenda", "aura_at", "city", "closed", "columns", "corner", "deployed",
        "draw", "earned", "edge", "effect_site", "events", "faces", "first", "first_seat", "hideout",
        "last_sites", "lie", "lie_down_at", "m_home", "m_lying", "m_owner", "m_where", "max_deploy",
        "money", "muscle", "no_war", "open_sites", "options", "picks", "put_away", "recommended",
        "returns_used", "round", "rows", "sites", "stand", "supply", "turn", "turn_player", "used",
        "war_site",
    )

    COPIED: ClassVar[tuple[str, ...]] = ("agenda", "city", "hideout", "money", "picks", "supply")
    NESTED: ClassVar[tuple[str, ...]] = ("draw", "earned", "lie", "stand", "used")
    # Shared by clones, since they are replaced, never changed in place: the lists city.city_rules makes
    # anew (aura_at, closed, lie_down_at, max_deploy, no_war, open_sites), events (a new list each step),
    # returns_used, last_sites and put_away. Fewer copies make clone (search, the bots) faster.

    _rng: int
    """The state's generator (splitmix64): the decks' shuffles and the faces dealt."""
    actor: int
    """The seat asked the present decision."""
    adj: tuple[tuple[int, ...], ...]
    """Each site's orthogonal neighbours (grid.grid_geometry)."""
    agenda: list[tuple[int, int]]
    """The work that follows the last decision: (task, site), a stack (agenda.py)."""
    aura_at: list[int]
    """Revenue each site gets from its neighbours' auras (closed sites' included); replaced, never changed
    in place (city.city_rules), like closed, lie_down_at, max_deploy and no_war."""
    city: list[int]
    """Face id showing at each site, row by row."""
    closed: list[bool]
    """Whether each site is closed (nobody deploys there)."""
    columns: int
    """Columns of the city's grid."""
    corner: tuple[bool, ...]
    """Whether each site is in a corner of the grid."""
    deployed: int
    """Mobsters the player to act deployed this turn (0 when they lay down)."""
    draw: list[list[int]]
    """Card ids of each deck's draw pile (top = last); hidden order."""
    earned: list[dict[str, int]]
    """Each seat's money by where it came from (the result's breakdown)."""
    edge: tuple[bool, ...]
    """Whether each site is on the edge of the grid."""
    effect_site: int
    """The site whose action is offered or being taken (-1: none yet)."""
    events: list[str]
    """What the last decision led to, a sentence each (seats as seat_ref markers): a new list each step."""
    faces: tuple[Face, ...]
    """Every face of the site set, by face id (`sites.faces`)."""
    first: int
    """Who starts this round ("the first player rotates clockwise")."""
    first_seat: int
    """Who started round one (option first_seat)."""
    hideout: list[int]
    """Mobsters in each seat's hideout (the Hired Muscle apart)."""
    last_sites: list[int]
    """Cards of last round's city and those `replace` put away in it: set aside, but shuffled into a
    draw pile only when nothing else is left (C31). Replaced, never changed in place (shared by clones)."""
    lie: list[list[int]]
    """Lying mobsters per site per seat (the Hired Muscle apart)."""
    lie_down_at: list[bool]
    """Whether mobsters deployed onto each site lie down (a closed neighbour's rule)."""
    m_home: int
    """Site of the Hired Muscle card, or NOWHERE when the city has none."""
    m_lying: bool
    """Whether the Hired Muscle lies down."""
    m_owner: int
    """The seat whose gang the Hired Muscle is in, or NEUTRAL."""
    m_where: int
    """Where the Hired Muscle is: a site, HIDEOUT, NOWHERE or LIMBO (mobsters.py)."""
    max_deploy: list[int]
    """Most mobsters deployable onto each site in one turn; 0 = no limit."""
    money: list[int]
    """Each seat's money (the score)."""
    muscle: int
    """Index in MUSCLES of the Hired Muscle in this city, or -1."""
    no_war: list[bool]
    """Whether no Mob War may be declared on each site (a closed neighbour's rule)."""
    open_sites: list[int]
    """Sites that are not closed (shared between clones: replaced, never changed in place)."""
    options: dict[str, Any]
    """The game's options (never changed)."""
    picks: list[int]
    """The picks (action ids) made so far for the action being taken."""
    put_away: list[int]
    """Cards `replace` set aside this round (C31); replaced, never changed in place."""
    recommended: bool
    """Option city=recommended: no more of a deck-3 colour than the rulebook suggests (C3)."""
    returns_used: list[int]
    """Faces whose action brought mobsters back to a hideout this round (C30); replaced, never changed in
    place."""
    round: int
    """The round, from 0."""
    rows: int
    """Rows of the city's grid."""
    sites: SiteSet
    """The site set the game is played with (option sites)."""
    stand: list[list[int]]
    """Standing mobsters per site per seat (the Hired Muscle apart)."""
    supply: list[int]
    """Mobsters in each seat's supply (removed for the rest of the round)."""
    turn: int
    """Turns so far in the game."""
    turn_player: int
    """The seat whose turn it is."""
    used: list[list[int]]
    """Card ids set aside after a round, per deck (public)."""
    war_site: int
    """The site of the Mob War offered, fought or just fought (-1: none yet)."""
