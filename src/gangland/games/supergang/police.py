"""The police (S27-S32, S36): who moves the patrols, their moves and falls into the sewer, crimes noticed
on their square, arrests (custody of an innocent in the police-player variant, L87), the jail, and
buying the cops."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import PATROLS
from .board import Move
from .constants import ARRESTED, CHOOSE, CUSTODY_YEARS, JAIL, PATROL_ACT, PATROL_MOVE, PATROL_PLACE, SEWER
from .shops import ShopRules


class PoliceRules(ShopRules):
    """The patrols' part of a gang turn, arrests and the jail."""

    __slots__ = ()

    def cop_mover(self) -> int:
        """L58, L65, L89: who moves the patrols this gang turn: the police player, the cop owner, or the
        player whose turn it is."""
        if self.police_seat >= 0:
            return self.police_seat
        return self.cops_owner if self.cops_owner >= 0 else self.turn_player

    def arrestable(self, p: int) -> list[int]:
        """S30: gangsters on the patrol's square with a record, not on a manhole (L16); in the variant the
        police player may also take innocents into custody (L87)."""
        here = self.ppos[p]
        if here in self.geo.manholes or not self.patrol_on_board(p):
            return []
        custody = self.police_seat >= 0
        return [t for t in range(len(self.pos))
                if self.pos[t] == here and (self.record[t] > 0 or (custody and self.pending[t] == 0))]

    def _next_patrol(self) -> None:
        """S27: each patrol with a die moves (a patrol in the sewer first comes up, L61), then the
        characters."""
        while self.patrol + 1 < PATROLS:
            self.patrol += 1
            p = self.patrol
            if not self.pdice[p]:
                continue
            if self.ppos[p] == SEWER:
                self.phase = PATROL_PLACE
                return
            if self.ppos[p] == JAIL:
                self.preturn[p] = -1
                self.pprev[p] = self.pentry[p] = None
            if self._ask_patrol_move():
                return
        self.patrol = -1
        self.phase = CHOOSE
        if all(self.moved):
            self.events.append(f"{SEAT_REFS[self.turn_player]} has no character that can move")
            self._next_gang_turn()

    def _ask_patrol_move(self) -> bool:
        """PATROL_MOVE if the patrol has a move; else it stays (S7) and the next one goes."""
        if self.patrol_options(self.patrol):
            self.phase = PATROL_MOVE
            return True
        self.events.append(f"patrol {self.patrol + 1} cannot move {self.pdice[self.patrol]}: it stays")
        return False

    def _patrol_move(self, move: Move) -> None:
        p = self.patrol
        start = self.ppos[p]
        self.ppos[p], self.pprev[p], self.pentry[p] = self._arrival(start, self.pprev[p], move.path)
        here = self.ppos[p]
        self.events.append(f"patrol {p + 1} moves {len(move.path)}: {start} -> {' -> '.join(move.path)}")
        if here in self.geo.manholes:  # L61: "Cops fallen in manholes are removed from game"
            self.ppos[p], self.pprev[p], self.preturn[p] = SEWER, None, self.cop_mover()
            self.events.append(f"patrol {p + 1} falls into the manhole at {here}")
            self._next_patrol()
            return
        for t in range(len(self.pos)):  # L63: a crime is noticed while the criminal is on its square
            if self.pos[t] == here and self.pending[t]:
                self._notice(t)
        self._after_arrest()

    def _after_arrest(self) -> None:
        """Back to the patrol's arrests while it stands and has someone to arrest, else the next patrol."""
        if self.patrol_on_board(self.patrol) and self.arrestable(self.patrol):
            self.phase = PATROL_ACT
        else:
            self._next_patrol()

    def _notice(self, t: int) -> None:
        self.record[t] += self.pending[t]
        self.events.append(f"the police notice {self.character_name(t)}'s crimes: "
                           f"{self.pending[t]} year(s) on the record")
        self.pending[t] = 0

    def _arrest(self, t: int) -> None:
        """S30: surrender or rebel (the choice of the gangster's player); L87: custody of an innocent."""
        self.events.append(f"patrol {self.patrol + 1} arrests {self.character_name(t)}")
        if self.record[t] == 0:  # the variant's custody (L87)
            self._imprison(t, CUSTODY_YEARS)
            self._after_arrest()
        elif self.options["arrest_choice"] == "surrender_or_rebel":
            self.arrested = t
            self.phase = ARRESTED
        else:
            self._imprison(t, self.record[t])
            self._after_arrest()

    def _imprison(self, t: int, years: int) -> None:
        """S31: to the jail for `years` gang turns; the record is erased."""
        self._leave_board(t, JAIL)
        self.jail_years[t] = years
        self.record[t] = 0
        self.events.append(f"{self.character_name(t)} goes to the jail for {years} turn(s)")

    def _buy_cops(self) -> None:
        g = self.turn_player
        price = self.options["cop_price"]
        self.money[g] -= price
        self.bank += price
        self.cops_owner = g
        self.events.append(f"{SEAT_REFS[g]} buys the cops for {price}: it moves the patrols from now on")
