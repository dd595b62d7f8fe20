"""Protection Racket's shared vocabulary: the length of a game, the decision phases, where the Hired
Muscle can be, the agenda's tasks. The state (state.py and fields.py), the Mob War (war.py), the site
actions (effects.py), the view (view.py), the screen and the bot use them; state.py re-exports them."""

from __future__ import annotations

from typing import Final

ROUNDS: Final = 3
"""Rounds in a game, ties apart ("the most money at the end of 3 rounds")."""
MAX_EXTRA_ROUNDS: Final = 7
"""Not a rule: ties play another round (rulebook), at most this many times; then the tied share the
win (docs C14), so that every game ends."""

# Phases: what the seat to act is asked.
DEPLOY: Final = 0
WAR_OFFER: Final = 1
HIRED_GUN: Final = 2
STAND: Final = 3
ACTION: Final = 4
PICK: Final = 5
OVER: Final = 6
PHASE_NAMES: Final = ("deploy mobsters", "declare a Mob War?", "the Hired Gun: join or leave the war?",
               "stand up after the war?", "take the site's action?", "choose for the action", "game over")

# Where the Hired Muscle is when not on a site.
HIDEOUT: Final = -2
NOWHERE: Final = -1
LIMBO: Final = -3
"""LIMBO: removed in a war, its way back not yet settled (until the survivors have stood up)."""
NEUTRAL: Final = -1
"""The Hired Muscle's owner before anyone recruits it."""
PINK: Final = 4
"""The unrecruited Hired Muscle as a party to a war or to control (seats are 0-3)."""

M_LONER: Final = 0
M_ACCOUNTANT: Final = 1
M_HITMAN: Final = 2
M_CLEANER: Final = 3
M_HIRED_GUN: Final = 4
M_SURVIVOR: Final = 5
"""Indexes of the Hired Muscle in MUSCLES."""

RETURN_KINDS: Final = frozenset({"recall", "reinforce", "lying"})
"""Actions that can bring mobsters back to a hideout ("lying" only with to = "hideout"): each face's
once per round (C30)."""

# Agenda tasks: (kind, site).
T_WAR_OFFER: Final = 0
T_WAR: Final = 1
T_FIGHT: Final = 2
T_PINK: Final = 3
T_ACTION: Final = 4
T_END_TURN: Final = 5
