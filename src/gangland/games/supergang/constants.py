"""The numbers and names of the Supergang rules (fragment lines L1-L94, decisions S1-S39): the characters'
roles, the places off the board, the rulebook's sums and years, the flags of what a character did at its
stop, and the limits of a board the action space leaves room for."""

from __future__ import annotations

from typing import Final

KILLER: Final = 0
VAMP: Final = 1
DEALER: Final = 2
JAIL: Final = "jail"
CLINIC: Final = "clinic"
"""S24-S25: where injured gangsters are put (the board's clinic place)."""
GRAVEYARD: Final = "graveyard"
"""S24, S26: where dead gangsters are put (the board's graveyard place)."""
SEWER: Final = "sewer"
"""L61: where a patrol that stopped on a manhole is, off the board, until it resurfaces."""
NEUTRALIZED: Final = (JAIL, CLINIC, GRAVEYARD)
RECRUITS: Final = {"T": KILLER, "V": VAMP, "D": DEALER}
"""L78, S17: a shop's letter names the character recruited there (T killer, V vamp, D dealer)."""
EARLY_ROUNDS: Final = 3
"""L6: "During the three first turns, gangsters have not the right to harm each other"."""
BANK: Final = {3: 1000, 4: 1320}
"""L84: "The bank owns 1320 millions for 4 players, 1000 millions for 3 players et not any more"."""
TOKENS: Final = 15
"""S13: 15 tokens per gang, one stock for rackets and ownership."""
PAWNS: Final = 20
"""S16 (designed, open question 4): 20 traffic pawns per gang."""
RACKET_INCOME: Final = 5
SHOP_INCOME: Final = 10
PAWN_INCOME: Final = 5
"""L39: racket 5 a turn, purchase 10 a turn, traffic 5 a turn per placed pawn."""
PAIR_PRICE: Final = 5
"""L28: "at the price of 5 millions the two"."""
COWARD_YIELD: Final = 10
"""L17: "it yields 10 millions, given by the bank to the assaillant"."""
COWARD_YEARS: Final = 1
RACKET_YEARS: Final = 1
STICKUP_YEARS: Final = 1
TRAFFIC_YEARS: Final = 1
INJURY_YEARS: Final = 1
REBELLION_YEARS: Final = 1
MURDER_YEARS: Final = 2
"""L66 / S28: coward attack, racket, stick-up, traffic, each target injured as attacker, rebellion: 1
year each; each murder 2."""
CUSTODY_YEARS: Final = 1
"""L87: the police player takes an innocent "for one turn in jail"."""

# Flags of what a character did at its current stop (S11: each action at most once).
F_RACKET: Final = 1
F_PURCHASE: Final = 2
F_BUY: Final = 4
F_PLACE: Final = 8
F_COWARD: Final = 16
F_DUEL: Final = 32
F_VAMP: Final = 64
F_RECRUIT: Final = 128
"""F_DUEL: the stop's one "dice throw against characters" (L38): a stick-up, a killing, an attack on a
patrol or a clinic killing."""

# The limits of a board that the fixed action space leaves room for (actions.py).
MAX_MANHOLES: Final = 5
MAX_PLACES: Final = 256
"""Street squares plus shops a board may have (the authored board: 158 + 36)."""
MAX_SHOPS: Final = 64
"""Shops a board may have (the authored board: 36)."""
