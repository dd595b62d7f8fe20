"""The agenda's tasks: the work that follows a decision (a war, then the action, then the end of the
turn), kept on the state's `agenda` as (task, site), a stack run until the next decision is needed
(turn.run)."""

from __future__ import annotations

from typing import Final

T_WAR_OFFER: Final = 0
"""Offer a Mob War on the site, if two parties are there and a war may be declared."""
T_WAR: Final = 1
"""A war declared on the site: the Hired Gun's move first, then the fight."""
T_FIGHT: Final = 2
"""Fight the war on the site."""
T_PINK: Final = 3
"""Settle where a Hired Muscle removed in the war on the site goes."""
T_ACTION: Final = 4
"""Offer the site's action to the turn player, if it controls the site."""
T_END_TURN: Final = 5
"""End the turn."""
