"""The numbers and names of the Supergang rules (fragment lines L1-L94, decisions S1-S39): the phases of
a decision, the characters' roles, the places off the board, the rulebook's sums and years, and the flags
of what a character did at its stop."""

from __future__ import annotations

# Phases: what the seat to act is asked.
(CHOOSE, RESURFACE, MOVE, ACT, OVER, COP_OFFER, PATROL_PLACE, PATROL_MOVE, PATROL_ACT, ARRESTED, PRICE,
 OFFER) = range(12)
PHASE_NAMES = ("choose the character that moves next", "resurface at another manhole?",
               "choose where the character stops", "act at the stop", "game over", "buy the cops?",
               "put the patrol back at a manhole", "choose where the patrol stops",
               "arrest a gangster on the patrol's square?", "surrender or rebel?",
               "name the price of a recruit", "pay the price asked for the recruit?")

KILLER, VAMP, DEALER = range(3)
JAIL = "jail"
CLINIC = "clinic"
"""S24-S25: where injured gangsters are put (the board's clinic place)."""
GRAVEYARD = "graveyard"
"""S24, S26: where dead gangsters are put (the board's graveyard place)."""
SEWER = "sewer"
"""L61: where a patrol that stopped on a manhole is, off the board, until it resurfaces."""
NEUTRALIZED = (JAIL, CLINIC, GRAVEYARD)
RECRUITS = {"T": KILLER, "V": VAMP, "D": DEALER}
"""L78, S17: a shop's letter names the character recruited there (T killer, V vamp, D dealer)."""
EARLY_ROUNDS = 3
"""L6: "During the three first turns, gangsters have not the right to harm each other"."""
BANK = {3: 1000, 4: 1320}
"""L84: "The bank owns 1320 millions for 4 players, 1000 millions for 3 players et not any more"."""
TOKENS = 15
"""S13: 15 tokens per gang, one stock for rackets and ownership."""
PAWNS = 20
"""S16 (designed, open question 4): 20 traffic pawns per gang."""
RACKET_INCOME, SHOP_INCOME, PAWN_INCOME = 5, 10, 5
"""L39: racket 5 a turn, purchase 10 a turn, traffic 5 a turn per placed pawn."""
PAIR_PRICE = 5
"""L28: "at the price of 5 millions the two"."""
COWARD_YIELD = 10
"""L17: "it yields 10 millions, given by the bank to the assaillant"."""
COWARD_YEARS, RACKET_YEARS, STICKUP_YEARS, TRAFFIC_YEARS, INJURY_YEARS, REBELLION_YEARS, MURDER_YEARS = \
    1, 1, 1, 1, 1, 1, 2
"""L66 / S28: coward attack, racket, stick-up, traffic, each target injured as attacker, rebellion: 1
year each; each murder 2."""
CUSTODY_YEARS = 1
"""L87: the police player takes an innocent "for one turn in jail"."""

# Flags of what a character did at its current stop (S11: each action at most once).
F_RACKET, F_PURCHASE, F_BUY, F_PLACE, F_COWARD, F_DUEL, F_VAMP, F_RECRUIT = 1, 2, 4, 8, 16, 32, 64, 128
"""F_DUEL: the stop's one "dice throw against characters" (L38): a stick-up, a killing, an attack on a
patrol or a clinic killing."""
