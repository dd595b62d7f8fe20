"""Protection Racket's shared vocabulary: the length of a game, the decision phases, where the Hired
Muscle can be, the agenda's tasks. The state (state.py and fields.py), the Mob War (war.py), the site
actions (effects.py), the view (view.py), the screen and the bot use them; state.py re-exports them."""

from __future__ import annotations

ROUNDS = 3
"""Rounds in a game, ties apart ("the most money at the end of 3 rounds")."""
MAX_EXTRA_ROUNDS = 7
"""Not a rule: ties play another round (rulebook), at most this many times; then the tied share the
win (docs C14), so that every game ends."""

# Phases: what the seat to act is asked.
DEPLOY, WAR_OFFER, HIRED_GUN, STAND, ACTION, PICK, OVER = range(7)
PHASE_NAMES = ("deploy mobsters", "declare a Mob War?", "the Hired Gun: join or leave the war?",
               "stand up after the war?", "take the site's action?", "choose for the action", "game over")

# Where the Hired Muscle is when not on a site.
HIDEOUT, NOWHERE, LIMBO = -2, -1, -3
"""LIMBO: removed in a war, its way back not yet settled (until the survivors have stood up)."""
NEUTRAL = -1
"""The Hired Muscle's owner before anyone recruits it."""
PINK = 4
"""The unrecruited Hired Muscle as a party to a war or to control (seats are 0-3)."""

M_LONER, M_ACCOUNTANT, M_HITMAN, M_CLEANER, M_HIRED_GUN, M_SURVIVOR = range(6)
"""Indexes of the Hired Muscle in MUSCLES."""

RETURN_KINDS = frozenset({"recall", "reinforce", "lying"})
"""Actions that can bring mobsters back to a hideout ("lying" only with to = "hideout"): each face's
once per round (C30)."""

# Agenda tasks: (kind, site).
T_WAR_OFFER, T_WAR, T_FIGHT, T_PINK, T_ACTION, T_END_TURN = range(6)
