"""The heuristic bot's duels side against side (bots_duel.py; docs/rules/supergang.md S40-S43)."""

from __future__ import annotations

from gangland.games.supergang.actions import DONE, FIRE, kill_action
from gangland.games.supergang.bots import SupergangHeuristicBot
from gangland.games.supergang.constants import DEALER, KILLER, VAMP
from gangland.games.supergang.phases import ACT

from .test_fights import at_round, new, street
from .test_state import stop_at


def test_a_strong_side_aims_at_every_rival_on_the_square_then_fires() -> None:
    # L38 "the character(s) he decides to attack": the gang's three characters on the square (S40
    # "square") against two lone rivals: the bot declares both, then opens fire.
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[VAMP] = s.pos[DEALER] = s.pos[3 + DEALER] = s.pos[6 + DEALER] = sq
    s.moved[VAMP] = s.moved[DEALER] = True
    stop_at(s, KILLER, sq)
    bot = SupergangHeuristicBot(0)
    targets = (kill_action(1, DEALER), kill_action(2, DEALER))
    first = bot.choose(s, 0)
    while first not in targets and first != DONE:  # (its peaceful actions come first)
        s.apply(first)
        first = bot.choose(s, 0)
    assert first in targets
    s.apply(first)
    second = bot.choose(s, 0)
    assert second in targets and second != first
    s.apply(second)
    assert s.legal_actions() == [FIRE] and bot.choose(s, 0) == FIRE


def test_a_lone_attacker_does_not_take_on_a_vamp_and_her_captive_killer() -> None:
    # L45: attacking gang 1's vamp brings in the gang-2 killer she holds (+2, L81), and attacking him
    # brings her: our lone dealer would likely lose, so the bot declares neither, whatever else it does.
    s = at_round(new(), 4)
    sq = street(s)
    s.pos[3 + VAMP] = s.pos[6 + KILLER] = sq
    s.captor[6 + KILLER] = 3 + VAMP
    stop_at(s, DEALER, sq)
    attacks = (kill_action(1, VAMP), kill_action(2, KILLER))
    assert set(attacks) <= set(s.legal_actions())
    bot = SupergangHeuristicBot(0)
    while s.phase == ACT and s.to_act == 0 and s.actor == DEALER:
        choice = bot.choose(s, 0)
        assert choice not in attacks
        s.apply(choice)
