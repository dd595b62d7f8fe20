"""The fragment as a whole: every line of rulebooks/supergang-en-fragment.txt that states a rule is
checked by a test that names it (Lnn), and the rules page quotes each line under its right number. Also
the rules of lines that no other test file covers: L12 (must a character in a shop act?) and L52-L53
(who plays the managers).
"""

from __future__ import annotations

import re
from pathlib import Path

from gangland.games.supergang.actions import DONE, RACKET, STICKUP_MONEY
from gangland.games.supergang.constants import VAMP
from gangland.games.supergang.phases import ACT, CHOOSE

from .test_fights import SURE, outcome
from .test_state import new, shop_of, stop_at

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
FRAGMENT = ROOT.parent / "shared" / "rulebooks" / "supergang-en-fragment.txt"
RULES_PAGE = ROOT / "docs" / "rules" / "supergang.md"
NOT_RULES = {
    29: "'Where goes the cash :' heads a list that is lost (S33 rebuilds it; the money tests check it)",
    82: "'Each player may play with his own gun': the physical darts, replaced by the dart model (S22)",
    93: "'GOOD LUCK, AND MAY THE WORST WIN !'",
    94: "the translator's credits",
}


def fragment_lines() -> list[str]:
    return FRAGMENT.read_text(encoding="utf-8").splitlines()


def test_the_fragment_has_the_94_lines_the_rules_page_numbers() -> None:
    lines = fragment_lines()
    assert len(lines) == 94
    assert lines[7] == "He only acts on the last square he reached."  # L8


def test_every_rule_of_the_fragment_is_named_by_a_test() -> None:
    # The issue: "A test per rule of the fragment naming its sentence".
    tests = "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")))
    named = {int(n) for n in re.findall(r"\bL(\d+)\b", tests)}
    missing = [n for n in range(1, len(fragment_lines()) + 1) if n not in named and n not in NOT_RULES]
    assert not missing, f"fragment lines no test names: {missing}"


def test_the_rules_page_quotes_each_line_under_its_number() -> None:
    # docs/rules/supergang.md section 2: "| L | passage | ..." rows quote the line's first words.
    lines = fragment_lines()
    rows = re.findall(r'^\| (\d+) \| "([^"]+)"', RULES_PAGE.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(rows) >= 90
    for number, passage in rows:
        start = passage.split("...")[0].strip()
        words = " ".join(start.split()[:4])
        assert words in lines[int(number) - 1], (number, words)


def test_a_character_in_a_shop_may_do_nothing_or_must_act_by_option() -> None:
    # L12 "When a character stops in a shop, he must do one of the following actions :" against L38 "he
    # has the choice of the order and the number of his actions" (S11, option shop_action_required).
    s = new()
    stop_at(s, VAMP, shop_of(s, "basic"))
    assert s.phase == ACT and DONE in s.legal_actions() and RACKET in s.legal_actions()
    s.apply(DONE)
    assert s.phase == CHOOSE
    s = new(shop_action_required=True)
    stop_at(s, VAMP, shop_of(s, "basic"))
    assert DONE not in s.legal_actions() and RACKET in s.legal_actions()
    s.apply(RACKET)
    assert s.phase == CHOOSE or DONE in s.legal_actions()  # one action taken: the rest is free


def test_the_managers_player_has_nothing_to_decide() -> None:
    # L52 "The manager is played by the owner of the sticked up place."; L53 "... the attacking player
    # chooses a defender among the other players; he will defend the interests of the shop, without any
    # consequence for him." In the digital duel the managers' darts follow dart_target (S22), so whoever
    # plays them is never asked anything: the stick-up resolves within the attacker's decision.
    s = new(**SURE)
    shop = shop_of(s, "basic")
    s.owner[s.geo.shop_index[shop]] = 2
    stop_at(s, VAMP, shop)
    t = outcome(s, STICKUP_MONEY, lambda t: True)
    assert t.to_act == s.to_act == 0
    assert any("manager1" in e for e in t.events)
