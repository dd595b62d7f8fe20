"""The turn and the round (S4, S25, S31, S33, S35, S37): a gang turn's incomes, the time served in the
clinic and the jail, the dice, each character chosen, moved (resurfacing from a manhole first, S10) and
stopped; the turn clock; the next gang turn and round; the last-gang and police-player wins."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import PATROLS
from .board import Move
from .constants import (
    CHOOSE,
    CLINIC,
    COP_OFFER,
    DEALER,
    EARLY_ROUNDS,
    GRAVEYARD,
    JAIL,
    MOVE,
    PAWN_INCOME,
    RACKET_INCOME,
    RESURFACE,
    SEWER,
    SHOP_INCOME,
)
from .stop import StopRules


class TurnRules(StopRules):
    """The gang turn and the round, from the incomes to the next gang turn, and the ends they check."""

    __slots__ = ()

    def _start_gang_turn(self) -> None:
        """S4: incomes (S33), the time served in the jail and the clinic (S25, S31), the offer of the cops
        (S32), then the dice of the characters and patrols, thrown together."""
        g = self.turn_player
        self.robbed = set()
        self.actor = -1
        self.flags = 0
        self._incomes(g)
        sitting_out = [self._serve_time(c) for c in range(3 * g, 3 * g + 3)]
        self.moved = [True] * len(self.pos)
        for c in range(len(self.pos)):
            # L43: a captive whose service is over is his own gang's to move, and is freed by that move
            held = self.captor[c] >= 0 and self.served[c] < self.options["vamp_turns"]
            mine = c // 3 == g and not held and not sitting_out[c % 3] and self.available(c)
            held = held and self.captor[c] // 3 == g and self.is_free(c)
            self.moved[c] = not (mine or held)
        if all(p == GRAVEYARD for p in self.pos):
            self.events.append("every character is in the graveyard: the game ends")
            if self.police_seat >= 0:
                self.winner = self.police_seat
            self._end_game()
            return
        if (self.round > EARLY_ROUNDS and self.police_seat < 0 and self.cops_owner < 0
                and self.money[g] >= self.options["cop_price"]):
            self.dice = [0] * len(self.pos)
            self.phase = COP_OFFER
            return
        self._throw_dice()

    def _serve_time(self, c: int) -> bool:
        """S25, S31 (L66 "1 year means 1 turn without playing"): True if the character sits this gang
        turn out in the clinic or the jail; an injured criminal goes on from the clinic to the jail."""
        if self.pos[c] == CLINIC:
            if self.clinic_left[c] > 0:
                self.clinic_left[c] -= 1
                return True
            if self.jail_years[c] > 0:  # L77: from the clinic to the jail
                self.pos[c] = JAIL
                self.events.append(f"{self.character_name(c)} leaves the clinic for the jail")
        if self.pos[c] == JAIL and self.jail_years[c] > 0:
            self.jail_years[c] -= 1
            self.events.append(f"{self.character_name(c)} spends a year in the jail")
            return True
        return False

    def _incomes(self, gang: int) -> None:
        """S33: 5 per racket token, 10 per owned shop, 5 per placed pawn while its dealer is free (L46;
        a vamped dealer's pawns pay the vamp's gang, L47); a neutralized gang earns only from its shops
        (L35)."""
        neutralized = not any(self.is_free(3 * gang + r) for r in range(3))
        if not neutralized or self.options["neutralized_racket"]:
            rackets = sum(1 for r in self.racket if r == gang)
            if rackets:
                self._pay_from_bank(gang, RACKET_INCOME * rackets, f"{rackets} racket(s)")
        shops = self.shops_owned(gang)
        if shops:
            self._pay_from_bank(gang, SHOP_INCOME * shops, f"{shops} shop(s)")
        if not neutralized:
            colours = {d // 3 for d in range(DEALER, len(self.pos), 3)
                       if self.is_free(d) and self.gang_of(d) == gang}
            pawns = sum(1 for p in self.pawns.values() if p in colours)
            if pawns:
                self._pay_from_bank(gang, PAWN_INCOME * pawns, f"{pawns} traffic pawn(s)")

    def _throw_dice(self) -> None:
        """L58: the player throws the dice of the cops and of his available characters together."""
        g = self.turn_player
        self.dice = [0 if self.moved[c] else self._die() for c in range(len(self.pos))]
        in_play = self.round > EARLY_ROUNDS
        for p in range(PATROLS):
            # L61, L80: back on the turn of the player who pushed or shot it; a patrol in the sewer comes
            # back at once when a cop owner or the police player moves the patrols
            owned = self.cops_owner >= 0 or self.police_seat >= 0
            waiting = self.ppos[p] in (JAIL, SEWER) and self.preturn[p] >= 0 and not (
                self.preturn[p] == g or (self.ppos[p] == SEWER and owned))
            self.pdice[p] = self._die() if in_play and not waiting else 0
        thrown = [f"{self.character_name(c)} {self.dice[c]}" for c in range(len(self.pos)) if self.dice[c]]
        thrown += [f"patrol {p + 1} {self.pdice[p]}" for p in range(PATROLS) if self.pdice[p]]
        self.events.append(f"round {self.round}, the turn of {SEAT_REFS[g]}: dice "
                           + (", ".join(thrown) or "none"))
        self.patrol = -1
        self._next_patrol()

    def _time_up(self) -> None:
        """S35 (L86): every character not moved when the clock runs out goes to the jail for the next turn."""
        self.events.append(f"time is up for {SEAT_REFS[self.turn_player]}")
        for c in range(len(self.pos)):
            if not self.moved[c]:
                self._leave_board(c, JAIL)
                self.jail_years[c] = 1
                self.events.append(f"{self.character_name(c)} goes to the jail for the next turn")
        self._next_gang_turn()

    def _begin_move(self) -> None:
        """L43: a captive whose service is over recovers his freedom as soon as he moves; L63: unnoticed
        crimes are lost when the criminal moves; S10: from a manhole it may first resurface at another."""
        c = self.actor
        if self.captor[c] >= 0 and c // 3 == self.turn_player:
            self._free_captive(c)
        if self.pending[c]:
            self.events.append(f"{self.character_name(c)} gets away with {self.pending[c]} unnoticed year(s)")
            self.pending[c] = 0
        self.protected[c] = False
        if self.pos[c] in self.geo.manholes:
            self.phase = RESURFACE
        else:
            self._ask_move()

    def _resurface(self, manhole: str) -> None:
        c = self.actor
        self.events.append(f"{self.character_name(c)} goes down {self.pos[c]} and resurfaces at {manhole}")
        self.pos[c] = manhole
        self.prev[c] = None
        self.entry[c] = None

    def _ask_move(self) -> None:
        """S7: exactly the die; with no path of that length the character stays and does nothing."""
        if self.move_options(self.actor):
            self.phase = MOVE
        else:
            self.events.append(f"{self.character_name(self.actor)} cannot move {self.dice[self.actor]} "
                               f"squares from {self.pos[self.actor]} and stays")
            self._end_stop()

    def _move(self, move: Move) -> None:
        c = self.actor
        start = self.pos[c]
        self.pos[c], self.prev[c], self.entry[c] = self._arrival(start, self.prev[c], move.path)
        self.events.append(f"{self.character_name(c)} moves {len(move.path)}: "
                           f"{start} -> {' -> '.join(move.path)}")
        if start == CLINIC:
            self.events.append(f"{self.character_name(c)} leaves the clinic")
        self._begin_stop()

    def _end_stop(self) -> None:
        """The character's move and actions are over: a vamped character's turn of service counts (L43:
        after the last one he is free only when he next moves, `_begin_move`), then the next character,
        or the next gang turn."""
        c = self.actor
        if c >= 0 and self.captor[c] >= 0 and self.captor[c] // 3 == self.turn_player:
            self.served[c] += 1  # still vamped until he moves again, on his own gang's turn (L43)
        self.flags = 0
        self.actor = -1
        self.phase = CHOOSE
        if not all(self.moved):
            return
        self._next_gang_turn()

    def _next_gang_turn(self) -> None:
        nxt = (self.turn_player + 1) % self.gangs
        if nxt == self.first:
            limit = self.options["turn_limit"]
            if limit and self.round >= limit:
                self.events.append(f"round {self.round} was the last (the turn limit)")
                self._end_game()
                return
            self.round += 1
        self.turn_player = nxt
        self._start_gang_turn()

    def _check_last_gang(self) -> None:
        """S37 (2): from round 4, the last gang with a free (or, option, living) character wins; in the
        variant (3) the police player wins when every gangster is in the jail, the clinic or the
        graveyard (L91)."""
        if self.round <= EARLY_ROUNDS:
            return
        if self.police_seat >= 0:
            if not any(self.is_free(c) for c in range(len(self.pos))):
                self.winner = self.police_seat
                self.events.append("every gangster is in the jail, the clinic or the graveyard: "
                                   "the police player wins")
                self._end_game()
            return
        alive = self.options["last_gang"] == "alive"
        # "free": on the board and not vamped away from its gang (the conventions of the rules page)
        standing = {c // 3 for c in range(len(self.pos))
                    if (self.pos[c] != GRAVEYARD if alive else self.is_free(c) and self.captor[c] < 0)}
        if len(standing) == 1:
            (self.winner,) = standing
            self.events.append(f"{SEAT_REFS[self.winner]} is the last gang standing and wins")
            self._end_game()
