"""Protection Racket's fixed action space (docs/rules/protection_racket.md section "Actions").

    0        PASS      no war / do not take the action / stay / keep lying
    1        YES       declare the war / take the action / stand up
    2..145   DEPLOY    deploy n (0-5) of your mobsters and m (0-1) Hired Muscle onto site s:
                       DEPLOY0 + (s * 6 + n) * 2 + m, with n + m >= 1
    146..157 SITE0+s   pick site s (0-11, row by row) for an effect or the Hired Gun
    158..161 GANG0+g   pick gang g (0-3: a seat) for an effect
    162      MUSCLE_PICK  pick the Hired Muscle (an effect that removes "any Mobster")
"""

from __future__ import annotations

from typing import Final

PASS: Final = 0
YES: Final = 1
DEPLOY0: Final = 2
MAX_REGULARS: Final = 5
"""Mobsters of one colour: 5 each."""
SITES: Final = 12
SITE0: Final = DEPLOY0 + SITES * (MAX_REGULARS + 1) * 2
GANG0: Final = SITE0 + SITES
MAX_SEATS: Final = 4
MUSCLE_PICK: Final = GANG0 + MAX_SEATS
NUM_ACTIONS: Final = MUSCLE_PICK + 1


def deploy_action(site: int, regulars: int, muscle: int) -> int:
    """The id of deploying `regulars` mobsters and `muscle` (0 or 1) Hired Muscle onto `site`.

    >>> deploy_action(0, 1, 0), deploy_action(11, 5, 1)
    (4, 145)
    """
    return DEPLOY0 + (site * (MAX_REGULARS + 1) + regulars) * 2 + muscle


def deploy_parts(action: int) -> tuple[int, int, int]:
    """(site, regulars, muscle) of a deploy action id.

    >>> deploy_parts(deploy_action(7, 3, 1))
    (7, 3, 1)
    """
    rest, muscle = divmod(action - DEPLOY0, 2)
    site, regulars = divmod(rest, MAX_REGULARS + 1)
    return site, regulars, muscle
