"""Fights and crimes (S15, S18-S30): the fight actions open at a stop, vamping, the crimes and their
witnesses, duels and their fallen (the clinic, the graveyard), stick-ups, killings, killing in the
clinic, and fighting a patrol."""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import (
    ATTACK_PATROL0,
    CLINIC_KILL0,
    COWARD,
    KILL0,
    PATROLS,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    VAMP0,
)
from .constants import (
    CLINIC,
    EARLY_ROUNDS,
    F_COWARD,
    F_DUEL,
    F_VAMP,
    GRAVEYARD,
    INJURY_YEARS,
    JAIL,
    KILLER,
    MURDER_YEARS,
    REBELLION_YEARS,
    STICKUP_YEARS,
    VAMP,
)
from .duel import ATTACKER, DEFENDER, DuelResult, Fighter, Side, Status, clinic_kill, duel
from .police import PoliceRules


class FightRules(PoliceRules):
    """Fights, vamping and crimes."""

    __slots__ = ()

    def _fight_actions(self) -> list[int]:
        """S19 coward attack (a street square, rounds 1-3 too); S15 stick-up; S18 killing; S20 vamping;
        S30 attacking a patrol; S25 killing in the clinic. One duel per stop (L38); no firing at
        managers or gangsters with a patrol on the square (L36); no harm in rounds 1-3 (L6)."""
        c = self.actor
        gang, here = self.gang_of(c), self.pos[c]
        board, geo = self.geo.board, self.geo
        out: list[int] = []
        if here in board.squares and not self.flags & F_COWARD:
            out.append(COWARD)
        early = self.round <= EARLY_ROUNDS
        if (not early and c % 3 == VAMP and not self.flags & F_VAMP and self.captor[c] < 0
                and c not in self.captor):
            out += [VAMP0 + t for t in range(len(self.pos))
                    if self.pos[t] == here and self.gang_of(t) != gang and self._vampable(t)
                    and t != self.last_victim[c]]
        if self.flags & F_DUEL:
            return out
        cops = self.patrols_at(here)
        if here in board.shops and not cops and (not early or self.options["early_stickup"]):
            i = geo.shop_index[here]
            owner = self.owner[i]
            if owner != gang and i not in self.robbed:
                out.append(STICKUP_MONEY)
                if owner >= 0 and self.tokens[gang] > 0:
                    out.append(STICKUP_OWNERSHIP)
        if early:
            return out
        if not cops:
            out += [KILL0 + t for t in range(len(self.pos))
                    if self.pos[t] == here and self.gang_of(t) != gang]
            if here in geo.clinic_entrances:
                out += [CLINIC_KILL0 + t for t in range(len(self.pos))
                        if self.pos[t] == CLINIC and t // 3 != gang]
        out += [ATTACK_PATROL0 + p for p in cops]
        return out

    def _vampable(self, target: int) -> bool:
        """L43: not already vamped, not freed and unmoved since; designed: not a vamp holding a captive."""
        return self.captor[target] < 0 and not self.protected[target] and target not in self.captor

    def _vamp(self, target: int) -> None:
        """S20: the target plays for the vamp's gang, as its fourth member, for `vamp_turns` turns."""
        c = self.actor
        self.captor[target] = c
        self.served[target] = 0
        self.last_victim[c] = target
        self.events.append(f"{self.character_name(c)} vamps {self.character_name(target)}")

    def _crime(self, character: int, years: int, what: str, *, noticed: bool = False,
               accomplices: bool = False) -> None:
        """S28-S29: the crime's years go on the record if a witness notices it (a surviving manager, a
        patrol within `cop_sight`, the police itself), else they wait as unnoticed until the criminal
        moves. L45: stick-ups and murders are crimes of the vamp and its captive both."""
        criminals = [character]
        partner = self.accomplice(character) if accomplices else -1
        if partner >= 0:
            criminals.append(partner)
        for t in criminals:
            if not self.is_free(t) and t != character:
                continue
            seen = noticed or self._in_sight(self.pos[t])
            if seen:
                self.record[t] += years
            else:
                self.pending[t] += years
            self.events.append(f"{self.character_name(t)} commits {what}: {years} year(s)"
                               + (" on the record" if seen else ", not noticed yet"))

    def _in_sight(self, place: str) -> bool:
        """S29 (b): a patrol on the board within `cop_sight` street steps of the place."""
        sight = self.options["cop_sight"]
        distance = self.geo.distance
        return any(self.patrol_on_board(p) and distance.get((self.ppos[p], place), sight + 1) <= sight
                   for p in range(PATROLS))

    def _fighter(self, character: int) -> Fighter:
        return Fighter(self.character_name(character), "gangster", killer=character % 3 == KILLER)

    def _duel(self, attackers: list[Fighter], defenders: list[Fighter]) -> DuelResult:
        """S21-S23 between the two sides; the generator moves on."""
        result = duel(Side(tuple(attackers)), Side(tuple(defenders)), self.duel_options, self._rng)
        self._rng = result.rng
        self.events.extend(result.events)
        return result

    def _attacker_crimes(self, attacker: int, fallen: tuple[Status, ...], *, noticed: bool = False) -> None:
        """S28: 1 year per target injured, 2 per target killed, by the attacker."""
        for status in fallen:
            if status == "injured":
                self._crime(attacker, INJURY_YEARS, "an injury", noticed=noticed)
            elif status == "dead":
                self._crime(attacker, MURDER_YEARS, "a murder", noticed=noticed, accomplices=True)

    def _fall(self, character: int, status: Status, *, by_police: bool = False) -> None:
        """S24: injured to the clinic (S25; shot by the police, then to the jail for its record, L77),
        dead to the graveyard with the record erased (L78, S26)."""
        if status == "standing":
            return
        if status == "injured":
            self._leave_board(character, CLINIC)
            self.clinic_left[character] = self.options["clinic_turns"]
            if by_police:
                self.jail_years[character] += self.record[character]
                self.record[character] = 0
        else:
            self._leave_board(character, GRAVEYARD)
            self.record[character] = self.jail_years[character] = self.clinic_left[character] = 0
            gang = character // 3
            if self.cops_owner == gang and all(self.pos[3 * gang + r] == GRAVEYARD for r in range(3)):
                self.cops_owner = -1  # L65: "except if all his gangsters are killed"
                self.events.append("the cops are for sale again")
        self.events.append(f"{self.character_name(character)} is {status}: to the "
                           f"{'clinic' if status == 'injured' else 'graveyard'}")

    def _stickup(self, ownership: bool) -> None:
        """S15: a duel against the shop's managers; success when they are all down. Surviving managers,
        standing or injured, witness the crimes (L57)."""
        c = self.actor
        gang, here = self.gang_of(c), self.pos[c]
        i = self.geo.shop_index[here]
        owner = self.owner[i]
        managers = self.geo.board.shops[here].managers
        what = "ownership" if ownership else "money"
        self.events.append(f"{self.character_name(c)} sticks up {here} for {what}"
                           f" against {managers} manager(s)")
        result = self._duel([self._fighter(c)],
                            [Fighter(f"manager{k + 1}", "manager") for k in range(managers)])
        success = result.winner == ATTACKER
        # L57: a manager injured, not killed, has survived too: any manager not dead is a witness (S29 a)
        witnessed = any(status != "dead" for status in result.status[DEFENDER])
        self._crime(c, STICKUP_YEARS, "a stick-up", noticed=witnessed, accomplices=True)
        self._attacker_crimes(c, result.status[DEFENDER], noticed=witnessed)
        if success:
            self.robbed.add(i)
            if ownership:
                self.events.append(f"the stick-up succeeds: {SEAT_REFS[gang]} takes {here} "
                                   f"from {SEAT_REFS[owner]}")
                self._take_shop(gang, here)
            else:
                amount = self.stickup_yield(here)
                if owner >= 0:  # S34: the victim pays all it has
                    paid = self._transfer(owner, gang, amount)
                    self.events.append(f"the stick-up succeeds: {SEAT_REFS[owner]} pays {SEAT_REFS[gang]} "
                                       f"{paid}")
                else:
                    self._pay_from_bank(gang, amount, f"the stick-up of {here}")
                racketeer = self.racket[i]
                if racketeer >= 0 and racketeer != gang:  # L54: the defender's racket token is removed
                    self.racket[i] = -1
                    self.tokens[racketeer] += 1
                    self.events.append(f"the racket token of {SEAT_REFS[racketeer]} on {here} goes back")
        else:
            self.events.append("the stick-up fails")
        self._fall(c, result.status[ATTACKER][0])

    def _killing(self, target: int) -> None:
        """S18: a duel against a character of another gang on the square; in a shop its managers join
        the defenders if the target's gang owns it (L27, L55)."""
        c = self.actor
        here = self.pos[c]
        managers = 0
        if here in self.geo.board.shops and self.owner[self.geo.shop_index[here]] == self.gang_of(target):
            managers = self.geo.board.shops[here].managers
        self.events.append(f"{self.character_name(c)} attacks {self.character_name(target)} on {here}"
                           + (f", defended by {managers} manager(s)" if managers else ""))
        result = self._duel([self._fighter(c)],
                            [self._fighter(target)] + [Fighter(f"manager{k + 1}", "manager")
                                                       for k in range(managers)])
        self._attacker_crimes(c, result.status[DEFENDER])
        self._fall(target, result.status[DEFENDER][0])
        self._fall(c, result.status[ATTACKER][0])

    def _clinic_kill(self, target: int) -> None:
        """S25 (L83): the attacker's die gives the darts; the target cannot defend; a hit kills."""
        c = self.actor
        self.events.append(f"{self.character_name(c)} shoots at {self.character_name(target)} in the clinic")
        result = clinic_kill(self._rng, self.duel_options, killer=c % 3 == KILLER)
        self._rng = result.rng
        self.events.extend(result.events)
        if result.killed:
            self._crime(c, MURDER_YEARS, "a murder", accomplices=True)
            self._fall(target, "dead")

    def _fight_patrol(self, c: int, p: int, *, arrested: bool) -> None:
        """S30: a rebellion, resisting arrest or attacking a patrol: a duel against its two cops (L59).
        Crimes against the police are always known. A patrol with a cop down leaves for the jail, to
        come back on the turn of the player whose side shot it (L60, L80)."""
        if arrested:
            self.events.append(f"{self.character_name(c)} rebels against patrol {p + 1}")
        self._crime(c, REBELLION_YEARS, "rebellion", noticed=True)
        result = self._duel([self._fighter(c)], [Fighter(f"cop{k + 1}", "cop") for k in range(2)])
        self._attacker_crimes(c, result.status[DEFENDER], noticed=True)
        if any(s != "standing" for s in result.status[DEFENDER]):
            self.ppos[p], self.pprev[p], self.pentry[p] = JAIL, None, None
            self.preturn[p] = self.gang_of(c)
            self.events.append(f"patrol {p + 1} is out: back from the jail in the turn of "
                               f"{SEAT_REFS[self.preturn[p]]}")
        self._fall(c, result.status[ATTACKER][0], by_police=True)
        if arrested and self.is_free(c) and self.patrol_on_board(p):  # the duel stopped undecided
            self._imprison(c, self.record[c])
